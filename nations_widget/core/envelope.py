"""The JSON envelope: how every input from outside (a saved state, a saved game, a
scenario, a catalogue, a move, a widget message) becomes a JSON object, or is refused.

:func:`json_object` accepts a dict (already decoded), JSON text or bytes, and refuses,
with the caller's typed error and a short message a person can read:

- bytes that are not UTF-8 (a byte-order mark is allowed);
- text that is not JSON, or JSON that is not an object; ``NaN`` and ``Infinity``, which
  JSON does not have;
- input longer than ``max_chars`` characters, or holding more than :data:`MAX_ITEMS`
  values;
- nesting deeper than :data:`MAX_DEPTH` (so no ``RecursionError`` ever escapes);
- whole numbers longer than :data:`MAX_INT_DIGITS` digits (so no bare ``ValueError``
  about Python's 4,300-digit limit ever escapes);
- object keys that are not text (possible only in a dict built by a program).

:func:`check_header` then checks the ``format`` and ``version`` fields (a boolean is never
a version number).  Messages quote at most :data:`QUOTE_CHARS` characters of the input and
stay under :data:`MAX_MESSAGE_CHARS` characters.

>>> json_object('{"format": "x", "version": 1}', "a saved state")
{'format': 'x', 'version': 1}
>>> json_object("[1, 2]", "a saved state")
Traceback (most recent call last):
...
nations_widget.core.errors.StateFormatError: a saved state must be a JSON object, not an array
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from typing import Any

from .errors import StateFormatError

#: The longest input accepted by default, in characters (a saved game is ~50 KB).
MAX_CHARS = 2_000_000
#: The deepest nesting accepted; the engines' formats need fewer than 8 levels.
MAX_DEPTH = 32
#: The most values (objects, arrays, numbers, texts, ...) one input may hold.
MAX_ITEMS = 200_000
#: The longest whole number accepted, in digits (a 64-bit seed has 20).
MAX_INT_DIGITS = 40
#: How much of the input a message quotes, at most.
QUOTE_CHARS = 60
#: The longest message this module (and :mod:`~nations_widget.core.validate`) writes.
MAX_MESSAGE_CHARS = 500

ErrorFactory = Callable[[str], Exception]


def quote(text: str, limit: int = QUOTE_CHARS) -> str:
    """``text`` cut to ``limit`` characters (with "…" when cut), for a message."""
    return text if len(text) <= limit else text[:limit - 1] + "…"


def shown(value: object) -> str:
    """A short JSON-like rendering of a value for a message ("true", "null", "'abc'",
    "an object", "an array", "12"), at most :data:`QUOTE_CHARS` characters."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return "an object"
    if isinstance(value, (list, tuple)):
        return "an array"
    if isinstance(value, int):
        digits = len(str(value)) if value.bit_length() < 200 else None
        return str(value) if digits is not None and digits <= QUOTE_CHARS else "a huge number"
    if isinstance(value, str):
        return repr(quote(value))
    if isinstance(value, float):
        return quote(repr(value))
    return quote(type(value).__name__)


def message(text: str) -> str:
    """A message cut to fewer than :data:`MAX_MESSAGE_CHARS` characters."""
    return quote(text, MAX_MESSAGE_CHARS - 1)


class _Refused(Exception):
    """Raised inside the JSON decoder's hooks; turned into the caller's error."""


def _refuse_constant(name: str) -> object:
    raise _Refused(f"holds {name}, which is not a JSON number")


def _parse_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise _Refused(f"holds a number of {len(text.lstrip('-')):,} digits "
                       f"(at most {MAX_INT_DIGITS} are accepted)")
    return int(text)


def _parse_float(text: str) -> float:
    if len(text) > 400:
        raise _Refused(f"holds a number written with {len(text):,} characters")
    value = float(text)
    if math.isinf(value):
        raise _Refused(f"holds a number too large for this program ({quote(text, 20)})")
    return value


def _check_tree(value: object, what: str, error: ErrorFactory) -> None:
    """Depth, size, number sizes and key types, without recursion."""
    stack: list[tuple[object, int]] = [(value, 1)]
    items = 0
    while stack:
        node, depth = stack.pop()
        items += 1
        if items > MAX_ITEMS:
            raise error(f"{what} is too large (it holds more than {MAX_ITEMS:,} values)")
        if isinstance(node, dict):
            if depth > MAX_DEPTH:
                raise error(f"{what} is nested too deeply (more than {MAX_DEPTH} levels)")
            for key, child in node.items():
                if not isinstance(key, str):
                    raise error(message(f"{what} has a key that is not text ({shown(key)})"))
                stack.append((child, depth + 1))
        elif isinstance(node, (list, tuple)):
            if depth > MAX_DEPTH:
                raise error(f"{what} is nested too deeply (more than {MAX_DEPTH} levels)")
            stack.extend((child, depth + 1) for child in node)
        elif isinstance(node, bool) or node is None or isinstance(node, str):
            continue
        elif isinstance(node, int):
            if node.bit_length() > MAX_INT_DIGITS * 3.33:
                raise error(f"{what} holds a number too large (more than {MAX_INT_DIGITS} "
                            "digits)")
        elif isinstance(node, float):
            if not math.isfinite(node):
                raise error(f"{what} holds {node!r}, which is not a JSON number")
        else:
            raise error(message(f"{what} holds a {type(node).__name__}, which JSON has not"))


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object whose keys are all different: JSON text may repeat a key, and a
    reader would silently keep the last value (a hand-edited save meaning one thing and
    saying two)."""
    obj: dict[str, Any] = {}
    for key, value in pairs:
        if key in obj:
            raise _Refused(f"gives the field {quote(key, 20)} twice")
        obj[key] = value
    return obj


def json_value(data: object, what: str, *, error: ErrorFactory = StateFormatError,
               max_chars: int = MAX_CHARS) -> object:
    """``data`` decoded (text or bytes) or checked (anything else) as plain JSON data;
    see the module docstring for what is refused.  ``what`` names the input in messages
    ("a saved state", "a move", ...; empty for an ``error`` that puts its own source
    first: text that is not JSON is then "not valid JSON"); ``error`` makes the
    exception raised."""
    if isinstance(data, (bytes, bytearray, memoryview)):
        raw = bytes(data)
        if len(raw) > 4 * max_chars:
            raise error(f"{what} is too large ({len(raw):,} bytes)")
        try:
            data = raw.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise error(f"{what} is not UTF-8 text (byte 0x{raw[exc.start]:02x} at "
                        f"position {exc.start:,} cannot be read)") from None
    if isinstance(data, str):
        text = data.removeprefix("\ufeff")
        if len(text) > max_chars:
            raise error(f"{what} is too large ({len(text):,} characters; the limit is "
                        f"{max_chars:,})")
        try:
            data = json.loads(text, parse_int=_parse_int, parse_float=_parse_float,
                              parse_constant=_refuse_constant, object_pairs_hook=_unique_keys)
        except _Refused as exc:
            raise error(message(f"{what} {exc}")) from None
        except json.JSONDecodeError as exc:
            start = "".join(c if c.isprintable() else " " for c in text.strip()[:QUOTE_CHARS + 1])
            begins = f"it begins: {quote(start)}" if start else "it is empty"
            where = f"{exc.msg} at line {exc.lineno} column {exc.colno}"
            raise error(message(f"{what} is not JSON ({where}): {what} must be JSON text; "
                                f"{begins}" if what else f"not valid JSON ({where}); {begins}")
                        ) from None
        except RecursionError:
            raise error(f"{what} is nested too deeply (more than {MAX_DEPTH} levels)"
                        ) from None
    _check_tree(data, what, error)
    return data


def json_object(data: object, what: str, *, error: ErrorFactory = StateFormatError,
                max_chars: int = MAX_CHARS, expected: str = "a JSON object") -> dict[str, Any]:
    """:func:`json_value`, which must be a JSON object (``expected`` describes it)."""
    value = json_value(data, what, error=error, max_chars=max_chars)
    if not isinstance(value, dict):
        kind = {list: "an array", str: "a text", bool: "true or false",
                type(None): "null"}.get(type(value), "a number")
        raise error(f"{what} must be {expected}, not {kind}")
    return value


def check_header(data: dict[str, Any], what: str, format_name: str,
                 version: int | tuple[int, ...], *, error: ErrorFactory = StateFormatError,
                 prefix: str | None = None) -> None:
    """Refuse ``data`` unless its ``format`` is ``format_name`` and its ``version`` is
    ``version`` (or one of them, for a tuple: the versions a program still reads), a whole
    number: ``true`` is not 1.  Messages start with ``prefix`` (default: ``what``) and name
    the field: "saved game field 'version': ..."."""
    lead = prefix if prefix is not None else what
    versions = version if isinstance(version, tuple) else (version,)
    got = data.get("format")
    if got != format_name:
        problem = "missing" if "format" not in data else f"got {shown(got)}"
        raise error(message(f"{lead} field 'format': expected {format_name!r} ({what}), "
                            f"{problem}"))
    got = data.get("version")
    if isinstance(got, bool) or not isinstance(got, int) or got not in versions:
        problem = "missing" if "version" not in data else f"got {shown(got)}"
        readable = ("version " if len(versions) == 1 else "versions ") + ", ".join(
            map(str, versions))
        raise error(message(f"{lead} field 'version': this program reads {readable}, "
                            f"{problem}"))


__all__ = ["MAX_CHARS", "MAX_DEPTH", "MAX_INT_DIGITS", "MAX_ITEMS", "QUOTE_CHARS",
           "check_header", "json_object", "json_value", "message", "quote", "shown"]
