"""Mutated board-game saves and start states, and the promise each must keep (issue 22).

A case is built from one integer (its seed), so the fuzz test (tests/fuzz/test_load_fuzz.py,
a few hundred cases) and the long run (benchmarks/board_load_fuzz.py, thousands) draw the
same kinds of case.  Kinds:

``queue``
    a start-state save (a game begun from a position, ``Game.from_state``) whose queued
    decisions were changed: one replaced, inserted, dropped, or one of its arguments
    changed, with values a decision could hold (another kind, another seat, a card, an
    event half, answers) or any value at all; then one or two of the moves the position
    lists, or a plausible ``choose`` move, as the save's moves.
``start``
    a start-state save with one other field of its state changed (a number nudged, a value
    copied from elsewhere in the state, a field dropped or given any value).
``save``
    a settings-and-moves save with its moves, position or settings changed.
``stale``
    (one case in eight) no save: a position of an event whose decisions wait with stored
    answers (a worker's one possible source, answered by itself), and the deciding nation's
    workers moved by hand while it waits, so that its stored answer may no longer be an
    option; played from there directly (the loader refuses such a save: in a save an
    answer that is not an option is no position a game reaches).  The engine drops such an
    answer and asks afresh; it used to ask again and again.

The promise (:func:`outcome`): ``Game.from_json`` refuses the save with one of the typed
errors of ``nations_widget.core.errors``, in words (a message under 500 characters), or
the game it returns has a legal move or is over, and random legal moves from there play it
to its end without an error.  A hang is caught by the caller (pytest-timeout in the test,
an alarm in the long run).
"""

from __future__ import annotations

import functools
import json
import random
from typing import Any

from save_mutations import mutate_anywhere, mutated_played_save

from nations_widget.board import Game, GameState, rules
from nations_widget.board.decisions import EffectChoice
from nations_widget.board.scenario import scenario
from nations_widget.core.errors import IllegalMoveError, StateFormatError

#: the longest refusal accepted (the fuzz layer's bar, see fuzz_support.MAX_MESSAGE)
MAX_MESSAGE = 500
#: more moves than any game lasts (a 5-player game of random moves: about 250)
MOVE_LIMIT = 3000

DECISION_KINDS = ("grow", "side", "pick_event", "pick_tile", "place_bm", "place_colony",
                  "place_advisor", "place_wonder", "battle", "golden", "lose_other", "effect")
#: the decisions about a card (its id at index 2)
CARD_DECISIONS = ("place_bm", "place_colony", "place_advisor", "place_wonder", "battle",
                  "golden")
PLAUSIBLE_VALUES: tuple[Any, ...] = (0, 1, 2, 3, 4, 5, -1, 6, 20, 100, 10_000, "event",
                                     "card", [], [0], [1], [0, 1], [2, 0], [1, 1, 1], None,
                                     True, "gold", 2**64, 1.5, {"a": 1})


class CaseFailure(AssertionError):
    """A case broke the promise: ``kind`` is "crash", "stuck" (no legal move, not over),
    "message" (a refusal without words, or too long) or "replay" (a loaded game that does
    not load again from its own save)."""

    def __init__(self, kind: str, text: str) -> None:
        super().__init__(f"{kind}: {text}")
        self.kind = kind


# ------------------------------------------------------------------ the positions
@functools.cache
def positions() -> tuple[GameState, ...]:
    """States of seeded random games, 1 to 5 players, every side mode, many with
    decisions waiting (the queue), plus scenario positions at several steps."""
    found: list[GameState] = []
    rng = random.Random(22)
    settings: list[dict[str, Any]] = [
        {"players": 1}, {"players": 2}, {"players": 3, "sides": "B"},
        {"players": 4, "sides": "choose"}, {"players": 5, "decks": "all"},
        {"players": 2, "sides": "choose", "decks": "base+advanced"},
    ]
    for k, extra in enumerate(settings):
        game = Game(seed=100 + k, **extra)
        state = game.state.clone()
        while not state.is_terminal():
            if state.queue or rng.random() < 0.04:
                found.append(state.clone())
            moves = state.legal_moves()
            state.apply(moves[rng.randrange(len(moves))], log=False)
    for step in ("maintenance.growth", "actions", "resolution.war", "resolution.event_a"):
        for players in (2, 5):
            found.append(scenario({"players": players, "seed": players, "round": 3,
                                   "step": step}))
    return tuple(found)


def start_save(state: GameState) -> dict[str, Any]:
    data = Game.from_state(state).to_json()
    return json.loads(json.dumps(data))


# ------------------------------------------------------------------ the mutations
def _any_card(rng: random.Random, state: GameState) -> Any:
    comp = state.comp
    if rng.random() < 0.1:
        return rng.choice(["no-such-card", None, 5])
    return comp.cards[rng.randrange(len(comp.cards))].id


def _any_event(rng: random.Random, state: GameState) -> Any:
    comp = state.comp
    return comp.events[rng.randrange(len(comp.events))].id


def _argument(rng: random.Random, state: GameState, kind: str, index: int) -> Any:
    """A value that decision ``kind`` could hold at ``index`` (often a wrong one)."""
    n = state.config.players
    if index == 1:
        return rng.choice([rng.randrange(n), rng.randrange(n), -1, n, True])
    if rng.random() < 0.1:
        return rng.choice(PLAUSIBLE_VALUES)
    if kind == "effect":
        return [rng.choice(["event", "card"]),
                rng.choice([0, 1, 2, _any_card(rng, state)]),
                [rng.randrange(-1, 8) for _ in range(rng.randrange(4))],
                rng.randrange(-1, 8)][min(index - 2, 3)]
    if kind in ("pick_event", "pick_tile") and index == 2:
        if kind == "pick_event":
            return [_any_event(rng, state) for _ in range(rng.randrange(1, 4))]
        return [rng.choice(["t1", "a", "1"]) for _ in range(rng.randrange(1, 3))]
    if index == 2 and kind != "lose_other":
        return _any_card(rng, state)
    return rng.choice([0, 1, 2, 3, 5, 20, -1, 100])


def _decision(rng: random.Random, state: GameState) -> list[Any]:
    sizes = {"grow": 2, "side": 2, "pick_event": 3, "pick_tile": 3, "place_bm": 4,
             "place_colony": 3, "place_advisor": 3, "place_wonder": 3, "battle": 4,
             "golden": 3, "lose_other": 3, "effect": 6}
    kind = rng.choice(DECISION_KINDS)
    return [kind] + [_argument(rng, state, kind, i) for i in range(1, sizes[kind])]


def _from_a_deck(rng: random.Random, data: dict[str, Any], d: list[Any]) -> None:
    """Often: the card a new decision names is taken out of a deck, so that every card
    is still in one place and the decision itself is what the loader must judge."""
    if d[0] not in CARD_DECISIONS or rng.random() < 0.3:
        return
    decks = [deck for deck in data["decks"] if deck]
    if decks:
        deck = rng.choice(decks)
        d[2] = deck.pop(rng.randrange(len(deck)))


def _mutate_queue(rng: random.Random, state: GameState, data: dict[str, Any]) -> None:
    queue = data["queue"]
    new = _decision(rng, state)
    _from_a_deck(rng, data, new)
    how = rng.choice(["replace", "insert", "append", "argument", "argument", "drop",
                      "front"])
    if how in ("replace", "argument", "drop") and not queue:
        how = "insert"
    if how == "replace":
        queue[rng.randrange(len(queue))] = new
    elif how in ("insert", "front"):
        queue.insert(0 if how == "front" else rng.randrange(len(queue) + 1), new)
    elif how == "append":
        queue.append(new)
    elif how == "drop":
        del queue[rng.randrange(len(queue))]
    else:
        d = queue[rng.randrange(len(queue))]
        i = rng.randrange(len(d))
        if i == 0:
            d[0] = rng.choice(DECISION_KINDS)
        else:
            d[i] = _argument(rng, state, str(d[0]), i)


def _moves_for(rng: random.Random, state: GameState) -> list[Any]:
    """Moves the position lists, or a choose move with a plausible option."""
    moves: list[Any] = []
    try:
        listed = [m.to_json() for m in state.legal_moves()]
    except Exception:       # the mutated state is not playable: any move will do
        listed = []
    for _ in range(rng.choice([0, 1, 1, 2])):
        if listed and rng.random() < 0.7:
            moves.append(rng.choice(listed))
        else:
            moves.append({"type": "choose", "option": rng.choice(
                ["no", "yes", "gold", "slot 0 (empty)", "the resource area", "take 2 gold"])})
    return moves


#: events whose half returns a worker: a nation with one source answers it by itself and
#: waits to be asked the section (event id, its age, the half)
RETURN_WORKER_EVENTS = (("assyrian-deportations--jain-ascetism", 1, 0),
                        ("black-death--hunt-for-prester-john", 2, 0),
                        ("weltpolitik--emigration", 4, 1))


@functools.cache
def stale_positions() -> tuple[GameState, ...]:
    """Positions of those events with a decision waiting on a stored answer."""
    found: list[GameState] = []
    for event, age, half in RETURN_WORKER_EVENTS:
        for players in (2, 3, 4, 5):
            for k in range(6):
                rng = random.Random(k * 7 + players)
                seats = [{"idle": rng.randrange(3),
                          "taken": {"food": rng.randrange(3), "stability": rng.randrange(3)}}
                         for _ in range(players)]
                state = scenario({"players": players, "seed": k, "round": 2 * age - 1,
                                  "step": f"resolution.event_{'ab'[half]}", "event": event,
                                  "seats": seats})
                if any(isinstance(d, EffectChoice) and d.answers for d in state.queue):
                    found.append(state)
    return tuple(found)


def stale_state(rng: random.Random) -> GameState:
    """A position of :func:`stale_positions` with a waiting nation's workers moved by hand
    (between its resource area and a building, or off the board), as a change while it
    waits could."""
    state = rng.choice(stale_positions()).clone()
    seat = rng.choice([d.seat for d in state.queue if isinstance(d, EffectChoice) and d.answers])
    p = state.players[seat]
    slots = [k for k, ref in enumerate(p.bm) if ref >= 0]
    how = rng.choice(["to a building", "to a building", "from a building", "away"])
    if how == "to a building" and p.idle and slots:
        p.idle -= 1
        p.workers[rng.choice(slots)] += 1
    elif how == "from a building" and any(p.workers[k] for k in slots):
        k = rng.choice([k for k in slots if p.workers[k]])
        p.workers[k] -= 1
        p.idle += 1
    elif p.idle:
        p.idle -= 1                 # (the worker goes back to the track's top)
        p.on_top += 1
    return state


#: the kinds of case :func:`case` draws
KINDS = ("queue", "start", "save", "stale")
#: the kinds that are played from a state directly, never a save refused at the door
PLAYED_ONLY = ("stale",)


@functools.cache
def sample_start_saves() -> tuple[dict[str, Any], ...]:
    """Start-state saves of positions with decisions waiting."""
    return tuple(start_save(s) for s in positions() if s.queue)[::7]


def case(seed: int) -> tuple[str, Any]:
    """Case number ``seed``: its kind and the save (a dict), or for a ``stale`` case the
    state to play from."""
    rng = random.Random(seed)
    if seed % 8 == 7:
        return "stale", stale_state(rng)
    pool = positions()
    state = pool[rng.randrange(len(pool))]
    kind = rng.choice(["queue", "queue", "queue", "start", "save"])
    if kind == "save":
        game = Game(players=state.config.players, seed=rng.randrange(1000))
        return kind, mutated_played_save(rng, game, 30, PLAUSIBLE_VALUES)
    data = start_save(state)
    start = data["start"]
    if kind == "queue":
        _mutate_queue(rng, state, start)
    else:
        mutate_anywhere(rng, start, PLAUSIBLE_VALUES, keep=("format", "version", "components"))
    if rng.random() < 0.7:
        data["moves"] = _moves_for(rng, state)
        data["position"] = len(data["moves"])
    return kind, data


# -------------------------------------------------------------------- the promise
def outcome(data: Any, seed: int = 0) -> str:
    """"refused" or "played" (see the module docstring); a broken promise raises
    :class:`CaseFailure`.  ``data``: a save, or a state to play from directly."""
    if isinstance(data, GameState):
        state = data.clone()
        try:
            rules.advance(state, None)     # as after any change in play: the rules run on
        except Exception as exc:
            raise CaseFailure("crash", f"the rules after the change: {type(exc).__name__}: "
                              f"{exc}"[:300]) from exc
        return play_to_end(state, seed)
    try:
        game = Game.from_json(data)
    except (StateFormatError, IllegalMoveError) as exc:
        text = str(exc)
        if not text or len(text) >= MAX_MESSAGE or "Traceback" in text:
            raise CaseFailure("message", text[:200]) from exc
        return "refused"
    except Exception as exc:
        raise CaseFailure("crash", f"from_json: {type(exc).__name__}: {exc}"[:300]) from exc
    try:
        again = Game.from_json(game.to_json())
    except Exception as exc:
        raise CaseFailure("replay", f"{type(exc).__name__}: {exc}"[:300]) from exc
    if again.state != game.state:
        raise CaseFailure("replay", "the game's own save loads another position")
    return play_to_end(game.state.clone(), seed)


def play_to_end(state: GameState, seed: int) -> str:
    """"played": random legal moves from ``state`` reach the end of the game (else a
    :class:`CaseFailure`)."""
    rng = random.Random(seed)
    for played in range(MOVE_LIMIT):
        if state.is_terminal():
            return "played"
        try:
            legal = state.legal_moves()
        except Exception as exc:
            raise CaseFailure("crash", f"legal_moves after {played} moves: "
                              f"{type(exc).__name__}: {exc}"[:300]) from exc
        if not legal:
            raise CaseFailure("stuck", f"no legal move after {played} moves, not over "
                              f"(step {state.step}, queue {state.queue[:2]})")
        move = legal[rng.randrange(len(legal))]
        try:
            state.apply(move, log=False)
        except Exception as exc:
            raise CaseFailure("crash", f"move {played + 1} ({move}): "
                              f"{type(exc).__name__}: {exc}"[:300]) from exc
    raise CaseFailure("stuck", f"not over after {MOVE_LIMIT} moves")
