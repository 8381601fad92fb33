"""Fair dice, shown: a fingerprint that fixes a game's draws before its first move.

The seed decides every roll and every deck order, so the page may not see it while the
game runs (:mod:`nations_widget.widget.shell.secrecy`).  What it may see is a *commitment*
to it: at the start of a game the page shows a fingerprint, the SHA-256 of a short text
that holds the game's name, its settings (the seed among them) and a salt; at the end it
shows that text itself.  Anyone can then hash the text and compare: if the two agree, the
seed (and so every draw) was fixed before the first move, and loading the save replays
the game from that seed.

Why a salt: seeds are short numbers a person can type (a fresh one is below 2**31), and a
hash of a short number alone is undone by trying every number, which would tell the seed,
and every draw to come, from the fingerprint.  The salt is 128 random bits drawn when the
game is created, kept in the game (and its save) and revealed only with the seed, so the
fingerprint tells nothing about the seed before the end.

The text is canonical JSON (keys sorted, no spaces), so it can be rebuilt and checked
anywhere:

>>> text = committed_text("nations-dice-game", {"players": 2, "seed": 7}, "00" * 16)
>>> text
'{"game":"nations-dice-game","salt":"00000000000000000000000000000000","settings":{"players":2,"seed":7}}'
>>> fp = fingerprint(text)
>>> len(fp), verify(fp, text), verify(fp, text.replace(':7', ':8'))
(64, True, False)

A game that began from a position (a scenario, a loaded state) has its draws fixed by
that position's generator rather than by the seed alone, so its text also holds the
starting generator (``start``).
"""

from __future__ import annotations

import hashlib
import hmac
import json
import re
import secrets
from collections.abc import Mapping
from typing import Any

#: Random bytes in a salt (shown as twice as many hex digits).
SALT_BYTES = 16
_SALT = re.compile(f"[0-9a-f]{{{2 * SALT_BYTES}}}")
_FINGERPRINT = re.compile(r"[0-9a-f]{64}")


def new_salt() -> str:
    """A fresh salt: 128 random bits as 32 lowercase hex digits."""
    return secrets.token_hex(SALT_BYTES)


def salt_problem(value: object) -> str | None:
    """Why ``value`` is not a salt (None when it is one), for a loader's message."""
    if isinstance(value, str) and _SALT.fullmatch(value):
        return None
    return f"a salt is {2 * SALT_BYTES} lowercase hex digits"


def committed_text(game: str, settings: Mapping[str, Any], salt: str,
                   start: str | None = None) -> str:
    """The text a fingerprint is the hash of: ``game`` (the saved format's name, e.g.
    ``"nations-board-game"``), ``settings`` (the config's JSON, with its seed), the
    ``salt`` and, for a game begun from a position, its starting generator ``start``."""
    data: dict[str, Any] = {"game": game, "settings": dict(settings), "salt": salt}
    if start is not None:
        data["start"] = start
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=True)


def fingerprint(text: str) -> str:
    """The SHA-256 of ``text`` (UTF-8) as 64 lowercase hex digits."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def verify(expected: str, text: str) -> bool:
    """``text`` is what the fingerprint ``expected`` was made from (case and spaces around
    the fingerprint do not matter)."""
    wanted = expected.strip().lower()
    if not _FINGERPRINT.fullmatch(wanted):
        return False
    return hmac.compare_digest(wanted, fingerprint(text))


def revealed_seed(text: str) -> int | None:
    """The seed a committed text holds (None if it holds none)."""
    try:
        data = json.loads(text)
    except ValueError:
        return None
    settings = data.get("settings") if isinstance(data, dict) else None
    seed = settings.get("seed") if isinstance(settings, dict) else None
    return seed if isinstance(seed, int) and not isinstance(seed, bool) else None


__all__ = ["SALT_BYTES", "committed_text", "fingerprint", "new_salt", "revealed_seed",
           "salt_problem", "verify"]
