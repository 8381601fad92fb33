"""How the game's structured traits travel to the page: as JSON text.

ipywidgets sends a trait's value inside the update message as it is, after walking it for
binary buffers (``_remove_buffers``: every dict and list of it, in Python, on each update);
the page's model then compares each new value with the old one, deeply, to decide what
changed.  A dice board's view, legal moves and log patch make some two hundred containers:
the walk took 0.4 ms of the kernel's 1.2 ms for an Undo against a bot (2026-11-24),
before anything could be sent.  Sent as one JSON string instead, the walk and the page's
comparison see a single string; the page parses it once per change (``js/src/shell/
controller.js`` ``traitValue``).  Python keeps the values as they were (dicts and lists):
only the wire changes.
"""

from __future__ import annotations

import json
from typing import Any


def to_json_text(value: Any, widget: object) -> str:
    """A trait's value as compact JSON text (UTF-8 as it is: ``ensure_ascii`` would turn each
    dash and arrow into six characters, and the message's own encoding escapes them again)."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


#: the ``tag`` metadata of a trait sent as JSON text: ``.tag(sync=True, **AS_JSON_TEXT)``
AS_JSON_TEXT: dict[str, Any] = {"to_json": to_json_text}
# (no ``from_json``: the page never writes these traits, GameWidget.set_state refuses any
# update from it, so nothing is ever read back)
