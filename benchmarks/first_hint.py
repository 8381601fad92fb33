"""The first Hint of a game in the app, timed as a kernel answers it (issue 30, section 3:
"the first hint of a game <= 2 s wall, with a visible thinking state").

Each run is a fresh Python process (a fresh kernel: nothing imported, no thread started)
that does what the app's notebook does (``play.ipynb``: imports ``nations_widget.widget.app``,
makes the game's widget as the app does, keeping on, with a store in a temporary folder),
then, on an asyncio loop as a kernel runs one, sends the Hint intent as the page does and
waits for the advice in the ``coach`` trait.  It reports, per run, in seconds of wall
clock:

- ``import``: the notebook's imports; ``widget``: the game's widget made;
- ``answered``: the Hint intent's handler returned (the message loop is free again);
- ``thinking``: the first progress ("thinking") reached the ``coach`` trait;
- ``hint``: the advice reached the ``coach`` trait (what the player waits for);

and the medians, with the load average before and after.  A browser adds the messages'
round trip (a few ms on the same machine) to ``hint``.

    python benchmarks/first_hint.py --runs 5            # both games
    python benchmarks/first_hint.py --runs 5 --only dice
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile

ONE_RUN = r"""
import asyncio, json, sys, time
t0 = time.perf_counter()
from nations_widget.widget.app import board_game, dice_game
t1 = time.perf_counter()
game = sys.argv[1]
w = dice_game() if game == "dice" else board_game()
if game == "board":
    # the app's board game opens its New game dialog; a first game of 2 players as chosen
    w.handle_intent({"kind": "new_game", "settings": {"players": 2,
                     "seats": ["human", "heuristic"], "seed": 7}})
t2 = time.perf_counter()
marks = {}

def seen(change):
    new = change["new"] or {}
    now = time.perf_counter()
    if new.get("thinking") and "thinking" not in marks:
        marks["thinking"] = now
    if new.get("hint") and "hint" not in marks:
        marks["hint"] = now

w.observe(seen, names="coach")

async def scenario():
    start = time.perf_counter()
    w.handle_intent({"kind": "hint"})
    answered = time.perf_counter()
    while "hint" not in marks and time.perf_counter() - start < 120:
        await asyncio.sleep(0.01)
    return start, answered

start, answered = asyncio.run(scenario())
print(json.dumps({"import": t1 - t0, "widget": t2 - t1, "answered": answered - start,
                  "thinking": marks.get("thinking", float("nan")) - start,
                  "hint": marks.get("hint", float("nan")) - start, "error": w.error}))
"""


def one_run(game: str, folder: str) -> dict[str, float]:
    env = {**os.environ, "NATIONS_TABLES_DIR": folder}
    out = subprocess.run([sys.executable, "-c", ONE_RUN, game], env=env, check=True,
                         capture_output=True, text=True, timeout=300)
    result: dict[str, float] = json.loads(out.stdout.strip().splitlines()[-1])
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--only", choices=("dice", "board"))
    args = parser.parse_args()
    games = [args.only] if args.only else ["dice", "board"]
    print(f"load average before: {os.getloadavg()}")
    for game in games:
        runs = []
        with tempfile.TemporaryDirectory() as folder:
            for _ in range(args.runs):
                runs.append(one_run(game, folder))
                print(game, {k: (round(v, 3) if isinstance(v, float) else v)
                             for k, v in runs[-1].items()}, flush=True)
        keys = ("import", "widget", "answered", "thinking", "hint")
        medians = {k: round(statistics.median(r[k] for r in runs), 3) for k in keys}
        print(f"{game}: medians over {len(runs)} fresh processes: {medians}; "
              f"hint max {max(r['hint'] for r in runs):.3f}")
    print(f"load average after: {os.getloadavg()}")


if __name__ == "__main__":
    main()
