"""The one list of games (nations_widget.core.registry) and the places that must agree
with it: the JS build's game folders, the engines, the command line."""

from __future__ import annotations

import importlib
import importlib.util
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from nations_widget.__main__ import main as cli_main
from nations_widget.core.history import HistoryGame
from nations_widget.core.registry import GAME_KEYS, GAMES, PAGE_BUNDLES, GameEntry, game_entry

ROOT = Path(__file__).resolve().parents[2]


def js_src_views() -> set[str]:
    """The folders of js/src (but the shell) that hold a view: an index.js."""
    src = ROOT / "js" / "src"
    return {p.name for p in src.iterdir()
            if p.is_dir() and p.name != "shell" and (p / "index.js").exists()}


def test_the_js_build_reads_the_registry_and_bundles_each_entry() -> None:
    from nations_widget.widget.app import GameChooser
    from nations_widget.widget.learn import LessonPanel
    build = load_hatch_build()
    # js/build.mjs and hatch_build.py read the registry's list, not the folders
    assert build.games(ROOT / "js") == [*GAME_KEYS, *PAGE_BUNDLES]
    assert js_src_views() == {*GAME_KEYS, *PAGE_BUNDLES}
    static = ROOT / "nations_widget" / "static"
    # the app's own bundles, no game's: the chooser of games and the lessons' panel
    for name, widget in {"app": GameChooser, "learn": LessonPanel}.items():
        assert name in PAGE_BUNDLES
        assert str(widget._esm) == (static / f"{name}.js").read_text(encoding="utf-8")
    for key in GAME_KEYS:
        assert (static / f"{key}.js").exists() and (static / f"{key}.css").exists()


def load_hatch_build() -> Any:
    spec = importlib.util.spec_from_file_location("hatch_build", ROOT / "hatch_build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("entry", GAMES, ids=lambda g: g.key)
def test_each_entry_s_player_counts_are_its_engine_s(entry: GameEntry) -> None:
    """The registry's player counts are the ones the engine accepts, no more, no fewer."""
    state_class = importlib.import_module(entry.engine).GameState
    for players in entry.players:
        assert state_class.new(players=players, seed=1).current_player() is not None
    for players in (min(entry.players) - 1, max(entry.players) + 1):
        with pytest.raises(ValueError, match="players must be"):
            state_class.new(players=players, seed=1)


def test_each_entry_names_an_engine_with_its_own_save_format_and_command_line() -> None:
    classes = [g.game_class() for g in GAMES]
    assert all(issubclass(c, HistoryGame) for c in classes)
    assert len({c.FORMAT for c in classes}) == len(GAMES)
    assert all(callable(g.cli()) for g in GAMES)
    assert len(set(GAME_KEYS)) == len(GAMES)
    with pytest.raises(KeyError, match="the games: dice, board"):
        game_entry("chess")


def test_the_command_line_offers_the_registered_games(capsys: pytest.CaptureFixture[str]
                                                      ) -> None:
    with pytest.raises(SystemExit):
        cli_main(["tournament", "--game", "chess"])
    assert "choose from 'dice', 'board'" in capsys.readouterr().err


def test_reading_the_list_imports_no_game_and_no_widget() -> None:
    code = ("import sys, nations_widget.core.registry as r; r.GAMES; "
            "print(sorted(m for m in sys.modules if m.startswith(('nations_widget.dice', "
            "'nations_widget.board', 'nations_widget.widget'))))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, cwd=ROOT).stdout
    assert out.strip() == "[]"


def test_the_conformance_suite_checks_every_registered_game() -> None:
    from .games import GAMES as CONFORMANCE
    # a game may be checked in several variants ("dice-unrest"), named after its key
    assert {g.name.split("-")[0] for g in CONFORMANCE} == set(GAME_KEYS)


def test_tables_hold_every_registered_game_with_its_bots() -> None:
    from nations_widget.tables.games import kinds
    held = kinds()
    assert set(held) >= set(GAME_KEYS)
    for entry in GAMES:
        names, make_bot = entry.bots()
        kind = held[entry.key]
        assert kind.game_class is entry.game_class()
        assert kind.bot_names == names and names
        assert kind.make_bot is make_bot


def test_a_game_registered_for_tables_first_leaves_the_package_games_in() -> None:
    # (a fresh process: the registration stays in the tables' list)
    code = ("from nations_widget.tables import games; from nations_widget.dice import Game; "
            "games.register(games.GameKind('solitaire', Game, (), lambda name, seed: None)); "
            "print(sorted(games.kinds()))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, cwd=ROOT).stdout
    assert out.strip() == str(sorted({*GAME_KEYS, "solitaire"}))
