"""The search bot: open-loop Monte Carlo tree search with dice as chance.

Every iteration plays the game forward from a *determinization*: a copy of the position
made with :meth:`GameState.reseeded`, so that its future rolls are fresh random ones (the
bot never sees the real game's coming dice).  The tree is *open-loop*: a node is a
sequence of actions, not a position, because the same action leads to different dice in
different iterations.  Actions are abstract where the dice differ between iterations
("buy tile t1-05", "build the wonder", "reroll the useless dice", "pass"); at the root,
whose dice are known, they are concrete moves.  An action that is impossible in an
iteration's determinization (no gold for that tile this time) is simply not available
there; selection uses UCB1 with availability counts (as in ISMCTS).

- **Selection**: UCB1 on the bot's reward, children tried first in the order the
  balanced heuristic ranks them.  Other players are modelled by the rollout policy (the
  balanced heuristic) inside the tree as well; with ``search_opponents`` they too get
  tree nodes and pick by UCB1 on their own reward (max^n).
- **Rollouts**: the balanced heuristic plays every seat, up to ``horizon`` round ends
  (then the position is evaluated: VP now plus what each seat's dice, advisor, chits,
  wonder and book lead are worth for the rounds left) or to the end of the game.
- **Reward**: half for being first, half a smooth function of the margin over the best
  other seat, so close wins and near misses both teach something.
- **Common random numbers**: the k-th playout of every root move uses the same seed,
  both for the move's own roll and (reseeding again after it) for all later rolls, so
  root moves are compared on equal luck.
- **Progressive widening** below the root: a node follows the heuristic's choice at
  first and admits its next-best actions as it is visited more.
- **Budget**: ``iterations`` (deterministic for a given seed) and an optional
  ``seconds`` cap.  The move played is the most visited root action.
"""

from __future__ import annotations

import math
import time
from collections.abc import Hashable
from dataclasses import dataclass, field

from ..machine import GameState
from ..moves import Build, Buy, Move, Pass, Reroll
from .base import BaseBot, check_turn
from .heuristic import BALANCED, Option, Strategy, action_options, decide

ROUNDS = 4


@dataclass
class _Edge:
    prior: int                     # rank in the heuristic's ordering (0 = its choice)
    visits: int = 0
    total: float = 0.0
    avail: int = 0
    child: _Node | None = None


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


def _key(move: Move) -> Hashable:
    if isinstance(move, Buy):
        return ("buy", move.tile)
    if isinstance(move, Build):
        return ("build",)
    if isinstance(move, Reroll):
        return ("reroll",)
    if isinstance(move, Pass):
        return ("pass",)
    return (move.type, move.to_json_str())


def root_candidates(state: GameState, seat: int, strategy: Strategy,
                    width: int) -> list[Move]:
    """The moves searched at the root, best-first by the heuristic: its top ``width``
    actions (always including passing), plus two more rerolls (every die not showing
    gold; every unused die)."""
    if state.step != "actions":
        return list(state.legal_moves())
    options = action_options(state, seat, strategy)
    moves = [o.move for o in options[:width]]
    if not any(isinstance(m, Pass) for m in moves):
        moves.append(next(o.move for o in options if isinstance(o.move, Pass)))
    p = state.players[seat]
    if p.chits[0] > 0:
        dice = state.unused_dice(seat)
        extra = [tuple(d for d in dice if not state.face(d)[0]), tuple(dice)]
        seen = {m.dice for m in moves if isinstance(m, Reroll)}
        for group in extra:
            if group and group not in seen:
                seen.add(group)
                moves.append(Reroll(group))
    return moves


def _tree_options(state: GameState, seat: int, strategy: Strategy,
                  width: int) -> list[Option]:
    options = action_options(state, seat, strategy)
    top = options[:width]
    if not any(isinstance(o.move, Pass) for o in top):
        top.append(next(o for o in options if isinstance(o.move, Pass)))
    return top


# Expected VP still to come, per feature, by rounds left; fitted by least squares on 2000
# four-player games of the balanced heuristic against itself (the rollout policy), from
# each seat's position at the start of rounds 2, 3 and 4 to its final score.
FEATURES = ("white dice", "blue dice", "orange dice", "red dice", "reroll chits",
            "gold chits", "stone chits", "food chits", "book chits", "strength chits",
            "unbuilt wonder VP", "players with fewer books", "constant")
EVAL_COEF: dict[int, tuple[float, ...]] = {
    3: (2.21, 2.28, 1.90, 4.91, 0.20, 1.26, -0.66, 0.30, 0.59, 0.00, 0.27, 0.67, 11.01),
    2: (1.62, 1.23, 1.24, 3.20, -0.04, 1.06, -0.10, 0.24, 0.39, 1.81, 0.20, 0.96, 7.42),
    1: (0.74, 0.49, 0.54, 1.42, 0.01, 0.44, -0.12, 0.00, 0.19, 1.02, 0.08, 0.62, 5.13),
}
_COLOUR_SLOT = {"white": 0, "blue": 1, "orange": 2, "red": 3}


def features(state: GameState, seat: int) -> list[float]:
    """The :data:`FEATURES` of ``seat``'s position (what :func:`evaluate` weighs)."""
    p = state.players[seat]
    tiles = state.comp.tiles
    out = [0.0] * len(FEATURES)
    for ref, k in zip(p.buildings, p.building_dice, strict=True):
        colour = tiles[ref].dice_colour
        assert colour is not None
        out[_COLOUR_SLOT[colour]] += k
    for k in range(6):
        out[4 + k] = p.chits[k] + p.chits_used[k]
    out[10] = tiles[p.wonder].vp if p.wonder >= 0 else 0
    if state.config.players == 1:
        out[11] = 1.0 if p.books > state.opponent_books else 0.0
    else:
        out[11] = sum(1 for o in state.players if o.books < p.books)
    out[12] = 1.0
    return out


def evaluate(state: GameState) -> list[float]:
    """Each seat's expected final VP: its VP now plus, by the rounds left, what its dice,
    chits, unbuilt wonder and book lead are worth (:data:`EVAL_COEF`).  Exact once the
    game is over; meant for positions at the start of a round."""
    scores = state.projected_scores()
    if state.is_terminal():
        return [float(x) for x in state.scores()]
    left = ROUNDS - state.round + (1 if state.step in ("new_round", "actions") else 0)
    coef = EVAL_COEF.get(min(left, 3))
    if coef is None:
        return [float(x) for x in scores]
    return [scores[seat] + sum(c * f for c, f in zip(coef, features(state, seat), strict=True))
            for seat in range(state.config.players)]


def rewards(values: list[float], order: list[int]) -> list[float]:
    """Half for finishing first (ties to the better player order), half for the margin."""
    n = len(values)
    if n == 1:
        # Solo: the Hall of Fame runs from 10 to 50 VP.
        return [min(1.0, max(0.0, (values[0] - 10.0) / 45.0))]
    best = min(range(n), key=lambda s: (-values[s], order.index(s)))
    out = []
    for s in range(n):
        margin = values[s] - max(values[o] for o in range(n) if o != s)
        out.append(0.5 * (s == best) + 0.5 / (1.0 + math.exp(-margin / 4.0)))
    return out


class MCTSBot(BaseBot):
    """Open-loop UCT over determinizations (see the module docstring).

    ``iterations``: playouts per decision; ``seconds``: an optional cap on the time per
    decision (a time cap makes the bot depend on the machine's speed, so levels use
    iterations); ``horizon``: round ends a playout runs through before the position is
    evaluated (None: to the end of the game); ``width``: actions considered per node.
    """

    name = "mcts"

    def __init__(self, seed: int = 0, iterations: int = 200, seconds: float | None = None,
                 horizon: int | None = 1, width: int = 6, tree_width: int = 4,
                 exploration: float = 0.7, rollout: Strategy = BALANCED,
                 search_opponents: bool = False, widening: float = 0.5,
                 name: str | None = None) -> None:
        super().__init__(seed, name)
        self.iterations = iterations
        self.seconds = seconds
        self.horizon = horizon
        self.width = width
        self.tree_width = tree_width
        self.exploration = exploration
        self.rollout = rollout
        self.search_opponents = search_opponents
        self.widening = widening
        self.last: SearchStats | None = None

    # ------------------------------------------------------------------ search
    def choose(self, state: GameState) -> Move:
        seat = check_turn(state)
        start = time.perf_counter()
        candidates = root_candidates(state, seat, self.rollout, self.width)
        if len(candidates) == 1:
            self.last = SearchStats(0, time.perf_counter() - start, 1,
                                    ((str(candidates[0]), 0, 0.0),))
            return candidates[0]
        rng = self.rng_for(state, "mcts")
        root = _Node()
        keys: list[Hashable] = []
        for rank, m in enumerate(candidates):
            key = ("root", m.to_json_str())
            keys.append(key)
            root.edges[key] = _Edge(prior=rank)
        stop_round = None if self.horizon is None else state.round + self.horizon - 1
        # Common random numbers: the k-th playout of every root move sees the same dice
        # (its own roll, then everybody's rolls after it), so root moves are compared on
        # equal luck and fewer playouts tell them apart.
        seeds: list[int] = []
        edges = [root.edges[k] for k in keys]
        done = 0
        for i in range(self.iterations):
            if self.seconds is not None and i and time.perf_counter() - start > self.seconds:
                break
            j = self._select(edges, i)
            edge = edges[j]
            while len(seeds) <= edge.visits:
                seeds.append(rng.getrandbits(62))
            seed = seeds[edge.visits]
            sim = state.reseeded(seed)
            sim.apply(candidates[j], log=False)
            sim = sim.reseeded(seed ^ 0x2545F4914F6CDD1D)
            if edge.child is None:
                edge.child = _Node()
            self._iterate(sim, edge.child, [(edge, seat)], seat, stop_round)
            done += 1
        best_i = max(range(len(candidates)), key=lambda j: (
            root.edges[keys[j]].visits, _mean(root.edges[keys[j]]), -j))
        self.last = SearchStats(
            done, time.perf_counter() - start, len(candidates),
            tuple((str(m), root.edges[k].visits, round(_mean(root.edges[k]), 4))
                  for m, k in zip(candidates, keys, strict=True)))
        return candidates[best_i]

    def _select(self, edges: list[_Edge], parent_visits: int) -> int:
        """UCB1 at the root: untried moves first, in the heuristic's order."""
        untried = [j for j, e in enumerate(edges) if e.visits == 0]
        if untried:
            return min(untried, key=lambda j: edges[j].prior)
        c = self.exploration
        log_n = math.log(max(parent_visits, 1))
        return max(range(len(edges)), key=lambda j: (
            edges[j].total / edges[j].visits + c * math.sqrt(log_n / edges[j].visits)))

    def _iterate(self, s: GameState, node: _Node | None, path: list[tuple[_Edge, int]],
                 me: int, stop_round: int | None) -> None:
        """Descend the tree from ``node`` (after the root move), expand one action, play
        out, and back the reward up ``path``."""
        while node is not None and not _over(s, stop_round):
            seat = s.current_player()
            assert seat is not None
            if s.step != "actions" or (seat != me and not self.search_opponents):
                s.apply(decide(s, seat, self.rollout), log=False)
                continue
            options = _tree_options(s, seat, self.rollout, self.tree_width)
            moves = [o.move for o in options]
            keys = [_key(m) for m in moves]
            if len(moves) == 1:
                s.apply(moves[0], log=False)
                continue
            # Progressive widening: follow the heuristic's choice at first, and admit
            # its next-best actions only as the node is visited more often.
            allowed = min(len(moves), 1 + int(self.widening * math.sqrt(node.visits)))
            node.visits += 1
            moves, keys = moves[:allowed], keys[:allowed]
            if len(moves) == 1:
                e = node.edges.get(keys[0])
                if e is None:
                    e = node.edges[keys[0]] = _Edge(prior=0)
                s.apply(moves[0], log=False)
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
                path.append((edges[j], seat))
                node = None             # expanded: the rest is the playout
                break
            c = self.exploration
            j = max(range(len(edges)), key=lambda j: (
                edges[j].total / edges[j].visits
                + c * math.sqrt(math.log(edges[j].avail) / edges[j].visits)))
            s.apply(moves[j], log=False)
            path.append((edges[j], seat))
            if edges[j].child is None:
                edges[j].child = _Node()
            node = edges[j].child
        self._playout(s, stop_round)
        reward = rewards(evaluate(s), s.order)
        for edge, seat in path:
            edge.visits += 1
            edge.total += reward[seat]

    def _playout(self, s: GameState, stop_round: int | None) -> None:
        while not _over(s, stop_round):
            seat = s.current_player()
            assert seat is not None
            s.apply(decide(s, seat, self.rollout), log=False)


def _over(s: GameState, stop_round: int | None) -> bool:
    if s.is_terminal():
        return True
    return stop_round is not None and s.round > stop_round


def _mean(e: _Edge) -> float:
    return e.total / e.visits if e.visits else 0.0


__all__ = ["MCTSBot", "SearchStats", "evaluate", "rewards", "root_candidates"]
