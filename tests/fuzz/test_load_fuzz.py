"""Fuzzing every registered game's loader with mutated saves and start states (issue 22).

Every case is refused with a typed error in words, or loads as a game that has a legal
move (or is over) and plays to its end with random legal moves, each state's JSON loading
back as the same state.  The cases, and the promise, are each game's own (its module in
:data:`SAVE_CASES`: ``dice_saves.py``, ``board_saves.py``): how to change a state the way
a game could hold it is the game's knowledge.  Parametrized over the registry
(:data:`nations_widget.core.registry.GAMES`): a game registered without its cases fails
here.  The long runs of the same cases: ``python benchmarks/dice_load_fuzz.py`` (20,000 by
default) and ``benchmarks/board_load_fuzz.py`` (5,000).  tests/fuzz/test_engine_inputs.py
fuzzes the same loaders for refusals only (any value at any place of a save, a state or a
scenario); these cases change a state the way a game could have it and then play it.
"""

from __future__ import annotations

from types import ModuleType

import board_saves
import dice_saves
import pytest
from fuzz_support import fuzz_settings, mutated
from hypothesis import given
from hypothesis import strategies as st

from nations_widget.core.registry import GAME_KEYS

#: each registered game's cases: a module with ``KINDS``, ``PLAYED_ONLY``, ``case(seed)``,
#: ``outcome(data, seed)`` and ``sample_start_saves()``
SAVE_CASES: dict[str, ModuleType] = {"dice": dice_saves, "board": board_saves}


def save_cases(key: str) -> ModuleType:
    if key not in SAVE_CASES:
        pytest.fail(f"the registered game {key!r} has no load fuzzing: write its cases "
                    "(as tests/fuzz/dice_saves.py) and name them in SAVE_CASES", pytrace=False)
    return SAVE_CASES[key]


@pytest.mark.parametrize("key", GAME_KEYS)
@pytest.mark.timeout(240)
@fuzz_settings(400)
@given(seed=st.integers(0, 2**31))
def test_mutated_saves_are_refused_in_words_or_play_to_the_end(key: str, seed: int) -> None:
    cases = save_cases(key)
    _, data = cases.case(seed)
    cases.outcome(data, seed)


@pytest.mark.parametrize("key", GAME_KEYS)
@pytest.mark.timeout(120)
@fuzz_settings(80)
@given(data=st.data())
def test_start_states_with_any_value_anywhere_keep_the_promise(key: str,
                                                               data: st.DataObject) -> None:
    cases = save_cases(key)
    saves = cases.sample_start_saves()
    save = saves[data.draw(st.integers(0, len(saves) - 1), label="position")]
    start = data.draw(mutated(save["start"]), label="start")
    cases.outcome({**save, "start": start})


@pytest.mark.parametrize("key", GAME_KEYS)
def test_the_cases_load_and_play_some_of_each_kind(key: str) -> None:
    """The cases are not all refused: each kind loads and plays some to the end (a fuzz
    layer whose every case is refused at the door tests only the door), and each kind of
    save is refused some of the time (else it changes nothing that matters)."""
    cases = save_cases(key)
    results: dict[str, set[str]] = {}
    for seed in range(300):
        kind, data = cases.case(seed)
        results.setdefault(kind, set()).add(cases.outcome(data, seed).split(":")[0])
    assert set(results) == set(cases.KINDS)
    for kind, found in results.items():
        assert found == ({"played"} if kind in cases.PLAYED_ONLY else {"played", "refused"}), \
            (kind, results)
