"""Command line for both games: ``nations-widget`` (or ``python -m nations_widget``).

- ``play [--port N] [--no-browser]``: serve the app (both games) with Voila and the app's
  settings, from any folder (needs the ``[app]`` extra); other options go to Voila.
- ``lab [FOLDER]``: copy the notebooks into FOLDER (default ``nations_notebooks``; those
  already there are kept) and open JupyterLab on it (needs the ``[app]`` extra).
- ``tournament --game dice|board [options]`` runs that game's tournament command (the same
  as ``python -m nations_widget.dice tournament [options]`` or ``python -m
  nations_widget.board tournament [options]``: bots by name, seats rotated, ``--games``,
  ``--seed``, ``--jobs``, ``--dask ADDRESS``, ``--csv FILE``); ``--help`` after the game
  lists that game's options.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from . import __version__


def main(argv: Sequence[str] | None = None) -> int:
    from .app.launch import DEFAULT_PORT, LAB_FOLDER

    parser = argparse.ArgumentParser(
        prog="nations-widget",
        description="The Nations games: the app, the notebooks and the bots' tournaments "
                    "(each game also has its own tools: python -m nations_widget.dice, "
                    "python -m nations_widget.board).")
    parser.add_argument("--version", action="version", version=f"nations_widget {__version__}")
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("play", help="serve the app (both games) in your browser with Voila",
                       description="Serve the app with Voila, with the app's settings (a warm "
                                   "kernel, idle kernels culled, security headers). Options "
                                   "not listed here go to Voila.")
    p.add_argument("--port", type=int, default=DEFAULT_PORT,
                   help=f"the port on 127.0.0.1 (default {DEFAULT_PORT})")
    p.add_argument("--ip", default="127.0.0.1",
                   help="the address to listen on (default 127.0.0.1: this machine only)")
    p.add_argument("--no-browser", action="store_true", help="do not open a browser")
    p.add_argument("--base-url", default="/", help="the path the app is served under")
    lab = sub.add_parser("lab", help="open the notebooks (the app, lessons, inspectors) in "
                                     "JupyterLab",
                         description="Copy the notebooks into FOLDER (those it lacks) and open "
                                     "JupyterLab there. Options not listed here go to "
                                     "JupyterLab.")
    lab.add_argument("folder", nargs="?", default=LAB_FOLDER,
                     help=f"where the notebooks go (default ./{LAB_FOLDER})")
    lab.add_argument("--port", type=int, default=None, help="JupyterLab's port")
    lab.add_argument("--no-browser", action="store_true", help="do not open a browser")
    t = sub.add_parser("tournament", add_help=False,
                       help="bots against each other in either game, with a CSV of games")
    t.add_argument("--game", choices=("dice", "board"), required=True,
                   help="dice: Nations: The Dice Game; board: Nations, the board game")
    args, rest = parser.parse_known_args(argv)
    if args.command == "play":
        from .app.launch import play
        return play(args.port, args.ip, base_url=args.base_url,
                    open_browser=not args.no_browser, voila_args=rest)
    if args.command == "lab":
        from .app.launch import lab as open_lab
        return open_lab(Path(args.folder).resolve(), args.port,
                        open_browser=not args.no_browser, lab_args=rest)
    if args.game == "dice":
        from .dice.__main__ import main as game_main
    else:
        from .board.__main__ import main as game_main
    return game_main(["tournament", *rest])


if __name__ == "__main__":
    sys.exit(main())
