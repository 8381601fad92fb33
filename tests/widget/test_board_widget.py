"""BoardWidget: the board game played through the widget shell's intents."""

from __future__ import annotations

import json

import pytest

from nations_widget.board import Game
from nations_widget.widget.board.widget import BoardWidget


def widget(**kwargs: object) -> BoardWidget:
    options: dict[str, object] = {"players": 3, "seats": ["human", "random", "random"],
                                  "seed": 7, "bot_delay": 0}
    options.update(kwargs)
    return BoardWidget(**options)  # type: ignore[arg-type]


def human_to_move(w: BoardWidget) -> None:
    """Let the bots play until the human decides."""
    w.play_bots()
    assert w.view["current"] == 0 and w.legal


def test_publishes_the_board_and_its_cards_once() -> None:
    w = widget()
    assert w.game_kind == "board" and w.game_info["title"] == "Nations"
    assert "cards" in w.read_only_traits()
    assert "a-temple" in w.cards and len(w.cards) > 150
    human_to_move(w)
    assert w.view["position"] == w.game.position
    for cid in w.view["cards_in_sight"]:
        assert cid in w.cards
    assert w.settings["decks"] == "base" and w.settings["difficulty"] == "prince"


def test_a_move_by_intent_plays_and_a_refused_one_says_why() -> None:
    w = widget()
    human_to_move(w)
    before = w.game.position
    w.handle_intent({"kind": "move", "seat": 0, "position": before,
                     "move": {"type": "hire"}})
    assert w.game.position == before and w.error
    entry = w.legal[0]
    w.handle_intent({"kind": "move", "seat": 0, "position": before, "move": entry["move"]})
    assert w.game.position > before
    assert w.error == ""


def test_preview_by_intent() -> None:
    w = widget()
    human_to_move(w)
    entry = w.legal[-1]
    w.handle_intent({"kind": "preview", "move": entry["move"]})
    assert w.preview["ok"] and w.preview["text"] == entry["text"]
    assert w.game.position == w.view["position"]       # nothing was played


def test_new_game_with_board_settings_and_save_load() -> None:
    w = widget()
    w.handle_intent({"kind": "new_game", "settings": {
        "players": 4, "seats": ["human", "random", "random", "random"], "seed": 3,
        "decks": "all", "difficulty": ["king", "prince", "prince", "emperor"],
        "sides": "B", "ages": 2}})
    assert w.error == ""
    cfg = w.game.config
    assert (cfg.players, cfg.deck_name, cfg.ages) == (4, "all", 2)
    assert cfg.difficulty == ("king", "prince", "prince", "emperor")
    assert len(w.cards) > 300                         # the advanced and expert cards came
    w.handle_intent({"kind": "new_game", "settings": {"decks": "everything"}})
    assert "decks must be one of" in w.error
    saved = w.save_json()
    other = widget()
    other.load_json(saved)
    assert other.game.config == w.game.config and len(other.cards) == len(w.cards)
    assert json.loads(saved)["seats"] == ["human", "random", "random", "random"]


def test_python_api_new_game_and_game_argument() -> None:
    game = Game(players=2, seed=4, decks="base+advanced")
    w = BoardWidget(game=game, seats=["human", "human"], bot_delay=0)
    assert w.state is game.state
    w.new_game(players=1, seats=["human"], seed=5, difficulty="emperor")
    assert w.game.config.players == 1 and w.game.config.difficulty == ("emperor",)
    assert w.game.config.deck_name == "base+advanced"
    assert repr(w).startswith("<BoardWidget")


def test_the_hint_button_and_the_coach_checkbox() -> None:
    """Hint: the coach's best moves for the human to decide, in words; with the coach on,
    the human's move is graded against the coach's best; a solo game's Hint is refused in
    words and changes nothing."""
    w = widget(seats=["human", "human"], players=2)
    w.handle_intent({"kind": "hint"})
    assert w.error == ""
    hint = w.coach["hint"]
    assert hint["seat"] == w.view["current"] and 1 <= len(hint["suggestions"]) <= 3
    assert all(s["summary"].startswith(s["text"]) for s in hint["suggestions"])
    w.handle_intent({"kind": "coach", "on": True})
    seat = w.view["current"]
    w.handle_intent({"kind": "move", "move": w.legal[0]["move"], "seat": seat,
                     "position": w.view["position"]})
    assert w.error == "" and w.coach["verdict"]["text"]
    solo = widget(players=1, seats=["human"])
    before = solo.save_json()
    solo.handle_intent({"kind": "hint"})
    assert "solo" in solo.error and solo.save_json() == before


def test_five_players_get_cards_that_serve_them_unless_asked_otherwise() -> None:
    """With 5 players the base cards alone run short (GameConfig refuses them): a widget
    for 5 names no cards and gets base and advanced; a new game for 5 after a game with the
    base cards takes the usual cards for 5 instead of being refused; asking for the base
    cards with 5 players is still refused in words, and the New game form is told which
    choices serve which player counts."""
    from nations_widget.board.state import SettingError

    five = BoardWidget(players=5, bot_delay=0)
    assert five.game.config.decks == ("base", "adv")
    two = BoardWidget(players=2, bot_delay=0)
    assert two.game.config.decks == ("base",)
    two.new_game(players=5)
    assert two.game.config.decks == ("base", "adv") and two.error == ""
    with pytest.raises(SettingError, match="5 players the base cards alone run short"):
        two.new_game(players=5, decks="base")
    served = {value: counts for value, _, counts in two.view["setup"]["decks"]}
    assert 5 not in served["base"] and 5 in served["base+advanced"]
