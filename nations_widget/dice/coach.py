"""The coach: the search bot's three best moves for the player to decide, in words.

:func:`hint` runs the search bot (:class:`nations_widget.dice.bots.MCTSBot`, the default
level: 300 playouts, capped at :data:`COACH_SECONDS`) on the current position and reads
its root statistics: for each move it searched, how many playouts it spent there, the
share of those playouts the player won and the mean margin over the best other player.
Every playout starts from a reseeded copy of the position (``GameState.reseeded``), so
the coach never sees the real game's future rolls.  A playout stops at the end of the
round and the position is then scored by the bot's evaluation (VP now plus what dice,
chits, the unbuilt wonder and a book lead are worth for the rounds left): "wins" means
"is ahead on that estimate".

:func:`compare` says how a move a player made compares with the coach's best one (the
played move is searched too, if the bot would not have looked at it).

>>> from nations_widget.dice import Game
>>> game = Game(players=2, seed=3)
>>> h = hint(game.state, iterations=40)
>>> len(h.suggestions) <= 3 and h.suggestions[0].visits >= h.suggestions[-1].visits
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .bots.mcts import MCTSBot
from .errors import IllegalMoveError
from .machine import GameState
from .moves import Move

#: Playouts per hint: the default bot level ("mcts").
COACH_ITERATIONS = 300
#: The most a hint may take (seconds): the search stops there even if short of playouts.
COACH_SECONDS = 1.8
#: How many moves a hint lists.
COACH_TOP = 3


@dataclass(frozen=True)
class Suggestion:
    """One searched move: what it is, in words, and how it fared in the simulations.

    ``win_rate``: the share of the playouts after this move that the player finished
    ahead (None in a solo game, where there is no one to beat); ``margin``: the mean
    estimated final VP difference with the best other player (solo: the estimated final
    score); ``visits``: the playouts spent on it (the search spends more on better moves).
    """

    move: Move
    text: str
    win_rate: float | None
    margin: float
    visits: int

    def summary(self) -> str:
        """ "Buy Harbor ...: wins 58% of simulations, 3.1 VP ahead on average"."""
        if self.visits == 0:
            return f"{self.text}: the only move"
        if self.win_rate is None:
            return f"{self.text}: about {self.margin:.0f} VP at the end on average"
        if self.margin >= 0:
            lead = f"{self.margin:.1f} VP ahead"
        else:
            lead = f"{-self.margin:.1f} VP behind"
        return (f"{self.text}: wins {self.win_rate:.0%} of simulations, "
                f"{lead} on average")

    def to_json(self) -> dict[str, Any]:
        return {"move": self.move.to_json(), "text": self.text, "win_rate": self.win_rate,
                "margin": round(self.margin, 2), "visits": self.visits,
                "summary": self.summary()}


@dataclass(frozen=True)
class Hint:
    """The coach's advice for ``seat``: its best moves, best first."""

    seat: int
    suggestions: tuple[Suggestion, ...]
    iterations: int
    seconds: float

    @property
    def best(self) -> Suggestion:
        return self.suggestions[0]

    def __str__(self) -> str:
        return "; ".join(s.summary() for s in self.suggestions)

    def _repr_html_(self) -> str:
        import html
        items = "".join(f"<li>{html.escape(s.summary())}</li>" for s in self.suggestions)
        return (f"<div><b>Coach, for Player {self.seat + 1}</b> "
                f"({self.iterations} simulations)<ol>{items}</ol></div>")

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "suggestions": [s.to_json() for s in self.suggestions],
                "iterations": self.iterations, "seconds": round(self.seconds, 3),
                "text": str(self)}


@dataclass(frozen=True)
class Verdict:
    """How a played move compares with the coach's best move (see :func:`compare`)."""

    played: Suggestion
    best: Suggestion
    same: bool

    @property
    def loss(self) -> float:
        """How much smaller the played move's win rate is (0 when it is the best)."""
        if self.same or self.played.win_rate is None or self.best.win_rate is None:
            return 0.0
        return max(0.0, self.best.win_rate - self.played.win_rate)

    def __str__(self) -> str:
        if self.same:
            return f"Your move was the coach's choice. {self.played.summary()}."
        if self.played.win_rate is not None and self.best.win_rate is not None:
            grade = ("about as good" if self.loss < 0.05 else
                     "a little weaker" if self.loss < 0.15 else "much weaker")
            return (f"Your move: {self.played.summary()}. The coach preferred: "
                    f"{self.best.summary()} ({grade}).")
        return (f"Your move: {self.played.summary()}. The coach preferred: "
                f"{self.best.summary()}.")

    def to_json(self) -> dict[str, Any]:
        return {"played": self.played.to_json(), "best": self.best.to_json(),
                "same": self.same, "loss": round(self.loss, 3), "text": str(self)}


class CoachBot(MCTSBot):
    """The search bot recording, per root move, the playouts won and the mean margin;
    ``extra`` moves are searched at the root besides the bot's own candidates."""

    def __init__(self, seed: int = 0, iterations: int = COACH_ITERATIONS,
                 seconds: float | None = COACH_SECONDS,
                 extra: Sequence[Move] = ()) -> None:
        super().__init__(seed, iterations=iterations, seconds=seconds, name="coach")
        self.record_outcomes = True
        self.extra = tuple(extra)

    def root_candidates(self, state: GameState, seat: int) -> list[Move]:
        moves = super().root_candidates(state, seat)
        for move in self.extra:
            if move not in moves:
                moves.append(move)
        return moves


def _search(state: GameState, seed: int, iterations: int, seconds: float | None,
            extra: Sequence[Move]) -> tuple[int, list[Suggestion], float, int]:
    seat = state.current_player()
    if seat is None:
        raise IllegalMoveError("the game is over: there is nothing to advise")
    bot = CoachBot(seed, iterations, seconds, extra)
    bot.choose(state.clone())
    stats = bot.last
    assert stats is not None
    solo = state.config.players == 1
    out = []
    means = [mean for _, _, mean in stats.visits]
    for j, (move, (_, visits, _)) in enumerate(zip(stats.moves, stats.visits, strict=True)):
        win, margin = stats.outcomes[j] if stats.outcomes else (0.0, 0.0)
        out.append(Suggestion(move, state.describe(move), None if solo else win, margin,
                              visits))
    # the bot's own order: most visited first, then the better mean reward (so the first
    # is the move the bot would play)
    order = sorted(range(len(out)), key=lambda j: (-out[j].visits, -means[j], j))
    return seat, [out[j] for j in order], stats.seconds, stats.iterations


def hint(state: GameState, *, top: int = COACH_TOP, iterations: int = COACH_ITERATIONS,
         seconds: float | None = COACH_SECONDS, seed: int = 0) -> Hint:
    """The coach's ``top`` best moves for the player to decide in ``state`` (unchanged)."""
    seat, ranked, spent, done = _search(state, seed, iterations, seconds, ())
    return Hint(seat, tuple(ranked[:top]), done, spent)


def compare(state: GameState, move: Move, *, iterations: int = COACH_ITERATIONS,
            seconds: float | None = COACH_SECONDS, seed: int = 0) -> Verdict:
    """How ``move`` (legal in ``state``) compares with the coach's best move there.

    Moves are the same when they are the same action (buying the same tile, building,
    passing, rerolling): the coach does not grade the choice of dice within it."""
    state.check(move)
    _, ranked, _, _ = _search(state, seed, iterations, seconds, (move,))
    best = ranked[0]
    played = next(s for s in ranked if s.move == move)
    same = played is best or _same_action(best.move, move)
    return Verdict(played, best, same)


def _same_action(a: Move, b: Move) -> bool:
    from .bots.mcts import _key
    return _key(a) == _key(b)


__all__ = ["COACH_ITERATIONS", "COACH_SECONDS", "COACH_TOP", "CoachBot", "Hint",
           "Suggestion", "Verdict", "compare", "hint"]
