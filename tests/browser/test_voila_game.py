"""The dice game in the Voila app (notebooks/play.ipynb, served as scripts/play.sh serves it,
opened at ?game=dice), played to the end by clicking only, as a person would.

Set-up through the board's own "New game…" form: 2 players, you against the heuristic bot,
a fixed seed and a short bot pause.  Policy at each of your decisions: in the action
phase, buy the first tile the board marks affordable (its preview's choices as suggested:
the building replaced, the dice or reroll chits given back), else Pass; in books, famine
and war, click the first option offered.
Previews are on (a new player's default, checked on the page): each purchase is first
previewed, with the dice or chits that pay outlined on the board, then confirmed.  The
end-of-round summaries are read and closed (at least one is seen).
At the end the final scores on the page are checked against an independent replay: the
board's "Save game" download is loaded with the engine (``Game.from_json`` replays the
moves from the seed) in this test process.  Then **Play again**: a new game starts with the
same seats and settings and a new seed, back at the start of round 1, with no refusal shown
(checked on the page and in the new game's own saved file).
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
from browser_support import PageWatch, record_artifact

from nations_widget.dice import Game

pytestmark = pytest.mark.browser

SEED = 2024
BOT = "heuristic"
BOT_PAUSE = "0.05"
MAX_DECISIONS = 400          # a 2-player game takes far fewer human decisions
GAME_TIMEOUT = 150.0         # seconds for the whole game

# What the board shows, read in one go: the step, the history position, whether one of
# your boards is live (your decision, no bot playing), the refusal/hint box.
READ_STATE = """() => {
  const root = document.querySelector('.nw-root[data-step]');
  if (!root) return null;
  const slider = root.querySelector('input[data-key="slider"]');
  const err = root.querySelector('.nw-error');
  return {
    step: root.dataset.step,
    pos: slider ? Number(slider.value) : -1,
    live: Boolean(root.querySelector('.nw-player.nw-live')),
    busy: root.classList.contains('nw-is-busy'),
    error: err ? err.textContent : '',
  };
}"""

# Settled after a move: the position moved on and it is your decision again, or the game
# is over, or the board shows a refusal.
SETTLED = """(prev) => {
  const root = document.querySelector('.nw-root[data-step]');
  if (!root) return false;
  if (root.querySelector('.nw-error')) return true;
  if (root.dataset.step === 'game_over') return true;
  const slider = root.querySelector('input[data-key="slider"]');
  const pos = slider ? Number(slider.value) : -1;
  return pos !== prev && Boolean(root.querySelector('.nw-player.nw-live'));
}"""


CLOSED_SUMMARY = "closed the end-of-round summary"


def read_state(page: Any) -> dict[str, Any]:
    state = page.evaluate(READ_STATE)
    assert state is not None, "the board is not on the page"
    return state  # type: ignore[no-any-return]


# The game on the page is a new one: the root's game number (Python's history.game) moved
# on from ``prev`` and the game is not over.  (Not the seed: the page gets it only at the end.)
NEW_GAME = """(prev) => {
  const root = document.querySelector('.nw-root[data-step]');
  return Boolean(root) && root.dataset.game !== prev && root.dataset.step !== 'game_over';
}"""


def game_number(page: Any) -> str:
    return str(page.evaluate(
        "() => document.querySelector('.nw-root[data-step]').dataset.game"))


def start_dice_game(page: Any, seats: tuple[str, str], seed: int,
                    bot_pause: str | None = None) -> None:
    """Start a 2-player dice game from "New game…" (opened unless it is open already): the
    seats (``human`` or a bot's name), the seed and, if given, the bots' pause; returns
    once the page shows the new game."""
    before = game_number(page)
    if not page.locator('[data-key="newgame-dialog"]').first.is_visible():
        page.click('summary[data-key="newgame-summary"]')
    page.select_option('select[data-key="form-players"]', "2")
    for seat, who in enumerate(seats):
        page.select_option(f'select[data-key="form-seat-{seat}"]', who)
    page.fill('input[data-key="form-seed"]', str(seed))
    if bot_pause is not None:
        page.fill('input[data-key="form-delay"]', bot_pause)
    page.click('button[data-key="start"]')
    page.wait_for_function(NEW_GAME, arg=before)


def set_up_game(page: Any) -> None:
    """Open "New game…", choose 2 players, you vs the heuristic bot, the seed and the bot
    pause, and start.  The seed typed in is not shown while the game runs."""
    start_dice_game(page, ("human", BOT), SEED, BOT_PAUSE)
    # the seed decides every roll to come: the page does not show it (nor get it) yet
    meta = page.locator(".nw-root .nw-meta").inner_text()
    assert "seed" not in meta, meta
    assert page.locator('.nw-root [data-key="game-seed"]').count() == 0


def decide(page: Any) -> str:
    """Make one decision for the human by clicking; return what was clicked."""
    root = page.locator(".nw-root")
    summary = root.locator('[data-key="round-summary"]')
    if summary.count() and summary.first.is_visible():
        summary.locator('button[data-key="round-summary-close"]').click()  # read, then closed
        page.wait_for_timeout(100)
        return CLOSED_SUMMARY
    step = read_state(page)["step"]
    if step == "actions":
        tiles = root.locator(".nw-progress button.nw-tile.nw-affordable")
        if tiles.count():
            tile = tiles.first
            tile_id = tile.get_attribute("data-tile")
            before = read_state(page)["pos"]
            tile.click()
            # Then the purchase's one preview (previews are on, as for a new player), with
            # its choices (the building replaced, the dice or reroll chits given back)
            # made as suggested: Confirm.
            done: list[str] = []
            for _ in range(40):
                if read_state(page)["pos"] != before:
                    break
                confirm = root.locator('.nw-preview button[data-key="preview-confirm"]')
                if confirm.count() and confirm.first.is_visible() and confirm.first.is_enabled():
                    # the preview outlines what pays (a cost is at least 1: a die or a chit)
                    paying = root.locator(".nw-player.nw-live .nw-paying").count()
                    assert paying, f"the preview of {tile_id} outlines nothing that pays"
                    replaced = root.locator(
                        '.nw-preview [data-key^="replace-"][aria-checked="true"]')
                    if replaced.count():
                        done.append(str(replaced.first.get_attribute("data-key")))
                    confirm.first.click()
                    done.append("confirmed")
                page.wait_for_timeout(150)
            return f"buy {tile_id} ({', '.join(done)})"
        root.locator('button[data-key="pass"]').click()
        return "pass"
    options = root.locator(".nw-actions button.nw-option")
    assert options.count(), f"no option button offered in step {step!r}"
    text = options.first.inner_text()
    options.first.click()
    return f"{step}: {text}"


def final_scores_on_page(page: Any) -> dict[int, int]:
    rows = page.locator(".nw-gameover tbody tr")
    shown: dict[int, int] = {}
    for i in range(rows.count()):
        row = rows.nth(i)
        seat = row.get_attribute("data-seat")
        assert seat is not None and "Player " in row.locator("th").inner_text()
        shown[int(seat)] = int(row.locator(".nw-final-total").inner_text().strip())
    return shown


def save_game(page: Any, path: Path) -> dict[str, Any]:
    """The board's own Save button: the downloaded file, kept at ``path`` and read."""
    with page.expect_download(timeout=30_000) as download_info:
        page.click('button[data-key="save"]')
    download_info.value.save_as(str(path))
    return json.loads(path.read_text())  # type: ignore[no-any-return]


def play_again(page: Any, first: dict[str, Any], artifacts_dir: Path,
               request: pytest.FixtureRequest) -> None:
    """Click Play again on the game-over banner and check the new game: the same seats and
    settings, a new seed (not shown while the game runs), round 1 from its start, no
    refusal on the board."""
    before = game_number(page)
    page.click('.nw-gameover button[data-key="play-again"]')
    page.wait_for_function(NEW_GAME, arg=before, timeout=30_000)
    # the human decides first or after the bot's first moves: wait until it is the human's turn
    page.wait_for_function(SETTLED, arg=-1, timeout=30_000)
    state = read_state(page)
    assert not state["error"], f"the new game shows a refusal: {state['error']}"
    assert state["step"] == "actions" and state["live"], state
    root = page.locator(".nw-root")
    assert root.locator(".nw-gameover").count() == 0
    assert root.locator(".nw-round").inner_text().startswith("Round 1 of 4"), \
        root.locator(".nw-round").inner_text()
    assert root.locator(".nw-error").count() == 0
    meta = root.locator(".nw-meta").inner_text()
    assert f"{first['config']['players']} players · {first['config']['variant']}" in meta, meta
    assert "seed" not in meta, meta
    assert root.locator('[data-key="game-seed"]').count() == 0
    saved = artifacts_dir / "voila_game_again.json"
    again = save_game(page, saved)
    record_artifact(request, "saved game after Play again", saved)
    assert again["seats"] == first["seats"]
    assert again["catalogue"] == first["catalogue"]
    new_seed, old_seed = again["config"]["seed"], first["config"]["seed"]
    assert new_seed != old_seed, "Play again kept the old seed"
    same = {k: v for k, v in again["config"].items() if k != "seed"}
    assert same == {k: v for k, v in first["config"].items() if k != "seed"}
    game = Game.from_json(again)
    assert game.config.seed == new_seed and not game.is_over
    # round 1's action phase, the human to move (any moves so far are the bot's: it may
    # sit first in player order)
    assert game.state.round == 1 and game.state.current_player() == 0
    assert game.state.view(None)["step"] == "actions"
    print(f"Play again: seed {old_seed} -> {new_seed}, {game.length} moves in, "
          f"seats {again['seats']}, config {again['config']}")


def test_play_a_whole_game_by_clicking(page: Any, voila_url: str, watch: PageWatch,
                                       artifacts_dir: Path,
                                       request: pytest.FixtureRequest) -> None:
    # the app's link to the dice game (the choice itself: test_voila_page.py)
    page.goto(voila_url + "?game=dice", timeout=120_000)
    page.wait_for_selector(".nw-root[data-step]", timeout=90_000)
    assert page.title() == "Nations: The Dice Game"
    set_up_game(page)
    page.wait_for_function(SETTLED, arg=-1, timeout=30_000)
    # previews are on, as for a new player (a fresh browser: nothing kept from an earlier visit)
    assert page.locator('input[data-key="previews-on"]').is_checked()

    clicks: list[str] = []
    deadline = time.monotonic() + GAME_TIMEOUT
    while True:
        state = read_state(page)
        assert not state["error"], f"the board refused a move it offered: {state['error']} " \
                                   f"(after {clicks[-3:]})"
        if state["step"] == "game_over":
            break
        assert state["live"], f"not the human's decision and not settled: {state}"
        assert len(clicks) < MAX_DECISIONS, "the game does not end"
        assert time.monotonic() < deadline, f"the game took over {GAME_TIMEOUT:.0f} s"
        clicks.append(decide(page))
        if clicks[-1] != CLOSED_SUMMARY:      # closing the summary plays no move
            page.wait_for_function(SETTLED, arg=state["pos"], timeout=30_000)

    shot = artifacts_dir / "voila_game_over.png"
    # the whole final board: Voila scrolls inside a container, so make the window tall
    bottom = page.evaluate("() => document.querySelector('.nw-root')"
                           ".getBoundingClientRect().bottom")
    page.set_viewport_size({"width": 1280, "height": min(6000, int(bottom) + 40)})
    page.locator(".nw-root").screenshot(path=str(shot))
    record_artifact(request, "screenshot", shot)

    shown = final_scores_on_page(page)
    prompt = page.locator(".nw-gameover .nw-big").inner_text()
    # the game is over: now the page shows its seed, for sharing
    assert f"seed {SEED}" in page.locator(".nw-root .nw-meta").inner_text()
    assert f"This game's seed: {SEED}" in \
        page.locator('.nw-gameover [data-key="game-seed"]').inner_text()

    # the board's own Save button: the saved game, replayed by the engine in this process
    saved = artifacts_dir / "voila_game.json"
    data = save_game(page, saved)
    record_artifact(request, "saved game", saved)
    assert data["seats"] == ["human", BOT]
    game = Game.from_json(data)
    assert game.config.players == 2 and game.config.seed == SEED
    assert game.is_over, "the saved game is not over"
    scores = game.scores()
    assert shown == dict(enumerate(scores)), \
        f"the page shows {shown}, the engine's replay gives {scores}"
    winner = game.state.winner()
    assert winner is not None and f"Player {winner + 1} wins" in prompt, prompt
    history = page.locator('.nw-history .nw-slider-label').inner_text()
    assert f"Move {game.length} of {game.length}" in history, history
    buys = sum(c.startswith("buy") for c in clicks)
    summaries = clicks.count(CLOSED_SUMMARY)
    print(f"{len(clicks)} human decisions by clicking ({buys} buys, {summaries} end-of-round "
          f"summaries closed); final scores {scores}; {game.length} moves in all")
    assert any("confirmed" in c for c in clicks), f"no purchase was previewed: {clicks}"
    assert summaries >= 1, "no end-of-round summary was shown"

    play_again(page, data, artifacts_dir, request)

    errors = watch.errors()
    assert not errors, f"console errors: {errors}"
    assert not watch.page_errors, f"uncaught page errors: {watch.page_errors}"
    assert not watch.model_class_failures(), watch.model_class_failures()
    assert not watch.offsite_failures(), watch.offsite_failures()
