"""Visitors of the served app see no server internals (issue 12).

``voila.py`` keeps ``show_tracebacks`` off; served with it, a notebook that fails with a
server path in its error shows Voila's short notice, and the page carries no path of the
server (its folder, the Python environment) and no traceback.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
import urllib.request
from pathlib import Path

import pytest
from traitlets.config.loader import PyFileConfigLoader

ROOT = Path(__file__).resolve().parents[2]


def test_the_served_config_hides_tracebacks() -> None:
    config = PyFileConfigLoader("voila.py", path=str(ROOT)).load_config()
    assert config.VoilaConfiguration.show_tracebacks is False
    assert config.VoilaConfiguration.preheat_kernel is True


FAILING_CELL = """\
import pathlib
secret = pathlib.Path.cwd() / "server-only" / "credentials.txt"
raise FileNotFoundError(f"cannot open {secret}")
"""


@pytest.mark.timeout(180)
def test_an_error_page_shows_no_server_paths(tmp_path: Path) -> None:
    sys.path.insert(0, str(ROOT / "tests" / "browser"))
    from browser_support import voila_server

    site = tmp_path / "site"
    site.mkdir()
    shutil.copy(ROOT / "voila.py", site / "voila.py")       # the app's own settings
    nb = {"cells": [{"cell_type": "code", "execution_count": None, "id": "c1",
                     "metadata": {}, "outputs": [], "source": FAILING_CELL}],
          "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python",
                                      "name": "python3"}},
          "nbformat": 4, "nbformat_minor": 5}
    (site / "broken.ipynb").write_text(json.dumps(nb), encoding="utf-8")
    # the repository root on PYTHONPATH would make its voila.py shadow the voila package
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(
        p for p in env.get("PYTHONPATH", "").split(os.pathsep)
        if p and Path(p).resolve() != ROOT)
    server, url = voila_server("broken.ipynb", cwd=site, env=env, name="voila-error-page")
    with server, urllib.request.urlopen(url, timeout=90) as reply:
        page = reply.read().decode("utf-8", "replace")
    assert "There was an error when executing cell" in page     # the short notice
    server_paths = [str(site), str(tmp_path), str(ROOT), sys.prefix, "site-packages",
                    "credentials.txt", "Traceback"]
    leaked = [p for p in server_paths if p in page]
    assert not leaked, f"the page shows {leaked}"
