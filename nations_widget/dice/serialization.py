"""Loading states from JSON, with every field checked, and the game's invariants.

:func:`check_invariants` is the conservation law of the box (44 dice and 33 chits are
always somewhere: the supply, a player's unused area or used area) plus the structural
facts the rules keep true.  Tests run it after every move of random games; the loader
runs it on every state it accepts.
"""

from __future__ import annotations

import json
from typing import Any, TypeVar

from .catalogue import CHIT_KINDS, DIE_COLOURS, SUPPLY_DICE, Catalogue, default_catalogue
from .errors import StateFormatError
from .rules import STEP_NAMES
from .state import (
    CHIT_SUPPLY,
    DIE_COLOUR,
    N_DICE,
    STATE_FORMAT,
    STATE_VERSION,
    GameConfig,
    PlayerState,
    StateData,
    components,
)

_S = TypeVar("_S", bound=StateData)


def check_invariants(s: StateData) -> list[str]:
    """Everything that is wrong with ``s`` (an empty list for a sound state)."""
    problems: list[str] = []
    n = s.config.players
    if s.owned != [[d for d in range(N_DICE) if s.dice_owner[d] == seat] for seat in range(n)]:
        problems.append("the per-seat dice index disagrees with the dice owners")
    if sorted(s.order) != list(range(n)):
        problems.append(f"order {s.order} is not a permutation of the seats")
    counts: dict[str, int] = dict.fromkeys(DIE_COLOURS, 0)
    for d in range(N_DICE):
        counts[DIE_COLOUR[d]] += 1
        owner = s.dice_owner[d]
        if not -1 <= owner < n:
            problems.append(f"die {d} has owner {owner}")
        if owner == -1 and s.dice_used[d]:
            problems.append(f"die {d} is in the supply but marked used")
        if not 0 <= s.dice_face[d] < 6:
            problems.append(f"die {d} shows face {s.dice_face[d]}")
    if counts != SUPPLY_DICE:
        problems.append(f"dice by colour {counts} differ from the box {SUPPLY_DICE}")
    for seat, p in enumerate(s.players):
        need: dict[str, int] = dict.fromkeys(DIE_COLOURS, 0)
        for ref, k in zip(p.buildings, p.building_dice, strict=True):
            colour = s.comp.tiles[ref].dice_colour
            if colour is None or s.comp.tiles[ref].kind != "building":
                problems.append(f"seat {seat} has a non-building in a building slot")
                continue
            need[colour] += k
            if not 0 <= k <= s.comp.tiles[ref].dice_count:
                problems.append(f"seat {seat} building {ref} holds {k} dice")
        have: dict[str, int] = dict.fromkeys(DIE_COLOURS, 0)
        for d in range(N_DICE):
            if s.dice_owner[d] == seat:
                have[DIE_COLOUR[d]] += 1
        if have != need:
            problems.append(f"seat {seat} owns dice {have} but its buildings give {need}")
        if len(p.buildings) != s.comp.n_start:
            problems.append(f"seat {seat} has {len(p.buildings)} building slots")
        if min(p.chits + p.chits_used) < 0:
            problems.append(f"seat {seat} has a negative chit count")
        if p.advisor < 0 and p.advisor_rerolls:
            problems.append(f"seat {seat} has advisor rerolls but no advisor")
        if p.vp_books < 0 or p.vp_famine < 0 or p.vp_war < 0 or p.books < 0:
            problems.append(f"seat {seat} has a negative score or book count")
        if p.advisor_rerolls > p.chits[0] + p.chits_used[0]:
            problems.append(f"seat {seat} holds fewer reroll chits than its advisor gave")
    supply = s.supply_chits()
    for k, left in enumerate(supply):
        if not 0 <= left <= CHIT_SUPPLY[k]:
            problems.append(f"{CHIT_KINDS[k]} chits: {left} left in the supply")
    placed: list[int] = [t for t in s.board if t >= 0]
    for p in s.players:
        placed += p.buildings[:] + p.colonies + p.wonders + [p.advisor, p.wonder]
    placed = [t for t in placed if t >= s.comp.n_start]
    if len(placed) != len(set(placed)):
        problems.append("a tile is in two places")
    return problems


def _want(cond: bool, where: str, what: str) -> None:
    if not cond:
        raise StateFormatError(f"state field '{where}': {what}")


def _int(data: dict[str, Any], key: str, lo: int, hi: int, where: str = "") -> int:
    v = data.get(key)
    name = where or key
    _want(isinstance(v, int) and not isinstance(v, bool), name,
          f"must be a whole number, got {v!r}")
    assert isinstance(v, int)
    _want(lo <= v <= hi, name, f"must be between {lo} and {hi}, got {v}")
    return v


def json_object(data: object, what: str) -> dict[str, Any]:
    """``data`` as a JSON object: a dict as it is, JSON text parsed; anything else refused
    with a :class:`StateFormatError` naming ``what`` ("a saved state", "a scenario", ...)."""
    if isinstance(data, (str, bytes)):
        try:
            data = json.loads(data)
        except json.JSONDecodeError as exc:
            raise StateFormatError(f"{what} is not JSON: {exc.msg} at line {exc.lineno}"
                                   ) from None
    if not isinstance(data, dict):
        raise StateFormatError(f"{what} must be a JSON object")
    return data


def state_from_json(cls: type[_S], data: object, catalogue: Catalogue | None = None) -> _S:
    """A state of class ``cls`` loaded from ``data``, every field checked."""
    data = json_object(data, "a saved state")
    _want(data.get("format") == STATE_FORMAT, "format",
          f"expected {STATE_FORMAT!r}, got {data.get('format')!r}")
    _want(data.get("version") == STATE_VERSION, "version",
          f"this program reads version {STATE_VERSION}, got {data.get('version')!r}")
    cat = catalogue or default_catalogue()
    cat_info = data.get("catalogue")
    _want(isinstance(cat_info, dict), "catalogue", "must be an object")
    assert isinstance(cat_info, dict)
    if cat_info.get("fingerprint") != cat.fingerprint:
        raise StateFormatError(
            f"state field 'catalogue': this game was played with catalogue "
            f"{cat_info.get('name')!r} (fingerprint {cat_info.get('fingerprint')}); "
            f"load it with that catalogue (catalogue=load_catalogue(path)), not "
            f"{cat.name!r} ({cat.fingerprint})")
    comp = components(cat)
    config = GameConfig.from_json(data.get("config"))
    n = config.players
    s = cls.__new__(cls)
    s.config = config
    s.comp = comp
    rng = data.get("rng")
    _want(isinstance(rng, str) and len(rng) == 16, "rng", "must be 16 hex digits")
    assert isinstance(rng, str)
    try:
        s.rng = int(rng, 16)
    except ValueError:
        raise StateFormatError("state field 'rng': must be 16 hex digits") from None
    s.round = _int(data, "round", 1, 4)
    step = data.get("step")
    _want(step in STEP_NAMES, "step", f"must be one of {', '.join(STEP_NAMES)}, got {step!r}")
    assert isinstance(step, str)
    s.step = step
    order = data.get("order")
    _want(isinstance(order, list) and sorted(order) == list(range(n)), "order",
          f"must list each seat 0..{n - 1} once")
    assert isinstance(order, list)
    s.order = list(order)
    s.cursor = _int(data, "cursor", 0, n - 1)
    pending = data.get("pending")
    _want(isinstance(pending, list) and all(x in s.order for x in pending)
          and len(set(pending)) == len(pending), "pending", "must be a list of distinct seats")
    assert isinstance(pending, list)
    s.pending = list(pending)

    def ref(tile_id: object, where: str) -> int:
        if tile_id is None:
            return -1
        _want(isinstance(tile_id, str) and tile_id in comp.tile_ref, where,
              f"unknown tile {tile_id!r}")
        assert isinstance(tile_id, str)
        return comp.tile_ref[tile_id]

    board = data.get("board")
    cols = config.columns
    _want(isinstance(board, list) and len(board) == cols
          and all(isinstance(c, list) and len(c) == 3 for c in board), "board",
          f"must be {cols} columns of 3 rows")
    assert isinstance(board, list)
    s.board = [ref(board[c][r], f"board[{c}][{r}]") for c in range(cols) for r in range(3)]
    event = data.get("event")
    if event is None:
        s.event = -1
    else:
        _want(event in comp.event_ref, "event", f"unknown event {event!r}")
        s.event = comp.event_ref[event]
    dice = data.get("dice")
    _want(isinstance(dice, list) and len(dice) == N_DICE, "dice", f"must list {N_DICE} dice")
    assert isinstance(dice, list)
    s.dice_owner, s.dice_used, s.dice_face = [], [], []
    for d, row in enumerate(dice):
        _want(isinstance(row, list) and len(row) == 3
              and all(isinstance(x, int) and not isinstance(x, bool) for x in row),
              f"dice[{d}]", "must be [owner, used 0/1, face 0-5]")
        _want(-1 <= row[0] < n and row[1] in (0, 1) and 0 <= row[2] < 6, f"dice[{d}]",
              f"owner -1..{n - 1}, used 0/1, face 0-5; got {row}")
        s.dice_owner.append(row[0])
        s.dice_used.append(bool(row[1]))
        s.dice_face.append(row[2])
    players = data.get("players")
    _want(isinstance(players, list) and len(players) == n, "players", f"must list {n} players")
    assert isinstance(players, list)
    s.players = [_player(pj, f"players[{i}]", ref) for i, pj in enumerate(players)]
    s.index_dice()
    s.listed = None
    s.opponent_books = _int(data, "opponent_books", 0, 10_000)
    s.solo_roll = _int(data, "solo_roll", 0, 4)
    problems = check_invariants(s)
    if problems:
        raise StateFormatError("the state breaks the rules: " + "; ".join(problems))
    return s


def _player(pj: object, where: str, ref: Any) -> PlayerState:
    _want(isinstance(pj, dict), where, "must be an object")
    assert isinstance(pj, dict)
    p = PlayerState()
    b = pj.get("buildings")
    _want(isinstance(b, list) and all(isinstance(x, list) and len(x) == 2 for x in b),
          f"{where}.buildings", "must be a list of [tile id, dice]")
    assert isinstance(b, list)
    p.buildings = [ref(x[0], f"{where}.buildings") for x in b]
    p.building_dice = [x[1] for x in b]
    _want(all(isinstance(k, int) and 0 <= k <= 2 for k in p.building_dice),
          f"{where}.buildings", "dice counts must be 0, 1 or 2")
    adv = pj.get("advisor")
    if adv is not None:
        _want(isinstance(adv, list) and len(adv) == 2 and isinstance(adv[1], int),
              f"{where}.advisor", "must be null or [tile id, rerolls]")
        p.advisor = ref(adv[0], f"{where}.advisor")
        p.advisor_rerolls = adv[1]
    p.wonder = ref(pj.get("wonder"), f"{where}.wonder")
    for key in ("colonies", "wonders"):
        v = pj.get(key)
        _want(isinstance(v, list), f"{where}.{key}", "must be a list of tile ids")
        assert isinstance(v, list)
        setattr(p, key, [ref(t, f"{where}.{key}") for t in v])
    for key, target in (("chits", p.chits), ("chits_used", p.chits_used)):
        v = pj.get(key)
        _want(isinstance(v, dict) and set(v) == set(CHIT_KINDS), f"{where}.{key}",
              f"must give a count for each of {', '.join(CHIT_KINDS)}")
        assert isinstance(v, dict)
        for i, k in enumerate(CHIT_KINDS):
            _want(isinstance(v[k], int) and 0 <= v[k] <= 12, f"{where}.{key}.{k}",
                  "must be a whole number 0-12")
            target[i] = v[k]
    p.books = _int(pj, "books", 0, 10_000, f"{where}.books")
    vp = pj.get("vp")
    _want(isinstance(vp, dict), f"{where}.vp", "must be an object")
    assert isinstance(vp, dict)
    p.vp_books = _int(vp, "books", 0, 10_000, f"{where}.vp.books")
    p.vp_famine = _int(vp, "famine", 0, 10_000, f"{where}.vp.famine")
    p.vp_war = _int(vp, "war", 0, 10_000, f"{where}.vp.war")
    for key in ("passed", "rolled"):
        _want(isinstance(pj.get(key), bool), f"{where}.{key}", "must be true or false")
    p.passed = pj["passed"]
    p.rolled = pj["rolled"]
    pledge = pj.get("pledge", [])
    _want(isinstance(pledge, list) and all(isinstance(d, int) for d in pledge),
          f"{where}.pledge", "must be a list of dice")
    p.pledge = tuple(pledge)
    for key in ("fed", "fought"):
        _want(pj.get(key) in (None, True, False), f"{where}.{key}", "must be null or a boolean")
    p.fed = pj.get("fed")
    p.fought = pj.get("fought")
    return p
