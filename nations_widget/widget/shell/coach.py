"""The ``coach`` trait: what the board shows of the coach (a plain data builder).

``{"on": bool, "hint": {...} | None, "verdict": {...} | None, "thinking": {...} | None}``:
``thinking`` is a hint under way, ``{position, done, total, seconds, cap}`` (playouts done
and planned, seconds spent and their cap), sent while the coach thinks so that the board
shows its progress; ``hint`` is the game's
hint (``GameAdapter.hint``) as JSON plus ``position`` (the history position it was asked
at: the board shows it only there); ``verdict`` is the game's grade of a move
(``GameAdapter.grade``) as JSON plus ``position`` (the position right after the graded
move).
"""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from .adapter import ToJson

#: The coach trait before anything was asked.
COACH_OFF: dict[str, Any] = {"on": False, "hint": None, "verdict": None, "thinking": None}

_HINT_THREADS: ThreadPoolExecutor | None = None
_HINT_THREADS_LOCK = threading.Lock()


def hint_executor() -> ThreadPoolExecutor:
    """The threads a hint thinks in (this process's, made once).  Not the event loop's
    default executor, which every other job of the kernel shares (gradings, reviews, and
    whatever a library sends there): a hint queued behind them waited their end, seconds
    to a minute, before its own 1.8 s began."""
    global _HINT_THREADS
    with _HINT_THREADS_LOCK:
        if _HINT_THREADS is None:
            _HINT_THREADS = ThreadPoolExecutor(max_workers=2,
                                               thread_name_prefix="nations-hint")
        return _HINT_THREADS


def coach_payload(old: dict[str, Any], *, position: int, hint: ToJson | None = None,
                  verdict: ToJson | None = None, thinking: dict[str, Any] | None = None,
                  done_thinking: bool = False) -> dict[str, Any]:
    """The ``coach`` trait after ``old``: a hint, a verdict, a hint's progress
    (``thinking``), or (``done_thinking``, or a hint) the end of its thinking."""
    out = {"on": bool(old.get("on")), "hint": old.get("hint"), "verdict": old.get("verdict"),
           "thinking": None if done_thinking or hint is not None else old.get("thinking")}
    if thinking is not None:
        out["thinking"] = {**thinking, "position": position}
    if hint is not None:
        out["hint"] = {**hint.to_json(), "position": position}
    if verdict is not None:
        out["verdict"] = {**verdict.to_json(), "position": position}
    return out
