"""The log the board shows, and how the browser's copy follows it (the ``log_patch``
trait), for any engine's history game (a :class:`~nations_widget.core.history.HistoryGame`
whose log entries are :class:`~nations_widget.core.log.LogEntry`).

Nothing here imports Jupyter; :func:`apply_log_patch` is what ``js/src/shell/logstore.js``
does, in Python for the tests.
"""

from __future__ import annotations

from typing import Any

from ...core.history import HistoryGame

#: How many log entries the board shows (the newest ones).
LOG_LIMIT = 50


def log_entries(game: HistoryGame[Any, Any], limit: int = LOG_LIMIT) -> list[dict[str, Any]]:
    """The newest ``limit`` log entries up to the current position, oldest first.

    ``n``: the entry's index in the whole log; ``pos``: the move that caused it (0: setup).
    """
    chunks: list[tuple[int, list[Any]]] = []
    count = 0
    for pos in range(game.position, -1, -1):
        chunk = game.log_of_move(pos)
        chunks.append((pos, chunk))
        count += len(chunk)
        if count >= limit:
            break
    total = sum(len(game.log_of_move(p)) for p in range(game.position + 1))
    entries: list[dict[str, Any]] = []
    for pos, chunk in reversed(chunks):
        for e in chunk:
            entries.append({"pos": pos, "round": e.round, "step": e.step, "seat": e.seat,
                            "kind": e.kind, "text": e.text, "auto": e.auto})
    entries = entries[-limit:]
    first = total - len(entries)
    for i, e in enumerate(entries):
        e["n"] = first + i
    return entries


def log_patch(old: list[dict[str, Any]], new: list[dict[str, Any]], seq: int,
              prev: int | None) -> dict[str, Any]:
    """The ``log_patch`` trait: how the browser turns the log it holds (``old``, published
    as patch ``prev``) into ``new``, both lists from :func:`log_entries`.

    Either ``{"seq", "reset": True, "entries"}`` (the whole list: the first patch, a new
    game or file, or whenever that is no bigger), or ``{"seq", "prev", "keep", "head",
    "tail", "span"}``: keep the old entries numbered ``keep[0]``..``keep[1]``
    (they are the same in ``new``), put ``head`` before them and ``tail`` after; the
    result is numbered ``span[0]``..``span[1]``.  A move or a redo only appends (``tail``);
    an undo or a step back only cuts the end and refills the start (``head``).  The
    browser applies a patch only on top of patch ``prev``; otherwise it asks for a reset
    (intent ``log_sync``), so it never shows a log that is not Python's.
    """
    full = {"seq": seq, "reset": True, "entries": new}
    if prev is None or not old or not new:
        return full
    first, last = old[0]["n"], old[-1]["n"]
    lo = max(first, new[0]["n"])
    kept = lo - 1                     # old and new agree on entries lo..kept
    by_n = {e["n"]: e for e in old}
    for e in new:
        n = e["n"]
        if n < lo:
            continue
        if n > last or by_n[n] != e:
            break
        kept = n
    if kept < lo:
        return full
    head = [e for e in new if e["n"] < lo]
    tail = [e for e in new if e["n"] > kept]
    if len(head) + len(tail) >= len(new):
        return full
    return {"seq": seq, "prev": prev, "keep": [lo, kept], "head": head, "tail": tail,
            "span": [new[0]["n"], new[-1]["n"]]}


def apply_log_patch(entries: list[dict[str, Any]] | None, seq: int | None,
                    patch: dict[str, Any]) -> list[dict[str, Any]] | None:
    """What the browser does with a patch (js/src/shell/logstore.js), in Python for the tests:
    the new list, or None when the patch does not apply to (``entries``, ``seq``)."""
    if patch.get("reset"):
        return list(patch["entries"])
    if entries is None or seq is None or patch.get("prev") != seq:
        return None
    lo, hi = patch["keep"]
    out = [*patch["head"], *(e for e in entries if lo <= e["n"] <= hi), *patch["tail"]]
    first, last = patch["span"]
    if [e["n"] for e in out] != list(range(first, last + 1)):
        return None
    return out


def history_payload(game: HistoryGame[Any, Any], undo_target: int | None) -> dict[str, Any]:
    """The ``history`` trait: the position shown, where the game is (``game_at``: "Back to
    the game" returns there), and where Undo goes."""
    return {"position": game.position, "length": game.length, "can_undo": game.can_undo,
            "can_redo": game.can_redo, "game_at": game.game_position,
            "undo_to": undo_target if undo_target is not None else max(game.position - 1, 0)}
