"""Open-loop Monte Carlo tree search for any engine, with chance as hidden future.

Every iteration plays the game forward from a *determinization*: a copy of the position
made with ``state.reseeded(seed)``, so that its hidden future (rolls, draws) is a fresh
random one (the bot never sees the real game's).  The tree is *open-loop*: a node is a
sequence of actions, not a position, because the same action leads to different
outcomes in different iterations.  Below the root, actions are *abstract* (the game's
:meth:`MCTSBot.action_key`: "buy tile t1-05" rather than a payment with particular dice);
at the root, whose position is known, they are concrete moves.  An action impossible in
an iteration's determinization is simply not available there; selection uses UCB1 with
availability counts (as in ISMCTS).

- **Selection**: UCB1 on the bot's reward, children tried first in the order the game's
  :meth:`MCTSBot.tree_moves` gives them (its prior).  Other players are played by the
  rollout policy inside the tree as well; with ``search_opponents`` they too get tree
  nodes and pick by UCB1 on their own reward (max^n).
- **Rollouts**: :meth:`MCTSBot.rollout_move` plays every seat until the game ends or the
  game's :meth:`MCTSBot.horizon_reached` says the playout has gone far enough; the
  position is then scored by :meth:`MCTSBot.reward`.
- **Common random numbers**: the k-th playout of every root move uses the same seed,
  both for the move's own outcome and (reseeding again after it) for everything later,
  so root moves are compared on equal luck.
- **Progressive widening** below the root: a node follows the prior's first action at
  first and admits the next ones as it is visited more.
- **Budget**: ``iterations`` (deterministic for a given seed), an optional ``max_steps``
  (the moves all playouts together may apply: a deterministic bound on the time, since
  a step costs about the same everywhere while a playout's length varies with the
  position) and an optional ``seconds`` cap (which makes the bot depend on the machine).
  The move played is the most visited root action.

What a game supplies, by subclassing :class:`MCTSBot`:

``root_candidates(state, seat) -> list[move]``
    the moves searched at the root, best first.
``searched(state) -> bool``
    whether the tree branches at this decision (else the rollout policy decides).
``tree_moves(state, seat) -> list[move]``
    the candidate moves at a tree node, best first (the prior order).
``action_key(move) -> Hashable``
    the abstract action a move stands for below the root.
``rollout_move(state, seat) -> move``
    the playout policy.
``reward(state) -> list[float]``
    each seat's reward in 0..1 for a position where a playout stops (terminal or not).
``horizon_reached(root, state, horizon) -> bool``
    whether a playout started at ``root`` stops at ``state`` (``horizon`` is the bot's
    setting, never None here).

and, for a coach (``record_outcomes``), optionally:

``values(state) -> list[float]``
    each seat's estimated final score where a playout stops (by default the reward);
``spread(state) -> float``
    how far a seat's final score may still stray from ``values`` there: the standard
    deviation of the estimate's error (not asked once the game is over; by default 0,
    which makes a playout's chance of finishing first 0 or 1).  Each playout's chance of
    finishing first is :func:`~nations_widget.core.odds.win_chance` of the two.
"""

from __future__ import annotations

import contextlib
import math
import threading
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Iterator
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from ..odds import win_chance
from .base import BaseBot, check_turn

#: XORed into a playout's seed to reseed after the root move: the root move's own outcome
#: and everything after it are drawn from different, but still common, streams.
_AFTER_ROOT = 0x2545F4914F6CDD1D

#: ``progress(done, total, seconds, cap)``: told how a search on this thread is going
#: (playouts done and planned, seconds spent, the cap on seconds or None).
Progress = Callable[[int, int, float, "float | None"], None]
#: A search reports its progress at most this often (seconds).
PROGRESS_EVERY = 0.2
_WATCHERS = threading.local()


@contextlib.contextmanager
def search_progress(progress: Progress) -> Iterator[None]:
    """While the block runs, every search on this thread tells ``progress`` how far it is
    (playouts done and planned, seconds spent, its cap on seconds), at its start and then
    at most every :data:`PROGRESS_EVERY` seconds.  A front end uses it to show a coach
    thinking; it is a thread's setting rather than an argument, so the games' coach
    modules need no hook."""
    before = getattr(_WATCHERS, "progress", None)
    _WATCHERS.progress = progress
    try:
        yield
    finally:
        _WATCHERS.progress = before


class Outcome(NamedTuple):
    """One playout's outcome for the player searched for (a coach's figures)."""

    #: the chance of finishing first (:func:`~nations_widget.core.odds.win_chance`)
    win: float
    #: the estimated final margin over the best other seat (solo: the estimated score)
    margin: float
    #: whether the playout reached the end of the game (the figures are then exact)
    ended: bool
    #: with ``record_seats``: every seat's chance of finishing first, by seat (a review
    #: graphs them all); empty otherwise
    seats: tuple[float, ...] = ()


@dataclass
class _Edge:
    prior: int                     # rank in the prior's ordering (0 = its first choice)
    visits: int = 0
    total: float = 0.0
    avail: int = 0
    child: _Node | None = None
    #: root edges, with record_outcomes: one :data:`Outcome` per playout, in playout order
    outcomes: list[Outcome] = field(default_factory=list)


@dataclass
class _Node:
    edges: dict[Hashable, _Edge] = field(default_factory=dict)
    visits: int = 0


@dataclass(frozen=True)
class SearchStats:
    """What the last search did (for the curious and for tests)."""

    iterations: int
    seconds: float
    candidates: int
    visits: tuple[tuple[str, int, float], ...]   # (move, visits, mean reward) per root move
    #: the root moves searched (the order of ``visits``)
    moves: tuple[Any, ...] = ()
    #: with ``record_outcomes``: (mean chance of finishing first, mean estimated margin
    #: over the best other seat) per root move, from :meth:`MCTSBot.values` and
    #: :meth:`MCTSBot.spread` where each playout stopped
    outcomes: tuple[tuple[float, float], ...] = ()
    #: the moves the playouts applied, all together
    steps: int = 0
    #: with ``record_outcomes``: every playout's :data:`Outcome` per root move; the k-th
    #: playouts of all root moves share their random numbers (compare them in pairs)
    playouts: tuple[tuple[Outcome, ...], ...] = ()


class MCTSBot(BaseBot, ABC):
    """Open-loop UCT over determinizations (see the module docstring for the hooks).

    ``iterations``: playouts per decision; ``seconds``: an optional cap on the time per
    decision (a time cap makes the bot depend on the machine's speed); ``horizon``: how
    far a playout runs before the position is scored, in the game's unit (None: to the
    end of the game); ``exploration``: UCB1's constant; ``widening``: how fast nodes
    below the root admit more actions.
    """

    name = "mcts"

    def __init__(self, seed: int = 0, iterations: int = 200, seconds: float | None = None,
                 horizon: int | None = 1, exploration: float = 0.7,
                 search_opponents: bool = False, widening: float = 0.5,
                 name: str | None = None) -> None:
        super().__init__(seed, name)
        self.iterations = iterations
        self.seconds = seconds
        self.horizon = horizon
        self.exploration = exploration
        self.search_opponents = search_opponents
        self.widening = widening
        self.last: SearchStats | None = None
        #: also count, per root move, the playouts won and the mean margin (a coach's
        #: figures; costs one :meth:`values` call per playout)
        self.record_outcomes = False
        #: with ``record_outcomes``: also every seat's chance of finishing first in each
        #: playout (:attr:`Outcome.seats`; a review graphs each seat's chance)
        self.record_seats = False
        #: moves searched at the root besides :meth:`root_candidates` (the coach adds the
        #: move a player made, to grade it)
        self.extra_root: tuple[Any, ...] = ()
        #: each move of ``extra_root`` is searched at least this many times, budget
        #: permitting (a review compares the move played with the best on enough shared
        #: playouts: the search itself would spend few on a poor move)
        self.extra_floor = 0
        #: stop once the playouts have applied this many moves in all (None: no bound)
        self.max_steps: int | None = None
        self._steps = 0

    # ------------------------------------------------------------ the game's hooks
    @abstractmethod
    def root_candidates(self, state: Any, seat: int) -> list[Any]:
        """Supplied by the game (see the module docstring)."""

    @abstractmethod
    def searched(self, state: Any) -> bool:
        """Supplied by the game (see the module docstring)."""

    @abstractmethod
    def tree_moves(self, state: Any, seat: int) -> list[Any]:
        """Supplied by the game (see the module docstring)."""

    @abstractmethod
    def action_key(self, move: Any) -> Hashable:
        """Supplied by the game (see the module docstring)."""

    @abstractmethod
    def rollout_move(self, state: Any, seat: int) -> Any:
        """Supplied by the game (see the module docstring)."""

    @abstractmethod
    def reward(self, state: Any) -> list[float]:
        """Supplied by the game (see the module docstring)."""

    @abstractmethod
    def horizon_reached(self, root: Any, state: Any, horizon: int) -> bool:
        """Supplied by the game (see the module docstring)."""

    def values(self, state: Any) -> list[float]:
        """Each seat's value where a playout stops, for ``record_outcomes`` (a game
        overrides it with its score estimate; by default the reward)."""
        rewards: list[float] = self.reward(state)
        return rewards

    def spread(self, state: Any) -> float:
        """The standard deviation of a seat's final score around :meth:`values` at a
        position where a playout stops before the end (a game overrides it with its fit;
        by default 0: the estimate taken as the result)."""
        return 0.0

    # ------------------------------------------------------------------ search
    def choose(self, state: Any) -> Any:
        seat = check_turn(state)
        start = time.perf_counter()
        candidates = list(self.root_candidates(state, seat))
        candidates += [m for m in self.extra_root if m not in candidates]
        if len(candidates) == 1:
            self.last = SearchStats(0, time.perf_counter() - start, 1,
                                    ((str(candidates[0]), 0, 0.0),), (candidates[0],))
            return candidates[0]
        rng = self.rng_for(state, "mcts")
        edges = [_Edge(prior=rank) for rank in range(len(candidates))]
        seeds: list[int] = []
        done = 0
        self._steps = 0
        floored = ([k for k, m in enumerate(candidates) if m in self.extra_root]
                   if self.extra_floor else [])
        progress: Progress | None = getattr(_WATCHERS, "progress", None)
        told = -PROGRESS_EVERY
        for i in range(self.iterations):
            if self.seconds is not None and i and time.perf_counter() - start > self.seconds:
                break
            if progress is not None and time.perf_counter() - start - told >= PROGRESS_EVERY:
                told = time.perf_counter() - start
                progress(i, self.iterations, told, self.seconds)
            if self.max_steps is not None and i and self._steps >= self.max_steps:
                break
            short = [k for k in floored if edges[k].visits < self.extra_floor]
            j = short[0] if short and i >= len(candidates) else self._select(edges, i)
            edge = edges[j]
            while len(seeds) <= edge.visits:
                seeds.append(rng.getrandbits(62))
            seed = seeds[edge.visits]
            sim = state.reseeded(seed)
            sim.apply(candidates[j], log=False)
            sim = sim.reseeded(seed ^ _AFTER_ROOT)
            if edge.child is None:
                edge.child = _Node()
            self._iterate(state, sim, edge.child, [(edge, seat)], seat)
            done += 1
        best = max(range(len(candidates)), key=lambda j: (edges[j].visits, _mean(edges[j]), -j))
        self.last = SearchStats(
            done, time.perf_counter() - start, len(candidates),
            tuple((str(m), e.visits, round(_mean(e), 4))
                  for m, e in zip(candidates, edges, strict=True)),
            tuple(candidates),
            tuple(_means(e.outcomes) for e in edges) if self.record_outcomes else (),
            self._steps,
            tuple(tuple(e.outcomes) for e in edges) if self.record_outcomes else ())
        return candidates[best]

    def _select(self, edges: list[_Edge], parent_visits: int) -> int:
        """UCB1 at the root: untried moves first, in the prior's order."""
        untried = [j for j, e in enumerate(edges) if e.visits == 0]
        if untried:
            return min(untried, key=lambda j: edges[j].prior)
        c = self.exploration
        log_n = math.log(max(parent_visits, 1))
        return max(range(len(edges)), key=lambda j: (
            edges[j].total / edges[j].visits + c * math.sqrt(log_n / edges[j].visits)))

    def _over(self, root: Any, s: Any) -> bool:
        if s.is_terminal():
            return True
        return self.horizon is not None and self.horizon_reached(root, s, self.horizon)

    def _iterate(self, root: Any, s: Any, node: _Node | None,
                 path: list[tuple[_Edge, int]], me: int) -> None:
        """Descend the tree from ``node`` (after the root move), expand one action, play
        out, and back the reward up ``path``."""
        while node is not None and not self._over(root, s):
            seat = s.current_player()
            assert seat is not None
            if not self.searched(s) or (seat != me and not self.search_opponents):
                s.apply(self.rollout_move(s, seat), log=False)
                self._steps += 1
                continue
            moves = self.tree_moves(s, seat)
            keys = [self.action_key(m) for m in moves]
            if len(moves) == 1:
                s.apply(moves[0], log=False)
                self._steps += 1
                continue
            # Progressive widening: follow the prior's first choice at first, and admit
            # the next ones only as the node is visited more often.
            allowed = min(len(moves), 1 + int(self.widening * math.sqrt(node.visits)))
            node.visits += 1
            moves, keys = moves[:allowed], keys[:allowed]
            if len(moves) == 1:
                e = node.edges.get(keys[0])
                if e is None:
                    e = node.edges[keys[0]] = _Edge(prior=0)
                s.apply(moves[0], log=False)
                self._steps += 1
                path.append((e, seat))
                if e.child is None:
                    e.child = _Node()
                node = e.child
                continue
            edges = []
            for rank, k in enumerate(keys):
                e = node.edges.get(k)
                if e is None:
                    e = node.edges[k] = _Edge(prior=rank)
                e.avail += 1
                edges.append(e)
            untried = [j for j, e in enumerate(edges) if e.visits == 0]
            if untried:
                j = min(untried, key=lambda j: edges[j].prior)
                s.apply(moves[j], log=False)
                self._steps += 1
                path.append((edges[j], seat))
                node = None             # expanded: the rest is the playout
                break
            c = self.exploration
            j = max(range(len(edges)), key=lambda j: (
                edges[j].total / edges[j].visits
                + c * math.sqrt(math.log(edges[j].avail) / edges[j].visits)))
            s.apply(moves[j], log=False)
            self._steps += 1
            path.append((edges[j], seat))
            if edges[j].child is None:
                edges[j].child = _Node()
            node = edges[j].child
        while not self._over(root, s):
            seat = s.current_player()
            assert seat is not None
            s.apply(self.rollout_move(s, seat), log=False)
            self._steps += 1
        reward = self.reward(s)
        if self.record_outcomes:
            values = self.values(s)
            ended = s.is_terminal()
            spread = 0.0 if ended else self.spread(s)
            others = max((v for k, v in enumerate(values) if k != me), default=None)
            margin = values[me] if others is None else values[me] - others
            seats = (tuple(win_chance(values, k, spread) for k in range(len(values)))
                     if self.record_seats else ())
            path[0][0].outcomes.append(
                Outcome(seats[me] if seats else win_chance(values, me, spread), margin, ended,
                        seats))
        for edge, seat in path:
            edge.visits += 1
            edge.total += reward[seat]


def _mean(e: _Edge) -> float:
    return e.total / e.visits if e.visits else 0.0


def _means(outcomes: list[Outcome]) -> tuple[float, float]:
    n = len(outcomes)
    if not n:
        return (0.0, 0.0)
    return (sum(o.win for o in outcomes) / n, sum(o.margin for o in outcomes) / n)


__all__ = ["PROGRESS_EVERY", "MCTSBot", "Outcome", "Progress", "SearchStats", "search_progress"]
