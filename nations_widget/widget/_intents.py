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
                        solo_tougher, seed, bot_delay; all optional)
``load``                ``text`` (a saved game's JSON text); ``name`` (optional file name)
``load_catalogue``      ``text`` (a catalogue file's JSON text); ``name`` (optional)
``save``                none; the widget answers with a custom message
                        ``{"kind": "saved", "text": ..., "filename": ...}``
``set_seat``            ``seat`` (int), ``player`` ("human" or a bot name)
``bot_move``            none: the seat's bot (or, for a human seat, the first bot as a
                        hint) plays the current decision
``play_bots``           none: let the bots play until a human must decide
``clear_error``         none
``log_sync``            none: the browser's copy of the log is not the one the last
                        ``log_patch`` builds on (a page opened late): send it whole
======================  ===========================================================
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

#: The largest message accepted, in characters of its JSON (a saved game is ~50 KB).
MAX_MESSAGE_CHARS = 400_000

_FIELDS: dict[str, tuple[dict[str, type | tuple[type, ...]], set[str]]] = {
    # kind: ({field: type}, required fields)
    "move": ({"move": dict, "seat": (int, type(None)), "position": (int, type(None))},
             {"move"}),
    "undo": ({"steps": (int, type(None))}, set()),
    "redo": ({}, set()),
    "goto": ({"position": int}, {"position"}),
    "new_game": ({"settings": dict}, set()),
    "load": ({"text": str, "name": (str, type(None))}, {"text"}),
    "load_catalogue": ({"text": str, "name": (str, type(None))}, {"text"}),
    "save": ({}, set()),
    "set_seat": ({"seat": int, "player": str}, {"seat", "player"}),
    "bot_move": ({}, set()),
    "play_bots": ({}, set()),
    "clear_error": ({}, set()),
    "log_sync": ({}, set()),
}

KINDS: tuple[str, ...] = tuple(sorted(_FIELDS))

_SETTINGS: dict[str, type | tuple[type, ...]] = {
    "players": int,
    "seats": list,
    "variant": str,
    "automate": bool,
    "solo_tougher": bool,
    "seed": (int, str, type(None)),
    "bot_delay": (int, float),
}


class IntentError(ValueError):
    """A message from the browser that cannot be acted on; the text says why."""


@dataclass(frozen=True)
class Intent:
    kind: str
    fields: dict[str, Any] = field(default_factory=dict)


def _type_name(t: type | tuple[type, ...]) -> str:
    names = {int: "a whole number", str: "a text", dict: "an object", list: "a list",
             bool: "true or false", float: "a number", type(None): "null"}
    if isinstance(t, tuple):
        return " or ".join(names.get(x, x.__name__) for x in t)
    return names.get(t, t.__name__)


def _is(value: object, t: type | tuple[type, ...]) -> bool:
    types = t if isinstance(t, tuple) else (t,)
    if isinstance(value, bool) and bool not in types:
        return False          # true/false is not a whole number here
    return isinstance(value, types)


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
    size = message_size(content)
    if size > MAX_MESSAGE_CHARS:
        raise IntentError(f"the message is too large ({size:,} characters; the limit is "
                          f"{MAX_MESSAGE_CHARS:,})")
    kind = content.get("kind")
    if not isinstance(kind, str) or kind not in _FIELDS:
        shown = repr(kind) if isinstance(kind, (str, int, float, bool, type(None))) else "?"
        if len(shown) > 40:
            shown = shown[:37] + "..."
        raise IntentError(f"unknown message kind {shown} (expected one of: "
                          f"{', '.join(KINDS)})")
    types, required = _FIELDS[kind]
    unknown = sorted(str(k) for k in content if k != "kind" and k not in types)
    if unknown:
        raise IntentError(f"a {kind!r} message has no field(s): {', '.join(unknown)}")
    for name in sorted(required):
        if name not in content:
            raise IntentError(f"a {kind!r} message needs the field {name!r}")
    fields: dict[str, Any] = {}
    for name, t in types.items():
        if name in content:
            value = content[name]
            if not _is(value, t):
                raise IntentError(f"{kind!r} field {name!r} must be {_type_name(t)}")
            fields[name] = value
    if kind == "new_game" and "settings" in fields:
        check_settings(fields["settings"])
    return Intent(kind, fields)


def check_settings(settings: dict[str, Any]) -> None:
    """Types of a new-game settings object (values are checked when the game is made)."""
    unknown = sorted(str(k) for k in settings if k not in _SETTINGS)
    if unknown:
        raise IntentError(f"new-game settings have no field(s): {', '.join(unknown)} "
                          f"(the fields are {', '.join(_SETTINGS)})")
    for name, t in _SETTINGS.items():
        if name in settings and not _is(settings[name], t):
            raise IntentError(f"new-game setting {name!r} must be {_type_name(t)}")
    seats = settings.get("seats")
    if seats is not None and not all(isinstance(s, str) for s in seats):
        raise IntentError("new-game setting 'seats' must be a list of texts")
