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
    assert config.MappingKernelManager.allow_tracebacks is False
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


PROBE_CELL = "x = 1\n"


@pytest.mark.timeout(180)
def test_the_served_app_refuses_to_run_code(tmp_path: Path) -> None:
    """Anyone with a page holds its kernel's id; Voila still drops an execute_request sent
    on that kernel's websocket (only widget messages, kernel info and shutdown pass)."""
    import asyncio
    import re
    import uuid

    from tornado.websocket import websocket_connect

    sys.path.insert(0, str(ROOT / "tests" / "browser"))
    from browser_support import voila_server

    site = tmp_path / "site"
    site.mkdir()
    shutil.copy(ROOT / "voila.py", site / "voila.py")
    nb = {"cells": [{"cell_type": "code", "execution_count": None, "id": "c1",
                     "metadata": {}, "outputs": [], "source": PROBE_CELL}],
          "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python",
                                      "name": "python3"}},
          "nbformat": 4, "nbformat_minor": 5}
    (site / "probe.ipynb").write_text(json.dumps(nb), encoding="utf-8")
    marker = tmp_path / "executed.txt"
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(
        p for p in env.get("PYTHONPATH", "").split(os.pathsep)
        if p and Path(p).resolve() != ROOT)
    server, url = voila_server("probe.ipynb", cwd=site, env=env, name="voila-execute")

    def message(msg_type: str, content: dict[str, object]) -> str:
        header = {"msg_id": uuid.uuid4().hex, "msg_type": msg_type, "username": "visitor",
                  "session": uuid.uuid4().hex, "date": "", "version": "5.3"}
        return json.dumps({"header": header, "parent_header": {}, "metadata": {},
                           "content": content, "channel": "shell", "buffers": []})

    async def try_to_execute(kernel_id: str) -> list[str]:
        ws_url = url.replace("http://", "ws://") + f"api/kernels/{kernel_id}/channels"
        conn = await websocket_connect(ws_url)
        conn.write_message(message("execute_request", {
            "code": f"open({str(marker)!r}, 'w').write('ran')", "silent": False,
            "store_history": False, "user_expressions": {}, "allow_stdin": False,
            "stop_on_error": True}))
        conn.write_message(message("kernel_info_request", {}))     # this one passes
        seen: list[str] = []
        deadline = asyncio.get_running_loop().time() + 20
        while asyncio.get_running_loop().time() < deadline:
            try:
                raw = await asyncio.wait_for(conn.read_message(), timeout=2)
            except asyncio.TimeoutError:
                continue
            if raw is None:
                break
            msg = json.loads(raw)
            seen.append(msg["header"]["msg_type"])
            if "kernel_info_reply" in seen:
                await asyncio.sleep(1.0)        # time for an execution to have happened
                break
        conn.close()
        return seen

    with server:
        with urllib.request.urlopen(url, timeout=90) as reply:
            page = reply.read().decode("utf-8", "replace")
        found = re.search(r'"kernelId":\s*"([0-9a-f-]+)"', page)
        assert found, "the page carries its kernel's id"
        seen = asyncio.run(try_to_execute(found.group(1)))
    assert "kernel_info_reply" in seen, seen           # the websocket worked
    assert "execute_reply" not in seen and "execute_input" not in seen, seen
    assert not marker.exists(), "the kernel ran code sent by a visitor"
