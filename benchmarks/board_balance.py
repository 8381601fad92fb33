"""Balance of the board game's nation sides and difficulty levels under random play.

    python benchmarks/board_balance.py                 # 2, 3 and 4 players, the README table
    python benchmarks/board_balance.py --games 100     # a faster look

Each game gives every seat a random side (the A side or one of the five B sides, each B side
at most once, as in the box) and a random difficulty level, with all the cards
(``--decks`` to change).  Every decision is a uniformly random legal move.  The table gives,
per side and per level, how often a seat with it won, against the fair share (1/players), and
the share's z-score (how many standard errors it is from the fair share).  Sides or levels
more than 3 standard errors away are listed under the table.

Every game draws its setup and its moves from its own generator (seeded by the run's seed,
the player count and the game's number), so the games can run anywhere: ``--jobs N`` plays
them in N local processes, ``--dask ADDRESS`` on an existing Dask cluster (needs
``pip install "dask[distributed]"``); the table is the same either way.

Random play is a weak player: it passes, wastes gold and starves at random, so these rates
say how the rules and figures tilt a game between *unskilled* players (a chieftain's extra
growth bonus matters a lot more to them than to a good player), not how a good player would
fare with a side.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from collections import Counter
from concurrent.futures import Executor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from nations_widget.board import GameConfig, GameState, Pass
from nations_widget.board.bots import make_bot
from nations_widget.board.components import default_components
from nations_widget.board.constants import DIFFICULTIES
from nations_widget.core.bots.tournament import DaskMissingError, executor_for

SIDES = ("A", "china-b", "egypt-b", "greece-b", "persia-b", "rome-b")


def random_setup(players: int, rng: random.Random) -> tuple[tuple[str, ...], tuple[str, ...]]:
    b_sides = rng.sample(SIDES[1:], players)
    sides = tuple(side if rng.random() < 5 / 6 else "A" for side in b_sides)
    levels = tuple(rng.choice(DIFFICULTIES) for _ in range(players))
    return sides, levels


def play(config: GameConfig, rng: random.Random, busy: bool, bot: str = "") -> GameState:
    """A random game; ``busy``: a legal move other than passing 85% of the time (so the
    players buy, deploy and hire more; still no judgement); ``bot``: every seat played by
    that bot instead (each seat its own, seeded by the game's seed and the seat)."""
    state = GameState.new(config)
    if bot:
        bots = [make_bot(bot, seed=config.seed * 8 + seat) for seat in range(config.players)]
        while not state.is_terminal():
            state.apply(bots[state.current_player()].choose(state), log=False)
        return state
    while not state.is_terminal():
        legal = state.legal_moves()
        if busy and len(legal) > 1 and isinstance(legal[0], Pass) and rng.random() < 0.85:
            state.apply(legal[rng.randrange(1, len(legal))], log=False)
        else:
            state.apply(legal[rng.randrange(len(legal))], log=False)
    return state


#: One game's job: (players, run seed, game number, decks, busy, bot: '' for random play).
Job = tuple[int, int, int, str, bool, str]
#: One game's result: (sides, levels, final scores, winner).
Outcome = tuple[tuple[str, ...], tuple[str, ...], list[int], int]


def play_job(job: Job) -> Outcome:
    """Play one game of the run (module-level, so that it pickles for other processes)."""
    players, seed, g, decks, busy, bot = job
    rng = random.Random(f"{seed}/{players}/{g}")
    sides, levels = random_setup(players, rng)
    config = GameConfig(players=players, seed=seed * 100_000 + 1000 * players + g,
                        sides=sides, difficulty=levels, decks=decks)
    state = play(config, rng, busy, bot)
    winner = state.winner()
    assert winner is not None
    return sides, levels, state.scores(), winner


def outcomes(work: list[Job], executor: Executor | None) -> list[Outcome]:
    """Every job's outcome, in the jobs' order (on ``executor`` if given, else here)."""
    if executor is None:
        return [play_job(job) for job in work]
    return list(executor.map(play_job, work))


def table(rows: list[tuple[str, Counter[str], Counter[str]]], players: int, label: str,
          points: Counter[str]) -> tuple[list[str], list[str]]:
    fair = 1 / players
    lines = [f"| {label} | seats | wins | win rate | fair share | z | mean final VP |",
             "|---|---:|---:|---:|---:|---:|---:|"]
    far = []
    for name, seats, wins in rows:
        n, w = seats[name], wins[name]
        if not n:
            continue
        rate = w / n
        z = (rate - fair) / math.sqrt(fair * (1 - fair) / n)
        lines.append(f"| {name} | {n} | {w} | {rate:.1%} | {fair:.1%} | {z:+.1f} | "
                     f"{points[name] / n:.1f} |")
        if abs(z) > 3:
            far.append(f"{players} players: {label} {name} wins {rate:.1%} of its games "
                       f"(fair share {fair:.1%}, z {z:+.1f})")
    return lines, far


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=1000, help="games per player count")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--decks", default="all")
    parser.add_argument("--busy", action="store_true",
                        help="players that pass only 15%% of the time they could act")
    parser.add_argument("--bot", default="",
                        help="every seat played by this bot (e.g. heuristic) instead of "
                             "random moves: how the sides fare between skilled players")
    parser.add_argument("--jobs", type=int, default=1,
                        help="games played in parallel local processes (default 1)")
    parser.add_argument("--dask", metavar="ADDRESS",
                        help="play the games on this existing Dask cluster instead")
    args = parser.parse_args()
    try:
        with executor_for(args.jobs, args.dask) as executor:
            print(report(args.games, args.seed, args.decks, args.busy, executor,
                         bot=args.bot))
    except DaskMissingError as exc:
        parser.error(str(exc))


def report(games: int, seed: int, decks: str, busy: bool,
           executor: Executor | None = None, bot: str = "") -> str:
    """The balance report (Markdown) of ``games`` games per player count."""
    default_components()
    player = f"The `{bot}` bot at every seat" if bot else \
        "Busy random play" if busy else "Random play"
    out = [f"{player}, {games} games per player "
           f"count, decks `{decks}`, "
           "random sides (A or a B side) and random difficulty levels per seat.", ""]
    flagged: list[str] = []
    start = time.perf_counter()
    for players in (2, 3, 4):
        side_seats: Counter[str] = Counter()
        side_wins: Counter[str] = Counter()
        level_seats: Counter[str] = Counter()
        level_wins: Counter[str] = Counter()
        side_points: Counter[str] = Counter()
        level_points: Counter[str] = Counter()
        work = [(players, seed, g, decks, busy, bot) for g in range(games)]
        for sides, levels, scores, winner in outcomes(work, executor):
            for seat in range(players):
                side_seats[sides[seat]] += 1
                level_seats[levels[seat]] += 1
                side_points[sides[seat]] += scores[seat]
                level_points[levels[seat]] += scores[seat]
            side_wins[sides[winner]] += 1
            level_wins[levels[winner]] += 1
        out.append(f"### {players} players")
        out.append("")
        lines, far = table([(s, side_seats, side_wins) for s in SIDES], players, "side",
                           side_points)
        out += [*lines, ""]
        flagged += far
        lines, far = table([(d, level_seats, level_wins) for d in DIFFICULTIES], players,
                           "difficulty", level_points)
        out += [*lines, ""]
        flagged += far
    out.append("Far from the fair share (more than 3 standard errors): "
               + ("; ".join(flagged) if flagged else "none") + ".")
    out.append("")
    out.append(f"({time.perf_counter() - start:.0f} s.)")
    return "\n".join(out)


if __name__ == "__main__":
    main()
