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
from typing import Any

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


def served_settings(monkeypatch: pytest.MonkeyPatch, **env: str) -> Any:
    """The app's Voila settings applied to a fresh config with ``env`` in the environment;
    the config.  No Voila page handler is patched: "voila" is hidden from them."""
    from traitlets.config import Config

    from nations_widget.app.voila_settings import configure

    for name in ("NATIONS_KERNEL_POOL", "NATIONS_MAX_KERNELS"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    monkeypatch.setitem(sys.modules, "voila", None)
    config = Config()
    configure(config)
    return config


def test_the_pool_and_the_cap_follow_the_machine(monkeypatch: pytest.MonkeyPatch) -> None:
    """A laptop no longer starts a server's pool of 20 warm kernels (issue 32): by default
    one warm kernel per 2 cores (1-4) and 12 pages a core within half the memory; a
    server sets more with one setting each."""
    from nations_widget.app import voila_settings as settings
    from nations_widget.app.voila_settings import Machine

    # this machine, as it is
    config = served_settings(monkeypatch)
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    assert config.VoilaConfiguration.preheat_kernel is True
    assert 1 <= config.VoilaConfiguration.default_pool_size <= max(1, (cores or 1) // 2)
    assert config.VoilaKernelManager.fill_delay == settings.POOL_REFILL_DELAY_S
    here = settings.this_machine()
    assert 1 <= here.cores <= (os.cpu_count() or 1) and here.memory_mb > 100
    # machines of other sizes
    sizes = {Machine(2, 8192): (1, 24), Machine(2, 4096): (1, 20), Machine(1, 1024): (1, 5),
             Machine(4, 16384): (2, 48), Machine(16, 65536): (4, 192),
             Machine(8, 512): (1, 2)}
    for machine, (pool, cap) in sizes.items():
        assert (settings.default_pool(machine), settings.default_max_pages(machine)) == \
            (pool, cap), machine
        monkeypatch.setattr(settings, "this_machine", lambda m=machine: m)
        config = served_settings(monkeypatch)
        assert config.VoilaConfiguration.default_pool_size == settings.kernel_pool() == pool
        assert settings.max_pages() == cap
    # a server's own sizes, from the environment, as the README says
    config = served_settings(monkeypatch, NATIONS_KERNEL_POOL="20", NATIONS_MAX_KERNELS="0")
    assert config.VoilaConfiguration.default_pool_size == 20
    assert settings.max_pages() == 0
    config = served_settings(monkeypatch, NATIONS_KERNEL_POOL="0")
    assert config.VoilaConfiguration.default_pool_size == 1
    for bad in ("many", "-3", "2.5"):
        with pytest.raises(ValueError, match="NATIONS_KERNEL_POOL must be a whole number"):
            served_settings(monkeypatch, NATIONS_KERNEL_POOL=bad)


class FakeKernels:
    """What voila.py reads of Voila's kernel manager."""

    def __init__(self, live: list[str], pool_started: set[str]) -> None:
        self.live = live
        self.notebook_data = {"notebooks/play.ipynb": {"kernel_ids": pool_started}}

    def list_kernel_ids(self) -> list[str]:
        return list(self.live)


def test_only_kernels_given_to_pages_count_against_the_cap(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Warm kernels, ready or still starting, do not count; one the pool handed to a page,
    and one started for a page, do.  (The count used to take the pool's length from the
    live kernels: a refill not started yet made room for a page more than the cap.)"""
    from nations_widget.app import voila_settings as settings

    handed_out: set[str] = set()
    monkeypatch.setattr(settings, "HANDED_OUT", handed_out)
    pages_served = settings.pages_served
    kernels = FakeKernels(["cold", "warm-1", "warm-2", "given"], {"warm-1", "warm-2", "given"})
    handed_out.add("given")
    handed_out.add("gone")              # shut down since: forgotten
    assert pages_served(kernels) == 2
    assert handed_out == {"given"}
    assert pages_served(FakeKernels([], set())) == 0


def test_a_visitor_is_given_a_warm_kernel_only_when_one_is_ready(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Voila hands out the first of its pool's tasks, even one still starting (the visitor
    then waits for the refill's delay and start); a ready one now goes first, and with none
    ready the page starts its own kernel at once."""
    import asyncio

    from nations_widget.app.voila_settings import put_a_ready_kernel_first as first

    async def scenario() -> None:
        loop = asyncio.get_running_loop()
        starting: asyncio.Future[dict[str, str]] = loop.create_future()
        ready: asyncio.Future[dict[str, str]] = loop.create_future()
        ready.set_result({"kernel_id": "warm"})
        failed: asyncio.Future[dict[str, str]] = loop.create_future()
        failed.set_exception(RuntimeError("the kernel died"))
        failed.exception()              # retrieved: no warning at teardown
        pool = [starting, failed, ready]
        assert first(pool) is True and pool == [ready, starting, failed]
        assert first([starting, failed]) is False
        assert first([]) is False
        starting.cancel()

    asyncio.run(scenario())


def test_the_pool_refills_after_the_pages_being_set_up_one_kernel_at_a_time(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import asyncio

    from nations_widget.app import voila_settings as settings

    refill = settings.refill_when_calm
    monkeypatch.setattr(settings, "POOL_START_SPACING_S", 0.05)
    monkeypatch.setattr(settings, "_next_pool_start", 0.0)
    started: list[tuple[str, float]] = []

    async def start(name: str) -> str:
        started.append((name, asyncio.get_running_loop().time()))
        return name

    async def scenario() -> list[str]:
        page = object()
        settings.PAGES_BEING_SET_UP.add(page)
        refills = [asyncio.ensure_future(refill(0, start(n))) for n in ("a", "b")]
        await asyncio.sleep(0.6)
        assert started == []            # a page is still being set up
        settings.PAGES_BEING_SET_UP.discard(page)
        return list(await asyncio.gather(*refills))

    assert asyncio.run(scenario()) == ["a", "b"]
    assert [name for name, _ in started] == ["a", "b"]
    assert started[1][1] - started[0][1] >= 0.05 - 1e-3     # one after the other


def test_a_page_s_message_nested_too_deeply_goes_on_cut_short() -> None:
    """What the server does with a page's message before the kernel reads it (issue 32):
    values nested deeper than MAX_FORWARDED_DEPTH become null, brackets inside strings are
    text, and the result is JSON the kernel reads without a RecursionError."""
    from nations_widget.app.voila_settings import (
        MAX_FORWARDED_DEPTH,
        UnreadableMessage,
        screened_message,
        shallow_json,
    )
    assert shallow_json('[[["a"]], {"b": [1]}, 3]', 2) == '[[null], {"b": null}, 3]'
    assert shallow_json('{"x": "[[[{", "y": [[[]]]}', 2) == '{"x": "[[[{", "y": [null]}'
    assert shallow_json('"\\"[[" ', 0) == '"\\"[[" '
    deep = "[" * 50_000 + "0" + "]" * 50_000
    message = json.dumps({"kind": "move", "move": "DEEP"}).replace('"DEEP"', deep)
    cut = json.loads(screened_message(None, message))
    depth = 0
    value: Any = cut["move"]
    while isinstance(value, list):
        value, depth = value[0], depth + 1
    assert value is None and depth == MAX_FORWARDED_DEPTH - 1
    assert screened_message(None, '{"kind": "redo"}') == '{"kind": "redo"}'

    from jupyter_server.services.kernels.connection.base import (
        deserialize_msg_from_ws_v1,
        serialize_msg_to_ws_v1,
    )
    v1 = "v1.kernel.websocket.jupyter.org"
    framed = serialize_msg_to_ws_v1([b"{}", b"{}", b"{}", message.encode(), b"\x00buffer"],
                                    "shell")
    channel, parts = deserialize_msg_from_ws_v1(screened_message(v1, framed))
    assert channel == "shell" and parts[4] == b"\x00buffer"
    assert json.loads(parts[3])["kind"] == "move"
    small = serialize_msg_to_ws_v1([b"{}", b"{}", b"{}", b'{"a": 1}'], "shell")
    assert screened_message(v1, small) is small        # passed on untouched
    for bad in ("{]", "\ud800"):
        with pytest.raises(UnreadableMessage):
            screened_message(None, bad)
    with pytest.raises(UnreadableMessage, match="content is not JSON"):
        screened_message(v1, serialize_msg_to_ws_v1([b"{}", b"{}", b"{}", b"\xff{"], "shell"))
    with pytest.raises(UnreadableMessage):
        screened_message(v1, b"\x01")


def test_the_page_leaves_out_the_extensions_that_break_it() -> None:
    """Every JupyterLab extension installed beside Voila is loaded by the app's page but
    these: JupyterLite's Pyodide kernel extension, which the static site's build installs,
    threw "Cannot read properties of undefined (reading 'LicensesClient')" on the app's
    page (tests/browser/test_voila_reach.py saw it), and jupyter-server-proxy's logged an
    error there."""
    from traitlets.config import Config

    from nations_widget.app.voila_settings import configure
    c = Config()
    configure(c)
    assert {"@jupyterlite/pyodide-kernel-extension", "@jupyterhub/jupyter-server-proxy"} \
        <= set(c.VoilaConfiguration.extension_denylist)
