"""The ``coach`` trait: what the board shows of the coach (a plain data builder).

``{"on": bool, "hint": {...} | None, "verdict": {...} | None}``: ``hint`` is
:meth:`nations_widget.dice.coach.Hint.to_json` plus ``position`` (the history position it
was asked at: the board shows it only there); ``verdict`` is
:meth:`nations_widget.dice.coach.Verdict.to_json` plus ``position`` (the position right
after the graded move).
"""

from __future__ import annotations

from typing import Any

from ..dice.coach import Hint, Verdict


def coach_payload(old: dict[str, Any], *, position: int, hint: Hint | None = None,
                  verdict: Verdict | None = None) -> dict[str, Any]:
    out = {"on": bool(old.get("on")), "hint": old.get("hint"), "verdict": old.get("verdict")}
    if hint is not None:
        out["hint"] = {**hint.to_json(), "position": position}
    if verdict is not None:
        out["verdict"] = {**verdict.to_json(), "position": position}
    return out
