"""The games this package plays: one list, read by the command line, the app and the tests.

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
from collections.abc import Callable
from dataclasses import dataclass
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


GAMES: tuple[GameEntry, ...] = (
    GameEntry("dice", "Nations: The Dice Game", "The Dice Game",
              "Four rounds of rolling dice to buy buildings, wonders, advisors and "
              "colonies. 1-4 players, against bots or friends at the same screen.",
              engine="nations_widget.dice", widget="nations_widget.widget.app:dice_game"),
    GameEntry("board", "Nations (the board game)", "The board game",
              "Four ages of buying cards from a shared progress board, putting workers "
              "on them, waging wars and raising wonders (or a shorter game). 1-5 "
              "players, solo against a shadow nation.",
              engine="nations_widget.board", widget="nations_widget.widget.app:board_game"),
)

#: every game's key, in the order the app offers them
GAME_KEYS: tuple[str, ...] = tuple(g.key for g in GAMES)


def game_entry(key: str) -> GameEntry:
    """The game with this key (KeyError naming the known keys otherwise)."""
    for entry in GAMES:
        if entry.key == key:
            return entry
    raise KeyError(f"no game {key!r} (the games: {', '.join(GAME_KEYS)})")


__all__ = ["GAMES", "GAME_KEYS", "GameEntry", "game_entry"]
