"""Helpers shared by the board-engine tests: components with effects written inline,
refusals that must leave the state untouched, answering decisions by words.

Imported by the test modules as ``board_helpers`` (pytest puts this folder on the path)."""

from __future__ import annotations

import copy
import dataclasses
import json
from functools import cache
from typing import Any

import pytest

from nations_widget.board import Choose, GameState, IllegalMoveError
from nations_widget.board.components import (
    DATA,
    Components,
    build_components,
    default_components,
)
from nations_widget.board.moves import Move
from nations_widget.board.serialization import check_invariants
from nations_widget.board.vocabulary import EventHalf


@cache
def _raw(name: str) -> str:
    return (DATA / name).read_text(encoding="utf-8")


def raw_data() -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
    """Fresh copies of the three packaged data files' JSON."""
    return (json.loads(_raw("cards.json")), json.loads(_raw("events.json")),
            json.loads(_raw("nations.json")))


def components_with(cards: dict[str, list[dict[str, Any]]] | None = None,
                    events: dict[str, list[dict[str, Any]]] | None = None) -> Components:
    """The packaged components, with effect definitions written inline: ``cards`` maps a
    card id to its "effects" list; ``events`` maps an event card id to its two halves'
    extra fields (who, if, do, others_do), which replace the packaged definition."""
    card_data, event_data, nation_data = raw_data()
    by_id = {c["id"]: c for c in card_data["progress"]}
    for cid, effects in (cards or {}).items():
        by_id[cid]["effects"] = effects
    ev_by_id = {e["id"]: e for e in event_data["events"]}
    for eid, halves in (events or {}).items():
        for half, extra in zip(ev_by_id[eid]["events"], halves, strict=True):
            # the inline definition replaces the packaged one ({} = a half with no effect)
            for key in [k for k in half if k not in ("name", "text")]:
                del half[key]
            half.update(extra)
    return build_components(card_data, event_data, nation_data)


def refuse(s: GameState, move: Move, *words: str) -> str:
    """Assert ``move`` is refused with a message containing every one of ``words`` and that
    the state is exactly as before."""
    before = copy.deepcopy(s.to_json())
    with pytest.raises(IllegalMoveError) as info:
        s.apply(move)
    assert s.to_json() == before, "a refused move changed the state"
    assert not s.is_legal(move)
    message = str(info.value)
    for w in words:
        assert w in message, f"{w!r} not in {message!r}"
    return message


def choose(s: GameState, start: str) -> None:
    """Answer the current decision with the (only) option starting with ``start``."""
    options = [m.option for m in s.legal_moves() if isinstance(m, Choose)]
    hits = [o for o in options if o.startswith(start)]
    assert len(hits) == 1, f"{start!r} matches {hits} among {options}"
    s.apply(Choose(hits[0]))
    assert check_invariants(s) == []


def options(s: GameState) -> list[str]:
    return [m.option for m in s.legal_moves() if isinstance(m, Choose)]


def play(s: GameState, *moves: Move) -> None:
    for m in moves:
        s.apply(m)
        assert check_invariants(s) == [], f"after {m}"


def with_event_halves(comp: Components, event_id: str, keep: tuple[int, ...]) -> Components:
    """A copy of ``comp`` (sharing the cards) where event card ``event_id`` keeps only the
    halves numbered in ``keep`` (the others have no effect) and has no famine: the cheap
    twin of ``components_with(events=...)``, for tests that build many of them.  The copy
    carries another fingerprint, so a saved game never mixes the two."""
    ref = comp.event_ref[event_id]
    spec = comp.events[ref]
    halves = tuple(h if i in keep else EventHalf(name=h.name, text=h.text)
                   for i, h in enumerate(spec.halves))
    events = list(comp.events)
    events[ref] = dataclasses.replace(spec, halves=halves, famine=0)
    return dataclasses.replace(comp, events=tuple(events),
                               fingerprint=f"{comp.fingerprint}-{event_id}-{keep}")


@cache
def quiet_components(*event_ids: str) -> Components:
    """The packaged components with the named event cards blanked (both halves do nothing)
    and their famine set to 0: a card test that plays through the resolution sees only the
    cards' effects.  (Event tests blank only the *other* half of the card under test.)"""
    comp = default_components()
    for e in event_ids:
        comp = with_event_halves(comp, e, ())
    return comp


@cache
def _cards_by_id() -> dict[str, dict[str, Any]]:
    return {c["id"]: c for c in raw_data()[0]["progress"]}


def card_figures(card_id: str) -> dict[str, Any]:
    """The raw data of one progress card (figures as printed in data/cards.json), a copy."""
    return copy.deepcopy(_cards_by_id()[card_id])


def resources(s: GameState, seat: int) -> list[int]:
    """gold, stone, food, books, VP of one seat (a copy)."""
    return list(s.players[seat].res)
