"""Players' display names at a table: what every screen shows instead of "Player 2".

A name is chosen in the player's browser and sent by their page; it is kept with the table
in the store, per seat (:meth:`~nations_widget.tables.store.Store.set_name`), so the other
screens show it.  The seat stays the identity: two seats may have the same name, and a
name opens nothing.  A name is plain text, never markup (the pages draw it as a text
node), and is cleaned here before it is stored:

- it is put in Unicode's composed form (NFC: "é" typed two ways is one name);
- control characters (line breaks and tabs included), the bidirectional overrides and
  isolates (which would turn the text around them backwards, "evil" shown as "live"), the
  zero-width spaces and marks, lone surrogates and unassigned code points are taken out
  (the zero-width joiners stay: emoji sequences and some scripts' spelling need them);
  runs of spaces become one space; the ends are trimmed;
- at most :data:`MAX_NAME_CHARS` characters remain (counted in code points, so an emoji
  is one; a longer name is refused in words, never cut silently);
- a name with nothing that shows once cleaned (no letter, digit, sign or emoji) is
  refused.

>>> clean_name("  Ada \\u202eLovelace\\n")
'Ada Lovelace'
>>> clean_name("<b>Bob</b>")
'<b>Bob</b>'
"""

from __future__ import annotations

import re
import unicodedata

from .errors import NameRefused

#: The longest name kept, in characters.
MAX_NAME_CHARS = 24
#: The longest text looked at (a longer one is refused before it is cleaned).
MAX_NAME_INPUT = 1000

# the bidirectional embeddings, overrides and isolates, the marks, and the invisible
# characters that would let a name look empty or pose as another
HIDDEN_CHARS = re.compile("[\u200b\u200e\u200f\u202a-\u202e\u2060-\u2069\ufeff\u061c\u180e]")
SPACE_RUNS = re.compile(r"\s+")


def clean_name(value: object) -> str:
    """``value`` as a display name (see the module docstring), or :class:`NameRefused`
    saying why."""
    if not isinstance(value, str):
        raise NameRefused("a name must be text")
    if len(value) > MAX_NAME_INPUT:
        raise NameRefused(f"a name has at most {MAX_NAME_CHARS} characters")
    kept = []
    for ch in HIDDEN_CHARS.sub("", value):
        kind = unicodedata.category(ch)
        if kind in ("Cc", "Cs", "Co", "Cn") and not ch.isspace():
            continue                    # controls, lone surrogates, private and unassigned
        kept.append(ch)
    # composed last: a character taken out may have stood between a letter and its accent
    name = unicodedata.normalize("NFC", SPACE_RUNS.sub(" ", "".join(kept)).strip())
    if not any(unicodedata.category(ch)[0] in "LNPS" for ch in name):
        raise NameRefused("a name needs at least one letter or sign that shows")
    if len(name) > MAX_NAME_CHARS:
        raise NameRefused(f"a name has at most {MAX_NAME_CHARS} characters "
                          f"(this one has {len(name)})")
    return name


__all__ = ["HIDDEN_CHARS", "MAX_NAME_CHARS", "MAX_NAME_INPUT", "SPACE_RUNS", "clean_name"]
