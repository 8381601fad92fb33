"""The long run of the board game's load fuzzing (issue 22): mutated saves and start states.

    python benchmarks/board_load_fuzz.py [--cases 5000] [--first 0] [--timeout 10]

Each case (tests/fuzz/board_saves.py: a start-state save with its queue or another field
changed, or a settings-and-moves save changed; one case in eight a position whose waiting
decision rests on a stored answer, the nation's workers moved by hand, played on directly) must
be refused with a typed error in words, or load as a game that plays to its end with random
legal moves. Prints the counts by kind and outcome, and each broken promise (its case number,
kind and message); a case still running after ``--timeout`` seconds counts as a hang. Exit
status 1 if any case failed.
The normal test run draws a few hundred of the same cases (tests/fuzz/test_board_load_fuzz.py).
"""

from __future__ import annotations

import argparse
import signal
import sys
import time
from collections import Counter
from pathlib import Path
from types import FrameType

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "fuzz"))

from board_saves import CaseFailure, case, outcome, positions  # noqa: E402


class Hang(BaseException):
    """A case ran past its time (not an Exception: the case's own handlers must not
    take it for a crash)."""


def _alarm(_signum: int, _frame: FrameType | None) -> None:
    raise Hang


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=5000)
    parser.add_argument("--first", type=int, default=0, help="the first case number")
    parser.add_argument("--timeout", type=int, default=10, help="seconds per case")
    args = parser.parse_args()
    signal.signal(signal.SIGALRM, _alarm)
    start = time.perf_counter()
    print(f"{len(positions())} positions to mutate", flush=True)
    counts: Counter[tuple[str, str]] = Counter()
    failures: list[str] = []
    for seed in range(args.first, args.first + args.cases):
        kind, data = case(seed)
        signal.alarm(args.timeout)
        try:
            result = outcome(data, seed)
        except CaseFailure as failure:
            result = failure.kind
            failures.append(f"case {seed} ({kind}): {failure}")
        except Hang:
            result = "hang"
            failures.append(f"case {seed} ({kind}): still running after {args.timeout} s")
        finally:
            signal.alarm(0)
        counts[kind, result] += 1
    elapsed = time.perf_counter() - start
    print(f"{args.cases} cases in {elapsed:.0f} s")
    for (kind, result), n in sorted(counts.items()):
        print(f"  {kind:6} {result:8} {n}")
    for line in failures[:50]:
        print(line)
    if len(failures) > 50:
        print(f"... and {len(failures) - 50} more")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
