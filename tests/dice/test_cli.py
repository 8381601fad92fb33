"""The command line: ``python -m nations_widget.dice simulate`` plays random legal games,
checking the invariants after every move, and prints per-game scores and a summary."""

from __future__ import annotations

import io
import re
import subprocess
import sys

import pytest

from nations_widget.dice.__main__ import main, simulate

GAME_LINE = re.compile(r"^game (\d+) \(seed (\d+)\): scores \[([\d, ]+)\], winner seat (\d), "
                       r"(\d+) moves$")


def parse(out: str, players: int) -> list[list[int]]:
    scores = []
    for line in out.splitlines():
        m = GAME_LINE.match(line)
        if m:
            values = [int(x) for x in m.group(3).split(", ")]
            assert len(values) == players
            assert int(m.group(4)) in range(players)
            scores.append(values)
    return scores


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_simulate_prints_scores_and_a_summary(players: int,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["simulate", "--players", str(players), "--games", "3", "--seed", "7"])
    out = capsys.readouterr().out
    assert code == 0
    scores = parse(out, players)
    assert len(scores) == 3
    assert all(v >= 0 for game in scores for v in game)
    assert [int(m.group(2)) for m in map(GAME_LINE.match, out.splitlines()) if m] == [7, 8, 9]
    assert f"3 games, {players} players, variant original, automation on: 0 broken" in out
    assert "mean score" in out and "games/s" in out


def test_simulate_is_reproducible(capsys: pytest.CaptureFixture[str]) -> None:
    main(["simulate", "--players", "3", "--games", "2", "--seed", "11"])
    first = parse(capsys.readouterr().out, 3)
    main(["simulate", "--players", "3", "--games", "2", "--seed", "11"])
    assert parse(capsys.readouterr().out, 3) == first


def test_simulate_options(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["simulate", "--players", "2", "--games", "2", "--seed", "1",
                 "--variant", "accelerated", "--no-automate", "--thorough"])
    out = capsys.readouterr().out
    assert code == 0
    assert "variant accelerated, automation off: 0 broken" in out
    assert len(parse(out, 2)) == 2


def test_simulate_function_counts_broken_games() -> None:
    stream = io.StringIO()
    assert simulate(2, 2, 3, out=stream) == 0
    assert "0 broken" in stream.getvalue()


@pytest.mark.parametrize("argv", [
    ["simulate", "--players", "5"],
    ["simulate", "--variant", "fast"],
    ["simulate", "--games", "many"],
    ["juggle"],
    [],
])
def test_bad_arguments_exit_with_usage(argv: list[str],
                                       capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(argv)
    assert info.value.code == 2
    assert "usage" in capsys.readouterr().err


def test_simulate_as_a_program() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "nations_widget.dice", "simulate", "--players", "4",
         "--games", "2", "--seed", "3"],
        capture_output=True, text=True, timeout=120, check=False)
    assert result.returncode == 0, result.stderr
    assert len(parse(result.stdout, 4)) == 2
    assert "2 games, 4 players" in result.stdout and "0 broken" in result.stdout
