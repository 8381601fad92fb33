"""The games this package plays: one list, read by the command line, the app, the tables,
the tests and the JS build.

The list is data (``games.json`` beside this module), so that ``js/build.mjs`` and
``hatch_build.py`` read the same list without importing Python: the build makes one bundle
per key, and the tests are parametrized over :data:`GAMES` (a game added here is played by
the conformance suite and must bring its load fuzzing, or a test fails).

Each :class:`GameEntry` says, by name only, where a game's parts live: its engine package
(``Game`` and ``GameState``, its command line in ``<engine>.__main__``), and the function
the app makes its widget with.  Nothing here imports a game or the widget: the parts are
imported when they are asked for (:meth:`GameEntry.game_class`, :meth:`GameEntry.bots`,
:meth:`GameEntry.cli`, :meth:`GameEntry.make_widget`), so reading the list costs nothing
and ``core`` depends on no game.

The key names the game everywhere: ``python -m nations_widget tournament --game KEY``,
the app's ``?game=KEY`` link, the folder of its browser view (``js/src/KEY``, built into
``nations_widget/static/KEY.js``; a test checks that the build's folders are these keys).

>>> [g.key for g in GAMES]
['dice', 'board']
>>> game_entry("board").engine
'nations_widget.board'
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .bots.base import Bot
    from .history import HistoryGame


@dataclass(frozen=True)
class GameEntry:
    """One game: its key, titles, one line for the app's chooser, and where its parts
    live (module paths, imported on demand)."""

    key: str
    #: the full title ("Nations: The Dice Game")
    title: str
    #: the short title on the app's bar ("The Dice Game")
    short: str
    #: the line on the app's button for it
    line: str
    #: the engine package ("nations_widget.dice"): ``Game``, ``GameState``, ``__main__``
    engine: str
    #: the app's widget for it, "module:function" (the function takes no argument)
    widget: str
    #: the numbers of players a game can have, ascending (the engine refuses any other)
    players: tuple[int, ...]

    def game_class(self) -> type[HistoryGame[Any, Any]]:
        """The engine's ``Game`` (its history class)."""
        game: type[HistoryGame[Any, Any]] = importlib.import_module(self.engine).Game
        return game

    def bots(self) -> tuple[tuple[str, ...], Callable[[str, int], Bot]]:
        """The engine's bots (``<engine>.bots``): their names, and how to make one by name
        and seed."""
        module = importlib.import_module(f"{self.engine}.bots")
        names: tuple[str, ...] = module.BOT_NAMES
        make_bot: Callable[[str, int], Bot] = module.make_bot
        return names, make_bot

    def cli(self) -> Callable[[list[str]], int]:
        """The engine's command line (``python -m <engine>``): ``main(argv)``."""
        main: Callable[[list[str]], int] = importlib.import_module(
            f"{self.engine}.__main__").main
        return main

    def make_widget(self) -> Any:
        """The app's widget for this game, new (imports the widget machinery)."""
        module, _, name = self.widget.partition(":")
        factory: Callable[[], Any] = getattr(importlib.import_module(module), name)
        return factory()


#: where the list is kept (read by js/build.mjs and hatch_build.py too)
LIST_FILE = Path(__file__).with_name("games.json")


def _read_list() -> tuple[tuple[GameEntry, ...], dict[str, str]]:
    data = json.loads(LIST_FILE.read_text(encoding="utf-8"))
    games = tuple(GameEntry(**{**g, "players": tuple(g["players"])}) for g in data["games"])
    return games, dict(data["page_bundles"])


#: the games, in the order the app offers them; and the app's own page bundles (not games:
#: the chooser, the lessons' panel), by key, each with what it is
GAMES, PAGE_BUNDLES = _read_list()

#: every game's key, in the order the app offers them
GAME_KEYS: tuple[str, ...] = tuple(g.key for g in GAMES)


def game_entry(key: str) -> GameEntry:
    """The game with this key (KeyError naming the known keys otherwise)."""
    for entry in GAMES:
        if entry.key == key:
            return entry
    raise KeyError(f"no game {key!r} (the games: {', '.join(GAME_KEYS)})")


__all__ = ["GAMES", "GAME_KEYS", "PAGE_BUNDLES", "GameEntry", "game_entry"]
