"""The ``coach`` trait: what the board shows of the coach (a plain data builder).

``{"on": bool, "hint": {...} | None, "verdict": {...} | None}``: ``hint`` is the game's
hint (``GameAdapter.hint``) as JSON plus ``position`` (the history position it was asked
at: the board shows it only there); ``verdict`` is the game's grade of a move
(``GameAdapter.grade``) as JSON plus ``position`` (the position right after the graded
move).
"""

from __future__ import annotations

from typing import Any

from .adapter import ToJson

#: The coach trait before anything was asked.
COACH_OFF: dict[str, Any] = {"on": False, "hint": None, "verdict": None}


def coach_payload(old: dict[str, Any], *, position: int, hint: ToJson | None = None,
                  verdict: ToJson | None = None) -> dict[str, Any]:
    out = {"on": bool(old.get("on")), "hint": old.get("hint"), "verdict": old.get("verdict")}
    if hint is not None:
        out["hint"] = {**hint.to_json(), "position": position}
    if verdict is not None:
        out["verdict"] = {**verdict.to_json(), "position": position}
    return out
