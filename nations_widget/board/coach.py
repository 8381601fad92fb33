"""The board game's coach: the search bot's three best moves for the player to decide.

The search and the result types are the shared coach's (:mod:`nations_widget.core.coach`:
:class:`Hint`, :class:`Suggestion`, :class:`Verdict`, each with ``to_json()``); here are
the board game's level and words.  :func:`hint` runs the search bot of the default level
(``mcts``: :data:`COACH_ITERATIONS` playouts, at most :data:`COACH_STEPS` simulated moves,
capped at :data:`COACH_SECONDS`) on a copy of the position.  Every playout starts from a
copy whose undrawn decks are shuffled afresh (``GameState.reseeded``), so the coach never
sees the cards and events still to come; a playout stops at the end of the round and the
position is scored by the bots' evaluation (:mod:`nations_widget.board.bots.evaluation`):
the margin is in expected final VP, and the chance to win takes those estimates as the
final scores give or take a fitted spread (``SPREAD_BY_PRODUCTIONS_LEFT`` in
:mod:`nations_widget.board.bots.mcts`); each figure comes with its margin of error, and
the search (:class:`CoachBot`) is rewarded by that chance and the margin.

For a front end (the widget's Hint button): ``hint(game.state).to_json()`` (or
``Game.hint()``) gives the seat, the suggestions (each: the move's JSON, its text such as
"Buy Colosseum (building) for 2 gold": :func:`~nations_widget.board.describe.describe_move`'s
words, the widget's too), ``win_rate``, ``margin`` and their errors, ``visits``,
``versus_first``, ``summary``) and the
search's size and time; :func:`compare` grades a move the player made, ``to_json()``
likewise.  The board game's bots do not play the solo game (against the shadow
opponent): the coach refuses it with a ``ValueError``.

>>> from nations_widget.board import Game
>>> game = Game(players=2, seed=3)
>>> h = hint(game.state, iterations=12)
>>> len(h.suggestions) <= 3 and all(game.state.is_legal(s.move) for s in h.suggestions)
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
from .bots import BOT_INFO
from .bots.mcts import MCTSBot
from .describe import describe_move
from .machine import GameState
from .moves import Move

_LEVEL = BOT_INFO["mcts"].make(0)
#: Playouts per hint: the default bot level's ("mcts").
COACH_ITERATIONS: int = getattr(_LEVEL, "iterations", 100)
#: The most moves a hint's playouts apply, all together: the default level's bound.
COACH_STEPS: int | None = getattr(_LEVEL, "max_steps", None)
#: The most a hint may take (seconds): the search stops there even if short of playouts.
COACH_SECONDS = 1.8
#: How many moves a hint lists.
COACH_TOP = core_coach.COACH_TOP


class CoachBot(MCTSBot):
    """The default level's search bot, rewarded by what the coach shows: half the chance
    of finishing first (from the estimated final scores and their fitted spread), half
    the margin's logistic curve (:func:`~nations_widget.core.odds.chance_rewards`)."""

    def reward(self, state: GameState) -> list[float]:
        spread = 0.0 if state.is_terminal() else self.spread(state)
        return chance_rewards(self.values(state), spread)


def coach_bot(seed: int = 0, iterations: int = COACH_ITERATIONS,
              seconds: float | None = COACH_SECONDS) -> MCTSBot:
    """The search bot a hint runs (the default level's settings, with a time cap)."""
    return CoachBot(seed, iterations=iterations, seconds=seconds, name="coach",
                    max_steps=COACH_STEPS if iterations == COACH_ITERATIONS else None)


def _check_players(state: GameState) -> None:
    if state.config.players < 2:
        raise ValueError("the board game's coach advises games of 2-5 players (its bots "
                         "do not play the solo game)")


def hint(state: GameState, *, top: int = COACH_TOP, iterations: int = COACH_ITERATIONS,
         seconds: float | None = COACH_SECONDS, seed: int = 0) -> Hint:
    """The coach's ``top`` best moves for the player to decide in ``state`` (unchanged),
    best first; raises :class:`~nations_widget.core.errors.IllegalMoveError` once the game
    is over."""
    _check_players(state)
    return core_coach.hint(state, coach_bot(seed, iterations, seconds), describe_move,
                           top=top)


def compare(state: GameState, move: Move, *, iterations: int = COACH_ITERATIONS,
            seconds: float | None = COACH_SECONDS, seed: int = 0) -> Verdict:
    """How ``move`` (legal in ``state``) compares with the coach's best move there."""
    _check_players(state)
    return core_coach.compare(state, move, coach_bot(seed, iterations, seconds),
                              describe_move)


#: Playouts per decision of a review (:func:`review`): a 4-player game of 8 rounds in about
#: 27 s of one core (benchmarks/review_speed.py; README, "Review").
REVIEW_PLAYOUTS = 32


def review_bot(seed: int, playouts: int) -> MCTSBot:
    """The search a review runs at each decision: the coach's, with no time cap and no
    bound on the simulated moves (the playouts are the budget)."""
    return CoachBot(seed, iterations=playouts, seconds=None, name="coach")


#: The mean points of the final margin lost per decision that make a review's accuracy
#: 100/e (37%): calibrated on bots of known strength at the review's budget
#: (benchmarks/review_calibration.py; docs/review.md has the table).
ACCURACY_POINTS = 2.3
#: What the review's accuracy means, with the measured figures (docs/review.md).
ACCURACY_NOTE = ("Accuracy: how close a player's decisions came to the coach's best, on "
                 "average, in points of the final score (100%: as good as the coach's "
                 "choice every time). Measured on the app's bots: a player who picks "
                 "moves at random scores about 50% (from 4% to 85% in one game), the "
                 "easy bot about 85%, the heuristic bot about 99%.")

#: A decision's kind in words, by the move's type (a purchase by the card's type), for
#: the review's "lost most over a stretch ..., mostly from ...".
DECISION_KINDS = {"pass": "passing", "grow": "choosing your growth",
                  "choose": "answering events and cards", "deploy": "placing workers",
                  "undeploy": "taking workers back", "hire": "hiring architects",
                  "special": "using cards' actions"}


def decision_kind(state: GameState, move: Move) -> str:
    """``move``'s kind in words: "buying buildings", "placing workers", "passing"..."""
    if move.type == "buy":
        ref = state.comp.card_ref.get(getattr(move, "card", ""))
        kind = state.comp.cards[ref].type if ref is not None else ""
        return f"buying {kind} cards" if kind else "buying cards"
    return DECISION_KINDS.get(move.type, move.type)


def _food_short(state: GameState, seat: int) -> tuple[int, int]:
    """How much food ``seat`` would lack at this round's famine, after the production
    (its food now and the production's net food against the famine's), and the famine."""
    from .constants import FOOD
    from .rules import production_of
    need = state.comp.events[state.event].famine if state.event >= 0 else 0
    have = state.players[seat].res[FOOD] + production_of(state, seat)[FOOD]
    return max(0, need - have), need


def _war_short(state: GameState, seat: int) -> int:
    """How much military strength ``seat`` lacks against this round's war (0: none, or
    no war this round)."""
    from .rules import war_strength_of
    if state.war < 0:
        return 0
    return max(0, state.war_strength - war_strength_of(state, seat))


def consequence(state: GameState, move: Move) -> str | None:
    """What a move does to this round's famine and war, in a player's words: "it leaves
    you 2 food short at this round's famine (3 food)", "it leaves you 1 military strength
    short of this round's war (strength 4)", when it makes a shortfall larger (the move
    played on a copy whose decks are shuffled afresh: nothing hidden is read)."""
    seat = state.current_player()
    if seat is None or state.step != "actions" or state.config.players < 2:
        return None
    food_before, need = _food_short(state, seat)
    war_before = _war_short(state, seat)
    after_state = state.reseeded(0)
    after_state.apply(move)
    if after_state.step != "actions":
        return None              # the round moved on: its figures are no longer this round's
    said = []
    food_after, _ = _food_short(after_state, seat)
    if food_after > food_before:
        said.append(f"it leaves you {food_after} food short at this round's famine "
                    f"({need} food), and a shortfall costs VP and books")
    war_after = _war_short(after_state, seat)
    if war_after > war_before:
        said.append(f"it leaves you {war_after} military strength short of this round's "
                    f"war (strength {state.war_strength}), and a defeat costs resources "
                    "and 1 VP")
    return "; ".join(said) or None


#: The board game's search and words for :mod:`nations_widget.core.review`.
REVIEW_COACH = ReviewCoach(review_bot, describe_move, accuracy_points=ACCURACY_POINTS,
                           accuracy_note=ACCURACY_NOTE, kind=decision_kind,
                           luck_word="the cards drawn", consequence=consequence)


def review(game: Any, *, seats: Sequence[int] | None = None,
           playouts: int = REVIEW_PLAYOUTS, seed: int | None = None,
           upto: int | None = None, progress: Callable[[int, int], None] | None = None,
           cancelled: Callable[[], bool] | None = None,
           executor: Executor | None = None) -> Review:
    """The coach's review of ``game`` (a :class:`~nations_widget.board.Game` of 2-5
    players): each seat's chance to win at every decision, ``seats``' decisions marked, a
    summary per player and puzzles (see :mod:`nations_widget.core.review`)."""
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
    "COACH_STEPS",
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
    "coach_bot",
    "compare",
    "decision_kind",
    "describe_move",
    "hint",
    "review",
    "review_bot",
]
