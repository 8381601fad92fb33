"""How the game's structured traits travel to the page: as JSON text.

ipywidgets sends a trait's value inside the update message as it is, after walking it for
binary buffers (``_remove_buffers``: every dict and list of it, in Python, on each update);
the page's model then compares each new value with the old one, deeply, to decide what
changed.  A dice board's view, legal moves and log patch make some two hundred containers:
the walk took 0.4 ms of the kernel's 1.2 ms for an Undo against a bot (2026-11-24),
before anything could be sent.  Sent as one JSON string instead, the walk and the page's
comparison see a single string; the page parses it once per change (``js/src/shell/
traits.js`` ``traitValue``).  Python keeps the values as they were (dicts and lists):
only the wire changes.
"""

from __future__ import annotations

import json
from typing import Any

try:       # Pyodide (the static site's kernel, in the browser)
    from pyodide.ffi import JsNull as _JsNull
except ImportError:
    _JsNull = None
#: the type Pyodide's kernel gives a JavaScript ``null`` in a message from the page (it
#: converts messages with ``toPy``, which since Pyodide 0.28 keeps null apart from
#: undefined as ``pyodide.ffi.jsnull``); None elsewhere, where null arrives as None
JS_NULL: type | None = _JsNull


def to_json_text(value: Any, widget: object) -> str:
    """A trait's value as compact JSON text (UTF-8 as it is: ``ensure_ascii`` would turn each
    dash and arrow into six characters, and the message's own encoding escapes them again)."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


#: the ``tag`` metadata of a trait sent as JSON text: ``.tag(sync=True, **AS_JSON_TEXT)``
AS_JSON_TEXT: dict[str, Any] = {"to_json": to_json_text}
# (no ``from_json``: the page never writes these traits, GameWidget.set_state refuses any
# update from it, so nothing is ever read back)


def from_page(content: object, js_null: type | None = None) -> object:
    """A message from the page as JSON's Python values: each JavaScript ``null`` that
    arrived as :data:`JS_NULL` (Pyodide) becomes None, as it is everywhere else (a New
    game's random seed is ``null``: it was refused as "a JsNull, which JSON has not").
    Unchanged where there is no such type.  Walked without recursion: a deeply nested
    message is refused later, in words, by the intents' checks."""
    null = js_null if js_null is not None else JS_NULL
    if null is None:
        return content
    if not isinstance(content, (dict, list)):
        return None if isinstance(content, null) else content
    top: dict[Any, Any] | list[Any] = {} if isinstance(content, dict) else []
    stack: list[tuple[dict[Any, Any] | list[Any], dict[Any, Any] | list[Any]]] = [
        (content, top)]
    while stack:
        source, target = stack.pop()
        items = source.items() if isinstance(source, dict) else enumerate(source)
        for key, child in items:
            new: object
            if isinstance(child, (dict, list)):
                new = {} if isinstance(child, dict) else []
                stack.append((child, new))  # type: ignore[arg-type]
            else:
                new = None if isinstance(child, null) else child
            if isinstance(target, dict):
                target[key] = new
            else:
                target.append(new)
    return top
