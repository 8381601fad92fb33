"""Games played at one screen kept in the store (nations_widget.tables.kept): whatever the
widget does to the game's history (moves, undo, redo, continuing from an earlier position,
a seat handed to a bot), the store replays to the same game; a store that cannot be
written stops nothing and says why."""

from __future__ import annotations

import sqlite3
import threading
import time
from collections.abc import Callable
from typing import Any

import pytest

from nations_widget.board import Game as BoardGame
from nations_widget.dice import Game as DiceGame
from nations_widget.tables import LinkError, Store, create_table, join_table
from nations_widget.tables.kept import (
    DAY,
    FORGOTTEN,
    KeptGame,
    forget_kept,
    prune_kept,
    write_later,
    written,
)
from nations_widget.tables.table import Table

from .conftest import raw_sql


def _unsalted(saved: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in saved.items() if k != "salt"}


def keep_up(kept: KeptGame, game: Any, bots: list[str | None]) -> None:
    assert kept.write(kept.changes(game, bots)), kept.failed


def reopened(store: Store, kept: KeptGame) -> Table:
    return join_table(store, kept.token).table


@pytest.mark.parametrize("game_class", [DiceGame, BoardGame])
def test_a_kept_games_history_comes_back_whatever_the_screen_did(
        make_store: Callable[[], Store], game_class: Any) -> None:
    store = make_store()
    game = game_class(players=2, seed=5)
    bots: list[str | None] = [None, None]
    game.play(game.legal_moves()[0])
    kept = KeptGame.new(store, game, bots)
    keep_up(kept, game, bots)
    for _ in range(12):
        game.play(game.legal_moves()[-1])
        keep_up(kept, game, bots)
    game.undo()
    game.undo()
    keep_up(kept, game, bots)                          # an undo of two moves
    game.redo()
    keep_up(kept, game, bots)                          # a redo
    game.goto(4)
    game.resume(4)                                     # "Continue from here"
    game.play(game.legal_moves()[0])
    keep_up(kept, game, bots)
    bots[1] = "random"                                 # a seat handed to a bot
    for _ in range(3):
        game.play(game.legal_moves()[0])
    keep_up(kept, game, bots)
    again = make_store()                                # another kernel, later
    table = reopened(again, kept)
    back = table.game
    assert back.game_position == game.game_position
    assert [back.move_at(i) for i in range(back.game_position)] == \
        [game.move_at(i) for i in range(game.game_position)]
    assert _unsalted(back.state.to_json()) == _unsalted(game.state.to_json())
    assert table.bots == [None, "random"] and table.record.undo == "screen"
    # it goes on being kept from there
    more = KeptGame.reopened(table, kept.token)
    back.play(back.legal_moves()[0])
    keep_up(more, back, [None, "random"])
    assert reopened(make_store(), kept).game.game_position == back.game_position


def test_a_kept_game_has_one_link_and_no_seat_to_take(make_store: Callable[[], Store]) -> None:
    store = make_store()
    game = DiceGame(players=2, seed=5)
    game.play(game.legal_moves()[0])
    kept = KeptGame.new(store, game, [None, "random"])
    keep_up(kept, game, [None, "random"])
    handle = join_table(store, kept.token)
    assert handle.is_host and handle.seat is None
    with pytest.raises(ValueError, match="holds no seat"):
        handle.play(handle.game.legal_moves()[0])


class FullStore:
    """A store whose writes fail as SQLite's do when the disk is full or the folder is
    read-only."""

    def __init__(self, store: Store, message: str) -> None:
        self.store = store
        self.message = message

    def __getattr__(self, name: str) -> Any:
        return getattr(self.store, name)

    def append(self, table_id: str, seen: int, record: str) -> bool:
        raise sqlite3.OperationalError(self.message)


@pytest.mark.parametrize(("message", "said"), [
    ("database or disk is full", "disk is full"),
    ("attempt to write a readonly database", "read-only")])
def test_a_store_that_cannot_be_written_says_why_and_raises_nothing(
        make_store: Callable[[], Store], message: str, said: str) -> None:
    store = FullStore(make_store(), message)
    game = DiceGame(players=2, seed=5)
    game.play(game.legal_moves()[0])
    kept = KeptGame.new(store, game, [None, None])
    game.play(game.legal_moves()[0])
    assert not kept.write(kept.changes(game, [None, None]))
    assert said in kept.failed and "/" not in kept.failed
    assert not kept.write(kept.changes(game, [None, None]))     # and stays quiet


def _kept_game(store: Store, moves: int = 2) -> tuple[KeptGame, Any]:
    game = DiceGame(players=2, seed=5)
    game.play(game.legal_moves()[0])
    kept = KeptGame.new(store, game, [None, "random"])
    for _ in range(moves):
        game.play(game.legal_moves()[0])
    keep_up(kept, game, [None, "random"])
    return kept, game


def test_forget_deletes_a_kept_game_and_a_screen_still_playing_it_is_told_once(
        make_store: Callable[[], Store]) -> None:
    store = make_store()
    kept, _ = _kept_game(store)
    other, _ = _kept_game(store)
    tab = reopened(make_store(), kept)                    # another tab plays it too
    elsewhere = KeptGame.reopened(tab, kept.token)
    assert forget_kept(store, kept.token)
    assert store.load_table(kept.table_id) is None and store.events(kept.table_id) == []
    with pytest.raises(LinkError, match="no table has this link"):
        reopened(store, kept)
    assert [t.id for t in store.list_tables()] == [other.table_id]      # only that one
    assert reopened(store, other).game.game_position == 3
    assert not forget_kept(store, kept.token)            # gone already: nothing to do
    # the other tab plays on: its next write is refused, and says why, once
    tab.game.play(tab.game.legal_moves()[0])
    assert not elsewhere.write(elsewhere.changes(tab.game, [None, "random"]))
    assert elsewhere.gone and elsewhere.failed == FORGOTTEN
    assert not elsewhere.write([])


def test_forget_refuses_a_shared_tables_links_and_a_malformed_one(
        make_store: Callable[[], Store]) -> None:
    store = make_store()
    links = create_table(store, DiceGame(players=2, seed=5), [None, None])
    for token in (links.host, links.seats[0], links.spectator):
        with pytest.raises(LinkError, match="shared with other players"):
            forget_kept(store, token)
    for bad in ("short", 12, None, "x" * 43 + "!"):
        with pytest.raises(LinkError):
            forget_kept(store, bad)
    assert join_table(store, links.host).table.id == links.table_id      # still there
    assert [t.id for t in store.list_tables()] == [links.table_id]


def test_prune_deletes_only_kept_games_left_that_long_unless_shared_tables_are_asked(
        make_store: Callable[[], Store]) -> None:
    store = make_store()
    old, _ = _kept_game(store)
    shared = create_table(store, DiceGame(players=2, seed=5), [None, None])
    now = time.time()
    raw_sql(store, "UPDATE nations_tables SET updated = ?", (now - 100 * DAY,))
    recent, _ = _kept_game(store)
    assert prune_kept(store, 90, now=now) == 1
    left = {t.id for t in store.list_tables()}
    assert left == {shared.table_id, recent.table_id} and old.table_id not in left
    assert prune_kept(store, 90, now=now) == 0
    assert prune_kept(store, 90, shared=True, now=now) == 1
    assert {t.id for t in store.list_tables()} == {recent.table_id}
    assert prune_kept(store, 0, now=now + 1) == 1            # every kept game, now
    assert store.list_tables() == []
    with pytest.raises(ValueError, match="days"):
        prune_kept(store, -1)


def test_forget_leaves_a_record_it_cannot_read_and_says_so(
        make_store: Callable[[], Store]) -> None:
    store = make_store()
    kept, _ = _kept_game(store)
    raw_sql(store, "UPDATE nations_tables SET record = ? WHERE id = ?",
            ('{"format": "something else"}', kept.table_id))
    with pytest.raises(LinkError, match="cannot be read") as refused:
        forget_kept(store, kept.token)
    assert kept.token not in str(refused.value)
    assert store.load_table(kept.table_id) is not None


def test_a_write_asked_to_wait_runs_after_its_wait_and_in_its_turn() -> None:
    """write_later(job, after=s): the writer thread runs the job no sooner than s seconds
    after it was asked (a move's write lets the page's update go first), and the writes
    stay in the order they were asked, a later one without a wait included."""
    ran: list[tuple[str, float]] = []
    done = threading.Event()
    asked = time.monotonic()
    write_later(lambda: ran.append(("first", time.monotonic())), after=0.05)
    write_later(lambda: ran.append(("second", time.monotonic())))
    write_later(done.set)
    assert done.wait(5) and written()
    assert [name for name, _ in ran] == ["first", "second"]
    assert ran[0][1] - asked >= 0.05
