"""Whose turn it is now at the shared tables a browser remembers (nations_widget.widget.
turns, the app's "Continue a game" list; issue 31 section 5): read from the store for the
links the page holds, this screen's turn or another seat's by its chosen name, a table
waiting or over, a table gone; the page's list checked, a malformed one refused in words
without quoting a link."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from nations_widget.tables import Store
from nations_widget.widget.app import GameApp
from nations_widget.widget.dice import DiceWidget
from nations_widget.widget.turns import MAX_TABLES, TurnAsk, read_asks, turn_now


@pytest.fixture
def host(store: Store) -> Iterator[DiceWidget]:
    w = DiceWidget(players=2, seats=["human", "human"], bot_delay=0)
    w.handle_intent({"kind": "new_game", "settings": {
        "players": 2, "seats": ["human", "invite"], "seed": 8, "bot_delay": 0}})
    assert w.error == ""
    yield w
    w.leave_table()


def links(host: DiceWidget) -> tuple[list[str], list[str]]:
    """The host's own links (its seat's) and the guest's seat link."""
    return list(host.table["tokens"]), [host.table["links"]["seats"]["1"]]


def test_each_screen_is_told_whose_turn_it_is_from_the_store(store: Store,
                                                             host: DiceWidget) -> None:
    tid = host.table["id"]
    mine, guest = links(host)
    to_play = host.table["to_play"]
    host_says = turn_now(store, TurnAsk(tid, tuple(mine)))
    guest_says = turn_now(store, TurnAsk(tid, tuple(guest)))
    if to_play == 0:
        assert host_says == {"mine": True}
        assert guest_says == {"name": "Player 1", "bot": False}
    else:
        assert guest_says == {"mine": True}
        assert host_says == {"name": "Player 2", "bot": False}
    # a seat's chosen name, and the turn after a move by whoever is to play
    host.handle_intent({"kind": "name", "name": "Ann"})
    if to_play == 0:
        assert turn_now(store, TurnAsk(tid, tuple(guest))) == {"name": "Ann", "bot": False}
    # links of another table, or none the store knows: gone, the link never quoted
    assert turn_now(store, TurnAsk("another-id", tuple(guest))) == {"gone": True}
    assert turn_now(store, TurnAsk(tid, ("x" * 43,))) == {"gone": True}


def test_the_app_keeps_the_list_it_was_asked_for(store: Store, host: DiceWidget) -> None:
    app = GameApp()
    _, guest = links(host)
    tid = host.table["id"]
    app._on_msg(app.chooser, {"kind": "turns", "tables": [{"id": tid, "tokens": guest}]})
    assert app.chooser.error == ""
    assert set(app.chooser.turns) == {tid}
    assert app.chooser.turns[tid] in ({"mine": True}, {"name": "Player 1", "bot": False})
    store.delete_table(tid)
    assert app.refresh_turns()
    assert app.chooser.turns == {tid: {"gone": True}}


@pytest.mark.parametrize("tables", [
    "not a list", [{"id": "t", "tokens": "one"}], [{"id": 5, "tokens": ["a"]}],
    [{"id": "t", "tokens": []}], [{"id": "t", "tokens": ["a" * 101]}],
    [{"id": "t", "tokens": ["a"]}] * (MAX_TABLES + 1), [None],
])
def test_a_list_in_another_form_is_refused_in_words(store: Store, tables: Any) -> None:
    with pytest.raises(ValueError, match="form this app does not read"):
        read_asks(tables)
    app = GameApp()
    app._on_msg(app.chooser, {"kind": "turns", "tables": tables})
    assert app.chooser.error.startswith("The page asked for whose turn")
    assert "aaaa" not in app.chooser.error and app.chooser.turns == {}
