"""Checking the messages ("intents") the browser sends, before anything acts on them.

Every intent is a JSON object ``{"kind": KIND, ...fields}``.  :func:`parse_intent`
checks the kind, the fields and their types, and the message size, and raises
:class:`IntentError` (a ``ValueError``) with a readable reason otherwise.  Whether a move
is *legal* is not checked here: the engine decides that.

======================  ===========================================================
kind                    fields
======================  ===========================================================
``move``                ``move`` (a move's JSON object); ``seat`` (optional int: the
                        seat the browser believes is acting; refused if it is not);
                        ``position`` (optional int: the position the board showed when
                        the player clicked; refused if the game has moved on since, so
                        a double click plays once)
``undo``                ``steps`` (optional int >= 1; default: back to the previous
                        decision of a human seat)
``redo``                none
``goto``                ``position`` (int, 0 ... history length)
``new_game``            ``settings`` (object: players, seats, variant, automate,
                        solo_tougher, unrest, seed, bot_delay; all optional)
``load``                ``text`` (a saved game's JSON text); ``name`` (optional file name)
``load_catalogue``      ``text`` (a catalogue file's JSON text); ``name`` (optional)
``save``                none; the widget answers with a custom message
                        ``{"kind": "saved", "text": ..., "filename": ...}``
``set_seat``            ``seat`` (int), ``player`` ("human" or a bot name)
``bot_move``            none: the seat's bot (or, for a human seat, the first bot as a
                        hint) plays the current decision
``play_bots``           none: let the bots play until a human must decide
``skip_bots``           none: the bots play at once, without their pause, until a human
                        must decide (the board then lists what they did)
``clear_error``         none
``preview``             ``move`` (a purchase or build's JSON object): what it would do
                        (the ``preview`` trait); nothing is played
``hint``                none: the coach's three best moves for the player to decide
                        (the ``coach`` trait's ``hint``)
``coach``               ``on`` (bool): grade each human move against the coach's best
``log_sync``            none: the browser's copy of the log is not the one the last
                        ``log_patch`` builds on (a page opened late): send it whole
======================  ===========================================================
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from ..core.envelope import json_value, message, shown
from ..core.validate import Checker, field_error

#: The largest message accepted, in characters of its JSON (a saved game is ~50 KB).
MAX_MESSAGE_CHARS = 400_000

# kind: ({field: JSON kinds (see nations_widget.core.validate.Checker.of_kind)}, required)
_FIELDS: dict[str, tuple[dict[str, tuple[str, ...]], set[str]]] = {
    "move": ({"move": ("object",), "seat": ("integer", "null"),
              "position": ("integer", "null")}, {"move"}),
    "undo": ({"steps": ("integer", "null")}, set()),
    "redo": ({}, set()),
    "goto": ({"position": ("integer",)}, {"position"}),
    "new_game": ({"settings": ("object",)}, set()),
    "load": ({"text": ("text",), "name": ("text", "null")}, {"text"}),
    "load_catalogue": ({"text": ("text",), "name": ("text", "null")}, {"text"}),
    "save": ({}, set()),
    "set_seat": ({"seat": ("integer",), "player": ("text",)}, {"seat", "player"}),
    "bot_move": ({}, set()),
    "play_bots": ({}, set()),
    "skip_bots": ({}, set()),
    "clear_error": ({}, set()),
    "preview": ({"move": ("object",)}, {"move"}),
    "hint": ({}, set()),
    "coach": ({"on": ("boolean",)}, {"on"}),
    "log_sync": ({}, set()),
}

KINDS: tuple[str, ...] = tuple(sorted(_FIELDS))

_SETTINGS: dict[str, tuple[str, ...]] = {
    "players": ("integer",),
    "seats": ("array",),
    "variant": ("text",),
    "automate": ("boolean",),
    "solo_tougher": ("boolean",),
    "unrest": ("boolean",),
    "seed": ("integer", "text", "null"),
    "bot_delay": ("number",),
}


class IntentError(ValueError):
    """A message from the browser that cannot be acted on; the text says why."""


@dataclass(frozen=True)
class Intent:
    kind: str
    fields: dict[str, Any] = field(default_factory=dict)


#: The shared checker's messages, raised as IntentError: "a 'goto' message field
#: 'position': must be a whole number, got '1'".
_error = field_error(IntentError)


def message_size(content: object) -> int:
    try:
        return len(json.dumps(content))
    except (TypeError, ValueError):
        raise IntentError("the message is not plain JSON") from None
    except RecursionError:
        raise IntentError("the message is nested too deeply") from None


def parse_intent(content: object) -> Intent:
    """Check one message from the browser; raise :class:`IntentError` if malformed."""
    if not isinstance(content, dict):
        raise IntentError("a message must be a JSON object with a 'kind'")
    # depth, number sizes and key types, as for every input (nations_widget.core.envelope)
    json_value(content, "the message", error=IntentError)
    size = message_size(content)
    if size > MAX_MESSAGE_CHARS:
        raise IntentError(f"the message is too large ({size:,} characters; the limit is "
                          f"{MAX_MESSAGE_CHARS:,})")
    kind = content.get("kind")
    if not isinstance(kind, str) or kind not in _FIELDS:
        raise IntentError(message(f"unknown message kind {shown(kind)} (expected one of: "
                                  f"{', '.join(KINDS)})"))
    types, required = _FIELDS[kind]
    check = Checker(f"a {kind!r} message", make_error=_error)
    check.fields({k: v for k, v in content.items() if k != "kind"}, sorted(required),
                 [name for name in types if name not in required])
    fields = {name: check.of_kind(content[name], name, kinds)
              for name, kinds in types.items() if name in content}
    if kind == "new_game" and "settings" in fields:
        check_settings(fields["settings"])
    return Intent(kind, fields)


def check_settings(settings: dict[str, Any]) -> None:
    """Types of a new-game settings object (values are checked when the game is made)."""
    check = Checker("the new-game settings", make_error=_error)
    check.fields(settings, (), list(_SETTINGS))
    for name, kinds in _SETTINGS.items():
        if name in settings:
            check.of_kind(settings[name], name, kinds)
    seats = settings.get("seats")
    if seats is not None:
        for seat in seats:
            check.of_kind(seat, "seats", ("text",))
