"""HistoryGame.trying: a move played for the length of a block, the game put back exactly
as it was, and the state it led to taken by a play of the same move (every registered
game)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from nations_widget.core.errors import IllegalMoveError
from nations_widget.core.registry import GAMES, GameEntry


def played(entry: GameEntry, moves: int) -> Any:
    game = entry.game_class()(players=2, seed=5)
    rng = random.Random(1)
    for _ in range(moves):
        legal = game.legal_moves()
        game.play(legal[rng.randrange(len(legal))])
    return game


def everything(game: Any) -> tuple[Any, ...]:
    return (game.to_json(), game.position, game.game_position, game.can_undo, game.can_redo,
            len(game.log()), game.state.to_json())


@pytest.mark.parametrize("entry", GAMES, ids=lambda g: g.key)
def test_a_tried_move_leaves_the_game_as_it_was(entry: GameEntry) -> None:
    for index in range(5):
        game = played(entry, 6)
        moves = game.legal_moves()
        if index >= len(moves):
            break
        move = moves[index]
        before, state = everything(game), game.state
        with game.trying(move) as tried:
            assert game.position == before[1] + 1 and game.moves[-1] == tried
            inside = game.state
        assert everything(game) == before and game.state is state
        # the same move played now is the state tried, and the game a play would make
        game.play(move)
        assert game.state is inside
        again = played(entry, 6)
        again.play(move)
        assert game.state == again.state
        assert {**game.to_json(), "salt": None} == {**again.to_json(), "salt": None}
        game.undo()
        game.play(move)             # played again from the same state: worked out anew
        assert game.state is not inside and game.state == inside


@pytest.mark.parametrize("entry", GAMES, ids=lambda g: g.key)
def test_a_move_is_tried_only_at_the_latest_position_and_only_if_legal(
        entry: GameEntry) -> None:
    game = played(entry, 6)
    game.undo()
    with pytest.raises(IllegalMoveError, match="latest position"), \
            game.trying(game.legal_moves()[0]):
        pass
    game.redo()
    game.goto(2)
    with pytest.raises(IllegalMoveError, match="latest position"), \
            game.trying(game.legal_moves()[0]):
        pass
    game.back_to_game()
    before = everything(game)
    with pytest.raises(IllegalMoveError), game.trying({"type": "no such move"}):
        pass
    assert everything(game) == before
