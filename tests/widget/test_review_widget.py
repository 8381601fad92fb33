"""The widget's review (issue 24): offered at game over and for a loaded game, run off the
kernel's message loop with its progress in the ``review`` trait, stopped by Cancel or by
the next intent, dropped when its moves are no longer the game's; puzzles answered by
Python."""

from __future__ import annotations

import asyncio
import importlib
import json
import threading
import time
from typing import Any

from nations_widget.board.bots import make_bot as board_bot
from nations_widget.core.review import ReviewCancelled
from nations_widget.dice.bots import make_bot as dice_bot
from nations_widget.widget import BoardWidget, NationsWidget

dice_coach = importlib.import_module("nations_widget.dice.coach")
board_coach = importlib.import_module("nations_widget.board.coach")


def _small_budget(w: Any, coach: Any, playouts: int) -> None:
    """The widget's review at a small budget (the tests' speed; the default is measured
    in benchmarks/review_speed.py)."""
    def review(game: Any, upto: int, seats: Any, progress: Any, cancelled: Any) -> Any:
        return coach.review(game, seats=seats, upto=upto, progress=progress,
                            cancelled=cancelled, playouts=playouts)
    w._adapter.review = review


def _finished_dice() -> NationsWidget:
    """Player 1 (human) plays at random against the heuristic bot, to the end."""
    w = NationsWidget(players=2, seed=13, seats=["human", "heuristic"], bot_delay=0)
    me = dice_bot("random", 1)
    while not w.game.is_over:
        w.play(me.choose(w.game.state))
    _small_budget(w, dice_coach, 16)
    return w


def test_a_review_is_offered_only_once_the_game_is_over() -> None:
    w = NationsWidget(players=2, seed=13, seats=["human", "heuristic"], bot_delay=0)
    assert w.review["available"] is False and w.review["status"] == "off"
    w.handle_intent({"kind": "review"})
    assert "finished game" in w.error and w.review["status"] == "off"
    done = _finished_dice()
    assert done.review["available"] is True


def test_the_review_intent_grades_the_human_seats_and_publishes_the_result() -> None:
    w = _finished_dice()
    w.handle_intent({"kind": "review"})
    assert w.error == ""
    r = w.review
    assert r["status"] == "done" and r["seats"] == [0] and r["upto"] == w.game.length
    result = r["result"]
    assert result["graded_seats"] == [0] and result["over"] is True
    assert r["done"] == r["total"] == len(result["decisions"]) > 10
    assert all(d["mark"] is None for d in result["decisions"] if d["seat"] == 1)
    assert result["puzzles"], "a random player's game has puzzles"
    # the trait travels as JSON text
    assert json.loads(w.trait_metadata("review", "to_json")(r, w))["status"] == "done"


def test_a_puzzle_answer_is_checked_by_python() -> None:
    w = _finished_dice()
    w.handle_intent({"kind": "puzzle_answer", "puzzle": 0, "move": {"type": "pass"}})
    assert "review the game first" in w.error
    w.handle_intent({"kind": "review"})
    puzzle = w.review["result"]["puzzles"][0]
    w.handle_intent({"kind": "puzzle_answer", "puzzle": 0, "move": puzzle["accepted"][0]})
    assert w.error == "" and w.review["answer"]["correct"] is True
    w.handle_intent({"kind": "puzzle_answer", "puzzle": 0, "move": puzzle["played"]})
    answer = w.review["answer"]
    assert answer["correct"] is False and "played in the game" in answer["text"]
    w.handle_intent({"kind": "puzzle_answer", "puzzle": 99, "move": puzzle["played"]})
    assert "no puzzle 100" in w.error
    # looking at the puzzle's position keeps the review
    w.handle_intent({"kind": "goto", "position": puzzle["position"]})
    assert w.review["status"] == "done" and w.game.position == puzzle["position"]


def test_a_loaded_unfinished_game_is_reviewed_up_to_where_it_is_and_an_undo_drops_it() -> None:
    w = BoardWidget(players=2, seed=5, ages=1, seats=["human", "heuristic"], bot_delay=0)
    me = board_bot("heuristic", 1)
    while w.game.position < 24:
        w.play(me.choose(w.game.state))
    saved = w.save_json()
    other = BoardWidget(players=2, seed=1, ages=1, seats=["human", "heuristic"], bot_delay=0)
    assert other.review["available"] is False
    other.load_json(saved)
    assert other.review["available"] is True
    _small_budget(other, board_coach, 4)
    upto = other.game.position
    other.handle_intent({"kind": "review"})
    r = other.review
    assert r["status"] == "done" and r["upto"] == upto and r["result"]["over"] is False
    assert all(d["position"] < upto for d in r["result"]["decisions"])
    other.handle_intent({"kind": "undo"})
    assert other.review["status"] == "off" and other.review["result"] is None
    other.start_game({"seed": 3})
    assert other.review["available"] is False


class _Gated:
    """A review that reports progress, then waits for the test (or for its cancel)."""

    def __init__(self) -> None:
        self.started = threading.Event()
        self.gate = threading.Event()
        self.stopped = False
        self.thread: str | None = None

    def __call__(self, game: Any, upto: int, seats: Any, progress: Any, cancelled: Any) -> Any:
        self.thread = threading.current_thread().name
        progress(0, 10)
        self.started.set()
        while not self.gate.wait(0.005):
            if cancelled():
                self.stopped = True
                raise ReviewCancelled("stopped")
        progress(10, 10)
        return dice_coach.review(game, seats=seats, upto=upto, playouts=4)


async def _settle(w: Any, until: Any, limit: float = 30.0) -> None:
    deadline = time.monotonic() + limit
    while not until() and time.monotonic() < deadline:
        await asyncio.sleep(0.005)


def test_inside_a_loop_the_review_runs_in_a_worker_and_shows_its_progress() -> None:
    w = _finished_dice()
    gated = _Gated()
    w._adapter.review = gated

    async def scenario() -> list[Any]:
        w.handle_intent({"kind": "review"})
        seen = [dict(w.review)]                 # the intent came back before the review
        await _settle(w, lambda: gated.started.is_set() and w.review["total"] == 10)
        seen.append(dict(w.review))
        gated.gate.set()
        await _settle(w, lambda: w.review["status"] == "done")
        seen.append(dict(w.review))
        return seen

    running, progress, done = asyncio.run(scenario())
    assert running["status"] == "running" and running["result"] is None
    assert progress["status"] == "running" and progress["total"] == 10
    assert gated.thread != threading.main_thread().name
    assert done["status"] == "done" and done["result"]["decisions"]


def test_cancel_and_the_next_intent_stop_a_review_under_way() -> None:
    for stop in ({"kind": "review_cancel"}, {"kind": "undo"}):
        w = _finished_dice()
        gated = _Gated()
        w._adapter.review = gated

        async def scenario(w: Any = w, gated: _Gated = gated,
                           stop: dict[str, Any] = stop) -> dict[str, Any]:
            w.handle_intent({"kind": "review"})
            await _settle(w, gated.started.is_set)
            w.handle_intent(stop)
            await _settle(w, lambda: gated.stopped)
            gated.gate.set()
            await asyncio.sleep(0.05)
            return dict(w.review)

        after = asyncio.run(scenario())
        assert gated.stopped, stop
        assert after["status"] in ("cancelled", "off") and after["result"] is None, stop
        if stop["kind"] == "review_cancel":
            assert after["status"] == "cancelled" and after["message"]


def test_the_page_cannot_write_the_review_trait() -> None:
    w = _finished_dice()
    assert "review" in w.read_only_traits()
    sent: list[Any] = []
    w.send_state = lambda key=None: sent.append(key)  # type: ignore[method-assign]
    w.set_state({"review": {"status": "done"}})
    assert w.review["status"] == "off" and sent == [["review"]]


def test_a_review_that_fails_says_so_in_words() -> None:
    w = _finished_dice()

    def broken(game: Any, upto: int, seats: Any, progress: Any, cancelled: Any) -> Any:
        raise RuntimeError("inside")
    w._adapter.review = broken

    async def scenario() -> dict[str, Any]:
        w.handle_intent({"kind": "review"})
        await _settle(w, lambda: w.review["status"] != "running")
        return dict(w.review)

    after = asyncio.run(scenario())
    assert after["status"] == "failed" and "RuntimeError" in after["message"]
    assert isinstance(w.last_internal_error, RuntimeError)
    # asked again, it runs again
    _small_budget(w, dice_coach, 4)
    w.handle_intent({"kind": "review"})
    assert w.review["status"] == "done"


# ------------------------------------------------------------ puzzles on the board (issue 30)
def _reviewed_dice() -> tuple[NationsWidget, dict[str, Any]]:
    w = _finished_dice()
    w.handle_intent({"kind": "review"})
    assert w.error == ""
    return w, w.review["result"]["puzzles"][0]


def test_a_puzzle_opens_on_the_board_with_its_seat_to_play_and_the_game_unchanged() -> None:
    w, puzzle = _reviewed_dice()
    length, game_at = w.game.length, w.history["game_at"]
    w.handle_intent({"kind": "puzzle_open", "puzzle": 0})
    assert w.error == ""
    assert w.review["puzzle"] == {"index": 0, "position": puzzle["position"],
                                  "seat": puzzle["seat"],
                                  "best_preview": puzzle["best"]["type"] in ("buy", "build")}
    assert w.game.position == w.view["position"] == puzzle["position"]
    # the board offers the puzzle's seat its moves there, as in a game
    state = w.game.state_at(puzzle["position"])
    assert sorted(json.dumps(m["move"], sort_keys=True) for m in w.legal) == sorted(
        json.dumps(m.to_json(), sort_keys=True) for m in state.legal_moves())
    # the right answer, played on the board, is graded; nothing is played in the game
    w.handle_intent({"kind": "puzzle_answer", "puzzle": 0, "move": puzzle["best"],
                     "position": puzzle["position"]})
    answer = w.review["answer"]
    assert w.error == "" and answer["correct"] is True and answer["text"].startswith("Yes")
    assert answer["best"] == puzzle["best"] and answer["best_text"] == puzzle["best_text"]
    assert w.game.length == length and w.history["game_at"] == game_at
    assert w.game.position == puzzle["position"]          # the board is still on the puzzle
    # done: the board shows the game again, and the seat's moves are no longer offered
    w.handle_intent({"kind": "puzzle_close"})
    assert w.review["puzzle"] is None and w.game.position == game_at
    assert w.legal == []                                   # the game is over


def test_a_wrong_answer_says_why_in_a_players_words() -> None:
    w, puzzle = _reviewed_dice()
    w.handle_intent({"kind": "puzzle_open", "puzzle": 0})
    w.handle_intent({"kind": "puzzle_answer", "puzzle": 0, "move": puzzle["played"],
                     "position": puzzle["position"]})
    answer = w.review["answer"]
    assert answer["correct"] is False
    assert "the move played in the game" in answer["text"]
    assert f"The coach's choice here: {puzzle['best_text']}." in answer["text"]
    # no jargon: no "the first", no margin of error, no "(same move)"
    for jargon in ("the first", "±", "same move", "likely to win than"):
        assert jargon not in answer["text"]


def test_an_illegal_answer_is_refused_in_words_and_nothing_is_checked() -> None:
    w, puzzle = _reviewed_dice()
    w.handle_intent({"kind": "puzzle_open", "puzzle": 0})
    w.handle_intent({"kind": "puzzle_answer", "puzzle": 0, "position": puzzle["position"],
                     "move": {"type": "buy", "tile": "no-such-tile",
                              "payment": {"dice": [], "chits": 0, "trades": []}}})
    assert w.error.startswith("that move cannot be played here: "), w.error
    assert w.review["answer"] is None


def test_an_answer_made_on_another_position_is_stale_and_refused() -> None:
    w, puzzle = _reviewed_dice()
    w.handle_intent({"kind": "puzzle_open", "puzzle": 0})
    stale = puzzle["position"] + 1
    w.handle_intent({"kind": "puzzle_answer", "puzzle": 0, "move": puzzle["best"],
                     "position": stale})
    assert f"made on move {stale + 1}" in w.error and "nothing was checked" in w.error
    assert w.review["answer"] is None
    # a review gone (an undo past its end) leaves no puzzle to answer
    w.handle_intent({"kind": "back_to_game"})
    w.handle_intent({"kind": "undo"})
    w.handle_intent({"kind": "puzzle_answer", "puzzle": 0, "move": puzzle["best"],
                     "position": puzzle["position"]})
    assert "review the game first" in w.error


def test_a_bot_seats_puzzle_is_played_from_the_screen_too() -> None:
    """A game of bots reviewed (every seat graded): the puzzle's seat is a bot's, and the
    board offers its moves all the same while the puzzle is shown, and only then."""
    w = NationsWidget(players=2, seed=13, seats=["heuristic", "random"], bot_delay=0)
    w.play_bots()
    _small_budget(w, dice_coach, 16)
    w.handle_intent({"kind": "review"})
    puzzles = w.review["result"]["puzzles"]
    assert puzzles
    w.handle_intent({"kind": "goto", "position": puzzles[0]["position"]})
    assert w.legal == []
    w.handle_intent({"kind": "puzzle_open", "puzzle": 0})
    assert w.legal and w.error == ""
    w.handle_intent({"kind": "puzzle_answer", "puzzle": 0, "move": w.legal[0]["move"],
                     "position": puzzles[0]["position"]})
    assert w.error == "" and w.review["answer"]["text"]


def test_a_board_games_wrong_answer_names_the_famine_it_leaves_unfed() -> None:
    """The board game's words for what a move does at once: a move that leaves the
    player short of food at this round's famine says so."""
    from nations_widget.board import Game as BoardGame
    from nations_widget.board.coach import consequence
    game = BoardGame(players=2, seed=5, ages=1)
    found = None
    for _ in range(200):
        state = game.state
        if state.step == "actions":
            for move in state.legal_moves():
                said = consequence(state, move)
                if said:
                    found = said
                    break
        if found or game.is_over:
            break
        game.play(board_bot("heuristic", 1).choose(state))
    assert found is not None and "food short at this round's famine" in found, found
