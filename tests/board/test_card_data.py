"""The board game's card and event data: figures, texts and effect definitions.

Pure JSON checks (no engine import): the figures in our data files equal the shared component
data's; every card text and event text is present and written in our own words; every effect
and event definition uses only the vocabulary of ``nations_widget/board/DESIGN.md`` (the
tables below mirror it, so a typo in the data fails here).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

DATA = Path(__file__).resolve().parents[2] / "nations_widget" / "board" / "data"
# shared/ sits beside the repository root (the main checkout and every worktree)
SHARED = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "nations-board"

CARDS: list[dict[str, Any]] = json.loads((DATA / "cards.json").read_text())["progress"]
EVENTS: list[dict[str, Any]] = json.loads((DATA / "events.json").read_text())["events"]

# ---------------------------------------------------------------------------------------------
# The vocabulary (DESIGN.md, "The effect vocabulary")
RESOURCES = {"gold", "stone", "food", "books", "vp"}
METRICS = {"strength", "stability", "food", "books", "industrial_building_workers",
           "golden_ages_bought", "workers"}
COUNT_NAMES = {"wars_and_battles_bought", "colonies_bought", "golden_ages_bought",
               "workers_undeployed"}
CARD_TYPES = {"advisor", "battle", "building", "colony", "golden age", "military", "war",
              "wonder"}
WHO_NAMES = {"all", "first_to_pass", "last_to_pass"}
# outcome form: its leading key -> (other keys required, other keys allowed)
OUTCOME_FORMS: dict[str, tuple[set[str], set[str]]] = {
    "gain": (set(), {"per"}),
    "lose": (set(), {"per"}),
    "lose_all_but": (set(), set()),
    "take_workers": (set(), set()),
    "return_workers": (set(), set()),
    "go": (set(), set()),
    "remove": (set(), {"else", "then"}),
    "remove_all": (set(), set()),
    "may": (set(), set()),
    "pay": ({"then"}, set()),
    "choose": (set(), set()),
    "all": (set(), set()),
    "undeploy_for": ({"each"}, set()),
    "hire_free": (set(), set()),
    "deploy_free": (set(), {"to"}),
    "regain_war_losses": (set(), set()),
    "others": (set(), set()),
    "strength_until_end_of_events": (set(), set()),
    "least_stability_for_round": (set(), set()),
    "buy_free": (set(), set()),
    "if": ({"then"}, {"else"}),
    "to": ({"do"}, set()),
    "keep_player_order": (set(), set()),
    "swap_board_cards": (set(), set()),
}
WHEN = {"production", "ready", "bought", "wonder_ready", "hire", "action", "always", "passed",
        "age_end", "final_scoring", "gold_spent_out", "replaced_by_newer"}
# modifier -> the parameters it takes (all required)
MODIFIERS: dict[str, set[str]] = {
    "no_military_upkeep": set(),
    "no_shortfall_vp": set(),
    "military_deploy_discount": {"amount", "min"},
    "private_architects": {"amount"},
    "golden_age_bonus": {"amount"},
    "extra_advisor_slot": set(),
    "war_strength": {"amount"},
    "no_war_vp_loss": set(),
    "first_turn_actions": {"amount"},
    "raid_bonus": {"amount"},
    "card_cost": {"amount", "of"},
    "stability": {"amount"},
    "war_extra_loss": {"lose"},
    "colony_requirement": {"amount"},
    "event_draw": {"amount"},
    "cannot_buy": {"of"},
}
MODIFIER_OPTIONS = {"if", "applies_to"}
EVENT_HALF_KEYS = ({"name", "text", "who", "do"}, {"if", "others_do"})


class VocabularyError(ValueError):
    pass


def _fail(path: str, why: str) -> None:
    raise VocabularyError(f"{path}: {why}")


def _positive_int(v: Any, path: str) -> None:
    if not (isinstance(v, int) and not isinstance(v, bool) and v > 0):
        _fail(path, f"expected a positive whole number, got {v!r}")


def _amounts(v: Any, path: str) -> None:
    if not isinstance(v, dict) or not v:
        _fail(path, f"expected resource amounts, got {v!r}")
    for k, n in v.items():
        if k not in RESOURCES:
            _fail(path, f"unknown resource {k!r}")
        _positive_int(n, f"{path}.{k}")


def _card_types(v: Any, path: str) -> None:
    if not isinstance(v, list) or not v or not set(v) <= CARD_TYPES:
        _fail(path, f"takes card types: {v!r}")


def _single(v: Any, path: str) -> tuple[str, Any]:
    if not isinstance(v, dict) or len(v) != 1:
        _fail(path, f"expected an object with one key, got {v!r}")
    return next(iter(v.items()))


def check_count(v: Any, path: str) -> None:
    if isinstance(v, str):
        if v not in COUNT_NAMES:
            _fail(path, f"unknown count {v!r}")
        return
    key, arg = _single(v, path)
    if key == "colonies":
        if set(arg) != {"age"}:
            _fail(path, f"colonies takes an age: {arg!r}")
        _positive_int(arg["age"], path + ".age")
    elif key == "cards":
        if not isinstance(arg, dict) or "type" not in arg or not set(arg) <= {"type", "age"}:
            _fail(path, f"cards takes types and an optional age: {arg!r}")
        if not isinstance(arg["type"], list) or not arg["type"] or not set(
                arg["type"]) <= CARD_TYPES:
            _fail(path, f"cards type {arg['type']!r}")
        if "age" in arg and arg["age"] != "current":
            _positive_int(arg["age"], path + ".age")
    elif key == "workers_on":
        if not isinstance(arg, dict) or "type" not in arg or not set(arg) <= {"type", "age"}:
            _fail(path, f"workers_on takes a type and an optional age: {arg!r}")
        if arg["type"] not in ("building", "military"):
            _fail(path, f"workers_on type {arg['type']!r}")
    else:
        _fail(path, f"unknown count {key!r}")


def check_condition(v: Any, path: str) -> None:
    key, arg = _single(v, path)
    if key in ("most", "least"):
        if arg not in METRICS:
            _fail(path, f"unknown metric {arg!r}")
    elif key == "passed":
        if arg not in ("first", "last"):
            _fail(path, f"passed {arg!r}")
    elif key in ("strength_above_war", "war_bought_by_other", "defeated_in_war"):
        if arg is not True:
            _fail(path, f"{key} takes true")
    elif key == "advisor_age":
        if not isinstance(arg, list) or not arg or not all(a in (1, 2, 3, 4) for a in arg):
            _fail(path, f"advisor_age takes a list of ages: {arg!r}")
    elif key == "at_least":
        if not isinstance(arg, list) or len(arg) != 2:
            _fail(path, f"at_least takes [COUNT, N]: {arg!r}")
        check_count(arg[0], path + ".at_least[0]")
        _positive_int(arg[1], path + ".at_least[1]")
    else:
        _fail(path, f"unknown condition {key!r}")


def check_who(v: Any, path: str, others: bool = False) -> None:
    if isinstance(v, str):
        if v not in WHO_NAMES | ({"others"} if others else set()):
            _fail(path, f"unknown who {v!r}")
        return
    key, arg = _single(v, path)
    if key in ("most", "least", "all_except_least"):
        if arg not in METRICS:
            _fail(path, f"unknown metric {arg!r}")
    elif key == "all_except_most":
        if not isinstance(arg, list) or not arg or not set(arg) <= METRICS:
            _fail(path, f"all_except_most takes metrics: {arg!r}")
    else:
        _fail(path, f"unknown who {key!r}")


def check_outcome(v: Any, path: str) -> None:
    if not isinstance(v, dict) or not v:
        _fail(path, f"expected an outcome, got {v!r}")
    leads = [k for k in v if k in OUTCOME_FORMS]
    if "deploy_free" in leads and "to" in leads:
        leads.remove("to")  # deploy_free's own "to" (a card type), not the "to" outcome
    if len(leads) != 1:
        _fail(path, f"an outcome has exactly one leading key, got {sorted(v)}")
    lead = leads[0]
    required, allowed = OUTCOME_FORMS[lead]
    extra = set(v) - {lead} - required - allowed
    if extra or not required <= set(v):
        _fail(path, f"{lead}: keys {sorted(v)} (needs {sorted(required)}, may have "
                    f"{sorted(allowed)})")
    arg = v[lead]
    here = f"{path}.{lead}"
    if lead in ("gain", "lose", "lose_all_but", "pay"):
        _amounts(arg, here)
        if "per" in v:
            check_count(v["per"], path + ".per")
    elif lead in ("take_workers", "return_workers", "hire_free", "deploy_free"):
        _positive_int(arg, here)
        if lead == "deploy_free" and "to" in v and v["to"] not in (
                "military", "building", "bought_card"):
            _fail(path + ".to", f"deploy_free to {v['to']!r}")
    elif lead == "go":
        if arg not in ("first", "last"):
            _fail(here, f"go {arg!r}")
    elif lead == "remove":
        if arg not in ("advisor", "colony", "architect"):
            _fail(here, f"remove {arg!r}")
    elif lead == "remove_all":
        if arg not in ("advisor", "colony"):
            _fail(here, f"remove_all {arg!r}")
    elif lead in ("may", "others"):
        check_outcome(arg, here)
    elif lead in ("choose", "all"):
        if not isinstance(arg, list) or len(arg) < 2:
            _fail(here, "takes a list of at least two outcomes")
        for i, o in enumerate(arg):
            check_outcome(o, f"{here}[{i}]")
    elif lead == "undeploy_for":
        if arg not in ("military", "building"):
            _fail(here, f"undeploy_for {arg!r}")
        check_outcome(v["each"], path + ".each")
    elif lead == "regain_war_losses":
        if not isinstance(arg, list) or not arg or not set(arg) <= RESOURCES:
            _fail(here, f"takes resource kinds: {arg!r}")
    elif lead == "strength_until_end_of_events":
        if not isinstance(arg, int) or isinstance(arg, bool) or arg == 0:
            _fail(here, f"takes a non-zero whole number: {arg!r}")
    elif lead in ("least_stability_for_round", "keep_player_order", "swap_board_cards"):
        if arg is not True:
            _fail(here, "takes true")
    elif lead == "buy_free":
        if not isinstance(arg, list) or not arg or not set(arg) <= CARD_TYPES:
            _fail(here, f"takes card types: {arg!r}")
    elif lead == "if":
        check_condition(arg, here)
    elif lead == "to":
        check_who(arg, here, others=True)
        check_outcome(v["do"], path + ".do")
    for key in ("then", "else"):
        if key in v:
            check_outcome(v[key], f"{path}.{key}")


def check_card_effect(v: Any, path: str) -> None:
    if not isinstance(v, dict) or v.get("when") not in WHEN:
        _fail(path, f"an effect needs a known 'when', got {v!r}")
    when = v["when"]
    if when == "always":
        if "remove_if" in v:
            if set(v) != {"when", "remove_if"}:
                _fail(path, f"remove_if stands alone: {sorted(v)}")
            check_condition(v["remove_if"], path + ".remove_if")
            return
        name = v.get("modifier")
        if name not in MODIFIERS:
            _fail(path, f"unknown modifier {name!r}")
        base = {"when", "modifier"} | MODIFIERS[name]
        if not base <= set(v) or not set(v) <= base | MODIFIER_OPTIONS:
            _fail(path, f"{name} takes {sorted(MODIFIERS[name])}: {sorted(v)}")
        for p in MODIFIERS[name]:
            if p == "of":
                _card_types(v[p], f"{path}.of")
            elif p == "lose":
                _amounts(v[p], f"{path}.lose")
            elif not isinstance(v[p], int) or isinstance(v[p], bool):
                _fail(f"{path}.{p}", f"takes a whole number: {v[p]!r}")
        if "if" in v:
            check_condition(v["if"], path + ".if")
        if v.get("applies_to", "owner") not in ("owner", "others", "all"):
            _fail(path + ".applies_to", f"unknown {v['applies_to']!r}")
        return
    allowed = {"when", "do", "if"} | (
        {"of", "price", "by"} if when == "bought" else set()) | (
        {"of"} if when == "replaced_by_newer" else set()) | (
        {"per_round"} if when == "action" else set())
    if "do" not in v or not set(v) <= allowed:
        _fail(path, f"a '{when}' effect has keys {sorted(allowed)}: {sorted(v)}")
    if "if" in v:
        check_condition(v["if"], path + ".if")
    if "of" in v:
        _card_types(v["of"], path + ".of")
    if "price" in v:
        _positive_int(v["price"], path + ".price")
    if "by" in v and v["by"] != "others":
        _fail(path + ".by", f"unknown {v['by']!r}")
    if "per_round" in v:
        _positive_int(v["per_round"], path + ".per_round")
    check_outcome(v["do"], path + ".do")


def check_event_half(v: Any, path: str) -> None:
    required, allowed = EVENT_HALF_KEYS
    if not required <= set(v) or not set(v) <= required | allowed:
        _fail(path, f"an event half has {sorted(required)} and may have {sorted(allowed)}: "
                    f"{sorted(v)}")
    check_who(v["who"], path + ".who")
    if "if" in v:
        check_condition(v["if"], path + ".if")
    check_outcome(v["do"], path + ".do")
    if "others_do" in v:
        check_outcome(v["others_do"], path + ".others_do")


# ---------------------------------------------------------------------------------------------
# The data follows the vocabulary


@pytest.mark.parametrize("card", [c for c in CARDS if "effects" in c], ids=lambda c: c["id"])
def test_card_effects_use_the_vocabulary(card: dict[str, Any]) -> None:
    assert isinstance(card["effects"], list) and card["effects"]
    for i, effect in enumerate(card["effects"]):
        check_card_effect(effect, f"{card['id']}.effects[{i}]")


@pytest.mark.parametrize("event", EVENTS, ids=lambda e: e["id"])
def test_event_halves_use_the_vocabulary(event: dict[str, Any]) -> None:
    assert len(event["events"]) == 2
    for i, half in enumerate(event["events"]):
        check_event_half(half, f"{event['id']}.events[{i}]")


@pytest.mark.parametrize(("bad", "why"), [
    ({"gian": {"books": 3}}, "exactly one leading key"),
    ({"gain": {"book": 3}}, "unknown resource"),
    ({"gain": {"books": 3}, "per": "colonies_baught"}, "unknown count"),
    ({"choose": [{"lose": {"food": 2}}, {"go": "front"}]}, "go 'front'"),
    ({"pay": {"food": 4}}, "needs ['then']"),
    ({"to": {"most": "strenght"}, "do": {"gain": {"vp": 1}}}, "unknown metric"),
    ({"if": {"most": "stability"}, "than": {"gain": {"vp": 1}}}, "needs ['then']"),
])
def test_the_vocabulary_check_refuses_typos(bad: dict[str, Any], why: str) -> None:
    with pytest.raises(VocabularyError, match=re.escape(why)):
        check_outcome(bad, "sample")


def test_the_effect_check_refuses_unknown_triggers_and_modifiers() -> None:
    with pytest.raises(VocabularyError, match="known 'when'"):
        check_card_effect({"when": "producton", "do": {"gain": {"gold": 1}}}, "sample")
    with pytest.raises(VocabularyError, match="unknown modifier"):
        check_card_effect({"when": "always", "modifier": "no_military_upkep"}, "sample")
    with pytest.raises(VocabularyError, match="takes"):
        check_card_effect({"when": "always", "modifier": "war_strength"}, "sample")
    with pytest.raises(VocabularyError, match="unknown who"):
        check_event_half({"name": "x", "text": "x", "who": "everyone",
                          "do": {"gain": {"vp": 1}}}, "sample")


# ---------------------------------------------------------------------------------------------
# Texts


def test_every_card_has_a_text() -> None:
    """All 296 cards of the base box: base, advanced and expert."""
    missing = [c["id"] for c in CARDS if not c.get("text", "").strip()]
    assert not missing, f"cards without a text: {missing}"


def test_every_event_half_has_a_text() -> None:
    missing = [h["name"] for e in EVENTS for h in e["events"] if not h.get("text", "").strip()]
    assert not missing, f"event halves without a text: {missing}"


def test_card_fields_and_effects_agree() -> None:
    """A card field that the engine also reads as a modifier says the same in both places."""
    for c in CARDS:
        modifiers = {e["modifier"]: e for e in c.get("effects", []) if "modifier" in e}
        if "private_architects" in c:
            assert modifiers["private_architects"]["amount"] == c["private_architects"], c["id"]
        if "private_architects" in modifiers:
            assert c.get("private_architects") == modifiers["private_architects"]["amount"]


# ---------------------------------------------------------------------------------------------
# Against the shared component data

# the generator's name decisions (scripts/make_board_cards.py, PROVENANCE.md)
NAMES = {"Pelopponesian War": "Peloponnesian War", "Carolus Linneaus": "Carolus Linnaeus",
         "Oresund Dues": "Øresund Dues", "Curassiers": "Hussar"}
RES = {"gold": "gold", "stone": "stone", "food": "food", "books": "books",
       "stability": "stability", "military": "strength"}


def _shared() -> dict[str, Any]:
    path = SHARED / "cards.json"
    if not path.exists():
        pytest.skip(f"the shared component data is not here ({path})")
    data: dict[str, Any] = json.loads(path.read_text())
    return data


def _ours(c: dict[str, Any]) -> dict[str, Any]:
    name = NAMES.get(c["name"], c["name"])
    found = [x for x in CARDS if x["name"] == name and x["type"] == c["type"]]
    assert len(found) == 1, f"{name} ({c['type']}): {len(found)} cards in our data"
    return found[0]


def _res(d: dict[str, int] | None) -> dict[str, int]:
    return {RES[k]: v for k, v in (d or {}).items()}


def test_card_figures_equal_the_shared_data() -> None:
    shared = [c for c in _shared()["progress_cards"] if c["set"] in ("base", "adv", "exp")]
    assert len(shared) == len(CARDS) == 296
    for c in shared:
        o = _ours(c)
        assert (o["set"], o["age"]) == (c["set"], c["age"]), o["id"]
        t = c["type"]
        if t in ("building", "military"):
            assert o["per_worker"] == _res(c.get("production_per_worker")), o["id"]
            assert o["deploy_cost"] == -c["deployment_cost"], o["id"]
            assert o["worker_vp"] == c["worker_points"], o["id"]
            assert o.get("raid", 0) == c.get("raid_value", 0), o["id"]
            assert o.get("max_workers") == (len(c["worker_points"]) if c.get("max_workers")
                                             else None), o["id"]
        if t in ("colony", "wonder", "advisor"):
            assert o.get("produces", {}) == _res(c.get("production_value")), o["id"]
            assert o.get("vp") == c.get("points"), o["id"]
        if t == "colony":
            assert o["requirement"] == c["military_requirement"], o["id"]
        if t == "wonder":
            assert o["stages"] == [-x for x in c["stage_costs"]], o["id"]
        if t == "war":
            assert o["war_loss"] == {RES[c["penalty_resource"]]: -c["penalty_amount"]}, o["id"]
        if t == "golden age":
            assert o["golden_age"] == ("books" if c.get("offers_books") else "stone"), o["id"]
        assert o.get("private_architects") == c.get("private_architects"), o["id"]
        # figures the generator does not copy must live in our effects
        if c.get("golden_age_bonus"):
            bonus = [e for e in o.get("effects", []) if e.get("modifier") == "golden_age_bonus"]
            assert [e["amount"] for e in bonus] == [c["golden_age_bonus"]], o["id"]


def test_event_figures_equal_the_shared_data() -> None:
    shared = _shared()["event_cards"]
    assert len(shared) == len(EVENTS) == 48
    ours = {(e["events"][0]["name"], e["events"][1]["name"]): e for e in EVENTS}
    for s in shared:
        o = ours[(s["name_a"], s["name_b"])]
        assert (o["age"], o["architects"], o["famine"]) == (
            s["age"], s["architects"], -s["famine"]), o["id"]


@pytest.mark.parametrize(("card_set", "how_many"), [("base", 26), ("adv", 23), ("exp", 23)])
def test_cards_with_a_special_ability_have_effects(card_set: str, how_many: int) -> None:
    shared = [c for c in _shared()["progress_cards"] if c["set"] == card_set]
    special = [c for c in shared
               if c.get("custom_logic_methods") or c.get("text") or c.get("golden_age_bonus")]
    assert len(special) == how_many
    missing = [c["name"] for c in special if not _ours(c).get("effects")]
    assert not missing, f"special cards without effects: {missing}"
    # and no ordinary card carries effects it does not have
    ordinary = {_ours(c)["id"] for c in shared} - {_ours(c)["id"] for c in special}
    assert not [c["id"] for c in CARDS if c["id"] in ordinary and "effects" in c]


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9']+", text.lower().replace("[", " ").replace("]", " "))


def _runs(text: str, n: int = 5) -> set[tuple[str, ...]]:
    w = _words(text)
    return {tuple(w[i:i + n]) for i in range(len(w) - n + 1)}


def test_shared_runs_are_found_by_the_copy_check() -> None:
    """The copy check below sees a lightly reworded sentence (guards the check itself)."""
    theirs = _runs("Most [Stability]: Regain all [Points] lost to War this round")
    assert _runs("The most stable regain all points lost to war this round!") & theirs


def test_no_text_copies_the_third_party_paraphrases() -> None:
    shared = _shared()
    theirs: set[tuple[str, ...]] = set()
    for c in shared["progress_cards"]:
        theirs |= _runs(c.get("text", ""))
    for e in shared["event_cards"]:
        theirs |= _runs(e["effect_a"]) | _runs(e["effect_b"])
    assert len(theirs) > 100  # the paraphrases are there to compare against
    ours = [(c["id"], c.get("text", "")) for c in CARDS]
    ours += [(h["name"], h.get("text", "")) for e in EVENTS for h in e["events"]]
    copied = {name: sorted(_runs(text) & theirs) for name, text in ours if _runs(text) & theirs}
    assert not copied, f"texts sharing 5+ words in a row with the shared paraphrases: {copied}"
