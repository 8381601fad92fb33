"""A move and its follow-up played as one gesture (``Game.play_joined``): where the card
just bought goes, answered with the buy.  Both or neither; kept as two moves, the
follow-up marked (``Game.follows``: Undo goes back past it; a table's undo:
tests/tables/test_table_follow_up.py)."""

from __future__ import annotations

import json

import pytest

from nations_widget.board import Buy, Choose, Deploy, Game, Hire, IllegalMoveError, Pass
from nations_widget.board.decisions import PlaceBm, PlaceWonder
from nations_widget.board.scenario import scenario

SLOTS = [["a-temple", 0], ["a-quarry", 1], ["legionary", 2], ["a-farm", 0], ["a-caravan", 0]]
POSITION = {"players": 2, "seed": 5, "current": 0,
            "seats": [{"gold": 9, "stone": 9, "idle": 2, "wonders": ["stonehenge"],
                       "wonder": ["pyramids", 2], "slots": SLOTS}]}


def _game() -> Game:
    return Game.from_state(scenario(POSITION))


def _text(game: Game) -> str:
    return json.dumps(game.state.to_json(), sort_keys=True)


def test_a_buy_and_its_slot_are_two_moves_played_at_once() -> None:
    game = _game()
    game.play_joined(Buy("city-wall"), Choose("slot 2 (Legionary)"))
    assert game.moves == [Buy("city-wall"), Choose("slot 2 (Legionary)")]
    assert isinstance(game.state_at(1).queue[0], PlaceBm)
    assert game.follows(1) and not game.follows(2) and not game.follows(0)
    p = game.state.players[0]
    assert game.state.comp.cards[p.bm[2]].id == "city-wall" and p.workers[2] == 0
    # one decision at a time gives the same game
    alone = _game()
    alone.play(Buy("city-wall"))
    alone.play(Choose("slot 2 (Legionary)"))
    assert _text(alone) == _text(game)


def test_a_completed_wonders_space_is_a_follow_up_of_the_hire() -> None:
    game = _game()
    game.play_joined(Hire(), Choose("over Stonehenge"))
    assert isinstance(game.state_at(1).queue[0], PlaceWonder)
    assert [game.state.comp.cards[c].id for c in game.state.players[0].wonders] == ["pyramids"]


@pytest.mark.parametrize(("first", "then", "words"), [
    (Buy("city-wall"), Choose("slot 7 (Nothing)"), "slot 7"),
    (Buy("city-wall"), Pass(), "must first answer"),
    (Deploy(1, "idle"), Choose("slot 0 (Temple)"), "asks no question about the card it takes"),
    (Buy("no-such-card"), Choose("slot 0 (Temple)"), "no-such-card"),
])
def test_refused_together_nothing_changes(first: object, then: object, words: str) -> None:
    game = _game()
    shown = _text(game)
    with pytest.raises(IllegalMoveError, match=words):
        game.play_joined(first, then)
    assert (game.position, game.length, _text(game)) == (0, 0, shown)
