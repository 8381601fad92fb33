"""The README's Python examples run as written (in one namespace, in order)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BLOCKS = re.findall(r"```python\n(.*?)```", (ROOT / "README.md").read_text(), re.S)


def test_readme_has_python_examples() -> None:
    assert len(BLOCKS) >= 2


def test_play_from_python_shows_both_games_widgets() -> None:
    """The section "Play from Python" has a widget of each game to copy (issue 29: the board
    game's BoardWidget(...) was nowhere in it)."""
    text = (ROOT / "README.md").read_text()
    section = text.split("## Play from Python", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"```python\n(.*?)```", section, re.S)
    assert any("BoardWidget(" in b for b in blocks)
    assert any("NationsWidget(" in b for b in blocks)


def test_readme_examples_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                             capsys: pytest.CaptureFixture[str]) -> None:
    # The catalogue example loads "my_catalogue.json": give it a copy of the packaged one.
    shutil.copy(ROOT / "nations_widget" / "dice" / "data" / "catalogue.json",
                tmp_path / "my_catalogue.json")
    monkeypatch.chdir(tmp_path)
    # the tables example's store goes to a temporary folder, not the user's data folder
    monkeypatch.setenv("NATIONS_TABLES_DIR", str(tmp_path / "tables"))
    monkeypatch.delenv("NATIONS_TABLES_URL", raising=False)
    namespace: dict[str, object] = {}
    for block in BLOCKS:
        exec(compile(block, "README.md", "exec"), namespace)
    out = capsys.readouterr().out
    assert "winner: seat" in out
    # Play from Python: a board-game widget to copy (issue 29), run here like the rest
    assert "board game at move" in out
    assert "costs 3 gold; the selected dice and chits give 1" in out
