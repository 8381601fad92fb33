"""Fair dice, shown: the fingerprint (a commitment to seed and salt) of both games.

The fingerprint is shown from the first move and the seed, salt and committed text only
once the game is over; the fingerprint is verified at game over, survives a save and a
load, changes with the seed and with the salt, and a save from before fingerprints still
loads (with no fingerprint).
"""

from __future__ import annotations

import hashlib
import io
import json
import random
from pathlib import Path
from typing import Any

import pytest

from nations_widget.__main__ import main, verify_command
from nations_widget.board import Game as BoardGame
from nations_widget.core.errors import StateFormatError
from nations_widget.core.fairness import (
    committed_text,
    fingerprint,
    new_salt,
    revealed_seed,
    salt_problem,
    verify,
)
from nations_widget.core.history import HistoryGame
from nations_widget.dice import Game as DiceGame
from nations_widget.dice.scenario import scenario

#: Ten digits: a number nothing else in a view comes near.
SEED = 4_321_987_655


def new_game(kind: str, seed: int = SEED) -> HistoryGame[Any, Any]:
    if kind == "dice":
        return DiceGame(players=2, seed=seed)
    return BoardGame(players=2, seed=seed, ages=1)       # one age: a short game


def play_to_end(game: HistoryGame[Any, Any], chooser_seed: int = 1) -> None:
    chooser = random.Random(chooser_seed)
    for _ in range(5000):
        if game.is_over:
            return
        game.play(chooser.choice(game.legal_moves()))
    raise AssertionError("the game does not end")


KINDS = ["dice", "board"]


def test_the_text_is_canonical_json_and_its_hash_is_sha256() -> None:
    text = committed_text("g", {"seed": 3, "players": 2}, "ab" * 16)
    assert text == '{"game":"g","salt":"' + "ab" * 16 + '","settings":{"players":2,"seed":3}}'
    assert fingerprint(text) == hashlib.sha256(text.encode()).hexdigest()
    assert verify(fingerprint(text).upper() + "\n", text)
    assert not verify("nonsense", text) and not verify(fingerprint(text), text + " ")
    assert revealed_seed(text) == 3 and revealed_seed("not json") is None


def test_salts_are_fresh_and_checked() -> None:
    salts = {new_salt() for _ in range(50)}
    assert len(salts) == 50 and all(salt_problem(s) is None for s in salts)
    for bad in ["", "abc", "G" * 32, "AB" * 16, 12, None]:
        assert salt_problem(bad) is not None


@pytest.mark.parametrize("kind", KINDS)
def test_the_fingerprint_changes_with_the_seed_and_with_the_salt(kind: str) -> None:
    a, b = new_game(kind), new_game(kind)
    assert a.salt != b.salt and a.fingerprint != b.fingerprint     # a salt per game
    b.salt = a.salt
    assert a.fingerprint == b.fingerprint                         # same seed, same salt
    c = new_game(kind, seed=SEED + 1)
    c.salt = a.salt
    assert c.fingerprint != a.fingerprint                         # another seed


@pytest.mark.parametrize("kind", KINDS)
def test_a_small_seed_cannot_be_found_from_the_fingerprint_without_the_salt(
        kind: str) -> None:
    """The attack a salt prevents: hashing every small seed's text.  Without the salt
    the search finds the seed; with it (unknown) no seed gives the fingerprint."""
    game = new_game(kind, seed=17)
    settings = game.config.to_json()

    def guess(salt: str) -> list[int]:
        return [s for s in range(100)
                if fingerprint(committed_text(game.FORMAT, {**settings, "seed": s}, salt))
                == game.fingerprint]

    assert game.salt is not None and guess(game.salt) == [17]
    assert guess("0" * 32) == []


@pytest.mark.parametrize("kind", KINDS)
def test_the_fingerprint_is_stable_across_save_and_load(kind: str) -> None:
    game = new_game(kind)
    start = game.fingerprint
    chooser = random.Random(3)
    for _ in range(15):
        game.play(chooser.choice(game.legal_moves()))
    assert not game.is_over
    assert game.fingerprint == start                              # moves do not change it
    saved = game.to_json_str()
    assert json.loads(saved)["salt"] == game.salt
    loaded = type(game).from_json(saved)
    assert loaded.fingerprint == start and loaded.salt == game.salt
    # the same settings and moves replayed without the save: a new game, a new salt
    again = type(game).replay(game.config, game.moves)
    assert again.state == game.state and again.fingerprint != start


@pytest.mark.parametrize("kind", KINDS)
def test_nothing_but_the_fingerprint_is_shown_before_the_end(kind: str) -> None:
    game = new_game(kind)
    play_to_end(game)
    played = game.moves
    # another move than the one played, one that does not end the game at once, from the
    # last position that has one: the history no longer ends in a final position ...
    def goes_on(position: int, move: Any) -> bool:
        after = game.state_at(position).clone()
        after.apply(move)
        return not after.is_terminal()

    choice, other = next((p, m) for p in range(game.length - 1, -1, -1)
                         for m in game.state_at(p).legal_moves()
                         if m != played[p] and goes_on(p, m))
    game.resume(choice)
    game.play(other)
    # ... no longer: played on from earlier, the game is in progress
    rebuilt = type(game).from_json(game.to_json())
    for g in (game, rebuilt):
        assert not g.finished
        for position in range(0, g.length + 1, 7):
            g.goto(position)
            for seat in (None, 0, 1):
                shown = json.dumps(g.view(seat))
                assert '"seed"' not in shown and str(SEED) not in shown
                assert g.salt is not None and g.salt not in shown
                assert g.view(seat)["fairness"] == {"fingerprint": g.fingerprint}


@pytest.mark.parametrize("kind", KINDS)
def test_the_fingerprint_is_verified_at_game_over(kind: str) -> None:
    game = new_game(kind)
    shown_at_start = game.view(0)["fairness"]
    assert set(shown_at_start) == {"fingerprint"}
    play_to_end(game)
    end = game.view(0)["fairness"]
    assert end["fingerprint"] == shown_at_start["fingerprint"]
    assert end["seed"] == SEED and end["salt"] == game.salt
    assert verify(shown_at_start["fingerprint"], end["text"])
    assert revealed_seed(end["text"]) == SEED
    assert json.loads(end["text"])["settings"] == game.config.to_json()
    # looking back at the finished game keeps it revealed
    game.goto(3)
    assert game.fairness() == end
    # a load of the finished game checks the same way, from the command line too
    out = io.StringIO()
    assert verify_command(shown_at_start["fingerprint"], end["text"], None, out) == 0
    assert str(SEED) in out.getvalue()
    assert verify_command("0" * 64, end["text"], None, io.StringIO()) == 1


@pytest.mark.parametrize("kind", KINDS)
def test_verify_command_with_a_save(kind: str, tmp_path: Path,
                                    capsys: pytest.CaptureFixture[str]) -> None:
    game = new_game(kind)
    play_to_end(game)
    path = tmp_path / "game.json"
    path.write_text(game.to_json_str())
    assert game.fingerprint is not None
    assert main(["verify", game.fingerprint, "--save", str(path)]) == 0
    assert "matches" in capsys.readouterr().out
    other = new_game(kind)
    assert other.fingerprint is not None
    assert main(["verify", other.fingerprint, "--save", str(path)]) == 1
    # a save with another seed under the same salt does not pass for this game
    data = game.to_json()
    data["config"]["seed"] += 1
    data["moves"], data["position"] = [], 0
    path.write_text(json.dumps(data))
    assert main(["verify", game.fingerprint, "--save", str(path)]) == 1
    capsys.readouterr()


@pytest.mark.parametrize("kind", KINDS)
def test_a_save_from_before_fingerprints_loads_without_one(kind: str, tmp_path: Path) -> None:
    game = new_game(kind)
    play_to_end(game)
    old = game.to_json()
    del old["salt"]
    loaded = type(game).from_json(old)
    assert loaded.salt is None and loaded.fingerprint is None
    assert loaded.committed_text() is None
    # at its end it shows its seed (as before) and says it has no fingerprint
    assert loaded.fairness() == {"fingerprint": None, "seed": SEED}
    assert "salt" not in loaded.to_json()                 # saved again as it came
    path = tmp_path / "old.json"
    path.write_text(json.dumps(old))
    out = io.StringIO()
    assert verify_command("0" * 64, None, str(path), out) == 1
    assert "no salt" in out.getvalue()


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("salt", ["", "xyz", 5, "AB" * 16])
def test_a_save_with_a_bad_salt_is_refused(kind: str, salt: object) -> None:
    data = new_game(kind).to_json()
    data["salt"] = salt
    with pytest.raises(StateFormatError, match="field 'salt'"):
        type(new_game(kind)).from_json(data)


def test_a_game_begun_from_a_position_commits_to_its_generator() -> None:
    state = scenario({"players": 2, "seed": 9, "round": 2})
    game = DiceGame.from_state(state)
    text = game.committed_text()
    assert text is not None and json.loads(text)["start"] == state.to_json()["rng"]
    loaded = DiceGame.from_json(game.to_json())
    assert loaded.fingerprint == game.fingerprint
    # the same settings but another starting generator: another fingerprint
    other = state.clone()
    other.rng ^= 1
    moved = DiceGame.from_state(other)
    moved.salt = game.salt
    assert moved.fingerprint != game.fingerprint
