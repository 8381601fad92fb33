"""The games a table can hold, each by its saved game's ``format`` name.

A game kind is its :class:`~nations_widget.core.history.HistoryGame` subclass (which loads
and replays its saves through its engine) and its bots by name.  Both Nations games are
registered; another game registers with :func:`register`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..core.bots.base import Bot
from ..core.history import HistoryGame


@dataclass(frozen=True)
class GameKind:
    """A game a table can hold: ``name`` ("dice", "board"), its history class (whose
    ``FORMAT`` names it in a stored table), its bots' names and how to make one."""

    name: str
    game_class: type[HistoryGame[Any, Any]]
    bot_names: tuple[str, ...]
    make_bot: Callable[[str, int], Bot]

    @property
    def format(self) -> str:
        return self.game_class.FORMAT


_KINDS: dict[str, GameKind] = {}


def register(kind: GameKind) -> None:
    """Make ``kind`` available to tables (by its name and its format)."""
    _KINDS[kind.name] = kind


def _builtin() -> None:
    if _KINDS:
        return
    from ..board import Game as BoardGame
    from ..board.bots import BOT_NAMES as BOARD_BOTS
    from ..board.bots import make_bot as make_board_bot
    from ..dice import Game as DiceGame
    from ..dice.bots import BOT_NAMES as DICE_BOTS
    from ..dice.bots import make_bot as make_dice_bot
    register(GameKind("dice", DiceGame, DICE_BOTS, make_dice_bot))
    register(GameKind("board", BoardGame, BOARD_BOTS, make_board_bot))


def kinds() -> dict[str, GameKind]:
    """Every registered game kind by name."""
    _builtin()
    return dict(_KINDS)


def kind_named(name: str) -> GameKind | None:
    _builtin()
    return _KINDS.get(name)


def kind_of(game: object) -> GameKind | None:
    """The kind of a game object (by its class and its save's format name); ``None`` for
    anything else."""
    _builtin()
    for kind in _KINDS.values():
        if isinstance(game, kind.game_class) and kind.format == game.FORMAT:
            return kind
    return None


__all__ = ["GameKind", "kind_named", "kind_of", "kinds", "register"]
