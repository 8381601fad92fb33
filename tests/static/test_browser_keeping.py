"""Games kept in the browser (the static site, where Python has no store): the app's widgets
send each game's save text in the ``kept`` trait under an id of their own, the page stores
it, and sends it back on a reload or Continue (the chooser's ``resume``): the game comes
back where it was and goes on under the same id.  A save that does not load is refused in
words and no game is shown.  The chooser of a copy in the browser says so (``in_browser``:
the page opens ``?game=`` itself) and its lobby says that shared tables need a server, with
no error.  Run here in CPython with ``sys.platform`` set as Pyodide's."""

from __future__ import annotations

import json
import sys
from typing import Any

import pytest

from nations_widget.widget import NationsWidget
from nations_widget.widget.app import GameApp
from nations_widget.widget.board.widget import BoardWidget
from nations_widget.widget.shell.keeping import IN_BROWSER, keeping_asked


@pytest.fixture
def browser(monkeypatch: pytest.MonkeyPatch) -> None:
    """This Python as the static site's: Pyodide's platform, and no store to open."""
    monkeypatch.setattr(sys, "platform", "emscripten")

    def no_store() -> Any:
        raise AssertionError("a game kept in the browser opened a store")

    monkeypatch.setattr("nations_widget.widget.shell.table_mode.shared_store", no_store)


def play_some(widget: Any, moves: int) -> None:
    for _ in range(moves):
        if widget.game.current_player is None:
            return
        widget.play(widget.game.legal_moves()[-1])


def test_keep_true_is_the_browsers_storage_there(browser: None) -> None:
    assert keeping_asked(True) == IN_BROWSER
    assert keeping_asked(False) is False


@pytest.mark.parametrize("cls", [NationsWidget, BoardWidget])
def test_a_game_sends_its_save_to_the_page_from_a_persons_first_move(
        browser: None, cls: Any) -> None:
    widget = cls(players=2, seats=["human", "random"], bot_delay=0, keep=True)
    assert widget.kept == {}                      # nothing before a person's first move
    play_some(widget, 6)
    kept = widget.kept
    assert kept["status"] == "browser" and kept["kind"] == widget.game_kind
    assert kept["summary"] == "you against 1 bot" and len(kept["id"]) == 16
    assert json.loads(kept["save"]) == json.loads(widget.save_json())
    play_some(widget, 1)
    assert widget.kept["id"] == kept["id"] and widget.kept["save"] != kept["save"]
    widget.start_game({"players": 2, "seats": ["human", "human"]})   # kept apart, once moved
    assert widget.kept == {}
    play_some(widget, 1)
    assert widget.kept["id"] != kept["id"]


@pytest.mark.parametrize("game", ["dice", "board"])
def test_a_reload_brings_the_kept_game_back_under_its_id(browser: None, game: str) -> None:
    first = GameApp(game)
    widget = first.widgets[game]
    widget.new_game_open = False
    play_some(widget, 8)
    kept = widget.kept
    assert kept["status"] == "browser"

    page = GameApp()                              # the page reloaded: a new kernel
    assert page.chooser.in_browser is True
    page.chooser._handle_custom_msg(
        {"kind": "resume", "game": kept["kind"], "id": kept["id"], "text": kept["save"]}, [])
    assert page.chooser.link_error == "" and page.shown == game
    again = page.widgets[game]
    assert again.game.moves == widget.game.moves
    assert again.game.game_position == widget.game.game_position
    assert again.seats == widget.seats and again.new_game_open is False
    assert again.kept["id"] == kept["id"]         # the same game, not a new one
    play_some(again, 1)
    assert again.kept["id"] == kept["id"] and again.kept["save"] != kept["save"]


@pytest.mark.parametrize("text", ["{not json", '{"format": "nations-dice"}', "[]", "x" * 50])
def test_a_save_that_does_not_load_is_refused_in_words(browser: None, text: str) -> None:
    page = GameApp()
    page.chooser._handle_custom_msg(
        {"kind": "resume", "game": "dice", "id": "A" * 16, "text": text}, [])
    said = page.chooser.link_error
    assert said and said[0].isupper() and "Traceback" not in said
    assert page.shown is None and page.chooser.game == ""     # the choice of game again
    # and the page still works: a game can be chosen
    page.chooser._handle_custom_msg({"kind": "choose", "game": "dice"}, [])
    assert page.shown == "dice" and page.chooser.link_error == ""


@pytest.mark.parametrize("message", [
    {"kind": "resume", "game": "chess", "id": "A" * 16, "text": "{}"},
    {"kind": "resume", "game": "dice", "id": "short", "text": "{}"},
    {"kind": "resume", "game": "dice", "id": "A" * 16},
])
def test_a_malformed_resume_is_refused_in_words(browser: None, message: dict[str, Any]) -> None:
    page = GameApp()
    page.chooser._handle_custom_msg(message, [])
    assert page.chooser.link_error and page.shown is None


def test_the_lobby_says_shared_tables_need_a_server_without_an_error(browser: None) -> None:
    page = GameApp()
    page.chooser._handle_custom_msg({"kind": "lobby", "watch": True}, [])
    assert page.chooser.lobby == {"tables": [], "server": False}
    assert page.chooser.error == ""


def test_a_served_app_is_not_in_the_browser() -> None:
    assert GameApp().chooser.in_browser is False
