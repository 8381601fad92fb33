"""Loading states from JSON, with every field checked, and the game's invariants.

:func:`check_invariants` is the conservation law of the box (44 dice and 33 chits are
always somewhere: the supply, a player's unused area or used area; with Unrest also the
green dice, the star-marked reroll chits and the passing bonuses) plus the structural
facts the rules keep true.  Tests run it after every move of random games; the loader
runs it on every state it accepts.  :func:`check_position` adds the facts of the round's
flow (where the game can wait, who is to decide, the age of the event and the board, ...),
so that a state the loader accepts is one a game or a scenario reaches (issue 22).

A saved game is its settings plus its moves, replayed through the rules (nothing of the
position is trusted), or, for a game begun from a position (``Game.from_state``: a lesson's
scenario, a position handed to a bot or the coach), that starting state checked in full
here and then its moves replayed.  The second form stays rather than a save of the
scenario's description: ``from_state`` takes any state (a description cannot give the
generator mid-round), and the saves that exist hold states.  Each form is fuzzed, every
case refused in words or played to its end: tests/fuzz/test_load_fuzz.py.
"""

from __future__ import annotations

from typing import TypeVar

from ..core.envelope import check_header, json_object, message, shown
from ..core.validate import Checker
from .catalogue import (
    CHIT_KINDS,
    DIE_COLOURS,
    FACES_PER_DIE,
    GREEN,
    SUPPLY_DICE,
    Catalogue,
    catalogue_mismatch,
    default_catalogue,
)
from .errors import StateFormatError
from .rules import STEP_NAMES, current_player, legal_moves
from .state import (
    BASE_DICE,
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
    CatalogueIndex,
    GameConfig,
    PlayerState,
    StateData,
    indexed,
)

_S = TypeVar("_S", bound=StateData)


def check_invariants(s: StateData) -> list[str]:
    """Everything that is wrong with ``s`` (an empty list for a sound state): the dice,
    then each seat, then the supply and the tiles."""
    box = _box(s)
    problems = _dice_problems(s, box)
    for seat, p in enumerate(s.players):
        problems += _seat_problems(s, seat, p, box)
    return problems + _supply_problems(s)


def _box(s: StateData) -> dict[str, int]:
    """The game's dice by colour (the supply's, and the green dice Unrest adds)."""
    box: dict[str, int] = {colour: n for colour, n in SUPPLY_DICE.items()}
    green = s.comp.green_dice if s.config.unrest else 0
    if green:
        box[GREEN] = green
    return box


def _dice_problems(s: StateData, box: dict[str, int]) -> list[str]:
    """The dice: their owners and faces, and the game's dice by colour against ``box``."""
    problems: list[str] = []
    n = s.config.players
    if s.owned != [[d for d in range(N_DICE) if s.dice_owner[d] == seat] for seat in range(n)]:
        problems.append("the per-seat dice index disagrees with the dice owners")
    if sorted(s.order) != list(range(n)):
        problems.append(f"order {s.order} is not a permutation of the seats")
    counts: dict[str, int] = dict.fromkeys(DIE_COLOURS, 0)
    green = box.get(GREEN, 0)
    for d in range(N_DICE):
        owner = s.dice_owner[d]
        if d >= BASE_DICE + green:      # green dice this game leaves in the box
            if owner != -1 or s.dice_used[d]:
                problems.append(f"die {d} is not in this game, yet it is in play")
            continue
        counts[DIE_COLOUR[d]] = counts.get(DIE_COLOUR[d], 0) + 1
        if not -1 <= owner < n:
            problems.append(f"die {d} has owner {owner}")
        if owner == -1 and s.dice_used[d]:
            problems.append(f"die {d} is in the supply but marked used")
        if not 0 <= s.dice_face[d] < 6:
            problems.append(f"die {d} shows face {s.dice_face[d]}")
    if counts != box:
        problems.append(f"dice by colour {counts} differ from the box {box}")
    return problems


def _seat_problems(s: StateData, seat: int, p: PlayerState, box: dict[str, int]) -> list[str]:
    """One seat: its dice against its buildings, its counts, its tiles' kinds, its Unrest
    components and pledge."""
    problems: list[str] = []
    need: dict[str, int] = dict.fromkeys(box, 0)
    for ref, k in zip(p.buildings, p.building_dice, strict=True):
        colour = s.comp.tiles[ref].dice_colour
        if colour is None or s.comp.tiles[ref].kind != "building":
            problems.append(f"seat {seat} has a non-building in a building slot")
            continue
        need[colour] += k
        if not 0 <= k <= s.comp.tiles[ref].dice_count:
            problems.append(f"seat {seat} building {ref} holds {k} dice")
    have: dict[str, int] = dict.fromkeys(box, 0)
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
    if min(p.stars, p.stars_used) < 0:
        problems.append(f"seat {seat} has a negative star-marked chit count")
    if not s.config.unrest and (p.stars or p.stars_used or p.bonus >= 0):
        problems.append(f"seat {seat} holds Unrest components in a game without Unrest")
    if p.bonus >= len(s.comp.bonuses) or (p.bonus >= 0 and not p.passed
                                           and s.step == "actions"):
        problems.append(f"seat {seat} holds a passing bonus without having passed")
    if p.pledge:
        if len(p.pledge) % 2 or len(set(p.pledge)) != len(p.pledge):
            problems.append(f"seat {seat} pledges {len(p.pledge)} dice: an even number "
                            "of different dice is traded for food")
        # pledged dice are the seat's own; they stay unused until the famine
        if any(not 0 <= d < N_DICE or s.dice_owner[d] != seat
               or (s.step == "actions" and s.dice_used[d]) for d in p.pledge):
            problems.append(f"seat {seat} pledges dice it does not hold: "
                            f"{list(p.pledge)}")
    return problems


def _supply_problems(s: StateData) -> list[str]:
    """The supply's chits and passing bonuses, and each tile in one place."""
    problems: list[str] = []
    if not 0 <= s.supply_stars() <= s.comp.star_chits:
        problems.append(f"star-marked reroll chits: {s.supply_stars()} left in the supply")
    held = [p.bonus for p in s.players if p.bonus >= 0]
    if len(held) != len(set(held)):
        problems.append("two players hold the same passing bonus")
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
    if not s.config.unrest and any(s.comp.tiles[t].id in _unrest_ids(s.comp) for t in placed):
        problems.append("an Unrest tile is in play in a game without Unrest")
    return problems


def check_position(s: StateData) -> list[str]:
    """Why ``s`` is not a position a game (or a :func:`~nations_widget.dice.scenario`)
    can reach, beyond :func:`check_invariants`'s conservation (an empty list: it can).

    These are the facts of the round's flow that the rules keep and that a state written by
    hand or changed in a file can break, each of which left a loaded game stuck or broke it
    some moves later: the game rests only in a step where a player decides, with the seats
    still to decide in reverse player order; the turn's seat has rolled and not passed; the
    board and the event belong to the round's age; a pledge of dice for food waits only in
    the Accelerated variant, from a seat that passed, until its famine.  Last, as a
    backstop, the seat to decide has a legal move (unless the game is over).

    A seat's tiles may be of any age: a scenario gives a seat a later age's tile to teach
    it, and the round that deals that age leaves it out (see ``rules._run_new_round``).
    """
    problems: list[str] = []
    n = s.config.players
    step = s.step
    if step in ("new_round", "player_order"):
        problems.append(f"the game never waits in the {step.replace('_', ' ')} step: nobody "
                        "decides there")
    elif step == "game_over":
        if s.round != ROUNDS or s.pending:
            problems.append(f"the game ends after round {ROUNDS}, with nobody to decide")
    elif step == "actions":
        if s.pending:
            problems.append("in the actions step players take turns: no seat is waiting "
                            "in 'pending'")
        turn = s.players[s.order[s.cursor]]
        if turn.passed or not turn.rolled:
            problems.append(f"seat {s.order[s.cursor]} is to act but has "
                            + ("passed" if turn.passed else "not rolled its dice"))
    else:
        reverse = s.order[::-1]
        if not s.pending or s.pending != reverse[n - len(s.pending):]:
            problems.append(f"in the {step} step the seats still to decide wait in reverse "
                            f"player order, the last of them {reverse[-1]}: "
                            f"'pending' is {s.pending}")
    if step != "actions":
        if not all(p.passed for p in s.players):
            problems.append(f"every seat has passed once the {step.replace('_', ' ')} step "
                            "comes")
        if s.turn_underway:
            problems.append("a turn is under way only in the actions step")
    for seat, p in enumerate(s.players):
        if p.passed and not p.rolled:
            problems.append(f"seat {seat} has passed without rolling its dice")
        if p.pledge:
            if s.config.variant != "accelerated":
                problems.append(f"seat {seat} pledges dice for food: that is the Accelerated "
                                "variant's rule")
            elif not p.passed:
                problems.append(f"seat {seat} pledges dice for food but has not passed")
            elif p.fed is None and any(s.dice_used[d] for d in p.pledge):
                problems.append(f"seat {seat}'s pledged dice are used before its famine")
    age = s.round
    if s.event < 0 or s.comp.events[s.event].age != age:
        problems.append(f"the event must be one of age {age}'s (round {age})")
    tiles = s.comp.tiles
    if any(t >= 0 and tiles[t].age != age for t in s.board):
        problems.append(f"the board holds only age {age}'s tiles in round {age}")
    if n > 1 and (s.opponent_books or s.solo_roll):
        problems.append("only the solo game has a shadow opponent (its books and die)")
    if not problems and not s.is_terminal():
        # a backstop: the facts above leave nobody without a move (20,000 fuzzed positions)
        if not legal_moves(s):
            problems.append(f"seat {current_player(s)} has no legal move, and the game is not over")
        s.listed = None
    return problems


def _unrest_ids(comp: CatalogueIndex) -> set[str]:
    return {t.id for t in comp.unrest.tiles} if comp.unrest else set()


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
    comp = indexed(cat)
    config = GameConfig.from_json(top.get("config"))
    check.want(not config.unrest or cat.unrest is not None, "config",
               f"the game is played with the Unrest expansion, and the catalogue {cat.name!r} "
               "has no Unrest part")
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
    n_dice = N_DICE if config.unrest else BASE_DICE
    dice = check.array(top.get("dice"), "dice", n_dice, "dice")
    s.dice_owner, s.dice_used, s.dice_face = [], [], []
    for d, row in enumerate(dice):
        where = f"dice[{d}]"
        check.want(isinstance(row, list) and len(row) == 3, where,
                   f"must be [owner, used 0/1, face 0-5], got {shown(row)}")
        s.dice_owner.append(check.whole(row[0], where, -1, n - 1))
        s.dice_used.append(bool(check.whole(row[1], where, 0, 1)))
        s.dice_face.append(check.whole(row[2], where, 0, FACES_PER_DIE - 1))
    s.dice_owner += [-1] * (N_DICE - n_dice)     # the green dice stay in the box
    s.dice_used += [False] * (N_DICE - n_dice)
    s.dice_face += [0] * (N_DICE - n_dice)
    players = check.array(top.get("players"), "players", n, "players")
    s.players = [_player(check, pj, f"players[{i}]", comp, config.unrest, n_dice)
                 for i, pj in enumerate(players)]
    s.index_dice()
    s.listed = None
    s.opponent_books = check.integer(top, "opponent_books", 0, MAX_COUNT)
    s.solo_roll = check.integer(top, "solo_roll", 0, SOLO_DIE_SIDES)
    s.turn_underway = False
    if config.unrest:
        s.turn_underway = check.boolean(top, "turn_underway")
    else:
        check.want("turn_underway" not in top, "turn_underway",
                   "belongs to games with the Unrest expansion only")
    problems = check_invariants(s) or check_position(s)
    if problems:
        raise StateFormatError(message("the state breaks the rules: " + "; ".join(problems)))
    return s


def _player(check: Checker, pj: object, where: str, comp: CatalogueIndex, unrest: bool,
            n_dice: int) -> PlayerState:
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
    p.pledge = tuple(check.wholes(pj.get("pledge", []), f"{where}.pledge", 0, n_dice - 1,
                                  "die numbers", distinct=True))
    if unrest:
        p.stars = check.integer(pj, "stars", 0, comp.star_chits, f"{where}.stars")
        p.stars_used = check.integer(pj, "stars_used", 0, comp.star_chits, f"{where}.stars_used")
        bonus = pj.get("bonus")
        if bonus is not None:
            here = f"{where}.bonus"
            check.want(isinstance(bonus, list) and len(bonus) == 2
                       and isinstance(bonus[1], bool), here,
                       f"must be null or [passing bonus id, spent], got {shown(bonus)}")
            p.bonus = check.ref(bonus[0], here, comp.bonus_ref, "passing bonus")
            p.bonus_spent = bonus[1]
    else:
        extra = [k for k in ("stars", "stars_used", "bonus") if k in pj]
        check.want(not extra, f"{where}.{extra[0] if extra else ''}",
                   "belongs to games with the Unrest expansion only")
    p.fed = check.optional_boolean(pj, "fed", f"{where}.fed")
    p.fought = check.optional_boolean(pj, "fought", f"{where}.fought")
    return p
