"""Property tests over random games (hypothesis): 1-4 players, both variants, automation
on and off.  After every move the box is conserved (44 dice, 33 chits), scores are never
negative, the state survives a JSON round trip, a player's view never shows the random
generator, the legal moves are stable and all pass ``check``; random corruptions of legal
moves are either legal and keep the invariants, or refused without any change.  Games are
deterministic and replayable, undo cannot fish for better rolls, and every game ends
after four rounds.  The same runs again with the Unrest expansion (green dice, star chits,
passing bonuses conserved too: ``check_invariants`` counts them).

The runs are derandomized (a fixed seed per test, no example database), so CI sees the
same games every time; the whole file takes well under a minute.
"""

from __future__ import annotations

import json
import random
from dataclasses import replace
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from nations_widget.dice import (
    Books,
    Build,
    Buy,
    Feed,
    Fight,
    Game,
    GameConfig,
    GameState,
    IllegalMoveError,
    Move,
    Pass,
    Payment,
    Reroll,
    Unrest,
    check_invariants,
)
from nations_widget.dice.catalogue import RESOURCES
from nations_widget.dice.rules import bonus_due, unrest_due
from nations_widget.dice.state import BOOK, FOOD, N_DICE, STONE, STRENGTH, VARIANTS

# Each example is a whole random game, so examples are large and slow by design.
SETTINGS = settings(max_examples=150, deadline=None, derandomize=True, database=None,
                    suppress_health_check=[HealthCheck.too_slow,
                                           HealthCheck.large_base_example])

configs = st.builds(
    GameConfig,
    players=st.integers(1, 4),
    seed=st.integers(0, 2**32),
    variant=st.sampled_from(VARIANTS),
    automate=st.booleans(),
    solo_tougher=st.booleans(),
)
unrest_configs = st.builds(
    GameConfig,
    players=st.integers(1, 4),
    seed=st.integers(0, 2**32),
    variant=st.sampled_from(VARIANTS),
    automate=st.booleans(),
    solo_tougher=st.booleans(),
    unrest=st.just(True),
)

MAX_MOVES = 2000      # far more than any game needs: a game that goes on is a bug


def choose(rnd: random.Random, moves: list[Move]) -> Move:
    """A random legal move, picking the kind of move first so that buys, builds and
    passes are not drowned by the many possible rerolls."""
    kinds: dict[str, list[Move]] = {}
    for m in moves:
        kinds.setdefault(m.type, []).append(m)
    kind = rnd.choice(sorted(kinds))
    return rnd.choice(kinds[kind])


# --------------------------------------------------------------------- random corruption
def _some_die(rnd: random.Random, s: GameState) -> int:
    """A die number: usually one of the current player's, sometimes anybody's or none."""
    seat = s.current_player()
    r = rnd.random()
    if r < 0.5 and seat is not None and s.dice_of(seat):
        return rnd.choice(s.dice_of(seat))
    if r < 0.9:
        return rnd.randrange(N_DICE)
    return rnd.choice([-1, N_DICE, N_DICE + 7])


def _corrupt_dice(rnd: random.Random, s: GameState, dice: tuple[int, ...]) -> tuple[int, ...]:
    out = list(dice)
    action = rnd.randrange(4)
    if action == 0 and out:
        out[rnd.randrange(len(out))] = _some_die(rnd, s)
    elif action == 1 and out:
        out.append(rnd.choice(out))                # a duplicate
    elif action == 2 and out:
        out.pop(rnd.randrange(len(out)))
    else:
        out.append(_some_die(rnd, s))
    return tuple(out)


def _corrupt_payment(rnd: random.Random, s: GameState, pay: Payment) -> Payment:
    action = rnd.randrange(5)
    if action == 0:
        return Payment(_corrupt_dice(rnd, s, pay.dice), pay.chits, pay.trades)
    if action == 1:
        return Payment(pay.dice, pay.chits + rnd.choice([-2, -1, 1, 2]), pay.trades)
    if action == 2:
        pair = (_some_die(rnd, s), _some_die(rnd, s))
        return Payment(pay.dice, pay.chits, (*pay.trades, pair))
    if action == 3:
        odd: tuple[Any, ...] = rnd.choice([(_some_die(rnd, s),),
                                           (_some_die(rnd, s),) * 3])
        return Payment(pay.dice, pay.chits, (*pay.trades, odd))
    return Payment()


def corrupt(rnd: random.Random, s: GameState, move: Move) -> Move:
    """A random variation of a legal move (often illegal, sometimes still legal)."""
    tiles = [t.id for t in s.catalogue.tiles] + ["start-farm", "no-such-tile"]
    if rnd.random() < 0.1:                          # a move of another kind altogether
        return rnd.choice([Pass(), Reroll((_some_die(rnd, s),)), Books(), Feed(None),
                           Fight(None), Build(Payment()), Buy(rnd.choice(tiles), Payment()),
                           Unrest(rnd.choice(["reroll", "set_aside"])),
                           Reroll((_some_die(rnd, s),), star=True),
                           Pass(bonus=rnd.choice(["pass-book", "pass-food", "nothing"]))])
    if isinstance(move, Unrest):
        return Unrest("set_aside" if move.choice == "reroll" else "reroll")
    if isinstance(move, Pass):
        if rnd.random() < 0.3:
            return Pass(move.pledge, rnd.choice([None, "pass-book", "pass-strength", "x"]))
        return Pass(_corrupt_dice(rnd, s, move.pledge), move.bonus)
    if isinstance(move, Reroll):
        if rnd.random() < 0.2:
            return Reroll(move.dice, not move.star)
        return Reroll(_corrupt_dice(rnd, s, move.dice), move.star)
    if isinstance(move, Buy):
        action = rnd.randrange(5)
        if action == 0:
            return replace(move, tile=rnd.choice(tiles))
        if action == 1:
            return replace(move, replaces=rnd.choice([None, *tiles[:20], "start-temple"]))
        if action == 2:
            return replace(move, returned_dice=_corrupt_dice(rnd, s, move.returned_dice or ()))
        if action == 3:
            return replace(move, returned_used_rerolls=rnd.choice([-1, 0, 1, 2, 3]))
        return replace(move, payment=_corrupt_payment(rnd, s, move.payment))
    if isinstance(move, Build):
        return Build(_corrupt_payment(rnd, s, move.payment))
    if isinstance(move, Books):
        if rnd.random() < 0.5:
            return Books(move.dice, move.chits + rnd.choice([-1, 1]))
        return Books(_corrupt_dice(rnd, s, move.dice), move.chits)
    assert isinstance(move, (Feed, Fight))
    pay = _corrupt_payment(rnd, s, move.payment or Payment())
    return Feed(pay) if isinstance(move, Feed) else Fight(pay)


def try_corruptions(rnd: random.Random, s: GameState, moves: list[Move], n: int) -> None:
    before = s.to_json()
    for _ in range(n):
        bad = corrupt(rnd, s, rnd.choice(moves))
        copy = s.clone()
        try:
            legal = copy.is_legal(bad)
            copy.apply(bad, log=rnd.random() < 0.5)
        except IllegalMoveError:
            assert not legal, f"{bad} passed check but apply refused it"
            assert copy.to_json() == before, f"refusing {bad} changed the state"
        else:
            assert legal, f"{bad} was applied though check refuses it"
            assert not check_invariants(copy), (bad, check_invariants(copy))
    assert s.to_json() == before


# ---------------------------------------------------------------------------- per step
def check_step(s: GameState) -> None:
    problems = check_invariants(s)
    assert not problems, problems
    assert all(v >= 0 for v in s.scores()) and all(v >= 0 for v in s.projected_scores())
    data = s.to_json()
    again = GameState.from_json(json.loads(json.dumps(data)))
    assert again == s and again.to_json() == data
    for seat in (None, *range(s.config.players)):
        view = s.view(seat)
        assert "rng" not in view
        assert data["rng"] not in json.dumps(view)
    moves = s.legal_moves()
    assert moves == s.legal_moves()                    # stable
    assert len(set(moves)) == len(moves)               # no repeats
    assert moves == sorted(moves, key=lambda m: m.sort_key())   # the documented order
    assert bool(moves) == (not s.is_terminal())
    for m in moves:
        s.check(m)                                     # every listed move is legal
    if s.is_terminal():
        assert s.current_player() is None and s.winner() is not None
    else:
        assert s.current_player() is not None
        check_complete(s, moves)


def payable(s: GameState, seat: int, res: int, cost: int, trades: bool) -> bool:
    """Whether any payment of ``cost`` exists: dice and chits showing the resource, plus
    (when trading is allowed) one symbol per pair of the other unused dice."""
    unused = s.unused_dice(seat)
    value = sum(s.face(d)[res] for d in unused) + s.chits_of(seat, res)
    # a die showing Unrest (no symbol at all) is not even traded
    others = sum(1 for d in unused if not s.face(d)[res] and any(s.face(d)))
    return value + (others // 2 if trades else 0) >= cost


def check_complete(s: GameState, moves: list[Move]) -> None:
    """Whatever can be done is offered: every affordable tile, the wonder when its stone
    can be paid, a reroll when a chit is left, feeding and fighting when possible."""
    seat = s.current_player()
    assert seat is not None
    if s.step == "actions":
        if unrest_due(s, seat):
            assert moves == [Unrest("reroll"), Unrest("set_aside")]
            return
        if bonus_due(s, seat):
            left = {s.comp.bonuses[b].id for b in s.bonuses_left()}
            assert {m.bonus for m in moves if isinstance(m, Pass) and not m.pledge} == left
        else:
            assert Pass() in moves
        rerolls = [m for m in moves if isinstance(m, Reroll) and not m.star]
        assert bool(rerolls) == bool(s.players[seat].chits[0] and s.unused_dice(seat))
        stars = [m for m in moves if isinstance(m, Reroll) and m.star]
        assert bool(stars) == bool(s.players[seat].stars and s.unused_dice(seat))
        bought = {m.tile for m in moves if isinstance(m, Buy)}
        for cell, ref in enumerate(s.board):
            if ref < 0:
                continue
            tile = s.comp.tiles[ref]
            res = RESOURCES.index(tile.currency)
            can = payable(s, seat, res, cell % 3 + 1, tile.currency == "gold")
            assert (tile.id in bought) == can, (tile.id, can)
        p = s.players[seat]
        builds = [m for m in moves if isinstance(m, Build)]
        can_build = p.wonder >= 0 and payable(s, seat, STONE, s.comp.tiles[p.wonder].stone_cost,
                                                True)
        assert bool(builds) == can_build
    elif s.step == "famine":
        feeds = [m for m in moves if isinstance(m, Feed) and m.payment is not None]
        assert Feed(None) in moves
        assert bool(feeds) == payable(s, seat, FOOD, s.event_spec.famine, True)
    elif s.step == "war":
        fights = [m for m in moves if isinstance(m, Fight) and m.payment is not None]
        assert Fight(None) in moves
        assert bool(fights) == payable(s, seat, STRENGTH, s.event_spec.war, False)
    elif s.step == "books":
        assert all(isinstance(m, Books) for m in moves)
        books = sum(s.face(d)[BOOK] for d in s.unused_dice(seat)) + s.chits_of(seat, BOOK)
        used = [sum(s.face(d)[BOOK] for d in m.dice) + m.chits
                for m in moves if isinstance(m, Books)]
        assert max(used) == books                      # one option uses every book


def play_random_game(config: GameConfig, rnd: random.Random, corruptions: int = 0,
                     checks: bool = True) -> tuple[GameState, list[Move]]:
    s = GameState.new(config)
    moves_played: list[Move] = []
    rounds_seen = [s.round]
    while not s.is_terminal():
        if checks:
            check_step(s)
        moves = s.legal_moves()
        if corruptions:
            try_corruptions(rnd, s, moves, corruptions)
        move = choose(rnd, moves)
        s.apply(move, log=rnd.random() < 0.5)
        moves_played.append(move)
        assert s.round >= rounds_seen[-1]
        rounds_seen.append(s.round)
        assert len(moves_played) < MAX_MOVES, "the game does not end"
    if checks:
        check_step(s)
    assert s.round == 4 and set(rounds_seen) == {1, 2, 3, 4}
    assert s.legal_moves() == []
    return s, moves_played


# ------------------------------------------------------------------------------- tests
@SETTINGS
@given(config=configs, rnd=st.randoms(use_true_random=False))
def test_random_games_keep_every_invariant(config: GameConfig, rnd: random.Random) -> None:
    play_random_game(config, rnd)


@settings(SETTINGS, max_examples=100)
@given(config=configs, rnd=st.randoms(use_true_random=False))
def test_corrupted_moves_are_refused_without_a_trace(config: GameConfig,
                                                     rnd: random.Random) -> None:
    play_random_game(config, rnd, corruptions=6, checks=False)


@settings(SETTINGS, max_examples=60)
@given(config=configs, rnd=st.randoms(use_true_random=False))
def test_games_are_deterministic_and_replayable(config: GameConfig,
                                                rnd: random.Random) -> None:
    final, moves = play_random_game(config, rnd, checks=False)
    # same seed, same moves: the same states all along
    s = GameState.new(config)
    for m in moves:
        s.apply(m)
    assert s == final
    # the recorded move list replays to the same game, also through its JSON form
    game = Game.replay(config, list(moves))
    assert game.state == final and game.is_over
    loaded = Game.from_json(json.loads(game.to_json_str()))
    assert loaded.state == final and loaded.moves == moves


@settings(SETTINGS, max_examples=50)
@given(config=configs, rnd=st.randoms(use_true_random=False))
def test_undo_cannot_fish_for_rolls(config: GameConfig, rnd: random.Random) -> None:
    """Going back and playing the same move again gives the same faces; so does playing
    it on a copy of the state."""
    game = Game(config=config)
    while not game.is_over:
        move = choose(rnd, game.legal_moves())
        copy = game.state.clone()
        game.play(move)
        after = game.state.to_json()
        copy.apply(move)
        assert copy.to_json() == after
        if rnd.random() < 0.3:
            game.undo()
            game.play(move)
            assert game.state.to_json() == after
            game.undo()
            game.redo()
            assert game.state.to_json() == after


@settings(SETTINGS, max_examples=40)
@given(config=configs, rnd=st.randoms(use_true_random=False))
def test_log_free_play_matches_logged_play(config: GameConfig, rnd: random.Random) -> None:
    """Bots play with ``log=False``: the states must be the same as with the log."""
    s1 = GameState.new(config)
    s2 = GameState.new(config)
    while not s1.is_terminal():
        move = choose(rnd, s1.legal_moves())
        s1.apply(move, log=True)
        s2.apply(move, log=False)
        assert s1 == s2
    assert s2.is_terminal()


def test_every_player_count_and_variant_is_covered() -> None:
    """A fixed sweep besides hypothesis' sampling: every combination plays to the end,
    with and without Unrest."""
    rnd = random.Random(1)
    for players in (1, 2, 3, 4):
        for variant in VARIANTS:
            for automate in (True, False):
                for unrest in (False, True):
                    config = GameConfig(players, rnd.randrange(10**6), variant, automate,
                                        unrest=unrest)
                    play_random_game(config, rnd, corruptions=2)


# ------------------------------------------------------------------ the Unrest expansion
@settings(SETTINGS, max_examples=80)
@given(config=unrest_configs, rnd=st.randoms(use_true_random=False))
def test_unrest_games_keep_every_invariant(config: GameConfig, rnd: random.Random) -> None:
    s, _ = play_random_game(config, rnd)
    assert s.config.unrest


@settings(SETTINGS, max_examples=50)
@given(config=unrest_configs, rnd=st.randoms(use_true_random=False))
def test_unrest_corrupted_moves_are_refused_without_a_trace(config: GameConfig,
                                                            rnd: random.Random) -> None:
    play_random_game(config, rnd, corruptions=6, checks=False)


@settings(SETTINGS, max_examples=40)
@given(config=unrest_configs, rnd=st.randoms(use_true_random=False))
def test_unrest_games_are_deterministic_and_replayable(config: GameConfig,
                                                       rnd: random.Random) -> None:
    test_games_are_deterministic_and_replayable.hypothesis.inner_test(  # type: ignore[attr-defined]
        config, rnd)


def test_random_unrest_play_meets_every_unrest_rule() -> None:
    """The sweep above really exercises the expansion: over random 3-4 player games the
    Unrest choices, star rerolls and passing bonuses all occur."""
    kinds: set[str] = set()
    for seed in range(12):
        rnd = random.Random(seed)
        _, moves = play_random_game(GameConfig(3 + seed % 2, seed, unrest=True), rnd,
                                    checks=False)
        for m in moves:
            if isinstance(m, Unrest):
                kinds.add(m.choice)
            elif isinstance(m, Reroll) and m.star:
                kinds.add("star")
            elif isinstance(m, Pass) and m.bonus:
                kinds.add("bonus")
    assert kinds == {"reroll", "set_aside", "star", "bonus"}
