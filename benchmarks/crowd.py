"""A crowd: N visitors open the app at the same moment.

    .venv/bin/python benchmarks/crowd.py                       # N = 1, 10, 20, voila.py as is
    .venv/bin/python benchmarks/crowd.py --pool 20             # the README's crowd (20 warm)
    .venv/bin/python benchmarks/crowd.py --sizes 20,20 --no-browsers   # server's share, twice
    .venv/bin/python benchmarks/crowd.py --sizes 20 --pool 4   # another preheated pool size
    .venv/bin/python benchmarks/crowd.py --sizes 3 --games board   # only the board game
    .venv/bin/python benchmarks/crowd.py --start-cost          # what a kernel pays for the app

Each visitor opens one game directly (``/?game=dice`` or ``/?game=board``, taken in turn
from ``--games``): ``/`` alone shows the game chooser, which has no board to wait for.

voila.py caps the kernels serving pages (24 by default, the warm ones not counted): past it
a visitor gets "The tables are full" and is counted as turned away;
``NATIONS_MAX_KERNELS=0`` in the environment measures without the cap.

Two phases per N, each with the server warm and the machine quiet first:

1. the server's share, no browser: N plain HTTP requests for the pages at once; per
   visitor the time to the page's first byte, to its whole HTML (Voila streams the page
   while the notebook runs, so this is the notebook run in a kernel) and until its kernel
   answers ``GET /api/kernels/<id>`` idle; once every visitor's kernel is ready, each is
   shut down the way a leaving page does (``POST /voila/api/shutdown/<id>`` with its _xsrf
   cookie).  The CPU seconds the server process and its kernels spent from the requests
   to the last kernel ready are counted too (a kernel that has exited counts through the
   server's children times): their sum over the cores is the slowest page on an otherwise
   idle machine at best (``cpu_floor_s``), a figure that the load of other work on a
   shared machine does not change much, unlike the times;
2. the browsers' share: N Chromium pages, the times below (skipped with ``--no-browsers``).

For each N it starts its own Voila on 127.0.0.1 and a free port, from the repository root
(so the root's voila.py applies, as scripts/play.sh does), serving notebooks/play.ipynb;
waits until the preheated kernels are ready and the machine is quiet again; then opens N
pages at once in one headless Chromium (Debian's /usr/bin/chromium, one browser context
per visitor, so no page shares anything with another), and stops the server afterwards.

Per browser visitor: whether the board came up (``.nw-root[data-step]``, the board game's
``.nwb-root[data-step]``) and became playable (dice: your seat's board live, the bot, when it
opens, has moved; board game: a move button shown) within ``--limit`` seconds,
the time from the request to each, and how often the page reloaded itself (the page
watchdog, nations_widget.widget.page_watchdog).  Per run: kernels alive, their resident
memory (RSS) once every page has its board (median and total), the server's peak RSS, and
the machine's load average before and after (2 cores shared with other work: read the
times with it).

Bounded: at most ``--max-visitors`` (30) pages, ``--limit`` seconds per visit (180).
The kernels run this checkout's package (a temporary folder holding only a link to it
goes on PYTHONPATH: the repository root itself would let its voila.py shadow Voila).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import psutil

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests" / "browser"))

from browser_support import (  # noqa: E402
    CHROMIUM,
    CHROMIUM_ARGS,
    Server,
    chromium_missing_reason,
    free_port,
    venv_tool,
)

NOTEBOOK = "notebooks/play.ipynb"
#: per game: the board drawn, and the board playable
BOARD = {"dice": ".nw-root[data-step]", "board": ".nwb-root[data-step]"}
PLAYABLE = {
    "dice": "() => Boolean(document.querySelector('.nw-root[data-step] .nw-player.nw-live'))",
    "board": "() => Boolean(document.querySelector("
             "'.nwb-root[data-step] [data-key^=\"move-\"]'))",
}
FULL_TEXT = "The tables are full"


def game_url(base: str, game: str) -> str:
    return f"{base}?game={game}"


@dataclass
class ServerVisit:
    """One visitor without a browser: the server's share."""

    game: str = ""
    first_byte_s: float | None = None
    html_s: float | None = None        # the whole page: the notebook has run in a kernel
    kernel_ready_s: float | None = None
    turned_away: bool = False          # "the tables are full" (voila.py's cap)
    error: str = ""


@dataclass
class Visit:
    game: str = ""
    turned_away: bool = False
    page_s: float | None = None        # the page's HTML parsed: Voila's share (it streams
    board_s: float | None = None       # the page while it runs the notebook)
    playable_s: float | None = None
    navigations: int = 0
    saw_model_not_found: bool = False
    error: str = ""


@dataclass
class Memory:
    """Sampled every 0.25 s while a run lasts."""

    server_peak: int = 0
    kernels_peak: int = 0
    kernels_total_peak: int = 0
    samples: int = 0
    stop: threading.Event = field(default_factory=threading.Event)


def kernel_processes(server: psutil.Process) -> list[psutil.Process]:
    out = []
    for child in server.children(recursive=True):
        try:
            if any("ipykernel" in part for part in child.cmdline()):
                out.append(child)
        except psutil.Error:
            continue
    return out


def rss(proc: psutil.Process) -> int:
    try:
        return int(proc.memory_info().rss)
    except psutil.Error:
        return 0


def sample_memory(server: psutil.Process, memory: Memory) -> None:
    while not memory.stop.is_set():
        kernels = kernel_processes(server)
        memory.server_peak = max(memory.server_peak, rss(server))
        memory.kernels_peak = max(memory.kernels_peak, len(kernels))
        memory.kernels_total_peak = max(memory.kernels_total_peak,
                                        sum(rss(k) for k in kernels))
        memory.samples += 1
        memory.stop.wait(0.25)


def cpu_percent(procs: list[psutil.Process]) -> float:
    """CPU use of ``procs`` since the last call (percent of one core, summed)."""
    total = 0.0
    for proc in procs:
        with contextlib.suppress(psutil.Error):
            total += proc.cpu_percent(interval=None)
    return total


def tree_cpu(server: psutil.Process) -> tuple[float, float]:
    """CPU seconds used so far by (the server itself, its kernels): a kernel that has exited
    counts in the server's children times once the server has reaped it (Jupyter waits
    for its kernels), a live one through its own times."""
    own = server.cpu_times()
    kernels = own.children_user + own.children_system
    for child in server.children(recursive=True):
        with contextlib.suppress(psutil.Error):
            times = child.cpu_times()
            kernels += times.user + times.system + times.children_user + times.children_system
    return own.user + own.system, kernels


def wait_until_warm(server: psutil.Process, pool: int, timeout: float = 120.0) -> float:
    """Until the preheated kernels exist and the server and kernels are idle for 2 s."""
    start = time.monotonic()
    quiet_since: float | None = None
    while time.monotonic() - start < timeout:
        kernels = kernel_processes(server)
        procs = [server, *kernels]
        cpu_percent(procs)                    # primes the counters
        time.sleep(0.5)
        busy = cpu_percent(procs)
        if len(kernels) >= pool and busy < 10.0:
            quiet_since = quiet_since or time.monotonic()
            if time.monotonic() - quiet_since >= 2.0:
                return time.monotonic() - start
        else:
            quiet_since = None
    return time.monotonic() - start


def server_visit(base: str, game: str, limit: float,
                 everybody_ready: threading.Barrier | None = None) -> ServerVisit:
    """One visitor with no browser: the page's HTML, then its kernel ready; once every
    visitor of the crowd has got that far (``everybody_ready``: a kernel's shutdown costs
    CPU too, which would otherwise slow down the pages still coming), its kernel is shut
    down as a leaving page does."""
    import http.cookiejar
    import re
    import urllib.error
    import urllib.parse
    import urllib.request
    out = ServerVisit(game=game)
    jar = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    start = time.monotonic()
    try:
        with opener.open(game_url(base, game), timeout=limit) as reply:
            first = reply.read(1)
            out.first_byte_s = time.monotonic() - start
            page = (first + reply.read()).decode("utf-8", "replace")
        out.html_s = time.monotonic() - start
        found = re.search(r'"kernelId": "([^"]+)"', page)
        if found is None:
            out.error = "no kernel id in the page"
            return out
        kernel = found.group(1)
        while time.monotonic() - start < limit:
            with opener.open(f"{base}api/kernels/{kernel}", timeout=limit) as reply:
                if json.load(reply).get("execution_state") == "idle":
                    out.kernel_ready_s = time.monotonic() - start
                    break
            time.sleep(0.05)
        if everybody_ready is not None:
            with contextlib.suppress(threading.BrokenBarrierError):
                everybody_ready.wait(timeout=limit)
        xsrf = next((c.value for c in jar if c.name == "_xsrf"), "")
        leave = urllib.request.Request(
            f"{base}voila/api/shutdown/{kernel}", method="POST",
            data=urllib.parse.urlencode({"_xsrf": xsrf}).encode())
        with opener.open(leave, timeout=limit):
            pass
    except urllib.error.HTTPError as exc:
        if exc.code == 503 and FULL_TEXT in exc.read().decode("utf-8", "replace"):
            out.turned_away = True
        else:
            out.error = f"HTTP {exc.code}"
    except Exception as exc:
        out.error = f"{type(exc).__name__}: {str(exc)[:120]}"
    if everybody_ready is not None and out.kernel_ready_s is None:
        everybody_ready.abort()            # nobody waits for a visitor who has no page
    return out


def server_crowd(base: str, games: list[str], limit: float,
                 when_ready: Callable[[], None]) -> tuple[list[ServerVisit], float]:
    """The visitors at once, and the time until the last one's kernel was ready;
    ``when_ready`` is called then, before the kernels are shut down (if a visitor got no
    page, after)."""
    from concurrent.futures import ThreadPoolExecutor
    started = time.monotonic()
    wall: list[float] = []

    def everybody_in() -> None:
        wall.append(time.monotonic() - started)
        when_ready()

    everybody_ready = threading.Barrier(len(games), action=everybody_in)
    with ThreadPoolExecutor(max_workers=len(games)) as pool:
        visits = list(pool.map(lambda g: server_visit(base, g, limit, everybody_ready),
                               games))
    if not wall:
        everybody_in()
    return visits, wall[0]


async def visit(browser: Any, url: str, game: str,
                limit: float) -> tuple[Visit, Any]:
    """One visitor; returns the visit and its browser context, still open (a visitor
    with a board stays on the page: its kernel is measured before the pages close)."""
    out = Visit(game=game)
    context = await browser.new_context(viewport={"width": 1280, "height": 900})
    page = await context.new_page()
    page.on("framenavigated",
            lambda frame: setattr(out, "navigations", out.navigations + 1)
            if frame == page.main_frame else None)
    page.on("console", lambda msg: setattr(out, "saw_model_not_found", True)
            if "model not found" in msg.text else None)
    start = time.monotonic()
    try:
        reply = await page.goto(game_url(url, game), wait_until="domcontentloaded",
                                timeout=limit * 1000)
        out.page_s = time.monotonic() - start
        if reply is not None and reply.status == 503:
            out.turned_away = True
            return out, context
        left = max(1.0, limit - (time.monotonic() - start))
        await page.wait_for_selector(BOARD[game], timeout=left * 1000)
        out.board_s = time.monotonic() - start
        left = max(1.0, limit - (time.monotonic() - start))
        await page.wait_for_function(PLAYABLE[game], timeout=left * 1000)
        out.playable_s = time.monotonic() - start
    except Exception as exc:                   # a timeout: reported, the crowd goes on
        out.error = f"{type(exc).__name__}: {str(exc).splitlines()[0][:120]}"
    return out, context


async def crowd(url: str, games: list[str], limit: float, server: psutil.Process,
                cpu: list[tuple[float, float]]) -> tuple[list[Visit], list[int]]:
    """The browsers' crowd; ``cpu`` gets the server's and its kernels' CPU seconds
    (``tree_cpu``) when the pages are asked for and when every board is up."""
    from playwright.async_api import async_playwright

    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS,
                                          headless=True)
        try:
            cpu.append(tree_cpu(server))
            done = await asyncio.gather(*(visit(browser, url, g, limit) for g in games))
            cpu.append(tree_cpu(server))
            # every page has its board (or has given up), all still open: the kernels now
            per_kernel = sorted(rss(k) for k in kernel_processes(server))
            for _, context in done:
                await context.close()          # the page unloads: Voila shuts its kernel
            return [v for v, _ in done], per_kernel
        finally:
            await browser.close()


def median_and_max(values: list[float | None]) -> tuple[float | None, float | None]:
    got = [v for v in values if v is not None]
    if not got:
        return None, None
    return round(statistics.median(got), 2), round(max(got), 2)


def run(n: int, pool: int | None, limit: float, extra: list[str],
        repo: Path = REPO, game_names: tuple[str, ...] = ("dice", "board"),
        browsers: bool = True) -> dict[str, Any]:
    games = [game_names[i % len(game_names)] for i in range(n)]
    port = free_port()
    url = f"http://127.0.0.1:{port}/"
    link_dir = Path(tempfile.mkdtemp(prefix="crowd-pkg-"))
    (link_dir / "nations_widget").symlink_to(repo / "nations_widget",
                                             target_is_directory=True)
    env = dict(os.environ, PYTHONPATH=str(link_dir))
    argv = [venv_tool("voila"), NOTEBOOK, "--no-browser", f"--port={port}",
            "--Voila.ip=127.0.0.1", *extra]
    if pool is not None:
        argv.append(f"--VoilaConfiguration.default_pool_size={pool}")
    server = Server(f"voila-crowd-{n}", argv,
                    f"http://127.0.0.1:{port}/voila/static/favicon.ico", cwd=repo, env=env)
    with server:
        assert server.proc is not None
        proc = psutil.Process(server.proc.pid)
        warm_kernels = pool if pool is not None else configured_pool(repo, env)
        warm = wait_until_warm(proc, warm_kernels)
        pool_rss = sum(rss(k) for k in kernel_processes(proc))
        # the server's share: no browser
        server_load_before = os.getloadavg()
        cpu_before = tree_cpu(proc)
        at_ready: list[Any] = []
        server_visits, server_wall = server_crowd(
            url, games, limit, lambda: at_ready.extend([tree_cpu(proc), os.getloadavg()]))
        cpu_crowd, server_load_after = at_ready
        wait_until_warm(proc, warm_kernels)
        cpu_refilled = tree_cpu(proc)
        visits: list[Visit] = []
        per_kernel: list[int] = []
        memory = Memory()
        load_before = load_after = os.getloadavg()
        wall = 0.0
        browser_cpu: list[tuple[float, float]] = []
        if browsers:
            # the browsers' share
            load_before = os.getloadavg()
            sampler = threading.Thread(target=sample_memory, args=(proc, memory),
                                       daemon=True)
            sampler.start()
            started = time.monotonic()
            visits, per_kernel = asyncio.run(crowd(url, games, limit, proc, browser_cpu))
            wall = time.monotonic() - started
            memory.stop.set()
            sampler.join()
            load_after = os.getloadavg()
    pages = [v.page_s for v in visits if v.page_s is not None]
    boards = [v.board_s for v in visits if v.board_s is not None]
    playable = [v.playable_s for v in visits if v.playable_s is not None]
    mb = 1024 * 1024
    first_byte = median_and_max([v.first_byte_s for v in server_visits])
    html_done = median_and_max([v.html_s for v in server_visits])
    kernel_ready = median_and_max([v.kernel_ready_s for v in server_visits])
    crowd_cpu = sum(cpu_crowd) - sum(cpu_before)
    cores = os.cpu_count() or 1
    return {
        "repo": str(repo), "visitors": n, "pool": warm_kernels, "games": games,
        "max_kernels": os.environ.get("NATIONS_MAX_KERNELS", "voila.py's"),
        "server": {
            "wall_s": round(server_wall, 1),
            "first_byte_median_s": first_byte[0], "first_byte_slowest_s": first_byte[1],
            "html_median_s": html_done[0], "html_slowest_s": html_done[1],
            "kernel_ready_median_s": kernel_ready[0], "kernel_ready_slowest_s": kernel_ready[1],
            "turned_away": sum(1 for v in server_visits if v.turned_away),
            "errors": [v.error for v in server_visits if v.error],
            # CPU seconds spent while the crowd was served (from the requests to the last
            # kernel ready): by the Voila process, by kernels (the pages' and any refill
            # started meanwhile); then by the kernels' shutdown and the pool's refill
            # until it is warm again
            "cpu_server_s": round(cpu_crowd[0] - cpu_before[0], 1),
            "cpu_kernels_s": round(cpu_crowd[1] - cpu_before[1], 1),
            "cpu_per_page_s": round(crowd_cpu / n, 2),
            # the slowest page on an otherwise idle machine cannot beat this: all the CPU
            # the crowd used, spread over every core
            "cpu_floor_s": round(crowd_cpu / cores, 1),
            "cpu_leave_and_refill_s": round(sum(cpu_refilled) - sum(cpu_crowd), 1),
            "load_before": [round(x, 2) for x in server_load_before],
            "load_after": [round(x, 2) for x in server_load_after],
            # per visitor: game, first byte, whole page, kernel ready (s)
            "visits": [[v.game, *(None if t is None else round(t, 2) for t in
                                  (v.first_byte_s, v.html_s, v.kernel_ready_s))]
                       for v in server_visits],
        },
        "browsers": browsers,
        "turned_away": sum(1 for v in visits if v.turned_away),
        "warm_s": round(warm, 1), "wall_s": round(wall, 1),
        "pool_rss_mb": round(pool_rss / (1024 * 1024), 1),
        "boards": len(boards), "playable": len(playable),
        "page_median_s": round(statistics.median(pages), 2) if pages else None,
        "page_slowest_s": round(max(pages), 2) if pages else None,
        "board_median_s": round(statistics.median(boards), 2) if boards else None,
        "board_slowest_s": round(max(boards), 2) if boards else None,
        "playable_median_s": round(statistics.median(playable), 2) if playable else None,
        "playable_slowest_s": round(max(playable), 2) if playable else None,
        # the server's and kernels' CPU seconds while the browsers set their pages up
        # (the rest of the machine's CPU went to the browsers, and to other work)
        "browsers_phase_cpu_server_s": round(browser_cpu[1][0] - browser_cpu[0][0], 1)
        if len(browser_cpu) == 2 else None,
        "browsers_phase_cpu_kernels_s": round(browser_cpu[1][1] - browser_cpu[0][1], 1)
        if len(browser_cpu) == 2 else None,
        "reloaded_pages": sum(1 for v in visits if v.navigations > 1),
        "saw_model_not_found": sum(1 for v in visits if v.saw_model_not_found),
        "errors": [v.error for v in visits if v.error],
        "kernels_at_end": len(per_kernel),
        "kernel_rss_median_mb": round(statistics.median(per_kernel) / mb, 1)
        if per_kernel else None,
        "kernels_rss_total_peak_mb": round(memory.kernels_total_peak / mb, 1),
        "kernels_peak": memory.kernels_peak,
        "server_rss_peak_mb": round(memory.server_peak / mb, 1),
        "load_before": [round(x, 2) for x in load_before],
        "load_after": [round(x, 2) for x in load_after],
    }


POOL_SIZE = """
import sys
from traitlets.config.loader import PyFileConfigLoader
print(PyFileConfigLoader("voila.py", path=sys.argv[1]).load_config()
      .VoilaConfiguration.default_pool_size)
"""


def configured_pool(repo: Path, env: dict[str, str]) -> int:
    """The preheated pool size the served checkout's voila.py sets, read as its server will
    (``env``: its package first on the path; run elsewhere than the root, whose voila.py
    would shadow Voila)."""
    out = subprocess.run([sys.executable, "-c", POOL_SIZE, str(repo)], env=env,
                         cwd=tempfile.gettempdir(), capture_output=True, text=True,
                         check=True)
    return int(out.stdout.split()[-1])


START_COST = """
import json, resource, sys, time
t0 = time.perf_counter()
import ipykernel.kernelapp, ipywidgets
t1 = time.perf_counter()
from nations_widget.widget import NationsWidget
t2 = time.perf_counter()
NationsWidget(players=2, seats=["human", "mcts"], bot_delay=0.8)
t3 = time.perf_counter()
print(json.dumps({"jupyter_ms": 1000 * (t1 - t0), "package_ms": 1000 * (t2 - t1),
                  "first_board_ms": 1000 * (t3 - t2),
                  "modules": sum(1 for m in sys.modules if m.startswith("nations_widget")),
                  "maxrss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))
"""


def start_cost(reps: int = 7) -> dict[str, float]:
    """What a kernel pays for the app, in a fresh interpreter each time (medians): the
    Jupyter machinery every widget kernel imports, then this package, then the first
    board (the bots' package included)."""
    rows = []
    env = dict(os.environ, PYTHONPATH=str(REPO))
    for _ in range(reps):
        out = subprocess.run([sys.executable, "-c", START_COST], capture_output=True,
                             text=True, check=True, env=env, cwd=tempfile.gettempdir())
        rows.append(json.loads(out.stdout))
    return {key: round(statistics.median(r[key] for r in rows), 1) for key in rows[0]}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="1,10,20", help="visitors per run (comma list)")
    parser.add_argument("--games", default="dice,board",
                        help="the games visitors open, in turn (comma list: dice, board)")
    parser.add_argument("--pool", type=int, default=None,
                        help="preheated kernels (default: voila.py's setting)")
    parser.add_argument("--limit", type=float, default=180.0, help="seconds per visit")
    parser.add_argument("--max-visitors", type=int, default=30)
    parser.add_argument("--start-cost", action="store_true",
                        help="only measure what a kernel pays for the app")
    parser.add_argument("--no-browsers", action="store_true",
                        help="only the server's share (plain HTTP, no Chromium)")
    parser.add_argument("--json", type=Path, help="also write the results here")
    parser.add_argument("--repo", type=Path, default=REPO,
                        help="serve another checkout's app (its notebook, voila.py and "
                             "package; read only), e.g. to compare with an older one")
    parser.add_argument("voila_args", nargs="*", help="more Voila options (after --)")
    args = parser.parse_args()
    if args.start_cost:
        print(json.dumps(start_cost(), indent=1))
        return 0
    reason = chromium_missing_reason()
    if reason:
        print(reason, file=sys.stderr)
        return 2
    sizes = [int(s) for s in args.sizes.split(",") if s.strip()]
    if any(not 1 <= n <= args.max_visitors for n in sizes):
        parser.error(f"visitors must be 1-{args.max_visitors}")
    game_names = tuple(g.strip() for g in args.games.split(",") if g.strip())
    if not game_names or any(g not in BOARD for g in game_names):
        parser.error(f"games: a comma list of {', '.join(BOARD)}")
    results = []
    for n in sizes:
        result = run(n, args.pool, args.limit, list(args.voila_args), args.repo.resolve(),
                     game_names, browsers=not args.no_browsers)
        results.append(result)
        print(json.dumps(result), flush=True)
    print()
    print("Server's share (no browser):")
    print("| visitors | pool | first byte median / slowest (s) | "
          "whole page median / slowest (s) | kernel ready median / slowest (s) | "
          "turned away | CPU s: server + kernels (per page) | CPU floor (s) | "
          "load before → after |")
    print("|---|---|---|---|---|---|---|---|---|")
    for r in results:
        sv = r["server"]
        print(f"| {r['visitors']} | {r['pool']} | "
              f"{sv['first_byte_median_s']} / {sv['first_byte_slowest_s']}"
              f" | {sv['html_median_s']} / {sv['html_slowest_s']} | "
              f"{sv['kernel_ready_median_s']} / {sv['kernel_ready_slowest_s']} | "
              f"{sv['turned_away']} | {sv['cpu_server_s']} + {sv['cpu_kernels_s']} "
              f"({sv['cpu_per_page_s']}) | {sv['cpu_floor_s']} | "
              f"{sv['load_before'][0]} → {sv['load_after'][0]} |")
    print()
    if args.no_browsers:
        if args.json:
            args.json.write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")
        return 0 if all(not r["server"]["errors"] for r in results) else 1
    print("Browsers:")
    print("| visitors | boards | playable | page HTML median / slowest (s) | "
          "board median / slowest (s) | playable median / slowest (s) | "
          "server + kernels CPU s meanwhile | kernel RSS median (MB) | kernels peak | "
          "server peak RSS (MB) | load before → after |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for r in results:
        print(f"| {r['visitors']} | {r['boards']}/{r['visitors']} | "
              f"{r['playable']}/{r['visitors']} | "
              f"{r['page_median_s']} / {r['page_slowest_s']} | "
              f"{r['board_median_s']} / {r['board_slowest_s']} | "
              f"{r['playable_median_s']} / {r['playable_slowest_s']} | "
              f"{r['browsers_phase_cpu_server_s']} + {r['browsers_phase_cpu_kernels_s']} | "
              f"{r['kernel_rss_median_mb']} | {r['kernels_peak']} | "
              f"{r['server_rss_peak_mb']} | {r['load_before'][0]} → {r['load_after'][0]} |")
    if args.json:
        args.json.write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")
    return 0 if all(r["boards"] + r["turned_away"] == r["visitors"] for r in results) else 1


if __name__ == "__main__":
    raise SystemExit(main())
