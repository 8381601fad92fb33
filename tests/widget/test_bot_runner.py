"""The bot runner part: the bots' one loop (core/bots/runner.py), the widget's game as the
place a bot's move goes (widget/shell/bot_runner.py: LocalPlace, BotRunner) and a table's
store as the other place (tables/table.py: StorePlace), each through its interface."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Literal

import pytest

from nations_widget.core.bots.runner import WAIT, BotTurn, play_bot_turns
from nations_widget.tables import SQLiteStore, create_table, join_table
from nations_widget.tables.table import StorePlace
from nations_widget.widget import DiceWidget
from nations_widget.widget.shell.bot_runner import BotHooks, BotRunner, LocalPlace

BOT = "heuristic-builder"


class CountingBot:
    """Answers its number of calls; records the states it was given."""

    def __init__(self) -> None:
        self.states: list[Any] = []

    def choose(self, state: Any) -> int:
        self.states.append(state)
        return len(self.states)


class ScriptedPlace:
    """A place whose turns and verdicts are scripted: ``turns`` is what next_turn answers
    in order (then None), ``accept`` which moves apply keeps."""

    def __init__(self, turns: list[BotTurn | Literal["wait"] | None],
                 accept: set[int] | None = None) -> None:
        self.turns = list(turns)
        self.accept = accept
        self.applied: list[Any] = []
        self.held: list[int] = []
        self.thinking_now = False

    def due(self) -> bool:
        return bool(self.turns) and self.turns[0] is not None

    def next_turn(self) -> BotTurn | Literal["wait"] | None:
        return self.turns.pop(0) if self.turns else None

    @contextmanager
    def thinking(self, turn: BotTurn) -> Iterator[None]:
        self.thinking_now = True
        self.held.append(turn.seat)
        try:
            yield
        finally:
            self.thinking_now = False

    def apply(self, turn: BotTurn, move: Any) -> bool:
        assert not self.thinking_now, "a move is put in place after the thinking"
        if self.accept is not None and move not in self.accept:
            return False
        self.applied.append((turn.seat, move))
        return True


# ------------------------------------------------------------------ the one loop
def test_the_loop_plays_each_due_turn_and_stops_when_none_is() -> None:
    bot = CountingBot()
    place = ScriptedPlace([BotTurn(0, bot, "s0"), BotTurn(1, bot, "s1")])
    assert play_bot_turns(place) == 2
    assert place.applied == [(0, 1), (1, 2)]
    assert bot.states == ["s0", "s1"]
    assert place.held == [0, 1]                      # each move thought inside thinking()


def test_the_loop_asks_again_after_a_turn_another_runner_holds() -> None:
    bot = CountingBot()
    place = ScriptedPlace([WAIT, WAIT, BotTurn(0, bot, "s")])
    assert play_bot_turns(place) == 1
    assert place.applied == [(0, 1)]


def test_a_move_that_came_too_late_is_not_counted_and_the_place_says_what_next() -> None:
    bot = CountingBot()
    place = ScriptedPlace([BotTurn(0, bot, "a"), BotTurn(0, bot, "b"), None,
                           BotTurn(1, bot, "never")], accept={2})
    assert play_bot_turns(place) == 1                # the first came too late, then none
    assert place.applied == [(0, 2)]


def test_the_loop_keeps_to_its_limit_and_its_stop() -> None:
    bot = CountingBot()
    place = ScriptedPlace([BotTurn(s, bot, s) for s in range(5)])
    assert play_bot_turns(place, limit=2) == 2
    stop = threading.Event()
    stop.set()
    assert play_bot_turns(place, stop=stop) == 0
    assert len(place.turns) == 3


def test_the_pause_comes_before_each_move_and_a_stop_ends_it() -> None:
    bot = CountingBot()
    waits: list[float] = []

    class Recording(threading.Event):
        def wait(self, timeout: float | None = None) -> bool:
            waits.append(timeout or 0.0)
            return len(waits) > 1                     # the second pause is stopped

    place = ScriptedPlace([BotTurn(0, bot, "a"), BotTurn(1, bot, "b")])
    stop = Recording()
    assert play_bot_turns(place, pause=0.25, stop=stop) == 1
    assert waits == [0.25, 0.25]
    place = ScriptedPlace([BotTurn(0, bot, "a")])
    waits.clear()
    assert play_bot_turns(place, pause=0.25, stop=Recording(), pause_first=False) == 1
    assert waits == []                               # a move asked for is played at once


# -------------------------------------------------------- the local game as a place
def test_the_widgets_place_plays_only_while_the_game_is_unchanged() -> None:
    w = DiceWidget(players=2, seats=[BOT, BOT], seed=5, bot_delay=0)
    w.undo(steps=w.game.position)                    # the bots played it all: back
    runner = w.bot_runner
    place = LocalPlace(runner, runner.epoch, hint=False, publish=True)
    assert place.due()
    turn = place.next_turn()
    assert turn is not None and turn.seat == w.game.current_player
    assert turn.state is not w.game.state            # the bot thinks on a copy
    move = turn.bot.choose(turn.state)
    runner.cancel()                                  # the game changed while it thought
    assert not place.apply(turn, move)
    assert not place.due() and place.next_turn() is None
    fresh = LocalPlace(runner, runner.epoch, hint=False, publish=True)
    turn = fresh.next_turn()
    assert turn is not None
    position = w.game.position
    assert fresh.apply(turn, turn.bot.choose(turn.state))
    assert w.game.position == position + 1


def test_a_move_for_a_position_played_meanwhile_is_dropped() -> None:
    w = DiceWidget(players=2, seats=["human", BOT], seed=5, bot_delay=0)
    runner = w.bot_runner
    place = LocalPlace(runner, runner.epoch, hint=True, publish=True)   # "let a bot decide"
    turn = place.next_turn()
    assert turn is not None and turn.seat == 0
    move = turn.bot.choose(turn.state)
    w.game.play(move)                                # the same move, played behind its back
    assert not place.apply(turn, move)               # the position it was for is gone


def test_the_runner_plays_here_and_now_from_python_and_publishes_once() -> None:
    published: list[int] = []
    busy: list[bool] = []
    played: list[Any] = []
    due = [True, True, False]

    def turn() -> BotTurn:
        return BotTurn(len(played), CountingBot(), None)

    def apply(turn: BotTurn, move: Any, publish: bool) -> bool:
        played.append((move, publish))
        return True

    hooks = BotHooks(due=lambda: due[len(played)], turn=turn, apply=apply,
                     busy=busy.append, publish=lambda: published.append(len(played)),
                     failed=lambda exc: pytest.fail(str(exc)), hint_now=lambda: None,
                     delay=lambda: 0.0, in_intent=lambda: False)
    runner = BotRunner(threading.RLock(), hooks)
    runner.schedule()
    assert played == [(1, False), (1, False)]        # quiet: not shown move by move
    assert published == [2]                          # the board updated once, at the end
    assert busy[-1] is False and runner.thread is None


def test_a_bots_failure_is_handed_to_the_widget() -> None:
    failures: list[BaseException] = []

    class Broken:
        def choose(self, state: Any) -> Any:
            raise RuntimeError("no move")

    hooks = BotHooks(due=lambda: True, turn=lambda: BotTurn(0, Broken(), None),
                     apply=lambda t, m, p: True, busy=lambda b: None, publish=lambda: None,
                     failed=failures.append, hint_now=lambda: None, delay=lambda: 0.0,
                     in_intent=lambda: False)
    BotRunner(threading.RLock(), hooks).schedule()
    assert [str(f) for f in failures] == ["no move"]


# -------------------------------------------------------------- a table as a place
def test_the_store_as_a_place_claims_the_turn_and_stores_once(tmp_path: Path) -> None:
    store = SQLiteStore(tmp_path / "tables.sqlite3")
    links = create_table(store, "dice", players=2, seed=7, seats=["random", "random"])
    first = StorePlace(join_table(store, links.spectator), "runner-1")
    second = StorePlace(join_table(store, links.spectator), "runner-2")
    assert first.due() and second.due()
    turn = first.next_turn()
    assert isinstance(turn, BotTurn) and turn.mark == 0
    assert second.next_turn() == WAIT                # the turn is claimed: one thinks
    with first.thinking(turn):
        move = turn.bot.choose(turn.state)
    assert first.apply(turn, move)
    # the other runner's move on top of the same event comes too late: dropped
    assert not second.apply(turn, move)
    assert [row.number for row in store.events(links.table_id, 0)] == [1]
