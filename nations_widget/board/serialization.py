"""Loading states from JSON, with every field checked, and the game's invariants.

:func:`check_invariants` is the conservation law of the box: every progress card of the
game's decks is in exactly one place (a deck, the progress board, a nation, the war slot,
a decision in progress, or out of the game), every event card too; each nation's workers
plus its population track always make the same number; resources are never negative.
Tests and ``simulate`` run it after every move; the loader runs it on every state.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ..core.envelope import json_object, quote
from ..core.errors import StateFormatError
from .components import CARD_TYPES, RESOURCES, Components, default_components
from .solo import SHADOW_FIGURES
from .state import (
    CARD_ARGS,
    READABLE_VERSIONS,
    STATE_FORMAT,
    GameConfig,
    GameState,
    PlayerState,
)


def game_cards(s: GameState) -> list[int]:
    """Every progress card of this game's decks."""
    from .components import deck_lists
    return [c for deck in deck_lists(s.config.deck_sets, s.config.seed, s.comp) for c in deck]


def card_places(s: GameState) -> Counter[int]:
    """How many times each progress card appears anywhere in the state."""
    places: Counter[int] = Counter()
    for deck in s.decks:
        places.update(deck)
    places.update(c for c in s.board if c >= 0)
    places.update(s.discard)
    if s.war >= 0:
        places[s.war] += 1
    printed = {c.ref for c in s.comp.cards if c.set == "printed"}
    for p in s.players:
        places.update(c for c in p.bm if c >= 0 and c not in printed)
        places.update(c for c in p.advisors + p.colonies + p.wonders if c not in printed)
        if p.wonder >= 0:
            places[p.wonder] += 1
    for d in s.queue:
        for i in CARD_ARGS.get(d[0], ()):
            places[d[i]] += 1
    return places


def narrow_components(s: GameState) -> None:
    """Give ``s`` the view of its components that its game can meet: the cards of its decks'
    sets, and of any other set a card in the state comes from (a described position may
    hold any card).  See :meth:`Components.in_play`."""
    cards = s.comp.cards
    sets = set(s.config.card_sets) | {cards[c].set for c in card_places(s)}
    s.comp = s.comp.in_play(sets)


def check_invariants(s: GameState) -> list[str]:
    """Everything that is wrong with ``s`` (an empty list for a sound state)."""
    problems: list[str] = []
    n = s.config.players
    if sorted(s.order) != list(range(n)):
        problems.append(f"order {s.order} is not a permutation of the seats")
    places = card_places(s)
    expected = Counter(game_cards(s))
    if places != expected:
        extra = places - expected
        missing = expected - places
        problems.append(f"cards out of place: twice or foreign {sorted(extra)}, "
                        f"missing {sorted(missing)}")
    events = [e for d in s.event_decks for e in d] + s.events_done + (
        [s.event] if s.event >= 0 else []) + [e for d in s.queue if d[0] == "pick_event"
                                               for e in d[2]]
    if sorted(events) != list(range(len(s.comp.events))):
        problems.append("an event card is missing or in two places")
    for seat, p in enumerate(s.players):
        if p.side == "":
            # a board still to be chosen at setup: nothing on it yet
            if s.round != 1 or p.bm or p.idle or p.wonders or not any(
                    d[0] == "side" and d[1] == seat for d in s.queue):
                problems.append(f"seat {seat} has no board but is not choosing one")
            continue
        side = s.side_of(seat)
        if min(p.res) < 0:
            problems.append(f"seat {seat} has a negative resource {p.res}")
        if p.idle < 0 or min(p.workers) < 0:
            problems.append(f"seat {seat} has a negative worker count")
        if not 0 <= p.taken_food <= side.food_section or not \
                0 <= p.taken_stab <= side.stability_section or p.on_top < 0:
            problems.append(f"seat {seat} has an impossible population track")
        track = (side.food_section - p.taken_food) + (side.stability_section - p.taken_stab) \
            + p.on_top
        total = p.idle + sum(p.workers) + track
        if total != side.workers + side.food_section + side.stability_section:
            problems.append(f"seat {seat} has {total} workers in all (track included), "
                            f"not {side.workers + side.food_section + side.stability_section}")
        if len(p.bm) != side.bm_slots:
            problems.append(f"seat {seat} has {len(p.bm)} building/military slots")
        for c, w in zip(p.bm, p.workers, strict=True):
            if c < 0 and w:
                problems.append(f"seat {seat} has workers on an empty slot")
            if c >= 0 and not s.comp.cards[c].is_bm:
                problems.append(f"seat {seat} has a non-building in a building slot")
        if len(p.colonies) > side.colony_slots or len(p.wonders) > side.wonder_slots:
            problems.append(f"seat {seat} holds too many colonies or wonders")
        if p.wonder >= 0 and p.built >= len(s.comp.cards[p.wonder].stages):
            problems.append(f"seat {seat}'s wonder under construction is already complete")
    if s.config.players == 1 and s.comp.solo_tiles is not None:
        tiles = [x for d in s.tile_decks for x in d] + s.tiles_done + (
            [s.tile] if s.tile >= 0 else []) + [x for d in s.queue if d[0] == "pick_tile"
                                                 for x in d[2]]
        if sorted(tiles) != list(range(len(s.comp.solo_tiles.tiles))):
            problems.append("a solo tile is missing or in two places")
    if s.step != "game_over" and s.current_player() is None:
        problems.append("nobody is to play but the game is not over")
    return problems


def _want(cond: bool, where: str, what: str) -> None:
    if not cond:
        raise StateFormatError(f"state field '{where}': {what}")


def _int(v: object, where: str, lo: int = -10_000, hi: int = 10_000) -> int:
    _want(isinstance(v, int) and not isinstance(v, bool) and lo <= v <= hi, where,
          f"must be a whole number {lo}..{hi}, got {quote(repr(v))}")
    assert isinstance(v, int)
    return v


def state_from_json(data: object, components: Components | None = None) -> GameState:
    data = json_object(data, "a saved state")
    _want(data.get("format") == STATE_FORMAT, "format",
          f"expected {quote(repr(STATE_FORMAT))}, got {quote(repr(data.get('format')))}")
    _want(data.get("version") in READABLE_VERSIONS, "version",
          f"this program reads versions {', '.join(map(str, READABLE_VERSIONS))}, "
          f"got {quote(repr(data.get('version')))}")
    comp = components or default_components()
    _want(data.get("components") in comp.compatible, "components",
          "the game was played with other card data (fingerprint "
          f"{quote(repr(data.get('components')))}, these cards are {comp.fingerprint!r})")
    config = GameConfig.from_json(data.get("config"))
    n = config.players
    s = GameState.__new__(GameState)
    s.config = config
    s.comp = comp
    rng = data.get("rng")
    _want(isinstance(rng, str) and len(rng) == 16, "rng", "must be 16 hex digits")
    assert isinstance(rng, str)
    try:
        s.rng = int(rng, 16)
    except ValueError:
        raise StateFormatError("state field 'rng': must be 16 hex digits") from None
    s.round = _int(data.get("round"), "round", 1, config.rounds)
    from .rules import STEP_NAMES
    _want(data.get("step") in STEP_NAMES, "step", f"must be one of {', '.join(STEP_NAMES)}")
    s.step = str(data["step"])
    s.stage = _int(data.get("stage"), "stage", 0, 2)
    for key in ("order", "prev_order"):
        v = data.get(key)
        _want(isinstance(v, list) and sorted(v) == list(range(n)), key,
              f"must list each seat 0..{n - 1} once")
    s.order = list(data["order"])
    s.prev_order = list(data["prev_order"])
    s.cursor = _int(data.get("cursor"), "cursor", 0, n - 1)
    passed = data.get("passed")
    _want(isinstance(passed, list) and all(x in s.order for x in passed)
          and len(set(passed)) == len(passed), "passed", "must be a list of distinct seats")
    assert isinstance(passed, list)
    s.passed = list(passed)

    def ref(card_id: object, where: str) -> int:
        if card_id is None:
            return -1
        _want(isinstance(card_id, str) and card_id in comp.card_ref, where,
              f"unknown card {quote(repr(card_id))}")
        assert isinstance(card_id, str)
        return comp.card_ref[card_id]

    def eref(event_id: object, where: str) -> int:
        _want(isinstance(event_id, str) and event_id in comp.event_ref, where,
              f"unknown event card {quote(repr(event_id))}")
        assert isinstance(event_id, str)
        return comp.event_ref[event_id]

    cols = comp.columns_by_players[n]
    board = data.get("board")
    _want(isinstance(board, list) and len(board) == 3 and all(
        isinstance(r, list) and len(r) == cols for r in board), "board",
          f"must be 3 rows of {cols} cards (or null)")
    assert isinstance(board, list)
    s.board = [ref(board[r][c], f"board[{r}][{c}]") for r in range(3) for c in range(cols)]
    boards = data.get("boards", [])
    _want(isinstance(boards, list) and all(b in comp.boards for b in boards), "boards",
          f"must list boards of the box ({', '.join(comp.boards)})")
    s.boards = list(boards)
    for key in ("decks", "event_decks"):
        v = data.get(key)
        _want(isinstance(v, list) and len(v) == 4 and all(isinstance(d, list) for d in v),
              key, "must be 4 lists (one per age)")
    s.decks = [[ref(c, f"decks[{a}]") for c in d] for a, d in enumerate(data["decks"])]
    s.event_decks = [[eref(e, f"event_decks[{a}]") for e in d]
                     for a, d in enumerate(data["event_decks"])]
    s.event = -1 if data.get("event") is None else eref(data["event"], "event")
    done = data.get("events_done")
    _want(isinstance(done, list), "events_done", "must be a list")
    assert isinstance(done, list)
    s.events_done = [eref(e, "events_done") for e in done]
    s.architects = _int(data.get("architects"), "architects", 0, 50)
    war = data.get("war")
    if war is None:
        s.war = s.war_strength = s.war_buyer = -1
    else:
        _want(isinstance(war, list) and len(war) == 3, "war", "must be [card, strength, seat]")
        s.war = ref(war[0], "war")     # null once the war is resolved (strength kept)
        s.war_strength = _int(war[1], "war strength", 0, 40)
        # (the solo game: the shadow, index 1, may have taken the war)
        s.war_buyer = _int(war[2], "war buyer", 0, n if n == 1 else n - 1)
    discard = data.get("discard")
    _want(isinstance(discard, list), "discard", "must be a list")
    assert isinstance(discard, list)
    s.discard = [ref(c, "discard") for c in discard]
    queue = data.get("queue")
    _want(isinstance(queue, list), "queue", "must be a list of decisions")
    assert isinstance(queue, list)
    tile_ids = [] if comp.solo_tiles is None else [x.id for x in comp.solo_tiles.tiles]

    def tref(tile_id: object, where: str) -> int:
        _want(tile_id in tile_ids, where, f"unknown solo tile {quote(repr(tile_id))}")
        return tile_ids.index(str(tile_id))

    _solo(s, data.get("solo"), tref)
    s.queue = [_decision(d, f"queue[{i}]", n, ref, eref, tref) for i, d in enumerate(queue)]
    plans = data.get("plans")
    _want(isinstance(plans, list) and len(plans) == n and all(
        p is None or (isinstance(p, list) and all(isinstance(x, int) for x in p))
        for p in plans), "plans", f"must list {n} entries (null or whole numbers)")
    assert isinstance(plans, list)
    s.plans = [None if p is None else list(p) for p in plans]
    _want(isinstance(data.get("turn_done"), bool), "turn_done", "must be true or false")
    s.turn_done = bool(data["turn_done"])
    s.last_bought = ref(data.get("last_bought"), "last_bought")
    players = data.get("players")
    _want(isinstance(players, list) and len(players) == n, "players", f"must list {n}")
    assert isinstance(players, list)
    s.players = [_player(pj, f"players[{i}]", ref, comp.sides) for i, pj in enumerate(players)]
    s.listed = None
    narrow_components(s)
    problems = check_invariants(s)
    if problems:
        raise StateFormatError("the state breaks the rules: " + "; ".join(problems))
    return s


def _solo(s: GameState, solo: object, tref: Any) -> None:
    """The solo game's fields (null in other games)."""
    s.shadow, s.tile_decks, s.tiles_done = [], [], []
    s.shadow_first = s.roll_due = False
    s.last_roll = 0
    s.tile = -1
    if s.config.players != 1:
        _want(solo is None, "solo", "only the 1-player game has a shadow opponent")
        return
    _want(isinstance(solo, dict), "solo", "the 1-player game needs its solo fields")
    assert isinstance(solo, dict)
    shadow = solo.get("shadow")
    _want(isinstance(shadow, dict) and set(shadow) == set(SHADOW_FIGURES), "solo.shadow",
          f"must give {', '.join(SHADOW_FIGURES)}")
    assert isinstance(shadow, dict)
    s.shadow = [_int(shadow[k], f"solo.shadow.{k}", -1000, 1000) for k in SHADOW_FIGURES]
    for key in ("shadow_first", "roll_due"):
        _want(isinstance(solo.get(key), bool), f"solo.{key}", "must be true or false")
    s.shadow_first = bool(solo["shadow_first"])
    s.roll_due = bool(solo["roll_due"])
    s.last_roll = _int(solo.get("last_roll"), "solo.last_roll", 0, 6)
    s.tile = -1 if solo.get("tile") is None else tref(solo["tile"], "solo.tile")
    decks = solo.get("tile_decks")
    _want(isinstance(decks, list) and len(decks) == 4 and all(isinstance(d, list)
                                                              for d in decks),
          "solo.tile_decks", "must be 4 lists (one per age)")
    assert isinstance(decks, list)
    s.tile_decks = [[tref(x, f"solo.tile_decks[{a}]") for x in d] for a, d in enumerate(decks)]
    done = solo.get("tiles_done")
    _want(isinstance(done, list), "solo.tiles_done", "must be a list")
    assert isinstance(done, list)
    s.tiles_done = [tref(x, "solo.tiles_done") for x in done]


_DECISION_SIZES = {"pick_tile": 3, "side": 2, "pick_event": 3, "grow": 2, "place_bm": 4,
                   "place_colony": 3, "place_advisor": 3, "place_wonder": 3, "battle": 4,
                   "golden": 3, "lose_other": 3, "effect": 6}


def _decision(d: object, where: str, n: int, ref: Any, eref: Any, tref: Any) -> list[Any]:
    _want(isinstance(d, list) and len(d) >= 2 and d[0] in _DECISION_SIZES
          and len(d) == _DECISION_SIZES[d[0]], where,
          f"must be a decision [kind, seat, ...] of a known kind ({', '.join(_DECISION_SIZES)})")
    assert isinstance(d, list)
    out = list(d)
    out[1] = _int(d[1], f"{where}[1]", 0, n - 1)
    for i in CARD_ARGS.get(d[0], ()):
        out[i] = ref(d[i], f"{where}[{i}]")
    if d[0] in ("battle", "lose_other", "place_bm"):
        out[-1] = _int(d[-1], f"{where}[-1]", 0, 100)
    if d[0] == "pick_event":
        _want(isinstance(d[2], list) and len(d[2]) >= 2, f"{where}[2]",
              "must list the event cards drawn")
        out[2] = [eref(e, f"{where}[2]") for e in d[2]]
    if d[0] == "pick_tile":
        _want(isinstance(d[2], list) and len(d[2]) >= 2, f"{where}[2]",
              "must list the solo tiles drawn")
        out[2] = [tref(e, f"{where}[2]") for e in d[2]]
    if d[0] == "effect":
        _want(d[2] in ("event", "card"), f"{where}[2]", "must be 'event' or 'card'")
        out[3] = _int(d[3], f"{where}[3]", 0, 1) if d[2] == "event" else ref(d[3],
                                                                               f"{where}[3]")
        _want(isinstance(d[4], list) and all(isinstance(x, int) for x in d[4]), f"{where}[4]",
              "must be a list of answers")
        out[4] = list(d[4])
        out[5] = _int(d[5], f"{where}[5]", 0, 20)
    return out


def _player(pj: object, where: str, ref: Any, sides: Any) -> PlayerState:
    _want(isinstance(pj, dict), where, "must be an object")
    assert isinstance(pj, dict)
    p = PlayerState()
    res = pj.get("res")
    _want(isinstance(res, dict) and set(res) == set(RESOURCES), f"{where}.res",
          f"must give {', '.join(RESOURCES)}")
    assert isinstance(res, dict)
    p.res = [_int(res[r], f"{where}.res.{r}", 0, 10_000) for r in RESOURCES]
    p.idle = _int(pj.get("idle"), f"{where}.idle", 0, 30)
    pop = pj.get("population")
    _want(isinstance(pop, dict), f"{where}.population", "must be an object")
    assert isinstance(pop, dict)
    p.taken_food = _int(pop.get("food"), f"{where}.population.food", 0, 30)
    p.taken_stab = _int(pop.get("stability"), f"{where}.population.stability", 0, 30)
    p.on_top = _int(pop.get("on_top"), f"{where}.population.on_top", 0, 30)
    p.hidden = _int(pop.get("hidden"), f"{where}.population.hidden", 0, 30)
    slots = pj.get("slots")
    _want(isinstance(slots, list) and all(isinstance(x, list) and len(x) == 2 for x in slots),
          f"{where}.slots", "must be a list of [card, workers]")
    assert isinstance(slots, list)
    p.bm = [ref(x[0], f"{where}.slots") for x in slots]
    p.workers = [_int(x[1], f"{where}.slots", 0, 30) for x in slots]
    for key in ("advisors", "wonders", "colonies", "used"):
        v = pj.get(key)
        _want(isinstance(v, list), f"{where}.{key}", "must be a list of cards")
        assert isinstance(v, list)
        setattr(p, key, [ref(c, f"{where}.{key}") for c in v])
    wonder = pj.get("wonder")
    if wonder is None:
        p.wonder, p.built = -1, 0
    else:
        _want(isinstance(wonder, list) and len(wonder) == 2, f"{where}.wonder",
              "must be null or [card, sections built]")
        p.wonder = ref(wonder[0], f"{where}.wonder")
        p.built = _int(wonder[1], f"{where}.wonder", 0, 10)
    p.private = _int(pj.get("private_architects"), f"{where}.private_architects", 0, 20)
    bought = pj.get("bought")
    _want(isinstance(bought, dict) and set(bought) <= set(CARD_TYPES), f"{where}.bought",
          "must map card types to counts")
    assert isinstance(bought, dict)
    p.bought = [_int(bought.get(t, 0), f"{where}.bought.{t}", 0, 50) for t in CARD_TYPES]
    lost = pj.get("vp_lost")
    _want(isinstance(lost, list) and set(lost) <= set(RESOURCES[:4]), f"{where}.vp_lost",
          "must list resources")
    assert isinstance(lost, list)
    p.vp_lost = sum(1 << RESOURCES.index(r) for r in set(lost))
    took = pj.get("war_took")
    _want(isinstance(took, dict) and set(took) == set(RESOURCES), f"{where}.war_took",
          "must give every resource")
    assert isinstance(took, dict)
    p.war_took = [_int(took[r], f"{where}.war_took.{r}", 0, 1000) for r in RESOURCES]
    _want(isinstance(pj.get("least_stability"), bool), f"{where}.least_stability",
          "must be true or false")
    p.least_stab = bool(pj["least_stability"])
    p.temp_strength = _int(pj.get("temp_strength"), f"{where}.temp_strength", -100, 100)
    _want(isinstance(pj.get("defeated"), bool), f"{where}.defeated", "must be true or false")
    p.defeated = bool(pj["defeated"])
    # version 1 saves had no per-player side (A for everybody) nor turn counts
    side = pj.get("side", "A")
    _want(isinstance(side, str) and (side == "" or side in sides), f"{where}.side",
          f"must be a side of the box ({', '.join(sorted(sides))}), got {quote(repr(side))}")
    p.side = str(side)
    nation = pj.get("nation", "")
    _want(isinstance(nation, str), f"{where}.nation", "must be text")
    p.nation = str(nation)
    p.specials = sides[p.side].special if p.side else ()
    p.turns = _int(pj.get("turns", 0), f"{where}.turns", 0, 100)
    p.acts = _int(pj.get("actions", 0), f"{where}.actions", 0, 1000)
    return p


__all__ = ["check_invariants", "narrow_components", "state_from_json"]
