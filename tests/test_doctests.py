"""Run the engines' docstring examples (both games, their shared core and the tables), so
that CI keeps them true.  Every module of the four packages is run, found by walking them, so a new
module is covered without being listed."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import nations_widget

# Modules whose docstrings hold examples: each must run at least one, and all must pass.
WITH_EXAMPLES = [
    "nations_widget.core.envelope",
    "nations_widget.core.rng",
    "nations_widget.core.validate",
    "nations_widget.dice",
    "nations_widget.dice.game",
    "nations_widget.dice.moves",
    "nations_widget.dice.scenario",
    "nations_widget.board",
    "nations_widget.board.describe",
    "nations_widget.board.game",
    "nations_widget.board.moves",
    "nations_widget.board.scenario",
    "nations_widget.board_notebook_helpers",
    "nations_widget.tables.links",
    "nations_widget.tables.table",
    "nations_widget.tables.throwaway",
]
ENGINES = ("nations_widget.core", "nations_widget.dice", "nations_widget.board",
           "nations_widget.tables")
MODULES = sorted({*ENGINES, *WITH_EXAMPLES} | {
    info.name for info in pkgutil.walk_packages(nations_widget.__path__, "nations_widget.")
    if info.name.startswith(tuple(p + "." for p in ENGINES))})


def test_the_listed_modules_exist() -> None:
    assert set(WITH_EXAMPLES) <= set(MODULES)
    assert len(MODULES) > len(WITH_EXAMPLES)


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS, verbose=False,
                             report=True)
    assert result.failed == 0, f"{result.failed} docstring example(s) of {name} failed"
    if name in WITH_EXAMPLES:
        assert result.attempted > 0, f"{name} has no docstring examples any more"
