"""The app's page in Voila: the choice of game (a line on each, reached with the keyboard,
readable at 390 px), the page title naming the game shown and the title shown once, no
request to any outside host, the coach's Hint flow (click, wait, three suggestions in
words), and switching to the board game and back, which finds the dice game where it was."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from browser_support import is_loopback, record_artifact

# the key of the focused control, or '' (the chooser's and the board's buttons carry one)
FOCUSED = "() => (document.activeElement && document.activeElement.dataset.key) || ''"


def test_page_title_once_no_outside_request_and_the_hint(
        browser: Any, voila_url: str, artifacts_dir: Path, request: Any) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844})
    outside: list[str] = []
    try:
        page = context.new_page()
        page.on("request", lambda r: None if is_loopback(r.url) or
                urlsplit(r.url).scheme in ("data", "blob") else outside.append(r.url))
        page.set_default_timeout(90_000)
        page.goto(voila_url, timeout=120_000)
        page.wait_for_selector(".nw-app button.nw-app-choice")
        assert page.title() == "Nations"
        # the choice, readable on a phone: each game's name and line, nothing sideways
        choices = page.locator(".nw-app button.nw-app-choice")
        assert choices.count() == 3        # the two games and the Learn entry
        dice_text, board_text, learn_text = choices.all_inner_texts()
        assert dice_text.startswith("Nations: The Dice Game") and "1-4 players" in dice_text
        assert board_text.startswith("Nations (the board game)") and "1-5 players" in board_text
        assert learn_text.startswith("Learn to play")
        for i in range(3):
            box = choices.nth(i).bounding_box()
            assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
        assert page.evaluate("() => document.documentElement.scrollWidth") <= 391
        shot = artifacts_dir / "voila_app_choice_390.png"
        page.screenshot(path=str(shot))
        record_artifact(request, "screenshot", shot)

        # the keyboard reaches the dice game's button with Tab, and Enter chooses it
        for _ in range(30):
            if page.evaluate(FOCUSED) == "choose-dice":
                break
            page.keyboard.press("Tab")
        assert page.evaluate(FOCUSED) == "choose-dice"
        page.keyboard.press("Enter")
        page.wait_for_selector(".nw-root[data-position]")
        page.wait_for_function("() => document.title === 'Nations: The Dice Game'")
        page.set_viewport_size({"width": 1400, "height": 900})
        body = page.inner_text("body")
        assert body.count("Nations: The Dice Game") == 1
        assert "Player 1" in body and "Player 2" in body
        page.click('[data-key="coach-hint"]')
        page.wait_for_selector('[data-key="coach-s-0"]')
        items = page.locator(".nw-coach-hint li").all_inner_texts()
        assert 1 <= len(items) <= 3
        # each move with its chance and margin of error, or a result the game decided
        assert all(re.search(r"% to win \(± |simulations?, played to the end|the only move", t)
                   for t in items)
        assert not any(re.search(r"dic?e \d", t) for t in items)

        # to the board game (its table, on its New game dialog) and back: the dice game is
        # where it was, its hint still shown
        position = page.locator('.nw-root input[data-key="slider"]').input_value()
        page.click('.nw-app button[data-key="switch-board"]')
        page.wait_for_selector(".nwb-root[data-step] details.nw-newgame[open]")
        page.wait_for_function("() => document.title === 'Nations (the board game)'")
        assert not page.locator(".nw-root[data-step]:not(.nwb-root)").is_visible()
        # New game is a modal dialog: the page behind it (the game bar too) takes no click
        # until it is closed; Escape closes it (once it is open, with the focus in it)
        page.wait_for_selector(".nwb-root dialog[open]")
        page.wait_for_function("() => document.activeElement &&"
                               " document.activeElement.closest('.nwb-root dialog[open]')")
        page.keyboard.press("Escape")
        page.wait_for_selector(".nwb-root[data-step] details.nw-newgame:not([open])",
                               state="attached")
        page.click('.nw-app button[data-key="switch-dice"]')
        page.wait_for_function("() => document.title === 'Nations: The Dice Game'")
        assert not page.locator(".nwb-root").is_visible()
        dice = page.locator(".nw-root[data-step]:not(.nwb-root)")
        assert dice.is_visible()
        assert dice.locator('input[data-key="slider"]').input_value() == position
        assert dice.locator('[data-key="coach-s-0"]').is_visible()
        # not even one request the page's Content-Security-Policy would block (voila.py's
        # "nations" template leaves out the CDN links of Voila's own; test_voila_offline.py
        # checks more)
        assert not outside, f"requests to another host: {outside}"
    finally:
        context.close()
