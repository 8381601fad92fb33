"""Servers and browser for the browser tests (tests/browser) and benchmarks/browser_latency.py.

Imported as ``browser_support`` (pytest puts this folder on the path; the benchmark adds it).

- :class:`Server`: a Voila or JupyterLab subprocess on 127.0.0.1 and a free port, started in
  its own process group, ready once an HTTP probe answers 200 (bounded wait), and always
  stopped: SIGTERM to its group (the server shuts its kernels down), SIGKILL after 15 s
  (a kernel whose server died exits by itself: ipykernel watches its parent).
- :func:`launch_chromium`: Debian's /usr/bin/chromium through Playwright's
  ``executable_path`` (never a downloaded browser), with the flags this machine needs.
- :class:`PageWatch`: what a page said on its console, its uncaught errors and its failed
  requests, with the filter that separates the widget's errors from off-machine resources
  that failed (there should be none: voila.py's "nations" template drops the CDN links of
  Voila's own, and tests/browser/test_voila_offline.py checks that the app asks for none).
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

REPO = Path(__file__).resolve().parents[2]
ARTIFACTS = REPO / "test-artifacts" / "browser"
#: the app (scripts/play.sh serves it)
PLAY_NOTEBOOK = REPO / "notebooks" / "play.ipynb"
VENV_BIN = Path(sys.executable).parent
CHROMIUM = "/usr/bin/chromium"
# exactly the flags this machine needs (no network but the registries; root: no sandbox)
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
LOOPBACK = ("127.0.0.1", "localhost", "[::1]", "::1")


#: "nodeid: what: path" lines, listed at the end of the pytest run (see conftest.py)
ARTIFACT_LINES: list[str] = []
#: the servers running now: a failed test's report ends with their logs' tails (conftest.py)
LIVE_SERVERS: list[Server] = []
#: what the pages a test opened itself (:func:`browser_page`) showed when an error left
#: them: (title, text) sections for the failed test's report (conftest.py), since the
#: page is closed by then
PAGES_AT_FAILURE: list[tuple[str, str]] = []

#: what a failed test's page showed: each game root's (and table bar's) classes and data
#: attributes, and the start of its text (the note, the prompt, the header's status)
PAGE_AT_FAILURE = """() => [
  ...document.querySelectorAll('.nw-root, .nwb-root, .nw-chooser, .nw-table')]
  .map((root) => ({
    classes: root.className,
    data: {...root.dataset},
    text: (root.innerText || '').replace(/\\s+/g, ' ').slice(0, 1500),
  }))"""


def page_at_failure(page: Any, name: str) -> tuple[str, str]:
    """A screenshot of ``page`` (listed with the artifacts as ``name``) and a report
    section with what its game roots showed, or why they could not be read."""
    try:
        safe = "".join(c if c.isalnum() or c in "-_" else "_" for c in name)[-120:]
        path = ARTIFACTS / f"FAILED-{safe}.png"
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(path))
        ARTIFACT_LINES.append(f"{name}: the page at the failure: {path}")
        return (f"{name} at the failure ({page.url})", repr(page.evaluate(PAGE_AT_FAILURE)))
    except Exception as exc:  # the page may be gone: say so, and keep the failure
        return (f"{name} at the failure", f"not read: {exc!r}")


def record_artifact(request: Any, what: str, path: Path) -> None:
    """Attach an artifact's path to the test's report (user_properties, shown in JUnit XML)
    and to the run's closing summary."""
    request.node.user_properties.append((what, str(path)))
    ARTIFACT_LINES.append(f"{request.node.nodeid}: {what}: {path}")
    print(f"{what}: {path}")


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def venv_tool(name: str) -> str:
    """A console script of the running Python's environment (.venv/bin/voila...)."""
    path = VENV_BIN / name
    if path.exists():
        return str(path)
    found = shutil.which(name)
    if found is None:
        raise FileNotFoundError(f"{name} is not installed (run scripts/setup.sh)")
    return found


class ServerError(RuntimeError):
    pass


@dataclass
class Server:
    """A server subprocess; use as a context manager (it is always stopped)."""

    name: str
    argv: Sequence[str]
    probe: str                      # a URL that answers 200 once the server is ready
    cwd: Path = REPO
    env: Mapping[str, str] | None = None
    ready_timeout: float = 90.0
    log_path: Path | None = None
    proc: subprocess.Popen[bytes] | None = field(default=None, init=False)

    def __enter__(self) -> Server:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def start(self) -> None:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        if self.log_path is None:
            self.log_path = ARTIFACTS / f"{self.name}.log"
        log = open(self.log_path, "wb")  # noqa: SIM115 (closed in stop)
        self._log = log
        env = dict(os.environ if self.env is None else self.env)
        env.setdefault("PYTHONUNBUFFERED", "1")
        self.proc = subprocess.Popen(
            list(self.argv), cwd=self.cwd, env=env, stdin=subprocess.DEVNULL, stdout=log,
            stderr=subprocess.STDOUT, start_new_session=True)
        LIVE_SERVERS.append(self)
        try:
            self._wait_ready()
        except BaseException:
            self.stop()
            raise

    def _wait_ready(self) -> None:
        assert self.proc is not None
        deadline = time.monotonic() + self.ready_timeout
        last = ""
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise ServerError(f"{self.name} exited with code {self.proc.returncode} "
                                  f"before it was ready; its log:\n{self.log_tail()}")
            try:
                with urllib.request.urlopen(self.probe, timeout=5) as r:
                    if r.status == 200:
                        return
                    last = f"HTTP {r.status}"
            except (urllib.error.URLError, OSError) as exc:
                last = str(exc)
            time.sleep(0.25)
        raise ServerError(f"{self.name} not ready after {self.ready_timeout:.0f} s "
                          f"({self.probe}: {last}); its log:\n{self.log_tail()}")

    def stop(self) -> None:
        LIVE_SERVERS[:] = [s for s in LIVE_SERVERS if s is not self]
        proc = self.proc
        if proc is not None and proc.poll() is None:
            # the server's own process group: the server and the kernels it started
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGTERM)
            try:
                proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(proc.pid, signal.SIGKILL)
                proc.wait(timeout=10)
        log = getattr(self, "_log", None)
        if log is not None:
            log.close()
            self._log = None

    def log_tail(self, chars: int = 4000) -> str:
        if self.log_path is None or not self.log_path.exists():
            return "(no log)"
        return self.log_path.read_text(errors="replace")[-chars:]


def voila_server(notebook: str | Path, *, cwd: Path = REPO, env: Mapping[str, str] | None = None,
                 name: str = "voila") -> tuple[Server, str]:
    """Voila serving ``notebook`` (relative to ``cwd``), started from ``cwd`` so that the
    voila.py / voila.json there apply (the repository root's, by default).  The probe is a
    static file, so that waiting does not spend Voila's preheated kernel.

    One warm kernel unless ``env`` sets NATIONS_KERNEL_POOL: voila.py's pool follows the
    machine (a larger one keeps up to 4), and no test needs more than one."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    argv = [venv_tool("voila"), str(notebook), "--no-browser", f"--port={port}",
            "--Voila.ip=127.0.0.1"]
    server_env = dict(os.environ if env is None else env)
    server_env.setdefault("NATIONS_KERNEL_POOL", "1")
    return (Server(name, argv, f"{base}/voila/static/favicon.ico", cwd=cwd, env=server_env),
            base + "/")


def lab_server(root_dir: Path, *, name: str = "jupyterlab") -> tuple[Server, str, str]:
    """JupyterLab on ``root_dir`` with a random token; Jupyter's config, data and runtime
    folders are temporary ones inside ``root_dir``'s parent, so nobody's settings apply and
    nothing is written outside.  Returns (server, base URL, token)."""
    port = free_port()
    token = secrets.token_hex(16)
    base = f"http://127.0.0.1:{port}"
    home = root_dir.parent / "jupyter-home"
    env = dict(os.environ)
    for var, sub in (("JUPYTER_CONFIG_DIR", "config"), ("JUPYTER_RUNTIME_DIR", "runtime"),
                     ("JUPYTERLAB_SETTINGS_DIR", "lab-settings"),
                     ("JUPYTERLAB_WORKSPACES_DIR", "lab-workspaces")):
        (home / sub).mkdir(parents=True, exist_ok=True)
        env[var] = str(home / sub)
    # no "news" pop-up asking to fetch news from the internet
    settings = home / "lab-settings" / "@jupyterlab" / "apputils-extension"
    settings.mkdir(parents=True, exist_ok=True)
    (settings / "notification.jupyterlab-settings").write_text('{"fetchNews": "false"}')
    argv = [venv_tool("jupyter"), "lab", "--no-browser", "--ip=127.0.0.1", f"--port={port}",
            f"--IdentityProvider.token={token}", "--ServerApp.open_browser=False",
            f"--ServerApp.root_dir={root_dir}"]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        argv.append("--allow-root")          # CI and these machines run as root
    server = Server(name, argv, f"{base}/api/status?token={token}", cwd=root_dir, env=env)
    return server, base, token


def chromium_missing_reason() -> str | None:
    if os.path.exists(CHROMIUM) and os.access(CHROMIUM, os.X_OK):
        return None
    return (f"{CHROMIUM} is missing: the browser tests use Debian's chromium (scripts/setup.sh "
            "installs it when tests/browser exists; or: apt-get install chromium)")


def require_chromium() -> None:
    """Skip the test without /usr/bin/chromium, except under CI=true, where it fails:
    scripts/setup.sh installs chromium whenever tests/browser exists."""
    reason = chromium_missing_reason()
    if reason is None:
        return
    if os.environ.get("CI"):
        pytest.fail(f"{reason}; under CI it must be there (scripts/setup.sh installs it)",
                    pytrace=False)
    pytest.skip(reason)


def require_notebook() -> None:
    """Skip the test while notebooks/play.ipynb (the app) is not in the repository."""
    if not PLAY_NOTEBOOK.exists():
        pytest.skip(f"{PLAY_NOTEBOOK.relative_to(REPO)} is not in the repository yet")


def launch_chromium(playwright: Any) -> Any:
    return playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS,
                                      headless=True)


def is_loopback(url: str) -> bool:
    host = urlsplit(url).hostname or ""
    return host in LOOPBACK or host.startswith("127.")


@dataclass
class PageWatch:
    """Collects a page's console messages, uncaught errors and failed requests."""

    console: list[tuple[str, str, str]] = field(default_factory=list)   # type, text, url
    page_errors: list[str] = field(default_factory=list)
    failed_requests: list[tuple[str, str]] = field(default_factory=list)

    def attach(self, page: Any) -> None:
        page.on("console", self._on_console)
        page.on("pageerror", lambda exc: self.page_errors.append(str(exc)))
        page.on("requestfailed",
                lambda r: self.failed_requests.append((r.url, str(r.failure or ""))))

    def _on_console(self, msg: Any) -> None:
        try:
            url = (msg.location or {}).get("url", "")
        except Exception:
            url = ""
        self.console.append((msg.type, msg.text, url))

    def offsite_failures(self) -> list[str]:
        """Failed requests for off-machine resources (no internet here)."""
        return [url for url, _ in self.failed_requests if not is_loopback(url)]

    def errors(self) -> list[str]:
        """Console errors, except "Failed to load resource" for an off-machine URL that
        failed (a notebook served with Voila's own template, which links Font Awesome from a
        CDN: no internet here)."""
        offsite = set(self.offsite_failures())
        out = []
        for kind, text, url in self.console:
            if kind != "error":
                continue
            if text.startswith("Failed to load resource") and url in offsite:
                continue
            out.append(f"{text} ({url})" if url else text)
        return out

    def model_class_failures(self) -> list[str]:
        return [text for _, text, _ in self.console
                if "failed to load model class" in text.lower()]


@contextlib.contextmanager
def browser_page(browser: Any, watch: PageWatch | None = None,
                 **context_args: Any) -> Iterator[Any]:
    """A fresh context and page (1280x900, downloads accepted), closed afterwards.  A
    test that fails inside it leaves what the page showed (:data:`PAGES_AT_FAILURE`)."""
    context = browser.new_context(viewport={"width": 1280, "height": 900},
                                  accept_downloads=True, **context_args)
    try:
        page = context.new_page()
        if watch is not None:
            watch.attach(page)
        try:
            yield page
        except Exception:
            test = os.environ.get("PYTEST_CURRENT_TEST", "a test").split(" ")[0]
            PAGES_AT_FAILURE.append(
                page_at_failure(page, f"{test} page {len(PAGES_AT_FAILURE) + 1}"))
            raise
    finally:
        context.close()


class _QuietFiles(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args: object) -> None:
        pass


@contextlib.contextmanager
def repository_server() -> Iterator[str]:
    """The repository's files over HTTP on 127.0.0.1 (a free port), for the harness pages
    (js/scripts/harness.html, board_harness.html) that draw the shipped bundles on
    fixtures without a kernel; yields the base URL."""
    handler = functools.partial(_QuietFiles, directory=str(REPO))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()


# The board harness (js/scripts/board_harness.html): the fixture's previewed move, asked by
# its own button (false when the fixture holds none, or its move has no button) ...
_ASK_BOARD_PREVIEW = """() => {
  const f = window.fixture;
  if (!f.preview || !f.legal.length) return false;
  const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
  const e = f.legal.find((x) => same(x.move, f.preview.move));
  const key = e ? 'move-' + (e.key || JSON.stringify(e.move)) : '';
  const b = [...document.querySelectorAll('[data-key^="move-"]')]
    .find((x) => x.getAttribute('data-key') === key);
  if (!b) return false;
  b.click();
  return true;
}"""
# ... and answered as Python would
_ANSWER_BOARD_PREVIEW = ("() => window.emit('preview', {...window.fixture.preview, "
                         "move: window.sent.at(-1).move, ask: window.sent.at(-1).ask, "
                         "position: window.fixture.view.position})")


def open_board_fixture_preview(page: Any) -> bool:
    """In the board harness, open the fixture's preview the way a player does (the move's
    button) and answer it as Python would, until its Confirm shows; False when the fixture
    has no preview to open."""
    if not page.evaluate(_ASK_BOARD_PREVIEW):
        return False
    page.evaluate(_ANSWER_BOARD_PREVIEW)
    page.wait_for_selector("[data-key='preview-confirm']")
    return True

