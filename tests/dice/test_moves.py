"""Moves: immutable values with a JSON form (round trip for every kind), helpful errors
for malformed JSON, a short readable str() and a documented sort order."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest

from nations_widget.dice import (
    Books,
    Build,
    Buy,
    Feed,
    Fight,
    IllegalMoveError,
    MalformedMoveError,
    Move,
    Pass,
    Payment,
    Reroll,
    move_from_json,
)

PAY = Payment(dice=(9, 2), chits=1, trades=((7, 4), (1, 3)))

EVERY_MOVE: list[Move] = [
    Pass(),
    Pass(pledge=(8, 3)),
    Reroll((4, 1, 2)),
    Buy("t1-03", Payment((7, 2)), replaces="start-farm"),
    Buy("t1-03", PAY, replaces="start-farm", returned_dice=(5, 2)),
    Buy("t1-07", Payment(chits=2), returned_used_rerolls=1),
    Buy("t1-09", Payment((36,))),
    Build(PAY),
    Build(Payment()),
    Books(),
    Books((21, 20), 2),
    Feed(None),
    Feed(PAY),
    Feed(Payment()),
    Fight(None),
    Fight(Payment((40, 38), 1)),
]


@pytest.mark.parametrize("move", EVERY_MOVE, ids=str)
def test_json_round_trip(move: Move) -> None:
    data = move.to_json()
    assert data["type"] == move.type
    assert move_from_json(data) == move
    assert move_from_json(json.dumps(data)) == move
    assert move_from_json(move.to_json_str()) == move
    assert json.loads(move.to_json_str()) == data
    assert hash(move_from_json(data)) == hash(move)


def test_every_move_type_is_covered() -> None:
    assert {m.type for m in EVERY_MOVE} == {"pass", "reroll", "buy", "build", "books", "feed",
                                           "fight"}


def test_moves_are_normalised() -> None:
    assert PAY.dice == (2, 9) and PAY.trades == ((1, 3), (4, 7))
    assert Reroll((4, 1, 2)).dice == (1, 2, 4)
    assert Pass((8, 3)).pledge == (3, 8)
    assert Books((21, 20)).dice == (20, 21)
    assert Buy("x", replaces="y", returned_dice=(5, 2)).returned_dice == (2, 5)
    assert Reroll((2, 1)) == Reroll((1, 2))
    assert Payment.of_sorted((1, 2), 0, ()) == Payment((2, 1))
    assert Reroll.of_sorted((1, 2)) == Reroll((2, 1))
    assert Buy.of("t1-01", Payment((3,)), "start-farm") == Buy("t1-01", Payment((3,)),
                                                             replaces="start-farm")


def test_moves_are_immutable() -> None:
    for move in EVERY_MOVE:
        field = dataclasses.fields(move)[0].name
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(move, field, None)


def test_minimal_json_forms() -> None:
    assert Pass().to_json() == {"type": "pass"}
    assert Buy("t1-01", Payment((3,))).to_json() == {
        "type": "buy", "tile": "t1-01", "payment": {"dice": [3], "chits": 0, "trades": []}}
    assert Feed(None).to_json() == {"type": "feed", "payment": None}
    # optional fields may be left out of the JSON
    assert move_from_json({"type": "pass"}) == Pass()
    assert move_from_json({"type": "build"}) == Build(Payment())
    assert move_from_json({"type": "books"}) == Books()
    assert move_from_json({"type": "feed"}) == Feed(None)
    assert move_from_json({"type": "fight", "payment": {}}) == Fight(Payment())
    assert move_from_json({"type": "buy", "tile": "t1-01"}) == Buy("t1-01", Payment())
    assert move_from_json({"type": "buy", "tile": "t1-01", "payment": {"trades": [[3, 1]]}}) \
        == Buy("t1-01", Payment(trades=((1, 3),)))


@pytest.mark.parametrize(("data", "words"), [
    ("{not json", "a move must be JSON"),
    ("[1, 2]", "a JSON object with a 'type'"),
    (["pass"], "a JSON object with a 'type'"),
    (None, "a JSON object with a 'type'"),
    ({}, "unknown move type null"),
    ({"type": "dance"}, "unknown move type 'dance' (expected one of: books, build, buy"),
    ({"type": 3}, "unknown move type 3"),
    ({"type": "pass", "dice": [1]}, "a pass move has no field(s): dice"),
    ({"type": "reroll"}, "a reroll needs 'dice'"),
    ({"type": "reroll", "dice": 3}, "reroll dice must be a list of die numbers"),
    ({"type": "reroll", "dice": ["3"]}, "reroll dice must contain whole die numbers, got '3'"),
    ({"type": "reroll", "dice": [1.0]}, "whole die numbers, got 1.0"),
    ({"type": "reroll", "dice": [True]}, "whole die numbers, got True"),
    ({"type": "pass", "pledge": [1, False]}, "pledge must contain whole die numbers"),
    ({"type": "buy"}, "a buy needs 'tile'"),
    ({"type": "buy", "tile": ""}, "tile must be a non-empty text"),
    ({"type": "buy", "tile": 7}, "tile must be a non-empty text, got 7"),
    ({"type": "buy", "tile": "t1-01", "replaces": 2}, "replaces must be a non-empty text"),
    ({"type": "buy", "tile": "t1-01", "returned_dice": "1,2"}, "returned_dice must be a list"),
    ({"type": "buy", "tile": "t1-01", "returned_used_rerolls": True},
     "returned_used_rerolls must be a whole number, got True"),
    ({"type": "buy", "tile": "t1-01", "returned_used_rerolls": "1"},
     "returned_used_rerolls must be a whole number"),
    ({"type": "buy", "tile": "t1-01", "payment": [1]}, "payment must be an object"),
    ({"type": "buy", "tile": "t1-01", "payment": {"dice": [1], "gold": 2}},
     "payment has unknown field(s): gold"),
    ({"type": "build", "payment": {"chits": True}}, "payment chits must be a whole number"),
    ({"type": "build", "payment": {"chits": "2"}}, "payment chits must be a whole number"),
    ({"type": "build", "payment": {"chits": -1}}, "payment chits cannot be negative"),
    ({"type": "build", "payment": {"trades": [[1, 2, 3]]}}, "each trade is exactly two dice"),
    ({"type": "build", "payment": {"trades": [[1]]}}, "each trade is exactly two dice"),
    ({"type": "build", "payment": {"trades": 12}}, "trades must be a list of die pairs"),
    ({"type": "build", "payment": {"trades": [[1, "2"]]}}, "a trade must contain whole"),
    ({"type": "books", "chits": -1}, "book chits cannot be negative"),
    ({"type": "books", "chits": False}, "book chits must be a whole number, got False"),
    ({"type": "books", "dice": {"20": 1}}, "book dice must be a list"),
    ({"type": "feed", "payment": 3}, "payment must be an object"),
    ({"type": "fight", "payment": "all"}, "payment must be an object"),
    ({"type": "fight", "payment": None, "extra": 1}, "a fight move has no field(s): extra"),
])
def test_malformed_json_is_explained(data: Any, words: str) -> None:
    with pytest.raises(MalformedMoveError) as info:
        move_from_json(data)
    assert words in str(info.value)
    assert isinstance(info.value, IllegalMoveError) and isinstance(info.value, ValueError)


@pytest.mark.parametrize(("move", "text"), [
    (Pass(), "pass"),
    (Pass((3, 1)), "pass, trading d1+d3 for food"),
    (Reroll((4, 1)), "reroll d1+d4"),
    (Buy("t1-03", Payment((7, 2)), replaces="start-farm"),
     "buy t1-03 paying d2+d7 replacing start-farm"),
    (Buy("t1-09", Payment(chits=1)), "buy t1-09 paying 1 chit"),
    (Buy("t1-07", Payment()), "buy t1-07 paying nothing"),
    (Build(PAY), "build wonder paying d2+d9+1 chit+trade(d1+d3)+trade(d4+d7)"),
    (Books((20,), 2), "use books d20+2 chits"),
    (Books(), "use books nothing"),
    (Feed(None), "do not feed"),
    (Feed(Payment((5,), trades=((1, 2),))), "feed paying d5+trade(d1+d2)"),
    (Fight(None), "do not fight"),
    (Fight(Payment(chits=3)), "fight paying 3 chits"),
])
def test_str_forms(move: Move, text: str) -> None:
    assert str(move) == text


def test_sort_order_by_kind_then_json() -> None:
    kinds = [m.type for m in sorted(EVERY_MOVE, key=lambda m: m.sort_key())]
    order = ["pass", "reroll", "buy", "build", "books", "feed", "fight"]
    assert kinds == sorted(kinds, key=order.index)
    assert Reroll((1,)).sort_key() < Reroll((2,)).sort_key()
    assert Pass((1, 2)).sort_key() < Reroll((0,)).sort_key()
    assert Books((1, 2), 0).sort_key() < Books((1,), 0).sort_key()   # most dice first
    assert Feed(None).sort_key() < Feed(Payment((1,))).sort_key()


def test_payment_helpers() -> None:
    assert PAY.all_dice() == (2, 9, 1, 3, 4, 7)
    assert Payment.from_json(PAY.to_json()) == PAY
    assert str(Payment()) == "nothing"
