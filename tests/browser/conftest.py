"""Fixtures for the browser tests: Voila and JupyterLab servers on 127.0.0.1, and Debian's
headless Chromium driven by Playwright (never a downloaded browser).

Without /usr/bin/chromium the tests are skipped, with the reason, except under CI=true,
where they fail: scripts/setup.sh installs chromium whenever tests/browser exists.
Screenshots and server logs go to test-artifacts/browser/ (gitignored); the paths are
listed at the end of the pytest run.
"""

from __future__ import annotations

import shutil
from collections.abc import Generator, Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_support import (
    ARTIFACT_LINES,
    ARTIFACTS,
    LIVE_SERVERS,
    PAGES_AT_FAILURE,
    PLAY_NOTEBOOK,
    REPO,
    PageWatch,
    browser_page,
    lab_server,
    launch_chromium,
    page_at_failure,
    require_chromium,
    require_notebook,
    voila_server,
)


def pytest_terminal_summary(terminalreporter: Any) -> None:
    if ARTIFACT_LINES:
        terminalreporter.write_sep("-", "browser test artifacts")
        for line in ARTIFACT_LINES:
            terminalreporter.write_line(line)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    # Module scope, not session: while Playwright's sync API is open, the main thread has
    # a running asyncio loop, which would break later tests that call asyncio.run().
    require_chromium()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = launch_chromium(p)
        try:
            yield b
        finally:
            b.close()


@pytest.fixture
def watch() -> PageWatch:
    return PageWatch()


@pytest.fixture
def page(browser: Any, watch: PageWatch) -> Iterator[Any]:
    with browser_page(browser, watch) as pg:
        pg.set_default_timeout(30_000)
        yield pg


@pytest.fixture(scope="module")
def voila_url() -> Iterator[str]:
    """Voila serving notebooks/play.ipynb from the repository root (so the repository's
    voila.py / voila.json apply), as scripts/play.sh does."""
    require_chromium()
    require_notebook()
    server, url = voila_server(PLAY_NOTEBOOK.relative_to(REPO))
    with server:
        yield url


@pytest.fixture(scope="module")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    """JupyterLab on a temporary copy of notebooks/ (running cells and autosave must not
    touch the repository's notebooks).  Yields base, token and root."""
    require_chromium()
    require_notebook()
    root = tmp_path_factory.mktemp("lab") / "root"
    shutil.copytree(REPO / "notebooks", root / "notebooks",
                    ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    server, base, token = lab_server(root)
    with server:
        yield {"base": base, "token": token, "root": root, "server": server}


@pytest.fixture
def artifacts_dir() -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS


def _pages(value: Any) -> list[Any]:
    """The Playwright pages in a fixture's value (a page, or a tuple holding one)."""
    if hasattr(value, "screenshot") and hasattr(value, "evaluate"):
        return [value]
    if isinstance(value, (tuple, list)):
        return [page for item in value for page in _pages(item)]
    return []


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: Any) -> Generator[None, Any, None]:
    """A browser test that failed while it ran leaves what its pages showed (a screenshot,
    the game roots' state and text) and the tail of each running server's log: a failure
    met once in CI is then read, not guessed."""
    outcome = yield
    report = outcome.get_result()
    if report.when != "call" or not report.failed:
        return
    funcargs = getattr(item, "funcargs", {})
    for n, page in enumerate(p for value in funcargs.values() for p in _pages(value)):
        report.sections.append(page_at_failure(page, f"{item.nodeid} page {n}"))
    report.sections.extend(PAGES_AT_FAILURE)
    PAGES_AT_FAILURE.clear()
    for value in funcargs.values():
        if isinstance(value, PageWatch) and (value.errors() or value.page_errors):
            report.sections.append(("the pages' errors",
                                    "\n".join([*value.page_errors, *value.errors()])))
    for server in LIVE_SERVERS:
        report.sections.append((f"{server.name} log (its end)", server.log_tail(6000)))
