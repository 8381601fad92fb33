"""Command line: ``python -m nations_widget.dice COMMAND``.

``simulate`` plays random legal games, checking the engine's invariants after every move,
and prints each game's scores and a summary.  It exits with status 1 if any invariant
breaks, so it doubles as a smoke test of the rules.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Sequence

from .machine import GameState
from .serialization import check_invariants
from .state import GameConfig


def simulate(players: int, games: int, seed: int, variant: str = "original",
             automate: bool = True, thorough: bool = False, out: object = None,
             unrest: bool = False) -> int:
    """Play ``games`` random games (with the Unrest expansion if ``unrest``); return the
    number of games that broke an invariant."""
    stream = out if out is not None else sys.stdout
    broken = 0
    wins = [0] * players
    all_scores: list[list[int]] = []
    steps_total = 0
    start = time.perf_counter()
    for g in range(games):
        game_seed = seed + g
        config = GameConfig(players, game_seed, variant, automate,  # type: ignore[arg-type]
                            unrest=unrest)
        state = GameState.new(config)
        chooser = random.Random(game_seed)
        steps = 0
        problem = ""
        while not state.is_terminal() and not problem:
            moves = state.legal_moves()
            if not moves:
                problem = f"no legal move in step {state.step}"
                break
            state.apply(chooser.choice(moves))
            steps += 1
            problems = check_invariants(state)
            if thorough and not problems:
                again = GameState.from_json(json.loads(state.to_json_str()))
                if again != state:
                    problems = ["JSON round trip changed the state"]
            if problems:
                problem = "; ".join(problems)
            if steps > 10_000:
                problem = "the game did not end"
        steps_total += steps
        if problem:
            broken += 1
            print(f"game {g + 1} (seed {game_seed}): BROKEN after {steps} moves: {problem}",
                  file=stream)  # type: ignore[arg-type]
            continue
        scores = state.scores()
        all_scores.append(scores)
        winner = state.winner()
        assert winner is not None
        wins[winner] += 1
        print(f"game {g + 1} (seed {game_seed}): scores {scores}, winner seat {winner}, "
              f"{steps} moves", file=stream)  # type: ignore[arg-type]
    elapsed = time.perf_counter() - start
    print(f"\n{games} games, {players} players, variant {variant}"
          f"{', Unrest expansion' if unrest else ''}, automation "
          f"{'on' if automate else 'off'}: {broken} broken", file=stream)  # type: ignore[arg-type]
    if all_scores:
        flat = [s for scores in all_scores for s in scores]
        print(f"mean score {statistics.mean(flat):.1f}, best {max(flat)}, "
              f"wins by seat {wins}, {steps_total / games:.0f} moves per game, "
              f"{games / elapsed:.0f} games/s", file=stream)  # type: ignore[arg-type]
    return broken


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m nations_widget.dice",
                                     description="Nations: The Dice Game engine tools.")
    sub = parser.add_subparsers(dest="command", required=True)
    sim = sub.add_parser("simulate", help="play random legal games and check the rules engine")
    sim.add_argument("--players", type=int, default=2, choices=(1, 2, 3, 4))
    sim.add_argument("--games", type=int, default=10)
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument("--variant", choices=("original", "accelerated"), default="original")
    sim.add_argument("--no-automate", action="store_true",
                     help="ask players every book, famine and war decision")
    sim.add_argument("--unrest", action="store_true",
                     help="play with the Unrest expansion (its components are a reconstruction)")
    sim.add_argument("--thorough", action="store_true",
                     help="also check a JSON round trip after every move (slower)")
    try:
        from .bots.tournament import add_balance_parser, add_tournament_parser
    except ImportError:  # the bots are optional for the engine's own tools
        pass
    else:
        add_tournament_parser(sub)
        add_balance_parser(sub)
    args = parser.parse_args(argv)
    if args.command == "simulate":
        broken = simulate(args.players, args.games, args.seed, args.variant,
                          not args.no_automate, args.thorough, unrest=args.unrest)
        return 1 if broken else 0
    return int(args.run(args))


if __name__ == "__main__":
    sys.exit(main())
