"""The lessons (nations_widget.lessons): every position builds, every check accepts its
show-me answer and refuses at least one other legal move, the topics are covered, and no
text repeats a rulebook sentence."""

from __future__ import annotations

import itertools
import re
from pathlib import Path
from typing import Any

import pytest

from nations_widget.lessons import (
    LESSONS,
    TOPICS,
    Lesson,
    all_lessons,
    lesson,
    lesson_text,
    next_lesson,
)

RULES = Path("/work/shared/rules")
EVERY = all_lessons()


def _play(x: Lesson) -> tuple[Any, list[Any], Any]:
    start = x.build()
    state = start.clone()
    moves = x.parse_moves()
    for move in moves:
        assert move in state.legal_moves(), f"{x.key}: show-me move {move} is not legal"
        state.apply(move)
    return start, moves, state


@pytest.mark.parametrize("x", EVERY, ids=lambda x: x.key)
def test_show_me_passes_the_check(x: Lesson) -> None:
    start, moves, after = _play(x)
    assert start.current_player() == x.learner
    assert x.check(start, moves, after)
    assert x.judge(start, moves, after) == "done"
    # and not before its last move: the answer needs every move it lists
    if len(moves) > 1:
        part = start.clone()
        for move in moves[:-1]:
            part.apply(move)
        assert not x.check(start, moves[:-1], part)


@pytest.mark.parametrize("x", EVERY, ids=lambda x: x.key)
def test_check_refuses_another_legal_move(x: Lesson) -> None:
    start = x.build()
    first = x.parse_moves()[0]
    refused = []
    for move in start.legal_moves():
        if move == first:
            continue
        after = start.clone()
        after.apply(move)
        if not x.check(start, [move], after):
            refused.append(move)
    assert refused, f"{x.key}: every legal move passes the check"


def test_a_wrong_move_is_judged_wrong_in_a_one_move_lesson() -> None:
    x = lesson("dice-buy")
    start = x.build()
    reroll = next(m for m in start.legal_moves() if m.to_json()["type"] == "reroll")
    after = start.clone()
    after.apply(reroll)
    assert x.judge(start, [reroll], after) == "wrong"
    assert x.judge(start, [], start) == "trying"


def test_several_move_lessons_wait_for_the_answer() -> None:
    x = lesson("board-workers")
    start, moves, _after = _play(x)
    first = start.clone()
    first.apply(moves[0])
    assert x.judge(start, moves[:1], first) == "trying"


def test_any_right_way_counts() -> None:
    """board-war: a worker moved onto the Hoplite counts as well as a new one."""
    x = lesson("board-war")
    start = x.build()
    right = [m for m in start.legal_moves()
             if (lambda after: (after.apply(m), x.check(start, [m], after))[1])(start.clone())]
    assert len(right) >= 2


def test_topics_and_counts() -> None:
    assert len(LESSONS["dice"]) >= 6 and len(LESSONS["board"]) >= 5
    for game in ("dice", "board"):
        topics = {x.topic for x in LESSONS[game]}
        assert {"round", "buying", "food", "war", "end"} <= topics
        assert topics & {"dice", "workers"}
        assert topics <= set(TOPICS)
    keys = [x.key for x in EVERY]
    assert len(keys) == len(set(keys))


def test_next_lesson_stays_in_its_game() -> None:
    for game in ("dice", "board"):
        run = LESSONS[game]
        for a, b in itertools.pairwise(run):
            assert next_lesson(a.key) == b
        assert next_lesson(run[-1].key) is None
    with pytest.raises(KeyError):
        lesson("no-such-lesson")


def test_panel_json_keeps_the_answer_in_python() -> None:
    for x in EVERY:
        data = x.to_json()
        assert set(data) == {"key", "game", "topic", "title", "explanation", "task"}
        assert "show_me" not in str(data) and x.hint not in str(data)


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", text.lower())


def _rule_shingles(n: int) -> set[tuple[str, ...]]:
    shingles: set[tuple[str, ...]] = set()
    for path in sorted(RULES.glob("*.txt")):
        words = _words(path.read_text(encoding="utf-8", errors="replace"))
        shingles.update(tuple(words[i:i + n]) for i in range(len(words) - n + 1))
    return shingles


@pytest.mark.skipif(not RULES.is_dir(), reason="the rulebooks are not on this machine")
def test_no_rulebook_sentence() -> None:
    """No run of 7 words of a lesson's texts appears in a rulebook (facts and numbers carry
    over; sentences do not)."""
    n = 7
    rules = _rule_shingles(n)
    copied = []
    for x in EVERY:
        for text in (x.title, *x.explanation, x.task, x.hint, x.well_done):
            words = _words(text)
            for i in range(len(words) - n + 1):
                if tuple(words[i:i + n]) in rules:
                    copied.append((x.key, " ".join(words[i:i + n])))
    assert not copied, copied


def test_notebook_markdown_is_the_lessons_text() -> None:
    x = lesson("dice-famine")
    text = x.markdown()
    assert text.startswith(x.explanation[0]) and x.task in text
    assert 'learn_here("dice-famine")' in text
    assert lesson_text("dice-famine").data == text


def test_every_lesson_names_a_notebook_section_that_exists() -> None:
    import json
    root = Path(__file__).resolve().parents[2] / "notebooks"
    headings = {game: {"".join(c["source"]).splitlines()[0].removeprefix("## ")
                       for c in json.loads((root / name).read_text())["cells"]
                       if c["cell_type"] == "markdown" and "".join(c["source"]).startswith("## ")}
                for game, name in (("dice", "learn.ipynb"), ("board", "learn_board.ipynb"))}
    for x in EVERY:
        assert x.notebook in headings[x.game], (x.key, x.notebook)


@pytest.mark.parametrize("x", [x for x in EVERY if x.max_moves > 1], ids=lambda x: x.key)
def test_every_step_of_the_answer_keeps_a_way_on(x: Lesson) -> None:
    """The early verdict never refuses a step of the right answer."""
    start, moves, _after = _play(x)
    part = start.clone()
    for n, move in enumerate(moves[:-1], start=1):
        part.apply(move)
        assert x.judge(start, moves[:n], part) == "trying", (x.key, n)


def test_a_step_with_no_way_on_is_wrong_at_once() -> None:
    """board-buy: buying another card than the Hoplite can never end with a military card
    within its two moves; before, that was judged only after the second move."""
    x = lesson("board-buy")
    start = x.build()
    wrong = next(m for m in start.legal_moves() if m.to_json().get("card") == "brewery")
    after = start.clone()
    after.apply(wrong)
    assert after.current_player() == x.learner and x.max_moves == 2
    assert x.cannot_succeed(start, [wrong], after)
    assert x.judge(start, [wrong], after) == "wrong"


def test_a_lessons_own_dead_end_is_asked_instead_of_the_search() -> None:
    from dataclasses import replace
    x = lesson("board-workers")
    asked: list[int] = []

    def never(before: Any, moves: Any, after: Any) -> bool:
        asked.append(len(moves))
        return False

    start = x.build()
    temple = next(m for m in start.legal_moves() if m.to_json() == {
        "type": "deploy", "slot": 0, "source": "idle"})
    after = start.clone()
    after.apply(temple)
    assert x.judge(start, [temple], after) == "wrong"             # the search: no way on
    own = replace(x, dead_end=never)
    assert own.judge(start, [temple], after) == "trying" and asked == [1]


def test_the_search_gives_up_past_its_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """A search too long gives no early verdict (the learner hears when the moves are
    used up), never a wrong one."""
    import sys
    monkeypatch.setattr(sys.modules["nations_widget.lessons.lesson"], "SEARCH_POSITIONS", 3)
    x = lesson("board-workers")
    start = x.build()
    temple = next(m for m in start.legal_moves() if m.to_json() == {
        "type": "deploy", "slot": 0, "source": "idle"})
    after = start.clone()
    after.apply(temple)
    assert not x.cannot_succeed(start, [temple], after)
    assert x.judge(start, [temple], after) == "trying"
