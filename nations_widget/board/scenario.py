"""Build a position from a partial description, for lessons, examples and tests.

Anything not described keeps the value of a freshly set-up game with the same settings
(in the described round).  A description is a dict (or JSON text); every key is optional:

``players``, ``seed``, ``difficulty``, ``ages``, ``easier``, ``decks``
    the game's settings (as :class:`GameConfig`).
``round`` (1-8); ``step``: "maintenance.growth" (the growth decisions; the event card is
    drawn after them), "actions" (default) or a later step of the round
    ("resolution.production", ..., "resolution.books"): the position at the start of that
    step, which then runs by itself up to the next decision.
``event``: the event card's id (default: drawn from that age's deck).
``board``: three rows (3, 2, 1 gold) of card ids or null (default: drawn from the deck).
``order``: seats in player order; ``current``: the seat to act in the action phase;
``passed``: seats that have passed, in the order they passed.
``architects``: on the scoring board; ``war``: ``{"card": id, "strength": n, "buyer": seat}``.
``seats``: a list (or a dict by seat number) of per-seat descriptions, each with any of:
    ``gold``, ``stone``, ``food``, ``books``, ``vp``; ``idle`` (workers in the resource
    area); ``taken``: ``{"food": n, "stability": n}`` (workers taken from each section);
    ``slots``: five ``[card id, workers]`` (or card ids); ``advisors``, ``colonies``,
    ``wonders``: card ids; ``wonder``: ``[card id, sections built]``; ``private``: private
    architects left this round (default: the round's allotment of the cards in play).

Cards named anywhere are taken out of the decks, so every card stays in one place.
Workers are not conserved automatically: ``idle`` defaults so that the nation keeps the
side's starting number of workers plus those taken from the track.

>>> from nations_widget.board.scenario import scenario
>>> s = scenario({"players": 2, "seats": [{"stone": 4, "slots": [["ziggurat", 0]]}]})
>>> s.current_player() in (0, 1), s.players[0].res[1]
(True, 4)
"""

from __future__ import annotations

from typing import Any

from ..core.envelope import json_object, shown
from ..core.errors import StateFormatError
from ..core.rng import Rng
from ..core.validate import Checker, plain_digits, seat_keys_as_text
from .components import Components, default_components
from .constants import RES_INDEX, SHADOW_FIGURES, START_BOOKS
from .decisions import GrowChoice
from .in_play import private_architects
from .machine import GameState
from .rules import STEP_INDEX, advance, age_of
from .serialization import check_invariants, narrow_components
from .solo import start_tile
from .state import CONFIG_FIELDS, GameConfig, columns

_KEYS = (*CONFIG_FIELDS, "round", "step", "event", "board", "order", "current", "passed",
         "architects", "war", "seats", "tile", "shadow", "shadow_first")
_SEAT_KEYS = ("gold", "stone", "food", "books", "vp", "idle", "taken", "slots", "advisors",
              "colonies", "wonders", "wonder", "private")
_CHECK = Checker("scenario")


class _Cards:
    """Takes named cards out of wherever a new game put them."""

    def __init__(self, s: GameState) -> None:
        self.s = s

    def take(self, card_id: object, where: str) -> int:
        s = self.s
        ref = _CHECK.ref(card_id, where, s.comp.card_ref, "card")
        if s.comp.cards[ref].set == "printed":
            return ref
        for deck in s.decks:
            if ref in deck:
                deck.remove(ref)
                return ref
        if ref in s.board:
            s.board[s.board.index(ref)] = -1
            return ref
        if ref in s.discard:
            s.discard.remove(ref)
            return ref
        raise _CHECK.fail(f"{shown(card_id)} is not in this game's decks, or is named twice",
                          where)

    def take_all(self, ids: object, where: str) -> list[int]:
        return [self.take(c, where) for c in _CHECK.array(ids, where, what="card ids")]


def scenario(description: dict[str, Any] | str,
             components: Components | None = None) -> GameState:
    """Build a :class:`GameState` from a partial description (see the module docstring)."""
    check = _CHECK
    desc = json_object(seat_keys_as_text(description), "a scenario")
    check.fields(desc, (), _KEYS)
    config = GameConfig.from_json({k: desc[k] for k in CONFIG_FIELDS if k in desc},
                                  "scenario", None)
    if "choose" in config.sides:
        raise check.fail("a scenario fixes the sides (A, a B side's id, or B); the choice of "
                         "boards is played from GameState.new", "sides")
    comp = components or default_components()
    s = GameState.new(config, comp)
    # built with every card's effects in view; narrowed to the cards it holds before it plays
    s.comp = comp
    n = config.players
    # back to a blank table in the described round
    for ref in s.board:
        if ref >= 0:
            s.decks[0].append(ref)
    s.board = [-1] * len(s.board)
    s.queue = []
    round_ = check.integer(desc, "round", 1, config.rounds) if "round" in desc else 1
    s.round = round_
    age = age_of(round_)
    cards = _Cards(s)
    _progress_board(s, desc, cards, age)
    _event(s, desc, age)
    s.architects = (check.integer(desc, "architects", 0, 50) if "architects" in desc
                    else comp.architects_by_players[n] + comp.events[s.event].architects)
    if n == 1:
        _solo(s, desc, age)
    if "order" in desc:
        order = check.wholes(desc["order"], "order", 0, n - 1, "seats", distinct=True)
        check.want(len(order) == n, "order", f"must list each seat 0-{n - 1} once")
        s.order = order
        for position, seat in enumerate(s.order, start=1):
            s.players[seat].res[3] = position      # books follow the described order
    s.prev_order = s.order[:]
    if "war" in desc:
        _war(s, desc["war"], cards)
    for seat, sd in _seat_descriptions(desc.get("seats", []), n):
        _seat(s, cards, seat, sd, f"seats[{seat}]")
    passed = check.wholes(desc.get("passed", []), "passed", 0, n - 1, "seats", distinct=True)
    s.passed = passed
    step = desc.get("step", "actions")
    if not isinstance(step, str) or step not in STEP_INDEX or (
            STEP_INDEX[step] < STEP_INDEX["actions"] and step != "maintenance.growth"):
        raise check.fail(f"must be 'maintenance.growth', 'actions' or a later step, "
                         f"got {shown(step)}", "step")
    s.step = step
    s.stage = 0
    s.turn_done = False
    narrow_components(s)
    _begin(s, desc, age)
    problems = check_invariants(s)
    if problems:
        raise StateFormatError("the scenario breaks the rules: " + "; ".join(problems))
    return s


def _progress_board(s: GameState, desc: dict[str, Any], cards: _Cards, age: int) -> None:
    """The described progress board, or one dealt from the age's deck (shuffled by a
    generator of the seed and the round, not the game's)."""
    check = _CHECK
    cols = columns(s)
    if "board" in desc:
        rows = check.array(desc["board"], "board", 3, "rows of card ids (or null)")
        for r, row in enumerate(rows):
            row = check.array(row, f"board[{r}]", cols, "card ids (or null)")
            for c, card_id in enumerate(row):
                if card_id is not None:
                    s.board[r * cols + c] = cards.take(card_id, f"board[{r}][{c}]")
        return
    deck = s.decks[age - 1]
    Rng(s.config.seed ^ s.round).shuffle(deck)
    for cell in range(3 * cols):
        if deck:
            s.board[cell] = deck.pop()


def _event(s: GameState, desc: dict[str, Any], age: int) -> None:
    """The round's event card: the described one, or the top of the age's deck (the one
    drawn at setup goes back first)."""
    if s.event >= 0:
        s.event_decks[0].append(s.event)
        s.event = -1
    events = s.event_decks[age - 1]
    if "event" not in desc:
        s.event = events.pop()
        return
    s.event = _CHECK.ref(desc["event"], "event", s.comp.event_ref, "event card")
    _CHECK.want(s.event in events, "event",
                f"{shown(desc['event'])} is not an event card of age {age}")
    events.remove(s.event)


def _war(s: GameState, raw: object, cards: _Cards) -> None:
    """The war bought this round: its card, strength and buyer."""
    check = _CHECK
    n = s.config.players
    war = check.mapping(raw, "war")
    check.fields(war, ("card",), ("strength", "buyer"), where="war")
    s.war = cards.take(war["card"], "war.card")
    s.war_strength = check.integer(war, "strength", 0, 40, "war.strength") \
        if "strength" in war else 0
    # (the solo game: the shadow, index 1, may have taken the war)
    s.war_buyer = check.integer(war, "buyer", 0, n if n == 1 else n - 1, "war.buyer") \
        if "buyer" in war else s.order[0]


def _begin(s: GameState, desc: dict[str, Any], age: int) -> None:
    """Enter the described step: the growth decisions, the described turn of the action
    phase, or a later step played on to its first decision."""
    check = _CHECK
    n = s.config.players
    if s.step == "maintenance.growth":
        # the growth decisions, in reverse player order; the event card drawn above goes
        # back on its deck, to be drawn after the growth as in play
        s.stage = 1
        if s.event >= 0:
            s.event_decks[age - 1].append(s.event)
            s.event = -1
        if n == 1 and s.tile >= 0:
            # the solo game: the tile too is drawn after the growth
            assert s.comp.solo_tiles is not None
            if "books" not in desc.get("shadow", {}):
                s.shadow[2] -= s.comp.solo_tiles.tiles[s.tile].books
            s.tile_decks[age - 1].append(s.tile)
            s.tile = -1
        s.queue = [GrowChoice(seat) for seat in reversed(s.order)]
    elif s.step == "actions":
        current = desc.get("current")
        if current is None:
            current = next((x for x in s.order if x not in s.passed), s.order[0])
        current = check.whole(current, "current", 0, n - 1)
        check.want(current not in s.passed, "current", "must be a seat that has not passed")
        s.cursor = s.order.index(current)
        advance(s, None)      # a first turn a card skips is skipped at once
    else:
        advance(s, None)


def _seat_descriptions(seats: object, n: int) -> list[tuple[int, object]]:
    """``seats`` as (seat, description) pairs: a list by position, or an object whose keys
    are seat numbers ("0", "1", ...)."""
    if isinstance(seats, dict):
        pairs = []
        for key, sd in seats.items():
            _CHECK.want(plain_digits(key) and int(key) < n, "seats",
                        f"there is no seat {shown(key)} in a {n}-player game")
            pairs.append((int(key), sd))
        return pairs
    items = _CHECK.of_kind(seats, "seats", ("array", "object"))
    _CHECK.want(len(items) <= n, "seats", f"there are {n} seats in a {n}-player game, "
                f"not {len(items)}")
    return list(enumerate(items))


def _solo(s: GameState, desc: dict[str, Any], age: int) -> None:
    """The solo game: no event card; the round's tile (``tile``: its id, default drawn),
    the shadow's values (``shadow``: {strength, stability, books}, default the tile's and
    2 + the tile's books) and ``shadow_first``."""
    check = _CHECK
    tiles = s.comp.solo_tiles
    assert tiles is not None
    s.event_decks[age - 1].append(s.event)
    s.event = -1
    deck = s.tile_decks[age - 1]
    if "tile" in desc:
        index = check.ref(desc["tile"], "tile", {t.id: i for i, t in enumerate(tiles.tiles)},
                          "solo tile")
        check.want(index in deck, "tile", f"{shown(desc['tile'])} is not a solo tile of "
                   f"age {age}")
        deck.remove(index)
    else:
        index = deck.pop()
    s.shadow = [0, 0, START_BOOKS]
    start_tile(s, index, None)
    if "architects" not in desc:
        s.architects = s.comp.architects_by_players[1] + tiles.tiles[index].architects
    shadow = check.mapping(desc.get("shadow", {}), "shadow")
    check.fields(shadow, (), SHADOW_FIGURES, where="shadow")
    for i, name in enumerate(SHADOW_FIGURES):
        if name in shadow:
            s.shadow[i] = check.integer(shadow, name, -1000, 1000, f"shadow.{name}")
    s.shadow_first = check.boolean(desc, "shadow_first") if "shadow_first" in desc else False


def _seat(s: GameState, cards: _Cards, seat: int, sd: object, where: str) -> None:
    check = _CHECK
    sd = check.mapping(sd, where)
    check.fields(sd, (), _SEAT_KEYS, where=where)
    p = s.players[seat]
    side = s.side_of(seat)
    for name in ("gold", "stone", "food", "books", "vp"):
        if name in sd:
            p.res[RES_INDEX[name]] = check.integer(sd, name, 0, 10_000, f"{where}.{name}")
    if "taken" in sd:
        here = f"{where}.taken"
        taken = check.mapping(sd["taken"], here)
        check.fields(taken, (), ("food", "stability"), where=here)
        p.taken_food = check.integer(taken, "food", 0, side.food_section, f"{here}.food") \
            if "food" in taken else 0
        p.taken_stab = check.integer(taken, "stability", 0, side.stability_section,
                                     f"{here}.stability") if "stability" in taken else 0
    if "slots" in sd:
        slots = check.array(sd["slots"], f"{where}.slots", what="slots")
        check.want(len(slots) <= side.bm_slots, f"{where}.slots",
                   f"must list up to {side.bm_slots} slots, got {len(slots)}")
        for k, item in enumerate(slots):
            here = f"{where}.slots[{k}]"
            if isinstance(item, str) or item is None:
                card_id, workers = item, 0
            else:
                pair = check.array(item, here, 2, "items (a card id, or [card id, workers])")
                card_id, workers = pair[0], check.whole(pair[1], f"{here}[1]", 0, 30)
            if card_id is not None:
                ref = cards.take(card_id, here)
                check.want(s.comp.cards[ref].is_bm, here,
                           f"{shown(card_id)} is not a building or military")
                p.bm[k] = ref
            p.workers[k] = workers
    for key, kind, a_kind in (("advisors", "advisor", "an advisor"),
                              ("colonies", "colony", "a colony"),
                              ("wonders", "wonder", "a wonder")):
        if key in sd:
            here = f"{where}.{key}"
            refs = cards.take_all(sd[key], here)
            for ref in refs:
                check.want(s.comp.cards[ref].type == kind, here,
                           f"{s.comp.cards[ref].id!r} is not {a_kind}")
            setattr(p, key, refs)
    if "wonder" in sd:
        w = sd["wonder"]
        if w is None:
            p.wonder, p.built = -1, 0
        else:
            here = f"{where}.wonder"
            w = check.array(w, here, 2, "items ([card id, sections built])")
            p.wonder = cards.take(w[0], f"{here}[0]")
            p.built = check.whole(w[1], f"{here}[1]", 0, 10)
    # private architects: as described, else the round's allotment of the cards in play
    # (as the round's start gives them)
    p.private = check.integer(sd, "private", 0, 20, f"{where}.private") if "private" in sd \
        else private_architects(s, seat)
    owned = side.workers + p.taken_food + p.taken_stab - sum(p.workers)
    check.want(owned >= 0, f"{where}.slots", "more workers on cards than the nation has")
    p.on_top = 0
    p.idle = owned
    if "idle" in sd:
        # workers the description leaves out wait on top of the population track
        p.idle = check.integer(sd, "idle", 0, owned, f"{where}.idle")
        p.on_top = owned - p.idle
