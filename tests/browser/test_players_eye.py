"""The player's-eye check (tests/browser/players_eye.py says what is checked and how): whole
games in the Voila app, the human seat by real clicks, at every position the drawn table
checked against the engine's state, the dialogs' place, the focus, overflow, target sizes,
and Undo / history / Play again redrawing the table as a fresh draw would.

Run by the README's test command: a few short games (a dice game at 390 px, a one-age board
game at 1400 px; about two minutes).  The sweep before a release (every variant, both
window sizes, many seeds): ``python scripts/players_eye_sweep.py`` (it sets
``PLAYERS_EYE_SWEEP=1`` and, optionally, ``PLAYERS_EYE_SEEDS``).

Each (game, check) is a test of its own, so a check that fails names itself; the game is
played once per scenario, by the first of its tests.  Checks failing today only because of
a defect another branch is fixing are marked xfail (strict=False) with the defect named in
``KNOWN_DEFECTS``: remove the mark once that fix is merged.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_support import (
    PLAY_NOTEBOOK,
    REPO,
    record_artifact,
    require_chromium,
    require_notebook,
    voila_server,
)
from players_eye import CHECKS, EYE_JS, GAME_CHECKS, EyeRun, Scenario
from players_eye_play import play

from nations_widget.core.registry import GAME_KEYS

pytestmark = pytest.mark.browser


QUICK = (
    Scenario("dice", "original-2p", players=2, seed=11, width=390, height=844,
             undo_at=(3,), history_at=(5,)),
    Scenario("board", "A-2p", players=2, seed=7, width=1400, height=900, ages=1,
             undo_at=(3,), history_at=(5,)),
)


def sweep_scenarios(seeds: list[int]) -> tuple[Scenario, ...]:
    """Every variant the brief names, at 1400x900 and 390x844, for each seed."""
    out = []
    for seed in seeds:
        for width, height in ((1400, 900), (390, 844)):
            more = {"undo_at": (3, 9, 15), "history_at": (5, 12)}
            out += [
                Scenario("dice", "original-2p", 2, seed, width, height, **more),
                Scenario("dice", "accelerated-2p", 2, seed, width, height, **more,
                         variant="accelerated"),
                Scenario("dice", "unrest-2p", 2, seed, width, height, **more, unrest=True),
                Scenario("board", "A-2p", 2, seed, width, height, **more, sides="A"),
                Scenario("board", "B-2p", 2, seed, width, height, **more, sides="B"),
                Scenario("board", "solo", 1, seed, width, height, **more, sides="A"),
            ]
    return tuple(out)


@pytest.mark.parametrize("key", GAME_KEYS)
def test_the_players_eye_plays_every_registered_game(key: str) -> None:
    """A game added to the registry (nations_widget.core.registry) is played here too, in
    the quick run and in the sweep, at both widths (a check of the lists: no browser)."""
    for scenarios in (QUICK, sweep_scenarios([1])):
        assert key in {sc.game for sc in scenarios}, f"no players'-eye scenario plays {key!r}"
    assert {sc.width for sc in sweep_scenarios([1]) if sc.game == key} == {1400, 390}


SWEEP = os.environ.get("PLAYERS_EYE_SWEEP") == "1"
SCENARIOS = (sweep_scenarios([int(s) for s in os.environ.get("PLAYERS_EYE_SEEDS", "1,2,3")
                              .split(",")]) if SWEEP else QUICK)

# (game, check, phone only?) -> a known defect not fixed yet: the check is xfail
# (strict=False) until it is.  Every defect this check found is fixed (blank dice, dialogs
# and the decision panel out of sight, the focus after a click, target sizes, overflow):
# none is marked now.  A new defect found goes here with a sentence, while its fix is
# under way.
KNOWN_DEFECTS: dict[tuple[str, str, bool], str] = {}


def known_defect(scenario: Scenario, check: str) -> str | None:
    return (KNOWN_DEFECTS.get((scenario.game, check, scenario.phone))
            or KNOWN_DEFECTS.get((scenario.game, check, False)))


@pytest.fixture(scope="module")
def worktree_voila() -> Iterator[str]:
    """Voila serving notebooks/play.ipynb from the repository root, as scripts/play.sh
    does, with this checkout's nations_widget importable by its kernels.  (Putting the
    repository root itself on PYTHONPATH would make ``voila`` import the root's voila.py,
    its configuration file, as the voila package: a folder holding only a link to the
    package is put there instead.)"""
    require_chromium()
    require_notebook()
    with tempfile.TemporaryDirectory(prefix="players-eye-path-") as tmp:
        (Path(tmp) / "nations_widget").symlink_to(REPO / "nations_widget")
        env = dict(os.environ)
        rest = [p for p in env.get("PYTHONPATH", "").split(os.pathsep)
                if p and Path(p).resolve() != REPO]
        env["PYTHONPATH"] = os.pathsep.join([tmp, *rest])
        server, url = voila_server(PLAY_NOTEBOOK.relative_to(REPO), env=env,
                                   name="voila-players-eye")
        with server:
            yield url


_RUNS: dict[str, EyeRun] = {}


@pytest.fixture
def eye_run(request: pytest.FixtureRequest, browser: Any, worktree_voila: str) -> EyeRun:
    scenario: Scenario = request.param
    if scenario.name not in _RUNS:
        context = browser.new_context(viewport={"width": scenario.width,
                                                "height": scenario.height},
                                      accept_downloads=True, has_touch=scenario.phone,
                                      is_mobile=scenario.phone)
        context.add_init_script(path=str(EYE_JS))
        try:
            page = context.new_page()
            page.set_default_timeout(30_000)
            _RUNS[scenario.name] = play(page, worktree_voila, scenario)
        finally:
            context.close()
        run = _RUNS[scenario.name]
        print(run.summary())
        for check, lines in run.findings.items():
            for line in lines:
                print(f"  {check}: {line}")
        for path in run.artifacts:
            record_artifact(request, f"{scenario.name} failure", path)
    return _RUNS[scenario.name]


def _cases() -> list[Any]:
    cases = []
    for sc in SCENARIOS:
        cases.append(pytest.param(sc, "played", id=f"{sc.name}-played"))
        for check in CHECKS:
            if check in ("target_size", "undo_near") and not sc.phone:
                continue
            if GAME_CHECKS.get(check, sc.game) != sc.game:
                continue
            defect = known_defect(sc, check)
            marks = [pytest.mark.xfail(reason=defect, strict=False)] if defect else []
            cases.append(pytest.param(sc, check, id=f"{sc.name}-{check}", marks=marks))
    return cases


@pytest.mark.parametrize(("eye_run", "check"), [
    pytest.param(c.values[0], c.values[1], id=c.id, marks=c.marks) for c in _cases()],
    indirect=["eye_run"])
def test_players_eye(eye_run: EyeRun, check: str) -> None:
    if check == "played":
        assert eye_run.error is None, f"the game could not be played: {eye_run.error}"
        assert eye_run.positions > 5, eye_run.summary()
        return
    if eye_run.error is not None:
        pytest.skip(f"the game stopped early: {eye_run.error}")
    assert eye_run.checked[check] > 0, f"{check} was never checked: {eye_run.summary()}"
    findings = eye_run.findings[check]
    assert not findings, (f"{eye_run.scenario.name}: {check} failed at "
                          f"{eye_run.counts[check]} of {eye_run.checked[check]} looks:\n"
                          + "\n".join(findings))
