"""Hatch build hook: the JS bundles in nations_widget/static, built by the Python build when
they need to be.

The bundles are committed, with ``bundle-hash.json``: a SHA-256 over every file under js/src,
js/build.mjs and the esbuild version js/package-lock.json pins (js/build.mjs writes it; the
same algorithm is :func:`sources_hash` here).  A wheel or sdist build checks them:

- every bundle present and the recorded hash equal to the sources' -> nothing to build (a
  wheel built from a checkout or from an sdist needs neither node nor npm);
- one missing or stale (or ``NATIONS_BUILD_JS=1``) -> ``npm ci`` (exactly the versions of
  js/package-lock.json; skipped when js/node_modules already holds esbuild), then
  ``npm run build``, then the check again: a build that still does not match fails.

Editable installs (``pip install -e``) build nothing: a checkout runs
``npm run build --prefix js`` itself, and tests/test_bundle.py fails on a stale bundle.
tests/test_bundle.py imports the functions below (without hatchling, the hook class is not
made).
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent


def locked_esbuild(js: Path) -> str:
    """The esbuild version js/package-lock.json pins (the bundle's bytes depend on it)."""
    lock = json.loads((js / "package-lock.json").read_text(encoding="utf-8"))
    version = lock["packages"]["node_modules/esbuild"]["version"]
    if not isinstance(version, str):
        raise ValueError("js/package-lock.json pins no esbuild version")
    return version


def sources_hash(js: Path) -> tuple[str, list[str]]:
    """(the SHA-256 js/build.mjs records, the files it covers), from the sources alone."""
    files = [p for p in (js / "src").rglob("*") if p.is_file()]
    files += [js / "build.mjs"]
    names = sorted(p.relative_to(js).as_posix() for p in files)
    digest = hashlib.sha256()
    for name in names:
        digest.update(name.encode() + b"\0")
        digest.update((js / name).read_bytes())
        digest.update(b"\0")
    digest.update(f"esbuild@{locked_esbuild(js)}\0".encode())
    return digest.hexdigest(), names


def games(js: Path) -> list[str]:
    """The bundles js/build.mjs makes, as it reads them: the games of the registry's list
    (nations_widget/core/games.json), then the app's own page bundles it names."""
    listed = json.loads((js.parent / "nations_widget" / "core" / "games.json")
                        .read_text(encoding="utf-8"))
    return [g["key"] for g in listed["games"]] + list(listed["page_bundles"])


def bundle_files(js: Path) -> list[str]:
    """The files js/build.mjs writes into nations_widget/static."""
    return [*(f"{game}.{ext}" for game in games(js) for ext in ("js", "css")),
            "watchdog.js", "bundle-hash.json"]


def bundle_problem(root: Path = ROOT) -> str | None:
    """Why the shipped bundle cannot go into a build as it is (None: it can)."""
    js, static = root / "js", root / "nations_widget" / "static"
    missing = [name for name in bundle_files(js) if not (static / name).is_file()]
    if missing:
        return "missing: " + ", ".join(missing)
    recorded = json.loads((static / "bundle-hash.json").read_text(encoding="utf-8"))
    digest, names = sources_hash(js)
    if recorded.get("sha256") != digest or recorded.get("files") != names:
        return "stale against js/ (the sources' hash differs from bundle-hash.json's)"
    return None


def build_bundles(root: Path = ROOT) -> None:
    """``npm ci`` (when js/node_modules lacks esbuild) and ``npm run build`` in js/."""
    js = root / "js"
    npm = shutil.which("npm")
    if npm is None:
        raise RuntimeError("building the JS bundles (nations_widget/static) needs Node.js and "
                           "npm; install them, or build from a checkout or sdist whose "
                           "bundles are up to date")
    if not (js / "node_modules" / "esbuild").is_dir():
        subprocess.run([npm, "ci", "--no-audit", "--no-fund", "--loglevel=error"], cwd=js,
                       check=True)
    subprocess.run([npm, "run", "build"], cwd=js, check=True)


try:
    from hatchling.builders.hooks.plugin.interface import BuildHookInterface
except ImportError:      # read by tests/test_bundle.py where hatchling is not installed
    pass
else:
    class JsBundleHook(BuildHookInterface):  # type: ignore[misc]
        """Builds the JS bundles for a wheel or sdist when they are missing or stale."""

        PLUGIN_NAME = "custom"

        def initialize(self, version: str, build_data: dict[str, Any]) -> None:
            if version == "editable":
                return
            root = Path(self.root)
            forced = os.environ.get("NATIONS_BUILD_JS") == "1"
            problem = "rebuild asked for (NATIONS_BUILD_JS=1)" if forced else \
                bundle_problem(root)
            if problem is None:
                self.app.display_info("JS bundles up to date with js/: not rebuilt")
                return
            self.app.display_info(f"JS bundles {problem}: building them (npm)")
            build_bundles(root)
            problem = bundle_problem(root)
            if problem is not None:
                raise RuntimeError(f"the JS bundles are still {problem} after npm run build")
