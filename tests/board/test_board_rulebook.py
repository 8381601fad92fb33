"""Every worked example of the rulebook (003_dd139c2530f2bd1c.txt), played on the engine."""

from __future__ import annotations

from board_helpers import choose, components_with, options

from nations_widget.board import Buy, Deploy, Grow, Pass
from nations_widget.board.components import default_components
from nations_widget.board.constants import BOOKS, FOOD, STONE, VP
from nations_widget.board.decisions import GrowChoice
from nations_widget.board.effects import best_raid, lose, metric_values
from nations_widget.board.rules import _architects, production_of
from nations_widget.board.scenario import scenario
from nations_widget.board.scoring import book_vp, final_breakdown, least_of, most_of

COMP = default_components()
QUIET = "bread-and-games--christianity"     # famine 0: resolution examples stay clean


def test_growth_food_upkeep_three_then_six() -> None:
    """Egypt takes a second worker from the food section: upkeep 3 -> 6 food a round."""
    s = scenario({"players": 2, "order": [0, 1], "seats": [{"taken": {"food": 1}}]})
    assert production_of(s, 0)[FOOD] == -3
    s.queue = [GrowChoice(0)]
    s.apply(Grow(worker="food"))
    assert production_of(s, 0)[FOOD] == -6


def test_architects_two_for_four_players_plus_the_events_one() -> None:
    s = scenario({"players": 4, "event": "assyrian-deportations--jain-ascetism",
                  "architects": 0})
    _architects(s, None)
    assert s.architects == 2 + 1


def test_ziggurat() -> None:
    """1 stone to deploy; each worker +2 stability at once and 1 stone in production; the
    first and second workers 1 VP each at the end."""
    s = scenario({"players": 2, "order": [0, 1],
                  "seats": [{"slots": [["ziggurat", 1]], "stone": 5}]})
    assert s.stability(0) == 2
    s.apply(Deploy(0, "idle"))
    assert s.players[0].res[STONE] == 4 and s.stability(0) == 4
    assert production_of(s, 0)[STONE] == 2
    assert final_breakdown(s, 0)["workers"] == 2


def test_hoplites_raid_value_and_siege_of_alesia() -> None:
    """Raid value 3 with at least one worker, however many; 3 strength and 1 stone upkeep
    per worker; Blue with 2 workers on Hoplites buys Siege of Alesia and takes 3 food."""
    s = scenario({"players": 2, "order": [0, 1],
                  "board": [["siege-of-alesia", None, None, None], [None] * 4, [None] * 4],
                  "seats": [{"slots": [["hoplite", 2]], "food": 0}]})
    assert best_raid(s, 0) == 3 and s.strength(0) == 6
    assert production_of(s, 0)[STONE] == -2
    assert final_breakdown(s, 0)["workers"] == 2
    s.apply(Buy("siege-of-alesia"))
    choose(s, "3 food")
    assert s.players[0].res[FOOD] == 3


def test_golden_age_renaissance_and_the_uraniborg_bonus() -> None:
    """A Renaissance golden age: 2 stone, or 3 resources (e.g. 1 food and 2 books) for 1
    VP; with Uraniborg (golden age bonus 2): 4 stone, or 1 resource for the VP."""
    board = [["clocks", None, None, None], [None] * 4, [None] * 4]
    s = scenario({"players": 2, "order": [0, 1], "round": 5, "board": board,
                  "event": "crop-rotation--mercantilism",
                  "seats": [{"food": 1, "books": 2, "gold": 3, "stone": 0}]})
    s.apply(Buy("clocks"))
    assert "take 2 stone" in options(s)
    assert "1 VP for 1 food + 2 books" in options(s)
    assert all(o.startswith("take") or sum(int(w) for w in o.split()
                                           if w.isdigit()) == 1 + 3 for o in options(s))
    choose(s, "1 VP for 1 food + 2 books")
    p = s.players[0]
    assert (p.res[FOOD], p.res[BOOKS], p.res[VP]) == (0, 0, 8)

    comp = components_with(cards={"uraniborg": [{"when": "always",
                                                 "modifier": "golden_age_bonus",
                                                 "amount": 2}]})
    s = scenario({"players": 2, "order": [0, 1], "round": 5, "board": board,
                  "decks": ["base", "adv"], "event": "crop-rotation--mercantilism",
                  "seats": [{"wonders": ["uraniborg"], "food": 1, "books": 2, "gold": 4}]},
                 comp)
    s.apply(Buy("clocks"))
    assert sorted(options(s)) == ["1 VP for 1 books", "1 VP for 1 food", "1 VP for 1 gold",
                                  "1 VP for 1 stone", "take 4 stone"]


def test_worker_moved_from_conquistador_to_railroad() -> None:
    """Pay 4 stone, strength -7, stability +3."""
    s = scenario({"players": 2, "order": [0, 1], "round": 7, "event":
                  "californian-gold-rush--irish-potato-blight",
                  "seats": [{"slots": [["conquistador", 1], ["railroad", 0]], "stone": 4}]})
    strength, stability = s.strength(0), s.stability(0)
    s.apply(Deploy(1, "0"))
    assert s.players[0].res[STONE] == 0
    assert s.strength(0) == strength - 7 and s.stability(0) == stability + 3


def test_paying_five_stone_with_two() -> None:
    """You lose those 2, 1 VP and 3 books."""
    s = scenario({"players": 2, "order": [0, 1], "step": "resolution.production",
                  "event": QUIET, "seats": [{"slots": [["hoplite", 5]], "stone": 2,
                                             "books": 10, "food": 9}, {"food": 9}]})
    p = s.players[0]
    assert (p.res[STONE], p.res[VP], p.res[BOOKS]) == (0, 6, 7)


def test_lose_only_one_vp_per_resource_per_round() -> None:
    """Too little food in production, events and famine: 1 VP lost, not 3."""
    s = scenario({"players": 2, "order": [0, 1], "seats": [{"food": 0, "books": 20}]})
    for _ in range(3):
        lose(s, 0, FOOD, 2, None)
    assert s.players[0].res[VP] == 6 and s.players[0].res[BOOKS] == 14


def test_pay_or_go_last_china_persia_rome() -> None:
    """Order China, Persia, Rome; Rome chooses first, then Persia, then China. If only Rome
    pays, the order becomes Rome, China, Persia."""
    china, persia, rome = 0, 1, 2
    half = {"who": "all", "do": {"choose": [{"lose": {"food": 2}}, {"go": "last"}]}}
    comp = components_with(events={"ecological-collapse--caste-system": [half, {}]})
    s = scenario({"players": 3, "order": [china, persia, rome], "round": 3,
                  "event": "ecological-collapse--caste-system", "step": "resolution.event_a",
                  "seats": [{"food": 9}, {"food": 9}, {"food": 9}]}, comp)
    asked = []
    for answer in ("lose 2 food", "go last", "go last"):
        asked.append(s.current_player())
        choose(s, answer)
    assert asked == [rome, persia, china]
    assert s.step == "maintenance.growth" and s.order == [rome, china, persia]
    assert s.players[rome].res[FOOD] == 9 - 2 - s.comp.events[
        s.comp.event_ref["ecological-collapse--caste-system"]].famine


def test_pay_or_go_last_order_right_after_the_event() -> None:
    china, persia, rome = 0, 1, 2
    half = {"who": "all", "do": {"choose": [{"lose": {"food": 2}}, {"go": "last"}]}}
    comp = components_with(events={"ecological-collapse--caste-system": [half, {}]})
    s = scenario({"players": 3, "order": [china, persia, rome], "round": 3,
                  "event": "ecological-collapse--caste-system", "step": "resolution.event_a",
                  "seats": [{"food": 9}, {"food": 9}, {"food": 9}]}, comp)
    from nations_widget.board.rules import _event_finish
    for answer in ("lose 2 food", "go last in player order", "go last in player order"):
        d = s.queue.pop(0)
        from nations_widget.board.rules import _answer, decision_options
        _answer(s, d, decision_options(s, d).index(answer), None)
    _event_finish(0)(s, None)
    assert s.order == [rome, china, persia]


def test_books_at_the_end_of_an_age() -> None:
    """13, 11, 11 and 4 books: 3, 1, 1 and 0 VP."""
    assert book_vp([13, 11, 11, 4]) == [3, 1, 1, 0]
    s = scenario({"players": 4, "order": [0, 1, 2, 3], "round": 2, "event": QUIET,
                  "step": "resolution.books",
                  "seats": [{"books": 13}, {"books": 11}, {"books": 11}, {"books": 4}]})
    assert [p.res[VP] for p in s.players] == [10, 8, 8, 7]


def test_final_scoring_resources_example() -> None:
    """3 stone, 7 gold, 5 food, 6 books, 10 strength, 6 stability: 37, so 3 VP."""
    s = scenario({"players": 2, "order": [0, 1],
                  "seats": [{"stone": 3, "gold": 7, "food": 5, "books": 6,
                             "slots": [["hoplite", 2], None, ["a-axeman", 2],
                                       ["ziggurat", 3]], "idle": 0,
                             "taken": {"food": 2}}]})
    assert s.strength(0) == 10 and s.stability(0) == 6
    assert final_breakdown(s, 0)["resources"] == 3


def test_five_players_strongest_and_weakest() -> None:
    """23, 22, 22, 5, 4 strength: the first is strongest alone; the last two are weakest.
    8, 7, 5, 5, 4 stability: the first two are most stable, the last three least."""
    strength = [23, 22, 22, 5, 4]
    assert most_of(strength) == [0]
    assert least_of(strength) == [3, 4]
    stab = [8, 7, 5, 5, 4]
    assert most_of(stab) == [0, 1]
    assert least_of(stab) == [2, 3, 4]
    # the appendix: two tied for the most both count; three tied, none does
    assert most_of([9, 9, 1, 1, 0]) == [0, 1]
    assert most_of([9, 9, 9, 1, 0]) == []


def test_five_players_through_the_engine() -> None:
    axes = [[[card, k]] for card, k in zip(
        ("hoplite", "chariot", "immortal", "legionary", "aqueduct"), (3, 2, 2, 1, 0),
        strict=True)]
    s = scenario({"players": 5, "order": [0, 1, 2, 3, 4],
                  "seats": [{"slots": a} for a in axes]})
    values = metric_values(s, "strength")
    assert values == [9, 6, 6, 3, 0]
    assert most_of(values) == [0] and least_of(values) == [3, 4]


def test_macedonia_adds_strength_immediately() -> None:
    s = scenario({"players": 2, "order": [0, 1],
                  "board": [["macedonia", None, None, None], [None] * 4, [None] * 4],
                  "seats": [{"slots": [None, None, ["a-axeman", 2]]}]})
    s.apply(Buy("macedonia"))
    assert s.strength(0) == 6


def test_a_nation_without_military_may_buy_a_war() -> None:
    s = scenario({"players": 2, "order": [0, 1],
                  "board": [["hunnic-invasions", None, None, None], [None] * 4, [None] * 4]})
    s.apply(Buy("hunnic-invasions"))
    assert s.war_strength == 0
    s.apply(Pass())
