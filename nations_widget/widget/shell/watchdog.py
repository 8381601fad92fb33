"""The page watchdog for the Voila app: a script the notebook prints next to the board.

Under load a Voila page can show "Error displaying widget: model not found" and stay
that way: the widget manager in the page gives up when the kernel it talks to does not
hold the widget (see ``js/src/watchdog.js`` for where that comes from and why the fix
lives in the notebook's output rather than in the widget's bundle or a Voila template).
The script reloads such a page, or one whose board has not appeared after 90 s, after a
pause that grows from 1 s to 30 s, showing "The table is being set up…" meanwhile.  Once
the board is up it watches the page's kernel: when the kernel dies (Jupyter restarts an
empty one under the same id) or the server goes away, the page says "This game has
stopped.", its board becomes inert, and a Reload button starts a new game.  It does nothing
outside Voila (JupyterLab).

>>> from nations_widget.widget import page_watchdog
>>> page_watchdog()._repr_html_().startswith("<script data-nations-watchdog=")
True
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[2] / "static" / "watchdog.js"


@cache
def _script() -> str:
    # "</" would end the <script> element early; "<\/" means the same to JavaScript
    return SCRIPT.read_text(encoding="utf-8").replace("</", "<\\/")


class PageWatchdog:
    """Displays as the watchdog's ``<script>`` (text/html; nothing visible)."""

    def _repr_html_(self) -> str:
        return f'<script data-nations-watchdog="1">{_script()}</script>'

    def __repr__(self) -> str:
        return ("<page watchdog: reloads a Voila page whose board does not come up, "
                "and tells a page whose kernel was lost>")


def page_watchdog() -> PageWatchdog:
    """The watchdog to ``display()`` in the app's notebook, before the widget."""
    return PageWatchdog()
