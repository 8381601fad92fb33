"""A table stores a buy and where its card goes (``TableSeat.play``'s ``then``) as two
events, checked together first; the table's undo goes back to before the buy."""

from __future__ import annotations

import pytest

from nations_widget.board import Buy, Choose, Game, IllegalMoveError
from nations_widget.board.scenario import scenario
from nations_widget.tables import Store, create_table, join_table

SLOTS = [["a-temple", 0], ["a-quarry", 1], ["legionary", 2], ["a-farm", 0], ["a-caravan", 0]]
POSITION = {"players": 2, "seed": 5, "current": 0,
            "seats": [{"gold": 9, "stone": 9, "idle": 2, "slots": SLOTS}]}


def test_a_tables_undo_goes_back_to_before_the_buy(store: Store) -> None:
    links = create_table(store, Game.from_state(scenario(POSITION)), seats=[None, "random"])
    me = join_table(store, links.seats[0])
    me.play(Buy("city-wall"), then=Choose("slot 2 (Legionary)"))
    assert me.game.moves == [Buy("city-wall"), Choose("slot 2 (Legionary)")]
    assert me.number == 2
    me.undo()
    assert me.game.game_position == 0
    # refused together: nothing stored
    with pytest.raises(IllegalMoveError):
        me.play(Buy("city-wall"), then=Choose("slot 7 (Nothing)"))
    assert me.number == 3 and me.game.game_position == 0
