"""scripts/play.sh: the "Open http://..." line comes only once the page can be served (a
newcomer who clicks it at once must not meet "connection refused"), and Ctrl-C still stops
the server.

The script runs as a person runs it, in its own process group, on a free port, with the set-up
step skipped (``NATIONS_SKIP_SETUP=1``: this environment is installed already) and the Voila
of the Python running the tests (``VOILA``).  The moment the URL line is read, the URL must
answer; then SIGINT to the group (what Ctrl-C sends) must end the script and free the port.
"""

from __future__ import annotations

import contextlib
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
SCRIPT = REPO / "scripts" / "play.sh"
VOILA = Path(sys.executable).parent / "voila"


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _answers(url: str, timeout: float) -> int | None:
    """The HTTP status ``url`` answers with, None when nothing answers."""
    try:
        with urllib.request.urlopen(url, timeout=timeout) as r:
            return int(r.status)
    except OSError:
        return None


def _port_open(port: int) -> bool:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.settimeout(1)
        return s.connect_ex(("127.0.0.1", port)) == 0


@pytest.mark.skipif(not VOILA.exists(), reason=f"{VOILA} is not installed")
def test_the_url_is_printed_once_it_answers_and_ctrl_c_stops_the_server() -> None:
    port = _free_port()
    env = dict(os.environ, PORT=str(port), NATIONS_SKIP_SETUP="1", VOILA=str(VOILA),
               PYTHONUNBUFFERED="1")
    proc = subprocess.Popen(["bash", str(SCRIPT)], cwd=REPO, env=env, stdin=subprocess.DEVNULL,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            start_new_session=True, text=True, bufsize=1)
    assert proc.stdout is not None
    lines: list[str] = []
    try:
        deadline = time.monotonic() + 150
        url = None
        while time.monotonic() < deadline:
            line = proc.stdout.readline()
            if not line:
                break
            lines.append(line)
            found = re.match(r"Open (http://\S+) ", line)
            if found:
                url = found.group(1)
                # read this very moment, before anything else: the server must answer
                assert _port_open(port), f"the URL was printed before port {port} answered"
                break
        assert url == f"http://127.0.0.1:{port}/", "".join(lines)
        assert _answers(f"{url}voila/static/favicon.ico", timeout=5) == 200
        # the page itself (it runs the notebook in a kernel: give it time)
        assert _answers(url, timeout=120) == 200
        # Ctrl-C: SIGINT to the terminal's process group
        os.killpg(proc.pid, signal.SIGINT)
        code = proc.wait(timeout=30)
        assert code != 0
        assert not _port_open(port), "the server still listens after Ctrl-C"
    finally:
        if proc.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGTERM)
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait(timeout=10)
        # whatever the script started (Voila, its kernels) ends with it
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
