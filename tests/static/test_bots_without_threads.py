"""The bots' runner where no thread can start (Pyodide: the static site's browser): a task
on the kernel's event loop that plays the bots' moves one at a time, with the app's pause
awaited between them, and stops when the game changes under it."""

from __future__ import annotations

import asyncio
import threading

import pytest

from nations_widget.widget import DiceWidget
from nations_widget.widget.shell import bot_runner

BOT = "heuristic-builder"


@pytest.fixture
def no_threads(monkeypatch: pytest.MonkeyPatch) -> None:
    """As in Pyodide: THREADS is False, and a thread started anyway fails the test."""
    monkeypatch.setattr(bot_runner, "THREADS", False)

    def refuse(self: threading.Thread) -> None:
        raise RuntimeError("can't start new thread")

    monkeypatch.setattr(threading.Thread, "start", refuse)


async def until_idle(widget: DiceWidget, seconds: float = 60.0) -> None:
    deadline = asyncio.get_running_loop().time() + seconds
    while widget.busy:
        assert asyncio.get_running_loop().time() < deadline, "the bots never finished"
        await asyncio.sleep(0.01)


@pytest.mark.usefixtures("no_threads")
def test_bots_play_on_the_loop_to_the_end_of_a_game() -> None:
    async def play() -> DiceWidget:
        widget = DiceWidget(players=2, seats=[BOT, BOT], bot_delay=0.001, seed=3)
        widget.bot_runner.schedule()
        assert widget.busy and widget.bot_runner.task is not None
        await until_idle(widget)
        return widget

    widget = asyncio.run(play())
    assert widget.bot_runner.thread is None
    assert widget._game.is_over, "the bots stopped before the game's end"
    assert widget.error == ""


@pytest.mark.usefixtures("no_threads")
def test_a_new_game_stops_the_loop_runner() -> None:
    async def play() -> tuple[int, int]:
        widget = DiceWidget(players=2, seats=[BOT, BOT], bot_delay=0.05, seed=3)
        widget.bot_runner.schedule()
        await asyncio.sleep(0.12)              # a move or two
        widget.bot_runner.cancel()                  # what a new game or an undo does
        stopped_at = widget._game.position
        await asyncio.sleep(0.3)               # several pauses: the old runner plays no more
        return stopped_at, widget._game.position

    stopped_at, later = asyncio.run(play())
    assert 0 < stopped_at == later
