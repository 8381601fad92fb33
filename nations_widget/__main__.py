"""Command line for both games: ``nations-widget`` (or ``python -m nations_widget``).

- ``play [--port N] [--no-browser]``: serve the app (both games) with Voila and the app's
  settings, from any folder (needs the ``[app]`` extra); other options go to Voila.
- ``lab [FOLDER]``: copy the notebooks into FOLDER (default ``nations_notebooks``; those
  already there are kept) and open JupyterLab on it (needs the ``[app]`` extra).
- ``static OUTDIR [--pyodide PATH] [--wheels DIR] [--cache DIR]``: write the app as a static
  site into OUTDIR, run in the visitor's browser by Pyodide (no server: any static host
  serves it; needs the ``[static]`` extra; :mod:`nations_widget.app.static_site`).
- ``tournament --game dice|board [options]`` runs that game's tournament command (the same
  as ``python -m nations_widget.dice tournament [options]`` or ``python -m
  nations_widget.board tournament [options]``: bots by name, seats rotated, ``--games``,
  ``--seed``, ``--jobs``, ``--dask ADDRESS``, ``--csv FILE``); ``--help`` after the game
  lists that game's options.  The games are the package's one list,
  :mod:`nations_widget.core.registry`.
- ``verify FINGERPRINT TEXT`` checks a finished game's commitment (fair dice, shown): the
  fingerprint the page showed from the start of a game, and the text it showed at the end
  (which holds the seed and the salt).  ``verify FINGERPRINT --save FILE`` checks a saved
  game instead: loading it replays every move from its seed, so a match also shows that the
  dice and decks of the game saved came from the seed committed to.  Exit status 0 when the
  fingerprint matches, 1 when it does not.
- ``tables prune --days N [--shared] [--store URL]``, for whoever runs the server: delete
  from the tables' store (the one the app uses: ``NATIONS_TABLES_URL`` or
  ``NATIONS_TABLES_DIR``, or ``--store``) the games kept from one screen that nobody played
  for N days, and with ``--shared`` the shared tables left as long too; prints how many
  it deleted (:func:`nations_widget.tables.kept.prune_kept`).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TextIO

from . import __version__
from .core.registry import GAME_KEYS, GAMES, game_entry


def main(argv: Sequence[str] | None = None) -> int:
    from .app.launch import DEFAULT_PORT, LAB_FOLDER

    parser = argparse.ArgumentParser(
        prog="nations-widget",
        description="The Nations games: the app, the notebooks and the bots' tournaments "
                    "(each game also has its own tools: "
                    + ", ".join(f"python -m {g.engine}" for g in GAMES) + ").")
    parser.add_argument("--version", action="version", version=f"nations_widget {__version__}")
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("play", help="serve the app (both games) in your browser with Voila",
                       description="Serve the app with Voila, with the app's settings (warm "
                                   "kernels, a cap on pages,\nidle kernels culled, security "
                                   "headers). Options not listed here go to Voila.",
                       epilog=play_epilog(),
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--port", type=int, default=DEFAULT_PORT,
                   help=f"the port on 127.0.0.1 (default {DEFAULT_PORT})")
    p.add_argument("--ip", default="127.0.0.1",
                   help="the address to listen on (default 127.0.0.1: this machine only)")
    p.add_argument("--no-browser", action="store_true", help="do not open a browser")
    p.add_argument("--base-url", default="/", help="the path the app is served under")
    p.add_argument("--pool", type=count_of("--pool", 1), metavar="N",
                   help="warm kernels kept ready, each started ahead with the app loaded, so "
                        "that a visitor does not wait for one (default: as many as this "
                        "machine suits, see below; same as NATIONS_KERNEL_POOL=N)")
    p.add_argument("--max-kernels", type=count_of("--max-kernels", 0), metavar="N",
                   help="the most pages served at once (one kernel each; the warm ones not "
                        "counted); the next visitor gets a 'The tables are full' page that "
                        "tries again a minute later; 0: no cap (default: as many as this "
                        "machine suits, see below; same as NATIONS_MAX_KERNELS=N)")
    lab = sub.add_parser("lab", help="open the notebooks (the app, lessons, inspectors) in "
                                     "JupyterLab",
                         description="Copy the notebooks into FOLDER (those it lacks) and open "
                                     "JupyterLab there. Options not listed here go to "
                                     "JupyterLab.")
    lab.add_argument("folder", nargs="?", default=LAB_FOLDER,
                     help=f"where the notebooks go (default ./{LAB_FOLDER})")
    lab.add_argument("--port", type=int, default=None, help="JupyterLab's port")
    lab.add_argument("--no-browser", action="store_true", help="do not open a browser")
    static = sub.add_parser(
        "static", help="write the app as a static site, run in the browser (no server)",
        description="Write the app (both games against bots, the hot seat, the lessons) as a "
                    "static site into OUTDIR: the visitor's browser runs it with Pyodide, so "
                    "any static host serves it (shared tables and kept games need "
                    "'nations-widget play'). Every file the page loads is in OUTDIR. Needs "
                    "the [static] extra; the first build fetches Pyodide's runtime with npm "
                    "and the page's wheels with pip, and caches them.")
    static.add_argument("outdir", help="the site's folder (made, or replaced if it holds an "
                                       "earlier build)")
    static.add_argument("--pyodide", metavar="PATH", default=None,
                        help="the npm package pyodide (its folder or .tgz) instead of "
                             "fetching it with npm")
    static.add_argument("--wheels", metavar="DIR", default=None,
                        help="a folder holding the wheels the page loads, instead of "
                             "fetching them from PyPI")
    static.add_argument("--cache", metavar="DIR", default=None,
                        help="where fetched pieces are kept between builds (default "
                             "~/.cache/nations_widget/static-pyodide-VERSION)")
    t = sub.add_parser("tournament", add_help=False,
                       help="bots against each other in either game, with a CSV of games")
    t.add_argument("--game", choices=GAME_KEYS, required=True,
                   help="; ".join(f"{g.key}: {g.title}" for g in GAMES))
    v = sub.add_parser("verify", help="check a game's fingerprint against the text shown "
                                      "at its end (or against a saved game)")
    v.add_argument("fingerprint", help="the fingerprint shown from the start of the game")
    v.add_argument("text", nargs="?", help="the text shown at the end of the game")
    v.add_argument("--save", metavar="FILE", help="a saved game (JSON) to check instead")
    tables = sub.add_parser("tables", help="look after the store of kept games and tables",
                            description="Look after the tables' store (the one the app uses: "
                                        "NATIONS_TABLES_URL, else the SQLite file in "
                                        "NATIONS_TABLES_DIR or the per-user data folder).")
    tables_sub = tables.add_subparsers(dest="tables_command", required=True)
    prune = tables_sub.add_parser(
        "prune", help="delete the games nobody played for some days",
        description="Delete the games kept from one screen (hot seat, against bots) that "
                    "nobody played for DAYS days; shared tables only with --shared.")
    prune.add_argument("--days", type=float, required=True,
                       help="delete what was last played more than this many days ago")
    prune.add_argument("--shared", action="store_true",
                       help="delete the shared tables left that long too (their players "
                            "lose them)")
    prune.add_argument("--store", metavar="URL", default=None,
                       help="a postgresql:// or sqlite:///path URL (default: the app's "
                            "store, from the environment)")
    args, rest = parser.parse_known_args(argv)
    if args.command == "tables":
        if rest:
            parser.error(f"unrecognized arguments: {' '.join(rest)}")
        return prune_command(args.days, shared=args.shared, url=args.store)
    if args.command == "verify":
        if rest:
            parser.error(f"unrecognized arguments: {' '.join(rest)}")
        return verify_command(args.fingerprint, args.text, args.save)
    if args.command == "static":
        if rest:
            parser.error(f"unrecognized arguments: {' '.join(rest)}")
        return static_command(args.outdir, pyodide=args.pyodide, wheels=args.wheels,
                              cache=args.cache)
    if args.command == "play":
        from .app.launch import play
        return play(args.port, args.ip, base_url=args.base_url,
                    open_browser=not args.no_browser, voila_args=rest, pool=args.pool,
                    max_kernels=args.max_kernels)
    if args.command == "lab":
        from .app.launch import lab as open_lab
        return open_lab(Path(args.folder).resolve(), args.port,
                        open_browser=not args.no_browser, lab_args=rest)
    return game_entry(args.game).cli()(["tournament", *rest])


def static_command(outdir: str, *, pyodide: str | None = None, wheels: str | None = None,
                   cache: str | None = None, out: TextIO | None = None) -> int:
    """``static OUTDIR``: build the static site; 0, or 2 with the reason when it cannot."""
    from .app.static_site import StaticBuildError, build_static_site
    stream = out if out is not None else sys.stdout
    try:
        site = build_static_site(outdir, pyodide=pyodide, wheels=wheels, cache=cache,
                                 say=lambda step: print(f"static: {step}", file=stream,
                                                        flush=True))
    except StaticBuildError as exc:
        print(f"static: {exc}", file=stream)
        return 2
    print(f"static: wrote {site.folder} ({site.size_bytes / 1e6:.1f} MB in "
          f"{site.seconds:.0f} s); its page is {site.page}. Serve the folder with any static "
          f"host, e.g. python -m http.server --directory {site.folder}", file=stream)
    return 0


def count_of(flag: str, low: int) -> Any:
    """An argparse type: a whole number of at least ``low``, refused in words."""
    def parse(text: str) -> int:
        if not text.strip().isdigit() or int(text) < low:
            raise argparse.ArgumentTypeError(f"{flag} takes a whole number, at least {low}; "
                                             f"got {text!r}")
        return int(text)
    return parse


def play_epilog() -> str:
    """What ``play --help`` says after the options: the sizes this machine gets, what a
    kernel costs, and the settings read from the environment."""
    import textwrap

    from .app.voila_settings import (
        CULL_IDLE_S,
        KERNEL_MB,
        KERNEL_START_CPU_S,
        PAGE_KERNEL_MB,
        default_max_pages,
        default_pool,
        this_machine,
    )
    machine = this_machine()
    sizes = (f"Each visitor's page runs a kernel of its own: about {KERNEL_MB} MB when its "
             f"game starts (up to {PAGE_KERNEL_MB} MB after a long one) and "
             f"{KERNEL_START_CPU_S} s of CPU to start, besides the CPU its bots think with. "
             f"On this machine ({machine.cores} cores, {machine.memory_mb / 1024:.1f} GiB) "
             f"the defaults are --pool {default_pool(machine)} and --max-kernels "
             f"{default_max_pages(machine)}: one warm kernel per 2 cores (at most 4), and 12 "
             "pages a core within half the memory. A server expecting a crowd at once keeps "
             f"more warm kernels, e.g. --pool 20 (about {20 * KERNEL_MB / 1000:.1f} GB, and "
             "every core busy for a while at the start); with too few, the pages of a crowd "
             "wait for their kernels to start.")
    culled = (f"A page closed or reloaded takes its kernel with it; a kernel whose page "
              f"vanished without a word (a crashed browser) is shut down after "
              f"{CULL_IDLE_S // 60} idle minutes.")
    environment = [
        ("NATIONS_KERNEL_POOL=N", "as --pool N"),
        ("NATIONS_MAX_KERNELS=N", "as --max-kernels N"),
        ("NATIONS_TABLES_DIR=DIR", "the folder of the SQLite file that keeps every game "
                                   "and table (default ~/.local/share/nations_widget/"
                                   "tables)"),
        ("NATIONS_TABLES_URL=URL", "keep them in PostgreSQL instead (postgresql://...): "
                                   "several servers of one site share it"),
        ("NATIONS_TCP_NODELAY=0", "leave Nagle's algorithm on for the kernel websocket "
                                  "(the app turns it off: an update that closely follows "
                                  "another arrives about 40 ms sooner)"),
    ]
    lines = ["sizes:", textwrap.fill(sizes, 86, initial_indent="  ", subsequent_indent="  ",
                                     break_on_hyphens=False),
             "", "environment (read when the server starts):"]
    for name, what in environment:
        lines.append(textwrap.fill(what, 86, initial_indent=f"  {name:<24}",
                                   subsequent_indent=" " * 26))
    lines += ["", textwrap.fill(culled, 88)]
    return "\n".join(lines)


def prune_command(days: float, *, shared: bool = False, url: str | None = None,
                  out: TextIO | None = None) -> int:
    """``tables prune``: delete the kept games (and with ``shared`` the tables) nobody
    played for ``days`` days; 0, or 2 when the store cannot be opened or ``days`` is
    negative."""
    from .tables import StoreError, open_store
    from .tables.kept import prune_kept
    stream = out if out is not None else sys.stdout
    if days < 0:
        print("give a number of days of 0 or more", file=stream)
        return 2
    try:
        store = open_store(url)
    except StoreError as exc:
        print(f"the tables' store cannot be opened: {exc}", file=stream)
        return 2
    try:
        deleted = prune_kept(store, days, shared=shared)
    finally:
        store.close()
    plural = "" if deleted == 1 else "s"
    what = (f"table{plural} (games kept from one screen and shared tables)" if shared
            else f"game{plural} kept from one screen")
    print(f"Deleted {deleted} {what} not played for {days:g} days, from {store!r}.",
          file=stream)
    return 0


def verify_command(expected: str, text: str | None, save: str | None,
                   out: TextIO | None = None) -> int:
    """``verify``: 0 when the fingerprint matches the text (or the saved game), else 1."""
    from .core.fairness import revealed_seed, verify
    stream = out if out is not None else sys.stdout
    if (text is None) == (save is None):
        print("give either the text shown at the end of the game or --save FILE",
              file=stream)
        return 2
    if save is not None:
        text, problem = _committed_text_of_save(save)
        if text is None:
            print(problem, file=stream)
            return 1
    assert text is not None
    if verify(expected, text):
        print(f"The fingerprint matches: the seed {revealed_seed(text)} and the salt were "
              "fixed before the first move.", file=stream)
        return 0
    print("The fingerprint does NOT match this text: it was made from something else.",
          file=stream)
    return 1


def _committed_text_of_save(path: str) -> tuple[str | None, str]:
    """A saved game's committed text (its load replays every move from its seed), or why
    there is none."""
    import json

    from .core.errors import StateFormatError
    from .core.history import HistoryGame
    try:
        with open(path, encoding="utf-8") as f:
            raw = f.read()
        kind = json.loads(raw).get("format")
    except (OSError, ValueError, AttributeError) as exc:
        return None, f"cannot read {path}: {exc}"
    engines: dict[str, type[HistoryGame[Any, Any]]] = {
        engine.FORMAT: engine for engine in (g.game_class() for g in GAMES)}
    engine = engines.get(kind) if isinstance(kind, str) else None
    if engine is None:
        return None, f"{path} is not a saved game of either game"
    try:
        game = engine.from_json(raw)
    except StateFormatError as exc:
        return None, f"{path} does not load: {exc}"
    text = game.committed_text()
    if text is None:
        return None, (f"{path} was saved before games had fingerprints: it has no salt, "
                      "so there is nothing to check")
    return text, ""


if __name__ == "__main__":
    sys.exit(main())
