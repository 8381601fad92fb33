"""Mutated dice-game start states and saves, and the promise each must keep (issue 22).

The dice game's twin of board_saves.py.  A case is built from one integer (its seed), so
the fuzz test (tests/fuzz/test_load_fuzz.py, a few hundred cases) and the long run
(benchmarks/dice_load_fuzz.py, thousands) draw the same kinds of case.  The positions are
states of seeded random games (1 to 4 players, both variants, automation off and on, the
solo game's tougher die, Unrest) at every step, and scenario positions.  Kinds:

``field``
    a start-state save (``Game.from_state``) with one field of its state changed to a value
    it could hold in some game: the step, round, player order, cursor, the seats waiting
    (``pending``), the event, a board cell, a die's owner, used flag or face, a seat's
    chits moved between its unused and used areas, its books, passed/rolled/fed/fought
    flags, its Accelerated pledge, its star-marked chits and passing bonus (Unrest), the
    turn's Unrest state (``turn_underway``), the solo opponent's books and die;
``swap``
    a start-state save with one field taken from another position of the same game (a
    step with another step's waiting seats, ...);
``any``
    a start-state save with any place changed to any value (a number nudged, a value copied
    from elsewhere, a field dropped);
``save``
    a settings-and-moves save with its moves, position or settings changed.

Each start-state case also has, often, one or two moves after the start (moves the
original position lists, so they may no longer fit).

The promise (:func:`outcome`): ``Game.from_json`` refuses the save with one of the typed
errors of ``nations_widget.core.errors`` in words (a message under 500 characters), or the
game it returns has a legal move or is over, its save loads the same game again, and
random legal moves from there play it to its end, the state's JSON loading back as the
same state after every move.  A hang is caught by the caller (pytest-timeout in the test,
an alarm in the long run).
"""

from __future__ import annotations

import functools
import json
import random
from typing import Any

from save_mutations import mutate_anywhere, mutated_played_save

from nations_widget.core.errors import IllegalMoveError, StateFormatError
from nations_widget.dice import Game, GameState, scenario
from nations_widget.dice.rules import STEP_NAMES

#: the longest refusal accepted (the fuzz layer's bar, see fuzz_support.MAX_MESSAGE)
MAX_MESSAGE = 500
#: more moves than any game lasts (a 4-player game of random moves: about 150)
MOVE_LIMIT = 2000

SETTINGS: tuple[dict[str, Any], ...] = (
    {"players": 1}, {"players": 1, "solo_tougher": True, "automate": False},
    {"players": 2}, {"players": 2, "automate": False},
    {"players": 3, "unrest": True}, {"players": 4, "variant": "accelerated"},
    {"players": 4, "unrest": True, "automate": False},
    {"players": 2, "variant": "accelerated", "unrest": True, "automate": False},
    {"players": 3, "variant": "accelerated", "automate": False},
)
ANY_VALUES: tuple[Any, ...] = (0, 1, 2, 3, 4, 5, -1, 6, 20, 10_000, None, True, False, [],
                               [0], [1, 0], "actions", "gold", 2**64, 1.5, {"a": 1})


class CaseFailure(AssertionError):
    """A case broke the promise: ``kind`` is "crash", "stuck" (no legal move, not over),
    "message" (a refusal without words, or too long) or "replay" (a loaded game, or a
    state of it, that does not load again from its own save)."""

    def __init__(self, kind: str, text: str) -> None:
        super().__init__(f"{kind}: {text}")
        self.kind = kind


# ------------------------------------------------------------------ the positions
@functools.cache
def games() -> tuple[tuple[GameState, ...], ...]:
    """For each of :data:`SETTINGS`, states of a seeded random game: every step the game
    passed through, sampled (the first of each step and round always)."""
    rng = random.Random(22)
    out: list[tuple[GameState, ...]] = []
    for k, extra in enumerate(SETTINGS):
        state = Game(seed=300 + k, **extra).state.clone()
        seen: set[tuple[int, str]] = set()
        found: list[GameState] = []
        while True:
            key = (state.round, state.step)
            if key not in seen or rng.random() < 0.08 or state.is_terminal():
                seen.add(key)
                found.append(state.clone())
            if state.is_terminal():
                break
            moves = state.legal_moves()
            state.apply(moves[rng.randrange(len(moves))], log=False)
        out.append(tuple(found))
    for players, unrest in ((2, False), (3, True), (1, False)):
        out.append(tuple(scenario({"players": players, "unrest": unrest, "seed": players,
                                   "round": 2 + players % 3, "step": step})
                         for step in ("actions", "books", "famine", "war")))
    return tuple(out)


def start_save(state: GameState) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(json.dumps(Game.from_state(state).to_json()))
    return data


# ------------------------------------------------------------------ the mutations
def _seats(rng: random.Random, n: int) -> list[int]:
    seats = list(range(n))
    rng.shuffle(seats)
    return seats[:rng.randrange(n + 1)] if rng.random() < 0.6 else seats


def _ids(state: GameState, what: str) -> list[str]:
    comp = state.comp
    if what == "event":
        return [e.id for e in comp.events]
    return [t.id for t in comp.tiles]


def _mutate_field(rng: random.Random, state: GameState, start: dict[str, Any]) -> str:
    """Change one field of ``start`` to a value of its kind; returns which field."""
    n = state.config.players
    players = start["players"]
    p = players[rng.randrange(n)]
    unrest = state.config.unrest
    field = rng.choice(["step", "step", "round", "order", "cursor", "pending", "pending",
                        "event", "board", "die_owner", "die_used", "die_used", "die_face",
                        "chits", "books", "passed", "passed", "rolled", "rolled", "fed",
                        "fought", "pledge", "pledge", "opponent_books", "solo_roll",
                        "advisor_rerolls", "vp", "rng"]
                       + (["stars", "bonus", "bonus", "turn_underway", "turn_underway"]
                          if unrest else []))
    if field == "step":
        start["step"] = rng.choice(STEP_NAMES)
    elif field == "round":
        start["round"] = rng.randrange(1, 5)
    elif field == "order":
        rng.shuffle(start["order"])
    elif field == "cursor":
        start["cursor"] = rng.randrange(n)
    elif field == "pending":
        start["pending"] = _seats(rng, n)
    elif field == "event":
        start["event"] = rng.choice([*_ids(state, "event"), None])
    elif field == "board":
        column = rng.choice(start["board"])
        column[rng.randrange(len(column))] = rng.choice([*_ids(state, "tile"), None])
    elif field.startswith("die_"):
        die = rng.choice(start["dice"])
        if field == "die_owner":
            # moved to another tray (the loader's count of dice by building refuses most)
            die[0] = rng.randrange(-1, n)
        elif field == "die_used":
            die[1] = 1 - die[1]
        else:
            die[2] = rng.randrange(6)
    elif field == "chits":
        kind = rng.choice(sorted(p["chits"]))
        a, b = rng.sample(["chits", "chits_used"], 2)
        if p[a][kind]:
            p[a][kind] -= 1
            p[b][kind] += 1
        else:
            p[a][kind] += 1
    elif field == "books":
        p["books"] = max(0, p["books"] + rng.choice([-3, -1, 1, 4]))
    elif field in ("passed", "rolled"):
        p[field] = not p[field]
    elif field in ("fed", "fought"):
        p[field] = rng.choice([None, True, False])
    elif field == "pledge":
        own = [d for d, (owner, _, _) in enumerate(start["dice"]) if owner == players.index(p)]
        p["pledge"] = sorted(rng.sample(own, min(len(own), rng.choice([0, 2, 2, 4]))))
    elif field == "opponent_books":
        start["opponent_books"] = rng.randrange(0, 12)
    elif field == "solo_roll":
        start["solo_roll"] = rng.randrange(0, 5)
    elif field == "advisor_rerolls":
        if p["advisor"] is not None:
            p["advisor"][1] = rng.randrange(0, 3)
        else:
            p["advisor"] = [rng.choice(_ids(state, "tile")), rng.randrange(0, 3)]
    elif field == "vp":
        p["vp"][rng.choice(["books", "famine", "war"])] += rng.choice([1, 3])
    elif field == "rng":
        start["rng"] = f"{rng.getrandbits(64):016x}"
    elif field == "stars":
        key = rng.choice(["stars", "stars_used"])
        p[key] = max(0, p[key] + rng.choice([-1, 1]))
    elif field == "bonus":
        bonuses = [b.id for b in state.comp.bonuses]
        p["bonus"] = rng.choice([None, [rng.choice(bonuses), rng.random() < 0.5]])
    else:
        start["turn_underway"] = not start["turn_underway"]
    return field


def _mutate_swap(rng: random.Random, other: GameState, start: dict[str, Any]) -> None:
    """One or two fields of ``start`` taken from ``other`` (the same game elsewhere)."""
    source = json.loads(json.dumps(other.to_json()))
    keys = ["step", "round", "pending", "cursor", "order", "event", "board", "dice",
            "players", "turn_underway", "opponent_books", "solo_roll"]
    for key in rng.sample(keys, rng.choice([1, 1, 2])):
        if key in source:
            start[key] = source[key]
    if rng.random() < 0.4:
        seat = rng.randrange(len(start["players"]))
        start["players"][seat] = source["players"][seat]


def _moves_for(rng: random.Random, state: GameState) -> list[Any]:
    """Moves the original position lists (the changed one may not)."""
    listed = [m.to_json() for m in state.legal_moves()]
    return [rng.choice(listed) for _ in range(rng.choice([0, 1, 1, 2]))] if listed else []


#: the kinds of case :func:`case` draws, each a save (a dict)
KINDS = ("field", "swap", "any", "save")
#: the kinds that are played from a state directly, never a save refused at the door
PLAYED_ONLY: tuple[str, ...] = ()


@functools.cache
def sample_start_saves() -> tuple[dict[str, Any], ...]:
    """Start-state saves of positions at every step of the sample games."""
    return tuple(start_save(s) for game in games() for s in game)[::5]


def case(seed: int) -> tuple[str, Any]:
    """Case number ``seed``: its kind and the save (a dict)."""
    rng = random.Random(seed)
    pool = games()
    game = pool[rng.randrange(len(pool))]
    state = game[rng.randrange(len(game))]
    kind = rng.choice(["field", "field", "field", "field", "swap", "any", "save"])
    if kind == "save":
        played = Game(**{k: v for k, v in state.config.to_json().items() if k != "seed"},
                      seed=rng.randrange(1000))
        return kind, mutated_played_save(rng, played, 40, ANY_VALUES)
    data = start_save(state)
    start = data["start"]
    if kind == "field":
        for _ in range(rng.choice([1, 1, 1, 2])):
            _mutate_field(rng, state, start)
    elif kind == "swap":
        _mutate_swap(rng, game[rng.randrange(len(game))], start)
    else:
        mutate_anywhere(rng, start, ANY_VALUES, keep=("format", "version", "catalogue"))
    if rng.random() < 0.5:
        data["moves"] = _moves_for(rng, state)
        data["position"] = len(data["moves"])
    return kind, data


# -------------------------------------------------------------------- the promise
def _reason(text: str) -> str:
    """A refusal's reason, for the counts: the rule a state breaks (its first, numbers
    left out), or the field a refusal names, or the first words."""
    text = text.removeprefix("saved game field 'start': ")
    if "breaks the rules: " in text:
        rule = text.split("breaks the rules: ", 1)[1].split(";", 1)[0].split(":", 1)[0]
        words = ["N" if w.strip(",.").isdigit() else w for w in rule.split()]
        return "rule: " + " ".join(words[:8])
    for opening in ("state field '", "field '"):
        if opening in text:
            field = text.split(opening, 1)[1].split("'", 1)[0]
            return "field: " + field.split("[", 1)[0].split(".", 1)[0]
    return " ".join(text.split()[:4])


def outcome(data: Any, seed: int = 0) -> str:
    """"refused: <reason>" or "played" (see the module docstring); a broken promise
    raises :class:`CaseFailure`."""
    try:
        game = Game.from_json(data)
    except (StateFormatError, IllegalMoveError) as exc:
        text = str(exc)
        if not text or len(text) >= MAX_MESSAGE or "Traceback" in text:
            raise CaseFailure("message", text[:200]) from exc
        return "refused: " + _reason(text)
    except Exception as exc:
        raise CaseFailure("crash", f"from_json: {type(exc).__name__}: {exc}"[:300]) from exc
    try:
        again = Game.from_json(game.to_json())
    except Exception as exc:
        raise CaseFailure("replay", f"{type(exc).__name__}: {exc}"[:300]) from exc
    if again.state != game.state:
        raise CaseFailure("replay", "the game's own save loads another position")
    rng = random.Random(seed)
    state = game.state.clone()
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
                              f"(round {state.round}, step {state.step}, pending "
                              f"{state.pending}, cursor {state.cursor})")
        move = legal[rng.randrange(len(legal))]
        try:
            state.apply(move, log=bool(played % 2))
        except Exception as exc:
            raise CaseFailure("crash", f"move {played + 1} ({move}): "
                              f"{type(exc).__name__}: {exc}"[:300]) from exc
        try:
            reloaded = GameState.from_json(state.to_json())
        except Exception as exc:
            raise CaseFailure("replay", f"after move {played + 1} ({move}): "
                              f"{type(exc).__name__}: {exc}"[:300]) from exc
        if reloaded != state:
            raise CaseFailure("replay", f"after move {played + 1}: the state's JSON loads "
                              "another state")
    raise CaseFailure("stuck", f"not over after {MOVE_LIMIT} moves")
