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
    options,
    quiet_components,
    raw_data,
    refuse,
    resources,
    with_event_halves,
)

from nations_widget.board import Buy, Deploy, GameState, Grow, Hire, Pass, Undeploy
from nations_widget.board.components import default_components
from nations_widget.board.constants import BOOKS, FOOD, GOLD, STONE, VP
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
    # production from then on: the figures (a "ready" effect acted once, when finished;
    # Notre Dame's extra books need the most stability, which seat 1 has)
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
    # a nation that cannot pay the VP's price is not offered it: it takes the resource
    poor = dict(SEAT0, gold=1, stone=0, food=0, books=age - 1)
    s = position(card_id, age, poor)
    buy(s, card_id)
    assert s.queue == []
    assert resources(s, 0)[res] == poor[card["golden_age"]] + 2


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


def test_a_war_buyer_that_weakens_afterwards_is_defeated_too() -> None:
    # "If the nation that bought the War later decreases its Military Strength that nation
    # may also be defeated by the War": seat 0 buys at 8 strength, then undeploys one
    # Axeman worker (6); against the same round without the war it pays the 1 gold, loses
    # the 4 food less its 2 stability, and 1 VP
    seat0 = dict(SEAT0, slots=[None, None, ["a-axeman", 4], None, ["a-caravan", 2]])
    s = position("hunnic-invasions", 1, seat0)
    control = s.clone()
    buy(s, "hunnic-invasions")
    s.apply(Undeploy(2, 1))
    control.apply(Undeploy(2, 1))
    assert s.war_strength == 8 and strength(s, 0) == 6
    produce(s)
    produce(control)
    assert minus(resources(s, 0), resources(control, 0)) == [-1, 0, -2, 0, -1]


def test_nobody_loses_to_a_war_of_no_strength() -> None:
    # "It is impossible for any nation to suffer any losses due to a Strength 0 War"
    s = position("hunnic-invasions", 1, dict(SEAT0, slots=[None, None, None, None,
                                                          ["a-caravan", 3]]))
    control = s.clone()
    buy(s, "hunnic-invasions")
    assert s.war_strength == 0
    produce(s)
    produce(control)
    assert [minus(resources(s, x), resources(control, x)) for x in range(3)] == [
        [-1, 0, 0, 0, 0], [0] * 5, [0] * 5]


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
    half blanked: it would act on the same nations; -1 keeps both) and no famine."""
    return with_event_halves(default_components(), card_id, (0, 1) if keep < 0 else (keep,))


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


# Halves with choices, conditions, counts, workers, cards: one hand-written test each.
CUSTOM: set[str] = set()


def covers(*halves: str) -> Any:
    for h in halves:
        assert h in HALVES, h
    CUSTOM.update(halves)
    return lambda f: f


STD = POSITIONS["STD"]


def std_with(**per_seat: dict[str, Any]) -> list[dict[str, Any]]:
    """The STD position with some seats' descriptions changed (``s0=...``, ``s2=...``)."""
    seats = copy.deepcopy(STD)
    for key, change in per_seat.items():
        seats[int(key[1:])].update(change)
    return seats


@covers("Assyrian deportations", "Emigration")
@pytest.mark.parametrize("half", ["Assyrian deportations", "Emigration"])
def test_the_weakest_or_least_stable_put_a_worker_back(half: str) -> None:
    # seat 2 (weakest, least stable: in revolt) has taken a worker from each section and
    # has one on its Farm: it picks the Farm's worker and the stability section
    seats = std_with(s2={"taken": {"food": 1, "stability": 1},
                         "slots": [None, None, None, ["a-farm", 1], None]})
    s = event_state(half, seats)
    assert s.current_player() == 2
    assert sorted(options(s)) == ["slot 3", "the resource area"]
    answer(s, 2, "slot 3")
    assert sorted(options(s)) == ["food", "stability"]
    answer(s, 2, "stability")
    settled(s)
    p = s.players[2]
    assert (p.workers[3], p.idle, p.taken_food, p.taken_stab) == (0, 6, 1, 0)
    assert stability(s, 2) == 0
    check_goods(s, seats, {})
    # with its sections full (no worker taken), the worker goes on top of the track
    s = event_state(half, STD)
    settled(s)
    p = s.players[2]
    assert (p.idle, p.on_top, p.taken_food, p.taken_stab) == (4, 1, 0, 0)
    assert s.players[0].idle + s.players[0].deployed == 5
    # tied for the least: both return one (a single way each: no question)
    s = event_state(half, POSITIONS["LOW_TIE"])
    settled(s)
    assert [(p.idle, p.taken_stab) for p in s.players[1:]] == [(5, 0), (6, 1)]


@covers("Black Death")
def test_black_death_every_nation_puts_a_worker_back() -> None:
    s = event_state("Black Death", STD)
    # choices in reverse player order (order 2, 1, 0): seat 0 first, then 1
    answer(s, 0, "slot 2")            # from its Axeman (no free section: on top, unasked)
    assert sorted(options(s)) == ["slot 2", "slot 4"]     # seat 1: no idle worker
    answer(s, 1, "slot 4")            # from its Caravan
    settled(s)
    assert s.players[0].workers[2] == 2 and s.players[0].on_top == 1
    assert s.players[1].workers[4] == 3 and s.players[1].on_top == 1
    assert s.players[2].idle == 4 and s.players[2].on_top == 1
    assert strength(s, 0) == 4 and stability(s, 1) == 3


def war_seats() -> list[dict[str, Any]]:
    return copy.deepcopy(STD)


@covers("Jain Ascetism")
def test_jain_ascetism_gives_back_the_war_vp_to_the_most_stable() -> None:
    # a war of 5 strength: seat 1 (2 strength, 4 stability) is defeated, its 4 food cut to
    # nothing by its stability, and loses 1 VP, which it gets back; seat 2 (0 stability)
    # loses 4 food and 1 VP for good; seat 0 (6) is not defeated
    s = event_state("Jain Ascetism", STD,
                    war={"card": "hunnic-invasions", "strength": 5, "buyer": 0})
    settled(s)
    check_goods(s, STD, {2: {"food": -4, "vp": -1}})


@covers("Song Resistance")
def test_song_resistance_gives_back_everything_the_war_took() -> None:
    # a 5-food war of 5 strength: seat 1 loses 1 food (5 less its 4 stability) and 1 VP,
    # and gets both back; seat 2 loses 5 food and 1 VP
    s = event_state("Song Resistance", STD,
                    war={"card": "hundred-years-war", "strength": 5, "buyer": 0})
    settled(s)
    check_goods(s, STD, {2: {"food": -5, "vp": -1}})


@covers("Zoroastrian revival")
def test_zoroastrian_revival_both_choices() -> None:
    s = event_state("Zoroastrian revival", STD)
    assert sorted(options(s)) == ["every other nation: lose 3 food", "gain 4 stone"]
    other = s.clone()
    answer(s, 1, "gain 4 stone")
    settled(s)
    check_goods(s, STD, {1: {"stone": 4}})
    answer(other, 1, "every other nation")
    settled(other)
    check_goods(other, STD, {0: {"food": -3}, 2: {"food": -3}})
    # nobody alone the most stable: nothing happens, nobody is asked
    s = event_state("Zoroastrian revival", POSITIONS["TOP_TIE"])
    settled(s)
    check_goods(s, POSITIONS["TOP_TIE"], {})


@covers("Christianity", "Paper Money", "Sokoto Caliphate")
@pytest.mark.parametrize(("half", "pay", "get"), [("Christianity", 4, {"books": 6}),
                                                  ("Paper Money", 3, {"gold": 5}),
                                                  ("Sokoto Caliphate", 4, {"gold": 8})])
def test_each_nation_may_pay_food_for_a_reward(half: str, pay: int,
                                               get: dict[str, int]) -> None:
    # seat 2 has less food than the price: it is not asked; the others are asked in
    # reverse player order (seat 0, then seat 1)
    seats = std_with(s2={"food": pay - 1})
    s = event_state(half, seats)
    assert sorted(options(s)) == ["no", "yes"]
    answer(s, 0, "yes")
    answer(s, 1, "no")
    settled(s)
    check_goods(s, seats, {0: dict(get, food=-pay)})


@covers("Ashokas conversion", "Mercantilism")
def test_taking_workers_off_military_or_buildings_for_goods() -> None:
    s = event_state("Ashokas conversion", STD)
    answer(s, 0, "slot 2")          # seat 0 takes 2 of its 3 Axeman workers off
    answer(s, 0, "slot 2")
    answer(s, 0, "done")
    answer(s, 1, "done")            # seat 1 keeps its one
    settled(s)                      # seat 2 has no military worker: not asked
    check_goods(s, STD, {0: {"books": 4}})
    assert s.players[0].workers[2] == 1 and s.players[0].idle == 3
    assert strength(s, 0) == 2
    s = event_state("Mercantilism", STD)
    answer(s, 0, "done")
    answer(s, 1, "slot 4")          # seat 1 takes 2 Caravan workers off
    answer(s, 1, "slot 4")
    answer(s, 1, "done")
    settled(s)
    check_goods(s, STD, {1: {"stone": 4}})
    assert s.players[1].workers[4] == 2 and stability(s, 1) == 2


@covers("Han dynasty", "Janissaries", "Pilgrims")
def test_taking_workers_from_the_population_track() -> None:
    s = event_state("Han dynasty", STD)          # seat 1, the most stable, may
    declined = s.clone()
    answer(s, 1, "yes")
    answer(s, 1, "stability")
    settled(s)
    check_goods(s, STD, {1: {"food": 3}})
    assert (s.players[1].idle, s.players[1].taken_stab) == (1, 1)
    answer(declined, 1, "no")
    settled(declined)
    check_goods(declined, STD, {})
    assert declined.players[1].idle == 0
    s = event_state("Janissaries", STD)          # seat 0, the strongest: 2 workers
    declined = s.clone()
    answer(declined, 0, "no")
    settled(declined)
    check_goods(declined, STD, {})
    assert declined.players[0].idle == 1
    answer(s, 0, "yes")
    answer(s, 0, "food")
    answer(s, 0, "food")
    settled(s)
    check_goods(s, STD, {0: {"stone": 4}})
    assert (s.players[0].idle, s.players[0].taken_food) == (3, 2)
    # with a single worker left on its track the strongest cannot take 2: Janissaries
    # cannot be carried out in full, so it is not offered (no worker, no stone)
    seats = std_with(s0={"taken": {"food": 4, "stability": 3}})
    s = event_state("Janissaries", seats)
    settled(s)
    check_goods(s, seats, {})
    assert (s.players[0].taken_food, s.players[0].taken_stab) == (4, 3)
    s = event_state("Pilgrims", STD)             # seat 1, the most food: no "may"
    answer(s, 1, "food")
    settled(s)
    assert (s.players[1].idle, s.players[1].taken_food) == (1, 1)
    check_goods(s, STD, {})


@covers("Qin Unification")
def test_qin_unification_rewards_the_nations_stronger_than_the_war() -> None:
    # war of 2 strength: seat 0 (6) is stronger, seat 1 (2) only matches it (no VP, not
    # defeated), seat 2 (0) is defeated: 2 food and 1 VP
    s = event_state("Qin Unification", STD,
                    war={"card": "wars-of-alexander", "strength": 2, "buyer": 1})
    settled(s)
    check_goods(s, STD, {0: {"vp": 1}, 2: {"food": -2, "vp": -1}})
    s = event_state("Qin Unification", STD)      # no war this round: nobody
    settled(s)
    check_goods(s, STD, {})


@covers("Rigveda")
def test_rigveda_books_per_war_and_battle_bought() -> None:
    # seat 0 buys a battle (its Axeman's raid 2: books) and a war (6 strength), then the
    # round resolves: production (Axeman eats 3 food, Caravan gives 1 gold; seat 1: 1
    # food, 4 gold), player order, the war (seat 1 defeated, 2 food cut by its 4
    # stability, 1 VP; seat 2: 2 food, 1 VP), then Rigveda: 2 books for seat 0
    s = event_state("Rigveda", STD, step="actions", passed=[2, 1], current=0,
                    board=[[None] * 5, [None] * 5,
                           ["siege-of-troy", "wars-of-alexander", None, None, None]])
    s.apply(Buy("siege-of-troy"))
    answer(s, 0, "2 books")
    s.apply(Buy("wars-of-alexander"))
    s.apply(Pass())
    settled(s)
    check_goods(s, STD, {0: {"gold": -1, "food": -3, "books": 4},
                         1: {"gold": 4, "food": -1, "vp": -1},
                         2: {"food": -2, "vp": -1}})


@covers("Magellan's expedition")
def test_magellan_gold_per_colony_bought() -> None:
    # seat 0 (6 strength) buys Hispania (needs 4); production: +2 food from it, Axeman
    # -3 food, Caravan +1 gold; Magellan: 5 gold
    s = event_state("Magellan's expedition", STD, step="actions", passed=[2, 1], current=0,
                    board=[[None] * 5, [None] * 5, ["hispania", None, None, None, None]])
    s.apply(Buy("hispania"))
    s.apply(Pass())
    settled(s)
    check_goods(s, STD, {0: {"gold": -1 + 1 + 5, "food": -3 + 2},
                         1: {"gold": 4, "food": -1}})


@covers("Stupor Mundi")
def test_stupor_mundi_most_golden_ages_bought() -> None:
    board = [[None] * 5, [None] * 5, ["compass", "divina-commedia", None, None, None]]
    s = event_state("Stupor Mundi", STD, step="actions", passed=[2, 1], current=0,
                    board=board)
    s.apply(Buy("compass"))
    answer(s, 0, "take 2 stone")
    s.apply(Buy("divina-commedia"))
    answer(s, 0, "take 2 books")
    s.apply(Pass())
    settled(s)
    check_goods(s, STD, {0: {"gold": -2 + 1, "stone": 2, "books": 2 + 4, "food": -3},
                         1: {"gold": 4, "food": -1}})
    # one each: a tie, nobody gets the books
    s = event_state("Stupor Mundi", STD, step="actions", passed=[2], current=1,
                    board=board)
    s.apply(Buy("compass"))
    answer(s, 1, "take 2 stone")
    s.apply(Buy("divina-commedia"))
    answer(s, 0, "take 2 books")
    s.apply(Pass())
    s.apply(Pass())
    settled(s)
    check_goods(s, STD, {0: {"gold": -1 + 1, "books": 2, "food": -3},
                         1: {"gold": -1 + 4, "stone": 2, "food": -1}})


@covers("Sea Peoples")
def test_sea_peoples_an_architect_or_a_vp() -> None:
    seats = std_with(s2={"wonder": ["pyramids", 2]})
    s = event_state("Sea Peoples", seats)
    assert len(options(s)) == 2
    other = s.clone()
    answer(s, 2, "remove")
    settled(s)
    assert s.players[2].built == 1
    check_goods(s, seats, {})
    answer(other, 2, "lose 1 VP")
    settled(other)
    assert other.players[2].built == 2
    check_goods(other, seats, {2: {"vp": -1}})
    s = event_state("Sea Peoples", STD)      # no wonder under construction: the VP
    settled(s)
    check_goods(s, STD, {2: {"vp": -1}})


@covers("Taoism", "Romanticism", "Tulip Mania")
@pytest.mark.parametrize(("half", "seat", "change"), [("Taoism", 1, {"books": 3}),
                                                      ("Romanticism", 1, {"books": 5}),
                                                      ("Tulip Mania", 0, {"vp": -1})])
def test_first_and_last_to_pass(half: str, seat: int, change: dict[str, int]) -> None:
    s = event_state(half, STD, passed=[1, 2, 0])
    settled(s)
    check_goods(s, STD, {seat: change})


@covers("Ecological Collapse")
def test_ecological_collapse_the_rulebooks_example() -> None:
    # order China (seat 2), Persia (seat 1), Rome (seat 0); Rome chooses first and pays,
    # the others do not: Rome, China, Persia
    s = event_state("Ecological Collapse", STD)
    answer(s, 0, "lose 2 food")
    answer(s, 1, "go last")
    answer(s, 2, "go last")
    settled(s)
    assert s.order == [0, 2, 1]
    check_goods(s, STD, {0: {"food": -2}})


@covers("Little Ice Age")
def test_little_ice_age_each_chooses_its_loss() -> None:
    s = event_state("Little Ice Age", STD)
    answer(s, 0, "lose 3 food")
    answer(s, 1, "lose 5 books")
    answer(s, 2, "lose 3 food")
    settled(s)
    check_goods(s, STD, {0: {"food": -3}, 1: {"books": -5}, 2: {"food": -3}})


@covers("Feudal dues")
def test_feudal_dues_keeps_the_order_of_before_the_order_step() -> None:
    # strength would put seat 0 (6) first and seat 2 (0) last
    s = event_state("Feudal dues", STD, step="resolution.order")
    settled(s)
    assert s.order == [2, 1, 0]
    card_id, index, _ = HALVES["Feudal dues"]
    blank = scenario({"players": 3, "round": 3, "order": [2, 1, 0], "event": card_id,
                      "step": "resolution.order", "seats": copy.deepcopy(STD)},
                     event_components(card_id, 1 - index))
    assert blank.order == [0, 1, 2]


@covers("Fourth Crusade")
@pytest.mark.parametrize("where", ["STD", "LOW_TIE"])
def test_fourth_crusade(where: str) -> None:
    seats = POSITIONS[where]
    s = event_state("Fourth Crusade", seats)
    declined = s.clone()
    answer(s, 0, "yes")
    settled(s)
    changes = {0: {"gold": -3, "vp": 1}}
    for seat in SELECTED["least strength"][where]:
        changes[seat] = {"books": -4}
    check_goods(s, seats, changes)
    answer(declined, 0, "no")
    settled(declined)
    check_goods(declined, seats, {})


@covers("Imperial Examination", "Absolute Monarchy")
def test_advisor_age_conditions() -> None:
    seats = std_with(s0={"advisors": ["anna-komnene"]}, s1={"advisors": ["hatshepsut"]})
    s = event_state("Imperial Examination", seats)
    settled(s)
    check_goods(s, seats, {0: {"vp": 1}})
    seats = std_with(s0={"advisors": ["hatshepsut"]}, s1={"advisors": ["anna-komnene"]},
                     s2={"advisors": ["montezuma"]})
    s = event_state("Absolute Monarchy", seats)
    settled(s)
    check_goods(s, seats, {0: {"books": -4}, 1: {"books": -4}})


@covers("Peace of God")
def test_peace_of_god_needs_another_nations_war() -> None:
    war = {"card": "reconquista", "strength": 0}
    s = event_state("Peace of God", STD, war=dict(war, buyer=1))
    settled(s)
    check_goods(s, STD, {0: {"books": 4}})
    s = event_state("Peace of God", STD, war=dict(war, buyer=0))
    settled(s)
    check_goods(s, STD, {})


@covers("Council of Clermont", "Scramble for Africa", "Weltpolitik")
def test_colony_counts() -> None:
    seats = std_with(s0={"colonies": ["greenland", "nubia"]},
                     s1={"colonies": ["lombardy", "sicily"]})
    s = event_state("Council of Clermont", seats)
    settled(s)
    check_goods(s, seats, {0: {"vp": 1}, 1: {"vp": 2}})
    seats = std_with(s0={"colonies": ["congo"]}, s1={"colonies": ["quebec"]})
    s = event_state("Scramble for Africa", seats)
    settled(s)
    check_goods(s, seats, {0: {"vp": 1}})
    seats = std_with(s0={"colonies": ["congo", "india"]}, s1={"colonies": ["nigeria"]})
    s = event_state("Weltpolitik", seats)
    settled(s)
    check_goods(s, seats, {0: {"gold": 10, "stone": 10}, 1: {"gold": 5, "stone": 5}})


@covers("Salem Witch Trials")
def test_salem_witch_trials_gold_or_the_advisor() -> None:
    seats = std_with(s2={"advisors": ["hatshepsut"]})
    s = event_state("Salem Witch Trials", seats)
    other = s.clone()
    answer(s, 2, "lose 3 gold")
    settled(s)
    check_goods(s, seats, {2: {"gold": -3}})
    assert s.players[2].advisors != []
    answer(other, 2, "remove")
    settled(other)
    check_goods(other, seats, {})
    assert other.players[2].advisors == []
    s = event_state("Salem Witch Trials", STD)      # no advisor: the gold, unasked
    settled(s)
    check_goods(s, STD, {2: {"gold": -3}})


@covers("Glorious revolution")
def test_glorious_revolution() -> None:
    s = event_state("Glorious revolution", STD)
    declined = s.clone()
    answer(s, 1, "yes")
    settled(s)
    check_goods(s, STD, {1: {"gold": 6}})
    assert s.order == [2, 0, 1]
    answer(declined, 1, "no")
    settled(declined)
    assert declined.order == [2, 1, 0]
    check_goods(declined, STD, {})


@covers("Papal Indulgence", "Great Exhibition")
def test_free_architects() -> None:
    seats = std_with(s1={"wonder": ["pyramids", 0]})
    s = event_state("Papal Indulgence", seats)
    assert sorted(options(s)) == ["0", "1"]
    declined = s.clone()
    answer(declined, 1, "0")
    settled(declined)
    assert declined.players[1].built == 0
    check_goods(declined, seats, {0: {"gold": -2}, 2: {"gold": -2}})
    answer(s, 1, "1")
    settled(s)
    assert s.players[1].built == 1
    check_goods(s, seats, {0: {"gold": -2}, 2: {"gold": -2}})
    # nobody alone the most stable: every nation is one of "the others"
    s = event_state("Papal Indulgence", POSITIONS["TOP_TIE"])
    settled(s)
    check_goods(s, POSITIONS["TOP_TIE"], {0: {"gold": -2}, 1: {"gold": -2}, 2: {"gold": -2}})
    seats = std_with(s1={"wonder": ["ford-motor-company", 0]})
    s = event_state("Great Exhibition", seats)
    assert sorted(options(s)) == ["0", "1", "2"]
    one = s.clone()
    answer(one, 1, "1")
    settled(one)
    assert one.players[1].built == 1 and one.players[1].wonders == []
    answer(s, 1, "2")
    settled(s)
    p = s.players[1]
    assert p.wonder == -1 and [s.card_id(c) for c in p.wonders] == ["ford-motor-company"]
    check_goods(s, seats, {})


@covers("Sinking of the Vasa")
def test_sinking_of_the_vasa_the_strength_choice_reaches_peace_of_westphalia() -> None:
    # seat 1 is the least stable (0) but not the weakest (4 strength, seat 2 has 0):
    # counting 10 lower makes it the weakest for Peace of Westphalia (the card's other
    # half, kept), so it loses the 5 food instead of seat 2
    seats = std_with(s1={"slots": [None, None, ["a-axeman", 2], None, None]},
                     s2={"slots": [None, None, None, None, ["a-caravan", 2]]})
    s = event_state("Sinking of the Vasa", seats, both=True)
    gold = s.clone()
    answer(s, 1, "-10 strength")
    settled(s)
    check_goods(s, seats, {1: {"food": -5}})
    assert strength(s, 1) == 4, "only until the events are over"
    answer(gold, 1, "lose 3 gold")
    settled(gold)
    check_goods(gold, seats, {1: {"gold": -3}, 2: {"food": -5}})


@covers("American revolution", "March to Moscow", "French Revolution")
@pytest.mark.parametrize(("half", "kind"), [("American revolution", "colonies"),
                                            ("March to Moscow", "colonies"),
                                            ("French Revolution", "advisors")])
def test_giving_up_a_card_or_vp(half: str, kind: str) -> None:
    cards = ["nubia", "hispania"] if kind == "colonies" else ["hatshepsut"]
    vp = -2 if kind == "advisors" else -1
    seats = std_with(s2={kind: cards})
    s = event_state(half, seats)
    if len(cards) == 2:
        answer(s, 2, "hispania")
    settled(s)
    assert [s.card_id(c) for c in getattr(s.players[2], kind)] == cards[:-1]
    check_goods(s, seats, {})
    # tied for the least: one holds a card (given up), the other has none (VP)
    seats = copy.deepcopy(POSITIONS["LOW_TIE"])
    seats[1][kind] = cards[:1]
    s = event_state(half, seats)
    settled(s)
    assert getattr(s.players[1], kind) == []
    check_goods(s, seats, {2: {"vp": vp}})


@covers("Anarchism")
def test_anarchism_takes_every_advisor() -> None:
    seats = std_with(s2={"advisors": ["hatshepsut", "sejong-the-great"],
                         "wonders": ["porcelain-tower"]})
    s = event_state("Anarchism", seats)
    settled(s)
    assert s.players[2].advisors == []
    check_goods(s, seats, {2: {"vp": -1}})


@covers("Entente Cordiale")
def test_entente_cordiale_free_military_workers() -> None:
    seats = std_with(s0={"taken": {"food": 1}})          # 2 idle workers
    s = event_state("Entente Cordiale", seats)
    declined = s.clone()
    answer(declined, 0, "done")
    settled(declined)
    assert declined.players[0].workers[2] == 3 and declined.players[0].idle == 2
    answer(s, 0, "slot 2")
    answer(s, 0, "slot 2")
    settled(s)
    assert s.players[0].workers[2] == 5 and s.players[0].idle == 0
    check_goods(s, seats, {})                            # no stone paid


@covers("Industrial Revolution")
def test_industrial_revolution_most_workers_on_industrial_buildings() -> None:
    seats = std_with(s0={"slots": [["factory", 2], None, ["a-axeman", 3], None, None]},
                     s1={"slots": [["railroad", 1], None, ["a-axeman", 1], None, None]})
    s = event_state("Industrial Revolution", seats)
    settled(s)
    check_goods(s, seats, {0: {"vp": 1}})
    seats[1]["slots"][0] = ["railroad", 2]
    s = event_state("Industrial Revolution", seats)
    settled(s)
    check_goods(s, seats, {})


def test_every_event_half_is_tested() -> None:
    assert len(HALVES) == 96
    assert set(SIMPLE) | CUSTOM == set(HALVES), sorted(set(HALVES) - set(SIMPLE) - CUSTOM)


# ------------------------------------------------ part 1b: the 26 special abilities
SPECIAL_TESTED: set[str] = set()


def special(*cards: str) -> Any:
    for c in cards:
        assert c in SPECIAL, c
    SPECIAL_TESTED.update(cards)
    return lambda f: f


TEN = {"gold": 10, "stone": 10, "food": 10, "books": 10, "vp": 10}


def duel(seats: list[dict[str, Any]], age: int = 1, board: Any = (),
         **extra: Any) -> GameState:
    """Two nations (order 0, 1), in the first round of ``age``, every good 10 unless
    said; ``board``: cards on the 1-gold row (or the three rows); a blank event, no
    famine."""
    rows = board if board and isinstance(board[0], list) else [
        [None] * 4, [None] * 4, list(board) + [None] * (4 - len(board))]
    desc: dict[str, Any] = {"players": 2, "round": 2 * age - 1, "order": [0, 1],
                            "event": QUIET[age], "architects": 0, "board": rows,
                            "seats": [dict(TEN, **sd) for sd in copy.deepcopy(seats)]}
    desc.update(extra)
    s = scenario(desc, quiet_components(*QUIET.values()))
    assert check_invariants(s) == []
    return s


def resolve(seats: list[dict[str, Any]], age: int = 1, **extra: Any) -> GameState:
    """The round's resolution from the production step on, up to the next growth."""
    s = duel(seats, age, step="resolution.production", **extra)
    settled(s)
    return s


def axemen(n: int, caravans: int = 0) -> list[Any]:
    return [None, None, ["a-axeman", n] if n else None, None,
            ["a-caravan", caravans] if caravans else None]


@special("augustus")
def test_augustus_two_stone_when_alone_the_strongest() -> None:
    # seat 0: Axeman worker 2 + Augustus 1 = 3 strength against 2: +2 stone (and the
    # Axeman eats 1 food)
    s = resolve([{"advisors": ["augustus"], "slots": axemen(1)}, {"slots": axemen(1)}])
    assert resources(s, 0) == [10, 12, 9, 10, 10]
    # seat 1 has a Chariot (3): tied, nothing
    s = resolve([{"advisors": ["augustus"], "slots": axemen(1)},
                 {"slots": [["chariot", 1], None, None, None, None]}])
    assert resources(s, 0) == [10, 10, 9, 10, 10]


@special("saint-augustine", "thomas-aquino", "notre-dame")
@pytest.mark.parametrize(("card", "books"), [("saint-augustine", 2), ("thomas-aquino", 4),
                                             ("notre-dame", 2 + 3)])
def test_books_when_alone_the_most_stable(card: str, books: int) -> None:
    key = "wonders" if card == "notre-dame" else "advisors"
    # seat 0: 2 Caravan workers (+1 from the advisor) against 1 Caravan worker
    s = resolve([{key: [card], "slots": axemen(0, 2)}, {"slots": axemen(0, 1)}])
    assert resources(s, 0)[BOOKS] == 10 + books
    assert resources(s, 0)[GOLD] == 12
    # tied for the most stability: only the printed production (Notre Dame's 2 books)
    tie = 2 if card == "notre-dame" else 3
    s = resolve([{key: [card], "slots": axemen(0, 2)}, {"slots": axemen(0, tie)}])
    assert resources(s, 0)[BOOKS] == 10 + (2 if card == "notre-dame" else 0)


@special("hatshepsut")
def test_hatshepsut_three_books_per_wonder_finished() -> None:
    s = duel([{"advisors": ["hatshepsut"], "wonder": ["hanging-gardens", 1]}, {}],
             architects=1, passed=[1], current=0)
    s.apply(Hire())
    assert resources(s, 0) == [10, 8, 10, 13, 10]
    assert s.card_id(s.players[0].wonders[0]) == "hanging-gardens"
    # a wonder finished by an event's free architect counts too (Papal Indulgence, for
    # the most stable; the other nation loses 2 gold)
    card = "magellans-expedition--papal-indulgence"
    seats = [dict(TEN, advisors=["hatshepsut"], wonder=["hanging-gardens", 1],
                  slots=axemen(0, 1)), TEN]
    s = scenario({"players": 2, "round": 5, "order": [0, 1], "event": card,
                  "step": "resolution.war", "seats": seats}, event_components(card, 1))
    choose(s, "1")
    settled(s)
    assert [s.card_id(c) for c in s.players[0].wonders] == ["hanging-gardens"]
    assert resources(s, 0) == [10, 10, 10, 13, 10]
    assert resources(s, 1) == [8, 10, 10, 10, 10]


@special("qin-shi-huang")
def test_qin_shi_huang_leaves_the_moment_its_nation_ties_for_least_stable() -> None:
    # seat 0 has 1 stability (a Caravan worker), seat 1 none; seat 1 deploys on its
    # Caravan during its own turn: a tie for the least, and Qin Shi Huang is gone at once
    s = duel([{"advisors": ["qin-shi-huang"], "slots": axemen(0, 1)}, {}], current=1)
    assert s.card_id(s.players[0].advisors[0]) == "qin-shi-huang"
    s.apply(Deploy(4, "idle"))
    assert s.players[0].advisors == []
    assert s.card_id(s.discard[-1]) == "qin-shi-huang"
    assert check_invariants(s) == []
    # in the growth step: taking a worker from the stability section (-3) makes seat 0 the
    # least stable; Qin Shi Huang leaves before anybody else grows
    s = duel([{"advisors": ["qin-shi-huang"], "slots": axemen(0, 1)}, {}], order=[1, 0],
             step="maintenance.growth")
    assert s.current_player() == 0
    s.apply(Grow(worker="stability"))
    assert s.players[0].advisors == [] and s.current_player() == 1
    # described least stable (tied at 0): the first move made, whoever makes it, removes it
    s = duel([{"advisors": ["qin-shi-huang"]}, {}], current=1)
    s.apply(Pass())
    assert s.players[0].advisors == []


@special("harald-hardrada")
def test_harald_hardrada_leaves_the_moment_its_nation_ties_for_weakest() -> None:
    s = duel([{"advisors": ["harald-hardrada"], "slots": axemen(1)}, {}], age=2, current=1)
    assert s.players[0].advisors != []
    s.apply(Deploy(2, "idle"))             # seat 1 mans its Axeman: 2 against 2
    assert s.players[0].advisors == []
    assert check_invariants(s) == []


@special("lin-zexu")
def test_lin_zexu_eight_books_when_weakest() -> None:
    # weakest (0 against 2): 4 food and 4 gold, and 8 books lost
    s = resolve([{"advisors": ["lin-zexu"]}, {"slots": axemen(1)}], age=4)
    assert resources(s, 0) == [14, 10, 14, 2, 10]
    # tied for the weakest: the books go too
    s = resolve([{"advisors": ["lin-zexu"], "slots": axemen(1)}, {"slots": axemen(1)}],
                age=4)
    assert resources(s, 0) == [14, 10, 13, 2, 10]
    # the stronger: no loss
    s = resolve([{"advisors": ["lin-zexu"], "slots": axemen(2)}, {"slots": axemen(1)}],
                age=4)
    assert resources(s, 0) == [14, 10, 12, 10, 10]


@special("colosseum", "stonehenge", "sankore-university", "taj-mahal", "darwins-voyage",
         "south-pole-expedition")
@pytest.mark.parametrize(("card", "change"), [
    ("colosseum", {"food": -2}), ("stonehenge", {"books": 6, "food": 4}),
    ("sankore-university", {"books": 8}), ("taj-mahal", {"books": 15}),
    ("darwins-voyage", {"gold": 15}), ("south-pole-expedition", {"food": -5})])
def test_a_wonder_acts_once_when_finished(card: str, change: dict[str, int]) -> None:
    fig = card_figures(card)
    stages = fig["stages"]
    s = duel([{"wonder": [card, len(stages) - 1]}, {}], age=fig["age"], architects=1,
             passed=[1], current=0)
    before = resources(s, 0)
    s.apply(Hire())
    want = list(before)
    want[STONE] -= stages[-1]
    for name, n in change.items():
        want[RES[name]] += n
    assert resources(s, 0) == want
    # and never again: a round later nothing more comes of it
    after = resources(s, 0)
    s.apply(Pass())
    settled(s)
    assert resources(s, 0) == after


@special("anna-komnene")
def test_anna_komnene_military_needs_no_upkeep() -> None:
    # a Chariot (1 gold upkeep) and an Immortal (1 stability) worker: with Anna Komnene
    # neither costs anything; the strength stays
    slots = [["chariot", 1], ["immortal", 1], None, None, ["a-caravan", 1]]
    s = resolve([{"advisors": ["anna-komnene"], "slots": slots}, {}], age=2)
    assert stability(s, 0) == 1 and strength(s, 0) == 6
    assert resources(s, 0) == [10 + 1, 10, 10, 10 + 1, 10]
    s = resolve([{"slots": slots}, {}], age=2)
    assert stability(s, 0) == 0
    assert resources(s, 0) == [10 + 1 - 1, 10, 10, 10, 10]


@special("sejong-the-great")
def test_sejong_two_stone_per_golden_age_bought() -> None:
    s = duel([{"advisors": ["sejong-the-great"]}, {}], age=2, board=("compass", "windmill"),
             passed=[1], current=0)
    s.apply(Buy("compass"))
    choose(s, "take 2 stone")
    assert resources(s, 0) == [9, 14, 10, 10, 10]
    s.apply(Buy("windmill"))                 # not a golden age: nothing
    choose(s, "slot 0")
    assert resources(s, 0) == [8, 14, 10, 10, 10]


@special("montezuma")
def test_montezuma_three_books_per_war_or_battle_bought() -> None:
    s = duel([{"advisors": ["montezuma"], "slots": axemen(1)}, {}], age=3,
             board=("siege-of-rhodes", "imjin-war", "clocks"), passed=[1], current=0)
    s.apply(Buy("siege-of-rhodes"))
    choose(s, "2 food")
    assert resources(s, 0) == [9, 10, 12, 13, 10]
    s.apply(Buy("imjin-war"))
    assert resources(s, 0) == [8, 10, 12, 16, 10]
    s.apply(Buy("clocks"))
    choose(s, "take 2 stone")
    assert resources(s, 0) == [7, 12, 12, 16, 10]


@special("alhambra")
def test_alhambra_a_private_architect_every_round() -> None:
    # finishing Alhambra gives its private architect at once: with no public architect
    # left, seat 0 still hires for its next wonder this round
    s = duel([{"wonder": ["alhambra", 1]}, {}], age=2, architects=1, passed=[1], current=0,
             board=("porcelain-tower",))
    s.apply(Hire())
    assert s.architects == 0 and s.players[0].private == 1
    s.apply(Buy("porcelain-tower"))
    s.apply(Hire())                          # the private one (1 stone)
    assert s.players[0].private == 0 and s.players[0].built == 1
    assert not s.is_legal(Hire())
    # the next round it has one again (and only one: they do not pile up)
    s.apply(Pass())
    settled(s)
    assert s.players[0].private == 1 and s.players[1].private == 0
    # a position described with Alhambra ready has its private architect this round
    s = duel([{"wonders": ["alhambra"], "wonder": ["pyramids", 0]}, {}], age=2,
             passed=[1], current=0)
    assert s.architects == 0 and s.players[0].private == 1 and s.is_legal(Hire())
    s = duel([{"wonders": ["alhambra"], "wonder": ["pyramids", 0], "private": 0}, {}],
             age=2, passed=[1], current=0)
    assert not s.is_legal(Hire()), "used up, as described"


@special("sistine-chapel")
def test_sistine_chapel_three_books_per_architect_hired() -> None:
    s = duel([{"wonders": ["sistine-chapel"], "wonder": ["pyramids", 0]}, {}], age=3,
             architects=2, passed=[1], current=0)
    s.apply(Hire())
    assert resources(s, 0) == [10, 8, 10, 13, 10]
    s.apply(Hire())
    assert resources(s, 0) == [10, 7, 10, 16, 10]
    # an architect hired without stone by an event is hired too (Great Exhibition: up to
    # 2 for the most stable): 3 books each
    card = "anarchism--great-exhibition"
    seats = [dict(TEN, wonders=["sistine-chapel"], wonder=["sankore-university", 0],
                  slots=axemen(0, 1)), TEN]
    s = scenario({"players": 2, "round": 7, "order": [0, 1], "event": card,
                  "step": "resolution.war", "seats": seats}, event_components(card, 1))
    choose(s, "2")
    settled(s)
    assert s.players[0].built == 2
    assert resources(s, 0) == [10, 10, 10, 16, 10]


@special("porcelain-tower")
def test_porcelain_tower_holds_a_second_advisor() -> None:
    s = duel([{"wonders": ["porcelain-tower"], "advisors": ["hatshepsut"]}, {}], age=2,
             board=("sejong-the-great", "anna-komnene"), passed=[1], current=0)
    s.apply(Buy("sejong-the-great"))
    assert [s.card_id(c) for c in s.players[0].advisors] == ["hatshepsut",
                                                              "sejong-the-great"]
    # both advisors produce: 1 gold and 2 food
    both = s.clone()
    both.apply(Pass())
    settled(both)
    assert resources(both, 0) == [9 + 1, 10, 12, 10, 10]
    # a third advisor replaces one of the two, the player's choice
    s.apply(Buy("anna-komnene"))
    assert sorted(options(s)) == ["replace Hatshepsut", "replace Sejong the Great"]
    choose(s, "replace Hatshepsut")
    assert [s.card_id(c) for c in s.players[0].advisors] == ["anna-komnene",
                                                              "sejong-the-great"]
    # a ready wonder laid over the tower destroys it, and the advisor it holds with it
    s = duel([{"wonders": ["porcelain-tower"], "advisors": ["hatshepsut", "sejong-the-great"],
               "wonder": ["notre-dame", 1]}, {}], age=2, architects=1, passed=[1],
             current=0)
    s.apply(Hire())
    assert sorted(options(s)) == ["an empty wonder space", "over Porcelain Tower"]
    choose(s, "over Porcelain Tower")
    p = s.players[0]
    assert [s.card_id(c) for c in p.wonders] == ["notre-dame"]
    assert [s.card_id(c) for c in p.advisors] == ["hatshepsut"]
    assert s.card_id(s.discard[-1]) == "sejong-the-great"
    # without the tower the new advisor simply replaces the old one
    s = duel([{"advisors": ["hatshepsut"]}, {}], age=2, board=("sejong-the-great",),
             passed=[1], current=0)
    s.apply(Buy("sejong-the-great"))
    assert [s.card_id(c) for c in s.players[0].advisors] == ["sejong-the-great"]


@special("elizabeth")
def test_elizabeth_counts_eight_more_strength_against_the_war() -> None:
    # no strength of its own: a war of 8 spares it, a war of 9 defeats it (6 gold, less
    # no stability, and 1 VP)
    war = {"card": "war-of-jenkins-ear", "buyer": 1}
    s = resolve([{"advisors": ["elizabeth"]}, {}], age=3, war=dict(war, strength=8))
    assert resources(s, 0) == [10, 12, 10, 10, 10]
    assert resources(s, 1) == [4, 10, 10, 10, 9]
    s = resolve([{"advisors": ["elizabeth"]}, {}], age=3, war=dict(war, strength=9))
    assert resources(s, 0) == [4, 12, 10, 10, 9]
    # only against the war: seat 1 (2 strength) still goes first in player order
    s = resolve([{"advisors": ["elizabeth"]}, {"slots": axemen(1)}], age=3)
    assert s.order == [1, 0]


@special("galileo-galilei")
def test_galileo_a_free_golden_age_or_wonder_once_a_round() -> None:
    from nations_widget.board import Special
    s = duel([{"advisors": ["galileo-galilei"], "gold": 0}, {}], age=3, passed=[1],
             current=0, board=("clocks", "taj-mahal", "samurai"))
    assert Special("galileo-galilei") in s.legal_moves()
    s.apply(Special("galileo-galilei"))
    assert sorted(options(s)) == ["clocks", "taj-mahal"]      # not the military
    choose(s, "clocks")
    choose(s, "take 2 stone")
    assert resources(s, 0) == [0, 12, 10, 10, 10]
    assert Special("galileo-galilei") not in s.legal_moves(), "once a round"
    # a wonder on the 3-gold row, replacing the unfinished one, still for no gold
    s = duel([{"advisors": ["galileo-galilei"], "gold": 0, "wonder": ["pyramids", 1]}, {}],
             age=3, passed=[1], current=0,
             board=[["taj-mahal", None, None, None], [None] * 4, [None] * 4])
    s.apply(Special("galileo-galilei"))
    p = s.players[0]
    assert s.card_id(p.wonder) == "taj-mahal" and p.built == 0 and p.res[GOLD] == 0


@special("isabella")
def test_isabella_three_gold_per_renaissance_colony() -> None:
    # Quebec and South Africa (age III) ... against Nubia (age I): 2 x 3 gold
    s = resolve([{"advisors": ["isabella"], "colonies": ["quebec", "nubia"]}, {}], age=3)
    quebec = card_figures("quebec")["produces"]
    gold = 10 + quebec.get("gold", 0) + 2 + 3
    assert resources(s, 0)[GOLD] == gold
    s = resolve([{"advisors": ["isabella"], "colonies": ["quebec", "south-africa"]}, {}],
                age=3)
    assert resources(s, 0)[GOLD] == 10 + quebec.get("gold", 0) + 6


@special("versailles")
def test_versailles_counts_as_least_stable_for_the_round() -> None:
    # seat 0 finishes Versailles with 3 stability against 0: from then on it is the least
    # stable (Qin Shi Huang leaves), and the next round it is not any more
    s = duel([{"advisors": ["qin-shi-huang"], "wonder": ["versailles", 2],
               "slots": axemen(0, 3)}, {}], age=3, architects=1, passed=[1], current=0)
    assert s.players[0].advisors != []
    s.apply(Hire())
    assert s.players[0].advisors == []
    assert check_invariants(s) == []
    # the round's event takes 5 gold from the least stable (Expulsion of Jews): seat 0,
    # with 3 stability against 0, pays; the next round it counts as it is again
    card = "columbian-exchange--expulsion-of-jews"
    s = scenario({"players": 2, "round": 5, "order": [0, 1], "event": card, "architects": 1,
                  "passed": [1], "current": 0,
                  "seats": [dict(TEN, wonder=["versailles", 2], slots=axemen(0, 3)), TEN]},
                 event_components(card, 1))
    s.apply(Hire())
    s.apply(Pass())
    settled(s)
    assert resources(s, 0) == [10 + 3 - 5, 9, 10, 10, 10]
    assert resources(s, 1) == [10, 10, 10, 10, 10]
    assert not s.players[0].least_stab
    # a nation in revolt still ties for the last place: both pay (it also loses a book and
    # a VP to its revolt in production)
    s = scenario({"players": 2, "round": 5, "order": [0, 1], "event": card, "architects": 1,
                  "passed": [1], "current": 0,
                  "seats": [dict(TEN, wonder=["versailles", 2], slots=axemen(0, 3)),
                            dict(TEN, taken={"stability": 1}, slots=axemen(0, 2))]},
                 event_components(card, 1))
    s.apply(Hire())
    s.apply(Pass())
    settled(s)
    assert resources(s, 0) == [10 + 3 - 5, 9, 10, 10, 10]
    assert resources(s, 1) == [10 + 2 - 5, 10, 10, 10 - 1, 10 - 1]


@special("florence-nightingale")
def test_florence_nightingale_no_vp_for_running_short() -> None:
    # 3 Axeman workers eat 3 food; seat 0 has 1: it loses the food and 2 books, no VP
    s = resolve([{"advisors": ["florence-nightingale"], "slots": axemen(3), "food": 1}, {}],
                age=4)
    assert resources(s, 0) == [10, 10, 0, 10 + 6 - 2, 10]
    s = resolve([{"advisors": ["marie-antoinette"], "slots": axemen(3, 2), "food": 1}, {}],
                age=4)
    # without her (Marie Antoinette: 10 books, -3 stability): 1 VP for the food, and the
    # revolt (-1 stability) takes 1 book and 1 VP more
    assert resources(s, 0) == [12, 10, 0, 10 + 10 - 2 - 1, 8]


@special("frederick-the-great")
def test_frederick_the_great_military_deploys_two_stone_cheaper_never_under_one() -> None:
    slots = [["cavalry", 0], ["samurai", 0], ["camel-archer", 0], ["a-axeman", 0],
             ["factory", 0]]
    s = duel([{"advisors": ["frederick-the-great"], "slots": slots, "stone": 20}, {}],
             age=4, passed=[1], current=0)
    # cavalry 4 -> 2, samurai 3 -> 1, camel archer 2 -> 1 (not 0), axeman 1 -> 1,
    # the factory (a building) full price 4
    for slot, cost in ((0, 2), (1, 1), (2, 1), (3, 1), (4, 4)):
        stone = s.players[0].res[STONE]
        s.apply(Deploy(slot, "idle"))
        assert s.players[0].res[STONE] == stone - cost, slot


def test_every_special_card_has_its_own_test() -> None:
    assert set(SPECIAL) == SPECIAL_TESTED, sorted(set(SPECIAL) - SPECIAL_TESTED)


def five(strengths: list[list[Any]] | None = None,
         stabilities: list[int] | None = None) -> list[dict[str, Any]]:
    """Five nations (China, Persia, Greece, Rome, Egypt = seats 0-4)."""
    seats = []
    for x in range(5):
        sd: dict[str, Any] = dict(COMMON, food=10)
        if strengths:
            sd["slots"] = strengths[x]
        if stabilities:
            sd["slots"] = axemen(0, stabilities[x])
            sd["taken"] = {"food": max(0, stabilities[x] - 5)}
        seats.append(sd)
    return seats


# the rulebook's 5-player examples: strength 23, 22, 22, 5, 4 ("China is strongest, Rome
# and Egypt are weakest"); stability 8, 7, 5, 5, 4 ("China and Persia are most stable.
# Greece, Rome and Egypt are least stable")
FIVE_STRENGTH = five(strengths=[
    [["cavalry", 2], ["chariot", 1], ["a-axeman", 1], None, None],
    [["rifleman", 2], None, ["a-axeman", 2], None, None],
    [["hussar", 2], None, ["a-axeman", 2], None, None],
    [["cho-ko-nu", 1], None, None, None, None],
    [None, None, ["a-axeman", 2], None, None]])
FIVE_STABILITY = five(stabilities=[8, 7, 5, 5, 4])


@pytest.mark.parametrize(("half", "seats", "changes"), [
    ("Californian Gold Rush", FIVE_STRENGTH, {0: {"gold": 8}}),
    ("Sick Man of Europe", FIVE_STRENGTH, {3: {"gold": -8}, 4: {"gold": -8}}),
    ("Women's Suffrage", FIVE_STABILITY, {0: {"vp": 1}, 1: {"vp": 1}}),
    ("Tennis Court Oath", FIVE_STABILITY, {2: {"gold": -7}, 3: {"gold": -7},
                                           4: {"gold": -7}}),
])
def test_five_players_the_rulebooks_examples(half: str, seats: list[dict[str, Any]],
                                             changes: dict[int, dict[str, int]]) -> None:
    s = event_state(half, seats, players=5, order=[0, 1, 2, 3, 4])
    assert [strength(s, x) for x in range(5)] == (
        [23, 22, 22, 5, 4] if seats is FIVE_STRENGTH else [0] * 5)
    settled(s)
    check_goods(s, seats, changes)


@pytest.mark.parametrize(("half", "changes"), [
    ("Romanticism", {3: {"books": 5}, 1: {"books": 5}}),      # passed first or second
    ("Tulip Mania", {2: {"vp": -1}, 0: {"vp": -1}}),           # passed fourth or fifth
])
def test_five_players_passing_first_and_last_count_two(
        half: str, changes: dict[int, dict[str, int]]) -> None:
    seats = five()
    s = event_state(half, seats, players=5, order=[0, 1, 2, 3, 4], passed=[3, 1, 4, 2, 0])
    settled(s)
    check_goods(s, seats, changes)


def test_five_players_a_card_for_the_most_also_rewards_the_second() -> None:
    # "for Saint Augustine (most stable) you get the effect if you have the most or second
    # most Stability" (and two tied for the most both have it; a third place does not)
    cases = (([9, 6, 5, 5, 4], 1, 2),      # 9, 7 with it: second alone
             ([8, 7, 5, 5, 4], 1, 2),      # 8, 8 with it: tied for the most
             ([9, 7, 5, 5, 4], 2, 0),      # 9, 7, 6 with it: third
             ([9, 7, 6, 5, 4], 2, 0))      # 9, 7, 7 with it: tied second, nobody second
    for stabilities, seat, books in cases:
        seats = five(stabilities=stabilities)
        seats[seat]["advisors"] = ["saint-augustine"]
        comp = quiet_components(*QUIET.values())
        s = scenario({"players": 5, "round": 1, "order": [0, 1, 2, 3, 4], "event": QUIET[1],
                      "step": "resolution.production", "seats": seats}, comp)
        settled(s)
        # only the advisor's books differ between the cases
        assert s.players[seat].res[BOOKS] == 12 + books, (stabilities, seat)
