"""Bad input at the boundary: every refusal is the documented typed error with a short
message a person can read, and nothing is half-built.  Also: saves written by the code of
commit 0ee8c89 (the fixtures) still load and save back unchanged."""

from __future__ import annotations

import copy
import json
import os
import random
from pathlib import Path
from typing import Any

import pytest

from nations_widget.core.envelope import MAX_MESSAGE_CHARS
from nations_widget.dice import (
    Game,
    GameState,
    IllegalMoveError,
    MalformedMoveError,
    StateFormatError,
    default_catalogue,
    move_from_json,
    scenario,
)
from nations_widget.dice.catalogue import catalogue_to_json, load_catalogue

FIXTURES = Path(__file__).parent / "fixtures"


def fixture(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((FIXTURES / name).read_text(encoding="utf-8"))
    return data


def refused(load: Any, data: object, error: type[Exception] = StateFormatError) -> str:
    with pytest.raises(error) as info:
        load(data)
    message = str(info.value)
    assert len(message) < MAX_MESSAGE_CHARS
    return message


# ------------------------------------------------------------------ old saves still load
def test_a_saved_game_of_version_1_still_loads() -> None:
    data = fixture("saved_game_v1.json")
    game = Game.from_json(data)
    assert game.position == data["position"] and game.length == len(data["moves"])
    assert game.to_json() == data
    game.goto(game.length)
    assert game.round == 3


def test_a_saved_game_from_a_position_still_loads() -> None:
    data = fixture("saved_game_from_state_v1.json")
    game = Game.from_json(json.dumps(data).encode("utf-8"))
    assert game.to_json() == data and game.state_at(0).to_json() == data["start"]


def test_a_saved_state_with_a_pledge_still_loads() -> None:
    data = fixture("saved_state_v1.json")
    state = GameState.from_json(data)
    assert state.to_json() == data
    assert any(p.pledge for p in state.players)


# ------------------------------------------------------------- ids and cross-references
def test_a_pledge_of_dice_that_do_not_exist_is_refused_at_load() -> None:
    """It used to load and then crash at the famine with an IndexError."""
    data = fixture("saved_state_v1.json")
    data["players"][0]["pledge"] = [100, 101]
    message = refused(GameState.from_json, data)
    assert "players[0].pledge" in message and "between 0 and 43" in message


def test_a_pledge_of_another_players_dice_is_refused() -> None:
    data = fixture("saved_state_v1.json")
    theirs = [d for d, row in enumerate(data["dice"]) if row[0] == 1][:2]
    data["players"][0]["pledge"] = theirs
    assert "pledges dice it does not hold" in refused(GameState.from_json, data)


def test_an_odd_pledge_is_refused() -> None:
    data = fixture("saved_state_v1.json")
    data["players"][0]["pledge"] = data["players"][0]["pledge"][:1]
    assert "even number" in refused(GameState.from_json, data)


def test_a_tile_of_the_wrong_kind_is_refused() -> None:
    data = fixture("saved_state_v1.json")
    building = data["players"][1]["buildings"][0][0]
    data["players"][1]["advisor"] = [building, 0]
    refused(GameState.from_json, data)


@pytest.mark.parametrize(("path", "value", "words"), [
    (("order",), ["a", 0], "state field 'order'"),
    (("order",), [True, 0], "state field 'order'"),
    (("pending",), [True], "state field 'pending'"),
    (("event",), [], "state field 'event'"),
    (("event",), {"id": "e1-1"}, "state field 'event'"),
    (("board", 0), "abc", "state field 'board[0]'"),
    (("board", 0, 0), 7, "state field 'board[0][0]'"),
    (("dice", 0), [True, 0, 0], "state field 'dice[0]'"),
    (("players", 0, "chits", "gold"), True, "players[0].chits.gold"),
    (("players", 0, "buildings", 0), ["start-farm", True], "players[0].buildings[0]"),
    (("players", 0, "advisor"), [None, 0], "players[0].advisor"),
    (("players", 0, "colonies"), [["t1-01"]], "players[0].colonies"),
    (("players", 0, "pledge"), "0,1", "players[0].pledge"),
    (("players", 0, "fed"), 1, "players[0].fed"),
    (("version",), True, "state field 'version'"),
    (("version",), 1.0, "state field 'version'"),
    (("opponent_books",), 10 ** 30, "state field 'opponent_books'"),
    (("rng",), "+" * 16, "state field 'rng'"),
])
def test_wrong_types_in_a_saved_state_are_refused(path: tuple[Any, ...], value: Any,
                                                  words: str) -> None:
    data = fixture("saved_state_v1.json")
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    assert words in refused(GameState.from_json, data)



# ------------------------------------------- positions no game reaches (issue 22's fuzz)
# Each of these loaded before and left a game that was stuck (nobody to play, the game not
# over), crashed on its first move (an AssertionError from Game.play) or broke its own
# rules some moves later (a state that its next save could not load).
def state_json(**settings: Any) -> dict[str, Any]:
    data: dict[str, Any] = GameState.new(**settings).to_json()
    return data


def started_from(state: dict[str, Any], moves: list[Any] | None = None) -> dict[str, Any]:
    """A save of a game begun from the position ``state``, with ``moves`` after it."""
    save = Game.from_state(GameState.new(players=len(state["players"]),
                                         seed=state["config"]["seed"])).to_json()
    return {**save, "config": state["config"], "start": state,
            "moves": moves or [], "position": len(moves or [])}


@pytest.mark.parametrize("step", ["new_round", "player_order"])
def test_a_state_resting_where_nobody_decides_is_refused(step: str) -> None:
    data = state_json(players=2, seed=3)
    data["step"] = step
    for player in data["players"]:
        player["passed"] = True
    message = refused(GameState.from_json, data)
    assert f"never waits in the {step.replace('_', ' ')} step" in message
    # a saved game with a move after it: refused in words, not an AssertionError
    assert "never waits" in refused(Game.from_json, started_from(data, [{"type": "pass"}]))


@pytest.mark.parametrize("step", ["books", "famine", "war"])
def test_the_seats_waiting_in_a_reverse_order_step_are_checked(step: str) -> None:
    """With order [0, 1] the seats wait as [1, 0] or [0]: an empty list left nobody to
    play, and [1] alone would skip seat 0."""
    data = state_json(players=2, seed=3)
    data["order"], data["step"] = [0, 1], step
    for player in data["players"]:
        player["passed"] = player["rolled"] = True
    for pending in ([], [1]):
        data["pending"] = pending
        assert "'pending' is" in refused(GameState.from_json, data)
    for pending in ([1, 0], [0]):
        data["pending"] = pending
        assert GameState.from_json(data).current_player() == pending[0]


def test_the_seat_to_act_has_rolled_and_not_passed() -> None:
    data = state_json(players=2, seed=3)
    seat = data["order"][data["cursor"]]
    data["players"][seat]["passed"] = True
    assert f"seat {seat} is to act but has passed" in refused(GameState.from_json, data)
    data = state_json(players=1, seed=3)
    data["players"][0]["rolled"] = False
    assert "seat 0 is to act but has not rolled" in refused(GameState.from_json, data)


def test_steps_after_the_actions_come_once_everybody_passed() -> None:
    data = state_json(players=2, seed=3)
    data["step"], data["pending"] = "war", data["order"][::-1]
    assert "every seat has passed" in refused(GameState.from_json, data)


def test_a_turn_under_way_belongs_to_the_actions_step() -> None:
    data = state_json(players=2, seed=3, unrest=True)
    data["step"], data["pending"] = "war", data["order"][::-1]
    for player in data["players"]:
        player["passed"] = player["rolled"] = True
    GameState.from_json(data)
    data["turn_underway"] = True
    assert "under way only in the actions step" in refused(GameState.from_json, data)


def test_a_pledge_is_the_accelerated_variants_and_waits_for_a_seat_that_passed() -> None:
    """A pledge of a seat still playing used to load; buying with the pledged dice then
    made a state the loader refuses (its next save could not be loaded)."""
    for variant, passed, words in (("original", True, "Accelerated variant's rule"),
                                   ("accelerated", False, "has not passed")):
        data = state_json(players=2, seed=3, variant=variant)
        seat = data["order"][-1]           # not the seat to act: it may have passed
        own = [d for d, row in enumerate(data["dice"]) if row[0] == seat][:2]
        data["players"][seat].update(pledge=own, passed=passed, rolled=True)
        assert words in refused(GameState.from_json, data)


def test_the_event_and_the_board_are_the_rounds_age() -> None:
    data = state_json(players=2, seed=3)
    data["event"] = "e2-1"
    assert "event must be one of age 1's" in refused(GameState.from_json, data)
    data = state_json(players=2, seed=3)
    data["board"][0][0] = "t3-01"
    assert "board holds only age 1's tiles" in refused(GameState.from_json, data)


def test_only_the_solo_game_has_a_shadow_opponent() -> None:
    data = state_json(players=2, seed=3)
    data["opponent_books"] = 4
    assert "only the solo game" in refused(GameState.from_json, data)


def test_a_scenario_seat_holding_a_later_ages_tile_keeps_it_when_that_age_is_dealt() -> None:
    """The deal of age 2 dealt t2-02 again, to the board, while seat 0 held it: after the
    round the state broke the box's count ('a tile is in two places')."""
    s = scenario({"players": 2, "seed": 1, "automate": True,
                  "seats": [{"buildings": ["t2-02", "start-farm", "start-caravan",
                                           "start-quarry", "start-temple"],
                             "dice": ["red:strength", "red:strength", "white:gold",
                                      "white:gold", "white:gold", "white:gold"]}]})
    held = s.comp.tile_ref["t2-02"]
    while s.round == 1:
        moves = s.legal_moves()
        s.apply(next((m for m in moves if m.type == "pass"), moves[0]))
    assert held not in s.board and s.players[0].buildings[0] == held
    assert GameState.from_json(s.to_json()) == s

# --------------------------------------------------------------------- the envelope
@pytest.mark.parametrize("load", [GameState.from_json, Game.from_json, scenario],
                         ids=["state", "game", "scenario"])
@pytest.mark.parametrize(("data", "words"), [
    (b"\xff\xfe{}", "not UTF-8"),
    ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
    ('{"a": ' * 5000 + "1" + "}" * 5000, "nested too deeply"),
    ('{"version": ' + "9" * 5000 + "}", "5,000 digits"),
    ('{"version": NaN}', "NaN"),
    ("{" + "x" * 10_000, "not JSON"),
    ("", "not JSON"),
    (" " * 3_000_000, "too large"),
])
def test_unreadable_input_is_refused_in_words(load: Any, data: object, words: str) -> None:
    message = refused(load, data)
    assert words in message
    assert "x" * 61 not in message          # at most a short prefix of the input is quoted


def test_a_deeply_nested_dict_is_refused_without_recursion() -> None:
    deep: dict[str, Any] = {}
    node = deep
    for _ in range(100_000):
        node["a"] = {}
        node = node["a"]
    assert "nested too deeply" in refused(GameState.from_json, deep)
    assert "nested too deeply" in refused(move_from_json, deep, MalformedMoveError)


def test_moves_go_through_the_envelope() -> None:
    assert "not UTF-8" in refused(move_from_json, b"\x80", MalformedMoveError)
    assert "digits" in refused(move_from_json, '{"type": "reroll", "dice": [' + "1" * 5000
                               + "]}", MalformedMoveError)


def test_booleans_are_not_numbers_in_a_saved_game() -> None:
    data = fixture("saved_game_v1.json")
    for field in ("version", "position"):
        bad = copy.deepcopy(data)
        bad[field] = True
        assert f"field '{field}'" in refused(Game.from_json, bad)


def test_refused_load_leaves_the_game_untouched() -> None:
    game = Game.from_json(fixture("saved_game_v1.json"))
    before = game.to_json()
    with pytest.raises(StateFormatError):
        game.from_json("{")
    assert game.to_json() == before


# ---------------------------------------------------------------- another catalogue
def test_a_save_from_another_catalogue_says_what_differs(tmp_path: Path) -> None:
    raw = catalogue_to_json(default_catalogue())
    raw["tiles"][0]["vp"] += 1                     # same name, one tile changed
    path = tmp_path / "box.json"
    path.write_text(json.dumps(raw), encoding="utf-8")
    mine = load_catalogue(path)
    game = Game(players=2, seed=4, catalogue=mine)
    message = refused(Game.from_json, game.to_json())
    assert mine.fingerprint in message and default_catalogue().fingerprint in message
    assert "'t1-01' (vp)" in message and "load_catalogue" in message
    state_message = refused(GameState.from_json, game.state.to_json())
    assert "'t1-01' (vp)" in state_message
    # the other way round: played with the packaged catalogue, loaded with the edited one
    plain = Game(players=2, seed=4)
    with pytest.raises(StateFormatError, match=r"default_catalogue\(\)"):
        Game.from_json(plain.to_json(), catalogue=mine)


def test_a_catalogue_file_that_is_not_utf8_is_refused(tmp_path: Path) -> None:
    from nations_widget.dice import CatalogueError
    path = tmp_path / "bad.json"
    path.write_bytes(b'{"name": "\xff"}')
    with pytest.raises(CatalogueError, match=r"bad\.json: .*not UTF-8"):
        load_catalogue(path)


# ------------------------------------------------------------------------ scenarios
@pytest.mark.parametrize(("description", "words"), [
    ({"round": True}, "scenario field 'round'"),
    ({"order": ["a", 0]}, "scenario field 'order'"),
    ({"event": []}, "scenario field 'event'"),
    ({"current": True}, "scenario field 'current'"),
    ({"opponent_books": "3"}, "scenario field 'opponent_books'"),
    ({"seats": {"x": {}}}, "scenario field 'seats'"),
    ({"seats": [{"books": True}]}, "seats[0].books"),
    ({"seats": [{"vp": {"war": "2"}}]}, "seats[0].vp.war"),
    ({"seats": [{"passed": "yes"}]}, "seats[0].passed"),
    ({"seats": [{"pledge": [100, 101]}]}, "seats[0].pledge"),
    ({"seats": [{"chits": {"gold": True}}]}, "seats[0].chits.gold"),
    ({"seats": [{"dice": ["white:" + "9" * 5000 + "gold"]}]}, "seats[0].dice[0]"),
])
def test_bad_scenarios_are_refused_in_words(description: dict[str, Any], words: str) -> None:
    assert words in refused(scenario, description)


# ------------------------------------------------------------------------ fuzzing
FUZZ = 300 * max(1, int(os.environ.get("NATIONS_FUZZ_SCALE", "1")))
ODD_VALUES: list[Any] = [None, True, False, 0, -1, 1, 43, 44, 10 ** 30, 1.5, "", "x",
                         "t1-01", "e1-1", [], [0], [[]], {}, {"a": 1}]


def _paths(node: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [path] if path else []
    if isinstance(node, dict):
        for key, child in node.items():
            out += _paths(child, (*path, key))
    elif isinstance(node, list):
        for i, child in enumerate(node):
            out += _paths(child, (*path, i))
    return out


def _mutated(data: Any, rnd: random.Random) -> Any:
    data = copy.deepcopy(data)
    for _ in range(rnd.randint(1, 3)):
        paths = _paths(data)
        if not paths:
            break
        path = rnd.choice(paths)
        target = data
        for key in path[:-1]:
            target = target[key]
        if isinstance(target, dict) and rnd.random() < 0.15:
            del target[path[-1]]
        else:
            target[path[-1]] = copy.deepcopy(rnd.choice(ODD_VALUES))
    return data


@pytest.mark.parametrize(("name", "load"), [
    ("saved_state_v1.json", GameState.from_json),
    ("saved_game_v1.json", Game.from_json),
    ("saved_game_from_state_v1.json", Game.from_json),
])
def test_mutated_saves_load_or_are_refused_with_the_typed_error(name: str, load: Any) -> None:
    """Random damage to a save: it loads (the damage was harmless) or it is refused with
    StateFormatError; never another exception."""
    rnd = random.Random(name)
    original = fixture(name)
    for _ in range(FUZZ // 3):
        data = _mutated(original, rnd)
        try:
            load(data)
        except StateFormatError as exc:
            assert len(str(exc)) < MAX_MESSAGE_CHARS


def test_mutated_scenarios_build_or_are_refused_with_the_typed_error() -> None:
    rnd = random.Random("scenario")
    description = {"players": 2, "round": 2, "step": "actions", "event": "e2-1",
                   "order": [1, 0], "current": 1, "opponent_books": 0,
                   "seats": [{"dice": ["white:gold", "white:stone", "white:book",
                                       "white:strength", {"colour": "white", "face": "food",
                                                          "used": True}],
                              "chits": {"gold": 1}, "books": 2, "vp": {"war": 1},
                              "passed": False, "pledge": []}, {"vp": 3}]}
    assert scenario(description).round == 2           # the undamaged description builds
    for _ in range(FUZZ):
        try:
            scenario(_mutated(description, rnd))
        except StateFormatError as exc:
            assert len(str(exc)) < MAX_MESSAGE_CHARS


def test_mutated_moves_are_parsed_or_refused_and_never_change_the_state() -> None:
    rnd = random.Random("moves")
    game = Game.from_json(fixture("saved_game_v1.json"))
    samples = [m.to_json() for m in game.moves] + [
        {"type": "buy", "tile": "t1-01", "payment": {"dice": [1, 2], "chits": 1,
                                                     "trades": [[3, 4]]},
         "replaces": "start-farm", "returned_dice": [5], "returned_used_rerolls": 0}]
    state = game.state
    before = state.to_json()
    for _ in range(FUZZ):
        data = _mutated(rnd.choice(samples), rnd)
        try:
            move = move_from_json(data)
        except MalformedMoveError as exc:
            assert len(str(exc)) < MAX_MESSAGE_CHARS
            continue
        trial = state.clone()
        try:
            trial.apply(move)
        except IllegalMoveError:
            assert trial.to_json() == before
    assert state.to_json() == before
