"""The component catalogue: the packaged reconstruction honours every known fact, and
broken files are rejected with messages naming the file, the item and the field."""

from __future__ import annotations

import copy
import json
import pickle
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from nations_widget.dice.catalogue import (
    CHIT_KINDS,
    RESOURCES,
    SUPPLY_CHITS,
    Catalogue,
    CatalogueError,
    EventSpec,
    TileSpec,
    catalogue_to_json,
    default_catalogue,
    describe_event,
    describe_tile,
    load_catalogue,
    parse_catalogue,
)

PACKAGED = Path(__file__).resolve().parents[2] / "nations_widget" / "dice" / "data"
PLAYERS = 4


@pytest.fixture(scope="module")
def cat() -> Catalogue:
    return default_catalogue()


def raw() -> dict[str, Any]:
    data: dict[str, Any] = json.loads((PACKAGED / "catalogue.json").read_text(encoding="utf-8"))
    return data


# --- the packaged catalogue honours the known facts ---------------------------------------


def test_header(cat: Catalogue) -> None:
    assert cat.name == "reconstructed-2026"
    assert cat.reconstructed is True
    assert "reconstruct" in cat.provenance.lower()
    assert "food" in cat.provenance  # which white face is doubled is stated
    assert len(cat.fingerprint) == 16
    int(cat.fingerprint, 16)
    assert default_catalogue() is cat  # cached


def test_white_die(cat: Catalogue) -> None:
    faces = cat.faces["white"]
    assert len(faces) == 6
    assert all(f.total == 1 for f in faces)
    shown = Counter(r for f in faces for r in f.symbols())
    assert set(shown) == set(RESOURCES)
    assert shown["food"] == 2
    assert all(shown[r] == 1 for r in RESOURCES if r != "food")


def test_every_die_has_six_faces_of_one_to_three_symbols(cat: Catalogue) -> None:
    assert set(cat.faces) == {"white", "blue", "orange", "red"}
    for faces in cat.faces.values():
        assert len(faces) == 6
        assert all(1 <= f.total <= 3 for f in faces)


def test_red_die_shows_only_strength(cat: Catalogue) -> None:
    for face in cat.faces["red"]:
        assert set(face.symbols()) == {"strength"}


def test_blue_die_shows_books_and_stone(cat: Catalogue) -> None:
    faces = cat.faces["blue"]
    assert all(set(f.symbols()) <= {"book", "stone"} for f in faces)
    assert any(f.book > 0 for f in faces) and any(f.stone > 0 for f in faces)
    assert any(f.book > 0 and f.stone > 0 for f in faces)  # some faces are mixed
    assert any(f.book == 3 for f in faces)


def test_orange_die_shows_gold_and_food(cat: Catalogue) -> None:
    faces = cat.faces["orange"]
    assert all(set(f.symbols()) <= {"gold", "food"} for f in faces)
    assert any(f.food > 0 for f in faces)
    assert any(f.symbols() == {"gold": 2} for f in faces)


def test_coloured_dice_beat_white(cat: Catalogue) -> None:
    white = sum(f.total for f in cat.faces["white"])
    for colour in ("blue", "orange", "red"):
        total = sum(f.total for f in cat.faces[colour])
        assert 10 <= total <= 14
        assert total > white


def test_starting_buildings(cat: Catalogue) -> None:
    names = [t.name for t in cat.starting_buildings]
    assert names == ["Axeman", "Farm", "Caravan", "Quarry", "Temple"]
    for tile in cat.starting_buildings:
        assert tile.id == "start-" + tile.name.lower()
        assert (tile.age, tile.kind, tile.vp) == (0, "building", 0)
        assert (tile.dice_colour, tile.dice_count) == ("white", 1)


def test_fifteen_tiles_and_three_events_per_age(cat: Catalogue) -> None:
    assert len(cat.tiles) == 60
    assert Counter(t.age for t in cat.tiles) == {1: 15, 2: 15, 3: 15, 4: 15}
    assert len(cat.events) == 12
    assert Counter(e.age for e in cat.events) == {1: 3, 2: 3, 3: 3, 4: 3}


def test_ids(cat: Catalogue) -> None:
    ids = [t.id for t in cat.starting_buildings + cat.tiles] + [e.id for e in cat.events]
    assert len(ids) == len(set(ids))
    for age in (1, 2, 3, 4):
        assert [t.id for t in cat.tiles if t.age == age] == [
            f"t{age}-{n:02d}" for n in range(1, 16)
        ]
        assert [e.id for e in cat.events if e.age == age] == [f"e{age}-{n}" for n in (1, 2, 3)]


def test_tile_mix_per_age(cat: Catalogue) -> None:
    for age in (1, 2, 3, 4):
        kinds = Counter(t.kind for t in cat.tiles if t.age == age)
        assert 5 <= kinds["building"] <= 7
        assert kinds["advisor"] == 2
        assert 3 <= kinds["colony"] <= 4
        assert 3 <= kinds["wonder"] <= 4


def test_known_names(cat: Catalogue) -> None:
    by_name = {t.name: t for t in cat.tiles}
    for name in ("Sun Tzu", "Montezuma", "Elizabeth"):
        assert by_name[name].kind == "advisor"
    for name in ("Hanging Gardens", "Taj Mahal", "Suez Canal"):
        assert by_name[name].kind == "wonder"
    # placed in the age of their period
    assert by_name["Sun Tzu"].age == 1
    assert by_name["Hanging Gardens"].age == 1
    assert by_name["Suez Canal"].age == 4
    names = [t.name for t in cat.tiles] + [e.name for e in cat.events]
    assert len(names) == len(set(names))


def test_buildings_give_coloured_dice(cat: Catalogue) -> None:
    for tile in cat.tiles:
        if tile.kind == "building":
            assert tile.dice_colour in ("blue", "orange", "red")
            assert tile.dice_count in (1, 2)
            assert (tile.rerolls, tile.chit, tile.stone_cost) == (0, None, 0)
    colours = Counter(t.dice_colour for t in cat.tiles if t.kind == "building")
    assert set(colours) == {"blue", "orange", "red"}


def test_advisors_give_one_or_two_rerolls(cat: Catalogue) -> None:
    advisors = [t for t in cat.tiles if t.kind == "advisor"]
    assert advisors and all(t.rerolls in (1, 2) for t in advisors)
    # four players each holding the biggest advisor still fit in the reroll supply
    spare = SUPPLY_CHITS["reroll"] - PLAYERS
    assert PLAYERS * max(t.rerolls for t in advisors) <= spare


def test_colonies_and_wonders(cat: Catalogue) -> None:
    for tile in cat.tiles:
        if tile.kind == "colony":
            assert tile.currency == "strength"
            assert tile.stone_cost == 0
        if tile.kind == "wonder":
            assert tile.currency == "gold"
            assert tile.stone_cost >= 1
        if tile.kind in ("colony", "wonder"):
            assert tile.chit is None or tile.chit in CHIT_KINDS
            assert tile.chit != "reroll"
            assert tile.dice_count == 0 and tile.rerolls == 0


def test_chit_rewards_fit_the_supply(cat: Catalogue) -> None:
    given = Counter(t.chit for t in cat.tiles if t.chit is not None)
    for kind in ("food", "strength", "book", "stone"):
        assert given[kind] <= SUPPLY_CHITS[kind] == 3
    assert given["gold"] <= SUPPLY_CHITS["gold"] - PLAYERS == 5
    assert given["reroll"] == 0


def test_vp_and_costs_rise_with_age(cat: Catalogue) -> None:
    def mean(values: list[int]) -> float:
        return sum(values) / len(values)

    vp = [mean([t.vp for t in cat.tiles if t.age == age]) for age in (1, 2, 3, 4)]
    assert vp == sorted(vp) and vp[0] < vp[-1]
    assert all(0 <= t.vp <= 2 for t in cat.tiles if t.age == 1)
    # colonies score half of the other kinds' VP (the balance change in PROVENANCE.md)
    assert all(4 <= t.vp <= 7 for t in cat.tiles if t.age == 4 and t.kind != "colony")
    assert all(2 <= t.vp <= 3 for t in cat.tiles if t.age == 4 and t.kind == "colony")
    stone = [
        mean([t.stone_cost for t in cat.tiles if t.age == age and t.kind == "wonder"])
        for age in (1, 2, 3, 4)
    ]
    assert stone == sorted(stone)
    assert all(3 <= t.stone_cost <= 4 for t in cat.tiles if t.age == 1 and t.kind == "wonder")
    assert all(7 <= t.stone_cost <= 8 for t in cat.tiles if t.age == 4 and t.kind == "wonder")


def test_event_figures_rise_with_age(cat: Catalogue) -> None:
    for prev, nxt in zip((1, 2, 3), (2, 3, 4), strict=True):
        a = [e for e in cat.events if e.age == prev]
        b = [e for e in cat.events if e.age == nxt]
        assert max(e.famine for e in a) <= max(e.famine for e in b)
        assert sum(e.famine for e in a) < sum(e.famine for e in b)
        assert sum(e.war for e in a) < sum(e.war for e in b)
    for e in cat.events:
        assert e.famine >= 1 and e.war >= 1
        assert e.vp == e.age
    assert all(2 <= e.famine <= 3 and 3 <= e.war <= 5 for e in cat.events if e.age == 1)
    assert all(6 <= e.famine <= 8 and 9 <= e.war <= 11 for e in cat.events if e.age == 4)


# --- round trip, fingerprint, loading ----------------------------------------------------


def test_round_trip(cat: Catalogue) -> None:
    assert parse_catalogue(catalogue_to_json(cat)) == cat
    assert catalogue_to_json(cat) == raw()  # the packaged file is in normal form


def test_fingerprint_is_canonical_json_hash(cat: Catalogue) -> None:
    import hashlib

    # The base fingerprint leaves the Unrest part out (old saves name it); the Unrest
    # part has its own.
    base = raw()
    unrest = base.pop("unrest")
    canonical = json.dumps(base, sort_keys=True, separators=(",", ":"))
    assert cat.fingerprint == hashlib.sha256(canonical.encode()).hexdigest()[:16]
    canonical = json.dumps(unrest, sort_keys=True, separators=(",", ":"))
    assert cat.unrest_fingerprint == hashlib.sha256(canonical.encode()).hexdigest()[:16]
    changed = raw()
    changed["tiles"][0]["vp"] += 1
    assert parse_catalogue(changed).fingerprint != cat.fingerprint


def test_the_unrest_part_leaves_the_base_fingerprint_alone(cat: Catalogue) -> None:
    # The fingerprint saves of games without Unrest have always named (release 1's file).
    assert cat.fingerprint == "000dea4664a5d512"
    without = raw()
    del without["unrest"]
    plain = parse_catalogue(without)
    assert plain.fingerprint == cat.fingerprint and plain.unrest is None
    assert plain.unrest_fingerprint == ""
    changed = raw()
    changed["unrest"]["tiles"][0]["vp"] += 1
    other = parse_catalogue(changed)
    assert other.fingerprint == cat.fingerprint
    assert other.unrest_fingerprint != cat.unrest_fingerprint


def test_fingerprint_ignores_spelling(cat: Catalogue) -> None:
    data = raw()
    data["faces"]["red"][0] = {"strength": 1, "gold": 0}
    data["starting_buildings"][0]["age"] = 0
    again = parse_catalogue(data)
    assert again == cat


def test_load_from_file(tmp_path: Path, cat: Catalogue) -> None:
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(raw()), encoding="utf-8")
    assert load_catalogue(path) == cat
    assert load_catalogue(str(path)) == cat


def test_tile_order_is_kept(cat: Catalogue) -> None:
    data = raw()
    data["tiles"].reverse()
    assert [t.id for t in parse_catalogue(data).tiles] == [t.id for t in reversed(cat.tiles)]


def test_missing_file_and_bad_json(tmp_path: Path) -> None:
    with pytest.raises(CatalogueError, match=r"^nope\.json: "):
        load_catalogue(tmp_path / "nope.json")
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": ', encoding="utf-8")
    with pytest.raises(CatalogueError, match=r"^bad\.json: not valid JSON"):
        load_catalogue(bad)


def test_error_is_value_error_and_pickles() -> None:
    with pytest.raises(ValueError) as info:
        parse_catalogue([])
    err = info.value
    assert isinstance(err, CatalogueError)
    assert str(err).startswith("<data>: ")
    again = pickle.loads(pickle.dumps(err))
    assert str(again) == str(err)


# --- broken files ------------------------------------------------------------------------

Edit = Callable[[dict[str, Any]], None]


def _tile(data: dict[str, Any], ident: str) -> dict[str, Any]:
    found: dict[str, Any] = next(t for t in data["tiles"] if t["id"] == ident)
    return found


def _first(data: dict[str, Any], kind: str) -> dict[str, Any]:
    found: dict[str, Any] = next(t for t in data["tiles"] if t["kind"] == kind)
    return found


def _set(ident: str, field: str, value: object) -> Edit:
    def edit(data: dict[str, Any]) -> None:
        _tile(data, ident)[field] = value

    return edit


def _drop(ident: str, field: str) -> Edit:
    def edit(data: dict[str, Any]) -> None:
        del _tile(data, ident)[field]

    return edit


def _set_kind(kind: str, field: str, value: object) -> Edit:
    def edit(data: dict[str, Any]) -> None:
        _first(data, kind)[field] = value

    return edit


def _set_event(index: int, field: str, value: object) -> Edit:
    def edit(data: dict[str, Any]) -> None:
        data["events"][index][field] = value

    return edit


def _set_top(field: str, value: object) -> Edit:
    def edit(data: dict[str, Any]) -> None:
        data[field] = value

    return edit


def _set_face(colour: str, index: int, face: object) -> Edit:
    def edit(data: dict[str, Any]) -> None:
        data["faces"][colour][index] = face

    return edit


def _drop_face(colour: str) -> Edit:
    def edit(data: dict[str, Any]) -> None:
        data["faces"][colour].pop()

    return edit


def _set_start(index: int, field: str, value: object) -> Edit:
    def edit(data: dict[str, Any]) -> None:
        data["starting_buildings"][index][field] = value

    return edit


def _move_tile_age(ident: str, age: int) -> Edit:
    def edit(data: dict[str, Any]) -> None:
        _tile(data, ident)["age"] = age

    return edit


def _duplicate_id(data: dict[str, Any]) -> None:
    data["tiles"][1]["id"] = data["tiles"][0]["id"]


def _unknown_top(data: dict[str, Any]) -> None:
    data["extras"] = 1


BROKEN: list[tuple[str, Edit, list[str]]] = [
    ("dice_count", _set("t1-02", "dice_count", 3),
     ["tile 't1-02' field 'dice_count'", "must be 1 or 2, got 3"]),
    ("white building", _set("t1-01", "dice_colour", "white"),
     ["tile 't1-01' field 'dice_colour'", "white"]),
    ("bad colour", _set("t1-01", "dice_colour", "green"),
     ["tile 't1-01' field 'dice_colour'", "green"]),
    ("missing dice", _drop("t1-03", "dice_count"), ["tile 't1-03' field 'dice_count'", "missing"]),
    ("unknown field", _set("t2-04", "colour", "red"), ["tile 't2-04' field 'colour'", "unknown"]),
    ("field of another kind", _set("t1-01", "rerolls", 1),
     ["tile 't1-01' field 'rerolls'", "building"]),
    ("negative vp", _set("t3-01", "vp", -1), ["tile 't3-01' field 'vp'", "-1"]),
    ("vp not int", _set("t3-01", "vp", "two"), ["tile 't3-01' field 'vp'", "integer"]),
    ("vp bool", _set("t3-01", "vp", True), ["tile 't3-01' field 'vp'", "integer"]),
    ("vp float", _set("t3-01", "vp", 1.5), ["tile 't3-01' field 'vp'", "integer"]),
    ("age 5", _set("t4-01", "age", 5), ["tile 't4-01' field 'age'", "5"]),
    ("bad kind", _set("t1-01", "kind", "temple"), ["tile 't1-01' field 'kind'", "temple"]),
    ("empty name", _set("t1-01", "name", ""), ["tile 't1-01' field 'name'", "non-empty"]),
    ("rerolls 3", _set_kind("advisor", "rerolls", 3),
     ["tile 't1-07' field 'rerolls'", "must be 1 or 2, got 3"]),
    ("reroll chit", _set_kind("colony", "chit", "reroll"),
     ["tile 't1-09' field 'chit'", "reroll"]),
    ("unknown chit", _set_kind("wonder", "chit", "wine"), ["tile 't1-13' field 'chit'", "wine"]),
    ("missing chit", _drop("t1-12", "chit"), ["tile 't1-12' field 'chit'", "missing"]),
    ("stone_cost 0", _set_kind("wonder", "stone_cost", 0),
     ["tile 't1-13' field 'stone_cost'", "at least 1"]),
    ("too few in an age", _move_tile_age("t2-01", 3),
     ["field 'tiles'", "age 2 must have exactly 15 tiles, got 14"]),
    ("duplicate id", _duplicate_id, ["tile 't1-01' field 'id'", "duplicate"]),
    ("famine 0", _set_event(4, "famine", 0), ["event 'e2-2' field 'famine'", "at least 1"]),
    ("war missing", _set_event(0, "war", None), ["event 'e1-1' field 'war'", "null"]),
    ("event unknown field", _set_event(11, "vp", 4), ["event 'e4-3' field 'vp'", "unknown"]),
    ("event age", _set_event(0, "age", 2),
     ["field 'events'", "age 1 must have exactly 3 events, got 2"]),
    ("four symbols", _set_face("orange", 0, {"gold": 4}), ["die 'orange' face 1", "1 to 3"]),
    ("mixed white face", _set_face("white", 2, {"food": 1, "gold": 1}),
     ["die 'white' face 3", "single symbol"]),
    ("negative symbol", _set_face("blue", 1, {"book": 2, "stone": -1}),
     ["die 'blue' face 2 field 'stone'", "at least 0"]),
    ("unknown resource", _set_face("red", 5, {"wine": 1}),
     ["die 'red' face 6 field 'wine'", "unknown resource"]),
    ("five faces", _drop_face("blue"), ["die 'blue' field 'faces'", "exactly 6 faces, got 5"]),
    ("start colour", _set_start(2, "dice_colour", "red"),
     ["starting building 'start-caravan' field 'dice_colour'", "red"]),
    ("start dice", _set_start(0, "dice_count", 2),
     ["starting building 'start-axeman' field 'dice_count'", "must be 1, got 2"]),
    ("start kind", _set_start(4, "kind", "advisor"),
     ["starting building 'start-temple' field 'kind'", "advisor"]),
    ("version", _set_top("version", 2), ["field 'version'", "must be 1, got 2"]),
    ("format", _set_top("format", "other"), ["field 'format'", "other"]),
    ("unknown top field", _unknown_top, ["field 'extras'", "unknown"]),
]


@pytest.mark.parametrize(
    ("edit", "expected"), [(e, x) for _, e, x in BROKEN], ids=[n for n, _, _ in BROKEN]
)
def test_broken_file(tmp_path: Path, edit: Edit, expected: list[str]) -> None:
    data = copy.deepcopy(raw())
    edit(data)
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(data, indent=1), encoding="utf-8")
    with pytest.raises(CatalogueError) as info:
        load_catalogue(path)
    message = str(info.value)
    assert message.startswith("broken.json: "), message
    for part in expected:
        assert part in message, message


def test_broken_data_without_file_names_data() -> None:
    data = raw()
    data["tiles"][3]["dice_count"] = 3
    with pytest.raises(CatalogueError) as info:
        parse_catalogue(data)
    assert str(info.value) == (
        "<data>: tile 't1-04' field 'dice_count': must be 1 or 2, got 3"
    )
    assert (info.value.item, info.value.field) == ("tile 't1-04'", "dice_count")


# --- descriptions ------------------------------------------------------------------------


def test_describe_tile_examples() -> None:
    building = TileSpec("x", "Legion", 2, "building", 2, dice_colour="red", dice_count=2)
    assert describe_tile(building) == (
        "Building (age 2, 2 VP): replaces one of your buildings and gives 2 red dice "
        "(strength), rolled at once."
    )
    colony = TileSpec("x", "Egypt", 1, "colony", 1, chit="food")
    assert describe_tile(colony) == (
        "Colony (age 1, 1 VP): bought with strength; gives a food chit, usable this round."
    )
    wonder = TileSpec("x", "W", 3, "wonder", 5, stone_cost=6, chit="gold")
    assert describe_tile(wonder) == (
        "Wonder (age 3, 5 VP once built): bought with gold, then built for 6 stone; "
        "once built gives a gold chit."
    )
    advisor = TileSpec("x", "A", 1, "advisor", 0, rerolls=2)
    assert describe_tile(advisor).startswith("Advisor (age 1, 0 VP): replaces your advisor")
    assert describe_tile(advisor).endswith("gives 2 reroll chits, usable this round.")
    assert "1 reroll chit," in describe_tile(TileSpec("x", "A", 1, "advisor", 1, rerolls=1))


def test_every_tile_and_event_is_described(cat: Catalogue) -> None:
    for tile in cat.starting_buildings + cat.tiles:
        text = describe_tile(tile)
        assert text and "\n" not in text and text.endswith(".")
        assert f"{tile.vp} VP" in text
    for ev in cat.events:
        text = describe_event(ev)
        assert f"{ev.famine} food" in text and f"{ev.war} strength" in text
        assert f"{ev.age} VP" in text


def test_describe_event() -> None:
    ev = EventSpec("e2-1", "Black Death", 2, famine=4, war=5)
    assert describe_event(ev) == (
        "Event (age 2): using at least 4 food at the famine scores 2 VP, "
        "and using at least 5 strength at the war scores 2 VP."
    )
