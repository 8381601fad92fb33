"""The state-machine contract, checked over random games of every registered game and
player count (``games.py`` says how a game registers).

Bounded for CI (a few seconds); ``NATIONS_FUZZ_SCALE=10`` plays ten times as many games.
"""

from __future__ import annotations

import json
import os
import random
from typing import Any

import pytest

from nations_widget.core.errors import IllegalMoveError
from nations_widget.core.protocol import GameStateLike

from .games import GAMES, GameAdapter

SCALE = max(1, int(os.environ.get("NATIONS_FUZZ_SCALE", "1")))
GAMES_PER_CASE = SCALE
#: At most this many listed moves are each tried on a clone per position (all, at scale 10).
TRIED_PER_POSITION = 3 * SCALE

CASES = [(game, players) for game in GAMES for players in game.players]


def case_id(case: tuple[GameAdapter, int]) -> str:
    return f"{case[0].name}-{case[1]}p"


def check_position(game: GameAdapter, state: Any, rnd: random.Random,
                   seen: list[Any]) -> None:
    """Everything the contract promises about one position."""
    assert isinstance(state, GameStateLike)
    players = len(state.scores())
    before = state.to_json()
    # the JSON round trip, from the dict and from the text
    assert game.load(before).to_json() == before
    assert game.load(json.dumps(before)).to_json() == before
    # current player and legal moves agree; the list is stable and sorted
    moves = list(state.legal_moves())
    assert list(state.legal_moves()) == moves
    if state.is_terminal():
        assert state.current_player() is None and moves == []
        winner = state.winner()
        assert winner is not None and 0 <= winner < players
        return
    assert state.current_player() in range(players)
    assert moves, "a position that is not over offers a move"
    assert moves == sorted(moves, key=game.sort_key)
    # every listed move is legal (a sample of them, tried on clones)
    for move in rnd.sample(moves, min(len(moves), TRIED_PER_POSITION)):
        trial = state.clone()
        trial.apply(move, log=False)
    assert state.to_json() == before, "trying moves on clones changed the original"
    # a move from another position that is not listed here: refused without a trace
    stale = [m for m in seen[-30:] if m not in moves]
    for move in rnd.sample(stale, min(len(stale), 2)):
        trial = state.clone()
        try:
            trial.apply(move, log=False)
        except IllegalMoveError:
            assert trial.to_json() == before, f"refusing {move} changed the state"
    # reseeding hides the future but keeps everything a player may see; and what a player
    # may see holds neither the generator nor the seed (either replays every draw to come)
    other = state.reseeded(rnd.randrange(2**31))
    for seat in (None, *range(players)):
        view = state.view(seat)
        assert other.view(seat) == view
        assert "rng" not in view and "seed" not in view["config"], view["config"]
    assert len(state.scores()) == players


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_random_games_keep_the_contract(case: tuple[GameAdapter, int]) -> None:
    game, players = case
    for n in range(GAMES_PER_CASE):
        seed = 1000 * players + n
        rnd = random.Random(seed)
        state = game.new(players, seed)
        played: list[Any] = []
        while not state.is_terminal():
            check_position(game, state, rnd, played)
            move = rnd.choice(list(state.legal_moves()))
            copy, before = state.clone(), state.to_json()
            state.apply(move, log=rnd.random() < 0.5)
            assert copy.to_json() == before, "playing on a state changed its clone"
            played.append(move)
            assert len(played) <= game.max_moves, "the game does not end"
        check_position(game, state, rnd, played)
        assert len(state.scores()) == players
        # determinism: the same seed and moves give the same game
        again = game.new(players, seed)
        for move in played:
            again.apply(move, log=False)
        assert again.to_json() == state.to_json()


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_a_clone_is_independent(case: tuple[GameAdapter, int]) -> None:
    game, players = case
    state = game.new(players, 7)
    before = state.to_json()
    copy = state.clone()
    copy.apply(copy.legal_moves()[-1])
    assert state.to_json() == before, "playing on a clone changed the original"
    after = copy.to_json()
    state.apply(state.legal_moves()[0])
    assert copy.to_json() == after, "playing on the original changed the clone"


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_the_generic_random_bot_plays_any_game(case: tuple[GameAdapter, int]) -> None:
    """The shared RandomBot needs nothing but the protocol: its moves are listed ones, the
    same seed and position give the same move, and the state it is given is untouched."""
    from nations_widget.core.bots import RandomBot

    game, players = case
    state = game.new(players, 11)
    bot, twin = RandomBot(seed=3), RandomBot(seed=3)
    for _ in range(game.max_moves):
        if state.is_terminal():
            break
        before = state.to_json()
        move = bot.choose(state)
        assert state.to_json() == before
        assert move in state.legal_moves() and twin.choose(state) == move
        state.apply(move, log=False)
    assert state.is_terminal()
