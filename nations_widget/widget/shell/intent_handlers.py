"""What each intent does: the generic intents' handlers, by kind, and the dispatch.

:mod:`~.intents` checks a page's message (its kind, fields and size); here a checked
:class:`~.intents.Intent` is handed to what acts on it (:func:`dispatch`): the widget's
refusals first (:attr:`Widget.refused_intents`: a lesson's table refuses New game and
Load), then the review under way stopped (any intent but looking around:
:data:`~.review.KEEPS_REVIEW`), then a game's own intent (its adapter's
:class:`~.adapter.ExtraIntent`) or the generic handler of :data:`GENERIC_HANDLERS`.

A handler turns the page's words into the widget's Python API (``undo``, ``start_game``,
``load_json``...) or hands them to the part that owns them (the coach's intents to
:class:`~.coaching.Coaching`, a table's presence, names and chat to
:class:`~.seating.TableSeating`).  What the page sends is checked here before it acts:
a click on another position or another seat (:func:`check_click`), a seed typed in the
New game dialog (:func:`seed_from_page`).  A refusal raises :class:`~.intents.IntentError`
(or the engine's ``ValueError``), which the widget shows in ``error``.

Nothing here imports the widget: a handler is given a :class:`Widget` (the widget's
public API, as a Protocol).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from ...core.envelope import MAX_INT_DIGITS
from ...core.errors import StateFormatError
from ...core.history import HistoryGame
from ...core.validate import plain_digits
from .adapter import GameAdapter
from .bot_runner import BotRunner
from .coaching import Coaching
from .intents import Intent, IntentError
from .publishing import Publisher
from .review import KEEPS_REVIEW
from .seating import TableSeating
from .table_mode import NO_BOT_HELP, REMOTE


class Widget(Protocol):
    """What the handlers use of a widget (:class:`~.widget.GameWidget`'s public API; a
    Protocol, since the widget imports this module)."""

    error: str
    refused_intents: dict[str, str]
    seating: TableSeating
    coaching: Coaching
    bot_runner: BotRunner
    publisher: Publisher

    @property
    def adapter(self) -> GameAdapter[Any, Any]: ...

    @property
    def game(self) -> HistoryGame[Any, Any]: ...

    def send(self, content: dict[str, Any]) -> None: ...

    def play_clicked(self, move: Any, then: Any = None, seat: int | None = None,
                     position: int | None = None) -> None: ...

    def undo(self, steps: int | None = 1) -> None: ...

    def redo(self) -> None: ...

    def goto(self, position: int) -> None: ...

    def back_to_game(self) -> None: ...

    def continue_here(self) -> None: ...

    def start_game(self, settings: Mapping[str, Any] | None = None) -> None: ...

    def load_json(self, text: str | bytes | dict[str, Any]) -> None: ...

    def save_json(self, indent: int | None = None) -> str: ...

    def set_seat(self, seat: int, player: str) -> None: ...

    def preview_move(self, move: Any, ask: int | None = None) -> dict[str, Any]: ...

    def cancel_review(self) -> None: ...


#: what a handler is: the widget, the intent's checked fields
Handler = Callable[[Widget, dict[str, Any]], None]


def check_click(game: HistoryGame[Any, Any], seats: Sequence[str],
                label: Callable[[int], str], seat: int | None, position: int | None,
                *, at_table: bool) -> None:
    """Refuse a click on a move that is not this screen's to play now: made on another
    position (the second click of a double click, or a board an update had not reached
    yet), for a seat that is not to decide, or (at one screen) for a seat played by a bot
    or by another screen.  At a table the table decides whose move it is."""
    where = "the table" if at_table else "the game"
    if position is not None and position != game.position:
        raise IntentError(f"that click was made on move {position}; {where} is at "
                          f"move {game.position} now, so nothing was played")
    if at_table:
        return
    current = game.current_player
    if current is None:
        raise IntentError("the game is over: no more moves")
    if seat is not None and seat != current:
        raise IntentError(f"it is not {label(seat)}'s turn: {label(current)} is to decide")
    if seats[current] == REMOTE:
        raise IntentError(f"{label(current)} is not played at this screen")
    if seats[current] != "human":
        raise IntentError(f"{label(current)} is played by the {seats[current]} bot; wait "
                          "for its move")


def seed_from_page(seed: object) -> object:
    """The New game dialog's seed: its text read as a whole number (blank: None, a fresh
    seed), anything else as sent (the game's settings check it)."""
    if not isinstance(seed, str):
        return seed
    seed = seed.strip()
    if seed and not plain_digits(seed.removeprefix("-")):
        raise IntentError(f"the seed must be a whole number, got {seed[:20]!r}")
    if len(seed.removeprefix("-")) > MAX_INT_DIGITS:
        # (before int(): Python refuses to read a number of over 4,300 digits)
        raise IntentError(f"a seed has at most {MAX_INT_DIGITS} digits (a saved game "
                          "holds no longer number)")
    return int(seed) if seed else None


def _move(w: Widget, f: dict[str, Any]) -> None:
    w.play_clicked(f["move"], f.get("then"), f.get("seat"), f.get("position"))


def _undo(w: Widget, f: dict[str, Any]) -> None:
    steps = f.get("steps")
    if steps is not None and steps < 1:
        raise IntentError("'undo' field 'steps' must be at least 1")
    w.undo(steps)
    w.error = ""


def _redo(w: Widget, f: dict[str, Any]) -> None:
    w.redo()
    w.error = ""


def _goto(w: Widget, f: dict[str, Any]) -> None:
    w.goto(f["position"])
    w.error = ""


def _new_game(w: Widget, f: dict[str, Any]) -> None:
    settings = f.get("settings", {})
    if "seed" in settings:
        settings = {**settings, "seed": seed_from_page(settings["seed"])}
    try:
        w.start_game(settings)
    except IntentError:
        raise
    except ValueError as exc:
        raise IntentError(f"cannot start that game: {exc}") from None


def _load(w: Widget, f: dict[str, Any]) -> None:
    what = f.get("name") or "the file"
    try:
        w.load_json(f["text"])
    except StateFormatError as exc:
        # said with the file's name (the widget had said "the game")
        raise IntentError(f"could not load {what}: {exc}") from None


def _save(w: Widget, f: dict[str, Any]) -> None:
    w.send({"kind": "saved", "text": w.save_json(indent=1),
            "filename": w.adapter.save_filename(w.game)})


def _set_seat(w: Widget, f: dict[str, Any]) -> None:
    w.set_seat(f["seat"], f["player"])
    w.error = ""


def _bot_move(w: Widget, f: dict[str, Any]) -> None:
    w.seating.refuse(NO_BOT_HELP, shared_only=True)
    w.seating.refuse_looking_back(w.game)
    if w.bot_runner.live:
        return                    # the bots are playing already: one runner
    if w.game.is_over:
        raise IntentError("the game is over")
    w.error = ""
    w.bot_runner.schedule(hint=True)


def _play_bots(w: Widget, f: dict[str, Any]) -> None:
    if w.seating.binding is not None:
        return                    # a table's bots play by themselves
    if w.bot_runner.live:
        return                    # a double click, or a second page: one runner
    if not w.bot_runner.hooks.due():
        raise IntentError("no bot is to move: it is a human's decision"
                          if not w.game.is_over else "the game is over")
    w.error = ""
    w.bot_runner.schedule()


def _skip_bots(w: Widget, f: dict[str, Any]) -> None:
    if w.seating.binding is not None:
        return                    # a table's bots play by themselves
    if not w.bot_runner.hooks.due():
        raise IntentError("no bot is to move")
    w.error = ""
    w.bot_runner.skip()


def _preview(w: Widget, f: dict[str, Any]) -> None:
    w.preview_move(f["move"], f.get("ask"))


def _clear_error(w: Widget, f: dict[str, Any]) -> None:
    w.error = ""


#: The generic intents' handlers, by kind (a game's own come from its adapter).
GENERIC_HANDLERS: dict[str, Handler] = {
    "move": _move,
    "undo": _undo,
    "redo": _redo,
    "goto": _goto,
    "back_to_game": lambda w, f: w.back_to_game(),
    "continue_here": lambda w, f: w.continue_here(),
    "new_game": _new_game,
    "load": _load,
    "save": _save,
    "set_seat": _set_seat,
    "bot_move": _bot_move,
    "play_bots": _play_bots,
    "skip_bots": _skip_bots,
    "clear_error": _clear_error,
    "presence": lambda w, f: w.seating.presence(f["here"], bool(f.get("hidden"))),
    "name": lambda w, f: w.seating.set_name(f["name"], f.get("seat")),
    "start_table": lambda w, f: w.seating.start_with_bots(f["bot"]),
    "chat": lambda w, f: w.seating.say(f["text"]),
    "chat_switch": lambda w, f: w.seating.set_chat(f["on"]),
    "preview": _preview,
    "hint": lambda w, f: w.coaching.ask_hint(),
    "coach": lambda w, f: w.coaching.set_coach(f["on"]),
    "log_sync": lambda w, f: w.publisher.resend_log(),
    "review": lambda w, f: w.coaching.ask_review(),
    "review_cancel": lambda w, f: w.coaching.cancel_review(),
    # a move's follow-up (``then``: where a card bought goes) is not part of the decision
    # a puzzle asks, and is left out
    "puzzle_answer": lambda w, f: w.coaching.ask_answer(f["puzzle"], f["move"],
                                                       f.get("position")),
    "puzzle_open": lambda w, f: w.coaching.open_puzzle(f["puzzle"]),
    "puzzle_close": lambda w, f: w.coaching.close_puzzle(),
}


def dispatch(w: Widget, intent: Intent) -> None:
    """Act on a checked intent (see the module docstring for the order)."""
    refused = w.refused_intents.get(intent.kind)
    if refused is not None:
        raise IntentError(refused)
    if intent.kind not in KEEPS_REVIEW:
        w.cancel_review()          # the next intent stops a review under way
    extra = w.adapter.extra_intents.get(intent.kind)
    if extra is not None:
        extra.handler(w, intent.fields)
        return
    GENERIC_HANDLERS[intent.kind](w, intent.fields)
