"""A refused load changes nothing (issue 22), in both games' widgets.

Refused by the engine (a save no game could reach) or failing after the save was read
(while the loaded game is being shown): the widget keeps its game, its history and every
synced trait as they were, and says why in words (not "tuple index out of range").
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from nations_widget.board import Game as BoardGame
from nations_widget.board.scenario import scenario
from nations_widget.core.errors import StateFormatError
from nations_widget.dice import Game as DiceGame
from nations_widget.widget import NationsWidget
from nations_widget.widget.board.widget import BoardWidget
from nations_widget.widget.shell.widget import GameWidget


def board_widget() -> GameWidget[Any, Any]:
    return BoardWidget(players=2, seats=["human", "human"], seed=11, bot_delay=0)


def dice_widget() -> GameWidget[Any, Any]:
    return NationsWidget(players=2, seats=["human", "human"], seed=3, bot_delay=0)


def board_saves() -> tuple[str, str]:
    """A 5-player board game's save, and the issue's save of a 5-player position whose
    queued card effect the card does not have (it loaded; showing it failed with
    "tuple index out of range")."""
    game = BoardGame(players=5, seed=3)
    for _ in range(6):
        game.play(game.legal_moves()[0])
    bad = json.loads(json.dumps(BoardGame.from_state(scenario({"players": 5, "seed": 1})
                                                     ).to_json()))
    bad["start"]["queue"] = [["effect", 0, "card", "theatre", [2], 4]]
    return game.to_json_str(), json.dumps(bad)


def dice_saves() -> tuple[str, str]:
    """A 4-player dice game's save, and one whose third move is not legal there."""
    game = DiceGame(players=4, seed=3)
    for _ in range(6):
        game.play(game.legal_moves()[0])
    bad = game.to_json()
    bad["moves"][2] = {"type": "pass"} if bad["moves"][2] != {"type": "pass"} \
        else {"type": "reroll", "dice": [0]}
    return game.to_json_str(), json.dumps(bad)


GAMES: dict[str, tuple[Callable[[], GameWidget[Any, Any]], Callable[[], tuple[str, str]]]] = {
    "board": (board_widget, board_saves), "dice": (dice_widget, dice_saves)}


def snapshot(w: GameWidget[Any, Any]) -> tuple[Any, ...]:
    """The game, where it stands, and every synced trait but ``error``."""
    traits = {t: getattr(w, t) for t in type(w).read_only_traits() if t != "error"}
    return (w.game, w.state.to_json_str(), w.game.position, w.game.length,
            json.dumps(traits, sort_keys=True, default=repr), list(w.seats))


def played_a_little(w: GameWidget[Any, Any]) -> None:
    for _ in range(3):
        w.play(w.game.legal_moves()[-1])
    w.undo()


def in_words(text: str) -> None:
    assert text.startswith("could not load"), text
    assert "index out of range" not in text and "Error" not in text, text
    assert len(text) < 500


@pytest.mark.parametrize("kind", GAMES)
def test_a_save_the_engine_refuses_changes_nothing(kind: str) -> None:
    make, saves = GAMES[kind]
    w = make()
    played_a_little(w)
    before = snapshot(w)
    w.handle_intent({"kind": "load", "text": saves()[1], "name": "bad.json"})
    assert w.last_internal_error is None
    in_words(w.error)
    assert snapshot(w) == before


@pytest.mark.parametrize("kind", GAMES)
def test_a_load_that_fails_while_shown_changes_nothing(kind: str,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    make, saves = GAMES[kind]
    w = make()
    played_a_little(w)
    before = snapshot(w)
    adapter = w.adapter
    shown = adapter.view_payload

    def broken(game: Any, seats: Any) -> Any:
        if game is not before[0]:
            raise IndexError("tuple index out of range")
        return shown(game, seats)

    monkeypatch.setattr(adapter, "view_payload", broken)
    w.handle_intent({"kind": "load", "text": saves()[0], "name": "other.json"})
    in_words(w.error)
    assert snapshot(w) == before
    with pytest.raises(StateFormatError):
        w.load_json(saves()[0])
    assert snapshot(w) == before
    monkeypatch.undo()
    w.handle_intent({"kind": "load", "text": saves()[0]})      # and it loads once it can
    assert w.error == "" and w.game is not before[0]
