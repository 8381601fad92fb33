"""The game's random generator: SplitMix64, whose whole state is one 64-bit integer.

Keeping the generator's state inside the game state (and its JSON) is what makes a game
reproducible from seed and moves on any machine, and what makes undo honest: undoing a
roll restores the generator, so rolling again gives the same faces.  Python's ``random``
is avoided on purpose: its state is 2.5 KB and its algorithms may change between versions.

>>> r = Rng(42)
>>> [r.below(6) for _ in range(5)]
[1, 1, 0, 0, 4]
>>> Rng(42).below(6) == Rng(42).below(6)
True
"""

from __future__ import annotations

from collections.abc import MutableSequence
from typing import TypeVar

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15

T = TypeVar("T")
_LIMITS: dict[int, int] = {}


def _limit(n: int) -> int:
    """The largest multiple of ``n`` not above 2**64: draws at or past it are redrawn."""
    _LIMITS[n] = limit = (1 << 64) - ((1 << 64) % n)
    return limit


class Rng:
    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK

    def next64(self) -> int:
        self.state = s = (self.state + _GAMMA) & _MASK
        s = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        s = ((s ^ (s >> 27)) * 0x94D049BB133111EB) & _MASK
        return s ^ (s >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)``; rejection sampling keeps it exactly uniform."""
        limit = _LIMITS.get(n) or _limit(n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def shuffle(self, items: MutableSequence[T]) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
