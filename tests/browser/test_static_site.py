"""The static site (``nations-widget static OUTDIR``): built into a temporary folder, served
by ``python -m http.server`` on 127.0.0.1, opened in Chromium from a cold cache, and played
there with no server behind the page: Pyodide runs the app in the browser.

- every request the page makes goes to 127.0.0.1 (or is data:/blob:), from the first
  navigation to the end of the dice game's first round;
- the page says what needs a server (shared tables, kept games);
- the dice game against the app's bot, played by clicking to the end of round 1 (the end of
  round summary), the bot answering in the browser; then a New game with a random seed,
  and a seat for "A player I invite" refused in words (shared tables need a server);
- the board game's table comes up, against its bot; and, on a page of its own, the board
  game played by clicking to the end of its first round (its round summary).

Measured and printed (the README's serving section quotes them): the site's size, the bytes
the first visit loads, the seconds to the chooser and to the first board from a cold cache.
Skipped, with the reason, when the ``[static]`` extra is not installed (scripts/setup.sh
installs it with ``[dev]``; under CI=true that fails instead); the first build fetches
Pyodide with npm and the page's wheels with pip (then cached in ~/.cache/nations_widget).
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

import pytest
import test_voila_board as board_play
from browser_support import (
    PageWatch,
    free_port,
    is_loopback,
    record_artifact,
    require_chromium,
)
from test_voila_game import CLOSED_SUMMARY, NEW_GAME, SETTLED, decide, game_number, read_state

pytestmark = pytest.mark.browser

#: seconds for the whole first visit (the kernel's start included) on a loaded 2-core machine
FIRST_BOARD_TIMEOUT = 240_000
#: decisions of one player in round 1 of a 2-player dice game (far fewer in practice)
MAX_DECISIONS = 80
#: the static site's build runs in an environment of its own (scripts/setup.sh): JupyterLite's
#: kernel extension, which its [static] extra installs, breaks JupyterLab's page beside it
STATIC_PYTHON = Path(__file__).resolve().parents[2] / ".venv-static" / "bin" / "python"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    require_chromium()
    python = STATIC_PYTHON if STATIC_PYTHON.exists() else Path(sys.executable)
    has_extra = subprocess.run([str(python), "-c", "import voici_core"],
                               capture_output=True, check=False).returncode == 0
    if not has_extra:
        reason = ("the static build needs the [static] extra in an environment of its own "
                  "(scripts/setup.sh makes .venv-static when NATIONS_NEED_STATIC=1, as "
                  "scripts/test.sh sets it)")
        if os.environ.get("CI") == "true":      # CI's setup installs it: missing is a failure
            pytest.fail(reason)
        pytest.skip(reason)
    out = tmp_path_factory.mktemp("static") / "site"
    started = time.monotonic()
    done = subprocess.run([str(python), "-m", "nations_widget", "static", str(out)],
                          capture_output=True, text=True, timeout=900, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    size = sum(f.stat().st_size for f in out.rglob("*") if f.is_file())
    print(f"static site built in {time.monotonic() - started:.0f} s: {size / 1e6:.1f} MB")
    return out


@pytest.fixture(scope="module")
def site_url(site: Path) -> Iterator[str]:
    """``python -m http.server`` on 127.0.0.1 serving the site, as any static host would."""
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "http.server", "--bind", "127.0.0.1", "--directory", str(site),
         str(port)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 20
        import urllib.request
        while True:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/index.html", timeout=2).close()
                break
            except OSError:
                assert time.monotonic() < deadline, "http.server did not come up"
                time.sleep(0.2)
        yield f"http://127.0.0.1:{port}/"
    finally:
        server.terminate()
        server.wait(timeout=10)


#: the site's files the page fetched, over every test of the module (the rest is never loaded)
FETCHED: set[str] = set()


def site_file(url: str) -> str:
    """The site's file a request fetched, as a path in the site ("index.html" for "/")."""
    path = unquote(urlsplit(url).path).lstrip("/")
    return path + "index.html" if path.endswith("/") or not path else path


def file_bytes(site: Path, url: str) -> int:
    """The size of the site's file a request fetched (0 for anything else)."""
    path = unquote(urlsplit(url).path).lstrip("/") or "index.html"
    target = site / path
    if target.is_dir():
        target = target / "index.html"
    return target.stat().st_size if target.is_file() else 0


def test_the_site_plays_a_dice_round_with_nothing_from_another_host(
        page: Any, site: Path, site_url: str, watch: PageWatch, request: Any,
        artifacts_dir: Path) -> None:
    requested: list[str] = []
    page.on("request", lambda r: requested.append(r.url))
    page.on("request", lambda r: FETCHED.add(site_file(r.url)) if is_loopback(r.url) else None)
    started = time.monotonic()
    page.goto(site_url, timeout=60_000)          # index.html sends the visitor to the app
    page.wait_for_selector('.nw-app button[data-key="choose-dice"]',
                           timeout=FIRST_BOARD_TIMEOUT)
    to_chooser = time.monotonic() - started
    assert page.url.endswith("voici/render/play.html"), page.url

    note = page.locator("text=This copy of the app runs in your browser").first
    assert note.is_visible()
    body = page.inner_text("body")
    assert "A player I invite" in body and "nations-widget play" in body, \
        "the page does not say that shared tables need a server"

    # where a served app lists its open tables: shared tables need a server, in plain words
    no_server = page.locator('[data-key="no-server"]')
    assert no_server.is_visible() and "needs the app served by a server" in no_server.inner_text()
    errors = page.locator(".nw-app-error")
    assert errors.count() == 0, errors.first.inner_text()
    # the first page as a visitor sees it, wide and on a phone
    for width, height in ((1400, 900), (390, 844)):
        page.set_viewport_size({"width": width, "height": height})
        shot = artifacts_dir / f"static_first_page_{width}.png"
        page.screenshot(path=str(shot), full_page=True)
        record_artifact(request, f"the static site's first page at {width} px", shot)
    page.set_viewport_size({"width": 1280, "height": 900})

    page.click('.nw-app button[data-key="choose-dice"]')
    page.wait_for_selector(".nw-root[data-step]", timeout=60_000)
    to_board = time.monotonic() - started
    first_visit = sum(file_bytes(site, u) for u in set(requested) if is_loopback(u))

    # you against the app's bot (seat 2), as the app opens the game; the bot plays in the
    # browser's Python between your decisions
    page.wait_for_function(SETTLED, arg=-1, timeout=60_000)
    assert page.locator(".nw-root .nw-round").inner_text().startswith("Round 1 of 4")
    clicks: list[str] = []
    while CLOSED_SUMMARY not in clicks:
        state = read_state(page)
        assert not state["error"], f"the board refused a move it offered: {state['error']}"
        assert state["step"] != "game_over", "the game ended before round 1's summary"
        assert len(clicks) < MAX_DECISIONS, f"round 1 does not end: {clicks[-5:]}"
        clicks.append(decide(page))
        if clicks[-1] != CLOSED_SUMMARY:
            page.wait_for_function(SETTLED, arg=state["pos"], timeout=60_000)
    page.wait_for_function(
        "() => document.querySelector('.nw-root .nw-round').innerText.startsWith('Round 2')",
        timeout=60_000)

    # a New game with a random seed (the page sends seed: null, which Pyodide's kernel
    # hands over as its own jsnull: it was refused as "a JsNull"); then a seat for "A player
    # I invite", which needs a shared table: refused in words that name the server
    before = game_number(page)
    page.click('summary[data-key="newgame-summary"]')
    page.click('button[data-key="start"]')
    page.wait_for_function(NEW_GAME, arg=before, timeout=60_000)
    assert not read_state(page)["error"], read_state(page)["error"]
    page.click('summary[data-key="newgame-summary"]')
    page.select_option('select[data-key="form-seat-1"]', "invite")
    page.click('button[data-key="start"]')
    page.wait_for_selector(".nw-root .nw-error", timeout=60_000)
    refusal = read_state(page)["error"]
    assert "need the app served by a server" in refusal, refusal
    page.keyboard.press("Escape")

    # the board game's table, with its bot, from the same page
    page.click('.nw-app button[data-key="switch-board"]')
    page.wait_for_selector(".nwb-root[data-step]", timeout=60_000)

    outside = sorted({u for u in requested if not u.startswith(("data:", "blob:"))
                      and not is_loopback(u)})
    assert not outside, f"requests to another host: {outside}"
    assert not watch.page_errors, f"uncaught page errors: {watch.page_errors}"
    size = sum(f.stat().st_size for f in site.rglob("*") if f.is_file())
    print(f"site {size / 1e6:.1f} MB; first visit loads {first_visit / 1e6:.1f} MB; cold "
          f"cache: chooser after {to_chooser:.1f} s, dice board after {to_board:.1f} s; "
          f"round 1 in {len(clicks)} decisions ({sum(c.startswith('buy') for c in clicks)} "
          f"buys)")


def test_a_reload_brings_the_game_kept_in_the_browser_back(page: Any, site_url: str,
                                                           watch: PageWatch) -> None:
    """``?game=dice`` opens the dice game; a few decisions in, a reload brings the game
    back at the same position (kept in the browser's storage under ``#kept=``), the choice
    of game lists it under "Continue a game", and a save that no longer loads is refused
    in words, the page still working."""
    page.goto(site_url + "?game=dice", timeout=60_000)
    page.wait_for_selector(".nw-root[data-step]", timeout=FIRST_BOARD_TIMEOUT)
    page.wait_for_function(SETTLED, arg=-1, timeout=60_000)
    decided = 0
    while decided < 3:
        state = read_state(page)
        # (closing the end-of-round summary is no decision: the position stays)
        if decide(page) != CLOSED_SUMMARY:
            page.wait_for_function(SETTLED, arg=state["pos"], timeout=60_000)
            decided += 1
    page.wait_for_function("() => location.hash.startsWith('#kept=')", timeout=30_000)
    before = read_state(page)
    kept_at = page.url
    page.reload(timeout=60_000)
    page.wait_for_selector(".nw-root[data-step]", timeout=FIRST_BOARD_TIMEOUT)
    page.wait_for_function(SETTLED, arg=-1, timeout=60_000)
    after = read_state(page)
    assert (after["pos"], after["step"]) == (before["pos"], before["step"]), (before, after)
    assert page.url == kept_at

    page.goto(site_url, timeout=60_000)           # the choice of game lists it
    page.wait_for_selector('.nw-app button[data-key="choose-dice"]',
                           timeout=FIRST_BOARD_TIMEOUT)
    listed = page.locator(".nw-app-continue .nw-app-game")
    assert listed.count() == 1 and "you against 1 bot" in listed.inner_text()

    # its save spoilt in the browser's storage: refused in words, the page still works
    page.evaluate("""() => { for (const k of Object.keys(localStorage))
        if (k.startsWith('nations-kept-')) localStorage.setItem(k, '{"format": 3}'); }""")
    page.goto(kept_at, timeout=60_000)
    page.wait_for_selector('[data-key="link-error"]', timeout=FIRST_BOARD_TIMEOUT)
    notice = page.locator('[data-key="link-error"]').inner_text()
    assert "This kept game did not open" in notice, notice
    page.click('.nw-app button[data-key="choose-board"]')
    page.wait_for_selector(".nwb-root[data-step]", timeout=60_000)
    assert not watch.page_errors, f"uncaught page errors: {watch.page_errors}"


def test_the_site_plays_a_board_game_round(page: Any, site: Path, site_url: str,
                                          watch: PageWatch) -> None:
    """The board game as tests/browser/test_voila_board.py plays it in Voila (you against
    the heuristic bot, the short game, the same clicks), here to the end of round 1."""
    requested: list[str] = []
    page.on("request", lambda r: requested.append(r.url))
    page.on("request", lambda r: FETCHED.add(site_file(r.url)) if is_loopback(r.url) else None)
    page.goto(site_url + "?game=board", timeout=60_000)    # the address opens the game
    page.wait_for_selector(".nwb-root[data-step]", timeout=FIRST_BOARD_TIMEOUT)
    board_play.set_up_game(page)
    page.wait_for_function(board_play.SETTLED, arg=-1, timeout=60_000)
    clicks: list[str] = []
    buys: dict[int, int] = {}
    placed: dict[int, int] = {}
    started = time.monotonic()
    while board_play.CLOSED_SUMMARY not in clicks:
        state = board_play.read_state(page)
        assert not state["error"], f"the board refused a move it offered: {state['error']}"
        assert state["step"] != "game_over", "the game ended before round 1's summary"
        assert state["live"] or state["summary"], f"not the human's decision: {state}"
        assert len(clicks) < MAX_DECISIONS, f"round 1 does not end: {clicks[-5:]}"
        clicks.append(board_play.decide(page, buys, placed))
        if clicks[-1] != board_play.CLOSED_SUMMARY:
            page.wait_for_function(board_play.SETTLED, arg=state["pos"], timeout=60_000)
    assert "Round 2 of 2" in board_play.read_state(page)["when"]
    outside = sorted({u for u in requested if not u.startswith(("data:", "blob:"))
                      and not is_loopback(u)})
    assert not outside, f"requests to another host: {outside}"
    assert not watch.page_errors, f"uncaught page errors: {watch.page_errors}"
    kinds = [c.split(":")[0] for c in clicks]
    print(f"board game round 1: {len(clicks)} clicks ({kinds.count('buy')} buys, "
          f"{kinds.count('worker')} workers placed) in {time.monotonic() - started:.0f} s")
    files = {f.relative_to(site).as_posix(): f.stat().st_size
             for f in site.rglob("*") if f.is_file()}
    unused = {name: size for name, size in files.items() if name not in FETCHED}
    listing = os.environ.get("NATIONS_STATIC_UNUSED")     # where to list them (pruning)
    if listing:
        Path(listing).write_text("".join(f"{size} {name}\n" for name, size in sorted(
            unused.items(), key=lambda item: -item[1])), encoding="utf-8")
    print(f"the two visits fetched {len(files) - len(unused)} of the site's {len(files)} "
          f"files; {sum(unused.values()) / 1e6:.1f} MB of it was never fetched")
