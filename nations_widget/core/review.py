"""A game reviewed by the coach: each seat's chance of winning over the game, the human
seats' decisions marked by what they cost, a summary per player, and puzzles.

:func:`review` walks a game's history (to its end, or to where an unfinished game is) and,
at every decision with a choice (two legal moves or more), runs the game's coach search
(:mod:`nations_widget.core.coach`) once, with a fixed budget of playouts and a seed of its
own (so the same game, budget and seed give the same review on any machine).  That one
search gives both:

- **the graph's point**: every seat's chance of finishing first at that position, the
  mean over the playouts of the coach's best move there (each playout's chance comes from
  the estimated final scores and the spread the game fitted around them:
  :func:`~nations_widget.core.odds.win_chance`), with its standard error;
- **the mark**, for a graded seat (the human seats, in the widget): the played move is
  searched beside the coach's candidates, on the same luck (the k-th playout of every root
  move shares its random numbers), and the *loss* is the mover's chance after the best
  move minus its chance after the played move, with the standard error of the paired
  differences.  A move the coach counts as the same choice (the dice game does not grade
  which dice pay) loses nothing.

**Marks.**  Lichess marks a chess move that lowers the mover's winning chances by 10, 20
or 30 points (of 100) an inaccuracy, a mistake or a blunder.  Those steps are for two
players, whose chances start at 50 each.  In a game of ``n`` players each seat starts at
about 100/``n`` and a misplay moves a seat's chance about 2/``n`` as far, so the steps here
are Lichess's scaled by 2/``n`` (:func:`thresholds`): two players 10/20/30 points, three
6.7/13.3/20, four 5/10/15, five 4/8/12.  A decision is marked only when its loss reaches a
step **and** is larger than its 95% margin of error (1.96 standard errors; exact when both
moves' playouts all reached the end of the game with one result), so the noise of a small
search is never called a blunder: with a small budget fewer moves are marked, never more.

**Accuracy** (per seat) is from what every graded decision lost, marked or not (the old
formula counted only the part of each loss beyond its 95% margin, and gave a random mover
83-95%).  Three choices, each measured (``benchmarks/review_calibration.py``, whose table is
in docs/review.md):

- *Points, not chance.*  A seat's chance to win saturates: once a game is lost (or won)
  every move keeps it near 0 (or 1), so a seat that plays at random soon loses no more
  chance whatever it does.  At the app's budgets, in games of three and four players, a
  random mover's mean chance lost per decision (2-4 points of 100) was no larger than the
  heuristic bots' (2-5), and at two players only 1.3-1.9 times theirs.  The accuracy
  counts instead each decision's loss in the mover's estimated final margin (its points
  over the best other seat), from the same search, the same paired playouts and against
  the same best move as the chance (``points_loss``, ``points_loss_error``): there a
  random mover loses 2.5-3.3 points per decision in the
  dice game and 1.8-2.2 in the board game, the heuristic bot 0.4-0.8 and 0.7-1.1, the
  searching bot under 0.05.  The marks stay on the chance to win: what one move cost
  the game.
- *Noise.*  The best move is the better-looking of the search's choice and the move
  played, so a move as good as the best still shows a loss, ``max(0, X)`` with ``X`` the
  comparison's noise (mean 0, the standard error ``σ`` of the paired differences), whose
  mean is ``σ/√(2π)``, about 0.4 ``σ`` (:data:`NOISE_PER_ERROR`).  Each decision counts its
  loss less that expected noise (:attr:`Decision.counted_points`, negative when the loss is
  within it) and the seat's mean of those is taken, 0 when negative: for a seat whose moves
  are as good as the coach's it is 0 on average (noise alone does not read as loss), and a
  real loss well beyond the noise reads as itself less 0.4 ``σ`` (at the app's budgets
  ``σ`` is mostly 0.1-0.5 points in the dice game, 0.05-0.15 in the board game).  Unlike
  dropping each loss within its margin, this keeps the many small losses by which a game
  is really lost.  A decision the search could not compare (fewer than two shared
  playouts) counts 0.
- *The map.*  ``accuracy = 100 · exp(−(m / S)²)``, ``m`` the seat's mean counted points per
  decision and ``S`` the game's scale (:attr:`ReviewCoach.accuracy_points`): 100 for no
  loss, 100/e (37%) at ``S``.  The square forgives a strong player's small mean loss and
  not a random mover's large one.  ``S`` was calibrated on bots of known strength at the
  app's budgets, in games of 2-4 players of both kinds: the largest (the most forgiving)
  at which a random mover's mean stays at most 55% at every player count (3 points in the
  dice game, 2.3 in the board game).  The dice game's heuristic bot then scores 91-98%,
  its searching bot 100%; the board game's heuristic bot only 77-90%, as the coach finds
  it losing about as many points per decision as its easy level (docs/review.md).
  :func:`accuracy_of` computes it.

**Where the game was decided** (per seat): the decision after which that seat's chance
moved most before the next decision (the move, and the luck up to the next decision; the
last decision of a finished game is compared with its result).

**Puzzles** ("learn from your mistakes"): the marked decisions where each graded seat lost
most (at most :data:`PUZZLES_PER_SEAT` per seat, in the order of the game), each with the
moves the engine accepts as an answer: the coach's best and every move it searched there
that is not clearly worse than the best (compared on at least two shared playouts, and
within the margin of error of it).  :func:`check_answer` grades a move given as an answer:
one of those is right; the move played in the game is not; any other legal move is searched
beside the best (same seed and budget) and is right when it is not clearly worse.

``progress(done, total)`` is called after each decision; ``cancelled()`` is asked before
each search and stops the review with :class:`ReviewCancelled`.  An ``executor`` (any
``concurrent.futures`` executor: a process pool, a Dask cluster's, as the tournaments
use: :func:`nations_widget.core.bots.tournament.executor_for`) spreads the searches over
processes for bigger budgets, with the same results.  :meth:`Review.to_json` gives the
review as JSON (and :meth:`Review.from_json` reads it back).  A game's coach module
supplies its search and words as a :class:`ReviewCoach` and a ``review(game, ...)`` of its
own (``nations_widget.dice.coach.review``, ``nations_widget.board.coach.review``).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Executor, wait
from dataclasses import dataclass, fields
from typing import Any

from .bots.mcts import MCTSBot, Outcome, SearchStats
from .coach import (
    Z95,
    Comparison,
    Describe,
    Suggestion,
    compare_playouts,
    playouts_decided,
    search,
)
from .odds import mean_and_error, win_chance

#: Lichess's steps (of a chance from 0 to 1) for two players: inaccuracy, mistake, blunder.
TWO_PLAYER_STEPS = (0.10, 0.20, 0.30)
#: The marks, mildest first, with their symbols.
MARKS = ("inaccuracy", "mistake", "blunder")
SYMBOLS = {"inaccuracy": "?!", "mistake": "?", "blunder": "??"}
#: The most puzzles a review keeps per graded seat.
PUZZLES_PER_SEAT = 3
#: The expected loss a search's noise alone reads into a decision, per standard error of
#: the paired comparison: the mean of max(0, X) for X normal of mean 0 and deviation 1,
#: 1/sqrt(2 pi) (see the module docstring, "Accuracy").
NOISE_PER_ERROR = 1.0 / math.sqrt(2.0 * math.pi)
#: The shape of the map from a seat's mean points lost per decision to its accuracy:
#: ``100 * exp(-(lost / scale) ** ACCURACY_POWER)`` (calibrated: docs/review.md).
ACCURACY_POWER = 2.0
#: The review's format in JSON.
FORMAT = "nations-review"
VERSION = 1


def thresholds(players: int) -> tuple[float, float, float]:
    """The inaccuracy, mistake and blunder steps of a chance to win (0..1) for a game of
    ``players``: Lichess's 10/20/30 points scaled by 2/``players`` (see the module
    docstring)."""
    scale = 2.0 / max(players, 2)
    a, b, c = (round(step * scale, 4) for step in TWO_PLAYER_STEPS)
    return (a, b, c)


class ReviewCancelled(Exception):
    """The review was stopped (its ``cancelled()`` said so) before it finished."""


def _player(seat: int) -> str:
    return f"Player {seat + 1}"


@dataclass(frozen=True)
class ReviewCoach:
    """What a game gives the review: its coach's search bot (``make_bot(seed, playouts)``,
    with no time cap, so that the review is the same on any machine), its words for a move
    and whether two moves count as the same choice (None: equal moves).  Module-level
    functions, so that the coach travels to a process pool."""

    make_bot: Callable[[int, int], MCTSBot]
    describe: Describe
    same_action: Callable[[Any, Any], bool] | None = None
    seat_label: Callable[[int], str] = _player
    #: the mean points lost per decision that make an accuracy of 100/e (37%): the game's
    #: scale, calibrated on bots of known strength (benchmarks/review_calibration.py)
    accuracy_points: float = 1.0
    #: what the accuracy means, in the players' words, with the game's measured figures
    accuracy_note: str = ""
    #: a decision's kind in the players' words, for a stretch's "mostly from ..." (the
    #: state and the move played: "buying wonders", "rerolling dice"); None: the move's type
    kind: Callable[[Any, Any], str] | None = None
    #: what chance is in this game, for the luck's words ("the dice", "the cards drawn")
    luck_word: str = "the luck"
    #: what a move does at once that a player may regret, in the game's own words (the
    #: dice game's preview: "Your unbuilt Colossus is discarded", "2 gold more than the
    #: cost"); None: nothing to say.  A wrong puzzle answer is told it first.
    consequence: Callable[[Any, Any], str | None] | None = None

    def consequence_of(self, state: Any, move: Any) -> str | None:
        if self.consequence is None:
            return None
        try:
            return self.consequence(state, move)
        except ValueError:          # a move with no such words (not a purchase)
            return None

    def kind_of(self, state: Any, move: Any) -> str:
        return self.kind(state, move) if self.kind is not None else str(move.type)

    def same(self, a: Any, b: Any) -> bool:
        return a == b or (self.same_action is not None and self.same_action(a, b))


def _percent_points(x: float) -> str:
    return f"{x * 100:.0f}"


@dataclass(frozen=True)
class Decision:
    """One decision of the game as the review saw it.

    ``index``: its number in the review (the graph's x); ``position``: the history position
    it was decided in (the state after that many moves); ``played``/``best``: the move
    played and the coach's best, as move JSON, with their words; ``same``: the played move
    was the coach's choice; ``chances``/``errors``: each seat's chance of finishing first
    at this position (after the coach's best move) and its standard error; ``after`` /
    ``after_errors``: each seat's chance after the played move (the move played is
    searched at every decision, graded or not: the luck is measured from it; None in a
    review saved before that, for an ungraded seat's move); ``loss`` /
    ``loss_error``: the mover's chance lost against the best (graded seats only, else
    None) and its standard error (None when the search could not compare the two: fewer
    than two shared playouts); ``mark``: "inaccuracy", "mistake", "blunder" or None;
    ``playouts``: the search's size; ``points_loss`` / ``points_loss_error``: the same
    comparison in the mover's estimated final margin of points over the best other seat
    (negative when the move played kept more points than the coach's; None where
    ``loss`` / ``loss_error`` are); ``round``: the game's round at the decision;
    ``kind``: the decision's kind in words (:meth:`ReviewCoach.kind_of`)."""

    index: int
    position: int
    seat: int
    played: dict[str, Any]
    played_text: str
    best: dict[str, Any]
    best_text: str
    same: bool
    chances: tuple[float, ...]
    errors: tuple[float, ...]
    after: tuple[float, ...] | None
    after_errors: tuple[float, ...] | None
    graded: bool
    loss: float | None
    loss_error: float | None
    mark: str | None
    playouts: int
    points_loss: float | None = None
    points_loss_error: float | None = None
    round: int | None = None
    kind: str = ""

    @property
    def counted_loss(self) -> float:
        """The chance lost, less what the search's noise alone reads as loss on average
        (:data:`NOISE_PER_ERROR` standard errors); negative when the loss is within the
        noise, 0 when the search could not compare the moves."""
        if self.loss is None or self.loss_error is None:
            return 0.0
        return self.loss - NOISE_PER_ERROR * self.loss_error

    @property
    def counted_points(self) -> float:
        """The points lost, less what the noise alone reads as loss on average (as
        :attr:`counted_loss`): the measure of a seat's accuracy."""
        if self.points_loss is None or self.points_loss_error is None:
            return 0.0
        return self.points_loss - NOISE_PER_ERROR * self.points_loss_error

    def words(self, label: Callable[[int], str] = _player) -> str:
        """ "Player 1: Buy Colosseum: a mistake (−12 points of the chance to win, ± 5);
        the coach preferred Build a wonder"."""
        who = f"{label(self.seat)}: {self.played_text}"
        if self.mark is None:
            if self.graded and self.same:
                return f"{who}: the coach's choice"
            return who
        assert self.loss is not None and self.loss_error is not None
        half = Z95 * self.loss_error
        margin = "± under 1" if half < 0.005 else f"± {_percent_points(half)}"
        return (f"{who}: {'an' if self.mark == 'inaccuracy' else 'a'} {self.mark} "
                f"(−{_percent_points(self.loss)} points of the chance to win, {margin}); "
                f"the coach preferred {self.best_text}")

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if isinstance(value, float):
                value = round(value, 4)
            elif isinstance(value, tuple):
                value = [round(x, 4) for x in value]
            out[f.name] = value
        out["symbol"] = SYMBOLS.get(self.mark or "", "")
        out["text"] = self.words()
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Decision:
        # the points' loss is None in a review saved before it was recorded; every other
        # field is required (a review missing one is not a review this code wrote)
        optional = {"points_loss": None, "points_loss_error": None, "round": None, "kind": ""}
        kw: dict[str, Any] = {f.name: data.get(f.name, optional[f.name]) if f.name in optional
                              else data[f.name] for f in fields(cls)}
        for name in ("chances", "errors", "after", "after_errors"):
            if kw[name] is not None:
                kw[name] = tuple(kw[name])
        return cls(**kw)


@dataclass(frozen=True)
class Puzzle:
    """A position where a graded seat lost much: find a better move.  ``accepted``: the
    moves (JSON) the engine accepts without searching again, with their words."""

    index: int
    decision: int
    position: int
    seat: int
    played: dict[str, Any]
    played_text: str
    best_text: str
    loss: float
    mark: str
    accepted: tuple[dict[str, Any], ...]
    accepted_text: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        return {"index": self.index, "decision": self.decision, "position": self.position,
                "seat": self.seat, "played": self.played, "played_text": self.played_text,
                "best_text": self.best_text, "loss": round(self.loss, 4), "mark": self.mark,
                "accepted": list(self.accepted), "accepted_text": list(self.accepted_text),
                # the coach's choice, which "Show me" previews on the board
                "best": self.accepted[0] if self.accepted else None,
                "question": f"{_player(self.seat)} played {self.played_text} here "
                            f"({'an' if self.mark == 'inaccuracy' else 'a'} {self.mark}). "
                            "Find a better move: play it on the board."}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Puzzle:
        kw = {f.name: data[f.name] for f in fields(cls)}
        kw["accepted"] = tuple(kw["accepted"])
        kw["accepted_text"] = tuple(kw["accepted_text"])
        return cls(**kw)


@dataclass(frozen=True)
class SeatSummary:
    """One seat's review: ``graded`` decisions, ``accuracy`` (see the module docstring;
    None when not graded), the marks' counts, the chance lost in all (each loss less its
    expected noise, :attr:`Decision.counted_loss`; 0 at least),
    where its game was decided (a decision's index, position, the change of its chance
    there and the words) and its chance at the end (the result, for a finished game)."""

    seat: int
    label: str
    graded: int
    accuracy: float | None
    inaccuracies: int
    mistakes: int
    blunders: int
    lost: float
    decided_at: int | None
    decided_position: int | None
    decided_change: float
    decided_text: str
    final_chance: float | None
    #: the change of this seat's chance over the big swings of luck (:class:`Luck`), their
    #: number, and both in words ("" when there was none)
    luck: float = 0.0
    luck_swings: int = 0
    luck_text: str = ""

    def to_json(self) -> dict[str, Any]:
        out = {f.name: getattr(self, f.name) for f in fields(self)}
        for name in ("accuracy", "lost", "decided_change", "final_chance", "luck"):
            if out[name] is not None:
                out[name] = round(out[name], 4)
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> SeatSummary:
        optional = {"luck": 0.0, "luck_swings": 0, "luck_text": ""}
        return cls(**{f.name: data.get(f.name, optional[f.name]) if f.name in optional
                      else data[f.name] for f in fields(cls)})


@dataclass(frozen=True)
class Stretch:
    """Where a graded seat lost most over a stretch of the game (one or two rounds) by many
    small losses rather than one: the rounds, its decisions (indices ``first``-``last``
    of the review's, ``decisions`` of them the seat's), the chance to win lost in all
    (each decision's loss less its expected noise, :attr:`Decision.counted_loss`) and the
    points of the final margin (:attr:`Decision.counted_points`), the kind of decision
    that lost most there, its costliest decision left out (with its loss and count), the
    costliest decision (an index), and the words.  See :func:`find_stretch`."""

    seat: int
    first_round: int
    last_round: int
    first: int
    last: int
    position: int
    decisions: int
    loss: float
    points: float
    kind: str
    kind_loss: float
    kind_decisions: int
    worst: int
    text: str

    def to_json(self) -> dict[str, Any]:
        out = {f.name: getattr(self, f.name) for f in fields(self)}
        for name in ("loss", "points", "kind_loss"):
            out[name] = round(out[name], 4)
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Stretch:
        return cls(**{f.name: data[f.name] for f in fields(cls)})


@dataclass(frozen=True)
class Luck:
    """A step of the game between two decisions on which chance (a roll, a draw) was met,
    and every seat's chance moved by it: from the chance after decision ``decision``'s
    move played to the chance at the next decision (or the result).  ``move_position``:
    the move whose outcome was chance (the first, when several were), ``position``: the
    position just after it (what the board shows); ``seat`` played it; ``changes`` /
    ``errors``: each seat's change of its chance and the standard error of that change;
    ``seats``: the seats it moved by a big step (at least the inaccuracy step, and beyond
    its 95% margin of error), the luck marks (empty: a small change, not drawn)."""

    index: int
    decision: int
    position: int
    move_position: int
    seat: int
    move_text: str
    changes: tuple[float, ...]
    errors: tuple[float, ...]
    seats: tuple[int, ...]
    text: str

    def to_json(self) -> dict[str, Any]:
        out = {f.name: getattr(self, f.name) for f in fields(self)}
        for name in ("changes", "errors"):
            out[name] = [round(x, 4) for x in out[name]]
        out["seats"] = list(self.seats)
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Luck:
        kw = {f.name: data[f.name] for f in fields(cls)}
        for name in ("changes", "errors", "seats"):
            kw[name] = tuple(kw[name])
        return cls(**kw)


@dataclass(frozen=True)
class Review:
    """A game's review (see the module docstring).  ``upto``: the positions reviewed (the
    history's first ``upto`` moves); ``over``: the game was over there, and ``final`` is
    each seat's result (1 for the winner; a tie shared), the graph's last point."""

    players: int
    playouts: int
    seed: int
    upto: int
    over: bool
    graded_seats: tuple[int, ...]
    thresholds: tuple[float, float, float]
    decisions: tuple[Decision, ...]
    final: tuple[float, ...] | None
    summaries: tuple[SeatSummary, ...]
    puzzles: tuple[Puzzle, ...]
    seconds: float
    accuracy_note: str = ""
    #: where each graded seat lost most over a stretch (:func:`find_stretch`; at most one
    #: a seat, none where no stretch lost enough)
    stretches: tuple[Stretch, ...] = ()
    #: the steps on which chance was met, each seat's change of chance on it
    luck: tuple[Luck, ...] = ()
    #: False when the budget was too small to judge (:func:`too_small`): the graph is
    #: there, nothing is marked, graded or made a puzzle, and ``judge_note`` says why
    judged: bool = True
    judge_note: str = ""

    def marked(self) -> list[Decision]:
        return [d for d in self.decisions if d.mark is not None]

    def swings(self) -> list[Luck]:
        """The big swings of luck (the luck marks)."""
        return [step for step in self.luck if step.seats]

    def __str__(self) -> str:
        lines = [f"Review of {self.upto} moves ({len(self.decisions)} decisions, "
                 f"{self.playouts} playouts each, {self.seconds:.1f} s)"]
        if not self.judged:
            return "\n".join([*lines, self.judge_note])
        for s in self.summaries:
            if s.accuracy is None:
                continue
            lines.append(f"{s.label}: accuracy {s.accuracy:.0f}%, {s.inaccuracies} "
                         f"inaccuracies, {s.mistakes} mistakes, {s.blunders} blunders")
        lines += [f"  {SYMBOLS[d.mark or '']} move {d.position + 1}: {d.words()}"
                  for d in self.marked()]
        lines += [f"  Lost most over a stretch: {st.text}" for st in self.stretches]
        lines += [f"  Luck: {step.text}" for step in self.swings()]
        return "\n".join(lines)

    def to_json(self) -> dict[str, Any]:
        return {"format": FORMAT, "version": VERSION, "players": self.players,
                "playouts": self.playouts, "seed": self.seed, "upto": self.upto,
                "over": self.over, "graded_seats": list(self.graded_seats),
                "thresholds": list(self.thresholds),
                "marks": [{"mark": m, "symbol": SYMBOLS[m], "at_least": t}
                          for m, t in zip(MARKS, self.thresholds, strict=True)],
                "decisions": [d.to_json() for d in self.decisions],
                "final": None if self.final is None else [round(x, 4) for x in self.final],
                "summaries": [s.to_json() for s in self.summaries],
                "puzzles": [p.to_json() for p in self.puzzles],
                "seconds": round(self.seconds, 3), "accuracy_note": self.accuracy_note,
                "stretches": [st.to_json() for st in self.stretches],
                "luck": [step.to_json() for step in self.luck],
                "judged": self.judged, "judge_note": self.judge_note}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Review:
        if data.get("format") != FORMAT or data.get("version") != VERSION:
            raise ValueError(f"not a review of format {FORMAT!r} version {VERSION}")
        a, b, c = data["thresholds"]
        return cls(data["players"], data["playouts"], data["seed"], data["upto"],
                   data["over"], tuple(data["graded_seats"]), (a, b, c),
                   tuple(Decision.from_json(d) for d in data["decisions"]),
                   None if data["final"] is None else tuple(data["final"]),
                   tuple(SeatSummary.from_json(s) for s in data["summaries"]),
                   tuple(Puzzle.from_json(p) for p in data["puzzles"]), data["seconds"],
                   data.get("accuracy_note", ""),
                   tuple(Stretch.from_json(st) for st in data.get("stretches", [])),
                   tuple(Luck.from_json(step) for step in data.get("luck", [])),
                   data.get("judged", True), data.get("judge_note", ""))


def accuracy_of(points_lost: Sequence[float], scale: float) -> float:
    """A seat's accuracy (0-100) from its decisions' counted points lost (each decision's
    points loss less its expected noise, :attr:`Decision.counted_points`): 100 times
    ``exp(-(mean / scale) ** ACCURACY_POWER)``, the mean taken as 0 when it is negative
    (the seat's losses are all within the noise)."""
    if not points_lost:
        raise ValueError("an accuracy needs one graded decision at least")
    if scale <= 0:
        raise ValueError("the accuracy's scale must be positive")
    mean = max(0.0, sum(points_lost) / len(points_lost))
    return 100.0 * math.exp(-((mean / scale) ** ACCURACY_POWER))


def mark_for(loss: float, error: float, steps: tuple[float, float, float]) -> str | None:
    """The mark of a chance ``loss`` (0..1) with standard error ``error``: the largest step
    of ``steps`` (inaccuracy, mistake, blunder) it reaches, provided it is larger than its
    95% margin of error (``1.96 · error``); else None (noise is never marked)."""
    if loss <= Z95 * error:
        return None
    mark = None
    for name, step in zip(MARKS, steps, strict=True):
        if loss >= step:
            mark = name
    return mark


# ----------------------------------------------------------------- stretches
#: The longest stretch :func:`find_stretch` looks at, in rounds.
STRETCH_ROUNDS = 2
#: The fewest decisions of a stretch, its costliest left out, that must each lose beyond
#: their noise.
STRETCH_DECISIONS = 3


def _signed_points(x: float) -> str:
    return f"{'+' if x >= 0 else '−'}{_percent_points(abs(x))}"


def find_stretch(decisions: Sequence[Decision], seat: int,
                 steps: tuple[float, float, float],
                 label: Callable[[int], str] = _player) -> Stretch | None:
    """Where ``seat`` lost most over a stretch of one or two rounds (:data:`STRETCH_ROUNDS`)
    by steady small losses, or None.  A stretch counts the seat's graded decisions in its
    rounds, each by its chance lost less its expected noise (:attr:`Decision.counted_loss`).
    It is a stretch worth telling when, **without its single costliest decision**, it still
    lost at least the mistake step (``steps[1]``: 20 points of 100 with two players) over at
    least :data:`STRETCH_DECISIONS` decisions that each lost beyond their noise, and its sum
    is beyond its 95% margin of error: so one blunder among good moves is never a stretch (its
    mark tells it), while a player who lost a little on every decision is told where.  Of
    those, the stretch that lost most without its costliest decision is told (the shorter,
    then the earlier, on a tie); its words name the kind of decision that lost most in it
    (:attr:`Decision.kind`), the costliest decision left out, and that decision."""
    mine = [d for d in decisions if d.seat == seat and d.graded and d.round is not None]
    rounds = sorted({d.round for d in mine if d.round is not None})
    found: tuple[tuple[float, int, int], int, int, list[Decision]] | None = None
    for i, first in enumerate(rounds):
        for last in rounds[i:]:
            if last - first >= STRETCH_ROUNDS:
                break
            inside = [d for d in mine if d.round is not None and first <= d.round <= last]
            losses = [d.counted_loss for d in inside]
            total = sum(losses)
            rest = total - max(losses)
            margin = Z95 * math.sqrt(sum((d.loss_error or 0.0) ** 2 for d in inside))
            # the decisions that lost beyond their noise, the costliest left out
            losing = sum(1 for x in losses if x > 0) - (1 if max(losses) > 0 else 0)
            if rest < steps[1] or total <= margin or losing < STRETCH_DECISIONS:
                continue
            key = (rest, first - last, -first)
            if found is None or key > found[0]:
                found = (key, first, last, inside)
    if found is None:
        return None
    _, first, last, inside = found
    # the kind of the steady losses: the costliest decision is told apart
    worst = max(inside, key=lambda d: d.counted_loss)
    by_kind: dict[str, list[Decision]] = {}
    for d in inside:
        if d is not worst:
            by_kind.setdefault(d.kind, []).append(d)
    kind, of_kind = max(by_kind.items(),
                        key=lambda item: sum(d.counted_loss for d in item[1]))
    kind_loss = sum(d.counted_loss for d in of_kind)
    loss = sum(d.counted_loss for d in inside)
    points = sum(d.counted_points for d in inside)
    rounds_text = f"Round {first}" if first == last else f"Rounds {first}-{last}"
    kind_text = kind or "these decisions"
    text = (f"{rounds_text}, {label(seat)}: −{_percent_points(loss)} points of the chance "
            f"to win against the coach's choices, over {len(inside)} decisions")
    if points > 0.05:
        text += f" (about {points:.0f} points of the final score)" if points >= 1.5 else \
            f" (about {points:.1f} points of the final score)"
    text += (f", mostly from {kind_text} (−{_percent_points(kind_loss)} over "
             f"{len(of_kind)} {'decision' if len(of_kind) == 1 else 'decisions'}); the "
             f"costliest: move {worst.position + 1}, {worst.played_text} "
             f"(−{_percent_points(worst.counted_loss)})")
    return Stretch(seat, first, last, inside[0].index, inside[-1].index, inside[0].position,
                   len(inside), loss, points, kind, kind_loss, len(of_kind), worst.index,
                   text)


# ----------------------------------------------------------------- luck
#: How many times :func:`chance_in` replays a move with its hidden future drawn afresh.
CHANCE_TRIES = 6
#: The seeds of those replays (any fixed numbers: the answer must not vary between runs).
_CHANCE_SEEDS = tuple(0x6C75636B + 7_919 * k for k in range(CHANCE_TRIES))


def chance_in(before: Any, move: Any, after: Any) -> bool:
    """Whether playing ``move`` in ``before`` met chance (a roll, a draw) on its way to
    ``after`` (the game's state after it): the move is played again from ``before`` with
    its hidden future drawn afresh (``reseeded``, which every engine provides for its
    searches) :data:`CHANCE_TRIES` times, and chance was met when what everybody can see
    afterwards (``view(None)``) differs from the game's at least once.  (An outcome that
    every replay happened to repeat is missed: an outcome that likely is little luck.)"""
    seen = after.view(None)
    for seed in _CHANCE_SEEDS:
        replay = before.reseeded(seed)
        replay.apply(move, log=False)
        if replay.view(None) != seen:
            return True
    return False


def find_luck(game: Any, coach: ReviewCoach, decisions: Sequence[Decision],
              final: tuple[float, ...] | None, upto: int,
              steps: tuple[float, float, float]) -> tuple[Luck, ...]:
    """The steps between two decisions (or the last decision and the result) on which
    chance was met (:func:`chance_in`, over every move between them), each with every
    seat's change of chance: from its chance after the move played at the first decision
    (``after``) to its chance at the next decision (or the result).  No decision is made
    in between (the moves there had one choice), so what moved the chances there was
    chance, give or take the two searches' noise: a seat's change is a **swing** (a luck
    mark) when it is at least the inaccuracy step (``steps[0]``) and beyond its 95%
    margin of error.  Steps whose first decision's move was not searched (a review saved
    before every move played was) are left out."""
    found: list[Luck] = []
    for k, d in enumerate(decisions):
        if k + 1 < len(decisions):
            nxt = decisions[k + 1]
            end, next_chances, next_errors = nxt.position, nxt.chances, nxt.errors
        elif final is not None:
            end, next_chances, next_errors = upto, final, tuple(0.0 for _ in final)
        else:
            break
        if d.after is None or d.after_errors is None:
            continue
        met = next((q for q in range(d.position, end)
                    if chance_in(game.state_at(q), game.move_at(q), game.state_at(q + 1))),
                   None)
        if met is None:
            continue
        changes = tuple(b - a for a, b in zip(d.after, next_chances, strict=True))
        errors = tuple(math.hypot(a, b) for a, b in zip(d.after_errors, next_errors,
                                                          strict=True))
        big = tuple(s for s, (c, e) in enumerate(zip(changes, errors, strict=True))
                    if abs(c) >= steps[0] and abs(c) > Z95 * e)
        state = game.state_at(met)
        mover = state.current_player()
        move_text = coach.describe(state, game.move_at(met))
        moved = sorted(big, key=lambda s: (-round(abs(changes[s]), 3), s))
        text = (f"move {met + 1}, {coach.seat_label(mover)}: {move_text}: "
                f"{coach.luck_word} moved "
                + ", ".join(f"{coach.seat_label(s)}'s chance {_signed_points(changes[s])} "
                            "points" for s in moved)) if moved else ""
        found.append(Luck(len(found), d.index, met + 1, met, mover, move_text, changes,
                          errors, big, text))
    return tuple(found)


# ----------------------------------------------------------------- too small to judge
#: The budget below which a review does not judge, whatever its figures look like.
#: Measured (docs/review.md, "Too small to judge"): between two decisions, the same
#: position's chance moved on average by 4.5-20 points of 100 at 6 playouts (dice and
#: board games of two players), 0.7-4.3 points at 12, about as at the app's budgets
#: (0.8-3.5).
MIN_JUDGING_PLAYOUTS = 12


def too_small(decisions: Sequence[Decision], luck: Sequence[Luck], playouts: int,
              steps: tuple[float, float, float]) -> str:
    """Why the review's budget is too small to judge its decisions ("" when it is not).

    Either the budget is under :data:`MIN_JUDGING_PLAYOUTS`, or the search contradicts
    itself: between two decisions with no chance in between (only moves of one choice),
    each seat's chance after the move played and its chance at the next decision are the
    same position's, so they should agree; when, in the median such step, they differ by
    the inaccuracy step or more (``steps[0]``), the search's figures move on their own
    by as much as a mark, and nothing it says about one move can be trusted."""
    if playouts < MIN_JUDGING_PLAYOUTS:
        return (f"This review's budget ({playouts} simulations per decision) is too small "
                f"to judge the decisions: at least {MIN_JUDGING_PLAYOUTS} are needed. The "
                "chances it shows are rough; nothing is marked or graded.")
    lucky = {step.decision for step in luck}
    gaps = []
    for k in range(len(decisions) - 1):
        d, nxt = decisions[k], decisions[k + 1]
        if k in lucky or d.after is None:
            continue
        gaps.append(max(abs(b - a) for a, b in zip(d.after, nxt.chances, strict=True)))
    if len(gaps) >= 5:
        gaps.sort()
        median = gaps[len(gaps) // 2]
        if median >= steps[0]:
            return (f"This review's budget ({playouts} simulations per decision) is too "
                    "small to judge this game's decisions: the coach's estimate of the same "
                    f"position moved by {_percent_points(median)} points of the chance to "
                    "win from one search to the next (half the time or more), as much as a "
                    "mark. The chances it shows are rough; nothing is marked or graded.")
    return ""


# ----------------------------------------------------------------- one decision
@dataclass(frozen=True)
class _Searched:
    """What one decision's search gave (before the review numbers it)."""

    decision: Decision | None
    accepted: tuple[dict[str, Any], ...]
    accepted_text: tuple[str, ...]


def extra_floor(playouts: int) -> int:
    """The playouts a review's search spends at least on the move played (a third of its
    budget): enough shared playouts to compare it with the best."""
    return max(2, playouts // 3)


def decision_seed(seed: int, position: int) -> int:
    """The seed of the search at ``position`` of a review seeded ``seed``."""
    return (seed * 1_000_003 + position * 7_919 + 17) % (2 ** 61)


def _seat_means(runs: Sequence[Outcome], players: int) -> tuple[tuple[float, ...],
                                                                tuple[float, ...]]:
    figures = [mean_and_error([o.seats[s] for o in runs]) for s in range(players)]
    return tuple(m for m, _ in figures), tuple(e for _, e in figures)


def _runs(stats: SearchStats, s: Suggestion) -> Sequence[Outcome]:
    return stats.playouts[stats.moves.index(s.move)]


def _ranked(ranked: Sequence[Suggestion], stats: SearchStats, forced: Sequence[Any]
            ) -> tuple[Suggestion, Callable[[Suggestion], Comparison]]:
    """The review's best move, and how any searched move compares with it on the playouts
    they share.  The ``forced`` moves (the move played, an answer) are searched a set
    number of times whatever their worth, so the most visited move is not the measure
    with them: the best is the search's own choice (its most visited move of the others)
    or a forced move, whichever has the higher chance to win (searched twice at least)."""
    others = [s for s in ranked if s.move not in forced]
    pool = others[:1] + [s for s in ranked if s.move in forced and s.visits >= 2]
    best = max(pool or ranked[:1], key=lambda s: s.win_rate or 0.0)
    first = _runs(stats, best)

    def versus(s: Suggestion) -> Comparison:
        return compare_playouts(first, _runs(stats, s), False,
                        playouts_decided(first, False) and playouts_decided(_runs(stats, s), False))
    return best, versus


def _as_good(versus: Comparison) -> bool:
    """Compared on enough playouts, and not clearly less likely to win than the best."""
    return versus.comparable and not (versus.clear_on_win and (versus.win_gap or 0.0) > 0)


def _search_decision(state: Any, move: Any, graded: bool, coach: ReviewCoach,
                     playouts: int, seed: int, position: int,
                     thresholds_: tuple[float, float, float]) -> _Searched:
    """Search one decision (a module-level function: it runs in a process pool too)."""
    seat = state.current_player()
    players = state.config.players
    bot = coach.make_bot(seed, playouts)
    bot.record_seats = True
    bot.extra_floor = extra_floor(playouts)
    # the move played is searched whoever played it: its chances (``after``) are where
    # the luck that follows it is measured from
    _, ranked, _, _ = search(state, bot, coach.describe, extra=(move,))
    stats = bot.last
    assert stats is not None
    if not stats.playouts:
        return _Searched(None, (), ())          # one candidate: nothing was searched

    best, versus_of = _ranked(ranked, stats, (move,))
    chances, errors = _seat_means(_runs(stats, best), players)
    played = next((s for s in ranked if s.move == move), None)
    same = coach.same(best.move, move)
    after: tuple[float, ...] | None = None
    after_errors: tuple[float, ...] | None = None
    loss: float | None = None
    loss_error: float | None = None
    points_loss: float | None = None
    points_loss_error: float | None = None
    mark = None
    if played is best:
        after, after_errors = chances, errors
    elif played is not None:
        after, after_errors = _seat_means(_runs(stats, played), players)
    if graded:
        versus = None if played is None or played is best else versus_of(played)
        if same or versus is None or versus.win_gap is None:
            loss, loss_error = 0.0, 0.0
            points_loss, points_loss_error = 0.0, 0.0
        else:
            loss = versus.win_gap
            points_loss = versus.margin_gap
            if versus.comparable:
                loss_error = 0.0 if versus.decided else versus.win_gap_error
                points_loss_error = versus.margin_gap_error
                mark = mark_for(loss, loss_error, thresholds_)
    accepted = [best] + [s for s in ranked if s is not best and _as_good(versus_of(s))
                         and not coach.same(s.move, move)]
    decision = Decision(
        index=-1, position=position, seat=seat, played=move.to_json(),
        played_text=coach.describe(state, move), best=best.move.to_json(),
        best_text=best.text, same=same, chances=chances, errors=errors, after=after,
        after_errors=after_errors, graded=graded, loss=loss, loss_error=loss_error,
        mark=mark, playouts=stats.iterations, points_loss=points_loss,
        points_loss_error=points_loss_error, round=int(getattr(state, "round", 0)),
        kind=coach.kind_of(state, move))
    return _Searched(decision, tuple(s.move.to_json() for s in accepted),
                     tuple(s.text for s in accepted))


# ----------------------------------------------------------------- on a pool
#: How many parts a review on an executor is cut into: enough for a steady progress bar
#: and an even share between the processes, few enough that each part's states (and the
#: game's components, which every state refers to) are sent once, not once a decision.
POOL_PARTS = 24
#: How often (seconds) a review on an executor looks whether it was cancelled.
_POLL = 0.2


def _search_part(jobs: Sequence[tuple[Any, ...]]) -> list[_Searched]:
    """Search a part's decisions one after another (in a worker process)."""
    return [_search_decision(*one) for one in jobs]


def _search_on(executor: Executor, jobs: Sequence[tuple[Any, ...]],
               progress: Callable[[int, int], None] | None,
               cancelled: Callable[[], bool] | None) -> list[_Searched]:
    """Every decision's search on ``executor``, in the order of ``jobs``.  The decisions
    are dealt into :data:`POOL_PARTS` parts in turn (part ``i`` has decisions ``i``,
    ``i + parts``, ...), so that each part holds early and late decisions alike (a
    game's first decisions, with the longest playouts left, cost most); each decision's
    search is seeded by its position, so the results are the serial review's."""
    total = len(jobs)
    parts = max(1, min(POOL_PARTS, total))
    dealt = [list(range(i, total, parts)) for i in range(parts)]
    futures = {executor.submit(_search_part, [jobs[k] for k in which]): which
               for which in dealt if which}
    results: list[_Searched | None] = [None] * total
    done = 0
    pending = set(futures)
    try:
        while pending:
            if cancelled is not None and cancelled():
                raise ReviewCancelled("the review was stopped")
            finished, pending = wait(pending, timeout=_POLL, return_when=FIRST_COMPLETED)
            for future in finished:
                for k, one in zip(futures[future], future.result(), strict=True):
                    results[k] = one
                    done += 1
                    # once per decision, as the serial review does (a listener that
                    # passes on every n-th count sees each part's)
                    if progress is not None:
                        progress(done, total)
    finally:
        for future in pending:
            future.cancel()
    return [one for one in results if one is not None]


# ----------------------------------------------------------------- the review
def _final_result(state: Any) -> tuple[float, ...]:
    """Each seat's result of a finished game: 1 for the winner, 0 for the others (a tie
    the rules leave unbroken shared)."""
    players = state.config.players
    winner = state.winner()
    if winner is not None:
        return tuple(1.0 if s == winner else 0.0 for s in range(players))
    scores = [float(x) for x in state.scores()]
    return tuple(win_chance(scores, s, 0.0) for s in range(players))


def review(game: Any, coach: ReviewCoach, *, playouts: int, seats: Sequence[int] | None = None,
           seed: int | None = None, upto: int | None = None,
           progress: Callable[[int, int], None] | None = None,
           cancelled: Callable[[], bool] | None = None,
           executor: Executor | None = None) -> Review:
    """Review ``game`` (a :class:`~nations_widget.core.history.HistoryGame`, unchanged) up
    to position ``upto`` (default: where the game is, its ``game_position``).

    ``seats``: the seats whose decisions are graded and marked (default: every seat);
    ``playouts``: the search's budget per decision; ``seed``: the review's seed (default:
    the game's).  See the module docstring for the rest."""
    if playouts < 2:
        raise ValueError("a review needs at least 2 playouts per decision")
    first = game.state_at(0)
    players = first.config.players
    if players < 2:
        raise ValueError("a review compares the players' chances to win: a solo game has "
                         "none to compare")
    end = game.game_position if upto is None else upto
    if not 0 <= end <= game.length:
        raise IndexError(f"upto must be 0-{game.length}, got {end}")
    graded = tuple(sorted(set(range(players) if seats is None else seats)))
    if any(not 0 <= s < players for s in graded):
        raise ValueError(f"seats must be 0-{players - 1}")
    base = int(game.config.seed) if seed is None else seed
    steps = thresholds(players)
    start = time.perf_counter()
    todo = []
    for p in range(end):
        state = game.state_at(p)
        seat = state.current_player()
        if seat is None or len(state.legal_moves()) < 2:
            continue
        todo.append((p, state, game.move_at(p), seat in graded))
    total = len(todo)
    if progress is not None:
        progress(0, total)

    def job(item: tuple[int, Any, Any, bool]) -> tuple[Any, ...]:
        p, state, move, g = item
        return (state, move, g, coach, playouts, decision_seed(base, p), p, steps)

    searched: list[_Searched] = []
    if executor is None:
        for done, item in enumerate(todo, start=1):
            if cancelled is not None and cancelled():
                raise ReviewCancelled("the review was stopped")
            searched.append(_search_decision(*job(item)))
            if progress is not None:
                progress(done, total)
    else:
        searched = _search_on(executor, [job(item) for item in todo], progress, cancelled)
    return _assemble(game, coach, searched, players=players, playouts=playouts, seed=base,
                     upto=end, graded=graded, steps=steps,
                     seconds=time.perf_counter() - start)


def _assemble(game: Any, coach: ReviewCoach, searched: Sequence[_Searched], *, players: int,
              playouts: int, seed: int, upto: int, graded: tuple[int, ...],
              steps: tuple[float, float, float], seconds: float) -> Review:
    kept = [s for s in searched if s.decision is not None]
    decisions = []
    for i, s in enumerate(kept):
        assert s.decision is not None
        decisions.append(Decision(**{**{f.name: getattr(s.decision, f.name)
                                        for f in fields(Decision)}, "index": i}))
    last = game.state_at(upto)
    over = bool(last.is_terminal())
    final = _final_result(last) if over else None
    luck = find_luck(game, coach, decisions, final, upto, steps)
    judge_note = too_small(decisions, luck, playouts, steps)
    judged = not judge_note
    if not judged:
        # the chances are drawn, rough as they are; nothing is judged on them
        decisions = [Decision(**{**{f.name: getattr(d, f.name) for f in fields(Decision)},
                                 "mark": None}) for d in decisions]
        luck = tuple(Luck(**{**{f.name: getattr(step, f.name) for f in fields(Luck)},
                             "seats": (), "text": ""}) for step in luck)
    points = [d.chances for d in decisions] + ([final] if final is not None else [])
    summaries = []
    for seat in range(players):
        mine = [d for d in decisions if d.seat == seat and d.graded]
        counts = {m: sum(1 for d in mine if d.mark == m) for m in MARKS}
        accuracy = (accuracy_of([d.counted_points for d in mine], coach.accuracy_points)
                    if mine and judged else None)
        turn, change = None, 0.0
        for k in range(len(points) - 1):
            delta = points[k + 1][seat] - points[k][seat]
            if abs(delta) > abs(change):
                turn, change = k, delta
        text = ""
        if turn is not None and judged:
            d = decisions[turn]
            text = (f"move {d.position + 1}, {coach.seat_label(d.seat)}: {d.played_text} "
                    f"({_signed_points(change)} points for {coach.seat_label(seat)})")
        swings = [step for step in luck if seat in step.seats]
        luck_total = sum(step.changes[seat] for step in swings)
        luck_text = ""
        if swings:
            many = "swing" if len(swings) == 1 else "swings"
            luck_text = (f"{_signed_points(luck_total)} points of the chance to win over "
                         f"{len(swings)} big {many} of {coach.luck_word}")
        summaries.append(SeatSummary(
            seat, coach.seat_label(seat), len(mine), accuracy, counts["inaccuracy"],
            counts["mistake"], counts["blunder"],
            max(0.0, sum(d.counted_loss for d in mine)),
            turn, None if turn is None else decisions[turn].position, change, text,
            None if not points else points[-1][seat], luck_total, len(swings), luck_text))
    stretches = tuple(st for st in (find_stretch(decisions, seat, steps, coach.seat_label)
                                    for seat in graded) if st is not None) if judged else ()
    puzzles: list[Puzzle] = []
    for seat in graded:
        worst = sorted((i for i, d in enumerate(decisions) if d.seat == seat and d.mark),
                       key=lambda i: (-(decisions[i].loss or 0.0), i))[:PUZZLES_PER_SEAT]
        for i in worst:
            d = decisions[i]
            assert d.loss is not None and d.mark is not None
            s = kept[i]
            puzzles.append(Puzzle(0, i, d.position, seat, d.played, d.played_text,
                                  d.best_text, d.loss, d.mark, s.accepted, s.accepted_text))
    puzzles.sort(key=lambda p: p.position)
    numbered = tuple(Puzzle(**{**{f.name: getattr(p, f.name) for f in fields(Puzzle)},
                               "index": n}) for n, p in enumerate(puzzles))
    return Review(players, playouts, seed, upto, over, graded, steps, tuple(decisions),
                  final, tuple(summaries), numbered, seconds, coach.accuracy_note,
                  stretches, luck, judged, judge_note)


# ----------------------------------------------------------------- puzzles
@dataclass(frozen=True)
class Answer:
    """A puzzle's answer graded: ``correct``, and why in words (``text``); ``best`` and
    ``best_text``: the coach's choice there, which the page can show on the board."""

    puzzle: int
    move: dict[str, Any]
    move_text: str
    correct: bool
    text: str
    best: dict[str, Any] | None = None
    best_text: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"puzzle": self.puzzle, "move": self.move, "move_text": self.move_text,
                "correct": self.correct, "text": self.text, "best": self.best,
                "best_text": self.best_text}


def _games_in_100(gap: float) -> str:
    n = max(1, round(abs(gap) * 100))
    return f"{n} {'game' if n == 1 else 'games'} in 100"


def _points(gap: float) -> str:
    n = abs(gap)
    shown = f"{n:.0f}" if n >= 2 else f"{n:.1f}"
    return f"{shown} {'point' if shown in ('1', '1.0') else 'points'}"


def why_worse(versus: Comparison, text: str, best_text: str) -> str:
    """How a move compares with the coach's choice, in a player's words (no margins of
    error, no "the first"): what the coach's simulations of both moves found."""
    if not versus.comparable:
        return (f"the coach's simulations could not show it to be as good as {best_text} "
                "(too few of them compared the two)")
    fewer_wins = versus.win_gap is not None and versus.clear_on_win and versus.win_gap > 0
    worse_off = versus.margin_gap >= 0.05 and (versus.clear_on_margin or fewer_wins)
    points = f"{_points(versus.margin_gap)} worse off against the best other player"
    where = f"in the coach's simulations of the rest of the game, {text}"
    if fewer_wins:
        assert versus.win_gap is not None
        return (f"{where} won {_games_in_100(versus.win_gap)} fewer than {best_text}"
                + (f" and ended {points}, on average" if worse_off else ""))
    if worse_off:
        return f"{where} ended {points} than {best_text}, on average"
    return f"the coach's simulations found {best_text} a little better"


def check_answer(game: Any, coach: ReviewCoach, the_review: Review, puzzle: int,
                 move: Any) -> Answer:
    """Grade ``move`` (a move or its JSON) as the answer to puzzle number ``puzzle`` of
    ``the_review`` (a review of ``game``).  Raises ``IndexError`` for no such puzzle,
    ``ValueError`` when the game's history is not the one reviewed, and the engine's
    :class:`~nations_widget.core.errors.IllegalMoveError` for an illegal move.

    The words are a player's: right, or what the move costs against the coach's choice
    (the game's own words for what the move does at once, :attr:`ReviewCoach.consequence`,
    then what the coach's simulations found), never a margin of error."""
    if isinstance(puzzle, bool) or not 0 <= puzzle < len(the_review.puzzles):
        raise IndexError(f"there is no puzzle {puzzle + 1}: the review has "
                         f"{len(the_review.puzzles)}")
    p = the_review.puzzles[puzzle]
    if p.position >= game.length or game.move_at(p.position).to_json() != p.played:
        raise ValueError("this review is of another game (the move played there differs)")
    state = game.state_at(p.position)
    parse = type(game)._parse_move
    answer = parse(move)
    state.check(answer)
    text = coach.describe(state, answer)
    played = parse(p.played)
    best_json = p.accepted[0] if p.accepted else None

    def graded(correct: bool, words: str) -> Answer:
        return Answer(puzzle, answer.to_json(), text, correct, words, best_json, p.best_text)

    def wrong(why: str) -> Answer:
        now = coach.consequence_of(state, answer)
        also = f" Also, {now.rstrip('.')}." if now else ""
        return graded(False, f"Not quite: {why}.{also} The coach's choice here: "
                             f"{p.best_text}.")

    if coach.same(answer, played):
        return wrong("that is the move played in the game, the one this puzzle asks you to "
                     "improve on")
    for accepted in p.accepted:
        if coach.same(answer, parse(accepted)):
            if best_json is not None and coach.same(answer, parse(best_json)):
                return graded(True, f"Yes: {text} is the coach's choice here.")
            return graded(True, f"Yes: {text} is as good as the coach's choice here "
                                f"({p.best_text}), as far as its simulations can tell.")
    bot = coach.make_bot(decision_seed(the_review.seed, p.position), the_review.playouts)
    bot.extra_floor = extra_floor(the_review.playouts)
    _, ranked, _, _ = search(state, bot, coach.describe, extra=(answer, played))
    assert bot.last is not None
    best, versus_of = _ranked(ranked, bot.last, (answer, played))
    mine = next(s for s in ranked if s.move == answer)
    versus = versus_of(mine)
    if mine is best or coach.same(best.move, answer) or _as_good(versus):
        return graded(True, f"Yes: {text} is about as good as the coach's choice here "
                            f"({best.text}).")
    return wrong(why_worse(versus, text, best.text))


__all__ = ["FORMAT", "MARKS", "PUZZLES_PER_SEAT", "SYMBOLS", "TWO_PLAYER_STEPS", "VERSION",
           "Answer", "Decision", "Puzzle", "Review", "ReviewCancelled", "ReviewCoach",
           "SeatSummary", "check_answer", "decision_seed", "mark_for", "review", "thresholds",
           "why_worse"]
