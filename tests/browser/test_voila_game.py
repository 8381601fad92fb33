"""The Voila app (notebooks/play.ipynb, served as scripts/play.sh serves it), played to the
end by clicking only, as a person would.

Set-up through the board's own "New game…" form: 2 players, you against the heuristic bot,
a fixed seed and a short bot pause.  Policy at each of your decisions: in the action
phase, buy the first tile the board marks affordable (for a building, replace the first
building offered and give back the dice suggested; for an advisor replacing yours, give
back the reroll chits suggested), else Pass; in books, famine and war, click the first
option offered.
At the end the final scores on the page are checked against an independent replay: the
board's "Save game" download is loaded with the engine (``Game.from_json`` replays the
moves from the seed) in this test process.
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


def set_up_game(page: Any) -> None:
    """Open "New game…", choose 2 players, you vs the heuristic bot, the seed and the bot
    pause, and start."""
    page.click('summary[data-key="newgame-summary"]')
    page.select_option('select[data-key="form-players"]', "2")
    page.select_option('select[data-key="form-seat-0"]', "human")
    page.select_option('select[data-key="form-seat-1"]', BOT)
    page.fill('input[data-key="form-seed"]', str(SEED))
    page.fill('input[data-key="form-delay"]', BOT_PAUSE)
    page.click('button[data-key="start"]')
    # the new game shows its seed in the header
    page.wait_for_function(
        "(seed) => { const m = document.querySelector('.nw-root .nw-meta');"
        " return m && m.textContent.includes('seed ' + seed); }", arg=SEED)


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
            # Then whatever the purchase asks, in the order the board asks it: its preview
            # (Confirm: previews are on, as for a new player), which building it replaces,
            # which dice or reroll chits go back (the suggestion).
            done: list[str] = []
            for _ in range(40):
                if read_state(page)["pos"] != before:
                    break
                confirm = root.locator('button[data-key="preview-confirm"]')
                replace = root.locator('.nw-pending button[data-key^="replace-"]')
                give_back = root.locator('button[data-key="confirm-give-back"]')
                rerolls = root.locator(
                    '.nw-give-back button[data-key^="give-back-rerolls-"]')
                if confirm.count() and confirm.first.is_visible():
                    confirm.first.click()
                    done.append("confirmed")
                elif replace.count():
                    done.append(str(replace.first.get_attribute("data-key")))
                    replace.first.click()
                elif give_back.count() and give_back.first.is_enabled():
                    give_back.first.click()
                elif rerolls.count():
                    rerolls.first.click()
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
        name = row.locator("th").inner_text().strip()
        assert name.startswith("Player "), name
        total = row.locator("td").last.inner_text().strip()
        shown[int(name.split()[1]) - 1] = int(total)
    return shown


def test_play_a_whole_game_by_clicking(page: Any, voila_url: str, watch: PageWatch,
                                       artifacts_dir: Path,
                                       request: pytest.FixtureRequest) -> None:
    page.goto(voila_url)
    page.wait_for_selector(".nw-root[data-step]", timeout=90_000)
    set_up_game(page)
    page.wait_for_function(SETTLED, arg=-1, timeout=30_000)

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

    # the board's own Save button: the saved game, replayed by the engine in this process
    with page.expect_download(timeout=30_000) as download_info:
        page.click('button[data-key="save"]')
    saved = artifacts_dir / "voila_game.json"
    download_info.value.save_as(str(saved))
    record_artifact(request, "saved game", saved)
    data = json.loads(saved.read_text())
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
    print(f"{len(clicks)} human decisions by clicking ({buys} buys); final scores {scores}; "
          f"{game.length} moves in all")

    errors = watch.errors()
    assert not errors, f"console errors: {errors}"
    assert not watch.page_errors, f"uncaught page errors: {watch.page_errors}"
    assert not watch.model_class_failures(), watch.model_class_failures()
    assert not watch.offsite_failures(), watch.offsite_failures()
