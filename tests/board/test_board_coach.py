"""The board game's coach (the shared coach with the board game's search bot and words):
legal moves, best first, in words, the state untouched, deterministic for a seed, blind to
the undrawn decks, within its time cap."""

from __future__ import annotations

import re
import time

import pytest

from nations_widget.board import Game, GameState
from nations_widget.board.bots import make_bot
from nations_widget.board.coach import COACH_SECONDS, coach_bot, compare, describe_move, hint
from nations_widget.board.moves import Buy, Pass
from nations_widget.core.errors import IllegalMoveError


def _midgame(players: int = 4, seed: int = 5, until_actions: bool = True) -> Game:
    """A game of the heuristic, a few rounds in, stopped at an action turn with a real
    choice (or at a decision, with ``until_actions`` False)."""
    game = Game(players=players, seed=seed)
    bots = [make_bot("heuristic", x) for x in range(players)]
    while game.round < 3 or (until_actions and (game.state.queue or game.step_name != "actions"
                                                or len(game.legal_moves()) < 4)):
        seat = game.state.current_player()
        assert seat is not None
        game.play(bots[seat].choose(game.state))
    return game


def test_hint_lists_three_legal_moves_best_first_in_words_without_changing_the_game() -> None:
    game = _midgame()
    before = game.state.to_json_str()
    h = game.hint(iterations=30)
    assert game.state.to_json_str() == before
    assert h.seat == game.state.current_player()
    assert len(h.suggestions) == 3
    visits = [s.visits for s in h.suggestions]
    assert visits == sorted(visits, reverse=True) and sum(visits) <= 30
    assert len({s.move for s in h.suggestions}) == 3
    for s in h.suggestions:
        assert game.state.is_legal(s.move)
        assert s.win_rate is not None and 0.0 <= s.win_rate <= 1.0
        assert s.text[0].isupper() and "slot" not in s.text      # card names, not slots
        # the widget's button for that move says the same
        assert s.text == describe_move(game.state, s.move) == game.state.describe(s.move)
        assert re.search(r"about \d+% to win \(± (\d+%|under 1%)\)", s.summary())
    payload = h.to_json()
    assert payload["suggestions"][0]["summary"] == h.best.summary()
    assert payload["suggestions"][0]["move"] == h.best.move.to_json()


def test_hint_first_choice_is_the_search_bots_move_and_the_same_for_a_seed() -> None:
    state = _midgame().state
    a = hint(state, iterations=30, seconds=None, seed=4)
    b = hint(state, iterations=30, seconds=None, seed=4)
    assert a.to_json()["suggestions"] == b.to_json()["suggestions"]
    assert a.best.move == coach_bot(4, 30, None).choose(state.clone())


def test_hint_cannot_see_the_undrawn_decks() -> None:
    # the same position with its decks shuffled otherwise gets the same advice, figures
    # included: the coach only plays reseeded copies
    state = _midgame().state
    a = hint(state, iterations=24, seconds=None, seed=2)
    b = hint(state.reseeded(987654321), iterations=24, seconds=None, seed=2)
    assert a.to_json()["suggestions"] == b.to_json()["suggestions"]


def test_moves_in_words_say_what_they_cost() -> None:
    state = _midgame().state
    seat = state.current_player()
    assert seat is not None
    texts = {type(m).__name__: describe_move(state, m) for m in state.legal_moves()}
    assert texts["Pass"].startswith("Pass")
    buy = next(m for m in state.legal_moves() if isinstance(m, Buy))
    name = state.comp.cards[state.comp.card_ref[buy.card]].name
    assert describe_move(state, buy).startswith(f"Buy {name} (")
    assert describe_move(state, buy).endswith((" gold", " for free"))
    for m in state.legal_moves():
        assert describe_move(state, m) != str(m)        # every kind has its own words


def test_decisions_are_advised_too() -> None:
    game = _midgame(until_actions=False)
    state = game.state
    while not state.queue or len(state.legal_moves()) < 2:
        seat = state.current_player()
        assert seat is not None
        state.apply(make_bot("heuristic", seat).choose(state), log=False)
    h = hint(state, iterations=12, seconds=None)
    assert all(state.is_legal(s.move) for s in h.suggestions)
    assert not any(s.text.startswith("choose ") for s in h.suggestions)


def test_compare_grades_the_played_move() -> None:
    game = _midgame()
    verdict = game.compare(Pass(), iterations=24)
    assert verdict.played.move == Pass() and verdict.played.visits > 0
    if not verdict.same:
        assert "The coach preferred" in str(verdict) and verdict.loss >= 0.0
    same = compare(game.state, verdict.best.move, iterations=24,
                   seed=game.config.seed ^ game.position)
    assert same.same and "coach's choice" in str(same)
    with pytest.raises(IllegalMoveError):
        compare(game.state, Buy("no-such-card"), iterations=4)


def test_default_hint_of_a_four_player_position_stays_within_two_seconds() -> None:
    state = _midgame(players=4).state
    start = time.perf_counter()
    h = hint(state)
    assert time.perf_counter() - start < COACH_SECONDS + 0.7     # the cap plus setup
    assert h.seconds <= COACH_SECONDS + 0.2 and h.iterations > 0


def test_no_hint_once_over_and_no_solo_coach() -> None:
    game = Game(players=2, seed=7)
    while not game.is_over:
        game.play(game.legal_moves()[0])
    with pytest.raises(IllegalMoveError):
        game.hint(iterations=4)
    with pytest.raises(ValueError, match="2-5 players"):
        hint(GameState.new(players=1, seed=1), iterations=4)


def test_midgame_figures_are_chances_and_vp_not_saturated_rewards() -> None:
    # Before: "wins 100% of simulations" for every move of these positions (a playout
    # "won" when ahead on the estimate at the round's end) and a "margin" under 1 VP that
    # was the difference of two rewards in 0..1.  Now: a chance from the estimated final
    # scores and their spread, and the margin in VP, each with its margin of error.
    from nations_widget.board.bots.evaluation import relative_value
    state = _midgame(3, 5).state
    lead = relative_value(state, state.current_player())
    assert lead > 3.0                                    # the player is ahead by some VP
    h = hint(state, iterations=30, seconds=None)
    for s in h.suggestions:
        assert s.win_rate is not None and 0.0 < s.win_rate < 1.0
        assert not s.decided
        assert not re.search(r"(?<![\d.])(0|100)%", s.summary()), s.summary()
    assert h.best.margin > 2.0                          # VP, not a reward difference
    assert re.search(r"VP ahead on average \(± ", h.best.summary())
