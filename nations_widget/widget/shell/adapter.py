"""The contract between the game-generic widget shell and one game: :class:`GameAdapter`.

The shell (:class:`~nations_widget.widget.shell.widget.GameWidget`) owns everything both
games do the same way: the synced generic traits, the intent table and its dispatch, the
one bot runner, history (undo, redo, goto), save and load, the log patches, error
reporting, the coach's plumbing and the read-only traits.  It never imports a game.  A
game supplies one adapter object (``DiceAdapter`` in :mod:`nations_widget.widget.dice`,
``BoardAdapter`` in :mod:`nations_widget.widget.board`) and a small widget subclass that
declares its bundle (``_esm``/``_css``) and its game-only traits.

The game object is the engine's history game (a
:class:`~nations_widget.core.history.HistoryGame` subclass: ``state``, ``position``,
``length``, ``play``, ``goto``, ``redo``, ``state_at``, ``moves``, ``log_of_move``,
``to_json``, ``config`` with ``seed`` and ``to_json()``); the shell drives it only through
those.  An adapter object belongs to one widget and may keep per-widget state (the dice
game keeps its current catalogue there).

What the shell does with each part:

- ``kind``, ``title``: the ``game_kind`` trait, and ``title`` in the ``game_info`` trait
  (``{"kind", "title", "player_counts", "preferred_bot", "bot_levels", "fair_words"}``:
  what the page's shell needs to know about the game, sent once).
- ``player_counts``: the player counts a New game form may offer (``game_info``): the
  game's entry in the registry (:mod:`nations_widget.core.registry`), set by
  :class:`AdapterBase`.
- ``fair_words``: what the page calls the game's fair draws (``game_info``), so that the
  shell's fairness lines say "Fair dice" or "Fair shuffles" without knowing the game.
- ``settings_fields``: the game's own new-game settings (name -> JSON kinds, as
  :meth:`nations_widget.core.validate.Checker.of_kind` takes them).  The shell adds the
  generic ones itself: ``players`` (integer), ``seats`` (array of text), ``seed``
  (integer, text or null) and ``bot_delay`` (number); a ``new_game`` intent's settings may
  hold only these names.
- ``new_game(settings, current)``: ``settings`` holds the names above that were given
  (``players`` and ``seed`` always: the shell fills ``players`` from the current game and
  draws a fresh ``seed`` when none was given; never ``seats`` or ``bot_delay``); settings
  left out keep ``current``'s values (``current`` is None when the widget starts without
  a game).  Bad values raise :class:`ValueError` in a player's words.
- ``settings_of(game)``: the game's part of the ``settings`` trait (its config's JSON:
  ``players`` and ``seed`` included); the shell adds ``bot_delay`` and ``max_message``, and
  leaves the ``seed`` out until the game is over (it tells every draw to come: see
  :mod:`nations_widget.widget.shell.secrecy`).  A page's "Play again" sends these back as
  a ``new_game``'s settings (without ``seed`` and ``max_message``), so every key must be a
  settings field.
- ``likely_moves(game)``: moves the person deciding often makes (a pass), whose next
  positions the widget works out while they think (:mod:`~.positions`); none by default.
- ``load_game(data)``: a game saved by the shell's ``save_json`` (``game.to_json()`` plus
  ``seats``; ``data`` is already parsed JSON), raising
  :class:`~nations_widget.core.errors.StateFormatError`.  The shell restores ``seats``.
- ``save_filename(game)``: the file name the board's Save button proposes.
- ``parse_move(raw)``: a move from a move object, its JSON object or JSON text, raising
  :class:`~nations_widget.core.errors.MalformedMoveError` (a ``ValueError``).
- ``seat_count(game)``: how many seats decide (one "human"/bot entry each in ``seats``).
- ``seat_label(seat)``: "Player 2", for refusals ("it is not Player 2's turn").
- ``bots()``: ``(names, make_bot)``; ``bot_descriptions(names)``: one line each for the
  seat menus; ``bot_levels(names)``: each bot's level in words ("easy", "very hard": see
  :func:`nations_widget.widget.shell.bots.level_word`), which the page shows beside the
  bot's name; ``default_seats(players, names)``: a new widget's seats.  ``make_bot(name,
  seed)`` returns an object with ``choose(state) -> move`` (never changing ``state``).
  ``preferred_bot``: the bot that plays a human's decision when asked (``bot_move`` on a
  human seat) and that a New game form puts in the seats it adds, when it is available
  (else the first bot).  :func:`nations_widget.widget.shell.bots.bot_menu` reads a game's
  ``bots`` package (``BOT_NAMES``, ``BOT_INFO``, ``make_bot``).
- ``view_payload(game, seats)``: the ``view`` trait: everything the view draws, already
  in words (the prompt, the ranking, ...); it must hold ``position`` (= ``game.position``)
  and ``current`` (the seat to decide, or None), and never the seed or the generator
  (the page shows the seed from ``settings``, once the game is over).
- ``legal_payload(game)``: the ``legal`` trait when a human is to decide: a list of
  ``{"move": <move JSON>, "text": <words>, ...}`` (anything else the view needs to place
  the move); ``[]`` is sent on a bot's turn without asking.
- ``log_entries(game, limit)``: the newest ``limit`` log entries up to the current
  position, oldest first, each a dict with ``n`` (its index in the whole log) and ``pos``
  (the move that wrote it) plus what the view shows (``text``, ``seat``, ``kind``...).
  :func:`nations_widget.widget.shell.log.log_entries` is the generic implementation over
  the engine's :class:`~nations_widget.core.log.LogEntry`; the shell diffs successive
  lists into ``log_patch``.
- ``preview_payload(game, move)``: what ``move`` would change now (the ``preview`` trait;
  the shell adds ``position`` and ``move``).  Raise :class:`ValueError` (or an
  ``IllegalMoveError``) when the move has no preview or is illegal.
- ``hint(game, top)`` and ``grade(game, position)``: the coach.  ``hint``: the ``top``
  best moves for the player to decide, an object with ``to_json()`` (in words, with win
  chance and score margin), or None when the game has no coach (the shell then refuses
  the ``hint`` intent in words).  ``grade``: how the move that led to ``position``
  compared with the coach's best move (an object with ``to_json()``), or None when there
  is nothing to grade.
- ``review(game, upto, seats, progress, cancelled)`` and ``check_answer(game, review,
  puzzle, move)``: the coach's review of the game's first ``upto`` moves with ``seats``'
  decisions graded (the game's ``coach.review``: a
  :class:`~nations_widget.core.review.Review`, raising
  :class:`~nations_widget.core.review.ReviewCancelled` once ``cancelled()`` says so), and
  a puzzle's answer graded (``coach.check_answer``: an object with ``to_json()``).
- ``extra_traits(game, full)``: the game-only synced traits to set on each publish (name
  -> value; each must be a trait of the game's widget subclass, and is read-only like the
  rest); ``full``: a new game, a load or a refresh (send everything), else only what
  changed may be returned.
- ``extra_intents``: the game's own intents (e.g. the dice game's ``load_catalogue``), by
  kind: an :class:`ExtraIntent` each.  Their kinds must not be generic ones.

The generic intents (see :mod:`nations_widget.widget.shell.intents`): ``move``, ``undo``,
``redo``, ``goto``, ``new_game``, ``load``, ``save``, ``set_seat``, ``bot_move``,
``play_bots``, ``skip_bots``, ``clear_error``, ``preview``, ``hint``, ``coach``,
``log_sync``, ``review``, ``review_cancel``, ``puzzle_answer``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from ...core.history import HistoryGame
from ...core.registry import game_entry

#: The engine's history game (a ``HistoryGame`` subclass).
G = TypeVar("G")
#: The engine's move class.
M = TypeVar("M")


class Bot(Protocol):
    """A bot as the widget uses it: ``choose(state) -> move``, ``state`` left untouched."""

    def choose(self, state: Any) -> Any: ...


#: ``make_bot(name, seed)``.
BotFactory = Callable[[str, int], Bot]


class ToJson(Protocol):
    """A coach's answer: the shell publishes its ``to_json()`` in the ``coach`` trait."""

    def to_json(self) -> dict[str, Any]: ...


#: An extra intent's handler: ``handler(widget, fields)``, ``widget`` being the game's
#: :class:`~nations_widget.widget.shell.widget.GameWidget` subclass (typed ``Any`` so that
#: a handler can take the subclass); ``fields`` are checked against the intent's field
#: table.  Raise ``ValueError`` (or ``IntentError``) to refuse in words.
IntentHandler = Callable[[Any, dict[str, Any]], None]


@dataclass(frozen=True)
class ExtraIntent:
    """One game-only intent: its fields (name -> JSON kinds), which are required, and what
    it does."""

    fields: Mapping[str, tuple[str, ...]]
    handler: IntentHandler
    required: frozenset[str] = field(default_factory=frozenset)
    #: one line for the intent table's documentation
    doc: str = ""


class GameAdapter(Protocol[G, M]):
    """What a game supplies to the widget shell (see the module docstring for how the
    shell uses each part).  ``G``: the engine's history game; ``M``: its move class."""

    #: "dice" or "board": the ``game_kind`` trait, and the bundle the page loads
    kind: str
    #: "Nations: The Dice Game", "Nations"
    title: str
    #: the player counts a New game form offers, e.g. (1, 2, 3, 4): the registry's
    player_counts: tuple[int, ...]
    #: the words of the page's fairness lines: ``{"title", "draws"}`` ("Fair dice", "Every
    #: roll and deck of this game"), in ``game_info``
    fair_words: Mapping[str, str]
    #: the game's own new-game settings: name -> JSON kinds (generic ones excluded)
    settings_fields: Mapping[str, tuple[str, ...]]
    #: the game's own intents, by kind
    extra_intents: Mapping[str, ExtraIntent]
    #: the bot for hints and for the seats a New game form adds (when available)
    preferred_bot: str

    # -------------------------------------------------------------- games
    def new_game(self, settings: Mapping[str, Any], current: G | None) -> G: ...

    def settings_of(self, game: G) -> dict[str, Any]: ...

    def load_game(self, data: dict[str, Any]) -> G: ...

    def save_filename(self, game: G) -> str: ...

    def parse_move(self, raw: Any) -> M: ...

    def seat_count(self, game: G) -> int: ...

    def likely_moves(self, game: G) -> list[M]: ...

    def seat_label(self, seat: int) -> str: ...

    # --------------------------------------------------------------- bots
    def bots(self) -> tuple[tuple[str, ...], BotFactory]: ...

    def bot_descriptions(self, names: Sequence[str]) -> dict[str, str]: ...

    def bot_levels(self, names: Sequence[str]) -> dict[str, str]: ...

    def default_seats(self, players: int, bot_names: Sequence[str]) -> list[str]: ...

    # ----------------------------------------------------------- payloads
    def view_payload(self, game: G, seats: Sequence[str]) -> dict[str, Any]: ...

    def legal_payload(self, game: G) -> list[dict[str, Any]]: ...

    def log_entries(self, game: G, limit: int) -> list[dict[str, Any]]: ...

    def preview_payload(self, game: G, move: M) -> dict[str, Any]: ...

    def extra_traits(self, game: G, full: bool) -> dict[str, Any]: ...

    # -------------------------------------------------------------- coach
    def hint(self, game: G, top: int) -> ToJson | None: ...

    def grade(self, game: G, position: int) -> ToJson | None: ...

    # ------------------------------------------------------------- review
    def review(self, game: G, upto: int, seats: Sequence[int],
               progress: Callable[[int, int], None] | None,
               cancelled: Callable[[], bool] | None) -> Any: ...

    def check_answer(self, game: G, review: Any, puzzle: int, move: Any) -> ToJson: ...



class AdapterBase(Generic[M]):
    """The members every game's adapter writes alike, written once: a game's adapter
    derives from it and names its engine's move reader, ``class DiceAdapter(
    AdapterBase[Move], reads_moves=as_move)``."""

    kind: str
    #: the registry's player counts of the game (set from ``kind`` for each subclass)
    player_counts: tuple[int, ...]
    #: the engine's reader of a move (a move object, its JSON object or its JSON text)
    _reads_moves: ClassVar[Callable[[Any], Any]]

    def __init_subclass__(cls, *, reads_moves: Callable[[Any], Any], **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._reads_moves = reads_moves
        cls.player_counts = game_entry(cls.kind).players

    def save_filename(self, game: HistoryGame[Any, Any]) -> str:
        # the seed only once the game is finished (as secrecy.game_finished): it tells
        # every draw to come, and a file's name shows in the download bar at the screen
        cfg = game.config
        seed = f"-seed{cfg.seed}" if game.finished else ""
        return f"nations-{self.kind}-{cfg.players}p{seed}-move{game.position}.json"

    def parse_move(self, raw: Any) -> M:
        move: M = type(self)._reads_moves(raw)
        return move

    def seat_count(self, game: HistoryGame[Any, Any]) -> int:
        return int(game.config.players)

    #: the kinds of move a player often makes at any decision (a pass), whose next
    #: positions the widget works out while they think (:mod:`~.positions`)
    likely_move_types: ClassVar[tuple[type, ...]] = ()

    def likely_moves(self, game: HistoryGame[Any, Any]) -> list[M]:
        """The moves of :attr:`likely_move_types` the position lists (the first of each)."""
        found: dict[type, M] = {}
        move: M
        for move in game.legal_moves():
            kind = type(move)
            if isinstance(move, self.likely_move_types) and kind not in found:
                found[kind] = move
        return list(found.values())


__all__ = ["AdapterBase", "Bot", "BotFactory", "ExtraIntent", "GameAdapter", "IntentHandler",
           "ToJson"]
