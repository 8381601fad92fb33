"""Every refusal path: a malformed, forged, foreign or replaced link; a stored row that is
corrupt, from another version, or a move the rules refuse.  Each is refused with a clear
message naming no link and quoting no record, and nothing is changed."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest

from nations_widget.tables import (
    LinkError,
    RecordError,
    Store,
    StoreError,
    create_table,
    join_table,
    open_store,
)
from nations_widget.tables.links import new_token

from .conftest import raw_sql


@pytest.mark.parametrize("bad", [None, 42, b"bytes", "", "qwzk", "x" * 43 + "y",
                                 "!" * 43, "é" * 43, " " + "a" * 42])
def test_a_malformed_link_is_refused_without_quoting_it(store: Store, bad: object) -> None:
    with pytest.raises(LinkError) as refused:
        join_table(store, bad)
    assert "link" in str(refused.value)
    if isinstance(bad, str) and len(bad) > 3:
        assert bad not in str(refused.value)


def test_a_forged_link_opens_nothing(store: Store) -> None:
    create_table(store, "dice", players=2)
    forged = new_token()
    with pytest.raises(LinkError, match="no table has this link") as refused:
        join_table(store, forged)
    assert forged not in str(refused.value)


def test_a_link_of_another_table_is_refused_where_a_table_is_open(store: Store) -> None:
    ours, theirs = create_table(store, "dice", players=2), create_table(store, "dice", players=2)
    with pytest.raises(LinkError, match="for another table"):
        join_table(store, theirs.seats[0], table_id=ours.table_id)
    assert join_table(store, ours.seats[0], table_id=ours.table_id).seat == 0


def test_a_replaced_link_is_refused(store: Store) -> None:
    links = create_table(store, "dice", players=2)
    host = join_table(store, links.host)
    host.new_link(None)
    with pytest.raises(LinkError, match="replaced by a newer one"):
        join_table(store, links.spectator)


def _table_with_moves(store: Store, moves: int = 4) -> tuple[str, list[str]]:
    links = create_table(store, "dice", players=2, seed=9, variant="accelerated")
    for _ in range(moves):
        watcher = join_table(store, links.spectator)
        to_play = watcher.game.current_player
        assert to_play is not None
        mover = join_table(store, links.seats[to_play])
        mover.play(mover.legal_moves()[-1])
    return links.table_id, [links.spectator, *links.seats]


def _rows(store: Store, table_id: str) -> tuple[object, ...]:
    table = store.load_table(table_id)
    return table, tuple(store.events(table_id))


SECRET = "d10-d11-SECRET-PLEDGE"


@pytest.mark.parametrize(("column", "number", "record", "says"), [
    ("event", 2, "not json {", "stored event 2 is damaged"),
    ("event", 2, json.dumps({"kind": "move", "seat": 0}), "stored event 2 is damaged"),
    ("event", 2, json.dumps({"kind": "dance", "seat": 0, "note": SECRET}),
     "stored event 2 is damaged"),
    ("event", 2, json.dumps({"kind": "move", "seat": 7, "move": {"type": "pass"}}),
     "no seat of this table"),
    ("event", 3, json.dumps({"kind": "move", "seat": 0, "move": {"type": "buy",
                                                                  "tile": SECRET}}),
     "stored event 3 is a move"),
    ("event", 1, json.dumps({"kind": "undo", "seat": 0, "to": 0}),
     "an undo this table does not allow"),
    ("event", 1, json.dumps({"kind": "seat", "seat": 0, "bot": SECRET, "by": None}),
     "names a bot this program does not have"),
    ("event", 1, json.dumps([SECRET]), "stored event 1 is damaged"),
    ("table", None, "garbage " + SECRET, "record is damaged"),
    ("table", None, json.dumps({"format": "nations-table", "version": 2, "x": SECRET}),
     "stored by another version of nations_widget \\(table version 2"),
    ("table", None, json.dumps({"format": "chess-table", "version": 1}),
     "not a table of this program"),
])
def test_a_corrupt_stored_row_is_refused_without_quoting_it(
        store: Store, column: str, number: int | None, record: str, says: str) -> None:
    table_id, tokens = _table_with_moves(store)
    if column == "event":
        raw_sql(store, "UPDATE nations_events SET record = ? WHERE table_id = ? AND number = ?",
                (record, table_id, number))
    else:
        raw_sql(store, "UPDATE nations_tables SET record = ? WHERE id = ?", (record, table_id))
    before = _rows(store, table_id)
    for token in tokens:
        with pytest.raises(RecordError, match=says) as refused:
            join_table(store, token)
        message = str(refused.value)
        assert table_id in message and SECRET not in message and "tile" not in message
        assert token not in message
    assert _rows(store, table_id) == before


def test_a_table_record_with_a_changed_field_is_refused(store: Store) -> None:
    table_id, tokens = _table_with_moves(store, 0)
    row = store.load_table(table_id)
    assert row is not None
    for change in ({"seats": [{"bot": None}]}, {"seats": "two"}, {"undo": "always"},
                   {"game": "chess"}, {"start": None}, {"extra": 1},
                   {"start": {"format": "nations-dice-game", "version": 9}}):
        data = {**json.loads(row.record), **change}
        raw_sql(store, "UPDATE nations_tables SET record = ? WHERE id = ?",
                (json.dumps(data), table_id))
        with pytest.raises(RecordError, match=table_id):
            join_table(store, tokens[0])


def test_a_missing_event_is_refused(store: Store) -> None:
    table_id, tokens = _table_with_moves(store)
    raw_sql(store, "DELETE FROM nations_events WHERE table_id = ? AND number = 2", (table_id,))
    with pytest.raises(RecordError, match="stored event 2 is missing"):
        join_table(store, tokens[0])


def test_a_damaged_link_row_is_refused(store: Store) -> None:
    links = create_table(store, "dice", players=2)
    raw_sql(store, "UPDATE nations_links SET seat = 5 WHERE role = 'seat' AND seat = 1")
    with pytest.raises(RecordError, match="stored link is damaged"):
        join_table(store, links.seats[1])
    raw_sql(store, "UPDATE nations_links SET role = 'king' WHERE role = 'host'")
    with pytest.raises(RecordError, match="stored link is damaged"):
        join_table(store, links.host)


def test_the_environment_chooses_the_store(tmp_path: object) -> None:
    from pathlib import Path
    folder = Path(str(tmp_path))
    store = open_store(environ={"NATIONS_TABLES_DIR": str(folder / "here")})
    assert (folder / "here" / "tables.sqlite3").exists()
    store.close()
    with pytest.raises(StoreError, match="must be a postgresql:// or sqlite:/// URL") as bad:
        open_store(environ={"NATIONS_TABLES_URL": "mysql://user:hunter2@db/x"})
    assert "hunter2" not in str(bad.value)


def test_an_unreadable_sqlite_file_is_refused(tmp_path: object) -> None:
    from pathlib import Path

    from nations_widget.tables import SQLiteStore
    path = Path(str(tmp_path)) / "tables.sqlite3"
    path.write_bytes(b"this is not a database" * 100)
    with pytest.raises(StoreError, match="cannot be read as a SQLite database"):
        SQLiteStore(path)


def test_an_unreachable_postgres_is_refused_without_its_password(
        make_store: Callable[[], Store]) -> None:
    pytest.importorskip("psycopg")
    from nations_widget.tables.postgres_store import PostgresStore
    with pytest.raises(StoreError, match="cannot be reached") as refused:
        PostgresStore("postgresql://nobody:hunter2@/none?host=/nonexistent-socket-dir")
    assert "hunter2" not in str(refused.value)


def test_the_rest_of_the_seat_refusals(store: Store) -> None:
    from nations_widget.dice import Game as DiceGame
    from nations_widget.tables import SeatError, TableError
    links = create_table(store, "dice", seats=["random", "random"], players=2, seed=3)
    host, spectator = join_table(store, links.host), join_table(store, links.spectator)
    for bad in (-1, 2, True, "1"):
        with pytest.raises(SeatError, match="this table has seats 1-2"):
            host.hand_to_bot("random", seat=bad)  # type: ignore[arg-type]
    for seen in (-1, True, 1.5):
        with pytest.raises(TableError, match="the number seen must be a whole number"):
            host.hand_to_bot("random", seat=0, seen=seen)  # type: ignore[arg-type]
    with pytest.raises(SeatError, match="a spectator's link cannot undo"):
        spectator.undo()
    with pytest.raises(SeatError, match="a host's link cannot hand over"):
        host.hand_to_bot("random")
    with pytest.raises(TableError, match="settings go with a game's name"):
        create_table(store, DiceGame(players=2), players=3)
    with pytest.raises(TableError, match="tables do not know this kind of game"):
        create_table(store, object())  # type: ignore[arg-type]
    spectator.run_bots()
    assert spectator.game.is_over
    host.refresh()
    host.take_back(seat=0)
    seat = join_table(store, links.seats[0])
    with pytest.raises(SeatError, match="the game is over: no more moves"):
        seat.play({"type": "pass"})
    assert store.head(links.table_id) == seat.number
