"""The dice game's widget: :class:`DiceWidget` (once called ``NationsWidget``, a name kept
as an alias), the shell's
:class:`~nations_widget.widget.shell.widget.GameWidget` with the dice game's adapter, its
bundle (``nations_widget/static/dice.js`` and ``dice.css``), its own traits and its
Python API."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

import traitlets

from ...dice import Catalogue, Game, GameState, Move
from ...dice.coach import Hint
from ..shell.adapter import BotFactory
from ..shell.widget import DEFAULT_BOT_DELAY, STATIC, GameWidget
from ..shell.wire import AS_JSON_TEXT
from .adapter import DiceAdapter


class DiceWidget(GameWidget[Game, Move]):
    """Play Nations: The Dice Game in Jupyter or Voila.

    >>> w = DiceWidget(players=2, seats=["human", "random"], seed=7, bot_delay=0)
    >>> w.play(w.game.legal_moves()[0])      # doctest: +SKIP

    Python API: :attr:`game`, :attr:`state`, :meth:`play`, :meth:`undo`, :meth:`redo`,
    :meth:`goto`, :meth:`bot_move`, :meth:`play_bots`, :meth:`new_game`,
    :meth:`save_json`, :meth:`load_json`, :meth:`load_catalogue`, :meth:`set_seat`,
    :meth:`preview_move`, :meth:`hint`, :meth:`set_coach`.  Whatever is done from Python
    shows at once on the board.  ``bot_delay``: the pause before each bot move (seconds);
    0 plays the bots synchronously when Python asks (what tests and scripts want), and at
    once but in a worker thread when the page asks from inside Jupyter or Voila.
    """

    _esm = STATIC / "dice.js"
    _css = STATIC / "dice.css"

    GAME_TRAITS: ClassVar[tuple[str, ...]] = ("catalogue", "reconstructed")

    #: static components: tiles and events (each with its tooltip), die faces, the
    #: resources, the round's steps (sent once per catalogue)
    catalogue = traitlets.Dict().tag(sync=True, **AS_JSON_TEXT)
    #: the components are a reconstruction (the notice is in ``catalogue["notice"]``)
    reconstructed = traitlets.Bool(False).tag(sync=True)

    def __init__(self, players: int = 2, seats: Sequence[str] | None = None,
                 seed: int | None = None, *, variant: str = "original",
                 automate: bool = True, solo_tougher: bool = False, unrest: bool = False,
                 catalogue: Catalogue | None = None, game: Game | None = None,
                 bot_delay: float = DEFAULT_BOT_DELAY,
                 bot_factory: BotFactory | None = None,
                 bot_names: Sequence[str] | None = None, **kwargs: Any) -> None:
        adapter = DiceAdapter(catalogue or (game.catalogue if game else None))
        settings = {"players": players, "seed": seed, "variant": variant,
                    "automate": automate, "solo_tougher": solo_tougher, "unrest": unrest}
        super().__init__(adapter, game=game, settings=settings, seats=seats,
                         bot_delay=bot_delay, bot_factory=bot_factory, bot_names=bot_names,
                         **kwargs)

    @property
    def state(self) -> GameState:
        return self._game.state

    def new_game(self, players: int | None = None, seats: Sequence[str] | None = None,
                 seed: int | str | None = None, *, variant: str | None = None,
                 automate: bool | None = None, solo_tougher: bool | None = None,
                 unrest: bool | None = None, bot_delay: float | None = None) -> None:
        """Start a new game; unspecified settings keep their current values, except the
        seed (None: a fresh random seed)."""
        given = {"players": players, "seats": None if seats is None else list(seats),
                 "seed": seed, "variant": variant, "automate": automate,
                 "solo_tougher": solo_tougher, "unrest": unrest, "bot_delay": bot_delay}
        self.start_game({k: v for k, v in given.items() if v is not None})

    def load_catalogue(self, catalogue: Catalogue | str) -> None:
        """Play with other components (a :class:`Catalogue`, or a catalogue file's JSON
        text): starts a new game with the current settings."""
        adapter = self._adapter
        assert isinstance(adapter, DiceAdapter)
        self.replace_game(adapter.with_catalogue(catalogue, self._game))

    def hint(self, top: int = 3) -> Hint:
        """The coach's ``top`` best moves for the player to decide (the search bot's root
        statistics, see :mod:`nations_widget.dice.coach`), also shown on the board."""
        result = super().hint(top)
        assert isinstance(result, Hint)
        return result

    def __repr__(self) -> str:
        return f"<DiceWidget {self._game!r} seats={self._seats}>"


#: the dice widget's old name (from when it was the package's only widget), kept so that
#: code and notebooks written with it still run
NationsWidget = DiceWidget
