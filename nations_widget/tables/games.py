"""The games a table can hold, each by its saved game's ``format`` name.

A game kind is its :class:`~nations_widget.core.history.HistoryGame` subclass (which loads
and replays its saves through its engine) and its bots by name.  The games of
:mod:`nations_widget.core.registry` are registered (each loaded the first time a kind is
asked for); another game registers with :func:`register`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..core.bots.base import Bot
from ..core.history import HistoryGame
from ..core.registry import GAMES


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
_builtin_loaded = False


def register(kind: GameKind) -> None:
    """Make ``kind`` available to tables (by its name and its format)."""
    _KINDS[kind.name] = kind


def _builtin() -> None:
    """Register the package's games (once; a game registered before keeps its place)."""
    global _builtin_loaded
    if _builtin_loaded:
        return
    _builtin_loaded = True
    for entry in GAMES:
        if entry.key not in _KINDS:
            bot_names, make_bot = entry.bots()
            register(GameKind(entry.key, entry.game_class(), bot_names, make_bot))


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
