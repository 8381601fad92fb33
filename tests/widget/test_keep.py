"""Every game kept (issue 21): a hot-seat game or a game against bots, played in a widget
that keeps (the app's), is in the store as it is played, and its link (the ``kept`` trait,
for this browser's "Continue a game" list) brings it back in another kernel at its last
stored move with its history; a widget made in a notebook writes nothing unless asked; a
store that cannot be written stops nothing and is said once."""

from __future__ import annotations

import json
import logging
import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from nations_widget.dice import Game as DiceGame
from nations_widget.tables import SQLiteStore, Store
from nations_widget.tables.kept import KeptGame, written
from nations_widget.widget import NationsWidget
from nations_widget.widget.board.widget import BoardWidget
from nations_widget.widget.shell import table_mode
from nations_widget.widget.shell.keeping import Keeping
from nations_widget.widget.shell.table_mode import use_store


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    opened = SQLiteStore(tmp_path / "tables.sqlite3")
    use_store(opened)
    yield opened
    written()
    use_store(None)
    opened.close()


def play_some(widget: Any, moves: int) -> None:
    for _ in range(moves):
        if widget.game.current_player is None:
            return
        widget.play(widget.game.legal_moves()[-1])


def test_a_notebooks_widget_keeps_nothing_unless_asked(
        store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NATIONS_KEEP_GAMES", raising=False)
    opened: list[bool] = []

    def shared_store() -> Store:
        opened.append(True)
        return store

    monkeypatch.setattr(table_mode, "shared_store", shared_store)
    widget = NationsWidget(players=2, seats=["human", "random"], bot_delay=0)
    play_some(widget, 6)
    written()
    assert widget.kept == {} and store.list_tables() == [] and not opened
    monkeypatch.setenv("NATIONS_KEEP_GAMES", "1")                 # asked by the environment
    asked = NationsWidget(players=2, seats=["human", "random"], bot_delay=0)
    play_some(asked, 2)
    written()
    assert asked.kept["status"] == "kept" and len(store.list_tables()) == 1


@pytest.mark.parametrize("cls", [NationsWidget, BoardWidget])
def test_a_game_against_a_bot_comes_back_in_another_kernel_with_its_history(
        store: Store, cls: Any) -> None:
    widget = cls(players=2, seats=["human", "random"], bot_delay=0, keep=True)
    # nothing kept before a person's first move (the bot may have opened the game)
    assert widget.kept == {}
    play_some(widget, 8)
    widget.undo(None)                                # back to the person's last decision
    play_some(widget, 2)
    kept = widget.kept
    assert kept["status"] == "kept" and kept["summary"] == "you against 1 bot"
    assert kept["kind"] == widget.game_kind and len(kept["token"]) == 43
    written()
    again = cls(players=2, seats=["human", "human"], bot_delay=0, keep=True)
    again.sit_at([kept["token"]])                    # the page's Continue, in a new kernel
    assert again.table == {} and again.table_binding is None     # a game of this screen
    assert again.seats == ["human", "random"]
    assert again.game.game_position == widget.game.game_position
    assert again.game.moves == widget.game.moves
    assert again.view == widget.view and again.game_log == widget.game_log
    assert again.kept["token"] == kept["token"]       # and it goes on being kept
    play_some(again, 2)
    written()
    third = cls(players=2, seats=["human", "human"], bot_delay=0)    # not asked to keep
    third.sit_at([kept["token"]])
    assert third.game.game_position == again.game.game_position
    play_some(third, 1)                               # a kept game opened is kept on
    written()
    fourth = cls(players=2, seats=["human", "human"], bot_delay=0)
    fourth.sit_at([kept["token"]])
    assert fourth.game.moves == third.game.moves


def test_a_hot_seat_games_undo_and_continue_from_here_are_kept(store: Store) -> None:
    widget = NationsWidget(players=3, seats=["human"] * 3, bot_delay=0, keep=True)
    play_some(widget, 10)
    widget.undo(3)
    widget.goto(2)
    widget.continue_here()
    play_some(widget, 1)
    written()
    assert widget.kept["summary"] == "3 players at this screen"
    again = NationsWidget(players=2, bot_delay=0)
    again.sit_at([widget.kept["token"]])
    assert again.game.game_position == widget.game.game_position == 3
    assert again.game.moves == widget.game.moves


def test_a_new_game_is_kept_apart_from_the_last(store: Store) -> None:
    widget = NationsWidget(players=2, seats=["human", "human"], bot_delay=0, keep=True)
    play_some(widget, 3)
    first = widget.kept["token"]
    widget.start_game({"players": 2})
    assert widget.kept == {}
    play_some(widget, 1)
    written()
    assert widget.kept["token"] != first and len(store.list_tables()) == 2


class FailingStore:
    """The store, but every write fails as SQLite's does on a full disk."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def __getattr__(self, name: str) -> Any:
        return getattr(self.store, name)

    def append(self, table_id: str, seen: int, record: str) -> bool:
        raise sqlite3.OperationalError("database or disk is full")


def test_a_store_that_cannot_be_written_does_not_stop_play_and_is_said_once(
        store: Store, caplog: pytest.LogCaptureFixture) -> None:
    widget = NationsWidget(players=2, seats=["human", "random"], bot_delay=0,
                           keep=FailingStore(store))
    changes: list[Any] = []
    widget.observe(lambda change: changes.append(change["new"]), names="kept")
    with caplog.at_level(logging.WARNING, logger=widget.log.name):
        play_some(widget, 4)
        written()
        play_some(widget, 4)
        written()
    assert widget.error == "" and widget.game.game_position >= 8
    assert widget.kept == {"status": "off", "message": "the server's disk is full"}
    said = [c.get("status") for c in changes]
    assert said[-1] == "off" and said.count("off") == 1 and set(said) <= {"kept", "off"}
    warnings = [r.getMessage() for r in caplog.records if "no longer kept" in r.getMessage()]
    assert len(warnings) == 1 and "disk is full" in warnings[0]


CHILD = """
import json, sys, time
from nations_widget.tables.kept import written
from nations_widget.widget import NationsWidget
w = NationsWidget(players=2, seats=["human", "heuristic"], bot_delay=0, seed=5)
for _ in range(12):
    if w.game.current_player is None:
        break
    w.play(w.game.legal_moves()[-1])
written()
print(json.dumps({"token": w.kept["token"], "moves": [m.to_json() for m in w.game.moves]}),
      flush=True)
time.sleep(120)
"""


def test_a_killed_kernel_loses_nothing(tmp_path: Path) -> None:
    env = {**os.environ, "NATIONS_KEEP_GAMES": "1", "NATIONS_TABLES_DIR": str(tmp_path)}
    env.pop("NATIONS_TABLES_URL", None)
    child = subprocess.Popen([sys.executable, "-c", textwrap.dedent(CHILD)], env=env,
                             stdout=subprocess.PIPE, text=True, cwd=os.getcwd())
    try:
        assert child.stdout is not None
        line = child.stdout.readline()
    finally:
        child.send_signal(signal.SIGKILL)            # the kernel dies, without a word
        child.wait(30)
    played = json.loads(line)
    store = SQLiteStore(tmp_path / "tables.sqlite3")
    use_store(store)
    try:
        again = NationsWidget(players=2, bot_delay=0)
        again.sit_at([played["token"]])
        assert [m.to_json() for m in again.game.moves] == played["moves"]
        assert again.seats == ["human", "heuristic"]
    finally:
        use_store(None)
        store.close()


def test_the_apps_games_are_kept_and_its_continue_brings_them_back(store: Store) -> None:
    from nations_widget.widget.app import GameApp
    app = GameApp("dice")
    widget = app.widgets["dice"]
    play_some(widget, 3)
    written()
    token = widget.kept["token"]
    later = GameApp()                                 # the page reloaded: a new kernel
    later._on_msg(later.chooser, {"kind": "join", "tokens": [token]})
    assert later.chooser.error == "" and later.shown == "dice"
    back = later.widgets["dice"]
    assert back.game.moves == widget.game.moves and back.table == {}
    assert later.chooser.joined["role"] == "kept"


def _fails_in_keeping(monkeypatch: pytest.MonkeyPatch, shown: Any) -> None:
    """Working out the loaded game's events fails (before anything of it is stored)."""
    changes = KeptGame.changes

    def failing(self: KeptGame, game: Any, bots: Any) -> list[str]:
        if game is not shown:
            raise IndexError("tuple index out of range")
        return changes(self, game, bots)

    monkeypatch.setattr(KeptGame, "changes", failing)


def _fails_after_keeping(monkeypatch: pytest.MonkeyPatch, shown: Any) -> None:
    """The loaded game is kept (its record's write asked for), then showing it fails."""
    follow = Keeping.follow

    def failing(self: Keeping, widget: Any, game: Any, bots: Any) -> None:
        follow(self, widget, game, bots)
        if game is not shown:
            raise IndexError("tuple index out of range")

    monkeypatch.setattr(Keeping, "follow", failing)


@pytest.mark.parametrize("fault", [_fails_in_keeping, _fails_after_keeping])
def test_a_load_rolled_back_keeps_the_game_under_its_own_link_and_no_other_record(
        store: Store, monkeypatch: pytest.MonkeyPatch, fault: Any) -> None:
    widget = NationsWidget(players=2, seats=["human", "human"], seed=3, bot_delay=0,
                           keep=True)
    play_some(widget, 3)
    written()
    before = dict(widget.kept)
    saved = DiceGame(players=4, seed=3)
    for _ in range(6):
        saved.play(saved.legal_moves()[0])
    fault(monkeypatch, widget.game)
    widget.handle_intent({"kind": "load", "text": saved.to_json_str()})
    assert widget.error.startswith("could not load") and widget.kept == before
    monkeypatch.undo()
    play_some(widget, 2)                             # the game goes on, kept as before
    written()
    assert widget.kept == before
    assert [t.id for t in store.list_tables()] == [before["id"]]      # no orphan
    again = NationsWidget(players=2, bot_delay=0)
    again.sit_at([before["token"]])
    assert again.game.moves == widget.game.moves


def test_the_apps_forget_deletes_a_kept_game_and_a_tab_still_playing_it_plays_on(
        store: Store) -> None:
    from nations_widget.widget.app import GameApp
    app = GameApp("dice")
    widget = app.widgets["dice"]
    play_some(widget, 3)
    written()
    kept = dict(widget.kept)
    other = NationsWidget(players=2, seats=["human", "human"], bot_delay=0, keep=True)
    play_some(other, 2)
    written()
    page = GameApp()                                  # the first screen, in another tab
    page._on_msg(page.chooser, {"kind": "forget", "tokens": [kept["token"]]})
    assert page.chooser.error == ""
    assert [t.id for t in store.list_tables()] == [other.kept["id"]]   # that game only
    changes: list[Any] = []
    widget.observe(lambda change: changes.append(change["new"]), names="kept")
    play_some(widget, 2)                              # the tab still playing it
    written()
    play_some(widget, 2)
    written()
    assert widget.error == "" and widget.game.game_position >= 7
    assert widget.kept["status"] == "off" and widget.kept["gone"] is True
    assert widget.kept["id"] == kept["id"] and "token" not in widget.kept
    assert "forgotten" in widget.kept["message"]
    assert [c.get("status") for c in changes].count("off") == 1
    assert [t.id for t in store.list_tables()] == [other.kept["id"]]   # not written again
    page._on_msg(page.chooser, {"kind": "forget", "tokens": [kept["token"]]})
    assert page.chooser.error == ""                   # gone already: nothing to do


@pytest.mark.parametrize("message", [
    {"kind": "forget"}, {"kind": "forget", "tokens": "x"}, {"kind": "forget", "tokens": []},
    {"kind": "forget", "tokens": [1]}, {"kind": "forget", "tokens": ["a" * 43, "b" * 43]},
    {"kind": "forget", "tokens": ["not a link"]}])
def test_a_malformed_forget_is_refused_in_words_and_deletes_nothing(
        store: Store, message: dict[str, Any]) -> None:
    from nations_widget.widget.app import GameApp
    widget = NationsWidget(players=2, seats=["human", "human"], bot_delay=0, keep=True)
    play_some(widget, 2)
    written()
    page = GameApp()
    page._on_msg(page.chooser, message)
    assert page.chooser.error.startswith(("The page asked to forget", "The game was taken"))
    assert "a" * 43 not in page.chooser.error and len(page.chooser.error) <= 200
    assert [t.id for t in store.list_tables()] == [widget.kept["id"]]


def test_forget_leaves_a_shared_table_on_the_server_and_says_why(store: Store) -> None:
    from nations_widget.tables import create_table
    from nations_widget.widget.app import GameApp
    links = create_table(store, DiceGame(players=2, seed=3), [None, None])
    page = GameApp()
    for token in (links.host, links.seats[1]):
        page._on_msg(page.chooser, {"kind": "forget", "tokens": [token]})
        assert "other players" in page.chooser.error and token not in page.chooser.error
    assert [t.id for t in store.list_tables()] == [links.table_id]


def play_out(widget: Any) -> None:
    while widget.game.current_player is not None:
        widget.play(widget.game.legal_moves()[-1])


@pytest.mark.parametrize("cls, settings", [(NationsWidget, {}), (BoardWidget, {"ages": 1})])
def test_a_finished_game_opened_over_a_kept_one_is_the_one_its_kept_trait_names(
        store: Store, cls: Any, settings: dict[str, Any]) -> None:
    """The app's page reloaded at a finished game: the kernel's own new game may be kept
    already (its first move made before the page's link came) when the link opens the
    finished one. The page puts the kept trait's link in its address and its Continue list,
    so the trait must name the game shown: with the new game's link, the next reload
    brought the new game instead of the final scores."""
    done = cls(players=2, seats=["human", "human"], bot_delay=0, keep=True, seed=3,
               **settings)
    play_out(done)
    written()
    finished = dict(done.kept)
    widget = cls(players=2, seats=["human", "heuristic"], bot_delay=0, keep=True,
                 **settings)
    play_some(widget, 1)
    assert widget.kept["status"] == "kept" and widget.kept["token"] != finished["token"]
    widget.sit_at([finished["token"]])
    assert widget.view["step"] == "game_over"
    assert widget.game.game_position == done.game.game_position
    assert widget.kept == {**finished, "summary": "2 players at this screen"}
    written()
    assert len(store.list_tables()) == 2          # nothing new kept by the reopen
    widget.start_game({"seed": 4})                # Play again: a new game, kept apart
    assert widget.kept == {}
    play_some(widget, 1)
    written()
    assert widget.kept["token"] not in (finished["token"], "") and len(store.list_tables()) == 3


@pytest.mark.parametrize("cls, seed", [(NationsWidget, 1), (BoardWidget, 3)])
def test_the_game_a_widget_opens_with_is_not_kept_for_a_bots_opening_move_alone(
        store: Store, cls: Any, seed: int) -> None:
    """The app's page makes its game before it can read its address: a page opened at a
    kept game's link would otherwise keep a game nobody asked for each time the bot
    opened it (and list it under Continue a game). A person's first move keeps it."""
    widget = cls(players=2, seats=["human", "heuristic"], bot_delay=0, keep=True, seed=seed)
    assert widget.game.game_position > 0            # the bot opened the game
    written()
    assert widget.kept == {} and store.list_tables() == []
    play_some(widget, 1)                            # the person's first move
    written()
    assert widget.kept["status"] == "kept" and len(store.list_tables()) == 1
    # a game asked for (New game, Play again) is kept from its first move, whoever makes it
    widget.start_game({"seed": seed})
    assert widget.game.game_position > 0
    written()
    assert widget.kept["status"] == "kept" and len(store.list_tables()) == 2
    # and a game of bots alone from its first move, even the one a widget opens with
    bots = cls(players=2, seats=["heuristic", "heuristic"], bot_delay=0, keep=True, seed=seed)
    assert bots.game.game_position > 0
    written()
    assert bots.kept["status"] == "kept"


def test_the_kept_trait_reaches_the_page_in_the_same_update_as_its_game(store: Store) -> None:
    """The page notes each update's turn on the kept game's Continue entry: a new game's
    update that came before its kept trait was emptied noted the new game's turn on the
    last game's entry (a finished game read "your turn" again)."""
    done = NationsWidget(players=2, seats=["human", "human"], bot_delay=0, keep=True, seed=3)
    play_out(done)
    written()
    widget = NationsWidget(players=2, seats=["human", "human"], bot_delay=0, keep=True)
    updates: list[set[str]] = []
    widget.send_state = lambda key=None: updates.append(  # type: ignore[method-assign]
        {key} if isinstance(key, str) else set(key or ()))
    widget.sit_at([done.kept["token"]])           # a finished game opened again
    [update] = [u for u in updates if "history" in u]
    assert "kept" in update and widget.kept["token"] == done.kept["token"]
    updates.clear()
    widget.start_game({"seed": 4})                # Play again
    [update] = [u for u in updates if "history" in u]
    assert "kept" in update and widget.kept == {}


def test_a_load_rolled_back_on_the_opening_game_keeps_it_unkept_until_a_person_moves(
        store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    """The rollback brings back the opening game's state of keeping too: a game that only
    its bot had moved in is still not kept for that, and a person's move keeps it."""
    widget = NationsWidget(players=2, seats=["human", "heuristic"], bot_delay=0, keep=True,
                           seed=1)
    assert widget.game.game_position > 0                 # the bot opened the game
    saved = DiceGame(players=2, seed=3)
    saved.play(saved.legal_moves()[0])
    _fails_after_keeping(monkeypatch, widget.game)
    widget.handle_intent({"kind": "load", "text": saved.to_json_str()})
    assert widget.error.startswith("could not load")
    monkeypatch.undo()
    widget.set_seat(1, "heuristic")                     # a publish of the opening game again
    written()
    assert widget.kept == {} and store.list_tables() == []
    play_some(widget, 1)
    written()
    assert widget.kept["status"] == "kept" and len(store.list_tables()) == 1
