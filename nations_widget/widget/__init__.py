"""The Jupyter widgets: one game-generic shell, one widget per game.

>>> from nations_widget.widget import DiceWidget
>>> w = DiceWidget(players=2, seats=["human", "random"])         # doctest: +SKIP
>>> w                                                            # doctest: +SKIP

Importing this module imports anywidget (and so Jupyter's widget machinery); importing
:mod:`nations_widget` or :mod:`nations_widget.dice` does not.

Python owns the game; the browser bundle of each game (``nations_widget/static/dice.js``
or ``board.js``, built from ``js/src/<game>`` and ``js/src/shell``) draws the synced
traits and never decides legality or re-derives a rule.  The layers (see ``DESIGN.md``
next to this file):

- :mod:`.shell`: :class:`GameWidget`, the game-generic widget (the generic traits
  ``game_kind``, ``game_info``, ``view``, ``legal``, ``log_patch``, ``error``, ``seats``,
  ``bot_names``, ``bot_info``, ``settings``, ``history``, ``busy``, ``preview``,
  ``coach``; the intents, :mod:`.shell.intents`; the one bot runner; history, save and
  load; log patches, :mod:`.shell.log`), and :class:`~.shell.adapter.GameAdapter`, what a
  game supplies;
- :mod:`.board`: Nations, the board game: :class:`~.board.BoardAdapter`, its payloads
  (:mod:`.board.payloads`) and :class:`BoardWidget` (its own trait: ``cards``);
- :mod:`.dice`: Nations: The Dice Game: :class:`~.dice.DiceAdapter`, its payloads
  (:mod:`.dice.payloads`) and :class:`DiceWidget` (its own traits: ``catalogue``,
  ``reconstructed``; its own intent: ``load_catalogue``); ``NationsWidget`` is its old
  name, kept as an alias;
- :mod:`.app`: the app of ``notebooks/play.ipynb``: a choice of game, then that game
  (``game_app()``, ``requested_game()`` for ``?game=dice|board``).

The browser never writes these traits (:data:`READ_ONLY_TRAITS`): an update message for
one is dropped and the true value sent back.  The browser sends intents with
``model.send({"kind": ..., ...})``; scripts and tests can send the same with
:meth:`GameWidget.handle_intent`.
"""

from .board.adapter import BoardAdapter
from .board.widget import BoardWidget
from .dice import DiceAdapter, DiceWidget, NationsWidget
from .dice.adapter import RandomBot, load_bots
from .dice.payloads import catalogue_payload, legal_payload, view_payload
from .shell import (
    DEFAULT_BOT_DELAY,
    MAX_ERROR_CHARS,
    MAX_MESSAGE_CHARS,
    STATIC,
    GameAdapter,
    GameWidget,
    IntentError,
    apply_log_patch,
    log_entries,
    log_patch,
)
from .shell.intents import GENERIC_INTENTS
from .shell.watchdog import PageWatchdog, page_watchdog

#: The dice widget's synced traits (the browser writes none of them).
READ_ONLY_TRAITS: tuple[str, ...] = DiceWidget.read_only_traits()

#: The intents the dice widget understands (the generic ones and ``load_catalogue``).
KINDS: tuple[str, ...] = tuple(sorted({*GENERIC_INTENTS, *DiceAdapter.extra_intents}))

__all__ = [
    "DEFAULT_BOT_DELAY",
    "KINDS",
    "MAX_ERROR_CHARS",
    "MAX_MESSAGE_CHARS",
    "READ_ONLY_TRAITS",
    "STATIC",
    "BoardAdapter",
    "BoardWidget",
    "DiceAdapter",
    "DiceWidget",
    "GameAdapter",
    "GameWidget",
    "IntentError",
    "NationsWidget",
    "PageWatchdog",
    "RandomBot",
    "apply_log_patch",
    "catalogue_payload",
    "legal_payload",
    "load_bots",
    "log_entries",
    "log_patch",
    "page_watchdog",
    "view_payload",
]
