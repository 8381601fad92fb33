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
    assert "costs 3 gold; the selected dice and chits give 1" in out
