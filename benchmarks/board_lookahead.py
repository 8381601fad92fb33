"""The board game's ``heuristic``, which plays its best actions out to the round's end,
against the same bot choosing its actions by the quick rules alone (``width`` 0, as it
played before 2026-11-29), or against another bot of the menu, in 2-player games.

    .venv/bin/python benchmarks/board_lookahead.py 100 1000             # against width 0
    .venv/bin/python benchmarks/board_lookahead.py 20 2000 --against mcts-easy
    .venv/bin/python benchmarks/board_lookahead.py 100 1000 --width 3

Arguments: the games, the first seed.  Seats alternate (game ``g``: the look-ahead sits in
seat ``g % 2``); each line is one game, with the look-ahead's running wins (a tie counts
half) and its 95% Wilson interval; the last line gives its think time per action turn.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from nations_widget.board import GameConfig, GameState
from nations_widget.board.bots import HeuristicBot, make_bot
from nations_widget.board.bots.heuristic import LOOKAHEAD_WIDTH
from nations_widget.core.bots.tournament import wilson


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", type=int)
    parser.add_argument("first_seed", type=int)
    parser.add_argument("--width", type=int, default=LOOKAHEAD_WIDTH,
                        help=f"the look-ahead's actions (default {LOOKAHEAD_WIDTH})")
    parser.add_argument("--against", default="quick",
                        help="'quick' (the heuristic with width 0) or a bot of the menu")
    args = parser.parse_args(argv)
    wins = 0.0
    margins: list[int] = []
    think: list[float] = []
    for g in range(args.games):
        seed = args.first_seed + g
        state = GameState.new(GameConfig(players=2, seed=seed))
        me = g % 2
        other: Any = (HeuristicBot(seed * 10 + 1 - me, width=0) if args.against == "quick"
                      else make_bot(args.against, seed * 10 + 1 - me))
        bots: list[Any] = [other, other]
        bots[me] = HeuristicBot(seed * 10 + me, width=args.width)
        while not state.is_terminal():
            seat = state.current_player()
            assert seat is not None
            start = time.perf_counter()
            move = bots[seat].choose(state)
            if seat == me and state.step == "actions" and not state.queue:
                think.append(time.perf_counter() - start)
            state.apply(move, log=False)
        scores = state.scores()
        wins += 1.0 if scores[me] > scores[1 - me] else 0.5 if scores[me] == scores[1 - me] \
            else 0.0
        margins.append(scores[me] - scores[1 - me])
        low, high = wilson(round(wins), g + 1)
        print(f"game {g} seed {seed}: scores {scores} (look-ahead: seat {me}); its wins "
              f"{wins:g}/{g + 1} [{100 * low:.1f}, {100 * high:.1f}]%", flush=True)
    print(f"look-ahead (width {args.width}) against {args.against}: {wins:g} of "
          f"{args.games} games, mean margin {statistics.mean(margins):+.1f} VP; think time "
          f"per action turn {1000 * statistics.median(think):.1f} ms median, "
          f"{1000 * max(think):.0f} ms at most")


if __name__ == "__main__":
    main()
