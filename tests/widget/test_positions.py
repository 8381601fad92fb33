"""A position's payloads (nations_widget.widget.shell.positions): the widget works out a
position's view and legal moves once, shows them again on an Undo, a Redo or a step through
the history, and works out the likely next positions while a person thinks; what it sends
must be exactly what a fresh computation gives, for both games, and never a stale
position's, and preparing changes nothing of the game."""

from __future__ import annotations

import random
from typing import Any

import pytest

from nations_widget.widget import BoardWidget, NationsWidget
from nations_widget.widget.shell.positions import SHOWN_POSITIONS
from nations_widget.widget.shell.widget import GameWidget


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
    assert len(w.positions._shown) == SHOWN_POSITIONS
    w.refresh()                       # the game changed behind the widget's back
    assert len(w.positions._shown) == 1


def looks(w: GameWidget[Any, Any]) -> tuple[Any, ...]:
    """Everything of the game a page or a save could see."""
    return (w.game.to_json(), w.game.position, w.game.can_redo, w.view, w.legal,
            w.history, w.log_patch)


@pytest.mark.parametrize("kind", ["dice", "board"])
def test_prepared_moves_change_nothing_and_send_what_a_fresh_computation_gives(
        kind: str) -> None:
    """Over random games: at each decision the likely moves are prepared (the pass, and a
    previewed move half of the time), which leaves the game as it was; then the move
    played (the previewed one, the pass or another) sends exactly the payloads of a
    fresh computation, and the game is the one a twin played without preparing."""
    make = NationsWidget if kind == "dice" else BoardWidget
    w = make(players=2, seats=["human", "human"], seed=9, bot_delay=0)
    twin = make(players=2, seats=["human", "human"], seed=9, bot_delay=0)
    rng = random.Random(3)
    prepared = 0
    for _ in range(60 if kind == "dice" else 40):
        if w.game.is_over:
            break
        legal = w.game.legal_moves()
        previewed = None
        if rng.random() < 0.7:
            candidate = legal[rng.randrange(len(legal))]
            try:
                w.preview_move(candidate)
                previewed = candidate
            except ValueError:      # only some moves have a preview (a purchase, a build)
                pass
        before = looks(w)
        prepared += w.prepare_likely_moves()
        assert looks(w) == before, "preparing changed what the page or a save sees"
        likely = w.adapter.likely_moves(w.game)
        choices = [m for m in (previewed, *likely) if m is not None] + [
            legal[rng.randrange(len(legal))]]
        move = choices[rng.randrange(len(choices))]
        w.play(move)
        twin.play(move)
        assert (w.view, w.legal) == fresh(w)
        # (each game draws its own fairness salt)
        assert {**w.game.to_json(), "salt": None} == {**twin.game.to_json(), "salt": None}
        assert w.game.state == twin.game.state
    assert prepared > 10, "the likely moves were hardly ever prepared"


def test_a_prepared_move_plays_the_state_it_prepared_and_works_nothing_out_again() -> None:
    w = NationsWidget(players=2, seats=["human", "human"], seed=4, bot_delay=0)
    for _ in range(3):
        w.bot_move()
    (pass_move,) = w.adapter.likely_moves(w.game)
    assert w.prepare_likely_moves() == 1
    made: list[int] = []
    view_payload = w.adapter.view_payload

    def counted(*args: Any) -> Any:
        made.append(1)
        return view_payload(*args)

    w.adapter.view_payload = counted  # type: ignore[method-assign]
    tried_state = w.game._tried[-1][2]
    w.play(pass_move)
    assert w.game.state is tried_state
    assert not made, "the prepared position's view was worked out again"
    assert (w.view, w.legal) == fresh(w)


def test_nothing_is_prepared_where_it_cannot_be_played_as_prepared() -> None:
    w = NationsWidget(players=2, seats=["human", "random"], seed=4, bot_delay=0)
    w.play_bots()
    assert w.game.current_player == 0
    for _ in range(4):
        w.bot_move()
    w.undo()                    # a future of moves to redo: trying would lose it
    assert w.game.can_redo
    assert w.prepare_likely_moves() == 0
    w.goto(1)                   # looking through the history
    assert w.prepare_likely_moves() == 0
