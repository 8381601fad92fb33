"""The long run of the dice game's load fuzzing (issue 22): mutated saves and start states.

    python benchmarks/dice_load_fuzz.py [--cases 20000] [--first 0] [--timeout 10]

Each case (tests/fuzz/dice_saves.py: a start-state save with one field changed to a value
it could hold, or taken from elsewhere in the same game, or any value anywhere; or a
settings-and-moves save changed) must be refused with a typed error in words, or load as a
game that plays to its end with random legal moves, its state's JSON loading back the same
after every move.  Prints the counts by kind and outcome, the refusals by reason (the rule
or field named), and each broken promise (its case number, kind and message); a case still
running after ``--timeout`` seconds counts as a hang.  Exit status 1 if any case failed.
The normal test run draws a few hundred of the same cases (tests/fuzz/test_dice_load_fuzz.py).
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

from dice_saves import CaseFailure, case, games, outcome  # noqa: E402


class Hang(BaseException):
    """A case ran past its time (not an Exception: the case's own handlers must not
    take it for a crash)."""


def _alarm(_signum: int, _frame: FrameType | None) -> None:
    raise Hang


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=20000)
    parser.add_argument("--first", type=int, default=0, help="the first case number")
    parser.add_argument("--timeout", type=int, default=10, help="seconds per case")
    parser.add_argument("--reasons", type=int, default=15,
                        help="how many refusal reasons to list (the most frequent)")
    args = parser.parse_args()
    signal.signal(signal.SIGALRM, _alarm)
    start = time.perf_counter()
    print(f"{sum(map(len, games()))} positions to mutate", flush=True)
    counts: Counter[tuple[str, str]] = Counter()
    reasons: Counter[str] = Counter()
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
        if result.startswith("refused: "):
            reasons[result.removeprefix("refused: ")] += 1
            result = "refused"
        counts[kind, result] += 1
    elapsed = time.perf_counter() - start
    print(f"{args.cases} cases in {elapsed:.0f} s")
    for (kind, result), n in sorted(counts.items()):
        print(f"  {kind:6} {result:8} {n}")
    print("refusals by reason:")
    for reason, n in reasons.most_common(args.reasons):
        print(f"  {n:6}  {reason}")
    if len(reasons) > args.reasons:
        rest = sum(reasons.values()) - sum(n for _, n in reasons.most_common(args.reasons))
        print(f"  {rest:6}  ({len(reasons) - args.reasons} other reasons)")
    for line in failures[:50]:
        print(line)
    if len(failures) > 50:
        print(f"... and {len(failures) - 50} more")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
