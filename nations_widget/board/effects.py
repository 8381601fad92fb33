"""The interpreter of the effect vocabulary (:mod:`nations_widget.board.vocabulary`), and
the operations every rule uses.

The interpreter walks an outcome for one nation.  A walk *plans* (reads the state, collects
the player's choices) or *applies* (changes the state following the choices already made).
When a plan reaches a choice it has no answer for, it stops and reports the options: the
rules then ask the player (a ``Choose`` move) and walk again with one more answer.  Choices
are indices into the option lists, so a walk with the same answers in the same position
always does the same thing.

The operations: gaining and losing resources (with the rulebook's shortfall rule), taking
and returning workers, counts, conditions and selections, and the triggers an outcome can
set off, which therefore live beside the walk: taking a card from the progress board
(:func:`take_card`, a free buy), building wonder sections (:func:`build_sections`, a free
hire), firing the cards' effects (:func:`fire`) and moving nations in player order
(:func:`reorder`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .constants import (
    BOOKS,
    CARD_TYPES,
    DESTINATIONS,
    FOOD,
    GOLD,
    PRICES,
    RESOURCES,
    SECTIONS,
    STONE,
    VP,
)
from .decisions import (
    BattleSpoils,
    EffectChoice,
    GoldenAgeChoice,
    LoseOther,
    PlaceAdvisor,
    PlaceBm,
    PlaceColony,
    PlaceWonder,
)
from .in_play import active_with, modifier_total, modifiers_on, private_of
from .scoring import least_of, most_of, stability_rank_values, strength_track
from .solo import shadow_value
from .state import StateData, columns
from .vocabulary import (
    AllOf,
    BuyFree,
    ChooseOne,
    Cond,
    Count,
    DeployFree,
    Gain,
    Go,
    HireFree,
    IfThen,
    KeepOrder,
    LeastStabilityForRound,
    Lose,
    LoseAllBut,
    May,
    Others,
    Outcome,
    Pay,
    RegainWarLosses,
    Remove,
    RemoveAll,
    ReturnWorkers,
    StrengthTemp,
    SwapBoardCards,
    TakeWorkers,
    To,
    UndeployFor,
    Who,
)
from .words import (
    Log,
    amounts_text,
    count_text,
    counted,
    describe,
    losses_text,
    note,
    seat_name,
    worker_taken_text,
)


def gain(s: StateData, seat: int, res: int, n: int) -> None:
    if n > 0:
        s.players[seat].res[res] += n


def shortfall_vp(s: StateData, seat: int, res: int) -> str:
    """Lose 1 VP for running short of ``res`` — at most once per round per resource, and
    never with a card that waives it.  Returns what happened, in words."""
    p = s.players[seat]
    if p.vp_lost >> res & 1:
        return "no VP (one was lost for it already this round)"
    p.vp_lost |= 1 << res
    if modifier_total(s, seat, "no_shortfall_vp"):
        return "no VP (a card waives it)"
    if p.res[VP] > 0:
        p.res[VP] -= 1
        return "1 VP"
    return "no VP (none left)"


def lose(s: StateData, seat: int, res: int, n: int, log: Log) -> int:
    """Pay ``n`` of ``res`` to the supply, following the rulebook's shortfall rule: a
    nation that has too little loses what it has, 1 VP, and 1 book per missing unit; with
    no books left it loses 1 VP and one other resource of its choice per missing book
    (asked after the step, see ``lose_other`` decisions).  Returns how much was paid."""
    if n <= 0:
        return 0
    p = s.players[seat]
    if res == VP:
        paid = min(n, p.res[VP])
        p.res[VP] -= paid
        return paid
    have = p.res[res]
    if have >= n:
        p.res[res] = have - n
        return n
    missing = n - have
    p.res[res] = 0
    vp = shortfall_vp(s, seat, res)
    others = res == BOOKS and any(p.res[r] for r in (GOLD, STONE, FOOD))
    # the rulebook's example: "you lose those 2, 1 VP, and 3 books"
    lost = (f"the {count_text(res, have)} it has"
            if have else f"no {RESOURCES[res] if res != BOOKS else 'book'} (it has none)")
    then = (f"{counted(missing, 'other resource')} of its choice" if others
            else "no other resource (it has no gold, stone or food)" if res == BOOKS
            else counted(missing, "book"))
    note(log, s, seat, "shortfall", lambda: f"{seat_name(seat)} is "
         f"{count_text(res, missing)} short: loses {lost}, {vp}, and {then}.",
         resource=RESOURCES[res], missing=missing)
    if res == BOOKS:
        if others:
            s.queue.append(LoseOther(seat, missing))
    else:
        lose(s, seat, BOOKS, missing, log)
    return have


def take_worker(s: StateData, seat: int, section: str) -> None:
    """Take a worker from the population track ("food", "stability" or "free")."""
    p = s.players[seat]
    if section == "free":
        p.on_top -= 1
    elif section == "food":
        p.taken_food += 1
    else:
        p.taken_stab += 1
    p.idle += 1


def take_options(s: StateData, seat: int, taken_food: int | None = None,
                 taken_stab: int | None = None, on_top: int | None = None) -> list[str]:
    p = s.players[seat]
    side = s.side_of(seat)
    tf = p.taken_food if taken_food is None else taken_food
    ts = p.taken_stab if taken_stab is None else taken_stab
    top = p.on_top if on_top is None else on_top
    if top > 0:
        return ["free"]
    out = []
    if tf < side.food_section:
        out.append("food")
    if ts < side.stability_section:
        out.append("stability")
    return out


def return_worker(s: StateData, seat: int, source: int, section: str) -> None:
    """Return a worker (from the resource area, ``source`` -1, or from slot ``source``) to
    the population track: to a section with room, or on top of the track."""
    p = s.players[seat]
    if source < 0:
        p.idle -= 1
    else:
        p.workers[source] -= 1
    if section == "food":
        p.taken_food -= 1
        p.hidden = min(p.hidden, p.taken_food)
    elif section == "stability":
        p.taken_stab -= 1
    else:
        p.on_top += 1


def return_destinations(s: StateData, seat: int, tf: int, ts: int) -> list[str]:
    out = []
    if tf > 0:
        out.append("food")
    if ts > 0:
        out.append("stability")
    return out or ["top"]


# -------------------------------------------------------------------------- counting
def count(s: StateData, seat: int, c: Count, undeployed: int = 0) -> int:
    p = s.players[seat]
    cards = s.comp.cards
    k = c.kind
    if k == "wars_and_battles_bought":
        return p.bought[CARD_TYPES.index("war")] + p.bought[CARD_TYPES.index("battle")]
    if k == "colonies_bought":
        return p.bought[CARD_TYPES.index("colony")]
    if k == "golden_ages_bought":
        return p.bought[CARD_TYPES.index("golden age")]
    if k == "colonies":
        return sum(1 for r in p.colonies if not c.age or cards[r].age == c.age)
    if k == "cards":
        types = c.type.split(",") if c.type else []
        age = age_now(s) if c.age == -1 else c.age
        return sum(1 for r in p.bm + p.advisors + p.colonies + p.wonders
                   if r >= 0 and (not types or cards[r].type in types)
                   and (not age or cards[r].age == age))
    if k == "workers_on":
        return sum(w for r, w in zip(p.bm, p.workers, strict=True)
                   if (not c.type or cards[r].type == c.type)
                   and (not c.age or cards[r].age == c.age))
    return undeployed


def age_now(s: StateData) -> int:
    return (s.round + 1) // 2


def workers_of(s: StateData, seat: int) -> int:
    p = s.players[seat]
    return p.idle + sum(p.workers)


def metric_values(s: StateData, metric: str) -> list[int]:
    """Every seat's value of ``metric`` as rankings compare it (the solo game: the player's
    and then the shadow's, see solo.py)."""
    values = _metric_values(s, metric)
    if len(s.players) == 1:
        values.append(shadow_value(s, metric))
    return values


def _metric_values(s: StateData, metric: str) -> list[int]:
    n = len(s.players)
    if metric == "strength":
        return [strength_track(s, x) for x in range(n)]
    if metric == "stability":
        return stability_rank_values(s)
    if metric == "food":
        return [p.res[FOOD] for p in s.players]
    if metric == "books":
        return [p.res[BOOKS] for p in s.players]
    if metric == "workers":
        return [workers_of(s, x) for x in range(n)]
    if metric == "industrial_building_workers":
        return [count(s, x, Count("workers_on", "building", 4)) for x in range(n)]
    return [p.bought[CARD_TYPES.index("golden age")] for p in s.players]


def holds(s: StateData, seat: int, c: Cond) -> bool:
    k = c.kind
    if k == "most":
        return seat in most_of(metric_values(s, c.metric))
    if k == "least":
        return seat in least_of(metric_values(s, c.metric))
    if k == "strength_above_war":
        return s.war_strength >= 0 and strength_track(s, seat) > s.war_strength
    if k == "war_bought_by_other":
        return s.war_buyer >= 0 and s.war_buyer != seat
    if k == "passed":
        if len(s.players) == 1:
            # solo: the shadow never passes, so the player always passed first, never last
            return c.metric == "first" and seat in s.passed
        reach = 2 if len(s.players) >= 5 else 1
        return seat in (s.passed[:reach] if c.metric == "first" else s.passed[-reach:])
    if k == "defeated_in_war":
        return bool(s.players[seat].defeated)
    if k == "advisor_age":
        return any(s.comp.cards[a].age in c.ages for a in s.players[seat].advisors)
    assert c.count is not None
    return count(s, seat, c.count) >= c.n


def select(s: StateData, who: Who, seat: int = -1) -> list[int]:
    """The seats ``who`` selects now (``seat``: the acting nation, for "others")."""
    n = len(s.players)
    kind = who.kind
    if kind == "all":
        return list(range(n))
    if kind == "others":
        return [x for x in range(n) if x != seat]
    if kind == "most":
        return [x for x in most_of(metric_values(s, who.metrics[0])) if x < n]
    if kind == "least":
        return [x for x in least_of(metric_values(s, who.metrics[0])) if x < n]
    if kind == "all_except_least":
        out = set(least_of(metric_values(s, who.metrics[0])))
        return [x for x in range(n) if x not in out]
    if kind == "all_except_most":
        gone = {x for m in who.metrics for x in most_of(metric_values(s, m))}
        return [x for x in range(n) if x not in gone]
    reach = 2 if n >= 5 else 1
    return s.passed[:reach] if kind == "first_to_pass" else s.passed[-reach:]


# ------------------------------------------------------------------------- the walk

class NeedChoice(Exception):
    """A plan reached a choice it has no answer for: its labels and their keys, and (for
    putting the options into words, :mod:`nations_widget.board.describe`) the outcome that
    asks and which of its questions it is (``part``: "source" or "destination" of a
    returned worker, "first" or "second" card of a swap, else "")."""

    def __init__(self, options: list[str], keys: list[int], about: Outcome | None = None,
                 part: str = "") -> None:
        super().__init__(options)
        self.options = options
        self.keys = keys
        self.about = about
        self.part = part


class Walk:
    """One pass over an outcome for ``seat``: ``apply`` False plans, True carries out."""

    __slots__ = ("answers", "apply", "go", "log", "once", "pos", "s", "seat", "selected",
                 "sim")

    def __init__(self, s: StateData, seat: int, answers: list[int], apply: bool,
                 log: Log = None, once: set[int] | None = None,
                 selected: frozenset[int] = frozenset()) -> None:
        self.s = s
        self.seat = seat
        self.answers = answers
        self.apply = apply
        self.pos = 0
        self.go: list[str] = []
        self.log = log
        # outcomes reaching other nations ("to", "others") that were already applied in
        # this event half: reached again by another chooser, they apply once
        self.once = once if once is not None else set()
        # in an event half: the nations its "who" selected ("others" are the rest)
        self.selected = selected
        p = s.players[seat]
        # what a plan has used up so far (the state itself changes only when applying)
        self.sim: dict[str, Any] = {"workers": p.workers[:], "idle": p.idle,
                                    "tf": p.taken_food, "ts": p.taken_stab, "top": p.on_top}

    def ask(self, options: list[str], keys: list[int], about: Outcome | None = None,
            part: str = "") -> int:
        """The key of the option chosen.  Answers are kept as keys that do not depend on
        which options are open at the time (a card, a slot, an outcome's place in its
        list), so that applying after the other nations' choices does what was chosen even
        if the options offered have changed meanwhile ("then it happens at once")."""
        if self.pos < len(self.answers):
            a = self.answers[self.pos]
            if a in keys or self.apply:
                self.pos += 1
                return a
            # a stored answer this choice does not offer (the state changed since it was
            # given): it and the answers after it, which followed from it, are dropped and
            # the choice is met as if unanswered.  Kept, it was asked again and again: each
            # new answer went after it, and the walk stopped at it anew.
            del self.answers[self.pos:]
        if len(keys) == 1 or self.apply:
            # a single option is taken without asking, but recorded like an answer, so that
            # applying later replays exactly the same path (an answer missing when applying:
            # the first option)
            self.answers.append(keys[0])
            self.pos += 1
            return keys[0]
        raise NeedChoice(options, keys, about, part)


def can_pay(s: StateData, seat: int, res: tuple[tuple[int, int], ...]) -> bool:
    p = s.players[seat]
    return all(p.res[r] >= n for r, n in res)


def feasible(s: StateData, seat: int, o: Outcome | None, partial: bool = False) -> bool:
    """Whether ``seat`` can carry ``o`` out in full (options that cannot are not offered:
    "you may not voluntarily spend more than you have").  ``partial``: whether it can be
    carried out at least in part — a loss always can (the shortfall rule), giving up a card
    one does not have cannot."""
    p = s.players[seat]
    if o is None:
        return True
    if isinstance(o, Lose):
        if partial:
            return True
        k = count(s, seat, o.per) if o.per else 1
        return all(p.res[r] >= n * k for r, n in o.res)
    if isinstance(o, Pay):
        return can_pay(s, seat, o.res)
    if isinstance(o, Remove):
        if o.what == "advisor":
            has = bool(p.advisors)
        elif o.what == "colony":
            has = bool(p.colonies)
        else:
            has = p.wonder >= 0 and p.built > 0
        return (has and feasible(s, seat, o.then, partial)) or (
            not has and o.otherwise is not None and feasible(s, seat, o.otherwise, partial))
    if isinstance(o, AllOf):
        return all(feasible(s, seat, x, partial) for x in o.items)
    if isinstance(o, ChooseOne):
        return any(feasible(s, seat, x, partial) for x in o.options)
    if isinstance(o, TakeWorkers):
        # in full: as many workers left on the track (on top of it or in a section with
        # room) as the outcome takes (Janissaries takes 2)
        side = s.side_of(seat)
        left = (p.on_top + side.food_section - p.taken_food
                + side.stability_section - p.taken_stab)
        return left >= o.n if not partial else left > 0
    if isinstance(o, ReturnWorkers):
        return p.idle + p.deployed > 0
    if isinstance(o, BuyFree):
        return bool(buy_free_options(s, seat, o.types))
    if isinstance(o, IfThen):
        return feasible(s, seat, o.then if holds(s, seat, o.cond) else o.otherwise, partial)
    if isinstance(o, DeployFree):
        return p.idle > 0
    if isinstance(o, HireFree):
        return p.wonder >= 0
    if isinstance(o, SwapBoardCards):
        return sum(1 for c in s.board if c >= 0) >= 2
    return True


def buy_free_options(s: StateData, seat: int, types: tuple[str, ...]) -> list[int]:
    cards = s.comp.cards
    refs = [c for c in s.board if c >= 0 and cards[c].type in types
            and can_take_card(s, seat, c) is None]
    return sorted(refs, key=lambda c: cards[c].id)


def walk(w: Walk, o: Outcome | None) -> None:
    """Walk outcome ``o`` for ``w``'s nation: plan it or carry it out (see :class:`Walk`),
    by the walker of its kind (:data:`WALKERS`)."""
    if o is not None:
        WALKERS[type(o)](w, o)


def _walk_gain(w: Walk, o: Gain) -> None:
    s, seat = w.s, w.seat
    k = count(s, seat, o.per, w.sim.get("undeployed", 0)) if o.per else 1
    if w.apply:
        for r, n in o.res:
            gain(s, seat, r, n * k)
        note(w.log, s, seat, "gain", lambda: f"{seat_name(seat)} gains " + amounts_text(
            (r, n * k) for r, n in o.res) + ".")


def _walk_lose(w: Walk, o: Lose) -> None:
    s, seat = w.s, w.seat
    p = s.players[seat]
    k = count(s, seat, o.per, w.sim.get("undeployed", 0)) if o.per else 1
    if w.apply:
        lost = []
        for r, n in o.res:
            lost.append((r, n * k, p.res[r]))
            lose(s, seat, r, n * k, w.log)
        note(w.log, s, seat, "lose", lambda: f"{seat_name(seat)} loses "
             + losses_text(lost) + ".")


def _walk_lose_all_but(w: Walk, o: LoseAllBut) -> None:
    s, seat = w.s, w.seat
    p = s.players[seat]
    if w.apply:
        for r, keep in o.res:
            p.res[r] = min(p.res[r], keep)


def _walk_take_workers(w: Walk, o: TakeWorkers) -> None:
    s, seat = w.s, w.seat
    for _ in range(o.n):
        opts = take_options(s, seat, w.sim["tf"], w.sim["ts"], w.sim["top"])
        if not opts:
            break
        chosen = SECTIONS[w.ask(opts, [SECTIONS.index(o_) for o_ in opts], o)]
        section = chosen if chosen in opts else opts[0]
        key = {"free": "top", "food": "tf", "stability": "ts"}[section]
        w.sim[key] += -1 if section == "free" else 1
        w.sim["idle"] += 1
        if w.apply:
            take_worker(s, seat, section)
            note(w.log, s, seat, "worker",
                 f"{seat_name(seat)} {worker_taken_text(section)}.")


def _walk_return_workers(w: Walk, o: ReturnWorkers) -> None:
    s, seat = w.s, w.seat
    p = s.players[seat]
    for _ in range(o.n):
        sources = (["the resource area"] if w.sim["idle"] > 0 else []) + [
            f"slot {k}" for k, n in enumerate(w.sim["workers"]) if n > 0]
        if not sources:
            break
        codes = [0 if lab == "the resource area" else int(lab.split()[1]) + 1
                 for lab in sources]
        code = w.ask(sources, codes, o, "source")
        if code not in codes:
            code = codes[0]
        src_label = sources[codes.index(code)]
        src = code - 1
        dests = return_destinations(s, seat, w.sim["tf"], w.sim["ts"])
        chosen = DESTINATIONS[w.ask(dests, [DESTINATIONS.index(d) for d in dests], o,
                                      "destination")]
        dest = chosen if chosen in dests else dests[0]
        if src < 0:
            w.sim["idle"] -= 1
        else:
            w.sim["workers"][src] -= 1
        w.sim[{"food": "tf", "stability": "ts", "top": "top"}[dest]] += \
            1 if dest == "top" else -1
        if w.apply:
            return_worker(s, seat, src, dest)
            # the log names the card the worker leaves (the option's slot is the engine's)
            where = src_label if src < 0 else s.comp.cards[p.bm[src]].name
            to = "on top of the track" if dest == "top" else f"in the {dest} section"
            note(w.log, s, seat, "worker", f"{seat_name(seat)} returns a worker from "
                 f"{where} to the population track, {to}.")


def _walk_go(w: Walk, o: Go) -> None:
    w.go.append(o.where)


def _walk_remove(w: Walk, o: Remove) -> None:
    s, seat = w.s, w.seat
    p = s.players[seat]
    if o.what == "architect":
        if p.wonder >= 0 and p.built > 0:
            if w.apply:
                p.built -= 1
                note(w.log, s, seat, "remove", f"{seat_name(seat)} loses an architect "
                     "from the wonder under construction.")
        else:
            walk(w, o.otherwise)
        return
    held = p.advisors if o.what == "advisor" else p.colonies
    if not held:
        walk(w, o.otherwise)
        return
    names = [s.comp.cards[c].id for c in held]
    picked = w.ask(names, list(held), o)
    if w.apply:
        ref = held.pop(held.index(picked) if picked in held else 0)
        s.discard.append(ref)
        note(w.log, s, seat, "remove", f"{seat_name(seat)} removes "
             f"{s.comp.cards[ref].name}.")
    walk(w, o.then)


def _walk_may(w: Walk, o: May) -> None:
    s, seat = w.s, w.seat
    if feasible(s, seat, o.inner):
        yes = w.ask(["yes", "no"], [1, 0], o) == 1
    else:
        yes = w.ask(["no"], [0], o) == 1
    if yes:
        walk(w, o.inner)


def _walk_pay(w: Walk, o: Pay) -> None:
    s, seat = w.s, w.seat
    p = s.players[seat]
    if can_pay(s, seat, o.res):
        if w.apply:
            for r, n in o.res:
                p.res[r] -= n
        walk(w, o.then)


def _walk_choose_one(w: Walk, o: ChooseOne) -> None:
    s, seat = w.s, w.seat
    possible = ([x for x in o.options if feasible(s, seat, x)]
                or [x for x in o.options if feasible(s, seat, x, partial=True)]
                or list(o.options))
    codes = [o.options.index(x) for x in possible]
    walk(w, o.options[w.ask(_labels(possible), codes, o)])


def _walk_all_of(w: Walk, o: AllOf) -> None:
    for x in o.items:
        walk(w, x)


def _ask_slot(w: Walk, slots: list[int], o: Outcome) -> int | None:
    """Ask which of the player's board ``slots`` the outcome ``o`` takes next, or "done":
    the slot chosen, None for done (or an answer that is not one of them)."""
    cards = w.s.comp.cards
    bm = w.s.players[w.seat].bm
    labels = ["done"] + [f"slot {k} ({cards[bm[k]].name})" for k in slots]
    a = w.ask(labels, [0] + [k + 1 for k in slots], o)
    return None if a == 0 or a - 1 not in slots else a - 1


def _walk_undeploy_for(w: Walk, o: UndeployFor) -> None:
    s, seat = w.s, w.seat
    p = s.players[seat]
    cards = s.comp.cards
    done = 0
    while True:
        slots = [k for k, n in enumerate(w.sim["workers"])
                 if n > 0 and cards[p.bm[k]].type == o.kind]
        if not slots:
            break
        k = _ask_slot(w, slots, o)
        if k is None:
            break
        w.sim["workers"][k] -= 1
        done += 1
        if w.apply:
            p.workers[k] -= 1
            p.idle += 1
        walk(w, o.each)
    w.sim["undeployed"] = done


def _walk_hire_free(w: Walk, o: HireFree) -> None:
    s, seat = w.s, w.seat
    p = s.players[seat]
    if p.wonder < 0:
        return
    left = len(s.comp.cards[p.wonder].stages) - p.built
    top = min(o.n, left)
    if top <= 0:
        return
    labels = [str(i) for i in range(top + 1)]
    k = min(top, w.ask(labels, list(range(top + 1)), o))
    if w.apply and k:
        # an architect hired without stone is still hired: the owner's "hire" effects
        # fire for each, as for the Hire action (Sistine Chapel)
        for _ in range(k):
            fire(s, seat, "hire", w.log)
            build_sections(s, seat, 1, w.log)


def _walk_deploy_free(w: Walk, o: DeployFree) -> None:
    s, seat = w.s, w.seat
    p = s.players[seat]
    cards = s.comp.cards
    for _ in range(o.n):
        if w.sim["idle"] <= 0:
            break
        slots = [k for k in range(len(p.bm)) if p.bm[k] >= 0 and (
                     cards[p.bm[k]].type == o.kind if o.kind in ("military", "building")
                     else o.kind != "bought_card" or p.bm[k] == s.last_bought)
                 and (not cards[p.bm[k]].max_workers
                      or w.sim["workers"][k] < cards[p.bm[k]].max_workers)]
        if not slots:
            break
        k = _ask_slot(w, slots, o)
        if k is None:
            break
        w.sim["workers"][k] += 1
        w.sim["idle"] -= 1
        if w.apply:
            p.workers[k] += 1
            p.idle -= 1


def _walk_regain_war_losses(w: Walk, o: RegainWarLosses) -> None:
    s, seat = w.s, w.seat
    p = s.players[seat]
    if w.apply:
        for r in o.kinds:
            p.res[r] += p.war_took[r]
            p.war_took[r] = 0


def _walk_others(w: Walk, o: Others) -> None:
    s, seat = w.s, w.seat
    if w.apply and id(o) not in w.once:
        w.once.add(id(o))
        for other in range(len(s.players)):
            if other != seat and other not in w.selected:
                sub = Walk(s, other, [], True, w.log)
                walk(sub, o.inner)


def _walk_strength_temp(w: Walk, o: StrengthTemp) -> None:
    s, seat = w.s, w.seat
    p = s.players[seat]
    if w.apply:
        p.temp_strength += o.amount


def _walk_least_stability_for_round(w: Walk, o: LeastStabilityForRound) -> None:
    s, seat = w.s, w.seat
    p = s.players[seat]
    if w.apply:
        p.least_stab = True


def _walk_buy_free(w: Walk, o: BuyFree) -> None:
    s, seat = w.s, w.seat
    refs = buy_free_options(s, seat, o.types)
    if not refs:
        return
    labels = [s.comp.cards[c].id for c in refs]
    picked = w.ask(labels, refs, o)
    if w.apply and picked in refs:
        take_card(s, seat, picked, 0, w.log)


def _walk_keep_order(w: Walk, o: KeepOrder) -> None:
    s = w.s
    if w.apply:
        s.order = s.prev_order[:]


def _walk_if_then(w: Walk, o: IfThen) -> None:
    s, seat = w.s, w.seat
    walk(w, o.then if holds(s, seat, o.cond) else o.otherwise)


def _walk_to(w: Walk, o: To) -> None:
    s, seat = w.s, w.seat
    if w.apply and id(o) not in w.once:
        w.once.add(id(o))
        for target in select(s, o.who, seat):
            sub = Walk(s, target, [], True, w.log)
            walk(sub, o.do)
            if sub.go:
                reorder(s, [target] if "first" in sub.go else [],
                         [target] if "last" in sub.go else [], w.log)


def _walk_remove_all(w: Walk, o: RemoveAll) -> None:
    s, seat = w.s, w.seat
    p = s.players[seat]
    if w.apply:
        held = p.advisors if o.what == "advisor" else p.colonies
        s.discard.extend(held)
        held.clear()


def _walk_swap_board_cards(w: Walk, o: SwapBoardCards) -> None:
    s = w.s
    cells = [c for c in range(len(s.board)) if s.board[c] >= 0]
    if len(cells) < 2:
        return
    labels = [s.comp.cards[s.board[c]].id for c in cells]
    first = w.ask(labels, cells, o, "first")
    rest = [c for c in cells if c != first]
    second = w.ask([s.comp.cards[s.board[c]].id for c in rest], rest, o,
                   "second")
    if w.apply and first in cells and second in rest:
        s.board[first], s.board[second] = s.board[second], s.board[first]


# Each kind of outcome and its walker.
WALKERS: dict[type, Callable[[Walk, Any], None]] = {
    Gain: _walk_gain,
    Lose: _walk_lose,
    LoseAllBut: _walk_lose_all_but,
    TakeWorkers: _walk_take_workers,
    ReturnWorkers: _walk_return_workers,
    Go: _walk_go,
    Remove: _walk_remove,
    May: _walk_may,
    Pay: _walk_pay,
    ChooseOne: _walk_choose_one,
    AllOf: _walk_all_of,
    UndeployFor: _walk_undeploy_for,
    HireFree: _walk_hire_free,
    DeployFree: _walk_deploy_free,
    RegainWarLosses: _walk_regain_war_losses,
    Others: _walk_others,
    StrengthTemp: _walk_strength_temp,
    LeastStabilityForRound: _walk_least_stability_for_round,
    BuyFree: _walk_buy_free,
    KeepOrder: _walk_keep_order,
    IfThen: _walk_if_then,
    To: _walk_to,
    RemoveAll: _walk_remove_all,
    SwapBoardCards: _walk_swap_board_cards,
}


def _labels(options: list[Outcome]) -> list[str]:
    labels = [describe(x) for x in options]
    if len(set(labels)) != len(labels):
        labels = [f"{i + 1}: {t}" for i, t in enumerate(labels)]
    return labels


def plan_keys(s: StateData, seat: int, o: Outcome | None,
              answers: list[int]) -> tuple[list[str] | None, list[int], list[int]]:
    """Walk ``o`` for ``seat`` with the answers given: (the labels of the next choice that
    needs an answer, or None when every choice is answered; that choice's keys; the answers
    with the single-option choices met on the way filled in)."""
    w = Walk(s, seat, list(answers), False)
    try:
        walk(w, o)
    except NeedChoice as need:
        return need.options, need.keys, w.answers[:w.pos]
    return None, [], w.answers


def pending_question(s: StateData, seat: int, o: Outcome | None,
                     answers: list[int]) -> NeedChoice | None:
    """The next unanswered choice of ``o`` for ``seat`` (its labels, keys and the outcome
    that asks), or None when every choice is answered."""
    try:
        walk(Walk(s, seat, list(answers), False), o)
    except NeedChoice as need:
        return need
    return None


def plan(s: StateData, seat: int, o: Outcome | None, answers: list[int]) -> list[str] | None:
    """The labels of the next unanswered choice of ``o`` for ``seat``, or None."""
    return plan_keys(s, seat, o, answers)[0]


def carry_out(s: StateData, seat: int, o: Outcome | None, answers: list[int],
              log: Log, once: set[int] | None = None,
              selected: frozenset[int] = frozenset()) -> list[str]:
    """Apply ``o`` for ``seat`` with its answers; returns the player-order moves it asked
    for ("first"/"last"), which the caller resolves.  ``once``: shared by the nations of one
    event half, so that what reaches other nations applies once."""
    w = Walk(s, seat, list(answers), True, log, once, selected)
    walk(w, o)
    return w.go


def reorder(s: StateData, first: list[int], last: list[int], log: Log) -> None:
    """Those who go first move to the front, those who go last to the end, each group
    keeping its relative order (rulebook's China/Persia/Rome example)."""
    first_set, last_set = set(first), set(last)
    s.order = ([x for x in s.order if x in first_set]
               + [x for x in s.order if x not in first_set and x not in last_set]
               + [x for x in s.order if x in last_set and x not in first_set])
    note(log, s, None, "order", lambda: "Player order: " + ", ".join(
        seat_name(x) for x in s.order) + ".", order=s.order[:])


def apply_card_outcome(s: StateData, seat: int, outcome: Any, answers: list[int],
                        log: Log) -> None:
    go = carry_out(s, seat, outcome, answers, log)
    if go:
        reorder(s, [seat] if "first" in go else [], [seat] if "last" in go else [], log)


def card_effect(s: StateData, seat: int, ref: int, index: int, log: Log) -> None:
    """Fire effect ``index`` of card ``ref`` for its owner: at once if it needs no choice,
    else the choices are asked first (a queued ``effect`` decision)."""
    outcome = s.comp.cards[ref].effects[index].do
    labels, _, answers = plan_keys(s, seat, outcome, [])
    if labels is None:
        apply_card_outcome(s, seat, outcome, answers, log)
    else:
        s.queue.append(EffectChoice(seat, "card", ref, tuple(answers), index))


def fire(s: StateData, seat: int, when: str, log: Log, bought_type: str = "",
          cards_: list[int] | None = None, price: int = -1, by_others: bool = False,
          target: int = -1) -> None:
    """Fire the ``when`` effects of ``seat``'s cards (or of ``cards_``).  For "bought":
    only effects naming the bought type (if they name any) and its price (if they name
    one); ``by_others``: effects that watch the other nations' buys, landing on ``target``."""
    cards = s.comp.cards
    for ref in (active_with(s, seat, when) if cards_ is None else cards_):
        for i, e in enumerate(cards[ref].effects):
            if e.when != when:
                continue
            if when in ("bought", "replaced_by_newer") and e.of and bought_type not in e.of:
                continue
            if when == "bought" and ((e.by == "others") != by_others
                                     or (e.price >= 0 and e.price != price)):
                continue
            if e.cond is not None and not holds(s, seat, e.cond):
                continue
            card_effect(s, target if by_others else seat, ref, i, log)


# ----------------------------------------------------------------------- buying
def best_raid(s: StateData, seat: int) -> int:
    """The raid value of the best military card with a worker (0: none), plus bonuses."""
    p = s.players[seat]
    cards = s.comp.cards
    raid = max((cards[c].raid for c, w in zip(p.bm, p.workers, strict=True)
                if w and cards[c].type == "military"), default=0)
    if raid:
        raid += modifier_total(s, seat, "raid_bonus")
    return raid


def price_of(s: StateData, seat: int, ref: int) -> int:
    """The gold a card costs ``seat``: its row's price, with card-cost modifiers."""
    price = PRICES[s.board.index(ref) // columns(s)]
    if "card_cost" in s.comp.by_modifier:
        t = s.comp.cards[ref].type
        price += sum(e.amount for e in modifiers_on(s, seat, "card_cost") if t in e.of)
    return max(0, price)


def can_take_card(s: StateData, seat: int, ref: int) -> str | None:
    """Why ``seat`` cannot take card ``ref`` (gold aside), or None if it can."""
    card = s.comp.cards[ref]
    if card.type == "colony":
        need = card.requirement + sum(e.amount for e in modifiers_on(s, seat,
                                                                     "colony_requirement"))
        if strength_track(s, seat) < need:
            return f"{card.name} needs {need} strength; you have {strength_track(s, seat)}"
    for e in modifiers_on(s, seat, "cannot_buy"):
        if card.type in e.of:
            return f"a card in play forbids you to buy {card.type}s"
    if card.type == "war" and s.war >= 0:
        return "a war has already been bought this round (one war per round)"
    if card.type == "battle" and best_raid(s, seat) == 0:
        return "a battle needs a worker on one of your military cards"
    return None


def take_card(s: StateData, seat: int, ref: int, price: int, log: Log) -> None:
    """Take card ``ref`` from the progress board for ``price`` gold and use it at once."""
    p = s.players[seat]
    card = s.comp.cards[ref]
    cards = s.comp.cards
    s.board[s.board.index(ref)] = -1
    had_gold = p.res[GOLD] > 0
    p.res[GOLD] -= price
    p.bought[CARD_TYPES.index(card.type)] += 1
    s.last_bought = ref
    note(log, s, seat, "buy", f"{seat_name(seat)} buys {card.name} ({card.type}) for "
         + (f"{price} gold." if price else "free."), card=card.id, price=price)
    side = s.side_of(seat)
    t = card.type
    if t in ("building", "military"):
        # placed first (a choice), then its "bought" effects fire (see _answer)
        s.queue.append(PlaceBm(seat, ref, price))
    elif t == "colony":
        if len(p.colonies) < side.colony_slots:
            p.colonies.append(ref)
        else:
            s.queue.append(PlaceColony(seat, ref))
    elif t == "advisor":
        slots = side.advisor_slots + modifier_total(s, seat, "extra_advisor_slot")
        if len(p.advisors) < slots:
            p.advisors.append(ref)
        elif len(p.advisors) == 1:
            s.discard.append(p.advisors[0])
            note(log, s, seat, "place", f"{card.name} replaces {cards[p.advisors[0]].name}.")
            p.advisors[0] = ref
        else:
            s.queue.append(PlaceAdvisor(seat, ref))
    elif t == "wonder":
        if p.wonder >= 0:
            s.discard.append(p.wonder)
            note(log, s, seat, "wonder", f"The unfinished {cards[p.wonder].name} is lost, "
                 + {0: "with no architect on it yet.", 1: "with its architect."}.get(
                     p.built, f"with its {p.built} architects."))
        p.wonder = ref
        p.built = 0
    elif t == "war":
        s.war = ref
        s.war_strength = strength_track(s, seat)
        s.war_buyer = seat
        note(log, s, seat, "war", f"The war's strength is {s.war_strength}.")
    elif t == "battle":
        s.queue.append(BattleSpoils(seat, ref, best_raid(s, seat)))
    else:
        s.queue.append(GoldenAgeChoice(seat, ref))
    if t != "wonder":
        p.private += private_of(card)
    if t not in ("building", "military"):
        fire_bought(s, seat, t, price, log)
    if had_gold and p.res[GOLD] == 0:
        fire(s, seat, "gold_spent_out", log)


def fire_bought(s: StateData, seat: int, card_type: str, price: int, log: Log) -> None:
    fire(s, seat, "bought", log, card_type, price=price)
    for other in s.order:
        if other != seat:
            fire(s, other, "bought", log, card_type, price=price, by_others=True,
                  target=seat)


def build_sections(s: StateData, seat: int, k: int, log: Log) -> None:
    """Build ``k`` sections of the wonder under construction (architects already paid);
    the wonder is ready when its last section is built."""
    p = s.players[seat]
    card = s.comp.cards[p.wonder]
    p.built += k
    if p.built >= len(card.stages):
        ref = p.wonder
        p.wonder = -1
        p.built = 0
        note(log, s, seat, "wonder", f"{card.name} is ready.")
        s.queue.append(PlaceWonder(seat, ref))
        # its own "ready" effects and the owner's "when a wonder is ready" effects fire now,
        # before it is placed (so a wonder it covers still counts, as the rulebook says)
        fire(s, seat, "ready", log, cards_=[ref])
        fire(s, seat, "wonder_ready", log)
        p.private += private_of(card)


__all__ = ["NeedChoice", "Walk", "best_raid", "build_sections", "can_take_card", "carry_out",
           "count", "feasible", "fire", "gain", "holds", "lose", "plan", "plan_keys",
           "price_of", "reorder", "select", "take_card", "walk"]
