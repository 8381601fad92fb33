"""Moves: small immutable values with a JSON form and a short readable string.

Top-level actions of the action phase: :class:`Buy`, :class:`Deploy`, :class:`Hire`,
:class:`Special`, :class:`Pass`; :class:`Undeploy` is free (not an action: the turn goes
on).  :class:`Grow` answers the growth step.  Every follow-up decision (which slot a new
card takes, a golden age's choice, an event's choice, ...) is a :class:`Choose` of one of
the options ``legal_moves()`` lists; ``GameState.prompt()`` says what is asked.

>>> m = Deploy(2, "idle")
>>> str(m)
'deploy a worker from the resource area to slot 2'
>>> m.to_json()
{'type': 'deploy', 'slot': 2, 'source': 'idle'}
>>> move_from_json(m.to_json()) == m
True
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, ClassVar

from ..core.errors import MalformedMoveError
from ..core.moves import move_object, text_field, whole_field

__all__ = ["Buy", "Choose", "Deploy", "Grow", "Hire", "Move", "Pass", "Special", "Undeploy",
           "move_from_json"]


@dataclass(frozen=True)
class MoveBase:
    type: ClassVar[str] = ""
    order: ClassVar[int] = 0

    def to_json(self) -> dict[str, Any]:
        raise NotImplementedError

    def to_json_str(self) -> str:
        return json.dumps(self.to_json(), sort_keys=True, separators=(",", ":"))

    def sort_key(self) -> tuple[Any, ...]:
        """The order of ``legal_moves()``: by type (pass, grow, choose, buy, deploy,
        undeploy, hire, special), then by the move's own fields."""
        return (self.order, self._key())

    def _key(self) -> tuple[Any, ...]:
        return ()


@dataclass(frozen=True)
class Pass(MoveBase):
    """End your actions for this round (you take no more actions until the next)."""

    type: ClassVar[str] = "pass"
    order: ClassVar[int] = 0

    def to_json(self) -> dict[str, Any]:
        return {"type": "pass"}

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True)
class Grow(MoveBase):
    """Growth step: take a worker (``worker``: "food" or "stability", the section it comes
    from, or "free" for a worker returned on top of the track), or take the difficulty's
    bonus of one resource (``bonus``: "gold", "stone" or "food")."""

    worker: str | None = None
    bonus: str | None = None
    type: ClassVar[str] = "grow"
    order: ClassVar[int] = 1

    def _key(self) -> tuple[Any, ...]:
        return (self.worker or "", self.bonus or "")

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": "grow"}
        if self.worker is not None:
            out["worker"] = self.worker
        if self.bonus is not None:
            out["bonus"] = self.bonus
        return out

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

    def _key(self) -> tuple[Any, ...]:
        return (self.option,)

    def to_json(self) -> dict[str, Any]:
        return {"type": "choose", "option": self.option}

    def __str__(self) -> str:
        return f"choose {self.option}"


@dataclass(frozen=True)
class Buy(MoveBase):
    """Buy a card from the progress board (its row is its price: 3, 2 or 1 gold)."""

    card: str = ""
    type: ClassVar[str] = "buy"
    order: ClassVar[int] = 3

    def _key(self) -> tuple[Any, ...]:
        return (self.card,)

    def to_json(self) -> dict[str, Any]:
        return {"type": "buy", "card": self.card}

    def __str__(self) -> str:
        return f"buy {self.card}"


@dataclass(frozen=True)
class Deploy(MoveBase):
    """Deploy one worker on the building or military in ``slot`` (0-4), paying its stone.
    ``source``: "idle" (the resource area) or the slot number, as text, it is moved from."""

    slot: int = 0
    source: str = "idle"
    type: ClassVar[str] = "deploy"
    order: ClassVar[int] = 4

    def _key(self) -> tuple[Any, ...]:
        return (self.slot, self.source)

    def to_json(self) -> dict[str, Any]:
        return {"type": "deploy", "slot": self.slot, "source": self.source}

    def __str__(self) -> str:
        where = "the resource area" if self.source == "idle" else f"slot {self.source}"
        return f"deploy a worker from {where} to slot {self.slot}"


@dataclass(frozen=True)
class Undeploy(MoveBase):
    """Move ``count`` workers from ``slot`` back to the resource area (free, any time on
    your turn; not an action)."""

    slot: int = 0
    count: int = 1
    type: ClassVar[str] = "undeploy"
    order: ClassVar[int] = 5

    def _key(self) -> tuple[Any, ...]:
        return (self.slot, self.count)

    def to_json(self) -> dict[str, Any]:
        return {"type": "undeploy", "slot": self.slot, "count": self.count}

    def __str__(self) -> str:
        return f"undeploy {self.count} from slot {self.slot}"


@dataclass(frozen=True)
class Hire(MoveBase):
    """Hire an architect for the next section of your wonder under construction (a private
    architect of yours first, else one from the scoring board), paying its stone."""

    type: ClassVar[str] = "hire"
    order: ClassVar[int] = 6

    def to_json(self) -> dict[str, Any]:
        return {"type": "hire"}

    def __str__(self) -> str:
        return "hire an architect"


@dataclass(frozen=True)
class Special(MoveBase):
    """Use the special action printed on one of your cards."""

    card: str = ""
    type: ClassVar[str] = "special"
    order: ClassVar[int] = 7

    def _key(self) -> tuple[Any, ...]:
        return (self.card,)

    def to_json(self) -> dict[str, Any]:
        return {"type": "special", "card": self.card}

    def __str__(self) -> str:
        return f"use the action of {self.card}"


Move = Pass | Grow | Choose | Buy | Deploy | Undeploy | Hire | Special

_FIELDS: dict[str, set[str]] = {
    "pass": set(), "grow": {"worker", "bonus"}, "choose": {"option"}, "buy": {"card"},
    "deploy": {"slot", "source"}, "undeploy": {"slot", "count"}, "hire": set(),
    "special": {"card"},
}






def move_from_json(data: object) -> Move:
    """Parse a move from its JSON form (a dict, or JSON text).

    >>> move_from_json('{"type": "buy", "card": "forum"}')
    Buy(card='forum')
    >>> move_from_json({"type": "dance"})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    nations_widget.core.errors.MalformedMoveError: unknown move type 'dance' (expected ...)
    """
    kind, data = move_object(data, _FIELDS)
    if kind == "pass":
        return Pass()
    if kind == "hire":
        return Hire()
    if kind == "grow":
        worker, bonus = data.get("worker"), data.get("bonus")
        if (worker is None) == (bonus is None):
            raise MalformedMoveError("a grow move takes either 'worker' or 'bonus'")
        return Grow(None if worker is None else text_field(worker, "worker"),
                    None if bonus is None else text_field(bonus, "bonus"))
    if kind == "choose":
        return Choose(text_field(data.get("option"), "option"))
    if kind == "buy":
        return Buy(text_field(data.get("card"), "card"))
    if kind == "special":
        return Special(text_field(data.get("card"), "card"))
    if kind == "deploy":
        return Deploy(whole_field(data.get("slot"), "slot"),
                      text_field(data.get("source", "idle"), "source"))
    return Undeploy(whole_field(data.get("slot"), "slot"),
                    whole_field(data.get("count", 1), "count"))
