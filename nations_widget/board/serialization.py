"""Loading states from JSON, with every field checked, and the game's invariants.

:func:`check_invariants` is the conservation law of the box: every progress card of the
game's decks is in exactly one place (a deck, the progress board, a nation, the war slot,
a decision in progress, or out of the game), every event card too; each nation's workers
plus its population track always make the same number; resources are never negative.
Tests and ``simulate`` run it after every move; the loader runs it on every state.

A state read from a file must also be a position a game could reach (issue 22):
:func:`check_decisions` checks every decision waiting against the state (its step, its
card, its event half or card effect, its saved answers), and :func:`check_playable` that
somebody has a legal move or the game is over.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, TypeVar

from ..core.envelope import check_header, json_object, message, shown
from ..core.errors import StateFormatError
from ..core.steps import GAME_OVER
from ..core.validate import Checker
from .components import Components, deck_lists, default_components
from .constants import CARD_TYPES, RESOURCES, SHADOW_FIGURES
from .decisions import (
    CARD_DECISIONS,
    KINDS,
    Decision,
    EffectChoice,
    EventPick,
    LoseOther,
    PlaceAdvisor,
    PlaceColony,
    SideChoice,
    TilePick,
)
from .effects import NeedChoice, Walk, walk
from .rules import STEP_NAMES, current_player, legal_moves
from .state import (
    READABLE_VERSIONS,
    STATE_FORMAT,
    GameConfig,
    PlayerState,
    StateData,
)
from .vocabulary import Outcome

# The class a loaded state is built as (the machine's GameState, which sits above).
S = TypeVar("S", bound=StateData)


def game_cards(s: StateData) -> list[int]:
    """Every progress card of this game's decks."""
    return [c for deck in deck_lists(s.config.deck_sets, s.config.seed, s.comp) for c in deck]


def card_places(s: StateData) -> Counter[int]:
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
        if isinstance(d, CARD_DECISIONS):
            places[d.card] += 1
    return places


def narrow_components(s: StateData) -> None:
    """Give ``s`` the view of its components that its game can meet: the cards of its decks'
    sets, and of any other set a card in the state comes from (a described position may
    hold any card).  See :meth:`Components.in_play`."""
    cards = s.comp.cards
    sets = set(s.config.card_sets) | {cards[c].set for c in card_places(s)}
    s.comp = s.comp.in_play(sets)


def check_invariants(s: StateData) -> list[str]:
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
        [s.event] if s.event >= 0 else []) + [e for d in s.queue if isinstance(d, EventPick)
                                               for e in d.events]
    if sorted(events) != list(range(len(s.comp.events))):
        problems.append("an event card is missing or in two places")
    for seat, p in enumerate(s.players):
        if p.side == "":
            # a board still to be chosen at setup: nothing on it yet
            if s.round != 1 or p.bm or p.idle or p.wonders or not any(
                    isinstance(d, SideChoice) and d.seat == seat for d in s.queue):
                problems.append(f"seat {seat} has no board but is not choosing one")
            continue
        side = s.side_of(seat)
        if min(p.res) < 0:
            problems.append(f"seat {seat} has a negative resource {p.res}")
        if len(p.bm) != side.bm_slots:
            # (before anything reads the slots: a list of none has no smallest count)
            problems.append(f"seat {seat} has {len(p.bm)} building/military slots, not "
                            f"{side.bm_slots}")
            continue
        if p.idle < 0 or any(w < 0 for w in p.workers):
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
        for c, w in zip(p.bm, p.workers, strict=True):
            if c < 0 and w:
                problems.append(f"seat {seat} has workers on an empty slot")
            if c >= 0 and not s.comp.cards[c].is_bm:
                problems.append(f"seat {seat} has a non-building in a building slot")
        for held, kind, a_kind in ((p.advisors, "advisor", "an advisor"),
                                   (p.colonies, "colony", "a colony"),
                                   (p.wonders, "wonder", "a wonder")):
            # (the rules look for a card only where its type goes: see Holders)
            if any(s.comp.cards[c].type != kind for c in held):
                problems.append(f"seat {seat} holds a card that is not {a_kind} among its "
                                f"{kind} cards")
        if len(p.colonies) > side.colony_slots or len(p.wonders) > side.wonder_slots:
            problems.append(f"seat {seat} holds too many colonies or wonders")
        if p.wonder >= 0 and p.built >= len(s.comp.cards[p.wonder].stages):
            problems.append(f"seat {seat}'s wonder under construction is already complete")
    if s.config.players == 1 and s.comp.solo_tiles is not None:
        tiles = [x for d in s.tile_decks for x in d] + s.tiles_done + (
            [s.tile] if s.tile >= 0 else []) + [x for d in s.queue if isinstance(d, TilePick)
                                                 for x in d.tiles]
        if sorted(tiles) != list(range(len(s.comp.solo_tiles.tiles))):
            problems.append("a solo tile is missing or in two places")
    if s.step != GAME_OVER and current_player(s) is None:
        problems.append("nobody is to play but the game is not over")
    return problems


_CHECK = Checker("state")
# the range of a saved choice's answer
_ANSWER = (0, 10_000)
_STATE_FIELDS = ("format", "version", "config", "components", "rng", "round", "step", "stage",
                 "order", "prev_order", "cursor", "passed", "board", "decks", "event_decks",
                 "event", "events_done", "architects", "war", "discard", "queue", "plans",
                 "turn_done", "last_bought", "players")
# fields version 1 saves do not have (the boards still to be chosen, the solo game)
_STATE_FIELDS_V2 = ("boards", "solo")
_PLAYER_FIELDS = ("res", "idle", "population", "slots", "advisors", "wonder", "wonders",
                  "colonies", "private_architects", "used", "bought", "vp_lost", "war_took",
                  "least_stability", "temp_strength", "defeated")
# fields version 1 saves do not have (A side for everybody, no turn counts)
_PLAYER_FIELDS_V2 = ("side", "nation", "turns", "actions")


class _Refs:
    """The ids a state names (cards, event cards, solo tiles) turned into the engine's
    indexes, each unknown id refused naming the field; and the checks a decision reads
    its JSON with (:class:`~.decisions.Refs`)."""

    __slots__ = ("cards", "events", "seats", "tiles")

    def __init__(self, comp: Components, seats: int) -> None:
        self.cards = comp.card_ref
        self.events = comp.event_ref
        tiles = () if comp.solo_tiles is None else comp.solo_tiles.tiles
        self.tiles = {t.id: i for i, t in enumerate(tiles)}
        self.seats = seats

    def seat(self, value: object, where: str) -> int:
        return _CHECK.whole(value, where, 0, self.seats - 1)

    def whole(self, value: object, where: str, low: int, high: int) -> int:
        return _CHECK.whole(value, where, low, high)

    def answers(self, value: object, where: str) -> tuple[int, ...]:
        return tuple(_CHECK.wholes(value, where, *_ANSWER, "answers"))

    def one_of(self, value: object, where: str, options: tuple[str, ...]) -> str:
        _CHECK.want(value in options, where,
                    f"must be {' or '.join(repr(o) for o in options)}, got {shown(value)}")
        assert isinstance(value, str)
        return value

    def drawn_events(self, value: object, where: str) -> tuple[int, ...]:
        drawn = self.events_in(value, where)
        _CHECK.want(len(drawn) >= 2, where, "must list the event cards drawn")
        return tuple(drawn)

    def drawn_tiles(self, value: object, where: str) -> tuple[int, ...]:
        drawn = self.tiles_in(value, where)
        _CHECK.want(len(drawn) >= 2, where, "must list the solo tiles drawn")
        return tuple(drawn)

    def card(self, card_id: object, where: str, nullable: bool = False) -> int:
        return _CHECK.ref(card_id, where, self.cards, "card", nullable)

    def cards_in(self, value: object, where: str) -> list[int]:
        """A list of card ids (none null)."""
        cards = self.cards
        return [_CHECK.ref(c, where, cards, "card")
                for c in _CHECK.array(value, where, what="card ids")]

    def event(self, event_id: object, where: str) -> int:
        return _CHECK.ref(event_id, where, self.events, "event card")

    def events_in(self, value: object, where: str) -> list[int]:
        return [self.event(e, where) for e in _CHECK.array(value, where, what="event ids")]

    def tile(self, tile_id: object, where: str) -> int:
        return _CHECK.ref(tile_id, where, self.tiles, "solo tile")

    def tiles_in(self, value: object, where: str) -> list[int]:
        return [self.tile(t, where) for t in _CHECK.array(value, where, what="tile ids")]


def _per_age(value: object, where: str, each: Any) -> list[list[int]]:
    """Four lists, one per age (``each`` reads one)."""
    ages = _CHECK.array(value, where, 4, "lists (one per age)")
    return [each(d, f"{where}[{a}]") for a, d in enumerate(ages)]


def _seats(value: object, where: str, n: int, every: bool) -> list[int]:
    """Distinct seats 0..n-1 (each of them once, if ``every``)."""
    seats = _CHECK.wholes(value, where, 0, n - 1, "seats", distinct=True)
    _CHECK.want(not every or len(seats) == n, where, f"must list each seat 0..{n - 1} once")
    return seats


def state_from_json(cls: type[S], data: object, components: Components | None = None) -> S:
    """Load a state saved by ``to_json`` as an instance of ``cls`` (the machine class, which
    sits above this module); every field and the game's invariants are checked."""
    check = _CHECK
    data = json_object(data, "a saved state")
    check_header(data, "a saved state", STATE_FORMAT, READABLE_VERSIONS, prefix="state")
    v2 = data["version"] > 1
    check.fields(data, _STATE_FIELDS + (_STATE_FIELDS_V2 if v2 else ()))
    comp = components or default_components()
    # (a text first: a list or an object from a hand-edited save cannot be looked up in a
    # set, and the lookup's TypeError would say nothing to a player)
    fingerprint = data.get("components")
    check.want(isinstance(fingerprint, str), "components",
               f"must be the text fingerprint of the card data the game was played with, "
               f"got {shown(fingerprint)}")
    check.want(fingerprint in comp.compatible, "components",
               f"the game was played with other card data (fingerprint "
               f"{shown(data.get('components'))}, these cards are {comp.fingerprint!r})")
    config = GameConfig.from_json(data.get("config"))
    n = config.players
    refs = _Refs(comp, n)
    s = cls.__new__(cls)
    s.config = config
    s.comp = comp
    rng = data.get("rng")
    if not (isinstance(rng, str) and len(rng) == 16
            and all(c in "0123456789abcdefABCDEF" for c in rng)):
        raise check.fail(f"must be 16 hex digits, got {shown(rng)}", "rng")
    s.rng = int(rng, 16)
    s.round = check.integer(data, "round", 1, config.rounds)
    s.step = check.choice(data, "step", STEP_NAMES)
    s.stage = check.integer(data, "stage", 0, 2)
    s.order = _seats(data.get("order"), "order", n, every=True)
    s.prev_order = _seats(data.get("prev_order"), "prev_order", n, every=True)
    s.cursor = check.integer(data, "cursor", 0, n - 1)
    s.passed = _seats(data.get("passed"), "passed", n, every=False)
    cols = comp.columns_by_players[n]
    rows = check.array(data.get("board"), "board", 3, "rows of card ids")
    s.board = [refs.card(c, f"board[{r}][{k}]", nullable=True) for r, row in enumerate(rows)
               for k, c in enumerate(check.array(row, f"board[{r}]", cols,
                                                 "card ids (or null)"))]
    s.boards = list(check.array(data.get("boards", []), "boards", what="boards of the box"))
    for b in s.boards:
        check.want(b in comp.boards, "boards", f"{shown(b)} is not one of the boards of the "
                   f"box ({', '.join(comp.boards)})")
    s.decks = _per_age(data.get("decks"), "decks", refs.cards_in)
    s.event_decks = _per_age(data.get("event_decks"), "event_decks", refs.events_in)
    s.event = -1 if data.get("event") is None else refs.event(data["event"], "event")
    s.events_done = refs.events_in(data.get("events_done"), "events_done")
    s.architects = check.integer(data, "architects", 0, 50)
    war = data.get("war")
    if war is None:
        s.war = s.war_strength = s.war_buyer = -1
    else:
        war = check.array(war, "war", 3, "items ([card, strength, seat])")
        s.war = refs.card(war[0], "war[0]", nullable=True)   # null once resolved
        s.war_strength = check.whole(war[1], "war[1]", 0, 40)
        # (the solo game: the shadow, index 1, may have taken the war)
        s.war_buyer = check.whole(war[2], "war[2]", 0, n if n == 1 else n - 1)
    s.discard = refs.cards_in(data.get("discard"), "discard")
    queue = check.array(data.get("queue"), "queue", what="decisions")
    _solo(s, data.get("solo"), refs)
    s.queue = [_decision(d, f"queue[{i}]", refs) for i, d in enumerate(queue)]
    plans = check.array(data.get("plans"), "plans", n, "entries (null or answers)")
    s.plans = [None if p is None else check.wholes(p, f"plans[{i}]", *_ANSWER, "answers")
               for i, p in enumerate(plans)]
    s.turn_done = check.boolean(data, "turn_done")
    s.last_bought = refs.card(data.get("last_bought"), "last_bought", nullable=True)
    players = check.array(data.get("players"), "players", n, "players")
    fields = _PLAYER_FIELDS + (_PLAYER_FIELDS_V2 if v2 else ())
    s.players = [_player(pj, f"players[{i}]", refs, comp, fields)
                 for i, pj in enumerate(players)]
    s.listed = None
    narrow_components(s)
    problems = check_invariants(s)
    if problems:
        raise StateFormatError(message("the state breaks the rules: " + "; ".join(problems)))
    problem = check_decisions(s) or check_playable(s)
    if problem:
        raise StateFormatError(message(problem))
    return s


# -------------------------------------------------- the decisions waiting, against the state
_EVENT_STEPS = ("resolution.event_a", "resolution.event_b")


class _BadAnswer(Exception):
    """A saved answer that is not one of its choice's options (its index among the
    answers)."""

    def __init__(self, index: int) -> None:
        super().__init__(index)
        self.index = index


class _Audit(Walk):
    """A plan that refuses a saved answer its choice does not offer.  (A plan proper drops
    such an answer and meets the choice afresh: in play the state may change while a
    decision waits.  In a save, an answer that is not an option is no position a game
    reaches, and is refused.)"""

    __slots__ = ()

    def ask(self, options: list[str], keys: list[int], about: Outcome | None = None,
            part: str = "") -> int:
        if self.pos < len(self.answers) and self.answers[self.pos] not in keys:
            raise _BadAnswer(self.pos)
        return super().ask(options, keys, about, part)


def _answers_problem(s: StateData, seat: int, outcome: Outcome | None,
                     answers: list[int]) -> str | None:
    """Why the saved answers of an effect decision do not fit its outcome here: one is
    not an option, there are more than its choices, or no choice is left to ask."""
    audit = _Audit(s, seat, list(answers), False)
    try:
        walk(audit, outcome)
    except _BadAnswer as bad:
        return f"answer {bad.index + 1} ({answers[bad.index]}) is not one of the options"
    except NeedChoice:
        return None
    if audit.pos < len(answers):
        return f"has {len(answers)} answers, more than its choices"
    return "asks nothing: every choice of its effect is answered"


def _decision_problem(s: StateData, d: Decision) -> str | None:
    """Why decision ``d`` (checked field by field already) cannot wait in this state."""
    kind, seat = d.kind, d.seat
    p = s.players[seat]
    steps = d.waits_in
    if steps is not None and s.step not in steps:
        return f"a {kind} decision waits only in the {' or '.join(steps)} step, not in {s.step}"
    cards = s.comp.cards
    if isinstance(d, CARD_DECISIONS) and cards[d.card].type not in d.card_types:
        return f"{cards[d.card].id} is not a {' or '.join(d.card_types)} card"
    if isinstance(d, SideChoice):
        if p.side or not s.boards or s.round != 1:
            return f"seat {seat} has no board to choose"
    elif isinstance(d, EventPick | TilePick):
        drawn = d.events if isinstance(d, EventPick) else d.tiles
        if len(set(drawn)) != len(drawn):
            return "a card is drawn twice"
        # (the solo game's last tile stays out until the new one is picked)
        solo_pick = isinstance(d, TilePick)
        if solo_pick != (s.config.players == 1) or s.event >= 0:
            return f"no {'solo tile' if solo_pick else 'event card'} is drawn now"
    elif isinstance(d, PlaceColony | PlaceAdvisor):
        if not (p.colonies if isinstance(d, PlaceColony) else p.advisors):
            return f"seat {seat} has no card for the new one to replace"
    elif isinstance(d, LoseOther):
        if d.owed < 1:
            return "nothing is left to give up"
    elif isinstance(d, EffectChoice):
        return _effect_problem(s, d)
    return None


def _effect_problem(s: StateData, d: EffectChoice) -> str | None:
    seat, origin, which, answers, index = d.seat, d.origin, d.which, d.answers, d.index
    if origin == "event":
        if s.event < 0 or s.step != _EVENT_STEPS[which] or s.stage != 1:
            return (f"an event's decision waits only while the event card's half "
                    f"{which + 1} is resolved, not in {s.step}")
        if index not in (0, 1):
            return "[5]: must be 1 (the nations the half selects) or 0 (the others)"
        half = s.comp.events[s.event].halves[which]
        outcome = half.do if index == 1 else half.others_do
    else:
        effects = s.comp.cards[which].effects
        if not 0 <= index < len(effects) or effects[index].do is None:
            return (f"[5]: {s.comp.cards[which].id} has no effect {index} to carry out "
                    f"(it has {len(effects)})")
        outcome = effects[index].do
    if outcome is None:
        return "that half of the event asks nothing of these nations"
    problem = _answers_problem(s, seat, outcome, list(answers))
    return None if problem is None else f"[4]: {problem}"


def check_decisions(s: StateData) -> str | None:
    """Why a decision waiting in ``s`` could not be there in a game (None: each fits the
    state: its step, its card, its answers)."""
    for i, d in enumerate(s.queue):
        problem = _decision_problem(s, d)
        if problem is not None:
            # "[4]: ..." names a field of the decision
            index, _, text = problem.partition(": ") if problem.startswith("[") \
                else ("", "", problem)
            return f"state field 'queue[{i}]{index}': {text}"
    if s.step == "actions" and not s.queue and s.order[s.cursor] in s.passed:
        return (f"state field 'cursor': seat {s.order[s.cursor]} is to act but has "
                "passed")
    return None


def check_playable(s: StateData) -> str | None:
    """Why nobody can play in ``s`` though the game is not over (None: somebody has a
    legal move, or the game is over)."""
    if s.is_terminal():
        return None
    seat = current_player(s)
    try:
        moves = legal_moves(s)
    except (IndexError, KeyError, ValueError, TypeError, ZeroDivisionError) as exc:
        # a backstop: the checks above should leave no position the rules cannot read
        return f"the position cannot be played (its moves cannot be listed: {type(exc).__name__})"
    if not moves:
        who = "nobody" if seat is None else f"seat {seat}"
        return f"the position cannot be played: {who} has a legal move, and the game is not over"
    return None


def _solo(s: StateData, solo: object, refs: _Refs) -> None:
    """The solo game's fields (null in other games)."""
    check = _CHECK
    s.shadow, s.tile_decks, s.tiles_done = [], [], []
    s.shadow_first = s.roll_due = False
    s.last_roll = 0
    s.tile = -1
    if s.config.players != 1:
        check.want(solo is None, "solo", "only the 1-player game has a shadow opponent")
        return
    check.want(solo is not None, "solo", "the 1-player game needs its solo fields")
    solo = check.mapping(solo, "solo")
    shadow = check.mapping(solo.get("shadow"), "solo.shadow")
    check.fields(shadow, SHADOW_FIGURES, where="solo.shadow")
    s.shadow = [check.integer(shadow, k, -1000, 1000, f"solo.shadow.{k}")
                for k in SHADOW_FIGURES]
    s.shadow_first = check.boolean(solo, "shadow_first", "solo.shadow_first")
    s.roll_due = check.boolean(solo, "roll_due", "solo.roll_due")
    s.last_roll = check.integer(solo, "last_roll", 0, 6, "solo.last_roll")
    s.tile = -1 if solo.get("tile") is None else refs.tile(solo["tile"], "solo.tile")
    s.tile_decks = _per_age(solo.get("tile_decks"), "solo.tile_decks", refs.tiles_in)
    s.tiles_done = refs.tiles_in(solo.get("tiles_done"), "solo.tiles_done")


def _decision(d: object, where: str, refs: _Refs) -> Decision:
    """A waiting decision from its JSON list: the list's shape checked here, its fields
    by its kind's class."""
    _CHECK.want(isinstance(d, list) and len(d) >= 2 and isinstance(d[0], str)
                and d[0] in KINDS and len(d) == KINDS[d[0]].size, where,
                f"must be a decision [kind, seat, ...] of a known kind ({', '.join(KINDS)})")
    assert isinstance(d, list)
    return KINDS[d[0]].from_json(d, where, refs)


def _player(pj: object, where: str, refs: _Refs, comp: Components,
            fields: tuple[str, ...]) -> PlayerState:
    check = _CHECK
    pj = check.mapping(pj, where)
    check.fields(pj, fields, where=where)
    p = PlayerState()
    res = check.mapping(pj["res"], f"{where}.res")
    check.fields(res, RESOURCES, where=f"{where}.res")
    p.res = [check.integer(res, r, 0, 10_000, f"{where}.res.{r}") for r in RESOURCES]
    p.idle = check.integer(pj, "idle", 0, 30, f"{where}.idle")
    here = f"{where}.population"
    pop = check.mapping(pj["population"], here)
    check.fields(pop, ("food", "stability", "on_top", "hidden"), where=here)
    p.taken_food = check.integer(pop, "food", 0, 30, f"{here}.food")
    p.taken_stab = check.integer(pop, "stability", 0, 30, f"{here}.stability")
    p.on_top = check.integer(pop, "on_top", 0, 30, f"{here}.on_top")
    p.hidden = check.integer(pop, "hidden", 0, 30, f"{here}.hidden")
    slots = check.array(pj["slots"], f"{where}.slots", what="[card, workers] slots")
    p.bm, p.workers = [], []
    for k, slot in enumerate(slots):
        here = f"{where}.slots[{k}]"
        check.want(isinstance(slot, list) and len(slot) == 2, here,
                   f"must be [card, workers], got {shown(slot)}")
        p.bm.append(refs.card(slot[0], f"{here}[0]", nullable=True))
        p.workers.append(check.whole(slot[1], f"{here}[1]", 0, 30))
    p.advisors = refs.cards_in(pj["advisors"], f"{where}.advisors")
    p.wonders = refs.cards_in(pj["wonders"], f"{where}.wonders")
    p.colonies = refs.cards_in(pj["colonies"], f"{where}.colonies")
    p.used = refs.cards_in(pj["used"], f"{where}.used")
    wonder = pj["wonder"]
    if wonder is None:
        p.wonder, p.built = -1, 0
    else:
        here = f"{where}.wonder"
        wonder = check.array(wonder, here, 2, "items (null or [card, sections built])")
        p.wonder = refs.card(wonder[0], f"{here}[0]")
        p.built = check.whole(wonder[1], f"{here}[1]", 0, 10)
    p.private = check.integer(pj, "private_architects", 0, 20, f"{where}.private_architects")
    here = f"{where}.bought"
    bought = check.mapping(pj["bought"], here)
    check.fields(bought, (), CARD_TYPES, where=here)
    p.bought = [check.integer(bought, t, 0, 50, f"{here}.{t}") if t in bought else 0
                for t in CARD_TYPES]
    here = f"{where}.vp_lost"
    lost = check.array(pj["vp_lost"], here, what="resources")
    p.vp_lost = 0
    for r in lost:
        p.vp_lost |= 1 << check.ref(r, here, _LOSABLE, "resource")
    here = f"{where}.war_took"
    took = check.mapping(pj["war_took"], here)
    check.fields(took, RESOURCES, where=here)
    p.war_took = [check.integer(took, r, 0, 1000, f"{here}.{r}") for r in RESOURCES]
    p.least_stab = check.boolean(pj, "least_stability", f"{where}.least_stability")
    p.temp_strength = check.integer(pj, "temp_strength", -100, 100, f"{where}.temp_strength")
    p.defeated = check.boolean(pj, "defeated", f"{where}.defeated")
    if "side" in fields:
        side = pj["side"]
        check.want(side == "" or (isinstance(side, str) and side in comp.sides),
                   f"{where}.side", f"must be a side of the box "
                   f"({', '.join(sorted(comp.sides))}), got {shown(side)}")
        p.side = side
        p.nation = check.string(pj, "nation", f"{where}.nation", empty=True)
        p.turns = check.integer(pj, "turns", 0, 100, f"{where}.turns")
        p.acts = check.integer(pj, "actions", 0, 1000, f"{where}.actions")
    p.specials = comp.sides[p.side].special if p.side else ()
    return p


# the resources whose VP loss is counted once a round (a bit each in ``vp_lost``)
_LOSABLE = {r: i for i, r in enumerate(RESOURCES[:4])}


__all__ = ["check_decisions", "check_invariants", "check_playable", "narrow_components",
           "state_from_json"]
