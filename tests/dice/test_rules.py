"""One small scenario per rule of Nations: The Dice Game.

The rules are the publisher's rulebook with the online (Yucata) implementation's notes on
automatic decisions and variants.  Every refusal is checked to leave the state exactly as
it was (its complete JSON form compared before and after) and to say why in words.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from dice_helpers import ONE_OF_EACH, dice_showing, die, kinds, play, refuse

from nations_widget.dice import (
    Books,
    Build,
    Buy,
    Feed,
    Fight,
    Game,
    GameConfig,
    GameState,
    IllegalMoveError,
    MalformedMoveError,
    Pass,
    Payment,
    Reroll,
    check_invariants,
    scenario,
)
from nations_widget.dice.catalogue import CHIT_KINDS, SUPPLY_CHITS
from nations_widget.dice.payments import must_decide_books, must_decide_famine
from nations_widget.dice.state import BOOK, DIE_COLOUR, N_DICE, STRENGTH

# A round-1 board: columns of (row 1, row 2, row 3) = prices 1, 2, 3.
#   column 1: Egypt (colony, food chit), Nubia (colony, gold chit), Gaul (colony, no chit)
#   column 2: Phalanx (1 red die), Granary (1 orange die), Hanging Gardens (wonder, 3 stone)
#   column 3: Sun Tzu (advisor, 1 reroll), Confucius (advisor, 2), Harbor (2 orange dice)
BOARD = [["t1-09", "t1-10", "t1-12"], ["t1-01", "t1-05", "t1-13"], ["t1-07", "t1-08", "t1-06"]]
START = ["start-axeman", "start-farm", "start-caravan", "start-quarry", "start-temple"]
CHIT = {k: i for i, k in enumerate(CHIT_KINDS)}


def position(seat0: dict[str, Any] | None = None, **desc: Any) -> GameState:
    """A 2-player round-1 position on BOARD, seat 0 to act (seat 1 not passed)."""
    base: dict[str, Any] = {"players": 2, "board": BOARD, "event": "e1-1", "order": [0, 1]}
    base.update(desc)
    if seat0 is not None:
        base["seats"] = [{"dice": ONE_OF_EACH, **seat0}]
    return scenario(base)


def ref(s: GameState, tile_id: str) -> int:
    return s.comp.tile_ref[tile_id]


# ------------------------------------------------------------------------------ setup
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_setup(players: int) -> None:
    """Five white dice, one gold and one reroll chit, 0 VP; the book track starts at the
    player-order position (2 players: the second player at 3; solo: 1 and the shadow
    opponent 1); 4 columns with 4 players, else 3; three rows."""
    for seed in range(6):
        s = GameState.new(players=players, seed=seed)
        assert not check_invariants(s)
        assert sorted(s.order) == list(range(players))
        assert s.round == 1 and s.step == "actions"
        assert s.current_player() == s.order[0]
        columns = 4 if players == 4 else 3
        assert s.config.columns == columns and len(s.board) == 3 * columns
        assert all(s.comp.tiles[t].age == 1 for t in s.board)
        assert len(s.to_json()["board"]) == columns
        assert all(len(col) == 3 for col in s.to_json()["board"])
        assert s.event_spec.age == 1
        for position_, seat in enumerate(s.order, start=1):
            p = s.players[seat]
            dice = s.dice_of(seat)
            assert len(dice) == 5 and all(DIE_COLOUR[d] == "white" for d in dice)
            assert not any(s.dice_used[d] for d in dice)
            assert p.chits == [1, 1, 0, 0, 0, 0] and p.chits_used == [0] * 6
            assert (p.vp_books, p.vp_famine, p.vp_war) == (0, 0, 0)
            assert s.scores()[seat] == 0
            assert p.buildings == list(range(5)) and p.advisor == -1 and p.wonder == -1
            expected = position_
            if players == 1:
                expected = 1
            elif players == 2 and position_ == 2:
                expected = 3
            assert p.books == expected
            # only the first player has rolled: the others roll before their first action
            assert p.rolled == (seat == s.order[0])
        if players == 1:    # 1, plus the blue die rolled for the opponent in round 1
            assert 1 <= s.opponent_books <= 4
        else:
            assert s.opponent_books == 0
        assert sum(1 for d in range(s.n_dice) if s.dice_owner[d] == -1) == 44 - 5 * players


def test_setup_order_is_seeded() -> None:
    orders = {tuple(GameState.new(players=4, seed=seed).order) for seed in range(30)}
    assert len(orders) > 5           # the order is shuffled ...
    for seed in range(5):            # ... reproducibly
        assert GameState.new(players=4, seed=seed) == GameState.new(players=4, seed=seed)


def test_config_checks() -> None:
    for bad in ({"players": 0}, {"players": 5}, {"players": True}, {"variant": "fast"},
                {"seed": 1.5}, {"automate": 1}):
        with pytest.raises(ValueError):
            GameConfig(**bad)  # type: ignore[arg-type]


# ------------------------------------------------------------------------ round start
def test_round_start_refills_board_new_event_and_returns_used_things() -> None:
    s = scenario({
        "players": 2, "step": "war", "order": [0, 1], "event": "e1-1", "automate": False,
        "board": [["t1-09", None, None], [None, None, None], [None, "t1-05", None]],
        "seats": [
            {"dice": [{"colour": "white", "face": "gold", "used": True}, "white:stone",
                      {"colour": "white", "face": "food", "used": True}, "white:book",
                      "white:strength"],
             "chits": {"gold": 1}, "chits_used": {"reroll": 1, "gold": 1}},
            {"dice": ["white:gold", "white:stone", "white:food", "white:book",
                      {"colour": "white", "face": "strength", "used": True}],
             "chits_used": {"reroll": 1}, "chits": {"gold": 1}},
        ],
    })
    assert s.current_player() == 1              # the war goes in reverse player order
    play(s, Fight(None))                        # seat 0 cannot fight: passed over
    assert s.round == 2 and s.step == "actions"
    # the board is full again, all from age 2; the event is an age-2 event
    assert -1 not in s.board and len(s.board) == 9
    assert all(s.comp.tiles[t].age == 2 for t in s.board)
    assert s.event_spec.age == 2
    for seat in (0, 1):
        p = s.players[seat]
        assert p.chits_used == [0] * 6
        assert p.fed is None and p.fought is None and p.pledge == ()
        assert not any(s.dice_used[d] for d in s.dice_of(seat))
    assert s.players[0].chits[CHIT["reroll"]] == 1 and s.players[0].chits[CHIT["gold"]] == 2
    assert s.players[1].chits[CHIT["reroll"]] == 1
    # nobody has passed; the first player has rolled and acts, the other has not rolled
    assert [p.passed for p in s.players] == [False, False]
    assert s.current_player() == s.order[0]
    assert s.players[s.order[0]].rolled and not s.players[s.order[1]].rolled


def test_round_start_log_names_the_event_and_tiles() -> None:
    game = Game(players=3, seed=11)
    entry = next(e for e in game.log() if e.kind == "round")
    assert entry.round == 1 and entry.data["event"] == game.state.event_spec.id
    assert entry.data["tiles"] == [game.state.comp.tiles[t].id for t in game.state.board]


# ----------------------------------------------------------------------------- rolling
def test_roll_before_first_action_is_not_an_action() -> None:
    """Each player rolls all dice just before their first action of the round; the roll
    is automatic and is not an action (the same player then acts)."""
    game = Game(players=2, seed=5)
    first, second = game.state.order
    setup_log = game.log_of_move(0)
    rolls = [e for e in setup_log if e.kind == "roll"]
    assert [e.seat for e in rolls] == [first] and rolls[0].auto
    assert not game.state.players[second].rolled
    log = game.play(Pass())
    assert [e.kind for e in log] == ["pass", "roll"]
    assert log[1].seat == second and len(log[1].data["dice"]) == 5
    assert game.current_player == second           # still the second player's turn
    assert game.state.players[second].rolled
    faces = [game.state.dice_face[d] for d in game.state.dice_of(second)]
    assert faces == log[1].data["faces"]
    # the roll happens once a round: the second player's next turn does not roll again
    game.play(Reroll((game.state.dice_of(second)[0],)))
    assert all(e.kind != "roll" for e in game.log_of_move(2))


def test_every_die_is_rolled_at_the_first_turn_of_a_round() -> None:
    """Dice gained in earlier rounds are rolled too; the used area was emptied first."""
    s = scenario({"players": 2, "step": "war", "order": [0, 1], "event": "e1-1",
                  "board": [[None] * 3] * 3,
                  "seats": [{"buildings": ["t1-06", *START[1:]],
                             "dice": ["orange:gold+food", {"colour": "orange", "face": "3gold",
                                                           "used": True},
                                      "white:gold", "white:gold", "white:gold",
                                      "white:gold"]},
                            {"dice": ["white:gold"] * 5}]})
    log = play(s, Fight(None))
    assert s.round == 2
    first = s.order[0]
    roll = next(e for e in log if e.kind == "roll")
    assert roll.seat == first and roll.data["dice"] == s.dice_of(first)
    assert len(roll.data["dice"]) == (6 if first == 0 else 5)


def test_roll_is_not_an_action_in_solo() -> None:
    """In a solo game the 4-sided die follows actions; the opening roll is no action."""
    game = Game(players=1, seed=3)
    assert game.state.solo_roll == 0
    solo = [e for e in game.log_of_move(0) if e.kind == "solo"]
    assert len(solo) == 1 and "blue" in solo[0].text and "roll" not in solo[0].data


# ----------------------------------------------------------------------------- rerolls
def test_reroll_spends_a_chit_and_rolls_only_the_chosen_dice() -> None:
    s = position({})
    gold, stone = die(s, 0, "white:gold"), die(s, 0, "white:stone")
    before = {d: s.dice_face[d] for d in range(N_DICE)}
    rng = s.rng
    log = play(s, Reroll((stone, gold)))
    assert kinds(log) == ["reroll"]
    p = s.players[0]
    assert p.chits[CHIT["reroll"]] == 0 and p.chits_used[CHIT["reroll"]] == 1
    assert s.rng != rng
    assert not s.dice_used[gold] and not s.dice_used[stone]     # rerolled dice stay unused
    for d in s.dice_of(0):
        if d not in (gold, stone):
            assert s.dice_face[d] == before[d]
    assert s.current_player() == 1                  # a reroll is an action


def test_reroll_really_rolls() -> None:
    faces = set()
    for seed in range(20):
        s = position({}, seed=seed)
        d = die(s, 0, "white:gold")
        s.apply(Reroll((d,)))
        faces.add(s.dice_face[d])
    assert len(faces) >= 4


def test_reroll_refusals() -> None:
    s = position({"chits": {"reroll": 0, "gold": 1}})
    refuse(s, Reroll((0,)), "no unused reroll chit")
    s = position({"dice": ["white:gold", {"colour": "white", "face": "food", "used": True},
                           "white:food", "white:book", "white:strength"]})
    used = die(s, 0, "white:food", used=True)
    refuse(s, Reroll(()), "at least one die")
    refuse(s, Reroll((used,)), "the white die showing 1 food is already used")
    refuse(s, Reroll((s.dice_of(1)[0],)), "not one of Player 1's dice")
    refuse(s, Reroll((99,)), "there is no die 99")
    refuse(s, Reroll((20,)), "not one of Player 1's dice")          # a die in the supply
    refuse(s, Reroll((0, 0)), "chosen twice")


# ------------------------------------------------------------------------------ buying
def test_buy_costs_the_row_in_gold() -> None:
    s = position({"dice": ["white:gold", "white:gold", "white:food", "white:book",
                           "white:strength"], "chits": {"reroll": 1}})
    g1, g2 = dice_showing(s, 0, "white:gold")
    msg = refuse(s, Buy("t1-13", Payment((g1, g2))), "costs 3 gold", "give 2")
    assert "Hanging Gardens" in msg
    play(s, Buy("t1-08", Payment((g1, g2))))           # Confucius, row 2: 2 gold
    assert s.to_json()["board"][2][1] is None
    assert s.dice_used[g1] and s.dice_used[g2]


def test_buy_colonies_with_strength_everything_else_with_gold() -> None:
    s = position({"buildings": ["t2-02", *START[1:]],
                  "dice": ["red:3strength", "red:strength", "white:gold", "white:gold",
                           "white:food", "white:strength"]})
    red3 = die(s, 0, "red:3strength")
    gold = die(s, 0, "white:gold")
    strength = die(s, 0, "white:strength")
    refuse(s, Buy("t1-12", Payment((gold,))), "the white die showing 1 gold has no strength")
    refuse(s, Buy("t1-01", Payment((strength,)), replaces="start-farm"),
           "the white die showing 1 strength has no gold")
    refuse(s, Buy("t1-12", Payment(chits=1)), "0 unused strength chits, not 1")
    play(s, Buy("t1-12", Payment((red3,))))                  # Gaul, row 3: 3 strength
    assert s.players[0].colonies == [ref(s, "t1-12")]


def test_buy_overpaying_is_allowed_and_gives_no_change() -> None:
    s = position({"buildings": ["t2-02", *START[1:]],
                  "dice": ["red:3strength", "red:strength", "white:gold", "white:gold",
                           "white:food", "white:strength"]})
    golds = dice_showing(s, 0, "white:gold")
    red3 = die(s, 0, "red:3strength")
    chits = s.players[0].chits[:]
    s.players[1].passed = True                       # seat 0 acts twice in a row
    # a 3-strength die for a 1-strength colony, and two gold dice for a 1-gold building:
    play(s, Buy("t1-09", Payment((red3,))))
    assert s.current_player() == 0
    play(s, Buy("t1-07", Payment(tuple(golds))))
    assert all(s.dice_used[d] for d in golds) and s.dice_used[red3]
    chits[CHIT["food"]] += 1                  # Egypt's chit and Sun Tzu's reroll, no change
    chits[CHIT["reroll"]] += 1
    assert s.players[0].chits == chits


def test_buy_with_chits() -> None:
    s = position({"chits": {"gold": 1, "reroll": 1}})
    refuse(s, Buy("t1-07", Payment(chits=2)), "1 unused gold chit, not 2")
    play(s, Buy("t1-07", Payment(chits=1)))
    p = s.players[0]
    assert p.chits[CHIT["gold"]] == 0 and p.chits_used[CHIT["gold"]] == 1


def test_buy_with_trades_two_dice_for_one_gold() -> None:
    """Any two unused dice (any colour, any face) stand for one gold."""
    s = position({"chits": {"reroll": 1}})
    gold, stone, food = (die(s, 0, f"white:{r}") for r in ("gold", "stone", "food"))
    book, strength = die(s, 0, "white:book"), die(s, 0, "white:strength")
    refuse(s, Buy("t1-08", Payment(trades=((stone, food),))), "costs 2 gold", "give 1")
    # a gold die may be traded too, though it is wasteful
    play(s, Buy("t1-08", Payment(trades=((stone, food), (gold, book)))))
    assert all(s.dice_used[d] for d in (gold, stone, food, book))
    assert not s.dice_used[strength]


def test_buy_strength_is_never_traded() -> None:
    s = position({"chits": {"reroll": 1}})
    a, b = die(s, 0, "white:gold"), die(s, 0, "white:food")
    refuse(s, Buy("t1-09", Payment(trades=((a, b),))), "never strength")


def test_buy_refusals_leave_state_untouched() -> None:
    s = position({"chits": {"gold": 1, "reroll": 1}, "dice": [
        "white:gold", {"colour": "white", "face": "gold", "used": True}, "white:food",
        "white:book", "white:strength"]})
    gold = die(s, 0, "white:gold")
    used = die(s, 0, "white:gold", used=True)
    food = die(s, 0, "white:food")
    other = s.dice_of(1)[0]
    refuse(s, Buy("zz-99", Payment((gold,))), "there is no tile 'zz-99'")
    refuse(s, Buy("t1-03", Payment((gold,)), replaces="start-farm"),
           "Library (t1-03) is not on the progress board")
    refuse(s, Buy("t1-07", Payment((food,))), "the white die showing 1 food has no gold")
    refuse(s, Buy("t1-07", Payment((used,))), "the white die showing 1 gold is already used")
    refuse(s, Buy("t1-07", Payment((other,))), "not one of Player 1's dice")
    refuse(s, Buy("t1-07", Payment((gold, gold))), "chosen twice")
    refuse(s, Buy("t1-07", Payment()), "costs 1 gold", "give 0")
    refuse(s, Buy("t1-07", Payment((gold,), trades=((gold, food),))), "chosen twice")
    refuse(s, Buy("t1-01", Payment((gold,))), "choose which building Phalanx replaces")
    refuse(s, Buy("t1-01", Payment((gold,)), replaces="t2-01"), "not one of your buildings")
    refuse(s, Buy("t1-07", Payment((gold,)), replaces="start-farm"),
           "Sun Tzu is an advisor: only a building replaces")
    refuse(s, Buy("t1-09", Payment((die(s, 0, "white:strength"),)), returned_dice=(gold,)),
           "only a building replaces")
    refuse(s, Buy("t1-09", Payment((die(s, 0, "white:strength"),)), returned_used_rerolls=0),
           "only an advisor gives reroll chits back")


def test_malformed_payments_built_in_python_are_refused() -> None:
    """Payments can be built in Python without the JSON checks: a negative chit count or a
    'trade' that is not two dice must be refused, not played."""
    s = position({"chits": {"gold": 1, "reroll": 1}})
    gold, stone, food = (die(s, 0, f"white:{r}") for r in ("gold", "stone", "food"))
    for pay in (Payment((gold, stone), chits=-1), Payment(trades=((stone,),)),
                Payment(trades=((stone, food, gold),))):
        with pytest.raises(MalformedMoveError):
            s.check(Buy("t1-08", pay))
        refuse(s, Buy("t1-08", pay))
    # through the JSON form too
    from nations_widget.dice import move_from_json
    with pytest.raises(MalformedMoveError, match="negative"):
        move_from_json({"type": "buy", "tile": "t1-08", "payment": {"chits": -1}})


# ---------------------------------------------------------------------------- buildings
def test_building_replaces_the_chosen_slot_and_returns_the_paid_die() -> None:
    s = position({"chits": {"reroll": 1}})
    gold = die(s, 0, "white:gold")
    log = play(s, Buy("t1-01", Payment((gold,)), replaces="start-quarry"))
    p = s.players[0]
    assert p.buildings == [0, 1, 2, ref(s, "t1-01"), 4]
    assert p.building_dice == [1, 1, 1, 1, 1]
    # the die just used (the only used white die) went back; a red die came and was rolled
    assert s.dice_owner[gold] == -1 and not s.dice_used[gold]
    reds = dice_showing(s, 0, "red", used=None)
    assert len(reds) == 1 and not s.dice_used[reds[0]]
    assert len(dice_showing(s, 0, "white", used=None)) == 4
    building = next(e for e in log if e.kind == "building")
    assert building.data["returned"] == [gold] and building.data["taken"] == reds
    assert building.data["faces"] == [s.dice_face[reds[0]]]
    assert "Phalanx replaces Quarry" in building.text


def test_new_building_dice_are_rolled() -> None:
    faces = set()
    for seed in range(20):
        s = position({}, seed=seed)
        s.apply(Buy("t1-01", Payment((die(s, 0, "white:gold"),)), replaces="start-farm"))
        faces.add(s.dice_face[dice_showing(s, 0, "red")[0]])
    assert len(faces) >= 2      # red faces: 1, 1, 2, 2, 3, 3 strength


def test_returned_dice_must_be_the_old_buildings_colour_and_number() -> None:
    s = position({"buildings": ["t2-02", *START[1:]], "chits": {"gold": 1, "reroll": 1},
                  "dice": ["red:3strength", "red:strength", "white:gold", "white:gold",
                           "white:food", "white:strength"]})
    red = die(s, 0, "red:strength")
    w1, w2 = dice_showing(s, 0, "white:gold")
    refuse(s, Buy("t1-01", Payment(chits=1), replaces="start-farm", returned_dice=(red,)),
           "the red die showing 1 strength is not one of your white dice")
    refuse(s, Buy("t1-01", Payment(chits=1), replaces="start-farm", returned_dice=(w1, w2)),
           "Farm gave 1 white die: return exactly 1")
    refuse(s, Buy("t1-01", Payment(chits=1), replaces="t2-02", returned_dice=(red,)),
           "Longbowmen gave 2 red dice: return exactly 2")
    refuse(s, Buy("t1-01", Payment(chits=1), replaces="start-farm",
                  returned_dice=(s.dice_of(1)[0],)), "not one of your white dice")


def test_returned_dice_may_be_unused_by_choice() -> None:
    s = position({"chits": {"gold": 1, "reroll": 1}, "dice": [
        {"colour": "white", "face": "gold", "used": True}, "white:stone", "white:food",
        "white:book", "white:strength"]})
    used = die(s, 0, "white:gold", used=True)
    food = die(s, 0, "white:food")
    play(s, Buy("t1-01", Payment(chits=1), replaces="start-farm", returned_dice=(food,)))
    assert s.dice_owner[food] == -1 and s.dice_owner[used] == 0 and s.dice_used[used]


def test_returned_dice_default_to_used_ones_first() -> None:
    s = position({"chits": {"gold": 1, "reroll": 1}, "dice": [
        "white:gold", "white:stone", {"colour": "white", "face": "food", "used": True},
        "white:book", "white:strength"]})
    used = die(s, 0, "white:food", used=True)
    play(s, Buy("t1-01", Payment(chits=1), replaces="start-farm"))
    assert s.dice_owner[used] == -1
    assert len(s.unused_dice(0)) == 5          # four white dice and the new red one


def test_building_with_two_dice_replaced() -> None:
    """Replacing a two-die building returns both dice; a two-die building brings two."""
    s = position({"buildings": ["t2-02", *START[1:]], "chits": {"gold": 1, "reroll": 1},
                  "dice": ["red:3strength", "red:strength", "white:gold", "white:gold",
                           "white:food", "white:strength"]})
    golds = dice_showing(s, 0, "white:gold")
    s.players[1].passed = True                       # seat 0 acts twice in a row
    red3, red1 = die(s, 0, "red:3strength"), die(s, 0, "red:strength")
    play(s, Buy("t1-06", Payment(tuple(golds), chits=1), replaces="t2-02"))   # Harbor
    assert s.dice_owner[red3] == -1 and s.dice_owner[red1] == -1
    assert dice_showing(s, 0, "red", used=None) == []
    oranges = dice_showing(s, 0, "orange")
    assert len(oranges) == 2 and s.players[0].building_dice[0] == 2
    # the new dice can be used in the same round: trade them for a gold
    assert s.current_player() == 0
    play(s, Buy("t1-07", Payment(trades=((oranges[0], oranges[1]),))))
    assert all(s.dice_used[d] for d in oranges)


def test_building_supply_shortage_gives_fewer_dice_and_is_remembered() -> None:
    """Seat 1 holds 7 of the 8 red dice: a 2-red-dice building brings only 1, and when it
    is replaced later only that 1 die goes back."""
    s = scenario({
        "players": 2, "board": BOARD, "event": "e1-1", "order": [0, 1],
        "seats": [
            {"dice": ONE_OF_EACH, "chits": {"gold": 2, "reroll": 1}},
            {"buildings": ["t2-02", "t3-02", "t4-02", "t2-01", "start-temple"],
             "dice": ["red:strength"] * 7 + ["white:gold"], "passed": True},
        ],
    })
    s.board[s.board.index(ref(s, "t1-01"))] = ref(s, "t1-02")      # Legion: 2 red dice
    gold = die(s, 0, "white:gold")
    log = play(s, Buy("t1-02", Payment((gold,)), replaces="start-farm"))
    assert s.players[0].building_dice == [1, 1, 1, 1, 1]
    reds = dice_showing(s, 0, "red")
    assert len(reds) == 1
    assert "the supply had only 1 red left" in next(e for e in log if e.kind == "building").text
    assert s.to_json()["players"][0]["buildings"][1] == ["t1-02", 1]
    assert GameState.from_json(s.to_json()) == s
    # replacing Legion later gives back exactly the one die it brought
    refuse(s, Buy("t1-05", Payment(chits=2), replaces="t1-02",
                  returned_dice=(reds[0], s.dice_of(1)[0])), "Legion gave 1 red die")
    play(s, Buy("t1-05", Payment(chits=2), replaces="t1-02"))
    assert dice_showing(s, 0, "red", used=None) == []
    assert len(dice_showing(s, 0, "orange", used=None)) == 1


# ----------------------------------------------------------------------------- advisors
def test_advisor_gives_rerolls_usable_at_once() -> None:
    s = position({"chits": {"gold": 1, "reroll": 1}})
    s.players[1].passed = True
    play(s, Buy("t1-08", Payment((die(s, 0, "white:gold"),), chits=1)))   # Confucius: 2
    p = s.players[0]
    assert p.advisor == ref(s, "t1-08") and p.advisor_rerolls == 2
    assert p.chits[CHIT["reroll"]] == 3
    food = die(s, 0, "white:food")
    for _ in range(3):
        play(s, Reroll((food,)))
    refuse(s, Reroll((die(s, 0, "white:stone"),)), "no unused reroll chit")


@pytest.mark.parametrize(("returned_used", "unused_after", "used_after"),
                         [(None, 2, 0), (1, 2, 0), (0, 1, 1)])
def test_advisor_replacement_returns_the_old_rerolls(
        returned_used: int | None, unused_after: int, used_after: int) -> None:
    """Charlemagne gave 2 rerolls; the player has 2 unused and 1 used (3 in all).  Sun Tzu
    replaces him: 2 rerolls go back, used or unused as the player chooses (default: used
    first), and Sun Tzu's 1 new reroll is unused."""
    s = position({"advisor": "t2-08", "chits": {"gold": 1, "reroll": 2},
                  "chits_used": {"reroll": 1}})
    play(s, Buy("t1-07", Payment(chits=1), returned_used_rerolls=returned_used))
    p = s.players[0]
    assert p.advisor == ref(s, "t1-07") and p.advisor_rerolls == 1
    assert p.chits[CHIT["reroll"]] == unused_after
    assert p.chits_used[CHIT["reroll"]] == used_after
    assert "t2-08" not in str(s.to_json())     # the old advisor leaves the game


def test_advisor_replacement_refusals() -> None:
    s = position({"advisor": "t2-08", "chits": {"gold": 1, "reroll": 2},
                  "chits_used": {"reroll": 1}})
    refuse(s, Buy("t1-07", Payment(chits=1), returned_used_rerolls=2),
           "only 1 used reroll chits to give back")
    refuse(s, Buy("t1-07", Payment(chits=1), returned_used_rerolls=3), "0 to 2")
    refuse(s, Buy("t1-07", Payment(chits=1), returned_used_rerolls=-1), "0 to 2")
    s = position({"advisor": "t2-08", "chits": {"gold": 1, "reroll": 0},
                  "chits_used": {"reroll": 3}})
    refuse(s, Buy("t1-07", Payment(chits=1), returned_used_rerolls=1),
           "only 0 unused reroll chits", "give back at least 2 used ones")
    s = position({"chits": {"gold": 1, "reroll": 1}})
    refuse(s, Buy("t1-07", Payment(chits=1), returned_used_rerolls=1), "no advisor")
    play(s, Buy("t1-07", Payment(chits=1), returned_used_rerolls=0))


def test_advisor_when_the_supply_has_too_few_rerolls() -> None:
    s = scenario({"players": 2, "board": BOARD, "event": "e1-1", "order": [0, 1],
                  "seats": [{"dice": ONE_OF_EACH, "chits": {"gold": 1, "reroll": 1}},
                            {"chits": {"reroll": 10}}]})
    log = play(s, Buy("t1-08", Payment(chits=1, dice=(die(s, 0, "white:gold"),))))
    assert s.supply_chits()[CHIT["reroll"]] == 0
    assert s.players[0].advisor_rerolls == 1 and s.players[0].chits[CHIT["reroll"]] == 2
    assert any("ran short" in e.text for e in log)


# ----------------------------------------------------------------------------- colonies
def test_colonies_any_number_with_a_chit_from_the_supply() -> None:
    s = position({"colonies": ["t2-09", "t2-10"]})
    log = play(s, Buy("t1-09", Payment((die(s, 0, "white:strength"),))))   # Egypt: food
    p = s.players[0]
    assert p.colonies == [ref(s, "t2-09"), ref(s, "t2-10"), ref(s, "t1-09")]
    assert p.chits[CHIT["food"]] == 1
    assert "takes a food chit" in log[-2].text or any("food chit" in e.text for e in log)


def test_a_new_chit_can_be_used_later_in_the_same_round() -> None:
    s = position({"chits": {"reroll": 1}, "dice": ["white:strength", "white:strength",
                                                   "white:food", "white:book", "white:stone"]})
    s.players[1].passed = True
    play(s, Buy("t1-10", Payment(tuple(dice_showing(s, 0, "white:strength")))))  # Nubia
    assert s.players[0].chits[CHIT["gold"]] == 1
    play(s, Buy("t1-07", Payment(chits=1)))                  # the gold chit buys Sun Tzu
    assert s.players[0].chits_used[CHIT["gold"]] == 1


def test_colony_chit_only_if_the_supply_has_one() -> None:
    s = scenario({"players": 2, "board": BOARD, "event": "e1-1", "order": [0, 1],
                  "seats": [{"dice": ONE_OF_EACH}, {"chits": {"food": 3, "gold": 1}}]})
    log = play(s, Buy("t1-09", Payment((die(s, 0, "white:strength"),))))
    assert s.players[0].chits[CHIT["food"]] == 0
    assert any("no food chit left" in e.text for e in log)
    assert s.supply_chits() == [SUPPLY_CHITS[k] - sum(
        p.chits[i] + p.chits_used[i] for p in s.players) for i, k in enumerate(CHIT_KINDS)]


def test_colony_without_chit() -> None:
    s = position({"chits": {"strength": 3, "reroll": 1}})
    play(s, Buy("t1-12", Payment(chits=3)))         # Gaul: row 3, no chit
    p = s.players[0]
    assert p.chits == [1, 0, 0, 0, 0, 0] and p.chits_used[CHIT["strength"]] == 3


# ------------------------------------------------------------------------------ wonders
def test_wonder_goes_to_the_slot_and_replaces_an_unbuilt_one() -> None:
    s = position({"wonder": "t2-12", "chits": {"gold": 3, "reroll": 1}})
    log = play(s, Buy("t1-13", Payment(chits=3)))
    p = s.players[0]
    assert p.wonder == ref(s, "t1-13") and p.wonders == []
    assert any(e.kind == "wonder" and e.data["discarded"] == "t2-12" for e in log)
    text = str(s.to_json())
    assert "t2-12" not in text          # the discarded wonder went back to the box
    assert s.tile_vp(0) == 0            # an unbuilt wonder scores nothing


def test_build_wonder_with_stone_gives_its_chit() -> None:
    s = position({"wonder": "t1-14", "dice": ["white:stone", "white:stone", "white:stone",
                                              "white:gold", "white:food"],
                  "chits": {"stone": 1, "reroll": 1}})
    stones = dice_showing(s, 0, "white:stone")
    refuse(s, Build(Payment(tuple(stones))), "building Great Library costs 4 stone", "give 3")
    refuse(s, Build(Payment((die(s, 0, "white:gold"),))), "no stone")
    log = play(s, Build(Payment(tuple(stones), chits=1)))
    p = s.players[0]
    assert p.wonder == -1 and p.wonders == [ref(s, "t1-14")]
    assert p.chits[CHIT["reroll"]] == 1          # no free reroll for a wonder (004 is wrong)
    assert p.chits[CHIT["book"]] == 1            # Great Library's chit
    assert [e.kind for e in log][:2] == ["build", "chit"]
    assert s.tile_vp(0) == s.comp.tiles[ref(s, "t1-14")].vp == 2
    assert s.current_player() == 1               # building is an action


def test_build_wonder_with_trades_and_chits() -> None:
    s = position({"wonder": "t1-15", "chits": {"stone": 1, "reroll": 1}})
    stone, gold, food, book = (die(s, 0, f"white:{r}") for r in ("stone", "gold", "food",
                                                                   "book"))
    play(s, Build(Payment((stone,), chits=1, trades=((gold, food),))))     # Pyramids: 3
    assert s.players[0].wonders == [ref(s, "t1-15")]
    assert not s.dice_used[book]


def test_build_without_a_wonder_is_refused() -> None:
    s = position({})
    refuse(s, Build(Payment((die(s, 0, "white:stone"),))), "no wonder under construction")


# ----------------------------------------------------------------------- passing, turns
def test_turns_cycle_in_player_order_skipping_passed_players() -> None:
    s = scenario({"players": 3, "order": [2, 0, 1], "seats": [
        {"dice": ONE_OF_EACH, "chits": {"reroll": 3}},
        {"dice": ONE_OF_EACH, "chits": {"reroll": 3}},
        {"dice": ONE_OF_EACH, "chits": {"reroll": 3}}]})

    def reroll(seat: int) -> Reroll:
        return Reroll((s.unused_dice(seat)[0],))

    assert s.current_player() == 2
    play(s, reroll(2))
    assert s.current_player() == 0
    play(s, Pass())
    assert s.players[0].passed and s.current_player() == 1
    play(s, reroll(1))
    assert s.current_player() == 2
    play(s, reroll(2))
    assert s.current_player() == 1                # seat 0 has passed: skipped
    play(s, Pass())
    assert s.current_player() == 2
    play(s, reroll(2))
    assert s.current_player() == 2                # the last one keeps acting alone
    assert s.step == "actions"
    play(s, Pass())
    assert s.step != "actions" or s.round == 2    # all passed: the round goes on


def test_pass_with_a_pledge_is_refused_in_the_original_rules() -> None:
    s = position({})
    refuse(s, Pass((0, 1)), "Accelerated variant only")


# ------------------------------------------------------------------------ trade windows
def test_no_gold_or_stone_spending_after_the_actions() -> None:
    """Gold and stone (and their trades) exist only from the round start until passing:
    in the later steps buying and building are refused."""
    s = scenario({"players": 2, "step": "famine", "event": "e1-1", "automate": False,
                  "seats": [{"dice": ONE_OF_EACH, "wonder": "t1-13"}, {"dice": ONE_OF_EACH}]})
    assert s.current_player() == s.order[-1]
    seat = s.current_player()
    gold = die(s, seat, "white:gold")
    msg = refuse(s, Buy(s.comp.tiles[s.board[0]].id, Payment((gold,))), "famine step",
                 "may only feed")
    assert "not buy" in msg
    refuse(s, Build(Payment(trades=((gold, die(s, seat, "white:book")),))), "famine step")
    refuse(s, Reroll((gold,)), "famine step")
    refuse(s, Pass(), "famine step")


def test_food_trades_in_the_famine_in_the_original_rules() -> None:
    s = scenario({"players": 2, "step": "famine", "event": "e1-2", "automate": False,
                  "order": [0, 1],
                  "seats": [{"dice": ONE_OF_EACH}, {"dice": ONE_OF_EACH}]})
    assert s.current_player() == 1
    food, gold, stone = (die(s, 1, f"white:{r}") for r in ("food", "gold", "stone"))
    play(s, Feed(Payment((food,), trades=((gold, stone),))))     # 1 + 1 traded = 2 food
    assert s.players[1].fed and s.players[1].vp_famine == 1


def test_food_trades_are_chosen_when_passing_in_the_accelerated_variant() -> None:
    s = scenario({"players": 2, "step": "famine", "event": "e1-2", "automate": False,
                  "variant": "accelerated", "order": [0, 1],
                  "seats": [{"dice": ONE_OF_EACH}, {"dice": ONE_OF_EACH}]})
    food, gold, stone = (die(s, 1, f"white:{r}") for r in ("food", "gold", "stone"))
    refuse(s, Feed(Payment((food,), trades=((gold, stone),))), "chosen when passing")


# -------------------------------------------------------------------------------- books
def books_position(books: list[int], **desc: Any) -> GameState:
    n = len(books)
    seats = [{"dice": ["white:gold", "white:stone", "white:food", "white:food",
                       "white:strength"], "books": b} for b in books]
    return scenario({"players": n, "step": "books", "order": list(range(n)),
                     "event": "e1-1", "seats": seats, **desc})


@pytest.mark.parametrize(("books", "vp"), [
    ([5, 3, 3, 1], [3, 1, 1, 0]),
    ([2, 2, 2, 2], [0, 0, 0, 0]),
    ([1, 4, 2], [0, 2, 1]),
    ([4, 2], [2, 0]),              # 2 players: 2 VP per player with fewer books
    ([3, 3], [0, 0]),
])
def test_book_scoring(books: list[int], vp: list[int]) -> None:
    """1 VP for every other player with fewer books (2 VP in a 2-player game); nothing
    for players with as many."""
    s = books_position(books)
    play(s, Books())
    assert [p.vp_books for p in s.players] == vp
    assert [p.books for p in s.players] == books


def test_books_in_reverse_player_order_when_everybody_decides() -> None:
    seats = [{"dice": ["white:book", "white:stone", "white:food", "white:gold",
                       "white:strength"], "books": 1} for _ in range(3)]
    s = scenario({"players": 3, "step": "books", "order": [1, 2, 0], "automate": False,
                  "event": "e1-1", "seats": seats})
    seen = []
    while s.step == "books":
        seat = s.current_player()
        assert seat is not None
        seen.append(seat)
        play(s, Books((die(s, seat, "white:book"),)))
    assert seen == [0, 2, 1]
    assert [p.books for p in s.players] == [2, 2, 2]


def test_books_use_dice_and_chits() -> None:
    s = scenario({"players": 2, "step": "books", "order": [0, 1], "event": "e1-1",
                  "automate": False, "seats": [
                      {"dice": ONE_OF_EACH, "books": 1},
                      {"buildings": ["t2-03", *START[1:]], "books": 3,
                       "dice": ["blue:3book", "white:book", "white:food", "white:gold",
                                "white:stone"], "chits": {"book": 1, "reroll": 1}}]})
    assert s.current_player() == 1
    blue, white_book = die(s, 1, "blue:3book"), die(s, 1, "white:book")
    food = die(s, 1, "white:food")
    refuse(s, Books((food,)), "the white die showing 1 food has no book")
    refuse(s, Books((blue,), 2), "1 unused book chit, not 2")
    refuse(s, Books((die(s, 0, "white:book"),)), "not one of Player 2's dice")
    log = play(s, Books((blue, white_book), 1))
    assert log[0].text.startswith("Player 2 uses 5 books (now 8)")
    assert s.players[1].books == 8
    assert s.dice_used[blue] and s.dice_used[white_book]
    assert s.players[1].chits_used[CHIT["book"]] == 1


# ------------------------------------------------------------------------------- famine
def famine_position(event: str, round_: int = 1, **seat1: Any) -> GameState:
    seats = [{"dice": ONE_OF_EACH}, {"dice": ["white:food", "white:food", "white:food",
                                              "white:gold", "white:strength"], **seat1}]
    return scenario({"players": 2, "step": "famine", "order": [0, 1], "event": event,
                     "round": round_, "automate": False, "seats": seats})


@pytest.mark.parametrize(("event", "round_"), [("e1-1", 1), ("e2-2", 2)])
def test_famine_met_scores_the_age(event: str, round_: int) -> None:
    s = famine_position(event, round_)
    assert s.event_spec.famine == 3
    foods = dice_showing(s, 1, "white:food")
    log = play(s, Feed(Payment(tuple(foods))))
    assert s.players[1].fed is True and s.players[1].vp_famine == round_
    assert f"+{round_} VP" in log[0].text
    assert all(s.dice_used[d] for d in foods)


def test_famine_partial_payment_is_refused_and_paying_nothing_is_allowed() -> None:
    s = famine_position("e1-1")
    foods = dice_showing(s, 1, "white:food")
    refuse(s, Feed(Payment(tuple(foods[:2]))), "asks for 3 food", "gives 2", "pay in full")
    play(s, Feed(None))
    assert s.players[1].fed is False and s.players[1].vp_famine == 0
    assert not any(s.dice_used[d] for d in foods)


def test_famine_overpaying_is_allowed_but_scores_the_same() -> None:
    s = famine_position("e1-2", chits={"food": 1, "reroll": 1})     # famine 2
    foods = dice_showing(s, 1, "white:food")
    play(s, Feed(Payment(tuple(foods), chits=1)))
    assert s.players[1].vp_famine == 1


def test_famine_payment_refusals() -> None:
    s = famine_position("e1-1")
    gold = die(s, 1, "white:gold")
    refuse(s, Feed(Payment((gold,))), "the white die showing 1 gold has no food")
    refuse(s, Feed(Payment(chits=1)), "0 unused food chits")
    refuse(s, Books(), "famine step")


# ------------------------------------------------------------------------- player order
def test_player_order_most_unused_strength_ties_keep_order_nothing_spent() -> None:
    """Unused strength on dice and chits decides; used dice do not count; ties keep the
    previous relative order; nothing is moved to the used area."""
    no_food = ["white:gold", "white:stone", "white:book", "white:book"]
    seats = [
        {"dice": [*no_food, "white:strength"]},                               # 1
        {"dice": [*no_food, "white:strength"], "chits": {"strength": 2}},    # 3
        {"dice": [*no_food, "white:strength"]},                               # 1
        {"dice": [*no_food, {"colour": "white", "face": "strength", "used": True}],
         "chits": {"reroll": 1, "gold": 1}},                                  # 0
    ]
    s = scenario({"players": 4, "step": "famine", "order": [3, 2, 1, 0], "event": "e1-1",
                  "automate": False, "seats": seats})
    dice_before = s.to_json()["dice"]
    play(s, Feed(None))                    # nobody can feed: the others pass automatically
    assert s.step == "war"
    assert s.order == [1, 2, 0, 3]
    assert s.to_json()["dice"] == dice_before
    assert s.players[1].chits[CHIT["strength"]] == 2
    # the war follows the new order, reversed: only seat 1 can fight, so it is asked
    assert s.event_spec.war == 3
    assert s.current_player() == 1 and s.pending == [1]


def test_player_order_log() -> None:
    s = scenario({"players": 2, "step": "famine", "order": [0, 1], "event": "e1-1",
                  "seats": [{"dice": ["white:gold"] * 5}, {"dice": ["white:strength"] * 5}]})
    log = play(s, Feed(None))
    entry = next(e for e in log if e.kind == "order")
    assert entry.data["order"] == [1, 0] and entry.data["strength"] == [0, 5]


# ---------------------------------------------------------------------------------- war
def war_position(round_: int = 1, event: str = "e1-1") -> GameState:
    return scenario({"players": 2, "step": "war", "order": [0, 1], "event": event,
                     "round": round_, "automate": False, "seats": [
                         {"dice": ONE_OF_EACH},
                         {"dice": ["white:strength", "white:strength", "white:gold",
                                   "white:food", "white:book"], "chits": {"strength": 1}}]})


def test_war_met_scores_the_age() -> None:
    s = war_position()
    assert s.event_spec.war == 3 and s.current_player() == 1
    strengths = dice_showing(s, 1, "white:strength")
    refuse(s, Fight(Payment((strengths[0],))), "asks for 3 strength", "gives 1")
    refuse(s, Fight(Payment((die(s, 1, "white:gold"),))), "no strength")
    refuse(s, Fight(Payment(trades=((die(s, 1, "white:gold"), die(s, 1, "white:food")),),
                            dice=(strengths[0],))), "never strength")
    log = play(s, Fight(Payment(tuple(strengths), chits=1)))
    assert s.players[1].vp_war == 1 and s.players[0].vp_war == 0
    assert log[0].kind == "fight" and log[0].data["fought"] is True and "+1 VP" in log[0].text
    assert log[1].kind == "fight" and log[1].seat == 0 and log[1].data["fought"] is False
    assert s.round == 2               # seat 0 cannot fight: passed over; the round is over


def test_war_scores_the_age_in_later_rounds() -> None:
    s = war_position(round_=3, event="e3-1")
    refuse(s, Fight(Payment(tuple(dice_showing(s, 1, "white:strength")), chits=1)),
           f"asks for {s.event_spec.war} strength")
    s = war_position(round_=2, event="e2-1")            # war 5: two dice and three chits
    s.players[1].chits[CHIT["strength"]] = 3
    play(s, Fight(Payment(tuple(dice_showing(s, 1, "white:strength")), chits=3)))
    assert s.players[1].vp_war == 2


# -------------------------------------------------------------------------- end of game
def end_position(**desc: Any) -> GameState:
    base: dict[str, Any] = {"players": 2, "round": 4, "step": "war", "event": "e4-1",
                            "automate": False, "order": [0, 1], "board": [[None] * 3] * 3}
    base.update(desc)
    return scenario(base)


def test_end_of_game_adds_tile_vp_but_not_unbuilt_wonders() -> None:
    s = end_position(seats=[
        {"buildings": ["t4-01", *START[1:]], "advisor": "t4-07", "colonies": ["t4-11"],
         "wonders": ["t4-15"], "wonder": "t4-12", "vp": {"books": 3, "famine": 1, "war": 2},
         "dice": ["red:strength", "white:gold", "white:gold", "white:gold", "white:gold"]},
        {"vp": 1}])
    assert s.current_player() == 1
    play(s, Fight(None))              # seat 0 (1 strength, war 8) is passed over
    assert s.is_terminal() and s.step == "game_over"
    breakdown = s.score_breakdown(0)
    assert breakdown == {"books": 3, "famine": 1, "war": 2, "buildings": 5, "advisor": 5,
                         "colonies": 3, "wonders": 7}
    assert s.scores() == [6 + 5 + 5 + 3 + 7, 1]
    assert s.winner() == 0
    assert s.legal_moves() == [] and s.current_player() is None
    refuse(s, Pass(), "the game is over")


@pytest.mark.parametrize("order", [[0, 1], [1, 0]])
def test_ties_are_won_by_the_better_player_order(order: list[int]) -> None:
    s = end_position(order=order, seats=[{"vp": 5}, {"vp": {"famine": 2, "war": 3}}])
    while not s.is_terminal():
        play(s, Fight(None))
    assert s.scores() == [5, 5]
    assert s.winner() == order[0] and s.ranking() == order


def test_game_ends_after_four_rounds() -> None:
    s = GameState.new(players=3, seed=2)
    rounds = set()
    while not s.is_terminal():
        rounds.add(s.round)
        s.apply(s.legal_moves()[0])
    assert rounds == {1, 2, 3, 4} and s.round == 4


# --------------------------------------------------------------------------- automation
def auto_position(seat1: dict[str, Any], event: str = "e1-1", automate: bool = True,
                  step: str = "books") -> GameState:
    return scenario({"players": 2, "step": step, "order": [1, 0], "event": event,
                     "round": int(event[1]),            # the event's age
                     "automate": automate, "seats": [{"dice": ONE_OF_EACH}, seat1]})


# Seat 1: 1 food, a book die, a strength die and two plain dice.  Famine 3 (e1-1):
# food 1 < 3; trading the four other dice reaches 1 + 2 = 3; the plain dice alone only 2.
BOOKS_ASK = {"dice": ["white:food", "white:book", "white:strength", "white:gold",
                      "white:stone"]}


def test_must_decide_books_all_four_conditions() -> None:
    s = auto_position(BOOKS_ASK)
    assert must_decide_books(s, 1)
    # 1. enough food already (chits plus dice): no decision
    s = auto_position({**BOOKS_ASK, "chits": {"food": 2, "reroll": 1, "gold": 1}})
    assert not must_decide_books(s, 1)
    # 2. no book die left
    s = auto_position({"dice": ["white:food", "white:stone", "white:strength",
                                "white:gold", "white:stone"]})
    assert not must_decide_books(s, 1)
    # 3. trading every die would still not feed (famine 5 in e2-1)
    s = auto_position(BOOKS_ASK, event="e2-1")
    assert not must_decide_books(s, 1)
    # 4. enough food without trading a book or strength die (famine 2 in e1-2)
    s = auto_position(BOOKS_ASK, event="e1-2")
    assert not must_decide_books(s, 1)


def test_must_decide_books_counts_only_unused_dice() -> None:
    s = auto_position({"dice": ["white:food", {"colour": "white", "face": "book",
                                               "used": True},
                                "white:strength", "white:gold", "white:stone"]})
    assert not must_decide_books(s, 1)         # the only book die is used


# Seat 1: 1 food, a strength die and three plain dice (gold, stone, book).  Famine 3:
# trading four dice reaches 3; without the strength die only 1 + 1 = 2.
FAMINE_ASK = {"dice": ["white:food", "white:strength", "white:gold", "white:stone",
                       "white:book"]}


def test_must_decide_famine_all_four_conditions() -> None:
    s = auto_position(FAMINE_ASK, step="famine")
    assert must_decide_famine(s, 1)
    # 1. enough food already
    s = auto_position({**FAMINE_ASK, "chits": {"food": 2, "reroll": 1}}, step="famine")
    assert not must_decide_famine(s, 1)
    # 2. no strength die
    s = auto_position({"dice": ["white:food", "white:book", "white:gold", "white:stone",
                                "white:book"]}, step="famine")
    assert not must_decide_famine(s, 1)
    # 3. cannot feed even trading everything
    s = auto_position(FAMINE_ASK, event="e2-1", step="famine")
    assert not must_decide_famine(s, 1)
    # 4. can feed without trading the strength die (famine 2)
    s = auto_position(FAMINE_ASK, event="e1-2", step="famine")
    assert not must_decide_famine(s, 1)


def test_must_decide_books_is_not_must_decide_famine() -> None:
    """A book die makes the books decision matter; a strength die the famine decision."""
    s = auto_position(BOOKS_ASK)
    assert must_decide_books(s, 1) and must_decide_famine(s, 1)
    s = auto_position({"dice": ["white:food", "white:book", "white:book", "white:gold",
                                "white:stone"]})
    assert must_decide_books(s, 1) and not must_decide_famine(s, 1)


def pass_into_books(seat1: dict[str, Any], event: str = "e1-1",
                    automate: bool = True) -> GameState:
    """Seat 0 is the last to pass; seat 1 (last in order, so first in the books step) has
    the described dice."""
    s = scenario({"players": 2, "order": [0, 1], "event": event, "automate": automate,
                  "seats": [{"dice": ["white:gold", "white:stone", "white:gold",
                                      "white:gold", "white:stone"]},
                            {**seat1, "passed": True}]})
    play(s, Pass())
    return s


def test_automation_asks_about_books_only_when_it_matters() -> None:
    s = pass_into_books(BOOKS_ASK)
    assert s.step == "books" and s.current_player() == 1
    assert len(s.legal_moves()) == 2
    # famine 2: feeding needs no book or strength die, so nothing is asked: every book die
    # is used, then gold and stone are traded for the missing food
    s = pass_into_books(BOOKS_ASK, event="e1-2")
    assert s.round == 2
    assert s.players[1].books == 3 + 1 and s.players[1].vp_famine == 1


def test_automation_off_asks_every_decision() -> None:
    s = pass_into_books(BOOKS_ASK, event="e1-2", automate=False)
    assert s.step == "books" and s.current_player() == 1
    play(s, Books((die(s, 1, "white:book"),)))
    assert s.step == "famine" and s.current_player() == 1
    assert s.legal_moves()[0] == Feed(None) and len(s.legal_moves()) == 2


def test_automation_feeds_when_no_strength_is_at_stake() -> None:
    s = pass_into_books({"dice": ["white:food", "white:food", "white:gold", "white:stone",
                                  "white:book"]}, event="e1-2", automate=True)
    # books used automatically, famine paid automatically, war impossible: next round
    assert s.round == 2
    assert s.players[1].vp_famine == 1 and s.players[1].books == 4


def test_automation_feeds_without_trading_strength_when_it_need_not() -> None:
    """Famine 2, one food die: the automatic feeding trades two plain dice, never the
    strength die (which still counts for the player order)."""
    s = pass_into_books({"dice": ["white:food", "white:strength", "white:gold",
                                  "white:stone", "white:book"]}, event="e1-2")
    assert s.round == 2                      # nothing was asked
    assert s.players[1].vp_famine == 1 and s.players[1].books == 4
    assert s.order[0] == 1                   # the unused strength die won the player order


def test_automation_asks_about_the_famine_when_strength_is_at_stake() -> None:
    s = pass_into_books(FAMINE_ASK)
    # the book die: trading it would be needed, so the books step asks first
    assert s.step == "books" and s.current_player() == 1
    play(s, Books())                          # keep the book die for the famine
    assert s.step == "famine" and s.current_player() == 1
    assert len(s.legal_moves()) == 2


@pytest.mark.parametrize("automate", [True, False])
def test_automation_fights_whenever_it_can(automate: bool) -> None:
    """With automation the war is fought by everybody who can; without, a player who can
    fight is asked (one who cannot is passed over either way)."""
    s = scenario({"players": 2, "order": [1, 0], "event": "e1-1", "automate": automate,
                  "seats": [{"dice": ["white:strength", "white:strength", "white:strength",
                                      "white:gold", "white:gold"], "passed": True},
                            {"dice": ["white:gold"] * 5}]})
    play(s, Pass())
    if automate:
        assert s.round == 2 and s.players[0].vp_war == 1
    else:
        assert s.step == "war" and s.current_player() == 0
        assert s.players[1].fought is False


# -------------------------------------------------------------------- accelerated variant
def accel_position(**desc: Any) -> GameState:
    base: dict[str, Any] = {"players": 2, "variant": "accelerated", "order": [0, 1],
                            "event": "e1-1", "automate": False,
                            "seats": [{"dice": ["white:food", "white:strength",
                                                "white:gold", "white:stone", "white:book"]},
                                      {"dice": ["white:food", "white:strength",
                                                "white:strength", "white:strength",
                                                "white:gold"]}]}
    base.update(desc)
    return scenario(base)


def test_accelerated_pledge_is_hidden_until_all_have_passed() -> None:
    s = accel_position()
    gold, stone, book, strength = (die(s, 0, f"white:{r}") for r in
                                   ("gold", "stone", "book", "strength"))
    log = play(s, Pass((gold, stone, book, strength)))
    assert s.players[0].pledge == tuple(sorted((gold, stone, book, strength)))
    assert s.view(1)["players"][0]["pledge"] == "hidden"
    assert s.view(None)["players"][0]["pledge"] == "hidden"
    assert s.view(0)["players"][0]["pledge"] == sorted((gold, stone, book, strength))
    assert not any(s.dice_used[d] for d in (gold, stone, book, strength))
    assert "pledge" not in log[0].text
    # seat 1 passes; books and famine are resolved from the pledges; the war asks seat 1
    play(s, Pass())
    assert s.step == "war" and s.current_player() == 1
    assert s.view(1)["players"][0]["pledge"] == sorted((gold, stone, book, strength))
    p = s.players[0]
    assert p.fed is True and p.vp_famine == 1           # 1 food + 2 traded = 3
    assert p.books == 1                                  # the pledged book die was traded
    assert all(s.dice_used[d] for d in (gold, stone, book, strength))
    assert s.players[1].fed is False


def test_accelerated_view_does_not_tell_an_empty_pledge_from_a_full_one() -> None:
    """Seed 000: how much each player trades is secret until all have passed, and nothing
    is an amount: the views other seats and spectators get are byte-identical whether the
    passed player traded four dice or none."""
    full, empty = accel_position(), accel_position()
    dice = tuple(die(full, 0, f"white:{r}") for r in ("gold", "stone", "book", "strength"))
    play(full, Pass(dice))
    play(empty, Pass())
    assert full.players[0].pledge and not empty.players[0].pledge
    for viewer in (1, None):
        assert json.dumps(full.view(viewer), sort_keys=True) == \
            json.dumps(empty.view(viewer), sort_keys=True)
        assert full.view(viewer)["players"][0]["pledge"] == "hidden"
    # the player themself still sees their own pledge, and a player who has not passed
    # has none to hide
    assert empty.view(0)["players"][0]["pledge"] == []
    assert full.view(0)["players"][1]["pledge"] == []


def test_original_variant_has_no_pledge_to_hide() -> None:
    s = accel_position(variant="original")
    play(s, Pass())
    assert s.view(1)["players"][0]["pledge"] == []


def test_accelerated_pledged_dice_are_traded_even_if_the_famine_is_missed() -> None:
    """Reading of the online rules ("players decide upon food trade in the same turn they
    have passed"): the pledged dice are traded when passing, so they are spent in the
    famine even when the food falls short (1 food + 1 traded < 3)."""
    s = accel_position()
    gold, stone = die(s, 0, "white:gold"), die(s, 0, "white:stone")
    play(s, Pass((gold, stone)))
    play(s, Pass())
    assert s.players[0].fed is False and s.players[0].vp_famine == 0
    assert s.dice_used[gold] and s.dice_used[stone]
    assert not s.dice_used[die(s, 0, "white:food", used=None)]


def test_accelerated_books_use_every_unpledged_book_die() -> None:
    s = accel_position()
    play(s, Pass())
    play(s, Pass())
    assert s.players[0].books == 1 + 1


def test_accelerated_pledge_refusals() -> None:
    s = accel_position()
    gold, stone, book = (die(s, 0, f"white:{r}") for r in ("gold", "stone", "book"))
    refuse(s, Pass((gold, stone, book)), "two at a time", "even number")
    refuse(s, Pass((gold, s.dice_of(1)[0])), "not one of Player 1's dice")
    refuse(s, Pass((gold, gold)), "chosen twice")


def test_accelerated_legal_moves_offer_pledges_only_when_short_of_food() -> None:
    s = accel_position()
    pledges = [m for m in s.legal_moves() if isinstance(m, Pass) and m.pledge]
    assert pledges and all(len(m.pledge) == 4 for m in pledges)
    s = accel_position(event="e1-2", seats=[{"dice": ["white:food", "white:food",
                                                      "white:gold", "white:stone",
                                                      "white:book"]}])
    assert [m for m in s.legal_moves() if isinstance(m, Pass)] == [Pass()]


# --------------------------------------------------------------------------------- solo
def test_solo_opponent_gains_books_from_blue_dice_each_round() -> None:
    game = Game(players=1, seed=4)
    blue = game.state.comp.colour_faces["blue"]
    books = 1
    seen_rounds = []
    while not game.is_over:
        game.play(game.legal_moves()[0])            # pass every round
    for entry in game.log():
        if entry.kind == "solo" and "blue" in entry.text:
            assert len(entry.data["faces"]) == entry.round     # 1 die in age 1, ... 4
            gained = sum(blue[f][BOOK] for f in entry.data["faces"])
            assert entry.data["books"] == gained
            books += gained
            seen_rounds.append(entry.round)
    assert seen_rounds == [1, 2, 3, 4]
    assert game.state.opponent_books == books


def solo_position(seed: int = 0, **desc: Any) -> GameState:
    return scenario({"players": 1, "seed": seed, "board": BOARD, "event": "e1-1",
                     "seats": [{"dice": ONE_OF_EACH, "chits": {"reroll": 5, "gold": 1}}],
                     **desc})


def test_solo_four_sided_die_after_every_action_but_pass() -> None:
    seen: set[int] = set()
    for seed in range(40):
        s = solo_position(seed)
        board = s.board[:]
        log = play(s, Reroll((die(s, 0, "white:gold"),)))
        roll = s.solo_roll
        assert 1 <= roll <= 4
        seen.add(roll)
        solo = [e for e in log if e.kind == "solo"]
        assert len(solo) == 1 and solo[0].data["roll"] == roll
        if roll == 4:
            assert s.board == board and "nothing happens" in solo[0].text
        else:
            column = (roll - 1) * 3
            # the cheapest tile (the lowest row) of that column goes
            assert s.board[column] == -1 and s.board[column + 1:column + 3] == \
                board[column + 1:column + 3]
            assert solo[0].data["removed"] == s.comp.tiles[board[column]].id
            assert sum(t >= 0 for t in s.board) == 8
        # passing rolls nothing (the next round's blue dice for the opponent are no action)
        log = play(s, Pass())
        assert not any(e.kind == "solo" and "roll" in e.data for e in log)
    assert seen == {1, 2, 3, 4}


def test_solo_die_takes_the_next_cheapest_or_nothing_from_an_empty_column() -> None:
    outcomes = set()
    for seed in range(40):
        s = solo_position(seed, board=[[None, "t1-10", "t1-12"], [None, None, None],
                                       [None, None, "t1-06"]])
        board = s.board[:]
        log = play(s, Reroll((die(s, 0, "white:gold"),)))
        roll = s.solo_roll
        text = next(e.text for e in log if e.kind == "solo")
        if roll == 1:
            assert s.board[1] == -1 and s.board[2] == board[2]         # Nubia, row 2
        elif roll == 2:
            assert s.board == board and "column 2 is empty" in text
        elif roll == 3:
            assert s.board[8] == -1
        outcomes.add(roll)
    assert outcomes == {1, 2, 3, 4}


def test_solo_die_also_follows_buying_and_building() -> None:
    s = solo_position()
    play(s, Buy("t1-07", Payment(chits=1)))
    assert 1 <= s.solo_roll <= 4
    s = solo_position(seats=[{"dice": ["white:stone"] * 3 + ["white:gold", "white:food"],
                              "wonder": "t1-15"}])
    play(s, Build(Payment(tuple(dice_showing(s, 0, "white:stone")))))
    assert 1 <= s.solo_roll <= 4


def test_solo_tougher_rerolls_fours() -> None:
    """"For a tougher game reroll any 4s you roll for the opponent": read as rolling until
    the die shows 1-3, so a tile is removed after every action (if its column has one)."""
    rerolled = False
    for seed in range(40):
        s = solo_position(seed, solo_tougher=True)
        log = play(s, Reroll((die(s, 0, "white:gold"),)))
        assert s.solo_roll in (1, 2, 3)
        rerolled |= any("rerolling" in e.text for e in log)
    assert rerolled


@pytest.mark.parametrize(("books", "opponent", "vp"), [(5, 3, 2), (3, 3, 0), (2, 4, 0)])
def test_solo_books_score_two_when_ahead_of_the_opponent(books: int, opponent: int,
                                                         vp: int) -> None:
    s = scenario({"players": 1, "step": "books", "event": "e1-1", "opponent_books": opponent,
                  "seats": [{"dice": ["white:gold"] * 5, "books": books}]})
    play(s, Books())
    assert s.players[0].vp_books == vp


@pytest.mark.parametrize(("score", "title"), [
    (0, None), (9, None), (10, "Dan Quayle"), (14, "Dan Quayle"), (15, "Cleopatra"),
    (20, "Charles V"), (25, "Victoria"), (30, "Saladin"), (35, "Wu Zetian"),
    (40, "Ashoka"), (49, "Ashoka"), (50, "Trajan"), (80, "Trajan")])
def test_solo_hall_of_fame(score: int, title: str | None) -> None:
    s = scenario({"players": 1, "round": 4, "step": "war", "event": "e4-1",
                  "seats": [{"vp": score}]})
    assert s.hall_of_fame_title() == title
    log = play(s, Fight(None))
    assert s.is_terminal() and s.scores() == [score]
    end = log[-1]
    assert end.kind == "end"
    assert (title or "below the lowest title") in end.text


def test_solo_setup_uses_three_columns_and_one_book_each() -> None:
    s = GameState.new(players=1, seed=9)
    assert s.config.columns == 3 and s.players[0].books == 1
    assert s.opponent_books >= 1


# ----------------------------------------------------------------- illegal move handling
def test_wrong_move_type_for_the_step() -> None:
    s = position({})
    refuse(s, Books(), "actions step", "may only")
    refuse(s, Feed(None), "actions step")
    refuse(s, Fight(None), "actions step")
    with pytest.raises(IllegalMoveError, match="not a move"):
        s.check("pass")  # type: ignore[arg-type]


def test_unused_helpers_agree() -> None:
    s = position({})
    assert s.unused_dice(0) == [d for d in s.dice_of(0) if not s.dice_used[d]]
    assert sum(s.face(d)[STRENGTH] for d in s.unused_dice(0)) == 1
