"""The JS tests run on fixtures made from real widget payloads (js/scripts/make_fixtures.py).
They must keep the shape the widget publishes now, or the JS tests test nothing real."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from typing import Any

from nations_widget.widget import NationsWidget

FIXTURES = Path(__file__).resolve().parents[2] / "js" / "test" / "fixtures"
REMAKE = "run: .venv/bin/python js/scripts/make_fixtures.py"


def keys(value: Any) -> Any:
    if isinstance(value, dict):
        return sorted(value)
    return type(value).__name__


def test_fixtures_have_the_published_shape() -> None:
    w = plain = NationsWidget(players=2, seed=3, bot_delay=0, seats=["human", "human"])
    # the Unrest fixtures (unrest_*) have the shape of a game with the expansion
    unrest = NationsWidget(players=2, seed=3, bot_delay=0, seats=["human", "human"],
                           unrest=True)
    names = sorted(p.stem for p in FIXTURES.glob("*.json")
                   if p.stem not in ("log_patches", "undo_steps", "replays"))
    assert "catalogue" in names and len(names) > 5
    cat = json.loads((FIXTURES / "catalogue.json").read_text())
    assert keys(cat) == keys(w.catalogue), REMAKE
    assert cat["tiles"] == w.catalogue["tiles"], REMAKE
    # undo_steps: each benchmark game's opening, and the updates of a step back and forward
    steps = json.loads((FIXTURES / "undo_steps.json").read_text())
    assert sorted(steps) == ["against_bot", "hot_seat"], REMAKE
    published = [(f"undo_steps.{game}.{step}", data) for game, stepped in steps.items()
                 for step, data in sorted(stepped.items())]
    assert [keys(stepped) for stepped in steps.values()] == [["back", "forward", "opening"]] * 2
    for name, data in [(n, json.loads((FIXTURES / f"{n}.json").read_text()))
                       for n in names if n != "catalogue"] + published:
        w = unrest if name.startswith("unrest_") else plain
        if name.startswith("undo_steps") and not name.endswith("opening"):
            # an update: the log patch builds on the page's log
            assert "prev" in data["log_patch"], f"{name}: {REMAKE}"
            data = {**data, "log_patch": {"reset": True, "entries": []}}
        for trait in ("view", "history"):
            assert keys(data[trait]) == keys(getattr(w, trait)), f"{name}.{trait}: {REMAKE}"
        # the seed only once the game is over (the widgets above are at their start)
        over = data["view"]["step"] == "game_over"
        assert "seed" not in w.settings and "seed" not in data["view"]["config"]
        assert keys(data["settings"]) == sorted([*w.settings, *(["seed"] if over else [])]), \
            f"{name}.settings: {REMAKE}"
        for player in data["view"]["players"]:
            assert keys(player) == keys(w.view["players"][0]), f"{name}: {REMAKE}"
        for entry in data["legal"]:
            assert {"move", "text"} <= set(entry), f"{name}: {REMAKE}"
        assert data["log_patch"]["reset"] is True, f"{name}: {REMAKE}"
        for entry in data["log_patch"]["entries"]:
            assert keys(entry) == keys(w.game_log[0]), f"{name}: {REMAKE}"


def test_log_patch_fixture_is_what_the_widget_sends() -> None:
    """js/test/fixtures/log_patches.json: a game's log patches, replayed by the JS tests."""
    steps = json.loads((FIXTURES / "log_patches.json").read_text())
    w = NationsWidget(players=2, seed=3, bot_delay=0, seats=["human", "human"])
    entry_keys = keys(w.game_log[0])
    assert len(steps) > 20
    for step in steps:
        assert set(step) == {"what", "patch", "log"}, REMAKE
        assert keys(step["patch"]) in (["entries", "reset", "seq"],
                                       ["head", "keep", "prev", "seq", "span", "tail"]), REMAKE
        for entry in step["log"]:
            assert keys(entry) == entry_keys, REMAKE
        entries = step["patch"].get("entries", [])
        for entry in entries + step["patch"].get("head", []) + step["patch"].get("tail", []):
            assert keys(entry) == entry_keys, REMAKE


def test_replay_fixtures_are_the_games_the_widgets_play_now() -> None:
    """js/test/shell/replay.test.js replays these updates: they must be what the widgets
    publish today through those games (the engines, the bots and the payloads)."""
    spec = importlib.util.spec_from_file_location(
        "make_replay_fixtures", FIXTURES.parents[1] / "scripts" / "make_replay_fixtures.py")
    assert spec and spec.loader
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    remake = "run: .venv/bin/python js/scripts/make_replay_fixtures.py"
    for path, games in ((script.DICE_OUT, script.dice_games()),
                        (script.BOARD_OUT, script.board_games())):
        assert json.loads(path.read_text()) == {"games": games}, f"{path.name}: {remake}"
