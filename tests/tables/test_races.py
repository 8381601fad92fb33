"""Concurrency is settled in the store: many screens (threads, and processes with their own
connections) sending a move on the same number store exactly one, the others are refused in
words; many bot runners on one table store each bot move exactly once."""

from __future__ import annotations

import multiprocessing
import threading
from collections.abc import Callable
from functools import partial
from typing import Any

from nations_widget.dice import Game as DiceGame
from nations_widget.tables import StaleMoveError, Store, create_table, join_table, open_store
from nations_widget.tables.table import _bot_seed

from .conftest import store_location

WRITERS = 8



def _unsalted(saved: dict[str, Any]) -> dict[str, Any]:
    """A save without its fair-dice salt (a game replayed apart draws a salt of its own)."""
    return {k: v for k, v in saved.items() if k != "salt"}

def _race(store: Store, token: str, seen: int, choice: int, barrier: threading.Barrier,
          results: list[str]) -> None:
    handle = join_table(store, token)
    handle.refresh()
    moves = handle.legal_moves()
    barrier.wait()
    try:
        handle.play(moves[choice % len(moves)], seen=seen)
        results.append("stored")
    except StaleMoveError as exc:
        results.append(str(exc))


def test_many_screens_of_one_seat_racing_store_one_move(store: Store) -> None:
    links = create_table(store, "dice", players=2, seed=6)
    to_play = join_table(store, links.seats[0]).game.current_player
    assert to_play is not None
    for seen in range(3):                                    # three rounds of racing
        barrier = threading.Barrier(WRITERS)
        results: list[str] = []
        threads = [threading.Thread(target=_race, args=(store, links.seats[to_play], seen, i,
                                                        barrier, results))
                   for i in range(WRITERS)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert results.count("stored") == 1
        assert sorted(set(results) - {"stored"}) == ["You (from another screen) moved first"]
        assert store.head(links.table_id) == seen + 1
        to_play = join_table(store, links.spectator).game.current_player
        assert to_play is not None
    # the stored game is one the rules reach: replayed by a plain game, it matches
    table = join_table(store, links.spectator)
    assert _unsalted(DiceGame.replay(table.game.config, table.game.moves).to_json()) == _unsalted(
        table.game.to_json())


def _process_writer(location: str, token: str, seen: int, choice: int, start: float,
                    out: multiprocessing.Queue) -> None:  # type: ignore[type-arg]
    import time
    store = open_store(location)
    try:
        handle = join_table(store, token)
        moves = handle.legal_moves()
        time.sleep(max(0.0, start - time.time()))
        try:
            handle.play(moves[choice % len(moves)], seen=seen)
            out.put("stored")
        except StaleMoveError as exc:
            out.put(str(exc))
    finally:
        store.close()


def test_processes_racing_on_one_number_store_one_move(store: Store) -> None:
    import time
    links = create_table(store, "board", players=2, seed=3)
    to_play = join_table(store, links.seats[0]).game.current_player
    assert to_play is not None
    context = multiprocessing.get_context("fork")
    out = context.Queue()
    start = time.time() + 1.5
    workers = [context.Process(target=_process_writer,
                               args=(store_location(store), links.seats[to_play], 0, i, start,
                                     out))
               for i in range(4)]
    for w in workers:
        w.start()
    for w in workers:
        w.join(60)
    results = [out.get(timeout=5) for _ in workers]
    assert results.count("stored") == 1, results
    assert set(results) - {"stored"} == {"You (from another screen) moved first"}
    assert store.head(links.table_id) == 1


def _attempt(action: Callable[[], object], label: str, barrier: threading.Barrier,
             results: list[str]) -> None:
    barrier.wait()
    try:
        action()
        results.append(label)
    except StaleMoveError as exc:
        results.append(str(exc))


def test_a_move_and_a_hand_over_racing_store_one(store: Store) -> None:
    for attempt in range(4):
        links = create_table(store, "dice", players=2, seed=30 + attempt)
        to_play = join_table(store, links.spectator).game.current_player
        assert to_play is not None
        player, host = join_table(store, links.seats[to_play]), join_table(store, links.host)
        move = player.legal_moves()[0]
        barrier = threading.Barrier(2)
        results: list[str] = []
        threads = [
            threading.Thread(target=_attempt, args=(
                partial(player.play, move, seen=0), "moved", barrier, results)),
            threading.Thread(target=_attempt, args=(
                partial(host.hand_to_bot, "random", seat=to_play, seen=0), "handed",
                barrier, results))]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        who = f"Player {to_play + 1}"
        assert sorted(results) in (
            sorted(["moved", f"{who} moved first"]),
            sorted(["handed", f"{who}'s seat was handed to a bot first"]))
        assert store.head(links.table_id) == 1


def test_many_bot_runners_play_each_bot_move_once(make_store: Callable[[], Store]) -> None:
    first = make_store()
    links = create_table(first, "dice", seats=["random", "heuristic", "random"], players=3,
                         seed=12)
    runners = 4
    played = [0] * runners
    stores = [make_store() for _ in range(runners)]    # each runner its own kernel

    def run(i: int) -> None:
        played[i] = join_table(stores[i], links.spectator).run_bots(owner=f"runner-{i}")

    threads = [threading.Thread(target=run, args=(i,)) for i in range(runners)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    table = join_table(first, links.spectator)
    assert table.game.is_over
    assert sum(played) == table.number == table.game.position
    # each stored move is its seat's bot's own choice at that position, stored once
    for position, move in enumerate(table.game.moves):
        state = table.game.state_at(position)
        seat = state.current_player()
        name = table.table.bots[seat]
        bot = table.table.kind.make_bot(name, _bot_seed(links.table_id, seat))
        assert bot.choose(state) == move
