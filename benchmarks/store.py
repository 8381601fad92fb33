"""The tables' store, SQLite against PostgreSQL: committed moves per second and the time to
resume a 300-move game.

    .venv/bin/python benchmarks/store.py                   # both stores
    .venv/bin/python benchmarks/store.py --stores sqlite --moves 200

- *raw appends/s*: ``Store.append`` alone (one compare-and-swap transaction each, committed
  to disk: SQLite ``synchronous=FULL``, PostgreSQL with ``fsync`` on), one writer;
- *moves/s*: ``TableSeat.play`` of 2-player board games (random moves, whole games of
  about 100 moves), each move checked by the engine, stored on
  top of the number its screen saw, and read back (what a player's move costs end to end);
  one writer, then 4 threads (each its own connection) playing 4 tables at once;
- *resume*: ``join_table`` of a stored 300-move board game (4 ``heuristic-easy`` bots
  playing through the table; its record and events read and replayed through the engine),
  median of 7; and the engine's replay alone.

PostgreSQL runs in a throwaway server (``nations_widget.tables.throwaway``) on a Unix
socket, with fsync on; it needs Debian's postgresql (``scripts/setup.sh`` installs it when
the tests need it).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from nations_widget.board import Game as BoardGame  # noqa: E402
from nations_widget.tables import Store, TableSeat, create_table, join_table  # noqa: E402
from nations_widget.tables.sqlite_store import SQLiteStore  # noqa: E402
from nations_widget.tables.store import TableRow  # noqa: E402


@contextmanager
def opened(kind: str) -> Iterator[Store]:
    if kind == "sqlite":
        with tempfile.TemporaryDirectory() as folder:
            store: Store = SQLiteStore(Path(folder) / "tables.sqlite3")
            try:
                yield store
            finally:
                store.close()
    else:
        from nations_widget.tables.postgres_store import PostgresStore
        from nations_widget.tables.throwaway import throwaway_postgres
        with throwaway_postgres(fsync=True) as url:
            store = PostgresStore(url)
            try:
                yield store
            finally:
                store.close()


def raw_appends(store: Store, count: int) -> float:
    store.create_table(TableRow("raw", "{}", 0, 0.0, 0.0), [])
    start = time.perf_counter()
    for seen in range(count):
        assert store.append("raw", seen, '{"kind":"move","seat":0,"move":{"type":"pass"}}')
    return count / (time.perf_counter() - start)


def play_moves(store: Store, count: int, seed: int) -> tuple[float, int]:
    """Moves per second through the table API, and the number of moves played."""
    links = create_table(store, "board", players=2, seed=seed)
    seats = [join_table(store, t) for t in links.seats]
    rng = random.Random(seed)
    played, spent = 0, 0.0
    while played < count and not seats[0].game.is_over:
        to_play = seats[0].game.current_player
        assert to_play is not None
        mover: TableSeat = seats[to_play]
        mover.refresh()
        move = rng.choice(mover.legal_moves())
        start = time.perf_counter()
        mover.play(move)
        spent += time.perf_counter() - start
        seats[1 - to_play].refresh()
        seats[to_play].refresh()
        played += 1
    return played / spent, played


def parallel_moves(store: Store, count: int, writers: int = 4) -> float:
    totals = [0] * writers

    def run(i: int) -> None:
        totals[i] = play_moves(store, count, 100 + i)[1]

    threads = [threading.Thread(target=run, args=(i,)) for i in range(writers)]
    start = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return sum(totals) / (time.perf_counter() - start)


def resume(store: Store, moves: int, repeats: int) -> tuple[float, float, int]:
    """Median seconds to open a stored game of ``moves`` moves, and the engine's replay."""
    links = create_table(store, "board", seats=["heuristic-easy"] * 4, players=4, seed=5)
    seats = [join_table(store, links.seats[0])]
    seats[0].run_bots(limit=moves)          # the bots play it, through the table
    length = seats[0].number
    opening, replay = [], []
    for _ in range(repeats):
        start = time.perf_counter()
        seat = join_table(store, links.seats[0])
        opening.append(time.perf_counter() - start)
        assert seat.number == length
        config, played = seat.game.config, seat.game.moves
        start = time.perf_counter()
        BoardGame.replay(config, played)
        replay.append(time.perf_counter() - start)
    return statistics.median(opening), statistics.median(replay), length


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--stores", default="sqlite,postgres")
    parser.add_argument("--moves", type=int, default=300, help="moves per measured game")
    parser.add_argument("--appends", type=int, default=500)
    parser.add_argument("--repeats", type=int, default=7)
    args = parser.parse_args()
    print(f"load average before: {os.getloadavg()[0]:.2f}")
    print("| store | raw appends/s | moves/s, 1 writer | moves/s, 4 writers "
          f"| resume a {args.moves}-move game | the engine's replay alone |")
    print("|---|---|---|---|---|---|")
    for kind in args.stores.split(","):
        with opened(kind) as store:
            appends = raw_appends(store, args.appends)
            single, _ = play_moves(store, args.moves, 1)
            four = parallel_moves(store, args.moves // 2)
            opening, replay, length = resume(store, args.moves, args.repeats)
        print(f"| {kind} | {appends:,.0f} | {single:,.0f} | {four:,.0f} | "
              f"{opening * 1000:.0f} ms ({length} moves) | {replay * 1000:.0f} ms |")
    print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
