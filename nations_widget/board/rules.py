"""The rules of Nations, the board game.

A round is a fixed list of steps, declared once in :data:`ROUND` (phases as data).  Each
step has a ``start`` (what happens on entering it; it may queue decisions) and optionally a
``finish`` (what happens once every queued decision is answered: the events' "everybody
has chosen, then it happens at once").  :func:`advance` is the one transition function:
the shared :class:`~nations_widget.core.steps.RoundMachine` of :data:`ROUND` with this
game's :func:`_settle` (it answers nothing by itself except decisions with a single
option) and :func:`_enter`; it walks the steps until somebody has a decision to make.

Every move goes through :func:`apply` -> :func:`check` (reads, never changes) ->
:func:`_perform` -> :func:`advance`.  Decisions waiting for an answer are the state's
``queue`` (see :mod:`decisions`); the first decision's seat is the current player.  The
machine class :class:`~nations_widget.board.machine.GameState` calls these functions.
"""

from __future__ import annotations

from collections.abc import Callable, Set
from dataclasses import dataclass, replace
from itertools import repeat
from operator import is_
from typing import Any, NoReturn, TypeVar

from ..core.envelope import quote, shown
from ..core.errors import IllegalMoveError, MalformedMoveError, StateFormatError
from ..core.log import LogEntry
from ..core.rng import Rng
from ..core.steps import AGAIN, DONE, GAME_OVER, WAIT, RoundMachine
from ..core.steps import Step as CoreStep
from ..core.validate import plain_digits
from . import scoring, solo
from .components import Components, EventSpec, deck_lists
from .constants import (
    BATTLE_TAKES,
    BOOKS,
    CARD_TYPES,
    FOOD,
    GOLD,
    PRICES,
    PRODUCTION_ORDER,
    RES_INDEX,
    RESOURCES,
    START_BOOKS,
    STONE,
    VP,
)
from .decisions import (
    BattleSpoils,
    Decision,
    EffectChoice,
    EventPick,
    GoldenAgeChoice,
    GrowChoice,
    LoseOther,
    PlaceAdvisor,
    PlaceBm,
    PlaceColony,
    PlaceWonder,
    SideChoice,
    TilePick,
)
from .effects import (
    apply_card_outcome,
    best_raid,
    build_sections,
    can_take_card,
    card_effect,
    carry_out,
    feasible,
    fire,
    fire_bought,
    holds,
    lose,
    plan,
    plan_keys,
    price_of,
    reorder,
    select,
    take_card,
    take_options,
    take_worker,
)
from .in_play import (
    active_cards,
    active_with,
    holding,
    in_force,
    modifier_effects,
    modifier_total,
    modifiers_on,
    modifiers_reaching,
    private_architects,
)
from .moves import Buy, Choose, Deploy, Grow, Hire, Move, Pass, Special, Undeploy
from .scoring import (
    book_vp,
    stability,
    stability_rank_values,
    strength_track,
)
from .state import GameConfig, PlayerState, StateData, columns, is_solo, rng_of, tile_of
from .vocabulary import NOT_PLAYABLE_MODIFIERS
from .words import (
    Log,
    amounts_text,
    count_text,
    counted,
    loss_parts,
    losses_text,
    note,
    seat_name,
    worker_taken_text,
)

T_WAR, T_BATTLE = CARD_TYPES.index("war"), CARD_TYPES.index("battle")
# The class a new game is built as (the machine's GameState, which sits above the rules).
S = TypeVar("S", bound=StateData)


# ------------------------------------------------------------------------ the steps
@dataclass(frozen=True)
class Step(CoreStep):
    """One step of a round (the shared :class:`~nations_widget.core.steps.Step`: its name).

    start: what happens on entering the step (it may queue decisions).
    finish: what happens once every decision the start queued is answered.
    """

    start: Callable[[StateData, Log], None] | None = None
    finish: Callable[[StateData, Log], None] | None = None


def _round_start(s: StateData, log: Log) -> None:
    """Round marker, and the per-round marks: what was used and bought this round, the
    once-per-round VP losses, private architects (they never accumulate)."""
    s.passed = []
    s.prev_order = s.order[:]
    s.war_strength = s.war_buyer = -1
    for seat, p in enumerate(s.players):
        p.used = []
        p.bought = [0] * len(CARD_TYPES)
        p.vp_lost = 0
        p.war_took = [0, 0, 0, 0, 0]
        p.least_stab = False
        p.temp_strength = 0
        p.defeated = False
        p.turns = 0
        p.acts = 0
        p.private = private_architects(s, seat)
    note(log, s, None, "round", f"Round {s.round} (age {age_of(s.round)}) begins.")


def age_of(round_: int) -> int:
    return (round_ + 1) // 2


def _refill(s: StateData, log: Log) -> None:
    """Clear rows 1 and 2, move what is left on row 3 to row 1 as far left as possible,
    then fill every empty space from this age's deck (the first round: fill once)."""
    cols = columns(s)
    board = s.board
    if s.round > 1:
        for cell in range(2 * cols):
            if board[cell] >= 0:
                s.discard.append(board[cell])
                board[cell] = -1
        old = [c for c in board[2 * cols:] if c >= 0]
        for cell in range(2 * cols, 3 * cols):
            board[cell] = -1
        for i, c in enumerate(old):
            board[i] = c
    deck = s.decks[age_of(s.round) - 1]
    for cell in range(3 * cols):
        if board[cell] < 0 and deck:
            board[cell] = deck.pop()
    note(log, s, None, "progress", lambda: "The progress board is refilled: " + ", ".join(
        s.comp.cards[c].name for c in board if c >= 0) + ".",
         board=[s.card_id(c) for c in board])


def _queue_growth(s: StateData, log: Log) -> None:
    for seat in reversed(s.order):
        s.queue.append(GrowChoice(seat))


def _draw_event(s: StateData, log: Log) -> None:
    if is_solo(s):
        solo.draw_tile(s, log)      # the solo game: a tile instead of an event card
        return
    if s.event >= 0:
        s.events_done.append(s.event)
        s.event = -1
    deck = s.event_decks[age_of(s.round) - 1]
    picker = next((seat for seat in s.order if modifier_effects(s, seat, "event_draw")), -1) \
        if "event_draw" in s.comp.by_modifier else -1
    if picker >= 0 and len(deck) >= 2:
        # a card lets its owner draw several and pick the one played; the rest leave the game
        n = max(e.amount for e in modifier_effects(s, picker, "event_draw"))
        drawn = [deck.pop() for _ in range(min(n, len(deck)))]
        note(log, s, picker, "event", f"{seat_name(picker)} draws {len(drawn)} event cards "
             "and picks the one played: " + ", ".join(s.comp.events[e].name for e in drawn)
             + ".")
        s.queue.append(EventPick(picker, tuple(drawn)))
        return
    if deck:
        s.event = deck.pop()
        ev = s.comp.events[s.event]
        note(log, s, None, "event", f"Event card: {_event_figures(ev)}.", event=ev.id)


def _event_figures(ev: EventSpec) -> str:
    """An event card's name and figures, for the log: "Crop rotation / Mercantilism (1
    architect, famine 2 food)"."""
    return f"{ev.name} ({counted(ev.architects, 'architect')}, famine {ev.famine} food)"


def _architects(s: StateData, log: Log) -> None:
    """The scoring board's architects: the old ones go back, then 0/1/2/2/3 by players
    plus the event card's (the same count every round, the first included)."""
    extra = s.comp.events[s.event].architects if s.event >= 0 else 0
    tile = tile_of(s) if is_solo(s) else None
    if tile is not None:
        extra = tile.architects
    s.architects = s.comp.architects_by_players[s.config.players] + extra
    note(log, s, None, "architects", f"{counted(s.architects, 'architect')} "
         f"{'is' if s.architects == 1 else 'are'} available this round.")


def production_of(s: StateData, seat: int) -> list[int]:
    """Net printed production of gold, stone, food and books this round (upkeep
    included; produced before consumed)."""
    p = s.players[seat]
    cards = s.comp.cards
    net = [0, 0, 0, 0]
    free_military = modifier_total(s, seat, "no_military_upkeep") > 0
    for ref, w in zip(p.bm, p.workers, strict=True):
        if w:
            card = cards[ref]
            skip = free_military and card.type == "military"
            for r in range(4):
                v = card.per_worker[r]
                if v and not (skip and v < 0):
                    net[r] += v * w
    for ref in p.advisors + p.colonies + p.wonders + list(p.specials):
        fig = cards[ref].produces
        for r in range(4):
            net[r] += fig[r]
    side = s.side_of(seat)
    net[FOOD] -= side.food_upkeep * max(0, p.taken_food - p.hidden)
    return net


def _production(s: StateData, log: Log) -> None:
    cards = s.comp.cards
    for seat in s.order:
        p = s.players[seat]
        net = production_of(s, seat)
        lost: list[tuple[int, int, int]] = []
        for r in PRODUCTION_ORDER:
            if net[r] >= 0:
                p.res[r] += net[r]
            else:
                lost.append((r, -net[r], p.res[r]))
                lose(s, seat, r, -net[r], log)
        if log is not None:
            # the net of each good: what is made, then what upkeep takes beyond it
            made = amounts_text((r, net[r]) for r in PRODUCTION_ORDER if net[r] > 0)
            short = losses_text(lost)
            note(log, s, seat, "production", f"{seat_name(seat)} produces {made}"
                 + (f" and loses {short} (upkeep beyond production)." if short != "nothing"
                    else "."), net=dict(zip(RESOURCES, net, strict=False)))
        for ref in active_with(s, seat, "production"):
            for i, e in enumerate(cards[ref].effects):
                if e.when == "production" and (e.cond is None or holds(s, seat, e.cond)):
                    card_effect(s, seat, ref, i, log)
    for seat in s.order:
        stab = stability(s, seat)
        if stab < 0:
            p = s.players[seat]
            had_vp = p.res[VP] > 0
            if had_vp:
                p.res[VP] -= 1
            due = -stab
            # with too few books, the shortfall line that follows says what that costs
            note(log, s, seat, "revolt", f"{seat_name(seat)} is in revolt (stability {due} "
                 f"below zero): loses {losses_text([(BOOKS, due, p.res[BOOKS])])} and "
                 + ("1 VP." if had_vp else "no VP (none left)."))
            lose(s, seat, BOOKS, due, log)


def _player_order(s: StateData, log: Log) -> None:
    """Strength decides, then stability, then the previous order (sorted() is stable)."""
    s.prev_order = s.order[:]
    if is_solo(s):
        solo.player_order(s, log)
        return
    st = {x: strength_track(s, x) for x in s.order}
    sb = stability_rank_values(s)
    s.order = sorted(s.order, key=lambda x: (-st[x], -sb[x]))
    note(log, s, None, "order", lambda: "Player order: " + ", ".join(
        seat_name(x) for x in s.order) + ".", order=s.order[:])


def war_strength_of(s: StateData, seat: int) -> int:
    return strength_track(s, seat) + sum(e.amount for e in modifier_effects(s, seat,
                                                                            "war_strength"))


def _war(s: StateData, log: Log) -> None:
    """Nations weaker than the war are defeated: they pay the war's loss less their
    positive stability, and lose 1 VP whatever their stability."""
    if s.war < 0:
        return
    card = s.comp.cards[s.war]
    res, amount = card.war_loss
    for seat in s.order:
        if war_strength_of(s, seat) < s.war_strength:
            p = s.players[seat]
            p.defeated = True
            losses = [0, 0, 0, 0, 0]
            losses[res] += amount
            for e in modifiers_on(s, seat, "war_extra_loss"):
                for r, n in e.lose:
                    losses[r] += n
            # positive stability reduces the whole loss (taken from the largest first)
            shield = max(0, min(15, stability(s, seat)))
            for r in sorted(range(5), key=lambda r: -losses[r]):
                cut = min(shield, losses[r])
                losses[r] -= cut
                shield -= cut
            before = p.res[:]
            lost = []
            for r in range(5):
                lost.append((r, losses[r], p.res[r]))
                lose(s, seat, r, losses[r], log)
            waived = any(e.cond is None or holds(s, seat, e.cond)
                         for e in modifier_effects(s, seat, "no_war_vp_loss"))
            if p.res[VP] > 0 and not waived:
                p.res[VP] -= 1
            for r in range(5):
                p.war_took[r] += max(0, before[r] - p.res[r])
            if log is not None:
                note(log, s, seat, "war", f"{seat_name(seat)} is defeated in {card.name}: "
                     "loses " + (", ".join(loss_parts(lost)) or "nothing")
                     + (" (no VP: a card waives it)." if waived else " and 1 VP."))
    # the card leaves; its strength and buyer stay known until the round ends (events read
    # them: "stronger than the war", "the war was bought by another nation")
    s.discard.append(s.war)
    s.war = -1


def event_selection(s: StateData, half: int) -> tuple[list[int], Any, Any]:
    """Who an event half selects, and what the selected and the others get."""
    h = s.comp.events[s.event].halves[half]
    if h.who is None:
        return [], None, None
    chosen = select(s, h.who)
    if h.cond is not None:
        cond = h.cond
        chosen = [x for x in chosen if holds(s, x, cond)]
    return chosen, h.do, h.others_do


def _event_start(half: int) -> Callable[[StateData, Log], None]:
    def start(s: StateData, log: Log) -> None:
        if s.event < 0:
            return
        ev = s.comp.events[s.event]
        note(log, s, None, "event", f"Event: {ev.halves[half].name}.")
        chosen, do, others = event_selection(s, half)
        s.plans = [None] * len(s.players)
        for seat in reversed(s.order):
            outcome = do if seat in chosen else others
            if outcome is None:
                continue
            flag = 1 if seat in chosen else 0
            labels, _, answers = plan_keys(s, seat, outcome, [])
            if labels is None:
                s.plans[seat] = [flag, *answers]
            else:
                s.queue.append(EffectChoice(seat, "event", half, tuple(answers), flag))
    return start


def _event_finish(half: int) -> Callable[[StateData, Log], None]:
    def finish(s: StateData, log: Log) -> None:
        if s.event < 0:
            return
        h = s.comp.events[s.event].halves[half]
        first: list[int] = []
        last: list[int] = []
        once: set[int] = set()
        selected = frozenset(x for x, a in enumerate(s.plans) if a is not None and a[0] == 1)
        for seat in s.order[:]:
            answers = s.plans[seat]
            if answers is None:
                continue
            outcome = h.do if answers[0] == 1 else h.others_do
            for where in carry_out(s, seat, outcome, answers[1:], log, once, selected):
                (first if where == "first" else last).append(seat)
        if first or last:
            reorder(s, first, last, log)
        s.plans = [None] * len(s.players)
        if half == 1:
            for p in s.players:
                p.temp_strength = 0
    return finish


def _solo_stability(s: StateData, log: Log) -> None:
    if is_solo(s):
        solo.stability_vp(s, log)


def _famine(s: StateData, log: Log) -> None:
    need = s.comp.events[s.event].famine if s.event >= 0 else 0
    tile = tile_of(s) if is_solo(s) else None
    if tile is not None:
        need = tile.famine
    for p in s.players:
        p.temp_strength = 0
    if need <= 0:
        return
    for seat in s.order:
        lose(s, seat, FOOD, need, log)
    note(log, s, None, "famine", f"Famine: every nation pays {need} food.")


def _books(s: StateData, log: Log) -> None:
    if s.round % 2:
        return
    if is_solo(s):
        solo.books_vp(s, log)
        fire(s, 0, "age_end", log)
        if s.round == s.config.rounds:
            fire(s, 0, "final_scoring", log)
        return
    books = [p.res[BOOKS] for p in s.players]
    gains = book_vp(books)
    for seat, g in enumerate(gains):
        s.players[seat].res[VP] += g
    note(log, s, None, "books", lambda: "End of the age: " + "; ".join(
        f"{seat_name(x)} has {counted(books[x], 'book')} and "
        + (f"scores {gains[x]} VP" if gains[x] else "scores no VP") for x in s.order) + ".",
         books=books, vp=gains)
    for seat in s.order:
        fire(s, seat, "age_end", log)
    if s.round == s.config.rounds:
        for seat in s.order:
            fire(s, seat, "final_scoring", log)


ROUND: tuple[Step, ...] = (
    Step("maintenance.round", _round_start),
    Step("maintenance.progress", _refill),
    Step("maintenance.growth", _queue_growth),
    Step("maintenance.event", _draw_event),
    Step("maintenance.architects", _architects),
    Step("actions"),
    Step("resolution.production", _production),
    Step("resolution.order", _player_order),
    Step("resolution.war", _war),
    Step("resolution.solo_stability", _solo_stability),     # the solo game only
    Step("resolution.event_a", _event_start(0), _event_finish(0)),
    Step("resolution.event_b", _event_start(1), _event_finish(1)),
    Step("resolution.famine", _famine),
    Step("resolution.books", _books),
)


# ------------------------------------------------------------------ game creation
def new_game(cls: type[S], config: GameConfig, comp: Components, log: Log = None) -> S:
    """Set up a game as an instance of ``cls`` (the machine class, which sits above the
    rules) and run it to the first decision; what happened goes into ``log``."""
    decks = deck_lists(config.deck_sets, config.seed, comp)
    unplayable = sorted({comp.cards[r].id for deck in decks for r in deck
                         for e in comp.cards[r].effects if e.modifier in NOT_PLAYABLE_MODIFIERS})
    if unplayable:
        raise ValueError("these decks hold cards whose effects the engine cannot play yet: "
                         + ", ".join(unplayable))
    s = cls.__new__(cls)
    s.config = config
    s.comp = comp.in_play(config.card_sets)
    s.rng = Rng(config.seed).next64()
    rng = rng_of(s)
    n = config.players
    order = list(range(n))
    rng.shuffle(order)
    s.order = order
    s.prev_order = order[:]
    s.round = 1
    s.step = ROUND[0].name
    s.stage = 0
    s.cursor = 0
    s.passed = []
    s.board = [-1] * (3 * comp.columns_by_players[n])
    _shuffle_decks(s, rng, decks, comp)
    s.event = -1
    s.events_done = []
    s.architects = 0
    s.war = s.war_strength = s.war_buyer = -1
    s.discard = []
    s.queue = []
    s.plans = [None] * n
    s.turn_done = False
    s.last_bought = -1
    s.listed = None
    s.players = [PlayerState() for _ in range(n)]
    s.boards = []
    for position, seat in enumerate(order, start=1):
        s.players[seat].res[BOOKS] = position
    _give_boards(s, rng, comp, log)
    entries: list[LogEntry] = [] if log is None else log
    note(entries, s, None, "setup", "Player order: " + ", ".join(
        seat_name(x) for x in order) + ".", order=order[:])
    advance(s, entries)
    return s


def _shuffle_decks(s: StateData, rng: Rng, decks: list[list[int]], comp: Components) -> None:
    """Each age's progress deck and event deck shuffled; in the solo game, the shadow's
    start and each age's solo tiles too."""
    s.decks = []
    s.event_decks = []
    for age in range(1, 5):
        deck = decks[age - 1][:]
        rng.shuffle(deck)
        s.decks.append(deck)
        events = list(comp.age_events[age])
        rng.shuffle(events)
        s.event_decks.append(events)
    s.shadow, s.tile_decks, s.tiles_done = [], [], []
    s.shadow_first = s.roll_due = False
    s.last_roll = 0
    s.tile = -1
    if s.config.players == 1:
        if comp.solo_tiles is None:
            raise ValueError("the solo game needs solo tiles (see load_solo_tiles)")
        # "You start as player 1, with 1 Book.  The shadow opponent starts with 2 Books."
        s.shadow = [0, 0, START_BOOKS]
        for age in range(1, 5):
            tiles = list(comp.solo_tiles.by_age(age))
            rng.shuffle(tiles)
            s.tile_decks.append(tiles)


def _give_boards(s: StateData, rng: Rng, comp: Components, log: Log) -> None:
    """Each seat's player board, as the config's sides say; the generator's state is
    stored back in ``s.rng`` once its setup draws are done."""
    config, n = s.config, s.config.players
    mode = config.sides[0]
    if mode not in ("B", "choose"):
        s.rng = rng.state
        for seat in range(n):
            set_board(s, seat, config.sides[seat], comp.sides[config.sides[seat]].nation)
        return
    # rulebook (B sides): the boards in play are drawn, as many as players; they are
    # taken in reverse player order — by the generator ("B": each its B side), or by
    # the players, who see the progress board first ("choose": a setup decision each)
    boards = list(comp.boards)
    rng.shuffle(boards)
    drawn = boards[:n]
    s.rng = rng.state
    if mode == "B":
        for board, seat in zip(drawn, reversed(s.order), strict=True):
            set_board(s, seat, comp.b_side[board], board)
        return
    s.boards = sorted(drawn)
    for seat in range(n):
        s.players[seat].side = ""
    _refill(s, log)
    for seat in reversed(s.order):
        s.queue.append(SideChoice(seat))


def set_board(s: StateData, seat: int, side_id: str, nation: str) -> None:
    """Give ``seat`` its player board: the side's starting resources (the books follow the
    player order), workers, printed cards, printed ready wonders and special rule."""
    side = s.comp.sides[side_id]
    p = s.players[seat]
    p.side = side_id
    p.nation = nation
    books = p.res[BOOKS]
    p.res = list(side.start)
    p.res[BOOKS] = books
    p.idle = side.workers
    p.bm = list(side.printed)
    p.workers = [0] * len(side.printed)
    p.wonders = list(side.wonders)
    p.specials = side.special
    if s.config.easier:
        # the easier game: one more worker, taken from the track, its upkeep hidden
        p.idle += 1
        p.taken_food = 1
        p.hidden = 1


def side_labels(s: StateData) -> list[tuple[str, str, str]]:
    """The setup choice of a board: (label, side id, nation) for each board not taken
    yet, its B side and its A side."""
    out = []
    for board in s.boards:
        out.append((f"{board} (B side)", s.comp.b_side[board], board))
        out.append((f"{board} (A side)", "A", board))
    return out


# ------------------------------------------------------------ the state machine
def current_player(s: StateData) -> int | None:
    if s.queue:
        return s.queue[0].seat
    if s.step == "actions":
        return s.order[s.cursor]
    return None


def _final_note(s: StateData, log: Log) -> None:
    if log is None:
        return
    ranking = scoring.ranking(s)
    parts = []
    for seat in ranking:
        b = scoring.final_breakdown(s, seat)
        parts.append(f"{seat_name(seat)} {b['total']} VP (tokens {b['vp']}, colonies "
                     f"{b['colonies']}, wonders {b['wonders']}, workers {b['workers']}, "
                     f"resources {b['resources']})")
    if is_solo(s):
        title = solo.hall_of_fame(scoring.scores(s)[0])
        note(log, s, None, "end", "Game over. " + parts[0] + ". Hall of Fame: "
             + (title or "no title (under 10 VP)") + ".", scores=scoring.scores(s),
             ranking=ranking, title=title)
        return
    note(log, s, None, "end", "Game over. " + "; ".join(parts) + f". "
         f"{seat_name(ranking[0])} wins.", scores=scoring.scores(s), ranking=ranking)


#: how many turns of the walk :func:`advance` may take: a game's longest walk (the end of a
#: round's actions through the resolution and the next round's maintenance, each
#: single-option decision answered on the way) takes under a hundred; only a position no
#: game reaches (a decision that answers itself by queueing itself again) goes further
ADVANCE_LIMIT = 10_000


def _settle(s: StateData, step: Step, log: Log) -> str:
    """One turn of the walk in ``step``: WAIT while a player must decide, AGAIN after
    each piece of automatic work that may need another look (a single-option decision
    answered, the solo die rolled, a turn skipped, a start or finish that queued
    decisions), DONE once the step is over."""
    if s.queue:
        d = s.queue[0]
        if isinstance(d, GrowChoice):
            return WAIT
        options = decision_options(s, d)
        if len(options) > 1:
            return WAIT
        s.queue.pop(0)
        if options or isinstance(d, EffectChoice):
            # (an effect left with no choice to ask: its stored answers cover them all
            # once one that no longer fitted is dropped, so it is carried out)
            _answer(s, d, 0, log)
        check_removals(s, log)
        return AGAIN
    if step.name == "actions":
        if s.roll_due:
            s.roll_due = False
            solo.roll(s, log)
            check_removals(s, log)
            return AGAIN
        if s.turn_done:
            s.turn_done = False
            _end_of_action(s, log)
        if len(s.passed) < len(s.order):
            return AGAIN if _skip_first_turn(s, log) else WAIT
        return DONE
    # the start, then (once the decisions it queued are answered) the finish, then the next
    # step; ``stage`` says how far the step is, so a position saved while a decision waits
    # goes on where it stopped
    if s.stage == 0:
        s.stage = 1
        if step.start is not None:
            step.start(s, log)
        check_removals(s, log)
        if s.queue:
            return AGAIN
    if s.stage == 1:
        s.stage = 2
        if step.finish is not None:
            step.finish(s, log)
            check_removals(s, log)
            if s.queue:
                return AGAIN
    return DONE


def _enter(s: StateData, step: Step) -> None:
    s.stage = 0
    s.step = step.name
    if step.name == "actions":
        s.cursor = 0
        s.turn_done = False
        # solo: "roll ... before your first turn in a round if you are 2nd in order"
        s.roll_due = is_solo(s) and s.shadow_first


def _finish(s: StateData, log: Log) -> None:
    s.stage = 0
    s.step = GAME_OVER
    _final_note(s, log)


def _last_round(s: StateData) -> int:
    return s.config.rounds


def _going_round(s: StateData) -> NoReturn:
    waiting = f"the decision {s.queue[0].kind!r} of seat {s.queue[0].seat}" if s.queue \
        else f"the step {s.step}"
    raise StateFormatError(
        f"the position cannot be played: its decisions go round in circles "
        f"({ADVANCE_LIMIT} turns of the rules without a player's decision, at {waiting})")


#: the round and its one transition function, :func:`advance`
MACHINE: RoundMachine[Step] = RoundMachine(
    ROUND, settle=_settle, enter=_enter, last_round=_last_round, finish=_finish,
    limit=ADVANCE_LIMIT, on_limit=_going_round)
STEP_INDEX = MACHINE.index
STEP_NAMES: tuple[str, ...] = MACHINE.names


#: ``advance(s, log)``: walk the round's steps, answering only single-option decisions,
#: until a player must decide or the game is over (:data:`MACHINE`'s walk, with
#: :func:`_settle`; the machine's own method, so every move pays for no extra call).  Past
#: :data:`ADVANCE_LIMIT` turns of the walk it raises :class:`StateFormatError`: no
#: position makes it spin for ever.
advance: Callable[[StateData, Log], None] = MACHINE.advance


def production_forecast(s: S) -> tuple[S, list[Decision]]:
    """What the round's production step would do if it ran now: a clone of ``s`` with the
    step played as the walk plays it (the printed production and its upkeep, the cards'
    production effects, revolt; each single-option decision it raises answered) and no
    further, and the decisions it would leave to the players (a shortfall's resource of
    their choice, a card's choice), set aside unanswered so that the rest of the step still
    runs.  ``s`` is not changed.  For the widget's "next production" figures: the engine's
    own step, never a sum of its own."""
    clone = s.clone()
    clone.queue = []
    clone.listed = None
    step = MACHINE.by_name["resolution.production"]
    clone.step, clone.stage = step.name, 0
    left: list[Decision] = []
    for _ in range(ADVANCE_LIMIT):
        outcome = _settle(clone, step, None)
        if outcome == DONE:
            break
        if outcome == WAIT:
            left.append(clone.queue.pop(0))
    return clone, left


def first_turn_actions(s: StateData, seat: int) -> int:
    """How many actions the seat's first turn of the round holds: 1, or a card's
    ``first_turn_actions`` amount (0: the first turn is skipped; several cards: the
    smallest, so a skipped turn stays skipped)."""
    if "first_turn_actions" not in s.comp.by_modifier:
        return 1
    mods = modifier_effects(s, seat, "first_turn_actions")
    return min(e.amount for e in mods) if mods else 1


def _end_of_action(s: StateData, log: Log) -> None:
    """An action was taken: the turn ends, unless it is the first turn of a nation whose
    card gives that turn several actions and it has actions left (it has not passed)."""
    seat = s.order[s.cursor]
    p = s.players[seat]
    p.acts += 1
    if p.turns == 0 and seat not in s.passed and p.acts < first_turn_actions(s, seat):
        note(log, s, seat, "turn", f"{seat_name(seat)} takes another action in its first "
             "turn.")
        return
    p.turns += 1
    _next_turn(s)


def _skip_first_turn(s: StateData, log: Log) -> bool:
    """The seat whose turn it is skips it if it is its first turn of the round and a card
    in play says that turn is skipped; True if a turn was skipped."""
    seat = s.order[s.cursor]
    p = s.players[seat]
    if p.turns or seat in s.passed or first_turn_actions(s, seat) != 0:
        return False
    p.turns = 1
    note(log, s, seat, "turn", f"{seat_name(seat)}'s first turn of the round is skipped.")
    _next_turn(s)
    return True


def _next_turn(s: StateData) -> None:
    n = len(s.order)
    passed = s.passed
    for k in range(1, n + 1):
        nxt = (s.cursor + k) % n
        if s.order[nxt] not in passed:
            s.cursor = nxt
            return


def check_removals(s: StateData, log: Log) -> None:
    """Cards that say "removed if ..." leave as soon as it is true, on anybody's turn."""
    cards = s.comp.cards
    removable = s.comp.removable
    if not removable:
        return
    holders = holding(s, removable, s.order)
    if not holders:
        return
    while True:
        hit = next(((seat, ref) for seat in holders for ref in in_force(s, seat, removable)
                    for e in cards[ref].effects
                    if e.remove_if is not None and holds(s, seat, e.remove_if)), None)
        if hit is None:
            return
        seat, ref = hit
        _remove_card(s, seat, ref)
        note(log, s, seat, "remove", f"{cards[ref].name} leaves {seat_name(seat)}'s nation "
             "(its condition is met).")


def _remove_card(s: StateData, seat: int, ref: int) -> None:
    """Remove a card from play; a building or military leaves its slot empty (the printed
    card it covered is gone for good) and its workers go back to the resource area."""
    p = s.players[seat]
    s.discard.append(ref)
    for held in (p.advisors, p.colonies, p.wonders):
        if ref in held:
            held.remove(ref)
            return
    k = p.bm.index(ref)
    p.idle += p.workers[k]
    p.workers[k] = 0
    p.bm[k] = -1


# ----------------------------------------------------------------- decision options
# ------------------------------------------------------------------ the decisions
# Each kind of decision (decisions.py) has its options (the labels a Choose move names, in
# the order its answer reads them), its answer (what option ``index`` does, the decision
# already taken off the queue) and its question (for prompt): the tables OPTIONS, ANSWERS
# and QUESTIONS below hold them by the decision's class.
def decision_options(s: StateData, d: Decision) -> list[str]:
    """The labels of the options of decision ``d`` (a queue entry)."""
    return OPTIONS[type(d)](s, d)


def _place_bm_options(s: StateData, d: PlaceBm) -> list[str]:
    cards = s.comp.cards
    return [f"slot {k} ({cards[c].name if c >= 0 else 'empty'})"
            for k, c in enumerate(s.players[d.seat].bm)]


def _place_colony_options(s: StateData, d: PlaceColony) -> list[str]:
    cards = s.comp.cards
    return [f"replace {cards[c].name}" for c in s.players[d.seat].colonies]


def _place_advisor_options(s: StateData, d: PlaceAdvisor) -> list[str]:
    cards = s.comp.cards
    return [f"replace {cards[c].name}" for c in s.players[d.seat].advisors]


def _place_wonder_options(s: StateData, d: PlaceWonder) -> list[str]:
    cards = s.comp.cards
    p = s.players[d.seat]
    out = ["an empty wonder space"] if len(p.wonders) < s.side_of(d.seat).wonder_slots else []
    return out + [f"over {cards[c].name}" for c in p.wonders]


def _battle_options(s: StateData, d: BattleSpoils) -> list[str]:
    return [f"{d.raid} {RESOURCES[r]}" for r in BATTLE_TAKES]


def _golden_options(s: StateData, d: GoldenAgeChoice) -> list[str]:
    return [label for label, _ in golden_options(s, d.seat, d.card)]


def _lose_other_options(s: StateData, d: LoseOther) -> list[str]:
    p = s.players[d.seat]
    return [RESOURCES[r] for r in (GOLD, STONE, FOOD) if p.res[r] > 0]


def _effect_options(s: StateData, d: EffectChoice) -> list[str]:
    return plan(s, d.seat, effect_outcome(s, d), list(d.answers)) or []


def _pick_event_options(s: StateData, d: EventPick) -> list[str]:
    return [f"play {s.comp.events[e].name}" for e in d.events]


def _side_options(s: StateData, d: SideChoice) -> list[str]:
    return [label for label, _, _ in side_labels(s)]


def _pick_tile_options(s: StateData, d: TilePick) -> list[str]:
    tiles = s.comp.solo_tiles
    assert tiles is not None
    return [f"tile {tiles.tiles[t].id}" for t in d.tiles]


def effect_outcome(s: StateData, d: EffectChoice) -> Any:
    """The outcome an effect decision is about."""
    if d.origin == "event":
        h = s.comp.events[s.event].halves[d.which]
        return h.do if d.index == 1 else h.others_do
    return s.comp.cards[d.which].effects[d.index].do


def golden_bonus(s: StateData, seat: int) -> int:
    return sum(e.amount for e in modifier_effects(s, seat, "golden_age_bonus"))


def golden_options(s: StateData, seat: int, ref: int) -> list[tuple[str, tuple[int, ...]]]:
    """A golden age's choices: its resource (2 + bonus), or 1 VP for as many resources as
    its age, less the bonus (never below 0), paid in any mix of gold, stone, food and
    books.  Each option: (label, change to gold/stone/food/books/VP)."""
    card = s.comp.cards[ref]
    p = s.players[seat]
    bonus = golden_bonus(s, seat)
    res = card.golden_age
    gain_row = [0, 0, 0, 0, 0]
    gain_row[res] = 2 + bonus
    out = [(f"take {2 + bonus} {RESOURCES[res]}", tuple(gain_row))]
    cost = max(0, card.age - bonus)
    have = p.res[:4]
    for g in range(min(cost, have[GOLD]) + 1):
        for st in range(min(cost - g, have[STONE]) + 1):
            for f in range(min(cost - g - st, have[FOOD]) + 1):
                b = cost - g - st - f
                if b <= have[BOOKS]:
                    pay = (g, st, f, b)
                    text = " + ".join(f"{n} {RESOURCES[r]}" for r, n in enumerate(pay) if n)
                    out.append((f"1 VP for {text or 'nothing'}",
                                (-g, -st, -f, -b, 1)))
    return out


def golden_text(change: tuple[int, ...]) -> str:
    """A golden age's option (its change to gold/stone/food/books/VP, see
    :func:`golden_options`) in words a player reads: "take 2 stone", "1 VP for 1 gold +
    1 book".  The option's label says the same with the engine's counts ("1 books"), and
    stays so: it is part of the move's value."""
    if change[VP] == 0:
        taken = next(r for r, v in enumerate(change) if v > 0)
        return f"take {count_text(taken, change[taken])}"
    paid = " + ".join(count_text(r, -v) for r, v in enumerate(change[:4]) if v < 0)
    return f"1 VP for {paid or 'nothing'}"


def _placed_text(s: StateData, new: int, old: int, index: int, freed: int) -> str:
    """The log's words for a building or military put in slot ``index`` (counted from 1
    for the player), over card ``old`` (-1: empty) whose ``freed`` workers came back."""
    cards = s.comp.cards
    if old < 0:
        return f"{cards[new].name} goes into empty slot {index + 1}."
    back = {0: "", 1: "; its worker goes back to the resource area"}.get(
        freed, f"; its {freed} workers go back to the resource area")
    return f"{cards[new].name} replaces {cards[old].name}{back}."


def _answer(s: StateData, d: Decision, index: int, log: Log) -> None:
    """Carry out option ``index`` of decision ``d`` (already taken off the queue)."""
    ANSWERS[type(d)](s, d, index, log)


def _answer_place_bm(s: StateData, d: PlaceBm, index: int, log: Log) -> None:
    seat, p, cards = d.seat, s.players[d.seat], s.comp.cards
    old = p.bm[index]
    freed = p.workers[index]
    p.idle += p.workers[index]
    p.workers[index] = 0
    if old >= 0 and cards[old].set != "printed":
        s.discard.append(old)
    p.bm[index] = d.card
    if old >= 0 and cards[old].age < cards[d.card].age:
        fire(s, seat, "replaced_by_newer", log, cards[old].type)
    fire_bought(s, seat, cards[d.card].type, d.price, log)
    note(log, s, seat, "place", lambda: _placed_text(s, d.card, old, index, freed))


def _answer_place_colony(s: StateData, d: PlaceColony, index: int, log: Log) -> None:
    p, cards = s.players[d.seat], s.comp.cards
    old = p.colonies[index]
    s.discard.append(old)
    p.colonies[index] = d.card
    note(log, s, d.seat, "place", f"{cards[d.card].name} replaces {cards[old].name}.")


def _answer_place_advisor(s: StateData, d: PlaceAdvisor, index: int, log: Log) -> None:
    p, cards = s.players[d.seat], s.comp.cards
    old = p.advisors[index]
    s.discard.append(old)
    p.advisors[index] = d.card
    note(log, s, d.seat, "place", f"{cards[d.card].name} replaces {cards[old].name}.")


def _answer_place_wonder(s: StateData, d: PlaceWonder, index: int, log: Log) -> None:
    seat, p, cards = d.seat, s.players[d.seat], s.comp.cards
    side = s.side_of(seat)
    free = len(p.wonders) < side.wonder_slots
    if free and index == 0:
        p.wonders.append(d.card)
    else:
        k = index - (1 if free else 0)
        if cards[p.wonders[k]].set != "printed":
            s.discard.append(p.wonders[k])
        p.wonders[k] = d.card
        # a covered wonder is destroyed with what lies on it: an advisor held in that
        # space (Porcelain Tower's) leaves when the nation has no room left for it
        slots = side.advisor_slots + modifier_total(s, seat, "extra_advisor_slot")
        while len(p.advisors) > slots:
            s.discard.append(p.advisors.pop())
    note(log, s, seat, "wonder", f"{cards[d.card].name} is placed among the ready wonders.")


def _answer_battle(s: StateData, d: BattleSpoils, index: int, log: Log) -> None:
    seat = d.seat
    res = BATTLE_TAKES[index]
    s.players[seat].res[res] += d.raid
    s.discard.append(d.card)
    note(log, s, seat, "battle", f"{seat_name(seat)} wins {s.comp.cards[d.card].name} and "
         f"takes {amounts_text([(res, d.raid)])}.")


def _answer_golden(s: StateData, d: GoldenAgeChoice, index: int, log: Log) -> None:
    seat, p = d.seat, s.players[d.seat]
    _, change = golden_options(s, seat, d.card)[index]
    for r, v in enumerate(change):
        p.res[r] += v
    s.discard.append(d.card)
    note(log, s, seat, "golden age",
         f"{seat_name(seat)}'s {s.comp.cards[d.card].name}: {golden_text(change)}.")


def _answer_lose_other(s: StateData, d: LoseOther, index: int, log: Log) -> None:
    seat, p = d.seat, s.players[d.seat]
    res = [r for r in (GOLD, STONE, FOOD) if p.res[r] > 0][index]
    p.res[res] -= 1
    note(log, s, seat, "shortfall", f"{seat_name(seat)} has no books left and gives "
         f"up 1 {RESOURCES[res]} instead.")
    if d.owed > 1 and any(p.res[r] for r in (GOLD, STONE, FOOD)):
        s.queue.insert(0, LoseOther(seat, d.owed - 1))


def _answer_pick_tile(s: StateData, d: TilePick, index: int, log: Log) -> None:
    chosen = d.tiles[index]
    solo.start_tile(s, chosen, log)
    s.tiles_done.extend(t for t in d.tiles if t != chosen)


def _answer_side(s: StateData, d: SideChoice, index: int, log: Log) -> None:
    label, side_id, board = side_labels(s)[index]
    s.boards.remove(board)
    set_board(s, d.seat, side_id, board)
    note(log, s, d.seat, "setup", f"{seat_name(d.seat)} takes {label}.", side=side_id,
         nation=board)


def _answer_pick_event(s: StateData, d: EventPick, index: int, log: Log) -> None:
    s.event = d.events[index]
    ev = s.comp.events[s.event]
    s.events_done.extend(e for e in d.events if e != s.event)
    others = len(d.events) - 1
    note(log, s, d.seat, "event", f"Event card: {_event_figures(ev)}, picked by "
         f"{seat_name(d.seat)}; " + ("the other card leaves the game." if others == 1 else
                                     f"the other {others} cards leave the game."),
         event=ev.id)


def _answer_effect(s: StateData, d: EffectChoice, index: int, log: Log) -> None:
    seat = d.seat
    outcome = effect_outcome(s, d)
    labels, keys, answers = plan_keys(s, seat, outcome, list(d.answers))
    if labels is not None:
        labels, _, answers = plan_keys(s, seat, outcome, [*answers, keys[index]])
    # (labels None at once: a stored answer that no longer fitted was dropped, and the
    # choices left each had one option; the effect is carried out as answered)
    if labels is not None:
        s.queue.insert(0, EffectChoice(seat, d.origin, d.which, tuple(answers), d.index))
    elif d.origin == "event":
        s.plans[seat] = [d.index, *answers]
    else:
        apply_card_outcome(s, seat, outcome, answers, log)


# ---------------------------------------------------------------------- legal moves
def deploy_cost(s: StateData, seat: int, slot: int,
                discounts: list[Any] | None = None) -> int:
    """The stone to deploy a worker on slot ``slot`` (``discounts``: the seat's deploy
    discount modifiers, when the caller has them already)."""
    card = s.comp.cards[s.players[seat].bm[slot]]
    cost = card.deploy_cost
    if card.type == "military" and "military_deploy_discount" in s.comp.by_modifier:
        if discounts is None:
            discounts = modifier_effects(s, seat, "military_deploy_discount")
        for e in discounts:
            cost = max(min(e.min, cost), cost - e.amount)
    return cost


def _room(s: StateData, seat: int, slot: int) -> bool:
    card = s.comp.cards[s.players[seat].bm[slot]]
    return not card.max_workers or s.players[seat].workers[slot] < card.max_workers


def _action_available(s: StateData, seat: int, ref: int) -> int:
    """The index of an available special action on card ``ref``, or -1."""
    p = s.players[seat]
    for i, e in enumerate(s.comp.cards[ref].effects):
        if e.when != "action":
            continue
        if e.per_round and p.used.count(ref) >= e.per_round:
            continue
        if e.cond is not None and not holds(s, seat, e.cond):
            continue
        if feasible(s, seat, e.do):
            return i
    return -1


def _hire_possible(s: StateData, seat: int) -> bool:
    p = s.players[seat]
    if p.wonder < 0 or (p.private <= 0 and s.architects <= 0):
        return False
    return p.res[STONE] >= s.comp.cards[p.wonder].stages[p.built]


def legal_moves(s: StateData) -> list[Move]:
    seat = current_player(s)
    moves: list[Move]
    if seat is None:
        moves = []
    elif s.queue:
        d = s.queue[0]
        if isinstance(d, GrowChoice):
            moves = _grow_moves(s, seat)
        else:
            moves = [Choose(o) for o in sorted(decision_options(s, d))]
    else:
        moves = _action_moves(s, seat)
    s.listed = tuple(moves)
    return moves


def _grow_moves(s: StateData, seat: int) -> list[Move]:
    out: list[Move] = [Grow(bonus=r) for r in ("food", "gold", "stone")]
    out += [Grow(worker=w) for w in sorted(take_options(s, seat))]
    return out


# Moves are immutable, so the action phase's recur as shared objects (building frozen
# dataclasses is the costliest part of listing moves).
_PASS = Pass()
_HIRE = Hire()
_BUYS: dict[str, Buy] = {}
_SPECIALS: dict[str, Special] = {}
_DEPLOYS: dict[tuple[int, str], Deploy] = {}
_UNDEPLOYS: dict[tuple[int, int], Undeploy] = {}


def _special(card_id: str) -> Special:
    move = _SPECIALS.get(card_id)
    if move is None:
        move = _SPECIALS[card_id] = Special(card_id)
    return move


def _buy(card_id: str) -> Buy:
    move = _BUYS.get(card_id)
    if move is None:
        move = _BUYS[card_id] = Buy(card_id)
    return move


def _deploy(slot: int, source: str) -> Deploy:
    move = _DEPLOYS.get((slot, source))
    if move is None:
        move = _DEPLOYS[(slot, source)] = Deploy(slot, source)
    return move


def _undeploy(slot: int, count: int) -> Undeploy:
    move = _UNDEPLOYS.get((slot, count))
    if move is None:
        move = _UNDEPLOYS[(slot, count)] = Undeploy(slot, count)
    return move


_DEPLOY_TABLE = [[Deploy(k, "idle" if j < 0 else str(j)) for j in range(-1, 5)]
                 for k in range(5)]


_BUY_MODIFIERS = ("card_cost", "cannot_buy", "colony_requirement")
_NOTHING: frozenset[str] = frozenset()


def _action_moves(s: StateData, seat: int) -> list[Move]:
    """The action phase's moves, listed in their sort order (legal_moves' contract)."""
    p = s.players[seat]
    comp = s.comp
    cards = comp.cards
    moves: list[Move] = [_PASS]
    cols = columns(s)
    gold = p.res[GOLD]
    buys = []
    strength = raid = -1
    # the card modifiers that reach this nation, read once for the whole board in one look
    # (the same rules as price_of and can_take_card); usually nobody holds any
    buy_mods = comp.modifier_holders(_BUY_MODIFIERS)
    reaching = modifiers_reaching(s, seat, buy_mods, _BUY_MODIFIERS) if buy_mods else None
    forbidden: Set[str]
    if reaching:
        cost_mods = [e for e in reaching if e.modifier == "card_cost"]
        forbidden = {t for e in reaching if e.modifier == "cannot_buy" for t in e.of}
        more_strength = sum(e.amount for e in reaching if e.modifier == "colony_requirement")
    else:
        cost_mods, forbidden, more_strength = [], _NOTHING, 0
    extra_cost: dict[str, int] = {}
    for cell, ref in enumerate(s.board):
        if ref < 0:
            continue
        card = cards[ref]
        t = card.type
        price = PRICES[cell // cols]
        if cost_mods:
            extra = extra_cost.get(t)
            if extra is None:
                extra = extra_cost[t] = sum(e.amount for e in cost_mods if t in e.of)
            price = max(0, price + extra)
        if gold < price or t in forbidden:
            continue
        if t == "colony":
            if strength < 0:
                strength = strength_track(s, seat)
            if strength < card.requirement + more_strength:
                continue
        elif t == "war":
            if s.war >= 0:
                continue
        elif t == "battle":
            if raid < 0:
                raid = best_raid(s, seat)
            if not raid:
                continue
        buys.append(card.id)
    buys.sort()
    moves += map(_buy, buys)
    stone = p.res[STONE]
    workers = p.workers
    bm = p.bm
    manned = [j for j in range(len(bm)) if workers[j]]
    discounts = (modifier_effects(s, seat, "military_deploy_discount")
                 if "military_deploy_discount" in comp.by_modifier else [])
    for k, ref in enumerate(bm):
        if ref < 0:
            continue
        card = cards[ref]
        if card.max_workers and workers[k] >= card.max_workers:
            continue
        if stone < (deploy_cost(s, seat, k, discounts) if discounts else card.deploy_cost):
            continue
        row = _DEPLOY_TABLE[k] if k < 5 else [_deploy(k, "idle" if j < 0 else str(j))
                                              for j in range(-1, len(bm))]
        moves += [row[j + 1] for j in manned if j != k]
        if p.idle:
            moves.append(row[0])
    for k in manned:
        moves += [_undeploy(k, c) for c in range(1, workers[k] + 1)]
    if _hire_possible(s, seat):
        moves.append(_HIRE)
    if comp.by_when.get("action"):
        specials = [cards[c].id for c in set(active_with(s, seat, "action"))
                    if _action_available(s, seat, c) >= 0]
        moves += map(_special, sorted(specials))
    return moves


# ----------------------------------------------------------------------- checking
def check(s: StateData, move: Move) -> None:
    """Validate ``move`` for the current player without changing anything."""
    if s.step == GAME_OVER:
        raise IllegalMoveError("the game is over")
    seat = current_player(s)
    assert seat is not None
    if not isinstance(move, (Pass, Grow, Choose, Buy, Deploy, Undeploy, Hire, Special)):
        raise MalformedMoveError(f"not a move: {shown(move)}")
    if s.queue:
        _check_answer(s, seat, move)
        return
    if isinstance(move, (Grow, Choose)):
        raise IllegalMoveError(f"there is nothing to {move.type} now: it is "
                               f"{seat_name(seat)}'s turn to act")
    ACTION_CHECKS[type(move)](s, seat, move)


def _check_answer(s: StateData, seat: int, move: Move) -> None:
    """``move`` as the answer to the decision asked: a grow move for growth, else one of
    the decision's options."""
    who = seat_name(seat)
    if isinstance(s.queue[0], GrowChoice):
        if not isinstance(move, Grow):
            raise IllegalMoveError(f"it is the growth step: {who} takes a worker or the "
                                   f"bonus resources (a grow move), not {move.type}")
        _check_grow(s, seat, move)
        return
    if not isinstance(move, Choose):
        raise IllegalMoveError(f"{who} must first answer: {prompt(s)} (a choose move)")
    options = decision_options(s, s.queue[0])
    if move.option not in options:
        raise IllegalMoveError(f"{quote(repr(move.option))} is not one of the options: "
                               + "; ".join(options))


def _check_pass(s: StateData, seat: int, move: Pass) -> None:
    """Passing is always allowed on one's turn."""


def _check_buy(s: StateData, seat: int, move: Buy) -> None:
    """A card on the progress board that the seat can take and pay for."""
    p = s.players[seat]
    cards = s.comp.cards
    ref = s.comp.card_ref.get(move.card, -1)
    if ref < 0 or ref not in s.board:
        raise IllegalMoveError(f"{quote(repr(move.card))} is not on the progress board")
    price = price_of(s, seat, ref)
    if p.res[GOLD] < price:
        raise IllegalMoveError(f"{cards[ref].name} costs {price} gold; you have "
                               f"{p.res[GOLD]}")
    reason = can_take_card(s, seat, ref)
    if reason:
        raise IllegalMoveError(reason)


def _check_deploy(s: StateData, seat: int, move: Deploy) -> None:
    """A worker from the resource area or another card, onto a card with room, paid in stone."""
    p = s.players[seat]
    cards = s.comp.cards
    k = move.slot
    if not 0 <= k < len(p.bm):
        raise IllegalMoveError(f"there is no slot {k} (slots are 0-{len(p.bm) - 1})")
    if p.bm[k] < 0:
        raise IllegalMoveError(f"slot {k} is empty: there is no card to deploy on")
    if move.source == "idle":
        if not p.idle:
            raise IllegalMoveError("you have no worker in your resource area (undeploy "
                                   "one, or deploy from another card)")
    else:
        if not plain_digits(move.source) or not 0 <= int(move.source) < len(p.bm):
            raise IllegalMoveError(f"source must be 'idle' or a slot 0-{len(p.bm) - 1}")
        j = int(move.source)
        if j == k:
            raise IllegalMoveError("a worker cannot move to the card it is on")
        if not p.workers[j]:
            raise IllegalMoveError(f"there is no worker on {cards[p.bm[j]].name}")
    if not _room(s, seat, k):
        raise IllegalMoveError(f"{cards[p.bm[k]].name} holds no more workers")
    cost = deploy_cost(s, seat, k)
    if p.res[STONE] < cost:
        raise IllegalMoveError(f"deploying on {cards[p.bm[k]].name} costs {cost} stone; "
                               f"you have {p.res[STONE]}")


def _check_undeploy(s: StateData, seat: int, move: Undeploy) -> None:
    """Workers off one card: as many as it holds, at most."""
    p = s.players[seat]
    cards = s.comp.cards
    if not 0 <= move.slot < len(p.bm):
        raise IllegalMoveError(f"there is no slot {move.slot}")
    if not 1 <= move.count <= p.workers[move.slot]:
        raise IllegalMoveError(f"{cards[p.bm[move.slot]].name} has "
                               f"{counted(p.workers[move.slot], 'worker')}; undeploy "
                               "1 to that many")


def _check_hire(s: StateData, seat: int, move: Hire) -> None:
    """An architect left, and the stone for the next section of the wonder under construction."""
    p = s.players[seat]
    cards = s.comp.cards
    if p.wonder < 0:
        raise IllegalMoveError("you have no wonder under construction")
    if p.private <= 0 and s.architects <= 0:
        raise IllegalMoveError("no architect is left this round")
    cost = cards[p.wonder].stages[p.built]
    if p.res[STONE] < cost:
        raise IllegalMoveError(f"the next section of {cards[p.wonder].name} costs {cost} "
                               f"stone; you have {p.res[STONE]}")


def _check_special(s: StateData, seat: int, move: Special) -> None:
    """A card in play in the nation whose action can be used now."""
    cards = s.comp.cards
    ref = s.comp.card_ref.get(move.card, -1)
    if ref < 0 or ref not in active_cards(s, seat):
        raise IllegalMoveError(f"{quote(repr(move.card))} is not a card in play in your nation")
    if _action_available(s, seat, ref) < 0:
        raise IllegalMoveError(f"{cards[ref].name} has no action you can use now")


# The checks of the actions of one's turn, by the move's class.
ACTION_CHECKS: dict[type, Callable[[StateData, int, Any], None]] = {
    Pass: _check_pass, Buy: _check_buy, Deploy: _check_deploy, Undeploy: _check_undeploy,
    Hire: _check_hire, Special: _check_special,
}


def _check_grow(s: StateData, seat: int, move: Grow) -> None:
    if move.bonus is not None:
        if move.bonus not in ("gold", "stone", "food") or move.worker is not None:
            raise IllegalMoveError("the growth bonus is gold, stone or food (one of them)")
        return
    options = take_options(s, seat)
    if move.worker not in options:
        raise IllegalMoveError(f"you cannot take a worker from {quote(repr(move.worker))} now"
                               + (f" (possible: {', '.join(options)})" if options else
                                  ": the population track is empty"))


# ---------------------------------------------------------------------- performing
def apply(s: StateData, move: Move, log: bool = True) -> list[LogEntry]:
    """Check and play ``move``; return the log entries (none when ``log`` is False).  A
    move object that legal_moves() listed for this very position is not checked again."""
    listed = s.listed
    if listed is None or not any(map(is_, listed, repeat(move))):
        check(s, move)
    s.listed = None
    entries: Log = [] if log else None
    seat = current_player(s)
    assert seat is not None
    _perform(s, seat, move, entries)
    if entries:
        # the first entry tells the player's own decision; what follows happened by itself
        entries[0] = replace(entries[0], auto=False)
    check_removals(s, entries)
    advance(s, entries)
    return entries or []


def _perform(s: StateData, seat: int, move: Move, log: Log) -> None:
    p = s.players[seat]
    cards = s.comp.cards
    if isinstance(move, Grow):
        s.queue.pop(0)
        if move.bonus is not None:
            amount = s.comp.difficulty[s.config.difficulty[seat]]
            p.res[RES_INDEX[move.bonus]] += amount
            note(log, s, seat, "growth", f"{seat_name(seat)} takes {amount} {move.bonus}.")
        else:
            assert move.worker is not None
            take_worker(s, seat, move.worker)
            note(log, s, seat, "growth", f"{seat_name(seat)} {worker_taken_text(move.worker)}.")
        return
    if isinstance(move, Choose):
        d = s.queue.pop(0)
        _answer(s, d, decision_options(s, d).index(move.option), log)
        return
    if isinstance(move, Undeploy):
        p.workers[move.slot] -= move.count
        p.idle += move.count
        note(log, s, seat, "undeploy", f"{seat_name(seat)} takes {move.count} worker"
             f"{'s' if move.count > 1 else ''} back from {cards[p.bm[move.slot]].name}.")
        return
    s.turn_done = True
    if is_solo(s) and not isinstance(move, Pass) and not (
            isinstance(move, Deploy) and cards[p.bm[move.slot]].type == "building"):
        # solo: the die is rolled after every action but deploying on a building (and
        # passing, which is no action); rolled once this action's decisions are answered
        s.roll_due = True
    if isinstance(move, Pass):
        s.passed.append(seat)
        note(log, s, seat, "pass", f"{seat_name(seat)} passes.")
        fire(s, seat, "passed", log)
    elif isinstance(move, Buy):
        ref = s.comp.card_ref[move.card]
        take_card(s, seat, ref, price_of(s, seat, ref), log)
    elif isinstance(move, Deploy):
        if move.source != "idle":
            j = int(move.source)
            p.workers[j] -= 1
            p.idle += 1
            check_removals(s, log)     # even this brief moment counts for "removed if"
        cost = deploy_cost(s, seat, move.slot)
        p.res[STONE] -= cost
        p.idle -= 1
        p.workers[move.slot] += 1
        note(log, s, seat, "deploy", f"{seat_name(seat)} deploys a worker on "
             f"{cards[p.bm[move.slot]].name} for {cost} stone." if cost else
             f"{seat_name(seat)} deploys a worker on {cards[p.bm[move.slot]].name} for free.")
    elif isinstance(move, Hire):
        cost = cards[p.wonder].stages[p.built]
        if p.private > 0:
            p.private -= 1
        else:
            s.architects -= 1
        p.res[STONE] -= cost
        note(log, s, seat, "hire", f"{seat_name(seat)} hires an architect for "
             f"{cards[p.wonder].name} " + (f"for {cost} stone." if cost else "for free."))
        fire(s, seat, "hire", log)
        build_sections(s, seat, 1, log)
    else:
        assert isinstance(move, Special)
        ref = s.comp.card_ref[move.card]
        index = _action_available(s, seat, ref)
        p.used.append(ref)
        note(log, s, seat, "special", f"{seat_name(seat)} uses {cards[ref].name}.")
        card_effect(s, seat, ref, index, log)


# ------------------------------------------------------------------------ prompts
def prompt(s: StateData) -> str:
    """What the current player is asked, in words."""
    seat = current_player(s)
    if seat is None:
        return "The game is over."
    who = seat_name(seat)
    if not s.queue:
        return f"{who}: take an action (buy, deploy, hire, a card's action) or pass."
    d = s.queue[0]
    return f"{who}: {QUESTIONS[type(d)](s, d)}"


def _grow_question(s: StateData, d: GrowChoice) -> str:
    amount = s.comp.difficulty[s.config.difficulty[d.seat]]
    return f"grow — take a worker, or {amount} gold, stone or food."


def _place_bm_question(s: StateData, d: PlaceBm) -> str:
    return f"which building or military does {s.comp.cards[d.card].name} replace?"


def _replace_question(s: StateData, d: PlaceColony | PlaceAdvisor) -> str:
    return f"which card does {s.comp.cards[d.card].name} replace?"


def _place_wonder_question(s: StateData, d: PlaceWonder) -> str:
    return f"where does {s.comp.cards[d.card].name} go among your ready wonders?"


def _battle_question(s: StateData, d: BattleSpoils) -> str:
    return (f"{s.comp.cards[d.card].name} brings {counted(d.raid, 'book')}, food or stone "
            "— which?")


def _golden_question(s: StateData, d: GoldenAgeChoice) -> str:
    return f"{s.comp.cards[d.card].name} — take its resource or buy 1 VP?"


def _pick_event_question(s: StateData, d: EventPick) -> str:
    return "which of the event cards drawn is played this round?"


def _side_question(s: StateData, d: SideChoice) -> str:
    return "choose your nation's board and its side."


def _pick_tile_question(s: StateData, d: TilePick) -> str:
    return "which of the solo tiles drawn is played this round?"


def _lose_other_question(s: StateData, d: LoseOther) -> str:
    if d.owed == 1:
        return "with no books left, give up 1 other resource — which one?"
    return f"with no books left, give up {d.owed} other resources — which one first?"


def _effect_question(s: StateData, d: EffectChoice) -> str:
    source = (s.comp.events[s.event].halves[d.which].name if d.origin == "event"
              else s.comp.cards[d.which].name)
    return f"{source} — choose."


# The decisions' options, answers and questions by kind (see "the decisions" above); a
# growth decision is answered by a Grow move, not a Choose, so it has a question only.
OPTIONS: dict[type, Callable[[StateData, Any], list[str]]] = {
    PlaceBm: _place_bm_options, PlaceColony: _place_colony_options,
    PlaceAdvisor: _place_advisor_options, PlaceWonder: _place_wonder_options,
    BattleSpoils: _battle_options, GoldenAgeChoice: _golden_options,
    LoseOther: _lose_other_options, EffectChoice: _effect_options,
    EventPick: _pick_event_options, SideChoice: _side_options, TilePick: _pick_tile_options,
}
ANSWERS: dict[type, Callable[[StateData, Any, int, Log], None]] = {
    PlaceBm: _answer_place_bm, PlaceColony: _answer_place_colony,
    PlaceAdvisor: _answer_place_advisor, PlaceWonder: _answer_place_wonder,
    BattleSpoils: _answer_battle, GoldenAgeChoice: _answer_golden,
    LoseOther: _answer_lose_other, EffectChoice: _answer_effect,
    EventPick: _answer_pick_event, SideChoice: _answer_side, TilePick: _answer_pick_tile,
}
QUESTIONS: dict[type, Callable[[StateData, Any], str]] = {
    GrowChoice: _grow_question, PlaceBm: _place_bm_question,
    PlaceColony: _replace_question, PlaceAdvisor: _replace_question,
    PlaceWonder: _place_wonder_question, BattleSpoils: _battle_question,
    GoldenAgeChoice: _golden_question, LoseOther: _lose_other_question,
    EffectChoice: _effect_question, EventPick: _pick_event_question,
    SideChoice: _side_question, TilePick: _pick_tile_question,
}


__all__ = ["ROUND", "STEP_NAMES", "Step", "apply", "check", "current_player", "legal_moves",
           "new_game", "production_forecast", "prompt"]
