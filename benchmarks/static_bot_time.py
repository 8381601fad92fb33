"""A bot's think time in the static site's Python (Pyodide, WebAssembly) against CPython:
the same bots on the same positions, timed in this Python and in the Pyodide runtime of a
site that ``nations-widget static`` built, run by Node.js (V8, Chromium's JavaScript engine;
Node's WebAssembly is Chromium's).

    PYTHONPATH=. python benchmarks/static_bot_time.py SITE_DIR

Prints, per game and bot, the median and the largest time of one decision (wall clock, the
machine's load counts), in CPython then in Pyodide, and the ratio of the medians.  The bots'
searches are bounded by playouts, not seconds, so both Pythons do the same work.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

#: (game, bot, positions): the app's opponents (the easy ones a game opens with, a tree
#: search a player may choose); a tree search is timed on fewer positions (seconds each)
CASES = (("dice", "heuristic-builder", 40), ("dice", "mcts-easy", 12), ("dice", "mcts", 8),
         ("board", "heuristic-easy", 40), ("board", "heuristic", 40),
         ("board", "mcts-easy", 6))

#: runs in either Python: one game from a fixed seed, each decision of CASES' bot timed
MEASURE = '''
import json, statistics, time

def measure(game, bot_name, count):
    if game == "dice":
        from nations_widget.dice.bots.tournament import make_bot_spec as make
        from nations_widget.dice.catalogue import default_catalogue
        from nations_widget.dice.machine import GameState
        from nations_widget.dice.state import GameConfig
        state = GameState.new(GameConfig(players=2, seed=5), default_catalogue())
    else:
        from nations_widget.board import GameConfig, GameState
        from nations_widget.board.bots import make_bot as make
        state = GameState.new(GameConfig(players=2, seed=5))
    bots = [make(bot_name, 1 + seat) for seat in range(2)]
    times = []
    while not state.is_terminal() and len(times) < count:
        bot = bots[state.current_player()]
        start = time.perf_counter()
        move = bot.choose(state)
        times.append(time.perf_counter() - start)
        state.apply(move)
    return {"median_ms": 1000 * statistics.median(times), "max_ms": 1000 * max(times),
            "decisions": len(times)}

RESULTS = {f"{g}/{b}": measure(g, b, n) for g, b, n in CASES}
'''

NODE = """
const [runtime, code] = process.argv.slice(2);
const { loadPyodide } = await import(runtime + "/pyodide.mjs");
const lock = JSON.parse((await import("fs")).readFileSync(runtime + "/pyodide-lock.json"));
const names = Object.keys(lock.packages).filter((n) => n !== "pyodide-kernel");
const py = await loadPyodide({ indexURL: runtime + "/", packages: names });
await py.runPythonAsync(code);
console.log("RESULTS " + py.runPython("import json; json.dumps(RESULTS)"));
"""


def in_cpython() -> dict[str, dict[str, float]]:
    scope: dict[str, object] = {"CASES": CASES}
    exec(compile(MEASURE, "measure", "exec"), scope)
    return scope["RESULTS"]  # type: ignore[return-value]


def in_pyodide(site: Path) -> dict[str, dict[str, float]]:
    node = shutil.which("node")
    if node is None:
        raise SystemExit("node is needed to run Pyodide outside the browser")
    runtime = (site / "static" / "pyodide").resolve()
    with tempfile.TemporaryDirectory() as folder:
        script = Path(folder) / "run.mjs"
        script.write_text(NODE)
        code = f"CASES = {CASES!r}\n{MEASURE}"
        done = subprocess.run([node, str(script), str(runtime), code], capture_output=True,
                              text=True, timeout=1800, check=False)
    line = next((x for x in done.stdout.splitlines() if x.startswith("RESULTS ")), None)
    if line is None:
        raise SystemExit(f"Pyodide's run failed:\n{done.stdout[-2000:]}\n{done.stderr[-2000:]}")
    return json.loads(line.removeprefix("RESULTS "))  # type: ignore[no-any-return]


def main(argv: list[str]) -> None:
    if len(argv) != 1:
        raise SystemExit(__doc__)
    started = time.monotonic()
    cpython = in_cpython()
    pyodide = in_pyodide(Path(argv[0]))
    print(f"{'game/bot':<24} {'CPython median/max ms':>22} {'Pyodide median/max ms':>22} "
          f"{'ratio':>6}")
    for key, c in cpython.items():
        p = pyodide[key]
        print(f"{key:<24} {c['median_ms']:>10.1f} / {c['max_ms']:<9.1f} "
              f"{p['median_ms']:>10.1f} / {p['max_ms']:<9.1f} "
              f"{p['median_ms'] / max(c['median_ms'], 1e-6):>6.1f}")
    print(f"(CPython {sys.version.split()[0]} against the site's Pyodide, one run each, "
          f"{time.monotonic() - started:.0f} s in all)")


if __name__ == "__main__":
    main(sys.argv[1:])
