""""Back to the game" returns to where the game is, not to the end of its history: after
an Undo the undone moves stay in the history (Redo brings them back), but the game is at
the position undone to, and looking through the history (the ‹ › buttons, the slider:
``goto``) does not move it.  Python decides which position that is (the history trait's
``game_at``, the ``back_to_game`` intent); the page only asks."""

from __future__ import annotations

import random

from nations_widget.dice import Game
from nations_widget.widget import NationsWidget


def played(moves: int) -> NationsWidget:
    w = NationsWidget(players=2, seed=5, seats=["human", "human"], bot_delay=0,
                      bot_names=[])
    rng = random.Random(5)
    for _ in range(moves):
        w.handle_intent({"kind": "move", "move": rng.choice(w.legal)["move"]})
        assert w.error == ""
    assert w.history["length"] == moves
    return w


def test_back_to_the_game_after_an_undo_and_a_step_back_lands_where_the_undo_left() -> None:
    w = played(13)
    w.handle_intent({"kind": "undo", "steps": 2})
    assert (w.history["position"], w.history["length"], w.history["game_at"]) == (11, 13, 11)
    w.handle_intent({"kind": "goto", "position": 10})          # ‹: one move back
    assert (w.history["position"], w.history["game_at"]) == (10, 11)
    w.handle_intent({"kind": "back_to_game"})
    assert w.error == ""
    assert (w.history["position"], w.history["length"]) == (11, 13)
    assert w.history["can_redo"]
    w.handle_intent({"kind": "redo"})                          # only Redo brings them back
    assert (w.history["position"], w.history["game_at"]) == (12, 12)


def test_back_to_the_game_without_an_undo_is_the_latest_position() -> None:
    w = played(6)
    w.handle_intent({"kind": "goto", "position": 2})
    assert w.history["game_at"] == 6
    w.handle_intent({"kind": "back_to_game"})
    assert w.history["position"] == 6
    w.handle_intent({"kind": "goto", "position": 3})
    w.handle_intent({"kind": "continue_here"})
    assert (w.history["position"], w.history["length"], w.history["game_at"]) == (3, 6, 3)
    w.handle_intent({"kind": "goto", "position": 1})
    w.handle_intent({"kind": "back_to_game"})
    assert w.history["position"] == 3
    w.handle_intent({"kind": "move", "move": w.legal[0]["move"]})  # play on from there
    assert (w.history["position"], w.history["length"], w.history["game_at"]) == (4, 4, 4)


def test_the_history_game_keeps_where_the_game_is() -> None:
    game = Game(players=2, seed=5)
    for _ in range(5):
        game.play(game.legal_moves()[0])
    game.undo()
    assert (game.position, game.game_position) == (4, 4)
    game.goto(1)
    assert (game.position, game.game_position, game.length) == (1, 4, 5)
    game.back_to_game()
    assert game.position == 4
    game.resume(2)                                  # an undo of two moves at once
    game.goto(5)
    assert game.game_position == 2
    loaded = Game.from_json(game.to_json())         # a save keeps the position shown
    assert (loaded.position, loaded.game_position) == (5, 5)
