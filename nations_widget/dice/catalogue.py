"""The dice game's components: dice faces, progress tiles, event tiles.

The publisher never released the coloured dice faces or the tile lists as text, so the
default catalogue (``data/catalogue.json``) is a *reconstruction* that honours every
known fact (see ``data/PROVENANCE.md``).  A player who owns the game can write the real
values into a file of the same shape and load it with :func:`load_catalogue`.

Everything here is immutable; the engine refers to tiles and events by their index in
``Catalogue.tiles`` / ``Catalogue.events`` for speed, and by their ``id`` in JSON.
"""

from __future__ import annotations

import functools
import hashlib
import importlib.resources
import json
import os
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Literal, cast

from ..core.envelope import json_value, quote, shown
from ..core.validate import Checker

Resource = Literal["gold", "stone", "food", "book", "strength"]
ChitKind = Literal["reroll", "gold", "stone", "food", "book", "strength"]
#: What a colony or wonder may give: a chit kind, or (Unrest tiles only) a star-marked
#: reroll chit, "star".
TileChit = Literal["reroll", "gold", "stone", "food", "book", "strength", "star"]
DieColour = Literal["white", "blue", "orange", "red", "green"]
TileKind = Literal["building", "advisor", "colony", "wonder"]

RESOURCES: tuple[Resource, ...] = ("gold", "stone", "food", "book", "strength")
CHIT_KINDS: tuple[ChitKind, ...] = ("reroll", "gold", "stone", "food", "book", "strength")
DIE_COLOURS: tuple[DieColour, ...] = ("white", "blue", "orange", "red")
TILE_KINDS: tuple[TileKind, ...] = ("building", "advisor", "colony", "wonder")

# Facts from the rulebook (box contents); not part of a catalogue file.
SUPPLY_DICE: dict[DieColour, int] = {"white": 20, "blue": 8, "orange": 8, "red": 8}
SUPPLY_CHITS: dict[ChitKind, int] = {
    "reroll": 12, "gold": 9, "food": 3, "strength": 3, "book": 3, "stone": 3,
}
#: The Unrest expansion's green dice (a reconstruction, see data/PROVENANCE.md): the engine
#: numbers them 44-51, so a catalogue may have 1 to this many (its ``green_dice``).
MAX_GREEN_DICE = 8
#: The Unrest expansion's die colour (not one of DIE_COLOURS, the base game's).
GREEN: DieColour = "green"
HALL_OF_FAME: tuple[tuple[int, str], ...] = (
    (50, "Trajan"), (40, "Ashoka"), (35, "Wu Zetian"), (30, "Saladin"),
    (25, "Victoria"), (20, "Charles V"), (15, "Cleopatra"), (10, "Dan Quayle"),
)


@dataclass(frozen=True)
class Face:
    """One face of a die: how many of each resource symbol it shows (1-3 symbols)."""

    gold: int = 0
    stone: int = 0
    food: int = 0
    book: int = 0
    strength: int = 0
    #: Unrest expansion, green dice only: the face shows the Unrest symbol (a fist) and
    #: nothing else.
    unrest: bool = False

    def count(self, resource: str) -> int:
        return int(getattr(self, resource))

    @property
    def total(self) -> int:
        return self.gold + self.stone + self.food + self.book + self.strength

    def symbols(self) -> dict[str, int]:
        """Non-zero symbols, in RESOURCES order (the JSON form of a face); an Unrest face
        is ``{"unrest": 1}``."""
        if self.unrest:
            return {"unrest": 1}
        return {r: self.count(r) for r in RESOURCES if self.count(r)}


@dataclass(frozen=True)
class TileSpec:
    """A progress tile (or one of the five printed starting buildings, age 0).

    Which fields matter depends on ``kind``:
    - building: ``dice_colour`` and ``dice_count`` (1 or 2) dice it gives;
    - advisor: ``rerolls`` (reroll chits it gives);
    - colony: ``chit`` (a chit kind, or None); bought with strength;
    - wonder: ``stone_cost`` to build it and ``chit`` it gives once built (or None).
    Every tile's ``vp`` counts at the end of the game (an unbuilt wonder counts nothing).
    Buildings, advisors and wonders are bought with gold, colonies with strength; the
    price is the progress-board row, not a tile field.
    """

    id: str
    name: str
    age: int
    kind: TileKind
    vp: int
    dice_colour: DieColour | None = None
    dice_count: int = 0
    rerolls: int = 0
    chit: TileChit | None = None
    stone_cost: int = 0

    @property
    def currency(self) -> Resource:
        return "strength" if self.kind == "colony" else "gold"


@dataclass(frozen=True)
class EventSpec:
    """An event tile: the age's famine (food) and war (strength) figures."""

    id: str
    name: str
    age: int
    famine: int
    war: int

    @property
    def vp(self) -> int:
        """Meeting the famine or the war figure scores the age's number in VP."""
        return self.age


@dataclass(frozen=True)
class PassingBonus:
    """Unrest expansion: a passing-bonus tile.  Whoever takes it when passing has one more
    of ``resource`` for the rest of the age (the book, famine, player-order and war steps),
    then it goes back."""

    id: str
    name: str
    resource: Resource


@dataclass(frozen=True)
class UnrestSpec:
    """The Unrest expansion's components (the catalogue file's optional ``unrest`` part).

    Seed 004 names them but gives no numbers, so the packaged values are a reconstruction
    (``reconstructed``; see data/PROVENANCE.md): ``green_dice`` green dice whose six
    ``green_faces`` include at least one Unrest face; ``tiles``, shuffled into the age
    stacks when Unrest is played (green buildings, and colonies or wonders giving a
    star-marked reroll chit, ``chit: "star"``); ``star_chits`` star-marked reroll chits in
    the box; the ``passing_bonuses`` the passers choose from.
    """

    reconstructed: bool
    provenance: str
    green_dice: int
    green_faces: tuple[Face, ...]
    star_chits: int
    tiles: tuple[TileSpec, ...]
    passing_bonuses: tuple[PassingBonus, ...]


@dataclass(frozen=True)
class Catalogue:
    """A complete set of components: die faces, starting buildings, tiles and events,
    and optionally the Unrest expansion's (``unrest``).

    ``fingerprint`` covers the base game's part only, so adding or changing the Unrest part
    leaves it (and every save of a game without Unrest) as it was; ``unrest_fingerprint``
    covers the Unrest part ("" without one), and saves of Unrest games name both.
    """

    name: str
    reconstructed: bool
    provenance: str
    faces: dict[DieColour, tuple[Face, ...]]
    starting_buildings: tuple[TileSpec, ...]
    tiles: tuple[TileSpec, ...]
    events: tuple[EventSpec, ...]
    fingerprint: str
    unrest: UnrestSpec | None = None
    unrest_fingerprint: str = ""


# ---------------------------------------------------------------------------
# Loading, validating and writing catalogue files
# ---------------------------------------------------------------------------

FORMAT_NAME = "nations-dice-catalogue"
FORMAT_VERSION = 1
AGES: tuple[int, ...] = (1, 2, 3, 4)
TILES_PER_AGE = 15
EVENTS_PER_AGE = 3
FACES_PER_DIE = 6
STARTING_BUILDING_COUNT = 5

_TOP_FIELDS = (
    "format", "version", "name", "reconstructed", "provenance",
    "faces", "starting_buildings", "tiles", "events",
)
_COMMON_TILE_FIELDS = ("id", "name", "age", "kind", "vp")
_KIND_FIELDS: dict[TileKind, tuple[str, ...]] = {
    "building": ("dice_colour", "dice_count"),
    "advisor": ("rerolls",),
    "colony": ("chit",),
    "wonder": ("stone_cost", "chit"),
}
_EVENT_FIELDS = ("id", "name", "age", "famine", "war")
_UNREST_FIELDS = ("reconstructed", "provenance", "green_dice", "green_faces", "star_chits",
                  "tiles", "passing_bonuses")
#: Every Unrest game's first three passers take a bonus (4 players), so at least three.
MIN_PASSING_BONUSES = 3
MAX_STAR_CHITS = 12
_COLOUR_RESOURCES: dict[DieColour, str] = {
    "white": "any one resource",
    "blue": "books and stone",
    "orange": "gold and food",
    "red": "strength",
    "green": "any resource, or the Unrest symbol",
}


class CatalogueError(ValueError):
    """A catalogue file (or object) is malformed.

    The message always starts with the source (a file name, or ``<data>``), then names
    the item (tile, event, die face ...) and the field where that applies, e.g.
    ``catalogue.json: tile 't2-04' field 'dice_count': must be 1 or 2, got 3``.
    """

    def __init__(
        self, source: str, problem: str, *, item: str | None = None, field: str | None = None
    ) -> None:
        where = source
        if item is not None:
            where += f": {item}"
        if field is not None:
            where += f" field {field!r}" if item is not None else f": field {field!r}"
        super().__init__(f"{where}: {problem}")
        self.source = source
        self.problem = problem
        self.item = item
        self.field = field

    def __reduce__(self) -> tuple[object, ...]:
        return (_rebuild_error, (self.source, self.problem, self.item, self.field))


def _rebuild_error(
    source: str, problem: str, item: str | None, field: str | None
) -> CatalogueError:
    return CatalogueError(source, problem, item=item, field=field)


def _checker(source: str) -> Checker:
    """The shared checker (:mod:`nations_widget.core.validate`), raising CatalogueError."""
    return Checker(source, make_error=CatalogueError)


def _parse_face(check: Checker, raw: object, colour: DieColour) -> Face:
    face = check.mapping(raw)
    if colour == GREEN and "unrest" in face:
        check.fields(face, ("unrest",))
        check.integer(face, "unrest", 1, 1)
        return Face(unrest=True)
    if "unrest" in face:
        raise check.fail("only a green die (Unrest expansion) shows the Unrest symbol",
                         "unrest")
    unknown = [k for k in face if k not in RESOURCES]
    if unknown:
        raise check.fail(
            f"unknown resource {unknown[0]!r} (resources are {', '.join(RESOURCES)})", unknown[0]
        )
    counts: dict[str, int] = {}
    for resource in face:
        counts[resource] = check.integer(face, resource, 0)
    total = sum(counts.values())
    if not 1 <= total <= 3:
        raise check.fail(f"must show 1 to 3 symbols, shows {total}")
    if colour == "white" and (total != 1):
        raise check.fail(f"a white face shows a single symbol, this one shows {total}")
    return Face(counts.get("gold", 0), counts.get("stone", 0), counts.get("food", 0),
                counts.get("book", 0), counts.get("strength", 0))


def _parse_faces(check: Checker, raw: object) -> dict[DieColour, tuple[Face, ...]]:
    faces = check.mapping(raw, "faces")
    unknown = [k for k in faces if k not in DIE_COLOURS]
    if unknown:
        raise check.fail(
            f"unknown die colour {unknown[0]!r} (colours are {', '.join(DIE_COLOURS)})", "faces"
        )
    result: dict[DieColour, tuple[Face, ...]] = {}
    for colour in DIE_COLOURS:
        if colour not in faces:
            raise check.fail(f"missing the {colour} die", "faces")
        die = check.at(f"die {colour!r}")
        listed = die.array(faces[colour], "faces")
        if len(listed) != FACES_PER_DIE:
            raise die.fail(f"must list exactly {FACES_PER_DIE} faces, got {len(listed)}", "faces")
        result[colour] = tuple(
            _parse_face(check.at(f"die {colour!r} face {n}"), face, colour)
            for n, face in enumerate(listed, 1)
        )
    return result


def _chit(check: Checker, obj: dict[str, object], unrest: bool = False) -> TileChit | None:
    value = obj["chit"]
    if value is None:
        return None
    if value == "reroll":
        raise check.fail("colonies and wonders never give reroll chits", "chit")
    kinds = tuple(c for c in CHIT_KINDS if c != "reroll") + (("star",) if unrest else ())
    if value == "star" and not unrest:
        raise check.fail("only an Unrest tile gives a star-marked reroll chit", "chit")
    if not isinstance(value, str) or value not in kinds:
        raise check.fail(f"must be null or one of {', '.join(kinds)}; got {shown(value)}", "chit")
    return cast(TileChit, value)


def _ident(check: Checker, obj: dict[str, object]) -> str:
    if "id" not in obj:
        raise check.fail("missing", "id")
    return check.string(obj, "id")


def _parse_tile(
    check: Checker, raw: object, position: str, starting: bool = False, unrest: bool = False
) -> TileSpec:
    tile = check.at(position).mapping(raw)
    ident = _ident(check.at(position), tile)
    label = "starting building" if starting else "Unrest tile" if unrest else "tile"
    check = check.at(f"{label} {ident!r}")
    kind_value = tile.get("kind")
    if kind_value not in TILE_KINDS:
        if "kind" not in tile:
            raise check.fail("missing", "kind")
        check.choice(tile, "kind", TILE_KINDS)
    kind = cast(TileKind, kind_value)
    if starting and kind != "building":
        raise check.fail(f"a starting building must be a building, got {shown(kind)}", "kind")
    extra = _KIND_FIELDS[kind]
    common = tuple(f for f in _COMMON_TILE_FIELDS if not (starting and f == "age"))
    optional = ("age",) if starting else ()
    other = sorted({f for fs in _KIND_FIELDS.values() for f in fs} - set(extra))
    misplaced = [k for k in tile if k in other]
    if misplaced:
        raise check.fail(f"does not apply to a {kind}", misplaced[0])
    check.fields(tile, common + extra, optional)
    name = check.string(tile, "name")
    if starting:
        age = check.integer(tile, "age", 0, 0) if "age" in tile else 0
    else:
        age = check.integer(tile, "age", AGES[0], AGES[-1])
    vp = check.integer(tile, "vp", 0)
    spec = TileSpec(id=ident, name=name, age=age, kind=kind, vp=vp)
    if kind == "building":
        if starting:
            colour = check.choice(tile, "dice_colour", ("white",))
            count = check.integer(tile, "dice_count", 1, 1)
        else:
            colours = (GREEN,) if unrest else ("blue", "orange", "red")
            colour = check.choice(tile, "dice_colour", colours)
            count = check.integer(tile, "dice_count", 1, 2)
        return replace(spec, dice_colour=cast(DieColour, colour), dice_count=count)
    if kind == "advisor":
        return replace(spec, rerolls=check.integer(tile, "rerolls", 1, 2))
    if kind == "colony":
        return replace(spec, chit=_chit(check, tile, unrest))
    return replace(spec, stone_cost=check.integer(tile, "stone_cost", 1),
                   chit=_chit(check, tile, unrest))


def _parse_event(check: Checker, raw: object, position: str) -> EventSpec:
    event = check.at(position).mapping(raw)
    ident = _ident(check.at(position), event)
    check = check.at(f"event {ident!r}")
    check.fields(event, _EVENT_FIELDS)
    return EventSpec(
        id=ident,
        name=check.string(event, "name"),
        age=check.integer(event, "age", AGES[0], AGES[-1]),
        famine=check.integer(event, "famine", 1),
        war=check.integer(event, "war", 1),
    )


def _count_per_age(check: Checker, ages: list[int], wanted: int, what: str, field: str) -> None:
    for age in AGES:
        found = ages.count(age)
        if found != wanted:
            raise check.fail(f"age {age} must have exactly {wanted} {what}, got {found}", field)


def parse_catalogue(data: object, source: str = "<data>") -> Catalogue:
    """Validate a decoded catalogue file and build the :class:`Catalogue`.

    ``source`` names the data in error messages (a file name, or ``<data>``).  Tiles and
    events keep their file order.  The fingerprint is the first 16 hex digits of the
    SHA-256 of the canonical JSON (sorted keys, no spaces) of the catalogue's normal form,
    i.e. of :func:`catalogue_to_json` of the result; for a file already in normal form (as
    the packaged one is) that is the canonical JSON of ``data`` itself.  Normalising first
    keeps the fingerprint independent of spelling details such as zero counts on a face.
    Raises :class:`CatalogueError` on any problem.
    """
    check = _checker(source)
    top = check.mapping(data)
    check.fields(top, _TOP_FIELDS, ("unrest",))
    if top["format"] != FORMAT_NAME:
        raise check.fail(f"must be {FORMAT_NAME!r}, got {shown(top['format'])}", "format")
    check.integer(top, "version", FORMAT_VERSION, FORMAT_VERSION)
    name = check.string(top, "name")
    reconstructed = top["reconstructed"]
    if not isinstance(reconstructed, bool):
        raise check.fail(f"must be true or false, got {shown(reconstructed)}", "reconstructed")
    provenance = top["provenance"]
    if not isinstance(provenance, str):
        raise check.fail(f"must be a string, got {shown(provenance)}", "provenance")

    faces = _parse_faces(check, top["faces"])

    raw_start = check.array(top["starting_buildings"], "starting_buildings")
    if len(raw_start) != STARTING_BUILDING_COUNT:
        raise check.fail(
            f"must list exactly {STARTING_BUILDING_COUNT}, got {len(raw_start)}",
            "starting_buildings",
        )
    starting = tuple(
        _parse_tile(check, raw, f"starting building #{n}", starting=True)
        for n, raw in enumerate(raw_start, 1)
    )

    raw_tiles = check.array(top["tiles"], "tiles")
    tiles = tuple(_parse_tile(check, raw, f"tile #{n}") for n, raw in enumerate(raw_tiles, 1))
    _count_per_age(check, [t.age for t in tiles], TILES_PER_AGE, "tiles", "tiles")

    raw_events = check.array(top["events"], "events")
    events = tuple(
        _parse_event(check, raw, f"event #{n}") for n, raw in enumerate(raw_events, 1)
    )
    _count_per_age(check, [e.age for e in events], EVENTS_PER_AGE, "events", "events")

    unrest = _parse_unrest(check, top["unrest"]) if "unrest" in top else None

    seen: set[str] = set()
    for label, ident in (
        [("starting building", t.id) for t in starting]
        + [("tile", t.id) for t in tiles]
        + [("event", e.id) for e in events]
        + [("Unrest tile", t.id) for t in (unrest.tiles if unrest else ())]
        + [("passing bonus", b.id) for b in (unrest.passing_bonuses if unrest else ())]
    ):
        if ident in seen:
            raise check.at(f"{label} {ident!r}").fail("duplicate id", "id")
        seen.add(ident)

    catalogue = Catalogue(
        name=name, reconstructed=reconstructed, provenance=provenance, faces=faces,
        starting_buildings=starting, tiles=tiles, events=events, fingerprint="",
    )
    # The base fingerprint is taken before the Unrest part joins, so it stays what it was.
    catalogue = replace(catalogue, fingerprint=_fingerprint(catalogue_to_json(catalogue)))
    if unrest is not None:
        catalogue = replace(catalogue, unrest=unrest,
                            unrest_fingerprint=_fingerprint(unrest_to_json(unrest)))
    _KNOWN.setdefault(catalogue.fingerprint, catalogue)
    return catalogue


def _parse_unrest(check: Checker, raw: object) -> UnrestSpec:
    """The ``unrest`` part: errors name the file, then "unrest" and the item and field."""
    part = check.at("unrest")
    obj = part.mapping(raw)
    part.fields(obj, _UNREST_FIELDS)
    reconstructed = obj["reconstructed"]
    if not isinstance(reconstructed, bool):
        raise part.fail(f"must be true or false, got {shown(reconstructed)}", "reconstructed")
    provenance = part.string(obj, "provenance", empty=True)
    green_dice = part.integer(obj, "green_dice", 1, MAX_GREEN_DICE)
    listed = part.array(obj["green_faces"], "green_faces")
    if len(listed) != FACES_PER_DIE:
        raise part.fail(f"must list exactly {FACES_PER_DIE} faces, got {len(listed)}",
                        "green_faces")
    faces = tuple(_parse_face(check.at(f"unrest green die face {n}"), face, GREEN)
                  for n, face in enumerate(listed, 1))
    if not any(f.unrest for f in faces):
        raise part.fail('at least one face must show the Unrest symbol ({"unrest": 1})',
                        "green_faces")
    if all(f.unrest for f in faces):
        raise part.fail("at least one face must show resources", "green_faces")
    star_chits = part.integer(obj, "star_chits", 0, MAX_STAR_CHITS)
    raw_tiles = part.array(obj["tiles"], "tiles")
    tiles = tuple(_parse_tile(check, t, f"Unrest tile #{n}", unrest=True)
                  for n, t in enumerate(raw_tiles, 1))
    raw_bonuses = part.array(obj["passing_bonuses"], "passing_bonuses")
    if len(raw_bonuses) < MIN_PASSING_BONUSES:
        raise part.fail(f"must list at least {MIN_PASSING_BONUSES} (a 4-player game's first "
                        f"three passers each take one), got {len(raw_bonuses)}",
                        "passing_bonuses")
    bonuses = []
    for n, rb in enumerate(raw_bonuses, 1):
        bonus = check.at(f"passing bonus #{n}").mapping(rb)
        ident = _ident(check.at(f"passing bonus #{n}"), bonus)
        here = check.at(f"passing bonus {ident!r}")
        here.fields(bonus, ("id", "name", "resource"))
        bonuses.append(PassingBonus(ident, here.string(bonus, "name"),
                                    cast(Resource, here.choice(bonus, "resource", RESOURCES))))
    return UnrestSpec(reconstructed, provenance, green_dice, faces, star_chits, tiles,
                      tuple(bonuses))


def unrest_to_json(spec: UnrestSpec) -> dict[str, object]:
    """The JSON form of a catalogue's ``unrest`` part."""
    return {
        "reconstructed": spec.reconstructed,
        "provenance": spec.provenance,
        "green_dice": spec.green_dice,
        "green_faces": [f.symbols() for f in spec.green_faces],
        "star_chits": spec.star_chits,
        "tiles": [tile_to_json(t) for t in spec.tiles],
        "passing_bonuses": [{"id": b.id, "name": b.name, "resource": b.resource}
                            for b in spec.passing_bonuses],
    }


#: Every catalogue this program has read, by fingerprint: when a save names a catalogue
#: other than the one given, the message can then say which tiles differ.
_KNOWN: dict[str, Catalogue] = {}


def catalogue_differences(mine: Catalogue, theirs: Catalogue, limit: int = 6) -> list[str]:
    """What differs between two catalogues, in a few words per item (at most ``limit``
    items, then "and N more")."""
    found: list[str] = []
    if mine.faces != theirs.faces:
        found += [f"the {c} die's faces" for c in DIE_COLOURS
                  if mine.faces.get(c) != theirs.faces.get(c)]
    for label, a, b in (("starting building", mine.starting_buildings,
                         theirs.starting_buildings),
                        ("tile", mine.tiles, theirs.tiles), ("event", mine.events, theirs.events)):
        by_id = {x.id: x for x in b}
        for x in a:
            other = by_id.pop(x.id, None)
            if other is None:
                found.append(f"{label} {x.id!r} (only in {mine.name!r})")
            elif other != x:
                fields = [f for f in x.__dataclass_fields__ if getattr(x, f) != getattr(other, f)]
                found.append(f"{label} {x.id!r} ({', '.join(fields)})")
        found += [f"{label} {x_id!r} (only in {theirs.name!r})" for x_id in by_id]
    if mine.unrest != theirs.unrest:
        found.append("the Unrest components")
    if len(found) > limit:
        found = [*found[:limit], f"and {len(found) - limit} more"]
    return found


def catalogue_mismatch(info: object, catalogue: Catalogue, what: str) -> str | None:
    """``None`` if a save's ``catalogue`` field (``{"name", "fingerprint"}``) names
    ``catalogue``; else the problem, in words: the two names and fingerprints, which
    tiles differ when the save's catalogue is one this program has read, and how to load
    the save.  ``what`` names the save ("this game", "this position")."""
    if not isinstance(info, dict):
        return "must be an object with the catalogue's name and fingerprint"
    name, fingerprint = info.get("name"), info.get("fingerprint")
    if fingerprint == catalogue.fingerprint:
        # A save of an Unrest game names the Unrest part's fingerprint too (saves without
        # the field, all older ones, are games without Unrest).
        theirs_unrest = info.get("unrest")
        if theirs_unrest is None or theirs_unrest == catalogue.unrest_fingerprint:
            return None
        mine = catalogue.unrest_fingerprint or "none: it has no Unrest part"
        return (f"{what} was played with the Unrest expansion's components of fingerprint "
                f"{shown(theirs_unrest)}, not with those of the catalogue given, "
                f"{catalogue.name!r} (Unrest fingerprint {mine}). Load it with the catalogue "
                "it was played with (catalogue=load_catalogue(path of its file))")
    theirs = _KNOWN.get(fingerprint) if isinstance(fingerprint, str) else None
    label = repr(quote(name)) if isinstance(name, str) else "with no name"
    print_ = quote(fingerprint, 20) if isinstance(fingerprint, str) else shown(fingerprint)
    text = (f"{what} was played with the catalogue {label} (fingerprint {print_}), not "
            f"with the one given, {catalogue.name!r} (fingerprint {catalogue.fingerprint})")
    if theirs is not None:
        text += "; they differ in " + ", ".join(catalogue_differences(theirs, catalogue))
    how = ("catalogue=default_catalogue()" if theirs is not None
           and theirs == default_catalogue() else "catalogue=load_catalogue(path of its file)")
    return text + f". Load it with the catalogue it was played with ({how})"


def _fingerprint(data: object) -> str:
    canonical = json.dumps(data, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()[:16]


def load_catalogue(path: str | os.PathLike[str]) -> Catalogue:
    """Read and validate a catalogue file; errors name the file."""
    source = Path(path).name or os.fspath(path)
    try:
        text = Path(path).read_bytes()
    except FileNotFoundError:
        raise CatalogueError(source, f"no such file ({os.fspath(path)})") from None
    except OSError as exc:
        raise CatalogueError(source, f"cannot read the file: {exc}") from exc
    data = json_value(text, "", error=lambda problem: CatalogueError(source, problem))
    return parse_catalogue(data, source)


@functools.cache
def default_catalogue() -> Catalogue:
    """The packaged (reconstructed) catalogue, loaded once."""
    resource = importlib.resources.files("nations_widget.dice").joinpath("data/catalogue.json")
    text = resource.read_text(encoding="utf-8")
    return parse_catalogue(json.loads(text), "catalogue.json")


def tile_to_json(tile: TileSpec, starting: bool = False) -> dict[str, object]:
    """A tile's JSON form in a catalogue file (only the fields its kind uses)."""
    out: dict[str, object] = {"id": tile.id, "name": tile.name}
    if not starting:
        out["age"] = tile.age
    out["kind"] = tile.kind
    out["vp"] = tile.vp
    if tile.kind == "building":
        out["dice_colour"] = tile.dice_colour
        out["dice_count"] = tile.dice_count
    elif tile.kind == "advisor":
        out["rerolls"] = tile.rerolls
    elif tile.kind == "colony":
        out["chit"] = tile.chit
    else:
        out["stone_cost"] = tile.stone_cost
        out["chit"] = tile.chit
    return out


def catalogue_to_json(cat: Catalogue) -> dict[str, object]:
    """The JSON form of a catalogue (the inverse of :func:`parse_catalogue`)."""
    return {
        "format": FORMAT_NAME,
        "version": FORMAT_VERSION,
        "name": cat.name,
        "reconstructed": cat.reconstructed,
        "provenance": cat.provenance,
        "faces": {
            colour: [face.symbols() for face in cat.faces[colour]]
            for colour in DIE_COLOURS
            if colour in cat.faces
        },
        "starting_buildings": [tile_to_json(t, starting=True) for t in cat.starting_buildings],
        "tiles": [tile_to_json(t) for t in cat.tiles],
        "events": [
            {"id": e.id, "name": e.name, "age": e.age, "famine": e.famine, "war": e.war}
            for e in cat.events
        ],
        **({"unrest": unrest_to_json(cat.unrest)} if cat.unrest is not None else {}),
    }


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def describe_tile(tile: TileSpec) -> str:
    """A one-line plain-English explanation of a tile, for tooltips."""
    when = "starting building" if tile.age == 0 else f"age {tile.age}"
    if tile.kind == "building":
        colour: DieColour = tile.dice_colour or "white"
        dice = "die" if tile.dice_count == 1 else "dice"
        gives = f"{tile.dice_count} {colour} {dice} ({_COLOUR_RESOURCES[colour]})"
        if tile.age == 0:
            return (
                f"Building ({when}, {tile.vp} VP): printed on your board; gives {gives} "
                "until a bought building replaces it."
            )
        return (
            f"Building ({when}, {tile.vp} VP): replaces one of your buildings and gives "
            f"{gives}, rolled at once."
        )
    if tile.kind == "advisor":
        return (
            f"Advisor ({when}, {tile.vp} VP): replaces your advisor, if any; gives "
            f"{_plural(tile.rerolls, 'reroll chit')}, usable this round."
        )
    chit = "star-marked reroll (Unrest: rerolling with it costs no action)" \
        if tile.chit == "star" else tile.chit
    if tile.kind == "colony":
        gives = f"gives a {chit} chit, usable this round" if chit else "gives no chit"
        return f"Colony ({when}, {tile.vp} VP): bought with strength; {gives}."
    gives = f"once built gives a {chit} chit" if chit else "gives no chit"
    return (
        f"Wonder ({when}, {tile.vp} VP once built): bought with gold, then built for "
        f"{tile.stone_cost} stone; {gives}."
    )


def describe_event(ev: EventSpec) -> str:
    """A one-line plain-English explanation of an event tile, for tooltips."""
    return (
        f"Event (age {ev.age}): using at least {ev.famine} food at the famine scores {ev.vp} VP, "
        f"and using at least {ev.war} strength at the war scores {ev.vp} VP."
    )
