"""Keeping every game (a hot-seat game, a game against bots): what the store's write costs
per move, and whether a widget's move takes longer with keeping on.

    .venv/bin/python benchmarks/kept.py                     # SQLite and PostgreSQL
    .venv/bin/python benchmarks/kept.py --stores sqlite --moves 200

- *write per move*: ``KeptGame.changes`` and ``KeptGame.write`` for one move of a 2-player
  dice game (the events worked out from the game's line, then one compare-and-swap
  transaction committed to disk: SQLite ``synchronous=FULL``, PostgreSQL with ``fsync`` on),
  median and 95th percentile; this runs in the widget's writer thread, after the board's
  update is sent;
- *widget move*: ``handle_intent({"kind": "move"})`` of a hot-seat dice widget (the
  kernel's whole handling of a page's move: the engine, the payloads, the update), keeping
  off and on, the two widgets' moves interleaved so that both see the same machine; the
  writer thread runs meanwhile, as it does in a kernel.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from benchmarks.store import opened  # noqa: E402
from nations_widget.dice import Game as DiceGame  # noqa: E402
from nations_widget.tables import Store  # noqa: E402
from nations_widget.tables.kept import KeptGame, written  # noqa: E402
from nations_widget.widget import NationsWidget  # noqa: E402


def _p95(values: list[float]) -> float:
    return sorted(values)[max(0, int(len(values) * 0.95) - 1)]


def write_per_move(store: Store, moves: int) -> list[float]:
    """Seconds per kept move (the events worked out and stored)."""
    took: list[float] = []
    seed = 1
    while len(took) < moves:
        game = DiceGame(players=2, seed=seed)
        seed += 1
        game.play(game.legal_moves()[0])
        kept = KeptGame.new(store, game, [None, None])
        kept.write(kept.changes(game, [None, None]))
        while game.current_player is not None and len(took) < moves:
            game.play(game.legal_moves()[-1])
            start = time.perf_counter()
            assert kept.write(kept.changes(game, [None, None])), kept.failed
            took.append(time.perf_counter() - start)
    return took


def widget_moves(store: Store, moves: int) -> tuple[list[float], list[float]]:
    """Seconds per page move of a hot-seat widget, keeping off and on (interleaved)."""
    off: list[float] = []
    on: list[float] = []
    seed = 1
    while len(on) < moves:
        pair = (NationsWidget(players=2, seats=["human", "human"], seed=seed, bot_delay=0),
                NationsWidget(players=2, seats=["human", "human"], seed=seed, bot_delay=0,
                              keep=store))
        seed += 1
        while all(w.game.current_player is not None for w in pair) and len(on) < moves:
            for widget, into in zip(pair, (off, on), strict=True):
                move = widget.legal[-1]["move"]
                start = time.perf_counter()
                widget.handle_intent({"kind": "move", "move": move,
                                      "position": widget.game.position})
                into.append(time.perf_counter() - start)
                assert widget.error == "", widget.error
        written()
    return off, on


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--stores", default="sqlite,postgres")
    parser.add_argument("--moves", type=int, default=300)
    args = parser.parse_args()
    for kind in args.stores.split(","):
        with opened(kind) as store:
            writes = write_per_move(store, args.moves)
            off, on = widget_moves(store, args.moves)
        ms = 1000
        print(f"{kind}: write per move median {statistics.median(writes) * ms:.2f} ms, "
              f"p95 {_p95(writes) * ms:.2f} ms ({len(writes)} moves)")
        print(f"{kind}: widget move, keeping off: median {statistics.median(off) * ms:.2f} ms, "
              f"p95 {_p95(off) * ms:.2f} ms; on: median {statistics.median(on) * ms:.2f} ms, "
              f"p95 {_p95(on) * ms:.2f} ms; ratio of medians "
              f"{statistics.median(on) / statistics.median(off):.2f}")


if __name__ == "__main__":
    main()
