"""The lobby (issue 31, section 3) on both stores: open tables listed, a visitor sat at a
free seat by the store's compare-and-swap (of visitors racing for one seat one sits, the
others are refused in words), the table waits for its open seats before any move or bot,
starts when they are taken or when its host starts it with bots, and leaves the list then,
or when nobody spoke for it in the server's idle time."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

import pytest

from nations_widget.tables import (
    LinkError,
    LobbyError,
    RecordError,
    SeatError,
    SeatTaken,
    Store,
    StoreError,
    create_table,
    join_table,
)
from nations_widget.tables.lobby import (
    IDLE_VARIABLE,
    idle_minutes,
    open_tables,
    sit_open,
    variant_words,
)
from nations_widget.tables.table import Table

from .conftest import raw_sql


def _open_dice(store: Store, players: int = 3, open_seats: tuple[int, ...] = (1, 2),
               bots: dict[int, str] | None = None) -> object:
    seats = [(bots or {}).get(s) for s in range(players)]
    return create_table(store, "dice", seats, players=players, seed=11,
                        variant="accelerated", open_seats=open_seats)


def test_an_open_table_is_listed_with_its_free_seats_and_who_waits(store: Store) -> None:
    links = _open_dice(store, players=4, open_seats=(1, 3), bots={2: "random"})
    host = join_table(store, links.seats[0])            # type: ignore[attr-defined]
    host.set_name("Ada")
    create_table(store, "dice", players=2, seed=1)      # an invite-only table: not listed
    [listed] = open_tables(store)
    assert listed.id == links.table_id                   # type: ignore[attr-defined]
    assert (listed.game, listed.players, listed.variant) == ("dice", 4, "Accelerated variant")
    assert listed.free == [1, 3]
    assert [(s.who, s.name, s.bot) for s in listed.seats] == [
        ("person", "Ada", None), ("open", "Player 2", None), ("bot", "Player 3", "random"),
        ("open", "Player 4", None)]
    assert abs(listed.listed - time.time()) < 60
    data = listed.to_json()
    assert "seed" not in str(data) and data["free"] == [1, 3]


def test_a_visitor_sits_and_the_table_starts_when_its_open_seats_are_taken(
        store: Store) -> None:
    links = _open_dice(store)
    host = join_table(store, links.seats[0])            # type: ignore[attr-defined]
    assert not host.table.started and host.view()["table"]["waiting"] is True
    to_play = host.game.current_player
    assert to_play is not None
    mover = join_table(store, links.seats[to_play])     # type: ignore[attr-defined]
    with pytest.raises(SeatError, match="waits for players at its open seats"):
        mover.play(mover.legal_moves()[0])
    first = sit_open(store, links.table_id, 1)           # type: ignore[attr-defined]
    seat = join_table(store, first)
    assert seat.seat == 1 and seat.table.free_seats == [2]
    # the link made with the table for that seat no longer opens it
    with pytest.raises(LinkError, match="replaced"):
        join_table(store, links.seats[1])                # type: ignore[attr-defined]
    assert [t.free for t in open_tables(store)] == [[2]]
    sit_open(store, links.table_id, 2)                   # type: ignore[attr-defined]
    assert open_tables(store) == []                      # started: off the list
    host.refresh()
    assert host.table.started and host.view()["table"]["open"] == []
    mover.refresh()
    mover.play(mover.legal_moves()[0])                   # now moves are played


def test_refusals_in_words(store: Store) -> None:
    links = _open_dice(store, players=3, open_seats=(2,))
    tid = links.table_id                                 # type: ignore[attr-defined]
    plain = create_table(store, "dice", players=2, seed=1)
    cases: list[tuple[object, object, type[Exception], str]] = [
        ("<b>x</b>", 2, LobbyError, "no open table has this id"),
        ("0" * 16, 2, LobbyError, "no longer open"),
        (tid, "2", LobbyError, "choose a seat by its number"),
        (tid, True, LobbyError, "choose a seat by its number"),
        (tid, 7, LobbyError, "seats 1-3"),
        (tid, 1, LobbyError, "Player 2's seat is not open"),
        (plain.table_id, 1, LobbyError, "no seats open"),
        (None, 1, LobbyError, "no open table has this id"),
    ]
    for table_id, seat, error, words in cases:
        with pytest.raises(error, match=words):
            sit_open(store, table_id, seat)
    sit_open(store, tid, 2)
    with pytest.raises(SeatTaken, match="took Player 3's seat first, and the table has started"):
        sit_open(store, tid, 2)
    with pytest.raises(SeatTaken, match="this table has started already"):
        sit_open(store, tid, 0)
    assert store.head(tid) == 1                           # one sit stored, nothing else


def test_visitors_racing_for_one_seat_one_sits(make_store: Callable[[], Store]) -> None:
    store = make_store()
    links = _open_dice(store, players=4, open_seats=(1, 2, 3))
    tid = links.table_id                                 # type: ignore[attr-defined]
    visitors = 6
    barrier = threading.Barrier(visitors)
    results: list[str] = []

    def visit(i: int) -> None:
        mine = make_store()                              # a kernel of its own
        barrier.wait()
        try:
            results.append(sit_open(mine, tid, 1 if i < 4 else 1 + i - 3))
        except SeatTaken as exc:
            results.append(f"refused: {exc}")

    threads = [threading.Thread(target=visit, args=(i,)) for i in range(visitors)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    refused = [r for r in results if r.startswith("refused")]
    # four raced for seat 2: one sat; the two at seats 3 and 4 sat too
    assert len(refused) == 3, results
    # (a loser reading the table again once all three sat finds it started)
    assert set(refused) <= {
        "refused: someone else took Player 2's seat first; choose another seat",
        "refused: someone else took Player 2's seat first, and the table has started; "
        "choose another table"}
    seated = sorted(join_table(store, r).seat or 0 for r in results if r not in refused)
    assert seated == [1, 2, 3]
    table = Table.load(store, tid)
    assert table.started and table.sat == {1, 2, 3} and store.head(tid) == 3


def test_the_host_starts_with_bots_in_the_seats_nobody_took(store: Store) -> None:
    links = _open_dice(store, players=3, open_seats=(1, 2))
    tid = links.table_id                                 # type: ignore[attr-defined]
    guest = join_table(store, sit_open(store, tid, 2))
    with pytest.raises(SeatError, match="only the table's host"):
        guest.start_with_bots("random")
    host = join_table(store, links.host)                 # type: ignore[attr-defined]
    with pytest.raises(SeatError, match="no bot of that name"):
        host.start_with_bots("<script>")
    host.start_with_bots("random")
    assert host.table.started and host.table.bots == [None, "random", None]
    assert open_tables(store) == []
    with pytest.raises(SeatError, match="started already"):
        host.start_with_bots("random")
    # the bots play now (they did not while the table waited)
    runner = join_table(store, links.spectator)          # type: ignore[attr-defined]
    runner.run_bots(limit=1)


def test_no_bot_plays_while_the_table_waits(store: Store) -> None:
    links = create_table(store, "dice", [None, "random"], players=2, seed=3, open_seats=[0])
    runner = join_table(store, links.host)
    assert runner.run_bots() == 0 and store.head(links.table_id) == 0


def test_an_abandoned_table_leaves_the_list_after_the_servers_time(store: Store) -> None:
    links = _open_dice(store)
    tid = links.table_id                                 # type: ignore[attr-defined]
    env = {IDLE_VARIABLE: "5"}
    later = time.time() + 6 * 60
    assert open_tables(store, environ=env)
    assert open_tables(store, now=later, environ=env) == []
    store.touch_lobby(tid)                               # its page spoke: listed again
    assert [t.id for t in open_tables(store, now=time.time() + 4 * 60, environ=env)] == [tid]
    assert idle_minutes({}) == 15.0 and idle_minutes({IDLE_VARIABLE: " 0.5 "}) == 0.5
    for bad in ("0", "-3", "soon", "nan", "inf"):
        with pytest.raises(StoreError, match="number of minutes above 0"):
            idle_minutes({IDLE_VARIABLE: bad})


def test_a_deleted_table_leaves_the_lobby(store: Store) -> None:
    links = _open_dice(store)
    tid = links.table_id                                 # type: ignore[attr-defined]
    assert store.delete_table(tid)
    assert store.lobby(0) == [] and open_tables(store) == []


def test_damaged_open_seats_and_forged_sits_are_refused(store: Store) -> None:
    links = _open_dice(store, players=3, open_seats=(2,))
    tid = links.table_id                                 # type: ignore[attr-defined]
    for bad in ('[5]', '[0, 0]', '"2"', '[true]'):
        good = store.load_table(tid)
        assert good is not None
        raw_sql(store, "UPDATE nations_tables SET record = ? WHERE id = ?",
                (good.record.replace('"open":[2]', f'"open":{bad}'), tid))
        with pytest.raises(RecordError, match="damaged open seats"):
            Table.load(store, tid)
        raw_sql(store, "UPDATE nations_tables SET record = ? WHERE id = ?", (good.record, tid))
    # a sit at a seat that is not open, written behind the table's back
    assert store.append(tid, 0, '{"kind":"sit","seat":1}')
    with pytest.raises(RecordError, match="stored event 1 sits a player at a seat"):
        Table.load(store, tid)
    # a move stored while the table waited
    other = _open_dice(store, players=3, open_seats=(2,))
    oid = other.table_id                                 # type: ignore[attr-defined]
    move = Table.load(store, oid)
    seat = move.game.current_player
    move_json = move.game.legal_moves()[0].to_json()
    import json
    assert store.append(oid, 0, json.dumps({"kind": "move", "seat": seat, "move": move_json}))
    with pytest.raises(RecordError, match="before the table started"):
        Table.load(store, oid)


def test_open_seats_are_checked_when_the_table_is_made(store: Store) -> None:
    for seats, open_seats in (([None, "random"], [1]), ([None, None], [2]),
                              ([None, None], [1, 1]), ([None, None], [True])):
        with pytest.raises(ValueError, match="open seat must be"):
            create_table(store, "dice", seats, players=2, seed=1, open_seats=open_seats)


def test_variant_words() -> None:
    assert variant_words("dice", {"variant": "standard"}) == "standard rules"
    assert variant_words("board", {"ages": 4}) == "full game (4 ages)"
    assert variant_words("board", {"ages": 2}) == "short game (2 ages)"
