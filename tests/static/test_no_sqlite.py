"""The app in a Python without sqlite3 (Pyodide, in the static site's browser): the package
imports, the games play, and opening a store is refused in words (shared tables and kept
games need a server).  Each check runs in a fresh interpreter where ``import sqlite3`` fails,
as it does in Pyodide."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]

#: makes ``import sqlite3`` fail in the child, as in Pyodide's standard library
NO_SQLITE = "import sys; sys.modules['sqlite3'] = None\n"


def run_without_sqlite(code: str) -> str:
    done = subprocess.run([sys.executable, "-c", NO_SQLITE + textwrap.dedent(code)],
                          cwd=REPO, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_the_app_imports_without_sqlite() -> None:
    out = run_without_sqlite("""
        from nations_widget.widget.app import game_app
        print(type(game_app(None)).__name__)
    """)
    assert out.strip() == "GameApp"


def test_opening_a_store_without_sqlite_is_refused_in_words(tmp_path: Path) -> None:
    out = run_without_sqlite(f"""
        from nations_widget.tables import SQLiteStore, StoreError
        try:
            SQLiteStore({str(tmp_path / "t.sqlite3")!r})
        except StoreError as exc:
            print(exc)
    """)
    assert "no SQLite" in out and "need the app served by a server" in out
