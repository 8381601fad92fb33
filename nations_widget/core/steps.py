"""The round's steps declared as data, and the one function that walks them.

Both games play a fixed number of rounds, each a fixed list of steps (boardgame.io's
"phases as data"): a game declares its round once, as a tuple of :class:`Step` (each game's
step adds what it needs: who acts in it, what runs on entering it, which moves it
accepts), and :class:`RoundMachine` turns that list into the game's one transition
function, :meth:`RoundMachine.advance`: after every move it walks the steps, doing
everything automatic, until a player must decide or the game is over.

A game supplies four functions:

``settle(state, step, log) -> WAIT | DONE | AGAIN``
    the automatic work of the current step: :data:`WAIT` when a player must decide now,
    :data:`DONE` when the step is over (the walk enters the next one), :data:`AGAIN` when
    the step changed the state and must be looked at again (an answer queued another
    decision);
``enter(state, step)``
    what entering a step sets (whose turn, who is still to answer);
``last_round(state) -> int``
    how many rounds the game has (after the last round's last step the game is over);
``finish(state, log)``
    the end of the game (the state's step becomes :data:`GAME_OVER`).

The state keeps its place as ``state.step`` (a step's name, or :data:`GAME_OVER`) and
``state.round`` (from 1).  ``limit``: the most turns of the walk a position may take
before ``on_limit(state)`` raises (for rules in which a decision may queue another; None:
no bound, for rules in which every turn of the walk moves on).

>>> from types import SimpleNamespace
>>> ROUND = (Step("roll"), Step("score"))
>>> machine = RoundMachine(ROUND, settle=lambda s, step, log: DONE,
...                        enter=lambda s, step: setattr(s, "step", step.name),
...                        last_round=lambda s: 2,
...                        finish=lambda s, log: setattr(s, "step", GAME_OVER))
>>> machine.names
('roll', 'score', 'game_over')
>>> s = SimpleNamespace(step="roll", round=1)
>>> machine.advance(s, None); (s.step, s.round)
('game_over', 2)
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, NoReturn, TypeVar

#: the step of a game that is over
GAME_OVER = "game_over"

#: what a step's ``settle`` returns: a player must decide now
WAIT = "wait"
#: the step is over: enter the next one
DONE = "done"
#: the step changed the state: look at it again
AGAIN = "again"


@dataclass(frozen=True)
class Step:
    """One step of a round (a game's step class adds its own fields)."""

    name: str


StepT = TypeVar("StepT", bound=Step)


class RoundMachine(Generic[StepT]):
    """A game's round (its steps in order) and its transition function
    (:meth:`advance`); see the module docstring."""

    def __init__(self, steps: Sequence[StepT], *,
                 settle: Callable[[Any, StepT, Any], str],
                 enter: Callable[[Any, StepT], None],
                 last_round: Callable[[Any], int],
                 finish: Callable[[Any, Any], None],
                 limit: int | None = None,
                 on_limit: Callable[[Any], NoReturn] | None = None) -> None:
        if not steps:
            raise ValueError("a round needs at least one step")
        names = [step.name for step in steps]
        if len(set(names)) != len(names) or GAME_OVER in names:
            raise ValueError(f"each step needs its own name (not {GAME_OVER!r}): {names}")
        if (limit is None) != (on_limit is None):
            raise ValueError("a limit needs on_limit, which says why the walk stopped")
        self.steps: tuple[StepT, ...] = tuple(steps)
        #: the step names, then :data:`GAME_OVER` (every value ``state.step`` may hold)
        self.names: tuple[str, ...] = (*names, GAME_OVER)
        self.by_name: dict[str, StepT] = {step.name: step for step in steps}
        self.index: dict[str, int] = {name: i for i, name in enumerate(names)}
        #: the step after each one in the round (None after the last)
        self.after: dict[str, StepT | None] = {
            step.name: nxt for step, nxt in zip(steps, (*steps[1:], None), strict=True)}
        self.first: StepT = steps[0]
        self._settle = settle
        self._enter = enter
        self._last_round = last_round
        self._finish = finish
        self.limit = limit
        self._on_limit = on_limit

    def advance(self, s: Any, log: Any) -> None:
        """Walk the steps from ``s.step``, doing everything automatic, until a player
        must decide or the game is over."""
        by_name, after, settle = self.by_name, self.after, self._settle
        turns: Iterable[int] = itertools.count() if self.limit is None else range(self.limit)
        for _ in turns:
            name = s.step
            if name == GAME_OVER:
                return
            step = by_name[name]
            outcome = settle(s, step, log)
            if outcome == WAIT:
                return
            if outcome == AGAIN:
                continue
            nxt = after[name]
            if nxt is not None:
                self._enter(s, nxt)
            elif s.round < self._last_round(s):
                s.round += 1
                self._enter(s, self.first)
            else:
                self._finish(s, log)
        if s.step != GAME_OVER:
            assert self._on_limit is not None
            self._on_limit(s)


__all__ = ["AGAIN", "DONE", "GAME_OVER", "WAIT", "RoundMachine", "Step"]
