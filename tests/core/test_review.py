"""The coach's review of a game (nations_widget.core.review), on both games: the same
review for the same game, budget and seed; marks only for losses beyond their margin of
error and at least a step; puzzles that accept the coach's move and refuse the one played;
cancelling; the JSON form."""

from __future__ import annotations

import importlib
import itertools
import json
import math
import pickle
import random
from concurrent.futures import ThreadPoolExecutor
from functools import cache
from typing import Any

import pytest

from nations_widget.board import Game as BoardGame
from nations_widget.board.bots import make_bot as board_bot
from nations_widget.core.coach import Z95
from nations_widget.core.errors import IllegalMoveError
from nations_widget.core.review import (
    MARKS,
    NOISE_PER_ERROR,
    Decision,
    Review,
    ReviewCancelled,
    accuracy_of,
    mark_for,
    thresholds,
)
from nations_widget.dice import Game as DiceGame
from nations_widget.dice.bots import make_bot as dice_bot

dice_coach = importlib.import_module("nations_widget.dice.coach")
board_coach = importlib.import_module("nations_widget.board.coach")

#: playouts per decision in these tests (small, for speed: the marks need fewer than the
#: default budget's, since a random player's mistakes are large)
PLAYOUTS = {"dice": 16, "board": 12}


def _play(game: Any, bots: list[Any]) -> Any:
    while not game.is_over:
        state = game.state
        game.play(bots[state.current_player()].choose(state))
    return game


@cache
def dice_game() -> Any:
    # Player 1 plays at random (it makes mistakes to mark), Player 2 the heuristic bot
    return _play(DiceGame(players=2, seed=13), [dice_bot("random", 1), dice_bot("heuristic", 2)])


@cache
def board_game() -> Any:
    # the short game of one age, Player 1 at random against the heuristic bot
    return _play(BoardGame(players=2, seed=5, ages=1),
                 [board_bot("random", 1), board_bot("heuristic", 2)])


@cache
def reviewed(kind: str) -> Review:
    game, coach = (dice_game(), dice_coach) if kind == "dice" else (board_game(), board_coach)
    result: Review = coach.review(game, seats=[0], playouts=PLAYOUTS[kind])
    return result


GAMES = ["dice", "board"]


def _game_and_coach(kind: str) -> tuple[Any, Any]:
    return (dice_game(), dice_coach) if kind == "dice" else (board_game(), board_coach)


def _without_time(data: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in data.items() if k != "seconds"}


def test_thresholds_are_lichess_steps_scaled_to_the_players() -> None:
    assert thresholds(2) == (0.1, 0.2, 0.3)
    assert thresholds(4) == (0.05, 0.1, 0.15)
    assert thresholds(5) == (0.04, 0.08, 0.12)


def test_a_loss_within_its_margin_of_error_is_never_marked() -> None:
    steps = thresholds(4)
    assert mark_for(0.40, 0.25, steps) is None            # 40 points, ± 49: noise
    assert mark_for(0.40, 0.05, steps) == "blunder"
    assert mark_for(0.12, 0.01, steps) == "mistake"
    assert mark_for(0.06, 0.0, steps) == "inaccuracy"
    assert mark_for(0.04, 0.0, steps) is None             # below the first step
    assert mark_for(0.11, 0.11 / Z95, steps) is None      # exactly at its margin


def test_a_seat_that_loses_nothing_scores_100_and_more_loss_scores_lower() -> None:
    assert accuracy_of([0.0] * 12, 2.0) == 100.0
    assert accuracy_of([-0.3, 0.1, 0.2], 2.0) == 100.0      # within the noise: nothing lost
    figures = [accuracy_of([lost] * 10, 2.0) for lost in (0.1, 0.5, 1.0, 2.0, 4.0, 8.0)]
    assert all(a > b for a, b in itertools.pairwise(figures))
    assert figures[3] == pytest.approx(100.0 / math.e)       # the scale: 100/e
    assert figures[-1] < 1.0
    # a bigger scale (a game of bigger scores) forgives the same points more
    assert accuracy_of([1.0], 4.0) > accuracy_of([1.0], 2.0)
    with pytest.raises(ValueError):
        accuracy_of([], 2.0)


def _decision(points_loss: float, points_error: float) -> Decision:
    return Decision(index=0, position=0, seat=0, played={}, played_text="", best={},
                    best_text="", same=False, chances=(0.5, 0.5), errors=(0.0, 0.0),
                    after=None, after_errors=None, graded=True, loss=0.0, loss_error=0.0,
                    mark=None, playouts=120, points_loss=points_loss,
                    points_loss_error=points_error)


def test_noise_alone_does_not_read_as_loss() -> None:
    # a seat whose moves are as good as the coach's: each loss is what a search's noise
    # gives (the better-looking of the two moves is taken as the best, so the loss is
    # max(0, noise)), with the standard error the review reports
    rng = random.Random(7)
    error = 1.5
    noisy = [_decision(max(0.0, rng.gauss(0.0, error)), error) for _ in range(4000)]
    raw = sum(d.points_loss or 0.0 for d in noisy) / len(noisy)
    assert raw == pytest.approx(NOISE_PER_ERROR * error, rel=0.1)   # the raw loss is biased
    assert accuracy_of([d.counted_points for d in noisy], 2.0) > 99.0
    # the same noise on top of a real loss of 2 points a decision still reads as about 2
    real = [_decision(max(0.0, 2.0 + rng.gauss(0.0, 0.5)), 0.5) for _ in range(4000)]
    mean = sum(d.counted_points for d in real) / len(real)
    assert mean == pytest.approx(2.0 - NOISE_PER_ERROR * 0.5, abs=0.05)
    # a loss the search could not compare (no error) counts as none
    assert _decision(3.0, 0.0).counted_points == 3.0
    unknown = Decision(**{**_decision(3.0, 0.0).__dict__, "points_loss_error": None})
    assert unknown.counted_points == 0.0


@pytest.mark.parametrize("kind", GAMES)
def test_the_seat_that_plays_the_worst_ranked_move_scores_below_the_one_that_plays_the_best(
        kind: str) -> None:
    coach = dice_coach if kind == "dice" else board_coach
    game = DiceGame(players=2, seed=21) if kind == "dice" else BoardGame(players=2, seed=8,
                                                                           ages=1)
    seed = 0
    while not game.is_over:
        state = game.state
        seed += 1
        ranked = coach.hint(state, top=1000, iterations=PLAYOUTS[kind], seconds=None,
                            seed=seed).suggestions
        game.play(ranked[-1 if state.current_player() == 0 else 0].move)
    r = coach.review(game, playouts=PLAYOUTS[kind])
    worst, best = r.summaries
    assert worst.accuracy is not None and best.accuracy is not None
    assert worst.accuracy < best.accuracy


@pytest.mark.parametrize("kind", GAMES)
def test_the_same_game_budget_and_seed_give_the_same_review(kind: str) -> None:
    game, coach = _game_and_coach(kind)
    again = coach.review(game, seats=[0], playouts=PLAYOUTS[kind])
    assert _without_time(again.to_json()) == _without_time(reviewed(kind).to_json())
    other = coach.review(game, seats=[0], playouts=PLAYOUTS[kind], seed=12345, upto=12)
    assert [d.chances for d in other.decisions] != [d.chances for d in again.decisions
                                                    if d.position < 12]


@pytest.mark.parametrize("kind", GAMES)
def test_every_decision_has_each_seats_chance_and_only_graded_seats_are_marked(
        kind: str) -> None:
    game, _ = _game_and_coach(kind)
    r = reviewed(kind)
    assert r.over and r.upto == game.length and r.final is not None
    assert sorted(r.final) == [0.0, 1.0] or sum(r.final) == pytest.approx(1.0)
    assert len(r.decisions) >= 10
    for d in r.decisions:
        assert len(d.chances) == 2 and all(0.0 <= c <= 1.0 for c in d.chances)
        assert len(d.errors) == 2 and all(e >= 0.0 for e in d.errors)
        assert game.move_at(d.position).to_json() == d.played
        if d.seat == 0:
            assert d.graded and d.loss is not None
            assert d.loss_error is not None or d.mark is None
        else:
            assert not d.graded and d.loss is None and d.mark is None
        if d.mark is not None:
            steps = dict(zip(MARKS, r.thresholds, strict=True))
            assert d.loss >= steps[d.mark] and d.loss > Z95 * d.loss_error
            assert d.best_text in d.words() and d.mark in d.words()
    assert [d.index for d in r.decisions] == list(range(len(r.decisions)))
    assert r.marked(), "the random player's game has mistakes to mark"


@pytest.mark.parametrize("kind", GAMES)
def test_the_summary_counts_the_marks_and_names_where_the_game_turned(kind: str) -> None:
    r = reviewed(kind)
    me, other = r.summaries
    assert me.graded == sum(1 for d in r.decisions if d.seat == 0)
    assert (me.inaccuracies, me.mistakes, me.blunders) == tuple(
        sum(1 for d in r.decisions if d.seat == 0 and d.mark == m) for m in MARKS)
    assert me.accuracy is not None and 0.0 < me.accuracy < 100.0
    assert other.accuracy is None and other.graded == 0
    assert me.decided_at is not None and me.decided_text.startswith("move ")
    # the change named is the largest of the seat's chance between two graph points
    points = [d.chances for d in r.decisions] + [r.final]
    largest = max(abs(points[k + 1][0] - points[k][0]) for k in range(len(points) - 1))
    assert abs(me.decided_change) == pytest.approx(largest)


@pytest.mark.parametrize("kind", GAMES)
def test_puzzles_accept_the_coachs_move_and_refuse_the_one_played(kind: str) -> None:
    game, coach = _game_and_coach(kind)
    r = reviewed(kind)
    assert r.puzzles
    marked = {d.position for d in r.marked()}
    for p in r.puzzles:
        assert p.position in marked and p.seat == 0 and p.accepted
    puzzle = r.puzzles[0]
    right = coach.check_answer(game, r, 0, puzzle.accepted[0])
    assert right.correct and right.text.startswith("Yes")
    wrong = coach.check_answer(game, r, 0, puzzle.played)
    assert not wrong.correct and "played in the game" in wrong.text
    assert puzzle.best_text in wrong.text
    with pytest.raises(IndexError):
        coach.check_answer(game, r, len(r.puzzles), puzzle.played)


def test_an_answer_not_in_the_list_is_searched_and_graded() -> None:
    game, coach = _game_and_coach("board")
    r = reviewed("board")
    puzzle = r.puzzles[0]
    state = game.state_at(puzzle.position)
    listed = [*puzzle.accepted, puzzle.played]
    others = [m for m in state.legal_moves() if m.to_json() not in listed]
    assert others
    answer = coach.check_answer(game, r, 0, others[-1].to_json())
    assert answer.text.startswith(("Yes", "Not quite"))
    assert answer.move == others[-1].to_json()
    assert answer.move_text == board_coach.describe_move(state, others[-1])


def test_an_illegal_answer_is_refused_in_the_engines_words() -> None:
    game, coach = _game_and_coach("dice")
    r = reviewed("dice")
    with pytest.raises(IllegalMoveError):
        coach.check_answer(game, r, 0, {"type": "buy", "tile": "no-such-tile"})


@pytest.mark.parametrize("kind", GAMES)
def test_cancelling_stops_the_review_and_progress_counts_the_decisions(kind: str) -> None:
    game, coach = _game_and_coach(kind)
    seen: list[tuple[int, int]] = []
    with pytest.raises(ReviewCancelled):
        coach.review(game, playouts=PLAYOUTS[kind], progress=lambda d, t: seen.append((d, t)),
                     cancelled=lambda: len(seen) > 3)
    assert [d for d, _ in seen] == [0, 1, 2, 3]
    total = seen[0][1]
    done: list[int] = []
    coach.review(game, playouts=2, progress=lambda d, t: done.append(d))
    assert done[-1] == total


@pytest.mark.parametrize("kind", GAMES)
def test_the_json_form_reads_back_the_same(kind: str) -> None:
    r = reviewed(kind)
    data = json.loads(json.dumps(r.to_json()))
    assert Review.from_json(data).to_json() == r.to_json()
    assert data["marks"][2] == {"mark": "blunder", "symbol": "??", "at_least": 0.3}
    # what the accuracy means travels with the review, and each graded decision's points
    coach = dice_coach if kind == "dice" else board_coach
    assert data["accuracy_note"] == coach.ACCURACY_NOTE and "at random" in coach.ACCURACY_NOTE
    graded = [d for d in data["decisions"] if d["graded"]]
    assert graded and all(d["points_loss"] is not None for d in graded)
    assert any(d["points_loss"] > 0 for d in graded)
    # a review saved before the points were recorded still reads
    old = {**data, "decisions": [{k: v for k, v in d.items()
                                  if k not in ("points_loss", "points_loss_error")}
                                 for d in data["decisions"]]}
    assert Review.from_json(old).decisions[0].points_loss is None
    with pytest.raises(ValueError):
        Review.from_json({**data, "format": "something else"})


def test_an_unfinished_game_is_reviewed_up_to_where_it_is() -> None:
    game = BoardGame.from_json(board_game().to_json())
    game.resume(30)
    r = board_coach.review(game, playouts=4)
    assert r.upto == 30 and not r.over and r.final is None
    assert all(d.position < 30 for d in r.decisions)
    assert r.summaries[0].final_chance == r.decisions[-1].chances[0]


def test_a_pool_of_workers_gives_the_same_review() -> None:
    # a thread pool here (a process pool needs the coach to travel: it pickles)
    game = dice_game()
    with ThreadPoolExecutor(2) as pool:
        pooled = dice_coach.review(game, seats=[0], playouts=PLAYOUTS["dice"], executor=pool)
    assert _without_time(pooled.to_json()) == _without_time(reviewed("dice").to_json())
    for coach in (dice_coach.REVIEW_COACH, board_coach.REVIEW_COACH):
        assert pickle.loads(pickle.dumps(coach)) == coach


def test_a_solo_game_is_refused_in_words() -> None:
    with pytest.raises(ValueError, match="solo"):
        dice_coach.review(DiceGame(players=1, seed=1), playouts=4)
