"""Command line for both games: ``python -m nations_widget tournament --game board ...``.

``tournament --game dice|board [options]`` runs that game's tournament command (the same
as ``python -m nations_widget.dice tournament [options]`` or ``python -m
nations_widget.board tournament [options]``: bots by name, seats rotated, ``--games``,
``--seed``, ``--jobs``, ``--dask ADDRESS``, ``--csv FILE``); ``--help`` after the game
lists that game's options.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m nations_widget",
        description="Tools for both Nations games (each game also has its own: "
                    "python -m nations_widget.dice, python -m nations_widget.board).")
    sub = parser.add_subparsers(dest="command", required=True)
    t = sub.add_parser("tournament", add_help=False,
                       help="bots against each other in either game, with a CSV of games")
    t.add_argument("--game", choices=("dice", "board"), required=True,
                   help="dice: Nations: The Dice Game; board: Nations, the board game")
    args, rest = parser.parse_known_args(argv)
    if args.game == "dice":
        from .dice.__main__ import main as game_main
    else:
        from .board.__main__ import main as game_main
    return game_main(["tournament", *rest])


if __name__ == "__main__":
    sys.exit(main())
