"""Run the shared core's docstring examples (and the new dice modules'), so that CI keeps
them true."""

from __future__ import annotations

import doctest
import importlib

import pytest

WITH_EXAMPLES = ["nations_widget.core.envelope", "nations_widget.core.validate"]
OTHERS = [
    "nations_widget.core.history",
    "nations_widget.core.bots.base",
    "nations_widget.core.bots.mcts",
    "nations_widget.core.bots.random_bot",
    "nations_widget.core.bots.tournament",
    "nations_widget.dice.machine",
]


@pytest.mark.parametrize("name", WITH_EXAMPLES + OTHERS)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS, verbose=False,
                             report=True)
    assert result.failed == 0, f"{result.failed} docstring example(s) of {name} failed"
    if name in WITH_EXAMPLES:
        assert result.attempted > 0, f"{name} has no docstring examples any more"
