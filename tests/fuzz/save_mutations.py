"""One change anywhere in a saved document: what both games' load fuzzing
(board_saves.py, dice_saves.py) do besides their own game's targeted changes.

No hypothesis here: the long runs in benchmarks/ import these modules too.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Sequence
from typing import Any


def _places(doc: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    items = doc.items() if isinstance(doc, dict) else enumerate(doc) \
        if isinstance(doc, list) else ()
    for key, value in items:
        out.extend(_places(value, (*prefix, key)))
    return out


def _at(doc: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        doc = doc[step]
    return doc


def mutate_anywhere(rng: random.Random, doc: dict[str, Any], values: Sequence[Any],
                    keep: tuple[str, ...] = ()) -> None:
    """Change one place of ``doc`` (not its top-level fields in ``keep``): nudge a number,
    copy another place there, drop it, or put one of ``values`` in it."""
    places = [p for p in _places(doc) if p and not (len(p) == 1 and p[0] in keep)]
    path = rng.choice(places)
    parent = _at(doc, path[:-1])
    old = parent[path[-1]]
    how = rng.choice(["nudge", "nudge", "copy", "copy", "value", "drop"])
    if how == "nudge" and isinstance(old, int) and not isinstance(old, bool):
        parent[path[-1]] = old + rng.choice([-2, -1, 1, 1, 2, 5])
    elif how == "copy":
        parent[path[-1]] = copy.deepcopy(_at(doc, rng.choice(places)))
    elif how == "drop" and isinstance(parent, (list, dict)):
        del parent[path[-1]]
    else:
        parent[path[-1]] = rng.choice(values)


def mutated_played_save(rng: random.Random, game: Any, most_moves: int,
                        values: Sequence[Any]) -> dict[str, Any]:
    """``game`` played on by up to ``most_moves`` random legal moves, saved as a page
    would send it (JSON), then changed in one place anywhere but its format, version and
    component data (:func:`mutate_anywhere`)."""
    for _ in range(rng.randrange(most_moves)):
        if game.is_over:
            break
        legal = game.legal_moves()
        game.play(legal[rng.randrange(len(legal))])
    data: dict[str, Any] = json.loads(json.dumps(game.to_json()))
    mutate_anywhere(rng, data, values, keep=("format", "version", "catalogue"))
    return data
