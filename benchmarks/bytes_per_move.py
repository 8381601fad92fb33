"""What the widget sends to the page per move, dice game against board game, over whole
bot games: the JSON size of every trait update the widget sends (its comm's ``update``
messages, caught at ``Widget._send``, which is where ipywidgets hands a message to the
kernel's comm), summed per move; median, 95th percentile and max per move, and the median
per trait.

    PYTHONPATH=. .venv/bin/python benchmarks/bytes_per_move.py            # 2 and 4 players
    PYTHONPATH=. .venv/bin/python benchmarks/bytes_per_move.py --games 5 --json out.json

Each game is played from Python, one move per ``bot_move()`` (the move is played and the
board published, as after a click or a bot's move in Voila), every move chosen by the
game's preferred bot (the heuristic of each game), seeds 1..N. Two seatings:

- *hot seat*: every seat human, so every position also sends the acting player's legal
  moves (the heaviest case per move);
- *against bots*: seat 1 human, the others the preferred bot (the legal moves are sent
  only when the human is to decide, as in a game against bots in the app).

Not counted: the websocket frame around each message (Jupyter's header, about 500-700
bytes a message whatever its content: ``browser_latency.py`` counts whole frames) and the
``cards`` catalogue the board widget sends once per game (printed apart: it is sent when
the widget is shown, not per move).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from nations_widget.widget import BoardWidget, NationsWidget  # noqa: E402

WIDGETS: dict[str, Any] = {"dice": NationsWidget, "board": BoardWidget}


def _json_size(value: Any) -> int:
    return len(json.dumps(value, separators=(",", ":")))


def play_game(game: str, players: int, seating: str, seed: int) -> dict[str, Any]:
    """One whole game: per move, the JSON bytes of the trait updates sent (by trait)."""
    cls = WIDGETS[game]
    bot = cls(players=players, seed=seed).game_info["preferred_bot"]
    seats = ["human"] * players if seating == "hot seat" else \
        ["human"] + [bot] * (players - 1)
    widget = cls(players=players, seats=seats, seed=seed, bot_delay=0)
    sent: dict[str, int] = {}

    def record(msg: dict[str, Any], buffers: Any = None) -> None:
        if msg.get("method") == "update":
            for key, value in msg["state"].items():
                sent[key] = sent.get(key, 0) + _json_size(value)

    widget._send = record           # what ipywidgets would give the comm
    cards = _json_size(widget.cards) if game == "board" else 0
    per_move: list[dict[str, int]] = []
    started = time.perf_counter()
    while not widget.game.is_over:
        sent.clear()
        # a human's seat: the preferred bot decides for it (a bot seat plays its own)
        widget.bot_move(bot if seats[widget.game.current_player] == "human" else None)
        per_move.append(dict(sent))
    widget.close()
    return {"moves": per_move, "cards": cards, "seconds": time.perf_counter() - started}


def quantile(xs: list[int], q: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, int(q * len(s)))] if s else float("nan")


def measure(game: str, players: int, seating: str, games: int) -> dict[str, Any]:
    moves: list[dict[str, int]] = []
    cards = 0
    seconds = 0.0
    for seed in range(1, games + 1):
        result = play_game(game, players, seating, seed)
        moves += result["moves"]
        cards = max(cards, result["cards"])
        seconds += result["seconds"]
    totals = [sum(m.values()) for m in moves]
    traits = sorted({k for m in moves for k in m})
    return {
        "game": game, "players": players, "seating": seating, "games": games,
        "moves": len(moves),
        "bytes_median": statistics.median(totals),
        "bytes_p95": quantile(totals, 0.95),
        "bytes_max": max(totals),
        "bytes_mean": statistics.fmean(totals),
        "by_trait_median": {k: statistics.median([m.get(k, 0) for m in moves])
                            for k in traits},
        "by_trait_mean": {k: round(statistics.fmean([m.get(k, 0) for m in moves]))
                          for k in traits},
        "cards_once": cards,
        "seconds_per_move": seconds / max(1, len(moves)),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3, help="games per case (seeds 1..N)")
    parser.add_argument("--players", default="2,4")
    parser.add_argument("--seating", choices=["hot seat", "against bots", "both"],
                        default="both")
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    seatings = ["hot seat", "against bots"] if args.seating == "both" else [args.seating]
    results = []
    print(f"{'game':6} {'players':>7} {'seating':13} {'moves':>6} {'median':>8} {'p95':>8} "
          f"{'max':>8} {'mean':>8}  bytes of trait JSON per move; median by trait")
    for seating in seatings:
        for players in [int(p) for p in args.players.split(",")]:
            for game in ("dice", "board"):
                r = measure(game, players, seating, args.games)
                results.append(r)
                print(f"{game:6} {players:>7} {seating:13} {r['moves']:>6} "
                      f"{r['bytes_median']:>8.0f} {r['bytes_p95']:>8.0f} "
                      f"{r['bytes_max']:>8} {r['bytes_mean']:>8.0f}  "
                      f"{r['by_trait_median']}", flush=True)
    for r in results:
        if r["cards_once"]:
            print(f"board, {r['players']} players: the cards catalogue, once per game: "
                  f"{r['cards_once']} bytes")
            break
    if args.json:
        args.json.write_text(json.dumps(results, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
