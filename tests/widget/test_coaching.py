"""The coaching part (widget/shell/coaching.py): inside a kernel's loop its jobs (hint,
grading, review, puzzle answers) run off the message loop, and a result is applied only to
the position it was asked for; one for a position gone stale is dropped."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from typing import Any

import pytest

from nations_widget.widget import NationsWidget


class Said:
    """A coach's answer (hint or verdict) in the shape the payloads read."""

    def __init__(self, text: str) -> None:
        self.text = text

    def to_json(self) -> dict[str, Any]:
        return {"text": self.text}


def held(answer: Said, gate: threading.Event,
         started: threading.Event) -> Callable[..., Said]:
    """A coach's search that takes as long as the test says (``gate``)."""
    def search(*args: Any, **kwargs: Any) -> Said:
        started.set()
        assert gate.wait(10), "the test never let the coach answer"
        return answer
    return search


def two_people() -> NationsWidget:
    return NationsWidget(players=2, seed=3, seats=["human", "human"], bot_delay=0)


async def finished(w: NationsWidget) -> None:
    while w.coaching.tasks:
        await asyncio.sleep(0.01)


def while_the_coach_thinks(w: NationsWidget, search: str, answer: str,
                           ask: Callable[[], None], meanwhile: Callable[[], None]) -> None:
    """Inside a loop, the page asks (``ask``) what makes the coach search (the adapter's
    ``search``: "hint" or "grade", held until the test lets it answer ``answer``);
    ``meanwhile`` runs while it thinks."""
    gate, started = threading.Event(), threading.Event()

    async def page() -> None:
        ask()
        await asyncio.get_running_loop().run_in_executor(None, started.wait, 10)
        meanwhile()
        gate.set()
        await finished(w)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(w.adapter, search, held(Said(answer), gate, started))
        asyncio.run(page())


def run_hint(w: NationsWidget, meanwhile: Callable[[], None]) -> None:
    """The page asks for a hint; ``meanwhile`` runs while the coach thinks."""
    def ask() -> None:
        w.handle_intent({"kind": "hint"})
        assert w.error == "" and w.coach["hint"] is None      # answered at once

    while_the_coach_thinks(w, "hint", "buy the farm", ask, meanwhile)


def test_a_hint_is_shown_at_the_position_it_was_asked_for() -> None:
    w = two_people()
    asked_at = w.game.position
    run_hint(w, lambda: None)
    assert w.coach["hint"] == {"text": "buy the farm", "position": asked_at}
    assert w.error == ""


def test_a_hint_for_a_position_played_past_is_dropped() -> None:
    w = two_people()
    run_hint(w, lambda: w.handle_intent(
        {"kind": "move", "move": w.game.legal_moves()[0].to_json()}))
    assert w.game.position == 1 and w.error == ""
    assert w.coach["hint"] is None                  # the advice was for move 0: dropped


def test_a_hint_for_a_game_replaced_meanwhile_is_dropped() -> None:
    w = two_people()
    run_hint(w, lambda: w.handle_intent({"kind": "new_game", "settings": {"seed": 4}}))
    assert w.coach["hint"] is None and w.error == ""


def grade_then(w: NationsWidget, meanwhile: Callable[[], None]) -> None:
    """A person's move played from the page with the coach on; ``meanwhile`` runs while
    the move is graded."""
    def ask() -> None:
        w.handle_intent({"kind": "coach", "on": True})
        w.handle_intent({"kind": "move", "move": w.game.legal_moves()[0].to_json()})
        assert w.game.position == 1 and w.coach["verdict"] is None    # not yet

    while_the_coach_thinks(w, "grade", "a fine move", ask, meanwhile)


def test_a_move_is_graded_off_the_loop_and_shown_while_it_stands() -> None:
    w = two_people()
    grade_then(w, lambda: None)
    assert w.coach["verdict"] == {"text": "a fine move", "position": 1}


def test_a_grading_for_a_game_gone_is_dropped() -> None:
    w = two_people()
    grade_then(w, lambda: w.handle_intent({"kind": "new_game", "settings": {"seed": 4}}))
    assert w.coach["verdict"] is None and w.error == ""


def test_a_grading_is_dropped_once_the_coach_is_off() -> None:
    w = two_people()
    grade_then(w, lambda: w.handle_intent({"kind": "coach", "on": False}))
    assert w.coach["verdict"] is None


def test_off_loop_applies_neither_a_result_nor_a_failure_for_a_stale_position() -> None:
    w = two_people()
    applied: list[object] = []
    kept: list[BaseException] = []

    def broken() -> int:
        raise RuntimeError("the search broke")

    async def jobs() -> None:
        loop = asyncio.get_running_loop()
        w.coaching.off_loop(loop, lambda: 1, still_asked=lambda: False, done=applied.append,
                            failed=applied.append)
        w.coaching.off_loop(loop, broken, still_asked=lambda: False, done=applied.append,
                            failed=applied.append)
        w.coaching.off_loop(loop, lambda: 2, still_asked=lambda: True, done=applied.append)
        await finished(w)
        kept.append(w.last_internal_error)  # type: ignore[arg-type]

    asyncio.run(jobs())
    assert applied == [2]                             # only the job still asked for
    assert str(kept[0]) == "the search broke"         # a failure is still kept for Python
