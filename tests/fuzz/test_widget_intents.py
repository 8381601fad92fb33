"""Fuzzing the widget's intents: whatever a page (or a modified page, or a stale one)
sends, nothing raises into the kernel, a refusal is shown the widget's way (``error``,
under 500 characters) and leaves the game and every synced trait as they were.

Cases: any kind with any fields, moves listed for an earlier position (stale) or for
another seat, moves with one place changed, oversized and deeply nested messages,
new-game settings, saved games with one place changed, and the same while the bots are
playing (a search thinking in a worker thread), after which every bot move must have been
applied to the position it was chosen for.
"""

from __future__ import annotations

import asyncio
import dataclasses
import functools
import json
import threading
import time
from typing import Any

from fuzz_support import (
    JSON,
    VALUES,
    fuzz_settings,
    message_size,
    mutated,
    mutated_save_text,
    nested,
    played_history,
)
from fuzz_support import send_and_check as checked_send
from hypothesis import given
from hypothesis import strategies as st

from nations_widget.core.bots.runner import BotTurn
from nations_widget.dice import Game, GameState, Move
from nations_widget.widget import KINDS, MAX_MESSAGE_CHARS, READ_ONLY_TRAITS, NationsWidget

#: every synced trait but ``error`` (which a refusal sets)
WATCHED = tuple(t for t in READ_ONLY_TRAITS if t != "error")


class GatedBot:
    """First listed move (a buy when there is one); can be held back like a search, and
    records the state it chose for and the move, so the test can check where it landed."""

    def __init__(self, chosen: list[tuple[str, Move]], gate: threading.Event | None) -> None:
        self.chosen = chosen
        self.gate = gate

    def choose(self, state: GameState) -> Move:
        if self.gate is not None:
            self.gate.wait(2.0)
        moves = state.legal_moves()
        buys = [m for m in moves if m.type in ("buy", "build")]
        move = buys[0] if buys else moves[0]
        self.chosen.append((state.to_json_str(), move))
        return move


def make_widget(chosen: list[tuple[str, Move]], gate: threading.Event | None = None,
                delay: float = 0.0) -> NationsWidget:
    return NationsWidget(players=2, seats=["human", "bot"], seed=11, bot_delay=delay,
                         bot_factory=lambda name, seed: GatedBot(chosen, gate),
                         bot_names=["bot"])


@functools.cache
def history() -> tuple[tuple[GameState, ...], str]:
    """The positions of a seeded 2-player game (for stale moves) and its save."""
    return played_history(Game(players=2, seed=11), 30)


@st.composite
def intents(draw: st.DrawFn) -> Any:
    states, save = history()
    how = draw(st.sampled_from(["any", "stale", "stale", "listed", "oversized", "nested",
                                "settings", "load", "simple", "seat"]))
    if how == "any":
        kind = draw(st.sampled_from(KINDS) | st.text(max_size=6))
        fields = draw(st.dictionaries(
            st.sampled_from(["move", "seat", "steps", "position", "settings", "text",
                             "name", "player", "extra"]), VALUES, max_size=3))
        return {"kind": kind, **fields}
    if how in ("stale", "listed"):
        state = states[draw(st.integers(0, len(states) - 1))]
        listed = state.legal_moves()
        doc = listed[draw(st.integers(0, len(listed) - 1))].to_json()
        if how == "listed":
            doc = draw(mutated(doc))
        seat = draw(st.one_of(st.none(), st.integers(-1, 4), JSON))
        intent = {"kind": "move", "move": doc, "seat": seat}
        if draw(st.booleans()):        # the position the page showed (often an old one)
            intent["position"] = draw(st.one_of(st.none(), st.integers(-1, 40), JSON))
        return intent
    if how == "oversized":
        size = MAX_MESSAGE_CHARS + draw(st.integers(1, 5000))
        return draw(st.sampled_from([
            {"kind": "load", "text": "x" * size},
            {"kind": "move", "move": {"type": "reroll", "dice": [0] * (size // 3)}},
            {"kind": "load_catalogue", "text": "[" * size, "name": "big.json"},
        ]))
    if how == "nested":
        depth = draw(st.integers(100, 20_000))
        where = draw(st.sampled_from(["move", "settings", "root"]))
        if where == "move":
            return {"kind": "move", "move": {"type": "reroll", "dice": nested(depth)}}
        if where == "settings":
            return {"kind": "new_game", "settings": {"seats": nested(depth)}}
        return nested(depth, {"kind": "redo"})
    if how == "settings":
        settings = draw(st.dictionaries(
            st.sampled_from(["players", "seats", "variant", "automate", "solo_tougher",
                             "seed", "bot_delay", "colour"]),
            st.one_of(st.integers(-1, 6), st.lists(st.sampled_from(["human", "bot", "x"]),
                                                   max_size=5), VALUES),
            max_size=4))
        return {"kind": "new_game", "settings": settings}
    if how == "load":
        text = mutated_save_text(draw, save)
        return {"kind": "load", "text": text, "name": draw(st.none() | st.text(max_size=700))}
    if how == "seat":
        return {"kind": "set_seat", "seat": draw(st.integers(-2, 3) | VALUES),
                "player": draw(st.sampled_from(["human", "bot", "alien"]) | st.text())}
    return draw(st.sampled_from([
        {"kind": "undo"}, {"kind": "undo", "steps": draw(st.integers(-3, 50))},
        {"kind": "redo"}, {"kind": "goto", "position": draw(st.integers(-3, 60))},
        {"kind": "bot_move"}, {"kind": "play_bots"}, {"kind": "save"},
        {"kind": "clear_error"}, {"kind": "log_sync"}, {"kind": "move", "move": NASTY_MOVE},
    ]))


NASTY_MOVE = {"type": "buy", "tile": "é" * 900, "payment": {"dice": [True, 2**80]}}


def send_and_check(w: Any, intent: Any) -> bool:
    """Send one intent as the page would; check the promise (fuzz_support.send_and_check).
    Returns whether it was refused."""
    return checked_send(w, intent, WATCHED)



@fuzz_settings(250)
@given(st.lists(intents(), min_size=1, max_size=5))
def test_intents_are_refused_the_widgets_way(sequence: list[Any]) -> None:
    chosen: list[tuple[str, Move]] = []
    w = make_widget(chosen)
    for intent in sequence:
        refused = send_and_check(w, intent)
        if message_size(intent) > MAX_MESSAGE_CHARS:
            assert refused, "an oversized or too deeply nested message was accepted"


@fuzz_settings(250)
@given(st.data())
def test_stale_and_wrong_seat_moves_are_refused(data: st.DataObject) -> None:
    chosen: list[tuple[str, Move]] = []
    w = make_widget(chosen)
    for _ in range(data.draw(st.integers(0, 6), label="moves played")):
        if w.game.is_over or w.game.current_player != 0:
            break
        moves = w.game.legal_moves()
        w.handle_intent({"kind": "move", "seat": 0,
                         "move": moves[data.draw(st.integers(0, len(moves) - 1))].to_json()})
        assert w.error == ""
    if w.game.is_over:
        return
    current = w.game.current_player
    assert current == 0
    states, _ = history()
    # a seat that is not acting: refused whatever the move
    wrong = data.draw(st.sampled_from([1, 2, -1, 7]), label="wrong seat")
    listed = w.game.legal_moves()
    move = listed[data.draw(st.integers(0, len(listed) - 1))].to_json()
    assert send_and_check(w, {"kind": "move", "seat": wrong, "move": move})
    # a move listed for another position: played only if it is legal here too
    old = states[data.draw(st.integers(0, len(states) - 1), label="old position")]
    stale = old.legal_moves()
    doc = stale[data.draw(st.integers(0, len(stale) - 1))].to_json()
    legal_here = {json.dumps(m.to_json(), sort_keys=True) for m in w.game.legal_moves()}
    refused = send_and_check(w, {"kind": "move", "seat": 0, "move": doc})
    if json.dumps(doc, sort_keys=True) in legal_here:
        assert not refused


def without_pause(intent: Any) -> Any:
    """The intent without a bots' pause longer than 0.05 s in new-game settings (a pause
    of up to 30 s is legal, and would only make this test wait)."""
    if isinstance(intent, dict) and isinstance(intent.get("settings"), dict):
        delay = intent["settings"].get("bot_delay")
        if isinstance(delay, (int, float)) and not isinstance(delay, bool) and delay > 0.05:
            return {**intent, "settings": {**intent["settings"], "bot_delay": 0.05}}
    return intent


def bots_playing_through(sequence: list[Any]) -> tuple[NationsWidget, list[tuple[str, Move]],
                                                       list[tuple[str, Move]]]:
    """Seat 0 passes; while the bots think (held in their worker thread until the whole
    ``sequence`` of intents is sent), the page sends it.  The widget, the bots' choices
    (position, move) and the bot moves played (the position each landed on, the move)."""

    async def scenario() -> tuple[NationsWidget, list[tuple[str, Move]],
                                  list[tuple[str, Move]]]:
        gate = threading.Event()
        gate.set()                  # a bot opening the game plays at once (from Python)
        chosen: list[tuple[str, Move]] = []
        w = make_widget(chosen, gate)
        gate.clear()                # from here on, the bots think until released
        applied: list[tuple[str, Move]] = []
        apply = w.bot_runner.hooks.apply

        def watched(turn: BotTurn, move: Move, publish: bool) -> bool:
            game, _ = turn.mark
            now = game.state.to_json_str()      # the position the move would land on
            played = apply(turn, move, publish)
            if played:
                applied.append((now, move))
            return played

        # the runner calls its hooks' apply (a frozen record): the watched one in its place
        w.bot_runner.hooks = dataclasses.replace(w.bot_runner.hooks, apply=watched)
        w.handle_intent({"kind": "move", "seat": 0, "move": {"type": "pass"}})
        assert w.error == "" and w.busy
        for intent in sequence:
            send_and_check(w, without_pause(intent))
            await asyncio.sleep(0)
        gate.set()
        deadline = time.monotonic() + 20
        while w.busy and time.monotonic() < deadline:
            await asyncio.sleep(0.002)
        assert not w.busy
        return w, chosen, applied

    return asyncio.run(scenario())


def test_the_bots_moves_are_watched() -> None:
    """With nothing sent meanwhile, the bots' moves after the pass are played, each
    through the watched apply (so the fuzz test below looks at real moves)."""
    w, chosen, applied = bots_playing_through([])
    assert "a bot failed" not in w.error
    assert applied and len(applied) <= len(chosen)


@fuzz_settings(120)
@given(st.lists(intents(), min_size=1, max_size=4))
def test_intents_while_the_bots_play(sequence: list[Any]) -> None:
    """A search is thinking in a worker thread; the page sends more intents.  Each is
    refused the widget's way or accepted; afterwards every bot move was played on the
    position it was chosen for, and no bot failed."""
    w, chosen, applied = bots_playing_through(sequence)
    assert "a bot failed" not in w.error
    # each bot move landed on the very position (the same state) it was chosen for
    chosen_for = {(state, json.dumps(move.to_json())) for state, move in chosen}
    for now, move in applied:
        assert (now, json.dumps(move.to_json())) in chosen_for
