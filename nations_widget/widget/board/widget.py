"""The board game's widget: :class:`BoardWidget`, the shell's
:class:`~nations_widget.widget.shell.widget.GameWidget` with the board game's adapter, its
bundle (``nations_widget/static/board.js`` and ``board.css``) and its one game-only trait,
``cards`` (every card of the game's card sets, sent once per game; the ``view`` names
cards by id)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

import traitlets

from ...board import Game, GameState, Move
from ...board.components import Components
from ..shell.adapter import BotFactory
from ..shell.widget import DEFAULT_BOT_DELAY, STATIC, GameWidget
from ..shell.wire import AS_JSON_TEXT
from .adapter import BoardAdapter


class BoardWidget(GameWidget[Game, Move]):
    """Play Nations, the board game, in Jupyter or Voila.

    >>> w = BoardWidget(players=3, seats=["human", "heuristic", "random"], seed=7,
    ...                 bot_delay=0)                                     # doctest: +SKIP
    >>> w.play(w.game.legal_moves()[0])                                   # doctest: +SKIP

    Settings (``GameConfig``'s): ``difficulty`` (one level or one per seat: chieftain,
    prince, king, emperor), ``sides`` ("A", "B", "choose" or one per seat), ``decks``
    ("base", "base+advanced", "all", "balanced"; None: the base cards, with 5 players the
    base and advanced ones), ``ages`` (1-4) and ``easier``.  The
    Python API is the shell's: :meth:`play`, :meth:`undo`, :meth:`redo`, :meth:`goto`,
    :meth:`bot_move`, :meth:`play_bots`, :meth:`new_game`, :meth:`save_json`,
    :meth:`load_json`, :meth:`set_seat`, :meth:`preview_move`.
    """

    _esm = STATIC / "board.js"
    _css = STATIC / "board.css"

    GAME_TRAITS: ClassVar[tuple[str, ...]] = ("cards",)

    #: every card of the game's card sets and the printed cards of the player boards, by
    #: id: figures, and the text or lines of the detail panel (sent once per game's cards)
    cards = traitlets.Dict().tag(sync=True, **AS_JSON_TEXT)

    def __init__(self, players: int = 2, seats: Sequence[str] | None = None,
                 seed: int | None = None, *, difficulty: str | Sequence[str] = "prince",
                 sides: str | Sequence[str] = "A", decks: str | Sequence[str] | None = None,
                 ages: int = 4, easier: bool = False, components: Components | None = None,
                 game: Game | None = None, bot_delay: float = DEFAULT_BOT_DELAY,
                 bot_factory: BotFactory | None = None,
                 bot_names: Sequence[str] | None = None, **kwargs: Any) -> None:
        adapter = BoardAdapter(components or (game.components if game else None))
        settings = {"players": players, "seed": seed, "difficulty": _plain(difficulty),
                    "sides": _plain(sides), "decks": _plain(decks), "ages": ages,
                    "easier": easier}
        super().__init__(adapter, game=game, settings=settings, seats=seats,
                         bot_delay=bot_delay, bot_factory=bot_factory, bot_names=bot_names,
                         **kwargs)

    @property
    def state(self) -> GameState:
        return self._game.state

    def new_game(self, players: int | None = None, seats: Sequence[str] | None = None,
                 seed: int | str | None = None, *, difficulty: str | Sequence[str] | None = None,
                 sides: str | Sequence[str] | None = None,
                 decks: str | Sequence[str] | None = None, ages: int | None = None,
                 easier: bool | None = None, bot_delay: float | None = None) -> None:
        """Start a new game; unspecified settings keep their current values, except the
        seed (None: a fresh random seed)."""
        given = {"players": players, "seats": None if seats is None else list(seats),
                 "seed": seed, "difficulty": _plain(difficulty), "sides": _plain(sides),
                 "decks": _plain(decks), "ages": ages, "easier": easier,
                 "bot_delay": bot_delay}
        self.start_game({k: v for k, v in given.items() if v is not None})

    def __repr__(self) -> str:
        return f"<BoardWidget {self._game!r} seats={self._seats}>"


def _plain(value: Any) -> Any:
    """A per-seat setting as JSON (a tuple becomes a list)."""
    return list(value) if isinstance(value, tuple) else value


__all__ = ["BoardWidget"]
