"""The long run of the dice game's load fuzzing (issue 22): mutated saves and start states.

    python benchmarks/dice_load_fuzz.py [--cases 20000] [--first 0] [--timeout 10]

Each case (tests/fuzz/dice_saves.py: a start-state save with one field changed to a value
it could hold, or taken from elsewhere in the same game, or any value anywhere; or a
settings-and-moves save changed) must be refused with a typed error in words, or load as a
game that plays to its end with random legal moves, its state's JSON loading back the same
after every move.  Prints the counts by kind and outcome, the refusals by reason (the rule
or field named), and each broken promise (its case number, kind and message); a case still
running after ``--timeout`` seconds counts as a hang.  Exit status 1 if any case failed.
The normal test run draws a few hundred of the same cases (tests/fuzz/test_load_fuzz.py).
"""

from __future__ import annotations

import sys

from load_fuzz_runner import fuzz_module, run

saves = fuzz_module("dice_saves")

if __name__ == "__main__":
    sys.exit(run(__doc__ or "", cases=20000, positions=lambda: sum(map(len, saves.games())),
                 case=saves.case, outcome=saves.outcome, failure=saves.CaseFailure))
