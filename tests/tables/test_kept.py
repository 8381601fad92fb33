"""Games played at one screen kept in the store (nations_widget.tables.kept): whatever the
widget does to the game's history (moves, undo, redo, continuing from an earlier position,
a seat handed to a bot), the store replays to the same game; a store that cannot be
written stops nothing and says why."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from typing import Any

import pytest

from nations_widget.board import Game as BoardGame
from nations_widget.dice import Game as DiceGame
from nations_widget.tables import Store, join_table
from nations_widget.tables.kept import KeptGame
from nations_widget.tables.table import Table


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
