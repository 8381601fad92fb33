"""The notebooks run headless, and the lessons' checkers really check.

Every notebook in notebooks/ is executed with nbclient on the ``python3`` kernel (the one this
interpreter provides).  learn.ipynb is then run a second time with each task cell doubled:
once with the answer worked out by hand from the rules (the lists below), which the checker
must call correct, and once with a wrong answer, which it must not.  The checker helpers are
also tested directly, without a kernel.
"""

from __future__ import annotations

import copy
import os
import re
from pathlib import Path
from typing import Any

import nbformat
import pytest

from nations_widget.dice import GameState, scenario
from nations_widget.notebook_helpers import (
    affordable_tiles,
    check_number,
    check_players,
    check_sequence,
    check_tiles,
    check_yes_no,
    log_rows,
    simulate,
    vp_breakdown_chart,
    vp_by_position,
    vp_chart,
)

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
CELL_TIMEOUT = 120

# learn.ipynb's tasks in order: (an answer worked out by hand from the rules and the
# position the lesson sets up, a wrong answer).  Written as the learner would type them.
LEARN_ANSWERS: list[tuple[str, str]] = [
    # 1 setup: two players start on 1 and 3 books
    ("[1, 3]", "[1, 2]"),
    # 2 the round
    ('["actions", "books", "famine", "player order", "war"]',
     '["actions", "famine", "books", "player order", "war"]'),
    # 3 rolling: two gold dice and one gold chit
    ("3", "2"),
    # 4 buy: gold 2 (die + chit), strength 1; used dice cannot be traded
    ('["Sun Tzu", "Academy", "Confucius", "Granary", "Egypt"]', '["Sun Tzu", "Academy"]'),
    # 4 reroll without a reroll chit
    ("False", "True"),
    # 4 build: 2 stone for a 3-stone wonder, no spare dice
    ("False", "True"),
    # 5 trading: 1 gold die + 2 trades = 3 gold; strength 1 and never traded
    ('["Sun Tzu", "Academy", "Confucius", "Granary", "Harbor", "Pyramids", "Egypt"]',
     '["Sun Tzu", "Academy", "Confucius", "Granary", "Harbor", "Pyramids", "Egypt", "Nubia"]'),
    # 6 tile types: the colonies
    ('["Egypt", "Nubia", "Gaul"]', '["Egypt"]'),
    # 7 books: 7 books beats 6 and 4; 6 beats 4; ties score nothing
    ("[2, 1, 0]", "[1, 2, 0]"),
    # 8 famine, round 2: Player 1 trades two dice for the third food
    ("[2, 0]", "[0, 0]"),
    # 9 player order: 3 strength first; the tie at 2 keeps Player 3 before Player 1
    ("[2, 3, 1]", "[2, 1, 3]"),
    # 10 war: 3 strength is not 4; Player 2 has exactly 4
    ("[2]", "[1, 2]"),
    # 11 end: 21 on the track + buildings 5 + advisor 2 + colonies 2 + wonder 3
    ("33", "39"),
    # 11 winner: 33 each, Player 2 is first in player order
    ("[2]", "[1]"),
    # 12 accelerated: 1 food of 3, two dice per missing food
    ("4", "2"),
    # 13 solo: 3 + 1 books ties the opponent's 4: nothing
    ("0", "2"),
    # 14 Unrest: after setting the Unrest die aside, 2 gold (green) + 1 (white) + 1 chit
    ("4", "3"),
    # 14 Unrest: setting the dice aside costs no action, so the turn goes on
    ("True", "False"),
]


def _execute(nb: Any, env: dict[str, str] | None = None) -> Any:
    """Run ``nb`` on a fresh kernel (``env``: extra variables in the kernel's environment,
    e.g. the ``QUERY_STRING`` Voila gives the kernel of a page)."""
    from nbclient import NotebookClient

    client = NotebookClient(nb, timeout=CELL_TIMEOUT, kernel_name="python3",
                            resources={"metadata": {"path": str(NOTEBOOKS)}})
    if env is None:
        client.execute()
    else:
        kernel_env = {k: v for k, v in os.environ.items()
                      if k not in ("QUERY_STRING", "VOILA_PREHEAT")}
        client.execute(env={**kernel_env, **env})
    return nb


def _read(name: str) -> Any:
    return nbformat.read(NOTEBOOKS / name, as_version=4)


def _text(cell: Any) -> str:
    out = []
    for o in cell.get("outputs", []):
        if o.output_type == "stream":
            out.append(o.text)
        elif o.output_type in ("execute_result", "display_data"):
            out.append(o.data.get("text/plain", ""))
    return "".join(out)


def _tasks(nb: Any) -> list[Any]:
    return [c for c in nb.cells if "task" in c.metadata.get("tags", [])]


# ----------------------------------------------------------------- notebooks
@pytest.mark.notebook
@pytest.mark.parametrize("name", sorted(p.name for p in NOTEBOOKS.glob("*.ipynb")))
def test_notebook_executes(name: str) -> None:
    nb = _execute(_read(name))
    errors = [o for c in nb.cells for o in c.get("outputs", []) if o.output_type == "error"]
    assert not errors
    code = [c for c in nb.cells if c.cell_type == "code"]
    if name == "inspect_board.ipynb":
        # the stepper, and one chart per series of the helper
        assert any("IntSlider" in _text(c) for c in code)
        assert sum(_text(c).count("<polyline") > 0 for c in code) == 1
        assert "Military strength" in "".join(o.data.get("text/html", "")
                                              for c in code for o in c.outputs
                                              if o.output_type == "execute_result")
    if name == "play.ipynb":
        # the app: no code shown, one widget (the choice of game), no game made yet
        _check_app(nb, None)
    if name in ("learn.ipynb", "learn_board.ipynb"):
        tasks = _tasks(nb)
        assert len(tasks) == len(LEARN_ANSWERS) if name == "learn.ipynb" else tasks
        for cell in tasks:
            # with the placeholder left in, every checker answers "not yet" (and raises not)
            assert _text(cell).startswith("Not yet:"), cell.source


def _check_app(nb: Any, game: str | None) -> None:
    """play.ipynb ran: its code hidden, one widget (the app), showing ``game``."""
    code = [c for c in nb.cells if c.cell_type == "code"]
    assert code and all(c.metadata.get("jupyter", {}).get("source_hidden") for c in code)
    views = [o for c in code for o in c.outputs
             if "application/vnd.jupyter.widget-view+json" in o.get("data", {})]
    assert len(views) == 1
    shown = _text(code[-1])
    assert f"GameChooser(showing {game or 'the choice of game'})" in shown
    if game is None:
        assert "DiceWidget" not in shown and "BoardWidget" not in shown
    elif game == "dice":
        assert "dice: <DiceWidget" in shown
        assert "BoardWidget" not in shown
    else:
        assert "board: <BoardWidget" in shown
        assert "DiceWidget" not in shown


@pytest.mark.notebook
@pytest.mark.parametrize("game", ["dice", "board"])
def test_play_opens_the_game_a_link_asks_for(game: str) -> None:
    """Voila gives a page's kernel its query string (QUERY_STRING): ?game=dice or
    ?game=board is that game, opened as soon as the page says its address holds no
    ``#table=`` link (issue 31: a table link that opened nothing left its visitor in the
    game the kernel had started meanwhile, its bot moving).  The kernel alone makes none."""
    nb = _execute(_read("play.ipynb"), env={"QUERY_STRING": f"game={game}"})
    errors = [o for c in nb.cells for o in c.get("outputs", []) if o.output_type == "error"]
    assert not errors
    shown = _text([c for c in nb.cells if c.cell_type == "code"][-1])
    assert f"GameChooser(opening {game} once the page's address holds no table link)" in shown
    assert "DiceWidget" not in shown and "BoardWidget" not in shown


def test_play_shows_the_game_first_and_keeps_the_notes_for_later() -> None:
    """A player opening the app meets the game, not a paragraph: play.ipynb's first cell is
    the app, and the notes on seeds and ``?game=`` links are in a collapsed "About this
    app" at the end (on a phone that paragraph filled the first screen)."""
    nb = _read("play.ipynb")
    assert nb.cells[0].cell_type == "code" and "game_app(" in nb.cells[0].source
    markdown = [c for c in nb.cells if c.cell_type == "markdown"]
    about = [c for c in markdown if "?game=" in c.source or "seed" in c.source]
    assert len(about) == 1 and about[0] is nb.cells[-1]
    source = about[0].source
    assert source.lstrip().startswith("<details") and "<details open" not in source
    assert re.search(r"<summary[^>]*>About this app</summary>", source)
    assert source.rstrip().endswith("</details>")


def test_play_says_the_reconstruction_once_under_the_dice_game_only() -> None:
    """Issue: the dice page said twice that its tiles and faces are a reconstruction (the
    dice game's banner and a footer cell of play.ipynb), and the footer showed under the
    board game and Learn too, where it does not apply.  The dice game's banner says it;
    the page itself has only the app and the collapsed About (which mentions it)."""
    nb = _read("play.ipynb")
    shown = [c for c in nb.cells if c.cell_type == "markdown"
             and not c.source.lstrip().startswith("<details")]
    assert shown == []
    about = nb.cells[-1].source
    assert "reconstruction" in about and "banner" in about


def _check_tasks(name: str, answers: list[tuple[str, str]]) -> None:
    """Run notebook ``name`` with each task cell doubled: once with the right answer of
    ``answers`` (by task, in order), which its checker must call correct, and once with
    the wrong one, which it must not."""
    nb = _read(name)
    tasks = _tasks(nb)
    assert len(tasks) == len(answers), f"update the answers with {name}'s tasks"
    position = {id(cell): i for i, cell in enumerate(tasks)}
    cells = []
    for cell in nb.cells:
        if id(cell) in position:
            right, wrong = answers[position[id(cell)]]
            for answer, kind in ((right, "right"), (wrong, "wrong")):
                new = copy.deepcopy(cell)
                new.source, n = re.subn(r"^answer = \.\.\..*$", f"answer = {answer}",
                                        cell.source, count=1, flags=re.M)
                assert n == 1, cell.source
                new.metadata["expect"] = kind
                cells.append(new)
        else:
            cells.append(cell)
    nb.cells = cells
    _execute(nb)
    checked = [c for c in nb.cells if "expect" in c.metadata]
    assert len(checked) == 2 * len(answers)
    for cell in checked:
        verdict = _text(cell)
        if cell.metadata["expect"] == "right":
            assert verdict.startswith("Correct!"), (cell.source, verdict)
        else:
            assert verdict.startswith("Not yet:"), (cell.source, verdict)


@pytest.mark.notebook
def test_learn_checkers_tell_right_from_wrong() -> None:
    _check_tasks("learn.ipynb", LEARN_ANSWERS)


# ------------------------------------------------------- the checkers directly
BOARD = [["t1-07", "t1-08", "t1-06"], ["t1-09", "t1-10", "t1-12"], ["t1-04", "t1-05", "t1-15"]]


def _shop() -> GameState:
    return scenario({"players": 2, "seed": 5, "order": [0, 1], "board": BOARD,
                     "seats": [{"dice": ["white:gold", "white:strength",
                                         {"colour": "white", "face": "food", "used": True},
                                         {"colour": "white", "face": "book", "used": True},
                                         {"colour": "white", "face": "stone", "used": True}],
                                "chits": {"gold": 1, "reroll": 1}}]})


def test_check_tiles_accepts_names_and_ids_in_any_order_and_case() -> None:
    shop = _shop()
    expected = affordable_tiles(shop)
    assert expected == ["t1-04", "t1-05", "t1-07", "t1-08", "t1-09"]
    assert check_tiles(shop, ["egypt", "t1-05", "Sun Tzu", "Confucius", "ACADEMY"], expected)
    verdict = check_tiles(shop, ["Egypt", "Harbor"], expected)
    assert not verdict
    assert "missing" in verdict.message and "Harbor does not belong" in verdict.message


@pytest.mark.parametrize("answer", [..., None, "Atlantis", ["Atlantis"], 3, {"a": 1}])
def test_check_tiles_says_not_yet_and_never_raises(answer: object) -> None:
    shop = _shop()
    verdict = check_tiles(shop, answer, affordable_tiles(shop))
    assert not verdict and verdict.message.startswith("Not yet:")


def test_simple_checkers() -> None:
    assert check_number(3, 3) and not check_number(True, 1) and not check_number("3", 3)
    assert not check_number(..., 3) and "too many" in check_number(4, 3).message
    assert check_yes_no(False, False) and check_yes_no("yes", True)
    assert not check_yes_no(1, True) and not check_yes_no(..., True)
    assert check_sequence(["Player_Order", "war"], ["player order", "war"])
    assert "item 2" in check_sequence([1, 3], [1, 2]).message
    assert not check_sequence("abc", ["abc"])
    assert check_players(["Player 2", 1], [1, 0], ordered=True)
    assert check_players([1, 2], [1, 0], ordered=False)
    assert check_players([2, 1], [0, 1], ordered=True).message == \
        "Not yet: right players, wrong order."
    assert not check_players(["nobody"], [0], ordered=False)
    # a verdict shows as HTML in a notebook and as its message in text
    html = check_number(3, 3)._repr_html_()
    assert "Correct!" in html and "<div" in html


def test_inspector_helpers_on_a_bot_game() -> None:
    game = simulate(2, ["heuristic", "random"], seed=3)
    assert game.is_over
    vp = vp_by_position(game)
    assert len(vp) == game.length + 1 and vp[-1] == game.scores()
    rows = log_rows(game)
    assert rows[0]["move"] == 0 and rows[-1]["kind"] == "end"
    assert "<svg" in vp_chart(game) and "<svg" in vp_breakdown_chart(game.state)
    # the breakdown chart shows each seat's total
    for seat, total in enumerate(game.scores()):
        breakdown = game.state.score_breakdown(seat)
        assert sum(breakdown.values()) == total
        assert f"{total} VP" in vp_breakdown_chart(game.state)
