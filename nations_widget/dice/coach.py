"""The coach: the search bot's three best moves for the player to decide, in words.

:func:`hint` runs the search bot (:class:`nations_widget.dice.bots.MCTSBot`, the default
level: 300 playouts, capped at :data:`COACH_SECONDS`) on the current position and reads
its root statistics: for each move it searched, how many playouts it spent there, the
player's mean chance to win and mean margin over the best other player, each with its
margin of error, and how it compares with the first move on the playouts they share.
Every playout starts from a reseeded copy of the position (``GameState.reseeded``), so
the coach never sees the real game's future rolls.  A playout stops at the end of the
round and the position is then scored by the bot's evaluation (VP now plus what dice,
chits, the unbuilt wonder and a book lead are worth for the rounds left); the chance to
win takes those estimates as the final scores give or take a fitted spread (3.5 VP with
one round left, 5 with two, 7.5 with three: ``SPREAD_BY_ROUNDS_LEFT`` in
:mod:`nations_widget.dice.bots.mcts`), and the search is rewarded by that chance (and
the margin), not by being ahead where the playout stopped.

:func:`compare` says how a move a player made compares with the coach's best one (the
played move is searched too, if the bot would not have looked at it).

The search, the ranking and the result types (:class:`Hint`, :class:`Suggestion`,
:class:`Verdict`) are the shared coach's (:mod:`nations_widget.core.coach`); here are the
dice game's level and words.

>>> from nations_widget.dice import Game
>>> game = Game(players=2, seed=3)
>>> h = hint(game.state, iterations=40)
>>> len(h.suggestions) <= 3 and h.suggestions[0].visits >= h.suggestions[-1].visits
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from typing import Any

from ..core import coach as core_coach
from ..core import review as core_review
from ..core.coach import Hint, Suggestion, Verdict
from ..core.odds import chance_rewards
from ..core.review import Answer, Review, ReviewCoach
from .bots.mcts import MCTSBot, evaluate, move_key, rewards
from .machine import GameState
from .moves import Move

#: Playouts per hint: the default bot level ("mcts").
COACH_ITERATIONS = 300
#: The most a hint may take (seconds): the search stops there even if short of playouts.
COACH_SECONDS = 1.8
#: How many moves a hint lists.
COACH_TOP = core_coach.COACH_TOP


class CoachBot(MCTSBot):
    """The search bot recording, per root move, every playout's chance to win and margin;
    ``extra`` moves are searched at the root besides the bot's own candidates.

    Its reward is the one it shows: half the chance of finishing first (from the estimated
    final scores and their fitted spread), half the margin's logistic curve
    (:func:`~nations_widget.core.odds.chance_rewards`), so that the moves it spends its
    playouts on are the ones its figures favour."""

    def __init__(self, seed: int = 0, iterations: int = COACH_ITERATIONS,
                 seconds: float | None = COACH_SECONDS,
                 extra: Sequence[Move] = ()) -> None:
        super().__init__(seed, iterations=iterations, seconds=seconds, name="coach")
        self.record_outcomes = True
        self.extra_root = tuple(extra)

    def reward(self, state: GameState) -> list[float]:
        values = evaluate(state)
        if len(values) == 1:
            return rewards(values, state.order)
        return chance_rewards(values, 0.0 if state.is_terminal() else self.spread(state))


def _describe(state: GameState, move: Move) -> str:
    return state.describe(move)


def hint(state: GameState, *, top: int = COACH_TOP, iterations: int = COACH_ITERATIONS,
         seconds: float | None = COACH_SECONDS, seed: int = 0) -> Hint:
    """The coach's ``top`` best moves for the player to decide in ``state`` (unchanged)."""
    return core_coach.hint(state, CoachBot(seed, iterations, seconds), _describe, top=top,
                           solo=state.config.players == 1)


def compare(state: GameState, move: Move, *, iterations: int = COACH_ITERATIONS,
            seconds: float | None = COACH_SECONDS, seed: int = 0) -> Verdict:
    """How ``move`` (legal in ``state``) compares with the coach's best move there.

    Moves are the same when they are the same action (buying the same tile, building,
    passing, rerolling): the coach does not grade the choice of dice within it."""
    return core_coach.compare(state, move, CoachBot(seed, iterations, seconds), _describe,
                              _same_action, solo=state.config.players == 1)


def _same_action(a: Move, b: Move) -> bool:
    return move_key(a) == move_key(b)


#: Playouts per decision of a review (:func:`review`): a 4-player game in about 10 s of one
#: core (benchmarks/review_speed.py; README, "Review").
REVIEW_PLAYOUTS = 120


def review_bot(seed: int, playouts: int) -> CoachBot:
    """The search a review runs at each decision: the coach's, with no time cap."""
    return CoachBot(seed, playouts, None)


#: The mean points of the final margin lost per decision that make a review's accuracy
#: 100/e (37%): calibrated on bots of known strength at the review's budget
#: (benchmarks/review_calibration.py; docs/review.md has the table).
ACCURACY_POINTS = 2.7
#: What the review's accuracy means, with the measured figures (docs/review.md).
ACCURACY_NOTE = ("Accuracy: how close a player's decisions came to the coach's best, on "
                 "average, in points of the final score (100%: as good as the coach's "
                 "choice every time). Measured on the app's bots: a player who picks "
                 "moves at random scores about 47% (from 0% to 98% in one game), the "
                 "easy bot about 81%, the balanced heuristic bot about 95%.")

#: A decision's kind in words, by the move's type (a purchase by what it buys), for the
#: review's "lost most over a stretch ..., mostly from ...".
DECISION_KINDS = {"pass": "passing", "reroll": "rerolling dice", "build": "building wonders",
                  "books": "using books", "feed": "feeding in the famine",
                  "fight": "fighting wars", "unrest": "settling unrest"}
_BOUGHT = {"building": "buildings", "advisor": "advisors", "colony": "colonies",
           "wonder": "wonders"}


def decision_kind(state: GameState, move: Move) -> str:
    """``move``'s kind in words: "buying wonders", "rerolling dice", "passing"..."""
    if move.type == "buy":
        ref = state.comp.tile_ref.get(getattr(move, "tile", ""))
        kind = state.comp.tiles[ref].kind if ref is not None else ""
        return f"buying {_BOUGHT.get(kind, 'tiles')}"
    return DECISION_KINDS.get(move.type, move.type)


def consequence(state: GameState, move: Move) -> str | None:
    """What a purchase or a build does at once that a player may regret, in the preview's
    words (:func:`~nations_widget.dice.preview.preview_move`): an unbuilt wonder discarded,
    resources paid beyond the cost or wasted on the dice that pay; None for other moves."""
    from .preview import preview_move  # (the preview imports the engine's payments)
    if move.type not in ("buy", "build"):
        return None
    shown = preview_move(state, move)
    said = [str(shown["warning"]).rstrip(".")] if shown.get("warning") else []
    if shown["wasted"]:
        # the same waste on two dice alike is said once, with how many
        wasted = {w: shown["wasted"].count(w) for w in shown["wasted"]}
        said.append("it wastes " + ", ".join(w if n == 1 else f"{w} ({n} dice)"
                                             for w, n in wasted.items()))
    return "; ".join(said) or None


#: The dice game's search and words for :mod:`nations_widget.core.review`.
REVIEW_COACH = ReviewCoach(review_bot, _describe, _same_action,
                           accuracy_points=ACCURACY_POINTS, accuracy_note=ACCURACY_NOTE,
                           kind=decision_kind, luck_word="the dice", consequence=consequence)


def review(game: Any, *, seats: Sequence[int] | None = None,
           playouts: int = REVIEW_PLAYOUTS, seed: int | None = None,
           upto: int | None = None, progress: Callable[[int, int], None] | None = None,
           cancelled: Callable[[], bool] | None = None,
           executor: Executor | None = None) -> Review:
    """The coach's review of ``game`` (a :class:`~nations_widget.dice.Game`): each seat's
    chance to win at every decision, ``seats``' decisions marked, a summary per player and
    puzzles (see :mod:`nations_widget.core.review`)."""
    return core_review.review(game, REVIEW_COACH, playouts=playouts, seats=seats, seed=seed,
                              upto=upto, progress=progress, cancelled=cancelled,
                              executor=executor)


def check_answer(game: Any, the_review: Review, puzzle: int, move: Any) -> Answer:
    """Grade ``move`` as the answer to puzzle number ``puzzle`` of ``the_review``."""
    return core_review.check_answer(game, REVIEW_COACH, the_review, puzzle, move)


__all__ = [
    "ACCURACY_NOTE",
    "ACCURACY_POINTS",
    "COACH_ITERATIONS",
    "COACH_SECONDS",
    "COACH_TOP",
    "DECISION_KINDS",
    "REVIEW_COACH",
    "REVIEW_PLAYOUTS",
    "Answer",
    "CoachBot",
    "Hint",
    "Review",
    "Suggestion",
    "Verdict",
    "check_answer",
    "compare",
    "decision_kind",
    "hint",
    "review",
    "review_bot",
]
