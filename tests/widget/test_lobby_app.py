"""The lobby in the app (issue 31, section 3): a New game seat "open" makes a table that
waits in the lobby; the chooser lists it live and sits a visitor at a free seat (of two at
one seat, one sits and the other is told why, in words); the table starts when its open
seats are taken, or when its host starts it with bots; every lobby intent the page may send
is checked by Python, and a fuzzed one is refused in words, changing nothing."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from nations_widget.tables import Store
from nations_widget.widget.app import GameApp
from nations_widget.widget.dice import DiceWidget


@pytest.fixture
def made() -> Iterator[list[Any]]:
    widgets: list[Any] = []
    yield widgets
    for w in widgets:
        if isinstance(w, GameApp):
            w.watch_lobby(False)
            for game in w.widgets.values():
                game.leave_table()
        else:
            w.leave_table()


def until(check: Callable[[], bool], seconds: float = 15.0) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError("it did not happen in time")
        time.sleep(0.02)


def host_table(made: list[Any], seats: list[str], seed: int = 5) -> DiceWidget:
    host = DiceWidget(players=2, seats=["human", "random"], bot_delay=0)
    made.append(host)
    host.handle_intent({"kind": "new_game", "settings": {
        "players": len(seats), "seats": seats, "seed": seed, "bot_delay": 0}})
    assert host.error == ""
    return host


def visitor(made: list[Any]) -> GameApp:
    app = GameApp()
    made.append(app)
    return app


def send(app: GameApp, content: object) -> None:
    app._on_msg(app.chooser, content)


def test_an_open_seat_makes_a_waiting_table_that_no_screen_plays(
        store: Store, made: list[Any]) -> None:
    host = host_table(made, ["human", "open", "random"], seed=8)   # seed 8: the host plays first
    table = host.table
    assert table["waiting"] is True and table["open"] == [1]
    assert table["start_bots"] and "random" in table["start_bots"]
    assert table["links"]["seats"] == {}            # no invite link for an open seat
    assert host.seats == ["human", "remote", "random"] and not table["my_turn"]
    time.sleep(0.5)
    assert store.head(table["id"]) == 0             # no bot moved while it waits
    assert host.legal                               # the host's turn: a move is refused
    if host.legal:
        host.handle_intent({"kind": "move", "move": host.legal[0]["move"]})
        assert host.error.startswith("the table waits for players at its open seat "
                                     "(Player 2): it starts when"), host.error
        assert store.head(table["id"]) == 0


def test_the_lobby_lists_sits_and_refuses_the_second_visitor_at_one_seat(
        store: Store, made: list[Any]) -> None:
    host = host_table(made, ["human", "open", "open"])
    tid = host.table["id"]
    ann, bob = visitor(made), visitor(made)
    send(ann, {"kind": "lobby", "watch": True})
    [listed] = ann.chooser.lobby["tables"]
    assert listed["id"] == tid and listed["free"] == [1, 2]
    assert ann.chooser.lobby["idle_minutes"] == 15.0 and ann.chooser.lobby["error"] == ""
    send(bob, {"kind": "lobby", "watch": True})
    send(ann, {"kind": "sit", "table": tid, "seat": 1})
    assert ann.chooser.error == "" and ann.shown == "dice"
    seated = ann.widgets["dice"]
    assert seated.table["mine"] == [1] and seated.table["role"] == "seat"
    assert "#" not in str(seated.table.get("tokens"))
    # bob's list follows live: seat 2 only is free now
    until(lambda: [t["free"] for t in bob.chooser.lobby["tables"]] == [[2]])
    send(bob, {"kind": "sit", "table": tid, "seat": 1})
    assert bob.chooser.error == ("Someone else took Player 2's seat first; choose another "
                                 "seat.")
    assert bob.shown is None
    send(bob, {"kind": "sit", "table": tid, "seat": 2})
    assert bob.chooser.error == "" and bob.widgets["dice"].table["mine"] == [2]
    # the table started: the host's screen plays now, and the lobby lists it no more
    until(lambda: host.table["waiting"] is False)
    until(lambda: host.seats == ["human", "remote", "remote"])
    ann.watch_lobby(True)
    assert ann.chooser.lobby["tables"] == []


def test_the_host_starts_with_bots(store: Store, made: list[Any]) -> None:
    host = host_table(made, ["human", "open", "open"])
    tid = host.table["id"]
    guest = visitor(made)
    send(guest, {"kind": "sit", "table": tid, "seat": 2})
    seated = guest.widgets["dice"]
    seated.handle_intent({"kind": "start_table", "bot": "random"})
    assert "only the table's host" in seated.error
    host.handle_intent({"kind": "start_table", "bot": "<img src=x>"})
    assert host.error.startswith("no bot of that name")
    host.handle_intent({"kind": "start_table", "bot": "random"})
    assert host.error == "" and host.table["waiting"] is False
    assert host.seats == ["human", "random", "remote"]
    until(lambda: seated.table["waiting"] is False)


NASTY = st.one_of(
    st.text(max_size=30),
    st.just("<script>alert(1)</script>"), st.just("x" * 10_000),
    st.just("\u202eevil\u0000\u0007\n"), st.just("🎲" * 50), st.just(""),
    st.integers(), st.floats(allow_nan=True), st.booleans(), st.none(),
    st.lists(st.integers(), max_size=3), st.dictionaries(st.text(max_size=3), st.integers(),
                                                         max_size=2))


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(table=NASTY, seat=NASTY, extra=st.dictionaries(st.text(max_size=8), NASTY, max_size=2))
def test_a_fuzzed_lobby_intent_is_refused_in_words_and_changes_nothing(
        store: Store, made: list[Any], table: object, seat: object,
        extra: dict[str, object]) -> None:
    if not made:
        host_table(made, ["human", "open"])
        made.append(visitor(made))
    host, app = made[0], made[-1]
    tid = host.table["id"]
    head = store.head(tid)
    send(app, {**extra, "kind": "sit", "table": table, "seat": seat})
    if app.shown is not None:                     # the fuzz found the real table and seat
        assert (table, seat) == (tid, 1)
        return
    error = app.chooser.error
    assert error and len(error) <= 300 and error[0].isupper(), error
    assert "\u202e" not in error and "x" * 200 not in error
    assert store.head(tid) == head
    send(app, {**extra, "kind": "lobby", "watch": seat})   # watch must be true itself
    host.handle_intent({"kind": "start_table", "bot": table})
    if host.table["waiting"]:
        assert host.error
