"""The shared round machine: steps declared as data, one walk through them."""

from __future__ import annotations

from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any, NoReturn

import pytest

from nations_widget.board import rules as board_rules
from nations_widget.core.steps import AGAIN, DONE, GAME_OVER, WAIT, RoundMachine, Step
from nations_widget.dice import rules as dice_rules


@dataclass(frozen=True)
class Chore(Step):
    times: int = 0      # how many times the step must be looked at again before it ends
    asks: bool = False  # a player must decide once in it


def _settle(s: Any, step: Chore, log: list[str]) -> str:
    log.append(f"{s.round}:{step.name}")
    if step.asks and not s.answered:
        return WAIT
    if s.again < step.times:
        s.again += 1
        return AGAIN
    return DONE


def _enter(s: Any, step: Chore) -> None:
    s.step, s.again, s.answered = step.name, 0, False


def _finish(s: Any, log: list[str]) -> None:
    s.step = GAME_OVER
    log.append("end")


def _stuck(s: Any) -> NoReturn:
    raise RuntimeError(f"stuck at {s.step}")


ROUND = (Chore("wake", times=2), Chore("vote", asks=True), Chore("sleep"))


def _machine(limit: int | None = None) -> RoundMachine[Chore]:
    return RoundMachine(ROUND, settle=_settle, enter=_enter, last_round=lambda s: 2,
                        finish=_finish, limit=limit,
                        on_limit=None if limit is None else _stuck)


def test_the_walk_runs_steps_in_order_waits_for_players_and_ends_after_the_last_round(
        ) -> None:
    machine = _machine()
    s = SimpleNamespace(step="wake", round=1, again=0, answered=False)
    log: list[str] = []
    machine.advance(s, log)
    assert (s.step, log) == ("vote", ["1:wake"] * 3 + ["1:vote"])
    s.answered = True
    machine.advance(s, log)
    assert (s.step, s.round) == ("vote", 2)
    assert log[4:] == ["1:vote", "1:sleep", "2:wake", "2:wake", "2:wake", "2:vote"]
    s.answered = True
    machine.advance(s, log)
    assert (s.step, log[-3:]) == (GAME_OVER, ["2:vote", "2:sleep", "end"])
    machine.advance(s, log)             # a finished game stays finished
    assert log[-1] == "end"
    assert machine.names == ("wake", "vote", "sleep", GAME_OVER)


def test_a_limited_walk_stops_a_position_that_goes_round_in_circles() -> None:
    machine = RoundMachine((Chore("spin"),), settle=lambda s, step, log: AGAIN,
                           enter=_enter, last_round=lambda s: 1, finish=_finish, limit=50,
                           on_limit=_stuck)
    with pytest.raises(RuntimeError, match="stuck at spin"):
        machine.advance(SimpleNamespace(step="spin", round=1), [])


def test_a_round_is_declared_sensibly() -> None:
    with pytest.raises(ValueError, match="its own name"):
        RoundMachine((Chore("a"), Chore("a")), settle=_settle, enter=_enter,
                     last_round=lambda s: 1, finish=_finish)
    with pytest.raises(ValueError, match="on_limit"):
        RoundMachine(ROUND, settle=_settle, enter=_enter, last_round=lambda s: 1,
                     finish=_finish, limit=10)


def test_the_dice_game_declares_its_round_to_the_shared_machine() -> None:
    assert dice_rules.MACHINE.steps == dice_rules.ROUND
    assert all(isinstance(step, Step) for step in dice_rules.ROUND)
    assert (*(step.name for step in dice_rules.ROUND), GAME_OVER) == dice_rules.STEP_NAMES


def test_the_board_game_declares_its_round_to_the_shared_machine() -> None:
    assert board_rules.MACHINE.steps == board_rules.ROUND
    assert all(isinstance(step, Step) for step in board_rules.ROUND)
    assert (*(step.name for step in board_rules.ROUND), GAME_OVER) == board_rules.STEP_NAMES
    assert board_rules.MACHINE.limit == board_rules.ADVANCE_LIMIT
