"""The lessons' verdicts as a learner meets them: free moves are not counted as steps, and
a wrong try says in a player's words which move went wrong, what the task needed and
what the move did instead (nations_widget.lessons, Lesson.verdict_words)."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from nations_widget.board import move_from_json
from nations_widget.lessons import Lesson, lesson

IDLE = "idle"


def _line(x: Lesson, line: list[dict[str, Any]]) -> list[tuple[str, Any, list[Any]]]:
    """Play ``line`` from the lesson's start: the verdict after each move, the position
    and the moves so far."""
    start = x.build()
    state = start.clone()
    moves: list[Any] = []
    seen = []
    for data in line:
        move = move_from_json(data)
        assert move in state.legal_moves(), data
        state.apply(move)
        moves.append(move)
        seen.append((x.judge(start, moves, state), state.clone(), list(moves)))
    return seen


def test_taking_a_worker_back_first_is_not_a_step() -> None:
    """The newcomer's line: the lesson says taking a worker back is free and not an
    action, so they took one back from the Temple, put two on the Axeman and bought
    Hispania.  Before, the free move counted as one of the three moves: the first step was
    judged "can no longer be done", the third "does not do the task", the fourth right."""
    x = lesson("board-workers")
    line = [{"type": "undeploy", "slot": 0, "count": 1},
            {"type": "deploy", "slot": 2, "source": IDLE},
            {"type": "deploy", "slot": 2, "source": IDLE},
            {"type": "buy", "card": "hispania"}]
    verdicts = [v for v, _s, _m in _line(x, line)]
    assert verdicts == ["trying", "trying", "trying", "done"]


def test_a_worker_taken_back_between_deploys_is_not_a_step() -> None:
    x = lesson("board-workers")
    line = [{"type": "deploy", "slot": 2, "source": IDLE},
            {"type": "undeploy", "slot": 0, "count": 1},
            {"type": "deploy", "slot": 2, "source": IDLE},
            {"type": "buy", "card": "hispania"}]
    assert [v for v, _s, _m in _line(x, line)] == ["trying", "trying", "trying", "done"]


def test_the_panel_follows_the_newcomers_line_without_a_false_verdict() -> None:
    """The Learn panel over the newcomer's line: before, "after that step the task can no
    longer be done", then "that does not do the task", then right at "Buy Hispania"."""
    from nations_widget.widget.learn import LearnView
    view = LearnView()
    table = view.open_lesson("board-workers")
    seen = []
    for move in ({"type": "undeploy", "slot": 0, "count": 1},
                 {"type": "deploy", "slot": 2, "source": IDLE},
                 {"type": "deploy", "slot": 2, "source": IDLE},
                 {"type": "buy", "card": "hispania"}):
        table.play(move)
        seen.append((view.panel.lesson["status"], view.panel.lesson["message"]))
    assert [s for s, _m in seen] == ["trying", "trying", "trying", "done"]
    assert [m for _s, m in seen[:3]] == ["", "", ""]
    assert view.panel.lesson["tries"] == 0


def _words_after(key: str, line: list[dict[str, Any]]) -> str:
    x = lesson(key)
    verdict, _state, moves = _line(x, line)[-1]
    assert verdict == "wrong", (key, line, verdict)
    return x.verdict_words(x.build(), moves)


def test_a_worker_on_another_card_says_what_it_did_and_what_hispania_needs() -> None:
    words = _words_after("board-workers", [{"type": "deploy", "slot": 0, "source": IDLE}])
    assert words.startswith("Not this way. Your move, \u201cDeploy a worker on Temple for 1 "
                            "stone\u201d: a worker on the Temple cost 1 stone, gives no "
                            "strength")
    assert "Hispania needs 4 strength" in words and "only workers on the Axeman" in words
    assert "with 1 stone left you can reach 2 strength, not 4" in words
    assert words.endswith("Undo it on the table (or Try again) and have another go.")
    assert "no longer be done" not in words and "does not do the task" not in words


def test_buying_another_card_says_the_gold_hispania_needs() -> None:
    words = _words_after("board-workers", [{"type": "buy", "card": "aqueduct"}])
    assert "\u201cBuy Aqueduct (building) for 1 gold\u201d" in words
    assert "cost 1 gold" in words and "leaving 1 gold, and Hispania costs 2" in words


def test_taking_a_worker_back_from_the_axeman_says_the_strength_went_with_it() -> None:
    words = _words_after("board-workers", [{"type": "deploy", "slot": 2, "source": IDLE},
                                           {"type": "undeploy", "slot": 2, "count": 1}])
    assert "Your second move, \u201cTake a worker back from Axeman" in words
    assert "takes 2 strength away" in words and "reach 2 strength, not 4" in words


def test_passing_says_hispania_was_not_bought() -> None:
    words = _words_after("board-workers", [{"type": "pass"}])
    assert "passing ends your actions for this round, before Hispania was yours" in words


def test_a_try_played_on_names_the_move_that_went_wrong() -> None:
    """The learner played on after the wrong step: the words name that step, not the last
    move (a right move after it), and say how far back Undo goes."""
    x = lesson("board-workers")
    _v, _s, moves = _line(x, [{"type": "deploy", "slot": 1, "source": IDLE},
                              {"type": "deploy", "slot": 2, "source": "0"}])[-1]
    words = x.verdict_words(x.build(), moves)
    assert "Your first move, \u201cDeploy a worker on Quarry for 1 stone\u201d" in words
    assert "Undo 2 moves on the table, back to before it" in words
    assert x.verdict_words(x.build(), moves, wrong_at=1) == words


def test_a_worker_on_the_quarry_says_the_task_needs_food() -> None:
    words = _words_after("board-food", [{"type": "deploy", "slot": 1, "source": IDLE}])
    assert "a worker on the Quarry cost 1 stone, adds no food to the production" in words
    assert "the task needs food" in words and "1 food short" in words


def test_a_worker_placed_first_can_still_finish_the_wonder() -> None:
    """board-end: the rival has passed, and 3 stone pay a worker and the two sections;
    the lesson judged that worker wrong because its two moves were used up."""
    x = lesson("board-end")
    line = [{"type": "deploy", "slot": 0, "source": IDLE}, {"type": "hire"}, {"type": "hire"}]
    assert [v for v, _s, _m in _line(x, line)] == ["trying", "trying", "done"]
    words = _words_after("board-end", [{"type": "deploy", "slot": 0, "source": IDLE},
                                       {"type": "deploy", "slot": 1, "source": IDLE}])
    assert "1 stone is left where the 2 sections still to build need 2" in words


@pytest.mark.parametrize("game", ["board", "dice"])
def test_every_wrong_first_move_of_a_lesson_says_why(game: str) -> None:
    """Each lesson's own words, never the general ones, for every wrong first move; each
    names the move in the engine's words, and none repeats a rulebook's 7 words."""
    from nations_widget.lessons import LESSONS
    from tests.lessons.test_lessons import RULES, _rule_shingles, _words
    rules = _rule_shingles(7) if RULES.is_dir() else set()
    for x in LESSONS[game]:
        start = x.build()
        for move in start.legal_moves():
            after = start.clone()
            after.apply(move)
            if x.judge(start, [move], after) != "wrong":
                continue
            assert x.why is not None and x.why(start, [move], after), (x.key, move)
            words = x.verdict_words(start, [move])
            assert f"\u201c{start.describe(move)}\u201d" in words, words
            assert "does what the task asks" not in words, words
            said = _words(words)
            assert not {tuple(said[i:i + 7]) for i in range(len(said) - 6)} & rules, words


def test_a_lesson_without_its_own_words_names_the_move_and_the_task() -> None:
    """The general words (a lesson with no ``why``): the move in the engine's words and
    the task it did not do, never a bare "that does not do the task"."""
    x = dataclasses.replace(lesson("dice-war"), why=None)
    start = x.build()
    wrong = next(m for m in start.legal_moves()
                 if (lambda a: (a.apply(m), x.judge(start, [m], a))[1])(start.clone()) == "wrong")
    words = x.verdict_words(start, [wrong])
    assert f"\u201c{start.describe(wrong)}\u201d" in words
    assert "that move does not do what the task asks. The war asks for 4 strength. Win it." \
        in words


def _dice_words(key: str, move: dict[str, Any]) -> str:
    from nations_widget.dice.moves import move_from_json as dice_move
    x = lesson(key)
    start = x.build()
    wrong = dice_move(move)
    assert wrong in start.legal_moves(), move
    return x.verdict_words(start, [wrong])


def test_the_dice_lessons_say_what_the_wrong_move_did_with_the_engines_numbers() -> None:
    """Known answers: each lesson's start and a wrong move a learner makes, and what the
    words must say (its numbers read off the position)."""
    # books: one book die used of two, with the chit: 2 books of the 3 possible
    words = _dice_words("dice-round", {"type": "books", "dice": [1], "chits": 1})
    assert "it adds 2 books to your track, and 3 could be added" in words
    # a 1-gold tile bought with the gold die, the chit kept: not the dearest tile
    words = _dice_words("dice-buy", {"type": "buy", "tile": "t1-07",
                                     "payment": {"dice": [0], "chits": 0, "trades": []}})
    assert "costs 1 gold, and you hold 2: the task is the dearest tile" in words
    assert "lost" not in words
    # the gold die rolled again with the others
    words = _dice_words("dice-reroll", {"type": "reroll", "dice": [0, 2, 3, 4]})
    assert "it rolls again 1 die showing gold" in words
    assert "it keeps" not in words
    # a die showing no gold kept
    words = _dice_words("dice-reroll", {"type": "reroll", "dice": [2, 3]})
    assert "it keeps 1 die that show" in words
    # a tile paid in gold where a colony was asked
    words = _dice_words("dice-colony", {"type": "pass"})
    assert "passing ends your actions for the round" in words
    # the famine and the war declined: nothing scored, and what paying would have scored
    words = _dice_words("dice-famine", {"type": "feed", "payment": None})
    assert "paying its 3 food would score 2 VP" in words and "two unused dice" in words
    words = _dice_words("dice-war", {"type": "fight", "payment": None})
    assert "paying its 4 strength would score 1 VP" in words
    # the last round's wonder left unbuilt
    words = _dice_words("dice-end", {"type": "pass"})
    assert "a wonder still under construction (Pyramids) scores no VP" in words
