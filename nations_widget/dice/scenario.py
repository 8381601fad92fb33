"""Build a position from a partial description, for lessons, examples and tests.

Anything not described keeps the value of a freshly set-up game with the same settings.
A description is a dict (or JSON text); every key is optional:

``players``, ``seed``, ``variant``, ``automate``, ``solo_tougher``, ``unrest``
    the game's settings (as :class:`GameConfig`).
``round`` (1-4), ``step`` ("actions", "books", "famine" or "war")
``event``: an event id of that round's age (default: drawn from the seed).
``board``: columns of three tile ids (or null), price-1 row first, like the state JSON;
    default: drawn from that age's tiles.
``order``: seats in play order; ``current``: the seat to act (default: the first in
    order in the actions step, the last in the reverse-order steps).
``seats``: a list with one dict per seat (or a dict from seat number to dict), each with
    any of: ``dice`` (list of die descriptions, below), ``buildings`` (five tile ids),
    ``advisor``, ``wonder``, ``colonies``, ``wonders``, ``chits`` and ``chits_used``
    (kind -> count), ``books``, ``vp`` (a dict books/famine/war, or a number counted as
    books), ``passed``, ``pledge`` (die numbers); with Unrest also ``stars`` (unused
    star-marked reroll chits).
``opponent_books``: the solo opponent's books.

A die is described as ``"colour:face"`` or ``{"colour": ..., "face": ..., "used": bool}``;
a face is written ``"gold"``, ``"2gold"`` or ``"book+stone"`` (or a dict of symbols); a
green die (Unrest) may show ``"unrest"``.
The dice of a seat must match its buildings: five printed buildings hold five white dice.

>>> from nations_widget.dice import scenario
>>> s = scenario({"players": 2, "seats": [{"dice": ["white:gold", "white:gold",
...     "white:food", "white:book", "white:strength"]}]})
>>> s.current_player(), [s.face(d)[0] for d in s.unused_dice(0)]
(0, [1, 1, 0, 0, 0])
"""

from __future__ import annotations

from typing import Any

from ..core.envelope import json_object, message, shown
from ..core.validate import Checker, plain_digits, seat_keys_as_text
from .catalogue import CHIT_KINDS, DIE_COLOURS, GREEN, RESOURCES, Catalogue, default_catalogue
from .errors import StateFormatError
from .machine import GameState
from .rng import Rng
from .serialization import check_invariants, check_position
from .state import (
    BOARD_ROWS,
    CHIT_SUPPLY,
    MAX_COUNT,
    N_DICE,
    ROUNDS,
    GameConfig,
    indexed,
)

_CONFIG_KEYS = {"players", "seed", "variant", "automate", "solo_tougher", "unrest"}
_KEYS = _CONFIG_KEYS | {"round", "step", "event", "board", "order", "current", "seats",
                        "opponent_books"}
_STEPS = ("actions", "books", "famine", "war")
_SEAT_KEYS = {"dice", "buildings", "advisor", "wonder", "colonies", "wonders", "chits",
              "chits_used", "books", "vp", "passed", "pledge", "stars"}


_CHECK = Checker("scenario")


def _fail(where: str, what: str) -> Exception:
    return _CHECK.fail(what, where)


def parse_face(text: object, where: str) -> dict[str, int]:
    """``"2gold"``, ``"book+stone"`` or ``{"gold": 2}`` -> symbol counts."""
    if isinstance(text, dict):
        items = list(text.items())
    elif isinstance(text, str):
        items = []
        for part in text.split("+"):
            part = part.strip()
            digits = ""
            while plain_digits(part[:1]) and len(digits) < 3:
                digits, part = digits + part[0], part[1:]
            items.append((part.strip(), int(digits or 1)))
    else:
        raise _fail(where, f"a face is text like '2gold' or 'book+stone', got {shown(text)}")
    out: dict[str, int] = {}
    if [name for name, _ in items] == ["unrest"]:
        return {"unrest": 1}
    for name, count in items:
        if name not in RESOURCES or isinstance(count, bool) or not isinstance(count, int) \
                or count < 1:
            raise _fail(where, f"unknown symbol {shown(name)} (use {', '.join(RESOURCES)})")
        out[name] = out.get(name, 0) + count
    return out


def scenario(description: dict[str, Any] | str,
             catalogue: Catalogue | None = None) -> GameState:
    """Build a :class:`GameState` from a partial description (see the module docstring)."""
    desc = json_object(seat_keys_as_text(description), "a scenario")
    unknown = set(desc) - _KEYS
    if unknown:
        raise _fail(sorted(unknown)[0], f"unknown key (known: {', '.join(sorted(_KEYS))})")
    try:
        config = GameConfig(**{k: desc[k] for k in _CONFIG_KEYS if k in desc})
    except (TypeError, ValueError) as exc:
        raise StateFormatError(f"scenario settings: {exc}") from None
    cat = catalogue or default_catalogue()
    comp = indexed(cat)
    s = GameState.new(config, cat)
    n = config.players
    age = _CHECK.integer(desc, "round", 1, ROUNDS) if "round" in desc else 1
    s.round = age
    _board_and_event(s, desc, comp, age)
    if "order" in desc:
        order = _CHECK.wholes(desc["order"], "order", 0, n - 1, "seats", distinct=True)
        if len(order) != n:
            raise _fail("order", f"must list each seat 0-{n - 1} once")
        s.order = order
    step = _CHECK.choice(desc, "step", _STEPS) if "step" in desc else "actions"
    s.step = step
    for seat, sd in _seats(desc).items():
        if not 0 <= seat < n:
            raise _fail("seats", f"there is no seat {seat} in a {n}-player game")
        _apply_seat(s, comp, seat, sd, f"seats[{seat}]")
    for p in s.players:
        p.rolled = True     # a described position is mid-round: nobody rolls again
        if step != "actions":
            p.passed = True
    if "opponent_books" in desc:
        s.opponent_books = _CHECK.integer(desc, "opponent_books", 0, MAX_COUNT)
    _whose_turn(s, desc, step)
    s.index_dice()
    problems = check_invariants(s) or check_position(s)
    if problems:
        raise StateFormatError(message("the scenario breaks the rules: " + "; ".join(problems)))
    return s


def _board_and_event(s: GameState, desc: dict[str, Any], comp: Any, age: int) -> None:
    """The board's tiles and the event: as described, else drawn for the round (round 1:
    the new game's)."""
    config = s.config
    rng = Rng(config.seed ^ age)
    if "board" in desc:
        board = _CHECK.array(desc["board"], "board", config.columns,
                             f"columns of {BOARD_ROWS} tile ids (or null)")
        s.board = []
        for c, column in enumerate(board):
            rows = _CHECK.array(column, f"board[{c}]", BOARD_ROWS, "tile ids (or null)")
            s.board += [_tile(comp, t, f"board[{c}][{r}]") for r, t in enumerate(rows)]
    elif age != 1:
        stack = list(comp.age_tiles[age])
        if config.unrest:
            stack += comp.age_unrest_tiles[age]
        rng.shuffle(stack)
        s.board = stack[:config.columns * 3]
    if "event" in desc:
        s.event = _CHECK.ref(desc["event"], "event", comp.event_ref, "event")
    elif age != 1:
        events = comp.age_events[age]
        s.event = events[rng.below(len(events))]


def _seats(desc: dict[str, Any]) -> dict[int, Any]:
    """The per-seat descriptions by seat number (a list, or a dict keyed by seat)."""
    seats = desc.get("seats", [])
    if isinstance(seats, dict):
        if not all(plain_digits(k) and len(k) < 3 for k in seats):
            raise _fail("seats", "the keys of a dict of seats are seat numbers")
        seats = {int(k): v for k, v in seats.items()}
    elif isinstance(seats, list):
        seats = dict(enumerate(seats))
    else:
        raise _fail("seats", "must be a list (or dict) of per-seat descriptions")
    return seats


def _whose_turn(s: GameState, desc: dict[str, Any], step: str) -> None:
    """Whose turn it is: ``current`` (else the first seat in order still to act) in the
    actions step, else the seats still to answer, in reverse order from ``current``."""
    n = s.config.players
    current = desc.get("current")
    if current is not None:
        current = _CHECK.whole(current, "current", 0, n - 1)
    if step == "actions":
        if current is not None and s.players[current].passed:
            raise _fail("current", f"seat {current} has passed and cannot act")
        if current is None:
            current = next((x for x in s.order if not s.players[x].passed), s.order[0])
        s.cursor = s.order.index(current)
        s.pending = []
    else:
        reverse = s.order[::-1]
        start = reverse.index(current) if current is not None else 0
        s.pending = reverse[start:]


def _tile(comp: Any, tile_id: object, where: str) -> int:
    return _CHECK.ref(tile_id, where, comp.tile_ref, "tile", nullable=True)


def _apply_seat(s: GameState, comp: Any, seat: int, sd: object, where: str) -> None:
    if not isinstance(sd, dict):
        raise _fail(where, "must be an object")
    unknown = set(sd) - _SEAT_KEYS
    if unknown:
        raise _fail(f"{where}.{sorted(unknown)[0]}",
                    f"unknown key (known: {', '.join(sorted(_SEAT_KEYS))})")
    p = s.players[seat]
    if "buildings" in sd:
        b = sd["buildings"]
        _CHECK.array(b, f"{where}.buildings", comp.n_start, "building ids")
        p.buildings = [_tile(comp, t, f"{where}.buildings") for t in b]
        p.building_dice = [comp.tiles[t].dice_count for t in p.buildings]
    if "advisor" in sd:
        p.advisor = _tile(comp, sd["advisor"], f"{where}.advisor")
        p.advisor_rerolls = comp.tiles[p.advisor].rerolls if p.advisor >= 0 else 0
    if "wonder" in sd:
        p.wonder = _tile(comp, sd["wonder"], f"{where}.wonder")
    for key in ("colonies", "wonders"):
        if key in sd:
            _CHECK.array(sd[key], f"{where}.{key}", what="tile ids")
            setattr(p, key, [_tile(comp, t, f"{where}.{key}") for t in sd[key]])
    for key, target in (("chits", p.chits), ("chits_used", p.chits_used)):
        if key in sd:
            counts = _CHECK.mapping(sd[key], f"{where}.{key}")
            for kind in counts:
                if kind not in CHIT_KINDS:
                    raise _fail(f"{where}.{key}.{kind}", f"kinds are {', '.join(CHIT_KINDS)}")
            for i, kind in enumerate(CHIT_KINDS):
                here = f"{where}.{key}.{kind}"
                target[i] = (_CHECK.integer(counts, kind, 0, CHIT_SUPPLY[i], here)
                             if kind in counts else 0)
    if "books" in sd:
        p.books = _CHECK.integer(sd, "books", 0, MAX_COUNT, f"{where}.books")
    if "vp" in sd:
        vp = sd["vp"]
        if isinstance(vp, int) and not isinstance(vp, bool):
            vp = {"books": vp}
        vp = _CHECK.mapping(vp, f"{where}.vp")
        _CHECK.at(None).fields(vp, (), ("books", "famine", "war"))
        p.vp_books, p.vp_famine, p.vp_war = (
            _CHECK.integer(vp, k, 0, MAX_COUNT, f"{where}.vp.{k}") if k in vp else 0
            for k in ("books", "famine", "war"))
    if "passed" in sd:
        p.passed = _CHECK.boolean(sd, "passed", f"{where}.passed")
    if "stars" in sd:
        if not s.config.unrest:
            raise _fail(f"{where}.stars", "star-marked reroll chits belong to the Unrest "
                        "expansion: set \"unrest\": true")
        p.stars = _CHECK.integer(sd, "stars", 0, comp.star_chits, f"{where}.stars")
    if "dice" in sd:
        _place_dice(s, comp, seat, sd["dice"], f"{where}.dice")
    if "pledge" in sd:
        p.pledge = tuple(_CHECK.wholes(sd["pledge"], f"{where}.pledge", 0, N_DICE - 1,
                                       "die numbers", distinct=True))


def _place_dice(s: GameState, comp: Any, seat: int, dice: object, where: str) -> None:
    if not isinstance(dice, list):
        raise _fail(where, "must be a list of dice like 'white:gold'")
    for d in range(N_DICE):
        if s.dice_owner[d] == seat:
            s.dice_owner[d] = -1
            s.dice_used[d] = False
            s.dice_face[d] = 0
    for i, spec in enumerate(dice):
        here = f"{where}[{i}]"
        used: object = False
        colour: object
        face_text: object
        if isinstance(spec, str):
            colour, _, face_text = spec.partition(":")
        elif isinstance(spec, dict):
            colour, face_text, used = spec.get("colour"), spec.get("face"), spec.get("used", 0)
        else:
            raise _fail(here, "a die is 'colour:face' or {colour, face, used}")
        colours = (*DIE_COLOURS, GREEN) if s.config.unrest else DIE_COLOURS
        if colour not in colours:
            raise _fail(here, f"colour must be one of {', '.join(colours)}")
        wanted = parse_face(face_text, here)
        faces = comp.unrest.green_faces if colour == GREEN else comp.catalogue.faces[colour]
        index = next((k for k, f in enumerate(faces) if f.symbols() == wanted), None)
        if index is None:
            listed = ", ".join("+".join(f"{v}{r}" for r, v in f.symbols().items()) for f in faces)
            raise _fail(here, f"a {colour} die has no face {shown(face_text)} (faces: {listed})")
        free = s.supply_dice(colour)
        if not free:
            raise _fail(here, f"the supply has no {colour} die left")
        d = free[0]
        s.dice_owner[d] = seat
        s.dice_used[d] = used if isinstance(used, bool) \
            else _CHECK.whole(used, f"{here}.used", 0, 1) == 1
        s.dice_face[d] = index
