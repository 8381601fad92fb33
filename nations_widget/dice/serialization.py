"""Loading states from JSON, with every field checked, and the game's invariants.

:func:`check_invariants` is the conservation law of the box (44 dice and 33 chits are
always somewhere: the supply, a player's unused area or used area) plus the structural
facts the rules keep true.  Tests run it after every move of random games; the loader
runs it on every state it accepts.
"""

from __future__ import annotations

from typing import TypeVar

from ..core.envelope import check_header, json_object, message, shown
from ..core.validate import Checker
from .catalogue import (
    CHIT_KINDS,
    DIE_COLOURS,
    FACES_PER_DIE,
    SUPPLY_DICE,
    Catalogue,
    catalogue_mismatch,
    default_catalogue,
)
from .errors import StateFormatError
from .rules import STEP_NAMES
from .state import (
    BOARD_ROWS,
    CHIT_SUPPLY,
    DIE_COLOUR,
    MAX_COUNT,
    N_DICE,
    REROLL_CHIT,
    ROUNDS,
    SOLO_DIE_SIDES,
    STATE_FORMAT,
    STATE_VERSION,
    Components,
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
        if p.advisor_rerolls > p.chits[REROLL_CHIT] + p.chits_used[REROLL_CHIT]:
            problems.append(f"seat {seat} holds fewer reroll chits than its advisor gave")
        for label, refs, kind in (("advisor", [p.advisor], "advisor"),
                                  ("wonder under construction", [p.wonder], "wonder"),
                                  ("colonies", p.colonies, "colony"),
                                  ("wonders", p.wonders, "wonder")):
            if any(ref >= 0 and s.comp.tiles[ref].kind != kind for ref in refs):
                problems.append(f"seat {seat} holds a tile that is not a {kind} as its {label}")
        if p.pledge:
            if len(p.pledge) % 2 or len(set(p.pledge)) != len(p.pledge):
                problems.append(f"seat {seat} pledges {len(p.pledge)} dice: an even number "
                                "of different dice is traded for food")
            # pledged dice are the seat's own; they stay unused until the famine
            if any(not 0 <= d < N_DICE or s.dice_owner[d] != seat
                   or (s.step == "actions" and s.dice_used[d]) for d in p.pledge):
                problems.append(f"seat {seat} pledges dice it does not hold: "
                                f"{list(p.pledge)}")
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


def state_from_json(cls: type[_S], data: object, catalogue: Catalogue | None = None) -> _S:
    """A state of class ``cls`` loaded from ``data`` (a dict, JSON text or bytes).  Every
    field, id, index and cross-reference is checked, then the game's invariants; any
    problem raises :class:`StateFormatError` naming the field, and nothing is built."""
    top = json_object(data, "a saved state")
    check_header(top, "a saved state", STATE_FORMAT, STATE_VERSION, prefix="state")
    check = Checker("state")
    cat = catalogue or default_catalogue()
    mismatch = catalogue_mismatch(top.get("catalogue"), cat, "this position")
    check.want(mismatch is None, "catalogue", mismatch or "")
    comp = components(cat)
    config = GameConfig.from_json(top.get("config"))
    n = config.players
    s = cls.__new__(cls)
    s.config = config
    s.comp = comp
    rng = top.get("rng")
    check.want(isinstance(rng, str) and len(rng) == 16
               and all(c in "0123456789abcdefABCDEF" for c in rng), "rng",
               f"must be 16 hex digits, got {shown(rng)}")
    assert isinstance(rng, str)
    s.rng = int(rng, 16)
    s.round = check.integer(top, "round", 1, ROUNDS)
    s.step = check.choice(top, "step", STEP_NAMES)
    order = check.wholes(top.get("order"), "order", 0, n - 1, "seats", distinct=True)
    check.want(len(order) == n, "order", f"must list each seat 0..{n - 1} once")
    s.order = order
    s.cursor = check.integer(top, "cursor", 0, n - 1)
    s.pending = check.wholes(top.get("pending"), "pending", 0, n - 1, "seats", distinct=True)
    cols = config.columns
    board = check.array(top.get("board"), "board", cols, "columns of 3 rows")
    s.board = []
    for c, column in enumerate(board):
        rows = check.array(column, f"board[{c}]", BOARD_ROWS, "tile ids (or null)")
        s.board += [check.ref(t, f"board[{c}][{r}]", comp.tile_ref, "tile", nullable=True)
                    for r, t in enumerate(rows)]
    s.event = check.ref(top.get("event"), "event", comp.event_ref, "event", nullable=True)
    dice = check.array(top.get("dice"), "dice", N_DICE, "dice")
    s.dice_owner, s.dice_used, s.dice_face = [], [], []
    for d, row in enumerate(dice):
        where = f"dice[{d}]"
        check.want(isinstance(row, list) and len(row) == 3, where,
                   f"must be [owner, used 0/1, face 0-5], got {shown(row)}")
        s.dice_owner.append(check.whole(row[0], where, -1, n - 1))
        s.dice_used.append(bool(check.whole(row[1], where, 0, 1)))
        s.dice_face.append(check.whole(row[2], where, 0, FACES_PER_DIE - 1))
    players = check.array(top.get("players"), "players", n, "players")
    s.players = [_player(check, pj, f"players[{i}]", comp) for i, pj in enumerate(players)]
    s.index_dice()
    s.listed = None
    s.opponent_books = check.integer(top, "opponent_books", 0, MAX_COUNT)
    s.solo_roll = check.integer(top, "solo_roll", 0, SOLO_DIE_SIDES)
    problems = check_invariants(s)
    if problems:
        raise StateFormatError(message("the state breaks the rules: " + "; ".join(problems)))
    return s


def _player(check: Checker, pj: object, where: str, comp: Components) -> PlayerState:
    pj = check.mapping(pj, where)
    p = PlayerState()
    buildings = check.array(pj.get("buildings"), f"{where}.buildings", comp.n_start,
                            "buildings as [tile id, dice]")
    for i, slot in enumerate(buildings):
        here = f"{where}.buildings[{i}]"
        check.want(isinstance(slot, list) and len(slot) == 2, here,
                   f"must be [tile id, dice], got {shown(slot)}")
        p.buildings.append(check.ref(slot[0], here, comp.tile_ref, "tile"))
        p.building_dice.append(check.whole(slot[1], here, 0, 2))
    advisor = pj.get("advisor")
    if advisor is not None:
        here = f"{where}.advisor"
        check.want(isinstance(advisor, list) and len(advisor) == 2, here,
                   f"must be null or [tile id, rerolls], got {shown(advisor)}")
        p.advisor = check.ref(advisor[0], here, comp.tile_ref, "tile")
        p.advisor_rerolls = check.whole(advisor[1], here, 0, comp.tiles[p.advisor].rerolls)
    p.wonder = check.ref(pj.get("wonder"), f"{where}.wonder", comp.tile_ref, "tile",
                         nullable=True)
    for key in ("colonies", "wonders"):
        tiles = check.array(pj.get(key), f"{where}.{key}", what="tile ids")
        setattr(p, key, [check.ref(t, f"{where}.{key}", comp.tile_ref, "tile") for t in tiles])
    for key, target in (("chits", p.chits), ("chits_used", p.chits_used)):
        counts = check.mapping(pj.get(key), f"{where}.{key}")
        check.want(set(counts) == set(CHIT_KINDS), f"{where}.{key}",
                   f"must give a count for each of {', '.join(CHIT_KINDS)}")
        for i, kind in enumerate(CHIT_KINDS):
            target[i] = check.integer(counts, kind, 0, CHIT_SUPPLY[i], f"{where}.{key}.{kind}")
    p.books = check.integer(pj, "books", 0, MAX_COUNT, f"{where}.books")
    vp = check.mapping(pj.get("vp"), f"{where}.vp")
    p.vp_books = check.integer(vp, "books", 0, MAX_COUNT, f"{where}.vp.books")
    p.vp_famine = check.integer(vp, "famine", 0, MAX_COUNT, f"{where}.vp.famine")
    p.vp_war = check.integer(vp, "war", 0, MAX_COUNT, f"{where}.vp.war")
    p.passed = check.boolean(pj, "passed", f"{where}.passed")
    p.rolled = check.boolean(pj, "rolled", f"{where}.rolled")
    p.pledge = tuple(check.wholes(pj.get("pledge", []), f"{where}.pledge", 0, N_DICE - 1,
                                  "die numbers", distinct=True))
    p.fed = check.optional_boolean(pj, "fed", f"{where}.fed")
    p.fought = check.optional_boolean(pj, "fought", f"{where}.fought")
    return p
