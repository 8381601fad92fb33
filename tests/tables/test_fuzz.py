"""Hypothesis over what reaches a table from outside: any text or bytes as a link, and any
stored record (text, JSON of any shape, a mutated real record) in a table's or an event's
row.  A link is refused with LinkError and never quoted; a record is read or refused with
RecordError; nothing else escapes, and nothing is written."""

from __future__ import annotations

import json
import os
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from nations_widget.tables import LinkError, RecordError, Store, create_table, join_table
from nations_widget.tables.links import TOKEN_CHARS

from .conftest import raw_sql, store_location

EXAMPLES = int(os.environ.get("NATIONS_FUZZ_EXAMPLES", "60"))
FUZZ = settings(max_examples=EXAMPLES, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.function_scoped_fixture,
                                       HealthCheck.too_slow])

TOKEN_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
links_like = st.one_of(
    st.text(max_size=100),
    st.binary(max_size=60),
    st.text(alphabet=TOKEN_ALPHABET, min_size=TOKEN_CHARS, max_size=TOKEN_CHARS),
    st.text(alphabet=TOKEN_ALPHABET + "=+/ .%", min_size=TOKEN_CHARS - 2,
            max_size=TOKEN_CHARS + 2),
    st.integers(), st.none(), st.lists(st.text(max_size=5), max_size=3))


@FUZZ
@given(link=links_like)
def test_any_link_is_refused_in_words_and_never_quoted(store: Store, link: object) -> None:
    try:
        join_table(store, link)
    except LinkError as exc:
        if isinstance(link, str) and len(link) >= 8:
            assert link not in str(exc)
    else:
        raise AssertionError("a link nobody was given opened a table")


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner,
                                                                max_size=4),
    max_leaves=12)
EVENT_FIELDS = {"kind": st.sampled_from(["move", "undo", "seat", "x"]),
                "seat": st.integers(-2, 4) | st.booleans() | st.none(),
                "move": json_values | st.fixed_dictionaries({"type": st.sampled_from(
                    ["pass", "buy", "reroll", "books", "dance"])}, optional={
                    "pledge": st.lists(st.integers(0, 20), max_size=3),
                    "tile": st.text(max_size=6)}),
                "to": st.integers(-3, 40) | json_values,
                "bot": st.sampled_from([None, "random", "heuristic", "nobody"]),
                "by": st.integers(-1, 3) | st.none()}
events_like = st.one_of(
    st.text(max_size=60),
    json_values.map(json.dumps),
    st.fixed_dictionaries({}, optional=EVENT_FIELDS).map(json.dumps))


def _outcome(store: Store, token: str) -> str:
    try:
        seat = join_table(store, token)
    except RecordError:
        return "refused"
    seat.view()
    return "read"


@FUZZ
@given(record=events_like, number=st.integers(1, 3))
def test_any_stored_event_is_read_or_refused_as_a_record(store: Store, record: str,
                                                         number: int) -> None:
    links = _shared_table(store)
    raw_sql(store, "UPDATE nations_events SET record = ? WHERE table_id = ? AND number = ?",
            (record, links[0], number))
    assert _outcome(store, links[1]) in ("read", "refused")
    assert store.head(links[0]) == 3


def _mutations() -> st.SearchStrategy[Any]:
    keys = ["format", "version", "game", "start", "seats", "undo", "extra"]
    return st.dictionaries(st.sampled_from(keys), json_values, max_size=3)


@FUZZ
@given(change=_mutations(), drop=st.lists(st.sampled_from(
    ["format", "version", "game", "start", "seats", "undo"]), max_size=2))
def test_any_changed_table_record_is_read_or_refused(store: Store, change: dict[str, Any],
                                                     drop: list[str]) -> None:
    table_id, token = _shared_table(store)
    row = store.load_table(table_id)
    assert row is not None
    data = {**json.loads(_ORIGINAL[table_id]), **change}
    for key in drop:
        data.pop(key, None)
    raw_sql(store, "UPDATE nations_tables SET record = ? WHERE id = ?",
            (json.dumps(data), table_id))
    outcome = _outcome(store, token)
    if not change and not drop:
        assert outcome == "read"


_ORIGINAL: dict[str, str] = {}
_TABLES: dict[str, tuple[str, str]] = {}


def _shared_table(store: Store) -> tuple[str, str]:
    """One 3-event table per store, its rows put back before each example."""
    key = store_location(store)
    if key not in _TABLES:
        links = create_table(store, "dice", players=2, seed=9, variant="accelerated")
        for _ in range(3):
            to_play = join_table(store, links.spectator).game.current_player
            assert to_play is not None
            mover = join_table(store, links.seats[to_play])
            mover.play(mover.legal_moves()[-1])
        row = store.load_table(links.table_id)
        assert row is not None
        _ORIGINAL[links.table_id] = row.record
        _EVENTS[links.table_id] = [e.record for e in store.events(links.table_id)]
        _TABLES[key] = (links.table_id, links.spectator)
    table_id, token = _TABLES[key]
    raw_sql(store, "UPDATE nations_tables SET record = ? WHERE id = ?",
            (_ORIGINAL[table_id], table_id))
    for number, record in enumerate(_EVENTS[table_id], start=1):
        raw_sql(store, "UPDATE nations_events SET record = ? WHERE table_id = ? AND number = ?",
                (record, table_id, number))
    return table_id, token


_EVENTS: dict[str, list[str]] = {}
