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

import json
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..core.envelope import quote

if TYPE_CHECKING:
    from .effects import CardEffect, EventHalf
    from .solo import SoloTiles

DATA = Path(__file__).resolve().parent / "data"

# Stored resources, in the order of a player's ``res`` list.
GOLD, STONE, FOOD, BOOKS, VP = range(5)
RESOURCES: tuple[str, ...] = ("gold", "stone", "food", "books", "vp")
RES_INDEX = {name: i for i, name in enumerate(RESOURCES)}
# The two tracks: not stored, always summed from the board.
TRACKS: tuple[str, ...] = ("strength", "stability")
# A card's per-worker / per-round figures as a 6-vector: the four goods, strength, stability.
FIGURES: tuple[str, ...] = ("gold", "stone", "food", "books", "strength", "stability")
STRENGTH_F, STABILITY_F = 4, 5
# Production is computed in this order (rulebook: gold, food, stone, books).
PRODUCTION_ORDER: tuple[int, ...] = (GOLD, FOOD, STONE, BOOKS)

CARD_TYPES: tuple[str, ...] = ("advisor", "battle", "building", "colony", "golden age",
                               "military", "war", "wonder")
SETS: tuple[str, ...] = ("base", "adv", "exp")
DIFFICULTIES: tuple[str, ...] = ("chieftain", "prince", "king", "emperor")
TRACK_MAX_STRENGTH = 40      # "any Military Strength above 40 is counted as 40"
TRACK_MAX_STABILITY = 15     # "any Stability above 15 is counted as 15"


class ComponentError(ValueError):
    """A data file that the engine cannot use; the message names file, card and field."""


def _fail(where: str, what: str) -> ComponentError:
    return ComponentError(f"{where}: {what}")


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
    by_when: dict[str, frozenset[int]] = field(default_factory=dict)
    by_modifier: dict[str, frozenset[int]] = field(default_factory=dict)
    removable: frozenset[int] = frozenset()
    fingerprint: str = ""
    # The views made by in_play(), by the card sets they keep, and the full components a
    # view comes from: bookkeeping, not data (not compared, and never carried over by
    # dataclasses.replace, so a modified copy starts with no views of its own).
    _views: dict[frozenset[str], Components] = field(default_factory=dict, init=False,
                                                     compare=False, repr=False)
    _full: Components | None = field(default=None, init=False, compare=False, repr=False)

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

            def only(index: dict[str, frozenset[int]]) -> dict[str, frozenset[int]]:
                return {k: v & refs for k, v in index.items() if v & refs}

            view = replace(full, by_when=only(full.by_when),
                           by_modifier=only(full.by_modifier),
                           removable=full.removable & refs)
            view._full = full
            full._views[keep] = view
        return view


def _res_vector(raw: object, where: str) -> tuple[int, ...]:
    if raw is None:
        return (0,) * 6
    if not isinstance(raw, dict):
        raise _fail(where, "must be an object of figures")
    out = [0] * 6
    for k, v in raw.items():
        if k not in FIGURES:
            raise _fail(f"{where}.{k}", f"unknown figure (known: {', '.join(FIGURES)})")
        if isinstance(v, bool) or not isinstance(v, int):
            raise _fail(f"{where}.{k}", f"must be a whole number, got {quote(repr(v))}")
        out[FIGURES.index(k)] = v
    return tuple(out)


def _int(raw: dict[str, Any], key: str, where: str, default: int = 0, lo: int = -999,
         hi: int = 999) -> int:
    v = raw.get(key, default)
    if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
        raise _fail(f"{where}.{key}", f"must be a whole number {lo}..{hi}, got {quote(repr(v))}")
    return v


def _ints(raw: object, where: str) -> tuple[int, ...]:
    if not isinstance(raw, list) or not all(
            isinstance(x, int) and not isinstance(x, bool) for x in raw):
        raise _fail(where, "must be a list of whole numbers")
    return tuple(raw)


_CARD_KEYS = {"id", "name", "set", "age", "type", "per_worker", "produces", "deploy_cost",
              "worker_vp", "raid", "requirement", "vp", "stages", "golden_age", "war_loss",
              "private_architects", "max_workers", "text", "effects"}


def _card(ref: int, raw: object, where: str, printed: bool = False) -> CardSpec:
    from .effects import parse_card_effects
    if not isinstance(raw, dict):
        raise _fail(where, "must be an object")
    unknown = set(raw) - _CARD_KEYS
    ident = raw.get("id")
    if not isinstance(ident, str) or not ident:
        raise _fail(where, "needs an 'id'")
    here = f"{where} ({ident})"
    if unknown:
        raise _fail(f"{here}.{sorted(unknown)[0]}", "unknown field")
    ctype = raw.get("type")
    if printed and ctype == "special":
        pass        # a side's special rule, as a card that is always in play
    elif ctype not in CARD_TYPES:
        raise _fail(f"{here}.type",
                    f"must be one of {', '.join(CARD_TYPES)}, got {quote(repr(ctype))}")
    cset = "printed" if printed else raw.get("set")
    if not printed and cset not in SETS:
        raise _fail(f"{here}.set", f"must be one of {', '.join(SETS)}")
    age = 0 if printed else _int(raw, "age", here, 0, 1, 4)
    ga = raw.get("golden_age")
    golden = -1
    if ctype == "golden age":
        if ga not in ("books", "stone", "gold", "food"):
            raise _fail(f"{here}.golden_age", "a golden age names the resource it offers")
        golden = RES_INDEX[str(ga)]
    war_loss = (-1, 0)
    if ctype == "war":
        wl = raw.get("war_loss")
        if not isinstance(wl, dict) or len(wl) != 1:
            raise _fail(f"{here}.war_loss", "a war names one resource and its amount")
        (res, amount), = wl.items()
        if res not in RES_INDEX or not isinstance(amount, int):
            raise _fail(f"{here}.war_loss", f"unknown resource {quote(repr(res))}")
        war_loss = (RES_INDEX[res], amount)
    text = raw.get("text", "")
    if not isinstance(text, str):
        raise _fail(f"{here}.text", "must be text")
    return CardSpec(
        ref=ref, id=ident, name=str(raw.get("name", ident)), set=str(cset), age=age,
        type=str(ctype),
        per_worker=_res_vector(raw.get("per_worker"), f"{here}.per_worker"),
        produces=_res_vector(raw.get("produces"), f"{here}.produces"),
        deploy_cost=_int(raw, "deploy_cost", here, 0, 0, 20),
        worker_vp=_ints(raw.get("worker_vp", []), f"{here}.worker_vp"),
        raid=_int(raw, "raid", here, 0, 0, 20),
        requirement=_int(raw, "requirement", here, 0, 0, 99),
        vp=_int(raw, "vp", here, 0, -20, 20),
        stages=_ints(raw.get("stages", []), f"{here}.stages"),
        golden_age=golden, war_loss=war_loss,
        private_architects=_int(raw, "private_architects", here, 0, 0, 5),
        max_workers=_int(raw, "max_workers", here, 0, 0, 10),
        text=text,
        effects=parse_card_effects(raw.get("effects", []), here),
    )


def _load(name: str) -> dict[str, Any]:
    path = DATA / name
    data = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(data, dict):
        raise _fail(name, "must be a JSON object")
    return data


def build_components(cards_data: dict[str, Any], events_data: dict[str, Any],
                     nations_data: dict[str, Any]) -> Components:
    """Components from the three files' parsed JSON (tests pass their own)."""
    from .effects import parse_event_half
    cards: list[CardSpec] = []
    sides: dict[str, SideSpec] = {}
    for si, side in enumerate(nations_data.get("sides", [])):
        where = f"nations.json sides[{si}]"
        printed = []
        for pi, raw in enumerate(side.get("printed", [])):
            c = _card(len(cards), raw, f"{where}.printed[{pi}]", printed=True)
            cards.append(c)
            printed.append(c.ref)
        wonders = []
        for wi, raw in enumerate(side.get("wonders", [])):
            c = _card(len(cards), raw, f"{where}.wonders[{wi}]", printed=True)
            if c.type != "wonder":
                raise _fail(f"{where}.wonders[{wi}].type", "a printed wonder is a wonder")
            cards.append(c)
            wonders.append(c.ref)
        special = []
        if "special" in side:
            c = _card(len(cards), side["special"], f"{where}.special", printed=True)
            if c.type != "special":
                raise _fail(f"{where}.special.type", "a side's special rule has type 'special'")
            cards.append(c)
            special.append(c.ref)
        unknown_keys = set(side) - {"id", "name", "nation", "start", "workers", "sections",
                                    "upkeep_per_worker", "slots", "printed", "wonders",
                                    "special"}
        if unknown_keys:
            raise _fail(f"{where}.{sorted(unknown_keys)[0]}", "unknown field")
        start = side.get("start", {})
        slots = side.get("slots", {})
        sec = side.get("sections", {})
        upkeep = side.get("upkeep_per_worker", {})
        sides[side["id"]] = SideSpec(
            id=side["id"], name=side.get("name", side["id"]),
            start=(start.get("gold", 0), start.get("stone", 0), start.get("food", 0), 0,
                   start.get("vp", 0)),
            workers=side.get("workers", 0), food_section=sec.get("food", 0),
            stability_section=sec.get("stability", 0), food_upkeep=upkeep.get("food", 0),
            stability_upkeep=upkeep.get("stability", 0),
            bm_slots=slots.get("building_military", 5), advisor_slots=slots.get("advisor", 1),
            colony_slots=slots.get("colonies", 2), wonder_slots=slots.get("wonders", 5),
            printed=tuple(printed), nation=str(side.get("nation", "")),
            wonders=tuple(wonders), special=tuple(special))
        if len(printed) != sides[side["id"]].bm_slots:
            raise _fail(where, "prints one card per building/military slot")
    progress = cards_data.get("progress")
    if not isinstance(progress, list):
        raise _fail("cards.json", "needs a 'progress' list")
    for i, raw in enumerate(progress):
        cards.append(_card(len(cards), raw, f"cards.json progress[{i}]"))
    card_ref = {c.id: c.ref for c in cards}
    if len(card_ref) != len(cards):
        raise _fail("cards.json", "card ids must be unique")
    events: list[EventSpec] = []
    for i, raw in enumerate(events_data.get("events", [])):
        where = f"events.json events[{i}]"
        if not isinstance(raw, dict):
            raise _fail(where, "must be an object")
        unknown = set(raw) - {"id", "age", "architects", "famine", "events"}
        ident = raw.get("id", "?")
        if unknown:
            raise _fail(f"{where} ({ident}).{sorted(unknown)[0]}", "unknown field")
        halves = raw.get("events")
        if not isinstance(halves, list) or len(halves) != 2:
            raise _fail(f"{where} ({ident}).events", "an event card has two events")
        events.append(EventSpec(
            ref=len(events), id=str(ident),
            age=_int(raw, "age", f"{where} ({ident})", 0, 1, 4),
            architects=_int(raw, "architects", f"{where} ({ident})", 0, 0, 9),
            famine=_int(raw, "famine", f"{where} ({ident})", 0, 0, 20),
            halves=tuple(parse_event_half(h, f"{where} ({ident}).events[{k}]")
                         for k, h in enumerate(halves))))
    comp = Components(
        cards=tuple(cards), card_ref=card_ref, events=tuple(events),
        event_ref={e.id: e.ref for e in events}, sides=sides,
        difficulty=dict(nations_data.get("difficulty", {})),
        architects_by_players={int(k): v for k, v in
                               nations_data.get("architects_by_players", {}).items()},
        columns_by_players={int(k): v for k, v in
                            nations_data.get("columns_by_players", {}).items()},
        boards=tuple(nations_data.get("boards", [])))
    for side_spec in sides.values():
        if side_spec.nation:
            if side_spec.nation not in comp.boards:
                raise _fail(f"nations.json sides ({side_spec.id}).nation",
                            f"{quote(repr(side_spec.nation))} is not one of the boards")
            comp.b_side[side_spec.nation] = side_spec.id
    missing = [b for b in comp.boards if b not in comp.b_side]
    if missing:
        raise _fail("nations.json boards", f"no B side for {', '.join(missing)}")
    if sorted(comp.difficulty) != sorted(DIFFICULTIES):
        raise _fail("nations.json difficulty", f"must give {', '.join(DIFFICULTIES)}")
    for cset in SETS:
        for age in range(1, 5):
            comp.deck_cards[(cset, age)] = tuple(
                c.ref for c in cards if c.set == cset and c.age == age)
    for age in range(1, 5):
        comp.age_events[age] = tuple(e.ref for e in events if e.age == age)
    when: dict[str, set[int]] = {}
    modifiers: dict[str, set[int]] = {}
    for c in cards:
        for e in c.effects:
            when.setdefault(e.when, set()).add(c.ref)
            if e.modifier:
                modifiers.setdefault(e.modifier, set()).add(c.ref)
    comp.by_when = {k: frozenset(v) for k, v in when.items()}
    comp.by_modifier = {k: frozenset(v) for k, v in modifiers.items()}
    comp.removable = frozenset(c.ref for c in cards if any(e.remove_if for e in c.effects))
    comp.fingerprint = _fingerprint(cards_data, events_data, nations_data)
    # the same data as it was before the B sides came in (the A side only): states saved
    # then hold nothing the B sides changed
    legacy = {k: v for k, v in nations_data.items() if k not in ("boards", "sides")}
    legacy["sides"] = [x for x in nations_data.get("sides", []) if x.get("id") == "A"]
    comp.compatible = frozenset({comp.fingerprint,
                                 _fingerprint(cards_data, events_data, legacy)})
    return comp


def _fingerprint(*parts: object) -> str:
    import hashlib
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
    from ..core.rng import Rng
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
    from .solo import packaged_solo_tiles
    comp = build_components(_load("cards.json"), _load("events.json"), _load("nations.json"))
    comp.solo_tiles = packaged_solo_tiles()
    return comp


__all__ = ["BOOKS", "CARD_TYPES", "DIFFICULTIES", "FOOD", "GOLD", "RESOURCES", "STONE", "VP",
           "CardSpec", "ComponentError", "Components", "EventSpec", "SideSpec",
           "build_components", "deck_lists", "default_components"]
