"""The board game's coach: the search bot's three best moves for the player to decide.

The search and the result types are the shared coach's (:mod:`nations_widget.core.coach`:
:class:`Hint`, :class:`Suggestion`, :class:`Verdict`, each with ``to_json()``); here are
the board game's level and words.  :func:`hint` runs the search bot of the default level
(``mcts``: :data:`COACH_ITERATIONS` playouts, at most :data:`COACH_STEPS` simulated moves,
capped at :data:`COACH_SECONDS`) on a copy of the position.  Every playout starts from a
copy whose undrawn decks are shuffled afresh (``GameState.reseeded``), so the coach never
sees the cards and events still to come; a playout stops at the end of the round and the
position is scored by the bots' evaluation (:mod:`nations_widget.board.bots.evaluation`):
"wins" means "is ahead on that estimate", the margin is in expected final VP.

For a front end (the widget's Hint button): ``hint(game.state).to_json()`` (or
``Game.hint()``) gives the seat, the suggestions (each: the move's JSON, its text such as
"Buy Colosseum for 2 gold", ``win_rate``, ``margin``, ``visits``, ``summary``) and the
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

from ..core import coach as core_coach
from ..core.coach import Hint, Suggestion, Verdict
from .bots import BOT_INFO
from .bots.mcts import MCTSBot
from .components import STONE
from .effects import amount_text
from .moves import Buy, Choose, Deploy, Grow, Hire, Move, Pass, Special, Undeploy
from .rules import deploy_cost, price_of
from .state import GameState

_LEVEL = BOT_INFO["mcts"].make(0)
#: Playouts per hint: the default bot level's ("mcts").
COACH_ITERATIONS: int = getattr(_LEVEL, "iterations", 100)
#: The most moves a hint's playouts apply, all together: the default level's bound.
COACH_STEPS: int | None = getattr(_LEVEL, "max_steps", None)
#: The most a hint may take (seconds): the search stops there even if short of playouts.
COACH_SECONDS = 1.8
#: How many moves a hint lists.
COACH_TOP = core_coach.COACH_TOP


def coach_bot(seed: int = 0, iterations: int = COACH_ITERATIONS,
              seconds: float | None = COACH_SECONDS) -> MCTSBot:
    """The search bot a hint runs (the default level's settings, with a time cap)."""
    return MCTSBot(seed, iterations=iterations, seconds=seconds, name="coach",
                   max_steps=COACH_STEPS if iterations == COACH_ITERATIONS else None)


def describe_move(s: GameState, move: Move) -> str:
    """``move`` (legal in ``s``) in words, with what it costs: "Buy Colosseum for 2 gold",
    "Deploy a worker on Quarry for 1 stone", "Put Colosseum in slot 2 (Farm)", ..."""
    seat = s.current_player()
    if seat is None:
        return str(move)
    p = s.players[seat]
    cards = s.comp.cards
    if isinstance(move, Pass):
        return "Pass (no more actions this round)"
    if isinstance(move, Buy):
        ref = s.comp.card_ref[move.card]
        card = cards[ref]
        return f"Buy {card.name} ({card.type}) for {price_of(s, seat, ref)} gold"
    if isinstance(move, Deploy):
        name = cards[p.bm[move.slot]].name
        cost = deploy_cost(s, seat, move.slot)
        where = "" if move.source == "idle" else \
            f" moved from {cards[p.bm[int(move.source)]].name}"
        return f"Deploy a worker{where} on {name} for {amount_text(STONE, cost)}"
    if isinstance(move, Undeploy):
        workers = "a worker" if move.count == 1 else f"{move.count} workers"
        return f"Take {workers} back from {cards[p.bm[move.slot]].name}"
    if isinstance(move, Hire):
        wonder = cards[p.wonder]
        return (f"Hire an architect for {wonder.name} "
                f"({amount_text(STONE, wonder.stages[p.built])})")
    if isinstance(move, Special):
        return f"Use the action of {cards[s.comp.card_ref[move.card]].name}"
    if isinstance(move, Grow):
        if move.worker == "free":
            return "Grow: take the returned worker"
        if move.worker is not None:
            return f"Grow: take a worker from the {move.worker} section"
        amount = s.comp.difficulty[s.config.difficulty[seat]]
        return f"Grow: take {amount} {move.bonus}"
    if isinstance(move, Choose) and s.queue:
        d = s.queue[0]
        if d[0] in ("place_bm", "place_colony", "place_advisor", "place_wonder"):
            return f"Put {cards[d[2]].name} in {move.option}"
        if d[0] in ("battle", "golden"):
            return f"{cards[d[2]].name}: {move.option}"
        return f"Choose: {move.option}"
    return str(move)


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


__all__ = ["COACH_ITERATIONS", "COACH_SECONDS", "COACH_STEPS", "COACH_TOP", "Hint",
           "Suggestion", "Verdict", "coach_bot", "compare", "describe_move", "hint"]
