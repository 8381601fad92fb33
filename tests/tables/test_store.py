"""The Store protocol itself, on both stores: rows in and out, the compare-and-swap of
events, claims, links, waiting, and the refusal of a database of another layout."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

import pytest

from nations_widget.tables import Store, StoreError
from nations_widget.tables.store import LinkRow, TableRow

from .conftest import raw_sql


def _table(store: Store, table_id: str = "t1") -> None:
    store.create_table(TableRow(table_id, '{"x": 1}', 0, 1.0, 1.0),
                       [LinkRow("d" * 64, table_id, "seat", 0, 1.0),
                        LinkRow("e" * 64, table_id, "spectator", None, 1.0)])


def test_a_table_and_its_links_come_back_as_stored(store: Store) -> None:
    _table(store)
    row = store.load_table("t1")
    assert row is not None and (row.id, row.record, row.head) == ("t1", '{"x": 1}', 0)
    assert store.load_table("nope") is None
    link = store.find_link("d" * 64)
    assert link == LinkRow("d" * 64, "t1", "seat", 0, 1.0, None)
    assert store.find_link("f" * 64) is None
    assert [t.id for t in store.list_tables()] == ["t1"]


def test_events_are_written_only_on_top_of_the_number_seen(store: Store) -> None:
    _table(store)
    assert store.append("t1", 0, "a")
    assert not store.append("t1", 0, "b")          # someone wrote event 1 first
    assert not store.append("t1", 5, "c")          # a number the table is not at
    assert store.append("t1", 1, "d")
    assert [(e.number, e.record) for e in store.events("t1")] == [(1, "a"), (2, "d")]
    assert [e.number for e in store.events("t1", after=1)] == [2]
    assert store.head("t1") == 2 and store.head("nope") is None
    assert not store.append("nope", 0, "x")


def test_many_threads_appending_make_one_unbroken_numbered_log(store: Store) -> None:
    _table(store)
    writers, each = 6, 15
    refused = [0] * writers

    def write(w: int) -> None:
        for i in range(each):
            while True:
                head = store.head("t1")
                assert head is not None
                if store.append("t1", head, f"{w}:{i}"):
                    break
                refused[w] += 1

    threads = [threading.Thread(target=write, args=(w,)) for w in range(writers)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    events = store.events("t1")
    assert [e.number for e in events] == list(range(1, writers * each + 1))
    assert sorted(e.record for e in events) == sorted(
        f"{w}:{i}" for w in range(writers) for i in range(each))
    # each writer's own events in its order: nothing written twice, nothing reordered
    for w in range(writers):
        mine = [int(e.record.split(":")[1]) for e in events if e.record.startswith(f"{w}:")]
        assert mine == list(range(each))


def test_a_claim_is_held_by_one_runner_until_it_lapses_or_the_table_moves(store: Store) -> None:
    _table(store)
    assert store.claim("t1", 0, "a", 60)
    assert not store.claim("t1", 0, "b", 60)
    assert store.claim("t1", 0, "a", 60)           # its own claim, renewed
    assert not store.claim("t1", 3, "b", 60)       # the table is not at 3
    assert store.append("t1", 0, "x")
    assert store.claim("t1", 1, "b", 0.0)          # a new number frees the claim
    time.sleep(0.01)
    assert store.claim("t1", 1, "c", 60)           # b's claim lapsed


def test_a_new_link_revokes_the_old_one_of_the_same_seat_only(store: Store) -> None:
    _table(store)
    store.replace_link(LinkRow("1" * 64, "t1", "seat", 0, 2.0))
    old, new = store.find_link("d" * 64), store.find_link("1" * 64)
    assert old is not None and old.revoked == 2.0
    assert new is not None and new.revoked is None and new.seat == 0
    spectator = store.find_link("e" * 64)
    assert spectator is not None and spectator.revoked is None
    store.replace_link(LinkRow("2" * 64, "t1", "spectator", None, 3.0))
    spectator = store.find_link("e" * 64)
    assert spectator is not None and spectator.revoked == 3.0


def test_wait_returns_when_another_connection_writes(store: Store) -> None:
    _table(store)
    assert store.wait("t1", 0, 0.05) == 0          # nothing happened: the timeout
    assert store.wait("nope", 0, 0.05) is None

    def later() -> None:
        time.sleep(0.2)
        store.append("t1", 0, "x")

    writer = threading.Thread(target=later)
    start = time.monotonic()
    writer.start()
    assert store.wait("t1", 0, 20.0) == 1
    assert time.monotonic() - start < 15
    writer.join()


def test_a_store_of_another_layout_is_refused(make_store: Callable[[], Store]) -> None:
    store = make_store()
    raw_sql(store, "UPDATE nations_meta SET value = '99' WHERE key = 'schema'")
    with pytest.raises(StoreError, match=r"another version of nations_widget.*layout '99'"):
        make_store()


def test_reopening_a_store_keeps_its_tables(make_store: Callable[[], Store]) -> None:
    store = make_store()
    _table(store)
    store.append("t1", 0, "a")
    store.close()
    again = make_store()
    assert again.head("t1") == 1 and [e.record for e in again.events("t1")] == ["a"]


def test_presence_is_noted_runs_out_and_is_withdrawn(store: Store) -> None:
    from nations_widget.tables import create_table
    links = create_table(store, "dice", players=3, seed=1)
    table = links.table_id
    assert store.presence(table) == []
    store.set_presence(table, "screen-a", [0, 2], 30)
    store.set_presence(table, "screen-b", [1], 30)
    assert store.presence(table) == [0, 1, 2]
    store.set_presence(table, "screen-a", [2], 30)       # a screen's seats replace its last
    assert store.presence(table) == [1, 2]
    store.set_presence(table, "screen-b", [], 0)         # gone
    assert store.presence(table) == [2]
    store.set_presence(table, "screen-a", [2], -1)       # ran out
    assert store.presence(table) == []


def test_a_deleted_table_leaves_nothing_and_takes_no_more_events(store: Store) -> None:
    _table(store)
    store.create_table(TableRow("t2", '{"x": 2}', 0, 1.0, 1.0),
                       [LinkRow("f" * 64, "t2", "host", None, 1.0)])
    assert store.append("t1", 0, "a") and store.append("t2", 0, "b")
    store.set_presence("t1", "screen-a", [0], 60)
    store.set_presence("t2", "screen-a", [0], 60)
    assert store.delete_table("t1")
    assert store.load_table("t1") is None and store.head("t1") is None
    assert store.events("t1") == [] and store.presence("t1") == []
    assert store.find_link("d" * 64) is None and store.find_link("e" * 64) is None
    assert not store.append("t1", 1, "c")            # a screen still playing it: refused
    assert store.wait("t1", 1, 5.0) is None           # a watcher: no table (at once)
    assert not store.delete_table("t1")               # nothing left to delete
    assert [e.record for e in store.events("t2")] == ["b"]    # the others untouched
    assert [t.id for t in store.list_tables()] == ["t2"] and store.presence("t2") == [0]
    assert store.find_link("f" * 64) is not None


def test_a_table_moved_since_is_not_deleted_as_unplayed(store: Store) -> None:
    _table(store)
    assert store.append("t1", 0, "a")
    row = store.load_table("t1")
    assert row is not None
    assert not store.delete_table("t1", unmoved_since=row.updated)    # moved at that time
    assert store.head("t1") == 1
    assert store.delete_table("t1", unmoved_since=row.updated + 1)
    assert store.load_table("t1") is None


def test_a_delete_racing_appends_leaves_either_the_whole_table_or_nothing(
        make_store: Callable[[], Store]) -> None:
    store = make_store()
    _table(store)
    stored: list[int] = []

    def write() -> None:
        mine = make_store()                  # another kernel
        head: int | None = 0
        while head is not None:              # until the table is gone
            if mine.append("t1", head, "m"):
                stored.append(head + 1)
            head = mine.head("t1")

    writers = [threading.Thread(target=write) for _ in range(2)]
    for w in writers:
        w.start()
    while len(stored) < 5:
        time.sleep(0.005)
    assert store.delete_table("t1")
    for w in writers:
        w.join(10)
    assert not any(w.is_alive() for w in writers)
    assert store.head("t1") is None and store.events("t1") == []
    assert store.find_link("d" * 64) is None
