"""Issue 12: one bot runner per widget, bots off the kernel's message loop, and traits the
browser cannot write.

These run the widget inside an asyncio loop, as Jupyter and Voila do: an intent that
lets the bots play must come back at once, and a bot's move lands only on the position
it was chosen for.
"""

from __future__ import annotations

import asyncio
import logging
import threading
import time
from collections.abc import Callable
from typing import Any

import pytest

from nations_widget.dice import GameState, Move, Pass
from nations_widget.widget import NationsWidget

Make = Callable[..., NationsWidget]


class RecordingBot:
    """The first legal move (a buy when there is one); records every state it was shown
    and can be held back (``gate``) to stand for a search that takes a while."""

    def __init__(self, seen: list[str], gate: threading.Event | None = None) -> None:
        self.seen = seen
        self.gate = gate

    def choose(self, state: GameState) -> Move:
        self.seen.append(state.to_json_str())
        if self.gate is not None:
            self.gate.wait(3.0)          # bounded: a bug must fail the test, not hang it
        moves = state.legal_moves()
        buys = [m for m in moves if m.type in ("buy", "build")]
        return buys[0] if buys else moves[0]


def recording_widget(seats: list[str], gate: threading.Event | None = None,
                     delay: float = 0.0) -> tuple[NationsWidget, list[str]]:
    seen: list[str] = []
    w = NationsWidget(players=len(seats), seats=seats, seed=3, bot_delay=delay,
                      bot_factory=lambda name, seed: RecordingBot(seen, gate),
                      bot_names=["first"])
    return w, seen


async def settle(w: NationsWidget, timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while w.busy and time.monotonic() < deadline:
        await asyncio.sleep(0.005)
    assert not w.busy, "the bots did not finish"


def bot_moves(w: NationsWidget) -> int:
    """How many of the moves played so far were decided at a bot's seat."""
    return sum(1 for p in range(w.game.position)
               if w.seats[w.game.state_at(p).current_player() or 0] != "human")


def test_a_second_play_bots_while_the_bots_play_starts_no_second_chain() -> None:
    async def scenario() -> tuple[NationsWidget, list[str]]:
        w, seen = recording_widget(["human", "first"], delay=0.02)
        w.handle_intent({"kind": "move", "seat": 0, "move": {"type": "pass"}})
        assert w.busy
        # a double click sent before the busy flag reached the page, and a second page
        w.handle_intent({"kind": "play_bots"})
        w.handle_intent({"kind": "play_bots"})
        assert w.error == ""
        await settle(w)
        return w, seen

    w, seen = asyncio.run(scenario())
    assert w.error == ""
    # every state a bot was shown was a different position, and each choice was played
    assert len(seen) == len(set(seen)) == bot_moves(w)
    cur = w.game.current_player
    assert cur is None or w.seats[cur] == "human"


def test_bot_move_intents_while_a_bot_thinks_play_one_move() -> None:
    async def scenario() -> tuple[NationsWidget, list[str], int]:
        gate = threading.Event()
        w, seen = recording_widget(["human", "human"], gate=gate)
        start = w.game.position
        w.handle_intent({"kind": "bot_move"})
        w.handle_intent({"kind": "bot_move"})          # a double click
        w.handle_intent({"kind": "play_bots"})         # nobody's bot: refused or ignored
        await asyncio.sleep(0.05)
        gate.set()
        await settle(w)
        return w, seen, start

    w, seen, start = asyncio.run(scenario())
    assert w.game.position == start + 1
    assert len(seen) == 1


def test_a_bot_move_intent_does_not_block_the_loop() -> None:
    """The mcts bots think for seconds: the kernel must go on serving messages."""
    async def scenario() -> tuple[float, bool, int, NationsWidget]:
        gate = threading.Event()
        w, _ = recording_widget(["human", "human"], gate=gate)
        t0 = time.monotonic()
        w.handle_intent({"kind": "bot_move"})
        took = time.monotonic() - t0
        busy, pos = w.busy, w.game.position
        await asyncio.sleep(0.01)                    # the loop is free while the bot thinks
        gate.set()
        await settle(w)
        return took, busy, pos, w

    took, busy_while_thinking, pos_while_thinking, w = asyncio.run(scenario())
    assert took < 0.5, f"the intent held the loop for {took:.2f} s"
    assert busy_while_thinking and pos_while_thinking == 0
    assert w.game.position == 1 and w.error == ""


def test_a_bots_move_lands_only_on_the_position_it_was_chosen_for() -> None:
    async def scenario() -> tuple[NationsWidget, str, int]:
        gate = threading.Event()
        w, seen = recording_widget(["human", "human"], gate=gate)
        w.handle_intent({"kind": "bot_move"})
        await asyncio.sleep(0.02)
        assert seen, "the bot has not started"
        # the game moves on behind the widget's back (a script plays directly on w.game)
        w.game.play(Pass())
        moved = w.state.to_json_str()
        gate.set()
        await settle(w)
        return w, moved, w.game.position

    w, moved, pos = asyncio.run(scenario())
    assert pos == 1 and w.state.to_json_str() == moved      # the bot's choice was dropped
    assert w.error == ""


def test_an_undo_while_a_bot_thinks_drops_its_move() -> None:
    async def scenario() -> tuple[NationsWidget, int]:
        gate = threading.Event()
        w, _ = recording_widget(["human", "first"], gate=gate)
        w.handle_intent({"kind": "move", "seat": 0, "move": {"type": "pass"}})
        assert w.busy                                 # the bot's answer is thinking
        await asyncio.sleep(0.02)
        w.handle_intent({"kind": "undo", "steps": 1})
        pos = w.game.position
        gate.set()
        await asyncio.sleep(0.1)
        return w, pos

    w, pos = asyncio.run(scenario())
    assert w.game.position == pos == 0 and not w.busy and w.error == ""


def update_message(state: dict[str, Any]) -> dict[str, Any]:
    """The comm message a browser's ``model.set(...); model.save_changes()`` sends."""
    return {"content": {"data": {"method": "update", "state": state, "buffer_paths": []}},
            "buffers": []}


def test_the_browser_cannot_overwrite_the_games_traits(monkeypatch: pytest.MonkeyPatch) -> None:
    w, _ = recording_widget(["human", "first"])
    sent: list[dict[str, Any]] = []
    monkeypatch.setattr(w, "_send", lambda msg, buffers=None: sent.append(msg))
    before = {name: getattr(w, name) for name in
              ("view", "legal", "seats", "busy", "history", "settings", "error", "catalogue")}
    w._handle_msg(update_message({
        "seats": ["first", "first"], "busy": True, "view": {"current": 1}, "legal": [],
        "history": {}, "settings": {"players": 4}, "error": "hacked", "catalogue": {},
        "tooltip": "hi", "_esm": "export default {render() { steal(); }}"}))
    after = {name: getattr(w, name) for name in before}
    assert after == before
    assert w.seats == ["human", "first"] and w.view["current"] == w.game.current_player
    assert w.tooltip is None and "steal" not in str(w._esm)    # nor the widget's machinery
    # the true values went back to the page, which shows the game again
    restored = [m["state"] for m in sent if m.get("method") == "update"]
    assert restored and restored[-1]["seats"] == ["human", "first"]
    assert restored[-1]["busy"] is False and restored[-1]["error"] == before["error"]
    # and the game still plays
    w.handle_intent({"kind": "move", "seat": 0, "move": {"type": "pass"}})
    assert w.error == "" and w.game.position > 0


def test_a_double_click_plays_once() -> None:
    """The page sends the position it showed; the second click of a double click (sent
    before the first one's update arrived) is refused, not played on the next position.
    Solo: every decision is seat 0's, so the seat alone cannot tell the clicks apart."""
    w, _ = recording_widget(["human"])
    seat = w.game.current_player
    dice = w.state.unused_dice(seat or 0)[:1]
    click = {"kind": "move", "seat": seat, "position": w.view["position"],
             "move": {"type": "reroll", "dice": dice}}
    w.handle_intent(click)
    assert w.error == "" and w.game.position == 1
    assert w.game.current_player == seat          # still that player's turn
    after = w.state.to_json_str()
    w.handle_intent(click)                        # the same click again
    assert "nothing was played" in w.error
    assert w.game.position == 1 and w.state.to_json_str() == after
    # without a position (scripts), a move is checked by the engine only, as before
    w.handle_intent({"kind": "move", "move": {"type": "pass"}})
    assert w.error == "" and w.game.position == 2


class PonderingBot:
    """A bot whose search takes ``seconds`` (a sleep: it holds no lock), then plays the
    first legal move; counts its searches."""

    def __init__(self, thought: list[float], seconds: float) -> None:
        self.thought = thought
        self.seconds = seconds

    def choose(self, state: GameState) -> Move:
        time.sleep(self.seconds)
        self.thought.append(self.seconds)
        return state.legal_moves()[0]


def test_skip_to_my_turn_runs_off_the_message_thread_and_the_next_intent_stops_it() -> None:
    """Issue 22: "Skip to my turn" with slow bots used to play them all on the kernel's
    message thread (113 s without an answer with five search bots).  Now the skip comes
    back at once, the bots play in the background, and the next intent (here Undo) is
    answered at once and stops them."""
    async def scenario() -> dict[str, Any]:
        thought: list[float] = []
        w = NationsWidget(players=4, seats=["human", "slow", "slow", "slow"], seed=3,
                          bot_delay=30.0, bot_names=["slow"],
                          bot_factory=lambda name, seed: PonderingBot(thought, 0.4))
        if w.game.current_player != 0:
            w.play_bots()                    # (from Python: at once) up to the human's turn
        human_turn = w.game.position
        w.handle_intent({"kind": "move", "seat": 0, "move": {"type": "pass"}})
        assert w.busy and w.error == ""      # the bots wait out their 30 s pause
        before = w.game.position
        start = time.monotonic()
        w.handle_intent({"kind": "skip_bots"})
        skip_took = time.monotonic() - start
        assert w.error == ""
        w.handle_intent({"kind": "skip_bots"})    # a double click: the same skip goes on
        assert w.error == ""
        busy_after_skip = w.busy
        await asyncio.sleep(1.0)              # two or three searches in the background
        played_meanwhile = w.game.position - before
        start = time.monotonic()
        w.handle_intent({"kind": "undo"})
        undo_took = time.monotonic() - start
        undone_to = w.game.position
        await asyncio.sleep(1.5)              # a search under way when Undo came finishes
        return {"skip": skip_took, "busy": busy_after_skip, "played": played_meanwhile,
                "undo": undo_took, "undone_to": undone_to, "w": w, "thought": thought,
                "human_turn": human_turn, "before": before}

    got = asyncio.run(scenario())
    w = got["w"]
    assert got["skip"] < 0.2, f"the skip held the message thread {got['skip']:.2f} s"
    assert got["busy"], "the board was not told the bots are playing"
    assert got["played"] >= 1, "the bots did not play in the background"
    assert got["undo"] < 0.2, f"Undo waited {got['undo']:.2f} s for the bots"
    # Undo went back to the human's decision, and the bots stayed stopped
    assert got["undone_to"] == got["human_turn"] < got["before"] + got["played"]
    assert w.game.position == got["human_turn"], "a bot played after the Undo"
    assert w.game.current_player == 0 and not w.busy and w.error == ""


def test_a_hint_is_worked_out_off_the_message_thread_and_dropped_if_the_game_moved_on() -> None:
    """Issue 22: the coach's search (a second or more) ran on the kernel's message thread."""
    async def scenario() -> dict[str, Any]:
        w = NationsWidget(players=2, seats=["human", "human"], seed=3, bot_delay=0)
        asked: list[int] = []

        def slow_hint(game: Any, top: int) -> Any:
            asked.append(game.position)
            time.sleep(0.5)
            return real_hint(game, top)

        real_hint = w._adapter.hint
        w._adapter.hint = slow_hint  # type: ignore[method-assign]
        start = time.monotonic()
        w.handle_intent({"kind": "hint"})
        took = time.monotonic() - start
        while w.coach.get("hint") is None and time.monotonic() - start < 10.0:
            await asyncio.sleep(0.05)       # (a fixed 2 s was short on a busy machine)
        shown = w.coach.get("hint")
        # asked again, then a move before the advice comes: it is not shown
        w.handle_intent({"kind": "hint"})
        seat = w.game.current_player
        w.handle_intent({"kind": "move", "seat": seat, "move": {"type": "pass"}})
        moved_to = w.game.position
        await asyncio.sleep(2.0)
        return {"took": took, "shown": shown, "asked": asked, "w": w, "moved_to": moved_to}

    got = asyncio.run(scenario())
    assert got["took"] < 0.2, f"the hint held the message thread {got['took']:.2f} s"
    assert got["shown"], "the advice never reached the board"
    assert len(got["asked"]) == 2 and got["asked"][0] == 0
    w = got["w"]
    assert w.error == "" and w.game.position == got["moved_to"] == 1
    # the second advice, asked at move 0, was not shown on move 1
    assert w.coach.get("hint") == got["shown"]


def test_a_hint_waits_for_no_other_job_of_the_kernel_and_shows_its_progress() -> None:
    """Issue 29: the first Hint took 76 s on a busy machine.  It ran on the event loop's
    default executor, which every other job of the kernel shares (the coach's gradings of
    the moves before it, a review, whatever a library sends there): queued behind them, it
    waited their end before its own 1.8 s began.  Here that executor holds one thread,
    busy with a job of 20 s: the hint comes all the same, and its progress (playouts done
    and planned, seconds) reaches the board while it thinks."""
    from concurrent.futures import ThreadPoolExecutor

    async def scenario() -> dict[str, Any]:
        loop = asyncio.get_running_loop()
        loop.set_default_executor(ThreadPoolExecutor(max_workers=1))
        release = threading.Event()
        other_job = loop.run_in_executor(None, release.wait, 20.0)
        w = NationsWidget(players=2, seats=["human", "human"], seed=3, bot_delay=0)
        seen: list[dict[str, Any]] = []
        w.observe(lambda change: seen.append(change["new"]), names="coach")
        start = time.monotonic()
        w.handle_intent({"kind": "hint"})
        while w.coach.get("hint") is None and time.monotonic() - start < 20.0:
            await asyncio.sleep(0.05)
        took = time.monotonic() - start
        release.set()
        await other_job
        return {"took": took, "w": w, "seen": seen}

    got = asyncio.run(scenario())
    w = got["w"]
    assert w.coach.get("hint") and w.error == ""
    assert got["took"] < 8.0, f"the hint waited {got['took']:.1f} s for another job"
    thinking = [c["thinking"] for c in got["seen"] if c.get("thinking")]
    assert thinking, "no progress reached the board while the coach thought"
    assert thinking[0]["position"] == 0 and thinking[0]["total"] > 0
    assert thinking[0]["cap"] and thinking[-1]["done"] >= thinking[0]["done"]
    assert w.coach["thinking"] is None          # done: the progress is put away


def test_the_coach_grades_a_move_off_the_message_thread() -> None:
    """Issue 22: with the coach on, each of the page's moves was graded (a search of a
    second or two) before the move's intent was answered."""
    async def scenario() -> dict[str, Any]:
        w = NationsWidget(players=2, seats=["human", "human"], seed=3, bot_delay=0)
        real_grade = w._adapter.grade

        def slow_grade(game: Any, position: int) -> Any:
            time.sleep(0.5)
            return real_grade(game, position)

        w._adapter.grade = slow_grade  # type: ignore[method-assign]
        w.handle_intent({"kind": "coach", "on": True})
        seat = w.game.current_player
        legal = [m.to_json() for m in w.game.legal_moves()]
        start = time.monotonic()
        w.handle_intent({"kind": "move", "seat": seat, "move": legal[-1]})
        took = time.monotonic() - start
        verdict_at_once = w.coach.get("verdict")
        await asyncio.sleep(3.0)
        return {"took": took, "at_once": verdict_at_once, "w": w}

    got = asyncio.run(scenario())
    w = got["w"]
    assert w.error == "" and w.game.position == 1
    assert got["took"] < 0.2, f"the move waited {got['took']:.2f} s for its grade"
    assert got["at_once"] is None
    assert w.coach.get("verdict") is not None, "the grade never reached the board"


class BrokenBot:
    """A bot with a bug: its search raises."""

    def choose(self, state: GameState) -> Move:
        raise RuntimeError("the search table overflowed")


@pytest.mark.parametrize("delay", [0.0, 0.01])
def test_a_bots_failure_is_shown_and_logged_for_the_operator(
        delay: float, caplog: pytest.LogCaptureFixture) -> None:
    """Here and now (bot_delay 0 from Python) or in the runner's thread (a pause), the
    bots play one way, and a bot that raises is shown on the board by its kind and
    logged through the widget's logger with its traceback."""
    w = NationsWidget(players=2, seats=["human", "broken"], seed=3, bot_delay=delay,
                      bot_names=["broken"], bot_factory=lambda name, seed: BrokenBot())
    with caplog.at_level(logging.ERROR, logger=w.log.name):
        w.play(Pass())
        deadline = time.monotonic() + 10
        while (w.busy or not w.error) and time.monotonic() < deadline:
            time.sleep(0.01)
    assert "a bot failed (RuntimeError)" in w.error and not w.busy
    failures = [r for r in caplog.records if r.exc_info and "bot failed" in r.getMessage()]
    assert len(failures) == 1
    assert "search table overflowed" in str(failures[0].exc_info[1])  # type: ignore[index]
