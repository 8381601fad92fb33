"""The seats' bots of a game played here (nations_widget.widget.shell.local_bots), driven
directly: which turn is a bot's, the move applied only on the state it was chosen for, a
bot deciding now, a failure shown and logged, and the bots offered."""

from __future__ import annotations

import logging
import threading
from typing import Any

import pytest

from nations_widget.core.errors import IllegalMoveError
from nations_widget.dice import Game, GameState, Move
from nations_widget.widget.dice.adapter import DiceAdapter
from nations_widget.widget.shell.bot_runner import SeatBots
from nations_widget.widget.shell.local_bots import LocalBotHooks, LocalBots, bots_offered
from nations_widget.widget.shell.seating import SeatingHooks, TableSeating
from nations_widget.widget.shell.table_mode import REMOTE


class FakeBot:
    """Always the first legal move."""

    def __init__(self, name: str, seed: int) -> None:
        self.name, self.seed = name, seed

    def choose(self, state: GameState) -> Move:
        return state.legal_moves()[0]


def fake_factory(name: str, seed: int) -> FakeBot:
    return FakeBot(name, seed)


class Here:
    """The widget's side of the hooks: its game, its seats, and what it was told."""

    def __init__(self, seats: list[str]) -> None:
        self.game = Game(players=2, seed=5)
        self.seats = seats
        self.published = 0
        self.error = "an old refusal"
        self.internal: list[BaseException] = []
        self.records: list[logging.LogRecord] = []

    def fail(self, message: str) -> None:
        self.error = message

    def clear(self) -> None:
        self.error = ""

    def publish(self) -> None:
        self.published += 1


class Recording(logging.Handler):
    def __init__(self, here: Here) -> None:
        super().__init__()
        self.here = here

    def emit(self, record: logging.LogRecord) -> None:
        self.here.records.append(record)


def local_bots(seats: list[str]) -> tuple[LocalBots, Here]:
    here = Here(seats)
    log = logging.getLogger(f"test_local_bots.{id(here)}")
    log.propagate = False
    log.addHandler(Recording(here))
    lock = threading.RLock()
    seating = TableSeating(lock, SeatingHooks(
        publish=here.publish, fail=here.fail, clear_error=here.clear,
        bot_delay=lambda: 0.0, log=log, ping=lambda message: None))
    bots = LocalBots(lock, seating, SeatBots(fake_factory, ("first", "other"), "first"),
                     LocalBotHooks(game=lambda: here.game, seats=lambda: here.seats,
                                   publish=here.publish, fail=here.fail,
                                   clear_error=here.clear,
                                   internal_error=here.internal.append, log=log))
    return bots, here


def test_a_bot_is_due_only_on_a_bot_seat() -> None:
    bots, here = local_bots(["first", "human"])
    assert here.game.current_player == 0 and bots.due()
    for who in ("human", REMOTE):
        here.seats = [who, "first"]
        assert not bots.due(), who


def test_a_turn_gives_the_seats_kept_bot_a_copy_and_marks_the_state() -> None:
    bots, here = local_bots(["first", "human"])
    turn = bots.turn()
    assert turn is not None and turn.seat == 0
    assert turn.state is not here.game.state            # the bot thinks on a copy
    assert turn.mark == (here.game, here.game.state)
    again = bots.turn()
    assert again is not None and again.bot is turn.bot    # the seat's bot is kept
    bots.forget(0)
    fresh = bots.turn()
    assert fresh is not None and fresh.bot is not turn.bot


def test_a_move_is_applied_only_on_the_state_it_was_chosen_for() -> None:
    bots, here = local_bots(["first", "human"])
    turn = bots.turn()
    assert turn is not None
    move = turn.bot.choose(turn.state)
    here.game.play(here.game.state.legal_moves()[0])     # the game moved on meanwhile
    assert not bots.apply(turn, move, True)
    assert here.game.position == 1 and here.published == 0
    started = here.game
    here.game = Game(players=2, seed=5)                  # another game, the same position
    assert not bots.apply(turn, move, True)
    assert here.game.position == 0 and here.published == 0
    here.game = started
    started.undo()                                       # back on the very state it saw
    assert bots.apply(turn, move, True)
    assert started.position == 1 and started.moves == [move] and here.published == 1
    quiet = bots.turn()
    assert quiet is not None and bots.apply(quiet, quiet.bot.choose(quiet.state), False)
    assert started.position == 2 and here.published == 1   # a quiet runner shows it later


def test_a_bot_decides_now_for_a_person_and_the_board_follows() -> None:
    bots, here = local_bots(["human", "human"])
    move = bots.decide_now()
    assert here.game.position == 1 and here.game.moves[-1] == move
    assert here.error == "" and here.published == 1
    assert bots.mark() == {}                 # a hint's bot is not kept as the seat's


def test_a_bot_decides_nothing_once_the_game_is_over() -> None:
    bots, here = local_bots(["human", "human"])
    while here.game.current_player is not None:
        here.game.play(here.game.state.legal_moves()[0])
    with pytest.raises(IllegalMoveError, match="the game is over"):
        bots.decide_now()
    assert here.error == "the game is over"


def test_a_bots_failure_is_shown_kept_and_logged() -> None:
    bots, here = local_bots(["first", "human"])
    boom = RuntimeError("no move")
    bots.failed(boom)
    assert here.error == "a bot failed (RuntimeError): no move"
    assert here.internal == [boom]
    assert [r.exc_info[1] for r in here.records if r.exc_info] == [boom]


def test_the_bots_made_are_marked_and_restored() -> None:
    bots, _ = local_bots(["first", "other"])
    assert bots.turn() is not None
    mark = bots.mark()
    assert set(mark) == {0} and isinstance(mark[0], FakeBot)
    bots.forget()
    assert bots.mark() == {}
    bots.restore(mark)
    assert bots.mark() == mark


def test_the_bots_offered_are_the_adapters_or_the_factory_given() -> None:
    adapter: Any = DiceAdapter()
    names, factory = bots_offered(adapter, None, None)
    assert (names, factory) == adapter.bots()
    assert bots_offered(adapter, None, ["random"])[0] == ("random",)
    assert bots_offered(adapter, fake_factory, None) == ((), fake_factory)
    assert bots_offered(adapter, fake_factory, ["first"]) == (("first",), fake_factory)
