"""Property tests over random games: every player count and difficulty, the short and the
easier game.  After every move: the invariants (cards each in one place, workers conserved,
nothing negative), and often a JSON round trip; at the end: termination after the right
number of rounds, and determinism (the same seed and moves give the same game)."""

from __future__ import annotations

import random

import pytest

from nations_widget.board import GameConfig, GameState, Move, Pass
from nations_widget.board.components import default_components
from nations_widget.board.serialization import check_invariants


def busy_choice(rng: random.Random, moves: list[Move]) -> int:
    """Mostly anything but passing, so that games buy, deploy and hire a lot."""
    if len(moves) > 1 and isinstance(moves[0], Pass) and rng.random() < 0.85:
        return rng.randrange(1, len(moves))
    return rng.randrange(len(moves))


def play(config: GameConfig, seed: int, round_trip_every: int = 5) -> tuple[GameState,
                                                                            list[int]]:
    rng = random.Random(seed)
    s = GameState.new(config)
    picks: list[int] = []
    rounds_seen = {s.round}
    while not s.is_terminal():
        moves = s.legal_moves()
        assert moves, f"no legal move at {s.step}"
        assert moves == sorted(moves, key=lambda m: m.sort_key())
        i = busy_choice(rng, moves)
        picks.append(i)
        s.apply(moves[i], log=len(picks) % 3 == 0)
        assert check_invariants(s) == [], (len(picks), moves[i])
        rounds_seen.add(s.round)
        if len(picks) % round_trip_every == 0:
            assert GameState.from_json(s.to_json_str()) == s
        assert len(picks) < 5000
    assert rounds_seen == set(range(1, config.rounds + 1))
    return s, picks


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("difficulty", ["chieftain", "prince", "king", "emperor"])
def test_random_games(players: int, difficulty: str) -> None:
    config = GameConfig(players=players, seed=players * 7 + len(difficulty),
                        difficulty=difficulty)
    s, picks = play(config, seed=players)
    assert s.round == 8 and s.current_player() is None and s.legal_moves() == []
    scores = s.scores()
    assert scores == [s.score_breakdown(x)["total"] for x in range(players)]
    assert s.winner() == s.ranking()[0]
    # determinism: the same seed and the same choices give the same game
    again = GameState.new(config)
    for i in picks:
        again.apply(again.legal_moves()[i], log=False)
    assert again == s


@pytest.mark.parametrize("ages", [1, 2, 3])
def test_short_games(ages: int) -> None:
    s, _ = play(GameConfig(players=3, seed=ages, ages=ages), seed=ages)
    assert s.round == 2 * ages


def test_easier_games() -> None:
    s, _ = play(GameConfig(players=4, seed=9, easier=True), seed=9)
    assert s.is_terminal()


def test_clone_is_independent_and_equal() -> None:
    mid = GameState.new(players=4, seed=2)
    rng = random.Random(2)
    for _ in range(60):
        mid.apply(mid.legal_moves()[busy_choice(rng, mid.legal_moves())])
    copy = mid.clone()
    assert copy == mid
    before = mid.to_json()
    while not copy.is_terminal():
        copy.apply(copy.legal_moves()[-1])
    assert mid.to_json() == before


def test_reseeded_keeps_what_is_seen_and_reshuffles_the_decks() -> None:
    s = GameState.new(players=3, seed=5)
    other = s.reseeded(99)
    assert other.view(0)["board"] == s.view(0)["board"]
    assert [sorted(d) for d in other.decks] == [sorted(d) for d in s.decks]
    assert other.decks != s.decks
    assert check_invariants(other) == []


def test_view_hides_deck_order_and_the_generator() -> None:
    s = GameState.new(players=3, seed=5)
    view = s.view(1)
    assert "rng" not in view and view["viewer"] == 1
    assert view["decks"] == [len(d) for d in s.decks]
    assert view["event_decks"] == [len(d) for d in s.event_decks]
    assert view["players"] == s.to_json()["players"]


def test_fuzzed_moves_are_either_legal_or_refused_without_change() -> None:
    """Random moves of every kind (most of them nonsense) at random positions: a move is
    legal exactly when check() accepts it, and a refused one changes nothing."""
    from nations_widget.board import (
        Buy,
        Choose,
        Deploy,
        Grow,
        Hire,
        IllegalMoveError,
        Special,
        Undeploy,
    )
    rng = random.Random(7)
    s = GameState.new(players=4, seed=7)
    ids = [c.id for c in s.comp.cards[:60]]
    tried = refused = 0
    while not s.is_terminal():
        listed = s.legal_moves()
        for m in listed:
            assert s.is_legal(m)
        for _ in range(4):
            kind = rng.randrange(8)
            m = [Pass(), Buy(rng.choice(ids)), Deploy(rng.randrange(-1, 7),
                                                      rng.choice(["idle", "0", "3", "9", "x"])),
                 Undeploy(rng.randrange(-1, 6), rng.randrange(-1, 4)), Hire(),
                 Special(rng.choice(ids)), Grow(bonus=rng.choice(["gold", "books"])),
                 Choose(rng.choice(["yes", "slot 0 (Temple)", "nonsense"]))][kind]
            tried += 1
            before = s.to_json()
            try:
                s.check(m)
            except IllegalMoveError:
                refused += 1
                with pytest.raises(IllegalMoveError):
                    s.apply(m)
                assert s.to_json() == before
            else:
                trial = s.clone()
                trial.apply(m)
                assert check_invariants(trial) == []
        s.apply(listed[busy_choice(rng, listed)])
    assert tried > 100 and 0 < refused < tried


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_with_card_and_event_effects(players: int) -> None:
    """The same properties with the packaged effects in play (the 26 special base cards and
    all 48 event cards), the JSON round trip after every move."""
    comp = default_components()
    for seed in range(3):
        rng = random.Random(seed)
        s = GameState.new(GameConfig(players=players, seed=seed), comp)
        picks = []
        while not s.is_terminal():
            moves = s.legal_moves()
            i = busy_choice(rng, moves)
            picks.append(i)
            s.apply(moves[i])
            assert check_invariants(s) == []
            assert GameState.from_json(s.to_json_str(), comp) == s
        again = GameState.new(GameConfig(players=players, seed=seed), comp)
        for i in picks:
            again.apply(again.legal_moves()[i], log=False)
        assert again == s


FULL_BOX = [(1, "base", "A"), (1, "all", "choose"), (1, "balanced", "B"),
            (2, "all", "choose"), (3, "balanced", "B"), (4, "base+advanced", "choose"),
            (5, "all", "B"), (5, "base+advanced", "A")]


@pytest.mark.parametrize(("players", "decks", "sides"), FULL_BOX)
def test_random_full_box_games(players: int, decks: str, sides: str) -> None:
    """The full box: the solo game, every deck choice, drawn and chosen B sides (a few
    games; the sweep of ``simulate --sweep`` plays thousands)."""
    config = GameConfig(players=players, seed=31 + players, decks=decks, sides=sides,
                        difficulty=("chieftain", "prince", "king", "emperor", "prince")[
                            :players])
    s, picks = play(config, seed=players + len(decks))
    assert s.round == 8 and s.is_terminal()
    assert all(p.side for p in s.players)
    again = GameState.new(config)
    for i in picks:
        again.apply(again.legal_moves()[i], log=False)
    assert again == s
