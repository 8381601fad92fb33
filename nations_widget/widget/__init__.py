"""The Jupyter widget for Nations: The Dice Game.

>>> from nations_widget.widget import NationsWidget
>>> w = NationsWidget(players=2, seats=["human", "random"])      # doctest: +SKIP
>>> w                                                            # doctest: +SKIP

Importing this module imports anywidget (and so Jupyter's widget machinery); importing
:mod:`nations_widget` or :mod:`nations_widget.dice` does not.

Python owns the game; the browser bundle (``nations_widget/static``, built from ``js/``)
draws these synced traits and never decides legality:

- ``catalogue``: tiles and events (each with its ``tooltip``), die faces, die colours,
  the reconstruction ``notice``; sent once per catalogue (~19 KB).
- ``view``: ``game.view(seat)`` of the acting human (else the first human seat) plus
  ``current``, ``human_turn``, ``scores``, ``projected``, ``breakdown``,
  ``supply_chits``, ``position``, ``rolled`` (dice rolled by the last move, animated),
  ``prompt``, ``winner``, ``hall_of_fame`` (2-3 KB).
- ``legal``: the acting human's moves ``[{move, text, subset?}]`` (rerolls listed once).
- ``log_patch``: what changed in the log the board shows (the newest 50 entries): the
  entries a move adds, or the cut and refill of an undo; the whole list on a new game, a
  load, or when the browser asks (intent ``log_sync``).  Python's copy is
  :attr:`NationsWidget.game_log`; see :func:`~._payloads.log_patch`.
- ``error``, ``seats``, ``bot_names``, ``bot_info``, ``settings``, ``history``,
  ``reconstructed``, ``busy``.

The browser never writes these traits (``READ_ONLY_TRAITS``): an update message for one
is dropped and the true value sent back.  The browser sends intents with
``model.send({"kind": ..., ...})``; see :mod:`nations_widget.widget._intents` for the list.
Scripts and tests can send the same with :meth:`NationsWidget.handle_intent`.
"""

from ._bots import RandomBot, default_seats, load_bots
from ._intents import KINDS, MAX_MESSAGE_CHARS, IntentError, parse_intent
from ._payloads import (
    apply_log_patch,
    catalogue_payload,
    legal_payload,
    log_patch,
    log_payload,
    view_payload,
)
from ._watchdog import PageWatchdog, page_watchdog
from ._widget import (
    DEFAULT_BOT_DELAY,
    MAX_ERROR_CHARS,
    READ_ONLY_TRAITS,
    STATIC,
    NationsWidget,
)

__all__ = [
    "DEFAULT_BOT_DELAY",
    "KINDS",
    "MAX_ERROR_CHARS",
    "MAX_MESSAGE_CHARS",
    "READ_ONLY_TRAITS",
    "STATIC",
    "IntentError",
    "NationsWidget",
    "PageWatchdog",
    "RandomBot",
    "apply_log_patch",
    "catalogue_payload",
    "default_seats",
    "legal_payload",
    "load_bots",
    "log_patch",
    "log_payload",
    "page_watchdog",
    "parse_intent",
    "view_payload",
]
