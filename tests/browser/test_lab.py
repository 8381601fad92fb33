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


# A notebook with one widget of each game (the board game's New game dialog closed, so that
# its table shows), then a second dice widget: every icon of every widget drawn.
TWO_WIDGETS = {
    "cells": [
        {"cell_type": "code", "metadata": {}, "execution_count": None, "outputs": [],
         "source": "from nations_widget.widget import BoardWidget, DiceWidget\n"
                   "DiceWidget(players=2, seats=['human', 'heuristic'], seed=3, bot_delay=0)"},
        {"cell_type": "code", "metadata": {}, "execution_count": None, "outputs": [],
         "source": "BoardWidget(players=2, seats=['human', 'heuristic'], seed=3, bot_delay=0)"},
        {"cell_type": "code", "metadata": {}, "execution_count": None, "outputs": [],
         "source": "DiceWidget(players=3, seats=['human', 'human', 'human'], seed=4)"},
    ],
    "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python",
                                "name": "python3"}},
    "nbformat": 4, "nbformat_minor": 5,
}


@pytest.mark.parametrize("theme", ["JupyterLab Light", "JupyterLab Dark"])
def test_both_games_widgets_in_one_notebook_draw_every_icon(
        page: Any, lab: dict[str, Any], watch: PageWatch, artifacts_dir: Path, theme: str,
        request: pytest.FixtureRequest) -> None:
    import json

    from players_eye import EYE_JS

    root = lab["root"]
    (root / "notebooks" / "two_widgets.ipynb").write_text(json.dumps(TWO_WIDGETS))
    # the theme, as the user's setting (read by the server at each request)
    themes = (root.parent / "jupyter-home" / "lab-settings" / "@jupyterlab"
              / "apputils-extension")
    themes.mkdir(parents=True, exist_ok=True)
    (themes / "themes.jupyterlab-settings").write_text(json.dumps({"theme": theme}))
    page.add_init_script(path=str(EYE_JS))
    page.set_viewport_size({"width": 1400, "height": 1000})
    # ?reset: a fresh workspace, this notebook alone (the module's earlier test left the app's
    # notebook open in the saved one)
    page.goto(f"{lab['base']}/lab/tree/notebooks/two_widgets.ipynb?reset&token={lab['token']}")
    page.wait_for_selector(".jp-Notebook", timeout=90_000)
    page.wait_for_selector("#jp-main-statusbar >> text=Idle", timeout=90_000)
    dark = page.evaluate("() => document.body.dataset.jpThemeLight") == "false"
    assert dark == (theme == "JupyterLab Dark")
    page.click('.lm-MenuBar-itemLabel:text-is("Run")')
    page.click('.lm-Menu-itemLabel:text-is("Run All Cells")')
    page.wait_for_function(
        "() => document.querySelectorAll('.nw-root[data-step]:not(.nwb-root)').length === 2"
        " && document.querySelector('.nwb-root[data-step]')", timeout=90_000)
    # the board game's New game dialog (opened for a new widget) closed: its table shows
    dialog = page.locator(".nwb-root dialog[open]")
    if dialog.count():
        page.keyboard.press("Escape")
        page.wait_for_selector(".nwb-root dialog[open]", state="detached", timeout=10_000)
    undrawn: list[str] = []
    checked = 0
    for cell in range(3):
        output = page.locator(".jp-Notebook .jp-Cell").nth(cell)
        output.scroll_into_view_if_needed()
        page.wait_for_timeout(300)
        seen = page.evaluate(
            "(i) => { const cells = document.querySelectorAll('.jp-Notebook .jp-Cell');"
            " cells[i].dataset.nwCheck = '1';"
            " const r = window.playersEye.iconsUndrawn('[data-nw-check=\"1\"]');"
            " delete cells[i].dataset.nwCheck; return r; }", cell)
        undrawn += seen["undrawn"]
        checked += seen["checked"]
    shot = artifacts_dir / f"lab_two_widgets_{theme.split()[-1].lower()}.png"
    page.screenshot(path=str(shot))
    record_artifact(request, f"two widgets in one notebook, {theme}", shot)
    assert checked > 60, checked
    assert undrawn == [], f"{len(undrawn)} of {checked} icons without their picture: {undrawn[:10]}"
    assert not watch.page_errors, watch.page_errors
    # the widgets' fields keep dark text on their light ground in any theme
    faint = page.evaluate(
        "() => [...document.querySelectorAll('.nw-root select, .nw-root input[type=text]')]"
        ".filter((e) => e.checkVisibility()).map((e) => [e.dataset.key || e.tagName,"
        " getComputedStyle(e).color]).filter(([, c]) => {"
        " const [r, g, b] = c.match(/\\d+/g).map(Number); return r + g + b > 3 * 140; })")
    assert faint == [], f"fields whose text is too light to read: {faint}"
