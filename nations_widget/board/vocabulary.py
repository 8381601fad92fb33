"""The effect vocabulary of cards and events (see DESIGN.md): typed values, parsed from the
data's JSON.

Parsing refuses anything it does not know, naming the file, the card and the field.  The
values are what the interpreter (:mod:`nations_widget.board.effects`) carries out and what
:mod:`nations_widget.board.words` puts into words; this module only defines and parses
them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..core.envelope import quote
from .constants import CARD_TYPES, RES_INDEX, RESOURCES


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
    """An outcome from its JSON: the first key of :data:`OUTCOME_KEYS` it holds says its
    kind ("to" beside "deploy_free" is the deploy's target, not a selection)."""
    if not isinstance(raw, dict) or not raw:
        raise _fail(where, "an outcome is an object")
    for key, parse in OUTCOME_KEYS:
        if key in raw and not (key == "to" and "deploy_free" in raw):
            return parse(raw, where)
    raise _fail(f"{where}.{sorted(raw)[0]}", "unknown outcome")


def _parse_if(raw: dict[str, Any], where: str) -> Outcome:
    _keys(raw, {"if", "then", "else"}, where)
    return IfThen(parse_cond(raw["if"], f"{where}.if"),
                  parse_outcome(raw["then"], f"{where}.then") if "then" in raw else None,
                  parse_outcome(raw["else"], f"{where}.else") if "else" in raw else None)


def _parse_to(raw: dict[str, Any], where: str) -> Outcome:
    _keys(raw, {"to", "do"}, where)
    if "do" not in raw:
        raise _fail(where, "'to' needs 'do': what the selected nations get")
    return To(parse_who(raw["to"], f"{where}.to"), parse_outcome(raw["do"], f"{where}.do"))


def _parse_remove_all(raw: dict[str, Any], where: str) -> Outcome:
    _keys(raw, {"remove_all"}, where)
    if raw["remove_all"] not in ("advisor", "colony"):
        raise _fail(f"{where}.remove_all", "must be advisor or colony")
    return RemoveAll(str(raw["remove_all"]))


def _parse_swap_board_cards(raw: dict[str, Any], where: str) -> Outcome:
    _keys(raw, {"swap_board_cards"}, where)
    if raw["swap_board_cards"] is not True:
        raise _fail(f"{where}.swap_board_cards", "must be true")
    return SwapBoardCards()


def _parse_gain_or_lose(raw: dict[str, Any], where: str) -> Outcome:
    key = "gain" if "gain" in raw else "lose"
    _keys(raw, {key, "per"}, where)
    per = parse_count(raw["per"], f"{where}.per") if "per" in raw else None
    amounts = _amounts(raw[key], f"{where}.{key}")
    return Gain(amounts, per) if key == "gain" else Lose(amounts, per)


def _parse_lose_all_but(raw: dict[str, Any], where: str) -> Outcome:
    _keys(raw, {"lose_all_but"}, where)
    return LoseAllBut(_amounts(raw["lose_all_but"], f"{where}.lose_all_but"))


def _parse_take_workers(raw: dict[str, Any], where: str) -> Outcome:
    _keys(raw, {"take_workers"}, where)
    return TakeWorkers(_pos_int(raw["take_workers"], f"{where}.take_workers"))


def _parse_return_workers(raw: dict[str, Any], where: str) -> Outcome:
    _keys(raw, {"return_workers"}, where)
    return ReturnWorkers(_pos_int(raw["return_workers"], f"{where}.return_workers"))


def _parse_go(raw: dict[str, Any], where: str) -> Outcome:
    _keys(raw, {"go"}, where)
    if raw["go"] not in ("first", "last"):
        raise _fail(f"{where}.go", "must be first or last")
    return Go(str(raw["go"]))


def _parse_remove(raw: dict[str, Any], where: str) -> Outcome:
    _keys(raw, {"remove", "else", "then"}, where)
    if raw["remove"] not in ("advisor", "colony", "architect"):
        raise _fail(f"{where}.remove", "must be advisor, colony or architect")
    other = parse_outcome(raw["else"], f"{where}.else") if "else" in raw else None
    then = parse_outcome(raw["then"], f"{where}.then") if "then" in raw else None
    return Remove(str(raw["remove"]), other, then)


def _parse_may(raw: dict[str, Any], where: str) -> Outcome:
    _keys(raw, {"may"}, where)
    return May(parse_outcome(raw["may"], f"{where}.may"))


def _parse_pay(raw: dict[str, Any], where: str) -> Outcome:
    _keys(raw, {"pay", "then"}, where)
    then = parse_outcome(raw["then"], f"{where}.then") if "then" in raw else None
    return Pay(_amounts(raw["pay"], f"{where}.pay"), then)


def _parse_choose_or_all(raw: dict[str, Any], where: str) -> Outcome:
    key = "choose" if "choose" in raw else "all"
    _keys(raw, {key}, where)
    items = raw[key]
    if not isinstance(items, list) or not items:
        raise _fail(f"{where}.{key}", "must be a list of outcomes")
    parsed = tuple(parse_outcome(x, f"{where}.{key}[{i}]") for i, x in enumerate(items))
    return ChooseOne(parsed) if key == "choose" else AllOf(parsed)


def _parse_undeploy_for(raw: dict[str, Any], where: str) -> Outcome:
    _keys(raw, {"undeploy_for", "each"}, where)
    if raw["undeploy_for"] not in ("military", "building"):
        raise _fail(f"{where}.undeploy_for", "must be military or building")
    if "each" not in raw:
        raise _fail(where, "undeploy_for needs 'each': what each undeployed worker brings")
    return UndeployFor(str(raw["undeploy_for"]), parse_outcome(raw["each"], f"{where}.each"))


def _parse_hire_free(raw: dict[str, Any], where: str) -> Outcome:
    _keys(raw, {"hire_free"}, where)
    return HireFree(_pos_int(raw["hire_free"], f"{where}.hire_free"))


def _parse_deploy_free(raw: dict[str, Any], where: str) -> Outcome:
    _keys(raw, {"deploy_free", "to"}, where)
    to = raw.get("to", "")
    if to not in ("military", "building", "bought_card", ""):
        raise _fail(f"{where}.to", "must be military, building or bought_card")
    return DeployFree(_pos_int(raw["deploy_free"], f"{where}.deploy_free"), str(to))


def _parse_regain_war_losses(raw: dict[str, Any], where: str) -> Outcome:
    _keys(raw, {"regain_war_losses"}, where)
    kinds = raw["regain_war_losses"]
    if not isinstance(kinds, list) or any(k not in RES_INDEX for k in kinds):
        raise _fail(f"{where}.regain_war_losses", "must be a list of resources")
    return RegainWarLosses(tuple(RES_INDEX[k] for k in kinds))


def _parse_others(raw: dict[str, Any], where: str) -> Outcome:
    _keys(raw, {"others"}, where)
    return Others(parse_outcome(raw["others"], f"{where}.others"))


def _parse_strength_until_end_of_events(raw: dict[str, Any], where: str) -> Outcome:
    _keys(raw, {"strength_until_end_of_events"}, where)
    v = raw["strength_until_end_of_events"]
    if isinstance(v, bool) or not isinstance(v, int):
        raise _fail(f"{where}.strength_until_end_of_events", "must be a whole number")
    return StrengthTemp(v)


def _parse_least_stability_for_round(raw: dict[str, Any], where: str) -> Outcome:
    _keys(raw, {"least_stability_for_round"}, where)
    if raw["least_stability_for_round"] is not True:
        raise _fail(f"{where}.least_stability_for_round", "must be true")
    return LeastStabilityForRound()


def _parse_buy_free(raw: dict[str, Any], where: str) -> Outcome:
    _keys(raw, {"buy_free"}, where)
    types = raw["buy_free"]
    if not isinstance(types, list) or any(t not in CARD_TYPES for t in types):
        raise _fail(f"{where}.buy_free", "must be a list of card types")
    return BuyFree(tuple(types))


def _parse_keep_player_order(raw: dict[str, Any], where: str) -> Outcome:
    _keys(raw, {"keep_player_order"}, where)
    if raw["keep_player_order"] is not True:
        raise _fail(f"{where}.keep_player_order", "must be true")
    return KeepOrder()


# The keys that name an outcome's kind, in the order they are looked for, with their parsers.
OUTCOME_KEYS: tuple[tuple[str, Callable[[dict[str, Any], str], Outcome]], ...] = (
    ("if", _parse_if),
    ("to", _parse_to),
    ("remove_all", _parse_remove_all),
    ("swap_board_cards", _parse_swap_board_cards),
    ("gain", _parse_gain_or_lose),
    ("lose", _parse_gain_or_lose),
    ("lose_all_but", _parse_lose_all_but),
    ("take_workers", _parse_take_workers),
    ("return_workers", _parse_return_workers),
    ("go", _parse_go),
    ("remove", _parse_remove),
    ("may", _parse_may),
    ("pay", _parse_pay),
    ("choose", _parse_choose_or_all),
    ("all", _parse_choose_or_all),
    ("undeploy_for", _parse_undeploy_for),
    ("hire_free", _parse_hire_free),
    ("deploy_free", _parse_deploy_free),
    ("regain_war_losses", _parse_regain_war_losses),
    ("others", _parse_others),
    ("strength_until_end_of_events", _parse_strength_until_end_of_events),
    ("least_stability_for_round", _parse_least_stability_for_round),
    ("buy_free", _parse_buy_free),
    ("keep_player_order", _parse_keep_player_order),
)


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
