"""The table chat in the widget (issue 31, section 4): the ``chat`` intent of a seat's page
writes a line that every screen of the table shows (by the watcher, in the ``table``
trait's ``chat``), with the writer's name and move number; a spectator's page reads only;
the host's ``chat_switch`` turns it off; fuzzed intents are refused in words."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from nations_widget.tables import Store, create_table
from nations_widget.widget.dice import DiceWidget
from nations_widget.widget.shell.table_mode import open_hands


@pytest.fixture
def screens(store: Store) -> Iterator[list[DiceWidget]]:
    links = create_table(store, "dice", players=2, seed=7)
    made = []
    for tokens in ([links.seats[0], links.host], [links.seats[1]], [links.spectator]):
        w = DiceWidget(players=2, seats=["human", "random"], bot_delay=0)
        w.sit_at(open_hands(store, tokens))
        made.append(w)
    yield made
    for w in made:
        w.leave_table()


def until(check: Callable[[], bool], seconds: float = 15.0) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError("it did not happen in time")
        time.sleep(0.02)


def texts(w: DiceWidget) -> list[tuple[Any, ...]]:
    return [(line["name"], line["move"], line["text"]) for line in w.table["chat"]["lines"]
            if line["kind"] == "line"]


def test_chat_both_ways_and_a_spectator_reading(screens: list[DiceWidget]) -> None:
    host, guest, watcher = screens
    host.handle_intent({"kind": "name", "name": "Ann"})
    host.handle_intent({"kind": "chat", "text": "good luck <b>Bob</b>"})
    assert host.error == ""
    until(lambda: texts(guest) == [("Ann", 0, "good luck <b>Bob</b>")])
    guest.handle_intent({"kind": "chat", "text": "you too\u202e"})
    until(lambda: texts(host) == [("Ann", 0, "good luck <b>Bob</b>"),
                                  ("Player 2", 0, "you too")])
    until(lambda: len(texts(watcher)) == 2)
    assert watcher.table["chat"]["can_write"] is False
    watcher.handle_intent({"kind": "chat", "text": "psst"})
    assert watcher.error == "a spectator reads the chat but cannot write in it"
    assert host.table["chat"]["can_switch"] and not guest.table["chat"]["can_switch"]
    guest.handle_intent({"kind": "chat_switch", "on": False})
    assert "only the table's host" in guest.error
    host.handle_intent({"kind": "chat_switch", "on": False})
    until(lambda: guest.table["chat"]["off"] is True)
    assert guest.table["chat"]["can_write"] is False
    guest.handle_intent({"kind": "chat", "text": "hello?"})
    assert guest.error == "the host turned the chat off at this table"


def test_a_game_of_one_screen_has_no_chat(store: Store) -> None:
    w = DiceWidget(players=2, seats=["human", "random"], bot_delay=0)
    w.handle_intent({"kind": "chat", "text": "hi"})
    assert "no shared table here" in w.error


@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.one_of(st.text(max_size=60), st.just("x" * 10_000), st.just("\x00\u202e\u200b"),
                 st.just("🎲" * 301), st.integers(), st.none(), st.lists(st.text(), max_size=2)))
def test_fuzz_chat_intents_are_kept_clean_or_refused_in_words(
        screens: list[DiceWidget], text: object) -> None:
    host = screens[0]
    before = len(host.table["chat"]["lines"])
    host.handle_intent({"kind": "chat", "text": text})
    lines = host.table["chat"]["lines"]
    if len(lines) > before:
        assert host.error == ""
        assert lines[-1]["text"] and "\u202e" not in lines[-1]["text"]
        assert len(lines[-1]["text"]) <= 300
    else:
        assert host.error and len(host.error) <= 300 and "\u202e" not in host.error
