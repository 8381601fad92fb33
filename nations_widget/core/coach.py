"""The coach for any game: a search bot's best moves for the player to decide, as data.

A game's coach is a search bot (a subclass of :class:`~nations_widget.core.bots.mcts.MCTSBot`
with the game's hooks) and a way to put a move into words.  :func:`hint` runs the bot on a
copy of the position with ``record_outcomes`` on and reads its root statistics: for each
move it searched, the playouts spent there and, from every playout, the player's chance of
finishing first and the margin over the best other player, both from the bot's estimate
of the final scores where the playout stopped (its evaluation, and the spread its game
fitted around it: :func:`~nations_widget.core.odds.win_chance`).  A figure is the mean
over the move's playouts, with its 95% margin of error (1.96 standard errors): "about 35%
to win (± 8%), 3.1 VP behind on average (± 0.4)".

Each move after the first is compared with the first on the playouts they share (the k-th
playout of every move has the same luck), in pairs: it is "about as good as the first"
when neither the chance nor the margin differs by more than that comparison's margin of
error; otherwise the text says by how much it differs.  0% and 100% are never shown unless
every playout of the move reached the end of the game with the same result ("wins in all
40 simulations, played to the end of the game").

:func:`compare` grades a move a player made against the coach's best one (the played move
is searched too, if the bot would not have looked at it).  Every playout starts from a
reseeded copy (``state.reseeded``), so the coach never sees the real game's hidden future;
the position is never changed, and the same position, seed and budget give the same advice.

A game's own coach module (``nations_widget.dice.coach``, ``nations_widget.board.coach``)
supplies its default level (playouts, time cap) and its words.  A front end uses that
module's ``hint(state)`` / ``compare(state, move)`` and shows the results' ``to_json()``::

    {"seat": 0, "iterations": 60, "seconds": 0.41, "text": "...; ...; ...",
     "suggestions": [{"move": {...move JSON...}, "text": "Buy Colosseum for 2 gold",
                      "win_rate": 0.35, "win_error": 0.04, "margin": -3.1,
                      "margin_error": 0.2, "visits": 25, "decided": false,
                      "versus_first": null,
                      "summary": "Buy Colosseum for 2 gold: about 35% to win (± 8%), "
                                 "3.1 VP behind on average (± 0.4); the best of the 6 "
                                 "moves it tried"}, ...]}

``win_rate`` is None in a solo game (there is no one to beat; ``margin`` is then the
expected final score); ``*_error`` are standard errors; ``versus_first`` (None for the
first) compares a move with the first; ``visits`` 0 marks the only legal move (no search
was needed).
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from .bots.mcts import MCTSBot, Outcome
from .errors import IllegalMoveError
from .odds import mean_and_error

#: How many moves a hint lists by default.
COACH_TOP = 3
#: A standard error times this is the margin of error shown (a 95% interval).
Z95 = 1.96
#: The smallest differences worth telling a player about: 1% of chance to win, half a VP
#: (smaller ones are "about as good", however sure the simulations are of them).
MIN_WIN_GAP = 0.01
MIN_MARGIN_GAP = 0.5


def _percent(p: float) -> str:
    """A chance in words: never 0% or 100% (that is for a decided outcome)."""
    if p < 0.005:
        return "under 1%"
    if p > 0.995:
        return "over 99%"
    return f"{p:.0%}"


def _error_percent(error: float) -> str:
    """A margin of error on a chance: "± 8%" (never "± 0%": a 95% interval is never nil)."""
    half = Z95 * error
    return "± under 1%" if half < 0.005 else f"± {half:.0%}"


def _error_vp(error: float) -> str:
    """A margin of error in VP: "± 0.4" (never "± 0.0")."""
    half = Z95 * error
    return "± under 0.1" if half < 0.05 else f"± {half:.1f}"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


@dataclass(frozen=True)
class Comparison:
    """A move against the coach's first choice.  Gaps are the first's figure minus this
    move's: positive when this move did worse; ``*_error`` are their standard errors, from
    the ``pairs`` playouts the two share (paired: the k-th playouts of both had the same
    luck); ``win_gap`` is None in a solo game; ``decided``: both moves' results are
    decided (every playout of each reached the end of the game with the same result), so
    the chances' gap is exact."""

    pairs: int
    win_gap: float | None
    win_gap_error: float
    margin_gap: float
    margin_gap_error: float
    decided: bool = False

    @property
    def comparable(self) -> bool:
        """Whether there is enough to compare: two shared playouts, or decided results."""
        return self.decided or self.pairs >= 2

    def _clear(self, gap: float, error: float, shown: float) -> bool:
        # beyond the margin of error, and big enough to show (not "0% less likely")
        return self.pairs >= 2 and abs(gap) > Z95 * error and abs(gap) >= shown

    @property
    def clear_on_win(self) -> bool:
        """Whether the chances to win differ by more than the margin of error (and by at
        least :data:`MIN_WIN_GAP`)."""
        if self.win_gap is None:
            return False
        if self.decided:
            return abs(self.win_gap) >= MIN_WIN_GAP
        return self._clear(self.win_gap, self.win_gap_error, MIN_WIN_GAP)

    @property
    def clear_on_margin(self) -> bool:
        """Whether the VP margins differ by more than the margin of error (and by at
        least :data:`MIN_MARGIN_GAP`)."""
        return self._clear(self.margin_gap, self.margin_gap_error, MIN_MARGIN_GAP)

    @property
    def as_good(self) -> bool:
        """Compared, and not distinguishable from the first within the uncertainty."""
        return self.comparable and not self.clear_on_win and not self.clear_on_margin

    def words(self) -> str:
        """How it compares with the first, in words."""
        if self.clear_on_win:
            assert self.win_gap is not None
            more = "less" if self.win_gap > 0 else "more"
            if self.decided and self.win_gap == 1.0:
                return "loses where the first wins (both decided)"
            sure = "both decided" if self.decided else _error_percent(self.win_gap_error)
            return f"{abs(self.win_gap):.0%} {more} likely to win than the first ({sure})"
        if self.clear_on_margin:
            fewer = "fewer" if self.margin_gap > 0 else "more"
            return (f"{abs(self.margin_gap):.1f} VP {fewer} than the first on average "
                    f"({_error_vp(self.margin_gap_error)})")
        if not self.comparable:
            return "too few simulations to compare it with the first"
        return "about as good as the first"

    def to_json(self) -> dict[str, Any]:
        return {"pairs": self.pairs,
                "win_gap": None if self.win_gap is None else round(self.win_gap, 4),
                "win_gap_error": round(self.win_gap_error, 4),
                "margin_gap": round(self.margin_gap, 2),
                "margin_gap_error": round(self.margin_gap_error, 2),
                "decided": self.decided, "as_good": self.as_good, "text": self.words()}


@dataclass(frozen=True)
class Suggestion:
    """One searched move: what it is, in words, and how it fared in the simulations.

    ``win_rate``: the mean chance of finishing first over the playouts after this move
    (None in a solo game, where there is no one to beat), ``win_error`` its standard
    error; ``margin``: the mean estimated final VP difference with the best other player
    (solo: the estimated final score), ``margin_error`` its standard error; ``visits``: the
    playouts spent on it (the search spends more on better moves); ``decided``: every
    playout reached the end of the game with the same result; ``tried``: how many moves
    the search compared; ``versus_first``: how it compares with the coach's first choice
    (None for the first itself).
    """

    move: Any
    text: str
    win_rate: float | None
    margin: float
    visits: int
    win_error: float = 0.0
    margin_error: float = 0.0
    decided: bool = False
    tried: int = 1
    versus_first: Comparison | None = None

    def chance_words(self) -> str:
        """ "about 35% to win (± 8%)", or the decided result in words."""
        assert self.win_rate is not None
        if self.decided:
            result = "wins" if self.win_rate >= 1.0 else "loses" if self.win_rate <= 0.0 \
                else "ties for first"
            return f"{result} in all {self.visits} simulations, played to the end of the game"
        if self.visits < 2:
            return f"about {_percent(self.win_rate)} to win"
        return f"about {_percent(self.win_rate)} to win ({_error_percent(self.win_error)})"

    def summary(self) -> str:
        """ "Buy Harbor ...: about 58% to win (± 6%), 3.1 VP ahead on average (± 0.4); the
        best of the 5 moves it tried"."""
        if self.visits == 0:
            return f"{self.text}: the only move"
        error = (" (from 1 simulation only)" if self.visits < 2 else
                 f" ({_error_vp(self.margin_error)})")
        if self.win_rate is None:
            figures = f"about {self.margin:.0f} VP at the end on average{error}"
        else:
            lead = (f"{self.margin:.1f} VP ahead" if self.margin >= 0
                    else f"{-self.margin:.1f} VP behind")
            figures = f"{self.chance_words()}, {lead} on average{error}"
        if self.versus_first is None:
            rank = ("the only move it tried" if self.tried <= 1 else
                    f"the best of the {self.tried} moves it tried")
        else:
            rank = self.versus_first.words()
        return f"{self.text}: {figures}; {rank}"

    def to_json(self) -> dict[str, Any]:
        return {"move": self.move.to_json(), "text": self.text,
                "win_rate": None if self.win_rate is None else round(self.win_rate, 4),
                "win_error": round(self.win_error, 4),
                "margin": round(self.margin, 2), "margin_error": round(self.margin_error, 2),
                "visits": self.visits, "decided": self.decided,
                "versus_first": (None if self.versus_first is None
                                 else self.versus_first.to_json()),
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
                f"({_plural(self.iterations, 'simulation')})<ol>{items}</ol></div>")

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
        """How much smaller the played move's chance to win is than the best's, on the
        playouts they share (0 when it is the best or not clearly smaller)."""
        versus = self.played.versus_first
        if self.same or versus is None or versus.win_gap is None or not versus.clear_on_win:
            return 0.0
        return max(0.0, versus.win_gap)

    def grade(self) -> str:
        """ "about as good", "a little weaker" or "much weaker" (or "" for the same move)."""
        versus = self.played.versus_first
        if self.same or versus is None:
            return ""
        if versus.as_good:
            return "about as good"
        if versus.win_gap is not None and versus.clear_on_win:
            return "a little weaker" if self.loss < 0.10 else "much weaker"
        if versus.margin_gap > 0:
            return "a little weaker" if versus.margin_gap < 2.0 else "much weaker"
        return "about as good"

    def __str__(self) -> str:
        if self.same:
            return f"Your move was the coach's choice. {self.played.summary()}."
        return (f"Your move: {self.played.summary()}. The coach preferred: "
                f"{self.best.summary()} ({self.grade()}).")

    def to_json(self) -> dict[str, Any]:
        return {"played": self.played.to_json(), "best": self.best.to_json(),
                "same": self.same, "loss": round(self.loss, 3), "grade": self.grade(),
                "text": str(self)}


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
    means = [mean for _, _, mean in stats.visits]
    playouts = stats.playouts or tuple(() for _ in stats.moves)
    order = sorted(range(len(stats.moves)),
                   key=lambda j: (-stats.visits[j][1], -means[j], j))
    first = playouts[order[0]]
    first_decided = playouts_decided(first, solo)
    out = []
    for rank, j in enumerate(order):
        move, runs = stats.moves[j], playouts[j]
        win, win_error = mean_and_error([o.win for o in runs])
        margin, margin_error = mean_and_error([o.margin for o in runs])
        decided = playouts_decided(runs, solo)
        out.append(Suggestion(move, describe(state, move), None if solo else win, margin,
                              stats.visits[j][1], win_error, margin_error, decided,
                              len(stats.moves),
                              None if rank == 0 else
                              compare_playouts(first, runs, solo, decided and first_decided)))
    return seat, out, stats.seconds, stats.iterations


def playouts_decided(runs: Sequence[Outcome], solo: bool) -> bool:
    """Every playout (two at least) reached the end of the game with the same result."""
    return (len(runs) >= 2 and not solo and all(o.ended for o in runs)
            and len({o.win for o in runs}) == 1)


def compare_playouts(first: Sequence[Outcome], runs: Sequence[Outcome], solo: bool,
             decided: bool) -> Comparison:
    """``runs`` against ``first``: the gaps between the two moves' means (the figures
    shown), with the standard error of the playout-by-playout differences on the playouts
    they share (paired, they share their luck, so the error is that of the moves'
    difference, not of their luck); ``decided``: both are decided, so the chances' gap is
    exact even with few playouts."""
    pairs = min(len(first), len(runs))
    _, win_error = mean_and_error([first[k].win - runs[k].win for k in range(pairs)])
    _, margin_error = mean_and_error([first[k].margin - runs[k].margin
                                      for k in range(pairs)])
    win_gap = _mean([o.win for o in first]) - _mean([o.win for o in runs])
    margin_gap = _mean([o.margin for o in first]) - _mean([o.margin for o in runs])
    return Comparison(pairs, None if solo else win_gap, win_error, margin_gap, margin_error,
                      decided)


def _mean(xs: Sequence[float]) -> float:
    return sum(xs) / len(xs) if xs else 0.0


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


__all__ = ["COACH_TOP", "MIN_MARGIN_GAP", "MIN_WIN_GAP", "Z95", "Comparison", "Describe",
           "Hint", "Suggestion", "Verdict", "compare", "hint", "search"]
