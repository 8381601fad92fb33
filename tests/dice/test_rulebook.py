"""The rulebook's worked examples, played on the engine.

The rulebook's pictures are lost in the text versions; each test says what the text
gives and what was filled in.
"""

from __future__ import annotations

import pytest
from dice_helpers import ONE_OF_EACH, dice_showing, die, play

from nations_widget.dice import Books, Buy, Feed, Payment, Reroll, scenario

RED, YELLOW, PURPLE, GREEN = range(4)
NO_BOOKS = ["white:gold", "white:stone", "white:food", "white:gold", "white:strength"]


@pytest.mark.parametrize("order", [[0, 1, 2, 3], [2, 3, 1, 0], [3, 0, 2, 1]])
def test_books_example_red_3_yellow_2_purple_and_green_0(order: list[int]) -> None:
    """'Red gets 3 VP, yellow gets 2 VP, purple and green get 0 VP.'  Red has the most
    books (three players have fewer), yellow the second most (two have fewer), purple and
    green are tied lowest (nobody has fewer; the tie between them scores nothing).
    Books 7 / 5 / 3 / 3; the player order does not matter."""
    books = {RED: 7, YELLOW: 5, PURPLE: 3, GREEN: 3}
    s = scenario({"players": 4, "step": "books", "event": "e1-1", "order": order,
                  "seats": [{"dice": NO_BOOKS, "books": books[seat]} for seat in range(4)]})
    play(s, Books())
    assert [p.vp_books for p in s.players] == [3, 2, 0, 0]


def test_books_example_collected_in_the_books_step() -> None:
    """The same example with the books collected from dice and chits in the books step:
    red 4 + a 3-book die, yellow 4 + a book die, purple 2 + a book chit, green 3."""
    s = scenario({"players": 4, "step": "books", "event": "e1-2", "order": [0, 1, 2, 3],
                  "automate": False, "seats": [
                      {"buildings": ["t2-03", "start-farm", "start-caravan", "start-quarry",
                                     "start-temple"], "books": 4,
                       "dice": ["blue:3book", "white:gold", "white:food", "white:food",
                                "white:gold"]},
                      {"books": 4, "dice": ["white:book", "white:food", "white:food",
                                            "white:gold", "white:gold"]},
                      {"books": 2, "dice": NO_BOOKS, "chits": {"book": 1, "reroll": 1}},
                      {"books": 3, "dice": NO_BOOKS}]})
    # reverse player order: green, purple, yellow, red (purple's chit is always used)
    assert s.current_player() == GREEN
    play(s, Books())
    assert s.current_player() == YELLOW
    play(s, Books(tuple(dice_showing(s, YELLOW, "white:book"))))
    assert s.current_player() == RED
    play(s, Books((die(s, RED, "blue:3book"),)))
    assert [p.books for p in s.players] == [7, 5, 3, 3]
    assert [p.vp_books for p in s.players] == [3, 2, 0, 0]


def test_player_order_example() -> None:
    """'Highest total unused strength goes first, second-most goes second and so on.  If
    tied, the previous relative player order between tied players is preserved ... Dice
    and chits are not moved to the used area.'  (The picture's numbers are not in the
    text; this example follows the text.)  Previous order: seats 0, 1, 2, 3.  Unused
    strength: seat 0 has 2, seat 1 has 3 (a die and two chits), seat 2 has 3 (red dice;
    a used red 3 does not count), seat 3 has 2.  New order: 1 and 2 (tied at 3, previous
    order kept), then 0 and 3 (tied at 2)."""
    s = scenario({"players": 4, "step": "famine", "event": "e1-1", "order": [0, 1, 2, 3],
                  "automate": False, "seats": [
                      {"dice": ["white:strength", "white:strength", "white:gold",
                                "white:gold", "white:stone"]},
                      {"dice": ["white:strength", "white:gold", "white:gold", "white:stone",
                                "white:book"], "chits": {"strength": 2, "reroll": 1}},
                      {"buildings": ["t2-02", "start-farm", "start-caravan", "start-quarry",
                                     "start-temple"],
                       "dice": ["red:3strength", {"colour": "red", "face": "3strength",
                                                  "used": True},
                                "white:gold", "white:gold", "white:stone", "white:book"]},
                      {"dice": ["white:strength", "white:strength", "white:book",
                                "white:gold", "white:stone"]}]})
    dice_before = s.to_json()["dice"]
    chits_before = [p.chits[:] for p in s.players]
    log = play(s, Feed(None))        # nobody can feed (famine 3, no food): the rest is auto
    entry = next(e for e in log if e.kind == "order")
    assert entry.data["strength"] == [2, 3, 3, 2]
    assert s.order == [1, 2, 0, 3]
    # determining the order spends nothing (the war has not been fought yet: it asks)
    assert s.step == "war"
    assert s.to_json()["dice"] == dice_before
    assert [p.chits for p in s.players] == chits_before


def test_building_example_with_the_orange_die() -> None:
    """'You have a building that gives you one orange die (1).  The die shows 2 gold (2),
    you buy a building that gives you two orange dice (3) with this die, move it to the
    used area (4).  You place the new building on the old building (5), return the die
    you just used (6), take two new orange dice (7), and roll them.'  They can be used
    later in the same round."""
    s = scenario({
        "players": 2, "event": "e1-1", "order": [0, 1],
        # Harbor (two orange dice) in row 2 of the first column: it costs 2 gold
        "board": [["t1-09", "t1-06", "t1-12"], ["t1-01", "t1-04", "t1-13"],
                  ["t1-07", "t1-08", "t1-15"]],
        "seats": [{"buildings": ["t1-05", "start-farm", "start-caravan", "start-quarry",
                                 "start-temple"],          # (1) Granary: one orange die
                   "dice": ["orange:2gold", "white:stone", "white:food", "white:book",
                            "white:strength"],
                   "chits": {"reroll": 1}},
                  {"passed": True}]})
    orange = die(s, 0, "orange:2gold")                                      # (2)
    assert s.face(orange)[0] == 2
    log = play(s, Buy("t1-06", Payment((orange,)), replaces="t1-05"))      # (3)
    p = s.players[0]
    assert p.buildings[0] == s.comp.tile_ref["t1-06"]                       # (5)
    assert p.building_dice[0] == 2
    building = next(e for e in log if e.kind == "building")
    assert building.data["returned"] == [orange]                            # (4), (6)
    assert "Harbor replaces Granary" in building.text
    new = dice_showing(s, 0, "orange")                                      # (7)
    assert len(new) == 2 and new == building.data["taken"]
    assert [s.dice_face[d] for d in new] == building.data["faces"]          # rolled
    assert s.to_json()["board"][0][1] is None
    # the new dice are unused and can be used this round: reroll them, or trade them
    assert s.current_player() == 0
    play(s, Reroll(tuple(new)))
    play(s, Buy("t1-07", Payment(trades=((new[0], new[1]),))))
    assert all(s.dice_used[d] for d in new)


def test_building_example_returning_the_used_die_explicitly() -> None:
    """The same purchase, naming the returned die: the used one (the default) or, if the
    player prefers, an unused die of the same colour."""
    for returned in ("used", "default"):
        s = scenario({
            "players": 2, "event": "e1-1", "order": [0, 1],
            "board": [["t1-09", "t1-06", "t1-12"], ["t1-01", "t1-04", "t1-13"],
                      ["t1-07", "t1-08", "t1-15"]],
            "seats": [{"buildings": ["t1-05", "start-farm", "start-caravan", "start-quarry",
                                     "start-temple"],
                       "dice": ["orange:2gold", *ONE_OF_EACH[1:]]}]})
        orange = die(s, 0, "orange:2gold")
        chosen = (orange,) if returned == "used" else None
        play(s, Buy("t1-06", Payment((orange,)), replaces="t1-05", returned_dice=chosen))
        assert len(dice_showing(s, 0, "orange")) == 2
