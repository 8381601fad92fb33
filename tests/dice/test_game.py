"""Game: a state machine with history (play, undo, redo, goto, log) that saves and loads
as settings plus moves; broken files are refused with a message naming the field."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from dice_helpers import ONE_OF_EACH, die

from nations_widget.dice import (
    Buy,
    Game,
    GameConfig,
    GameState,
    IllegalMoveError,
    MalformedMoveError,
    Pass,
    Payment,
    Reroll,
    StateFormatError,
    load_catalogue,
    scenario,
)
from nations_widget.dice.catalogue import catalogue_to_json, default_catalogue


def played(n: int = 6, **kwargs: Any) -> Game:
    game = Game(**{"players": 2, "seed": 3, **kwargs})
    for _ in range(n):
        game.play(game.legal_moves()[-1])
    return game


# ------------------------------------------------------------------------------ playing
def test_new_game() -> None:
    game = Game(players=3, seed=12, variant="accelerated", automate=False, solo_tougher=True)
    assert game.config == GameConfig(3, 12, "accelerated", False, True)
    assert game.round == 1 and game.step_name == "actions" and not game.is_over
    assert game.current_player == game.state.order[0]
    assert game.position == 0 and game.length == 0 and game.moves == []
    assert not game.can_undo and not game.can_redo
    assert game.winner is None and game.scores() == [0, 0, 0]
    assert game.legal_moves() == game.state.legal_moves()
    # the game's view is the state's (neither holds the seed while the game runs), with
    # the fair dice' fingerprint
    shown, state_view = game.view(0), game.state.view(0)
    assert set(shown.pop("fairness")) == {"fingerprint"}
    assert "seed" not in state_view["config"] and "seed" not in shown["config"]
    assert shown == state_view
    assert "3p seed=12" in repr(game)
    assert "<" in game._repr_html_()


def test_seed_none_draws_a_seed_that_replays() -> None:
    game = Game(players=2)
    assert isinstance(game.config.seed, int)
    assert Game(players=2, seed=game.config.seed).state == game.state


def test_play_accepts_objects_dicts_and_json_text() -> None:
    game = Game(players=2, seed=3)
    first = game.legal_moves()[1]                 # a reroll
    assert isinstance(first, Reroll)
    a = Game(players=2, seed=3)
    a.play(first)
    b = Game(players=2, seed=3)
    b.play(first.to_json())
    c = Game(players=2, seed=3)
    c.play(first.to_json_str())
    assert a.state == b.state == c.state
    assert a.moves == b.moves == c.moves == [first]


def test_illegal_and_malformed_moves_change_nothing() -> None:
    game = played(3)
    before = game.state.to_json()
    with pytest.raises(IllegalMoveError):
        game.play(Reroll((43,)))
    with pytest.raises(MalformedMoveError, match="unknown move type"):
        game.play({"type": "dance"})
    with pytest.raises(MalformedMoveError, match="must be JSON"):
        game.play("{not json")
    assert game.state.to_json() == before
    assert game.position == 3 and game.length == 3


def test_play_returns_what_happened() -> None:
    game = Game(players=2, seed=3)
    log = game.play(Pass())
    assert log[0].kind == "pass" and log[0].seat == game.state_at(0).order[0]
    assert game.log_of_move(1) == log
    assert all(e.round == 1 for e in log)
    assert json.dumps([e.to_json() for e in log])        # the log is JSON-ready
    assert str(log[0]) == log[0].text


# ------------------------------------------------------------------------------ history
def test_undo_redo_goto() -> None:
    game = played(6)
    states = [game.state_at(i).to_json() for i in range(7)]
    game.undo()
    assert game.position == 5 and game.length == 6 and game.can_redo
    assert game.state.to_json() == states[5]
    assert game.moves == game._moves[:5]
    game.redo()
    assert game.state.to_json() == states[6] and not game.can_redo
    game.goto(0)
    assert game.state.to_json() == states[0] and not game.can_undo
    with pytest.raises(IllegalMoveError, match="nothing to undo"):
        game.undo()
    game.goto(6)
    with pytest.raises(IllegalMoveError, match="nothing to redo"):
        game.redo()
    for bad in (-1, 7):
        with pytest.raises(IndexError, match="0-6"):
            game.goto(bad)
        with pytest.raises(IndexError):
            game.state_at(bad)
    game.goto(2)
    assert game.state.to_json() == states[2]


def test_playing_after_undo_discards_the_undone_moves() -> None:
    game = played(6)
    game.goto(2)
    move = game.legal_moves()[0]
    game.play(move)
    assert game.position == 3 and game.length == 3 and not game.can_redo
    assert game.moves[-1] == move


def test_undo_restores_the_generator() -> None:
    """Going back and rerolling the same dice gives the same faces."""
    game = Game(players=2, seed=8)
    reroll = next(m for m in game.legal_moves() if isinstance(m, Reroll))
    game.play(reroll)
    faces = game.state.to_json()["dice"]
    game.undo()
    game.play(reroll)
    assert game.state.to_json()["dice"] == faces


def test_log_upto_and_per_move() -> None:
    game = played(5)
    full = game.log()
    assert full == [e for i in range(6) for e in game.log_of_move(i)]
    assert game.log(upto=0) == game.log_of_move(0)
    assert any(e.kind == "round" for e in game.log_of_move(0))
    game.goto(2)
    assert game.log() == full[:len(game.log(upto=2))]
    assert len(game.log()) < len(full)


def test_states_in_history_are_independent_copies() -> None:
    game = played(2)
    snapshot = game.state_at(1).to_json()
    game.play(game.legal_moves()[0])
    assert game.state_at(1).to_json() == snapshot


def test_full_game_winner_and_scores() -> None:
    game = Game(players=4, seed=21)
    while not game.is_over:
        game.play(game.legal_moves()[-1])
    assert game.winner is not None and game.winner == game.state.ranking()[0]
    assert game.scores() == game.state.scores()
    assert game.log()[-1].kind == "end"
    assert game.legal_moves() == [] and game.current_player is None


# ------------------------------------------------------------------------- save and load
def test_save_and_load_round_trip() -> None:
    game = played(8, players=3, variant="accelerated")
    game.goto(5)
    data = game.to_json()
    assert data["format"] == "nations-dice-game" and data["version"] == 1
    assert data["position"] == 5 and len(data["moves"]) == 8
    assert data["catalogue"]["fingerprint"] == default_catalogue().fingerprint
    for source in (data, json.dumps(data), game.to_json_str(), game.to_json_str(indent=2)):
        loaded = Game.from_json(source)
        assert loaded.position == 5 and loaded.length == 8
        assert loaded.state == game.state
        assert loaded.to_json() == data
        loaded.goto(8)
        game.goto(8)
        assert loaded.state == game.state
        game.goto(5)


def test_load_without_position_goes_to_the_end() -> None:
    game = played(4)
    data = game.to_json()
    del data["position"]
    assert Game.from_json(data).position == 4


def corrupt(data: dict[str, Any], path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    out = copy.deepcopy(data)
    target = out
    for key in path[:-1]:
        target = target[key]
    if value is KeyError:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return out


@pytest.mark.parametrize(("path", "value", "words"), [
    (("format",), "nations-dice-state", "field 'format'"),
    (("format",), KeyError, "field 'format'"),
    (("version",), 99, "field 'version'"),
    (("catalogue", "fingerprint"), "0000000000000000", "field 'catalogue'"),
    (("catalogue",), "reconstructed-2026", "field 'catalogue'"),
    (("config",), "two players", "config must be an object"),
    (("config", "players"), 7, "players must be 1, 2, 3 or 4"),
    (("config", "colour"), "red", "unknown field(s): colour"),
    (("moves",), {"0": "pass"}, "field 'moves': must be a list"),
    (("moves", 2), {"type": "dance"}, "field 'moves': move 3"),
    (("moves", 1), {"type": "reroll", "dice": [43]}, "field 'moves': move 2"),
    (("moves", 0), "pass", "field 'moves': move 1"),
    (("position",), 99, "field 'position'"),
    (("position",), "3", "field 'position'"),
])
def test_bad_saved_games_name_the_field(path: tuple[Any, ...], value: Any,
                                        words: str) -> None:
    data = played(5).to_json()
    with pytest.raises(StateFormatError) as info:
        Game.from_json(corrupt(data, path, value))
    assert words in str(info.value)


def test_bad_saved_game_text() -> None:
    with pytest.raises(StateFormatError, match="not JSON"):
        Game.from_json('{"format": ')
    with pytest.raises(StateFormatError, match="must be a JSON object"):
        Game.from_json("[1, 2]")
    with pytest.raises(StateFormatError, match="must be a JSON object"):
        Game.from_json(42)


def test_an_illegal_move_in_a_saved_game_is_named() -> None:
    data = played(5).to_json()
    data["moves"][3] = {"type": "buy", "tile": "t4-15", "payment": {"chits": 1}}
    with pytest.raises(StateFormatError) as info:
        Game.from_json(data)
    message = str(info.value)
    assert "move 4" in message and "t4-15" in message and "not on the progress board" in message


def test_a_game_saved_with_another_catalogue(tmp_path: Any) -> None:
    raw = catalogue_to_json(default_catalogue())
    raw["name"] = "my-box"
    raw["tiles"][0]["vp"] += 1
    path = tmp_path / "box.json"
    path.write_text(json.dumps(raw), encoding="utf-8")
    mine = load_catalogue(path)
    game = Game(players=2, seed=4, catalogue=mine)
    game.play(game.legal_moves()[0])
    data = game.to_json()
    with pytest.raises(StateFormatError, match="'my-box'"):
        Game.from_json(data)                        # the packaged catalogue: refused
    assert Game.from_json(data, catalogue=mine).state == game.state


def test_replay_names_the_failing_move() -> None:
    game = played(4)
    moves: list[Any] = [m.to_json() for m in game.moves]
    moves.insert(2, {"type": "fight"})
    with pytest.raises(IllegalMoveError, match="move 3"):
        Game.replay(game.config, moves)
    assert Game.replay(game.config, game.moves).state == game.state


# ----------------------------------------------------------------------- from a position
def lesson() -> GameState:
    return scenario({"players": 2, "order": [0, 1], "event": "e1-1",
                     "board": [["t1-09", "t1-10", "t1-12"], ["t1-01", "t1-05", "t1-13"],
                               ["t1-07", "t1-08", "t1-06"]],
                     "seats": [{"dice": ONE_OF_EACH, "chits": {"gold": 2, "reroll": 1}}]})


def test_game_from_a_scenario_position() -> None:
    start = lesson()
    game = Game.from_state(start)
    assert game.state == start and game.state is not start
    assert game.position == 0 and game.moves == [] and game.log() == []
    assert game.config == start.config
    gold = die(start, 0, "white:gold")
    game.play(Buy("t1-08", Payment((gold,), chits=1)))
    assert game.state.players[0].advisor >= 0
    game.undo()
    assert game.state == start
    start.players[0].books = 9                     # the game kept its own copy
    assert game.state.players[0].books != 9


def test_a_game_from_a_scenario_saves_and_loads_its_starting_position() -> None:
    game = Game.from_state(lesson())
    game.play(Buy("t1-08", Payment((die(game.state, 0, "white:gold"),), chits=1)))
    game.play(Pass())
    data = game.to_json()
    assert data["start"] == game.state_at(0).to_json()
    loaded = Game.from_json(json.dumps(data))
    assert loaded.state == game.state and loaded.length == 2
    assert loaded.state_at(0) == game.state_at(0)
    assert loaded.to_json() == data
    # a broken starting position is refused, naming the field
    bad = copy.deepcopy(data)
    bad["start"]["round"] = 9
    with pytest.raises(StateFormatError, match=r"field 'start'.*round"):
        Game.from_json(bad)
    bad = copy.deepcopy(data)
    bad["config"]["seed"] = 999
    with pytest.raises(StateFormatError, match="field 'start'"):
        Game.from_json(bad)


def test_a_fresh_game_saves_no_starting_position() -> None:
    assert "start" not in played(2).to_json()


# ---------------------------------------------------------------------- saved states
def state_data() -> dict[str, Any]:
    game = played(7, players=3)
    return game.state.to_json()


@pytest.mark.parametrize(("path", "value", "words"), [
    (("format",), "nations-dice-game", "state field 'format'"),
    (("version",), 2, "state field 'version'"),
    (("catalogue", "fingerprint"), "ffffffffffffffff", "state field 'catalogue'"),
    (("catalogue",), None, "state field 'catalogue'"),
    (("config", "players"), 9, "config: players must be 1, 2, 3 or 4"),
    (("rng",), "xyz", "state field 'rng'"),
    (("rng",), "zzzzzzzzzzzzzzzz", "state field 'rng'"),
    (("round",), 9, "state field 'round': must be between 1 and 4"),
    (("round",), True, "state field 'round': must be a whole number"),
    (("step",), "lunch", "state field 'step'"),
    (("order",), [0, 0, 1], "state field 'order'"),
    (("cursor",), 5, "state field 'cursor'"),
    (("pending",), [7], "state field 'pending'"),
    (("board",), [], "state field 'board'"),
    (("board", 0, 0), "t9-99", "state field 'board[0][0]': unknown tile 't9-99'"),
    (("event",), "e9-9", "state field 'event'"),
    (("dice",), [], "state field 'dice'"),
    (("dice", 3), [0, 0, 9], "state field 'dice[3]'"),
    (("dice", 3), [0, "used", 1], "state field 'dice[3]'"),
    (("players",), [], "state field 'players'"),
    (("players", 1, "books"), -1, "state field 'players[1].books'"),
    (("players", 1, "chits"), {"gold": 1}, "state field 'players[1].chits'"),
    (("players", 2, "vp", "war"), "3", "state field 'players[2].vp.war'"),
    (("players", 0, "passed"), "no", "state field 'players[0].passed'"),
    (("players", 0, "wonder"), "t1-99", "state field 'players[0].wonder'"),
    (("dice", 43), [0, 0, 0], "breaks the rules"),          # a red die nobody's building gave
])
def test_bad_saved_states_name_the_field(path: tuple[Any, ...], value: Any,
                                         words: str) -> None:
    data = state_data()
    assert GameState.from_json(data).to_json() == data
    with pytest.raises(StateFormatError) as info:
        GameState.from_json(corrupt(data, path, value))
    assert words in str(info.value)


def test_bad_saved_state_text() -> None:
    with pytest.raises(StateFormatError, match="not JSON"):
        GameState.from_json("{")
    with pytest.raises(StateFormatError, match="must be a JSON object"):
        GameState.from_json("[]")
