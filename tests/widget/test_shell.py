"""The widget shell on its own (issue 15): a tiny game that is not Nations drives
:class:`GameWidget` through its adapter, so that nothing in the shell can lean on the dice
game (seat counts, catalogue, pledges, tiles...).

The game, "race to 10": players take turns adding 1 or 2 to a shared total; whoever
brings it to 10 or more wins.  Its seed decides who starts (so the generator is part of
the state, as the rules of the project ask).
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

import pytest

from nations_widget.core import IllegalMoveError, LogEntry, MalformedMoveError, StateFormatError
from nations_widget.core.history import HistoryGame
from nations_widget.widget import GameWidget
from nations_widget.widget.shell import ExtraIntent, IntentError, IntentTable
from nations_widget.widget.shell.bots import default_seats
from nations_widget.widget.shell.log import log_entries

GOAL = 10


@dataclass(frozen=True)
class Add:
    """A move: add 1 or 2."""

    n: int
    type: ClassVar[str] = "add"

    def to_json(self) -> dict[str, Any]:
        return {"type": "add", "n": self.n}

    def __str__(self) -> str:
        return f"add {self.n}"


@dataclass(frozen=True)
class RaceConfig:
    players: int = 2
    seed: int = 0
    goal: int = GOAL

    def to_json(self) -> dict[str, Any]:
        return {"players": self.players, "seed": self.seed, "goal": self.goal}


class RaceState:
    def __init__(self, config: RaceConfig, total: int = 0, turn: int | None = None) -> None:
        self.config = config
        self.total = total
        self.turn = config.seed % config.players if turn is None else turn

    def current_player(self) -> int | None:
        return None if self.is_terminal() else self.turn

    def legal_moves(self) -> list[Add]:
        return [] if self.is_terminal() else [Add(1), Add(2)]

    def apply(self, move: Any, log: bool = True) -> list[LogEntry]:
        if self.is_terminal():
            raise IllegalMoveError("the game is over")
        if not isinstance(move, Add) or move.n not in (1, 2):
            raise IllegalMoveError("add 1 or 2")
        seat = self.turn
        self.total += move.n
        self.turn = (self.turn + 1) % self.config.players
        return [LogEntry(1, "play", seat, "add", f"Player {seat + 1} adds {move.n}: "
                                                  f"{self.total}.")]

    def is_terminal(self) -> bool:
        return self.total >= self.config.goal

    def scores(self) -> list[int]:
        return [1 if self.winner() == s else 0 for s in range(self.config.players)]

    def winner(self) -> int | None:
        if not self.is_terminal():
            return None
        return (self.turn - 1) % self.config.players

    def clone(self) -> RaceState:
        return RaceState(self.config, self.total, self.turn)

    def reseeded(self, seed: int) -> RaceState:
        return self.clone()

    def view(self, seat: int | None) -> dict[str, Any]:
        return {"total": self.total, "goal": self.config.goal}

    def to_json(self) -> dict[str, Any]:
        return {"config": self.config.to_json(), "total": self.total, "turn": self.turn}

    def _repr_html_(self) -> str:
        return f"<p>{self.total}</p>"


def parse_add(raw: Any) -> Add:
    if isinstance(raw, Add):
        return raw
    if isinstance(raw, str):
        raw = json.loads(raw)
    if not isinstance(raw, dict) or raw.get("type") != "add" or raw.get("n") not in (1, 2):
        raise MalformedMoveError("a move is {'type': 'add', 'n': 1 or 2}")
    return Add(raw["n"])


class RaceGame(HistoryGame[RaceState, Add]):
    FORMAT = "race-to-10"
    VERSION = 1

    def __init__(self, config: RaceConfig) -> None:
        self._begin(config, None)

    @classmethod
    def _start(cls, config: RaceConfig, catalogue: Any) -> tuple[RaceState, list[LogEntry]]:
        return RaceState(config), []

    @classmethod
    def _default_components(cls) -> Any:
        return "race"

    @classmethod
    def _components_of(cls, state: RaceState) -> Any:
        return "race"

    @classmethod
    def _config_from_json(cls, data: object) -> RaceConfig:
        if not isinstance(data, dict) or set(data) != {"players", "seed", "goal"}:
            raise StateFormatError("config must be {players, seed, goal}")
        return RaceConfig(**data)

    @classmethod
    def _parse_move(cls, move: Any) -> Add:
        return parse_add(move)

    @classmethod
    def _state_from_json(cls, data: object, catalogue: Any) -> RaceState:
        raise StateFormatError("a race never starts from a position")

    @classmethod
    def _components_json(cls, components: Any) -> dict[str, Any]:
        return {"name": "race"}

    @classmethod
    def _components_mismatch(cls, info: object, components: Any) -> str | None:
        return None if info == {"name": "race"} else "not a race"


class FirstBot:
    """Always adds 2 (records how often it was asked)."""

    calls = 0

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def choose(self, state: RaceState) -> Add:
        FirstBot.calls += 1
        return state.legal_moves()[-1]


def make_first(name: str, seed: int) -> FirstBot:
    if name != "greedy":
        raise ValueError(f"unknown bot {name!r}")
    return FirstBot(seed)


def _jump(widget: RaceWidget, fields: dict[str, Any]) -> None:
    """The race's own intent: start a new game whose total is already ``to``."""
    to = fields["to"]
    if not 0 <= to < GOAL:
        raise IntentError(f"jump to 0-{GOAL - 1}, got {to}")
    widget.replace_game(RaceGame.from_state(RaceState(widget.game.config, total=to)))


class RaceAdapter:
    kind = "race"
    title = "Race to 10"
    player_counts: tuple[int, ...] = (2, 3, 5)
    preferred_bot = "greedy"
    fair_words: Mapping[str, str] = {"title": "Fair starts", "draws": "Every draw of this race"}
    settings_fields: Mapping[str, tuple[str, ...]] = {"goal": ("integer",)}
    extra_intents: Mapping[str, ExtraIntent] = {
        "jump": ExtraIntent({"to": ("integer",)}, _jump, frozenset({"to"}), "start at a total"),
    }

    def new_game(self, settings: Mapping[str, Any], current: RaceGame | None) -> RaceGame:
        old = current.config if current is not None else RaceConfig()
        goal = settings.get("goal", old.goal)
        if not 1 <= goal <= 50:
            raise ValueError("the goal must be 1-50")
        players = settings.get("players", old.players)
        if players not in self.player_counts:
            raise ValueError("a race has 2, 3 or 5 players")
        return RaceGame(RaceConfig(players, settings["seed"], goal))

    def settings_of(self, game: RaceGame) -> dict[str, Any]:
        return game.config.to_json()

    def load_game(self, data: dict[str, Any]) -> RaceGame:
        return RaceGame.from_json(data)

    def save_filename(self, game: RaceGame) -> str:
        return f"race-move{game.position}.json"

    def parse_move(self, raw: Any) -> Add:
        return parse_add(raw)

    def likely_moves(self, game: RaceGame) -> list[Add]:
        return []

    def seat_count(self, game: RaceGame) -> int:
        return game.config.players

    def seat_label(self, seat: int) -> str:
        return f"Runner {seat + 1}"

    def bots(self) -> tuple[tuple[str, ...], Any]:
        return ("greedy",), make_first

    def bot_descriptions(self, names: Sequence[str]) -> dict[str, str]:
        return {"greedy": "always adds 2"}

    def bot_levels(self, names: Sequence[str]) -> dict[str, str]:
        return {"greedy": "easy"} if "greedy" in names else {}

    def default_seats(self, players: int, bot_names: Sequence[str]) -> list[str]:
        return default_seats(players, bot_names, self.preferred_bot)

    def view_payload(self, game: RaceGame, seats: Sequence[str]) -> dict[str, Any]:
        return {**game.state.view(None), "position": game.position,
                "current": game.current_player, "winner": game.winner}

    def legal_payload(self, game: RaceGame) -> list[dict[str, Any]]:
        return [{"move": m.to_json(), "text": str(m)} for m in game.legal_moves()]

    def log_entries(self, game: RaceGame, limit: int) -> list[dict[str, Any]]:
        return log_entries(game, limit)

    def preview_payload(self, game: RaceGame, move: Add) -> dict[str, Any]:
        return {"title": f"the total becomes {game.state.total + move.n}"}

    def extra_traits(self, game: RaceGame, full: bool) -> dict[str, Any]:
        return {}

    def hint(self, game: RaceGame, top: int) -> None:
        return None

    def grade(self, game: RaceGame, position: int) -> None:
        return None


class RaceWidget(GameWidget[RaceGame, Add]):
    _esm = "export default { render() {} };"

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(RaceAdapter(), **kwargs)


def race(seats: list[str] | None = None, **kwargs: Any) -> RaceWidget:
    settings = {"players": len(seats) if seats else 2, "seed": 4, **kwargs.pop("settings", {})}
    kwargs.setdefault("bot_delay", 0)
    return RaceWidget(settings=settings, seats=seats or ["human", "human"], **kwargs)


def test_the_intent_table_takes_a_games_own_intents_and_settings() -> None:
    table = IntentTable.of({"jump": ({"to": ("integer",)}, frozenset({"to"}))},
                           {"goal": ("integer",)})
    assert "jump" in table.kinds and "move" in table.kinds
    assert table.parse({"kind": "jump", "to": 3}).fields == {"to": 3}
    with pytest.raises(IntentError, match="'to'"):
        table.parse({"kind": "jump"})
    with pytest.raises(IntentError, match="whole number"):
        table.parse({"kind": "jump", "to": "3"})
    table.check_settings({"goal": 5, "players": 2})
    with pytest.raises(IntentError, match="colour"):
        table.check_settings({"colour": "red"})
    # the generic table does not know the game's
    with pytest.raises(IntentError, match="unknown message kind"):
        IntentTable.of().parse({"kind": "jump", "to": 3})
    with pytest.raises(ValueError, match="redefine the generic move"):
        IntentTable.of({"move": ({}, frozenset())})


def test_a_game_that_is_not_nations_plays_through_the_shell() -> None:
    w = race()
    assert w.game_kind == "race"
    assert w.game_info == {"kind": "race", "title": "Race to 10", "player_counts": [2, 3, 5],
                           "preferred_bot": "greedy", "bot_levels": {"greedy": "easy"},
                           "fair_words": {"title": "Fair starts",
                                          "draws": "Every draw of this race"}}
    # the seed would tell the page every draw to come: not sent while the game runs
    assert w.settings == {"players": 2, "goal": GOAL, "bot_delay": 0.0,
                          "max_message": 400_000}
    assert w.view["current"] == 0 and w.legal == [
        {"move": {"type": "add", "n": 1}, "text": "add 1"},
        {"move": {"type": "add", "n": 2}, "text": "add 2"}]
    w.handle_intent({"kind": "move", "seat": 0, "position": 0, "move": {"type": "add", "n": 2}})
    assert w.error == "" and w.view["total"] == 2 and w.view["current"] == 1
    assert w.game_log[-1]["text"] == "Player 1 adds 2: 2."
    # the game's own words for its seats, and the shell's refusals
    w.handle_intent({"kind": "move", "seat": 0, "move": {"type": "add", "n": 1}})
    assert w.error == "it is not Runner 1's turn: Runner 2 is to decide"
    w.handle_intent({"kind": "move", "seat": 1, "position": 0, "move": {"type": "add", "n": 1}})
    assert "that click was made on move 0" in w.error and w.view["total"] == 2
    w.handle_intent({"kind": "move", "move": {"type": "add", "n": 3}})
    assert w.error == "a move is {'type': 'add', 'n': 1 or 2}" and w.game.position == 1
    w.handle_intent({"kind": "move", "move": {"type": "add", "n": 1}})
    assert w.error == "" and w.history == {"position": 2, "length": 2, "can_undo": True,
                                           "can_redo": False, "undo_to": 1, "game_at": 2,
                                           "game": 1}
    # undo, redo, goto
    w.handle_intent({"kind": "undo"})
    assert w.view["total"] == 2 and w.history["can_redo"]
    w.handle_intent({"kind": "redo"})
    assert w.view["total"] == 3
    w.handle_intent({"kind": "goto", "position": 0})
    assert w.view["total"] == 0 and w.game_log == []
    w.handle_intent({"kind": "goto", "position": 9})
    assert w.error == "position must be 0-2, got 9"
    # a preview, and no coach
    w.handle_intent({"kind": "preview", "move": {"type": "add", "n": 2}})
    assert w.preview == {"title": "the total becomes 2", "position": 0,
                         "move": {"type": "add", "n": 2}, "asked": 1}
    w.handle_intent({"kind": "hint"})
    assert w.error == "this game has no coach yet"


def test_bots_new_game_and_the_games_own_intent() -> None:
    FirstBot.calls = 0
    w = race(["human", "greedy", "greedy"])
    # seed 4, 3 players: seat 1 starts; it is a bot, so the bots played at once until
    # the human's turn, each decision asked once
    assert [e["text"] for e in w.game_log] == ["Player 2 adds 2: 2.", "Player 3 adds 2: 4."]
    assert w.view["current"] == 0 and FirstBot.calls == 2 and not w.busy
    w.handle_intent({"kind": "move", "seat": 0, "move": {"type": "add", "n": 1}})
    assert w.view["total"] == 9 and w.view["current"] == 0
    # Undo goes back to the human's previous decision, over the bots' moves
    w.handle_intent({"kind": "undo"})
    assert w.game.position == 2
    # a bot plays a human's decision when asked
    w.handle_intent({"kind": "bot_move"})
    assert w.game.position == 5 and w.view["total"] == 10 and w.view["winner"] == 2
    assert w.settings["seed"] == 4                  # the game is over: the page may know it
    w.handle_intent({"kind": "play_bots"})
    assert w.error == "the game is over"
    # a new game: the game's own setting, the generic ones, and refusals in words
    w.handle_intent({"kind": "new_game", "settings": {"goal": 60}})
    assert w.error == "cannot start that game: the goal must be 1-50"
    w.handle_intent({"kind": "new_game", "settings": {"players": 4}})
    assert w.error == "cannot start that game: a race has 2, 3 or 5 players"
    w.handle_intent({"kind": "new_game", "settings": {"players": 2, "goal": 5, "seed": "7",
                                                      "seats": ["greedy", "human"]}})
    assert w.error == "" and w.settings["goal"] == 5 and w.seats == ["greedy", "human"]
    assert w.game.config.seed == 7 and "seed" not in w.settings
    # seed 7: seat 1 starts, the human; no bot has moved
    assert w.game.position == 0 and w.view["current"] == 1
    w.handle_intent({"kind": "jump", "to": 4})
    assert w.error == "" and w.view["total"] == 4 and w.log_patch["reset"]
    w.handle_intent({"kind": "jump", "to": 40})
    assert w.error == "jump to 0-9, got 40"
    assert "jump" in w.intent_kinds


def test_save_and_load_through_the_shell() -> None:
    w = race()
    for n in (1, 2, 2):
        w.play({"type": "add", "n": n})
    w.undo(1)
    saved = json.loads(w.save_json())
    assert saved["format"] == "race-to-10" and saved["seats"] == ["human", "human"]
    assert saved["position"] == 2 and len(saved["moves"]) == 3
    sent: list[Any] = []
    w.send = sent.append  # type: ignore[method-assign]
    w.handle_intent({"kind": "save"})
    assert sent[0]["kind"] == "saved" and sent[0]["filename"] == "race-move2.json"
    other = race(["greedy", "greedy"], settings={"seed": 9})
    before = other.save_json()
    other.handle_intent({"kind": "load", "text": "[1, 2]", "name": "bad.json"})
    assert other.error == ("could not load bad.json: a saved game must be a JSON object, "
                           "not an array")
    assert other.save_json() == before
    other.handle_intent({"kind": "load", "text": json.dumps(saved), "name": "good.json"})
    assert other.error == "" and other.seats == ["human", "human"]
    assert other.view["total"] == 3 and other.history["length"] == 3
    assert other.log_patch["reset"] and len(other.game_log) == 2


def test_the_browser_writes_no_trait() -> None:
    w = race()
    assert set(RaceWidget.read_only_traits()) <= set(w.keys)
    sent: list[Any] = []
    w.send_state = lambda key=None: sent.append(key)  # type: ignore[method-assign]
    w.set_state({"view": {"total": 99}, "game_kind": "dice"})
    assert w.view["total"] == 0 and w.game_kind == "race"
    assert sent == [["game_kind", "view"]]


def test_the_bots_play_off_the_loop_with_a_pause() -> None:
    """Inside an asyncio loop (Jupyter, Voila), an intent that lets the bots play comes back
    at once; the bots then play on the loop, with their pause, until a human decides."""
    async def scenario() -> RaceWidget:
        w = race(["human", "greedy"], settings={"seed": 0}, bot_delay=0.01)
        w.handle_intent({"kind": "move", "seat": 0, "move": {"type": "add", "n": 1}})
        assert w.busy and w.game.position == 1
        deadline = time.monotonic() + 5
        while w.busy and time.monotonic() < deadline:
            await asyncio.sleep(0.005)
        return w

    w = asyncio.run(scenario())
    assert not w.busy and w.game.position == 2 and w.view["current"] == 0


def test_the_bots_play_in_a_thread_with_a_pause_outside_a_loop() -> None:
    """From a script with a pause (no asyncio loop): the same bot loop, in a thread."""
    # a pause long enough that the bots cannot have played yet when play() returns, on a
    # loaded machine too (0.01 s raced the assertion below)
    w = race(["human", "greedy", "greedy"], settings={"seed": 0}, bot_delay=0.3)
    w.play({"type": "add", "n": 1})
    assert w.busy and w.game.position == 1
    deadline = time.monotonic() + 10
    while w.busy and time.monotonic() < deadline:
        time.sleep(0.005)
    assert not w.busy and w.game.position == 3 and w.view["current"] == 0
    assert w.error == ""
