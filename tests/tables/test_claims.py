"""A bot runner's claim on a turn is short and renewed while its bot thinks: a runner whose
kernel died holds the table's bots up for a few seconds, never minutes, and a bot thinking
longer than a claim lasts keeps its turn (one search, one move stored)."""

from __future__ import annotations

import dataclasses
import threading
import time
from typing import Any

import pytest

from nations_widget.tables import Store, create_table, join_table
from nations_widget.tables import table as table_module


def test_a_claim_left_by_a_dead_runner_is_taken_over_within_seconds(store: Store) -> None:
    assert table_module.BOT_CLAIM_SECONDS <= 10
    assert table_module.BOT_CLAIM_RENEW_SECONDS * 2 < table_module.BOT_CLAIM_SECONDS
    links = create_table(store, "dice", players=2, seed=3, seats=["random", "random"])
    # a kernel claimed the first bot turn and died before it stored its move: nobody
    # renews its claim
    assert store.claim(links.table_id, 0, "a kernel that died", table_module.BOT_CLAIM_SECONDS)
    runner = join_table(store, links.spectator)
    played: list[int] = []
    thread = threading.Thread(target=lambda: played.append(runner.run_bots(limit=1)),
                              daemon=True)
    thread.start()
    thread.join(table_module.BOT_CLAIM_SECONDS + 10)
    assert played == [1], "the dead runner's claim still held the table's bots"
    assert store.head(links.table_id) == 1


class SlowBot:
    """Thinks ``seconds`` (a sleep: it holds no lock), then plays the first legal move."""

    def __init__(self, searches: list[str], seconds: float) -> None:
        self.searches = searches
        self.seconds = seconds

    def choose(self, state: Any) -> Any:
        self.searches.append(threading.current_thread().name)
        time.sleep(self.seconds)
        return state.legal_moves()[0]


def test_a_bot_thinking_longer_than_a_claim_keeps_its_turn(
        store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(table_module, "BOT_CLAIM_SECONDS", 0.4)
    monkeypatch.setattr(table_module, "BOT_CLAIM_RENEW_SECONDS", 0.1)
    links = create_table(store, "dice", players=2, seed=3, seats=["random", "random"])
    searches: list[str] = []
    runners = []
    for _ in range(2):
        handle = join_table(store, links.spectator)
        handle.table.kind = dataclasses.replace(
            handle.table.kind, make_bot=lambda name, seed: SlowBot(searches, 1.5))
        runners.append(handle)
    played: list[int] = []
    threads = [threading.Thread(target=lambda h=h: played.append(h.run_bots(limit=1)),
                                daemon=True, name=f"runner-{i}")
               for i, h in enumerate(runners)]
    threads[0].start()
    time.sleep(0.3)                  # the first runner holds the claim and thinks
    threads[1].start()
    threads[0].join(20)
    # the second runner, refused the first turn, plays the next one
    threads[1].join(20)
    assert sorted(played) == [1, 1]
    # the first turn was thought out once (a lapsed claim would have let the second
    # runner search it too while the first still thought), then the next one once
    assert searches == ["runner-0", "runner-1"]
    assert store.head(links.table_id) == 2
    assert join_table(store, links.spectator).number == 2     # the events replay
