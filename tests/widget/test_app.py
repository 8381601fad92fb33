"""The app's entry point (nations_widget.widget.app): the choice of game, each game made
once and kept where it was, ?game= links, refusals of what the page may send."""

from __future__ import annotations

import os
from typing import Any

import pytest

from nations_widget.dice.bots import BOT_LEVELS as DICE_BOT_LEVELS
from nations_widget.widget import BoardWidget, NationsWidget
from nations_widget.widget.app import (
    APP_DICE_BOT,
    GAME_KEYS,
    GAMES,
    GameApp,
    board_game,
    dice_game,
    game_app,
    requested_game,
    voila_query_string,
)


def quick_factories() -> dict[str, Any]:
    """The two games with bots that answer at once (the app's own pause is 0.8 s)."""
    return {
        "dice": lambda: NationsWidget(players=2, seats=["human", "random"], seed=3,
                                      bot_delay=0),
        "board": lambda: BoardWidget(players=2, seats=["human", "random"], seed=3,
                                     bot_delay=0),
    }


def test_the_app_starts_with_a_choice_of_two_games_each_with_a_line() -> None:
    app = game_app()
    assert app.shown is None and app.widgets == {}
    assert app.chooser.game == ""
    offered = app.chooser.games
    # the two games, then the Learn entry (nations_widget.widget.learn)
    assert [g["key"] for g in offered] == ["dice", "board", "learn"]
    assert list(GAME_KEYS) == ["dice", "board"]
    assert [g["title"] for g in offered] == ["Nations: The Dice Game",
                                             "Nations (the board game)", "Learn to play"]
    for g in offered:
        assert len(g["line"]) > 40 and g["short"].lower() in g["title"].lower()
    # the chooser sits above the games' area
    assert app.children[0] is app.chooser and app.children[1].children == ()


def test_choosing_makes_each_game_once_and_switching_keeps_it_where_it_was() -> None:
    app = GameApp(factories=quick_factories())
    board = app.choose("board")
    assert isinstance(board, BoardWidget) and app.shown == "board"
    board.play(board.game.legal_moves()[0])
    moves = board.game.length
    dice = app.choose("dice")
    assert isinstance(dice, NationsWidget) and app.chooser.game == "dice"
    assert board.layout.display == "none" and dice.layout.display is None
    assert app.choose("board") is board and board.game.length == moves
    assert dice.layout.display == "none" and board.layout.display is None
    assert app.widgets == {"board": board, "dice": dice}
    assert app.children[1].children == (board, dice)


def test_the_app_games_the_way_the_app_opens_them() -> None:
    dice = dice_game()
    assert dice.seats == ["human", APP_DICE_BOT] and dice.bot_delay == 0.8
    assert not dice.new_game_open
    board = board_game()
    assert board.seats == ["human", "heuristic-quick"] and board.game.config.players == 2
    assert board.game_info["bot_levels"]["heuristic-quick"] == "medium"
    # the board game opens on its New game dialog; starting a game closes it for good
    assert board.new_game_open
    board.handle_intent({"kind": "new_game", "settings": {"players": 3, "seed": 5,
                                                          "seats": ["human", "random",
                                                                    "random"],
                                                          "bot_delay": 0}})
    assert not board.new_game_open and board.game.config.players == 3
    # a game loaded instead closes it too; a refused intent leaves it as it was
    again = board_game()
    again.handle_intent({"kind": "new_game", "settings": {"players": 9}})
    assert again.error and again.new_game_open
    again.handle_intent({"kind": "load", "text": board.save_json(), "name": "b.json"})
    assert again.error == "" and not again.new_game_open
    assert again.game.config.players == 3


def test_the_page_sends_a_choice_and_python_checks_it() -> None:
    app = GameApp(factories=quick_factories())
    app.chooser._handle_custom_msg({"kind": "choose", "game": "dice"}, [])
    assert app.shown == "dice" and app.chooser.error == ""
    for bad in ({"kind": "choose", "game": "chess"}, {"kind": "choose", "game": 7},
                {"kind": "choose"}, {"kind": "move", "game": "board"}, [1], "dice", None,
                {"kind": "choose", "game": "x" * 100_000}):
        app.chooser._handle_custom_msg(bad, [])
        assert app.shown == "dice", bad
        assert app.chooser.error and len(app.chooser.error) <= 200, bad
        assert "board" not in app.widgets
    app.chooser._handle_custom_msg({"kind": "choose", "game": "board"}, [])
    assert app.shown == "board" and app.chooser.error == ""
    with pytest.raises(ValueError, match="no game called 'chess'"):
        app.choose("chess")


def test_the_page_cannot_write_the_choosers_traits() -> None:
    app = GameApp(factories=quick_factories())
    sent: list[Any] = []
    app.chooser.send_state = lambda key=None: sent.append(key)
    app.chooser.set_state({"game": "board", "games": []})
    assert app.shown is None and len(app.chooser.games) == 3   # two games and Learn
    assert sent == [["game", "games"]]


@pytest.mark.parametrize(("query", "game"), [
    ("game=dice", "dice"), ("game=board", "board"), ("x=1&game=Board", "board"),
    ("game=dice&game=board", "board"), ("game=chess", None), ("", None), ("gam=dice", None),
    ("game=", None),
])
def test_a_link_can_ask_for_one_game(query: str, game: str | None) -> None:
    assert requested_game(query) == game


def test_the_query_string_comes_from_voilas_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    # a kernel Voila started for the request: QUERY_STRING in its environment
    monkeypatch.delenv("VOILA_PREHEAT", raising=False)
    monkeypatch.setenv("QUERY_STRING", "game=board")
    assert voila_query_string() == "game=board" and requested_game() == "board"
    monkeypatch.setenv("VOILA_PREHEAT", "False")
    assert requested_game() == "board"
    # outside Voila (JupyterLab, nbclient): none
    monkeypatch.delenv("QUERY_STRING")
    assert voila_query_string() == "" and requested_game() is None


def test_a_preheated_kernel_waits_for_the_request_without_importing_voila(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A preheated kernel ran the notebook before the request: it waits on Voila's
    websocket /voila/query/<kernel id> for the request's environment.  It used to ask
    Voila's helper in voila.utils, whose imports (the whole Jupyter server) took 1.2 s of
    CPU and 46 MB in every kernel; here voila.utils cannot be imported at all, and a stand-in
    server plays Voila's part."""
    import json
    import sys
    import threading

    from websockets.sync.server import ServerConnection, serve

    from nations_widget.widget import app as app_module

    asked: list[str] = []

    def voila_side(connection: ServerConnection) -> None:
        assert connection.request is not None
        asked.append(connection.request.path)
        connection.send(json.dumps({"QUERY_STRING": "game=dice", "SERVER_NAME": "here"}))

    with serve(voila_side, "127.0.0.1", 0) as server:
        port = server.socket.getsockname()[1]
        threading.Thread(target=server.serve_forever, daemon=True).start()
        monkeypatch.setitem(sys.modules, "voila.utils", None)    # an import would fail
        monkeypatch.setattr(app_module, "_request_seen", False)
        monkeypatch.setenv("VOILA_PREHEAT", "True")
        monkeypatch.setenv("VOILA_APP_PORT", str(port))
        monkeypatch.setenv("VOILA_SERVER_URL", "/base/")
        monkeypatch.setenv("VOILA_KERNEL_ID", "kernel-7")
        monkeypatch.setenv("QUERY_STRING", "game=board")     # not this kernel's request
        monkeypatch.setenv("SERVER_NAME", "")
        assert requested_game() == "dice"
        # the request comes once: asked again, the kernel does not wait for another one
        assert voila_query_string() == "game=dice"
        server.shutdown()
    assert asked == ["/base/voila/query/kernel-7"]
    assert os.environ["SERVER_NAME"] == "here"


def test_a_preheated_kernel_with_no_voila_to_ask_finds_no_game(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from nations_widget.widget import app as app_module
    from nations_widget.widget.app import wait_for_voila_request

    monkeypatch.setattr(app_module, "_request_seen", False)
    monkeypatch.setenv("VOILA_PREHEAT", "True")
    monkeypatch.setenv("VOILA_APP_PORT", "1")                 # nobody listens there
    monkeypatch.setenv("VOILA_KERNEL_ID", "kernel-7")
    monkeypatch.delenv("QUERY_STRING", raising=False)
    with pytest.warns(UserWarning, match="no request from Voila"):
        wait_for_voila_request()
    with pytest.warns(UserWarning):
        assert requested_game() is None


def test_a_game_asked_for_by_the_link_is_shown_at_once() -> None:
    app = GameApp("board", factories=quick_factories())
    assert app.shown == "board" and list(app.widgets) == ["board"]
    assert [g.title for g in GAMES if g.key == app.shown] == ["Nations (the board game)"]


def test_the_dice_game_opens_against_a_gentle_bot_whose_level_the_page_names() -> None:
    """A newcomer's first game is against an easy bot (the tree search won 49-7), the page
    can name each bot's level, and New game still offers the strongest."""
    dice = dice_game()
    bot = dice.seats[1]
    assert DICE_BOT_LEVELS[bot] == 1 and bot == "heuristic-easy"
    levels = dice.game_info["bot_levels"]
    assert levels[bot] == "easy"
    # named from the measured ratings: the three searches share one level (README)
    assert levels["random"] == "very easy" and levels["mcts-hard"] == "hard"
    assert levels["heuristic"] == "medium"
    assert "rated +" in dice.bot_info["mcts-hard"]
    assert set(levels) == set(dice.bot_names) and "mcts-hard" in dice.bot_names
    board = board_game()
    assert board.game_info["bot_levels"]["heuristic-quick"] == "medium"
    assert board.game_info["bot_levels"]["heuristic"] == "hard"
    assert "rated +" in board.bot_info["mcts"]
    assert set(board.game_info["bot_levels"]) == set(board.bot_names)
    # the strongest can still be chosen for the next game
    dice.handle_intent({"kind": "new_game", "settings": {"players": 2, "seed": 4,
                                                         "seats": ["human", "mcts-hard"],
                                                         "bot_delay": 0}})
    assert dice.error == "" and dice.seats == ["human", "mcts-hard"]
