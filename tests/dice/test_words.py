"""Counts that agree with their number in the dice game's words: "1 book", "3 books"
(gold, stone, food and strength read the same for one or many), "1 chit", "2 chits"."""

from __future__ import annotations

from dice_helpers import die

from nations_widget.dice import Books, GameState, IllegalMoveError, scenario
from nations_widget.dice.rules import amount_text, dice_text, face_text
from nations_widget.dice.state import BOOK, GOLD, RESOURCE_CHIT

# The Library gives one blue die in place of the Temple's white one.
BLUE = {"players": 2, "board": [["t1-01", "t1-02", "t1-04"], ["t1-05", "t1-06", "t1-07"],
                                ["t1-08", "t1-09", "t1-10"]],
        "seats": [{"buildings": ["start-axeman", "start-farm", "start-caravan",
                                 "start-quarry", "t1-03"],
                   "dice": ["white:gold", "white:stone", "white:food", "white:book",
                            "blue:3book"]}]}


def test_books_are_counted_in_the_plural() -> None:
    assert [amount_text(n, BOOK) for n in (1, 2, 3)] == ["1 book", "2 books", "3 books"]
    assert amount_text(2, GOLD) == "2 gold"
    assert face_text((0, 1, 0, 2, 0)) == "1 stone + 2 books"
    s: GameState = scenario(BLUE)
    blue = die(s, 0, "blue:3book")
    assert dice_text(s, [blue]) == "the blue die showing 3 books"
    assert s.describe(Books((blue,), 0)) == "Use books: the blue die showing 3 books"


def test_the_books_score_and_a_chit_refusal_count_right() -> None:
    s = scenario({**BLUE, "step": "books",
                  "seats": [{**BLUE["seats"][0], "books": 1}, {"books": 1}]})
    assert str(refusal(s, Books((), 2))) == "you have 0 unused book chits, not 2"
    seat = s.current_player() or 0
    s.players[seat].chits[RESOURCE_CHIT[BOOK]] = 1     # one book chit
    assert str(refusal(s, Books((), 2))) == "you have 1 unused book chit, not 2"
    s.players[seat].chits[RESOURCE_CHIT[BOOK]] = 0
    log = []
    while s.step == "books":
        log += s.apply(Books((), 0))
    [score] = [e.text for e in log if e.kind == "score"]
    assert score == "Books scored: Player 1 5 books, +2 VP; Player 2 1 book, +0 VP."


def refusal(s: GameState, move: Books) -> Exception:
    try:
        s.check(move)
    except IllegalMoveError as exc:
        return exc
    raise AssertionError(f"{move} was accepted")
