"""The review's stretches, luck and judging budget, and its process pool (issue 30): a
player who loses a little on every decision of a stretch is told where, one blunder alone
is not a stretch; the steps where chance (a roll, a draw) moved the chances are told
from the decisions; a budget too small to judge does not judge; a pool of processes gives
the serial review."""

from __future__ import annotations

import importlib
import json
import os
import random
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from functools import cache
from multiprocessing import get_context
from typing import Any

import pytest

from nations_widget.board import Game as BoardGame
from nations_widget.board.bots import make_bot as board_bot
from nations_widget.core import review as core_review
from nations_widget.core.review import (
    Decision,
    Review,
    ReviewCoach,
    chance_in,
    find_luck,
    find_stretch,
    thresholds,
)
from nations_widget.dice import Game as DiceGame
from nations_widget.dice.bots import make_bot as dice_bot
from nations_widget.widget.shell import review as shell_review

dice_coach = importlib.import_module("nations_widget.dice.coach")
board_coach = importlib.import_module("nations_widget.board.coach")

TWO = thresholds(2)          # 0.10, 0.20, 0.30


def _decision(index: int, round_: int, loss: float, *, seat: int = 0, kind: str = "buying",
              error: float = 0.0, text: str = "a move", chances: tuple[float, ...] = (0.5, 0.5),
              after: tuple[float, ...] | None = None,
              after_errors: tuple[float, ...] | None = None) -> Decision:
    """A graded decision of seat ``seat`` that lost ``loss`` of its chance (standard
    error ``error``) and a tenth of that in points."""
    return Decision(index=index, position=2 * index, seat=seat, played={}, played_text=text,
                    best={}, best_text="the best", same=loss == 0, chances=chances,
                    errors=(0.0,) * len(chances), after=after, after_errors=after_errors,
                    graded=True, loss=loss, loss_error=error, mark=None, playouts=120,
                    points_loss=loss * 10, points_loss_error=0.0, round=round_, kind=kind)


# ----------------------------------------------------------------- stretches
def test_a_player_losing_a_little_on_every_decision_of_a_stretch_is_told_where() -> None:
    # rounds 1 and 4: good moves; rounds 2-3: eight decisions each losing 4-5 points of
    # 100, none near a mark (10 points), 36 in all, the most by rerolling
    decisions = [_decision(i, 1, 0.0) for i in range(4)]
    losses = [(0.04, "buying wonders"), (0.05, "rerolling dice"), (0.04, "rerolling dice"),
              (0.05, "rerolling dice"), (0.04, "buying wonders"), (0.05, "rerolling dice"),
              (0.04, "passing"), (0.05, "rerolling dice")]
    for k, (loss, kind) in enumerate(losses):
        decisions.append(_decision(4 + k, 2 + k // 4, loss, kind=kind, text=f"move {k}"))
    decisions += [_decision(12 + i, 4, 0.0) for i in range(4)]
    stretch = find_stretch(decisions, 0, TWO)
    assert stretch is not None
    assert (stretch.first_round, stretch.last_round) == (2, 3)
    assert stretch.decisions == 8 and stretch.loss == pytest.approx(0.36)
    assert stretch.points == pytest.approx(3.6)
    # the costliest (the first 5-point reroll) is told apart: the kind is of the others
    assert stretch.worst == 5
    assert stretch.kind == "rerolling dice" and stretch.kind_decisions == 4
    assert stretch.kind_loss == pytest.approx(0.19)
    assert (stretch.first, stretch.last, stretch.position) == (4, 11, 8)
    assert stretch.text.startswith("Rounds 2-3, Player 1: −36 points of the chance to win "
                                   "against the coach's choices, over 8 decisions")
    assert "mostly from rerolling dice (−19 over 4 decisions); the costliest: move 11, move 1 " \
        "(−5)" in stretch.text
    # nobody else lost anything: no stretch for them
    assert find_stretch(decisions, 1, TWO) is None


def test_one_blunder_alone_is_not_a_stretch() -> None:
    # a 40-point blunder among moves as good as the coach's (and a little noise)
    decisions = [_decision(i, 1 + i // 5, 0.01 if i % 3 else 0.0) for i in range(20)]
    decisions[7] = _decision(7, 2, 0.40, kind="buying buildings")
    assert find_stretch(decisions, 0, TWO) is None
    # nor with two more marks beside it, on moves otherwise as good as the coach's (fewer
    # than three decisions lost, the blunder left out): the marks tell those
    clean = [_decision(i, 1 + i // 5, 0.0) for i in range(20)]
    clean[7] = _decision(7, 2, 0.40)
    clean[8] = _decision(8, 2, 0.12)
    clean[9] = _decision(9, 2, 0.10)
    assert find_stretch(clean, 0, TWO) is None
    # a third small loss there makes it a stretch of steady losses beside the blunder
    clean[6] = _decision(6, 2, 0.03)
    stretch = find_stretch(clean, 0, TWO)
    assert stretch is not None and stretch.first_round == 2


def test_small_losses_within_the_noise_are_not_a_stretch() -> None:
    # 8 decisions losing 4 points each, each with a standard error of 10: the sum (32)
    # is within its 95% margin (1.96 * sqrt(8) * 10 = 55)
    decisions = [_decision(i, 2, 0.04 + core_review.NOISE_PER_ERROR * 0.10, error=0.10)
                 for i in range(8)]
    assert find_stretch(decisions, 0, TWO) is None


def test_a_stretch_is_one_or_two_rounds() -> None:
    # the same small loss on every decision of a 4-round game: told as two rounds only
    decisions = [_decision(i, 1 + i // 4, 0.04) for i in range(16)]
    stretch = find_stretch(decisions, 0, TWO)
    assert stretch is not None and stretch.last_round - stretch.first_round == 1
    assert stretch.first_round == 1        # the earlier on a tie


# ----------------------------------------------------------------- luck
@dataclass
class _CoinState:
    """A game of two seats taking turns, where a "flip" move draws a hidden coin (chance)
    and "step" does nothing but pass the turn."""

    turn: int = 0
    coins: list[int] = field(default_factory=list)
    seed: int = 0

    def current_player(self) -> int:
        return self.turn % 2

    def reseeded(self, seed: int) -> _CoinState:
        return _CoinState(self.turn, self.coins[:], seed)

    def apply(self, move: str, log: bool = True) -> list[Any]:
        if move == "flip":
            draw = random.Random(self.seed)
            self.coins.append(draw.getrandbits(1))
            self.seed = draw.getrandbits(64)
        self.turn += 1
        return []

    def view(self, seat: int | None) -> dict[str, Any]:
        return {"turn": self.turn, "coins": self.coins}


class _CoinGame:
    def __init__(self, moves: list[str]) -> None:
        self.moves = moves
        self.states = [_CoinState(seed=99)]
        for move in moves:
            after = self.states[-1].reseeded(self.states[-1].seed)
            after.apply(move)
            self.states.append(after)

    def state_at(self, p: int) -> _CoinState:
        return self.states[p]

    def move_at(self, p: int) -> str:
        return self.moves[p]


COIN_COACH = ReviewCoach(make_bot=lambda seed, playouts: None,  # type: ignore[arg-type,return-value]
                         describe=lambda state, move: f"{move} the coin",
                         luck_word="the coin")


def test_a_big_change_on_a_flip_is_luck_and_a_change_on_a_decision_is_not() -> None:
    game = _CoinGame(["step", "flip", "step", "step", "flip", "step"])
    assert [chance_in(game.state_at(p), game.move_at(p), game.state_at(p + 1))
            for p in range(6)] == [False, True, False, False, True, False]
    # decisions at positions 0, 2, 4 (each two moves apart; positions 1, 3, 5 had one
    # choice): from decision 0 to 1, the flip moved Player 1 from 50% to 20%; from
    # decision 1 to 2 the chances moved as much, with no chance in between (the move
    # played at decision 1 lost it: a decision's loss, not luck); from decision 2 to
    # the end, a flip moved the chances by 4 points only (not a swing)
    decisions = [
        _decision(0, 1, 0.0, chances=(0.5, 0.5), after=(0.5, 0.5), after_errors=(0.01, 0.01)),
        _decision(1, 1, 0.3, seat=1, chances=(0.2, 0.8), after=(0.5, 0.5),
                  after_errors=(0.01, 0.01)),
        _decision(2, 1, 0.0, chances=(0.5, 0.5), after=(0.48, 0.52), after_errors=(0.01, 0.01)),
    ]
    steps = find_luck(game, COIN_COACH, decisions, (0.52, 0.48), 6, TWO)
    assert [(s.decision, s.move_position, s.position) for s in steps] == [(0, 1, 2), (2, 4, 5)]
    first, last = steps
    assert first.changes == pytest.approx((-0.3, 0.3)) and first.seats == (0, 1)
    assert first.seat == 1 and first.move_text == "flip the coin"
    assert first.text == ("move 2, Player 2: flip the coin: the coin moved Player 1's chance "
                          "−30 points, Player 2's chance +30 points")
    assert last.changes == pytest.approx((0.04, -0.04)) and last.seats == () and not last.text
    # a swing within its margin of error is not one
    noisy = [decisions[0].__class__(**{**decisions[0].__dict__, "after_errors": (0.2, 0.2)}),
             *decisions[1:]]
    assert find_luck(game, COIN_COACH, noisy, None, 6, TWO)[0].seats == ()


@cache
def _dice_game() -> Any:
    game = DiceGame(players=2, seed=13)
    bots = [dice_bot("random", 1), dice_bot("heuristic", 2)]
    while not game.is_over:
        game.play(bots[game.current_player or 0].choose(game.state))
    return game


@cache
def _dice_review() -> Review:
    result: Review = dice_coach.review(_dice_game(), seats=[0], playouts=16)
    return result


def test_the_dice_games_chance_is_its_rolls() -> None:
    # in the dice game chance is the generator's: a move met chance exactly when the
    # state's generator moved on (a roll), and a reroll always does
    game = _dice_game()
    met = [chance_in(game.state_at(p), game.move_at(p), game.state_at(p + 1))
           for p in range(game.length)]
    rolled = [game.state_at(p).rng != game.state_at(p + 1).rng for p in range(game.length)]
    assert met == rolled and any(met) and not all(met)
    assert all(met[p] for p in range(game.length) if game.move_at(p).type == "reroll")


def test_the_board_games_chance_is_its_draws() -> None:
    # in the board game: the moves that end a round (new progress cards, an event drawn)
    game = BoardGame(players=2, seed=5, ages=1)
    bots = [board_bot("heuristic", 1), board_bot("heuristic", 2)]
    while not game.is_over:
        game.play(bots[game.state.current_player() or 0].choose(game.state))
    met = [p for p in range(game.length)
           if chance_in(game.state_at(p), game.move_at(p), game.state_at(p + 1))]
    assert met
    for p in met:
        assert game.state_at(p).round != game.state_at(p + 1).round or any(
            e.kind in ("event", "progress", "architects") for e in game.log_of_move(p + 1))
    rounds = {game.state_at(p).round for p in range(game.length)}
    assert len(met) < game.length // 4 and len(met) >= len(rounds) - 1


def test_a_review_tells_each_steps_luck_from_the_decisions() -> None:
    game, r = _dice_game(), _dice_review()
    assert r.judged and r.luck
    by_decision = {step.decision: step for step in r.luck}
    assert r.final is not None
    points = [d.chances for d in r.decisions] + [r.final]
    for k, d in enumerate(r.decisions):
        end = r.decisions[k + 1].position if k + 1 < len(r.decisions) else r.upto
        chance = any(chance_in(game.state_at(q), game.move_at(q), game.state_at(q + 1))
                     for q in range(d.position, end))
        assert (k in by_decision) == chance
        if chance:
            step = by_decision[k]
            assert d.after is not None
            assert step.changes == pytest.approx(
                tuple(b - a for a, b in zip(d.after, points[k + 1], strict=True)))
    # every move played was searched, whoever played it (the luck is measured from it)
    assert all(d.after is not None for d in r.decisions)
    # the summary adds up each seat's swings
    for s in r.summaries:
        swings = [step for step in r.luck if s.seat in step.seats]
        assert s.luck_swings == len(swings)
        assert s.luck == pytest.approx(sum(step.changes[s.seat] for step in swings))
        assert bool(s.luck_text) == bool(swings)


def test_stretches_and_luck_travel_in_json() -> None:
    r = _dice_review()
    data = json.loads(json.dumps(r.to_json()))
    assert "luck" in data and "stretches" in data and data["judged"] is True
    assert Review.from_json(data).to_json() == r.to_json()
    # a review saved before them still reads
    old = {k: v for k, v in data.items() if k not in ("luck", "stretches", "judged",
                                                        "judge_note")}
    old["decisions"] = [{k: v for k, v in d.items() if k not in ("round", "kind")}
                        for d in data["decisions"]]
    old["summaries"] = [{k: v for k, v in s.items()
                         if k not in ("luck", "luck_swings", "luck_text")}
                        for s in data["summaries"]]
    back = Review.from_json(old)
    assert back.luck == () and back.stretches == () and back.judged
    assert back.decisions[0].kind == "" and back.decisions[0].round is None


def test_each_decision_knows_its_round_and_kind_in_words() -> None:
    game, r = _dice_game(), _dice_review()
    for d in r.decisions:
        state = game.state_at(d.position)
        assert d.round == state.round
        assert d.kind == dice_coach.decision_kind(state, game.move_at(d.position))
    kinds = {d.kind for d in r.decisions}
    assert "rerolling dice" in kinds and any(k.startswith("buying ") for k in kinds)


# ----------------------------------------------------------------- too small to judge
def test_a_budget_too_small_to_judge_says_so_and_does_not_judge() -> None:
    game = _dice_game()
    r = dice_coach.review(game, seats=[0], playouts=6)
    assert not r.judged and "too small to judge" in r.judge_note and "6 simulations" in \
        r.judge_note
    assert r.decisions and not r.marked() and not r.puzzles and not r.stretches
    assert not r.swings()
    me = r.summaries[0]
    assert me.accuracy is None and me.decided_text == "" and me.luck_text == ""
    text = str(r)
    assert r.judge_note in text and "accuracy" not in text
    assert Review.from_json(json.loads(json.dumps(r.to_json()))).judge_note == r.judge_note


def test_a_search_that_contradicts_itself_is_too_small_to_judge() -> None:
    # enough playouts, but the same position's chance moved by 30 points between the
    # move played at one decision and the next decision, with no chance in between
    decisions = [_decision(i, 1, 0.0, chances=(0.2, 0.8), after=(0.5, 0.5),
                           after_errors=(0.01, 0.01)) for i in range(9)]
    note = core_review.too_small(decisions, (), 120, TWO)
    assert "moved by 30 points" in note and "nothing is marked" in note
    steady = [_decision(i, 1, 0.0, after=(0.5, 0.5)) for i in range(9)]
    assert core_review.too_small(steady, (), 120, TWO) == ""


# ----------------------------------------------------------------- a pool of processes
def test_a_process_pool_gives_the_serial_review() -> None:
    game = _dice_game()
    with ProcessPoolExecutor(2, mp_context=get_context("spawn")) as pool:
        seen: list[tuple[int, int]] = []
        pooled = dice_coach.review(game, seats=[0], playouts=16, executor=pool,
                                   progress=lambda done, total: seen.append((done, total)))
    serial = _dice_review().to_json()
    assert {**pooled.to_json(), "seconds": 0} == {**serial, "seconds": 0}
    # once per decision, in order, as the serial review counts
    total = seen[0][1]
    assert seen == [(done, total) for done in range(total + 1)]
    assert total >= len(pooled.decisions) > 10


def test_the_app_reviews_on_a_pool_where_the_machine_has_the_cores(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(shell_review.PROCESSES_VARIABLE, "1")
    assert shell_review.review_processes() == 1
    assert shell_review.review_pool(500) is None
    monkeypatch.setenv(shell_review.PROCESSES_VARIABLE, "2")
    assert shell_review.review_processes() == 2
    assert shell_review.review_pool(shell_review.POOL_MOVES - 1) is None   # too short
    pool = shell_review.review_pool(500)
    assert isinstance(pool, ProcessPoolExecutor)
    assert shell_review.review_pool(500) is pool            # kept for the next review
    monkeypatch.delenv(shell_review.PROCESSES_VARIABLE)
    cores = len(os.sched_getaffinity(0))
    assert shell_review.review_processes() == max(1, min(shell_review.MOST_PROCESSES, cores))


def test_the_apps_adapters_review_on_the_pool(monkeypatch: pytest.MonkeyPatch) -> None:
    from nations_widget.widget.board.adapter import BoardAdapter
    from nations_widget.widget.dice import adapter as dice_adapter
    monkeypatch.setenv(shell_review.PROCESSES_VARIABLE, "2")
    seen: list[Any] = []

    def review(game: Any, **kw: Any) -> Any:
        seen.append(kw["executor"])
        return None
    monkeypatch.setattr(dice_adapter, "review_game", review)
    monkeypatch.setattr(board_coach, "review", review)
    game = _dice_game()
    dice_adapter.DiceAdapter().review(game, game.length, [0], None, None)
    BoardAdapter().review(game, 30, [0], None, None)
    dice_adapter.DiceAdapter().review(game, 3, [0], None, None)
    assert isinstance(seen[0], ProcessPoolExecutor) and seen[1] is seen[0]
    assert seen[2] is None                       # a few moves: here, one after another
