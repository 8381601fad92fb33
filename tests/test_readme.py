"""The README and the docs it leads to: their Python examples run as written (in one
namespace, in the reading order of DOCS), and every link between them lands on a file and a
heading that exist."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
#: the README and the documents it links to, in the order a reader meets them
DOCS = ["README.md", "docs/python.md", "docs/tables.md", "docs/serving.md", "docs/bots.md",
        "docs/review.md", "docs/performance.md", "docs/clicks.md", "CONTRIBUTING.md"]
BLOCKS = [(name, block) for name in DOCS
          for block in re.findall(r"```python\n(.*?)```", (ROOT / name).read_text(), re.S)]


def test_readme_has_python_examples() -> None:
    assert len(BLOCKS) >= 2


def test_play_from_python_shows_both_games_widgets() -> None:
    """The section "Play from Python" has a widget of each game to copy (issue 29: the board
    game's BoardWidget(...) was nowhere in it)."""
    text = (ROOT / "docs" / "python.md").read_text()
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
    for name, block in BLOCKS:
        exec(compile(block, name, "exec"), namespace)
    out = capsys.readouterr().out
    assert "winner: seat" in out
    # Play from Python: a board-game widget to copy (issue 29), run here like the rest
    assert "board game at move" in out
    assert "costs 3 gold; the selected dice and chits give 1" in out


def _anchors(text: str) -> set[str]:
    """The anchors of a Markdown text's headings, as GitHub makes them."""
    return {re.sub(r"[^\w\- ]", "", m.lower()).replace(" ", "-")
            for m in re.findall(r"^#{1,6} (.*)$", text, re.M)}


def test_every_link_between_the_docs_lands() -> None:
    for name in DOCS:
        path = ROOT / name
        text = path.read_text()
        for target in re.findall(r"\]\(([^)\s]+)\)", text):
            if re.match(r"[a-z]+:", target):
                continue                          # another site's address
            file, _, anchor = target.partition("#")
            dest = (path.parent / file).resolve() if file else path
            assert dest.exists(), f"{name}: {target} names no file"
            if anchor and dest.suffix == ".md":
                assert anchor in _anchors(dest.read_text()), f"{name}: {target}: no heading"


def test_the_readme_opens_for_a_player() -> None:
    """Short (issue 33: about 200 lines), the two commands near the top, the rest in docs/."""
    text = (ROOT / "README.md").read_text()
    assert len(text.splitlines()) <= 240
    top = "\n".join(text.splitlines()[:60])
    assert "bash scripts/play.sh" in top and "bash scripts/test.sh" in top
    for name in DOCS[1:]:
        assert name in text, f"the README does not lead to {name}"
