"""Write the replay fixtures: the real sequence of trait updates a page gets through whole
games, for the JS oracle test (js/test/shell/replay.test.js), which feeds them to the
widget one update at a time and compares the board drawn step by step with a fresh draw
of the same traits.

    .venv/bin/python js/scripts/make_replay_fixtures.py

Writes ``js/test/fixtures/replays.json`` (the dice game) and
``js/test/board/fixtures/replays.json`` (the board game): ``{"games": [{"name", "steps":
[{"what", "set": {trait: delta}}]}]}``.  Each step is one message from Python (one
``hold_sync`` publish, or the ``busy`` flag the bot runner raises and drops); its ``set``
holds the traits that changed, each as a delta from its previous value (see ``delta``),
the first step every trait whole.  The games are played by the real widgets: a human
seat driven by a fixed policy (purchases first), bot seats by the widget's own bots, one
published update per bot move as the page sees them when the bots play with a delay; the
sequences hold the humans' purchases, the bots' moves, Undo, Redo, a jump back in the
history, "» latest", the ends of rounds, the end of a game and a new game ("Play
again").  Deterministic (seeded games and bots), so the files change only when the
engines, the bots or the payloads do.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from unittest import mock

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from nations_widget.widget import NationsWidget  # noqa: E402
from nations_widget.widget.board.widget import BoardWidget  # noqa: E402
from nations_widget.widget.shell.widget import GameWidget  # noqa: E402

DICE_OUT = ROOT / "js" / "test" / "fixtures" / "replays.json"
BOARD_OUT = ROOT / "js" / "test" / "board" / "fixtures" / "replays.json"


def delta(old: Any, new: Any) -> Any:
    """``new`` as a change of ``old`` (js/test/shell/replay.test.js undoes it): an object
    that differs in some keys is ``{"$p": {key: delta}, "$d": [keys gone]}``, a list of the
    same length ``{"$a": {index: delta}}``, anything else ``new`` itself."""
    if isinstance(old, dict) and isinstance(new, dict):
        patch = {k: delta(old[k], v) if k in old else v for k, v in new.items()
                 if k not in old or old[k] != v}
        gone = [k for k in old if k not in new]
        out: dict[str, Any] = {"$p": patch}
        if gone:
            out["$d"] = gone
        return out
    if isinstance(old, list) and isinstance(new, list) and len(old) == len(new) and old:
        return {"$a": {str(i): delta(a, b) for i, (a, b) in enumerate(zip(old, new, strict=True))
                       if a != b}}
    return new


class Recorder:
    """The synced traits' updates of widget ``w``, one step per message."""

    def __init__(self, w: GameWidget[Any, Any], name: str) -> None:
        self.w = w
        self.name = name
        self.names = sorted(w.read_only_traits())
        self.sent: dict[str, Any] = {}
        self.steps: list[dict[str, Any]] = []
        # the bots play only when this script says (one published update per move)
        w.bot_runner.schedule = lambda hint=False: None  # type: ignore[method-assign]
        # a page opening gets the whole log (it asks for it: intent log_sync)
        w.publisher.publish_log(reset=True)
        self.step("open")

    def step(self, what: str) -> None:
        changed: dict[str, Any] = {}
        for n in self.names:
            value = json.loads(json.dumps(getattr(self.w, n)))
            if n not in self.sent:
                changed[n] = value
            elif self.sent[n] != value:
                changed[n] = delta(self.sent[n], value)
            self.sent[n] = value
        if changed:
            self.steps.append({"what": what, "set": changed})

    def bots(self) -> None:
        """The bots' turns as the runner plays them: busy, each move, not busy."""
        w = self.w
        if w.game.current_player is None or w.seats[w.game.current_player] == "human":
            return
        w.busy = True
        self.step("bots start")
        while w.game.current_player is not None and w.seats[w.game.current_player] != "human":
            w.bot_move()
            self.step(f"bot move (position {w.game.position})")
        w.busy = False
        self.step("bots done")

    def human(self, choose: Callable[[list[Any]], Any]) -> None:
        w = self.w
        move = choose(w.game.legal_moves())
        w.play(move)
        kind = getattr(move, "type", type(move).__name__)
        self.step(f"human {kind} (position {w.game.position})")

    def play_until(self, choose: Callable[[list[Any]], Any], until: Callable[[], bool],
                   limit: int = 5000) -> None:
        for _ in range(limit):
            if until() or self.w.game.is_over:
                return
            if self.w.seats[self.w.game.current_player] == "human":
                self.human(choose)
            else:
                self.bots()
        raise RuntimeError("not reached")

    def record(self) -> dict[str, Any]:
        return {"name": self.name, "steps": self.steps}


def dice_policy(moves: list[Any]) -> Any:
    """Build if possible, else the dearest buy, else the last option (pay), else pass."""
    for kind in ("build", "buy"):
        found = [m for m in moves if m.type == kind]
        if found:
            return found[-1]
    return moves[-1] if moves[-1].type != "reroll" else moves[0]


def board_policy(moves: list[Any]) -> Any:
    """Buy when possible, else deploy, else the first move."""
    for kind in ("buy", "deploy"):
        found = [m for m in moves if m.type == kind]
        if found:
            return found[-1]
    return moves[0]


def history_moves(r: Recorder, choose: Callable[[list[Any]], Any]) -> None:
    """Undo, Redo, Undo, a jump back, "» latest", and an Undo played on (a new branch)."""
    w = r.w
    latest = w.game.position
    w.undo(None)
    r.step("undo")
    w.redo()
    r.step("redo")
    r.bots()  # a redo onto a bot's turn: the bots play on (a new branch)
    w.undo(None)
    r.step("undo")
    w.undo(None)
    r.step("undo again")
    w.goto(max(w.game.position - 7, 1))
    r.step("goto (a jump back)")
    w.goto(latest)
    r.step("» latest")
    w.undo(None)
    r.step("undo")
    r.human(choose)
    r.bots()


@contextmanager
def fixed_salts(name: str) -> Iterator[None]:
    """Each game's fingerprint salt (the ``fair`` trait) drawn from ``name`` instead of
    at random, so that the fixtures are the same at every run."""
    counter = itertools.count()

    def salt() -> str:
        return hashlib.sha256(f"{name}:{next(counter)}".encode()).hexdigest()[:32]

    with mock.patch("nations_widget.core.history.new_salt", salt):
        yield


def dice_game(name: str, players: int, seats: list[str], seed: int, **config: Any
              ) -> dict[str, Any]:
    with fixed_salts(name):
        return _dice_game(name, players, seats, seed, **config)


def board_game(name: str, players: int, seats: list[str], seed: int, **config: Any
               ) -> dict[str, Any]:
    with fixed_salts(name):
        return _board_game(name, players, seats, seed, **config)


def _dice_game(name: str, players: int, seats: list[str], seed: int, **config: Any
               ) -> dict[str, Any]:
    w = NationsWidget(players=players, seats=seats, seed=seed, bot_delay=0, **config)
    r = Recorder(w, name)
    r.bots()
    # round 1 and into round 2 (the end of a round), then the history
    r.play_until(dice_policy, lambda: w.state.round >= 2 and w.state.step == "actions"
                 and w.seats[w.game.current_player] == "human")
    history_moves(r, dice_policy)
    r.play_until(dice_policy, lambda: False)  # to the end of the game
    assert w.game.is_over
    w.start_game({"seed": seed + 1})  # "Play again"
    r.step("new game")
    r.bots()
    r.play_until(dice_policy, lambda: w.game.position >= 12)
    return r.record()


def benchmark_policy(w: NationsWidget) -> Any:
    """The real moves of benchmarks/browser_latency.py (its PREPARE_MOVE): the first colony
    or wonder on the progress board (in the page's order: row by row from the dearest,
    column by column) that the player can afford, paid the suggested way (the first legal
    payment), else Pass."""
    view, legal = w.view, w.legal
    buys: dict[str, Any] = {}
    for entry in legal:
        if entry["move"]["type"] == "buy":
            buys.setdefault(entry["move"]["tile"], entry["move"])
    cols = len(view["board"])
    for row in (2, 1, 0):
        for col in range(cols):
            tile = view["board"][col][row]
            if tile in buys and w.catalogue["tiles"][tile]["kind"] in ("colony", "wonder"):
                return buys[tile]
    return next(e["move"] for e in legal if e["move"] == {"type": "pass"})


def dice_benchmark_game(name: str, seed: int) -> dict[str, Any]:
    with fixed_salts(name):
        return _dice_benchmark_game(name, seed)


def _dice_benchmark_game(name: str, seed: int) -> dict[str, Any]:
    """The browser benchmark's hot seat (2 humans) played by its real moves: each purchase
    previewed (Python's answer to the page's question), then played; a whole game, then the
    same seed's game again from its first position ("Continue from here")."""
    w = NationsWidget(players=2, seats=["human", "human"], seed=seed, bot_delay=0)
    r = Recorder(w, name)
    ask = 0
    for replay in range(2):
        while not w.game.is_over and (replay == 0 or w.game.position < 8):
            move = benchmark_policy(w)
            if move["type"] == "buy":
                ask += 1
                w.preview_move(move, ask)
                r.step("preview")
            w.handle_intent({"kind": "move", "seat": w.game.current_player,
                             "position": w.game.position, "move": move})
            assert not w.error, w.error
            r.step(f"human {move['type']} (position {w.game.position})")
        if replay == 0:
            w.goto(0)
            r.step("« first")
            w.continue_here()
            r.step("continue from here")
    return r.record()


def _board_game(name: str, players: int, seats: list[str], seed: int, **config: Any
                ) -> dict[str, Any]:
    w = BoardWidget(players=players, seats=seats, seed=seed, bot_delay=0, **config)
    r = Recorder(w, name)
    r.bots()
    r.play_until(board_policy, lambda: w.game.round >= 2 and w.state.step == "actions"
                 and w.game.current_player is not None
                 and w.seats[w.game.current_player] == "human")
    history_moves(r, board_policy)
    r.play_until(board_policy, lambda: False)
    assert w.game.is_over
    w.start_game({"seed": seed + 1})
    r.step("new game")
    r.bots()
    r.play_until(board_policy, lambda: w.game.position >= 12)
    return r.record()


def write(path: Path, games: list[dict[str, Any]]) -> None:
    path.write_text(json.dumps({"games": games}, separators=(",", ":"), sort_keys=True) + "\n",
                    encoding="utf-8")
    print(f"{path.relative_to(ROOT)}: {path.stat().st_size} bytes, "
          f"{sum(len(g['steps']) for g in games)} steps")


def dice_games() -> list[dict[str, Any]]:
    return [
        dice_game("dice 3 players against 2 bots", 3, ["human", "random", "heuristic"], 4),
        dice_game("dice 2 players against a bot", 2, ["human", "random"], 11),
        dice_benchmark_game("dice 2 players hot seat, the benchmark's real moves", 1),
    ]


def board_games() -> list[dict[str, Any]]:
    return [
        board_game("board 3 players against 2 bots", 3, ["human", "heuristic-easy", "random"],
                   5, ages=1),
    ]


def main() -> None:
    write(DICE_OUT, dice_games())
    write(BOARD_OUT, board_games())


if __name__ == "__main__":
    main()
