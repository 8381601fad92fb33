"""The coach for any game: a search bot's best moves for the player to decide, as data.

A game's coach is a search bot (a subclass of :class:`~nations_widget.core.bots.mcts.MCTSBot`
with the game's hooks) and a way to put a move into words.  :func:`hint` runs the bot on a
copy of the position with ``record_outcomes`` on and reads its root statistics: for each
move it searched, the playouts spent there, the share of them the player finished ahead
(on the bot's evaluation where each playout stopped: "wins 41% of simulations") and the
mean margin over the best other player (the expected final score in a solo game).
:func:`compare` grades a move a player made against the coach's best one (the played move
is searched too, if the bot would not have looked at it).  Every playout starts from a
reseeded copy (``state.reseeded``), so the coach never sees the real game's hidden future;
the position is never changed.

A game's own coach module (``nations_widget.dice.coach``, ``nations_widget.board.coach``)
supplies its default level (playouts, time cap) and its words.  A front end uses that
module's ``hint(state)`` / ``compare(state, move)`` and shows the results' ``to_json()``::

    {"seat": 0, "iterations": 60, "seconds": 0.41, "text": "...; ...; ...",
     "suggestions": [{"move": {...move JSON...}, "text": "Buy Colosseum for 2 gold",
                      "win_rate": 0.41, "margin": -1.3, "visits": 25,
                      "summary": "Buy Colosseum for 2 gold: wins 41% of simulations, "
                                 "1.3 VP behind on average"}, ...]}

``win_rate`` is None in a solo game (there is no one to beat; ``margin`` is then the
expected final score); ``visits`` 0 marks the only legal move (no search was needed).
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from .bots.mcts import MCTSBot
from .errors import IllegalMoveError

#: How many moves a hint lists by default.
COACH_TOP = 3


@dataclass(frozen=True)
class Suggestion:
    """One searched move: what it is, in words, and how it fared in the simulations.

    ``win_rate``: the share of the playouts after this move that the player finished
    ahead (None in a solo game, where there is no one to beat); ``margin``: the mean
    estimated final VP difference with the best other player (solo: the estimated final
    score); ``visits``: the playouts spent on it (the search spends more on better moves).
    """

    move: Any
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


#: How a game puts one of its moves into words: ``describe(state, move) -> str``.
Describe = Callable[[Any, Any], str]


def search(state: Any, bot: MCTSBot, describe: Describe, *, solo: bool = False,
           extra: Sequence[Any] = ()) -> tuple[int, list[Suggestion], float, int]:
    """Run ``bot`` on a copy of ``state`` and rank what it searched at the root.

    ``extra``: moves searched at the root besides the bot's own candidates; ``solo``: no
    win rates (one player).  Returns (the seat advised, every searched move as a
    :class:`Suggestion` in the bot's order: most visited first, then the better mean
    reward, so the first is the move the bot would play; seconds spent; playouts run).
    ``bot`` is set to record outcomes and keeps its ``last`` statistics."""
    seat = state.current_player()
    if seat is None:
        raise IllegalMoveError("the game is over: there is nothing to advise")
    bot.record_outcomes = True
    bot.extra_root = tuple(extra)
    try:
        bot.choose(state.clone())
    finally:
        bot.extra_root = ()
    stats = bot.last
    assert stats is not None
    out = []
    means = [mean for _, _, mean in stats.visits]
    for j, (move, (_, visits, _)) in enumerate(zip(stats.moves, stats.visits, strict=True)):
        win, margin = stats.outcomes[j] if stats.outcomes else (0.0, 0.0)
        out.append(Suggestion(move, describe(state, move), None if solo else win, margin,
                              visits))
    order = sorted(range(len(out)), key=lambda j: (-out[j].visits, -means[j], j))
    return seat, [out[j] for j in order], stats.seconds, stats.iterations


def hint(state: Any, bot: MCTSBot, describe: Describe, *, top: int = COACH_TOP,
         solo: bool = False) -> Hint:
    """``bot``'s ``top`` best moves for the player to decide in ``state`` (unchanged)."""
    seat, ranked, spent, done = search(state, bot, describe, solo=solo)
    return Hint(seat, tuple(ranked[:top]), done, spent)


def compare(state: Any, move: Any, bot: MCTSBot, describe: Describe,
            same_action: Callable[[Any, Any], bool] | None = None, *,
            solo: bool = False) -> Verdict:
    """How ``move`` (legal in ``state``; ``state.check`` raises otherwise) compares with
    ``bot``'s best move there.  ``same_action(a, b)``: whether two moves count as the same
    choice (the dice game does not grade which dice pay); by default, equal moves."""
    state.check(move)
    _, ranked, _, _ = search(state, bot, describe, solo=solo, extra=(move,))
    best = ranked[0]
    played = next(s for s in ranked if s.move == move)
    same = played is best or (same_action(best.move, move) if same_action is not None
                              else best.move == move)
    return Verdict(played, best, same)


__all__ = ["COACH_TOP", "Describe", "Hint", "Suggestion", "Verdict", "compare", "hint",
           "search"]
