"""Helpers shared by the engine tests: build positions, find dice, check refusals.

Imported by the test modules as ``dice_helpers`` (pytest puts this folder on the path;
conftest.py registers it for assertion rewriting)."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from nations_widget.dice import GameState, IllegalMoveError, check_invariants
from nations_widget.dice.catalogue import RESOURCES
from nations_widget.dice.moves import Move
from nations_widget.dice.scenario import parse_face
from nations_widget.dice.serialization import check_position
from nations_widget.dice.state import DIE_COLOUR

# Five white dice showing one of each resource (the usual hand in these tests).
ONE_OF_EACH = ["white:gold", "white:stone", "white:food", "white:book", "white:strength"]


def face_tuple(text: str) -> tuple[int, ...]:
    """``"2gold"`` -> (2, 0, 0, 0, 0): symbol counts in RESOURCES order."""
    symbols = parse_face(text, "test")
    return tuple(symbols.get(r, 0) for r in RESOURCES)


def dice_showing(s: GameState, seat: int, spec: str, used: bool | None = False) -> list[int]:
    """The seat's dice described by ``"colour:face"`` (``"colour"`` alone: any face), in
    number order; ``used``: only unused (False), only used (True) or both (None)."""
    colour, _, face = spec.partition(":")
    want = face_tuple(face) if face else None
    return [d for d in s.dice_of(seat)
            if DIE_COLOUR[d] == colour and (want is None or s.face(d) == want)
            and (used is None or s.dice_used[d] == used)]


def die(s: GameState, seat: int, spec: str, used: bool | None = False, nth: int = 0) -> int:
    found = dice_showing(s, seat, spec, used)
    assert len(found) > nth, f"seat {seat} has no {spec} die number {nth}: {found}"
    return found[nth]


def refuse(s: GameState, move: Move, *words: str) -> str:
    """Assert ``move`` is refused with a message containing every one of ``words`` and that
    the state is exactly as before (compared through its complete JSON form)."""
    before = copy.deepcopy(s.to_json())
    with pytest.raises(IllegalMoveError) as info:
        s.apply(move)
    assert s.to_json() == before, "a refused move changed the state"
    with pytest.raises(IllegalMoveError):
        s.check(move)
    assert not s.is_legal(move)
    message = str(info.value)
    for word in words:
        assert word in message, f"{word!r} not in the refusal {message!r}"
    return message


def play(s: GameState, move: Move) -> list[Any]:
    """Apply a move that must be legal, and check the invariants afterwards."""
    assert s.is_legal(move), f"{move} should be legal: {_why(s, move)}"
    log = s.apply(move)
    problems = check_invariants(s) or check_position(s)
    assert not problems, problems
    return log


def _why(s: GameState, move: Move) -> str:
    try:
        s.check(move)
    except IllegalMoveError as exc:
        return str(exc)
    return "legal"


def kinds(log: list[Any]) -> list[str]:
    return [e.kind for e in log]
