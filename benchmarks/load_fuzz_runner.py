"""The loop both games' long load-fuzz runs share (benchmarks/dice_load_fuzz.py,
benchmarks/board_load_fuzz.py): each case of a game's fuzz module run under a time limit,
counted by kind and outcome, with the refusals by reason where the game names them, and
each broken promise listed.  Exit status 1 if any case failed."""

from __future__ import annotations

import argparse
import importlib
import signal
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from types import FrameType, ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "fuzz"))


def fuzz_module(name: str) -> ModuleType:
    """A module of tests/fuzz (a game's save mutations: ``dice_saves``, ``board_saves``)."""
    return importlib.import_module(name)


class Hang(BaseException):
    """A case ran past its time (not an Exception: the case's own handlers must not
    take it for a crash)."""


def _alarm(_signum: int, _frame: FrameType | None) -> None:
    raise Hang


def run(doc: str, *, cases: int, positions: Callable[[], int],
        case: Callable[[int], tuple[str, Any]], outcome: Callable[[Any, int], str],
        failure: type[Exception]) -> int:
    """Parse the command line (``doc``: the script's docstring, ``cases``: its default
    count) and run the cases; ``outcome`` raises ``failure`` (with a ``kind``) for a
    broken promise and may answer "refused: <reason>"."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--cases", type=int, default=cases)
    parser.add_argument("--first", type=int, default=0, help="the first case number")
    parser.add_argument("--timeout", type=int, default=10, help="seconds per case")
    parser.add_argument("--reasons", type=int, default=15,
                        help="how many refusal reasons to list (the most frequent)")
    args = parser.parse_args()
    signal.signal(signal.SIGALRM, _alarm)
    start = time.perf_counter()
    print(f"{positions()} positions to mutate", flush=True)
    counts: Counter[tuple[str, str]] = Counter()
    reasons: Counter[str] = Counter()
    failures: list[str] = []
    for seed in range(args.first, args.first + args.cases):
        kind, data = case(seed)
        signal.alarm(args.timeout)
        try:
            result = outcome(data, seed)
        except failure as exc:
            result = getattr(exc, "kind", "failed")
            failures.append(f"case {seed} ({kind}): {exc}")
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
    if reasons:
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
