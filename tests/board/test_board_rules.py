"""Rule unit tests of the board-game engine: setup, maintenance, actions, resolution."""

from __future__ import annotations

import pytest
from board_helpers import choose, components_with, options, play, refuse

from nations_widget.board import (
    Buy,
    Choose,
    Deploy,
    GameConfig,
    GameState,
    Grow,
    Hire,
    Pass,
    Undeploy,
)
from nations_widget.board.components import default_components
from nations_widget.board.constants import BOOKS, FOOD, GOLD, STONE, VP
from nations_widget.board.scenario import scenario
from nations_widget.board.serialization import check_invariants

COMP = default_components()


def ref(card_id: str) -> int:
    return COMP.card_ref[card_id]


def grow_all(s: GameState, bonus: str = "food") -> None:
    while s.step == "maintenance.growth" or (s.queue and s.queue[0].kind == "grow"):
        s.apply(Grow(bonus=bonus))


def pass_all(s: GameState) -> None:
    while s.step == "actions" and not s.queue:
        s.apply(Pass())


# ------------------------------------------------------------------------ setup
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_setup(players: int) -> None:
    s = GameState.new(players=players, seed=3)
    assert sorted(s.order) == list(range(players))
    for position, seat in enumerate(s.order, start=1):
        p = s.players[seat]
        assert p.res == [6, 6, 3, position, 7]      # gold, stone, food, books, VP
        assert p.idle == 5 and p.taken_food == p.taken_stab == 0 and sum(p.workers) == 0
        assert [COMP.cards[c].name for c in p.bm] == ["Temple", "Quarry", "Axeman", "Farm",
                                                      "Caravan"]
    cols = {2: 4, 3: 5, 4: 6, 5: 7}[players]
    assert len(s.board) == 3 * cols and all(c >= 0 for c in s.board)
    # the base cards (with 5 players the advanced ones too: the base cards alone run short)
    sets = {"base", "adv"} if players == 5 else {"base"}
    assert all(COMP.cards[c].age == 1 and COMP.cards[c].set in sets for c in s.board)
    # growth is asked first, in reverse player order
    assert s.step == "maintenance.growth"
    assert s.current_player() == s.order[-1]
    assert [d.seat for d in s.queue] == s.order[::-1]
    assert check_invariants(s) == []


def test_starting_workers_sit_in_the_resource_area_and_tracks_start_at_zero() -> None:
    s = GameState.new(players=2, seed=1)
    for seat in range(2):
        assert s.strength(seat) == 0 and s.stability(seat) == 0
        assert s.players[seat].idle == 5


@pytest.mark.parametrize("level,bonus", [("chieftain", 4), ("prince", 3), ("king", 2),
                                         ("emperor", 1)])
def test_difficulty_is_the_growth_bonus(level: str, bonus: int) -> None:
    s = GameState.new(players=2, seed=1, difficulty=level)
    seat = s.current_player()
    assert seat is not None
    s.apply(Grow(bonus="stone"))
    assert s.players[seat].res[STONE] == 6 + bonus


def test_difficulty_per_seat() -> None:
    config = GameConfig(players=3, seed=2, difficulty=("chieftain", "prince", "emperor"))
    s = GameState.new(config)
    for _ in range(3):
        seat = s.current_player()
        assert seat is not None
        before = s.players[seat].res[GOLD]
        s.apply(Grow(bonus="gold"))
        assert s.players[seat].res[GOLD] - before == (4, 3, 1)[seat]


def test_growth_takes_a_worker_from_either_section() -> None:
    s = GameState.new(players=2, seed=4)
    first, second = s.order[-1], s.order[0]
    s.apply(Grow(worker="stability"))
    assert s.players[first].idle == 6 and s.stability(first) == -3
    s.apply(Grow(worker="food"))
    assert s.players[second].idle == 6 and s.players[second].taken_food == 1
    assert s.stability(second) == 0


def test_growth_refusals() -> None:
    s = GameState.new(players=2, seed=4)
    refuse(s, Grow(bonus="books"), "gold, stone or food")
    refuse(s, Pass(), "growth step")


@pytest.mark.parametrize("players,base", [(2, 1), (3, 2), (4, 2), (5, 3)])
def test_architects_by_players_plus_the_event(players: int, base: int) -> None:
    s = GameState.new(players=players, seed=9)
    grow_all(s)
    assert s.step == "actions"
    assert s.architects == base + COMP.events[s.event].architects


# ------------------------------------------------------------------ progress board
def test_progress_board_refill_moves_row_three_left() -> None:
    s = GameState.new(players=3, seed=11)
    grow_all(s)
    cols = 5
    # buy two cards of the cheapest row so that row 3 has holes
    seat = s.current_player()
    assert seat is not None
    bought = []
    for cell in (2 * cols + 1, 2 * cols + 3):
        s.players[s.current_player() or 0].res[GOLD] = 20
        card = COMP.cards[s.board[cell]]
        if card.type in ("colony", "battle"):
            continue
        s.apply(Buy(card.id))
        bought.append(card.ref)
        while s.queue:
            s.apply(s.legal_moves()[0])
    old_top = [c for c in s.board[:2 * cols] if c >= 0]
    old_row3 = [c for c in s.board[2 * cols:] if c >= 0]
    pass_all(s)
    while s.step != "maintenance.growth" or s.round != 2:
        s.apply(s.legal_moves()[0])
    assert s.board[:len(old_row3)] == old_row3          # as far left as possible, in order
    assert all(c in s.discard for c in old_top)
    assert all(c >= 0 for c in s.board)
    assert all(COMP.cards[c].age == 1 for c in s.board)  # round 2 is still antiquity
    assert check_invariants(s) == []


# ------------------------------------------------------------------------- buying
def test_buy_prices_by_row() -> None:
    s = scenario({"players": 2, "board": [["forum", None, None, None],
                                          ["lyceum", None, None, None],
                                          ["brewery", None, None, None]],
                  "seats": [{"gold": 3}, {"gold": 3}], "order": [0, 1]})
    s.apply(Buy("forum"))
    assert s.players[0].res[GOLD] == 0
    choose(s, "slot 0")
    s.apply(Buy("brewery"))
    assert s.players[1].res[GOLD] == 2
    choose(s, "slot 1")
    refuse(s, Buy("lyceum"), "costs 2 gold", "you have 0")


def test_building_replacing_a_card_sends_its_workers_back() -> None:
    s = scenario({"players": 2, "order": [0, 1],
                  "board": [["aqueduct", None, None, None], [None] * 4, [None] * 4],
                  "seats": [{"slots": [["a-temple", 2]], "idle": 3}]})
    s.apply(Buy("aqueduct"))
    assert options(s) == [f"slot {k} ({n})" for k, n in enumerate(
        ["Temple", "Quarry", "Axeman", "Farm", "Caravan"])]
    choose(s, "slot 0")
    p = s.players[0]
    assert COMP.cards[p.bm[0]].id == "aqueduct" and p.workers[0] == 0 and p.idle == 5


def test_military_may_replace_a_building_and_buildings_military() -> None:
    s = scenario({"players": 2, "order": [0, 1],
                  "board": [["hoplite", "forum", None, None], [None] * 4, [None] * 4],
                  "seats": [{"gold": 10}]})
    s.apply(Buy("hoplite"))
    choose(s, "slot 4")
    s.apply(Pass())
    s.apply(Buy("forum"))
    choose(s, "slot 2")      # the printed Axeman goes
    p = s.players[0]
    assert [COMP.cards[c].id for c in p.bm] == ["a-temple", "a-quarry", "forum", "a-farm",
                                                "hoplite"]


def test_colony_needs_strength_and_a_third_replaces_one() -> None:
    s = scenario({"players": 2, "order": [0, 1],
                  "board": [["nubia", None, None, None], [None] * 4, [None] * 4],
                  "seats": [{"slots": [None, None, ["a-axeman", 1]], "colonies": []}]})
    refuse(s, Buy("nubia"), "needs 3 strength", "you have 2")
    s = scenario({"players": 2, "order": [0, 1],
                  "board": [["nubia", None, None, None], [None] * 4, [None] * 4],
                  "seats": [{"slots": [None, None, ["a-axeman", 2]],
                             "colonies": ["hispania", "israel"]}]})
    s.apply(Buy("nubia"))
    assert sorted(options(s)) == ["replace Hispania", "replace Israel"]
    choose(s, "replace Israel")
    assert [COMP.cards[c].id for c in s.players[0].colonies] == ["hispania", "nubia"]
    assert ref("israel") in s.discard
    # the requirement no longer matters once bought
    s.apply(Pass())                       # seat 1 passes; seat 0 acts again
    s.apply(Undeploy(2, 2))
    assert s.strength(0) == 0 and ref("nubia") in s.players[0].colonies


def test_colony_strength_counts_immediately() -> None:
    s = scenario({"players": 2, "order": [0, 1],
                  "board": [["macedonia", None, None, None], [None] * 4, [None] * 4],
                  "seats": [{"slots": [None, None, ["a-axeman", 2]]}]})
    s.apply(Buy("macedonia"))
    assert s.strength(0) == 6     # 2 workers on Axeman (4) + Macedonia (2)


def test_advisor_replaces_advisor() -> None:
    s = scenario({"players": 2, "order": [0, 1],
                  "board": [["augustus", None, None, None], [None] * 4, [None] * 4],
                  "seats": [{"advisors": ["saint-augustine"]}]})
    assert s.stability(0) == 1
    s.apply(Buy("augustus"))
    assert [COMP.cards[c].id for c in s.players[0].advisors] == ["augustus"]
    assert s.stability(0) == 0 and s.strength(0) == 1


def test_new_wonder_loses_the_unfinished_one_and_its_architects() -> None:
    s = scenario({"players": 2, "order": [0, 1],
                  "board": [["pyramids", None, None, None], [None] * 4, [None] * 4],
                  "seats": [{"wonder": ["colosseum", 1]}]})
    s.apply(Buy("pyramids"))
    p = s.players[0]
    assert p.wonder == ref("pyramids") and p.built == 0 and ref("colosseum") in s.discard


def test_war_one_per_round_at_the_buyers_strength() -> None:
    s = scenario({"players": 2, "order": [0, 1],
                  "board": [["hunnic-invasions", "warring-states", None, None], [None] * 4,
                            [None] * 4],
                  "seats": [{"slots": [None, None, ["a-axeman", 2]]}]})
    s.apply(Buy("hunnic-invasions"))
    assert (s.war, s.war_strength, s.war_buyer) == (ref("hunnic-invasions"), 4, 0)
    refuse(s, Buy("warring-states"), "one war per round")


def test_battle_needs_a_manned_military_and_gives_the_best_raid_value() -> None:
    s = scenario({"players": 2, "order": [0, 1],
                  "board": [["siege-of-alesia", None, None, None], [None] * 4, [None] * 4],
                  "seats": [{"slots": [["hoplite", 0], None, ["a-axeman", 0]]}]})
    refuse(s, Buy("siege-of-alesia"), "worker on one of your military")
    s = scenario({"players": 2, "order": [0, 1],
                  "board": [["siege-of-alesia", None, None, None], [None] * 4, [None] * 4],
                  "seats": [{"slots": [["hoplite", 2], None, ["a-axeman", 1]]}]})
    s.apply(Buy("siege-of-alesia"))
    assert options(s) == ["3 books", "3 food", "3 stone"]
    food = s.players[0].res[FOOD]
    choose(s, "3 food")
    assert s.players[0].res[FOOD] == food + 3 and ref("siege-of-alesia") in s.discard


# ------------------------------------------------------------------ deploy, hire
def test_deploy_pays_stone_and_moves_tracks_at_once() -> None:
    s = scenario({"players": 2, "order": [0, 1],
                  "seats": [{"slots": [["ziggurat", 0]], "stone": 3}]})
    s.apply(Deploy(0, "idle"))
    p = s.players[0]
    assert p.res[STONE] == 2 and p.workers[0] == 1 and p.idle == 4
    assert s.stability(0) == 2
    assert s.current_player() == 1          # one deployment is the whole action


def test_undeploy_is_free_and_not_an_action() -> None:
    s = scenario({"players": 2, "order": [0, 1],
                  "seats": [{"slots": [None, None, ["a-axeman", 2]]}]})
    s.apply(Undeploy(2, 2))
    assert s.current_player() == 0 and s.strength(0) == 0 and s.players[0].idle == 5
    refuse(s, Undeploy(2, 1), "undeploy 1 to that many")


def test_deploy_refusals() -> None:
    s = scenario({"players": 2, "order": [0, 1],
                  "seats": [{"slots": [["ziggurat", 0]], "stone": 0, "idle": 0}]})
    refuse(s, Deploy(0, "idle"), "no worker in your resource area")
    refuse(s, Deploy(7, "idle"), "no slot 7")
    s = scenario({"players": 2, "order": [0, 1], "seats": [{"stone": 0}]})
    refuse(s, Deploy(0, "idle"), "costs 1 stone", "you have 0")


def test_hire_builds_sections_and_a_ready_wonder_takes_a_space() -> None:
    s = scenario({"players": 2, "order": [0, 1], "architects": 2,
                  "seats": [{"wonder": ["hanging-gardens", 0], "stone": 3}]})
    s.apply(Hire())
    assert s.players[0].built == 1 and s.players[0].res[STONE] == 2 and s.architects == 1
    s.apply(Pass())
    s.apply(Hire())
    p = s.players[0]
    assert p.wonder == -1 and p.wonders == [ref("hanging-gardens")] and p.res[STONE] == 0
    assert s.stability(0) == 1 and s.architects == 0


def test_hire_refusals() -> None:
    s = scenario({"players": 2, "order": [0, 1], "architects": 0,
                  "seats": [{"wonder": ["hanging-gardens", 0]}]})
    refuse(s, Hire(), "no architect")
    s = scenario({"players": 2, "order": [0, 1], "architects": 1, "seats": [{}]})
    refuse(s, Hire(), "no wonder under construction")
    s = scenario({"players": 2, "order": [0, 1], "architects": 1,
                  "seats": [{"wonder": ["taj-mahal", 0], "stone": 2}]})
    refuse(s, Hire(), "costs 3 stone", "you have 2")


def test_ready_wonder_may_go_over_another() -> None:
    s = scenario({"players": 2, "order": [0, 1], "architects": 1,
                  "seats": [{"wonder": ["stonehenge", 2], "wonders": ["colosseum"]}]})
    s.apply(Hire())
    assert options(s) == ["an empty wonder space", "over Colosseum"]
    choose(s, "over Colosseum")
    assert s.players[0].wonders == [ref("stonehenge")] and ref("colosseum") in s.discard


def test_private_architects_come_first_and_do_not_accumulate() -> None:
    s = scenario({"players": 2, "order": [0, 1], "architects": 1,
                  "seats": [{"wonder": ["taj-mahal", 0], "stone": 9, "private": 1}]})
    s.apply(Hire())
    assert s.players[0].private == 0 and s.architects == 1


def test_alhambra_brings_a_private_architect_each_round() -> None:
    s = scenario({"players": 2, "order": [0, 1], "seats": [{"wonders": ["alhambra"]}]})
    from nations_widget.board.rules import _round_start
    s.players[0].private = 0
    _round_start(s, None)
    assert s.players[0].private == 1 and s.players[1].private == 0


# ----------------------------------------------------------------------- resolution
def test_production_order_and_upkeep() -> None:
    # Farm 1 food/1 stone per worker; Axeman eats 1 food; one worker from the food section
    s = scenario({"players": 2, "order": [0, 1], "step": "resolution.production",
                  "seats": [{"gold": 0, "stone": 0, "food": 0, "books": 5,
                             "slots": [None, None, ["a-axeman", 1], ["a-farm", 2]],
                             "taken": {"food": 1}}], "event": "bread-and-games--christianity"})
    p = s.players[0]
    # food: +2 (farm) -1 (axeman) -3 (population) = -2 with 0 food: lose 1 VP, 2 books
    assert p.res[STONE] == 2 and p.res[FOOD] == 0
    assert p.res[VP] == 7 - 1 and p.res[BOOKS] == 5 - 2


def test_revolt_costs_books_per_negative_point_and_one_vp() -> None:
    s = scenario({"players": 2, "order": [0, 1], "step": "resolution.production",
                  "event": "bread-and-games--christianity",
                  "seats": [{"books": 6, "taken": {"stability": 1}}, {"books": 6}]})
    assert s.players[0].res[BOOKS] == 3 and s.players[0].res[VP] == 6
    assert s.players[1].res[BOOKS] == 6 and s.players[1].res[VP] == 7


def test_player_order_by_strength_then_stability_then_previous_order() -> None:
    s = scenario({"players": 3, "order": [0, 1, 2], "step": "resolution.order",
                  "event": "bread-and-games--christianity",
                  "seats": [{}, {"slots": [None, None, ["a-axeman", 1]]},
                            {"slots": [None, None, None, None, ["a-caravan", 1]]}]})
    assert s.order == [1, 2, 0]


def test_war_defeat_loss_reduced_by_stability_vp_regardless() -> None:
    # the event card's halves are blanked so that only the war acts before the famine step
    quiet = components_with(events={"bread-and-games--christianity": [{}, {}]})
    s = scenario({"players": 2, "order": [0, 1], "step": "resolution.war",
                  "event": "bread-and-games--christianity",
                  "war": {"card": "hunnic-invasions", "strength": 3, "buyer": 1},
                  "seats": [{"food": 10, "slots": [None, None, None, None, ["a-caravan", 1]]},
                            {"food": 10, "slots": [None, None, ["a-axeman", 2]]}]}, quiet)
    assert s.players[0].res[FOOD] == 10 - (4 - 1) and s.players[0].res[VP] == 6
    assert s.players[1].res[FOOD] == 10 and s.players[1].res[VP] == 7
    assert s.war == -1 and ref("hunnic-invasions") in s.discard


def test_a_strength_zero_war_defeats_nobody() -> None:
    s = scenario({"players": 2, "order": [0, 1], "step": "resolution.war",
                  "event": "bread-and-games--christianity",
                  "war": {"card": "hunnic-invasions", "strength": 0, "buyer": 1}})
    assert [p.res[VP] for p in s.players] == [7, 7]


def test_famine_takes_the_event_cards_food() -> None:
    s = scenario({"players": 2, "order": [0, 1], "step": "resolution.famine",
                  "event": "attila--zoroastrian-revival",
                  "seats": [{"food": 5}, {"food": 1, "books": 4}]})
    assert s.players[0].res[FOOD] == 2
    assert s.players[1].res[FOOD] == 0 and s.players[1].res[BOOKS] == 2
    assert s.players[1].res[VP] == 6


def test_books_scored_only_at_the_end_of_an_age() -> None:
    s = scenario({"players": 2, "order": [0, 1], "round": 1, "step": "resolution.books",
                  "event": "bread-and-games--christianity",
                  "seats": [{"books": 5}, {"books": 3}]})
    assert [p.res[VP] for p in s.players] == [7, 7]
    s = scenario({"players": 2, "order": [0, 1], "round": 2, "step": "resolution.books",
                  "event": "bread-and-games--christianity",
                  "seats": [{"books": 5}, {"books": 3}]})
    assert [p.res[VP] for p in s.players] == [8, 7]


def test_shortfall_vp_at_most_once_per_round_per_resource() -> None:
    from nations_widget.board.effects import lose
    s = scenario({"players": 2, "order": [0, 1], "seats": [{"food": 0, "books": 10}]})
    lose(s, 0, FOOD, 2, None)
    lose(s, 0, FOOD, 2, None)
    assert s.players[0].res[VP] == 6 and s.players[0].res[BOOKS] == 6
    lose(s, 0, GOLD, 8, None)
    assert s.players[0].res[VP] == 5 and s.players[0].res[GOLD] == 0


def test_vp_never_below_zero() -> None:
    from nations_widget.board.effects import lose
    s = scenario({"players": 2, "order": [0, 1], "seats": [{"vp": 0, "food": 0}]})
    lose(s, 0, FOOD, 3, None)
    lose(s, 0, VP, 2, None)
    assert s.players[0].res[VP] == 0


def test_books_at_zero_cost_another_resource_of_choice_per_book() -> None:
    from nations_widget.board.effects import lose
    s = scenario({"players": 2, "order": [0, 1],
                  "seats": [{"books": 0, "gold": 1, "stone": 5, "food": 0}]})
    lose(s, 0, BOOKS, 2, None)
    assert s.players[0].res[VP] == 6
    from nations_widget.board.rules import advance
    advance(s, None)
    assert s.queue[0].kind == "lose_other" and options(s) == ["gold", "stone"]
    choose(s, "gold")
    assert s.players[0].res[GOLD] == 0 and s.players[0].res[STONE] == 4  # the 2nd: only stone


def test_final_scoring_parts() -> None:
    s = scenario({"players": 2, "order": [0, 1], "round": 8, "step": "resolution.books",
                  "event": "sick-man-of-europe--womens-suffrage",
                  "seats": [{"vp": 10, "gold": 7, "stone": 3, "food": 5, "books": 6,
                             "colonies": ["congo"], "wonders": ["pyramids"],
                             "slots": [["cavalry", 2], ["railroad", 4]],
                             "taken": {"food": 1}},
                            {"books": 1}]})
    assert s.is_terminal()
    b = s.score_breakdown(0)
    assert b["colonies"] == 2 and b["wonders"] == 3
    assert b["workers"] == (1 + 2) + (2 + 2 + 1)     # a 4th worker on Railroad scores 0
    assert b["vp"] == 11                            # +1 for more books at the end of age IV
    # 7 gold 3 stone 5 food 6 books + 18 strength + 12 stability = 51
    assert b["resources"] == 5
    assert s.scores()[0] == b["total"] == 11 + 2 + 3 + 8 + 5


def test_ties_in_the_final_score_go_to_the_earlier_player_order() -> None:
    s = scenario({"players": 2, "order": [1, 0], "round": 8, "step": "resolution.books",
                  "event": "sick-man-of-europe--womens-suffrage",
                  "seats": [{"books": 2}, {"books": 2}]})
    assert s.scores()[0] == s.scores()[1] and s.winner() == 1


def test_short_game_ends_after_the_chosen_ages() -> None:
    s = GameState.new(players=2, seed=5, ages=1)
    while not s.is_terminal():
        s.apply(s.legal_moves()[0])
    assert s.round == 2 and s.is_terminal()
    assert s.scores() == [s.score_breakdown(x)["total"] for x in range(2)]


def test_easier_game_has_an_extra_worker_whose_upkeep_is_hidden() -> None:
    s = GameState.new(players=2, seed=5, easier=True)
    p = s.players[0]
    assert p.idle == 6 and p.taken_food == 1 and p.hidden == 1
    from nations_widget.board.rules import production_of
    assert production_of(s, 0)[FOOD] == 0
    assert check_invariants(s) == []


def test_refused_moves_name_the_reason() -> None:
    s = scenario({"players": 2, "order": [0, 1]})
    refuse(s, Buy("no-such-card"), "not on the progress board")
    refuse(s, Choose("x"), "nothing to choose")
    refuse(s, Grow(bonus="gold"), "nothing to grow")
    play(s, Pass())
    assert s.current_player() == 1


def test_scenario_at_the_growth_step() -> None:
    s = scenario({"players": 3, "order": [2, 0, 1], "round": 3, "step": "maintenance.growth",
                  "seats": [{}, {}, {"taken": {"food": 4, "stability": 4}}]})
    assert s.current_player() == 1 and s.event == -1
    s.apply(Grow(bonus="gold"))
    s.apply(Grow(worker="food"))
    assert [m for m in s.legal_moves() if isinstance(m, Grow) and m.worker] == []
    s.apply(Grow(bonus="stone"))
    assert s.step == "actions" and s.event >= 0
    assert COMP.events[s.event].age == 2
