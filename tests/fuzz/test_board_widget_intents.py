"""Fuzzing the board game's widget (BoardWidget) with what a page, a modified page or a
stale one may send: nothing raises into the kernel; a refusal sets a readable ``error``
(under 500 characters, in words, never a Python type's repr) and leaves the game and
every synced trait as they were.

Cases: any kind with any fields, board moves listed for an earlier position (stale) or
sent for the wrong seat, listed moves with one place changed, huge strings, oversized and
deeply nested messages, board new-game settings with bad values, saved board games with
one place changed, and the dice game's moves, saves and intents sent to the board.
(The dice widget's own fuzzing: test_widget_intents.py.)
"""

from __future__ import annotations

import functools
import json
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

from nations_widget.board import Game, GameState, Move
from nations_widget.dice import Game as DiceGame
from nations_widget.widget import MAX_MESSAGE_CHARS, BoardWidget
from nations_widget.widget.shell.intents import GENERIC_INTENTS

#: every synced trait but ``error`` (which a refusal sets)
WATCHED = tuple(t for t in BoardWidget.read_only_traits() if t != "error")

#: the dice game's moves (the other game's JSON), each malformed or illegal for the board
DICE_MOVES: tuple[dict[str, Any], ...] = (
    {"type": "reroll", "dice": [0, 1]},
    {"type": "buy", "tile": "pyramids", "payment": {"dice": [0], "chits": 0}},
    {"type": "build", "wonder": 0, "dice": [1]},
    {"type": "famine", "pay": "gold"},
    {"type": "books", "trade": []},
    {"type": "deploy", "slot": 1, "source": "idle", "dice": [2]},
)


class FirstMoveBot:
    """The first listed move: answers at once (the fuzzing is about the page's intents)."""

    def choose(self, state: GameState) -> Move:
        return state.legal_moves()[0]


def make_widget() -> BoardWidget:
    return BoardWidget(players=2, seats=["human", "bot"], seed=11, bot_delay=0,
                       bot_factory=lambda name, seed: FirstMoveBot(), bot_names=["bot"])


@functools.cache
def history() -> tuple[tuple[GameState, ...], str]:
    """The positions of a seeded 2-player board game (for stale moves) and its save."""
    return played_history(Game(players=2, seed=11), 40)


@functools.cache
def dice_save() -> str:
    return DiceGame(players=2, seed=5).to_json_str()


HUGE = "é" * 5000


@st.composite
def intents(draw: st.DrawFn) -> Any:
    states, save = history()
    how = draw(st.sampled_from(["any", "stale", "stale", "listed", "oversized", "nested",
                                "settings", "load", "dice", "huge", "simple"]))
    if how == "any":
        kind = draw(st.sampled_from(sorted(GENERIC_INTENTS)) | st.text(max_size=6))
        fields = draw(st.dictionaries(
            st.sampled_from(["move", "seat", "steps", "position", "settings", "text",
                             "name", "player", "ask", "extra"]), VALUES, max_size=3))
        return {"kind": kind, **fields}
    if how in ("stale", "listed"):
        state = states[draw(st.integers(0, len(states) - 1))]
        listed = state.legal_moves()
        doc: Any = listed[draw(st.integers(0, len(listed) - 1))].to_json()
        if how == "listed":
            doc = draw(mutated(doc))
        seat = draw(st.one_of(st.none(), st.integers(-1, 4), JSON))
        intent = {"kind": draw(st.sampled_from(["move", "move", "preview"])), "move": doc,
                  "seat": seat}
        if draw(st.booleans()):        # the position the page showed (often an old one)
            intent["position"] = draw(st.one_of(st.none(), st.integers(-1, 60), JSON))
        return intent
    if how == "oversized":
        size = MAX_MESSAGE_CHARS + draw(st.integers(1, 5000))
        return draw(st.sampled_from([
            {"kind": "load", "text": "x" * size},
            {"kind": "move", "move": {"type": "buy", "card": "c" * size}},
            {"kind": "new_game", "settings": {"decks": ["base"] * (size // 6)}},
        ]))
    if how == "nested":
        depth = draw(st.integers(100, 20_000))
        where = draw(st.sampled_from(["move", "settings", "root"]))
        if where == "move":
            return {"kind": "move", "move": {"type": "choose", "option": nested(depth)}}
        if where == "settings":
            return {"kind": "new_game", "settings": {"difficulty": nested(depth)}}
        return nested(depth, {"kind": "redo"})
    if how == "settings":
        settings = draw(st.dictionaries(
            st.sampled_from(["players", "seats", "seed", "bot_delay", "difficulty", "sides",
                             "decks", "ages", "easier", "variant"]),
            st.one_of(st.integers(-1, 7),
                      st.sampled_from(["prince", "emperor", "god", "A", "B", "choose", "Z",
                                       "base", "all", "nope", ""]),
                      st.lists(st.sampled_from(["human", "bot", "x", "prince", "A", "king"]),
                               max_size=6), VALUES),
            max_size=4))
        return {"kind": "new_game", "settings": settings}
    if how == "load":
        text = mutated_save_text(draw, save)
        return {"kind": "load", "text": text, "name": draw(st.none() | st.text(max_size=700))}
    if how == "dice":
        # the other game: its moves, its save, its own intent
        return draw(st.sampled_from([
            *({"kind": "move", "seat": 0, "move": m} for m in DICE_MOVES),
            {"kind": "preview", "move": DICE_MOVES[1], "ask": 1},
            {"kind": "load", "text": dice_save(), "name": "dice.json"},
            {"kind": "load_catalogue", "text": "{}", "name": "catalogue.json"},
            {"kind": "new_game", "settings": {"variant": "unrest", "automate": True}},
        ]))
    if how == "huge":
        return draw(st.sampled_from([
            {"kind": "move", "seat": 0, "move": {"type": "buy", "card": HUGE}},
            {"kind": "move", "seat": 0, "move": {"type": "choose", "option": HUGE}},
            {"kind": "move", "seat": 0, "move": {"type": HUGE}},
            {"kind": HUGE},
            {"kind": "set_seat", "seat": 1, "player": HUGE},
            {"kind": "new_game", "settings": {"difficulty": HUGE, "decks": HUGE}},
            {"kind": "load", "text": HUGE, "name": HUGE},
        ]))
    return draw(st.sampled_from([
        {"kind": "undo"}, {"kind": "undo", "steps": draw(st.integers(-3, 50))},
        {"kind": "redo"}, {"kind": "goto", "position": draw(st.integers(-3, 60))},
        {"kind": "bot_move"}, {"kind": "play_bots"}, {"kind": "save"},
        {"kind": "clear_error"}, {"kind": "log_sync"},
        {"kind": "set_seat", "seat": draw(st.integers(-2, 3)),
         "player": draw(st.sampled_from(["human", "bot", "alien"]))},
    ]))


def send_and_check(w: Any, intent: Any) -> bool:
    """Send one intent as the page would; check the promise (fuzz_support.send_and_check).
    Returns whether it was refused."""
    return checked_send(w, intent, WATCHED)


@fuzz_settings(200)
@given(st.lists(intents(), min_size=1, max_size=5))
def test_board_intents_are_refused_the_widgets_way(sequence: list[Any]) -> None:
    w = make_widget()
    for intent in sequence:
        refused = send_and_check(w, intent)
        if message_size(intent) > MAX_MESSAGE_CHARS:
            assert refused, "an oversized or too deeply nested message was accepted"


@fuzz_settings(150)
@given(st.data())
def test_board_stale_and_wrong_seat_moves_are_refused(data: st.DataObject) -> None:
    w = make_widget()
    for _ in range(data.draw(st.integers(0, 8), label="moves played")):
        if w.game.is_over or w.game.current_player != 0:
            break
        moves = w.game.legal_moves()
        w.handle_intent({"kind": "move", "seat": 0, "position": w.game.position,
                         "move": moves[data.draw(st.integers(0, len(moves) - 1))].to_json()})
        assert w.error == ""
    if w.game.is_over or w.game.current_player != 0:
        return
    listed = w.game.legal_moves()
    move = listed[data.draw(st.integers(0, len(listed) - 1))].to_json()
    # the other seat (a bot's), a seat that is not there, a seat that is not a number:
    # refused whatever the move (no seat at all is a script's move for whoever is to play)
    wrong = data.draw(st.sampled_from([1, 2, -1, 7, "0", True]), label="wrong seat")
    assert send_and_check(w, {"kind": "move", "seat": wrong, "move": move})
    # a click made on an earlier position: refused even when the move is legal now
    if w.game.position > 0:
        old = data.draw(st.integers(0, w.game.position - 1), label="old position")
        assert send_and_check(w, {"kind": "move", "seat": 0, "position": old, "move": move})
    # a move listed for another game's position: played only if it is legal here too
    states, _ = history()
    other = states[data.draw(st.integers(0, len(states) - 1), label="other position")]
    stale = other.legal_moves()
    doc = stale[data.draw(st.integers(0, len(stale) - 1))].to_json()
    legal_here = {json.dumps(m.to_json(), sort_keys=True) for m in w.game.legal_moves()}
    refused = send_and_check(w, {"kind": "move", "seat": 0, "move": doc})
    assert refused == (json.dumps(doc, sort_keys=True) not in legal_here)


def test_each_hostile_intent_says_why() -> None:
    """A few fixed cases, each refused with a reason a player can read."""
    w = make_widget()
    assert w.game.current_player == 0
    cases: list[tuple[Any, str]] = [
        ({"kind": "teleport"}, "teleport"),
        ({"kind": "move", "seat": 0, "move": {"type": "reroll", "dice": [0]}}, "reroll"),
        ({"kind": "move", "seat": 1, "move": w.game.legal_moves()[0].to_json()}, "Player"),
        ({"kind": "load", "text": dice_save(), "name": "dice.json"}, "load"),
        ({"kind": "move", "seat": 0, "move": {"type": "buy", "card": HUGE}}, ""),
        ({"kind": "new_game", "settings": {"players": 9}}, "players"),
        ({"kind": "new_game", "settings": {"ages": 7}}, "age"),
        ({"kind": "load_catalogue", "text": "{}"}, "load_catalogue"),
    ]
    for intent, word in cases:
        assert send_and_check(w, intent), intent
        assert word.lower() in w.error.lower(), (intent, w.error)
        assert len(w.error) <= 400
