"""The full box's decks: every progress card playable, deck construction (base,
base+advanced, all, balanced), the two modifiers the base game did not need
(first_turn_actions: Buddha, Sun Tzu; event_draw: Niccolo Machiavelli), older saves."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from board_helpers import choose, options

from nations_widget.board import Buy, Deploy, GameState, Grow, Hire, Pass
from nations_widget.board.components import BALANCED_EXCHANGE, deck_lists, default_components
from nations_widget.board.constants import CARD_TYPES, STABILITY_F, STRENGTH_F
from nations_widget.board.in_play import active_cards
from nations_widget.board.rules import production_of
from nations_widget.board.scenario import scenario
from nations_widget.board.serialization import check_invariants
from nations_widget.board.state import DECK_CHOICES, GameConfig, SettingError
from nations_widget.board.vocabulary import MODIFIERS, NOT_PLAYABLE_MODIFIERS, WHENS
from nations_widget.core.errors import StateFormatError

COMP = default_components()
PROGRESS = [c for c in COMP.cards if c.set != "printed"]


def test_every_progress_card_effect_is_one_the_engine_plays() -> None:
    """The list of cards whose effect the engine cannot express: empty."""
    assert len(PROGRESS) == 296
    unplayable = sorted(c.id for c in PROGRESS for e in c.effects
                        if e.modifier in NOT_PLAYABLE_MODIFIERS
                        or (e.modifier and e.modifier not in MODIFIERS)
                        or e.when not in WHENS)
    assert unplayable == []
    assert Counter(c.set for c in PROGRESS) == {"base": 144, "adv": 76, "exp": 76}


@pytest.mark.parametrize("name", list(DECK_CHOICES))
def test_every_deck_choice_sets_up_and_holds_its_sets(name: str) -> None:
    s = GameState.new(GameConfig(players=3, seed=4, decks=name))
    assert check_invariants(s) == []
    cards = [c for deck in deck_lists(s.config.decks, 4, COMP) for c in deck]
    sets = Counter(COMP.cards[c].set for c in cards)
    expected = {"base": {"base": 144}, "base+advanced": {"base": 144, "adv": 76},
                "all": {"base": 144, "adv": 76, "exp": 76}}.get(name)
    if expected is not None:
        assert sets == expected
    else:
        assert sets["base"] == 144 - 4 * sum(BALANCED_EXCHANGE.values())
        assert sets["adv"] + sets["exp"] == 4 * sum(BALANCED_EXCHANGE.values())
    assert s.config.deck_name == name


def test_balanced_decks_exchange_like_for_like_and_follow_the_seed() -> None:
    """Per age and type, the balanced deck has as many cards as the base deck; exactly the
    documented number of each type comes from the advanced/expert sets; the seed decides
    which (the same seed: the same decks)."""
    decks = deck_lists(("balanced",), 17, COMP)
    base = deck_lists(("base",), 17, COMP)
    for age in range(4):
        got = Counter(COMP.cards[c].type for c in decks[age])
        assert got == Counter(COMP.cards[c].type for c in base[age])
        extra = Counter(COMP.cards[c].type for c in decks[age] if COMP.cards[c].set != "base")
        assert extra == {t: n for t, n in BALANCED_EXCHANGE.items() if n}
        assert all(COMP.cards[c].age == age + 1 for c in decks[age])
    assert deck_lists(("balanced",), 17, COMP) == decks
    assert deck_lists(("balanced",), 18, COMP) != decks
    assert set(BALANCED_EXCHANGE) == set(CARD_TYPES)


def test_deck_settings_are_checked() -> None:
    with pytest.raises(ValueError, match="decks must be one of"):
        GameConfig(decks="expert")
    with pytest.raises(ValueError, match="decks must be one of"):
        GameConfig(decks=("adv",))
    assert GameConfig(decks="all").decks == ("base", "adv", "exp")
    assert GameConfig(decks=["base", "adv"]).deck_name == "base+advanced"


def test_five_players_need_the_advanced_or_expert_cards() -> None:
    """Rulebook: with 5 players the base cards run short (a round draws up to 21 cards, an
    age up to 42, from 36): the base cards alone (or the balanced decks, 36 an age too) are
    refused in words; a 5-player game that names no decks gets base and advanced."""
    for decks in ("base", ("base",), "balanced"):
        with pytest.raises(SettingError, match="with 5 players the base cards alone run "
                                               "short") as refused:
            GameConfig(players=5, decks=decks)
        assert refused.value.setting == "decks"
    assert GameConfig(players=5).deck_name == "base+advanced"
    assert GameConfig(players=5, decks=("base", "exp")).deck_sets == ("base", "exp")
    assert GameConfig(players=5, decks="all").deck_name == "all"
    for players in (1, 2, 3, 4):
        assert GameConfig(players=players).deck_name == "base"
        assert GameConfig(players=players, decks="balanced").deck_name == "balanced"
    # a saved 5-player game with the base cards alone is refused on load, naming the field
    with pytest.raises(StateFormatError, match=r"config\.decks.*run short"):
        GameConfig.from_json({"players": 5, "decks": ["base"]})



def _buy_and_settle(s: GameState, card_id: str) -> None:
    s.apply(Buy(card_id))
    # answer any placement / resource question with its first option
    while s.queue and s.queue[0].kind != "grow" and s.step == "actions":
        choose(s, options(s)[0])


ADV_EXP = [c for c in PROGRESS if c.set != "base"]


@pytest.mark.parametrize("card", ADV_EXP, ids=[c.id for c in ADV_EXP])
def test_every_advanced_and_expert_card_can_be_bought_and_shows_its_figures(card: object
                                                                            ) -> None:
    from nations_widget.board.components import CardSpec
    assert isinstance(card, CardSpec)
    cols = COMP.columns_by_players[2]
    # a manned military only where the card needs one (a battle): some cards leave the
    # game when their owner has military workers
    # (rifleman: 9 strength a worker, for the colonies' requirements)
    riflemen = -(-card.requirement // 9) if card.type == "colony" else 0
    axemen = 3 if card.type == "battle" else 0
    seat0 = {"gold": 9, "stone": 20, "food": 9, "taken": {"food": 4, "stability": 4},
             "slots": [None, None, ["a-axeman", axemen], ["rifleman", riflemen], None]}
    s = scenario({"players": 2, "decks": "all", "round": 2 * card.age - 1, "order": [0, 1],
                  "current": 0, "board": [[None] * cols, [None] * cols,
                                          [card.id] + [None] * (cols - 1)],
                  "seats": [seat0, {}]})
    strength0, stability0 = s.strength(0), s.stability(0)
    vp0 = s.players[0].res[4]
    _buy_and_settle(s, card.id)
    assert check_invariants(s) == []
    p = s.players[0]
    ref = COMP.card_ref[card.id]
    assert ref not in s.board
    if card.type in ("building", "military"):
        slot = p.bm.index(ref)
        # a worker on it (moved from the resource area by hand): its per-worker figures
        # show in production and on the tracks
        assert p.idle > 0
        before = production_of(s, 0)
        strength1, stability1 = s.strength(0), s.stability(0)
        p.idle -= 1
        p.workers[slot] += 1
        after = production_of(s, 0)
        assert ref in active_cards(s, 0)
        if not card.effects:
            assert [after[r] - before[r] for r in range(4)] == list(card.per_worker[:4])
            assert s.strength(0) - strength1 == card.per_worker[STRENGTH_F]
            assert s.stability(0) - stability1 == card.per_worker[STABILITY_F]
        assert check_invariants(s) == []
    elif card.type in ("advisor", "colony"):
        assert ref in p.advisors + p.colonies
        if not card.effects:
            assert s.strength(0) - strength0 == card.produces[STRENGTH_F]
            assert s.stability(0) - stability0 == card.produces[STABILITY_F]
        assert ref in active_cards(s, 0)
    elif card.type == "wonder":
        assert p.wonder == ref and p.built == 0
        # every section with free architects: the wonder becomes ready and scores its VP
        p.private = len(card.stages)
        for _ in card.stages:
            if s.current_player() != 0 or s.queue:
                break
            s.apply(Hire())
            while s.queue and s.queue[0].seat == 0:
                choose(s, options(s)[0])
            assert ref in p.wonders
        assert s.score_breakdown(0)["wonders"] == sum(COMP.cards[w].vp for w in p.wonders)
    elif card.type == "war":
        assert s.war == ref and s.war_buyer == 0 and s.war_strength == s.strength(0)
    elif card.type == "battle":
        assert ref in s.discard
    else:       # golden age: resource or VP taken
        assert ref in s.discard
        assert p.res[4] >= vp0


def test_sun_tzu_gives_two_actions_in_the_first_turn_only() -> None:
    s = scenario({"players": 2, "order": [0, 1], "current": 0, "decks": "all",
                  "seats": [{"advisors": ["sun-tzu"], "stone": 9}, {}]})
    s.apply(Deploy(0, "idle"))
    assert s.current_player() == 0          # still the first turn
    s.apply(Deploy(1, "idle"))
    assert s.current_player() == 1          # the first turn had two actions
    s.apply(Deploy(0, "idle"))
    s.apply(Deploy(2, "idle"))
    assert s.current_player() == 1          # later turns: one action each
    s.apply(Deploy(3, "idle"))
    assert s.current_player() == 0
    assert s.players[0].acts == 3 and s.players[0].turns == 2


def test_sun_tzu_passing_ends_the_first_turn() -> None:
    s = scenario({"players": 2, "order": [0, 1], "current": 0, "decks": "all",
                  "seats": [{"advisors": ["sun-tzu"]}, {}]})
    s.apply(Pass())
    assert s.current_player() == 1


def test_buddha_skips_the_first_turn_of_each_round() -> None:
    s = scenario({"players": 2, "order": [0, 1], "current": 0, "decks": "all",
                  "seats": [{"advisors": ["buddha"], "stone": 9}, {"stone": 9}]})
    # the engine skips seat 0's first turn at once
    assert s.current_player() == 1
    s.apply(Deploy(0, "idle"))
    assert s.current_player() == 0          # its second turn is played
    s.apply(Pass())
    s.apply(Deploy(1, "idle"))
    assert s.current_player() == 1          # seat 0 passed: seat 1 goes on alone


def test_buddha_alone_left_plays_its_second_turn() -> None:
    s = scenario({"players": 2, "order": [1, 0], "current": 0, "passed": [1],
                  "decks": "all", "seats": [{"advisors": ["buddha"]}, {}]})
    assert s.current_player() == 0
    assert s.players[0].turns == 1          # the first turn was skipped, this is the second


def test_machiavelli_draws_two_event_cards_and_picks_one() -> None:
    s = scenario({"players": 2, "order": [0, 1], "step": "maintenance.growth",
                  "decks": "all", "round": 5,
                  "seats": [{"advisors": ["niccolo-machiavelli"]}, {}]})
    deck_before = len(s.event_decks[2])
    s.apply(Grow(bonus="gold"))
    s.apply(Grow(bonus="gold"))
    assert s.queue and s.queue[0].kind == "pick_event" and s.current_player() == 0
    drawn = list(s.queue[0].events)
    assert len(drawn) == 2 and len(s.event_decks[2]) == deck_before - 2
    assert GameState.from_json(s.to_json_str()) == s        # the decision round-trips
    label = options(s)[1]
    choose(s, label)
    assert s.event == drawn[1] and drawn[0] in s.events_done
    assert s.step == "actions" and check_invariants(s) == []
    assert s.architects == COMP.architects_by_players[2] + COMP.events[drawn[1]].architects


def test_a_version_1_save_still_loads() -> None:
    data = json.loads((Path(__file__).parent / "data" / "save_v1_3p.json").read_text())
    assert data["version"] == 1
    s = GameState.from_json(data)
    assert [p.side for p in s.players] == ["A", "A", "A"]
    assert s.legal_moves()
    again = GameState.from_json(s.to_json_str())
    assert again == s and s.to_json()["version"] == 2


def test_card_sets_name_where_each_deck_choice_draws_from() -> None:
    assert GameConfig(decks="balanced").card_sets == ("base", "adv", "exp")
    assert GameConfig(decks="base+advanced").card_sets == ("base", "adv")
    for seed in (1, 2):
        sets = {COMP.cards[c].set for d in deck_lists(("balanced",), seed, COMP) for c in d}
        assert sets <= set(GameConfig(decks="balanced").card_sets)


def test_the_listed_buys_are_exactly_the_buys_check_accepts() -> None:
    """_action_moves reads the card modifiers once per listing; check() per card: the two
    agree in random all-deck positions (card costs, forbidden types, colony requirements)."""
    import random

    from nations_widget.board.rules import check
    rng = random.Random(5)
    compared = 0
    for seed in range(6):
        s = GameState.new(GameConfig(players=3, seed=seed, decks="all"))
        while not s.is_terminal():
            legal = s.legal_moves()
            if not s.queue and s.step == "actions":
                listed = {m.card for m in legal if isinstance(m, Buy)}
                for ref in s.board:
                    if ref < 0:
                        continue
                    cid = COMP.cards[ref].id
                    try:
                        check(s, Buy(cid))
                        ok = True
                    except ValueError:
                        ok = False
                    assert ok == (cid in listed), cid
                    compared += 1
            s.apply(legal[rng.randrange(len(legal))], log=False)
    assert compared > 500
