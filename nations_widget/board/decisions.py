"""The decisions a game can wait for: one small frozen value per kind.

A decision is asked of one seat (``seat``); what it is about is in its fields (the card
to place, the event cards drawn, an effect's answers so far).  The state keeps them in
``queue``: the first one's seat is the current player.  Each kind has its options, its
answer and its question in :mod:`~nations_widget.board.rules` (tables keyed by the kind's
class), and its JSON form here: the flat list ``[kind, seat, *arguments]`` saves have
always held, cards, event cards and solo tiles by their ids.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar, Protocol

# How a decision names what it holds in JSON: a card ref, an event ref, a tile index -> id.
Ids = Callable[[int], Any]


class Refs(Protocol):
    """How a decision reads its JSON: each field checked and turned into the engine's
    value (a card id into its index), a refusal (a ``StateFormatError``) naming the
    field ``where`` and saying why."""

    def seat(self, value: object, where: str) -> int: ...
    def whole(self, value: object, where: str, low: int, high: int) -> int: ...
    def answers(self, value: object, where: str) -> tuple[int, ...]: ...
    def card(self, value: object, where: str) -> int: ...
    def drawn_events(self, value: object, where: str) -> tuple[int, ...]: ...
    def drawn_tiles(self, value: object, where: str) -> tuple[int, ...]: ...
    def one_of(self, value: object, where: str, options: tuple[str, ...]) -> str: ...


@dataclass(frozen=True)
class GrowChoice:
    """Growth: a worker from a population section, or a bonus resource."""

    kind: ClassVar[str] = "grow"
    size: ClassVar[int] = 2
    waits_in: ClassVar[tuple[str, ...] | None] = ("maintenance.growth",)
    seat: int

    def to_json(self, card: Ids, event: Ids, tile: Ids) -> list[Any]:
        return [self.kind, self.seat]

    @classmethod
    def from_json(cls, d: list[Any], where: str, refs: Refs) -> GrowChoice:
        return cls(refs.seat(d[1], f"{where}[1]"))


@dataclass(frozen=True)
class SideChoice:
    """Setup (sides "choose"): a drawn board and its side."""

    kind: ClassVar[str] = "side"
    size: ClassVar[int] = 2
    waits_in: ClassVar[tuple[str, ...] | None] = ("maintenance.round",)
    seat: int

    def to_json(self, card: Ids, event: Ids, tile: Ids) -> list[Any]:
        return [self.kind, self.seat]

    @classmethod
    def from_json(cls, d: list[Any], where: str, refs: Refs) -> SideChoice:
        return cls(refs.seat(d[1], f"{where}[1]"))


@dataclass(frozen=True)
class EventPick:
    """Which of the event cards drawn (a card drawing several) is played."""

    kind: ClassVar[str] = "pick_event"
    size: ClassVar[int] = 3
    waits_in: ClassVar[tuple[str, ...] | None] = ("maintenance.event",)
    seat: int
    events: tuple[int, ...]

    def to_json(self, card: Ids, event: Ids, tile: Ids) -> list[Any]:
        return [self.kind, self.seat, [event(e) for e in self.events]]

    @classmethod
    def from_json(cls, d: list[Any], where: str, refs: Refs) -> EventPick:
        return cls(refs.seat(d[1], f"{where}[1]"), refs.drawn_events(d[2], f"{where}[2]"))


@dataclass(frozen=True)
class TilePick:
    """The solo game: which of the solo tiles drawn is played."""

    kind: ClassVar[str] = "pick_tile"
    size: ClassVar[int] = 3
    waits_in: ClassVar[tuple[str, ...] | None] = ("maintenance.event",)
    seat: int
    tiles: tuple[int, ...]

    def to_json(self, card: Ids, event: Ids, tile: Ids) -> list[Any]:
        return [self.kind, self.seat, [tile(t) for t in self.tiles]]

    @classmethod
    def from_json(cls, d: list[Any], where: str, refs: Refs) -> TilePick:
        return cls(refs.seat(d[1], f"{where}[1]"), refs.drawn_tiles(d[2], f"{where}[2]"))


@dataclass(frozen=True)
class PlaceBm:
    """Which building or military slot a new card (bought for ``price`` gold) takes."""

    kind: ClassVar[str] = "place_bm"
    size: ClassVar[int] = 4
    waits_in: ClassVar[tuple[str, ...] | None] = None
    card_types: ClassVar[tuple[str, ...]] = ("building", "military")
    seat: int
    card: int
    price: int

    def to_json(self, card: Ids, event: Ids, tile: Ids) -> list[Any]:
        return [self.kind, self.seat, card(self.card), self.price]

    @classmethod
    def from_json(cls, d: list[Any], where: str, refs: Refs) -> PlaceBm:
        return cls(refs.seat(d[1], f"{where}[1]"), refs.card(d[2], f"{where}[2]"),
                   refs.whole(d[3], f"{where}[3]", 0, 100))


@dataclass(frozen=True)
class PlaceColony:
    """Which colony a new one replaces (no colony space left)."""

    kind: ClassVar[str] = "place_colony"
    size: ClassVar[int] = 3
    waits_in: ClassVar[tuple[str, ...] | None] = None
    card_types: ClassVar[tuple[str, ...]] = ("colony",)
    seat: int
    card: int

    def to_json(self, card: Ids, event: Ids, tile: Ids) -> list[Any]:
        return [self.kind, self.seat, card(self.card)]

    @classmethod
    def from_json(cls, d: list[Any], where: str, refs: Refs) -> PlaceColony:
        return cls(refs.seat(d[1], f"{where}[1]"), refs.card(d[2], f"{where}[2]"))


@dataclass(frozen=True)
class PlaceAdvisor:
    """Which advisor a new one replaces (several advisor spaces, all taken)."""

    kind: ClassVar[str] = "place_advisor"
    size: ClassVar[int] = 3
    waits_in: ClassVar[tuple[str, ...] | None] = None
    card_types: ClassVar[tuple[str, ...]] = ("advisor",)
    seat: int
    card: int

    def to_json(self, card: Ids, event: Ids, tile: Ids) -> list[Any]:
        return [self.kind, self.seat, card(self.card)]

    @classmethod
    def from_json(cls, d: list[Any], where: str, refs: Refs) -> PlaceAdvisor:
        return cls(refs.seat(d[1], f"{where}[1]"), refs.card(d[2], f"{where}[2]"))


@dataclass(frozen=True)
class PlaceWonder:
    """Where a completed wonder goes among the ready ones (a free space, or over one)."""

    kind: ClassVar[str] = "place_wonder"
    size: ClassVar[int] = 3
    waits_in: ClassVar[tuple[str, ...] | None] = None
    card_types: ClassVar[tuple[str, ...]] = ("wonder",)
    seat: int
    card: int

    def to_json(self, card: Ids, event: Ids, tile: Ids) -> list[Any]:
        return [self.kind, self.seat, card(self.card)]

    @classmethod
    def from_json(cls, d: list[Any], where: str, refs: Refs) -> PlaceWonder:
        return cls(refs.seat(d[1], f"{where}[1]"), refs.card(d[2], f"{where}[2]"))


@dataclass(frozen=True)
class BattleSpoils:
    """Which resource a battle brings (``raid`` of it)."""

    kind: ClassVar[str] = "battle"
    size: ClassVar[int] = 4
    waits_in: ClassVar[tuple[str, ...] | None] = None
    card_types: ClassVar[tuple[str, ...]] = ("battle",)
    seat: int
    card: int
    raid: int

    def to_json(self, card: Ids, event: Ids, tile: Ids) -> list[Any]:
        return [self.kind, self.seat, card(self.card), self.raid]

    @classmethod
    def from_json(cls, d: list[Any], where: str, refs: Refs) -> BattleSpoils:
        return cls(refs.seat(d[1], f"{where}[1]"), refs.card(d[2], f"{where}[2]"),
                   refs.whole(d[3], f"{where}[3]", 0, 100))


@dataclass(frozen=True)
class GoldenAgeChoice:
    """A golden age: its resource, or a VP bought."""

    kind: ClassVar[str] = "golden"
    size: ClassVar[int] = 3
    waits_in: ClassVar[tuple[str, ...] | None] = None
    card_types: ClassVar[tuple[str, ...]] = ("golden age",)
    seat: int
    card: int

    def to_json(self, card: Ids, event: Ids, tile: Ids) -> list[Any]:
        return [self.kind, self.seat, card(self.card)]

    @classmethod
    def from_json(cls, d: list[Any], where: str, refs: Refs) -> GoldenAgeChoice:
        return cls(refs.seat(d[1], f"{where}[1]"), refs.card(d[2], f"{where}[2]"))


@dataclass(frozen=True)
class LoseOther:
    """No books left to lose: which other resource goes instead (``owed`` still due)."""

    kind: ClassVar[str] = "lose_other"
    size: ClassVar[int] = 3
    waits_in: ClassVar[tuple[str, ...] | None] = None
    seat: int
    owed: int

    def to_json(self, card: Ids, event: Ids, tile: Ids) -> list[Any]:
        return [self.kind, self.seat, self.owed]

    @classmethod
    def from_json(cls, d: list[Any], where: str, refs: Refs) -> LoseOther:
        return cls(refs.seat(d[1], f"{where}[1]"), refs.whole(d[2], f"{where}[2]", 0, 100))


@dataclass(frozen=True)
class EffectChoice:
    """A choice inside an effect: of an event card (``origin`` "event", ``which`` its half
    0 or 1, ``index`` 1 for the nations the half selects, 0 for the others) or of a card
    (``origin`` "card", ``which`` the card, ``index`` its effect); ``answers``: the
    choices made so far."""

    kind: ClassVar[str] = "effect"
    size: ClassVar[int] = 6
    waits_in: ClassVar[tuple[str, ...] | None] = None
    seat: int
    origin: str
    which: int
    answers: tuple[int, ...]
    index: int

    def to_json(self, card: Ids, event: Ids, tile: Ids) -> list[Any]:
        which = card(self.which) if self.origin == "card" else self.which
        return [self.kind, self.seat, self.origin, which, list(self.answers), self.index]

    @classmethod
    def from_json(cls, d: list[Any], where: str, refs: Refs) -> EffectChoice:
        seat = refs.seat(d[1], f"{where}[1]")
        origin = refs.one_of(d[2], f"{where}[2]", ("event", "card"))
        which = (refs.whole(d[3], f"{where}[3]", 0, 1) if origin == "event"
                 else refs.card(d[3], f"{where}[3]"))
        return cls(seat, origin, which,
                   refs.answers(d[4], f"{where}[4]"), refs.whole(d[5], f"{where}[5]", 0, 20))


Decision = (GrowChoice | SideChoice | EventPick | TilePick | PlaceBm | PlaceColony
            | PlaceAdvisor | PlaceWonder | BattleSpoils | GoldenAgeChoice | LoseOther
            | EffectChoice)
# The decisions about a card that is in no other place while they wait (its ``card``): each
# is asked of the seat that just took the card (where it goes, what a battle brings, what a
# golden age gives), and a page answers it together with the move that took the card.
CardDecision = PlaceBm | PlaceColony | PlaceAdvisor | PlaceWonder | BattleSpoils | GoldenAgeChoice
CARD_DECISIONS: tuple[type[CardDecision], ...] = (PlaceBm, PlaceColony, PlaceAdvisor,
                                                  PlaceWonder, BattleSpoils, GoldenAgeChoice)
# Every kind by its name in JSON.
KINDS: dict[str, type[Decision]] = {k.kind: k for k in (
    GrowChoice, SideChoice, EventPick, TilePick, PlaceBm, PlaceColony, PlaceAdvisor,
    PlaceWonder, BattleSpoils, GoldenAgeChoice, LoseOther, EffectChoice)}
