from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from nations_widget.dice import GameState, Move
from nations_widget.tables import SQLiteStore, Store
from nations_widget.widget import NationsWidget
from nations_widget.widget.shell.table_mode import use_store


class FakeBot:
    """The bots interface (``make_bot(name, seed).choose(state)``): always the first
    legal move, and it records what it was shown."""

    def __init__(self, name: str, seed: int) -> None:
        self.name = name
        self.seed = seed
        self.seen: list[GameState] = []

    def choose(self, state: GameState) -> Move:
        self.seen.append(state)
        moves = state.legal_moves()
        buys = [m for m in moves if m.type in ("buy", "build")]
        return buys[0] if buys else moves[0]


def fake_factory(name: str, seed: int) -> FakeBot:
    if name not in ("first", "other"):
        raise ValueError(f"unknown bot {name!r}")
    return FakeBot(name, seed)


@pytest.fixture
def make_widget() -> Callable[..., NationsWidget]:
    def make(players: int = 2, seats: list[str] | None = None, seed: int = 3,
             **kwargs: object) -> NationsWidget:
        return NationsWidget(players=players, seats=seats or ["human"] * players, seed=seed,
                             bot_delay=0, bot_factory=fake_factory,
                             bot_names=["first", "other"], **kwargs)
    return make


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    """A table store of the test's own, which every widget of the test uses."""
    opened = SQLiteStore(tmp_path / "tables.sqlite3")
    use_store(opened)
    yield opened
    use_store(None)
    opened.close()
