"""Moves: small immutable values with a JSON form and a short readable string.

Top-level actions of the action phase: :class:`Buy`, :class:`Deploy`, :class:`Hire`,
:class:`Special`, :class:`Pass`; :class:`Undeploy` is free (not an action: the turn goes
on).  :class:`Grow` answers the growth step.  Every follow-up decision (which slot a new
card takes, a golden age's choice, an event's choice, ...) is a :class:`Choose` of one of
the options ``legal_moves()`` lists; ``GameState.prompt()`` says what is asked.  Each
derives from the shared :class:`~nations_widget.core.moves.MoveBase`, which works out the
JSON form, the readable string and the parser from the fields.

>>> m = Deploy(2, "idle")
>>> str(m)
'deploy a worker from the resource area to slot 2'
>>> m.to_json()
{'type': 'deploy', 'slot': 2, 'source': 'idle'}
>>> move_from_json(m.to_json()) == m
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from ..core.errors import MalformedMoveError
from ..core.moves import MoveBase as CoreMoveBase
from ..core.moves import MoveSet, defaulted, optional

__all__ = ["MOVES", "Buy", "Choose", "Deploy", "Grow", "Hire", "Move", "MoveBase", "Pass",
           "Special", "Undeploy", "move_from_json"]


@dataclass(frozen=True)
class MoveBase(CoreMoveBase):
    """A move of the board game (the shared move base, as its own class so that a dice
    move is never taken for one).  ``sort_key()`` is the order of ``legal_moves()``: by
    type (pass, grow, choose, buy, deploy, undeploy, hire, special), then by the move's
    own fields."""


@dataclass(frozen=True)
class Pass(MoveBase):
    """End your actions for this round (you take no more actions until the next)."""

    type: ClassVar[str] = "pass"
    order: ClassVar[int] = 0
    text: ClassVar[str] = "pass"


@dataclass(frozen=True)
class Grow(MoveBase):
    """Growth step: take a worker (``worker``: "food" or "stability", the section it comes
    from, or "free" for a worker returned on top of the track), or take the difficulty's
    bonus of one resource (``bonus``: "gold", "stone" or "food")."""

    worker: str | None = optional(None)
    bonus: str | None = optional(None)
    type: ClassVar[str] = "grow"
    order: ClassVar[int] = 1

    @classmethod
    def from_fields(cls, data: Mapping[str, Any]) -> Grow:
        if (data.get("worker") is None) == (data.get("bonus") is None):
            raise MalformedMoveError("a grow move takes either 'worker' or 'bonus'")
        return super().from_fields(data)

    def _key(self) -> tuple[Any, ...]:
        return (self.worker or "", self.bonus or "")

    def __str__(self) -> str:
        if self.worker is not None:
            return f"grow: take a worker ({self.worker})"
        return f"grow: take the bonus in {self.bonus}"


@dataclass(frozen=True)
class Choose(MoveBase):
    """Answer the decision being asked with one of the listed options."""

    option: str = ""
    type: ClassVar[str] = "choose"
    order: ClassVar[int] = 2
    text: ClassVar[str] = "choose {option}"

    def _key(self) -> tuple[Any, ...]:
        return (self.option,)


@dataclass(frozen=True)
class Buy(MoveBase):
    """Buy a card from the progress board (its row is its price: 3, 2 or 1 gold)."""

    card: str = ""
    type: ClassVar[str] = "buy"
    order: ClassVar[int] = 3
    text: ClassVar[str] = "buy {card}"

    def _key(self) -> tuple[Any, ...]:
        return (self.card,)


@dataclass(frozen=True)
class Deploy(MoveBase):
    """Deploy one worker on the building or military in ``slot`` (0-4), paying its stone.
    ``source``: "idle" (the resource area) or the slot number, as text, it is moved from."""

    slot: int = 0
    source: str = defaulted("idle")
    type: ClassVar[str] = "deploy"
    order: ClassVar[int] = 4

    def _key(self) -> tuple[Any, ...]:
        return (self.slot, self.source)

    def __str__(self) -> str:
        where = "the resource area" if self.source == "idle" else f"slot {self.source}"
        return f"deploy a worker from {where} to slot {self.slot}"


@dataclass(frozen=True)
class Undeploy(MoveBase):
    """Move ``count`` workers from ``slot`` back to the resource area (free, any time on
    your turn; not an action)."""

    slot: int = 0
    count: int = defaulted(1)
    type: ClassVar[str] = "undeploy"
    order: ClassVar[int] = 5
    free: ClassVar[bool] = True
    text: ClassVar[str] = "undeploy {count} from slot {slot}"

    def _key(self) -> tuple[Any, ...]:
        return (self.slot, self.count)


@dataclass(frozen=True)
class Hire(MoveBase):
    """Hire an architect for the next section of your wonder under construction (a private
    architect of yours first, else one from the scoring board), paying its stone."""

    type: ClassVar[str] = "hire"
    order: ClassVar[int] = 6
    text: ClassVar[str] = "hire an architect"


@dataclass(frozen=True)
class Special(MoveBase):
    """Use the special action printed on one of your cards."""

    card: str = ""
    type: ClassVar[str] = "special"
    order: ClassVar[int] = 7
    text: ClassVar[str] = "use the action of {card}"

    def _key(self) -> tuple[Any, ...]:
        return (self.card,)


Move = Pass | Grow | Choose | Buy | Deploy | Undeploy | Hire | Special

MOVES: MoveSet[Move] = MoveSet(
    [Pass, Grow, Choose, Buy, Deploy, Undeploy, Hire, Special])


def move_from_json(data: object) -> Move:
    """Parse a move from its JSON form (a dict, or JSON text).

    >>> move_from_json('{"type": "buy", "card": "forum"}')
    Buy(card='forum')
    >>> move_from_json({"type": "dance"})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    nations_widget.core.errors.MalformedMoveError: unknown move type 'dance' (expected ...)
    """
    return MOVES.parse(data)
