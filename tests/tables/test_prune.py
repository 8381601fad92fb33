"""``python -m nations_widget tables prune --days N``: whoever runs the server deletes the
games kept from one screen that nobody played for N days (shared tables only with
``--shared``), on either store."""

from __future__ import annotations

import io
import time
from collections.abc import Callable

import pytest

from nations_widget.__main__ import main, prune_command
from nations_widget.dice import Game as DiceGame
from nations_widget.tables import Store, create_table
from nations_widget.tables.kept import DAY, KeptGame

from .conftest import raw_sql, store_location


def _kept(store: Store) -> str:
    game = DiceGame(players=2, seed=5)
    game.play(game.legal_moves()[0])
    kept = KeptGame.new(store, game, [None, "random"])
    assert kept.write(kept.changes(game, [None, "random"])), kept.failed
    return kept.table_id


def test_prune_deletes_old_kept_games_only_and_says_how_many(
        make_store: Callable[[], Store], capsys: pytest.CaptureFixture[str]) -> None:
    store = make_store()
    old = _kept(store), _kept(store)
    shared = create_table(store, DiceGame(players=2, seed=5), [None, None]).table_id
    raw_sql(store, "UPDATE nations_tables SET updated = ?", (time.time() - 91 * DAY,))
    recent = _kept(store)
    where = store_location(store)
    assert main(["tables", "prune", "--days", "90", "--store", where]) == 0
    said = capsys.readouterr().out
    assert said.startswith("Deleted 2 games kept from one screen not played for 90 days")
    assert "password" not in said
    assert {t.id for t in store.list_tables()} == {shared, recent}
    assert not set(old) & {t.id for t in store.list_tables()}
    assert main(["tables", "prune", "--days", "90", "--shared", "--store", where]) == 0
    assert capsys.readouterr().out.startswith("Deleted 1 table (games kept from one screen "
                                              "and shared tables) not played for 90 days")
    assert [t.id for t in store.list_tables()] == [recent]


def test_prune_refuses_a_negative_age_and_a_store_it_cannot_open() -> None:
    out = io.StringIO()
    assert prune_command(-1, url="sqlite:///nowhere", out=out) == 2
    assert "0 or more" in out.getvalue()
    out = io.StringIO()
    assert prune_command(1, url="mysql://x", out=out) == 2
    assert "cannot be opened" in out.getvalue()
