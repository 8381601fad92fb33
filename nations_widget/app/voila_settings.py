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

- A preheated kernel: Voila starts a kernel and runs the notebook before anybody asks for it,
  so the first visitor gets the board without waiting for a kernel to start. Each page served
  takes the warm kernel and Voila starts the next one in the background.
  ``NATIONS_KERNEL_POOL=N`` keeps N warm kernels instead of one.
- A page's kernel goes with the page: Voila's unload call (closed tab, reload) is accepted,
  because the page handler now sets the _xsrf cookie that call sends back (see below).
- Culling, for kernels whose page vanished without unloading (a crashed browser): a kernel
  with no page that has been idle for 10 minutes is shut down, busy or not; the check runs
  every minute. Kernels with an open page are never culled (``cull_connected`` stays
  False), however long the player thinks, and Voila never culls its preheated kernels.
- A cap on the kernels serving pages (``NATIONS_MAX_KERNELS``, default 12; 0: none): past
  it a visitor gets a short "The tables are full" page (503, Retry-After), see below.
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
import sys
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

RETRY_AFTER_S = 60
#: widgets a page may open in its kernel, over all its connections (see below)
MAX_COMM_OPENS = 100

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


def max_pages() -> int:
    """The cap on kernels serving pages: ``NATIONS_MAX_KERNELS`` (default 12; 0: none)."""
    return max(0, int(os.environ.get("NATIONS_MAX_KERNELS", "12")))


def configure(c: Any) -> None:
    """Apply the app's Voila settings to the traitlets config ``c`` (``get_config()`` in a
    config file, or a :class:`traitlets.config.Config`)."""
    c.VoilaConfiguration.show_tracebacks = False
    # and none in the kernel's error messages that reach a page over its websocket
    c.MappingKernelManager.allow_tracebacks = False

    c.VoilaConfiguration.preheat_kernel = True
    # one warm kernel by default; NATIONS_KERNEL_POOL=N keeps N (each idle one holds ~60 MB;
    # under a crowd of 20 on this 2-core machine, 4 instead of 1 was within the noise: README)
    c.VoilaConfiguration.default_pool_size = max(
        1, int(os.environ.get("NATIONS_KERNEL_POOL", "1")))

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
    # The page loads every JupyterLab extension installed; jupyter-server-proxy's (Binder)
    # needs JupyterLab's file browser and only logs an error on the app's page.
    c.VoilaConfiguration.extension_denylist = ["@jupyterhub/jupyter-server-proxy"]

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

    c.MappingKernelManager.cull_idle_timeout = 600
    c.MappingKernelManager.cull_interval = 60
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
# A cap on live kernels.  Each page runs a kernel of its own (60-105 MB, and a share of the
# two cores when its bots think); past some number every page slows down together.  A page
# asked for when max_pages() kernels already serve pages (the preheated ones not counted)
# gets a short "the tables are full" page instead (HTTP 503 with Retry-After), which tries
# again by itself a minute later; nobody's game is slowed down.  NATIONS_MAX_KERNELS=N sets
# the cap (default 12: about 1 GB of kernels, and 2 cores kept answering; 0 means no cap).
def pages_served(kernel_manager: Any) -> int:
    """Kernels serving a page: all of them but the preheated ones waiting in Voila's pool."""
    waiting = sum(len(pool) for pool in getattr(kernel_manager, "_pools", {}).values())
    return max(0, len(kernel_manager.list_kernel_ids()) - waiting)


def install_page_guard() -> None:
    """Voila's page handler: sets the _xsrf cookie, and turns visitors away past the cap
    (read from the environment now).  Installed once, however often the settings are read."""
    from voila.handler import VoilaHandler

    if getattr(VoilaHandler.prepare, "nations_page_guard", False):
        return
    voila_page_prepare = VoilaHandler.prepare
    cap = max_pages()

    async def prepare_page(self: Any) -> None:
        await voila_page_prepare(self)
        if self._finished:
            return
        self.xsrf_token  # noqa: B018  (reading it sets the cookie the unload call sends back)
        if self.request.method == "GET" and cap and pages_served(self.kernel_manager) >= cap:
            self.log.warning("tables full: %d pages served, a visitor turned away", cap)
            self.set_status(503)
            self.set_header("Retry-After", str(RETRY_AFTER_S))
            self.set_header("Content-Type", "text/html; charset=utf-8")
            self.set_header("Cache-Control", "no-store")
            self.finish(FULL_PAGE.format(seconds=RETRY_AFTER_S,
                                         again=html.escape(self.request.uri or "/", quote=True)))

    prepare_page.nations_page_guard = True  # type: ignore[attr-defined]
    VoilaHandler.prepare = prepare_page


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

    Two things on top of Jupyter's standard connection:

    - TCP_NODELAY (see the top of this module), unless NATIONS_TCP_NODELAY=0;
    - a cap on the widgets a page may open in its kernel.  A page may send comm_open (Voila
      lets widget messages through), and each one makes the kernel build a widget with
      whatever state the message carries: 3,000 comm_opens of 20 KB added 67 MB to a kernel.
      The app's page opens a handful (the widget manager's control comm, once per
      connection); past MAX_COMM_OPENS for one kernel, over all its connections, further
      comm_opens are dropped (logged once per kernel).
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
