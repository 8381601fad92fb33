"""Fair dice, shown, in the Voila app (notebooks/play.ipynb at ?game=dice): the fingerprint
on the page from the start of a game is checked against what the page reveals at its end.

Set-up through the board's own "New game…" form: 2 players, both human (so nothing moves
while the fingerprint is read), a typed seed, a short bot pause.  The header shows a
fingerprint (folded under "Fair dice") and nothing that tells the seed.  Then both seat
menus hand the seats to the random bot, which plays the game to its end.  At game over the
page shows the seed, the salt and a text: its SHA-256 (worked out here, in Python) must be
the fingerprint read at the start, the text must hold the seed typed in, and the board's
Save download must load (replaying every move from that seed) with the same fingerprint.
"""

from __future__ import annotations

import hashlib
import io
import json
from pathlib import Path
from typing import Any

import pytest
from browser_support import PageWatch, record_artifact
from test_voila_game import start_dice_game

from nations_widget.__main__ import verify_command
from nations_widget.dice import Game

pytestmark = pytest.mark.browser

SEED = 31_415_926
BOT_PAUSE = "0.02"

def text_of(page: Any, key: str) -> str:
    return str(page.locator(f'.nw-root [data-key="{key}"]').first.inner_text()).strip()


def test_the_fingerprint_shown_at_the_start_checks_the_seed_shown_at_the_end(
        page: Any, voila_url: str, watch: PageWatch, artifacts_dir: Path,
        request: pytest.FixtureRequest) -> None:
    page.goto(voila_url + "?game=dice", timeout=120_000)
    page.wait_for_selector(".nw-root[data-step]", timeout=90_000)
    start_dice_game(page, ("human", "human"), SEED, BOT_PAUSE)

    # the start: a fingerprint, folded under "Fair dice" in the header, and nothing on the
    # page that tells the seed
    page.click('.nw-header summary[data-key="fair-fold-summary"]')
    fingerprint = text_of(page, "fair-fingerprint")
    assert len(fingerprint) == 64 and int(fingerprint, 16) >= 0, fingerprint
    assert page.locator('.nw-root [data-key="fair-end"]').count() == 0
    assert str(SEED) not in page.locator(".nw-root").inner_text()
    assert "Fair dice" in page.locator(".nw-root .nw-header .nw-fair").inner_text()

    # the bots play it out
    for seat in (0, 1):
        page.select_option(f'select[data-key="seat-{seat}"]', "random")
    page.wait_for_function(
        "() => document.querySelector('.nw-root[data-step]').dataset.step === 'game_over'",
        timeout=120_000)
    page.wait_for_selector('.nw-root [data-key="fair-end"]')

    shot = artifacts_dir / "voila_fair_game_over.png"
    # the whole page: the game-over panel may be drawn anew meanwhile (the review's offer
    # arrives after the last move), which an element's screenshot does not survive
    page.screenshot(path=str(shot), full_page=True)
    record_artifact(request, "screenshot", shot)

    # the end: the same fingerprint, and the text that hashes to it, with the seed in it
    assert text_of(page, "fair-fingerprint") == fingerprint
    assert text_of(page, "fair-fingerprint-end") == fingerprint
    revealed = text_of(page, "fair-text")
    assert hashlib.sha256(revealed.encode()).hexdigest() == fingerprint
    committed = json.loads(revealed)
    assert committed["settings"]["seed"] == SEED and committed["game"] == "nations-dice-game"
    assert text_of(page, "fair-seed") == str(SEED)
    assert text_of(page, "fair-salt") == committed["salt"]
    out = io.StringIO()
    assert verify_command(fingerprint, revealed, None, out) == 0, out.getvalue()

    # the saved game replays from that seed and carries the same fingerprint
    saved = artifacts_dir / "voila_fair_game.json"
    with page.expect_download(timeout=30_000) as download_info:
        page.click('button[data-key="save"]')
    download_info.value.save_as(str(saved))
    game = Game.from_json(saved.read_text())
    assert game.is_over and game.config.seed == SEED
    assert game.fingerprint == fingerprint

    assert not watch.errors(), watch.errors()
    assert not watch.page_errors, watch.page_errors
