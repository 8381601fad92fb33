"""JupyterLab: open notebooks/play.ipynb (a temporary copy), Run All Cells from the menu,
choose the dice game, make one move by clicking Pass, and check that the board followed."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from browser_support import PageWatch, record_artifact

pytestmark = pytest.mark.browser


def test_run_all_and_pass(page: Any, lab: dict[str, Any], watch: PageWatch,
                          artifacts_dir: Path, request: pytest.FixtureRequest) -> None:
    page.goto(f"{lab['base']}/lab/tree/notebooks/play.ipynb?token={lab['token']}")
    page.wait_for_selector(".jp-Notebook", timeout=90_000)
    # the kernel is up (the status bar names it idle) before the cells are run
    page.wait_for_selector("#jp-main-statusbar >> text=Idle", timeout=90_000)
    page.click('.lm-MenuBar-itemLabel:text-is("Run")')
    page.click('.lm-Menu-itemLabel:text-is("Run All Cells")')

    # the app offers its two games: the dice game, by a click
    page.click('.nw-app button[data-key="choose-dice"]', timeout=90_000)
    # the widget draws; the notebook seats a human in the first seat (its seed is random:
    # the bot may move first, so wait until it is the human's decision)
    page.locator(".nw-root .nw-player.nw-live").first.wait_for(timeout=90_000)
    assert page.locator(".nw-root").count() == 1
    assert "Player 1" in page.locator(".nw-root .nw-prompt").inner_text()
    slider = '.nw-root input[data-key="slider"]'
    before = int(page.locator(slider).input_value())
    assert page.locator(".nw-root .nw-log-list li", has_text="Player 1 passes.").count() == 0

    page.click('.nw-root button[data-key="pass"]')

    # Python played the move and the board was redrawn from the new traits
    page.locator(".nw-root .nw-log-list li", has_text="Player 1 passes.").wait_for(
        timeout=30_000)
    page.wait_for_function(
        "([sel, before]) => { const s = document.querySelector(sel);"
        " return s && Number(s.value) > before; }", arg=[slider, before])
    # (the bot may already have answered: its pause is 0.8 s)

    shot = artifacts_dir / "lab_after_pass.png"
    page.screenshot(path=str(shot))
    record_artifact(request, "screenshot", shot)

    errors = watch.errors()
    assert not errors, f"console errors: {errors}"
    assert not watch.page_errors, f"uncaught page errors: {watch.page_errors}"
    assert not watch.model_class_failures(), watch.model_class_failures()
