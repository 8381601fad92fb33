"""The widget works out a position's view and legal moves once, and shows them again on an
Undo, a Redo or a step through the history (GameWidget._payloads): what it sends must be
exactly what a fresh computation gives, for both games, and never a stale position's."""

from __future__ import annotations

from typing import Any

import pytest

from nations_widget.widget import BoardWidget, NationsWidget
from nations_widget.widget.shell.widget import SHOWN_POSITIONS, GameWidget


def fresh(w: GameWidget[Any, Any]) -> tuple[dict[str, Any], list[Any]]:
    game = w.game
    current = game.current_player
    human = current is not None and w.seats[current] == "human"
    return (w.adapter.view_payload(game, list(w.seats)),
            w.adapter.legal_payload(game) if human else [])


def widgets() -> list[GameWidget[Any, Any]]:
    return [NationsWidget(players=2, seats=["human", "human"], seed=4, bot_delay=0),
            BoardWidget(players=2, seats=["human", "human"], seed=4, bot_delay=0)]


@pytest.mark.parametrize("w", widgets(), ids=["dice", "board"])
def test_steps_through_the_history_send_what_a_fresh_computation_gives(
        w: GameWidget[Any, Any]) -> None:
    for _ in range(12):
        w.bot_move()
    for step in (w.undo, w.undo, w.redo, lambda: w.goto(3), lambda: w.goto(12), w.undo):
        step()
        assert (w.view, w.legal) == fresh(w)


@pytest.mark.parametrize("w", widgets(), ids=["dice", "board"])
def test_a_position_played_again_differently_is_worked_out_anew(
        w: GameWidget[Any, Any]) -> None:
    for _ in range(8):
        w.bot_move()
    fifth = w.game.moves[4]
    w.goto(5)
    at_five = w.view
    w.goto(4)
    moves = w.game.legal_moves()
    assert len(moves) > 1
    w.play(moves[0] if moves[0] != fifth else moves[-1])   # another 5th move
    assert (w.view, w.legal) == fresh(w)
    assert w.view is not at_five
    # seats changed: the position seen with other seats is worked out again
    w.set_seat(0, "random")
    assert (w.view, w.legal) == fresh(w)


def test_only_the_positions_shown_last_are_kept() -> None:
    w = NationsWidget(players=2, seats=["human", "human"], seed=4, bot_delay=0)
    for _ in range(SHOWN_POSITIONS + 10):
        w.bot_move()
    assert len(w._shown) == SHOWN_POSITIONS
    w.refresh()                       # the game changed behind the widget's back
    assert len(w._shown) == 1
