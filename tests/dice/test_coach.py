"""The coach: the search bot's root statistics, in words, without seeing future rolls."""

from __future__ import annotations

import re
import time

import pytest

from nations_widget.dice import Game, IllegalMoveError, Pass
from nations_widget.dice.bots import make_bot
from nations_widget.dice.coach import compare, hint


def _midgame(players: int = 3, seed: int = 5, moves: int = 12) -> Game:
    game = Game(players=players, seed=seed)
    bot = make_bot("heuristic", 1)
    for _ in range(moves):
        game.play(bot.choose(game.state))
    return game


def test_hint_lists_three_searched_moves_best_first_in_words() -> None:
    game = _midgame()
    before = game.state.to_json()
    h = game.hint(iterations=120)
    assert game.state.to_json() == before              # the game is not changed
    assert len(h.suggestions) == 3
    visits = [s.visits for s in h.suggestions]
    assert visits == sorted(visits, reverse=True) and sum(visits) <= 120
    for s in h.suggestions:
        assert game.state.is_legal(s.move)
        assert s.win_rate is not None and 0.0 <= s.win_rate <= 1.0
        assert not re.search(r"dic?e \d", s.text)                 # dice in words, no ids
        assert re.search(r"about \d+% to win \(± (\d+%|under 1%)\)", s.summary())
    assert str(h) == "; ".join(s.summary() for s in h.suggestions)
    assert h.to_json()["suggestions"][0]["summary"] == h.best.summary()


def test_hint_cannot_see_future_rolls() -> None:
    # the same position with another hidden future (a reseeded copy) gets exactly the same
    # advice, figures included: the coach only plays reseeded copies
    game = _midgame()
    state = game.state
    a = hint(state, iterations=100, seconds=None, seed=4)
    b = hint(state.reseeded(987654321), iterations=100, seconds=None, seed=4)
    assert a.to_json()["suggestions"] == b.to_json()["suggestions"]


def test_hint_first_choice_is_the_search_bots_move() -> None:
    from nations_widget.dice.coach import CoachBot
    game = _midgame()
    bot = CoachBot(seed=4, iterations=100, seconds=None)
    assert hint(game.state, iterations=100, seconds=None, seed=4).best.move == \
        bot.choose(game.state.clone())


def test_hint_default_level_takes_at_most_two_seconds() -> None:
    game = _midgame()
    start = time.perf_counter()
    h = game.hint()
    assert time.perf_counter() - start < 2.5             # 1.8 s cap plus setup
    assert h.seconds <= 2.0


def test_compare_grades_the_played_move_against_the_best() -> None:
    game = _midgame()
    verdict = game.compare(Pass(), iterations=120)
    assert verdict.played.move == Pass()
    assert verdict.played.visits > 0
    if not verdict.same:
        assert "The coach preferred" in str(verdict)
        assert verdict.loss >= 0.0
    same = compare(game.state, verdict.best.move, iterations=120,
                   seed=game.config.seed ^ game.position)
    assert same.same and "coach's choice" in str(same)


def test_solo_hint_speaks_of_the_score_not_of_winning() -> None:
    h = Game(players=1, seed=2).hint(iterations=40)
    assert all(s.win_rate is None for s in h.suggestions)
    assert "VP at the end" in h.best.summary()


def test_no_hint_once_the_game_is_over() -> None:
    game = Game(players=2, seed=7)
    while not game.is_over:
        game.play(game.legal_moves()[0])
    with pytest.raises(IllegalMoveError):
        game.hint(iterations=10)
