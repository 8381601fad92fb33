"""Fuzzing the board game's loader with mutated saves and start states (issue 22).

Every case is refused with a typed error in words, or loads as a game that has a legal
move (or is over) and plays to its end with random legal moves; the cases and the promise
are tests/fuzz/board_saves.py's.  The long run of the same cases:
``python benchmarks/board_load_fuzz.py`` (5,000 by default).
"""

from __future__ import annotations

import functools
from typing import Any

import pytest
from board_saves import case, outcome, positions, start_save
from fuzz_support import fuzz_settings, mutated
from hypothesis import given
from hypothesis import strategies as st


@pytest.mark.timeout(120)
@fuzz_settings(400)
@given(st.integers(0, 2**31))
def test_mutated_saves_are_refused_in_words_or_play_to_the_end(seed: int) -> None:
    _, data = case(seed)
    outcome(data, seed)


@functools.cache
def queued_saves() -> tuple[dict[str, Any], ...]:
    """Start-state saves of positions with decisions waiting."""
    return tuple(start_save(s) for s in positions() if s.queue)[::7]


@pytest.mark.timeout(120)
@fuzz_settings(80)
@given(st.data())
def test_start_states_with_any_value_anywhere_keep_the_promise(data: st.DataObject) -> None:
    saves = queued_saves()
    save = saves[data.draw(st.integers(0, len(saves) - 1), label="position")]
    start = data.draw(mutated(save["start"]), label="start")
    outcome({**save, "start": start})
