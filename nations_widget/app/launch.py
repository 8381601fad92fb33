"""``nations-widget play`` and ``nations-widget lab``: the app served by Voila with the
app's settings, and the notebooks in JupyterLab, from any folder.

Both need the ``[app]`` extra (``pip install "nations_widget[app]"``); without it they say
so and stop.  :func:`server_proxy` is what jupyter-server-proxy (Binder) runs.
"""

from __future__ import annotations

import os
import shutil
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from . import APP_NOTEBOOK, NOTEBOOKS, notebooks_dir

DEFAULT_PORT = 8866
#: where ``nations-widget lab`` puts the notebooks when no folder is named
LAB_FOLDER = "nations_notebooks"
#: the launcher entry's icon in JupyterLab (an SVG of the project's own)
LAUNCHER_ICON = Path(__file__).with_name("nations-icon.svg")
#: the path jupyter-server-proxy serves the app under (``{base_url}nations/``)
PROXY_NAME = "nations"

MISSING_APP = ('nations-widget {what}: {package} is not installed; install the app with: '
               'pip install "nations_widget[app]"')


def play(port: int = DEFAULT_PORT, ip: str = "127.0.0.1", *, base_url: str = "/",
         open_browser: bool = True, voila_args: Sequence[str] = (), pool: int | None = None,
         max_kernels: int | None = None) -> int:
    """Serve the app (``play.ipynb``) with Voila and the app's settings
    (:mod:`nations_widget.app.voila_settings`) until Ctrl-C.

    ``pool`` warm kernels and at most ``max_kernels`` pages (0: no cap); each, when None,
    as the environment says (NATIONS_KERNEL_POOL, NATIONS_MAX_KERNELS) or else as the
    machine suits.  The sizes chosen are printed at the start.

    A ``voila.py`` in the current folder is not read (it belongs to whatever else lives
    there); the Jupyter config folders (``jupyter --paths``) still are.  ``port_retries`` is
    0: on a busy port Voila stops instead of serving on another port than the one asked for.
    """
    import importlib.util
    found = importlib.util.find_spec("voila")
    if found is None:
        print(MISSING_APP.format(what="play", package="Voila"), file=sys.stderr)
        return 1
    if found.submodule_search_locations is None:
        # "python -m" from a folder holding a voila.py (the repository root) puts that folder
        # first on sys.path, and the file shadows the voila package
        print(f"nations-widget play: {found.origin} is not Voila but a file of that name "
              "found first on sys.path; run the nations-widget command, or python -m "
              "nations_widget from another folder", file=sys.stderr)
        return 1
    from jupyter_core.paths import jupyter_config_path
    from traitlets.config import Config
    from voila.app import Voila

    from .voila_settings import KERNEL_MB, configure, kernel_pool, max_pages, this_machine

    # the settings are read from the environment (voila.py reads them the same way)
    if pool is not None:
        os.environ["NATIONS_KERNEL_POOL"] = str(pool)
    if max_kernels is not None:
        os.environ["NATIONS_MAX_KERNELS"] = str(max_kernels)
    try:
        warm, cap = kernel_pool(), max_pages()
    except ValueError as exc:
        print(f"nations-widget play: {exc}", file=sys.stderr)
        return 2
    machine = this_machine()
    print(f"nations-widget play: {warm} warm kernel{'s' if warm != 1 else ''} "
          f"(about {warm * KERNEL_MB} MB), "
          + (f"at most {cap} pages at once" if cap else "no cap on pages")
          + f" ({machine.cores} cores, {machine.memory_mb / 1024:.1f} GiB here; --pool and "
          "--max-kernels change them, --help says more)", file=sys.stderr, flush=True)
    config = Config()
    configure(config)
    config.Voila.config_file_paths = jupyter_config_path()
    argv = [str(notebooks_dir() / APP_NOTEBOOK), f"--port={port}", f"--Voila.ip={ip}",
            "--Voila.port_retries=0", f"--Voila.base_url={base_url}"]
    if not open_browser:
        argv.append("--no-browser")
    Voila.launch_instance(argv=[*argv, *voila_args], config=config)
    return 0


def copy_notebooks(folder: Path) -> list[str]:
    """Copy the notebooks ``folder`` lacks into it (made if need be); one already there is
    kept as it is (a player's edits stay).  Returns the names copied."""
    folder.mkdir(parents=True, exist_ok=True)
    source = notebooks_dir()
    copied = []
    for name in NOTEBOOKS:
        if not (folder / name).exists():
            shutil.copyfile(source / name, folder / name)
            copied.append(name)
    return copied


def lab(folder: Path, port: int | None = None, *, open_browser: bool = True,
        lab_args: Sequence[str] = ()) -> int:
    """Open the notebooks in JupyterLab: copy them into ``folder`` (those it lacks) and start
    JupyterLab there (on 127.0.0.1, with a token, as ``jupyter lab`` does)."""
    try:
        from jupyterlab.labapp import LabApp
    except ImportError:
        print(MISSING_APP.format(what="lab", package="JupyterLab"), file=sys.stderr)
        return 1
    copied = copy_notebooks(folder)
    print(f"nations-widget lab: notebooks in {folder}"
          + (f" (copied: {', '.join(copied)})" if copied else ""), flush=True)
    argv = [f"--ServerApp.root_dir={folder}", "--ServerApp.ip=127.0.0.1"]
    if port is not None:
        argv.append(f"--ServerApp.port={port}")
    if not open_browser:
        argv.append("--no-browser")
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        argv.append("--allow-root")      # JupyterLab refuses root (containers) without it
    LabApp.launch_instance(argv=[*argv, *lab_args])
    return 0


def server_proxy() -> dict[str, Any]:
    """The app for jupyter-server-proxy (its ``jupyter_serverproxy_servers`` entry point):
    ``nations-widget play`` on a port of the proxy's choosing, under ``{base_url}nations/``
    of the Jupyter server (Binder: ``?urlpath=nations/``), with the app's own settings
    (preheated kernel, culling, headers), which Voila's server extension
    (``/voila/render/...``) would not apply."""
    # the console command, not "python -m": the proxy starts it in the Jupyter server's
    # root folder (Binder: the repository root), whose voila.py would shadow Voila
    script = Path(sys.executable).with_name("nations-widget")
    return {
        "command": [str(script) if script.exists() else "nations-widget", "play",
                    "--port={port}",
                    "--no-browser", "--base-url={base_url}" + PROXY_NAME + "/"],
        # Voila serves the whole path, prefix included (its base_url)
        "absolute_url": True,
        # Voila's first start (imports, the preheated kernel's notebook) can take a while
        "timeout": 120,
        # Binder serves one visitor in a container of a few GB: one warm kernel, whatever
        # cores the container sees of its host (voila_settings sizes the pool by them)
        "environment": {"NATIONS_KERNEL_POOL": "1"},
        "new_browser_tab": True,
        # the launcher's card: our own icon (jupyter-server-proxy shows a letter without one)
        "launcher_entry": {"title": "Nations (the app)", "icon_path": str(LAUNCHER_ICON)},
    }
