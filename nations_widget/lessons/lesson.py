"""One lesson's definition (:class:`Lesson`), apart from the list of lessons
(:mod:`nations_widget.lessons`), so that each game's lessons can import it without an
import circle through the package."""

from __future__ import annotations

import json
import pickle
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

Verdict = Literal["trying", "done", "wrong"]

#: a lesson without its own ``dead_end`` is searched for a way on when at most this many
#: of its moves are left (every legal continuation of the learner's)
SEARCH_MOVES = 3
#: ... and the search gives up (no early verdict: the learner plays on) past this many
#: positions tried
SEARCH_POSITIONS = 3000

#: the topics a game's lessons cover, in the order a round meets them
TOPICS = ("round", "buying", "dice", "workers", "food", "war", "end")


@dataclass(frozen=True)
class Lesson:
    """One lesson: what the panel shows, the table's position and how an answer is judged.

    ``check(before, moves, after)``: the start position, the moves played since, the
    position reached; True when the task is done.  ``show_me``: the moves (as JSON) of one
    right answer, played from the start position.  ``max_moves``: how many moves an answer
    may take before a position that fails the check counts as a wrong try.  A free move
    (the engine's ``free``: taking a worker back in the board game, which is not an action
    and leaves the turn going on) is not counted: a lesson that calls it free must not
    charge it as a step (:meth:`steps`).

    A step that no continuation can bring to the task is judged wrong at once, not when the
    moves are used up: ``dead_end(before, moves, after)``, when given, says so; else every
    continuation of the learner's within the moves left is tried (:data:`SEARCH_MOVES`,
    :data:`SEARCH_POSITIONS`; free moves any time).

    ``why(before, moves, after)``: what went wrong, in the player's words, given the moves
    up to the one that went wrong and the position after it (:meth:`verdict_words` says
    which move that was and puts it in a sentence); None or no ``why``: the general words
    (the task is not done and no way on from there reaches it)."""

    key: str
    game: Literal["dice", "board"]
    topic: str
    title: str
    explanation: tuple[str, ...]
    scenario: Mapping[str, Any]
    task: str
    hint: str
    show_me: tuple[Mapping[str, Any], ...]
    check: Callable[[Any, Sequence[Any], Any], bool]
    well_done: str
    max_moves: int = 1
    learner: int = 0
    #: the heading of the notebook section this lesson's text also serves ('' for none)
    notebook: str = ""
    extra: Mapping[str, Any] = field(default_factory=dict)
    dead_end: Callable[[Any, Sequence[Any], Any], bool] | None = None
    why: Callable[[Any, Sequence[Any], Any], str | None] | None = None

    def build(self) -> Any:
        """The lesson's start position (a fresh state each call)."""
        if self.game == "dice":
            from ..dice import scenario as dice_scenario
            return dice_scenario(dict(self.scenario))
        from ..board import scenario as board_scenario
        return board_scenario(dict(self.scenario))

    def parse_moves(self) -> list[Any]:
        """The show-me moves as the game's move objects."""
        if self.game == "dice":
            from ..dice.moves import move_from_json as dice_move
            return [dice_move(dict(m)) for m in self.show_me]
        from ..board import move_from_json as board_move
        return [board_move(dict(m)) for m in self.show_me]

    @staticmethod
    def steps(moves: Sequence[Any]) -> int:
        """How many of ``moves`` count against :attr:`max_moves`: free moves do not."""
        return sum(1 for move in moves if not move.free)

    def judge(self, before: Any, moves: Sequence[Any], after: Any) -> Verdict:
        """How an attempt stands (see the module docstring)."""
        if not moves:
            return "trying"
        if self.check(before, moves, after):
            return "done"
        if after.current_player() != self.learner:
            return "wrong"
        if self.cannot_succeed(before, moves, after):
            return "wrong"
        return "trying"

    def cannot_succeed(self, before: Any, moves: Sequence[Any], after: Any) -> bool:
        """No way on from ``after`` to the task within the moves left: with none left,
        none made of free moves only; else the lesson's own ``dead_end``, or a search of the
        learner's continuations (False when the search would be too long: the learner then
        hears when the moves are used up)."""
        left = self.max_moves - self.steps(moves)
        if left > 0 and self.dead_end is not None:
            return bool(self.dead_end(before, moves, after))
        if not 0 <= left <= SEARCH_MOVES:
            return left < 0
        tried = [0]
        try:
            return not self._way_on(before, list(moves), after, left, tried)
        except _TooLong:
            return left == 0    # only free moves were left to try, and too many of them

    def _way_on(self, before: Any, moves: list[Any], state: Any, left: int,
                tried: list[int], seen: set[tuple[Hashable, int]] | None = None) -> bool:
        """Some continuation of the learner's own, of at most ``left`` moves that count
        (free ones any time), passes the check.  A position reached again with as many
        moves left (free moves reach one by many orders) is not tried again: a check reads
        the position reached, not the order of the moves."""
        if state.is_terminal() or state.current_player() != self.learner:
            return False
        seen = set() if seen is None else seen
        for move in state.legal_moves():
            cost = 0 if move.free else 1
            if cost > left:
                continue
            trial = state.clone()
            trial.apply(move)
            key = (position_key(trial), left - cost)
            if key in seen:
                continue
            seen.add(key)
            tried[0] += 1
            if tried[0] > SEARCH_POSITIONS:
                raise _TooLong
            line = [*moves, move]
            if self.check(before, line, trial) or self._way_on(before, line, trial,
                                                               left - cost, tried, seen):
                return True
        return False

    def wrong_step(self, before: Any, moves: Sequence[Any]) -> int:
        """How many of ``moves`` (a wrong try) it took to go wrong: the first of them after
        which the attempt is judged wrong (the learner may have played on after it)."""
        state = before.clone()
        for n, move in enumerate(moves, start=1):
            state.apply(move)
            if self.judge(before, moves[:n], state) == "wrong":
                return n
        return len(moves)

    def verdict_words(self, before: Any, moves: Sequence[Any],
                      wrong_at: int | None = None) -> str:
        """What the panel says of a wrong try, in the player's words: the move that went
        wrong (by the engine's words for it), then why (the lesson's :attr:`why`, else the
        general words), then how to go on.  ``wrong_at``: how many of ``moves`` it took to
        go wrong, when the caller knows (else :meth:`wrong_step` works it out)."""
        if not moves:
            return ""
        n = wrong_at if wrong_at is not None and 0 < wrong_at <= len(moves) else \
            self.wrong_step(before, moves)
        prior = before.clone()
        for move in moves[:n - 1]:
            prior.apply(move)
        move = moves[n - 1]
        said = prior.describe(move)
        after = prior.clone()
        after.apply(move)
        reason = self.why(before, moves[:n], after) if self.why is not None else None
        if reason is None:
            reason = (f"that move does not do what the task asks. {self.task}"
                      if self.max_moves == 1 else
                      f"after it, no way within the {self.max_moves} moves this lesson gives "
                      f"(free ones aside) does what the task asks. {self.task}")
        which = "Your move" if self.steps(moves) <= 1 and len(moves) == 1 else \
            f"Your {_ordinal(n)} move"
        later = len(moves) - n
        undo = ("Undo it on the table" if not later else
                f"Undo {later + 1} moves on the table, back to before it")
        return (f"Not this way. {which}, \u201c{said}\u201d: {reason} {undo} (or Try again) "
                "and have another go.")

    def markdown(self) -> str:
        """The lesson's text for a notebook: its explanation, then where to play it."""
        body = "\n\n".join(self.explanation)
        return (f"{body}\n\n<small>The app's lesson *{self.title}* (its Learn entry) says "
                f"this and asks: {self.task} `learn_here(\"{self.key}\")` plays it here on a "
                "live table.</small>")

    def to_json(self) -> dict[str, Any]:
        """What the lesson panel shows (the check and the answer stay in Python)."""
        return {"key": self.key, "game": self.game, "topic": self.topic, "title": self.title,
                "explanation": list(self.explanation), "task": self.task}


def position_key(state: Any) -> Hashable:
    """A value equal for two states that hold the same data: the pickle of every slot of
    the state but the shared catalogue index ``comp`` (pickle writes what it is given
    faithfully, so two different states never share a key; two equal ones whose data was
    built in another order may not, which only costs the search a repeat).  Its JSON would
    do, at several times the cost (the board game's ``to_json`` names every card of every
    deck); a state without slots, or that pickle refuses, falls back to it."""
    names = _slots(type(state))
    if names:
        try:
            return pickle.dumps(tuple(getattr(state, name, None) for name in names),
                                protocol=pickle.HIGHEST_PROTOCOL)
        except (pickle.PicklingError, TypeError, AttributeError):
            pass
    return json.dumps(state.to_json(), sort_keys=True)


def _slots(cls: type) -> tuple[str, ...]:
    """The slots of ``cls`` and its bases, ``comp`` (the shared catalogue index) aside."""
    names = _SLOTS.get(cls)
    if names is None:
        names = _SLOTS[cls] = tuple(
            name for klass in cls.__mro__ for name in getattr(klass, "__slots__", ())
            if name != "comp" and not name.startswith("__"))
    return names


_SLOTS: dict[type, tuple[str, ...]] = {}


def _ordinal(n: int) -> str:
    return {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth"}.get(n, f"{n}th")


class _TooLong(Exception):
    """The search for a way on tried more than :data:`SEARCH_POSITIONS` positions."""


__all__ = ["SEARCH_MOVES", "SEARCH_POSITIONS", "TOPICS", "Lesson", "Verdict"]
