"""Decision CPU times of the board game's bots (``time.process_time``: this process only, so
a shared machine's load counts little), on every fourth position with a choice from two
games of the heuristic (2 players, or ``--players N``): median, 90th percentile and max.

    PYTHONPATH=. python benchmarks/board_bots_timing.py [--players N] [bot ...]
"""

from __future__ import annotations

import statistics
import sys
import time

from nations_widget.board import GameConfig, GameState
from nations_widget.board.bots import BOT_NAMES, make_bot
from nations_widget.board.bots.heuristic import HeuristicBot


def positions(players: int = 2) -> list[GameState]:
    found = []
    for seed in (11, 12):
        s = GameState.new(GameConfig(players=players, seed=seed))
        bots = [HeuristicBot(1 + x) for x in range(players)]
        while not s.is_terminal():
            if len(s.legal_moves()) > 1:
                found.append(s.clone())
            seat = s.current_player()
            assert seat is not None
            s.apply(bots[seat].choose(s), log=False)
    return found[::4]


def main(names: list[str]) -> None:
    players = 2
    if names[:1] == ["--players"]:
        players, names = int(names[1]), names[2:]
    pos = positions(players)
    print(f"{len(pos)} positions ({players} players)", flush=True)
    for name in names or BOT_NAMES:
        bot = make_bot(name, 1)
        times = []
        for p in pos:
            start = time.process_time()
            bot.choose(p)
            times.append(time.process_time() - start)
        times.sort()
        print(f"{name}: median {1000 * statistics.median(times):.1f} ms, "
              f"p90 {1000 * times[int(0.9 * len(times))]:.1f} ms, "
              f"max {1000 * times[-1]:.1f} ms", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
