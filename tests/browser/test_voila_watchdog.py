"""A Voila page whose widget model is not found recovers by itself (issue 12).

The kernel behind the first page holds no model for the view it displays: exactly what
a page sees when its kernel lost the widget (restarted after dying under a crowd, culled)
and the widget manager writes "Error displaying widget: model not found".  The page
watchdog the notebook prints (nations_widget.widget.page_watchdog) shows "The table is
being set up…" and reloads; the reload gets a new kernel, which displays the real board.
Deterministic: the notebook counts the kernels that ran it in a file.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from browser_support import REPO, PageWatch, voila_server

pytestmark = pytest.mark.browser

NOTEBOOK_CODE = """\
import os, pathlib
from IPython.display import display
from nations_widget.widget import NationsWidget, page_watchdog

visits = pathlib.Path(os.environ["NATIONS_TEST_VISITS"])
n = int(visits.read_text()) if visits.exists() else 0
visits.write_text(str(n + 1))
display(page_watchdog())
if n == 0:
    # a view of a model this kernel does not hold
    display({"application/vnd.jupyter.widget-view+json": {
        "model_id": "0" * 32, "version_major": 2, "version_minor": 0}}, raw=True)
else:
    display(NationsWidget(players=2, seats=["human", "human"], seed=1, bot_delay=0))
"""


def write_notebook(folder: Path) -> Path:
    nb = {"cells": [{"cell_type": "code", "execution_count": None, "id": "c1",
                     "metadata": {}, "outputs": [], "source": NOTEBOOK_CODE}],
          "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python",
                                      "name": "python3"}},
          "nbformat": 4, "nbformat_minor": 5}
    path = folder / "missing_model.ipynb"
    path.write_text(json.dumps(nb), encoding="utf-8")
    return path


@pytest.mark.timeout(240)
def test_a_page_whose_model_is_not_found_reloads_into_a_board(
        browser: Any, tmp_path: Path, watch: PageWatch) -> None:
    from browser_support import browser_page
    notebook = write_notebook(tmp_path)
    visits = tmp_path / "visits.txt"
    # the kernel imports this checkout's package (a folder holding only a link to it: the
    # repository root itself on PYTHONPATH would make its voila.py shadow the voila package)
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "nations_widget").symlink_to(REPO / "nations_widget", target_is_directory=True)
    env = dict(os.environ, NATIONS_TEST_VISITS=str(visits), PYTHONPATH=str(pkg))
    # started from tmp_path: no voila.py there, so no preheated kernel (each page load
    # runs the notebook in a kernel of its own, as the counter needs)
    server, url = voila_server(notebook.name, cwd=tmp_path, env=env, name="voila-watchdog")
    with server, browser_page(browser, watch) as page:
        page.set_default_timeout(60_000)
        seen: list[str] = []
        page.on("framenavigated", lambda frame: seen.append(frame.url)
                if frame == page.main_frame else None)
        page.goto(url)
        # first the manager's error is replaced by the plain message...
        page.wait_for_selector("#nw-watchdog", timeout=90_000)
        text = page.inner_text("#nw-watchdog")
        assert "The table is being set up" in text and "Error" not in text
        # it was the widget manager's "model not found" (it logs why), not the patience
        assert any("model not found" in line for _, line, _ in watch.console), watch.console
        # ...then the page reloads and the board comes up
        page.wait_for_selector(".nw-root[data-step]", timeout=120_000)
        assert visits.read_text() == "2"
        assert len(seen) >= 2, seen
        assert page.locator("#nw-watchdog").count() == 0
        # the watchdog forgets its retries at its next look at the page (every 0.5 s)
        page.wait_for_function(
            "sessionStorage.getItem('nations-widget-retries') === null", timeout=5_000)
