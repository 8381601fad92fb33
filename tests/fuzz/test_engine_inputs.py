"""Fuzzing the engine's inputs: moves (``Game.play``, ``move_from_json``), saved games
(``Game.from_json``), saved states (``GameState.from_json``), scenarios (``scenario``) and
catalogue files (``load_catalogue``).

Each case asserts what the engine promises at its boundary: the input is accepted, or it
is refused with one of the typed errors (a ``ValueError`` subclass from
``nations_widget.core.errors``, or ``CatalogueError`` for catalogues) whose message is
under 500 characters, and nothing changed (the game's state, the caller's document).
A boolean where a number belongs is refused, not read as 0 or 1.

These tests found the defects of issue 12 (a TypeError, RecursionError or
UnicodeDecodeError escaping, a bare ValueError, a boolean read as a number, an over-long
message quoting the input); they now guard the shared envelope and checker that fixed them.
"""

from __future__ import annotations

import functools
import json
import os
import random
import tempfile
from pathlib import Path
from typing import Any

import pytest
from fuzz_support import (
    JSON,
    MAX_MESSAGE,
    NASTY,
    VALUES,
    as_input,
    fuzz_settings,
    mutated,
    survey,
)
from hypothesis import given
from hypothesis import strategies as st

from nations_widget.core import errors as core_errors
from nations_widget.dice import (
    CatalogueError,
    Game,
    GameState,
    load_catalogue,
    move_from_json,
    scenario,
)
from nations_widget.dice.catalogue import catalogue_to_json, default_catalogue

#: the documented refusals: the core package's typed errors
TYPED: tuple[type[ValueError], ...] = (core_errors.IllegalMoveError,
                                       core_errors.MalformedMoveError,
                                       core_errors.StateFormatError)



def refused_properly(exc: BaseException, allowed: tuple[type[BaseException], ...],
                     case: object = None) -> None:
    """The refusal is a documented one and its message is short.  Anything else is
    raised again as it is, so that the failure shows where in the engine it came from
    (and hypothesis reports each distinct place separately); under
    ``NATIONS_FUZZ_SURVEY`` it is recorded instead (see fuzz_support.survey)."""
    message = str(exc)
    if not isinstance(exc, allowed):
        if survey("escaped", exc, case):
            return
        exc.add_note(f"fuzz: {type(exc).__name__} escaped instead of "
                     f"{', '.join(a.__name__ for a in allowed)}")
        raise exc
    if (not message or len(message) >= MAX_MESSAGE) and survey("message", exc, case):
        return
    assert message, "a refusal must say why"
    assert len(message) < MAX_MESSAGE, f"a {len(message)}-character message: {message[:200]}…"


def canonical(doc: Any) -> str:
    """A comparable form of any JSON-like value, however deep (no recursion)."""
    out: list[str] = []
    stack: list[Any] = [doc]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            out.append("{")
            for key in sorted(item, key=repr):
                stack.append(item[key])
                stack.append(("key", repr(key)))
        elif isinstance(item, list):
            out.append(f"[{len(item)}")
            stack.extend(reversed(item))
        elif isinstance(item, tuple) and len(item) == 2 and item[0] == "key":
            out.append(item[1])
        else:
            out.append(f"{type(item).__name__}:{item!r}")
    return "|".join(out)


# -------------------------------------------------------------- positions to play on
@functools.cache
def positions() -> tuple[GameState, ...]:
    """States from seeded random games: every step (actions, books, famine, war), every
    player count, both variants."""
    found: dict[tuple[int, str, str], GameState] = {}
    rng = random.Random(12)
    for players in (1, 2, 3, 4):
        for variant in ("original", "accelerated"):
            game = Game(players=players, seed=players * 31, variant=variant,
                        automate=False)          # books and famine become decisions
            while not game.is_over:
                key = (players, variant, game.step_name)
                if key not in found or rng.random() < 0.05:
                    found[key] = game.state.clone()
                moves = game.legal_moves()
                game.play(moves[rng.randrange(len(moves))])
    return tuple(found.values())


@functools.cache
def saved_game() -> dict[str, Any]:
    game = Game(players=3, seed=5)
    rng = random.Random(3)
    for _ in range(25):
        moves = game.legal_moves()
        game.play(moves[rng.randrange(len(moves))])
    data = game.to_json()
    assert isinstance(data, dict)
    return data


@functools.cache
def saved_state() -> dict[str, Any]:
    data = positions()[len(positions()) // 2].to_json()
    assert isinstance(data, dict)
    return data


@functools.cache
def catalogue_doc() -> dict[str, Any]:
    data = catalogue_to_json(default_catalogue())
    assert isinstance(data, dict)
    return data


MOVE_TYPES = ["pass", "reroll", "buy", "build", "books", "feed", "fight"]
MOVE_FIELDS = ["pledge", "dice", "tile", "payment", "replaces", "returned_dice",
               "returned_used_rerolls", "chits"]
DIE_LISTS = st.lists(st.integers(-2, 45), max_size=6)
PAYMENTS = st.fixed_dictionaries({}, optional={
    "dice": st.one_of(DIE_LISTS, VALUES),
    "chits": st.one_of(st.dictionaries(st.sampled_from(["gold", "stone", "food", "book",
                                                         "strength", "reroll", "x"]),
                                       st.integers(-1, 9) | VALUES, max_size=3), VALUES),
    "trades": st.one_of(st.lists(DIE_LISTS, max_size=2), VALUES),
})


@st.composite
def move_documents(draw: st.DrawFn, state: GameState) -> Any:
    """A move's JSON: a listed move with one place changed, a move built from plausible
    parts, or anything at all."""
    how = draw(st.sampled_from(["listed", "listed", "built", "built", "anything"]))
    if how == "listed":
        listed = state.legal_moves()
        doc = listed[draw(st.integers(0, len(listed) - 1))].to_json()
        return draw(mutated(doc))
    if how == "built":
        doc: dict[str, Any] = {"type": draw(st.sampled_from(MOVE_TYPES) | st.text(max_size=6))}
        for name in draw(st.lists(st.sampled_from(MOVE_FIELDS), max_size=3, unique=True)):
            doc[name] = draw(st.one_of(DIE_LISTS, PAYMENTS, st.sampled_from(
                ["t1-05", "start-farm", "t2-01"]), st.integers(-1, 5), VALUES))
        return doc
    return draw(VALUES)


# ------------------------------------------------------------------------ moves
@fuzz_settings(600)
@given(st.data())
def test_game_play_refuses_bad_moves_with_a_typed_error(data: st.DataObject) -> None:
    start = positions()[data.draw(st.integers(0, len(positions()) - 1), label="position")]
    game = Game.from_state(start)
    doc = data.draw(move_documents(game.state))
    before = (game.state.to_json_str(), game.position, game.length)
    try:
        game.play(doc)
    except Exception as exc:
        refused_properly(exc, TYPED, doc)
        assert (game.state.to_json_str(), game.position, game.length) == before
        return
    assert game.position == 1                       # accepted: exactly one move played


@fuzz_settings(600)
@given(st.one_of(VALUES, st.builds(lambda t, v: {"type": t, "dice": v, "payment": v},
                                   st.sampled_from(MOVE_TYPES), VALUES)))
def test_move_from_json_refuses_with_a_malformed_move_error(doc: Any) -> None:
    keep = canonical(doc)
    try:
        move = move_from_json(doc)
    except Exception as exc:
        refused_properly(exc, (core_errors.MalformedMoveError,), doc)
    else:
        assert move_from_json(move.to_json()) == move
    assert canonical(doc) == keep                   # the caller's document is untouched


# ---------------------------------------------------------------- saved games
@fuzz_settings(300)
@given(st.data())
def test_game_from_json_refuses_bad_saves_with_a_typed_error(data: st.DataObject) -> None:
    doc = data.draw(mutated(saved_game()), label="save")
    given_input = data.draw(as_input(doc), label="as")
    keep = canonical(given_input)
    try:
        game = Game.from_json(given_input)
    except Exception as exc:
        refused_properly(exc, TYPED, given_input)
    else:
        assert Game.from_json(game.to_json()).state == game.state
    assert canonical(given_input) == keep


def int_places(doc: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out: list[tuple[Any, ...]] = []
    if isinstance(doc, bool):
        return out
    if isinstance(doc, int):
        return [prefix]
    items = doc.items() if isinstance(doc, dict) else enumerate(doc) \
        if isinstance(doc, list) else []
    for key, value in items:
        out.extend(int_places(value, (*prefix, key)))
    return out


def with_bool(doc: Any, path: tuple[Any, ...]) -> Any:
    out = json.loads(json.dumps(doc))
    parent = out
    for step in path[:-1]:
        parent = parent[step]
    parent[path[-1]] = bool(parent[path[-1]] % 2)
    return out


@fuzz_settings(200)
@given(st.data())
def test_a_boolean_is_not_a_number_in_a_saved_state(data: st.DataObject) -> None:
    places = int_places(saved_state())
    path = places[data.draw(st.integers(0, len(places) - 1), label="place")]
    try:
        GameState.from_json(with_bool(saved_state(), path))
    except Exception as exc:
        refused_properly(exc, (core_errors.StateFormatError,), path)
    else:
        if survey("accepted", None, path):
            return
        pytest.fail(f"a boolean at {'/'.join(map(str, path))} was read as a number")


# --------------------------------------------------------------- saved states
@fuzz_settings(300)
@given(st.data())
def test_gamestate_from_json_refuses_bad_states_with_a_typed_error(
        data: st.DataObject) -> None:
    doc = data.draw(mutated(saved_state()), label="state")
    given_input = data.draw(as_input(doc), label="as")
    keep = canonical(given_input)
    try:
        state = GameState.from_json(given_input)
    except Exception as exc:
        refused_properly(exc, (core_errors.StateFormatError,), given_input)
    else:
        assert GameState.from_json(state.to_json()) == state
    assert canonical(given_input) == keep


# ------------------------------------------------------------------ scenarios
SCENARIO_KEYS = ["players", "seed", "variant", "automate", "solo_tougher", "round", "step",
                 "event", "board", "order", "current", "seats", "opponent_books"]
SEAT = st.dictionaries(
    st.sampled_from(["dice", "buildings", "advisor", "wonder", "colonies", "wonders",
                     "chits", "chits_used", "books", "vp", "passed", "pledge"]),
    st.one_of(st.lists(st.sampled_from(["white:gold", "red:strength", "blue:2book",
                                        "white:book+stone", "orange:food"]), max_size=6),
              st.integers(-1, 8), VALUES),
    max_size=3)


@st.composite
def scenario_documents(draw: st.DrawFn) -> Any:
    doc: dict[str, Any] = {}
    for key in draw(st.lists(st.sampled_from(SCENARIO_KEYS), max_size=5, unique=True)):
        if key == "seats":
            doc[key] = draw(st.one_of(st.lists(SEAT, max_size=4), VALUES))
        elif key in ("players", "round", "current", "opponent_books"):
            doc[key] = draw(st.one_of(st.integers(-1, 5), VALUES))
        elif key == "step":
            doc[key] = draw(st.sampled_from(["actions", "books", "famine", "war", "nap"])
                            | VALUES)
        else:
            doc[key] = draw(VALUES)
    return draw(st.one_of(st.just(doc), as_input(doc), JSON, NASTY))


@fuzz_settings(400)
@given(scenario_documents())
def test_scenario_refuses_bad_descriptions_with_a_typed_error(doc: Any) -> None:
    keep = canonical(doc)
    try:
        scenario(doc)
    except Exception as exc:
        refused_properly(exc, (core_errors.StateFormatError,), doc)
    assert canonical(doc) == keep


# ----------------------------------------------------------------- catalogues
@fuzz_settings(150)
@given(st.data())
def test_load_catalogue_refuses_bad_files_with_a_catalogue_error(data: st.DataObject) -> None:
    doc = data.draw(mutated(catalogue_doc()), label="catalogue")
    raw = data.draw(as_input(doc), label="as")
    if isinstance(raw, str):
        raw = raw.encode("utf-8", "surrogatepass")
    elif not isinstance(raw, bytes):
        try:
            raw = json.dumps(raw).encode("utf-8", "surrogatepass")
        except (ValueError, RecursionError):
            raw = b"[" * 5000
    fd, name = tempfile.mkstemp(suffix=".json")
    try:
        os.write(fd, raw)
        os.close(fd)
        try:
            load_catalogue(name)
        except Exception as exc:
            refused_properly(exc, (CatalogueError,), raw)
            if isinstance(exc, CatalogueError):
                    assert str(exc).startswith(Path(name).name)   # the message names the file
    finally:
        os.unlink(name)
