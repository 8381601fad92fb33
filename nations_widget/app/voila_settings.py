"""Voila settings for the app, in one place for every way it is served.

``configure(c)`` applies them to a traitlets config ``c``.  Three callers:

- ``nations-widget play`` (:mod:`nations_widget.app.launch`), from any folder;
- the repository root's ``voila.py``, which Voila 0.5 reads from the directory it is started
  in (``Voila.config_file_paths`` defaults to ``[os.getcwd(), *jupyter_config_path()]``,
  voila/app.py): ``scripts/play.sh`` starts Voila from the root, so it applies without a flag;
  the Jupyter server extension behind ``/voila/render/...`` (JupyterLab) loads the same file
  from the working directory too (voila/server_extension.py, ``load_config_file``), though it
  only takes the ``VoilaConfiguration`` section from it;
- Binder, whose Jupyter server runs ``nations-widget play`` behind jupyter-server-proxy
  (:func:`nations_widget.app.launch.server_proxy`).

Settings:

- A pool of warm kernels (as many as the machine suits: one on a 2-core laptop, at most 4
  by default; ``NATIONS_KERNEL_POOL=N`` keeps N): Voila starts kernels and
  runs the notebook in them as far as the visitor's request before anybody asks, so a
  visitor gets the board without waiting for a kernel to start. A page takes a warm kernel
  when one is ready (else it starts its own at once), and the pool refills a taken one in
  the background: once the pages being set up are served, one kernel at a time.
- A page's kernel goes with the page: Voila's unload call (closed tab, reload) is accepted,
  because the page handler now sets the _xsrf cookie that call sends back (see below).
- Culling, for kernels whose page vanished without unloading (a crashed browser): a kernel
  with no page that has been idle for 10 minutes is shut down, busy or not; the check runs
  every minute. Kernels with an open page are never culled (``cull_connected`` stays
  False), however long the player thinks, and Voila never culls its preheated kernels.
- A cap on the kernels serving pages (``NATIONS_MAX_KERNELS``; by default 12 a core within
  half the memory, 24 on 2 cores; 0: none; the warm kernels not counted): past it a visitor
  gets a short "The tables are full" page (503, Retry-After), see below.
- The numbers to size for a machine are together in one block below the imports, with
  what one kernel costs (measured).
- Security headers: a Content-Security-Policy with ``default-src 'self'``, Referrer-Policy,
  nosniff, SameSite cookies; see below.
- No tracebacks for visitors: an error in the notebook shows Voila's short notice, not a
  traceback full of the server's paths (``show_tracebacks`` is off; it is Voila's default,
  set here so that it stays off); Jupyter's kernel websocket replaces the traceback of any
  error message from a kernel with a fixed sentence (``allow_tracebacks`` off).  The widget
  shows its own refusals in its own words.
- No request to another host: the page is drawn with the package's own template,
  ``nations`` (``jupyter_data/voila/templates/nations`` beside this file), Voila's "lab"
  template without its links to a CDN; see below.
- TCP_NODELAY on the kernel websocket (Nagle's algorithm off), see below. On by default:
  measured here it takes about 40 ms off a widget update that follows another closely.
  ``NATIONS_TCP_NODELAY=0`` in the environment keeps Jupyter's default instead.

TCP_NODELAY: Jupyter's kernel websocket leaves Nagle's algorithm on, so a small message
written while an earlier one is still unacknowledged waits for the peer's delayed ACK (about
40 ms on Linux). Tornado offers ``WebSocketHandler.set_nodelay(True)``, and Voila exposes the
class that connects a websocket to its kernel as ``Voila.kernel_websocket_connection_class``
(a configurable ``Type``); the subclass below calls ``set_nodelay(True)`` when it connects.
(Under a plain Jupyter server the same hook is ``ServerApp.kernel_websocket_connection_class``;
it is not set there.)

Nothing here imports Voila or Jupyter's server at module level: ``configure`` does, so the
package (and ``nations-widget tournament``) works without the ``[app]`` extra.
"""

from __future__ import annotations

import html
import json
import os
import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

#: the Jupyter data folder holding the "nations" Voila template
JUPYTER_DATA = str(Path(__file__).resolve().parent / "jupyter_data")

# Security headers for a public page.  The Content-Security-Policy lets the page load
# everything from this server only: Voila's page needs inline scripts (its setup code and the
# notebook's outputs, the page watchdog among them), eval (its widget manager compiles
# templates), inline styles and data:/blob: URLs (the widget's icons and fonts), and its
# kernel websocket (same host; 'self' does not cover ws: in every browser, so it is named).
# tests/browser/test_voila_offline.py records any violation while the app is used.
CONTENT_SECURITY_POLICY = "; ".join([
    "default-src 'self'",
    "script-src 'self' 'unsafe-inline' 'unsafe-eval' blob:",
    "style-src 'self' 'unsafe-inline' blob: data:",
    "font-src 'self' data: blob:",
    "img-src 'self' data: blob:",
    "connect-src 'self' ws: wss:",
    "worker-src 'self' blob:",
    "frame-ancestors 'self'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
])

# ---------------------------------------------------------------------------------------
# The numbers to size for the machine.  Two follow the machine the app is served on (its
# cores and memory, see this_machine) unless set: the warm kernels (NATIONS_KERNEL_POOL,
# ``nations-widget play --pool N``) and the cap on pages (NATIONS_MAX_KERNELS,
# ``--max-kernels N``), read when the settings are applied; why each, in its section below.
#
#: what one kernel costs, measured on this project's machine (2 cores, 24 GiB, Python 3.11,
#: 2026-11-29, psutil): a warm kernel, or a page's kernel when its game starts, holds
#: 65 MiB resident (48 MiB of it its own, the rest shared libraries), and starting one (the
#: kernel, the widgets, this package, the notebook up to the request) takes 0.7-0.9 s of
#: CPU.  A page's kernel grows little with its game (a whole 3-player board game against
#: the mcts bot: +3 MiB), but its page's widgets and history add to it: up to 105 MB was
#: seen for a page's kernel (README), which PAGE_KERNEL_MB allows for
KERNEL_MB = 65
KERNEL_START_CPU_S = 0.8
PAGE_KERNEL_MB = 100
#: by default, one warm kernel per CORES_PER_WARM_KERNEL cores, at least one, at most
#: DEFAULT_POOL_MOST, and no more than POOL_MEMORY_SHARE of the memory: a laptop (2 cores)
#: keeps one, a larger machine a few.  A server sized for a crowd sets its pool (20 on 2
#: cores served a crowd of 20 within a second each; see the README).
CORES_PER_WARM_KERNEL = 2
DEFAULT_POOL_MOST = 4
POOL_MEMORY_SHARE = 0.05
#: by default, the cap on pages is PAGES_PER_CORE per core (24 on 2 cores: a crowd of 20
#: and a few more, what this project's machine was sized for), and no more page kernels
#: (PAGE_KERNEL_MB each) than PAGES_MEMORY_SHARE of the memory holds
PAGES_PER_CORE = 12
PAGES_MEMORY_SHARE = 0.5
#: seconds after a warm kernel is taken before its replacement starts, and then at most
#: this many more while other pages are still being set up
POOL_REFILL_DELAY_S = 2.0
POOL_REFILL_MAX_WAIT_S = 30.0
#: seconds between two starts of warm kernels (at the server's start too)
POOL_START_SPACING_S = 0.5
#: JupyterLab extensions installed beside Voila that the app's page does not load (see
#: configure)
PAGE_EXTENSIONS_LEFT_OUT = ("@jupyterhub/jupyter-server-proxy",
                            "@jupyterlite/pyodide-kernel-extension")
#: seconds after which the "tables are full" page tries again
RETRY_AFTER_S = 60
#: a kernel with no page left is shut down after this many idle seconds (checked each minute)
CULL_IDLE_S = 600
CULL_INTERVAL_S = 60
#: widgets a page may open in its kernel, over all its connections (see below)
MAX_COMM_OPENS = 100
#: the deepest nesting of a page's message passed on as it is; deeper parts reach the kernel
#: as null (see screened_message): past the widget's own limit (32, core.envelope), which
#: then refuses the message in words, and far below Python's recursion limit (1000)
MAX_FORWARDED_DEPTH = 100
# ---------------------------------------------------------------------------------------

FULL_PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="{seconds}">
<title>The tables are full</title>
<style>body{{font:18px/1.5 system-ui,sans-serif;color:#222;max-width:32em;margin:15vh auto;
padding:0 1em;text-align:center}}a{{color:#1a5fb4}}</style></head>
<body><h1>The tables are full</h1>
<p>Every table on this server is in use just now. Try again in a minute: this page
tries again by itself in {seconds} seconds.</p>
<p><a href="{again}">Try again now</a></p></body></html>
"""


@dataclass(frozen=True)
class Machine:
    """What the app may use of the machine it is served on: CPU cores and memory (MiB)."""

    cores: int
    memory_mb: int


def _cgroup_value(name: str) -> str | None:
    """A setting of this process's cgroup (v2: a container's CPU or memory limit)."""
    try:
        return Path("/sys/fs/cgroup", name).read_text().strip()
    except OSError:
        return None


def this_machine() -> Machine:
    """The cores this process may run on (its CPU affinity, and a container's CPU quota)
    and the memory (the machine's, and a container's limit)."""
    affinity = getattr(os, "sched_getaffinity", None)
    cores = len(affinity(0)) if affinity is not None else (os.cpu_count() or 1)
    quota = (_cgroup_value("cpu.max") or "max").split()
    if len(quota) == 2 and quota[0] != "max" and quota[0].isdigit() and quota[1].isdigit():
        cores = min(cores, max(1, -(-int(quota[0]) // int(quota[1]))))
    try:
        memory = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (AttributeError, ValueError, OSError):
        memory = 4 * 2**30                     # (no sysconf: Windows) a small machine's
    limit = _cgroup_value("memory.max") or "max"
    if limit.isdigit():
        memory = min(memory, int(limit))
    return Machine(max(1, cores), max(1, memory // 2**20))


def default_pool(machine: Machine) -> int:
    """The warm kernels kept when NATIONS_KERNEL_POOL is not set: one per
    CORES_PER_WARM_KERNEL cores, between 1 and DEFAULT_POOL_MOST, within
    POOL_MEMORY_SHARE of the memory."""
    by_memory = int(machine.memory_mb * POOL_MEMORY_SHARE) // KERNEL_MB
    return max(1, min(machine.cores // CORES_PER_WARM_KERNEL, DEFAULT_POOL_MOST, by_memory))


def default_max_pages(machine: Machine) -> int:
    """The cap on pages when NATIONS_MAX_KERNELS is not set: PAGES_PER_CORE per core,
    within PAGES_MEMORY_SHARE of the memory at PAGE_KERNEL_MB a page."""
    by_memory = int(machine.memory_mb * PAGES_MEMORY_SHARE) // PAGE_KERNEL_MB
    return max(1, min(machine.cores * PAGES_PER_CORE, by_memory))


def _whole_number(name: str, low: int) -> int | None:
    """The environment's ``name`` as a whole number of at least ``low`` (None if unset)."""
    text = os.environ.get(name, "").strip()
    if not text:
        return None
    if not text.isdigit() or int(text) < low:
        raise ValueError(f"{name} must be a whole number, at least {low}; got {text[:20]!r}")
    return int(text)


def kernel_pool() -> int:
    """The warm kernels kept ready: ``NATIONS_KERNEL_POOL`` (at least 1), else as many as
    the machine suits (:func:`default_pool`)."""
    chosen = _whole_number("NATIONS_KERNEL_POOL", 0)
    return max(1, chosen) if chosen is not None else default_pool(this_machine())


def max_pages() -> int:
    """The cap on kernels serving pages: ``NATIONS_MAX_KERNELS`` (0: none), else as many as
    the machine suits (:func:`default_max_pages`)."""
    chosen = _whole_number("NATIONS_MAX_KERNELS", 0)
    return chosen if chosen is not None else default_max_pages(this_machine())


def configure(c: Any) -> None:
    """Apply the app's Voila settings to the traitlets config ``c`` (``get_config()`` in a
    config file, or a :class:`traitlets.config.Config`)."""
    c.VoilaConfiguration.show_tracebacks = False
    # and none in the kernel's error messages that reach a page over its websocket
    c.MappingKernelManager.allow_tracebacks = False

    # Warm kernels.  A page's kernel costs about 0.55 s of CPU to start (Python, Jupyter's
    # kernel, the widgets, this package) and the server about 0.1 s more; on 2 cores twenty
    # visitors at once wait for twenty such starts, 6-7 s for the last one on an idle
    # machine and twice that or more on a busy one.  Voila's pool starts kernel_pool()
    # kernels ahead and runs the notebook in them as far as the visitor's request
    # (play.ipynb waits there for the ?game= of the page), so a visitor who takes a warm
    # kernel has the page within a second, the kernel's share of the work done.  An idle
    # warm kernel holds about 65 MB and uses no CPU once started, but starting the pool
    # takes every core for a while (0.8 s of CPU a kernel): a pool of 20 on a busy 2-core
    # laptop left the first visitor's page waiting on the pool's starts (Voila gave up on
    # the notebook's output: "Timeout waiting for IOPub output").  So the pool follows the
    # machine (default_pool: one warm kernel on 2 cores, a few on a larger machine), and a
    # server that expects a crowd at once says how many to keep: 20 on 2 cores served a
    # crowd of 20 within a second each, for 1.3 GB.  (Binder's single visitor keeps one:
    # server_proxy() sets NATIONS_KERNEL_POOL.  Voila's server extension,
    # /voila/render/..., has no pool: there a page always starts its kernel.)
    c.VoilaConfiguration.preheat_kernel = True
    c.VoilaConfiguration.default_pool_size = kernel_pool()
    # A warm kernel taken is replaced POOL_REFILL_DELAY_S later (Voila's default: 1 s), and
    # not while other pages are still being set up (at most POOL_REFILL_MAX_WAIT_S more): a
    # crowd's own pages come first, the pool's refill does not compete with them for the
    # cores (install_page_guard).
    c.VoilaKernelManager.fill_delay = POOL_REFILL_DELAY_S

    # No request leaves the machine.  Voila's "lab" page template links Font Awesome's
    # stylesheets from a CDN (the app uses none of its icons: the board's icons are inline
    # SVG, and Voila's own bundle carries the icon font it needs), which fails offline and
    # makes a visitor's browser call an outside host.  The page is drawn with the package's
    # template "nations" (jupyter_data/voila/templates/nations: the lab template without
    # those links); Voila looks for templates in Jupyter's data folders, so this package's
    # jupyter_data goes first on JUPYTER_PATH (read when Voila collects the template's
    # folders, after its config files).
    if JUPYTER_DATA not in os.environ.get("JUPYTER_PATH", "").split(os.pathsep):
        os.environ["JUPYTER_PATH"] = os.pathsep.join(
            p for p in (JUPYTER_DATA, os.environ.get("JUPYTER_PATH")) if p)
    c.VoilaConfiguration.template = "nations"
    # The page loads every JupyterLab extension installed beside Voila but these
    # (PAGE_EXTENSIONS_LEFT_OUT): jupyter-server-proxy's (Binder) needs JupyterLab's file
    # browser and only logged an error on the app's page; JupyterLite's Pyodide kernel
    # extension, which the static site's build installs ([static] extra), expects
    # JupyterLite's services and broke the page ("reading 'LicensesClient'" in its console).
    c.VoilaConfiguration.extension_denylist = list(PAGE_EXTENSIONS_LEFT_OUT)

    c.Voila.tornado_settings = {
        "headers": {
            "Content-Security-Policy": CONTENT_SECURITY_POLICY,
            "Referrer-Policy": "same-origin",
            "X-Content-Type-Options": "nosniff",
        },
        # the _xsrf token goes only with requests from this site's own pages
        "xsrf_cookie_kwargs": {"samesite": "Strict"},
    }
    # and the anonymous visitor's cookie (Lax: a link from elsewhere still finds the same
    # visitor)
    c.IdentityProvider.cookie_options = {"samesite": "Lax"}

    # Voila (the app, or the server extension) has imported itself before it reads its
    # config; when something else only reads the settings (a test loading voila.py), there
    # is no page handler to mend.
    if hasattr(sys.modules.get("voila"), "__path__"):
        install_page_guard()

    c.MappingKernelManager.cull_idle_timeout = CULL_IDLE_S
    c.MappingKernelManager.cull_interval = CULL_INTERVAL_S
    c.MappingKernelManager.cull_connected = False
    # a kernel with no page is culled even while busy (bots playing a game nobody watches)
    c.MappingKernelManager.cull_busy = True

    c.Voila.kernel_websocket_connection_class = app_websocket_connection()


# A page's kernel is shut down when the page goes away.  Voila's page sends
# POST /voila/api/shutdown/<kernel> on "beforeunload" with the page's _xsrf cookie in the
# body, but Voila's page handler never sets that cookie (the token is only made while the
# template renders, after the page's headers have gone out, or for a preheated kernel, with
# no visitor at all), so every unload call was refused with "403 '_xsrf' argument missing"
# and each closed page kept its kernel (60-105 MB) until the idle culler came by
# (voila-dashboards/voila#1458).  The page handler now makes the token (tornado sets the
# "_xsrf" cookie then) before anything is written.
#
# A cap on live kernels.  Each page runs a kernel of its own (64 MB when its game starts,
# more after a long one, and a share of the two cores when its bots think); past some
# number every page slows down together.  A page asked for when max_pages() kernels already
# serve pages gets a short "the tables are full" page instead (HTTP 503 with Retry-After),
# which tries again by itself a minute later; nobody's game is slowed down.  The warm
# kernels do not count: Voila's pool records the kernels it started (``notebook_data``), and
# those not yet handed to a page (HANDED_OUT) are warm, ready or still starting.
# NATIONS_MAX_KERNELS=N sets the cap (0 means no cap); by default it follows the machine,
# PAGES_PER_CORE a core (24 on 2 cores: the crowd of twenty this project's machine was
# sized for and a few more, about 1.5-2.4 GB of page kernels) within half its memory.
# The cap is about CPU more than memory: the cores share every game's bots.
#
# A visitor takes a warm kernel only when one is ready.  Voila's pool also holds the
# refills that have not finished starting, and Voila hands those out too: the visitor then
# waits for the refill's delay and start.  When none is ready the page starts a kernel of
# its own at once (Voila's path without a pool), which costs the same start without the
# delay.

#: the kernels Voila's pool started that have been handed to a page
HANDED_OUT: set[str] = set()
#: the page requests being answered now (their handlers), for the pool's refill to wait on
PAGES_BEING_SET_UP: set[object] = set()
#: when the next warm kernel may start (the event loop's clock)
_next_pool_start = 0.0


def pages_served(kernel_manager: Any) -> int:
    """Kernels serving a page: all of them but the preheated ones, ready or starting, that
    wait in Voila's pool (the kernels its pool started, ``notebook_data[...]["kernel_ids"]``,
    less those handed to a page)."""
    live = set(kernel_manager.list_kernel_ids())
    HANDED_OUT.intersection_update(live)
    pooled: set[str] = set().union(*(data.get("kernel_ids", ()) for data in
                                     getattr(kernel_manager, "notebook_data", {}).values()))
    return len(live - (pooled - HANDED_OUT))


def _ready(task: Any) -> bool:
    return bool(task.done() and not task.cancelled() and task.exception() is None)


def put_a_ready_kernel_first(pool: list[Any]) -> bool:
    """Whether Voila's pool (a list of tasks, each a kernel starting and running the notebook
    up to the request) holds a kernel that is ready; if so, one goes first (Voila hands out
    the first)."""
    for i, task in enumerate(pool):
        if _ready(task):
            if i:
                pool.insert(0, pool.pop(i))
            return True
    return False


async def refill_when_calm(delay: float, starting: Any) -> Any:
    """Stands in for Voila's ``wait_before(delay, starting)``, which delays each kernel its
    pool starts: after the delay, the start also waits while pages are being set up (at
    most POOL_REFILL_MAX_WAIT_S), and then for its turn: warm kernels start one by one,
    POOL_START_SPACING_S apart, so that the pool's refill takes part of the cores, not all
    of them, from the games being played."""
    import asyncio
    global _next_pool_start
    await asyncio.sleep(delay)
    waited = 0.0
    while PAGES_BEING_SET_UP and waited < POOL_REFILL_MAX_WAIT_S:
        await asyncio.sleep(0.25)
        waited += 0.25
    now = asyncio.get_running_loop().time()
    turn = max(now, _next_pool_start)
    _next_pool_start = turn + POOL_START_SPACING_S
    await asyncio.sleep(turn - now)
    return await starting


def install_page_guard() -> None:
    """Voila's page handler: sets the _xsrf cookie, turns visitors away past the cap (read
    from the environment now), takes a warm kernel only when one is ready, and tells the
    pool's refill when pages are being set up.  Installed once, however often the settings
    are read."""
    import importlib

    from voila.handler import VoilaHandler

    # (imported by name: for mypy, "voila" run from the repository root is its voila.py)
    voila_kernel_manager = importlib.import_module("voila.voila_kernel_manager")

    if getattr(VoilaHandler.prepare, "nations_page_guard", False):
        return
    setattr(voila_kernel_manager, "wait_before", refill_when_calm)  # noqa: B010
    voila_page_prepare = VoilaHandler.prepare
    voila_on_finish = VoilaHandler.on_finish
    voila_on_connection_close = VoilaHandler.on_connection_close
    voila_use_pool = VoilaHandler.should_use_rendered_notebook
    cap = max_pages()

    def page_done(self: Any) -> None:
        PAGES_BEING_SET_UP.discard(self)
        voila_on_finish(self)

    def page_left(self: Any) -> None:
        PAGES_BEING_SET_UP.discard(self)
        voila_on_connection_close(self)

    async def prepare_page(self: Any) -> None:
        await voila_page_prepare(self)
        if self._finished:
            return
        self.xsrf_token  # noqa: B018  (reading it sets the cookie the unload call sends back)
        if self.request.method != "GET":
            return
        if cap and pages_served(self.kernel_manager) >= cap:
            self.log.warning("tables full: %d pages served, a visitor turned away", cap)
            self.set_status(503)
            self.set_header("Retry-After", str(RETRY_AFTER_S))
            self.set_header("Content-Type", "text/html; charset=utf-8")
            self.set_header("Cache-Control", "no-store")
            self.finish(FULL_PAGE.format(seconds=RETRY_AFTER_S,
                                         again=html.escape(self.request.uri or "/", quote=True)))
            return
        PAGES_BEING_SET_UP.add(self)

    def use_a_ready_kernel(self: Any, notebook_data: Any, pool_size: int, *args: Any) -> bool:
        # the notebook's pool, under the name Voila's handler asks the pool size for
        notebook = self.notebook_path or self.path_kwargs.get("path")
        pool = getattr(self.kernel_manager, "_pools", {}).get(notebook, [])
        if not (voila_use_pool(self, notebook_data, pool_size, *args)
                and put_a_ready_kernel_first(pool)):
            return False
        HANDED_OUT.add(pool[0].result()["kernel_id"])   # Voila hands out the first
        return True

    install_file_headers()
    prepare_page.nations_page_guard = True  # type: ignore[attr-defined]
    VoilaHandler.prepare = prepare_page
    VoilaHandler.on_finish = page_done
    VoilaHandler.on_connection_close = page_left
    VoilaHandler.should_use_rendered_notebook = use_a_ready_kernel


# Security headers on files too.  Jupyter's own handlers send the headers of
# ``tornado_settings["headers"]`` (set_default_headers), but Voila serves its static files
# (/voila/static/..., the template's /voila/templates/..., /voila/files/...) with tornado's
# plain StaticFileHandler, which sends none of them: no nosniff (a browser may then guess a
# file's type from its bytes and run it as a script) and no Content-Security-Policy.

def install_file_headers() -> None:
    """Voila's static file handlers send the app's headers (those of the server's
    ``headers`` setting) as Jupyter's handlers do.  Installed once."""
    import importlib

    # (imported by name: for mypy, "voila" run from the repository root is its voila.py)
    static_file_handler = importlib.import_module("voila.static_file_handler")

    def set_default_headers(self: Any) -> None:
        for name, value in self.settings.get("headers", {}).items():
            self.set_header(name, value)

    set_default_headers.nations_headers = True  # type: ignore[attr-defined]
    for handler in (static_file_handler.MultiStaticFileHandler,
                    static_file_handler.TemplateStaticFileHandler,
                    static_file_handler.AllowListFileHandler):
        if not getattr(handler.set_default_headers, "nations_headers", False):
            handler.set_default_headers = set_default_headers


# A page's message that cannot be read.  Jupyter reads a message from the websocket with
# json.loads, in the server (the older JSON framing) or in the kernel (the binary framing
# browsers speak, which the server passes on unread).  A message nested a few thousand
# deep exceeds Python's recursion limit there: the RecursionError was logged with its
# traceback and the message dropped, so the page never heard why (and under the JSON
# framing the websocket closed).  The server now reads each message from a page first
# (header, parent header, metadata and content: json.loads, well under a millisecond for a
# click, a few milliseconds for a 400 KB save): a part nested deeper than
# MAX_FORWARDED_DEPTH goes on with its deeper values as null, so the widget's own check
# refuses it in words (the message is nested too deeply) on its error trait; a part that is
# not JSON at all is dropped with one line in the log, no traceback.

#: a JSON text's strings (skipped whole: brackets inside them are text) and its brackets
_JSON_TOKENS = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]')


def shallow_json(text: str, limit: int) -> str:
    """``text`` (JSON) with every array or object nested deeper than ``limit`` replaced by
    ``null``.  A scan of its brackets, no recursion, linear in the text's length."""
    out: list[str] = []
    depth = 0
    cut_at: int | None = None         # the depth of the value being left out
    kept_from = 0
    for token in _JSON_TOKENS.finditer(text):
        mark = token.group()
        if mark[0] == '"':
            continue
        if mark in "[{":
            depth += 1
            if cut_at is None and depth > limit:
                out.append(text[kept_from:token.start()])
                out.append("null")
                cut_at = depth
        else:
            if cut_at == depth:
                cut_at = None
                kept_from = token.end()
            depth -= 1
    if cut_at is None:
        out.append(text[kept_from:])
    return "".join(out)


class UnreadableMessage(ValueError):
    """A message from a page that is not JSON (or not UTF-8, or not framed as Jupyter's
    websocket protocol says); the text says which part."""


def _readable_part(raw: str | bytes, what: str) -> str | bytes:
    """A part of a page's message as it may go on: itself, or with its too deep values as
    null (:func:`shallow_json`); raises :class:`UnreadableMessage` if it is not JSON."""
    try:
        text = raw.decode("utf-8") if isinstance(raw, bytes) else raw
        json.loads(text)
        return raw
    except RecursionError:
        pass
    except ValueError as exc:          # JSONDecodeError and UnicodeDecodeError both
        raise UnreadableMessage(f"its {what} is not JSON ({type(exc).__name__})") from None
    shallow = shallow_json(text, MAX_FORWARDED_DEPTH)
    try:
        json.loads(shallow)
    except (ValueError, RecursionError):
        raise UnreadableMessage(f"its {what} is not JSON") from None
    return shallow.encode("utf-8") if isinstance(raw, bytes) else shallow


def screened_message(subprotocol: str | None, incoming: str | bytes) -> str | bytes:
    """A page's websocket message as it may go on to the kernel (see above): the same
    message, or one whose too deep parts are cut; raises :class:`UnreadableMessage`."""
    from jupyter_server.services.kernels.connection.base import (
        deserialize_binary_message,
        deserialize_msg_from_ws_v1,
        serialize_msg_to_ws_v1,
    )
    if subprotocol == "v1.kernel.websocket.jupyter.org":
        if not isinstance(incoming, bytes):
            raise UnreadableMessage("it is text, not the binary framing its protocol uses")
        try:
            channel, parts = deserialize_msg_from_ws_v1(incoming)  # type: ignore[no-untyped-call]
        except (ValueError, IndexError, OverflowError):
            raise UnreadableMessage("it is not framed as Jupyter's protocol says") from None
        if len(parts) < 4:
            raise UnreadableMessage("it lacks its header, metadata or content")
        names = ("header", "parent header", "metadata", "content")
        screened = [_readable_part(part, name) for part, name in
                    zip(parts[:4], names, strict=True)]
        if all(new is old for new, old in zip(screened, parts[:4], strict=True)):
            return incoming
        return serialize_msg_to_ws_v1(  # type: ignore[no-untyped-call,no-any-return]
            [*screened, *parts[4:]], channel)
    if isinstance(incoming, bytes):
        try:
            deserialize_binary_message(incoming)  # type: ignore[no-untyped-call]
        except RecursionError:
            raise UnreadableMessage("it is nested too deeply") from None
        except Exception:
            raise UnreadableMessage("it is not framed as Jupyter's protocol says") from None
        return incoming
    return _readable_part(incoming, "text")


def _message_type(connection: Any, incoming: str | bytes) -> str | None:
    """The msg_type of a message from the page (None if it cannot be read: Jupyter's own
    handling then deals with it)."""
    from jupyter_server.services.kernels.connection.base import (
        deserialize_binary_message,
        deserialize_msg_from_ws_v1,
    )
    try:
        if connection.subprotocol == "v1.kernel.websocket.jupyter.org":
            _, parts = deserialize_msg_from_ws_v1(incoming)  # type: ignore[no-untyped-call]
            return str(json.loads(parts[0])["msg_type"])
        msg = (deserialize_binary_message(incoming)  # type: ignore[no-untyped-call]
               if isinstance(incoming, bytes) else json.loads(incoming))
        return str(msg["header"]["msg_type"])
    except Exception:
        return None


_connection_class: type | None = None


def app_websocket_connection() -> type:
    """The kernel websocket connection of the app's pages (made once).

    Three things on top of Jupyter's standard connection:

    - TCP_NODELAY (see the top of this module), unless NATIONS_TCP_NODELAY=0;
    - a cap on the widgets a page may open in its kernel.  A page may send comm_open (Voila
      lets widget messages through), and each one makes the kernel build a widget with
      whatever state the message carries: 3,000 comm_opens of 20 KB added 67 MB to a kernel.
      The app's page opens a handful (the widget manager's control comm, once per
      connection); past MAX_COMM_OPENS for one kernel, over all its connections, further
      comm_opens are dropped (logged once per kernel);
    - every message from a page is read before it goes on (:func:`screened_message`): one
      nested too deeply reaches the widget cut short, to be refused in words, one that is
      not JSON is dropped with a line in the log.
    """
    global _connection_class
    if _connection_class is not None:
        return _connection_class
    from jupyter_server.services.kernels.connection.channels import (
        ZMQChannelsWebsocketConnection,
    )

    nodelay = os.environ.get("NATIONS_TCP_NODELAY", "1") != "0"
    comm_opens: dict[str, int] = {}        # kernel id -> comm_opens a page sent it

    class AppWebsocketConnection(ZMQChannelsWebsocketConnection):
        """The standard kernel websocket connection, with TCP_NODELAY on its socket and a cap
        on the widgets a page opens."""

        def connect(self) -> Any:
            # the websocket handshake is complete when the handler's open() calls connect()
            if nodelay:
                self.websocket_handler.set_nodelay(True)
            return super().connect()

        def handle_incoming_message(self, incoming_msg: Any) -> None:
            try:
                incoming_msg = screened_message(self.subprotocol, incoming_msg)
            except UnreadableMessage as exc:
                self.log.warning("kernel %s: a message from a page was dropped: %s",
                                 self.kernel_id, exc)
                return
            marker = b"comm_open" if isinstance(incoming_msg, bytes) else "comm_open"
            if marker in incoming_msg and _message_type(self, incoming_msg) == "comm_open":
                opened = comm_opens.get(self.kernel_id, 0) + 1
                comm_opens[self.kernel_id] = opened
                if opened > MAX_COMM_OPENS:
                    if opened == MAX_COMM_OPENS + 1:
                        self.log.warning("kernel %s: more than %d comm_open from its pages; "
                                         "the rest are dropped", self.kernel_id,
                                         MAX_COMM_OPENS)
                    return
            super().handle_incoming_message(incoming_msg)

    _connection_class = AppWebsocketConnection
    return AppWebsocketConnection
