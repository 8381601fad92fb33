"""Every base progress card and every event half, played in a position built for it.

Part 1 buys each of the 144 base progress cards from the progress board and checks what it
does, by type, against the card's printed figures (data/cards.json) and the rulebook's
meaning of the type: never by asking the engine's own helpers what the card should do.
Production is checked as a difference: the same position played once with the card and
once without it, through the production step; the difference must be the card's figures.
The 26 cards with a special ability each have a hand-written test of it.

Part 2 plays each of the 96 event halves at the events step, in positions where the half
selects some nations and not others (ties as the rulebook rules them), and compares each
nation's resources, VP, workers and the player order with a hand-written expectation.
"""

from __future__ import annotations

import copy
import json
from functools import cache
from typing import Any

import pytest
from board_helpers import (
    card_figures,
    choose,
    components_with,
    options,
    quiet_components,
    raw_data,
    refuse,
    resources,
)

from nations_widget.board import Buy, Deploy, GameState, Hire, Pass
from nations_widget.board.components import BOOKS, FOOD, GOLD, STONE, VP
from nations_widget.board.scenario import scenario
from nations_widget.board.scoring import stability, strength
from nations_widget.board.serialization import check_invariants

GOODS = ("gold", "stone", "food", "books")
# one event card per age, blanked (and its famine 0) in the card tests, so that a round
# played through its resolution shows only the cards' effects
QUIET = {1: "aryan-migration--code-of-hammurabi", 2: "benedictine-rule--paper-money",
         3: "absolute-monarchy--salem-witch-trials", 4: "american-revolution--french-revolution"}
BASE_CARDS = [c["id"] for c in raw_data()[0]["progress"] if c["set"] == "base"]
SPECIAL = sorted(c["id"] for c in raw_data()[0]["progress"]
                 if c["set"] == "base" and c.get("effects"))

# The three nations of the card tests (3 players, order 0, 1, 2; seats 1 and 2 have
# passed, so every action is seat 0's):
#   seat 0 tests the card: 7 workers (2 taken from the food section), 1 on the Axeman
#     (2 strength), 3 on the Caravan (3 stability), 3 idle; plenty of every good.
#   seat 1 leads: 6 strength and 6 stability, so seat 0 is never alone the strongest or the
#     most stable through an advisor's or a wonder's figures.
#   seat 2 trails: no strength, in revolt (-3 stability), so seat 0 is never the least.
SEAT0: dict[str, Any] = {"gold": 10, "stone": 20, "food": 20, "books": 10, "vp": 10,
                         "taken": {"food": 2},
                         "slots": [None, None, ["a-axeman", 1], None, ["a-caravan", 3]]}
LEADER: dict[str, Any] = {"gold": 10, "stone": 10, "food": 30, "books": 10, "vp": 10,
                          "taken": {"food": 4},
                          "slots": [None, None, ["a-axeman", 3], None, ["a-caravan", 6]]}
TRAILER: dict[str, Any] = {"gold": 10, "stone": 10, "food": 30, "books": 10, "vp": 10,
                           "taken": {"stability": 1}}


def age_of_card(card_id: str) -> int:
    return int(card_figures(card_id)["age"])


def figure(card: dict[str, Any], field: str, name: str) -> int:
    return int(card.get(field, {}).get(name, 0))


def position(card_id: str | None, age: int, seat0: dict[str, Any] | None = None,
             board: tuple[str, ...] = (), **extra: Any) -> GameState:
    """The card (and ``board``'s cards) on the 1-gold row, in the first round of ``age``;
    seat 0 to act, the others passed."""
    row = [c for c in ((card_id,) if card_id else ()) + board]
    row += [None] * (5 - len(row))
    desc: dict[str, Any] = {
        "players": 3, "round": 2 * age - 1, "order": [0, 1, 2], "passed": [1, 2],
        "current": 0, "event": QUIET[age], "architects": 0,
        "board": [[None] * 5, [None] * 5, row],
        "seats": [json.loads(json.dumps(seat0 if seat0 is not None else SEAT0)),
                  LEADER, TRAILER]}
    desc.update(extra)
    s = scenario(desc, quiet_components(*QUIET.values()))
    assert check_invariants(s) == []
    return s


def produce(s: GameState) -> list[int]:
    """Seat 0 passes; the round resolves (production, order, no war, blank events, no
    famine) up to the next round's growth.  Returns what seat 0's goods and VP changed by."""
    before = resources(s, 0)
    round_ = s.round
    s.apply(Pass())
    assert s.round == round_ + 1 and s.step == "maintenance.growth", (s.round, s.step)
    assert check_invariants(s) == []
    return [a - b for a, b in zip(resources(s, 0), before, strict=True)]


def minus(a: list[int], b: list[int]) -> list[int]:
    return [x - y for x, y in zip(a, b, strict=True)]


def expected_goods(card: dict[str, Any], field: str, times: int = 1) -> list[int]:
    """A card's printed goods (gold, stone, food, books) times ``times``, and no VP."""
    return [figure(card, field, g) * times for g in GOODS] + [0]


def buy(s: GameState, card_id: str) -> None:
    gold = s.players[0].res[GOLD]
    s.apply(Buy(card_id))
    assert check_invariants(s) == []
    assert s.players[0].res[GOLD] == gold - 1, "the 1-gold row costs 1 gold"
    assert card_id not in [s.card_id(c) for c in s.board if c >= 0]


# ------------------------------------------------------------ part 1: every card by type
def check_building_or_military(card_id: str) -> None:
    card = card_figures(card_id)
    age = card["age"]
    battle = {1: "battle-of-cannae", 2: "battle-of-hastings", 3: "siege-of-rhodes",
              4: "battle-of-waterloo"}[age]
    military = card["type"] == "military"
    s = position(card_id, age, board=(battle,) if military else ())
    control = s.clone()
    p = s.players[0]
    buy(s, card_id)
    choose(s, "slot 0")                     # over the empty printed Temple
    assert s.card_id(p.bm[0]) == card_id and p.workers[0] == 0
    # an empty building or military does nothing yet
    assert (strength(s, 0), stability(s, 0)) == (2, 3)
    for k in range(1, 4):
        st, sb, stone = strength(s, 0), stability(s, 0), p.res[STONE]
        s.apply(Deploy(0, "idle"))
        assert check_invariants(s) == []
        assert p.workers[0] == k
        assert p.res[STONE] == stone - card["deploy_cost"], "deploying costs the card's stone"
        assert strength(s, 0) == st + figure(card, "per_worker", "strength"), "at once"
        assert stability(s, 0) == sb + figure(card, "per_worker", "stability"), "at once"
    # at game end the workers score the card's figures in the order they arrived, the
    # printed Axeman's and Caravan's first worker 1 VP each
    assert s.score_breakdown(0)["workers"] == sum(card["worker_vp"][:3]) + 2
    if military:
        assert f"{card['raid']} books" in options_after_buying(s.clone(), battle)
        s.apply(Buy(battle))
        choose(s, f"{card['raid']} stone")
        assert p.res[STONE] == 20 - 3 * card["deploy_cost"] + card["raid"]
    with_card = produce(s)
    without = produce(control)
    assert minus(with_card, without) == expected_goods(card, "per_worker", 3), \
        "3 workers produce 3 times the card's figures (upkeep included)"


def options_after_buying(s: GameState, card_id: str) -> list[str]:
    s.apply(Buy(card_id))
    return options(s)


STRENGTH_CARDS = (("hussar", 9), ("samurai", 7), ("cho-ko-nu", 5), ("chariot", 3),
                  ("a-axeman", 2))


def strength_slots(target: int) -> list[Any]:
    """Seat 0's slots giving exactly ``target`` strength with at most 9 workers, from
    military cards that change no stability (their upkeep is gold or food)."""
    from itertools import product
    for counts in sorted(product(range(4), range(4), range(4), range(2), range(10)), key=sum):
        if sum(counts) <= 9 and sum(c * f for c, (_, f) in zip(counts, STRENGTH_CARDS,
                                                              strict=True)) == target:
            return [[cid, c] if c else None for c, (cid, _) in zip(counts, STRENGTH_CARDS,
                                                                  strict=True)]
    raise AssertionError(f"no slots for {target} strength")


def colony_seat(target: int) -> dict[str, Any]:
    return {"gold": 30, "stone": 20, "food": 40, "books": 40, "vp": 10,
            "taken": {"food": 4}, "slots": strength_slots(target)}


def check_colony(card_id: str) -> None:
    card = card_figures(card_id)
    age, need = card["age"], card["requirement"]
    # one strength short: refused, nothing changes
    s = position(card_id, age, colony_seat(need - 1))
    assert strength(s, 0) == need - 1
    refuse(s, Buy(card_id), "strength")
    # exactly enough
    s = position(card_id, age, colony_seat(need))
    assert strength(s, 0) == need
    control = s.clone()
    st, sb = strength(s, 0), stability(s, 0)
    buy(s, card_id)
    assert [s.card_id(c) for c in s.players[0].colonies] == [card_id]
    assert strength(s, 0) == st + figure(card, "produces", "strength")
    assert stability(s, 0) == sb + figure(card, "produces", "stability")
    assert s.score_breakdown(0)["colonies"] == card["vp"]
    assert minus(produce(s), produce(control)) == expected_goods(card, "produces")


def check_wonder(card_id: str) -> None:
    card = card_figures(card_id)
    stages = card["stages"]
    s = position(card_id, card["age"], architects=len(stages))
    control = s.clone()
    p = s.players[0]
    buy(s, card_id)
    assert s.card_id(p.wonder) == card_id and p.built == 0 and p.wonders == []
    for k, cost in enumerate(stages):
        assert p.wonder >= 0, "not ready before its last stage"
        st, sb, stone = strength(s, 0), stability(s, 0), p.res[STONE]
        s.apply(Hire())
        assert check_invariants(s) == []
        assert p.res[STONE] == stone - cost, f"stage {k + 1} costs {cost} stone"
        if k < len(stages) - 1:
            assert p.built == k + 1
            # a wonder under construction does nothing
            assert (strength(s, 0), stability(s, 0)) == (st, sb)
    assert p.wonder == -1 and [s.card_id(c) for c in p.wonders] == [card_id]
    assert s.architects == 0
    assert strength(s, 0) == 2 + figure(card, "produces", "strength")
    assert stability(s, 0) == 3 + figure(card, "produces", "stability")
    assert s.score_breakdown(0)["wonders"] == card["vp"]
    if not card.get("effects"):
        assert minus(produce(s), produce(control)) == expected_goods(card, "produces")


def check_advisor(card_id: str) -> None:
    card = card_figures(card_id)
    old = "sejong-the-great" if card_id == "hatshepsut" else "hatshepsut"
    seat0 = dict(SEAT0, advisors=[old])
    s = position(card_id, card["age"], seat0)
    control = position(None, card["age"], dict(SEAT0))
    st, sb = strength(s, 0), stability(s, 0)
    buy(s, card_id)
    p = s.players[0]
    assert [s.card_id(c) for c in p.advisors] == [card_id], "the new advisor replaces the old"
    assert s.card_id(s.discard[-1]) == old
    assert strength(s, 0) == st + figure(card, "produces", "strength")
    assert stability(s, 0) == sb + figure(card, "produces", "stability")
    # against a nation without an advisor: the difference is the new advisor's figures
    # (and Anna Komnene waives the printed Axeman's 1 food of upkeep: her ability)
    expected = expected_goods(card, "produces")
    expected[FOOD] += card_id == "anna-komnene"
    assert minus(produce(s), produce(control)) == expected


def check_golden_age(card_id: str) -> None:
    card = card_figures(card_id)
    res = {"books": BOOKS, "stone": STONE}[card["golden_age"]]
    age = card["age"]
    s = position(card_id, age)
    buy(s, card_id)
    labels = options(s)
    assert f"take 2 {card['golden_age']}" in labels
    assert f"1 VP for {age} gold" in labels
    take = s.clone()
    before = resources(take, 0)
    choose(take, "take 2")
    change = [0] * 5
    change[res] = 2
    assert minus(resources(take, 0), before) == change
    choose(s, f"1 VP for {age} gold")
    assert minus(resources(s, 0), before) == [-age, 0, 0, 0, 1]
    assert s.queue == [] and s.card_id(s.discard[-1]) == card_id


def check_battle(card_id: str) -> None:
    age = age_of_card(card_id)
    # no worker on a military card: refused
    seat0 = dict(SEAT0, slots=[None, None, None, None, ["a-caravan", 3]])
    s = position(card_id, age, seat0)
    refuse(s, Buy(card_id), "military")
    # the best manned military: a Chariot (raid 3) beats the printed Axeman (raid 2)
    seat0 = dict(SEAT0, slots=[["chariot", 1], None, ["a-axeman", 1], None, ["a-caravan", 2]])
    for pick, res in (("books", BOOKS), ("food", FOOD), ("stone", STONE)):
        s = position(card_id, age, seat0)
        before = resources(s, 0)
        buy(s, card_id)
        assert sorted(options(s)) == ["3 books", "3 food", "3 stone"]
        choose(s, f"3 {pick}")
        change = [-1, 0, 0, 0, 0]
        change[res] += 3
        assert minus(resources(s, 0), before) == change
        assert s.card_id(s.discard[-1]) == card_id


def check_war(card_id: str) -> None:
    card = card_figures(card_id)
    age = card["age"]
    (res_name, loss), = card["war_loss"].items()
    res = {"gold": GOLD, "stone": STONE, "food": FOOD, "books": BOOKS}[res_name]
    other_war = next(c for c in BASE_CARDS if c != card_id and age_of_card(c) == age
                     and card_figures(c)["type"] == "war")
    # seat 0: 8 strength (4 Axeman workers), one idle worker left
    seat0 = dict(SEAT0, slots=[None, None, ["a-axeman", 4], None, ["a-caravan", 2]],
                 **{res_name: 20})
    s = position(card_id, age, seat0, board=(other_war,))
    control = s.clone()
    buy(s, card_id)
    assert s.card_id(s.war) == card_id and s.war_strength == 8 and s.war_buyer == 0
    refuse(s, Buy(other_war), "one war per round")
    # the war's strength stays what the buyer had when it bought it
    later = s.clone()
    later.apply(Deploy(2, "idle"))
    assert strength(later, 0) == 10 and later.war_strength == 8
    befores = [resources(s, x) for x in range(3)]
    cbefores = [resources(control, x) for x in range(3)]
    produce(s)
    produce(control)
    diff = [minus(minus(resources(s, x), befores[x]),
                  minus(resources(control, x), cbefores[x])) for x in range(3)]
    # seat 0 matches the war's strength: unaffected; seat 1 (6 strength, 6 stability)
    # loses the war's resources less 6, and 1 VP; seat 2 (in revolt) the full loss, 1 VP
    lost = [0] * 5
    assert diff[0] == lost
    lost[res] = -max(0, loss - 6)
    lost[VP] = -1
    assert diff[1] == lost
    lost[res] = -loss
    assert diff[2] == lost


CHECKS = {"building": check_building_or_military, "military": check_building_or_military,
          "colony": check_colony, "wonder": check_wonder, "advisor": check_advisor,
          "golden age": check_golden_age, "battle": check_battle, "war": check_war}


@pytest.mark.parametrize("card_id", BASE_CARDS)
def test_every_base_card_does_what_its_figures_say(card_id: str) -> None:
    CHECKS[card_figures(card_id)["type"]](card_id)


def test_the_card_lists_are_complete() -> None:
    assert len(BASE_CARDS) == 144 and len(SPECIAL) == 26


# ------------------------------------------------------------ part 2: every event half
EVENT_CARDS = raw_data()[1]["events"]
HALVES: dict[str, tuple[str, int, int]] = {
    h["name"]: (e["id"], i, e["age"]) for e in EVENT_CARDS for i, h in enumerate(e["events"])}
RES = {"gold": GOLD, "stone": STONE, "food": FOOD, "books": BOOKS, "vp": VP}

# Three positions for the events (3 players, player order 2, 1, 0; every nation has 10 gold,
# 10 stone, 12 books and 5 VP, so no loss below runs short):
#   STD: seat 0 strongest (6), seat 1 most stable (4) and most food (18), seat 2 last in
#        all three (0 strength, 0 stability, 12 food).
#   TOP_TIE: seats 0 and 1 tie for the most of everything (4 strength, 2 stability,
#        15 food): nobody has the most; seat 2 has the least of everything.
#   LOW_TIE: seat 0 has the most of everything; seats 1 and 2 tie for the least (no
#        strength, 12 food, both in revolt: -3 and -6 stability tie for the least).
COMMON = {"gold": 10, "stone": 10, "books": 12, "vp": 5}
POSITIONS: dict[str, list[dict[str, Any]]] = {
    "STD": [dict(COMMON, food=15, slots=[None, None, ["a-axeman", 3], None, ["a-caravan", 1]]),
            dict(COMMON, food=18, slots=[None, None, ["a-axeman", 1], None, ["a-caravan", 4]]),
            dict(COMMON, food=12)],
    "TOP_TIE": [dict(COMMON, food=15, slots=[None, None, ["a-axeman", 2], None,
                                             ["a-caravan", 2]]),
                dict(COMMON, food=15, slots=[None, None, ["a-axeman", 2], None,
                                             ["a-caravan", 2]]),
                dict(COMMON, food=12)],
    "LOW_TIE": [dict(COMMON, food=18, slots=[None, None, ["a-axeman", 2], None,
                                             ["a-caravan", 3]]),
                dict(COMMON, food=12, taken={"stability": 1}),
                dict(COMMON, food=12, taken={"stability": 2})],
}
# whom each "who" selects in each position, by the rulebook's ties (written by hand)
SELECTED: dict[str, dict[str, list[int]]] = {
    "most strength": {"STD": [0], "TOP_TIE": [], "LOW_TIE": [0]},
    "most stability": {"STD": [1], "TOP_TIE": [], "LOW_TIE": [0]},
    "most food": {"STD": [1], "TOP_TIE": [], "LOW_TIE": [0]},
    "least strength": {"STD": [2], "TOP_TIE": [2], "LOW_TIE": [1, 2]},
    "least stability": {"STD": [2], "TOP_TIE": [2], "LOW_TIE": [1, 2]},
    "least food": {"STD": [2], "TOP_TIE": [2], "LOW_TIE": [1, 2]},
    "all but the least stable": {"STD": [0, 1], "TOP_TIE": [0, 1], "LOW_TIE": [0]},
    "all but the strongest and the most stable": {"STD": [2], "TOP_TIE": [0, 1, 2],
                                                  "LOW_TIE": [1, 2]},
}


@cache
def event_components(card_id: str, keep: int) -> Any:
    """The packaged components with only half ``keep`` of event card ``card_id`` (the other
    half blanked: it would act on the same nations) and no famine."""
    card = next(e for e in EVENT_CARDS if e["id"] == card_id)
    halves = [{k: v for k, v in h.items() if k not in ("name", "text")} if i == keep else {}
              for i, h in enumerate(card["events"])]
    comp = components_with(events={card_id: halves})
    object.__setattr__(comp.events[comp.event_ref[card_id]], "famine", 0)
    return comp


def event_state(half: str, seats: list[dict[str, Any]], both: bool = False,
                **extra: Any) -> GameState:
    """The start of the war step (then the events) in the first round of the half's age,
    player order 2, 1, 0; ``both``: keep the card's other half too."""
    card_id, index, age = HALVES[half]
    comp = event_components(card_id, -1 if both else index)
    desc: dict[str, Any] = {"players": 3, "round": 2 * age - 1, "order": [2, 1, 0],
                            "event": card_id, "step": "resolution.war",
                            "seats": copy.deepcopy(seats)}
    desc.update(extra)
    s = scenario(desc, comp)
    assert check_invariants(s) == []
    return s


def settled(s: GameState) -> None:
    """The events are over (no decision left): the next round waits for its growth."""
    assert s.step == "maintenance.growth", (s.step, s.queue)
    assert check_invariants(s) == []


def check_goods(s: GameState, seats: list[dict[str, Any]],
                changes: dict[int, dict[str, int]]) -> None:
    """Every nation's goods and VP are its described ones plus ``changes`` (by seat)."""
    for seat, sd in enumerate(seats):
        want = [sd.get(name, 0) + changes.get(seat, {}).get(name, 0) for name in RES]
        assert resources(s, seat) == want, f"seat {seat}"


def answer(s: GameState, seat: int, start: str) -> None:
    assert s.current_player() == seat, (s.current_player(), options(s))
    choose(s, start)


# Halves that give or take goods (and move nations in the order) to the nations their
# "who" selects: (who, change) pairs, and the order move of the selected nations.
SIMPLE: dict[str, tuple[list[tuple[str, dict[str, int]]], tuple[str, str] | None]] = {
    "Aryan Migration": ([("least strength", {"books": -3})], None),
    "Code of Hammurabi": ([("all but the least stable", {"food": 3})], None),
    "Attila": ([("least strength", {"gold": -3})], None),
    "Bread and Games": ([("most stability", {"food": 3})], None),
    "Hellenism": ([("most strength", {"stone": 2}), ("not the strongest", {"food": -2})],
                  None),
    "Pax Romana": ([("most strength", {"vp": 1})], None),
    "Olympic games": ([], ("most stability", "first")),
    "Exodus": ([("most food", {"food": 4})], None),
    "Bronze Age Collapse": ([("all but the strongest and the most stable", {"vp": -1})],
                            None),
    "Shang Oracle Bones": ([("least stability", {"books": -3})], None),
    "Ionian Colonisation": ([("most food", {"gold": 3})], None),
    "Philosophy": ([("most stability", {"vp": 1})], None),
    "Yellow Turban Rebellion": ([("least strength", {"food": -3})], None),
    "Spartacus revolt": ([("least stability", {"gold": -1})], ("least stability", "last")),
    "Benedictine Rule": ([("most stability", {"food": 4})], None),
    "Hunt for Prester John": ([("most strength", {"books": 3})], None),
    "Chanson de Roland": ([("least strength", {"books": -1}),
                           ("most strength", {"books": 3})], None),
    "Zanj Revolt": ([("least stability", {"food": -2})], ("least stability", "last")),
    "Caste system": ([("least stability", {"books": -4})], None),
    "Hajj from Mali": ([("least stability", {"gold": -8})], None),      # keeps 2 of 10
    "Justinian Code": ([("most stability", {"vp": 1})], None),
    "Martyrdom of Ali": ([("least strength", {"vp": -1})], None),
    "Scholasticism": ([("most stability", {"books": 3})], None),
    "Raid on Lindisfarne": ([("least strength", {"gold": -4})], None),
    "Iconoclasm": ([("least stability", {"food": -2, "gold": -2})], None),
    "Sack of Baghdad": ([("least strength", {"books": -5})], None),
    "Hanseatic Salt Trade": ([("most food", {"gold": 4})], None),
    "Great Schism": ([("least stability", {"gold": -3})], None),
    "African Slave Trade": ([("least strength", {"vp": -1})], None),
    "Blackbeard": ([("least strength", {"gold": -5})], None),
    "Habeas Corpus Act": ([("most stability", {"vp": 1})], None),
    "Columbian Exchange": ([("most strength", {"food": 3}),
                            ("least strength", {"food": -3})], None),
    "Expulsion of Jews": ([("least stability", {"gold": -5})], None),
    "Crop Rotation": ([("most stability", {"food": 6})], None),
    "Council of Trent": ([("most stability", {"stone": 5})], None),
    "City Upon a Hill": ([("most stability", {"books": 6})], None),
    "Dutch Revolt": ([("least stability", {"gold": -3})], ("least stability", "last")),
    "Peace of Westphalia": ([("least strength", {"food": -5})], None),
    "Spice Trade": ([("most food", {"gold": 4})], None),
    "Muntzer Revolt": ([("least stability", {"stone": -3})], ("least stability", "last")),
    "Kangxi Era": ([("most stability", {"gold": 3})], ("most stability", "first")),
    "Californian Gold Rush": ([("most strength", {"gold": 8})], None),
    "Irish Potato Blight": ([("least stability", {"food": -8})], None),
    "General strike": ([("least stability", {"stone": -6})], None),
    "Eruption of Krakatoa": ([("least food", {"vp": -1})], None),
    "First Vatican Council": ([("most stability", {"books": 10})], None),
    "Taiping Rebellion": ([("least stability", {"books": -10})], ("least stability", "last")),
    "Dreyfus Affair": ([("least stability", {"books": -8})], None),
    "Sick Man of Europe": ([("least strength", {"gold": -8})], None),
    "Women's Suffrage": ([("most stability", {"vp": 1})], None),
    "Tennis Court Oath": ([("least stability", {"gold": -7})], None),
    "Tonghak movement": ([("least strength", {"books": -8, "stone": 2})], None),
    "Sepoy Mutiny": ([("least stability", {"gold": -5})], ("least stability", "last")),
    "Anarchism": ([("least strength", {"vp": -1})], None),     # nobody has an advisor here
}
SELECTED["not the strongest"] = {"STD": [1, 2], "TOP_TIE": [0, 1, 2], "LOW_TIE": [1, 2]}
# the player order (2, 1, 0 before) once the selected nations moved, each group keeping
# its relative order (written by hand)
ORDER_AFTER: dict[tuple[str, str], dict[str, list[int]]] = {
    ("least stability", "last"): {"STD": [1, 0, 2], "TOP_TIE": [1, 0, 2],
                                  "LOW_TIE": [0, 2, 1]},
    ("most stability", "first"): {"STD": [1, 2, 0], "TOP_TIE": [2, 1, 0],
                                  "LOW_TIE": [0, 2, 1]},
}


@pytest.mark.parametrize("where", sorted(POSITIONS))
@pytest.mark.parametrize("half", sorted(SIMPLE))
def test_event_half_reaches_the_selected_nations(half: str, where: str) -> None:
    seats = POSITIONS[where]
    s = event_state(half, seats)
    settled(s)
    changes: dict[int, dict[str, int]] = {}
    pairs, move = SIMPLE[half]
    for who, change in pairs:
        for seat in SELECTED[who][where]:
            for name, n in change.items():
                changes.setdefault(seat, {})[name] = changes.get(seat, {}).get(name, 0) + n
    check_goods(s, seats, changes)
    assert s.order == (ORDER_AFTER[move][where] if move else [2, 1, 0])


def test_a_loss_beyond_what_a_nation_has_follows_the_shortfall_rule() -> None:
    # Irish Potato Blight takes 8 food from the least stable: seat 2 has 3, so it loses
    # the 3, 1 VP and a book per missing food (5)
    seats = copy.deepcopy(POSITIONS["STD"])
    seats[2]["food"] = 3
    s = event_state("Irish Potato Blight", seats)
    settled(s)
    check_goods(s, seats, {2: {"food": -3, "vp": -1, "books": -5}})
