"""The shipped JS bundles (nations_widget/static) must be built from the current js/ sources.

``npm run build --prefix js`` writes one bundle per game (``js/src/<game>/index.js`` ->
``<game>.js`` and ``<game>.css``), the page watchdog, and ``bundle-hash.json``: a SHA-256 over
every file under js/src, js/build.mjs and the esbuild version js/package-lock.json pins (the
one package whose version changes the bundle's bytes; the test tools' lock entries do not).
The first test recomputes that hash (no node needed); the second rebuilds into a temporary
folder and compares the bytes, when js/node_modules is installed.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
JS = ROOT / "js"
STATIC = ROOT / "nations_widget" / "static"
REBUILD = "npm run build --prefix js"


def locked_esbuild() -> str:
    lock = json.loads((JS / "package-lock.json").read_text(encoding="utf-8"))
    version = lock["packages"]["node_modules/esbuild"]["version"]
    assert isinstance(version, str)
    return version


def sources_hash() -> tuple[str, list[str]]:
    files = [p for p in (JS / "src").rglob("*") if p.is_file()]
    files += [JS / "build.mjs"]
    names = sorted(p.relative_to(JS).as_posix() for p in files)
    digest = hashlib.sha256()
    for name in names:
        digest.update(name.encode() + b"\0")
        digest.update((JS / name).read_bytes())
        digest.update(b"\0")
    digest.update(f"esbuild@{locked_esbuild()}\0".encode())
    return digest.hexdigest(), names


def games() -> list[str]:
    """The games with a view: js/src/<game>/index.js (js/src/shell is not one)."""
    return sorted(p.parent.name for p in (JS / "src").glob("*/index.js")
                  if p.parent.name != "shell")


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
