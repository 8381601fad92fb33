"""A game with its history, for any engine that speaks the state-machine protocol.

:class:`HistoryGame` keeps the sequence of states and moves around a bare state machine:
play, undo, redo, jump to any step, the log, save (settings plus moves, and the starting
state when the game began from a position), load and replay.  Undo never re-rolls: each
step's state, random generator included, is kept.

A game subclasses it and supplies, as class attributes and class methods:

``FORMAT``, ``VERSION``
    the saved game's ``format`` name and ``version`` (e.g. ``"nations-dice-game"``, 1).
``MOVES``
    the game's :class:`~nations_widget.core.moves.MoveSet`, which parses a move's JSON.
``STATE``
    its state class: ``STATE.from_json(data, components)`` loads a saved state (the
    ``start`` of a game that began from a position).
``COACH``
    the module of its coach (imported on the first hint, so a game loads without the
    search): ``hint(state, top=, iterations=, seed=)``, ``compare(state, move,
    iterations=, seed=)`` and ``COACH_ITERATIONS``.
``_start(config, components) -> (state, setup log)``
    a new game's first state, run to its first decision, and what the set-up wrote.
``_default_components() -> components``
    the components used when none are given.
``_components_of(state) -> components``
    the components a state is played with.
``_config_from_json(data) -> config``
    the settings from their JSON form (raising :class:`StateFormatError`); the config
    object has ``to_json()`` and compares by value.
``_components_json(components) -> dict``, ``_components_mismatch(info, components)``
    how a save names its components, and why a save's ``catalogue`` field does not match
    the components given (a text; ``None`` when they match).

**Components**, one word for both games: the data of the printed components a game is
played with, loaded from files and fingerprinted (the dice game's
:class:`~nations_widget.dice.Catalogue` of tiles, events and die faces, which that game
calls its catalogue; the board game's :class:`~nations_widget.board.components.Components`
of cards, events and player boards).  A game keeps them as :attr:`HistoryGame.components`;
a save names them in its ``catalogue`` field (the save format's name for them, kept).

The state class must provide the protocol of :mod:`nations_widget.core.protocol`, with
``state.config`` (its settings, with ``seed`` and ``players``), ``state.round``,
``state.step`` (the step's name) and ``state._repr_html_()``.  Reading them
(:attr:`HistoryGame.config`, :attr:`~HistoryGame.round`, :attr:`~HistoryGame.step_name`),
the coach (:meth:`~HistoryGame.hint`, :meth:`~HistoryGame.compare`) and ``repr`` are the
same for every game.  A subclass's ``__init__``
builds its config from its own keyword arguments and calls :meth:`HistoryGame._begin`;
the loaders never call ``__init__``.  The dice game (:class:`nations_widget.dice.Game`)
is the example; the board game subclasses it the same way.
"""

from __future__ import annotations

import importlib
import json
import secrets
from abc import ABC, abstractmethod
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, ClassVar, Generic, NamedTuple, TypeVar

from .envelope import check_header, json_object, message
from .errors import IllegalMoveError, StateFormatError
from .fairness import committed_text, fingerprint, new_salt, salt_problem
from .log import LogEntry
from .moves import MoveSet
from .protocol import GameStateLike

if TYPE_CHECKING:
    from .coach import Hint, Verdict

S = TypeVar("S", bound=GameStateLike)
M = TypeVar("M")
G = TypeVar("G", bound="HistoryGame[Any, Any]")

#: a drawn seed is below this (it fits a JavaScript number and a 32-bit int)
SEED_LIMIT = 2**31


def draw_seed(seed: int | None) -> int:
    """``seed``, or a fresh one when it is None (kept in the game's settings, so the
    game can still be replayed)."""
    return secrets.randbelow(SEED_LIMIT) if seed is None else seed


class RecentMove(NamedTuple, Generic[S, M]):
    """One move of :meth:`HistoryGame.moves_since`."""

    position: int           # the position the move led to
    before: S               # the state it was played in
    seat: int               # who played it
    move: M
    text: str | None        # the log's sentence for it, if the log has one


class HistoryGame(ABC, Generic[S, M]):
    """One game and its history; see the module docstring for what a subclass supplies."""

    FORMAT: ClassVar[str]
    VERSION: ClassVar[int]
    MOVES: ClassVar[MoveSet[Any]]
    STATE: ClassVar[Any]
    COACH: ClassVar[str]

    #: the data of the printed components this game is played with (see the docstring)
    components: Any
    _states: list[S]
    _moves: list[M]
    _logs: list[list[LogEntry]]
    _cursor: int
    _at: int
    _from_state: bool
    #: the fingerprint's salt, drawn when the game is created (None: loaded from a save
    #: made before fingerprints, which has no fingerprint); see :mod:`..fairness`
    salt: str | None
    #: the moves tried last (:meth:`trying`), newest last: (the state tried from, the
    #: move, the state it led to, its log), which :meth:`play` takes instead of playing
    #: the same move from the same state again
    _tried: tuple[tuple[Any, Any, Any, list[LogEntry]], ...] = ()

    # --------------------------------------------------------- what a game supplies
    @classmethod
    @abstractmethod
    def _start(cls, config: Any, components: Any) -> tuple[S, list[LogEntry]]:
        """Supplied by the game (see the module docstring)."""

    @classmethod
    @abstractmethod
    def _default_components(cls) -> Any:
        """Supplied by the game (see the module docstring)."""

    @classmethod
    @abstractmethod
    def _components_of(cls, state: S) -> Any:
        """Supplied by the game (see the module docstring)."""

    @classmethod
    @abstractmethod
    def _config_from_json(cls, data: object) -> Any:
        """Supplied by the game (see the module docstring)."""

    @classmethod
    def _parse_move(cls, move: Any) -> M:
        """A move from a move object, its JSON dict, text or bytes (raising
        :class:`MalformedMoveError`)."""
        if isinstance(move, (dict, str, bytes, bytearray)):
            parsed: M = cls.MOVES.parse(move)
            return parsed
        return move  # type: ignore[no-any-return]

    @classmethod
    def _state_from_json(cls, data: object, components: Any) -> S:
        """A saved state, with these components."""
        state: S = cls.STATE.from_json(data, components)
        return state

    @classmethod
    @abstractmethod
    def _components_json(cls, components: Any) -> dict[str, Any]:
        """Supplied by the game (see the module docstring)."""

    @classmethod
    @abstractmethod
    def _components_mismatch(cls, info: object, components: Any) -> str | None:
        """Supplied by the game (see the module docstring)."""

    # ------------------------------------------------------------------ creation
    def _begin(self, config: Any, components: Any) -> None:
        """Start a new game with ``config`` (called by a subclass's ``__init__``)."""
        self.components = (components if components is not None
                           else self._default_components())
        first, log = self._start(config, self.components)
        self._states = [first]
        self._moves = []
        self._logs = [log]
        self._cursor = 0
        self._at = 0
        self._from_state = False
        self.salt = new_salt()

    @classmethod
    def _fresh(cls: type[G], config: Any, components: Any) -> G:
        game = cls.__new__(cls)
        game._begin(config, components)
        return game

    @classmethod
    def from_state(cls: type[G], state: Any) -> G:
        """A game whose history starts at ``state`` (e.g. a scenario position)."""
        game = cls.__new__(cls)
        game.components = cls._components_of(state)
        game._states = [state.clone()]
        game._moves = []
        game._logs = [[]]
        game._cursor = 0
        game._at = 0
        game._from_state = True     # saved with its starting state (see to_json)
        game.salt = new_salt()
        return game

    # ------------------------------------------------------------------- reading
    @property
    def catalogue(self) -> Any:
        """:attr:`components`, by the dice game's word for them (its catalogue)."""
        return self.components

    @property
    def config(self) -> Any:
        """The game's settings (its first state's)."""
        return self._states[0].config  # type: ignore[attr-defined]

    @property
    def round(self) -> int:
        """The round (an age, in the board game) of the current state."""
        number: int = self.state.round  # type: ignore[attr-defined]
        return number

    @property
    def step_name(self) -> str:
        """The round's step (one of the game's ``rules.STEP_NAMES``), or "game_over"."""
        name: str = self.state.step  # type: ignore[attr-defined]
        return name

    @property
    def state(self) -> S:
        """The current state.  Treat it as read-only; ``clone()`` it to explore."""
        return self._states[self._cursor]

    @property
    def current_player(self) -> int | None:
        return self.state.current_player()

    @property
    def is_over(self) -> bool:
        return self.state.is_terminal()

    @property
    def winner(self) -> int | None:
        return self.state.winner()

    def scores(self) -> list[int]:
        return self.state.scores()

    def legal_moves(self) -> list[M]:
        return list(self.state.legal_moves())

    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may see of the current state, with the game's ``fairness``
        (its fingerprint; the seed and salt too once the game is :attr:`finished`).  The
        settings (``config``) hold the seed only once the game is finished: it tells every
        draw to come."""
        shown = {**self.state.view(seat), "fairness": self.fairness()}
        config = shown.get("config")
        if self.finished and isinstance(config, dict):
            # the state's view never holds it; once the game is over nothing is left to hide
            shown["config"] = {**config, "seed": self.config.seed}
        return shown

    # ---------------------------------------------------------------- fair dice
    @property
    def finished(self) -> bool:
        """The game has been played to its end: the last position of its history is
        final.  Looking back at earlier positions keeps it finished; playing on from an
        earlier position cuts the history, and the game is in progress again."""
        return bool(self._states[-1].is_terminal())

    def committed_text(self) -> str | None:
        """The text the fingerprint is the hash of (game, settings with the seed, salt;
        see :mod:`nations_widget.core.fairness`), or None for a game with no salt.  It
        tells the seed: show it only once the game is :attr:`finished`."""
        if self.salt is None:
            return None
        start = None
        if self._from_state:
            rng = self._states[0].to_json().get("rng")
            start = str(rng) if rng is not None else None
        return committed_text(self.FORMAT, self.config.to_json(), self.salt, start)

    @property
    def fingerprint(self) -> str | None:
        """The commitment to this game's draws, fixed when it was created: safe to show
        from the first move on (None for a game loaded from a save without a salt)."""
        text = self.committed_text()
        return None if text is None else fingerprint(text)

    def fairness(self) -> dict[str, Any]:
        """What anyone may see of the commitment now: ``fingerprint`` always (None when
        the game has none), and once the game is :attr:`finished` the ``seed``, the
        ``salt`` and the ``text`` whose SHA-256 is the fingerprint."""
        text = self.committed_text()
        shown: dict[str, Any] = {"fingerprint": None if text is None else fingerprint(text)}
        if self.finished:
            shown["seed"] = self.config.seed
            if text is not None:
                shown.update(salt=self.salt, text=text)
        return shown

    # ------------------------------------------------------------------- history
    @property
    def position(self) -> int:
        """How many moves have been played to reach the current state."""
        return self._cursor

    @property
    def game_position(self) -> int:
        """Where the game is: the position play goes on from.  A move, an undo, a redo
        and :meth:`resume` set it; looking through the history (:meth:`goto`) does not,
        so :meth:`back_to_game` returns to it (after an undo, not to the moves undone)."""
        return self._at

    @property
    def viewing_history(self) -> bool:
        """The position shown is not where the game is (see :attr:`game_position`)."""
        return self._cursor != self._at

    @property
    def length(self) -> int:
        """How many moves the history holds (more than ``position`` after an undo)."""
        return len(self._moves)

    @property
    def moves(self) -> list[M]:
        """The moves played up to the current state."""
        return self._moves[:self._cursor]

    def _check_position(self, position: int) -> None:
        if isinstance(position, bool) or not 0 <= position <= len(self._moves):
            raise IndexError(f"position must be 0-{len(self._moves)}, got {position}")

    def state_at(self, position: int) -> S:
        """The state after ``position`` moves (0: the start of the game)."""
        self._check_position(position)
        return self._states[position]

    def move_at(self, position: int) -> M:
        """The move played in the state after ``position`` moves (0: the first move), whether
        or not the position shown is past it (a review reads every move of the history)."""
        if isinstance(position, bool) or not 0 <= position < len(self._moves):
            raise IndexError(f"move position must be 0-{len(self._moves) - 1}, got {position}")
        return self._moves[position]

    def log(self, upto: int | None = None) -> list[LogEntry]:
        """Everything that happened up to the current state (or up to ``upto`` moves)."""
        end = self._cursor if upto is None else upto
        return [e for chunk in self._logs[:end + 1] for e in chunk]

    def log_of_move(self, position: int) -> list[LogEntry]:
        """What move number ``position`` (1-based) caused, or the setup for 0."""
        return list(self._logs[position])

    def moves_since(self, viewer: int | None, limit: int) -> list[RecentMove[S, M]]:
        """The moves the other players made since ``viewer``'s last decision, oldest
        first, at most ``limit``: walking back from the current position until a move of
        ``viewer``'s own (or the start); ``viewer`` None: the last move only.  Each is a
        :class:`RecentMove`: its position, the state before it, its player, the move and
        the log's sentence for it (the player's first entry that is not automatic)."""
        recent: list[RecentMove[S, M]] = []
        pos = self._cursor
        while pos > 0 and len(recent) < limit:
            before = self._states[pos - 1]
            mover = before.current_player()
            if mover is None or mover == viewer:
                break
            said = [e.text for e in self._logs[pos] if e.seat == mover and not e.auto]
            recent.append(RecentMove(pos, before, mover, self._moves[pos - 1],
                                     said[0] if said else None))
            pos -= 1
            if viewer is None:
                break                   # nobody to catch up: the last move only
        recent.reverse()
        return recent

    # ------------------------------------------------------------------- playing
    def play(self, move: Any) -> list[LogEntry]:
        """Play a move (object, JSON dict or JSON text) for the current player.

        An illegal or malformed move raises :class:`IllegalMoveError` and changes nothing.
        Playing after an undo discards the moves that had been undone.
        """
        parsed = self._parse_move(move)
        before = self.state
        tried = next((t for t in self._tried if t[0] is before and t[1] == parsed), None)
        if tried is not None:
            nxt, log = tried[2], tried[3]
        else:
            nxt = before.clone()
            log = nxt.apply(parsed)
        self._tried = ()
        del self._states[self._cursor + 1:]
        del self._moves[self._cursor:]
        del self._logs[self._cursor + 1:]
        self._states.append(nxt)
        self._moves.append(parsed)
        self._logs.append(log)
        self._cursor += 1
        self._at = self._cursor
        return log

    #: how many tried moves are kept (:meth:`trying`)
    TRIED_KEPT: ClassVar[int] = 2

    @contextmanager
    def trying(self, move: Any) -> Iterator[M]:
        """Play ``move`` for the length of the block, as :meth:`play` would, then put the
        game back exactly as it was (only at the latest position, so that no move undone
        is lost).  The widget works out the page's payloads of a likely next position
        inside it while the player thinks.  The state the move led to is kept: a
        :meth:`play` of the same move from the same state takes that very state rather
        than playing the move again (the engine is deterministic and its randomness is in
        the state, so it is the state a new play would make), and what was worked out for
        it holds.  An illegal or malformed move raises as :meth:`play` does and changes
        nothing."""
        if self._cursor != len(self._moves) or self._at != self._cursor:
            raise IllegalMoveError("a move is tried only at the latest position of the game")
        parsed = self._parse_move(move)
        before = self.state
        nxt = before.clone()
        log = nxt.apply(parsed)
        self._states.append(nxt)
        self._moves.append(parsed)
        self._logs.append(log)
        self._cursor = self._at = self._cursor + 1
        try:
            yield parsed
        finally:
            del self._states[-1], self._moves[-1], self._logs[-1]
            self._cursor = self._at = self._cursor - 1
            kept = [t for t in self._tried if t[0] is before and t[1] != parsed]
            self._tried = (*kept, (before, parsed, nxt, log))[-self.TRIED_KEPT:]

    def play_joined(self, move: Any, then: Any) -> list[LogEntry]:
        """Play ``move`` and ``then`` as one gesture: ``then`` answers the question
        ``move`` asks next of the same seat (where the card just bought goes: see
        :meth:`follows`).  Both are checked before anything changes: an illegal or
        malformed one, or a ``then`` that answers no such question, raises
        :class:`IllegalMoveError` and nothing is played.  The history holds the two moves,
        as a game played one decision at a time would."""
        first, second = self._parse_move(move), self._parse_move(then)
        before = self.state
        middle = before.clone()
        log = middle.apply(first)
        if not self._joins(before, middle):
            raise IllegalMoveError("that move asks no question about the card it takes: "
                                   "play it alone")
        after = middle.clone()
        log2 = after.apply(second)
        del self._states[self._cursor + 1:]
        del self._moves[self._cursor:]
        del self._logs[self._cursor + 1:]
        self._states += [middle, after]
        self._moves += [first, second]
        self._logs += [log, log2]
        self._cursor += 2
        self._at = self._cursor
        return log + log2

    @classmethod
    def _joins(cls, before: S, after: S) -> bool:
        """Whether the decision in ``after`` is a follow-up of the move that led there
        from ``before``: the same seat says where the card it just took goes.  None in a
        game that asks no such question (the default)."""
        return False

    def follows(self, position: int) -> bool:
        """Whether the decision at ``position`` is a follow-up of the move before it (see
        :meth:`_joins`): a page answers it together with that move
        (:meth:`play_joined`), and an undo goes back past it, to before that move."""
        self._check_position(position)
        return position > 0 and self._joins(self._states[position - 1],
                                            self._states[position])

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
        self._at = self._cursor

    def redo(self) -> None:
        if not self.can_redo:
            raise IllegalMoveError("nothing to redo")
        self._cursor += 1
        self._at = self._cursor

    def goto(self, position: int) -> None:
        """Show the state after ``position`` moves (0 ... length), to look at it: where the
        game is (:attr:`game_position`) stays.  A move played there plays on from it."""
        self._check_position(position)
        self._cursor = position

    def resume(self, position: int) -> None:
        """Go to the state after ``position`` moves and play on from there, as an undo of
        several moves (or a redo) does: the game is there now.  The moves after it stay in
        the history until a new move replaces them."""
        self._check_position(position)
        self._cursor = self._at = position

    def back_to_game(self) -> None:
        """Show where the game is again (:attr:`game_position`), after looking through
        the history."""
        self._cursor = self._at

    # ----------------------------------------------------------- save and replay
    def to_json(self) -> dict[str, Any]:
        """The game as its settings plus its moves (a replayable history).  A game made by
        :meth:`from_state` also keeps its starting state (``start``)."""
        data: dict[str, Any] = {
            "format": self.FORMAT,
            "version": self.VERSION,
            "config": self.config.to_json(),
            "catalogue": self._components_json(self.components),
            "moves": [m.to_json() for m in self._moves],  # type: ignore[attr-defined]
            "position": self._cursor,
        }
        if self._from_state:
            data["start"] = self._states[0].to_json()
        if self.salt is not None:
            data["salt"] = self.salt
        return data

    def to_json_str(self, indent: int | None = None) -> str:
        return json.dumps(self.to_json(), indent=indent)

    @classmethod
    def replay(cls: type[G], config: Any, moves: Sequence[Any],
               components: Any = None) -> G:
        """Rebuild a game from its settings and moves; an illegal move raises
        :class:`IllegalMoveError` saying which move number failed."""
        return cls._play_all(cls._fresh(config, components), moves)

    @staticmethod
    def _play_all(game: G, moves: Sequence[Any]) -> G:
        for i, move in enumerate(moves, start=1):
            try:
                game.play(move)
            except IllegalMoveError as exc:
                shown = str(move) if len(str(move)) <= 80 else str(move)[:79] + "…"
                raise type(exc)(message(f"move {i} ({shown}): {exc}")) from None
        return game

    @classmethod
    def from_json(cls: type[G], data: object, components: Any = None) -> G:
        """Load a game saved by :meth:`to_json` (a dict, JSON text or UTF-8 bytes).  Any
        problem raises :class:`StateFormatError` naming the field."""
        data = json_object(data, "a saved game")
        check_header(data, "a saved game", cls.FORMAT, cls.VERSION, prefix="saved game")
        cat = components if components is not None else cls._default_components()
        mismatch = cls._components_mismatch(data.get("catalogue"), cat)
        if mismatch is not None:
            raise StateFormatError(message(f"saved game field 'catalogue': {mismatch}"))
        config = cls._config_from_json(data.get("config"))
        # a save from before fingerprints has no salt: it loads, without a fingerprint
        salt = data.get("salt")
        if salt is not None and (problem := salt_problem(salt)) is not None:
            raise StateFormatError(f"saved game field 'salt': {problem}")
        moves = data.get("moves")
        if not isinstance(moves, list):
            raise StateFormatError("saved game field 'moves': must be a list of moves")
        try:
            if "start" in data:
                try:
                    start = cls._state_from_json(data["start"], cat)
                except StateFormatError as exc:
                    raise StateFormatError(message(f"saved game field 'start': {exc}")
                                           ) from None
                if start.config != config:
                    raise StateFormatError("saved game field 'start': its settings differ "
                                           "from the game's 'config'")
                game = cls._play_all(cls.from_state(start), moves)
            else:
                game = cls.replay(config, moves, cat)
        except IllegalMoveError as exc:
            raise StateFormatError(message(f"saved game field 'moves': {exc}")) from None
        position = data.get("position", len(moves))
        if isinstance(position, bool) or not isinstance(position, int) \
                or not 0 <= position <= len(moves):
            raise StateFormatError(f"saved game field 'position': must be a whole number "
                                   f"0-{len(moves)}")
        game.resume(position)
        game.salt = salt
        return game

    # ------------------------------------------------------------------ the coach
    def _coach(self) -> Any:
        return importlib.import_module(self.COACH)

    def hint(self, top: int = 3, iterations: int | None = None) -> Hint:
        """The coach's ``top`` best moves for the current player, best first, each with
        its share of simulations won and the expected VP difference (see the game's
        ``coach`` module; a second or two).  The game is not changed."""
        coach = self._coach()
        found: Hint = coach.hint(
            self.state, top=top,
            iterations=coach.COACH_ITERATIONS if iterations is None else iterations,
            seed=self.config.seed ^ self.position)
        return found

    def compare(self, move: Any, iterations: int | None = None) -> Verdict:
        """How ``move`` (not played; an object, its JSON dict or text) compares with the
        coach's best move here."""
        coach = self._coach()
        verdict: Verdict = coach.compare(
            self.state, self._parse_move(move),
            iterations=coach.COACH_ITERATIONS if iterations is None else iterations,
            seed=self.config.seed ^ self.position)
        return verdict

    def __repr__(self) -> str:
        return (f"<{type(self).__name__} {self.config.players}p seed={self.config.seed} "
                f"round {self.round} {self.step_name} move {self._cursor}/{len(self._moves)}>")

    def _repr_html_(self) -> str:
        html: str = self.state._repr_html_()  # type: ignore[attr-defined]
        return html


__all__ = ["SEED_LIMIT", "HistoryGame", "RecentMove", "draw_seed"]
