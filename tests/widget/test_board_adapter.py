"""The board game's adapter for the widget shell, against the shell's protocol."""

from __future__ import annotations

import json

import pytest

from nations_widget.board import Game, IllegalMoveError, Move, Pass
from nations_widget.board.bots import BOT_NAMES
from nations_widget.core.errors import MalformedMoveError, StateFormatError
from nations_widget.widget.board.adapter import PREFERRED_BOT, BoardAdapter
from nations_widget.widget.shell.adapter import GameAdapter


def adapter() -> GameAdapter[Game, Move]:
    # typed as the protocol: mypy checks that BoardAdapter implements it
    return BoardAdapter()


def test_identity_and_settings_table() -> None:
    a = adapter()
    assert (a.kind, a.title, a.player_counts) == ("board", "Nations", (1, 2, 3, 4, 5))
    assert set(a.settings_fields) == {"difficulty", "sides", "decks", "ages", "easier"}
    assert a.extra_intents == {}
    assert a.preferred_bot in BOT_NAMES


def test_new_game_from_settings_and_from_the_current_game() -> None:
    a = adapter()
    game = a.new_game({"players": 3, "seed": 11, "difficulty": ["king", "prince", "emperor"],
                       "sides": "choose", "decks": "all"}, None)
    cfg = game.config
    assert (cfg.players, cfg.seed, cfg.difficulty) == (3, 11, ("king", "prince", "emperor"))
    assert cfg.sides == ("choose",) * 3 and cfg.deck_name == "all"
    # settings left out keep the current game's; a new player count refits per-seat lists
    again = a.new_game({"players": 4, "seed": 12}, game)
    assert again.config.players == 4 and again.config.deck_name == "all"
    assert again.config.difficulty == ("king", "prince", "emperor", "prince")
    fewer = a.new_game({"players": 2, "seed": 1}, game)
    assert fewer.config.difficulty == ("king", "prince")
    assert a.new_game({"players": 1, "seed": "42"}, None).config.seed == 42


@pytest.mark.parametrize(("settings", "words"), [
    ({"players": 6, "seed": 1}, "players must be 1-5"),
    ({"players": 2, "seed": 1, "decks": "huge"}, "decks must be one of"),
    ({"players": 2, "seed": 1, "difficulty": "god"}, "difficulty must be one of"),
    ({"players": 2, "seed": 1, "sides": ["rome-b", "rome-b"]}, "two seats cannot"),
    ({"players": 2, "seed": "abc"}, "seed must be a whole number"),
])
def test_bad_settings_are_refused_in_words(settings: dict[str, object], words: str) -> None:
    with pytest.raises(ValueError, match=words):
        adapter().new_game(settings, None)


def test_settings_of_plays_again() -> None:
    a = adapter()
    game = a.new_game({"players": 2, "seed": 5, "difficulty": ["chieftain", "king"],
                       "decks": "base+advanced", "ages": 2, "easier": True}, None)
    settings = a.settings_of(game)
    assert settings["decks"] == "base+advanced" and settings["difficulty"] == ["chieftain",
                                                                               "king"]
    assert set(settings) - {"players", "seed"} <= set(a.settings_fields)
    json.dumps(settings)
    again = a.new_game(settings, None)
    assert again.config == game.config
    assert a.settings_of(a.new_game({"players": 3, "seed": 1}, None))["difficulty"] == "prince"


def test_load_parse_and_names() -> None:
    a = adapter()
    game = a.new_game({"players": 2, "seed": 3}, None)
    game.play(game.legal_moves()[0])
    loaded = a.load_game(json.loads(json.dumps(game.to_json())))
    assert loaded.state == game.state and loaded.position == game.position
    with pytest.raises(StateFormatError):
        a.load_game({"format": "something else"})
    assert a.parse_move({"type": "pass"}) == Pass()
    assert a.parse_move('{"type": "buy", "card": "augustus"}').to_json() == {
        "type": "buy", "card": "augustus"}
    with pytest.raises(MalformedMoveError):
        a.parse_move({"type": "fly"})
    assert a.seat_count(game) == 2 and a.seat_label(1) == "Player 2"
    # the seed is secret while the game runs: not in the file's name (the download bar)
    assert a.save_filename(game) == "nations-board-2p-move1.json"


def test_bots_and_seats() -> None:
    a = adapter()
    names, make = a.bots()
    assert names == BOT_NAMES
    game = a.new_game({"players": 2, "seed": 3}, None)
    bot = make("random", 1)
    assert game.state.is_legal(bot.choose(game.state))
    info = a.bot_descriptions(names)
    assert set(info) == set(names) and all(info.values())
    assert a.default_seats(3, names) == ["human", PREFERRED_BOT, PREFERRED_BOT]
    assert a.default_seats(2, ["random"]) == ["human", "random"]
    assert a.default_seats(2, []) == ["human", "human"]


def test_payloads_and_preview_through_the_adapter() -> None:
    a = adapter()
    game = a.new_game({"players": 2, "seed": 3}, None)
    view = a.view_payload(game, ["human", "random"])
    assert view["position"] == game.position and view["current"] == game.state.current_player()
    legal = a.legal_payload(game)
    assert all({"move", "text"} <= set(e) for e in legal)
    log = a.log_entries(game, 5)
    assert len(log) <= 5 and [e["n"] for e in log] == list(range(log[0]["n"],
                                                                 log[0]["n"] + len(log)))
    preview = a.preview_payload(game, a.parse_move(legal[0]["move"]))
    assert preview["ok"] and preview["title"]
    with pytest.raises(IllegalMoveError):
        a.preview_payload(game, a.parse_move({"type": "hire"}))


def test_the_coach_through_the_adapter() -> None:
    """The board game's coach: three best moves in words for the player to decide, a
    grade of a move played, nothing to grade where there was no choice, and a solo game
    refused in words."""
    a = adapter()
    game = a.new_game({"players": 2, "seed": 3}, None)
    state_before = game.state.to_json()
    hint = a.hint(game, 3)
    assert hint is not None
    data = hint.to_json()
    suggestions = data["suggestions"]
    assert 1 <= len(suggestions) <= 3
    legal = [m.to_json() for m in game.legal_moves()]
    assert all(s["move"] in legal and s["text"] for s in suggestions)
    assert game.state.to_json() == state_before           # the coach changed nothing
    game.play(game.legal_moves()[0])
    verdict = a.grade(game, game.position)
    assert verdict is not None and verdict.to_json()["text"]
    solo = a.new_game({"players": 1, "seed": 3}, None)
    solo.play(solo.legal_moves()[0])
    assert a.grade(solo, solo.position) is None
    with pytest.raises(ValueError, match="solo"):
        a.hint(solo, 3)


def test_the_card_catalogue_is_sent_once_per_game_cards() -> None:
    a = adapter()
    game = a.new_game({"players": 2, "seed": 3}, None)
    first = a.extra_traits(game, True)
    assert "a-temple" in first["cards"] and "augustus" in first["cards"]
    game.play(game.legal_moves()[0])
    assert a.extra_traits(game, False) == {}
    assert "cards" in a.extra_traits(game, True)
    bigger = a.new_game({"players": 2, "seed": 3, "decks": "all"}, game)
    assert len(a.extra_traits(bigger, False)["cards"]) > len(first["cards"])
