"""A table's chat: short lines its players write, kept with the table in the store.

A line is what a person typed, nothing more: it never carries what the table hides (the
page sends only the text; the seat and the move number are the table's).  Every screen of
the table shows the lines with the writer's name and the move they were written at; the
seats write, spectators read only, and the table's host may turn the chat off (and on
again: a line of its own in the chat says so).

A line is plain text, never markup (the pages draw it as a text node), cleaned here before
it is stored as a name is (:mod:`~nations_widget.tables.names`): Unicode's composed form;
control characters, the bidirectional overrides and isolates, the zero-width spaces and
marks, lone surrogates and unassigned code points taken out (line breaks become spaces);
runs of spaces one space; at most :data:`MAX_CHAT_CHARS` characters (a longer line is
refused in words, never cut); a line with nothing that shows is refused.  A seat writes at
most :data:`CHAT_BURST` lines in :data:`CHAT_WINDOW` seconds, counted in the store (so
every screen and kernel of the seat together).

>>> clean_line("  gg\\n<b>well</b> played \\u202e ")
'gg <b>well</b> played'
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from typing import Any

from .errors import ChatRefused
from .names import HIDDEN_CHARS, SPACE_RUNS

#: The longest line kept, in characters.
MAX_CHAT_CHARS = 300
#: The longest text looked at (a longer one is refused before it is cleaned).
MAX_CHAT_INPUT = 4000
#: A seat writes at most this many lines in :data:`CHAT_WINDOW` seconds.
CHAT_BURST = 4
CHAT_WINDOW = 10.0
#: The lines a screen is sent (the latest).
CHAT_SHOWN = 50


def clean_line(value: object) -> str:
    """``value`` as a chat line (see the module docstring), or :class:`ChatRefused`."""
    if not isinstance(value, str):
        raise ChatRefused("a chat line must be text")
    if len(value) > MAX_CHAT_INPUT:
        raise ChatRefused(f"a chat line has at most {MAX_CHAT_CHARS} characters")
    kept = [ch for ch in HIDDEN_CHARS.sub("", value)
            if ch.isspace() or unicodedata.category(ch) not in ("Cc", "Cs", "Co", "Cn")]
    line = unicodedata.normalize("NFC", SPACE_RUNS.sub(" ", "".join(kept)).strip())
    if not any(unicodedata.category(ch)[0] in "LNPS" for ch in line):
        raise ChatRefused("write something that shows: the line is empty")
    if len(line) > MAX_CHAT_CHARS:
        raise ChatRefused(f"a chat line has at most {MAX_CHAT_CHARS} characters (this one "
                          f"has {len(line)})")
    return line


@dataclass(frozen=True)
class ChatLine:
    """One line of a table's chat: ``kind`` "line" (a seat wrote ``text``), or "off" / "on"
    (the host turned the chat off or on; ``seat`` None, no text)."""

    number: int
    kind: str
    seat: int | None
    move: int
    text: str
    created: float

    def to_json(self, name: str | None) -> dict[str, Any]:
        return {"n": self.number, "kind": self.kind, "seat": self.seat, "name": name,
                "move": self.move, "text": self.text}


__all__ = ["CHAT_BURST", "CHAT_SHOWN", "CHAT_WINDOW", "MAX_CHAT_CHARS", "MAX_CHAT_INPUT",
           "ChatLine", "clean_line"]
