"""The log entry both engines write: one thing that happened, as a sentence and as data."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class LogEntry:
    """One thing that happened.  ``kind`` is a short tag chosen by the game (buy, pass,
    production, war, ...); ``text`` reads as a sentence; ``data`` holds the numbers;
    ``auto`` marks what the engine did by itself rather than a player's decision."""

    round: int
    step: str
    seat: int | None
    kind: str
    text: str
    data: dict[str, Any] = field(default_factory=dict)
    auto: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"round": self.round, "step": self.step, "seat": self.seat, "kind": self.kind,
                "text": self.text, "data": self.data, "auto": self.auto}

    def __str__(self) -> str:
        return self.text


__all__ = ["LogEntry"]
