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

Each move derives from the shared :class:`~nations_widget.core.moves.MoveBase`, which works
out the JSON form, the readable string and the parser from the fields; a field made with
``optional`` is left out of the JSON while it holds its default.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Literal

from ..core.envelope import quote
from ..core.moves import MoveBase as CoreMoveBase
from ..core.moves import MoveSet, Reader, defaulted, optional, required, whole_field
from .errors import MalformedMoveError

__all__ = [
    "MOVES",
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


def _payment(value: object, what: str) -> Payment:
    return Payment.from_json(value)


@dataclass(frozen=True)
class MoveBase(CoreMoveBase):
    """A move of the dice game: the shared :class:`~nations_widget.core.moves.MoveBase`,
    reading die numbers and payments too.

    ``sort_key()`` is the order of ``legal_moves()``: by type (pass, reroll, buy, build,
    books, feed, fight), then pass without pledge first, rerolls by die numbers, buys by
    tile id then by the building replaced, books using the most dice first, not paying
    before paying; payments break any remaining tie by their JSON."""

    readers: ClassVar[Mapping[Any, Reader]] = {tuple[int, ...]: _ints, Payment: _payment}


@dataclass(frozen=True)
class Pass(MoveBase):
    """End your actions for this round.  ``pledge`` (Accelerated variant only): dice you
    set aside to trade for food in the famine phase, two dice per food; hidden from the
    other players until everybody has passed.  ``bonus`` (Unrest expansion only): the id of
    the passing bonus taken; every passer but the last to pass takes one."""

    pledge: tuple[int, ...] = optional(())
    bonus: str | None = optional(None)
    type: ClassVar[str] = "pass"
    order: ClassVar[int] = 0

    def __post_init__(self) -> None:
        object.__setattr__(self, "pledge", tuple(sorted(self.pledge)))

    def _key(self) -> tuple[Any, ...]:
        return (self.pledge, self.bonus or "")

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

    dice: tuple[int, ...] = required((), what="reroll dice", needs="the dice to roll again")
    star: bool = optional(False, what="a reroll's 'star'")
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

    tile: str = required("", needs="the id of the tile to buy")
    payment: Payment = defaulted(Payment())
    replaces: str | None = optional(None)
    returned_dice: tuple[int, ...] | None = optional(None)
    returned_used_rerolls: int | None = optional(None)
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

    def __str__(self) -> str:
        text = f"buy {self.tile} paying {self.payment}"
        if self.replaces:
            text += f" replacing {self.replaces}"
        return text


@dataclass(frozen=True)
class Build(MoveBase):
    """Pay stone to finish the wonder under construction."""

    payment: Payment = defaulted(Payment())
    type: ClassVar[str] = "build"
    order: ClassVar[int] = 3
    text: ClassVar[str] = "build wonder paying {payment}"

    def _key(self) -> tuple[Any, ...]:
        return (self.to_json_str(),)


@dataclass(frozen=True)
class Books(MoveBase):
    """Books phase: the book dice and the number of book chits you use."""

    dice: tuple[int, ...] = defaulted((), what="book dice")
    chits: int = defaulted(0, what="book chits")
    type: ClassVar[str] = "books"
    order: ClassVar[int] = 4

    def __post_init__(self) -> None:
        object.__setattr__(self, "dice", tuple(sorted(self.dice)))

    @classmethod
    def from_fields(cls, data: Mapping[str, Any]) -> Books:
        move = super().from_fields(data)
        if move.chits < 0:
            raise MalformedMoveError("book chits cannot be negative")
        return move

    def _key(self) -> tuple[Any, ...]:
        return (-len(self.dice), self.dice, -self.chits)

    def __str__(self) -> str:
        return f"use books {Payment(self.dice, self.chits)}"


@dataclass(frozen=True)
class Feed(MoveBase):
    """Famine phase: pay food (``None``: pay nothing and score nothing)."""

    payment: Payment | None = defaulted(None)
    type: ClassVar[str] = "feed"
    order: ClassVar[int] = 5

    def _key(self) -> tuple[Any, ...]:
        return (self.payment is not None, self.to_json_str())

    def __str__(self) -> str:
        return "do not feed" if self.payment is None else f"feed paying {self.payment}"


@dataclass(frozen=True)
class Fight(MoveBase):
    """War phase: pay strength (``None``: pay nothing and score nothing)."""

    payment: Payment | None = defaulted(None)
    type: ClassVar[str] = "fight"
    order: ClassVar[int] = 6

    def _key(self) -> tuple[Any, ...]:
        return (self.payment is not None, self.to_json_str())

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

    def __str__(self) -> str:
        return "unrest: reroll them" if self.choice == "reroll" else "unrest: set them aside"


UNREST_CHOICES: tuple[Literal["reroll", "set_aside"], ...] = ("reroll", "set_aside")

Move = Pass | Reroll | Buy | Build | Books | Feed | Fight | Unrest

MOVES: MoveSet[Move] = MoveSet([Pass, Reroll, Unrest, Buy, Build, Books, Feed, Fight])


def move_from_json(data: object) -> Move:
    """Parse a move from its JSON form (a dict, or a JSON text).

    >>> move_from_json('{"type": "reroll", "dice": [3, 1]}')
    Reroll(dice=(1, 3), star=False)
    >>> move_from_json({"type": "dance"})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    nations_widget.core.errors.MalformedMoveError: unknown move type 'dance' (expected ...)
    """
    return MOVES.parse(data)
