"""The static build's own pieces, without the network: the page's wheels pinned as the
project pins them, the lock file Pyodide reads, the page's notebook, the CLI's refusals."""

from __future__ import annotations

import hashlib
import io
import json
import zipfile
from pathlib import Path

import pytest

from nations_widget.__main__ import static_command
from nations_widget.app import APP_NOTEBOOK, notebooks_dir
from nations_widget.app import static_site as site

REPO = Path(__file__).resolve().parents[2]
#: pinned apart from constraints.txt on purpose (the page's Python, not the server's)
OWN_PINS = {"ipython": "the kernel's cell runner needs IPython 9.0 (static_site.py)",
            "decorator": "IPython 9.0's requirement", "micropip": "Pyodide 0.29's installer"}


def constraints() -> dict[str, str]:
    pins = {}
    for line in (REPO / "constraints.txt").read_text().splitlines():
        if line and not line.startswith("#"):
            name, version = line.split("==")
            pins[name.lower().replace("_", "-")] = version
    return pins


def test_the_pages_wheels_are_the_versions_the_project_pins() -> None:
    pinned = constraints()
    for spec in site.BROWSER_WHEELS:
        name, version = spec.split("==")
        key = name.lower().replace("_", "-")
        if key in OWN_PINS:
            continue
        assert pinned.get(key) == version, f"{spec}: constraints.txt pins {pinned.get(key)}"


def test_the_build_extra_is_pinned() -> None:
    pinned = constraints()
    for name in ("voici-core", "jupyterlite-core", "jupyterlite-pyodide-kernel", "doit"):
        assert name in pinned, f"{name} is not pinned in constraints.txt"
    assert pinned["jupyterlite-pyodide-kernel"] == "0.7.0"


def test_the_lock_names_exactly_the_wheels_with_their_digests(tmp_path: Path) -> None:
    (tmp_path / "pyodide-lock.json").write_text(json.dumps(
        {"info": {"version": "0.29.0"}, "packages": {"numpy": {"name": "numpy"}}}))
    stand_in = site.sqlite3_stand_in(tmp_path)
    own = site.package_wheel(tmp_path)
    names = site.write_lock(tmp_path, [stand_in, own])
    lock = json.loads((tmp_path / "pyodide-lock.json").read_text())
    assert lock["info"] == {"version": "0.29.0"}
    assert sorted(lock["packages"]) == ["nations-widget", "sqlite3"]
    assert names == ["nations_widget", "sqlite3"]     # as the kernel spells them
    entry = lock["packages"]["nations-widget"]
    assert entry["file_name"] == own.name
    assert entry["sha256"] == hashlib.sha256(own.read_bytes()).hexdigest()


def test_the_packages_wheel_carries_the_code_data_and_bundles(tmp_path: Path) -> None:
    with zipfile.ZipFile(site.package_wheel(tmp_path)) as wheel:
        names = set(wheel.namelist())
        record = wheel.read(next(n for n in names if n.endswith("/RECORD"))).decode()
    assert "nations_widget/widget/app.py" in names
    assert any(n.startswith("nations_widget/dice/data/") for n in names)
    assert any(n.startswith("nations_widget/static/") for n in names)
    assert not any("__pycache__" in n for n in names)
    assert "nations_widget/widget/app.py,sha256=" in record


def test_the_sqlite3_stand_in_holds_no_module(tmp_path: Path) -> None:
    with zipfile.ZipFile(site.sqlite3_stand_in(tmp_path)) as wheel:
        assert all(".dist-info/" in n for n in wheel.namelist())


def test_the_pages_notebook_says_what_needs_a_server(tmp_path: Path) -> None:
    target = tmp_path / APP_NOTEBOOK
    site.write_static_notebook(notebooks_dir() / APP_NOTEBOOK, target)
    cells = json.loads(target.read_text())["cells"]
    assert cells[0]["cell_type"] == "markdown" and "need the app served by a server" \
        in cells[0]["source"].replace("needs", "need")
    code = [c for c in cells if c["cell_type"] == "code"]
    assert len(code) == 1 and code[0]["source"] == site.STATIC_CODE
    assert "page_watchdog" not in code[0]["source"]
    exec(compile(code[0]["source"], "static cell", "exec"), {})   # the app's cell runs


def test_the_index_sends_the_visitor_to_the_page() -> None:
    page = site.redirect_page(site.PAGE)
    assert 'url=voici/render/play.html"' in page and "location.search" in page


def test_a_folder_holding_something_else_is_refused(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("mine")
    out = io.StringIO()
    assert static_command(str(tmp_path), out=out) == 2
    assert "is not an earlier static build" in out.getvalue()
    assert (tmp_path / "notes.txt").read_text() == "mine"


def test_a_pyodide_package_of_another_version_is_refused(tmp_path: Path) -> None:
    package = tmp_path / "package"
    package.mkdir()
    for name in (*site.PYODIDE_FILES, "pyodide-lock.json"):
        (package / name).write_text("{}")
    (package / "package.json").write_text(json.dumps({"version": "0.27.0"}))
    with pytest.raises(site.StaticBuildError, match=r"holds Pyodide 0\.27\.0"):
        site._copy_runtime(package, tmp_path / "runtime")


def test_the_build_leaves_out_what_the_page_never_loads(tmp_path: Path) -> None:
    files = ["build/jlab_core.js", "build/schemas/x.json", "voici/tree/index.html",
             "extensions/@voila-dashboards/jupyterlab-preview/package.json",
             "voici/build/voici.js", "voici/render/play.html", "static/pyodide/pyodide.js",
             "extensions/anywidget/package.json", "index.html"]
    for name in files:
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("x" * 10)
    assert site.prune(tmp_path) == 40
    left = sorted(f.relative_to(tmp_path).as_posix() for f in tmp_path.rglob("*") if f.is_file())
    assert left == ["extensions/anywidget/package.json", "index.html",
                    "static/pyodide/pyodide.js", "voici/build/voici.js",
                    "voici/render/play.html"]


def test_the_pages_note_says_games_are_kept_in_this_browser() -> None:
    assert "kept in this browser" in site.SERVER_NOTE
    assert "starts afresh" not in site.SERVER_NOTE
