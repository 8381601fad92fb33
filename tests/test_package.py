"""The package as a Jupyter user gets it from PyPI (issue 23).

- one version (nations_widget/__init__.py), a LICENSE file matching the metadata;
- ``nations-widget play | lab | tournament``: the command line, its arguments and settings;
- Voila's settings in one place (nations_widget/app/voila_settings.py), which the
  repository's voila.py and the command both apply;
- a wheel built from this checkout, installed into a fresh virtual environment, serves the
  app with ``nations-widget play`` from an empty folder (the notebook, the page template and
  the settings travel with it); an sdist whose bundle is missing rebuilds it.

The build tests need ``build`` and ``hatchling`` (the ``[dev]`` extra), the served one Voila;
without them they are skipped, except under CI=true, where they fail.  The fresh environment
gets the wheel without its dependencies and borrows them from the running environment (a
.pth file), so the test needs no network; ``NATIONS_PACKAGE_TEST_INDEX=1`` installs
``wheel[app]`` from the package index instead (minutes), as a user's pip would.
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import shutil
import site
import subprocess
import sys
import tarfile
import urllib.request
import zipfile
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
VERSION_LINE = re.compile(r'^__version__ = "([^"]+)"$', re.M)


def require_module(name: str) -> None:
    """Skip without ``name``, except under CI=true, where it fails (CI installs [dev])."""
    spec = importlib.util.find_spec(name)
    if spec is not None and not (spec.origin and Path(spec.origin).parent == ROOT):
        return
    reason = f"{name} is not installed (the [dev] extra installs it)"
    if os.environ.get("CI"):
        pytest.fail(f"{reason}; under CI it must be there", pytrace=False)
    pytest.skip(reason)


# ------------------------------------------------------------------ metadata
def test_the_version_is_written_once() -> None:
    tomllib = pytest.importorskip("tomllib")
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "version" not in pyproject["project"]
    assert pyproject["project"]["dynamic"] == ["version"]
    assert pyproject["tool"]["hatch"]["version"]["path"] == "nations_widget/__init__.py"
    versions = VERSION_LINE.findall((ROOT / "nations_widget" / "__init__.py").read_text())
    assert len(versions) == 1
    import nations_widget
    assert nations_widget.__version__ == versions[0]
    # the JS package is private (never published): it carries no version of its own
    package = json.loads((ROOT / "js" / "package.json").read_text(encoding="utf-8"))
    lock = json.loads((ROOT / "js" / "package-lock.json").read_text(encoding="utf-8"))
    assert "version" not in package and "version" not in lock
    assert "version" not in lock["packages"][""]


def test_the_license_file_is_the_metadata_s() -> None:
    tomllib = pytest.importorskip("tomllib")
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["license"] == "MIT" and project["license-files"] == ["LICENSE"]
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert text.startswith("MIT License\n") and "Permission is hereby granted" in text
    assert project["scripts"]["nations-widget"] == "nations_widget.__main__:main"
    assert project["urls"]


@pytest.fixture
def real_voila(monkeypatch: pytest.MonkeyPatch) -> None:
    """Voila importable here: ``python -m pytest`` puts the repository root first on
    sys.path, where voila.py (the settings file) would shadow the voila package."""
    monkeypatch.setattr(sys, "path", [p for p in sys.path
                                      if p not in ("", ".") and Path(p).resolve() != ROOT])
    loaded = sys.modules.get("voila")
    if loaded is not None and not hasattr(loaded, "__path__"):
        monkeypatch.delitem(sys.modules, "voila")
    require_module("voila")


# ------------------------------------------------------------------ command line
def test_the_command_names_its_version(capsys: pytest.CaptureFixture[str]) -> None:
    from nations_widget import __main__ as cli
    from nations_widget import __version__
    with pytest.raises(SystemExit) as done:
        cli.main(["--version"])
    assert done.value.code == 0
    assert capsys.readouterr().out.strip() == f"nations_widget {__version__}"


def test_tournament_runs_either_game(capsys: pytest.CaptureFixture[str]) -> None:
    from nations_widget.__main__ import main
    assert main(["tournament", "--game", "board", "--players", "3", "--games", "1"]) == 0
    assert "bots heuristic, random, random" in capsys.readouterr().out
    assert main(["tournament", "--game", "dice", "--players", "2", "--games", "1",
                 "--bots", "heuristic,random"]) == 0
    assert "win%" in capsys.readouterr().out


def test_play_hands_voila_the_app_notebook_and_the_settings(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path, real_voila: None) -> None:
    from voila.app import Voila

    from nations_widget.__main__ import main
    from nations_widget.app import notebooks_dir
    seen: dict[str, Any] = {}

    def launch(cls: type, argv: list[str], **kwargs: Any) -> None:
        seen.update(argv=argv, **kwargs)

    monkeypatch.setattr(Voila, "launch_instance", classmethod(launch))
    monkeypatch.chdir(tmp_path)
    (tmp_path / "voila.py").write_text("raise SystemExit('not this one')\n")
    assert main(["play", "--port", "9123", "--no-browser", "--Voila.show_tracebacks=True"]) == 0
    argv, config = seen["argv"], seen["config"]
    assert argv[0] == str(notebooks_dir() / "play.ipynb") and Path(argv[0]).is_file()
    assert "--port=9123" in argv and "--no-browser" in argv and "--Voila.ip=127.0.0.1" in argv
    assert argv[-1] == "--Voila.show_tracebacks=True"        # other options go to Voila
    assert config.VoilaConfiguration.preheat_kernel is True
    assert config.VoilaConfiguration.template == "nations"
    assert config.MappingKernelManager.cull_idle_timeout == 600
    assert "Content-Security-Policy" in config.Voila.tornado_settings["headers"]
    # not the voila.py of the folder it was started in
    assert str(tmp_path) not in config.Voila.config_file_paths


def test_play_sizes_the_server_for_this_machine_or_as_told(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path, real_voila: None,
        capsys: pytest.CaptureFixture[str]) -> None:
    """By default the pool and the cap follow the machine (a 2-core laptop keeps one warm
    kernel, not a server's 20); --pool and --max-kernels set them, as the environment's
    NATIONS_KERNEL_POOL and NATIONS_MAX_KERNELS do; the start says what was chosen."""
    from voila.app import Voila

    from nations_widget.__main__ import main
    from nations_widget.app import voila_settings
    from nations_widget.app.voila_settings import Machine
    seen: dict[str, Any] = {}
    monkeypatch.setattr(Voila, "launch_instance",
                        classmethod(lambda cls, argv, **kw: seen.update(argv=argv, **kw)))
    monkeypatch.chdir(tmp_path)
    # play sets the two variables for the server it starts: a copy of the environment here
    monkeypatch.setattr(os, "environ", {k: v for k, v in os.environ.items()
                                        if k not in ("NATIONS_KERNEL_POOL",
                                                     "NATIONS_MAX_KERNELS")})
    monkeypatch.setattr(voila_settings, "this_machine", lambda: Machine(2, 8192))
    assert main(["play", "--no-browser"]) == 0
    assert seen["config"].VoilaConfiguration.default_pool_size == 1
    said = capsys.readouterr().err
    assert "1 warm kernel (about 65 MB), at most 24 pages at once (2 cores, 8.0 GiB" in said
    assert main(["play", "--no-browser", "--pool", "20", "--max-kernels", "0"]) == 0
    assert seen["config"].VoilaConfiguration.default_pool_size == 20
    assert voila_settings.max_pages() == 0
    assert "20 warm kernels (about 1300 MB), no cap on pages" in capsys.readouterr().err
    assert "--pool" not in " ".join(seen["argv"])          # ours, not Voila's
    os.environ["NATIONS_KERNEL_POOL"] = "lots"
    assert main(["play", "--no-browser"]) == 2
    assert "NATIONS_KERNEL_POOL must be a whole number" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["play", "--pool", "0"])
    assert "--pool takes a whole number, at least 1" in capsys.readouterr().err


def test_play_help_says_what_each_setting_does(capsys: pytest.CaptureFixture[str]) -> None:
    from nations_widget.__main__ import main
    with pytest.raises(SystemExit):
        main(["play", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    for option in ("--port", "--ip", "--no-browser", "--base-url", "--pool", "--max-kernels",
                   "NATIONS_KERNEL_POOL", "NATIONS_MAX_KERNELS", "NATIONS_TABLES_DIR",
                   "NATIONS_TABLES_URL", "NATIONS_TCP_NODELAY"):
        assert option in text, option
    assert "warm kernels kept ready" in text and "The tables are full" in text
    assert re.search(r"about \d+ MB when its game starts", text)
    assert re.search(r"On this machine \(\d+ cores, [\d.]+ GiB\) the defaults are --pool \d+ "
                     r"and --max-kernels \d+", text)


def test_play_says_what_to_install_without_voila(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    import importlib.machinery

    from nations_widget.__main__ import main
    real = importlib.util.find_spec

    def without_voila(name: str, *args: Any) -> Any:
        return None if name == "voila" else real(name, *args)

    monkeypatch.setattr(importlib.util, "find_spec", without_voila)
    assert main(["play"]) == 1
    assert 'pip install "nations_widget[app]"' in capsys.readouterr().err

    def shadowed(name: str, *args: Any) -> Any:
        if name == "voila":
            return importlib.machinery.ModuleSpec("voila", None, origin="/somewhere/voila.py")
        return real(name, *args)

    monkeypatch.setattr(importlib.util, "find_spec", shadowed)
    assert main(["play"]) == 1
    assert "/somewhere/voila.py is not Voila" in capsys.readouterr().err


def test_lab_copies_the_notebooks_and_keeps_a_players_edits(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    require_module("jupyterlab")
    from jupyterlab.labapp import LabApp

    from nations_widget.__main__ import main
    from nations_widget.app import NOTEBOOKS
    seen: list[list[str]] = []
    monkeypatch.setattr(LabApp, "launch_instance",
                        classmethod(lambda cls, argv: seen.append(argv)))
    monkeypatch.chdir(tmp_path)
    assert main(["lab", "--no-browser", "--port", "9124"]) == 0
    folder = tmp_path / "nations_notebooks"
    assert sorted(p.name for p in folder.iterdir()) == sorted(NOTEBOOKS)
    assert f"--ServerApp.root_dir={folder}" in seen[0] and "--ServerApp.port=9124" in seen[0]
    assert "--no-browser" in seen[0]
    (folder / "learn.ipynb").write_text("{}")
    (folder / "play.ipynb").unlink()
    assert main(["lab"]) == 0
    assert (folder / "learn.ipynb").read_text() == "{}"          # kept as the player left it
    assert (folder / "play.ipynb").is_file()
    assert "copied: play.ipynb" in capsys.readouterr().out


def test_binder_s_proxy_runs_the_command_under_its_own_path() -> None:
    from nations_widget.app.launch import server_proxy
    entry = server_proxy()
    command = entry["command"]
    assert Path(command[0]).name == "nations-widget" and command[1] == "play"
    assert "--port={port}" in command and "--no-browser" in command
    assert "--base-url={base_url}nations/" in command
    assert entry["absolute_url"] is True
    # Binder's one visitor: one warm kernel, not the pool sized for a crowd on a server
    assert entry["environment"] == {"NATIONS_KERNEL_POOL": "1"}
    requirements = (ROOT / "binder" / "requirements.txt").read_text()
    assert "jupyter-server-proxy" in requirements and ".[app]" in requirements


def test_the_set_up_installs_the_launcher_s_app_entry_with_our_icon() -> None:
    """Issue 29: `bash scripts/lab.sh` showed no "Nations (the app)" in JupyterLab's launcher
    (the README says it does): jupyter-server-proxy was not in the [app] extra that
    scripts/setup.sh installs, and the entry had no icon.  It is now in the extra, pinned
    in constraints.txt with the packages it brings, and the entry's icon is an SVG of ours
    that travels in the package."""
    import tomllib

    from nations_widget.app.launch import LAUNCHER_ICON, server_proxy
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert any(re.match(r"jupyter-server-proxy\b", r)
               for r in project["optional-dependencies"]["app"])
    pins = {line.split("==")[0].lower().replace("_", "-")
            for line in (ROOT / "constraints.txt").read_text().splitlines()
            if "==" in line and not line.startswith("#")}
    assert {"jupyter-server-proxy", "simpervisor", "aiohttp"} <= pins
    entry = server_proxy()["launcher_entry"]
    assert entry["title"] == "Nations (the app)"
    icon = Path(entry["icon_path"])
    assert icon == LAUNCHER_ICON and icon.is_file() and icon.parent.name == "app"
    assert icon.read_text().lstrip().startswith("<svg") and "Nations" in icon.read_text()
    # the proxy reads the entry as its LauncherEntry would (when it is installed)
    if importlib.util.find_spec("jupyter_server_proxy") is not None:
        from jupyter_server_proxy.config import LauncherEntry
        assert LauncherEntry(**entry).icon_path == str(icon)


# ------------------------------------------------------------------ Voila's settings
def test_voila_py_applies_the_package_s_settings() -> None:
    """The repository's voila.py (scripts/play.sh) and nations-widget play apply the same."""
    from traitlets.config import Config
    from traitlets.config.loader import PyFileConfigLoader

    from nations_widget.app.voila_settings import CONTENT_SECURITY_POLICY, configure
    from_file = PyFileConfigLoader("voila.py", path=str(ROOT)).load_config()
    direct = Config()
    configure(direct)
    for section in ("VoilaConfiguration", "MappingKernelManager", "IdentityProvider"):
        assert from_file[section] == direct[section], section
    assert from_file.Voila.tornado_settings == direct.Voila.tornado_settings
    assert direct.Voila.tornado_settings["headers"]["Content-Security-Policy"] == \
        CONTENT_SECURITY_POLICY
    assert direct.MappingKernelManager.cull_busy is True
    from nations_widget.app.voila_settings import kernel_pool
    assert direct.VoilaConfiguration.default_pool_size == kernel_pool()


def test_the_page_template_travels_with_the_package() -> None:
    from nations_widget.app.voila_settings import JUPYTER_DATA
    template = Path(JUPYTER_DATA) / "voila" / "templates" / "nations"
    assert json.loads((template / "conf.json").read_text()) == {"base_template": "lab"}
    assert "extends 'lab/index.html.j2'" in (template / "index.html.j2").read_text()
    assert ROOT / "nations_widget" in template.parents


# ------------------------------------------------------------------ wheel and sdist
def _build(kind: str, source: Path, out: Path) -> Path:
    require_module("build")
    require_module("hatchling")
    result = subprocess.run(
        [sys.executable, "-m", "build", f"--{kind}", "--no-isolation", "--outdir", str(out),
         str(source)], capture_output=True, text=True, timeout=600, check=False)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    (built,) = out.glob("*.whl" if kind == "wheel" else "*.tar.gz")
    return built


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _build("wheel", ROOT, tmp_path_factory.mktemp("dist"))


def test_the_wheel_carries_the_app(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    for name in ("nations_widget/app/notebooks/play.ipynb",
                 "nations_widget/app/notebooks/learn_board.ipynb",
                 "nations_widget/app/voila_settings.py",
                 "nations_widget/app/jupyter_data/voila/templates/nations/index.html.j2",
                 "nations_widget/static/board.js", "nations_widget/static/dice.js"):
        assert name in names, name
    info = next(n for n in names if n.endswith(".dist-info/METADATA"))
    metadata = zipfile.ZipFile(wheel).read(info).decode()
    import nations_widget
    assert f"\nVersion: {nations_widget.__version__}\n" in metadata
    assert "License-Expression: MIT" in metadata
    assert any(n.endswith(".dist-info/licenses/LICENSE") for n in names)
    entry_points = zipfile.ZipFile(wheel).read(
        next(n for n in names if n.endswith("entry_points.txt"))).decode()
    assert "nations-widget = nations_widget.__main__:main" in entry_points


def _fresh_venv(wheel: Path, where: Path) -> Path:
    """A new virtual environment holding the wheel; its dependencies borrowed from the
    running environment (or, with NATIONS_PACKAGE_TEST_INDEX=1, installed from the index)."""
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(where)], check=True,
                   timeout=120)
    python = where / "bin" / "python"
    pip = [sys.executable, "-m", "pip", "--python", str(python), "install", "-q",
           "--disable-pip-version-check"]
    if os.environ.get("NATIONS_PACKAGE_TEST_INDEX") == "1":
        subprocess.run([*pip, "-c", str(ROOT / "constraints.txt"), f"{wheel}[app]"],
                       check=True, timeout=1800)
    else:
        subprocess.run([*pip, "--no-deps", str(wheel)], check=True, timeout=300)
        purelib = subprocess.run([str(python), "-c", "import sysconfig; "
                                  "print(sysconfig.get_paths()['purelib'])"],
                                 capture_output=True, text=True, check=True).stdout.strip()
        # a path line, not an import: the running environment's own .pth files (this
        # checkout's editable install among them) are not read from there
        Path(purelib, "borrowed_dependencies.pth").write_text(
            "\n".join(site.getsitepackages()) + "\n")
    return where


@pytest.mark.notebook
@pytest.mark.timeout(600)
def test_the_installed_wheel_serves_the_app_from_any_folder(wheel: Path, tmp_path: Path,
                                                            real_voila: None) -> None:
    sys.path.insert(0, str(ROOT / "tests" / "browser"))
    from browser_support import Server, free_port

    venv = _fresh_venv(wheel, tmp_path / "venv")
    elsewhere = tmp_path / "anywhere"
    elsewhere.mkdir()
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONPATH", "JUPYTER_PATH", "VIRTUAL_ENV")}
    for var in ("JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR"):
        env[var] = str(tmp_path / "jupyter" / var.lower())
    env["PATH"] = f"{venv / 'bin'}{os.pathsep}{env.get('PATH', '')}"
    if os.environ.get("NATIONS_PACKAGE_TEST_INDEX") != "1":
        # the borrowed dependencies' data files (Voila's "lab" page template, which the
        # app's template extends) are in the running environment's share/jupyter
        env["JUPYTER_PATH"] = str(Path(sys.prefix) / "share" / "jupyter")
    # the package the environment imports is the wheel's, not this checkout
    where = subprocess.run([str(venv / "bin" / "python"), "-c",
                            "import nations_widget; print(nations_widget.__file__)"],
                           cwd=elsewhere, env=env, capture_output=True, text=True, check=True)
    assert Path(where.stdout.strip()).is_relative_to(venv), where.stdout
    # the console command works from there: a tournament...
    played = subprocess.run([str(venv / "bin" / "nations-widget"), "tournament", "--game",
                             "board", "--players", "3", "--games", "1"], cwd=elsewhere,
                            env=env, capture_output=True, text=True, timeout=120)
    assert played.returncode == 0 and "bots heuristic, random, random" in played.stdout, \
        played.stderr
    # ...and the app
    port = free_port()
    base = f"http://127.0.0.1:{port}/"
    server = Server("nations-widget-play",
                    [str(venv / "bin" / "nations-widget"), "play", f"--port={port}",
                     "--no-browser"], f"{base}voila/static/favicon.ico", cwd=elsewhere,
                    env=env, ready_timeout=120)
    with server, urllib.request.urlopen(base, timeout=150) as reply:
        page = reply.read().decode("utf-8", "replace")
        headers = reply.headers
    assert reply.status == 200
    assert "application/vnd.jupyter.widget-view+json" in page, server.log_tail()
    assert "default-src 'self'" in headers["Content-Security-Policy"]     # the settings
    assert not re.search(r"<link[^>]+https?://", page)                    # the template
    assert "Traceback" not in page
    # the page guard sets the _xsrf cookie Voila's unload call sends back
    assert any(c.startswith("_xsrf=") for c in headers.get_all("Set-Cookie") or [])


def test_an_sdist_rebuilds_a_missing_bundle(tmp_path: Path) -> None:
    """The sdist carries js/ and its lock: built into a wheel without its bundle, it runs
    npm (js/node_modules is linked to this checkout's, so npm ci is not needed here) and the
    wheel gets the very bundle this checkout ships."""
    node_modules = ROOT / "js" / "node_modules"
    if not (node_modules / "esbuild").is_dir() or not shutil.which("npm"):
        if os.environ.get("CI"):
            pytest.fail("js/node_modules is not installed; under CI it must be",
                        pytrace=False)
        pytest.skip("js/node_modules is not installed")
    sdist = _build("sdist", ROOT, tmp_path / "sdist")
    with tarfile.open(sdist) as archive:
        archive.extractall(tmp_path / "unpacked", filter="data")
    (source,) = (tmp_path / "unpacked").iterdir()
    assert not (source / "js" / "node_modules").exists()
    (source / "nations_widget" / "static" / "dice.js").unlink()
    (source / "js" / "node_modules").symlink_to(node_modules, target_is_directory=True)
    rebuilt = _build("wheel", source, tmp_path / "wheel")
    assert zipfile.ZipFile(rebuilt).read("nations_widget/static/dice.js") == \
        (ROOT / "nations_widget" / "static" / "dice.js").read_bytes()
