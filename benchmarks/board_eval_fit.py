"""Fit the board game's evaluation weights from self-play outcomes, and check them.

    PYTHONPATH=. python benchmarks/board_eval_fit.py               # the fit in evaluation.py
    PYTHONPATH=. python benchmarks/board_eval_fit.py --games 60    # a fast look

The evaluation (:mod:`nations_widget.board.bots.evaluation`) values a position as the VP a
nation holds plus ten terms estimating what the rest of the game adds (production and
stock, shortfalls, the books ahead, strength, stability, revolt, the war in play, idle
workers, the wonder under construction, a constant).  This script plays games of 2, 3 and
4 players in which each seat is the heuristic bot (three seats in four) or its noisy
"easy" level, records every seat's terms at the start of every round (where the tree
search's playouts stop and are evaluated) and fits, by phase (early: 6 or more
productions left, middle: 3-5, late: 0-2), the weights that best predict the VP still to
come: least squares on (final score - VP held), with a small ridge pull towards the
hand-set weights (1.0, constant 0) so that a rarely met term (revolt, war) keeps its
hand-set size.

Every fifth game is held out; the report compares the hand-set and fitted weights on
them: the error of the predicted final score and how often the nation predicted to lead
wins the game.  It prints the weights to paste into ``FITTED_WEIGHTS``.  Deterministic
(seeded games, seeded bots; the games are played with the hand-set weights, so the
fit does not depend on the weights in the module), single process.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from nations_widget.board import GameConfig, GameState
from nations_widget.board.bots import HeuristicBot, evaluation
from nations_widget.board.bots.evaluation import (
    HAND_WEIGHTS,
    TERMS,
    phase_of,
    productions_left,
    seat_terms,
)

PHASES = ("early", "middle", "late")

#: one row per seat per round start: (game, phase, VP held, terms, final score)
Row = tuple[int, str, float, list[float], int]


def play(game: int, players: int, seed: int) -> tuple[list[Row], list[int]]:
    """One self-play game: its rows and the final scores."""
    rng = random.Random(seed)
    bots = [HeuristicBot(seed * 10 + x, "normal" if rng.random() < 0.75 else "easy")
            for x in range(players)]
    s = GameState.new(GameConfig(players=players, seed=seed))
    seen_round = 0
    pending: list[tuple[int, str, float, list[float]]] = []
    while not s.is_terminal():
        if s.round != seen_round:
            seen_round = s.round
            phase = phase_of(productions_left(s))
            for x in range(players):
                now, terms = seat_terms(s, x)
                pending.append((x, phase, now, terms))
        seat = s.current_player()
        assert seat is not None
        s.apply(bots[seat].choose(s), log=False)
    scores = s.scores()
    return [(game, phase, now, terms, scores[x]) for x, phase, now, terms in pending], scores


def solve(a: list[list[float]], b: list[float]) -> list[float]:
    """``a x = b`` by Gaussian elimination with partial pivoting (a small system)."""
    n = len(b)
    m = [[*row, b[i]] for i, row in enumerate(a)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[pivot] = m[pivot], m[col]
        for r in range(col + 1, n):
            f = m[r][col] / m[col][col]
            for c in range(col, n + 1):
                m[r][c] -= f * m[col][c]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (m[r][n] - sum(m[r][c] * x[c] for c in range(r + 1, n))) / m[r][r]
    return x


def fit(rows: list[Row], ridge: float) -> tuple[float, ...]:
    """Ridge least squares of (final - held) on the terms, pulled towards the hand weights
    (the normal equations; ``ridge`` per 100 rows), with every weight but the constant
    kept at 0 or above: each term is signed as it should count (a shortfall is negative),
    and a negative weight would be a correlation (nations that starve early are the ones
    that grew) turned into a wrong incentive for the search.  The most negative weight is
    fixed at 0 and the rest fitted again, until none is negative."""
    k = len(TERMS)
    free = list(range(k))
    while True:
        a = [[0.0] * len(free) for _ in free]
        b = [0.0] * len(free)
        for _, _, now, terms, final in rows:
            y = final - now
            for i, ti in enumerate(free):
                b[i] += terms[ti] * y
                for j, tj in enumerate(free):
                    a[i][j] += terms[ti] * terms[tj]
        pull = ridge * len(rows) / 100.0
        for i, ti in enumerate(free):
            a[i][i] += pull
            b[i] += pull * HAND_WEIGHTS[ti]
        x = solve(a, b)
        weights = [0.0] * k
        for i, ti in enumerate(free):
            weights[ti] = x[i]
        negative = [ti for ti in free if weights[ti] < 0 and TERMS[ti] != "constant"]
        if not negative:
            return tuple(weights)
        free.remove(min(negative, key=lambda ti: weights[ti]))


def check(rows: list[Row], weights: dict[str, tuple[float, ...]],
          winners: dict[int, set[int]], players_of: dict[int, int]
          ) -> tuple[float, float, int]:
    """(RMSE of the predicted final score, share of round starts whose predicted leader
    wins the game, positions judged)."""
    err: list[float] = []
    for _, phase, now, terms, final in rows:
        pred = now + sum(w * t for w, t in zip(weights[phase], terms, strict=True))
        err.append((pred - final) ** 2)
    # the rows of one round start are consecutive, one per seat
    right = total = 0
    i = 0
    while i < len(rows):
        game = rows[i][0]
        n = players_of[game]
        preds = [rows[i + x][2] + sum(w * t for w, t in zip(
            weights[rows[i + x][1]], rows[i + x][3], strict=True)) for x in range(n)]
        leader = max(range(n), key=lambda x: preds[x])
        right += leader in winners[game]
        total += 1
        i += n
    return math.sqrt(sum(err) / len(err)), right / max(1, total), total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=150, help="games per player count")
    parser.add_argument("--seed", type=int, default=20_000)
    parser.add_argument("--ridge", type=float, default=1.0)
    args = parser.parse_args()
    # the games are played with the hand-set evaluation (the heuristic's decisions use it),
    # the one the fit started from: the fit is the same whatever weights the module has now
    evaluation.FITTED_WEIGHTS.update({phase: HAND_WEIGHTS for phase in PHASES})
    start = time.perf_counter()
    train: list[Row] = []
    test: list[Row] = []
    winners: dict[int, set[int]] = {}
    players_of: dict[int, int] = {}
    game = 0
    for players in (2, 3, 4):
        for g in range(args.games):
            seed = args.seed + 1000 * players + g
            rows, scores = play(game, players, seed)
            best = max(scores)
            winners[game] = {x for x in range(players) if scores[x] == best}
            players_of[game] = players
            (test if g % 5 == 4 else train).extend(rows)
            game += 1
        print(f"{players} players: {args.games} games ({time.perf_counter() - start:.0f} s)",
              flush=True)
    fitted = {ph: fit([r for r in train if r[1] == ph], args.ridge) for ph in PHASES}
    hand = {ph: HAND_WEIGHTS for ph in PHASES}
    print(f"\n{len(train)} training rows, {len(test)} held-out rows "
          f"({game} games, every fifth held out)")
    for label, w in (("hand-set", hand), ("fitted", fitted)):
        rmse, right, n = check(test, w, winners, players_of)
        print(f"{label:>9}: held-out RMSE of the final score {rmse:.2f} VP; the predicted "
              f"leader wins {right:.1%} of {n} round starts")
    print("\n" + " " * 4 + "# " + ", ".join(TERMS))
    for ph in PHASES:
        print(f'    "{ph}": (' + ", ".join(f"{w:.3f}" for w in fitted[ph]) + "),")
    print(f"\n({time.perf_counter() - start:.0f} s)")


if __name__ == "__main__":
    main()
