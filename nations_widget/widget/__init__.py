"""The Jupyter widget for Nations: The Dice Game.

>>> from nations_widget.widget import NationsWidget
>>> w = NationsWidget(players=2, seats=["human", "random"])      # doctest: +SKIP
>>> w                                                            # doctest: +SKIP

Importing this module imports anywidget (and so Jupyter's widget machinery); importing
:mod:`nations_widget` or :mod:`nations_widget.dice` does not.
"""

from ._bots import RandomBot, default_seats, load_bots
from ._intents import KINDS, MAX_MESSAGE_CHARS, IntentError, parse_intent
from ._payloads import catalogue_payload, legal_payload, log_payload, view_payload
from ._widget import DEFAULT_BOT_DELAY, STATIC, NationsWidget

__all__ = [
    "DEFAULT_BOT_DELAY",
    "KINDS",
    "MAX_MESSAGE_CHARS",
    "STATIC",
    "IntentError",
    "NationsWidget",
    "RandomBot",
    "catalogue_payload",
    "default_seats",
    "legal_payload",
    "load_bots",
    "log_payload",
    "parse_intent",
    "view_payload",
]
