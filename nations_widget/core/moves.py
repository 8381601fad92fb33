"""What both engines' move parsers share: the envelope of a move's JSON form, and the
checks of its plain fields.

Each game keeps its own move classes and its table of move types and their fields;
:func:`move_object` does the part that is the same for both (the JSON envelope, a known
``type``, no unknown field), and the field helpers refuse a wrong value with the
:class:`MalformedMoveError` message players see ("book chits must be a whole number,
got True"), quoting at most a short prefix of it.
"""

from __future__ import annotations

from collections.abc import Mapping, Set
from typing import Any

from .envelope import json_object, quote, shown
from .errors import MalformedMoveError

#: The longest move text accepted (a move is a few dozen characters).
MAX_MOVE_CHARS = 20_000


def move_object(data: object, fields: Mapping[str, Set[str]]) -> tuple[str, dict[str, Any]]:
    """The move's type and its JSON object, from a dict, JSON text or bytes; ``fields``
    maps each move type of the game to the fields it may have (besides ``type``)."""
    if not isinstance(data, (dict, str, bytes, bytearray)):
        raise MalformedMoveError("a move must be a JSON object with a 'type'")
    obj = json_object(data, "a move", error=MalformedMoveError, max_chars=MAX_MOVE_CHARS,
                      expected="a JSON object with a 'type'")
    kind = obj.get("type")
    if not isinstance(kind, str) or kind not in fields:
        raise MalformedMoveError(
            f"unknown move type {shown(kind)} (expected one of: {', '.join(sorted(fields))})")
    unknown = set(obj) - set(fields[kind]) - {"type"}
    if unknown:
        raise MalformedMoveError(f"a {kind} move has no field(s): {', '.join(sorted(unknown))}")
    return kind, obj


def whole_field(value: object, what: str) -> int:
    """``value`` as a whole number (never a boolean), or the move is malformed."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise MalformedMoveError(f"{what} must be a whole number, got {quote(repr(value))}")
    return value


def text_field(value: object, what: str) -> str:
    """``value`` as a non-empty text, or the move is malformed."""
    if not isinstance(value, str) or not value:
        raise MalformedMoveError(f"{what} must be a non-empty text, got {quote(repr(value))}")
    return value


__all__ = ["MAX_MOVE_CHARS", "move_object", "text_field", "whole_field"]
