"""The shipped JS bundles (nations_widget/static) must be built from the current js/ sources.

``npm run build --prefix js`` writes one bundle per game (``js/src/<game>/index.js`` ->
``<game>.js`` and ``<game>.css``), the page watchdog, and ``bundle-hash.json``: a SHA-256 over
every file under js/src, js/build.mjs and the esbuild version js/package-lock.json pins (the
one package whose version changes the bundle's bytes; the test tools' lock entries do not).
The first test recomputes that hash (no node needed, with hatch_build.py's function: the
wheel build skips npm when it matches); the second rebuilds into a temporary folder and
compares the bytes, when js/node_modules is installed.
"""

from __future__ import annotations

import importlib.util
import json
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
JS = ROOT / "js"
STATIC = ROOT / "nations_widget" / "static"
#: the registry's list of games and page bundles, which the build reads
REGISTRY_LIST = ROOT / "nations_widget" / "core" / "games.json"
REBUILD = "npm run build --prefix js"


def _hatch_build():  # type: ignore[no-untyped-def]
    """The build hook's module (hatch_build.py), whose hash the wheel build checks too."""
    spec = importlib.util.spec_from_file_location("hatch_build", ROOT / "hatch_build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


BUILD = _hatch_build()


def sources_hash() -> tuple[str, list[str]]:
    return BUILD.sources_hash(JS)  # type: ignore[no-any-return]


def games() -> list[str]:
    """The games with a view: js/src/<game>/index.js (js/src/shell is not one)."""
    return BUILD.games(JS)  # type: ignore[no-any-return]


def test_bundle_files_exist() -> None:
    assert "dice" in games()
    names = [f"{game}.{ext}" for game in games() for ext in ("js", "css")]
    for name in (*names, "watchdog.js", "bundle-hash.json"):
        assert (STATIC / name).is_file(), f"nations_widget/static/{name} is missing; run {REBUILD}"
    for game in games():
        assert "render" in (STATIC / f"{game}.js").read_text(encoding="utf-8")
    # no bundle of a game that is gone (the one-bundle widget.js of before the split)
    shipped = {p.name for p in STATIC.iterdir()}
    assert shipped <= {*names, "watchdog.js", "bundle-hash.json"}, shipped


def test_bundle_hash_matches_sources() -> None:
    recorded = json.loads((STATIC / "bundle-hash.json").read_text(encoding="utf-8"))
    digest, names = sources_hash()
    assert recorded["files"] == names, f"the js/src file list changed; run {REBUILD}"
    assert recorded["sha256"] == digest, f"the bundle is stale against js/; run {REBUILD}"


@pytest.mark.skipif(not (JS / "node_modules" / "esbuild").exists() or not shutil.which("node"),
                    reason="js/node_modules not installed")
def test_rebuilding_gives_the_shipped_bundle() -> None:
    result = subprocess.run(["node", "build.mjs", "--check"], cwd=JS, capture_output=True,
                            text=True, timeout=120, check=False)
    assert result.returncode == 0, result.stderr + result.stdout


def test_widget_points_at_its_games_bundle_only() -> None:
    from nations_widget.widget import NationsWidget
    w = NationsWidget(players=1, seed=1, bot_delay=0)
    assert w.game_kind == "dice"
    assert w._esm == (STATIC / "dice.js").read_text(encoding="utf-8")
    assert w._css == (STATIC / "dice.css").read_text(encoding="utf-8")


def test_the_build_hook_takes_the_shipped_bundle_and_spots_a_stale_one(tmp_path: Path) -> None:
    """hatch_build.py's check: the checkout's bundle goes into a wheel as it is; a changed
    source file or a missing bundle means a rebuild."""
    assert BUILD.bundle_problem(ROOT) is None
    copy = tmp_path / "project"
    shutil.copytree(JS / "src", copy / "js" / "src")
    for name in ("build.mjs", "package-lock.json"):
        shutil.copy(JS / name, copy / "js" / name)
    (copy / "nations_widget" / "core").mkdir(parents=True)
    shutil.copy(REGISTRY_LIST, copy / "nations_widget" / "core" / "games.json")
    shutil.copytree(STATIC, copy / "nations_widget" / "static")
    assert BUILD.bundle_problem(copy) is None
    (copy / "js" / "src" / "shell" / "extra.js").write_text("export const x = 1;\n")
    assert "stale" in BUILD.bundle_problem(copy)
    (copy / "js" / "src" / "shell" / "extra.js").unlink()
    (copy / "nations_widget" / "static" / "board.js").unlink()
    assert BUILD.bundle_problem(copy) == "missing: board.js"


def test_the_bundles_are_minified() -> None:
    """Whitespace and syntax minified (names kept): no line of a bundle is indented."""
    for game in games():
        text = (STATIC / f"{game}.js").read_text(encoding="utf-8")
        assert not any(line.startswith("  ") for line in text.splitlines()), game
        assert text.count("\n") < len(text) / 200, game
