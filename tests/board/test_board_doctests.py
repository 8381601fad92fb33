"""Run the board engine's docstring examples, so that CI keeps them true."""

from __future__ import annotations

import doctest
import importlib

import pytest

# Modules whose docstrings hold examples: each must run at least one, and all must pass.
WITH_EXAMPLES = [
    "nations_widget.board",
    "nations_widget.board.moves",
    "nations_widget.board.game",
    "nations_widget.board.scenario",
]
# The other board modules: run whatever examples they have (none today).
OTHERS = [
    "nations_widget.board.components",
    "nations_widget.board.effects",
    "nations_widget.board.render",
    "nations_widget.board.rules",
    "nations_widget.board.scoring",
    "nations_widget.board.serialization",
    "nations_widget.board.state",
    "nations_widget.board.__main__",
]


@pytest.mark.parametrize("name", WITH_EXAMPLES + OTHERS)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS, verbose=False,
                             report=True)
    assert result.failed == 0, f"{result.failed} docstring example(s) of {name} failed"
    if name in WITH_EXAMPLES:
        assert result.attempted > 0, f"{name} has no docstring examples any more"
