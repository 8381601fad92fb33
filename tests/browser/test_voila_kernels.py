"""The served app looks after its kernels (issue 22).

- A page that goes away (closed, reloaded) has its kernel shut down within seconds: Voila's
  unload call used to be refused ("403 '_xsrf' argument missing": the page had no _xsrf
  cookie), so every closed page held its kernel, 60-105 MB, until the idle culler came by.
- A page whose kernel dies (Jupyter restarts an empty one under the same id) says so at
  once, makes its board inert and offers a Reload button, instead of a board whose clicks
  go nowhere.
- The cap on pages counts the kernels given to pages, never the warm ones of the pool,
  and a visitor takes a warm kernel only when one is ready.

The server is Voila on notebooks/play.ipynb started from the repository root (voila.py
applies, preheated kernel and all), with this checkout's nations_widget in the kernels.
Kernels are counted two ways: Voila's ``GET /api/kernels/<id>`` (200 while the kernel
exists) and the kernel processes under the server (their command line names the kernel's
connection file, ``kernel-<id>.json``).
"""

from __future__ import annotations

import json
import os
import signal
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import psutil
import pytest
from browser_support import REPO, Server, browser_page, voila_server

pytestmark = pytest.mark.browser

BOARD = ".nw-root[data-step]"
PAGE_KERNEL = ("() => JSON.parse(document.getElementById('jupyter-config-data')"
               ".textContent).kernelId")


def checkout_env(folder: Path) -> dict[str, str]:
    """The environment for a Voila whose kernels import this checkout's nations_widget: a
    folder holding only a link to it goes on PYTHONPATH (the repository root itself would
    make its voila.py shadow the voila package)."""
    pkg = folder / "pkg"
    pkg.mkdir(exist_ok=True)
    link = pkg / "nations_widget"
    if not link.exists():
        link.symlink_to(REPO / "nations_widget", target_is_directory=True)
    return dict(os.environ, PYTHONPATH=str(pkg))


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Server, str]]:
    env = checkout_env(tmp_path_factory.mktemp("kernels"))
    server, url = voila_server("notebooks/play.ipynb", env=env, name="voila-kernels")
    with server:
        yield server, url


def kernel_exists(url: str, kernel_id: str) -> bool:
    try:
        with urllib.request.urlopen(f"{url}api/kernels/{kernel_id}", timeout=5) as reply:
            return bool(json.load(reply)["id"] == kernel_id)
    except urllib.error.HTTPError as exc:
        if exc.code == 404:
            return False
        raise


def kernel_processes(server: Server) -> dict[str, int]:
    """The server's kernel processes: kernel id -> pid."""
    assert server.proc is not None
    found: dict[str, int] = {}
    for proc in psutil.Process(server.proc.pid).children(recursive=True):
        try:
            cmdline = proc.cmdline()
        except psutil.Error:
            continue
        for arg in cmdline:
            name = os.path.basename(arg)
            if name.startswith("kernel-") and name.endswith(".json"):
                found[name[len("kernel-"):-len(".json")]] = proc.pid
    return found


def eventually(check: Callable[[], bool], timeout: float, what: str) -> float:
    """Seconds until ``check()`` held (polled every 0.1 s); fails after ``timeout``."""
    start = time.monotonic()
    while not check():
        if time.monotonic() - start > timeout:
            pytest.fail(f"not within {timeout:.0f} s: {what}")
        time.sleep(0.1)
    return time.monotonic() - start


def settled_kernel_count(server: Server) -> int:
    """The number of kernel processes once it has stayed the same for 2 s (the preheated
    pool refills in the background)."""
    last, since = -1, time.monotonic()
    deadline = since + 60
    while time.monotonic() < deadline:
        n = len(kernel_processes(server))
        if n != last:
            last, since = n, time.monotonic()
        elif time.monotonic() - since >= 2:
            return n
        time.sleep(0.2)
    pytest.fail(f"the kernel count never settled ({last})")


#: the notice's Reload is what a click at its middle reaches
ON_TOP = """() => {
  const b = document.querySelector('#nw-lost button[data-key="lost-reload"]');
  const r = b.getBoundingClientRect();
  return document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2) === b;
}"""


def open_board(page: Any, url: str) -> str:
    page.goto(url + "?game=dice", timeout=120_000)
    page.wait_for_selector(BOARD, timeout=120_000)
    return str(page.evaluate(PAGE_KERNEL))


@pytest.mark.timeout(300)
def test_a_page_that_goes_away_takes_its_kernel_with_it(
        browser: Any, served: tuple[Server, str]) -> None:
    server, url = served
    before = settled_kernel_count(server)
    with browser_page(browser) as page:
        first = open_board(page, url)
        assert kernel_exists(url, first) and first in kernel_processes(server)
        # a reload: the old page's kernel goes, the new page has one of its own
        page.reload()
        page.wait_for_selector(BOARD, timeout=120_000)
        second = str(page.evaluate(PAGE_KERNEL))
        assert second != first
        took = eventually(lambda: not kernel_exists(url, first), 10,
                          "the reloaded page's old kernel shut down")
        print(f"old kernel gone {took:.1f} s after the reload")
        assert first not in kernel_processes(server)
        # closing the tab (the browser runs the page's unload handlers)
        page.close(run_before_unload=True)
        took = eventually(lambda: not kernel_exists(url, second), 10,
                          "the closed page's kernel shut down")
        print(f"kernel gone {took:.1f} s after the page closed")
    eventually(lambda: len(kernel_processes(server)) <= before, 20,
               f"the kernel processes back to {before}")
    log = server.log_tail(200_000)
    assert "'_xsrf' argument missing" not in log


@pytest.mark.timeout(300)
def test_a_page_whose_kernel_died_says_so_and_offers_a_reload(
        browser: Any, served: tuple[Server, str]) -> None:
    server, url = served
    with browser_page(browser) as page:
        kernel = open_board(page, url)
        eventually(lambda: kernel in kernel_processes(server), 10, "the page's kernel process")
        assert page.locator("#nw-lost").count() == 0
        # a modal dialog open in the top layer (the shortcut list; a round's summary is
        # another) must not lie over the notice's Reload
        page.click('.nw-root [data-key="help"]')
        page.wait_for_selector("dialog.nw-modal[open]")
        os.kill(kernel_processes(server)[kernel], signal.SIGKILL)
        killed = time.monotonic()
        page.wait_for_selector("#nw-lost", timeout=15_000)
        print(f"notice shown {time.monotonic() - killed:.1f} s after the kill")
        assert time.monotonic() - killed < 10
        text = page.inner_text("#nw-lost")
        assert "This game has stopped." in text and "Reload" in text
        # the board is still in sight but takes no clicks
        assert page.evaluate("() => !!document.querySelector('.nw-root').closest('[inert]')")
        # the notice is on top: no dialog left open, its Reload the element under a click
        # at its middle, and the focus on it (a key reloads)
        assert page.locator("dialog.nw-modal[open]").count() == 0
        assert page.evaluate(ON_TOP), "something lies over the notice's Reload"
        assert page.evaluate("() => document.activeElement.dataset.key") == "lost-reload"
        # Reload (by keyboard) gets a fresh kernel and a working board
        page.keyboard.press("Enter")
        page.wait_for_selector(BOARD, timeout=120_000)
        assert page.locator("#nw-lost").count() == 0
        assert page.evaluate(PAGE_KERNEL) != kernel


def test_the_page_is_sent_with_the_security_headers(served: tuple[Server, str]) -> None:
    _, url = served
    # the page itself (the chooser; no game asked for, so no kernel is kept busy long)
    with urllib.request.urlopen(url, timeout=120) as reply:
        headers = reply.headers
        reply.read()
    policy = headers.get("Content-Security-Policy", "")
    directives = {d.split()[0]: d.split()[1:] for d in policy.split(";") if d.strip()}
    assert directives.get("default-src") == ["'self'"], policy
    assert directives.get("frame-ancestors") == ["'self'"], policy
    assert directives.get("object-src") == ["'none'"], policy
    assert headers.get("Referrer-Policy") == "same-origin"
    cookies = headers.get_all("Set-Cookie") or []
    names = {c.split("=", 1)[0] for c in cookies}
    assert "_xsrf" in names, cookies            # what the page's unload call sends back
    for cookie in cookies:
        assert "samesite=" in cookie.lower(), cookie


@pytest.mark.timeout(300)
def test_past_the_cap_a_visitor_gets_the_tables_are_full_page(
        tmp_path: Path) -> None:
    """Plain HTTP, no browser: with NATIONS_MAX_KERNELS=1, the second visitor is turned away
    with a friendly page (503, Retry-After) while the first page holds its kernel, and gets
    a table once that page has gone."""
    import http.cookiejar
    import re
    env = checkout_env(tmp_path)
    env["NATIONS_MAX_KERNELS"] = "1"
    env["NATIONS_KERNEL_POOL"] = "1"
    server, url = voila_server("notebooks/play.ipynb", env=env, name="voila-kernel-cap")
    with server:
        settled_kernel_count(server)                 # the preheated kernel is ready
        jar = http.cookiejar.CookieJar()
        first_visitor = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
        with first_visitor.open(url + "?game=dice", timeout=120) as reply:
            page = reply.read().decode()
        kernel = re.search(r'"kernelId": "([^"]+)"', page)
        assert kernel is not None and kernel_exists(url, kernel.group(1))
        # the pool refills: one page served, one kernel waiting
        eventually(lambda: len(kernel_processes(server)) == 2, 60, "the pool refilled")
        with pytest.raises(urllib.error.HTTPError) as turned_away:
            urllib.request.urlopen(url + "?game=board", timeout=60)
        reply_error = turned_away.value
        assert reply_error.code == 503
        assert reply_error.headers.get("Retry-After") == "60"
        text = reply_error.read().decode()
        assert "The tables are full" in text and "Try again in a minute" in text
        assert 'href="/?game=board"' in text
        assert len(kernel_processes(server)) == 2    # nobody's kernel was started for it
        # the first visitor leaves (the page's unload call, with its _xsrf cookie) ...
        xsrf = next(c.value for c in jar if c.name == "_xsrf")
        leave = urllib.request.Request(
            f"{url}voila/api/shutdown/{kernel.group(1)}", method="POST",
            data=urllib.parse.urlencode({"_xsrf": xsrf}).encode())
        with first_visitor.open(leave, timeout=30) as reply:
            assert reply.status == 204
        # ... and the next visitor gets a table
        with urllib.request.urlopen(url + "?game=board", timeout=120) as reply:
            assert reply.status == 200 and '"kernelId"' in reply.read().decode()


def log_text(server: Server) -> str:
    assert server.log_path is not None
    return server.log_path.read_text(encoding="utf-8", errors="replace")


@pytest.mark.timeout(300)
def test_the_cap_counts_pages_not_warm_kernels_ready_or_starting(tmp_path: Path) -> None:
    """Plain HTTP, no browser: with 2 warm kernels and a cap of 3 pages, three visitors get
    pages (two take the warm kernels, the third starts its own at once rather than wait for
    the pool's refill) and the fourth is turned away, both while the pool refills and once
    it has: warm kernels never count as pages.  (The cap used to take the pool's length
    from the live kernels, so right after a crowd, while the refills had not started their
    kernels, it let in pages past the cap.)"""
    import http.cookiejar
    import re
    env = checkout_env(tmp_path)
    env["NATIONS_MAX_KERNELS"] = "3"
    env["NATIONS_KERNEL_POOL"] = "2"
    server, url = voila_server("notebooks/play.ipynb", env=env, name="voila-pool-cap")

    def visit(game: str) -> tuple[str, Any]:
        jar = http.cookiejar.CookieJar()
        opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
        with opener.open(f"{url}?game={game}", timeout=120) as reply:
            found = re.search(r'"kernelId": "([^"]+)"', reply.read().decode())
        assert found is not None
        return found.group(1), (opener, jar)

    def turned_away() -> bool:
        try:
            urllib.request.urlopen(url + "?game=dice", timeout=60).close()
        except urllib.error.HTTPError as exc:
            return exc.code == 503 and "The tables are full" in exc.read().decode()
        return False

    with server:
        eventually(lambda: "is filled with 2 kernel(s)" in log_text(server), 90,
                   "two warm kernels")
        pages = [visit(game) for game in ("dice", "board", "dice")]
        assert len({kernel for kernel, _ in pages}) == 3
        assert log_text(server).count("Using pre-heated kernel") == 2
        assert turned_away()                    # the pool refilling
        eventually(lambda: log_text(server).count("is filled with 2 kernel(s)") >= 3, 90,
                   "the pool refilled")
        assert len(kernel_processes(server)) == 5  # three pages, two warm kernels
        assert turned_away()                    # the pool full again
        # a visitor leaves; the next one takes a warm kernel
        kernel, (opener, jar) = pages[0]
        xsrf = next(c.value for c in jar if c.name == "_xsrf")
        leave = urllib.request.Request(
            f"{url}voila/api/shutdown/{kernel}", method="POST",
            data=urllib.parse.urlencode({"_xsrf": xsrf}).encode())
        with opener.open(leave, timeout=30) as reply:
            assert reply.status == 204
        visit("board")
        assert log_text(server).count("Using pre-heated kernel") == 3


@pytest.mark.timeout(240)
def test_a_page_cannot_open_widgets_in_its_kernel_without_end(
        served: tuple[Server, str]) -> None:
    """Plain websocket, no browser: a page that sends comm_open after comm_open, each with
    20 KB of widget state, made its kernel hold all of it (3,000 of them: +67 MB).  Now at
    most voila.py's MAX_COMM_OPENS pass; measured as the kernel process's resident memory
    after the flood (a kernel_info_request sent last is answered once the kernel has read
    everything before it)."""
    import asyncio
    import re
    import uuid

    from tornado.websocket import websocket_connect

    server, url = served
    flood = 2000
    with urllib.request.urlopen(url + "?game=dice", timeout=120) as reply:
        found = re.search(r'"kernelId": "([^"]+)"', reply.read().decode())
    assert found is not None
    kernel = found.group(1)
    eventually(lambda: kernel in kernel_processes(server), 10, "the page's kernel process")
    process = psutil.Process(kernel_processes(server)[kernel])

    def message(msg_type: str, content: dict[str, object]) -> str:
        header = {"msg_id": uuid.uuid4().hex, "msg_type": msg_type, "username": "visitor",
                  "session": uuid.uuid4().hex, "date": "", "version": "5.3"}
        return json.dumps({"header": header, "parent_header": {}, "metadata": {},
                           "content": content, "channel": "shell", "buffers": []})

    def widget_open() -> str:
        state = {"_model_module": "@jupyter-widgets/controls", "_model_name": "TextModel",
                 "_model_module_version": "2.0.0",
                 "_view_module": "@jupyter-widgets/controls", "_view_name": "TextView",
                 "_view_module_version": "2.0.0", "value": secrets_text(20_000)}
        return message("comm_open", {"comm_id": uuid.uuid4().hex,
                                     "target_name": "jupyter.widget",
                                     "data": {"state": state, "buffer_paths": []}})

    async def answered(conn: Any) -> None:
        conn.write_message(message("kernel_info_request", {}))
        while True:
            raw = await asyncio.wait_for(conn.read_message(), timeout=120)
            assert raw is not None, "the websocket closed"
            if json.loads(raw)["header"]["msg_type"] == "kernel_info_reply":
                return

    async def scenario() -> tuple[int, int]:
        ws_url = url.replace("http://", "ws://") + f"api/kernels/{kernel}/channels"
        conn = await websocket_connect(ws_url, max_message_size=64 * 1024 * 1024)
        await answered(conn)
        before = process.memory_info().rss
        for _ in range(flood):
            conn.write_message(widget_open())
        await answered(conn)
        await asyncio.sleep(1.0)
        after = process.memory_info().rss
        conn.close()
        return before, after

    # in a thread of its own: the module's browser (Playwright's sync API) keeps an event
    # loop running on this one
    from concurrent.futures import ThreadPoolExecutor
    with ThreadPoolExecutor(max_workers=1) as worker:
        before, after = worker.submit(asyncio.run, scenario()).result(timeout=200)
    grew = (after - before) / 2**20
    print(f"kernel RSS {before / 2**20:.0f} MB before, +{grew:.1f} MB after {flood} comm_open")
    # 100 widgets of 20 KB: a few MB at most; 2,000 of them were +40 MB or more
    assert grew < 10, f"the kernel grew {grew:.1f} MB"


def secrets_text(n: int) -> str:
    """``n`` characters that do not compress or intern away."""
    import secrets
    return secrets.token_hex(n // 2)


def test_the_page_s_own_files_are_sent_with_the_security_headers(
        served: tuple[Server, str]) -> None:
    """Voila's static files (/voila/static/..., the template's /voila/templates/...) are
    served by tornado's own file handler, which sent none of the app's headers (issue 32):
    without nosniff a browser may guess a file's type from its bytes."""
    import re
    _, url = served
    with urllib.request.urlopen(url, timeout=120) as reply:
        page = reply.read().decode()
    files = sorted({m for m in re.findall(r'(?:src|href)="(/voila/(?:static|templates)/[^"?]+)',
                                          page)} | {"/voila/static/favicon.ico"})
    assert any(f.startswith("/voila/templates/") for f in files), files
    for path in files:
        with urllib.request.urlopen(url.rstrip("/") + path, timeout=60) as reply:
            headers = reply.headers
            reply.read()
        assert headers.get("X-Content-Type-Options") == "nosniff", (path, dict(headers))
        policy = headers.get("Content-Security-Policy", "")
        assert "default-src 'self'" in policy and "object-src 'none'" in policy, (path, policy)
        assert headers.get("Referrer-Policy") == "same-origin", path


def kernel_messages(url: str, kernel: str, v1: bool) -> Any:
    """A websocket to ``kernel`` as a page opens it (``v1``: Jupyter's binary framing, as
    the browser's page speaks; else the older JSON text messages): a coroutine making
    (send(msg_type, content, raw_content=None), receive() -> (msg_type, content))."""
    import uuid

    from jupyter_server.services.kernels.connection.base import (
        deserialize_msg_from_ws_v1,
        serialize_msg_to_ws_v1,
    )
    from tornado.websocket import websocket_connect

    async def connect() -> Any:
        ws_url = url.replace("http://", "ws://") + f"api/kernels/{kernel}/channels"
        conn = await websocket_connect(
            ws_url, subprotocols=["v1.kernel.websocket.jupyter.org"] if v1 else None)

        def send(msg_type: str, content: dict[str, Any], raw_content: str | None = None
                 ) -> None:
            header = {"msg_id": uuid.uuid4().hex, "msg_type": msg_type, "username": "v",
                      "session": uuid.uuid4().hex, "date": "", "version": "5.3"}
            body = raw_content if raw_content is not None else json.dumps(content)
            if v1:
                parts = [json.dumps(p).encode() for p in (header, {}, {})] + [body.encode()]
                conn.write_message(serialize_msg_to_ws_v1(parts, "shell"), binary=True)
            else:
                text = json.dumps({"header": header, "parent_header": {}, "metadata": {},
                                   "content": "CONTENT", "channel": "shell", "buffers": []})
                conn.write_message(text.replace('"CONTENT"', body))

        async def receive() -> tuple[str, dict[str, Any]] | None:
            import asyncio
            raw = await asyncio.wait_for(conn.read_message(), timeout=60)
            if raw is None:
                return None
            if v1:
                _, parts = deserialize_msg_from_ws_v1(raw)
                return json.loads(parts[0])["msg_type"], json.loads(parts[3])
            msg = json.loads(raw)
            return msg["header"]["msg_type"], msg["content"]

        return conn, send, receive

    return connect()


@pytest.mark.timeout(240)
@pytest.mark.parametrize("protocol", ["v1", "json"])
def test_a_message_nested_3000_deep_is_refused_in_words_and_logs_no_traceback(
        served: tuple[Server, str], protocol: str) -> None:
    """Plain websocket, no browser: an intent for the game's widget nested 3,000 deep was
    dropped with a RecursionError (in the kernel, under the page's framing; in the server,
    under the older JSON one, which also closed the websocket) and a traceback in the
    server's log, and the page heard nothing (issue 32).  Now the widget refuses it in
    words on its error trait, as any malformed intent, and the log has no traceback; a
    message that is not JSON at all is dropped with one line in the log."""
    import asyncio
    import re

    server, url = served
    with urllib.request.urlopen(url + "?game=dice", timeout=120) as reply:
        found = re.search(r'"kernelId": "([^"]+)"', reply.read().decode())
    assert found is not None
    log_before = len(log_text(server))
    deep = "[" * 3000 + "0" + "]" * 3000

    async def scenario() -> list[str]:
        conn, send, receive = await kernel_messages(url, found.group(1), protocol == "v1")
        send("comm_info_request", {"target_name": "jupyter.widget"})
        while (reply := await receive()) is not None and reply[0] != "comm_info_reply":
            pass
        assert reply is not None
        # a ?game= page opens its game once the page says its address holds no table link
        # (the app's chooser waits for it): say so, as the page does, and wait for the game
        for comm in reply[1]["comms"]:
            send("comm_msg", {}, raw_content=json.dumps({"comm_id": comm, "data": {
                "method": "custom", "content": {"kind": "choose", "game": "dice"}}}))
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            got = await asyncio.wait_for(receive(), timeout=60)
            assert got is not None, "the websocket closed"
            if got[0] == "comm_open":
                break
        send("comm_info_request", {"target_name": "jupyter.widget"})
        while (reply := await receive()) is not None and reply[0] != "comm_info_reply":
            pass
        assert reply is not None
        comms = list(reply[1]["comms"])
        assert comms
        send("comm_msg", {}, raw_content="{]")             # not JSON
        for comm in comms:
            content = json.dumps({"comm_id": comm, "data": {"method": "custom", "content": {
                "kind": "move", "move": "DEEP"}}})
            send("comm_msg", {}, raw_content=content.replace('"DEEP"', deep))
        errors = []
        deadline = time.monotonic() + 30
        # (every widget of the page gets the message: the game's says why it refuses it;
        # the app's chooser, which takes only a choice of game, says so in its own words)
        while time.monotonic() < deadline and not any("nested" in e for e in errors):
            try:
                got = await asyncio.wait_for(receive(), timeout=2)
            except asyncio.TimeoutError:
                continue
            assert got is not None, "the websocket closed"
            msg_type, content = got
            state = content.get("data", {}).get("state", {}) if msg_type == "comm_msg" else {}
            if state.get("error"):
                errors.append(state["error"])
        conn.close()
        return errors

    from concurrent.futures import ThreadPoolExecutor
    with ThreadPoolExecutor(max_workers=1) as worker:
        errors = worker.submit(asyncio.run, scenario()).result(timeout=200)
    time.sleep(1.0)
    log = log_text(server)[log_before:]
    assert any("the message is nested too deeply" in e for e in errors), (errors, log[-2000:])
    assert "Traceback" not in log and "RecursionError" not in log, log[-3000:]
