"""Every registered game's app widget under what a page may send: parametrized over the
registry (:data:`nations_widget.core.registry.GAMES`), so a game added there is fuzzed
here with nothing more to write.  Each game's own intents fuzzing goes further
(test_widget_intents.py, test_board_widget_intents.py: bots thinking meanwhile, the
game's own settings); this one holds every game to the shell's promise: nothing raises into
the kernel, a refusal sets a short ``error`` in words and leaves the game and every synced
trait as it was.

Cases: any intent kind the widget takes, with any fields; moves the game listed at an
earlier position (stale) or for another seat; listed moves with one place changed; the
game's own save with one place changed; oversized and deeply nested messages.
"""

from __future__ import annotations

import functools
import random
from typing import Any

import pytest
from fuzz_support import (
    JSON,
    VALUES,
    fuzz_settings,
    message_size,
    mutated,
    mutated_save_text,
    nested,
)
from fuzz_support import send_and_check as checked_send
from hypothesis import given
from hypothesis import strategies as st

from nations_widget.core.registry import GAMES, GameEntry
from nations_widget.widget import MAX_MESSAGE_CHARS


def new_widget(entry: GameEntry) -> Any:
    """The app's widget for ``entry``, in a new game of two people at this screen."""
    w = entry.make_widget()
    players = 2 if 2 in entry.players else entry.players[0]
    w.handle_intent({"kind": "new_game", "settings": {
        "players": players, "seats": ["human"] * players, "seed": 3, "bot_delay": 0}})
    assert not w.error, w.error
    return w


@functools.cache
def played(entry: GameEntry) -> tuple[tuple[Any, ...], str]:
    """A game of ``entry`` 25 random moves in: each position's state, and its save."""
    w = new_widget(entry)
    rng = random.Random(5)
    for _ in range(25):
        legal = w.game.legal_moves()
        if w.game.is_over or not legal:
            break
        w.play(legal[rng.randrange(len(legal))])
    game = w.game
    return tuple(game.state_at(p) for p in range(game.position + 1)), game.to_json_str()


@st.composite
def intents(draw: st.DrawFn, entry: GameEntry, kinds: tuple[str, ...]) -> Any:
    states, save = played(entry)
    how = draw(st.sampled_from(["any", "stale", "listed", "load", "oversized", "nested"]))
    if how == "any":
        kind = draw(st.sampled_from(kinds) | st.text(max_size=6))
        fields = draw(st.dictionaries(
            st.sampled_from(["move", "seat", "steps", "position", "settings", "text",
                             "name", "player", "then", "extra"]), VALUES, max_size=3))
        return {"kind": kind, **fields}
    if how in ("stale", "listed"):
        state = states[draw(st.integers(0, len(states) - 1))]
        listed = state.legal_moves()
        if not listed:
            return {"kind": "redo"}
        doc = listed[draw(st.integers(0, len(listed) - 1))].to_json()
        if how == "listed":
            doc = draw(mutated(doc))
        intent = {"kind": "move", "move": doc,
                  "seat": draw(st.one_of(st.none(), st.integers(-1, 5), JSON))}
        if draw(st.booleans()):
            intent["position"] = draw(st.one_of(st.none(), st.integers(-1, 40), JSON))
        return intent
    if how == "load":
        text = mutated_save_text(draw, save)
        return {"kind": "load", "text": text}
    if how == "oversized":
        return {"kind": draw(st.sampled_from(["load", "move", "name"])),
                "text": "x" * (MAX_MESSAGE_CHARS + draw(st.integers(1, 5000)))}
    return nested(draw(st.integers(100, 20_000)), {"kind": "redo"})


@pytest.mark.parametrize("entry", GAMES, ids=lambda g: g.key)
@pytest.mark.timeout(240)
@fuzz_settings(100)
@given(data=st.data())
def test_any_intent_is_applied_or_refused_the_widgets_way(entry: GameEntry,
                                                          data: st.DataObject) -> None:
    w = widget_for(entry)
    watched = tuple(t for t in w.read_only_traits() if t != "error")
    for intent in data.draw(st.lists(intents(entry, w.intent_kinds), min_size=1,
                                     max_size=4), label="intents"):
        refused = checked_send(w, intent, watched)
        if message_size(intent) > MAX_MESSAGE_CHARS:
            assert refused, "an oversized message was taken"


@functools.cache
def _loaded_widget(entry: GameEntry) -> Any:
    return new_widget(entry)


def widget_for(entry: GameEntry) -> Any:
    """One widget per game for the whole run (a new widget per example would be slow),
    put back at the sample game's position before each example."""
    w = _loaded_widget(entry)
    w.handle_intent({"kind": "load", "text": played(entry)[1]})
    assert not w.error, w.error
    return w
