"""Fuzzing the dice game's loader with mutated start states and saves (issue 22).

Every case is refused with a typed error in words, or loads as a game that has a legal
move (or is over) and plays to its end with random legal moves, each state's JSON loading
back as the same state; the cases and the promise are tests/fuzz/dice_saves.py's.  The
long run of the same cases: ``python benchmarks/dice_load_fuzz.py`` (20,000 by default).
tests/fuzz/test_engine_inputs.py fuzzes the same loaders for refusals only (any value at
any place of a save, a state or a scenario); these cases change a state the way a game
could have it and then play it.
"""

from __future__ import annotations

import functools
from typing import Any

import pytest
from dice_saves import case, games, outcome, start_save
from fuzz_support import fuzz_settings, mutated
from hypothesis import given
from hypothesis import strategies as st


@pytest.mark.timeout(120)
@fuzz_settings(400)
@given(st.integers(0, 2**31))
def test_mutated_start_states_are_refused_in_words_or_play_to_the_end(seed: int) -> None:
    _, data = case(seed)
    outcome(data, seed)


@functools.cache
def start_saves() -> tuple[dict[str, Any], ...]:
    """Start-state saves of positions at every step of the sample games."""
    return tuple(start_save(s) for game in games() for s in game)[::5]


@pytest.mark.timeout(120)
@fuzz_settings(80)
@given(st.data())
def test_start_states_with_any_value_anywhere_keep_the_promise(data: st.DataObject) -> None:
    saves = start_saves()
    save = saves[data.draw(st.integers(0, len(saves) - 1), label="position")]
    start = data.draw(mutated(save["start"]), label="start")
    outcome({**save, "start": start})


def test_the_cases_load_and_play_some_of_each_kind() -> None:
    """The cases are not all refused: each kind loads and plays some to the end (a fuzz
    layer whose every case is refused at the door tests only the door)."""
    results: dict[str, set[str]] = {}
    for seed in range(300):
        kind, data = case(seed)
        results.setdefault(kind, set()).add(outcome(data, seed).split(":")[0])
    assert set(results) == {"field", "swap", "any", "save"}
    assert all(found == {"played", "refused"} for found in results.values()), results
