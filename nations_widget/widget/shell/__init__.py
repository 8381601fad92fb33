"""The game-generic widget shell: what both games' widgets share.

:class:`~.widget.GameWidget` (the traits, the intents, history and errors) plays any game
through a :class:`~.adapter.GameAdapter`, with its parts beside it (what each intent does
:mod:`~.intent_handlers`, publishing :mod:`~.publishing`, save and load :mod:`~.saving`,
the bots :mod:`~.bot_runner`, the coach :mod:`~.coaching`, a table :mod:`~.seating`); see
``nations_widget/widget/DESIGN.md``.
"""

from .adapter import Bot, BotFactory, ExtraIntent, GameAdapter, ToJson
from .intents import GENERIC_INTENTS, MAX_MESSAGE_CHARS, Intent, IntentError, IntentTable
from .log import LOG_LIMIT, apply_log_patch, log_entries, log_patch
from .widget import DEFAULT_BOT_DELAY, GENERIC_TRAITS, MAX_ERROR_CHARS, STATIC, GameWidget

__all__ = [
    "DEFAULT_BOT_DELAY",
    "GENERIC_INTENTS",
    "GENERIC_TRAITS",
    "LOG_LIMIT",
    "MAX_ERROR_CHARS",
    "MAX_MESSAGE_CHARS",
    "STATIC",
    "Bot",
    "BotFactory",
    "ExtraIntent",
    "GameAdapter",
    "GameWidget",
    "Intent",
    "IntentError",
    "IntentTable",
    "ToJson",
    "apply_log_patch",
    "log_entries",
    "log_patch",
]
