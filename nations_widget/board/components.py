"""The box's contents as typed specs: progress cards, event cards, player-board sides.

The data files (``data/cards.json``, ``data/events.json``, ``data/nations.json``) hold
figures and our own texts and effect definitions; :func:`load_components` reads them once,
checks every field and refuses anything it does not know, naming the file, the card and
the field.  The engine refers to cards by a small integer (their index in
``Components.cards``): the printed cards of the player-board sides first, then every
progress card of every set, so that advanced and expert decks (and B sides) plug in by
choosing more of them at setup, not by changing the engine.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from functools import cache
from operator import attrgetter
from pathlib import Path
from typing import Any

from ..core.envelope import check_header, json_object, shown
from ..core.rng import Rng
from ..core.validate import Checker, field_error
from .constants import (
    CARD_TYPES,
    DIFFICULTIES,
    FIGURES,
    PLACE_OF_TYPE,
    PLACES,
    RES_INDEX,
    RESOURCES,
    SETS,
    SHADOW_FIGURES,
)
from .vocabulary import CardEffect, EventHalf, parse_card_effects, parse_event_half

DATA = Path(__file__).resolve().parent / "data"


class ComponentError(ValueError):
    """A data file that the engine cannot use; the message names file, card and field."""


@dataclass(frozen=True)
class CardSpec:
    """One card: a progress card, or a card printed on a player board (``set`` "printed").

    ``per_worker`` and ``produces`` are 6-vectors in :data:`FIGURES` order (negative:
    upkeep).  ``stages``: the stone cost of each wonder section.  ``golden_age``: the
    resource a golden age offers.  ``war_loss``: (resource index, amount).
    """

    ref: int
    id: str
    name: str
    set: str
    age: int
    type: str
    per_worker: tuple[int, ...] = (0, 0, 0, 0, 0, 0)
    produces: tuple[int, ...] = (0, 0, 0, 0, 0, 0)
    deploy_cost: int = 0
    worker_vp: tuple[int, ...] = ()
    raid: int = 0
    requirement: int = 0
    vp: int = 0
    stages: tuple[int, ...] = ()
    golden_age: int = -1
    war_loss: tuple[int, int] = (-1, 0)
    private_architects: int = 0
    max_workers: int = 0
    text: str = ""
    effects: tuple[CardEffect, ...] = ()

    @property
    def is_bm(self) -> bool:
        """A building or a military: goes into one of the five shared slots."""
        return self.type in ("building", "military")


@dataclass(frozen=True)
class EventSpec:
    ref: int
    id: str
    age: int
    architects: int
    famine: int
    halves: tuple[EventHalf, ...]

    @property
    def name(self) -> str:
        return " / ".join(h.name for h in self.halves)


@dataclass(frozen=True)
class SideSpec:
    id: str
    name: str
    start: tuple[int, ...]           # gold, stone, food, books (0), vp
    workers: int
    food_section: int
    stability_section: int
    food_upkeep: int
    stability_upkeep: int
    bm_slots: int
    advisor_slots: int
    colony_slots: int
    wonder_slots: int
    printed: tuple[int, ...]         # card refs, in slot order
    nation: str = ""                 # the board's nation ("" for the generic A side)
    wonders: tuple[int, ...] = ()    # printed wonders, ready from the start (Egypt B)
    special: tuple[int, ...] = ()    # the side's special rule, as always-active cards


class Holders(frozenset[int]):
    """The cards with an effect of some kind (an index of :class:`Components`), with where
    on a player's board such cards lie: ``places``, the names of the
    :class:`~nations_widget.board.state.PlayerState` lists their types go to, in
    :data:`PLACES` order.  The rules search only those lists (every card with an effect is
    an advisor, a wonder or a side's special rule: one or two short lists)."""

    __slots__ = ("lists", "places")
    places: tuple[str, ...]
    lists: Callable[[Any], tuple[Any, ...]]     # a board's lists at those places

    def __new__(cls, refs: Iterable[int], places: tuple[str, ...]) -> Holders:
        self = super().__new__(cls, refs)
        self.places = places
        # (attrgetter of several names gives a tuple, of one name the value itself)
        self.lists = attrgetter(*places) if len(places) > 1 else \
            lambda board: tuple(getattr(board, place) for place in places)
        return self

    @classmethod
    def of(cls, refs: Iterable[int], cards: Sequence[CardSpec]) -> Holders:
        """``refs`` with the places their cards' types go to."""
        refs = frozenset(refs)
        used = {PLACE_OF_TYPE.get(cards[r].type) for r in refs}
        return cls(refs, tuple(p for p in PLACES if p in used))

    def __reduce__(self) -> tuple[type[Holders], tuple[tuple[int, ...], tuple[str, ...]]]:
        return (Holders, (tuple(self), self.places))


@dataclass
class Components:
    cards: tuple[CardSpec, ...]
    card_ref: dict[str, int]
    events: tuple[EventSpec, ...]
    event_ref: dict[str, int]
    sides: dict[str, SideSpec]
    difficulty: dict[str, int]
    architects_by_players: dict[int, int]
    columns_by_players: dict[int, int]
    # the nations' boards of the box (each has the A side and a B side, ``sides`` by id)
    boards: tuple[str, ...] = ()
    b_side: dict[str, str] = field(default_factory=dict)     # nation -> its B side's id
    # fingerprints of earlier data that states saved with it may still be loaded with
    # (the same cards and events; sides were only added)
    compatible: frozenset[str] = frozenset()
    # the solo event tiles (the 1-player variant); see solo.py
    solo_tiles: SoloTiles | None = None
    # per set and age: the progress cards of that deck, in ref order
    deck_cards: dict[tuple[str, int], tuple[int, ...]] = field(default_factory=dict)
    age_events: dict[int, tuple[int, ...]] = field(default_factory=dict)
    # cards with an effect of each kind, so the rules look at those only: by trigger
    # ("production", "bought", ..., "action"), by modifier name, and those with remove_if
    by_when: dict[str, Holders] = field(default_factory=dict)
    by_modifier: dict[str, Holders] = field(default_factory=dict)
    removable: Holders = field(default_factory=lambda: Holders((), ()))
    fingerprint: str = ""
    # The views made by in_play(), by the card sets they keep, and the full components a
    # view comes from: bookkeeping, not data (not compared, and never carried over by
    # dataclasses.replace, so a modified copy starts with no views of its own).
    _views: dict[frozenset[str], Components] = field(default_factory=dict, init=False,
                                                     compare=False, repr=False)
    _full: Components | None = field(default=None, init=False, compare=False, repr=False)
    _unions: dict[tuple[str, ...], Holders] = field(default_factory=dict, init=False,
                                                    compare=False, repr=False)

    def modifier_holders(self, names: tuple[str, ...]) -> Holders:
        """The cards with any of the modifiers ``names`` (made once per set of names)."""
        holders = self._unions.get(names)
        if holders is None:
            refs = frozenset().union(*(self.by_modifier.get(n, ()) for n in names))
            holders = self._unions[names] = Holders.of(refs, self.cards)
        return holders

    def in_play(self, sets: Iterable[str]) -> Components:
        """These components as a game with the cards of ``sets`` sees them: the same cards,
        events and figures, but the indexes of cards with effects (``by_when``,
        ``by_modifier``, ``removable``) keep only the printed cards and the cards of those
        sets.  The rules test those indexes first ("does any card in this game lower card
        prices?"), so a base-deck game never pays for the advanced and expert cards'
        modifiers.  Views are made once per set of sets."""
        full = self._full or self
        keep = frozenset(sets) | {"printed"}
        view = full._views.get(keep)
        if view is None:
            refs = frozenset(c.ref for c in full.cards if c.set in keep)

            def only(index: dict[str, Holders]) -> dict[str, Holders]:
                return {k: Holders.of(v & refs, full.cards) for k, v in index.items()
                        if v & refs}

            view = replace(full, by_when=only(full.by_when),
                           by_modifier=only(full.by_modifier),
                           removable=Holders.of(full.removable & refs, full.cards))
            view._full = full
            full._views[keep] = view
        return view


_COMPONENT_ERROR = field_error(ComponentError)
# the fields of a progress card (a card printed on a board has no set or age)
_CARD_FIELDS = ("id", "name", "set", "age", "type", "text", "per_worker", "produces",
                "deploy_cost", "worker_vp", "raid", "requirement", "vp", "stages", "golden_age",
                "war_loss", "private_architects", "max_workers", "effects")
_SIDE_FIELDS = ("id", "name", "start", "workers", "sections", "upkeep_per_worker", "slots",
                "printed")
_GOLDEN_AGE_RESOURCES = ("books", "stone", "gold", "food")
_PLAYER_COUNTS = ("1", "2", "3", "4", "5")


def component_checker(source: str) -> Checker:
    """The shared checker (:mod:`nations_widget.core.validate`), raising ComponentError:
    "cards.json: progress[3] (augustus) field 'age': must be between 1 and 4, got 9"."""
    return Checker(source, make_error=_COMPONENT_ERROR)


def named_item(check: Checker, raw: object) -> tuple[Checker, dict[str, Any], str]:
    """An item with an ``id``: the checker for it (named by its place and its id), the
    object and the id."""
    obj = check.mapping(raw)
    ident = check.string(obj, "id")
    return check.at(f"{check.item} ({ident})"), obj, ident


def _figures(check: Checker, raw: dict[str, Any], key: str) -> tuple[int, ...]:
    """A card's 6-vector of figures (:data:`FIGURES`), from an object of some of them."""
    if key not in raw:
        return (0,) * 6
    figures = check.mapping(raw[key], key)
    check.fields(figures, (), FIGURES, where=key)
    return tuple(check.integer(figures, f, -20, 20, f"{key}.{f}") if f in figures else 0
                 for f in FIGURES)


def _card(ref: int, raw: object, check: Checker, printed: bool = False) -> CardSpec:
    """One card; ``check`` names its place ("progress[3]"), a printed card's on its side."""
    check, card, ident = named_item(check, raw)
    if printed:
        check.fields(card, ("id", "type"),
                     [f for f in _CARD_FIELDS if f not in ("id", "type", "set", "age")])
        # "special": a side's special rule, as a card that is always in play
        ctype = check.choice(card, "type", (*CARD_TYPES, "special"))
    else:
        check.fields(card, ("id", "type", "set", "age"),
                     [f for f in _CARD_FIELDS if f not in ("id", "type", "set", "age")])
        ctype = check.choice(card, "type", CARD_TYPES)

    def whole(key: str, low: int, high: int) -> int:
        return check.integer(card, key, low, high) if key in card else 0

    golden = -1
    if ctype == "golden age":
        golden = RES_INDEX[check.choice(card, "golden_age", _GOLDEN_AGE_RESOURCES)]
    else:
        check.want("golden_age" not in card, "golden_age", "only a golden age names the "
                   "resource it offers")
    war_loss = (-1, 0)
    if ctype == "war":
        loss = check.mapping(card.get("war_loss"), "war_loss")
        check.want(len(loss) == 1, "war_loss", "a war names one resource and its amount")
        check.fields(loss, (), RESOURCES, where="war_loss")
        (resource, _), = loss.items()
        war_loss = (RES_INDEX[resource],
                    check.integer(loss, resource, 0, 50, f"war_loss.{resource}"))
    else:
        check.want("war_loss" not in card, "war_loss", "only a war takes resources")
    return CardSpec(
        ref=ref, id=ident,
        name=check.string(card, "name") if "name" in card else ident,
        set="printed" if printed else check.choice(card, "set", SETS),
        age=0 if printed else check.integer(card, "age", 1, 4),
        type=ctype,
        per_worker=_figures(check, card, "per_worker"),
        produces=_figures(check, card, "produces"),
        deploy_cost=whole("deploy_cost", 0, 20),
        worker_vp=tuple(check.wholes(card.get("worker_vp", []), "worker_vp", 0, 20)),
        raid=whole("raid", 0, 20),
        requirement=whole("requirement", 0, 99),
        vp=whole("vp", -20, 20),
        stages=tuple(check.wholes(card.get("stages", []), "stages", 0, 50)),
        golden_age=golden, war_loss=war_loss,
        private_architects=whole("private_architects", 0, 5),
        max_workers=whole("max_workers", 0, 10),
        text=check.string(card, "text", empty=True) if "text" in card else "",
        effects=parse_card_effects(card.get("effects", []), f"{check.source} {check.item}"),
    )


def _load(name: str) -> dict[str, Any]:
    """A packaged data file's JSON object (through the shared JSON envelope)."""
    return json_object((DATA / name).read_bytes(), name, error=ComponentError)


def _counts(check: Checker, raw: object, field: str, keys: tuple[str, ...], high: int
            ) -> dict[str, int]:
    """An object giving a whole number 0..high for each of ``keys``."""
    obj = check.mapping(raw, field)
    check.fields(obj, keys, where=field)
    return {k: check.integer(obj, k, 0, high, f"{field}.{k}") for k in keys}


def _side(check: Checker, raw: object, cards: list[CardSpec]) -> SideSpec:
    """One player-board side of nations.json; its printed cards join ``cards``."""
    check, side, ident = named_item(check, raw)
    check.fields(side, _SIDE_FIELDS, ("nation", "wonders", "special"))

    def printed(raw_card: object, where: str, *types: str) -> int:
        c = _card(len(cards), raw_card, check.at(f"{check.item} {where}"), printed=True)
        check.want(c.type in types, f"{where}.type",
                   f"must be {' or '.join(map(repr, types))} here, got {c.type!r}")
        cards.append(c)
        return c.ref

    slots = _counts(check, side["slots"], "slots",
                    ("building_military", "advisor", "colonies", "wonders"), 10)
    bm_cards = check.array(side["printed"], "printed", slots["building_military"],
                           "cards (one per building/military slot)")
    bm = [printed(c, f"printed[{i}]", "building", "military") for i, c in enumerate(bm_cards)]
    wonders = [printed(c, f"wonders[{i}]", "wonder")
               for i, c in enumerate(check.array(side.get("wonders", []), "wonders",
                                                 what="printed wonders"))]
    special = [printed(side["special"], "special", "special")] if "special" in side else []
    start = check.mapping(side["start"], "start")
    check.fields(start, (), ("gold", "stone", "food", "vp"), where="start")
    sections = _counts(check, side["sections"], "sections", ("food", "stability"), 10)
    upkeep = _counts(check, side["upkeep_per_worker"], "upkeep_per_worker",
                     ("food", "stability"), 10)
    return SideSpec(
        id=ident, name=check.string(side, "name"),
        start=tuple(check.integer(start, r, 0, 99, f"start.{r}") if r in start else 0
                    for r in RESOURCES),
        workers=check.integer(side, "workers", 0, 20), food_section=sections["food"],
        stability_section=sections["stability"], food_upkeep=upkeep["food"],
        stability_upkeep=upkeep["stability"], bm_slots=slots["building_military"],
        advisor_slots=slots["advisor"], colony_slots=slots["colonies"],
        wonder_slots=slots["wonders"], printed=tuple(bm),
        nation=check.string(side, "nation") if "nation" in side else "",
        wonders=tuple(wonders), special=tuple(special))


def _event(ref: int, raw: object, check: Checker) -> EventSpec:
    check, event, ident = named_item(check, raw)
    check.fields(event, ("id", "age", "architects", "famine", "events"))
    halves = check.array(event["events"], "events", 2, "events (an event card has two)")
    return EventSpec(
        ref=ref, id=ident,
        age=check.integer(event, "age", 1, 4),
        architects=check.integer(event, "architects", 0, 9),
        famine=check.integer(event, "famine", 0, 20),
        halves=tuple(parse_event_half(h, f"{check.source} {check.item}.events[{k}]")
                     for k, h in enumerate(halves)))


def _first_repeated(ids: list[str]) -> str | None:
    seen: set[str] = set()
    for ident in ids:
        if ident in seen:
            return ident
        seen.add(ident)
    return None


def build_components(cards_data: dict[str, Any], events_data: dict[str, Any],
                     nations_data: dict[str, Any]) -> Components:
    """Components from the three files' parsed JSON (tests pass their own); a problem
    raises :class:`ComponentError` naming the file, the card (or event, or side) and the
    field."""
    header = {"cards.json": (cards_data, "card data", "nations-board-cards"),
              "events.json": (events_data, "event data", "nations-board-events"),
              "nations.json": (nations_data, "board data", "nations-board-nations")}
    checks = {}
    for name, (data, what, format_name) in header.items():
        check = checks[name] = component_checker(name)
        check_header(check.mapping(data), what, format_name, 1, error=ComponentError,
                     prefix=name)
    nations = checks["nations.json"]
    nations.fields(nations_data, ("format", "version", "difficulty", "architects_by_players",
                                  "columns_by_players", "sides", "boards"), ("note",))
    cards: list[CardSpec] = []
    sides: dict[str, SideSpec] = {}
    for si, raw in enumerate(nations.array(nations_data["sides"], "sides", what="sides")):
        side = _side(nations.at(f"sides[{si}]"), raw, cards)
        nations.want(side.id not in sides, "sides", f"two sides have the id {side.id!r}")
        sides[side.id] = side
    nations.want("A" in sides, "sides", "the generic A side (id 'A') is missing")
    boards = nations.array(nations_data["boards"], "boards", what="nations' names")
    boards = [nations.text(b, "boards") for b in boards]
    cards_check = checks["cards.json"]
    cards_check.fields(cards_data, ("format", "version", "progress"), ("note",))
    progress = cards_check.array(cards_data["progress"], "progress", what="progress cards")
    for i, raw in enumerate(progress):
        cards.append(_card(len(cards), raw, cards_check.at(f"progress[{i}]")))
    twice = _first_repeated([c.id for c in cards])
    cards_check.want(twice is None, "progress", f"two cards have the id {twice!r}")
    card_ref = {c.id: c.ref for c in cards}
    events_check = checks["events.json"]
    events_check.fields(events_data, ("format", "version", "events"), ("note",))
    raw_events = events_check.array(events_data["events"], "events", what="event cards")
    events = [_event(i, raw, events_check.at(f"events[{i}]")) for i, raw in enumerate(raw_events)]
    twice = _first_repeated([e.id for e in events])
    events_check.want(twice is None, "events", f"two event cards have the id {twice!r}")
    architects = _counts(nations, nations_data["architects_by_players"],
                         "architects_by_players", _PLAYER_COUNTS, 10)
    columns = _counts(nations, nations_data["columns_by_players"], "columns_by_players",
                      _PLAYER_COUNTS, 10)
    comp = Components(
        cards=tuple(cards), card_ref=card_ref, events=tuple(events),
        event_ref={e.id: e.ref for e in events}, sides=sides,
        difficulty=_counts(nations, nations_data["difficulty"], "difficulty", DIFFICULTIES,
                           10),
        architects_by_players={int(k): v for k, v in architects.items()},
        columns_by_players={int(k): v for k, v in columns.items()},
        boards=tuple(boards))
    for si, side_spec in enumerate(sides.values()):
        if side_spec.nation:
            nations.at(f"sides[{si}] ({side_spec.id})").want(
                side_spec.nation in comp.boards, "nation",
                f"{shown(side_spec.nation)} is not one of the boards ({', '.join(boards)})")
            comp.b_side[side_spec.nation] = side_spec.id
    missing = [b for b in comp.boards if b not in comp.b_side]
    nations.want(not missing, "boards", f"no B side for {', '.join(missing)}")
    _index(comp)
    comp.fingerprint = _fingerprint(cards_data, events_data, nations_data)
    # the same data as it was before the B sides came in (the A side only): states saved
    # then hold nothing the B sides changed
    legacy = {k: v for k, v in nations_data.items() if k not in ("boards", "sides")}
    legacy["sides"] = [x for x in nations_data.get("sides", []) if x.get("id") == "A"]
    comp.compatible = frozenset({comp.fingerprint,
                                 _fingerprint(cards_data, events_data, legacy)})
    return comp


def _index(comp: Components) -> None:
    """The lookups the engine plays with: each set's cards and each age's events by age,
    and the cards by the effects they hold (:class:`Holders`)."""
    cards = comp.cards
    for cset in SETS:
        for age in range(1, 5):
            comp.deck_cards[(cset, age)] = tuple(
                c.ref for c in cards if c.set == cset and c.age == age)
    for age in range(1, 5):
        comp.age_events[age] = tuple(e.ref for e in comp.events if e.age == age)
    when: dict[str, set[int]] = {}
    modifiers: dict[str, set[int]] = {}
    for c in cards:
        for e in c.effects:
            when.setdefault(e.when, set()).add(c.ref)
            if e.modifier:
                modifiers.setdefault(e.modifier, set()).add(c.ref)
    comp.by_when = {k: Holders.of(v, cards) for k, v in when.items()}
    comp.by_modifier = {k: Holders.of(v, cards) for k, v in modifiers.items()}
    comp.removable = Holders.of((c.ref for c in cards if any(e.remove_if for e in c.effects)),
                                cards)


def _fingerprint(*parts: object) -> str:
    blob = json.dumps(list(parts), sort_keys=True)
    return hashlib.sha256(blob.encode()).hexdigest()[:12]


# "balanced" decks (rulebook, competitive game: start from the base cards and exchange some
# for advanced or expert cards of the same type): per age, this many base cards of each type
# are exchanged — a quarter of the base deck (9 of 36 per age).
BALANCED_EXCHANGE: dict[str, int] = {"building": 2, "advisor": 1, "battle": 1, "colony": 1,
                                     "golden age": 1, "military": 1, "war": 1, "wonder": 1}
_BALANCED_SALT = 0xBA1A_9CED_DEC5


def deck_lists(decks: tuple[str, ...], seed: int, comp: Components) -> list[list[int]]:
    """The progress cards of each age's deck (sorted by ref, not yet shuffled) for the
    config's ``decks``: the named sets, or ("balanced",): the base cards with, per age and
    card type, :data:`BALANCED_EXCHANGE` of them exchanged for as many advanced/expert cards
    of that type and age.  Which go and which come is drawn by a generator seeded from the
    game's seed alone (not the game's own generator), so the composition is a function of
    the config and any saved state can recompute it."""
    out: list[list[int]] = []
    if decks != ("balanced",):
        for age in range(1, 5):
            out.append(sorted(c for cset in decks for c in comp.deck_cards[(cset, age)]))
        return out
    rng = Rng(seed ^ _BALANCED_SALT)
    cards = comp.cards
    for age in range(1, 5):
        deck: list[int] = []
        for ctype in CARD_TYPES:
            base = [c for c in comp.deck_cards[("base", age)] if cards[c].type == ctype]
            pool = [c for cset in ("adv", "exp") for c in comp.deck_cards[(cset, age)]
                    if cards[c].type == ctype]
            k = min(BALANCED_EXCHANGE.get(ctype, 0), len(base), len(pool))
            rng.shuffle(base)
            rng.shuffle(pool)
            deck += base[k:] + pool[:k]
        out.append(sorted(deck))
    return out


@cache
def default_components() -> Components:
    """The packaged components (loaded once), with the packaged solo tiles."""
    comp = build_components(_load("cards.json"), _load("events.json"), _load("nations.json"))
    comp.solo_tiles = packaged_solo_tiles()
    return comp


SOLO_TILES_FORMAT = "nations-board-solo-tiles"


@dataclass(frozen=True)
class SoloTile:
    """One solo event tile.  ``rolls``: for a roll of 5 and of 6, the change to the
    shadow's (strength, stability, books)."""

    id: str
    age: int
    architects: int
    famine: int
    strength: int
    stability: int
    books: int
    rolls: tuple[tuple[int, int, int], tuple[int, int, int]]
    note: str = ""


@dataclass(frozen=True)
class SoloTiles:
    tiles: tuple[SoloTile, ...]
    reconstruction: bool
    source: str
    note: str = ""

    def by_age(self, age: int) -> tuple[int, ...]:
        return tuple(i for i, t in enumerate(self.tiles) if t.age == age)


_TILE_FIELDS = ("id", "age", "architects", "famine", "strength", "stability", "books", "rolls")


def _tile(check: Checker, raw: object) -> SoloTile:
    """One tile; ``check`` names its place ("tiles[3]")."""
    check, tile, ident = named_item(check, raw)
    check.fields(tile, _TILE_FIELDS, ("note",))
    rolls = check.mapping(tile["rolls"], "rolls")
    check.fields(rolls, ("5", "6"), where="rolls")
    changes = []
    for face in ("5", "6"):
        here = f"rolls.{face}"
        change = check.mapping(rolls[face], here)
        check.fields(change, (), SHADOW_FIGURES, where=here)
        check.want(bool(change), here, "must change some of " + ", ".join(SHADOW_FIGURES))
        changes.append(tuple(check.integer(change, f, -50, 50, f"{here}.{f}")
                             if f in change else 0 for f in SHADOW_FIGURES))
    return SoloTile(
        id=ident, age=check.integer(tile, "age", 1, 4),
        architects=check.integer(tile, "architects", 0, 9),
        famine=check.integer(tile, "famine", 0, 20),
        strength=check.integer(tile, "strength", 0, 99),
        stability=check.integer(tile, "stability", -20, 99),
        books=check.integer(tile, "books", 0, 50),
        rolls=(changes[0], changes[1]),   # type: ignore[arg-type]
        note=check.string(tile, "note", empty=True) if "note" in tile else "")


def parse_solo_tiles(data: object, name: str) -> SoloTiles:
    """Solo tiles from a file's parsed JSON; errors name the file, the tile and the field:
    "tiles.json: tiles[3] (solo-2a) field 'famine': missing"."""
    check = component_checker(name)
    top = check.mapping(data)
    check_header(top, "solo tiles", SOLO_TILES_FORMAT, 1, error=ComponentError, prefix=name)
    check.fields(top, ("format", "version", "tiles"), ("reconstruction", "note"))
    recon = check.boolean(top, "reconstruction") if "reconstruction" in top else False
    raw_tiles = check.array(top["tiles"], "tiles", what="tiles")
    check.want(bool(raw_tiles), "tiles", "must list the tiles")
    tiles = [_tile(check.at(f"tiles[{i}]"), raw) for i, raw in enumerate(raw_tiles)]
    ids = [t.id for t in tiles]
    twice = next((x for i, x in enumerate(ids) if x in ids[:i]), None)
    check.want(twice is None, "tiles", f"two tiles have the id {twice!r}")
    for age in range(1, 5):
        check.want(any(t.age == age for t in tiles), "tiles", f"no tile of age {age}")
    note = check.string(top, "note", empty=True) if "note" in top else ""
    return SoloTiles(tuple(tiles), recon, name, note)


def load_solo_tiles(path: str | Path) -> SoloTiles:
    """Read solo tiles from a JSON file (the format of ``data/solo_tiles.json``, see
    DESIGN.md); a bad file raises :class:`ComponentError` naming it, the tile and the
    field.  Play with them: ``GameState.new(config, components=with_solo_tiles(tiles))``."""
    name = str(path)
    return parse_solo_tiles(json_object(Path(path).read_bytes(), name, error=ComponentError),
                            name)


def packaged_solo_tiles() -> SoloTiles:
    name = "solo_tiles.json"
    return parse_solo_tiles(json_object((DATA / name).read_bytes(), name,
                                        error=ComponentError), name)


def with_solo_tiles(comp: Components, tiles: SoloTiles) -> Components:
    """The same components with other solo tiles (their own fingerprint: a game saved with
    them loads with them)."""
    blob = [[t.id, t.age, t.architects, t.famine, t.strength, t.stability, t.books,
             list(t.rolls)] for t in tiles.tiles]
    fingerprint = _fingerprint(comp.fingerprint, blob)
    return replace(comp, solo_tiles=tiles, fingerprint=fingerprint,
                   compatible=frozenset({fingerprint}))


__all__ = ["DATA", "CardSpec", "ComponentError", "Components", "EventSpec", "Holders",
           "SideSpec", "SoloTile", "SoloTiles", "build_components", "deck_lists",
           "default_components", "load_solo_tiles", "packaged_solo_tiles", "parse_solo_tiles",
           "with_solo_tiles"]
