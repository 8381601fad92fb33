"""The B sides of the base box's five boards: their figures, their special rules, and the
rulebook's selection process (drawn boards chosen in reverse player order, A or B side)."""

from __future__ import annotations

import json

import pytest
from board_helpers import choose, options

from nations_widget.board import GameState, Hire
from nations_widget.board.components import default_components
from nations_widget.board.constants import FOOD, GOLD
from nations_widget.board.rules import golden_options, production_of
from nations_widget.board.scenario import scenario
from nations_widget.board.serialization import check_invariants
from nations_widget.board.state import GameConfig

COMP = default_components()
SHARED = "/work/shared/data/nations-board/cards.json"


def test_the_five_b_sides_carry_the_shared_figures() -> None:
    """Every figure of the five base-box B sides equals the shared data's."""
    try:
        with open(SHARED, encoding="utf-8") as f:
            shared = {n["name"]: n for n in json.load(f)["B_and_dynasty_nations"]}
    except OSError:
        pytest.skip("the shared data is not on this machine")
    assert COMP.boards == ("China", "Egypt", "Greece", "Persia", "Rome")
    for board in COMP.boards:
        side = COMP.sides[COMP.b_side[board]]
        ref = shared[board]
        start = ref["starting_resources"]
        assert side.start == (start["gold"], start["stone"], start["food"], 0,
                              ref["starting_points"])
        assert side.workers == ref["starting_workers"]
        food_pool, stab_pool = ref["worker_pools"]
        assert (side.food_section, side.stability_section) == (food_pool["spots"],
                                                               stab_pool["spots"])
        assert (side.food_upkeep, side.stability_upkeep) == (3, 3)
        assert side.bm_slots == len(ref["buildings_military"]) == len(side.printed)
        assert side.colony_slots == len(ref["colonies"])
        assert side.wonder_slots == len(ref["wonders"])
        assert side.advisor_slots == len(ref["advisors"])
        names = {"military": "strength"}
        for printed, card in zip(side.printed, ref["buildings_military"], strict=True):
            spec = COMP.cards[printed]
            assert spec.name == card["name"]
            figures = {names.get(k, k): v for k, v in card["production_per_worker"].items()}
            from nations_widget.board.constants import FIGURES
            assert {FIGURES[i]: v for i, v in enumerate(spec.per_worker) if v} == figures
            assert spec.deploy_cost == -card["deployment_cost"]
            assert list(spec.worker_vp) == card["worker_points"]
            assert spec.raid == card.get("raid_value", 0)
            assert spec.type == ("military" if "military" in card["production_per_worker"]
                                 else "building")
        ready = [w for w in ref["wonders"] if w]
        assert [COMP.cards[w].vp for w in side.wonders] == [w["points"] for w in ready]
        specials = [COMP.cards[c] for c in side.special]
        if board == "Egypt":
            assert specials[0].private_architects == ref["specials"][0]["private_architects"]
        if board == "Greece":
            assert [e.amount for e in specials[0].effects] == [
                ref["specials"][0]["golden_age_bonus"]]
        if board == "Rome":
            assert specials[0].produces[4] == ref["specials"][0]["production_value"]["military"]
        if board == "Persia":
            assert specials == [] and ref["specials"] == []


def test_the_rulebooks_board_selection_example() -> None:
    """3 players; China, Persia and Rome are drawn.  Player 3 picks Rome, player 2 Persia
    and flips it to the A side, player 1 China."""
    s = GameState.new(GameConfig(players=3, seed=32, sides="choose"))
    assert s.boards == ["China", "Persia", "Rome"]
    player1, player2, player3 = s.order
    # the progress board is laid out before anybody chooses
    assert all(c >= 0 for c in s.board)
    assert s.current_player() == player3 and s.step == "maintenance.round"
    assert options(s) == sorted(["China (B side)", "China (A side)", "Persia (B side)",
                                 "Persia (A side)", "Rome (B side)", "Rome (A side)"])
    assert "choose your nation's board" in s.prompt()
    choose(s, "Rome (B side)")
    assert s.current_player() == player2
    assert "Rome (B side)" not in options(s)
    again = GameState.from_json(s.to_json_str())     # a save in the middle of the choice
    assert again == s
    choose(s, "Persia (A side)")
    assert s.current_player() == player1
    assert options(s) == ["China (A side)", "China (B side)"]
    choose(s, "China (B side)")
    sides = {seat: (s.players[seat].nation, s.players[seat].side) for seat in range(3)}
    assert sides == {player1: ("China", "china-b"), player2: ("Persia", "A"),
                     player3: ("Rome", "rome-b")}
    # each board's starting figures; the books follow the player order (1, 2, 3)
    assert s.players[player1].res == [5, 5, 1, 1, 3]
    assert s.players[player2].res == [6, 6, 3, 2, 7]
    assert s.players[player3].res == [6, 6, 2, 3, 4]
    assert s.players[player1].idle == 6
    # the game goes on with the growth step (reverse player order)
    assert s.queue[0].kind == "grow" and s.current_player() == player3
    assert check_invariants(s) == []


def test_sides_fixed_by_the_config_and_drawn_b_sides() -> None:
    s = GameState.new(GameConfig(players=2, seed=3, sides=("china-b", "A")))
    assert [p.side for p in s.players] == ["china-b", "A"]
    assert len(s.players[0].bm) == 4 and len(s.players[1].bm) == 5
    b = GameState.new(GameConfig(players=4, seed=3, sides="B"))
    nations = [b.players[seat].nation for seat in reversed(b.order)]
    assert len(set(nations)) == 4 and all(b.players[x].side.endswith("-b") for x in range(4))
    again = GameState.new(GameConfig(players=4, seed=3, sides="B"))
    assert again == b


def test_side_settings_are_checked() -> None:
    with pytest.raises(ValueError, match="same B side"):
        GameConfig(players=2, sides=("rome-b", "rome-b"))
    with pytest.raises(ValueError, match="unknown side"):
        GameConfig(players=2, sides=("atlantis-b", "A"))
    with pytest.raises(ValueError, match="not mixed"):
        GameConfig(players=2, sides=("choose", "A"))


def test_china_b_gets_a_food_in_production_when_it_passed_first() -> None:
    base = {"players": 2, "sides": ["china-b", "A"], "order": [0, 1],
            "step": "resolution.production", "seats": [{"food": 5}, {"food": 5}]}
    first = scenario({**base, "passed": [0, 1]})
    second = scenario({**base, "passed": [1, 0]})
    assert first.players[0].res[FOOD] - second.players[0].res[FOOD] == 1
    assert COMP.sides["china-b"].colony_slots == 1 and COMP.sides["china-b"].wonder_slots == 6
    assert COMP.sides["china-b"].food_section == 3


def test_egypt_b_has_a_private_architect_and_the_pyramids() -> None:
    s = scenario({"players": 2, "sides": ["egypt-b", "A"], "order": [0, 1], "current": 0,
                  "architects": 0, "seats": [{"wonder": ["colosseum", 0], "stone": 9}, {}]})
    pyramids = COMP.card_ref["egypt-b-pyramids"]
    assert s.players[0].wonders == [pyramids]
    assert production_of(s, 0)[GOLD] == 2 and production_of(s, 0)[FOOD] == -2
    assert s.score_breakdown(0)["wonders"] == 3
    # the round began with Egypt's private architect (the scenario starts mid-round: set it)
    fresh = GameState.new(GameConfig(players=2, seed=1, sides=("egypt-b", "A")))
    while fresh.step != "actions":
        fresh.apply(fresh.legal_moves()[0])
    assert fresh.players[0].private == 1 and fresh.players[1].private == 0
    s.players[0].private = 1
    assert Hire() in s.legal_moves()          # no public architect left: the private one
    s.apply(Hire())
    assert s.players[0].built == 1 and s.players[0].private == 0


def test_the_same_card_twice_when_bought_over_the_printed_one() -> None:
    """Egypt B's printed Pyramids and the progress card Pyramids, both ready."""
    stages = COMP.cards[COMP.card_ref["pyramids"]].stages
    s = scenario({"players": 2, "sides": ["egypt-b", "A"], "order": [0, 1], "current": 0,
                  "seats": [{"wonder": ["pyramids", len(stages) - 1], "stone": 20,
                             "private": 1}, {}]})
    s.apply(Hire())
    while s.queue and s.current_player() == 0:
        choose(s, "an empty wonder space")
    names = [COMP.cards[w].name for w in s.players[0].wonders]
    assert names == ["Pyramids", "Pyramids"]
    assert check_invariants(s) == []


def test_a_wonder_laid_over_a_printed_one_leaves_no_card_in_the_discard() -> None:
    stages = COMP.cards[COMP.card_ref["colosseum"]].stages
    s = scenario({"players": 2, "sides": ["egypt-b", "A"], "order": [0, 1], "current": 0,
                  "seats": [{"wonder": ["colosseum", len(stages) - 1], "stone": 20,
                             "private": 1}, {}]})
    s.apply(Hire())
    choose(s, "over Pyramids")
    assert [COMP.cards[w].id for w in s.players[0].wonders] == ["colosseum"]
    assert COMP.card_ref["egypt-b-pyramids"] not in s.discard
    assert check_invariants(s) == []


def test_greece_b_golden_age_bonus() -> None:
    s = scenario({"players": 2, "sides": ["greece-b", "A"], "order": [0, 1], "current": 0,
                  "seats": [{}, {}]})
    ref = next(c.ref for c in COMP.cards if c.type == "golden age" and c.age == 1
               and c.set == "base")
    labels = [label for label, _ in golden_options(s, 0, ref)]
    assert labels[0].startswith("take 3 ")
    assert "1 VP for nothing" in labels        # age 1 less the bonus of 1: free


def test_rome_b_counts_two_more_strength_and_persia_b_holds_three_colonies() -> None:
    s = scenario({"players": 2, "sides": ["rome-b", "persia-b"], "order": [0, 1],
                  "seats": [{}, {"colonies": ["hispania", "israel", "gaul"]}],
                  "decks": "all"})
    assert s.strength(0) == 2 and s.strength(1) == sum(
        COMP.cards[c].produces[4] for c in s.players[1].colonies)
    assert len(s.players[1].colonies) == 3 and check_invariants(s) == []


def test_a_b_side_game_round_trips_and_plays_on() -> None:
    s = GameState.new(GameConfig(players=3, seed=9, sides="choose", decks="all"))
    moves = 0
    while not s.is_terminal() and moves < 150:
        legal = s.legal_moves()
        s.apply(legal[moves % len(legal)])
        moves += 1
        assert check_invariants(s) == []
    assert GameState.from_json(s.to_json_str()) == s
    assert all(p.side for p in s.players)
