"""For every test: the tables' store (the app keeps every game it plays, see
nations_widget.widget.shell.keeping) in a temporary folder, never the per-user data folder,
unless the environment names one.  Set before any test runs, so Voila servers, kernels
and notebooks the tests start inherit it."""

from __future__ import annotations

import os
import shutil
import tempfile

import pytest

_MADE: list[str] = []


def pytest_configure(config: pytest.Config) -> None:
    if not os.environ.get("NATIONS_TABLES_DIR") and not os.environ.get("NATIONS_TABLES_URL"):
        folder = tempfile.mkdtemp(prefix="nations-test-tables-")
        _MADE.append(folder)
        os.environ["NATIONS_TABLES_DIR"] = folder


def pytest_unconfigure(config: pytest.Config) -> None:
    for folder in _MADE:
        shutil.rmtree(folder, ignore_errors=True)
