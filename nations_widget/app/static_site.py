"""``nations-widget static OUTDIR``: the app as a static site, run in the visitor's browser.

The page is Voici's (Voila's page on JupyterLite, built from the app's notebook), its kernel
is Pyodide (CPython compiled to WebAssembly) in a web worker: the engines and the bots are
pure Python and run there, so the site needs no server, only files.  Everything the page
loads is in OUTDIR, nothing comes from another host:

- Pyodide's runtime (``pyodide.asm.wasm``, ``python_stdlib.zip``, ``pyodide.js``...) from the
  npm registry's ``pyodide`` package (:data:`PYODIDE_VERSION`, the one the
  ``[static]`` extra's kernel was built for), fetched with ``npm pack`` once and cached;
- the pure-Python wheels the kernel and the app import (:data:`BROWSER_WHEELS`) from PyPI
  with ``pip download``, once and cached; this package's own wheel made from the installed
  package;
- a ``pyodide-lock.json`` naming exactly those wheels, all loaded when the kernel starts
  (``loadPyodideOptions.packages``), and PyPI turned off for the kernel's installer.

Pyodide's standard library comes without :mod:`sqlite3` (its module is a Pyodide build, in
no registry here): a stand-in wheel named ``sqlite3`` holding no module satisfies the
kernel's request for it, and the app, which imports without it, refuses to store a game in
words (:data:`nations_widget.tables.sqlite_store.NO_SQLITE`).  Shared tables need a
server: the page says so (:data:`SERVER_NOTE`, and the chooser where a served app lists
its open tables).  Games are kept all the same, in the browser's storage: the page stores
each game's save text and sends it back on a reload or Continue
(:mod:`nations_widget.widget.shell.keeping`).

The build leaves out what Voici writes and the page never loads (:data:`UNUSED`: measured
by tests/browser/test_static_site.py, which lists the files two visits never fetched).

Needs the ``[static]`` extra (``pip install 'nations_widget[static]'``), ``npm`` on the path
(or ``--pyodide`` naming the npm package's folder or ``.tgz``), and PyPI for the first build
(or ``--wheels`` naming a folder holding :data:`BROWSER_WHEELS`).
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import zipfile
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .. import __version__
from . import APP_NOTEBOOK, notebooks_dir

#: the Pyodide jupyterlite-pyodide-kernel 0.7.0 (the ``[static]`` extra) was built for
PYODIDE_VERSION = "0.29.0"
#: Pyodide 0.29's Python: the wheels are chosen for it
PYODIDE_PYTHON = "3.13"
#: the runtime's files taken from the npm package (its lock file is rewritten)
PYODIDE_FILES = ("pyodide.js", "pyodide.mjs", "pyodide.asm.js", "pyodide.asm.wasm",
                 "python_stdlib.zip", "package.json")

#: the pure-Python wheels the page's kernel loads besides the kernel's own and this
#: package: what the app imports (the versions of constraints.txt, which the tests check)
#: and what the Pyodide kernel imports (IPython and its own needs: jedi too, 4.9 MB of the
#: first visit, which the kernel installs at its start; without it no cell runs).
#: IPython stays at 9.0.2, the one Pyodide 0.29 ships: the kernel's cell runner calls
#: ``should_run_async`` the way 9.0 allowed and a later IPython refuses (every cell then
#: fails with a TypeError).
BROWSER_WHEELS = (
    "anywidget==0.9.21",
    "asttokens==3.0.2",
    "comm==0.2.3",
    "decorator==5.2.1",
    "executing==2.3.0",
    "ipython==9.0.2",
    "ipython_pygments_lexers==1.1.1",
    "ipywidgets==8.1.9",
    "jedi==0.20.1",
    "jupyterlab_widgets==3.0.17",
    "matplotlib-inline==0.2.2",
    "micropip==0.11.0",
    "parso==0.8.7",
    "prompt_toolkit==3.0.53",
    "psygnal==0.16.1",
    "pure_eval==0.2.4",
    "pygments==2.21.0",
    "stack_data==0.6.3",
    "traitlets==5.16.1",
    "typing_extensions==4.16.0",
    "wcwidth==0.9.4",
)

#: the kernel extension's settings in jupyter-lite.json
KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
#: where the page is, under OUTDIR (the site's index.html sends the visitor there)
PAGE = "voici/render/" + APP_NOTEBOOK.removesuffix(".ipynb") + ".html"

#: what the static page says first: it runs in the browser, and what needs a server
SERVER_NOTE = (
    "**This copy of the app runs in your browser**: both games, the bots, the hot seat and "
    "the lessons work with no server behind them (the first visit loads about 27 MB; "
    "later ones come from the browser's cache). Your games are kept in this browser: a "
    "reload brings the game back, and **Continue a game** lists the others.\n\n"
    "Playing with someone at their own screen (**A player I invite**: a shared table) "
    "needs the app served by a server (`nations-widget play`: see the README's section "
    "on serving the app).")

#: what Voici's build writes and the page never loads (paths in the site): JupyterLab's
#: own build (the page loads Voici's, ``voici/build``), the list of notebooks (the site's
#: index sends the visitor to the app's page), the Voila preview for JupyterLab
UNUSED = ("build", "voici/tree", "extensions/@voila-dashboards")

#: the notebook's code in the static page: the app, without the Voila page's watchdog
#: (which reloads a Voila page whose board is late and watches the Voila server's kernel)
STATIC_CODE = (
    "# the app, in the browser: Pyodide runs this notebook (see the note above)\n"
    "from nations_widget.widget.app import game_app\n"
    "\n"
    "game_app()")


class StaticBuildError(RuntimeError):
    """The static site cannot be built; the message says why and what to do."""


@dataclass(frozen=True)
class StaticSite:
    """A built site: its folder, its page's path in it, its size and the build's seconds."""

    folder: Path
    page: str
    size_bytes: int
    seconds: float


def build_static_site(outdir: Path | str, *, pyodide: Path | str | None = None,
                      wheels: Path | str | None = None, cache: Path | str | None = None,
                      say: Callable[[str], None] = print) -> StaticSite:
    """Write the static site into ``outdir`` (replaced if it holds an earlier build; a
    folder holding anything else is refused).  ``pyodide``: the npm package ``pyodide``
    (its folder or ``.tgz``) instead of fetching it; ``wheels``: a folder holding
    :data:`BROWSER_WHEELS` instead of fetching them; ``cache``: where fetched pieces are
    kept (default: the per-user cache folder)."""
    started = time.monotonic()
    out = Path(outdir).resolve()
    _check_outdir(out)
    _check_extra()
    cache_dir = Path(cache) if cache is not None else default_cache()
    with tempfile.TemporaryDirectory(prefix="nations-static-") as work_name:
        work = Path(work_name)
        lite = work / "lite"
        runtime = lite / "static" / "pyodide"
        runtime.mkdir(parents=True)
        say(f"Pyodide {PYODIDE_VERSION}'s runtime")
        _copy_runtime(_pyodide_package(pyodide, cache_dir, work), runtime)
        say("the wheels the page's Python loads")
        found = [*_browser_wheels(wheels, cache_dir), *_kernel_wheels()]
        for wheel in found:
            shutil.copy2(wheel, runtime / wheel.name)
        made = [package_wheel(runtime), sqlite3_stand_in(runtime)]
        names = write_lock(runtime, [runtime / w.name for w in found] + made)
        write_lite_config(lite / "jupyter-lite.json", names)
        content = work / "content"
        content.mkdir()
        write_static_notebook(notebooks_dir() / APP_NOTEBOOK, content / APP_NOTEBOOK)
        say("the page (Voici)")
        _voici_build(lite, content, work / "site")
        prune(work / "site")
        (work / "site" / "index.html").write_text(redirect_page(PAGE), encoding="utf-8")
        if out.exists():
            shutil.rmtree(out)
        shutil.copytree(work / "site", out)
    size = sum(f.stat().st_size for f in out.rglob("*") if f.is_file())
    return StaticSite(out, PAGE, size, time.monotonic() - started)


# ------------------------------------------------------------------------------ checks
def _check_extra() -> None:
    try:
        import jupyterlite_pyodide_kernel
        import voici_core  # noqa: F401
    except ImportError as exc:
        raise StaticBuildError(
            f"the static build needs the [static] extra ({exc.name} is missing): "
            "pip install 'nations_widget[static]'") from None
    version = getattr(jupyterlite_pyodide_kernel, "__version__", "?")
    if version != "0.7.0":
        raise StaticBuildError(
            f"jupyterlite-pyodide-kernel {version} is installed; the static build needs "
            "0.7.0 (the one Voici 0.10's page can load): pip install "
            "'nations_widget[static]'")


def _check_outdir(out: Path) -> None:
    if out.exists() and (not out.is_dir() or (any(out.iterdir())
                                               and not (out / "jupyter-lite.json").exists())):
        raise StaticBuildError(f"{out} exists and is not an earlier static build: choose a "
                               "new folder (the build replaces the whole folder)")


def default_cache() -> Path:
    """Where fetched pieces are kept between builds (``$XDG_CACHE_HOME/nations_widget``
    or ``~/.cache/nations_widget``, then ``static-pyodide-<version>``)."""
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "nations_widget" / f"static-pyodide-{PYODIDE_VERSION}"


# ----------------------------------------------------------------------------- Pyodide
def _pyodide_package(given: Path | str | None, cache: Path, work: Path) -> Path:
    """The npm package's folder (``package/`` of its tarball)."""
    if given is not None:
        source = Path(given)
        if source.is_dir():
            return source
        if source.is_file():
            return _unpack(source, work / "pyodide")
        raise StaticBuildError(f"--pyodide {source}: no such folder or file")
    tarball = cache / f"pyodide-{PYODIDE_VERSION}.tgz"
    if not tarball.is_file():
        npm = shutil.which("npm")
        if npm is None:
            raise StaticBuildError(
                "npm is needed to fetch Pyodide's runtime (the npm package pyodide@"
                f"{PYODIDE_VERSION}); install Node.js, or pass --pyodide with that package's "
                "folder or .tgz")
        cache.mkdir(parents=True, exist_ok=True)
        _run([npm, "pack", f"pyodide@{PYODIDE_VERSION}", "--pack-destination", str(cache),
              "--silent"], "npm pack could not fetch Pyodide's runtime")
    return _unpack(tarball, work / "pyodide")


def _unpack(tarball: Path, into: Path) -> Path:
    with tarfile.open(tarball) as tar:
        tar.extractall(into, filter="data")
    return into / "package"


def _copy_runtime(package: Path, runtime: Path) -> None:
    missing = [n for n in (*PYODIDE_FILES, "pyodide-lock.json") if not (package / n).is_file()]
    if missing:
        raise StaticBuildError(f"{package} is not the npm package pyodide: it lacks "
                               + ", ".join(missing))
    version = json.loads((package / "package.json").read_text(encoding="utf-8"))["version"]
    if version != PYODIDE_VERSION:
        raise StaticBuildError(f"{package} holds Pyodide {version}; the kernel needs "
                               f"{PYODIDE_VERSION}")
    for name in (*PYODIDE_FILES, "pyodide-lock.json"):
        shutil.copy2(package / name, runtime / name)


# ------------------------------------------------------------------------------ wheels
def _browser_wheels(given: Path | str | None, cache: Path) -> list[Path]:
    folder = Path(given) if given is not None else cache / "wheels"
    wanted = {_key(spec.split("==")[0]): spec.split("==")[1] for spec in BROWSER_WHEELS}

    def find() -> dict[str, Path]:
        have = {}
        for wheel in folder.glob("*.whl") if folder.is_dir() else ():
            name, version = wheel.name.split("-")[:2]
            if wanted.get(_key(name)) == version:
                have[_key(name)] = wheel
        return have

    have = find()
    if len(have) < len(wanted) and given is None:
        folder.mkdir(parents=True, exist_ok=True)
        _run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
              "--only-binary=:all:", "--python-version", PYODIDE_PYTHON, "--platform", "any",
              "--implementation", "py", "--abi", "none", "--dest", str(folder),
              *(s for s in BROWSER_WHEELS if _key(s.split("==")[0]) not in have)],
             "pip could not fetch the wheels the page loads")
        have = find()
    missing = sorted(set(wanted) - set(have))
    if missing:
        raise StaticBuildError(f"{folder} lacks the wheels of " + ", ".join(
            f"{m}=={wanted[m]}" for m in missing))
    return sorted(have.values())


def _kernel_wheels() -> list[Path]:
    """The Pyodide kernel's own wheels (its kernel, its installer piplite, its ipykernel
    and widgetsnbextension stand-ins), from its installed JupyterLab extension."""
    from jupyter_core.paths import jupyter_path

    for root in jupyter_path("labextensions"):
        pypi = Path(root) / "@jupyterlite" / "pyodide-kernel-extension" / "static" / "pypi"
        wheels = [w for w in sorted(pypi.glob("*.whl"))
                  if not w.name.startswith("widgetsnbextension-3")]   # ipywidgets 7's
        if wheels:
            return wheels
    raise StaticBuildError("the Pyodide kernel's extension is not installed: pip install "
                           "'nations_widget[static]'")


def package_wheel(into: Path) -> Path:
    """This package as a pure wheel, made from the installed package's files (a wheel
    install or a source checkout alike): its code, data, bundles and notebooks.  Its
    requirements are loaded by name (the lock file), so it declares none."""
    package = Path(__file__).resolve().parents[1]
    name = f"nations_widget-{__version__}"
    files: dict[str, bytes] = {}
    for path in sorted(package.rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc":
            files[f"nations_widget/{path.relative_to(package).as_posix()}"] = path.read_bytes()
    metadata = (f"Metadata-Version: 2.1\nName: nations_widget\nVersion: {__version__}\n"
                "Summary: The Nations games (the static site's copy)\n")
    return _write_wheel(into / f"{name}-py3-none-any.whl", name, metadata, files)


def sqlite3_stand_in(into: Path) -> Path:
    """A wheel named ``sqlite3`` holding no module: the kernel asks for Pyodide's sqlite3
    package, which no registry here carries; ``import sqlite3`` still fails, as the app
    expects in the browser."""
    name = "sqlite3-1.0.0"
    metadata = ("Metadata-Version: 2.1\nName: sqlite3\nVersion: 1.0.0\nSummary: Stands in "
                "for Pyodide's sqlite3 (not in the static site: no module)\n")
    return _write_wheel(into / f"{name}-py3-none-any.whl", name, metadata, {})


def _write_wheel(path: Path, name: str, metadata: str, files: dict[str, bytes]) -> Path:
    info = f"{name}.dist-info"
    files = {**files, f"{info}/METADATA": metadata.encode(),
             f"{info}/WHEEL": b"Wheel-Version: 1.0\nGenerator: nations_widget\n"
                              b"Root-Is-Purelib: true\nTag: py3-none-any\n"}
    record = [f"{n},sha256={_digest(data)},{len(data)}" for n, data in files.items()]
    record.append(f"{info}/RECORD,,")
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as wheel:
        for n, data in files.items():
            wheel.writestr(zipfile.ZipInfo(n, (2020, 1, 1, 0, 0, 0)), data,
                           zipfile.ZIP_DEFLATED)
        wheel.writestr(f"{info}/RECORD", "\n".join(record) + "\n")
    return path


def _digest(data: bytes) -> str:
    return base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


def _key(name: str) -> str:
    return name.lower().replace("_", "-")


# ------------------------------------------------------------------- lock and settings
def write_lock(runtime: Path, wheels: Iterable[Path]) -> list[str]:
    """Rewrite the runtime's ``pyodide-lock.json`` to name exactly ``wheels`` (by their
    files' digests, which Pyodide checks); returns the package names as their wheels spell
    them (the kernel skips installing ``pyodide_kernel`` only when it is named so among
    the packages loaded at its start; the lock's keys are the normalized names)."""
    lock_path = runtime / "pyodide-lock.json"
    lock = json.loads(lock_path.read_text(encoding="utf-8"))
    packages: dict[str, Any] = {}
    names = []
    for wheel in wheels:
        name, version = wheel.name.split("-")[:2]
        packages[_key(name)] = {
            "name": _key(name), "version": version, "file_name": wheel.name,
            "install_dir": "site", "package_type": "package", "imports": [], "depends": [],
            "sha256": hashlib.sha256(wheel.read_bytes()).hexdigest(),
            "unvendored_tests": False}
        names.append(name)
    lock["packages"] = dict(sorted(packages.items()))
    lock_path.write_text(json.dumps(lock, indent=1), encoding="utf-8")
    return sorted(names)


def write_lite_config(path: Path, packages: Sequence[str]) -> None:
    """jupyter-lite.json: the kernel loads every package at its start, and never PyPI."""
    config = {"jupyter-lite-schema-version": 0, "jupyter-config-data": {
        "appName": "Nations",
        "litePluginSettings": {KERNEL_PLUGIN: {
            "disablePyPIFallback": True,
            "loadPyodideOptions": {"packages": list(packages)}}}}}
    path.write_text(json.dumps(config, indent=1), encoding="utf-8")


# ------------------------------------------------------------------- notebook and page
def write_static_notebook(source: Path, target: Path) -> None:
    """The app's notebook as the static page runs it: :data:`SERVER_NOTE` first, the code
    cell's app without Voila's watchdog (:data:`STATIC_CODE`), the rest as it is."""
    notebook = json.loads(source.read_text(encoding="utf-8"))
    cells = []
    for cell in notebook["cells"]:
        if cell["cell_type"] == "code":
            cell = {**cell, "source": STATIC_CODE, "outputs": [], "execution_count": None}
        cells.append(cell)
    note = {"cell_type": "markdown", "metadata": {}, "source": SERVER_NOTE}
    notebook["cells"] = [note, *cells]
    notebook["metadata"]["kernelspec"] = {"display_name": "Python (Pyodide)",
                                          "language": "python", "name": "python"}
    target.write_text(json.dumps(notebook, indent=1), encoding="utf-8")


def redirect_page(page: str) -> str:
    """The site's index.html: straight to the app's page (with the address's query)."""
    return ("<!doctype html>\n<html><head><meta charset=\"utf-8\"><title>Nations</title>\n"
            f"<meta http-equiv=\"refresh\" content=\"0; url={page}\">\n"
            f"<script>location.replace({json.dumps(page)} + location.search)</script>\n"
            f"</head><body><a href=\"{page}\">Open the Nations app</a></body></html>\n")


def prune(site: Path) -> int:
    """Take :data:`UNUSED` out of a built ``site``; returns the bytes taken out."""
    removed = 0
    for name in UNUSED:
        path = site / name
        if path.is_dir():
            removed += sum(f.stat().st_size for f in path.rglob("*") if f.is_file())
            shutil.rmtree(path)
    return removed


def _voici_build(lite: Path, content: Path, site: Path) -> None:
    """Voici's build, in a child process (its command line is its interface), with the
    app's page template ("nations": Voila's lab template less its CDN links)."""
    jupyter_data = Path(__file__).resolve().parent / "jupyter_data"
    env = {**os.environ, "JUPYTER_PATH": os.pathsep.join(
        p for p in (str(jupyter_data), os.environ.get("JUPYTER_PATH", "")) if p)}
    _run([sys.executable, "-c", "import sys; from voici_core.app import main; sys.exit(main())",
          "build", "--no-sourcemaps", "--contents", str(content), "--output-dir", str(site),
          "--template", "nations"], "Voici's build failed", cwd=lite, env=env)


def _run(command: Sequence[str], failure: str, **kwargs: Any) -> None:
    done = subprocess.run(command, capture_output=True, text=True, check=False, **kwargs)
    if done.returncode != 0:
        tail = (done.stderr or done.stdout).strip().splitlines()[-15:]
        raise StaticBuildError(f"{failure} (exit {done.returncode}):\n" + "\n".join(tail))


__all__ = [
    "BROWSER_WHEELS",
    "PAGE",
    "PYODIDE_VERSION",
    "SERVER_NOTE",
    "UNUSED",
    "StaticBuildError",
    "StaticSite",
    "build_static_site",
    "default_cache",
    "package_wheel",
    "prune",
    "redirect_page",
    "sqlite3_stand_in",
    "write_lite_config",
    "write_lock",
    "write_static_notebook",
]
