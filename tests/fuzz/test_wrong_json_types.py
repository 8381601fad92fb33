"""Every field of a save given a value of the wrong JSON type (issue 32).

Mutation fuzzing found a board start state whose ``components`` was ``[]`` or ``{}``
crashing the loader with ``TypeError: unhashable type`` (about 1 case in 40,000).  This is
the same question asked of every field systematically instead of at random: each field
of both games' saves (the settings-and-moves save and the start-state save, with their
settings, and the fields of the first of each list of objects: a seat, a decision, a
move) is given each kind of JSON value it is not (an array, an object, a text, numbers,
a boolean, null, and arrays or objects holding those), and the promise of the fuzz layer
holds: refused with a typed error in words, or a game that loads and plays to its end
(board_saves.outcome, dice_saves.outcome).
"""

from __future__ import annotations

import json
from typing import Any

import board_saves
import dice_saves
import pytest
from fuzz_support import replace_at

from nations_widget.board import Game as BoardGame
from nations_widget.dice import Game as DiceGame

#: one value of each JSON type, and the containers a hash or a comparison trips on
WRONG_TYPES: tuple[Any, ...] = ([], {}, "x", "", 0, -1, 1.5, True, None, 2**64, [[]],
                                [{}], {"a": []})


def fields(doc: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """The places of the fields of ``doc``: every key of every object, going into the first
    item of each array (the others are of the same kind)."""
    out: list[tuple[Any, ...]] = []
    if isinstance(doc, dict):
        for key, value in doc.items():
            out.append((*prefix, key))
            out.extend(fields(value, (*prefix, key)))
    elif isinstance(doc, list) and doc:
        out.append((*prefix, 0))
        out.extend(fields(doc[0], (*prefix, 0)))
    return out


def played(game: Any, moves: int) -> Any:
    for _ in range(moves):
        game.play(game.legal_moves()[0])
    return game


def saves() -> list[tuple[str, Any, dict[str, Any]]]:
    board = played(BoardGame(players=3, seed=5), 12)
    dice = played(DiceGame(players=3, seed=5), 12)
    return [
        ("board start", board_saves, board_saves.start_save(board.state)),
        ("board save", board_saves, json.loads(json.dumps(board.to_json()))),
        ("dice start", dice_saves, dice_saves.start_save(dice.state)),
        ("dice save", dice_saves, json.loads(json.dumps(dice.to_json()))),
    ]


@pytest.mark.timeout(300)
@pytest.mark.parametrize("which", range(4), ids=["board start", "board save", "dice start",
                                                 "dice save"])
def test_each_field_of_the_wrong_json_type_is_refused_in_words_or_plays(which: int) -> None:
    name, promise, save = saves()[which]
    places = fields(save)
    assert len(places) > 10, places           # the save's fields, not a stub
    broken: dict[str, str] = {}
    for place in places:
        for value in WRONG_TYPES:
            try:
                promise.outcome(replace_at(save, place, value), 1)
            except promise.CaseFailure as failure:
                broken.setdefault("/".join(map(str, place)) + f" = {value!r}", str(failure))
    assert not broken, f"{name}: " + "; ".join(f"{k}: {v}" for k, v in list(broken.items())[:8])


def test_a_start_state_whose_components_are_not_a_text_is_refused_in_words() -> None:
    """The fuzzing find itself: ``"components": []`` or ``{}`` was a TypeError."""
    save = board_saves.start_save(BoardGame(players=2, seed=1).state)
    for value in ([], {}, [[]], {"a": 1}):
        with pytest.raises(board_saves.StateFormatError, match="components") as refused:
            BoardGame.from_json({**save, "start": {**save["start"], "components": value}})
        assert "unhashable" not in str(refused.value)
