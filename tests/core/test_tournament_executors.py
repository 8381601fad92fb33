"""The tournament runner on any ``concurrent.futures`` executor: the same seeds give the
same rows whether the games run here, on a local process pool or on a Dask cluster
(``--dask ADDRESS``, tested against a ``LocalCluster``); the one command for both games
writes its CSV."""

from __future__ import annotations

import csv
import importlib.util
import sys
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from nations_widget.__main__ import main as both_main
from nations_widget.board.__main__ import main as board_main
from nations_widget.board.bots.tournament import Job, play_game, run_tournament
from nations_widget.core.bots.tournament import run_jobs
from nations_widget.dice.__main__ import main as dice_main

#: Columns that measure the machine, not the game.
TIMING = ("think_seconds", "median_seconds")


def rows(path: Path) -> list[dict[str, str]]:
    """The CSV's rows without the timing columns."""
    with path.open() as fh:
        return [{k: v for k, v in row.items() if k not in TIMING} for row in csv.DictReader(fh)]


def same_results(a: Any, b: Any) -> bool:
    def strip(results: Any) -> list[Any]:
        return [(r.game, r.seed, r.moves, [(s.seat, s.bot, s.score, s.rank, s.breakdown)
                                           for s in r.seats]) for r in results]
    return strip(a) == strip(b)


def test_run_jobs_gives_the_same_results_on_any_executor_in_game_order() -> None:
    work = [Job(g, 40 + g, ("heuristic-easy", "random")) for g in range(4)]
    here = run_jobs(play_game, work)
    with ThreadPoolExecutor(3) as pool:
        threads = run_jobs(play_game, work, executor=pool)
    assert [r.game for r in threads] == [0, 1, 2, 3]
    assert same_results(here, threads)
    assert {r.seats[0].bot for r in here} == {"heuristic-easy", "random"}     # rotated


@pytest.fixture(scope="module")
def cluster() -> Iterator[str]:
    """A one-worker Dask cluster on 127.0.0.1 (threads in this process: the game code is
    imported already), torn down after the module."""
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False,
                                  dashboard_address=None, host="127.0.0.1",
                                  protocol="tcp") as local:
        yield str(local.scheduler_address)


def test_board_tournament_on_dask_writes_the_process_pools_csv(
        cluster: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    args = ["tournament", "--players", "2", "--games", "3", "--bots",
            "heuristic-easy,random", "--seed", "11"]
    assert board_main([*args, "--dask", cluster, "--csv", str(tmp_path / "dask.csv")]) == 0
    assert board_main([*args, "--jobs", "2", "--csv", str(tmp_path / "pool.csv")]) == 0
    assert board_main([*args, "--csv", str(tmp_path / "here.csv")]) == 0
    dask_rows = rows(tmp_path / "dask.csv")
    assert len(dask_rows) == 6 and [r["seed"] for r in dask_rows[::2]] == ["11", "12", "13"]
    assert dask_rows == rows(tmp_path / "pool.csv") == rows(tmp_path / "here.csv")
    assert "per-game results written" in capsys.readouterr().out


def test_dice_tournament_and_balance_on_dask_match_the_local_run(
        cluster: str, tmp_path: Path) -> None:
    args = ["tournament", "--players", "3", "--games", "3", "--seed", "4",
            "--bots", "mcts/iterations=3,heuristic,random"]
    assert dice_main([*args, "--dask", cluster, "--csv", str(tmp_path / "dask.csv")]) == 0
    assert dice_main([*args, "--csv", str(tmp_path / "here.csv")]) == 0
    assert rows(tmp_path / "dask.csv") == rows(tmp_path / "here.csv")
    balance = ["balance", "--games", "2", "--seed", "3"]
    assert dice_main([*balance, "--dask", cluster, "--csv", str(tmp_path / "b1.csv")]) == 0
    assert dice_main([*balance, "--csv", str(tmp_path / "b2.csv")]) == 0
    assert rows(tmp_path / "b1.csv") == rows(tmp_path / "b2.csv")


def test_board_balance_benchmark_is_the_same_on_any_executor(cluster: str) -> None:
    path = Path(__file__).resolve().parents[2] / "benchmarks" / "board_balance.py"
    spec = importlib.util.spec_from_file_location("board_balance", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)

    def table(executor: Any, bot: str = "") -> str:
        text: str = module.report(4, 2, "all", False, executor, bot=bot)
        return text.rsplit("\n(", 1)[0]          # the time line aside
    here = table(None)
    skilled = table(None, "heuristic")
    with ThreadPoolExecutor(2) as pool:
        assert table(pool) == here
        assert table(pool, "heuristic") == skilled
    from distributed import Client
    with Client(cluster) as client:
        assert table(client.get_executor()) == here
    assert "| A |" in here or "| china-b |" in here
    # the bots' games are games of their own, not the random ones
    assert skilled.startswith("The `heuristic` bot at every seat") and skilled != here


def test_dask_without_distributed_is_a_clear_error(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)      # "not installed"
    code = board_main(["tournament", "--games", "1", "--dask", "tcp://127.0.0.1:1"])
    assert code == 2
    assert "pip install 'dask[distributed]'" in capsys.readouterr().err
    assert dice_main(["tournament", "--players", "2", "--bots", "random,random",
                      "--games", "1", "--dask", "tcp://127.0.0.1:1"]) == 2


def test_one_command_runs_either_game_and_writes_its_csv(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for game, bots, sources in (("dice", "heuristic,random", "books"),
                                ("board", "heuristic,random", "colonies")):
        out = tmp_path / f"{game}.csv"
        assert both_main(["tournament", "--game", game, "--players", "2", "--games", "2",
                          "--bots", bots, "--seed", "5", "--csv", str(out)]) == 0
        table = rows(out)
        assert len(table) == 4 and sources in table[0]
        assert {r["bot"] for r in table} == {"heuristic", "random"}
        assert sum(int(r["win"]) for r in table) == 2
    assert capsys.readouterr().out.count("per-game results written") == 2


def test_run_tournament_refuses_unknown_bots_before_playing() -> None:
    with pytest.raises(ValueError, match="unknown bot"):
        run_tournament(["heuristic", "grandmaster"], 2, 1)


def test_board_sweep_reports_the_same_on_an_executor(monkeypatch: pytest.MonkeyPatch) -> None:
    """The sweep's loop on a stubbed game (the real sweep takes minutes): an executor's
    results come back in the sweep's order."""
    import io

    import nations_widget.board.__main__ as cli
    from nations_widget.board import GameConfig, GameState

    def fake(config: GameConfig, seed: int) -> tuple[str, GameState, int]:
        broken = seed % 97 == 0 or (config.players == 3 and config.deck_name == "all")
        return (f"stub problem {seed}" if broken else ""), GameState.new(players=2), 1
    monkeypatch.setattr(cli, "_one_game", fake)

    def report(executor: Any) -> tuple[int, str]:
        out = io.StringIO()
        broken = cli.sweep(1, 0, out=out, executor=executor)
        return broken, out.getvalue().rsplit(" s (every move", 1)[0].rsplit(",", 1)[0]
    here = report(None)
    with ThreadPoolExecutor(3) as pool:
        assert report(pool) == here
    assert here[0] == 12 + 2 and "BROKEN seed 97 " in here[1]
