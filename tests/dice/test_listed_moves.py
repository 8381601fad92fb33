"""apply() skips re-checking the very move objects legal_moves() listed for the position.

These tests pin down that the shortcut changes nothing: it resolves every default exactly as
check() does, it applies only to those objects in that position, and anything else (a move
built or parsed anew, a move appended to the returned list) is still checked in full.
"""

from __future__ import annotations

import random

import pytest

from nations_widget.dice import Buy, GameState, IllegalMoveError, Payment
from nations_widget.dice.rules import _plan_of_listed, check


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_listed_moves_get_the_plan_check_would_give(players: int) -> None:
    for seed in range(12):
        s = GameState.new(players=players, seed=seed)
        chooser = random.Random(seed)
        while not s.is_terminal():
            moves = s.legal_moves()
            for move in moves:
                assert _plan_of_listed(s, move) == check(s, move), move
            s.apply(chooser.choice(moves), log=False)


def test_a_move_appended_to_the_returned_list_is_still_checked() -> None:
    s = GameState.new(players=2, seed=3)
    moves = s.legal_moves()
    forged = Buy(s.comp.tiles[s.board[2]].id, Payment(), replaces="start-farm")
    moves.append(forged)                     # the caller's list, not the state's copy
    before = s.to_json()
    with pytest.raises(IllegalMoveError):
        s.apply(forged)
    assert s.to_json() == before


def test_an_equal_but_new_move_is_checked_and_the_listing_expires() -> None:
    s = GameState.new(players=2, seed=4)
    listed = s.legal_moves()[-1]
    assert isinstance(listed, Buy)
    twin = Buy(listed.tile, listed.payment, listed.replaces)
    assert twin == listed and twin is not listed
    s.apply(twin)                            # a new object: checked in full (and legal)
    assert s.listed is None                  # every apply drops the listing
    before = s.to_json()
    with pytest.raises(IllegalMoveError, match="not on the progress board"):
        s.apply(listed)                      # listed for the old position: checked, refused
    assert s.to_json() == before
