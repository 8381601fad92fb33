"""Moves: small immutable values with a JSON form and a short readable string.

A move carries every choice a player makes in one decision: which dice to reroll, which
tile to buy and how to pay for it, which building it replaces, and so on.  Moves know
nothing of the state; :meth:`nations_widget.dice.GameState.describe` gives the long
form with tile names and die faces.

>>> m = Buy("t1-03", Payment(dice=(7, 2)), replaces="start-farm")
>>> m.payment.dice          # normalised: sorted
(2, 7)
>>> str(m)
'buy t1-03 paying d2+d7 replacing start-farm'
>>> move_from_json(m.to_json()) == m
True
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, ClassVar, Literal

from ..core.envelope import quote
from ..core.moves import move_object, text_field, whole_field
from .errors import MalformedMoveError

#: The longest move text accepted (a move is well under 1 KB).

__all__ = [
    "Books",
    "Build",
    "Buy",
    "Feed",
    "Fight",
    "Move",
    "MoveBase",
    "Pass",
    "Payment",
    "Reroll",
    "Unrest",
    "move_from_json",
]


def _ints(value: object, what: str) -> tuple[int, ...]:
    if not isinstance(value, (list, tuple)):
        raise MalformedMoveError(f"{what} must be a list of die numbers")
    out = []
    for v in value:
        if isinstance(v, bool) or not isinstance(v, int):
            raise MalformedMoveError(f"{what} must contain whole die numbers, got {quote(repr(v))}")
        out.append(v)
    return tuple(out)




@dataclass(frozen=True)
class Payment:
    """What a player hands over: dice (by number), chits of the needed kind, and trades.

    Each trade is a pair of dice that stand in for one gold, stone or food.
    """

    dice: tuple[int, ...] = ()
    chits: int = 0
    trades: tuple[tuple[int, int], ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "dice", tuple(sorted(self.dice)))
        pairs = tuple(sorted(tuple(sorted(p)) for p in self.trades))
        object.__setattr__(self, "trades", pairs)

    @classmethod
    def of_sorted(cls, dice: tuple[int, ...], chits: int,
                  trades: tuple[tuple[int, int], ...]) -> Payment:
        """Fast constructor for parts already in canonical order (move generation)."""
        pay = object.__new__(cls)
        # one dict update instead of three frozen-field writes: move generation makes many
        pay.__dict__.update(dice=dice, chits=chits, trades=trades)
        return pay

    def all_dice(self) -> tuple[int, ...]:
        """Every die handed over: those paying directly, then those traded."""
        if not self.trades:
            return self.dice
        return self.dice + tuple(d for pair in self.trades for d in pair)

    def to_json(self) -> dict[str, Any]:
        return {"dice": list(self.dice), "chits": self.chits,
                "trades": [list(p) for p in self.trades]}

    @staticmethod
    def from_json(data: object) -> Payment:
        if not isinstance(data, dict):
            raise MalformedMoveError("payment must be an object with dice, chits and trades")
        unknown = set(data) - {"dice", "chits", "trades"}
        if unknown:
            raise MalformedMoveError(f"payment has unknown field(s): {', '.join(sorted(unknown))}")
        dice = _ints(data.get("dice", []), "payment dice")
        chits = whole_field(data.get("chits", 0), "payment chits")
        if chits < 0:
            raise MalformedMoveError("payment chits cannot be negative")
        raw = data.get("trades", [])
        if not isinstance(raw, (list, tuple)):
            raise MalformedMoveError("payment trades must be a list of die pairs")
        trades = []
        for pair in raw:
            p = _ints(pair, "a trade")
            if len(p) != 2:
                raise MalformedMoveError("each trade is exactly two dice")
            trades.append((p[0], p[1]))
        return Payment(dice, chits, tuple(trades))

    def __str__(self) -> str:
        parts = [f"d{d}" for d in self.dice]
        if self.chits:
            parts.append(f"{self.chits} chit" + ("s" if self.chits > 1 else ""))
        parts += [f"trade(d{a}+d{b})" for a, b in self.trades]
        return "+".join(parts) if parts else "nothing"


@dataclass(frozen=True)
class MoveBase:
    type: ClassVar[str] = ""
    order: ClassVar[int] = 0

    def to_json(self) -> dict[str, Any]:
        raise NotImplementedError

    def to_json_str(self) -> str:
        return json.dumps(self.to_json(), sort_keys=True, separators=(",", ":"))

    def sort_key(self) -> tuple[Any, ...]:
        """The order of ``legal_moves()``: by type (pass, reroll, buy, build, books, feed,
        fight), then pass without pledge first, rerolls by die numbers, buys by tile id
        then by the building replaced, books using the most dice first, not paying before
        paying; payments break any remaining tie by their JSON."""
        return (self.order, *self._key())

    def _key(self) -> tuple[Any, ...]:
        raise NotImplementedError


@dataclass(frozen=True)
class Pass(MoveBase):
    """End your actions for this round.  ``pledge`` (Accelerated variant only): dice you
    set aside to trade for food in the famine phase, two dice per food; hidden from the
    other players until everybody has passed.  ``bonus`` (Unrest expansion only): the id of
    the passing bonus taken; every passer but the last to pass takes one."""

    pledge: tuple[int, ...] = ()
    bonus: str | None = None
    type: ClassVar[str] = "pass"
    order: ClassVar[int] = 0

    def __post_init__(self) -> None:
        object.__setattr__(self, "pledge", tuple(sorted(self.pledge)))

    def _key(self) -> tuple[Any, ...]:
        return (self.pledge, self.bonus or "")

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": "pass"}
        if self.pledge:
            out["pledge"] = list(self.pledge)
        if self.bonus is not None:
            out["bonus"] = self.bonus
        return out

    def __str__(self) -> str:
        text = "pass"
        if self.pledge:
            text += ", trading " + "+".join(f"d{d}" for d in self.pledge) + " for food"
        if self.bonus is not None:
            text += f", taking bonus {self.bonus}"
        return text


@dataclass(frozen=True)
class Reroll(MoveBase):
    """Spend a reroll chit to roll again the chosen unused dice.  ``star`` (Unrest
    expansion only): spend a star-marked reroll chit instead, which costs no action."""

    dice: tuple[int, ...] = ()
    star: bool = False
    type: ClassVar[str] = "reroll"
    order: ClassVar[int] = 1

    def __post_init__(self) -> None:
        object.__setattr__(self, "dice", tuple(sorted(self.dice)))

    @classmethod
    def of_sorted(cls, dice: tuple[int, ...], star: bool = False) -> Reroll:
        """Fast constructor for dice already in order (move generation makes many)."""
        move = object.__new__(cls)
        move.__dict__.update(dice=dice, star=star)
        return move

    def _key(self) -> tuple[Any, ...]:
        return (self.star, self.dice)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": "reroll", "dice": list(self.dice)}
        if self.star:
            out["star"] = True
        return out

    def __str__(self) -> str:
        return ("star reroll " if self.star else "reroll ") + "+".join(
            f"d{d}" for d in self.dice)


@dataclass(frozen=True)
class Buy(MoveBase):
    """Buy a tile from the progress board (its row is its price).

    ``replaces``: for a building, the id of your building it replaces (required).
    ``returned_dice``: for a building, which of your dice of the old building's colour go
    back to the supply (default: used ones first, then the least useful unused ones).
    ``returned_used_rerolls``: for an advisor, how many of the old advisor's reroll chits
    you give back from your used ones (default: as many as possible).
    """

    tile: str = ""
    payment: Payment = field(default_factory=Payment)
    replaces: str | None = None
    returned_dice: tuple[int, ...] | None = None
    returned_used_rerolls: int | None = None
    type: ClassVar[str] = "buy"
    order: ClassVar[int] = 2

    def __post_init__(self) -> None:
        if self.returned_dice is not None:
            object.__setattr__(self, "returned_dice", tuple(sorted(self.returned_dice)))

    @classmethod
    def of(cls, tile: str, payment: Payment, replaces: str | None = None) -> Buy:
        """Fast constructor for move generation (no defaults to normalise)."""
        move = object.__new__(cls)
        move.__dict__.update(tile=tile, payment=payment, replaces=replaces,
                             returned_dice=None, returned_used_rerolls=None)
        return move

    def _key(self) -> tuple[Any, ...]:
        return (self.tile, self.replaces or "", self.to_json_str())

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": "buy", "tile": self.tile, "payment": self.payment.to_json()}
        if self.replaces is not None:
            out["replaces"] = self.replaces
        if self.returned_dice is not None:
            out["returned_dice"] = list(self.returned_dice)
        if self.returned_used_rerolls is not None:
            out["returned_used_rerolls"] = self.returned_used_rerolls
        return out

    def __str__(self) -> str:
        text = f"buy {self.tile} paying {self.payment}"
        if self.replaces:
            text += f" replacing {self.replaces}"
        return text


@dataclass(frozen=True)
class Build(MoveBase):
    """Pay stone to finish the wonder under construction."""

    payment: Payment = field(default_factory=Payment)
    type: ClassVar[str] = "build"
    order: ClassVar[int] = 3

    def _key(self) -> tuple[Any, ...]:
        return (self.to_json_str(),)

    def to_json(self) -> dict[str, Any]:
        return {"type": "build", "payment": self.payment.to_json()}

    def __str__(self) -> str:
        return f"build wonder paying {self.payment}"


@dataclass(frozen=True)
class Books(MoveBase):
    """Books phase: the book dice and the number of book chits you use."""

    dice: tuple[int, ...] = ()
    chits: int = 0
    type: ClassVar[str] = "books"
    order: ClassVar[int] = 4

    def __post_init__(self) -> None:
        object.__setattr__(self, "dice", tuple(sorted(self.dice)))

    def _key(self) -> tuple[Any, ...]:
        return (-len(self.dice), self.dice, -self.chits)

    def to_json(self) -> dict[str, Any]:
        return {"type": "books", "dice": list(self.dice), "chits": self.chits}

    def __str__(self) -> str:
        return f"use books {Payment(self.dice, self.chits)}"


@dataclass(frozen=True)
class Feed(MoveBase):
    """Famine phase: pay food (``None``: pay nothing and score nothing)."""

    payment: Payment | None = None
    type: ClassVar[str] = "feed"
    order: ClassVar[int] = 5

    def _key(self) -> tuple[Any, ...]:
        return (self.payment is not None, self.to_json_str())

    def to_json(self) -> dict[str, Any]:
        return {"type": "feed",
                "payment": None if self.payment is None else self.payment.to_json()}

    def __str__(self) -> str:
        return "do not feed" if self.payment is None else f"feed paying {self.payment}"


@dataclass(frozen=True)
class Fight(MoveBase):
    """War phase: pay strength (``None``: pay nothing and score nothing)."""

    payment: Payment | None = None
    type: ClassVar[str] = "fight"
    order: ClassVar[int] = 6

    def _key(self) -> tuple[Any, ...]:
        return (self.payment is not None, self.to_json_str())

    def to_json(self) -> dict[str, Any]:
        return {"type": "fight",
                "payment": None if self.payment is None else self.payment.to_json()}

    def __str__(self) -> str:
        return "do not fight" if self.payment is None else f"fight paying {self.payment}"


@dataclass(frozen=True)
class Unrest(MoveBase):
    """Unrest expansion: settle the Unrest shown by green dice at the start of a turn.
    ``choice`` "reroll": roll all of them again, which is the turn's action (no reroll chit
    is spent); "set_aside": move all of them to the used area, at no action cost, then take
    a normal action."""

    choice: Literal["reroll", "set_aside"] = "reroll"
    type: ClassVar[str] = "unrest"
    order: ClassVar[int] = 7

    def _key(self) -> tuple[Any, ...]:
        return (self.choice,)

    def to_json(self) -> dict[str, Any]:
        return {"type": "unrest", "choice": self.choice}

    def __str__(self) -> str:
        return "unrest: reroll them" if self.choice == "reroll" else "unrest: set them aside"


UNREST_CHOICES: tuple[Literal["reroll", "set_aside"], ...] = ("reroll", "set_aside")

Move = Pass | Reroll | Buy | Build | Books | Feed | Fight | Unrest

_FIELDS: dict[str, set[str]] = {
    "pass": {"pledge", "bonus"},
    "reroll": {"dice", "star"},
    "unrest": {"choice"},
    "buy": {"tile", "payment", "replaces", "returned_dice", "returned_used_rerolls"},
    "build": {"payment"},
    "books": {"dice", "chits"},
    "feed": {"payment"},
    "fight": {"payment"},
}


def move_from_json(data: object) -> Move:
    """Parse a move from its JSON form (a dict, or a JSON text).

    >>> move_from_json('{"type": "reroll", "dice": [3, 1]}')
    Reroll(dice=(1, 3), star=False)
    >>> move_from_json({"type": "dance"})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    nations_widget.core.errors.MalformedMoveError: unknown move type 'dance' (expected ...)
    """
    kind, data = move_object(data, _FIELDS)
    if kind == "pass":
        bonus = data.get("bonus")
        return Pass(_ints(data.get("pledge", []), "pledge"),
                    None if bonus is None else text_field(bonus, "bonus"))
    if kind == "reroll":
        if "dice" not in data:
            raise MalformedMoveError("a reroll needs 'dice': the dice to roll again")
        star = data.get("star", False)
        if not isinstance(star, bool):
            raise MalformedMoveError(f"a reroll's 'star' is true or false, got {quote(repr(star))}")
        return Reroll(_ints(data["dice"], "reroll dice"), star)
    if kind == "unrest":
        choice = data.get("choice")
        if choice not in UNREST_CHOICES:
            raise MalformedMoveError(
                f"an unrest move's 'choice' is 'reroll' or 'set_aside', got {quote(repr(choice))}")
        return Unrest(choice)
    if kind == "buy":
        if "tile" not in data:
            raise MalformedMoveError("a buy needs 'tile': the id of the tile to buy")
        replaces = data.get("replaces")
        returned = data.get("returned_dice")
        used = data.get("returned_used_rerolls")
        return Buy(
            text_field(data["tile"], "tile"),
            Payment.from_json(data.get("payment", {})),
            None if replaces is None else text_field(replaces, "replaces"),
            None if returned is None else _ints(returned, "returned_dice"),
            None if used is None else whole_field(used, "returned_used_rerolls"),
        )
    if kind == "build":
        return Build(Payment.from_json(data.get("payment", {})))
    if kind == "books":
        chits = whole_field(data.get("chits", 0), "book chits")
        if chits < 0:
            raise MalformedMoveError("book chits cannot be negative")
        return Books(_ints(data.get("dice", []), "book dice"), chits)
    pay = data.get("payment")
    payment = None if pay is None else Payment.from_json(pay)
    return Feed(payment) if kind == "feed" else Fight(payment)
