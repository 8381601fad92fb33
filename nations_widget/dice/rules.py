"""The rules of Nations: The Dice Game.

A round is a fixed list of steps, declared once in :data:`ROUND` (boardgame.io's
"phases as data").  Each step says who acts in it (nobody, players in turn, or every
player once in reverse order), what runs automatically, and which moves it accepts.
Every change to a state goes through :func:`apply` -> :func:`_perform` and then
:func:`_advance`, the one transition function that walks the steps until somebody has a
decision to make: the shared :class:`~nations_widget.core.steps.RoundMachine` of
:data:`ROUND`, with this game's :func:`_settle` (a step's automatic work) and
:func:`_enter`.

The Unrest expansion (``GameConfig.unrest``) is read from seed 004, the only source;
where it is ambiguous this module states the reading it implements, at the rule (see
:func:`_legal_actions`, :func:`_check_unrest`, :func:`_perform_unrest`, :func:`_take_bonus`
and data/PROVENANCE.md).

Validation never mutates: :func:`check` (used by :func:`apply` first) reads the state and
returns a *plan* with every default resolved; only then does :func:`_perform` change it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from itertools import chain, product, repeat
from operator import is_
from typing import Any, Literal, TypeVar

from ..core.envelope import shown
from ..core.log import LogEntry
from ..core.steps import DONE, GAME_OVER, WAIT, RoundMachine
from ..core.steps import Step as CoreStep
from .catalogue import CHIT_KINDS, RESOURCES
from .errors import IllegalMoveError, MalformedMoveError
from .moves import (
    UNREST_CHOICES,
    Books,
    Build,
    Buy,
    Feed,
    Fight,
    Move,
    MoveBase,
    Pass,
    Payment,
    Reroll,
    Unrest,
)
from .payments import (
    FAMINE_WEIGHTS,
    WAR_WEIGHTS,
    find_payment,
    find_payments,
    food_now,
    most_payable,
    must_decide_books,
    must_decide_famine,
)
from .rng import Rng
from .state import (
    BOARD_ROWS,
    BOOK,
    DIE_COLOUR,
    FOOD,
    GOLD,
    GOLD_CHIT,
    N_DICE,
    REROLL_CHIT,
    ROUNDS,
    SOLO_DIE_SIDES,
    STONE,
    STRENGTH,
    CatalogueIndex,
    GameConfig,
    PlayerState,
    StateData,
)

_S = TypeVar("_S", bound=StateData)
_MoveT = TypeVar("_MoveT", bound=MoveBase)
RES_INDEX = {r: i for i, r in enumerate(RESOURCES)}


# ---------------------------------------------------------------------------- the log
Log = list[LogEntry]
MaybeLog = Log | None


def _note(log: Log | None, make: Callable[[], LogEntry]) -> None:
    """Add an entry to the log, if anybody keeps one: bots and search play without a log
    (``apply(move, log=False)``), which skips formatting the sentences."""
    if log is not None:
        log.append(make())


def _entry(s: StateData, seat: int | None, kind: str, text: str, auto: bool = False,
           **data: Any) -> LogEntry:
    return LogEntry(s.round, s.step, seat, kind, text, data, auto)


# --------------------------------------------------------------------- words for things
def seat_name(seat: int) -> str:
    return f"Player {seat + 1}"


def amount_text(n: int, res: int) -> str:
    """``n`` symbols of resource ``res`` in words: "2 gold", "1 book", "3 books" (books
    are counted; gold, stone, food and strength read the same for one or many)."""
    return f"{n} {RESOURCES[res]}{'s' if res == BOOK and n != 1 else ''}"


def face_text(face: Sequence[int]) -> str:
    parts = [amount_text(n, i) for i, n in enumerate(face) if n]
    return " + ".join(parts) if parts else "blank"


def shown_face(s: StateData, d: int) -> str:
    """What die ``d`` shows, in words ("2 gold + 1 food", or "the Unrest symbol")."""
    return "the Unrest symbol" if s.shows_unrest(d) else face_text(s.face(d))


_NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight",
                 "nine", "ten")


def die_text(s: StateData, d: int) -> str:
    """A die as a player sees it, by colour and face (never by its id): "the red die
    showing 2 strength".  A number that is no die (a malformed move) is named as such."""
    if not 0 <= d < s.n_dice:
        return f"die {d}"
    return f"the {DIE_COLOUR[d]} die showing {shown_face(s, d)}"


def dice_text(s: StateData, dice: Sequence[int]) -> str:
    """Dice by colour and face, alike ones grouped: "two white dice showing 1 gold and
    the red die showing 2 strength" (no ids)."""
    groups: dict[tuple[str, str], int] = {}
    for d in dice:
        key = (DIE_COLOUR[d], shown_face(s, d))
        groups[key] = groups.get(key, 0) + 1
    parts = []
    for (colour, face), n in groups.items():
        if n == 1:
            parts.append(f"the {colour} die showing {face}")
        else:
            count = _NUMBER_WORDS[n] if n < len(_NUMBER_WORDS) else str(n)
            parts.append(f"{count} {colour} dice showing {face}")
    return _joined(parts)


def _joined(parts: Sequence[str]) -> str:
    if not parts:
        return "nothing"
    if len(parts) == 1:
        return parts[0]
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def _payment_text(s: StateData, pay: Payment, res: int) -> str:
    parts = [dice_text(s, pay.dice)] if pay.dice else []
    if pay.chits:
        parts.append(f"{pay.chits} {RESOURCES[res]} chit" + ("s" if pay.chits > 1 else ""))
    parts += [f"{dice_text(s, (a, b))} traded for 1 {RESOURCES[res]}"
              for a, b in pay.trades]
    return ", ".join(parts) if parts else "nothing"


# ------------------------------------------------------------------------ the steps
@dataclass(frozen=True)
class Step(CoreStep):
    """One step of a round (the shared :class:`~nations_widget.core.steps.Step`: its name).

    who: "nobody" (runs by itself), "turns" (players act in order until all have passed)
    or "reverse" (each player once, in reverse player order).
    run: the automatic work of a "nobody" step, or the closing work of a "reverse" step.
    auto: for "reverse" steps, the move the engine makes for a player who need not decide
    (None: the player is asked).
    moves: the move types the step accepts.
    """

    who: Literal["nobody", "turns", "reverse"]
    moves: tuple[type[MoveBase], ...] = ()
    run: Callable[[StateData, MaybeLog], None] | None = None
    auto: Callable[[StateData, int], Move | None] | None = None


def _rng_roll(s: StateData, dice: Sequence[int]) -> None:
    rng = Rng(0)
    rng.state = s.rng
    for d in dice:
        s.dice_face[d] = rng.below(6)
    s.rng = rng.state


def _rng_below(s: StateData, n: int) -> int:
    rng = Rng(0)
    rng.state = s.rng
    x = rng.below(n)
    s.rng = rng.state
    return x


def _run_new_round(s: StateData, log: MaybeLog) -> None:
    age = s.round
    cols = s.config.columns
    rng = Rng(0)
    rng.state = s.rng
    stack = list(s.comp.age_tiles[age])
    if s.config.unrest:                 # the expansion's tiles join the age's stack
        stack += s.comp.age_unrest_tiles[age]
    # A played game never holds a tile of the age being dealt; a position described by a
    # scenario may (a seat given a later age's tile), and that tile stays where it is
    # rather than being dealt a second time.  Nothing left out: the same shuffle as ever.
    held = {t for p in s.players
            for t in (*p.buildings, *p.colonies, *p.wonders, p.advisor, p.wonder) if t >= 0}
    if not held.isdisjoint(stack):
        stack = [t for t in stack if t not in held]
    rng.shuffle(stack)
    s.board = stack[:cols * BOARD_ROWS]
    events = s.comp.age_events[age]
    s.event = events[rng.below(len(events))]
    s.rng = rng.state
    for d in range(N_DICE):
        s.dice_used[d] = False
    for p in s.players:
        for k in range(len(CHIT_KINDS)):
            p.chits[k] += p.chits_used[k]
            p.chits_used[k] = 0
        p.passed = p.rolled = False
        p.pledge = ()
        p.fed = p.fought = None
        # Unrest: used star chits come back like the others; passing bonuses go back
        p.stars += p.stars_used
        p.stars_used = 0
        p.bonus = -1
        p.bonus_spent = False
    ev = s.event_spec
    _note(log, lambda: _entry(s, None, "round",
                      f"Round {age} begins. Event: {ev.name} (famine {ev.famine} food, "
                      f"war {ev.war} strength, {ev.vp} VP each).",
                      tiles=[s.comp.tiles[t].id for t in s.board], event=ev.id))
    if s.config.players == 1:
        faces = s.comp.colour_faces["blue"]
        rolled = [_rng_below(s, 6) for _ in range(age)]
        books = sum(faces[f][BOOK] for f in rolled)
        s.opponent_books += books
        _note(log, lambda: _entry(s, None, "solo",
                          f"The shadow opponent rolls {age} blue "
                          f"{'die' if age == 1 else 'dice'} and gains {books} "
                          f"book{'s' if books != 1 else ''} (now {s.opponent_books}).",
                          faces=rolled, books=books))


def _run_score_books(s: StateData, log: MaybeLog) -> None:
    n = s.config.players
    books = [p.books for p in s.players]
    if n == 1:
        won = books[0] > s.opponent_books
        s.players[0].vp_books += 2 if won else 0
        _note(log, lambda: _entry(s, 0, "score",
                          f"Books: you have {books[0]}, the opponent {s.opponent_books}: "
                          f"{'+2 VP' if won else 'no VP'}.", vp=[2 if won else 0]))
        return
    per = 2 if n == 2 else 1
    gains = [per * sum(1 for o in range(n) if books[o] < books[me]) for me in range(n)]
    for seat, g in enumerate(gains):
        s.players[seat].vp_books += g
    _note(log, lambda: _entry(s, None, "score", "Books scored: " + "; ".join(
        f"{seat_name(x)} {amount_text(books[x], BOOK)}, +{gains[x]} VP" for x in s.order) + ".",
        books=books, vp=gains))


def _unused_strength(s: StateData, seat: int) -> int:
    return s.chits_of(seat, STRENGTH) + sum(
        s.face(d)[STRENGTH] for d in s.unused_dice(seat))


def _run_player_order(s: StateData, log: MaybeLog) -> None:
    strength = {seat: _unused_strength(s, seat) for seat in s.order}
    # sorted() is stable, so ties keep their previous relative order.
    s.order = sorted(s.order, key=lambda seat: -strength[seat])
    _note(log, lambda: _entry(s, None, "order", "New player order: " + ", ".join(
                      f"{seat_name(x)} ({strength[x]} strength)" for x in s.order) + ".",
                      order=s.order[:], strength=[strength[x] for x in range(len(s.players))]))


def _auto_books(s: StateData, seat: int) -> Move | None:
    options = _legal_books(s, seat)           # options[0] uses every book die and chit
    if len(options) == 1 or s.config.variant == "accelerated":
        return options[0]
    if s.config.automate and not must_decide_books(s, seat):
        return options[0]
    return None


def _auto_famine(s: StateData, seat: int) -> Move | None:
    if s.config.variant == "accelerated":
        return _accelerated_feeding(s, seat)
    if s.config.automate and not must_decide_famine(s, seat):
        return _legal_feed(s, seat)[-1]        # pay if possible (the other option: not to)
    options = _legal_feed(s, seat)
    return options[0] if len(options) == 1 else None


def _auto_war(s: StateData, seat: int) -> Move | None:
    options = _legal_fight(s, seat)
    if len(options) == 1 or s.config.automate:
        return options[-1]
    return None


ROUND: tuple[Step, ...] = (
    Step("new_round", "nobody", run=_run_new_round),
    Step("actions", "turns", moves=(Reroll, Buy, Build, Pass, Unrest)),
    Step("books", "reverse", moves=(Books,), run=_run_score_books, auto=_auto_books),
    Step("famine", "reverse", moves=(Feed,), auto=_auto_famine),
    Step("player_order", "nobody", run=_run_player_order),
    Step("war", "reverse", moves=(Fight,), auto=_auto_war),
)


def _enter(s: StateData, step: Step) -> None:
    s.step = step.name
    if step.who == "reverse":
        s.pending = s.order[::-1]
    elif step.who == "turns":
        s.cursor = 0
        s.pending = []
        s.turn_underway = False
    else:
        s.pending = []


def _settle(s: StateData, step: Step, log: MaybeLog) -> str:
    """The automatic work of ``step``: WAIT while a player must decide in it, DONE once
    it is over.  Each call either waits or ends the step (a round's steps in order, then
    the next round, the end after round 4), and each automatic answer removes its seat
    from the ones waiting, so the walk needs no bound (the board game's has one: a
    decision there can queue another)."""
    if step.who == "turns":
        seat = s.order[s.cursor]
        if not s.players[seat].passed:
            if not s.players[seat].rolled:
                _roll_all(s, seat, log)
            return WAIT
        # everybody has passed (the cursor only rests on a passed seat then)
    elif step.who == "reverse":
        assert step.auto is not None
        while s.pending:
            seat = s.pending[0]
            move = step.auto(s, seat)
            if move is None:
                return WAIT
            _perform(s, seat, move, _AUTO_PLAN, log, auto=True)
        if step.run:
            step.run(s, log)
    else:
        assert step.run is not None
        step.run(s, log)
    return DONE


def _finish(s: StateData, log: MaybeLog) -> None:
    s.step = GAME_OVER
    s.pending = []
    _note(log, lambda: _final_entry(s))


#: the round and its one transition function, :func:`_advance`
MACHINE: RoundMachine[Step] = RoundMachine(
    ROUND, settle=_settle, enter=_enter, last_round=lambda s: ROUNDS, finish=_finish)
STEP_BY_NAME = MACHINE.by_name
STEP_INDEX = MACHINE.index
STEP_NAMES: tuple[str, ...] = MACHINE.names


# ------------------------------------------------------------------ game creation
def new_game(cls: type[_S], config: GameConfig, comp: CatalogueIndex,
             log: Log | None = None) -> _S:
    """Set up a game as an instance of ``cls`` (the machine class, which sits above the
    rules) and run it to the first decision; what happened goes into ``log``."""
    if config.unrest and comp.unrest is None:
        raise ValueError(f"the catalogue {comp.catalogue.name!r} has no Unrest part: the "
                         "Unrest expansion needs its green dice, tiles and passing bonuses")
    s = cls.__new__(cls)
    s.config = config
    s.comp = comp
    s.rng = Rng(config.seed).next64()   # scramble the seed so seeds 1, 2, 3 look unrelated
    s.round = 1
    s.step = "new_round"
    n = config.players
    order = list(range(n))
    rng = Rng(0)
    rng.state = s.rng
    rng.shuffle(order)
    s.rng = rng.state
    s.order = order
    s.cursor = 0
    s.pending = []
    s.board = []
    s.event = -1
    s.dice_owner = [-1] * N_DICE
    s.dice_used = [False] * N_DICE
    s.dice_face = [0] * N_DICE
    s.players = []
    for seat in range(n):
        p = PlayerState()
        p.buildings = list(range(comp.n_start))
        p.building_dice = [1] * comp.n_start
        p.chits[GOLD_CHIT] = 1
        p.chits[REROLL_CHIT] = 1
        for d in range(5 * seat, 5 * seat + 5):
            s.dice_owner[d] = seat
        s.players.append(p)
    for position, seat in enumerate(order, start=1):
        s.players[seat].books = 1 if n == 1 or config.unrest else (
            3 if n == 2 and position == 2 else position)
    s.index_dice()
    s.listed = None
    s.opponent_books = 1 if n == 1 else 0
    s.solo_roll = 0
    s.turn_underway = False
    _advance(s, [] if log is None else log)
    return s


# ------------------------------------------------------------ the state machine
def current_player(s: StateData) -> int | None:
    if s.step == "actions":
        return s.order[s.cursor]
    if s.step == "game_over" or not s.pending:
        return None
    return s.pending[0]


def apply(s: StateData, move: Move, log: bool = True) -> Log:
    """Check and play ``move``; return the log entries (none when ``log`` is False).

    A move object that legal_moves() listed for this very position is legal by
    construction, so it is not checked again (bots and search play thousands of them); any
    other move, e.g. one parsed from JSON, is checked in full.
    """
    listed = s.listed
    if listed is not None and any(map(is_, listed, repeat(move))):
        plan = _plan_of_listed(s, move)
    else:
        move = resolved_move(s, move)
        plan = check(s, move)
    s.listed = None
    entries: MaybeLog = [] if log else None
    seat = current_player(s)
    assert seat is not None
    _perform(s, seat, move, plan, entries, auto=False)
    _advance(s, entries)
    return entries or []


def _advance(s: StateData, log: MaybeLog) -> None:
    """Walk the round's steps, doing everything automatic, until a player must decide
    (the shared :class:`~nations_widget.core.steps.RoundMachine`, with :func:`_settle`)."""
    MACHINE.advance(s, log)


def _final_entry(s: StateData) -> LogEntry:
    scores = s.scores()
    ranking = s.ranking()
    parts = []
    for seat in ranking:
        b = s.score_breakdown(seat)
        tiles = b["buildings"] + b["advisor"] + b["colonies"] + b["wonders"]
        parts.append(f"{seat_name(seat)} {scores[seat]} VP ({s.players[seat].vp_track} "
                     f"on the track + {tiles} from tiles)")
    text = "Game over. " + "; ".join(parts) + f". {seat_name(ranking[0])} wins."
    if s.config.players == 1:
        title = s.hall_of_fame_title()
        text = (f"Game over. You scored {scores[0]} VP. Hall of Fame: "
                f"{title or 'below the lowest title (10 VP)'}.")
    return _entry(s, None, "end", text, scores=scores, ranking=ranking)


def _roll_all(s: StateData, seat: int, log: MaybeLog) -> None:
    p = s.players[seat]
    p.rolled = True
    dice = s.unused_dice(seat)
    _rng_roll(s, dice)
    _note(log, lambda: _entry(s, seat, "roll", f"{seat_name(seat)} rolls {len(dice)} dice: "
                              + ", ".join(shown_face(s, d) for d in dice) + ".",
                      auto=True, dice=dice, faces=[s.dice_face[d] for d in dice]))


# ----------------------------------------------------------------------- checking
@dataclass
class _Plan:
    """What a checked move will do, with every default resolved."""

    slot: int = -1
    returned_dice: tuple[int, ...] = ()
    returned_used: int = 0


# Moves the engine makes by itself need no plan: only actions use one.
_AUTO_PLAN = _Plan()


def _plan_of_listed(s: StateData, move: Move) -> _Plan:
    """The plan :func:`check` would return for a move that legal_moves() listed here: only a
    buy has defaults to resolve (legal moves name the replaced building and leave the
    returned dice and rerolls to the defaults)."""
    if not isinstance(move, Buy):
        return _AUTO_PLAN
    seat = s.order[s.cursor]
    p = s.players[seat]
    tile = s.comp.tiles[s.comp.tile_ref[move.tile]]
    plan = _Plan()
    if tile.kind == "building":
        assert move.replaces is not None
        plan.slot = p.buildings.index(s.comp.tile_ref[move.replaces])
        plan.returned_dice = _returned_dice(s, seat, plan.slot, move,
                                            set(move.payment.all_dice()))
    elif tile.kind == "advisor" and p.advisor >= 0:
        plan.returned_used = min(p.advisor_rerolls, p.chits_used[REROLL_CHIT])
    return plan


def traded_payment(s: StateData, pay: Payment, res: int, trades_ok: bool) -> Payment:
    """``pay`` with its dice that show no ``res`` traded two for one.

    The rules let any two unused dice stand in for 1 gold, stone or food, whatever they
    show, so a selection of dice pays what it can: the dice showing ``res`` pay it, the
    others are paired into trades (in die order: which die goes with which changes
    nothing).  When an odd die is left, it is traded with the die showing the least
    ``res``: every die handed over then gives something.  The payment comes back unchanged
    when it has nothing to pair, when ``res`` cannot be traded for now (``trades_ok``), or
    when a die is not a die at all (:func:`check` then says what is wrong).
    """
    if not pay.dice or not trades_ok or res in (BOOK, STRENGTH):
        return pay
    if any(not 0 <= d < s.n_dice for d in pay.dice) or len(set(pay.dice)) < len(pay.dice):
        return pay
    showing = [d for d in pay.dice if s.face(d)[res]]
    blank = [d for d in pay.dice if not s.face(d)[res]]
    if not blank:
        return pay
    if len(blank) % 2:
        if not showing:
            return pay              # a lone die that gives nothing: refused, by name
        partner = min(showing, key=lambda d: (s.face(d)[res], d))
        showing.remove(partner)
        blank.append(partner)
    blank.sort()
    pairs = tuple(zip(blank[::2], blank[1::2], strict=True))
    return Payment(tuple(showing), pay.chits, pay.trades + pairs)


def resolved_move(s: StateData, move: _MoveT) -> _MoveT:
    """``move`` with its payment's dice that show none of the resource paid traded two for
    one (:func:`traded_payment`): what :func:`apply` plays, :func:`check` checks and
    :func:`describe_move` describes.  Any other move comes back as it is."""
    if isinstance(move, Buy):
        ref = s.comp.tile_ref.get(move.tile)
        if ref is None:
            return move
        res = RES_INDEX[s.comp.tiles[ref].currency]
        pay = traded_payment(s, move.payment, res, res == GOLD)
        return move if pay is move.payment else replace(move, payment=pay)
    if isinstance(move, Build):
        pay = traded_payment(s, move.payment, STONE, True)
        return move if pay is move.payment else replace(move, payment=pay)
    if isinstance(move, Feed) and move.payment is not None:
        pay = traded_payment(s, move.payment, FOOD, s.config.variant != "accelerated")
        return move if pay is move.payment else replace(move, payment=pay)
    return move


def check(s: StateData, move: Move) -> _Plan:
    """Validate ``move`` for the current player without changing anything (its payment
    resolved as :func:`resolved_move` says)."""
    if s.step == "game_over":
        raise IllegalMoveError("the game is over")
    seat = current_player(s)
    assert seat is not None
    step = STEP_BY_NAME[s.step]
    if not isinstance(move, step.moves):
        if not isinstance(move, (Pass, Reroll, Buy, Build, Books, Feed, Fight, Unrest)):
            raise MalformedMoveError(f"not a move: {shown(move)}")
        allowed = " or ".join(m.type for m in step.moves)
        raise IllegalMoveError(
            f"it is the {s.step.replace('_', ' ')} step: {seat_name(seat)} may only {allowed}, "
            f"not {move.type}")
    if unrest_due(s, seat):
        if not isinstance(move, Unrest):
            raise IllegalMoveError(
                f"{seat_name(seat)}'s green dice show Unrest: first reroll all of them (your "
                "action) or set all of them aside (then take an action), before anything else")
        return _Plan()
    if isinstance(move, Unrest):
        return _check_unrest(s, seat)
    if isinstance(move, Reroll):
        return _check_reroll(s, seat, move)
    move = resolved_move(s, move)
    if isinstance(move, Buy):
        return _check_buy(s, seat, move)
    if isinstance(move, Build):
        return _check_build(s, seat, move)
    if isinstance(move, Pass):
        return _check_pass(s, seat, move)
    if isinstance(move, Books):
        return _check_books(s, seat, move)
    if isinstance(move, Feed):
        return _check_feed(s, seat, move)
    return _check_fight(s, seat, move)


def _own_unused(s: StateData, seat: int, dice: Sequence[int], what: str) -> None:
    seen: set[int] = set()
    for d in dice:
        if not 0 <= d < s.n_dice:
            raise IllegalMoveError(f"there is no die {d} (dice are numbered 0-{s.n_dice - 1})")
        if d in seen:
            raise IllegalMoveError(f"{die_text(s, d)} is chosen twice for {what}")
        seen.add(d)
        if s.dice_owner[d] != seat:
            raise IllegalMoveError(f"{die_text(s, d)} is not one of "
                                   f"{seat_name(seat)}'s dice")
        if s.dice_used[d]:
            raise IllegalMoveError(f"{die_text(s, d)} is already used this round")


def _check_payment(s: StateData, seat: int, pay: Payment, res: int, cost: int,
                   trades_ok: bool, what: str, exclude: Sequence[int] = ()) -> int:
    """Check a payment of resource ``res``; return the symbols it gives."""
    name = RESOURCES[res]
    if pay.chits < 0:
        raise MalformedMoveError(f"a payment cannot use a negative number of {name} chits")
    if any(len(pair) != 2 for pair in pay.trades):
        raise MalformedMoveError("each trade is exactly two dice")
    _own_unused(s, seat, pay.all_dice(), what)
    for d in pay.all_dice():
        if d in exclude:
            raise IllegalMoveError(f"{die_text(s, d)} is set aside to trade for food")
        if s.shows_unrest(d):
            raise IllegalMoveError(f"{die_text(s, d)}: the Unrest symbol gives nothing, "
                                   "not even in a trade")
    value = 0
    for d in pay.dice:
        v = s.face(d)[res]
        if not v:
            tradeable = trades_ok and res not in (BOOK, STRENGTH)
            raise IllegalMoveError(f"{die_text(s, d)} has no {name}" + (
                f" (two dice trade for 1 {name}: select another die to trade it with)"
                if tradeable else ""))
        value += v
    have = s.chits_of(seat, res)
    if pay.chits > have:
        raise IllegalMoveError(f"{seat_name(seat)} has {have} unused {name} "
                               f"chit{'s' if have != 1 else ''}, not {pay.chits}")
    value += pay.chits
    if pay.trades:
        if res in (BOOK, STRENGTH):
            raise IllegalMoveError(f"dice can be traded for gold, stone or food, never {name}")
        if not trades_ok:
            when = ("only in the famine step" if res == FOOD
                    else "only from the start of the round until you pass")
            raise IllegalMoveError(f"dice can be traded for {name} {when}")
        value += len(pay.trades)
    if value < cost:
        raise IllegalMoveError(f"{what} costs {cost} {name}; the selected dice and chits "
                               f"give {value}")
    return value


def unrest_due(s: StateData, seat: int) -> bool:
    """Unrest: ``seat``'s turn is starting and some of its green dice show the Unrest
    symbol, so it must settle them (an :class:`Unrest` move) before anything else.

    Seed 004 puts this "at the start of a turn": Unrest that appears later in a turn (a
    star-marked reroll, a green building's new dice) waits for the player's next turn.
    """
    return (s.config.unrest and not s.turn_underway and s.step == "actions"
            and bool(s.unrest_dice(seat)))


def _check_unrest(s: StateData, seat: int) -> _Plan:
    if not s.config.unrest:
        raise IllegalMoveError("Unrest moves belong to the Unrest expansion, which this game "
                               "is not played with")
    raise IllegalMoveError(f"{seat_name(seat)} has no green die showing Unrest at the start "
                           "of the turn: there is no Unrest to settle")


def _check_reroll(s: StateData, seat: int, m: Reroll) -> _Plan:
    if m.star:
        if not s.config.unrest:
            raise IllegalMoveError("star-marked reroll chits belong to the Unrest expansion, "
                                   "which this game is not played with")
        if s.players[seat].stars < 1:
            raise IllegalMoveError(f"{seat_name(seat)} has no unused star-marked reroll chit")
    elif s.players[seat].chits[REROLL_CHIT] < 1:
        raise IllegalMoveError(f"{seat_name(seat)} has no unused reroll chit")
    if not m.dice:
        raise IllegalMoveError("choose at least one die to reroll")
    _own_unused(s, seat, m.dice, "the reroll")
    return _Plan()


def _board_cell(s: StateData, tile_id: str) -> int:
    ref = s.comp.tile_ref.get(tile_id)
    if ref is None:
        raise IllegalMoveError(f"there is no tile {tile_id!r}")
    try:
        return s.board.index(ref)
    except ValueError:
        name = s.comp.tiles[ref].name
        raise IllegalMoveError(f"{name} ({tile_id}) is not on the progress board") from None


def _a(noun: str) -> str:
    """``noun`` with its indefinite article ("an advisor", "a colony")."""
    return f"{'an' if noun[:1] in 'aeiou' else 'a'} {noun}"


def _check_buy(s: StateData, seat: int, m: Buy) -> _Plan:
    cell = _board_cell(s, m.tile)
    tile = s.comp.tiles[s.board[cell]]
    cost = cell % BOARD_ROWS + 1
    res = RES_INDEX[tile.currency]
    plan = _Plan()
    _check_payment(s, seat, m.payment, res, cost, res == GOLD, f"{tile.name} (row {cost})")
    p = s.players[seat]
    if tile.kind != "building" and (m.replaces is not None or m.returned_dice is not None):
        raise IllegalMoveError(f"{tile.name} is {_a(tile.kind)}: only a building replaces one "
                               "of yours")
    if tile.kind != "advisor" and m.returned_used_rerolls is not None:
        raise IllegalMoveError(f"{tile.name} is {_a(tile.kind)}: only an advisor gives "
                               "reroll chits back")
    if tile.kind == "building":
        names = ", ".join(f"{s.comp.tiles[b].id} ({s.comp.tiles[b].name})" for b in p.buildings)
        if m.replaces is None:
            raise IllegalMoveError(f"choose which building {tile.name} replaces: one of {names}")
        ref = s.comp.tile_ref.get(m.replaces, -1)
        if ref not in p.buildings:
            raise IllegalMoveError(f"{m.replaces!r} is not one of your buildings: {names}")
        plan.slot = p.buildings.index(ref)
        plan.returned_dice = _returned_dice(s, seat, plan.slot, m, set(m.payment.all_dice()))
    elif tile.kind == "advisor" and p.advisor >= 0:
        n = p.advisor_rerolls
        used = p.chits_used[REROLL_CHIT]
        k = min(n, used) if m.returned_used_rerolls is None else m.returned_used_rerolls
        if not 0 <= k <= n:
            raise IllegalMoveError(f"your advisor gave {n} reroll chits; you can give back "
                                   f"0 to {n} of them from your used ones, not {k}")
        if k > used:
            raise IllegalMoveError(f"you have only {used} used reroll chits to give back")
        if n - k > p.chits[REROLL_CHIT]:
            raise IllegalMoveError(f"you have only {p.chits[REROLL_CHIT]} unused reroll chits; "
                                   f"give back at least {n - p.chits[REROLL_CHIT]} used ones")
        plan.returned_used = k
    elif tile.kind == "advisor" and m.returned_used_rerolls not in (None, 0):
        raise IllegalMoveError("you have no advisor whose reroll chits could go back")
    return plan


def give_back_order(s: StateData, seat: int, colour: str) -> list[int]:
    """``seat``'s dice of ``colour``, least useful first: fewest symbols, then by number.

    A replaced building's dice go back in this order by default, the used ones (and those
    paying for the new building) before the unused ones.
    """
    mine = [d for d in s.dice_of(seat) if DIE_COLOUR[d] == colour]
    mine.sort(key=lambda d: (sum(s.face(d)), d))
    return mine


def used_reroll_choices(s: StateData, seat: int) -> range:
    """How many of the reroll chits ``seat``'s advisor brought can go back from the used
    ones when a new advisor replaces it (the others go back from the unused ones); empty
    without an advisor.  By default (``Buy.returned_used_rerolls`` left out) the most.
    There is a choice only when the player holds more reroll chits than the advisor
    brought (the starting one), some used and some not.
    """
    p = s.players[seat]
    if p.advisor < 0:
        return range(0)
    n = p.advisor_rerolls
    return range(max(0, n - p.chits[REROLL_CHIT]), min(n, p.chits_used[REROLL_CHIT]) + 1)


def _returned_dice(s: StateData, seat: int, slot: int, m: Buy,
                   paid: set[int]) -> tuple[int, ...]:
    p = s.players[seat]
    old = s.comp.tiles[p.buildings[slot]]
    n = p.building_dice[slot]
    colour = old.dice_colour
    assert colour is not None
    mine = give_back_order(s, seat, colour)
    if m.returned_dice is None:
        # Default: dice already used (or being paid now) first, then the least useful.
        used = s.dice_used
        first = [d for d in mine if used[d] or d in paid]
        if len(first) < n:
            first += [d for d in mine if not (used[d] or d in paid)]
        return tuple(sorted(first[:n]))
    chosen = m.returned_dice
    if len(chosen) != n or len(set(chosen)) != n:
        raise IllegalMoveError(f"{old.name} gave {n} {colour} "
                               f"{'die' if n == 1 else 'dice'}: return exactly {n}")
    for d in chosen:
        if d not in mine:
            raise IllegalMoveError(f"{die_text(s, d)} is not one of your {colour} dice")
    return chosen


def _check_build(s: StateData, seat: int, m: Build) -> _Plan:
    p = s.players[seat]
    if p.wonder < 0:
        raise IllegalMoveError("you have no wonder under construction")
    wonder = s.comp.tiles[p.wonder]
    _check_payment(s, seat, m.payment, STONE, wonder.stone_cost, True, f"building {wonder.name}")
    return _Plan()


def bonus_due(s: StateData, seat: int) -> bool:
    """Unrest: passing now earns a passing bonus: everybody else has not passed yet (the
    last to pass gets nothing; in a solo game the one player is always the last)."""
    return s.config.unrest and any(
        not p.passed for other, p in enumerate(s.players) if other != seat)


def _check_pass(s: StateData, seat: int, m: Pass) -> _Plan:
    if m.bonus is not None or bonus_due(s, seat):
        if not s.config.unrest:
            raise IllegalMoveError("passing bonuses belong to the Unrest expansion, which this "
                                   "game is not played with")
        left = [s.comp.bonuses[b] for b in s.bonuses_left()]
        names = ", ".join(f"{b.id} ({b.name}: +1 {b.resource})" for b in left)
        if not bonus_due(s, seat):
            raise IllegalMoveError("the last player to pass takes no passing bonus")
        if m.bonus is None:
            raise IllegalMoveError(f"passing now takes a passing bonus: choose one of {names}")
        if m.bonus not in [b.id for b in left]:
            raise IllegalMoveError(f"{m.bonus!r} is not a passing bonus left: choose one of "
                                   f"{names}")
    if m.pledge:
        if s.config.variant != "accelerated":
            raise IllegalMoveError("setting dice aside for food when passing is part of the "
                                   "Accelerated variant only; in the Original rules you trade "
                                   "for food in the famine step")
        if len(m.pledge) % 2:
            raise IllegalMoveError("dice are traded for food two at a time: pledge an even "
                                   "number of dice")
        _own_unused(s, seat, m.pledge, "the food trade")
        for d in m.pledge:
            if s.shows_unrest(d):
                raise IllegalMoveError(f"{die_text(s, d)}: the Unrest symbol cannot be traded")
    return _Plan()


def _check_books(s: StateData, seat: int, m: Books) -> _Plan:
    _own_unused(s, seat, m.dice, "books")
    pledge = s.players[seat].pledge
    for d in m.dice:
        if d in pledge:
            raise IllegalMoveError(f"{die_text(s, d)} is set aside to trade for food")
        if not s.face(d)[BOOK]:
            raise IllegalMoveError(f"{die_text(s, d)} has no book")
    have = s.chits_of(seat, BOOK)
    if not 0 <= m.chits <= have:
        raise IllegalMoveError(f"you have {have} unused book chit{'s' if have != 1 else ''}, "
                               f"not {m.chits}")
    return _Plan()


def _check_feed(s: StateData, seat: int, m: Feed) -> _Plan:
    need = s.event_spec.famine
    pledge = s.players[seat].pledge
    if m.payment is None:
        return _Plan()
    pledged = len(pledge) // 2
    accelerated = s.config.variant == "accelerated"
    if accelerated and m.payment.trades:
        raise IllegalMoveError("in the Accelerated variant food trades are chosen when "
                               "passing")
    value = _check_payment(s, seat, m.payment, FOOD, 0, not accelerated, "the famine",
                           exclude=pledge)
    if value + pledged < need:
        raise IllegalMoveError(
            f"the famine asks for {need} food; this gives {value + pledged}, which scores "
            "nothing (a part payment is wasted): pay in full, or pay nothing")
    return _Plan()


def _check_fight(s: StateData, seat: int, m: Fight) -> _Plan:
    need = s.event_spec.war
    if m.payment is None:
        return _Plan()
    value = _check_payment(s, seat, m.payment, STRENGTH, 0, False, "the war")
    if value < need:
        raise IllegalMoveError(
            f"the war asks for {need} strength; this gives {value}, which scores nothing "
            "(a part payment is wasted): pay in full, or pay nothing")
    return _Plan()


# ---------------------------------------------------------------------- performing
def _spend(s: StateData, seat: int, pay: Payment, res: int) -> None:
    for d in pay.all_dice():
        s.dice_used[d] = True
    s.spend_chits(seat, res, pay.chits)


def _gain_chit(s: StateData, seat: int, kind: str | None, source: str, log: MaybeLog) -> None:
    if kind is None:
        return
    if kind == "star":
        # Unrest: a star-marked reroll chit, if the box has one left
        if s.supply_stars() > 0:
            s.players[seat].stars += 1
            _note(log, lambda: _entry(s, seat, "chit", f"{seat_name(seat)} takes a star-marked "
                              f"reroll chit from {source}.", chit=kind))
        else:
            _note(log, lambda: _entry(s, seat, "chit", "The supply has no star-marked reroll "
                              f"chit left: {source} gives none.", chit=None))
        return
    k = CHIT_KINDS.index(kind)
    if s.supply_chit(k) > 0:
        s.players[seat].chits[k] += 1
        _note(log, lambda: _entry(s, seat, "chit", f"{seat_name(seat)} takes a {kind} chit "
                          f"from {source}.", chit=kind))
    else:
        _note(log, lambda: _entry(s, seat, "chit", f"The supply has no {kind} chit left: "
                          f"{source} gives none.", chit=None))


def _perform(s: StateData, seat: int, move: Move, plan: _Plan, log: MaybeLog, auto: bool) -> None:
    if isinstance(move, (Reroll, Buy, Build, Pass, Unrest)):
        _perform_action(s, seat, move, plan, log)
        return
    p = s.players[seat]
    age = s.round
    if isinstance(move, Books):
        gained = move.chits
        for d in move.dice:
            s.dice_used[d] = True
            gained += s.face(d)[BOOK]
        s.spend_chits(seat, BOOK, move.chits)
        p.books += gained
        _note(log, lambda: _entry(s, seat, "books", f"{seat_name(seat)} uses {gained} "
                          f"book{'s' if gained != 1 else ''} (now {p.books}).", auto,
                          dice=list(move.dice), chits=move.chits, books=gained))
    elif isinstance(move, Feed):
        need = s.event_spec.famine
        traded = ""
        if p.pledge:
            for d in p.pledge:
                s.dice_used[d] = True
            traded = f" (with {len(p.pledge) // 2} food traded when passing)"
        if move.payment is not None:
            _spend(s, seat, move.payment, FOOD)
            p.vp_famine += age
            p.fed = True
            text = (f"{seat_name(seat)} feeds the people ({need} food) paying "
                    f"{_payment_text(s, move.payment, FOOD)}{traded}: +{age} VP.")
        else:
            p.fed = False
            text = f"{seat_name(seat)} does not meet the famine ({need} food){traded}."
        # a famine not met: how much food the player could raise (the pledged dice are
        # used by now: their food counts as traded), for the round's summary
        _note(log, lambda: _entry(s, seat, "feed", text, auto, fed=p.fed,
                          payment=None if move.payment is None else move.payment.to_json(),
                          pledge=list(p.pledge), need=need,
                          had=None if p.fed else len(p.pledge) // 2 + most_payable(
                              s, seat, FOOD, need, s.config.variant != "accelerated")))
    elif isinstance(move, Fight):
        need = s.event_spec.war
        if move.payment is not None:
            _spend(s, seat, move.payment, STRENGTH)
            p.vp_war += age
            p.fought = True
            text = (f"{seat_name(seat)} wins the war ({need} strength) paying "
                    f"{_payment_text(s, move.payment, STRENGTH)}: +{age} VP.")
        else:
            p.fought = False
            text = f"{seat_name(seat)} does not meet the war ({need} strength)."
        # a war not met: how much strength the player had (for the round's summary)
        _note(log, lambda: _entry(s, seat, "fight", text, auto, fought=p.fought,
                          payment=None if move.payment is None else move.payment.to_json(),
                          need=need, had=None if p.fought else most_payable(
                              s, seat, STRENGTH, need, False)))
    s.pending.pop(0)


def _perform_action(s: StateData, seat: int, move: Move, plan: _Plan, log: MaybeLog) -> None:
    p = s.players[seat]
    tiles = s.comp.tiles
    if isinstance(move, Pass):
        if move.bonus is not None:
            _take_bonus(s, seat, move.bonus, log)
        p.passed = True
        p.pledge = move.pledge
        _note(log, lambda: _entry(s, seat, "pass", f"{seat_name(seat)} passes.",
                          ))  # the pledge stays secret: the feed entry tells it later
    elif isinstance(move, Unrest):
        if _perform_unrest(s, seat, move, log):
            return                      # set aside: no action spent, the turn goes on
    elif isinstance(move, Reroll):
        if move.star:
            p.stars -= 1
            p.stars_used += 1
        else:
            p.chits[REROLL_CHIT] -= 1
            p.chits_used[REROLL_CHIT] += 1
        _rng_roll(s, move.dice)
        _note(log, lambda: _entry(s, seat, "reroll", f"{seat_name(seat)} rerolls "
                          f"{len(move.dice)} {'die' if len(move.dice) == 1 else 'dice'}"
                          + (" with a star-marked chit (no action spent)" if move.star else "")
                          + ": " + ", ".join(shown_face(s, d) for d in move.dice) + ".",
                          dice=list(move.dice), faces=[s.dice_face[d] for d in move.dice]))
        if move.star:
            # Seed 004: a star-marked reroll chit costs no action, so the turn goes on;
            # Unrest it shows now waits for the next turn.
            s.turn_underway = True
            return
    elif isinstance(move, Buy):
        _perform_buy(s, seat, move, plan, log)
    elif isinstance(move, Build):
        wonder = tiles[p.wonder]
        _spend(s, seat, move.payment, STONE)
        p.wonders.append(p.wonder)
        p.wonder = -1
        _note(log, lambda: _entry(s, seat, "build", f"{seat_name(seat)} builds {wonder.name} "
                          f"paying {_payment_text(s, move.payment, STONE)}.", tile=wonder.id,
                          payment=move.payment.to_json()))
        _gain_chit(s, seat, wonder.chit, wonder.name, log)
    if s.config.players == 1 and not isinstance(move, Pass):
        _solo_removal(s, log)
    # next seat in order that has not passed; the cursor stays put once all have passed
    s.turn_underway = False
    n = len(s.order)
    for step in range(1, n + 1):
        nxt = (s.cursor + step) % n
        if not s.players[s.order[nxt]].passed:
            s.cursor = nxt
            break


def _perform_unrest(s: StateData, seat: int, move: Unrest, log: MaybeLog) -> bool:
    """Settle Unrest (seed 004: "never only some of them", so always all the dice showing
    it).  "reroll": the dice roll again, no reroll chit is spent, and that is the turn's
    action.  "set_aside": the dice go to the used area and the player then takes a normal
    action.  Returns True when the turn goes on (set aside)."""
    dice = s.unrest_dice(seat)
    if move.choice == "reroll":
        _rng_roll(s, dice)
        _note(log, lambda: _entry(s, seat, "unrest", f"{seat_name(seat)} settles Unrest by "
                          f"rerolling {len(dice)} green {'die' if len(dice) == 1 else 'dice'} "
                          "(the turn's action): " + ", ".join(shown_face(s, d) for d in dice)
                          + ".", dice=dice, faces=[s.dice_face[d] for d in dice]))
        return False
    for d in dice:
        s.dice_used[d] = True
    s.turn_underway = True
    _note(log, lambda: _entry(s, seat, "unrest", f"{seat_name(seat)} settles Unrest by setting "
                      f"{len(dice)} green {'die' if len(dice) == 1 else 'dice'} aside (no action "
                      "spent).", dice=dice))
    return True


def _take_bonus(s: StateData, seat: int, bonus_id: str, log: MaybeLog) -> None:
    """Unrest's passing bonuses, as read from seed 004: every passer but the last takes one
    of the bonus tiles left (the first to pass chooses among all of them, hence "+1 of any
    resource"); each gives one more of its resource for the rest of the age (the book,
    famine, player-order and war steps), spent like a chit; all go back at the age's end."""
    p = s.players[seat]
    p.bonus = s.comp.bonus_ref[bonus_id]
    p.bonus_spent = False
    bonus = s.comp.bonuses[p.bonus]
    _note(log, lambda: _entry(s, seat, "bonus", f"{seat_name(seat)} takes the passing bonus "
                      f"{bonus.name} (+1 {bonus.resource} this age).", bonus=bonus.id))


def _perform_buy(s: StateData, seat: int, m: Buy, plan: _Plan, log: MaybeLog) -> None:
    p = s.players[seat]
    tiles = s.comp.tiles
    cell = s.board.index(s.comp.tile_ref[m.tile])
    ref = s.board[cell]
    tile = tiles[ref]
    res = RES_INDEX[tile.currency]
    _spend(s, seat, m.payment, res)
    s.board[cell] = -1
    _note(log, lambda: _entry(s, seat, "buy", f"{seat_name(seat)} buys {tile.name} ({tile.kind}, "
                      f"row {cell % BOARD_ROWS + 1}) paying {_payment_text(s, m.payment, res)}.",
                      tile=tile.id, payment=m.payment.to_json()))
    if tile.kind == "building":
        old = tiles[p.buildings[plan.slot]]
        mine = s.owned[seat]
        for d in plan.returned_dice:
            s.dice_owner[d] = -1
            s.dice_used[d] = False
            s.dice_face[d] = 0
            mine.remove(d)
        colour = tile.dice_colour
        assert colour is not None
        supply = s.supply_dice(colour)
        taken = supply[:tile.dice_count]
        for d in taken:
            s.dice_owner[d] = seat
            s.dice_used[d] = False
        mine += taken
        mine.sort()
        _rng_roll(s, taken)
        p.buildings[plan.slot] = ref
        p.building_dice[plan.slot] = len(taken)
        short = ""
        if len(taken) < tile.dice_count:
            short = f" (the supply had only {len(taken)} {colour} left)"
        _note(log, lambda: _entry(s, seat, "building", f"{tile.name} replaces {old.name}; "
                          f"{len(plan.returned_dice)} {old.dice_colour} "
                          f"{'die goes' if len(plan.returned_dice) == 1 else 'dice go'} back, "
                          f"{len(taken)} {colour} new: "
                          f"{', '.join(face_text(s.face(d)) for d in taken) or 'none'}{short}.",
                          replaced=old.id, returned=list(plan.returned_dice), taken=taken,
                          faces=[s.dice_face[d] for d in taken]))
    elif tile.kind == "advisor":
        if p.advisor >= 0:
            old = tiles[p.advisor]
            k = plan.returned_used
            p.chits_used[REROLL_CHIT] -= k
            p.chits[REROLL_CHIT] -= p.advisor_rerolls - k
            _note(log, lambda: _entry(s, seat, "advisor", f"{old.name} leaves and takes back "
                              f"{p.advisor_rerolls} reroll chits ({k} used).",
                              replaced=old.id))
        gain = min(tile.rerolls, s.supply_chit(REROLL_CHIT))
        p.chits[REROLL_CHIT] += gain
        p.advisor = ref
        p.advisor_rerolls = gain
        _note(log, lambda: _entry(s, seat, "advisor", f"{tile.name} brings {gain} reroll "
                          f"chit{'s' if gain != 1 else ''}"
                          + (" (the supply ran short)." if gain < tile.rerolls else "."),
                          rerolls=gain))
    elif tile.kind == "colony":
        p.colonies.append(ref)
        _gain_chit(s, seat, tile.chit, tile.name, log)
    else:
        if p.wonder >= 0:
            _note(log, lambda: _entry(s, seat, "wonder", f"The unbuilt {tiles[p.wonder].name} "
                              "is discarded.", discarded=tiles[p.wonder].id))
        p.wonder = ref


def _solo_removal(s: StateData, log: MaybeLog) -> None:
    roll = _rng_below(s, SOLO_DIE_SIDES) + 1
    rerolls = 0
    while roll == SOLO_DIE_SIDES and s.config.solo_tougher:
        rerolls += 1
        roll = _rng_below(s, SOLO_DIE_SIDES) + 1
    s.solo_roll = roll
    text = f"The shadow opponent rolls {roll}"
    if rerolls:
        text += f" (after rerolling {rerolls} four{'s' if rerolls > 1 else ''})"
    removed = None
    if roll < SOLO_DIE_SIDES:           # the highest side takes no column
        column = s.board[(roll - 1) * BOARD_ROWS:roll * BOARD_ROWS]
        for row, ref in enumerate(column):
            if ref >= 0:
                s.board[(roll - 1) * BOARD_ROWS + row] = -1
                removed = s.comp.tiles[ref]
                text += f" and takes {removed.name} from column {roll}."
                break
        else:
            text += f": column {roll} is empty, nothing happens."
    else:
        text += ": nothing happens."
    _note(log, lambda: _entry(s, None, "solo", text, auto=True, roll=roll,
                      removed=None if removed is None else removed.id))


# --------------------------------------------------------------------- legal moves
def legal_moves(s: StateData) -> list[Move]:
    seat = current_player(s)
    if seat is None:
        moves: list[Move] = []
    elif s.step == "actions":
        moves = _legal_actions(s, seat)
    elif s.step == "books":
        moves = _legal_books(s, seat)
    elif s.step == "famine":
        moves = _legal_feed(s, seat)
    else:
        moves = _legal_fight(s, seat)
    s.listed = tuple(moves)
    return moves


# Listing every distinct reroll is the costliest part of legal_moves(), and the same
# groups of alike dice recur (about half the time in random play, far more in search and
# in the widget, which ask again about the same position), so the lists are kept.  Moves
# are immutable, so sharing them is safe.  The bound only guards memory.
_REROLL_LISTS: dict[tuple[tuple[int, ...], ...], list[Reroll]] = {}


class _RerollsByDice(dict[tuple[int, ...], Reroll]):
    """One shared Reroll per set of dice: the same sets recur across many lists."""

    def __missing__(self, dice: tuple[int, ...]) -> Reroll:
        if len(self) > 200_000:
            self.clear()
        move = self[dice] = Reroll.of_sorted(dice)
        return move


_REROLLS = _RerollsByDice()


class _StarRerollsByDice(dict[tuple[int, ...], Reroll]):
    """Likewise for rerolls with a star-marked chit (Unrest)."""

    def __missing__(self, dice: tuple[int, ...]) -> Reroll:
        if len(self) > 200_000:
            self.clear()
        move = self[dice] = Reroll.of_sorted(dice, star=True)
        return move


_STAR_REROLLS = _StarRerollsByDice()
_STAR_LISTS: dict[tuple[tuple[int, ...], ...], list[Reroll]] = {}


def _star_reroll_moves(groups: tuple[tuple[int, ...], ...]) -> list[Reroll]:
    """:func:`_reroll_moves` with a star-marked chit (Unrest), kept likewise."""
    moves = _STAR_LISTS.get(groups)
    if moves is None:
        if len(_STAR_LISTS) > 20_000:
            _STAR_LISTS.clear()
        moves = _STAR_LISTS[groups] = [_STAR_REROLLS[m.dice] for m in _reroll_moves(groups)]
    return moves


def _reroll_moves(groups: tuple[tuple[int, ...], ...]) -> list[Reroll]:
    """Every distinct reroll of dice in ``groups`` (dice alike in colour and face, each in
    number order), sorted by die numbers: choose how many of each group to roll again."""
    moves = _REROLL_LISTS.get(groups)
    if moves is None:
        if len(_REROLL_LISTS) > 20_000:
            _REROLL_LISTS.clear()
        prefixes = [[g[:c] for c in range(len(g) + 1)] for g in groups]
        choices = sorted(map(tuple, map(sorted, map(chain.from_iterable,
                                                     product(*prefixes)))))
        moves = _REROLL_LISTS[groups] = list(map(_REROLLS.__getitem__, choices[1:]))  # [0]: none
    return moves


_CELL_ORDERS: dict[tuple[int, ...], tuple[int, ...]] = {}


def _cells_by_tile_id(s: StateData, key: tuple[int, ...]) -> tuple[int, ...]:
    """The board's occupied cells in the order of their tiles' ids, kept per board (a board
    changes only when a tile is taken).  ``key``: the components' id, then the board (ids
    depend on the catalogue; components live as long as the program)."""
    order = _CELL_ORDERS.get(key)
    if order is None:
        if len(_CELL_ORDERS) > 20_000:
            _CELL_ORDERS.clear()
        rank, board = s.comp.tile_rank, s.board
        order = _CELL_ORDERS[key] = tuple(sorted(
            (c for c in range(len(board)) if board[c] >= 0), key=lambda c: rank[board[c]]))
    return order


_UNREST_MOVES: tuple[Unrest, ...] = tuple(Unrest(c) for c in UNREST_CHOICES)


def _legal_actions(s: StateData, seat: int) -> list[Move]:
    """The actions; with Unrest, only the two ways to settle it while it is due (see
    :func:`unrest_due`), passes naming each passing bonus left when one is due (see
    :func:`bonus_due`: taking one is never worse than not, so it is not optional), and
    rerolls with a star-marked chit besides the ordinary ones."""
    p = s.players[seat]
    if unrest_due(s, seat):
        return list(_UNREST_MOVES)
    pledges: list[tuple[int, ...]] = [()]
    if s.config.variant == "accelerated":
        pledges += _pledge_options(s, seat)
    if bonus_due(s, seat):
        bonuses = s.comp.bonuses
        ids = sorted(bonuses[b].id for b in s.bonuses_left())
        moves: list[Move] = [Pass(pledge, b) for pledge in pledges for b in ids]
    else:
        moves = [Pass(pledge) for pledge in pledges]
    unused = s.unused_dice(seat)
    if p.chits[REROLL_CHIT] or p.stars:
        groups: dict[tuple[str, int], list[int]] = {}
        for d in unused:
            groups.setdefault((DIE_COLOUR[d], s.dice_face[d]), []).append(d)
        key = tuple(map(tuple, groups.values()))
        if p.chits[REROLL_CHIT]:
            moves += _reroll_moves(key)
        if p.stars:
            moves += _star_reroll_moves(key)
    tiles = s.comp.tiles
    board = s.board
    currency = s.comp.tile_currency
    costs: dict[int, set[int]] = {}
    for cell, ref in enumerate(board):
        if ref >= 0:
            costs.setdefault(currency[ref], set()).add(cell % BOARD_ROWS + 1)
    payments = {res: find_payments(s, seat, res, sorted(cs), res == GOLD, unused=unused)
                for res, cs in costs.items()}
    # The printed starting buildings are all alike (one white die, no VP), so replacing one
    # or another is the same choice: list the first of them, and every bought building.
    replaceable: list[str] = []
    start_kinds = set()
    n_start = s.comp.n_start
    for slot, b in enumerate(p.buildings):
        if b < n_start:
            if p.building_dice[slot] in start_kinds:
                continue
            start_kinds.add(p.building_dice[slot])
        replaceable.append(tiles[b].id)
    replaceable.sort()                        # legal moves list buys by tile, then by this id
    for cell in _cells_by_tile_id(s, (id(s.comp), *board)):
        ref = board[cell]
        pay = payments[currency[ref]][cell % BOARD_ROWS + 1]
        if pay is None:
            continue
        tile = tiles[ref]
        if tile.kind == "building":
            moves += [Buy.of(tile.id, pay, r) for r in replaceable]
        else:
            moves.append(Buy.of(tile.id, pay))
    if p.wonder >= 0:
        cost = tiles[p.wonder].stone_cost
        pay = find_payments(s, seat, STONE, (cost,), True, unused=unused)[cost]
        if pay is not None:
            moves.append(Build(pay))
    return moves


def _pledge_options(s: StateData, seat: int) -> list[tuple[int, ...]]:
    """Accelerated variant: sets of dice worth pledging for food when passing."""
    need = s.event_spec.famine - food_now(s, seat)
    if need <= 0:
        return []
    candidates = [d for d in s.unused_dice(seat) if not s.face(d)[FOOD]
                  and not s.shows_unrest(d)]
    if len(candidates) < 2 * need:
        return []
    out: list[tuple[int, ...]] = []
    for spare in ((STRENGTH, BOOK), (BOOK, STRENGTH)):
        candidates.sort(key=lambda d: (s.face(d)[spare[0]], s.face(d)[spare[1]],
                                       sum(s.face(d)), d))
        pledge = tuple(sorted(candidates[:2 * need]))
        if pledge not in out:
            out.append(pledge)
    return sorted(out)


def _legal_books(s: StateData, seat: int) -> list[Move]:
    """Option k keeps the k book dice showing the fewest books (to trade them for food);
    option 0 uses everything.  Book chits cannot be traded, so they are always used."""
    pledge = s.players[seat].pledge
    dice = [d for d in s.unused_dice(seat) if s.face(d)[BOOK] and d not in pledge]
    dice.sort(key=lambda d: (s.face(d)[BOOK], d))
    chits = s.chits_of(seat, BOOK)
    return [Books(tuple(dice[k:]), chits) for k in range(len(dice) + 1)]


def _legal_feed(s: StateData, seat: int) -> list[Move]:
    pay = find_payment(s, seat, FOOD, s.event_spec.famine, True, FAMINE_WEIGHTS)
    return [Feed(None)] if pay is None else [Feed(None), Feed(pay)]


def _accelerated_feeding(s: StateData, seat: int) -> Move:
    pledge = s.players[seat].pledge
    need = s.event_spec.famine - len(pledge) // 2
    if need <= 0:
        return Feed(Payment())
    pay = find_payment(s, seat, FOOD, need, False, FAMINE_WEIGHTS, exclude=pledge)
    return Feed(pay)


def _legal_fight(s: StateData, seat: int) -> list[Move]:
    pay = find_payment(s, seat, STRENGTH, s.event_spec.war, False, WAR_WEIGHTS)
    return [Fight(None)] if pay is None else [Fight(None), Fight(pay)]


# ------------------------------------------------------------------- descriptions
def describe_move(s: StateData, move: Move) -> str:
    """A sentence describing ``move`` in this position (for tooltips and logs)."""
    tiles = s.comp.tiles
    move = resolved_move(s, move)
    if isinstance(move, Pass):
        bonus = ""
        if move.bonus is not None:
            ref = s.comp.bonus_ref.get(move.bonus)
            b = s.comp.bonuses[ref] if ref is not None else None
            bonus = (f", taking the passing bonus {b.name} (+1 {b.resource} this round)"
                     if b else f", taking unknown bonus {move.bonus}")
        if move.pledge:
            return (f"Pass, setting aside {len(move.pledge)} dice to trade for "
                    f"{len(move.pledge) // 2} food in the famine{bonus}")
        return f"Pass (no more actions this round){bonus}"
    if isinstance(move, Unrest):
        seat = current_player(s)
        dice = s.unrest_dice(seat) if seat is not None else []
        which = dice_text(s, dice) if dice else "none"
        if move.choice == "reroll":
            return (f"Unrest: reroll every green die showing it ({which}); this is your "
                    "action, and costs no reroll chit")
        return (f"Unrest: set every green die showing it aside ({which}), then take an "
                "action")
    if isinstance(move, Reroll):
        chit = "a star-marked reroll chit (no action spent)" if move.star else "a reroll chit"
        return f"Spend {chit} to roll again " + dice_text(s, move.dice)
    if isinstance(move, Buy):
        ref = s.comp.tile_ref.get(move.tile)
        if ref is None:
            return f"Buy unknown tile {move.tile}"
        tile = tiles[ref]
        res = RES_INDEX[tile.currency]
        text = f"Buy {tile.name} ({tile.kind}) paying {_payment_text(s, move.payment, res)}"
        if move.replaces:
            old = s.comp.tile_ref.get(move.replaces)
            text += f", replacing {tiles[old].name if old is not None else move.replaces}"
        return text
    if isinstance(move, Build):
        seat = current_player(s)
        wonder = s.players[seat].wonder if seat is not None else -1
        name = tiles[wonder].name if wonder >= 0 else "the wonder"
        return f"Build {name} paying {_payment_text(s, move.payment, STONE)}"
    if isinstance(move, Books):
        return "Use books: " + (_payment_text(s, Payment(move.dice, move.chits), BOOK))
    if isinstance(move, Feed):
        if move.payment is None:
            return "Do not feed (score nothing for the famine)"
        return f"Feed the people paying {_payment_text(s, move.payment, FOOD)}"
    if move.payment is None:
        return "Do not fight (score nothing for the war)"
    return f"Fight paying {_payment_text(s, move.payment, STRENGTH)}"


__all__ = ["ROUND", "STEP_NAMES", "LogEntry", "Step", "apply", "bonus_due", "check",
           "current_player", "describe_move", "legal_moves", "new_game", "shown_face",
           "unrest_due"]
