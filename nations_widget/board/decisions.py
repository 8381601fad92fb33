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
from typing import Any, ClassVar

# How a decision names what it holds in JSON: a card ref, an event ref, a tile index -> id.
Ids = Callable[[int], Any]


@dataclass(frozen=True)
class GrowChoice:
    """Growth: a worker from a population section, or a bonus resource."""

    kind: ClassVar[str] = "grow"
    seat: int

    def to_json(self, card: Ids, event: Ids, tile: Ids) -> list[Any]:
        return [self.kind, self.seat]


@dataclass(frozen=True)
class SideChoice:
    """Setup (sides "choose"): a drawn board and its side."""

    kind: ClassVar[str] = "side"
    seat: int

    def to_json(self, card: Ids, event: Ids, tile: Ids) -> list[Any]:
        return [self.kind, self.seat]


@dataclass(frozen=True)
class EventPick:
    """Which of the event cards drawn (a card drawing several) is played."""

    kind: ClassVar[str] = "pick_event"
    seat: int
    events: tuple[int, ...]

    def to_json(self, card: Ids, event: Ids, tile: Ids) -> list[Any]:
        return [self.kind, self.seat, [event(e) for e in self.events]]


@dataclass(frozen=True)
class TilePick:
    """The solo game: which of the solo tiles drawn is played."""

    kind: ClassVar[str] = "pick_tile"
    seat: int
    tiles: tuple[int, ...]

    def to_json(self, card: Ids, event: Ids, tile: Ids) -> list[Any]:
        return [self.kind, self.seat, [tile(t) for t in self.tiles]]


@dataclass(frozen=True)
class PlaceBm:
    """Which building or military slot a new card (bought for ``price`` gold) takes."""

    kind: ClassVar[str] = "place_bm"
    seat: int
    card: int
    price: int

    def to_json(self, card: Ids, event: Ids, tile: Ids) -> list[Any]:
        return [self.kind, self.seat, card(self.card), self.price]


@dataclass(frozen=True)
class PlaceColony:
    """Which colony a new one replaces (no colony space left)."""

    kind: ClassVar[str] = "place_colony"
    seat: int
    card: int

    def to_json(self, card: Ids, event: Ids, tile: Ids) -> list[Any]:
        return [self.kind, self.seat, card(self.card)]


@dataclass(frozen=True)
class PlaceAdvisor:
    """Which advisor a new one replaces (several advisor spaces, all taken)."""

    kind: ClassVar[str] = "place_advisor"
    seat: int
    card: int

    def to_json(self, card: Ids, event: Ids, tile: Ids) -> list[Any]:
        return [self.kind, self.seat, card(self.card)]


@dataclass(frozen=True)
class PlaceWonder:
    """Where a completed wonder goes among the ready ones (a free space, or over one)."""

    kind: ClassVar[str] = "place_wonder"
    seat: int
    card: int

    def to_json(self, card: Ids, event: Ids, tile: Ids) -> list[Any]:
        return [self.kind, self.seat, card(self.card)]


@dataclass(frozen=True)
class BattleSpoils:
    """Which resource a battle brings (``raid`` of it)."""

    kind: ClassVar[str] = "battle"
    seat: int
    card: int
    raid: int

    def to_json(self, card: Ids, event: Ids, tile: Ids) -> list[Any]:
        return [self.kind, self.seat, card(self.card), self.raid]


@dataclass(frozen=True)
class GoldenAgeChoice:
    """A golden age: its resource, or a VP bought."""

    kind: ClassVar[str] = "golden"
    seat: int
    card: int

    def to_json(self, card: Ids, event: Ids, tile: Ids) -> list[Any]:
        return [self.kind, self.seat, card(self.card)]


@dataclass(frozen=True)
class LoseOther:
    """No books left to lose: which other resource goes instead (``owed`` still due)."""

    kind: ClassVar[str] = "lose_other"
    seat: int
    owed: int

    def to_json(self, card: Ids, event: Ids, tile: Ids) -> list[Any]:
        return [self.kind, self.seat, self.owed]


@dataclass(frozen=True)
class EffectChoice:
    """A choice inside an effect: of an event card (``origin`` "event", ``which`` its half
    0 or 1, ``index`` 1 for the nations the half selects, 0 for the others) or of a card
    (``origin`` "card", ``which`` the card, ``index`` its effect); ``answers``: the
    choices made so far."""

    kind: ClassVar[str] = "effect"
    seat: int
    origin: str
    which: int
    answers: tuple[int, ...]
    index: int

    def to_json(self, card: Ids, event: Ids, tile: Ids) -> list[Any]:
        which = card(self.which) if self.origin == "card" else self.which
        return [self.kind, self.seat, self.origin, which, list(self.answers), self.index]


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
