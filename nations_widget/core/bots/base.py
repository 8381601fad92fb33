"""The bot interface shared by every bot of every game.

A bot is an object with a ``name`` and a method ``choose(state) -> move``.  It is given a
state (any engine's, see :mod:`nations_widget.core.protocol`) whose current player is the
bot's seat and returns a move that is legal in that state.

Every bot keeps three promises (each game's bot tests check them):

- **Legal**: the move it returns is legal in the state.
- **Deterministic**: the same seed and the same position give the same move, whatever
  the bot chose before (its randomness is derived afresh from the seed and the position
  at every call, see :meth:`BaseBot.rng_for`).
- **Honest and harmless**: it never mutates the state it is given and never looks at the
  state's random generator, i.e. it sees no more than the acting player's view
  (``state.view(seat)``).  Search bots explore copies made with ``state.reseeded``, whose
  hidden future differs from the real game's.
"""

from __future__ import annotations

import hashlib
import json
import random
from typing import Any, Protocol, runtime_checkable

from ..protocol import GameStateLike


@runtime_checkable
class Bot(Protocol):
    """What the widget, the tournament and the tests rely on."""

    name: str

    def choose(self, state: Any) -> Any:
        """A legal move for ``state.current_player()``; ``state`` is left untouched."""
        ...


def position_key(state: GameStateLike) -> bytes:
    """A digest of what the acting player may see (the view, which leaves the generator
    and the seed out), salted with the game's seed.

    Two states that differ only in their generator have the same key, so a bot's choices
    cannot depend on what it holds.  The salt keeps two games that reach the same position
    from giving a bot the same stream; a digest tells nothing of the draws the seed makes.
    (The seed was part of the view once, in this same place of the digested text: every
    bot's choices, and so every figure measured with them, are as they were.)
    """
    view = state.view(state.current_player())
    config = view.get("config")
    seed = getattr(getattr(state, "config", None), "seed", None)
    if isinstance(config, dict) and seed is not None:
        config["seed"] = seed
    text = json.dumps(view, sort_keys=True, separators=(",", ":"))
    return hashlib.blake2b(text.encode(), digest_size=16).digest()


class BaseBot:
    """Common plumbing: a name, a seed, and per-position random generators."""

    name: str = "bot"

    def __init__(self, seed: int = 0, name: str | None = None) -> None:
        self.seed = int(seed)
        if name is not None:
            self.name = name

    def rng_for(self, state: GameStateLike, salt: str = "") -> random.Random:
        """A generator seeded from the bot's seed and the visible position: the same
        seed and position always give the same stream."""
        digest = hashlib.blake2b(
            position_key(state) + f"|{self.seed}|{self.name}|{salt}".encode(),
            digest_size=8).digest()
        return random.Random(int.from_bytes(digest, "big"))

    def choose(self, state: Any) -> Any:  # pragma: no cover - abstract
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name} seed={self.seed}>"


def check_turn(state: GameStateLike) -> int:
    """The seat to move; raises ``ValueError`` if nobody is (the game is over)."""
    seat = state.current_player()
    if seat is None:
        raise ValueError("the game is over: there is no move to choose")
    return seat


__all__ = ["BaseBot", "Bot", "check_turn", "position_key"]
