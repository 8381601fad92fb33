"""A game with its history: play, undo, redo, jump to any step, save, load, replay.

:class:`GameState` is the bare state machine (what bots and tests drive); :class:`Game`
keeps the sequence of states and moves around it, which is what a player, the widget and
the notebooks need.  Undo never re-rolls: each step's state, random generator included,
is kept, so going back and playing the same move gives the same faces.

>>> game = Game(players=2, seed=1)
>>> game.round, game.step_name
(1, 'actions')
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

from ..core.envelope import check_header, json_object, message
from .catalogue import Catalogue, catalogue_mismatch, default_catalogue
from .errors import IllegalMoveError, StateFormatError
from .machine import GameState
from .moves import Move, move_from_json
from .rules import LogEntry, new_game
from .state import GameConfig, Variant, components

GAME_FORMAT = "nations-dice-game"
GAME_VERSION = 1


def as_move(move: Move | dict[str, Any] | str) -> Move:
    """Accept a move object, its JSON dict or its JSON text."""
    if isinstance(move, (dict, str)):
        return move_from_json(move)
    return move


class Game:
    """One game of Nations: The Dice Game and its history.

    ``seed=None`` draws a fresh seed (kept in ``game.config.seed``, so the game can still
    be replayed).  ``catalogue``: the components to play with (default: the packaged
    reconstruction; see :func:`nations_widget.dice.load_catalogue`).
    """

    def __init__(self, players: int = 2, seed: int | None = None, *,
                 variant: Variant = "original", automate: bool = True,
                 solo_tougher: bool = False, catalogue: Catalogue | None = None,
                 config: GameConfig | None = None) -> None:
        if config is None:
            if seed is None:
                seed = secrets.randbelow(2**31)
            config = GameConfig(players, seed, variant, automate, solo_tougher)
        self.catalogue = catalogue or default_catalogue()
        log: list[LogEntry] = []
        first = new_game(GameState, config, components(self.catalogue), log)
        self._states: list[GameState] = [first]
        self._moves: list[Move] = []
        self._logs: list[list[LogEntry]] = [log]
        self._cursor = 0
        self._from_state = False

    @classmethod
    def from_state(cls, state: GameState) -> Game:
        """A game whose history starts at ``state`` (e.g. a :func:`scenario` position)."""
        game = cls.__new__(cls)
        game.catalogue = state.catalogue
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
        """The round's step: new_round, actions, books, famine, player_order, war, game_over."""
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
            "catalogue": {"name": self.catalogue.name,
                          "fingerprint": self.catalogue.fingerprint},
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
               catalogue: Catalogue | None = None) -> Game:
        """Rebuild a game from its settings and moves; an illegal move raises
        :class:`IllegalMoveError` saying which move number failed."""
        return cls._play_all(cls(config=config, catalogue=catalogue), moves)

    @staticmethod
    def _play_all(game: Game, moves: list[Move | dict[str, Any] | str]) -> Game:
        for i, move in enumerate(moves, start=1):
            try:
                game.play(move)
            except IllegalMoveError as exc:
                raise type(exc)(f"move {i} ({move}): {exc}") from None
        return game

    @classmethod
    def from_json(cls, data: object, catalogue: Catalogue | None = None) -> Game:
        """Load a game saved by :meth:`to_json` (a dict or JSON text)."""
        data = json_object(data, "a saved game")
        check_header(data, "a saved game", GAME_FORMAT, GAME_VERSION, prefix="saved game")
        cat = catalogue or default_catalogue()
        mismatch = catalogue_mismatch(data.get("catalogue"), cat, "this game")
        if mismatch is not None:
            raise StateFormatError(message(f"saved game field 'catalogue': {mismatch}"))
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
        if isinstance(position, bool) or not isinstance(position, int) \
                or not 0 <= position <= len(moves):
            raise StateFormatError(f"saved game field 'position': must be 0-{len(moves)}")
        game.goto(position)
        return game

    def __repr__(self) -> str:
        return (f"<Game {self.config.players}p seed={self.config.seed} round {self.round} "
                f"{self.step_name} move {self._cursor}/{len(self._moves)}>")

    def _repr_html_(self) -> str:
        return self.state._repr_html_()
