"""Shared pieces of the fuzz layer (tests/fuzz): the example budget, JSON-shaped inputs and
the ways they go wrong (deep nesting, huge numbers, booleans where numbers belong, long
texts, bytes that are not UTF-8), and a mutator that plants one of them in a valid
document.

Budget: each fuzz test runs ``FUZZ_EXAMPLES`` cases (the defaults below add up to a few
thousand, well under a minute on this machine).  ``NATIONS_FUZZ_EXAMPLES=N`` runs N
cases per test instead, with fresh random cases each run (CI's cases are fixed:
``derandomize``, so a failure there is reproducible).
"""

from __future__ import annotations

import copy
import json
import os
import random
import traceback
from typing import Any

from hypothesis import HealthCheck, Phase, settings
from hypothesis import strategies as st

#: the longest error message a fuzz test accepts (the issue's bar)
MAX_MESSAGE = 500

_OVERRIDE = os.environ.get("NATIONS_FUZZ_EXAMPLES", "").strip()
_SURVEY = os.environ.get("NATIONS_FUZZ_SURVEY", "").strip()


def survey(what: str, exc: BaseException | None, case: object) -> bool:
    """With ``NATIONS_FUZZ_SURVEY=FILE``: append one JSON line per failure (which test,
    what went wrong, the exception, where in the package it was raised, a short form of
    the input) to FILE and return True, so the run goes on and lists every kind of
    failure instead of stopping at the first.  Without it: False (the test fails)."""
    if not _SURVEY:
        return False
    place = ""
    if exc is not None:
        frames = [f for f in traceback.extract_tb(exc.__traceback__)
                  if "nations_widget" in f.filename]
        if frames:
            f = frames[-1]
            place = f"{f.filename.split('nations_widget/')[-1]}:{f.lineno} ({f.name})"
    test = os.environ.get("PYTEST_CURRENT_TEST", "?").split(" ")[0].split("::")[-1]
    try:
        shown = repr(case)
    except (ValueError, RecursionError):
        shown = f"<{type(case).__name__}>"
    record = {"test": test, "what": what, "error": type(exc).__name__ if exc else None,
              "place": place, "message": str(exc)[:160] if exc else "",
              "length": len(str(exc)) if exc else 0, "input": shown[:200]}
    with open(_SURVEY, "a", encoding="utf-8") as out:
        out.write(json.dumps(record) + "\n")
    return True


def fuzz_settings(default_examples: int) -> settings:
    """Hypothesis settings for one fuzz test: ``default_examples`` cases in CI."""
    examples = int(_OVERRIDE) if _OVERRIDE else default_examples
    # CI's cases are fixed and not shrunk (a failing case is reported as found: shrinking
    # a 3000-deep document costs tens of seconds); a longer run shrinks what it finds
    phases = (Phase.explicit, Phase.generate) if not _OVERRIDE else tuple(Phase)
    return settings(max_examples=examples, deadline=None, derandomize=not _OVERRIDE,
                    database=None, print_blob=True, phases=phases,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                           HealthCheck.large_base_example])


def nested(depth: int, leaf: Any = 0) -> Any:
    """``depth`` lists inside each other (json.loads accepts about 1000 levels; Python's
    own objects go deeper and can exhaust the recursion limit of a naive walk)."""
    value = leaf
    for _ in range(depth):
        value = [value]
    return value


SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-3, max_value=40),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.sampled_from([2**63, -(2**63) - 1, 10**40, 2**31]),
    st.floats(allow_nan=False, allow_infinity=False, width=32),
    st.text(max_size=12),
    st.sampled_from(["gold", "food", "white", "pass", "actions", "t1-05", "start-farm", "",
                     "x" * 700]),
)

JSON = st.recursive(
    SCALARS,
    lambda children: st.one_of(st.lists(children, max_size=4),
                               st.dictionaries(st.text(max_size=8), children, max_size=4)),
    max_leaves=10,
)

#: the shapes that broke parsers before: deep nesting, huge text, huge numbers
NASTY = st.one_of(
    st.integers(min_value=50, max_value=3000).map(nested),
    st.integers(min_value=50, max_value=3000).map(lambda d: nested(d, {"a": 1})),
    st.sampled_from(["é" * 600, "\x00", "\ud800", "9" * 5000, 10**400, -(10**400)]),
)

VALUES = st.one_of(JSON, NASTY)


def paths(doc: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a JSON document (dict keys and list indexes), the root included."""
    out = [prefix]
    if isinstance(doc, dict):
        for key, value in doc.items():
            out.extend(paths(value, (*prefix, key)))
    elif isinstance(doc, list):
        for i, value in enumerate(doc):
            out.extend(paths(value, (*prefix, i)))
    return out


def replace_at(doc: Any, path: tuple[Any, ...], value: Any, delete: bool = False) -> Any:
    """A copy of ``doc`` with the value at ``path`` replaced (or deleted)."""
    if not path:
        return value
    out = copy.deepcopy(doc)
    parent = out
    for step in path[:-1]:
        parent = parent[step]
    if delete:
        del parent[path[-1]]
    else:
        parent[path[-1]] = value
    return out


@st.composite
def mutated(draw: st.DrawFn, doc: Any) -> Any:
    """``doc`` with one place changed: a new value (often of the wrong kind), a number
    turned into a boolean or a huge number, a key dropped, or the whole document turned
    into text, bytes or something else."""
    places = paths(doc)
    path = places[draw(st.integers(0, len(places) - 1))]
    old: Any = doc
    for step in path:
        old = old[step]
    how = draw(st.sampled_from(["value", "value", "bool", "huge", "delete", "nasty", "copy"]))
    if how == "bool" and isinstance(old, int) and not isinstance(old, bool):
        return replace_at(doc, path, bool(old % 2))
    if how == "huge" and isinstance(old, int):
        return replace_at(doc, path, draw(st.sampled_from([2**64, -(2**64), 10**30])))
    if how == "delete" and path:
        return replace_at(doc, path, None, delete=True)
    if how == "copy":          # another part of the document where this one belongs
        other = places[draw(st.integers(0, len(places) - 1))]
        value: Any = doc
        for step in other:
            value = value[step]
        return replace_at(doc, path, copy.deepcopy(value))
    if how == "nasty":
        return replace_at(doc, path, draw(NASTY))
    return replace_at(doc, path, draw(JSON))


@st.composite
def as_input(draw: st.DrawFn, doc: Any) -> Any:
    """The document as a loader may receive it: the object, its JSON text, its UTF-8
    bytes, or bytes that are not UTF-8."""
    form = draw(st.sampled_from(["object", "object", "text", "bytes", "bad-bytes"]))
    if form == "object":
        return doc
    try:
        text = json.dumps(doc)
    except (ValueError, RecursionError):
        return doc
    if form == "text":
        return text
    raw = text.encode("utf-8", "surrogatepass")
    if form == "bytes":
        return raw
    cut = draw(st.integers(0, len(raw)))
    return raw[:cut] + draw(st.sampled_from([b"\xff", b"\xc3", b"\xed\xa0\x80", b"\x80\x80"])) \
        + raw[cut:]


# ------------------------------------------------------------------- the widgets
def widget_snapshot(w: Any, watched: tuple[str, ...]) -> tuple[Any, ...]:
    """What a refused intent must leave as it was: the game and where it stands in its
    history, the ``watched`` synced traits, whether bots are busy, the seats."""
    traits = json.dumps({t: getattr(w, t) for t in watched}, sort_keys=True)
    return (w.state.to_json_str(), w.game.position, w.game.length, traits, w.busy,
            list(w.seats))


def send_and_check(w: Any, intent: Any, watched: tuple[str, ...]) -> bool:
    """Send one intent to widget ``w`` as the page would, and check the promise: it never
    raises, an unexpected error is never swallowed, a refusal is short, in words, and
    changes nothing of the ``watched`` traits.  Returns whether it was refused."""
    w.error = ""
    before = widget_snapshot(w, watched)
    w.handle_intent(intent)              # must not raise: the kernel never sees an error
    assert w.last_internal_error is None, repr(w.last_internal_error)
    assert len(w.error) < MAX_MESSAGE, f"{len(w.error)} characters: {w.error[:120]}…"
    if w.error:
        assert widget_snapshot(w, watched) == before, \
            f"refused ({w.error[:120]}) but the game changed"
        # words, not a Python repr of a type or an exception
        assert "Traceback" not in w.error and "<class" not in w.error, w.error[:200]
        return True
    return False


def message_size(intent: Any) -> int:
    """The characters of ``intent`` as JSON text (over any limit when it cannot be
    written: too deeply nested)."""
    try:
        return len(json.dumps(intent))
    except (ValueError, RecursionError):
        return 10**9


def played_history(game: Any, moves: int, seed: int = 4) -> tuple[tuple[Any, ...], str]:
    """``game`` played ``moves`` random moves on (fewer if it ends): each position's state
    (for stale moves) and its save."""
    rng = random.Random(seed)
    for _ in range(moves):
        if game.is_over:
            break
        legal = game.legal_moves()
        game.play(legal[rng.randrange(len(legal))])
    return tuple(game.state_at(p) for p in range(game.position + 1)), game.to_json_str()


def mutated_save_text(draw: st.DrawFn, save: str) -> str:
    """The JSON text of ``save`` (a game's save) with one place changed (a document too
    deeply nested to be written stands in as an unclosed run of brackets)."""
    doc = draw(mutated(json.loads(save)))
    try:
        return json.dumps(doc)
    except (ValueError, RecursionError):
        return "[" * 3000
