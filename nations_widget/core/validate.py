"""One way to check every input at the boundary: :class:`Checker`.

Saved states, saved games, scenarios, catalogues, moves and widget messages of both games
are checked with the same few primitives (an object with known fields, an array of a
given length, a whole number in a range, a boolean, a text, one of some choices, an id
from a table).  Each primitive returns the value with its proper type or raises the
caller's typed error with a message that names where the problem is, in a player's words:

    state field 'players[1].books': must be a whole number (an integer), got true
    catalogue.json: tile 't2-04' field 'dice_count': must be 1 or 2, got 3

A boolean is never accepted as a number, and a message quotes at most a short prefix of
the offending value.  Why our own checker rather than pydantic, msgspec or jsonschema:
see the README's "Shared core" section (the measurements are in
``benchmarks/validation.py``).

>>> check = Checker("state")
>>> check.integer({"round": 2}, "round", 1, 4)
2
>>> check.integer({"round": 9}, "round", 1, 4)
Traceback (most recent call last):
...
nations_widget.core.errors.StateFormatError: state field 'round': must be between 1 and 4, got 9
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from typing import Any, Protocol

from .envelope import message, shown
from .errors import StateFormatError


class ErrorMaker(Protocol):
    """Builds the typed error for one problem: where (``source``, ``item``, ``field``) and
    what (``problem``)."""

    def __call__(self, source: str, problem: str, *, item: str | None,
                 field: str | None) -> Exception: ...


def plain_digits(text: str) -> bool:
    """``text`` is a whole number written in the digits 0-9: what int() reads.  (str.isdigit
    alone also takes "²" and other digit signs, on which int() fails.)"""
    return text.isascii() and text.isdigit()


def seat_keys_as_text(description: object) -> object:
    """A scenario description whose ``seats``, given by a Python caller as a dict keyed by
    seat numbers (``{0: {...}}``), is keyed by their text, as JSON writes it (``{"0": ...}``);
    anything else is returned as it is, for the scenario's own checks."""
    if not isinstance(description, dict):
        return description
    seats = description.get("seats")
    if not isinstance(seats, dict) or not any(isinstance(k, int) for k in seats):
        return description
    keyed = {str(k) if isinstance(k, int) and not isinstance(k, bool) else k: v
             for k, v in seats.items()}
    return {**description, "seats": keyed}


def field_error(error: Callable[[str], Exception]) -> ErrorMaker:
    """An :class:`ErrorMaker` that writes "SOURCE field 'FIELD': PROBLEM" (with the item,
    when there is one: "SOURCE: ITEM field 'FIELD': PROBLEM") into ``error``."""

    def make(source: str, problem: str, *, item: str | None, field: str | None
             ) -> Exception:
        where = source if item is None else f"{source}: {item}"
        if field is not None:
            where += f" field {field!r}"
        return error(message(f"{where}: {problem}"))

    return make


class Checker:
    """Checks one input.  ``source`` names it in messages ("state", "saved game",
    "scenario", a file name); ``item`` the part being checked ("tile 't1-03'");
    ``make_error`` builds the exception (default: :class:`StateFormatError`)."""

    __slots__ = ("item", "make_error", "source")

    def __init__(self, source: str, item: str | None = None,
                 make_error: ErrorMaker | None = None) -> None:
        self.source = source
        self.item = item
        self.make_error = make_error or field_error(StateFormatError)

    def at(self, item: str | None) -> Checker:
        """The same checker, for one item of the input."""
        return Checker(self.source, item, self.make_error)

    def fail(self, problem: str, field: str | None = None) -> Exception:
        """The error to raise for ``problem`` at ``field``."""
        return self.make_error(self.source, problem, item=self.item, field=field)

    def want(self, condition: bool, field: str | None, problem: str) -> None:
        """Raise the error for ``problem`` unless ``condition`` holds."""
        if not condition:
            raise self.fail(problem, field)

    # ------------------------------------------------------------------ shapes
    def mapping(self, value: object, field: str | None = None) -> dict[str, Any]:
        if not isinstance(value, dict) or not all(isinstance(k, str) for k in value):
            raise self.fail(f"must be a JSON object, got {shown(value)}", field)
        return value

    def array(self, value: object, field: str | None = None, length: int | None = None,
              what: str = "") -> list[Any]:
        """A JSON array (of ``length`` items, if given); ``what`` describes the items."""
        if not isinstance(value, list):
            of = f" of {what}" if what else ""
            raise self.fail(f"must be a JSON array{of}, got {shown(value)}", field)
        if length is not None and len(value) != length:
            of = f" {what}" if what else " items"
            raise self.fail(f"must list {length}{of}, got {len(value)}", field)
        return value

    def fields(self, obj: Mapping[str, object], required: Collection[str],
               optional: Collection[str] = (), where: str | None = None) -> None:
        """Refuse unknown and missing fields (the first of each is named, after ``where``,
        the path of ``obj`` itself, when given: "players[0].colour")."""
        allowed = [*required, *optional]
        unknown = [k for k in obj if k not in allowed]
        path = "" if where is None else where + "."
        if unknown:
            problem = "unknown field"
            if len(unknown) > 1:
                problem += " (also unknown: " + ", ".join(repr(k) for k in unknown[1:4]) + ")"
            problem += "; the fields here are " + ", ".join(allowed)
            raise self.fail(problem, path + unknown[0])
        for name in required:
            if name not in obj:
                raise self.fail("missing", path + name)

    # ------------------------------------------------------------------ values
    def integer(self, obj: Mapping[str, object], field: str, low: int,
                high: int | None = None, where: str | None = None) -> int:
        """``obj[field]``, a whole number (never a boolean) in ``low..high``; ``where``
        names it in the message (default: ``field``)."""
        return self.whole(obj.get(field), where or field, low, high)

    def whole(self, value: object, field: str | None, low: int,
              high: int | None = None) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(f"must be a whole number (an integer), got {shown(value)}", field)
        if value < low or (high is not None and value > high):
            if high is None:
                wanted = f"must be at least {low}"
            elif high == low:
                wanted = f"must be {low}"
            elif high == low + 1:
                wanted = f"must be {low} or {high}"
            else:
                wanted = f"must be between {low} and {high}"
            raise self.fail(f"{wanted}, got {shown(value)}", field)
        return value

    def wholes(self, value: object, field: str | None, low: int, high: int,
               what: str = "whole numbers", distinct: bool = False) -> list[int]:
        """A JSON array of whole numbers in ``low..high`` (each different, if asked)."""
        items = self.array(value, field, what=what)
        out = [self.whole(x, field, low, high) for x in items]
        if distinct and len(set(out)) != len(out):
            raise self.fail(f"names the same one twice ({shown(out)})", field)
        return out

    def boolean(self, obj: Mapping[str, object], field: str, where: str | None = None
                ) -> bool:
        value = obj.get(field)
        if not isinstance(value, bool):
            raise self.fail(f"must be true or false, got {shown(value)}", where or field)
        return value

    def optional_boolean(self, obj: Mapping[str, object], field: str,
                         where: str | None = None) -> bool | None:
        value = obj.get(field)
        if value is not None and not isinstance(value, bool):
            raise self.fail(f"must be null, true or false, got {shown(value)}",
                            where or field)
        return value

    def string(self, obj: Mapping[str, object], field: str, where: str | None = None,
               empty: bool = False) -> str:
        return self.text(obj.get(field), where or field, empty)

    def text(self, value: object, field: str | None, empty: bool = False) -> str:
        if not isinstance(value, str) or (not empty and not value.strip()):
            kind = "a text" if empty else "a non-empty text"
            raise self.fail(f"must be {kind}, got {shown(value)}", field)
        return value

    def choice(self, obj: Mapping[str, object], field: str, options: Sequence[str],
               where: str | None = None) -> str:
        value = obj.get(field)
        if not isinstance(value, str) or value not in options:
            raise self.fail(f"must be one of {', '.join(options)}; got {shown(value)}",
                            where or field)
        return value

    def of_kind(self, value: object, field: str | None, kinds: Sequence[str]) -> Any:
        """``value`` if it is one of the JSON ``kinds`` ("integer", "number", "text",
        "boolean", "null", "object", "array"); a boolean is never an integer or a number."""
        if not any(_KIND_TESTS[kind](value) for kind in kinds):
            wanted = " or ".join(_KIND_WORDS[kind] for kind in kinds)
            raise self.fail(f"must be {wanted}, got {shown(value)}", field)
        return value

    def ref(self, value: object, field: str | None, table: Mapping[str, int], noun: str,
            nullable: bool = False) -> int:
        """The index ``table`` gives the id ``value`` (-1 for null, when allowed); an
        unknown id is refused as "unknown NOUN 'id'"."""
        if value is None and nullable:
            return -1
        if not isinstance(value, str) or value not in table:
            raise self.fail(f"unknown {noun} {shown(value)}", field)
        return table[value]


_KIND_TESTS: dict[str, Callable[[object], bool]] = {
    "integer": lambda v: isinstance(v, int) and not isinstance(v, bool),
    "number": lambda v: isinstance(v, (int, float)) and not isinstance(v, bool),
    "text": lambda v: isinstance(v, str),
    "boolean": lambda v: isinstance(v, bool),
    "null": lambda v: v is None,
    "object": lambda v: isinstance(v, dict),
    "array": lambda v: isinstance(v, list),
}
_KIND_WORDS = {"integer": "a whole number", "number": "a number", "text": "a text",
               "boolean": "true or false", "null": "null", "object": "an object",
               "array": "a list"}

__all__ = ["Checker", "ErrorMaker", "field_error", "plain_digits", "seat_keys_as_text"]
