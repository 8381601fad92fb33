"""The effect vocabulary of cards and events (see DESIGN.md): typed values parsed from the
data's JSON, and the interpreter that carries them out.

Parsing refuses anything it does not know, naming the file, the card and the field.  The
interpreter walks an outcome for one nation.  A walk *plans* (reads the state, collects the
player's choices) or *applies* (changes the state following the choices already made).
When a plan reaches a choice it has no answer for, it stops and reports the options: the
rules then ask the player (a ``Choose`` move) and walk again with one more answer.  Choices
are indices into the option lists, so a walk with the same answers in the same position
always does the same thing.

This module also holds the primitive operations every rule uses: gaining and losing
resources (with the rulebook's shortfall rule), taking and returning workers.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from itertools import chain
from typing import TYPE_CHECKING, Any

from ..core.envelope import quote
from .components import (
    BOOKS,
    CARD_TYPES,
    FIGURES,
    FOOD,
    GOLD,
    RES_INDEX,
    RESOURCES,
    STONE,
    VP,
    Holders,
)

if TYPE_CHECKING:
    from ..core.log import LogEntry
    from .state import GameState

Log = list["LogEntry"] | None


class EffectFormatError(ValueError):
    """An effect definition the engine does not understand (names file, card and field)."""


def _fail(where: str, what: str) -> EffectFormatError:
    return EffectFormatError(f"{where}: {what}")


# --------------------------------------------------------------------------- values
@dataclass(frozen=True)
class Count:
    """A number read from the state: ``kind`` is one of COUNT_KINDS."""

    kind: str
    type: str = ""
    age: int = 0


@dataclass(frozen=True)
class Cond:
    """A condition on one nation: most/least METRIC, strength_above_war,
    war_bought_by_other, advisor_age (ages), at_least (count, n)."""

    kind: str
    metric: str = ""
    ages: tuple[int, ...] = ()
    count: Count | None = None
    n: int = 0


@dataclass(frozen=True)
class Gain:
    res: tuple[tuple[int, int], ...]
    per: Count | None = None


@dataclass(frozen=True)
class Lose:
    res: tuple[tuple[int, int], ...]
    per: Count | None = None


@dataclass(frozen=True)
class LoseAllBut:
    res: tuple[tuple[int, int], ...]


@dataclass(frozen=True)
class TakeWorkers:
    n: int


@dataclass(frozen=True)
class ReturnWorkers:
    n: int


@dataclass(frozen=True)
class Go:
    where: str


@dataclass(frozen=True)
class Remove:
    what: str
    otherwise: Outcome | None = None
    then: Outcome | None = None


@dataclass(frozen=True)
class May:
    inner: Outcome


@dataclass(frozen=True)
class Pay:
    res: tuple[tuple[int, int], ...]
    then: Outcome | None = None


@dataclass(frozen=True)
class ChooseOne:
    options: tuple[Outcome, ...]


@dataclass(frozen=True)
class AllOf:
    items: tuple[Outcome, ...]


@dataclass(frozen=True)
class UndeployFor:
    kind: str
    each: Outcome


@dataclass(frozen=True)
class HireFree:
    n: int


@dataclass(frozen=True)
class DeployFree:
    n: int
    kind: str


@dataclass(frozen=True)
class RegainWarLosses:
    kinds: tuple[int, ...]


@dataclass(frozen=True)
class Others:
    inner: Outcome


@dataclass(frozen=True)
class StrengthTemp:
    amount: int


@dataclass(frozen=True)
class LeastStabilityForRound:
    pass


@dataclass(frozen=True)
class BuyFree:
    types: tuple[str, ...]


@dataclass(frozen=True)
class KeepOrder:
    pass


@dataclass(frozen=True)
class IfThen:
    cond: Cond
    then: Outcome | None = None
    otherwise: Outcome | None = None


@dataclass(frozen=True)
class To:
    who: Who
    do: Outcome


@dataclass(frozen=True)
class RemoveAll:
    what: str


@dataclass(frozen=True)
class SwapBoardCards:
    pass


Outcome = (Gain | Lose | LoseAllBut | TakeWorkers | ReturnWorkers | Go | Remove | May | Pay
           | ChooseOne | AllOf | UndeployFor | HireFree | DeployFree | RegainWarLosses | Others
           | StrengthTemp | LeastStabilityForRound | BuyFree | KeepOrder | IfThen | To
           | RemoveAll | SwapBoardCards)


@dataclass(frozen=True)
class Who:
    kind: str
    metrics: tuple[str, ...] = ()


@dataclass(frozen=True)
class CardEffect:
    when: str
    do: Outcome | None = None
    cond: Cond | None = None
    of: tuple[str, ...] = ()
    per_round: int = 0
    modifier: str = ""
    amount: int = 0
    min: int = 0
    remove_if: Cond | None = None
    applies_to: str = "owner"            # a modifier's reach: owner, all, others
    price: int = -1                      # "bought" only when exactly this many gold was paid
    by: str = "owner"                    # "bought": by the owner, or by the others
    lose: tuple[tuple[int, int], ...] = ()   # war_extra_loss


@dataclass(frozen=True)
class EventHalf:
    name: str
    text: str = ""
    who: Who | None = None
    cond: Cond | None = None
    do: Outcome | None = None
    others_do: Outcome | None = None


# --------------------------------------------------------------------------- parsing
METRICS = ("strength", "stability", "food", "books", "industrial_building_workers",
           "golden_ages_bought", "workers")
COUNT_KINDS = ("wars_and_battles_bought", "colonies_bought", "golden_ages_bought",
               "colonies", "workers_on", "workers_undeployed", "cards")
WHENS = ("production", "ready", "bought", "wonder_ready", "hire", "action", "always",
         "passed", "age_end", "final_scoring", "gold_spent_out", "replaced_by_newer")
MODIFIERS = ("no_military_upkeep", "no_shortfall_vp", "military_deploy_discount",
             "private_architects", "golden_age_bonus", "extra_advisor_slot", "war_strength",
             "no_war_vp_loss", "raid_bonus", "card_cost", "stability", "war_extra_loss",
             "colony_requirement", "cannot_buy", "first_turn_actions", "event_draw")
# Parsed, but the engine cannot play them yet: a game whose decks hold such a card is refused
# at setup (rather than played wrongly).  Every modifier is played now; the set stays as the
# guard for any modifier added to the vocabulary before the engine learns it.
NOT_PLAYABLE_MODIFIERS: frozenset[str] = frozenset()
WHO_KINDS = ("all", "first_to_pass", "last_to_pass", "others")


def _amounts(raw: object, where: str) -> tuple[tuple[int, int], ...]:
    if not isinstance(raw, dict) or not raw:
        raise _fail(where, "must be an object of resources and amounts")
    out = []
    for k, v in raw.items():
        if k not in RES_INDEX:
            raise _fail(f"{where}.{k}", f"unknown resource (known: {', '.join(RESOURCES)})")
        if isinstance(v, bool) or not isinstance(v, int) or v < 0:
            raise _fail(f"{where}.{k}", f"must be a whole number 0 or more, got {quote(repr(v))}")
        out.append((RES_INDEX[k], v))
    return tuple(out)


def _pos_int(raw: object, where: str) -> int:
    if isinstance(raw, bool) or not isinstance(raw, int) or raw < 1:
        raise _fail(where, f"must be a whole number 1 or more, got {quote(repr(raw))}")
    return raw


def _keys(raw: dict[str, Any], allowed: set[str], where: str) -> None:
    unknown = set(raw) - allowed
    if unknown:
        raise _fail(f"{where}.{sorted(unknown)[0]}", "unknown key")


def parse_count(raw: object, where: str) -> Count:
    if isinstance(raw, str):
        if raw not in ("wars_and_battles_bought", "colonies_bought", "golden_ages_bought",
                       "workers_undeployed"):
            raise _fail(where, f"unknown count {quote(repr(raw))} "
                               f"(known: {', '.join(COUNT_KINDS)})")
        return Count(raw)
    if isinstance(raw, dict) and len(raw) == 1:
        (kind, arg), = raw.items()
        if kind == "colonies" and isinstance(arg, dict):
            _keys(arg, {"age"}, f"{where}.colonies")
            return Count("colonies", "colony", int(arg.get("age", 0)))
        if kind == "cards" and isinstance(arg, dict):
            _keys(arg, {"type", "age"}, f"{where}.cards")
            types = arg.get("type", [])
            if not isinstance(types, list) or any(t not in CARD_TYPES for t in types):
                raise _fail(f"{where}.cards.type", "must be a list of card types")
            age = arg.get("age", 0)
            if age not in (0, 1, 2, 3, 4, "current"):
                raise _fail(f"{where}.cards.age", "must be 1-4 or 'current'")
            return Count("cards", ",".join(types), -1 if age == "current" else int(age))
        if kind == "workers_on" and isinstance(arg, dict):
            _keys(arg, {"type", "age"}, f"{where}.workers_on")
            t = arg.get("type", "")
            if t not in ("building", "military", ""):
                raise _fail(f"{where}.workers_on.type", "must be building or military")
            return Count("workers_on", str(t), int(arg.get("age", 0)))
    raise _fail(where, f"unknown count {quote(repr(raw))} (known: {', '.join(COUNT_KINDS)})")


def parse_cond(raw: object, where: str) -> Cond:
    if not isinstance(raw, dict) or len(raw) != 1:
        raise _fail(where, "a condition is an object with one key")
    (kind, arg), = raw.items()
    if kind in ("most", "least"):
        if arg not in METRICS:
            raise _fail(f"{where}.{kind}", f"unknown metric {quote(repr(arg))} "
                                           f"(known: {', '.join(METRICS)})")
        return Cond(kind, metric=str(arg))
    if kind == "passed":
        if arg not in ("first", "last"):
            raise _fail(f"{where}.passed", "must be first or last")
        return Cond(kind, metric=str(arg))
    if kind in ("strength_above_war", "war_bought_by_other", "defeated_in_war"):
        if arg is not True:
            raise _fail(f"{where}.{kind}", "must be true")
        return Cond(kind)
    if kind == "advisor_age":
        if not isinstance(arg, list) or not all(a in (1, 2, 3, 4) for a in arg):
            raise _fail(f"{where}.advisor_age", "must be a list of ages 1-4")
        return Cond(kind, ages=tuple(arg))
    if kind == "at_least":
        if not isinstance(arg, list) or len(arg) != 2:
            raise _fail(f"{where}.at_least", "must be [COUNT, number]")
        return Cond(kind, count=parse_count(arg[0], f"{where}.at_least[0]"),
                    n=int(arg[1]))
    raise _fail(f"{where}.{kind}", "unknown condition")


def parse_outcome(raw: object, where: str) -> Outcome:
    if not isinstance(raw, dict) or not raw:
        raise _fail(where, "an outcome is an object")
    keys = set(raw)
    if "if" in keys:
        _keys(raw, {"if", "then", "else"}, where)
        return IfThen(parse_cond(raw["if"], f"{where}.if"),
                      parse_outcome(raw["then"], f"{where}.then") if "then" in raw else None,
                      parse_outcome(raw["else"], f"{where}.else") if "else" in raw else None)
    if "to" in keys and "deploy_free" not in keys:
        _keys(raw, {"to", "do"}, where)
        if "do" not in raw:
            raise _fail(where, "'to' needs 'do': what the selected nations get")
        return To(parse_who(raw["to"], f"{where}.to"), parse_outcome(raw["do"], f"{where}.do"))
    if "remove_all" in keys:
        _keys(raw, {"remove_all"}, where)
        if raw["remove_all"] not in ("advisor", "colony"):
            raise _fail(f"{where}.remove_all", "must be advisor or colony")
        return RemoveAll(str(raw["remove_all"]))
    if "swap_board_cards" in keys:
        _keys(raw, {"swap_board_cards"}, where)
        if raw["swap_board_cards"] is not True:
            raise _fail(f"{where}.swap_board_cards", "must be true")
        return SwapBoardCards()
    if "gain" in keys or "lose" in keys:
        key = "gain" if "gain" in keys else "lose"
        _keys(raw, {key, "per"}, where)
        per = parse_count(raw["per"], f"{where}.per") if "per" in raw else None
        amounts = _amounts(raw[key], f"{where}.{key}")
        return Gain(amounts, per) if key == "gain" else Lose(amounts, per)
    if "lose_all_but" in keys:
        _keys(raw, {"lose_all_but"}, where)
        return LoseAllBut(_amounts(raw["lose_all_but"], f"{where}.lose_all_but"))
    if "take_workers" in keys:
        _keys(raw, {"take_workers"}, where)
        return TakeWorkers(_pos_int(raw["take_workers"], f"{where}.take_workers"))
    if "return_workers" in keys:
        _keys(raw, {"return_workers"}, where)
        return ReturnWorkers(_pos_int(raw["return_workers"], f"{where}.return_workers"))
    if "go" in keys:
        _keys(raw, {"go"}, where)
        if raw["go"] not in ("first", "last"):
            raise _fail(f"{where}.go", "must be first or last")
        return Go(str(raw["go"]))
    if "remove" in keys:
        _keys(raw, {"remove", "else", "then"}, where)
        if raw["remove"] not in ("advisor", "colony", "architect"):
            raise _fail(f"{where}.remove", "must be advisor, colony or architect")
        other = parse_outcome(raw["else"], f"{where}.else") if "else" in raw else None
        then = parse_outcome(raw["then"], f"{where}.then") if "then" in raw else None
        return Remove(str(raw["remove"]), other, then)
    if "may" in keys:
        _keys(raw, {"may"}, where)
        return May(parse_outcome(raw["may"], f"{where}.may"))
    if "pay" in keys:
        _keys(raw, {"pay", "then"}, where)
        then = parse_outcome(raw["then"], f"{where}.then") if "then" in raw else None
        return Pay(_amounts(raw["pay"], f"{where}.pay"), then)
    if "choose" in keys or "all" in keys:
        key = "choose" if "choose" in keys else "all"
        _keys(raw, {key}, where)
        items = raw[key]
        if not isinstance(items, list) or not items:
            raise _fail(f"{where}.{key}", "must be a list of outcomes")
        parsed = tuple(parse_outcome(x, f"{where}.{key}[{i}]") for i, x in enumerate(items))
        return ChooseOne(parsed) if key == "choose" else AllOf(parsed)
    if "undeploy_for" in keys:
        _keys(raw, {"undeploy_for", "each"}, where)
        if raw["undeploy_for"] not in ("military", "building"):
            raise _fail(f"{where}.undeploy_for", "must be military or building")
        if "each" not in raw:
            raise _fail(where, "undeploy_for needs 'each': what each undeployed worker brings")
        return UndeployFor(str(raw["undeploy_for"]), parse_outcome(raw["each"], f"{where}.each"))
    if "hire_free" in keys:
        _keys(raw, {"hire_free"}, where)
        return HireFree(_pos_int(raw["hire_free"], f"{where}.hire_free"))
    if "deploy_free" in keys:
        _keys(raw, {"deploy_free", "to"}, where)
        to = raw.get("to", "")
        if to not in ("military", "building", "bought_card", ""):
            raise _fail(f"{where}.to", "must be military, building or bought_card")
        return DeployFree(_pos_int(raw["deploy_free"], f"{where}.deploy_free"), str(to))
    if "regain_war_losses" in keys:
        _keys(raw, {"regain_war_losses"}, where)
        kinds = raw["regain_war_losses"]
        if not isinstance(kinds, list) or any(k not in RES_INDEX for k in kinds):
            raise _fail(f"{where}.regain_war_losses", "must be a list of resources")
        return RegainWarLosses(tuple(RES_INDEX[k] for k in kinds))
    if "others" in keys:
        _keys(raw, {"others"}, where)
        return Others(parse_outcome(raw["others"], f"{where}.others"))
    if "strength_until_end_of_events" in keys:
        _keys(raw, {"strength_until_end_of_events"}, where)
        v = raw["strength_until_end_of_events"]
        if isinstance(v, bool) or not isinstance(v, int):
            raise _fail(f"{where}.strength_until_end_of_events", "must be a whole number")
        return StrengthTemp(v)
    if "least_stability_for_round" in keys:
        _keys(raw, {"least_stability_for_round"}, where)
        if raw["least_stability_for_round"] is not True:
            raise _fail(f"{where}.least_stability_for_round", "must be true")
        return LeastStabilityForRound()
    if "buy_free" in keys:
        _keys(raw, {"buy_free"}, where)
        types = raw["buy_free"]
        if not isinstance(types, list) or any(t not in CARD_TYPES for t in types):
            raise _fail(f"{where}.buy_free", "must be a list of card types")
        return BuyFree(tuple(types))
    if "keep_player_order" in keys:
        _keys(raw, {"keep_player_order"}, where)
        if raw["keep_player_order"] is not True:
            raise _fail(f"{where}.keep_player_order", "must be true")
        return KeepOrder()
    raise _fail(f"{where}.{sorted(keys)[0]}", "unknown outcome")


def parse_who(raw: object, where: str) -> Who:
    if isinstance(raw, str):
        if raw not in WHO_KINDS:
            raise _fail(where, f"unknown who {quote(repr(raw))}")
        return Who(raw)
    if isinstance(raw, dict) and len(raw) == 1:
        (kind, arg), = raw.items()
        if kind in ("most", "least", "all_except_least"):
            if arg not in METRICS:
                raise _fail(f"{where}.{kind}", f"unknown metric {quote(repr(arg))}")
            return Who(kind, (str(arg),))
        if kind == "all_except_most":
            metrics = arg if isinstance(arg, list) else [arg]
            if not metrics or any(m not in METRICS for m in metrics):
                raise _fail(f"{where}.{kind}", "must list metrics")
            return Who(kind, tuple(metrics))
        raise _fail(f"{where}.{kind}", "unknown who")
    raise _fail(where, f"unknown who {quote(repr(raw))}")


_EFFECT_KEYS = {"when", "do", "if", "of", "per_round", "modifier", "amount", "min",
                "remove_if", "text", "applies_to", "price", "by", "lose"}


def parse_card_effects(raw: object, where: str) -> tuple[CardEffect, ...]:
    if not isinstance(raw, list):
        raise _fail(f"{where}.effects", "must be a list")
    out = []
    for i, e in enumerate(raw):
        here = f"{where}.effects[{i}]"
        if not isinstance(e, dict):
            raise _fail(here, "must be an object")
        _keys(e, _EFFECT_KEYS, here)
        when = e.get("when")
        if when not in WHENS:
            raise _fail(f"{here}.when",
                        f"must be one of {', '.join(WHENS)}, got {quote(repr(when))}")
        do = parse_outcome(e["do"], f"{here}.do") if "do" in e else None
        cond = parse_cond(e["if"], f"{here}.if") if "if" in e else None
        of = e.get("of", [])
        if not isinstance(of, list) or any(t not in CARD_TYPES for t in of):
            raise _fail(f"{here}.of", "must be a list of card types")
        modifier = e.get("modifier", "")
        remove_if = parse_cond(e["remove_if"], f"{here}.remove_if") if "remove_if" in e else None
        if when == "always":
            if bool(modifier) == (remove_if is not None):
                raise _fail(here, "an 'always' effect is a modifier or a remove_if")
            if modifier and modifier not in MODIFIERS:
                raise _fail(f"{here}.modifier", f"unknown modifier {quote(repr(modifier))} (known: "
                            f"{', '.join(MODIFIERS)})")
        else:
            if do is None:
                raise _fail(here, f"a '{when}' effect needs 'do'")
            if modifier or remove_if is not None:
                raise _fail(here, "only 'always' effects have a modifier or remove_if")
        if of and when not in ("bought", "replaced_by_newer") and modifier not in (
                "card_cost", "cannot_buy"):
            raise _fail(f"{here}.of", "only 'bought' effects and card modifiers name card types")
        applies_to = e.get("applies_to", "owner")
        if applies_to not in ("owner", "all", "others"):
            raise _fail(f"{here}.applies_to", "must be owner, all or others")
        by = e.get("by", "owner")
        if by not in ("owner", "others"):
            raise _fail(f"{here}.by", "must be owner or others")
        lose_raw = e.get("lose")
        out.append(CardEffect(
            when=str(when), do=do, cond=cond, of=tuple(of),
            per_round=int(e.get("per_round", 0)), modifier=str(modifier),
            amount=int(e.get("amount", 0)), min=int(e.get("min", 0)), remove_if=remove_if,
            applies_to=str(applies_to), price=int(e.get("price", -1)), by=str(by),
            lose=_amounts(lose_raw, f"{here}.lose") if lose_raw is not None else ()))
    return tuple(out)


def parse_event_half(raw: object, where: str) -> EventHalf:
    if not isinstance(raw, dict):
        raise _fail(where, "must be an object")
    _keys(raw, {"name", "text", "who", "if", "do", "others_do"}, where)
    name = raw.get("name")
    if not isinstance(name, str) or not name:
        raise _fail(f"{where}.name", "an event needs a name")
    has_effect = "do" in raw or "others_do" in raw
    if has_effect and "who" not in raw:
        raise _fail(where, "an event with an effect needs 'who'")
    return EventHalf(
        name=name, text=str(raw.get("text", "")),
        who=parse_who(raw["who"], f"{where}.who") if "who" in raw else None,
        cond=parse_cond(raw["if"], f"{where}.if") if "if" in raw else None,
        do=parse_outcome(raw["do"], f"{where}.do") if "do" in raw else None,
        others_do=parse_outcome(raw["others_do"], f"{where}.others_do")
        if "others_do" in raw else None)


# ------------------------------------------------------------------ primitive operations
def note(log: Log, s: GameState, seat: int | None, kind: str, text: str | Callable[[], str],
         **data: Any) -> None:
    if log is not None:
        from ..core.log import LogEntry
        log.append(LogEntry(s.round, s.step, seat, kind, text() if callable(text) else text,
                            data, True))


def seat_name(seat: int) -> str:
    return f"Player {seat + 1}"


def amount_text(res: int, n: int) -> str:
    """``n`` of resource ``res`` as the engine's option labels say it ("1 books", "2 gold").
    Those labels are part of a choice's move value, so of saved games and legal-move
    lists, and stay as they are; what a player reads uses :func:`count_text`."""
    return f"{n} {RESOURCES[res] if res != VP else 'VP'}"


def counted(n: int, one: str, many: str | None = None) -> str:
    """``n`` things, with the word that fits the count: "1 architect", "2 architects",
    "0 workers"; ``many`` when the plural is not ``one`` + "s"."""
    return f"{n} {one if n == 1 else many or one + 's'}"


def signed_text(n: int) -> str:
    """A change in words a player reads: "+2", or "−2" with a true minus sign (U+2212,
    as the log writes it: a hyphen before a number reads as a dash)."""
    return f"\u2212{-n}" if n < 0 else f"+{n}"


def figure_text(figure: int, n: int, signed: bool = True) -> str:
    """``n`` of a card's figure (:data:`~.components.FIGURES`: a resource, strength or
    stability) in words a player reads, as a change ("+1 book", "−2 food") or, with
    ``signed`` false, as an amount ("1 book", "2 strength")."""
    name = "book" if figure == BOOKS and abs(n) == 1 else FIGURES[figure]
    return f"{signed_text(n) if signed else n} {name}"


def count_text(res: int, n: int) -> str:
    """``n`` of resource ``res`` in words a player reads (log lines, move descriptions):
    "1 book", "3 books", "2 gold", "1 VP" (gold, stone, food and VP read the same for one
    or many)."""
    if res == BOOKS:
        return counted(n, "book")
    return amount_text(res, n)


def worker_taken_text(section: str) -> str:
    """What taking a worker from ``section`` of the population track ("food",
    "stability", or "free": one returned on top of it) does, in the log's words."""
    if section == "free":
        return "takes the returned worker from the top of the population track"
    return f"takes a worker from the {section} section"


def amounts_text(amounts: Iterable[tuple[int, int]]) -> str:
    """``(resource, n)`` pairs as "2 gold, 1 stone and 1 book", in :func:`count_text`'s
    words: zero amounts are left out, and "nothing" is said when none is left."""
    parts = [count_text(r, n) for r, n in amounts if n]
    if len(parts) <= 1:
        return parts[0] if parts else "nothing"
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def loss_parts(losses: Iterable[tuple[int, int, int]]) -> list[str]:
    """The parts of :func:`losses_text`, one per resource lost."""
    return [count_text(r, due) if had >= due
            else f"{count_text(r, had)} of the {due} due" if had
            else f"none of the {count_text(r, due)} due"
            for r, due, had in losses if due]


def losses_text(losses: Iterable[tuple[int, int, int]]) -> str:
    """``(resource, due, had)`` triples as what a nation loses, in :func:`amounts_text`'s
    form: "2 gold and 3 books"; a loss beyond what the nation had says so ("2 books of
    the 3 due", "none of the 2 food due"): it loses only what it has, and the shortfall
    line (:func:`lose`) says what that costs it."""
    parts = loss_parts(losses)
    if len(parts) <= 1:
        return parts[0] if parts else "nothing"
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def in_force(s: GameState, seat: int, refs: Holders) -> list[int]:
    """The cards of ``refs`` in force on the seat's board, in :func:`active_cards` order.
    Only the places such cards can lie are searched (see :class:`Holders`), and a list
    that holds none of them is passed over at once."""
    p = s.players[seat]
    out: list[int] = []
    for place in refs.places:
        if place == "bm":
            if not refs.isdisjoint(p.bm):
                out += [c for c, w in zip(p.bm, p.workers, strict=True) if w and c in refs]
        else:
            held: list[int] | tuple[int, ...] = getattr(p, place)
            if not refs.isdisjoint(held):
                out += [c for c in held if c in refs]
    return out


def holding(s: GameState, refs: Holders, seats: Iterable[int]) -> list[int]:
    """The seats among ``seats`` with a card of ``refs`` on their board, in force or not
    (the quick test before :func:`in_force`: usually nobody holds any)."""
    players = s.players
    places = refs.places
    disjoint = refs.isdisjoint
    if len(places) == 1:
        place = places[0]
        return [seat for seat in seats if not disjoint(getattr(players[seat], place))]
    lists = refs.lists
    return [seat for seat in seats if not disjoint(chain.from_iterable(lists(players[seat])))]


def modifier_effects(s: GameState, seat: int, name: str) -> list[CardEffect]:
    """The seat's active modifiers named ``name``."""
    holders = s.comp.by_modifier.get(name)
    if not holders:
        return []
    cards = s.comp.cards
    return [e for ref in in_force(s, seat, holders)
            for e in cards[ref].effects if e.modifier == name and e.applies_to != "others"]


def modifiers_on(s: GameState, seat: int, name: str) -> list[CardEffect]:
    """Modifiers named ``name`` that reach ``seat``: its own (unless they reach only the
    others) and the other nations' that reach all or the others."""
    holders = s.comp.by_modifier.get(name)
    return modifiers_reaching(s, seat, holders, (name,)) if holders else []


def modifiers_on_each(s: GameState, name: str) -> list[list[CardEffect]]:
    """:func:`modifiers_on` for every seat, in one look at the boards."""
    n = len(s.players)
    out: list[list[CardEffect]] = [[] for _ in range(n)]
    holders = s.comp.by_modifier.get(name)
    if not holders:
        return out
    cards = s.comp.cards
    for owner in holding(s, holders, range(n)):
        for ref in in_force(s, owner, holders):
            for e in cards[ref].effects:
                if e.modifier != name:
                    continue
                for seat in range(n):
                    if (owner == seat and e.applies_to != "others") or (
                            owner != seat and e.applies_to in ("all", "others")):
                        out[seat].append(e)
    return out


def modifiers_reaching(s: GameState, seat: int, holders: Holders,
                       names: tuple[str, ...]) -> list[CardEffect]:
    """:func:`modifiers_on` for several modifier ``names`` at once (``holders``: the cards
    with any of them), in one look at the boards."""
    cards = s.comp.cards
    out = []
    for other in holding(s, holders, range(len(s.players))):
        for ref in in_force(s, other, holders):
            for e in cards[ref].effects:
                if e.modifier not in names:
                    continue
                if (other == seat and e.applies_to != "others") or (
                        other != seat and e.applies_to in ("all", "others")):
                    out.append(e)
    return out


def modifier_total(s: GameState, seat: int, name: str) -> int:
    """The sum of ``amount`` of the seat's active modifiers named ``name`` (1 each when a
    modifier has no amount)."""
    return sum(e.amount or 1 for e in modifier_effects(s, seat, name))


def active_cards(s: GameState, seat: int) -> list[int]:
    """Cards whose effects are in force: advisors, colonies, ready wonders, and buildings or
    military with at least one worker ("an empty building or military does nothing")."""
    p = s.players[seat]
    out = [c for c, w in zip(p.bm, p.workers, strict=True) if w]
    out += p.advisors + p.colonies + p.wonders
    if p.specials:
        out += p.specials
    return out


def active_with(s: GameState, seat: int, when: str) -> list[int]:
    """The seat's active cards that have an effect triggered by ``when``."""
    holders = s.comp.by_when.get(when)
    return in_force(s, seat, holders) if holders else []


def gain(s: GameState, seat: int, res: int, n: int) -> None:
    if n > 0:
        s.players[seat].res[res] += n


def shortfall_vp(s: GameState, seat: int, res: int) -> str:
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


def lose(s: GameState, seat: int, res: int, n: int, log: Log) -> int:
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
            s.queue.append(["lose_other", seat, missing])
    else:
        lose(s, seat, BOOKS, missing, log)
    return have


def take_worker(s: GameState, seat: int, section: str) -> None:
    """Take a worker from the population track ("food", "stability" or "free")."""
    p = s.players[seat]
    if section == "free":
        p.on_top -= 1
    elif section == "food":
        p.taken_food += 1
    else:
        p.taken_stab += 1
    p.idle += 1


def take_options(s: GameState, seat: int, taken_food: int | None = None,
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


def return_worker(s: GameState, seat: int, source: int, section: str) -> None:
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


def return_destinations(s: GameState, seat: int, tf: int, ts: int) -> list[str]:
    out = []
    if tf > 0:
        out.append("food")
    if ts > 0:
        out.append("stability")
    return out or ["top"]


# -------------------------------------------------------------------------- counting
def count(s: GameState, seat: int, c: Count, undeployed: int = 0) -> int:
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


def age_now(s: GameState) -> int:
    return (s.round + 1) // 2


def workers_of(s: GameState, seat: int) -> int:
    p = s.players[seat]
    return p.idle + sum(p.workers)


def metric_values(s: GameState, metric: str) -> list[int]:
    """Every seat's value of ``metric`` as rankings compare it (the solo game: the player's
    and then the shadow's, see solo.py)."""
    values = _metric_values(s, metric)
    if len(s.players) == 1:
        from .solo import shadow_value
        values.append(shadow_value(s, metric))
    return values


def _metric_values(s: GameState, metric: str) -> list[int]:
    from .scoring import stability_rank_values, strength_track
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


def holds(s: GameState, seat: int, c: Cond) -> bool:
    from .scoring import least_of, most_of, strength_track
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


def select(s: GameState, who: Who, seat: int = -1) -> list[int]:
    """The seats ``who`` selects now (``seat``: the acting nation, for "others")."""
    from .scoring import least_of, most_of
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
SECTIONS = ("free", "food", "stability")
DESTINATIONS = ("food", "stability", "top")

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

    def __init__(self, s: GameState, seat: int, answers: list[int], apply: bool,
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


def describe(o: Outcome | None, reading: bool = False) -> str:
    """A short description of an outcome, used as a choice's label.  The labels are part
    of the choices' move values, so they never change; ``reading`` gives the same words
    for a player to read (:mod:`.describe`): counts that agree with their number ("1
    book", not the label's "1 books") and a true minus sign (U+2212)."""
    amount = count_text if reading else amount_text

    def inner(x: Outcome | None) -> str:
        return describe(x, reading)

    if o is None:
        return "nothing"
    if isinstance(o, Gain | Lose):
        verb = "gain" if isinstance(o, Gain) else "lose"
        text = f"{verb} " + " and ".join(amount(r, n) for r, n in o.res)
        return text + (f" per {o.per.kind.replace('_', ' ')}" if o.per else "")
    if isinstance(o, LoseAllBut):
        return "keep at most " + " and ".join(amount(r, n) for r, n in o.res)
    if isinstance(o, TakeWorkers):
        return f"take {o.n} worker{'s' if o.n > 1 else ''}"
    if isinstance(o, ReturnWorkers):
        return f"return {o.n} worker{'s' if o.n > 1 else ''}"
    if isinstance(o, Go):
        return f"go {o.where} in player order"
    if isinstance(o, Remove):
        return f"remove {'an' if o.what[0] in 'aeiou' else 'a'} {o.what}"
    if isinstance(o, May):
        return inner(o.inner)
    if isinstance(o, Pay):
        text = "pay " + " and ".join(amount(r, n) for r, n in o.res)
        return text + (f" to {inner(o.then)}" if o.then else "")
    if isinstance(o, ChooseOne):
        return " or ".join(inner(x) for x in o.options)
    if isinstance(o, AllOf):
        return ", ".join(inner(x) for x in o.items)
    if isinstance(o, UndeployFor):
        return f"undeploy {o.kind} workers: {inner(o.each)} for each"
    if isinstance(o, HireFree):
        return f"hire up to {o.n} architect{'s' if o.n > 1 else ''} free"
    if isinstance(o, DeployFree):
        return f"deploy up to {o.n} worker{'s' if o.n > 1 else ''} to {o.kind} free"
    if isinstance(o, RegainWarLosses):
        return "regain what the war took"
    if isinstance(o, Others):
        return f"every other nation: {inner(o.inner)}"
    if isinstance(o, StrengthTemp):
        sign = signed_text(o.amount) if reading else f"{o.amount:+d}"
        return f"{sign} strength until the events are over"
    if isinstance(o, LeastStabilityForRound):
        return "count as least stable for the rest of the round"
    if isinstance(o, BuyFree):
        return "buy a " + " or ".join(o.types) + " for free"
    if isinstance(o, IfThen):
        return inner(o.then) + (f", else {inner(o.otherwise)}" if o.otherwise else "")
    if isinstance(o, To):
        return inner(o.do)
    if isinstance(o, RemoveAll):
        return f"remove every {o.what}"
    if isinstance(o, SwapBoardCards):
        return "swap two cards on the progress board"
    return "keep the player order"


def can_pay(s: GameState, seat: int, res: tuple[tuple[int, int], ...]) -> bool:
    p = s.players[seat]
    return all(p.res[r] >= n for r, n in res)


def feasible(s: GameState, seat: int, o: Outcome | None, partial: bool = False) -> bool:
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


def buy_free_options(s: GameState, seat: int, types: tuple[str, ...]) -> list[int]:
    from .rules import can_take_card
    cards = s.comp.cards
    refs = [c for c in s.board if c >= 0 and cards[c].type in types
            and can_take_card(s, seat, c) is None]
    return sorted(refs, key=lambda c: cards[c].id)


def walk(w: Walk, o: Outcome | None) -> None:
    if o is None:
        return
    s, seat = w.s, w.seat
    p = s.players[seat]
    if isinstance(o, Gain):
        k = count(s, seat, o.per, w.sim.get("undeployed", 0)) if o.per else 1
        if w.apply:
            for r, n in o.res:
                gain(s, seat, r, n * k)
            note(w.log, s, seat, "gain", lambda: f"{seat_name(seat)} gains " + amounts_text(
                (r, n * k) for r, n in o.res) + ".")
    elif isinstance(o, Lose):
        k = count(s, seat, o.per, w.sim.get("undeployed", 0)) if o.per else 1
        if w.apply:
            lost = []
            for r, n in o.res:
                lost.append((r, n * k, p.res[r]))
                lose(s, seat, r, n * k, w.log)
            note(w.log, s, seat, "lose", lambda: f"{seat_name(seat)} loses "
                 + losses_text(lost) + ".")
    elif isinstance(o, LoseAllBut):
        if w.apply:
            for r, keep in o.res:
                p.res[r] = min(p.res[r], keep)
    elif isinstance(o, TakeWorkers):
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
    elif isinstance(o, ReturnWorkers):
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
    elif isinstance(o, Go):
        w.go.append(o.where)
    elif isinstance(o, Remove):
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
    elif isinstance(o, May):
        if feasible(s, seat, o.inner):
            yes = w.ask(["yes", "no"], [1, 0], o) == 1
        else:
            yes = w.ask(["no"], [0], o) == 1
        if yes:
            walk(w, o.inner)
    elif isinstance(o, Pay):
        if can_pay(s, seat, o.res):
            if w.apply:
                for r, n in o.res:
                    p.res[r] -= n
            walk(w, o.then)
    elif isinstance(o, ChooseOne):
        possible = ([x for x in o.options if feasible(s, seat, x)]
                    or [x for x in o.options if feasible(s, seat, x, partial=True)]
                    or list(o.options))
        codes = [o.options.index(x) for x in possible]
        walk(w, o.options[w.ask(_labels(possible), codes, o)])
    elif isinstance(o, AllOf):
        for x in o.items:
            walk(w, x)
    elif isinstance(o, UndeployFor):
        cards = s.comp.cards
        done = 0
        while True:
            slots = [k for k, n in enumerate(w.sim["workers"])
                     if n > 0 and cards[p.bm[k]].type == o.kind]
            if not slots:
                break
            labels = ["done"] + [f"slot {k} ({cards[p.bm[k]].name})" for k in slots]
            a = w.ask(labels, [0] + [k + 1 for k in slots], o)
            if a == 0 or a - 1 not in slots:
                break
            k = a - 1
            w.sim["workers"][k] -= 1
            done += 1
            if w.apply:
                p.workers[k] -= 1
                p.idle += 1
            walk(w, o.each)
        w.sim["undeployed"] = done
    elif isinstance(o, HireFree):
        if p.wonder < 0:
            return
        left = len(s.comp.cards[p.wonder].stages) - p.built
        top = min(o.n, left)
        if top <= 0:
            return
        labels = [str(i) for i in range(top + 1)]
        k = min(top, w.ask(labels, list(range(top + 1)), o))
        if w.apply and k:
            from .rules import _fire, build_sections
            # an architect hired without stone is still hired: the owner's "hire" effects
            # fire for each, as for the Hire action (Sistine Chapel)
            for _ in range(k):
                _fire(s, seat, "hire", w.log)
                build_sections(s, seat, 1, w.log)
    elif isinstance(o, DeployFree):
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
            labels = ["done"] + [f"slot {k} ({cards[p.bm[k]].name})" for k in slots]
            a = w.ask(labels, [0] + [k + 1 for k in slots], o)
            if a == 0 or a - 1 not in slots:
                break
            k = a - 1
            w.sim["workers"][k] += 1
            w.sim["idle"] -= 1
            if w.apply:
                p.workers[k] += 1
                p.idle -= 1
    elif isinstance(o, RegainWarLosses):
        if w.apply:
            for r in o.kinds:
                p.res[r] += p.war_took[r]
                p.war_took[r] = 0
    elif isinstance(o, Others):
        if w.apply and id(o) not in w.once:
            w.once.add(id(o))
            for other in range(len(s.players)):
                if other != seat and other not in w.selected:
                    sub = Walk(s, other, [], True, w.log)
                    walk(sub, o.inner)
    elif isinstance(o, StrengthTemp):
        if w.apply:
            p.temp_strength += o.amount
    elif isinstance(o, LeastStabilityForRound):
        if w.apply:
            p.least_stab = True
    elif isinstance(o, BuyFree):
        refs = buy_free_options(s, seat, o.types)
        if not refs:
            return
        labels = [s.comp.cards[c].id for c in refs]
        picked = w.ask(labels, refs, o)
        if w.apply and picked in refs:
            from .rules import take_card
            take_card(s, seat, picked, 0, w.log)
    elif isinstance(o, KeepOrder) and w.apply:
        s.order = s.prev_order[:]
    elif isinstance(o, IfThen):
        walk(w, o.then if holds(s, seat, o.cond) else o.otherwise)
    elif isinstance(o, To):
        if w.apply and id(o) not in w.once:
            w.once.add(id(o))
            for target in select(s, o.who, seat):
                sub = Walk(s, target, [], True, w.log)
                walk(sub, o.do)
                if sub.go:
                    from .rules import _reorder
                    _reorder(s, [target] if "first" in sub.go else [],
                             [target] if "last" in sub.go else [], w.log)
    elif isinstance(o, RemoveAll):
        if w.apply:
            held = p.advisors if o.what == "advisor" else p.colonies
            s.discard.extend(held)
            held.clear()
    elif isinstance(o, SwapBoardCards):
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


def _labels(options: list[Outcome]) -> list[str]:
    labels = [describe(x) for x in options]
    if len(set(labels)) != len(labels):
        labels = [f"{i + 1}: {t}" for i, t in enumerate(labels)]
    return labels


def plan_keys(s: GameState, seat: int, o: Outcome | None,
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


def pending_question(s: GameState, seat: int, o: Outcome | None,
                     answers: list[int]) -> NeedChoice | None:
    """The next unanswered choice of ``o`` for ``seat`` (its labels, keys and the outcome
    that asks), or None when every choice is answered."""
    try:
        walk(Walk(s, seat, list(answers), False), o)
    except NeedChoice as need:
        return need
    return None


def plan(s: GameState, seat: int, o: Outcome | None, answers: list[int]) -> list[str] | None:
    """The labels of the next unanswered choice of ``o`` for ``seat``, or None."""
    return plan_keys(s, seat, o, answers)[0]


def carry_out(s: GameState, seat: int, o: Outcome | None, answers: list[int],
              log: Log, once: set[int] | None = None,
              selected: frozenset[int] = frozenset()) -> list[str]:
    """Apply ``o`` for ``seat`` with its answers; returns the player-order moves it asked
    for ("first"/"last"), which the caller resolves.  ``once``: shared by the nations of one
    event half, so that what reaches other nations applies once."""
    w = Walk(s, seat, list(answers), True, log, once, selected)
    walk(w, o)
    return w.go


__all__ = ["CardEffect", "Cond", "Count", "EffectFormatError", "EventHalf", "Outcome", "Who",
           "carry_out", "describe", "feasible", "holds", "lose", "parse_card_effects",
           "parse_event_half", "parse_outcome", "plan"]
