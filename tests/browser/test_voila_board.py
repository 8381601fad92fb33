"""The board game in the Voila app (notebooks/play.ipynb), played to the end by clicking
only, as a person would.

The app opens on its choice of game; the board game is chosen with a click (the page's
title follows) and opens on its New game dialog, where the test sets 2 players, you
against the heuristic bot, the short game (1 age: 2 rounds), a fixed seed and a short bot
pause, and starts.  Policy at each of your decisions, only with the buttons the board
draws for your legal moves: answer a question with its first answer; in the action
phase, buy the first card the progress board offers (at most two a round), else put a
worker on the first card that takes one (at most two a round), else Pass.  Previews are
on (a new player's default): every move is first previewed by Python, then confirmed.
Each end-of-round summary is read and closed.

At game over the board's Save button downloads the game; the engine
(``nations_widget.board.Game.from_json``, which replays the moves from the seed) loads it
in this test process, and its final scores must equal the totals on the page.  Console
errors fail the test.  Screenshots at 1400 and 390 px wide go to test-artifacts/browser/.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
from browser_support import PageWatch, record_artifact

from nations_widget.board import Game

pytestmark = pytest.mark.browser

SEED = 7
BOT = "heuristic"
BOT_PAUSE = "0.05"
AGES = "1"                     # the short game: one age, two rounds
MAX_DECISIONS = 400
GAME_TIMEOUT = 240.0           # seconds for the whole game
BUYS_PER_ROUND = 2
WORKERS_PER_ROUND = 2

# The board as drawn, read in one go.
READ_STATE = """() => {
  const root = document.querySelector('.nwb-root[data-step]');
  if (!root || root.offsetParent === null) return null;
  const err = root.querySelector('.nw-error');
  const when = root.querySelector('.nwb-when');
  return {
    step: root.dataset.step,
    pos: Number(root.dataset.position),
    live: Boolean(root.querySelector('.nwb-prompt.nwb-live')),
    summary: Boolean(root.querySelector('[data-key="summary"]')),
    pending: Boolean(root.querySelector('[data-key="preview"]')),
    busy: root.classList.contains('nw-is-busy'),
    when: when ? when.textContent : '',
    error: err ? err.textContent : '',
  };
}"""

# Settled after a move: the position moved on and it is your decision again (or a round
# summary waits to be read), or the game is over, or the board shows a refusal.
SETTLED = """(prev) => {
  const root = document.querySelector('.nwb-root[data-step]');
  if (!root) return false;
  if (root.querySelector('.nw-error')) return true;
  if (root.dataset.step === 'game_over') return true;
  if (Number(root.dataset.position) === prev) return false;
  return Boolean(root.querySelector('.nwb-prompt.nwb-live'))
    || Boolean(root.querySelector('[data-key="summary"]'));
}"""

CLOSED_SUMMARY = "closed the round summary"


def read_state(page: Any) -> dict[str, Any]:
    state = page.evaluate(READ_STATE)
    assert state is not None, "the board game's table is not on the page"
    return state  # type: ignore[no-any-return]


def choose_the_board_game(page: Any) -> None:
    """The app's chooser: both games offered with a line each; click the board game."""
    page.wait_for_selector(".nw-app button.nw-app-choice", timeout=90_000)
    assert page.title() == "Nations"
    choices = page.locator(".nw-app button.nw-app-choice")
    assert choices.count() == 3        # the two games and the Learn entry
    texts = choices.all_inner_texts()
    assert "Nations: The Dice Game" in texts[0] and "Nations (the board game)" in texts[1]
    assert "Learn to play" in texts[2]
    page.click('.nw-app button[data-key="choose-board"]')
    page.wait_for_selector(".nwb-root[data-step]", timeout=60_000)
    page.wait_for_function("() => document.title === 'Nations (the board game)'")
    assert page.locator('.nw-app button[data-key="switch-board"]').get_attribute(
        "aria-pressed") == "true"


def set_up_game(page: Any) -> None:
    """The New game dialog is open (the app opens the board game on it): 2 players, you
    against the heuristic bot, the short game, the seed, the bot pause; Start."""
    dialog = page.locator(".nwb-root details.nw-newgame")
    assert dialog.get_attribute("open") is not None, "the board game did not open on New game"
    # the engine's options are all there
    for key in ("form-players", "form-seat-0", "form-seat-1", "ng-difficulty-0",
                "ng-difficulty-1", "ng-sides", "ng-decks", "ng-ages", "form-seed"):
        assert page.locator(f'.nwb-root [data-key="{key}"]').count() == 1, key
    players = page.locator('.nwb-root select[data-key="form-players"] option')
    assert players.all_inner_texts() == ["1", "2", "3", "4", "5"] or \
        [players.nth(i).get_attribute("value") for i in range(players.count())] == \
        ["1", "2", "3", "4", "5"]
    sides = page.locator('.nwb-root select[data-key="ng-sides"] option').all_inner_texts()
    assert len(sides) >= 2, sides
    page.select_option('.nwb-root select[data-key="form-players"]', "2")
    page.select_option('.nwb-root select[data-key="form-seat-0"]', "human")
    page.select_option('.nwb-root select[data-key="form-seat-1"]', BOT)
    page.select_option('.nwb-root select[data-key="ng-ages"]', AGES)
    page.fill('.nwb-root input[data-key="form-seed"]', str(SEED))
    page.fill('.nwb-root input[data-key="form-delay"]', BOT_PAUSE)
    page.click('.nwb-root button[data-key="start"]')
    page.wait_for_function(
        "() => { const r = document.querySelector('.nwb-root');"
        " const w = r && r.querySelector('.nwb-when');"
        " const d = r && r.querySelector('details.nw-newgame');"
        " return w && /Round 1 of 2/.test(w.textContent) && d && !d.open; }",
        timeout=30_000)


def decide(page: Any, buys: dict[int, int], placed: dict[int, int]) -> str:
    """Make one decision for the human by clicking; return what was clicked."""
    root = page.locator(".nwb-root")
    state = read_state(page)
    if state["summary"]:
        root.locator('button[data-key="summary-close"]').click()
        page.wait_for_function(
            "() => !document.querySelector('.nwb-root [data-key=\"summary\"]')")
        return CLOSED_SUMMARY
    round_no = int(state["when"].split()[1]) if state["when"].startswith("Round") else 0
    options = root.locator(".nwb-prompt.nwb-live button.nwb-option")
    buy = root.locator(".nwb-progress button.nwb-buy")
    # "+ worker" on one of your cards (a worker from your idle ones)
    deploy = root.locator(".nwb-nation.nwb-live .nwb-card-acts > button.nwb-act",
                          has_text="+ worker")
    passing = root.locator(".nwb-prompt.nwb-live button.nwb-pass-btn")
    if options.count():
        button, what = options.first, "answer"
    elif buy.count() and buys.get(round_no, 0) < BUYS_PER_ROUND:
        buys[round_no] = buys.get(round_no, 0) + 1
        button, what = buy.first, "buy"
    elif deploy.count() and (placed.get(round_no, 0) < WORKERS_PER_ROUND
                             or not passing.count()):
        placed[round_no] = placed.get(round_no, 0) + 1
        button, what = deploy.first, "worker"
    elif passing.count():
        button, what = passing.first, "pass"
    else:
        button, what = root.locator(".nwb-act").first, "move"
    label = button.get_attribute("aria-label") or button.inner_text()
    button.click()
    # the preview (Python's words for what the move changes), then Confirm
    confirm = root.locator('button[data-key="preview-confirm"]')
    confirm.wait_for(timeout=15_000)
    page.wait_for_function(
        "() => { const p = document.querySelector('.nwb-root [data-key=\"preview\"]');"
        " return p && !/Working out/.test(p.textContent); }", timeout=15_000)
    assert not read_state(page)["error"], f"the preview of {label!r} was refused"
    confirm.click()
    return f"{what}: {label}"


def final_scores_on_page(page: Any) -> dict[int, int]:
    """The totals of the final scoring table (one row per nation, best first)."""
    table = page.locator(".nwb-root .nwb-final table")
    rows = table.locator("tbody tr")
    shown = {}
    for i in range(rows.count()):
        row = rows.nth(i)
        seat = row.get_attribute("data-seat")
        assert seat is not None and "Player " in row.locator("th").inner_text()
        shown[int(seat)] = int(row.locator(".nw-final-total").inner_text())
    assert shown, "no row in the final scoring"
    return shown


def save_game(page: Any, path: Path) -> dict[str, Any]:
    with page.expect_download(timeout=30_000) as download_info:
        page.click('.nwb-root button[data-key="save"]')
    download_info.value.save_as(str(path))
    return json.loads(path.read_text())  # type: ignore[no-any-return]


def screenshot(page: Any, width: int, path: Path) -> None:
    """The whole page at ``width`` px (Voila scrolls inside a container, so the window is
    made as tall as the app)."""
    page.set_viewport_size({"width": width, "height": 900})
    page.wait_for_timeout(300)
    page.evaluate("() => { for (const e of document.querySelectorAll('*')) {"
                  " if (e.scrollTop) e.scrollTop = 0; } window.scrollTo(0, 0); }")
    bottom = page.evaluate("() => Math.max(...[...document.querySelectorAll("
                           "'.nw-app, .nwb-root')].map((e) => e.getBoundingClientRect().bottom))")
    page.set_viewport_size({"width": width, "height": min(12000, int(bottom) + 40)})
    page.wait_for_timeout(300)
    page.screenshot(path=str(path), full_page=True)


def test_play_a_whole_board_game_by_clicking(page: Any, voila_url: str, watch: PageWatch,
                                             artifacts_dir: Path,
                                             request: pytest.FixtureRequest) -> None:
    page.set_default_timeout(30_000)
    page.goto(voila_url, timeout=120_000)    # Voila streams the page as the notebook runs
    choose_the_board_game(page)
    set_up_game(page)
    page.wait_for_function(SETTLED, arg=-1, timeout=60_000)
    assert page.locator('.nwb-root input[data-key="previews-on"]').is_checked()

    clicks: list[str] = []
    buys: dict[int, int] = {}
    placed: dict[int, int] = {}
    deadline = time.monotonic() + GAME_TIMEOUT
    while True:
        state = read_state(page)
        assert not state["error"], f"the board refused a move it offered: {state['error']} " \
                                   f"(after {clicks[-3:]})"
        if state["step"] == "game_over":
            break
        assert state["live"] or state["summary"], \
            f"not the human's decision and not settled: {state}"
        assert len(clicks) < MAX_DECISIONS, "the game does not end"
        assert time.monotonic() < deadline, f"the game took over {GAME_TIMEOUT:.0f} s"
        clicks.append(decide(page, buys, placed))
        if clicks[-1] != CLOSED_SUMMARY:       # closing the summary plays no move
            page.wait_for_function(SETTLED, arg=state["pos"], timeout=60_000)

    shown = final_scores_on_page(page)
    prompt = page.locator(".nwb-root .nwb-ask").inner_text()

    saved = artifacts_dir / "voila_board_game.json"
    data = save_game(page, saved)
    record_artifact(request, "saved board game", saved)
    assert data["seats"] == ["human", BOT]
    game = Game.from_json(data)
    assert game.config.players == 2 and game.config.seed == SEED
    assert game.config.ages == int(AGES)
    assert game.is_over, "the saved game is not over"
    scores = game.scores()
    assert shown == dict(enumerate(scores)), \
        f"the page shows {shown}, the engine's replay gives {scores}"
    assert prompt.startswith("Game over"), prompt
    kinds = [c.split(":")[0] for c in clicks]
    summaries = clicks.count(CLOSED_SUMMARY)
    print(f"{len(clicks)} clicks by the human ({kinds.count('buy')} buys, "
          f"{kinds.count('worker')} workers placed, {kinds.count('answer')} answers, "
          f"{kinds.count('pass')} passes, {summaries} round summaries closed); final scores "
          f"{scores}; {game.length} moves in all")
    assert kinds.count("buy") >= 1 and kinds.count("pass") >= 1, clicks
    assert kinds.count("worker") >= 1, clicks
    assert summaries >= 1, "no round summary was shown"

    for width in (1400, 390):
        shot = artifacts_dir / f"voila_board_game_over_{width}.png"
        screenshot(page, width, shot)
        record_artifact(request, f"screenshot {width} px", shot)
    # at 390 px nothing of the app sticks out sideways
    overflow = page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 1, f"the page scrolls sideways by {overflow} px at 390 px"

    errors = watch.errors()
    assert not errors, f"console errors: {errors}"
    assert not watch.page_errors, f"uncaught page errors: {watch.page_errors}"
    assert not watch.model_class_failures(), watch.model_class_failures()
    assert not watch.offsite_failures(), watch.offsite_failures()
