"""The move base both engines' moves derive from, and the checks of a move's JSON form.

A move is a small frozen dataclass: its class names the move (``type``) and its place in
the order of ``legal_moves()`` (``order``); its fields are the player's choices.  From the
fields alone :class:`MoveBase` works out

- the JSON form (:meth:`MoveBase.to_json`): ``type`` first, then every field in the order
  declared, a tuple as a list, a value with its own ``to_json`` by it; a field declared
  with :func:`optional` is left out while it holds its default (so a move's JSON stays as
  short as it always was);
- the readable string (``str(move)``): the class's ``text`` template filled with the
  fields ("buy {card}"), or the move's own ``__str__`` where the sentence depends on them;
- the parser (:class:`MoveSet`): the JSON envelope, a known ``type``, no unknown field
  (:func:`move_object`), then each field read by its annotation (a text, a whole number,
  true or false, a list of whole numbers, one of some words, or ``None`` where the
  annotation allows it; a game adds readers for its own value types, e.g. the dice game's
  payment).  A wrong value is refused with the :class:`MalformedMoveError` message players
  see ("book chits must be a whole number, got True"), quoting at most a short prefix of it.

How a field is read when it is missing: a plain field is required (its reader is given
``None``, which it refuses, or the field's ``needs`` text says what it is for); a field
made with :func:`optional` or :func:`defaulted` reads as its default.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Take(MoveBase):
...     card: str = ""
...     count: int = defaulted(1)
...     note: str | None = optional(None)
...     type: ClassVar[str] = "take"
...     text: ClassVar[str] = "take {count} of {card}"
>>> Take("forum").to_json()
{'type': 'take', 'card': 'forum', 'count': 1}
>>> str(Take("forum", 2))
'take 2 of forum'
>>> MoveSet([Take]).parse('{"type": "take", "card": "forum"}')
Take(card='forum', count=1, note=None)
>>> MoveSet([Take]).parse({"type": "take", "count": 2})
Traceback (most recent call last):
...
nations_widget.core.errors.MalformedMoveError: card must be a non-empty text, got None
"""

from __future__ import annotations

import builtins
import dataclasses
import json
import types
import typing
from collections.abc import Callable, Iterable, Mapping, Set
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, Literal, NamedTuple, TypeVar

from .envelope import json_object, quote, shown
from .errors import MalformedMoveError

#: The longest move text accepted (a move is a few dozen characters).
MAX_MOVE_CHARS = 20_000

#: the metadata key of a field's JSON behaviour (see :func:`optional`, :func:`defaulted`)
_JSON = "nations_json"

T = TypeVar("T")
M = TypeVar("M", bound="MoveBase")

#: reads one field's JSON value: (value, the field's name in messages) -> the value
Reader = Callable[[object, str], Any]


def optional(default: T, *, what: str | None = None) -> T:
    """A field left out of the JSON form while it holds ``default``, and read as
    ``default`` when missing (``what``: its name in messages, default the field's)."""
    return dataclasses.field(default=default, metadata={_JSON: ("optional", what, None)})


def defaulted(default: T, *, what: str | None = None) -> T:
    """A field always written, and read as ``default`` when missing."""
    return dataclasses.field(default=default, metadata={_JSON: ("defaulted", what, None)})


def required(default: T, *, what: str | None = None, needs: str | None = None) -> T:
    """A field always written and required on reading (``default`` serves only the
    constructor).  ``needs``: what it is for, said when it is missing ("a reroll needs
    'dice': the dice to roll again"); without it the reader refuses the missing value."""
    return dataclasses.field(default=default, metadata={_JSON: ("required", what, needs)})


class _FieldPlan(NamedTuple):
    name: str
    omit_default: bool          # left out of the JSON while it holds its default
    write: Callable[[Any], Any] | None  # its JSON form from its value (None: as it is)
    missing: str                # "required" or "default": what a missing field reads as
    default: Any
    what: str                   # its name in messages
    needs: str | None
    reader: Reader


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


def whole_list(value: object, what: str) -> tuple[int, ...]:
    """``value`` as a list of whole numbers, or the move is malformed."""
    if not isinstance(value, (list, tuple)):
        raise MalformedMoveError(f"{what} must be a list of whole numbers")
    return tuple(whole_field(v, f"each of {what}") for v in value)


def _truth(value: object, what: str) -> bool:
    if not isinstance(value, bool):
        raise MalformedMoveError(f"{what} is true or false, got {quote(repr(value))}")
    return value


def _a(word: str) -> str:
    """``word`` with its article: "a reroll", "an unrest"."""
    return ("an " if word[:1] in "aeiou" else "a ") + word


def _json_value(value: Any) -> Any:
    """A field's value in its JSON form."""
    if isinstance(value, tuple):
        return [_json_value(v) for v in value]
    to_json = getattr(value, "to_json", None)
    return to_json() if to_json is not None else value


@dataclass(frozen=True)
class MoveBase:
    """What every move of either game is: see the module docstring."""

    #: the move's name in its JSON form
    type: ClassVar[str] = ""
    #: its place in the order of ``legal_moves()`` (types in this order, then ``_key``)
    order: ClassVar[int] = 0
    #: the readable string, filled with the fields (empty: the move writes its own)
    text: ClassVar[str] = ""
    #: readers of the value types a game's moves use besides the plain ones
    readers: ClassVar[Mapping[Any, Reader]] = {}
    #: a free move: not an action, the player's turn goes on after it (a lesson does not
    #: count it among the moves its answer may take)
    free: ClassVar[bool] = False

    # ------------------------------------------------------------- the JSON form
    @classmethod
    def _plan(cls) -> tuple[_FieldPlan, ...]:
        plan = _PLANS.get(cls)
        if plan is None:
            plan = _PLANS[cls] = _plan_of(cls)
        return plan

    @classmethod
    def json_fields(cls) -> frozenset[str]:
        """The fields the move's JSON form may have besides ``type``."""
        return frozenset(f.name for f in dataclasses.fields(cls))

    def to_json(self) -> dict[str, Any]:
        """The JSON form (see the module docstring).  The first call for a class writes
        that class's own ``to_json`` from its fields (as :mod:`dataclasses` writes
        ``__init__``): bots and the search key moves by their JSON thousands of times a
        second, and the written function is as fast as one written by hand."""
        cls = type(self)
        if "to_json" not in cls.__dict__:
            written = _compiled_to_json(cls)
            setattr(cls, "to_json", written)  # noqa: B010 (a method set on the class)
            return written(self)
        return _generic_to_json(self)

    def to_json_str(self) -> str:
        """The JSON form as compact text with sorted keys (a stable key for a move)."""
        return json.dumps(self.to_json(), sort_keys=True, separators=(",", ":"))

    @classmethod
    def from_fields(cls: builtins.type[M], data: Mapping[str, Any]) -> M:
        """The move from its JSON object (``type`` and its fields already checked by
        :func:`move_object`): each field read by its annotation's reader."""
        values: dict[str, Any] = {}
        for f in cls._plan():
            if f.name in data:
                values[f.name] = f.reader(data[f.name], f.what)
            elif f.missing == "default":
                values[f.name] = f.default
            elif f.needs is not None:
                raise MalformedMoveError(f"{_a(cls.type)} needs '{f.name}': {f.needs}")
            else:
                values[f.name] = f.reader(None, f.what)
        return cls(**values)

    # -------------------------------------------------------------- the order
    def sort_key(self) -> tuple[Any, ...]:
        """The order of ``legal_moves()``: by type (``order``), then by the move's own
        key (:meth:`_key`)."""
        return (self.order, *self._key())

    def _key(self) -> tuple[Any, ...]:
        return ()

    # ------------------------------------------------------------ readable string
    def __str__(self) -> str:
        values = {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}
        if self.text:
            return self.text.format(**values)
        return " ".join([self.type, *(str(v) for v in values.values())])


_PLANS: dict[type[MoveBase], tuple[_FieldPlan, ...]] = {}


def _generic_to_json(move: MoveBase) -> dict[str, Any]:
    """The JSON form by the class's plan (what :func:`_compiled_to_json` writes out)."""
    out: dict[str, Any] = {"type": move.type}
    for f in move._plan():
        value = getattr(move, f.name)
        if f.omit_default and value == f.default:
            continue
        out[f.name] = value if f.write is None else f.write(value)
    return out


def _compiled_to_json(cls: type[MoveBase]) -> Callable[[MoveBase], dict[str, Any]]:
    """``cls``'s ``to_json``, written out field by field from its plan; an instance of a
    subclass (which has fields of its own) goes by the plan of its class instead."""
    names: dict[str, Any] = {"cls": cls, "generic": _generic_to_json, "kind": cls.type}
    lines = ["def to_json(self):",
             "    if self.__class__ is not cls:",
             "        return generic(self)",
             "    out = {'type': kind}"]
    for i, f in enumerate(cls._plan()):
        names[f"default_{i}"], names[f"write_{i}"] = f.default, f.write
        value = f"self.{f.name}" if f.write is None else f"write_{i}(self.{f.name})"
        if f.omit_default:
            lines += [f"    if self.{f.name} != default_{i}:",
                      f"        out[{f.name!r}] = {value}"]
        else:
            lines.append(f"    out[{f.name!r}] = {value}")
    lines.append("    return out")
    exec("\n".join(lines), names)       # the names are a dataclass's field names
    function: Callable[[MoveBase], dict[str, Any]] = names["to_json"]
    function.__qualname__ = f"{cls.__qualname__}.to_json"
    function.__doc__ = MoveBase.to_json.__doc__
    return function

_PLAIN_READERS: dict[Any, Reader] = {
    str: text_field,
    int: whole_field,
    bool: _truth,
    tuple[int, ...]: whole_list,
}


def _writer_for(annotation: Any) -> Callable[[Any], Any] | None:
    """How a value of ``annotation`` becomes JSON: None for a text, number, truth value or
    word (as it is), ``list`` for a tuple of them, else :func:`_json_value`."""
    if annotation in (str, int, bool) or typing.get_origin(annotation) is Literal:
        return None
    if annotation in (tuple[int, ...], tuple[str, ...]):
        return list
    args = typing.get_args(annotation)
    if isinstance(annotation, types.UnionType) and type(None) in args:
        rest = [a for a in args if a is not type(None)]
        inner = _writer_for(rest[0]) if len(rest) == 1 else _json_value
        if inner is None:
            return None
        return lambda value: None if value is None else inner(value)
    return _json_value


def _reader_for(cls: type[MoveBase], annotation: Any, name: str) -> Reader:
    """The reader of a field's annotation: the game's own first, then the plain ones;
    ``X | None`` reads ``null`` as None and anything else as ``X``; a ``Literal`` one of
    its words."""
    readers = {**_PLAIN_READERS, **cls.readers}
    if annotation in readers:
        return readers[annotation]
    args = typing.get_args(annotation)
    if typing.get_origin(annotation) is Literal:
        words = " or ".join(repr(a) for a in args)

        def one_of(value: object, what: str) -> Any:
            if value not in args:
                raise MalformedMoveError(f"{_a(cls.type)} move's '{what}' is {words}, "
                                         f"got {quote(repr(value))}")
            return value
        return one_of
    if isinstance(annotation, types.UnionType) and type(None) in args:
        rest = [a for a in args if a is not type(None)]
        if len(rest) == 1:
            inner = _reader_for(cls, rest[0], name)
            return lambda value, what: None if value is None else inner(value, what)
    raise TypeError(f"{cls.__name__}.{name}: no JSON reader for {annotation!r}")


def _plan_of(cls: type[MoveBase]) -> tuple[_FieldPlan, ...]:
    hints = typing.get_type_hints(cls)
    plan = []
    for f in dataclasses.fields(cls):
        kind, what, needs = f.metadata.get(_JSON, ("plain", None, None))
        plan.append(_FieldPlan(
            f.name, kind == "optional", _writer_for(hints[f.name]),
            "default" if kind in ("optional", "defaulted")
            else "required", f.default, what or f.name, needs,
            _reader_for(cls, hints[f.name], f.name)))
    return tuple(plan)


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


class MoveSet(Generic[M]):
    """A game's moves by type: what its parser accepts (:meth:`parse`)."""

    def __init__(self, classes: Iterable[type[M]]) -> None:
        self.by_type: dict[str, type[M]] = {}
        for cls in classes:
            if not cls.type or cls.type in self.by_type:
                raise ValueError(f"{cls.__name__}: each move needs its own type name")
            self.by_type[cls.type] = cls
        self.fields: dict[str, frozenset[str]] = {
            kind: cls.json_fields() for kind, cls in self.by_type.items()}

    def parse(self, data: object) -> M:
        """A move from its JSON form (a dict, JSON text or bytes), or
        :class:`MalformedMoveError` saying what is wrong."""
        kind, obj = move_object(data, self.fields)
        return self.by_type[kind].from_fields(obj)


__all__ = ["MAX_MOVE_CHARS", "MoveBase", "MoveSet", "Reader", "defaulted", "move_object",
           "optional", "required", "text_field", "whole_field", "whole_list"]
