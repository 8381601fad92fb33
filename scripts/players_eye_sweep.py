"""The player's-eye sweep before a release: tests/browser/test_players_eye.py over every
variant (dice: Original, Accelerated, Unrest; board: A sides, B sides, solo), at 1400x900
and 390x844, for several seeds (``--seeds 1,2,3``; ``-k`` narrows as pytest's does).

    python scripts/players_eye_sweep.py --seeds 1,2,3,4,5

Each game takes 30-60 s on a 2-core machine; failures keep a screenshot and the DOM in
test-artifacts/browser/players-eye/.  The README's test command runs only the short set.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", default="1,2,3", help="comma-separated seeds")
    parser.add_argument("-k", default=None, help="pytest -k expression")
    args, rest = parser.parse_known_args()
    env = dict(os.environ, PLAYERS_EYE_SWEEP="1", PLAYERS_EYE_SEEDS=args.seeds)
    cmd = [sys.executable, "-m", "pytest", "-q", "-rxX", "-s",
           str(REPO / "tests" / "browser" / "test_players_eye.py")]
    if args.k:
        cmd += ["-k", args.k]
    return subprocess.call(cmd + rest, cwd=REPO, env=env)


if __name__ == "__main__":
    raise SystemExit(main())
