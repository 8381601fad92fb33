"""A table's chat (issue 31, section 4) on both stores: the seats write, spectators read
only, the host turns it off and on; lines are cleaned (text, never markup: control,
right-to-left and invisible characters out), limited in length and rate-limited (in the
store, so every kernel of a seat counts together), kept with the table and deleted with
it; a stored line that cannot be shown is left out.  Fuzzed with hypothesis."""

from __future__ import annotations

import unicodedata
from collections.abc import Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from nations_widget.tables import ChatRefused, SeatError, Store, create_table, join_table
from nations_widget.tables.chat import CHAT_BURST, MAX_CHAT_CHARS, clean_line

from .conftest import raw_sql


def test_seats_write_every_screen_reads_with_names_and_move_numbers(
        make_store: Callable[[], Store]) -> None:
    store = make_store()
    links = create_table(store, "dice", [None, None, "random"], players=3, seed=7)
    ann = join_table(store, links.seats[0])
    ann.set_name("Ann")
    bob = join_table(make_store(), links.seats[1])          # another kernel
    assert ann.say("  hello <b>there</b>\n") == 1
    assert bob.say("hi Ann 🎲") == 2
    watcher = join_table(make_store(), links.spectator)
    assert [(c.seat, c.move, c.text) for c in watcher.table.chat] == [
        (0, 0, "hello <b>there</b>"), (1, 0, "hi Ann 🎲")]
    assert watcher.table.display_name(watcher.table.chat[0].seat or 0) == "Ann"
    with pytest.raises(SeatError, match="a spectator reads the chat but cannot write"):
        watcher.say("let me in")
    with pytest.raises(SeatError, match="host's link alone cannot write"):
        join_table(store, links.host).say("hi")
    assert store.chat_head(links.table_id) == 2
    assert not watcher.table.read_chat()                     # nothing new
    ann.say("third")
    assert watcher.table.read_chat() and watcher.table.chat_number == 3
    # a line is no event: it makes no move stale
    assert store.head(links.table_id) == 0


def test_the_host_turns_the_chat_off_and_on(store: Store) -> None:
    links = create_table(store, "dice", players=2, seed=7)
    ann = join_table(store, links.seats[0])
    with pytest.raises(SeatError, match="only the table's host"):
        ann.set_chat(False)
    host = join_table(store, links.host)
    host.set_chat(False)
    host.set_chat(False)                                     # so already: nothing more
    with pytest.raises(ChatRefused, match="the host turned the chat off"):
        ann.say("anyone?")
    host.set_chat(True)
    ann.say("back")
    assert [c.kind for c in join_table(store, links.spectator).table.chat] == [
        "off", "on", "line"]


def test_a_seat_writing_fast_is_refused_on_every_kernel(
        make_store: Callable[[], Store]) -> None:
    store = make_store()
    links = create_table(store, "dice", players=2, seed=7)
    screens = [join_table(make_store(), links.seats[0]) for _ in range(2)]
    for i in range(CHAT_BURST):
        screens[i % 2].say(f"line {i}")
    for screen in screens:
        with pytest.raises(ChatRefused, match=f"at most {CHAT_BURST} lines in 10 seconds"):
            screen.say("one more")
    join_table(store, links.seats[1]).say("the other seat still writes")
    assert store.chat_head(links.table_id) == CHAT_BURST + 1


def test_lines_that_cannot_be_kept_are_refused_in_words(store: Store) -> None:
    links = create_table(store, "dice", players=2, seed=7)
    ann = join_table(store, links.seats[0])
    for bad, words in ((None, "must be text"), (12, "must be text"), ("", "empty"),
                       ("\u200b\u202e\n\t", "empty"), ("x" * 10_000, "at most 300"),
                       ("y" * (MAX_CHAT_CHARS + 1), "this one has 301")):
        with pytest.raises(ChatRefused, match=words):
            ann.say(bad)
    assert store.chat_head(links.table_id) == 0


def test_stored_lines_are_cleaned_again_and_go_with_the_table(store: Store) -> None:
    links = create_table(store, "dice", players=2, seed=7)
    ann = join_table(store, links.seats[0])
    ann.say("kept")
    raw_sql(store, "INSERT INTO nations_chat VALUES (?, 2, 'line', 0, 0, ?, 0)",
            (links.table_id, "evil\u202eline\x07"))
    raw_sql(store, "INSERT INTO nations_chat VALUES (?, 3, 'line', 9, 0, 'ghost', 0)",
            (links.table_id,))
    raw_sql(store, "INSERT INTO nations_chat VALUES (?, 4, 'line', 1, 0, ?, 0)",
            (links.table_id, "z" * 5000))
    raw_sql(store, "INSERT INTO nations_chat VALUES (?, 5, 'shout', 1, 0, 'x', 0)",
            (links.table_id,))
    reader = join_table(store, links.spectator)
    assert [c.text for c in reader.table.chat] == ["kept", "evilline"]
    assert store.delete_table(links.table_id)
    assert store.chat(links.table_id, 50) == [] and store.chat_head(links.table_id) == 0
    assert store.add_chat(links.table_id, "line", 0, 0, "x", 4, 10.0) is None


@settings(max_examples=200, deadline=None)
@given(st.one_of(
    st.text(max_size=400),
    st.text(alphabet=st.sampled_from("<>&\"'/\u202e\u202d\u2066\u200f\u200b\x00\x07\n\r\t "
                                     "aé🎲👩‍👩‍👧ا"), max_size=400),
    st.just("x" * 10_000), st.just("<script>alert(1)</script>")))
def test_fuzz_a_line_is_cleaned_or_refused_in_words(text: str) -> None:
    try:
        line = clean_line(text)
    except ChatRefused as exc:
        assert str(exc) and "\n" not in str(exc) and len(str(exc)) < 120
        return
    assert 0 < len(line) <= MAX_CHAT_CHARS and line == line.strip()
    assert not any(unicodedata.category(ch) in ("Cc", "Cs", "Co", "Cn") for ch in line)
    assert not any(ch in line for ch in "\u202e\u202d\u2066\u200f\u200b\n\t")
    assert clean_line(line) == line                       # cleaning is idempotent


@settings(max_examples=25, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.text(max_size=50), min_size=1, max_size=3))
def test_fuzz_what_is_kept_is_what_was_cleaned(store: Store, texts: list[str]) -> None:
    links = create_table(store, "dice", players=2, seed=7)
    ann = join_table(store, links.seats[0])
    kept = []
    for text in texts:
        try:
            ann.say(text)
            kept.append(clean_line(text))
        except ChatRefused:
            continue
    assert [c.text for c in join_table(store, links.spectator).table.chat] == kept
