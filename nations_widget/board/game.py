"""A game with its history: play, undo, redo, jump to any step, save, load, replay.

:class:`GameState` is the bare state machine (what bots and tests drive); :class:`Game`
keeps the sequence of states and moves around it, which is what a player, the widget and
the notebooks need.  Undo never re-rolls: each step's state, random generator included,
is kept, so going back and playing the same move gives the same draws.

>>> game = Game(players=2, seed=1)
>>> game.round, game.step_name
(1, 'maintenance.growth')
>>> while not game.is_over:
...     _ = game.play(game.legal_moves()[0])     # always the first legal move: pass, ...
>>> game.scores() == game.state.scores() and game.winner is not None
True
>>> game.undo(); game.is_over
False
>>> game.redo(); game.is_over
True
"""

from __future__ import annotations

import json
import secrets
from typing import Any

from ..core.errors import IllegalMoveError, StateFormatError
from ..core.log import LogEntry
from .components import Components, default_components
from .moves import Move, move_from_json
from .rules import new_game
from .serialization import json_object
from .state import GameConfig, GameState

GAME_FORMAT = "nations-board-game"
GAME_VERSION = 1


def as_move(move: Move | dict[str, Any] | str) -> Move:
    """Accept a move object, its JSON dict or its JSON text."""
    if isinstance(move, (dict, str)):
        return move_from_json(move)
    return move


class Game:
    """One game of Nations, the board game, and its history.

    ``seed=None`` draws a fresh seed (kept in ``game.config.seed``, so the game can still
    be replayed).  The other settings are :class:`GameConfig`'s; ``components``: the card
    data to play with (default: the packaged files).
    """

    def __init__(self, players: int = 2, seed: int | None = None, *,
                 difficulty: tuple[str, ...] | str = "prince", ages: int = 4,
                 easier: bool = False, sides: tuple[str, ...] | str = "A",
                 decks: tuple[str, ...] | str = "base",
                 components: Components | None = None,
                 config: GameConfig | None = None) -> None:
        if config is None:
            if seed is None:
                seed = secrets.randbelow(2**31)
            config = GameConfig(players, seed, difficulty=difficulty, ages=ages,
                                easier=easier, sides=sides, decks=decks)
        self.components = components or default_components()
        log: list[LogEntry] = []
        first = new_game(config, self.components, log)
        self._states: list[GameState] = [first]
        self._moves: list[Move] = []
        self._logs: list[list[LogEntry]] = [log]
        self._cursor = 0
        self._from_state = False

    @classmethod
    def from_state(cls, state: GameState) -> Game:
        """A game whose history starts at ``state`` (e.g. a :func:`scenario` position)."""
        game = cls.__new__(cls)
        game.components = state.comp
        game._states = [state.clone()]
        game._moves = []
        game._logs = [[]]
        game._cursor = 0
        game._from_state = True     # saved with its starting state (see to_json)
        return game

    # ---------------------------------------------------------------- reading
    @property
    def config(self) -> GameConfig:
        return self._states[0].config

    @property
    def state(self) -> GameState:
        """The current state.  Treat it as read-only; :meth:`GameState.clone` it to explore."""
        return self._states[self._cursor]

    @property
    def current_player(self) -> int | None:
        return self.state.current_player()

    @property
    def round(self) -> int:
        return self.state.round

    @property
    def step_name(self) -> str:
        """The round's step (see ``rules.STEP_NAMES``), or "game_over"."""
        return self.state.step

    @property
    def is_over(self) -> bool:
        return self.state.is_terminal()

    @property
    def winner(self) -> int | None:
        return self.state.winner()

    def scores(self) -> list[int]:
        return self.state.scores()

    def legal_moves(self) -> list[Move]:
        return self.state.legal_moves()

    def view(self, seat: int | None) -> dict[str, Any]:
        return self.state.view(seat)

    # ---------------------------------------------------------------- history
    @property
    def position(self) -> int:
        """How many moves have been played to reach the current state."""
        return self._cursor

    @property
    def length(self) -> int:
        """How many moves the history holds (more than ``position`` after an undo)."""
        return len(self._moves)

    @property
    def moves(self) -> list[Move]:
        """The moves played up to the current state."""
        return self._moves[:self._cursor]

    def state_at(self, position: int) -> GameState:
        """The state after ``position`` moves (0: the start of the game)."""
        if not 0 <= position <= len(self._moves):
            raise IndexError(f"position must be 0-{len(self._moves)}, got {position}")
        return self._states[position]

    def log(self, upto: int | None = None) -> list[LogEntry]:
        """Everything that happened up to the current state (or up to ``upto`` moves)."""
        end = self._cursor if upto is None else upto
        return [e for chunk in self._logs[:end + 1] for e in chunk]

    def log_of_move(self, position: int) -> list[LogEntry]:
        """What move number ``position`` (1-based) caused, or the setup for 0."""
        return list(self._logs[position])

    # ---------------------------------------------------------------- playing
    def play(self, move: Move | dict[str, Any] | str) -> list[LogEntry]:
        """Play a move (object, JSON dict or JSON text) for the current player.

        An illegal or malformed move raises :class:`IllegalMoveError` and changes nothing.
        Playing after an undo discards the moves that had been undone.
        """
        parsed = as_move(move)
        nxt = self.state.clone()
        log = nxt.apply(parsed)
        del self._states[self._cursor + 1:]
        del self._moves[self._cursor:]
        del self._logs[self._cursor + 1:]
        self._states.append(nxt)
        self._moves.append(parsed)
        self._logs.append(log)
        self._cursor += 1
        return log

    @property
    def can_undo(self) -> bool:
        return self._cursor > 0

    @property
    def can_redo(self) -> bool:
        return self._cursor < len(self._moves)

    def undo(self) -> None:
        """Go back one decision (the generator goes back too: no fishing for rolls)."""
        if not self.can_undo:
            raise IllegalMoveError("nothing to undo: this is the start of the game")
        self._cursor -= 1

    def redo(self) -> None:
        if not self.can_redo:
            raise IllegalMoveError("nothing to redo")
        self._cursor += 1

    def goto(self, position: int) -> None:
        """Jump to the state after ``position`` moves (0 ... length)."""
        if not 0 <= position <= len(self._moves):
            raise IndexError(f"position must be 0-{len(self._moves)}, got {position}")
        self._cursor = position

    # --------------------------------------------------------- save and replay
    def to_json(self) -> dict[str, Any]:
        """The game as its settings plus its moves (a replayable history).  A game made by
        :meth:`from_state` also keeps its starting state (``start``)."""
        data: dict[str, Any] = {
            "format": GAME_FORMAT,
            "version": GAME_VERSION,
            "config": self.config.to_json(),
            "components": self.components.fingerprint,
            "moves": [m.to_json() for m in self._moves],
            "position": self._cursor,
        }
        if self._from_state:
            data["start"] = self._states[0].to_json()
        return data

    def to_json_str(self, indent: int | None = None) -> str:
        return json.dumps(self.to_json(), indent=indent)

    @classmethod
    def replay(cls, config: GameConfig, moves: list[Move | dict[str, Any] | str],
               components: Components | None = None) -> Game:
        """Rebuild a game from its settings and moves; an illegal move raises
        :class:`IllegalMoveError` saying which move number failed."""
        return cls._play_all(cls(config=config, components=components), moves)

    @staticmethod
    def _play_all(game: Game, moves: list[Move | dict[str, Any] | str]) -> Game:
        for i, move in enumerate(moves, start=1):
            try:
                game.play(move)
            except IllegalMoveError as exc:
                raise type(exc)(f"move {i} ({move}): {exc}") from None
        return game

    @classmethod
    def from_json(cls, data: object, components: Components | None = None) -> Game:
        """Load a game saved by :meth:`to_json` (a dict or JSON text)."""
        data = json_object(data, "a saved game")
        if data.get("format") != GAME_FORMAT:
            raise StateFormatError(f"saved game field 'format': expected {GAME_FORMAT!r}, "
                                   f"got {data.get('format')!r}")
        if data.get("version") != GAME_VERSION:
            raise StateFormatError(f"saved game field 'version': this program reads version "
                                   f"{GAME_VERSION}, got {data.get('version')!r}")
        cat = components or default_components()
        if data.get("components") != cat.fingerprint:
            raise StateFormatError(
                f"saved game field 'components': played with other card data "
                f"({data.get('components')!r}); load it with those cards, not "
                f"{cat.fingerprint!r}")
        config = GameConfig.from_json(data.get("config"))
        moves = data.get("moves")
        if not isinstance(moves, list):
            raise StateFormatError("saved game field 'moves': must be a list of moves")
        try:
            if "start" in data:
                try:
                    start = GameState.from_json(data["start"], cat)
                except StateFormatError as exc:
                    raise StateFormatError(f"saved game field 'start': {exc}") from None
                if start.config != config:
                    raise StateFormatError("saved game field 'start': its settings differ "
                                           "from the game's 'config'")
                game = cls._play_all(cls.from_state(start), moves)
            else:
                game = cls.replay(config, moves, cat)
        except IllegalMoveError as exc:
            raise StateFormatError(f"saved game field 'moves': {exc}") from None
        position = data.get("position", len(moves))
        if not isinstance(position, int) or not 0 <= position <= len(moves):
            raise StateFormatError(f"saved game field 'position': must be 0-{len(moves)}")
        game.goto(position)
        return game

    def __repr__(self) -> str:
        return (f"<Game {self.config.players}p seed={self.config.seed} round {self.round} "
                f"{self.step_name} move {self._cursor}/{len(self._moves)}>")

    def _repr_html_(self) -> str:
        return self.state._repr_html_()
