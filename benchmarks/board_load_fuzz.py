"""The long run of the board game's load fuzzing (issue 22): mutated saves and start states.

    python benchmarks/board_load_fuzz.py [--cases 5000] [--first 0] [--timeout 10]

Each case (tests/fuzz/board_saves.py: a start-state save with its queue or another field
changed, or a settings-and-moves save changed; one case in eight a position whose waiting
decision rests on a stored answer, the nation's workers moved by hand, played on directly) must
be refused with a typed error in words, or load as a game that plays to its end with random
legal moves. Prints the counts by kind and outcome, and each broken promise (its case number,
kind and message); a case still running after ``--timeout`` seconds counts as a hang. Exit
status 1 if any case failed.
The normal test run draws a few hundred of the same cases (tests/fuzz/test_load_fuzz.py).
"""

from __future__ import annotations

import sys

from load_fuzz_runner import fuzz_module, run

saves = fuzz_module("board_saves")

if __name__ == "__main__":
    sys.exit(run(__doc__ or "", cases=5000, positions=lambda: len(saves.positions()),
                 case=saves.case, outcome=saves.outcome, failure=saves.CaseFailure))
