"""Run the engine modules' docstring examples, so that CI keeps them true."""

from __future__ import annotations

import doctest
import importlib

import pytest

# Modules whose docstrings hold examples: each must run at least one, and all must pass.
WITH_EXAMPLES = [
    "nations_widget.dice",
    "nations_widget.dice.moves",
    "nations_widget.core.rng",
    "nations_widget.dice.game",
    "nations_widget.dice.scenario",
    "nations_widget.core.envelope",
    "nations_widget.core.validate",
]
# The other engine modules: run whatever examples they have (none today).
OTHERS = [
    "nations_widget.dice.catalogue",
    "nations_widget.core.errors",
    "nations_widget.core.log",
    "nations_widget.core.protocol",
    "nations_widget.core.moves",
    "nations_widget.dice.payments",
    "nations_widget.dice.render",
    "nations_widget.dice.rules",
    "nations_widget.dice.serialization",
    "nations_widget.dice.state",
    "nations_widget.dice.__main__",
    "nations_widget.dice.machine",
    "nations_widget.core.history",
    "nations_widget.core.bots.base",
    "nations_widget.core.bots.mcts",
    "nations_widget.core.bots.random_bot",
    "nations_widget.core.bots.tournament",
]


@pytest.mark.parametrize("name", WITH_EXAMPLES + OTHERS)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS, verbose=False,
                             report=True)
    assert result.failed == 0, f"{result.failed} docstring example(s) of {name} failed"
    if name in WITH_EXAMPLES:
        assert result.attempted > 0, f"{name} has no docstring examples any more"
