"""Players' display names at a table (nations_widget.tables.names), on both stores: a seat's
link names its seat, the name is cleaned or refused in words at the boundary, kept with the
table and read by every other screen; names are no events and never make a move stale."""

from __future__ import annotations

import random
import unicodedata

import pytest

from nations_widget.tables import (
    MAX_NAME_CHARS,
    NameRefused,
    SeatError,
    Store,
    clean_name,
    create_table,
    join_table,
)
from nations_widget.tables.names import MAX_NAME_INPUT

from .conftest import raw_sql


def test_a_seat_names_itself_and_every_screen_reads_the_name(store: Store) -> None:
    links = create_table(store, "dice", [None, None, "random"], players=3, seed=7)
    alice, bob = join_table(store, links.seats[0]), join_table(store, links.seats[1])
    assert alice.set_name("  Alice ") == "Alice"
    assert alice.table.names == {0: "Alice"}
    assert not bob.table.names                     # bob's screen reads it when it looks
    assert bob.table.read_names() and bob.table.names == {0: "Alice"}
    assert bob.table.display_name(0) == "Alice" and bob.table.display_name(1) == "Player 2"
    assert not bob.table.read_names()              # nothing changed since
    bob.set_name("Alice")                          # a name may repeat: the seat is who
    assert join_table(store, links.spectator).table.names == {0: "Alice", 1: "Alice"}
    assert alice.set_name("Ada") == "Ada"          # changed: the one before is gone
    assert alice.set_name(None) == "Player 1"      # and back to the seat's number
    assert join_table(store, links.host).table.names == {1: "Alice"}


def test_a_name_is_no_event_and_makes_no_move_stale(store: Store) -> None:
    links = create_table(store, "dice", players=2, seed=7)
    first = join_table(store, links.seats[0])
    mover = first if first.game.current_player == 0 else join_table(store, links.seats[1])
    other = join_table(store, links.seats[1 - (mover.seat or 0)])
    seen = mover.number
    other.set_name("Bob")
    assert store.head(mover.table_id) == seen
    assert mover.play(mover.legal_moves()[0], seen=seen) == seen + 1


def test_only_a_seats_own_link_names_it(store: Store) -> None:
    links = create_table(store, "dice", players=2, seed=7)
    for token in (links.spectator, links.host):
        with pytest.raises(SeatError, match="cannot choose a name: it holds no seat"):
            join_table(store, token).set_name("Mallory")
    assert store.names(links.table_id) == {}


def test_a_deleted_table_takes_its_names_along(store: Store) -> None:
    links = create_table(store, "dice", players=2, seed=7)
    join_table(store, links.seats[0]).set_name("Alice")
    assert store.delete_table(links.table_id)
    assert store.names(links.table_id) == {}
    assert not store.set_name(links.table_id, 0, "Ghost")     # no table: nothing kept
    assert store.names(links.table_id) == {}


def test_a_stored_name_that_cannot_be_shown_is_left_out(store: Store) -> None:
    links = create_table(store, "dice", players=2, seed=7)
    # rows written by hand (or by an older rule): cleaned again when read, a bad one and a
    # seat the table does not have left out
    store.set_name(links.table_id, 0, "Ann\u202eevil\x07")
    store.set_name(links.table_id, 1, "\u200b\n")
    store.set_name(links.table_id, 5, "Nobody")
    reader = join_table(store, links.spectator)
    assert reader.table.names == {0: "Annevil"}
    raw_sql(store, "UPDATE nations_names SET name = ? WHERE seat = 0", ("x" * 500,))
    assert reader.table.read_names() and reader.table.names == {}


@pytest.mark.parametrize(("given", "kept"), [
    ("<b>Bob</b>", "<b>Bob</b>"),                   # text, never markup: shown as typed
    ("<img src=x onerror=alert(1)>"[:MAX_NAME_CHARS], "<img src=x onerror=alert"),
    ("Ann\u202eLive\u202c", "AnnLive"),             # a right-to-left override taken out
    ("\u2067Bo\u2069b", "Bob"),                     # an isolate
    ("Tab\tand\nline", "Tab and line"),
    ("  many    spaces  ", "many spaces"),
    ("e\u0301", "\u00e9"),                          # one name however it was typed
    ("👩🏽‍🚀 Zoë", "👩🏽‍🚀 Zoë"),
    ("نادية", "نادية"),                              # right-to-left script itself is fine
    ("a\x00\x1b[31mb", "a[31mb"),
])
def test_names_are_cleaned_at_the_boundary(given: str, kept: str) -> None:
    assert clean_name(given) == kept


@pytest.mark.parametrize(("given", "why"), [
    ("", "at least one letter"), ("   ", "at least one letter"),
    ("\u200b\u202e\u2066", "at least one letter"), ("\u0301\u0301", "at least one letter"),
    ("x" * (MAX_NAME_CHARS + 1), f"at most {MAX_NAME_CHARS} characters .this one has 25"),
    ("y" * 10_000, f"at most {MAX_NAME_CHARS} characters"),
    (None, "must be text"), (42, "must be text"), (["Bob"], "must be text"),
])
def test_a_bad_name_is_refused_in_words(given: object, why: str) -> None:
    with pytest.raises(NameRefused, match=why):
        clean_name(given)


def test_fuzzed_names_are_short_plain_and_stable() -> None:
    """Random text from every plane (markup, controls, overrides, surrogates, emoji): a
    name is either refused in words or short, free of controls and overrides, trimmed,
    and cleaned to itself again."""
    rng = random.Random(31)
    alphabet = ["<", ">", "&", "\"", "'", "\x00", "\x1b", "\n", "\t", "\u202e", "\u2066",
                "\u200b", "\u200d", "\ufeff", "\ud800", "\U0001f600", "\U0001f3fd", "a", "Z",
                " ", "\u0301", "ß", "\u05d0", "\U000e0001", "\uffff"]
    refused = kept = 0
    for _ in range(3000):
        length = rng.choice([0, 1, 3, 10, 24, 25, 60, MAX_NAME_INPUT + 1, 10_000])
        text = "".join(rng.choice(alphabet) if rng.random() < 0.7
                       else chr(rng.randrange(0x110000)) for _ in range(length))
        try:
            name = clean_name(text)
        except NameRefused as exc:
            refused += 1
            assert str(exc).startswith("a name ")
            continue
        kept += 1
        assert 0 < len(name) <= MAX_NAME_CHARS and name == name.strip()
        assert clean_name(name) == name
        assert not any(unicodedata.category(c) in ("Cc", "Cs", "Co", "Cn") for c in name)
        assert not any(c in name for c in "\u202a\u202b\u202c\u202d\u202e\u2066\u2067"
                       "\u2068\u2069\u200e\u200f\ufeff")
    assert refused and kept
