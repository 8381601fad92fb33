"""Checking the messages ("intents") the browser sends, before anything acts on them.

Every intent is a JSON object ``{"kind": KIND, ...fields}``.  :func:`parse_intent`
checks the kind, the fields and their types, and the message size against an
:class:`IntentTable` (the generic intents below plus a game's own, see
:class:`~nations_widget.widget.shell.adapter.ExtraIntent`), and raises
:class:`IntentError` (a ``ValueError``) with a readable reason otherwise.  Whether a move
is *legal* is not checked here: the engine decides that.

======================  ===========================================================
kind                    fields
======================  ===========================================================
``move``                ``move`` (a move's JSON object); ``seat`` (optional int: the
                        seat the browser believes is acting; refused if it is not);
                        ``position`` (optional int: the position the board showed when
                        the player clicked; refused if the game has moved on since, so
                        a double click plays once); ``then`` (optional move object:
                        the answer to the question ``move`` asks next of the same seat,
                        where the card it takes goes; both are played, or neither)
``undo``                ``steps`` (optional int >= 1; default: back to the previous
                        decision of a human seat)
``redo``                none
``goto``                ``position`` (int, 0 ... history length): show that position
                        (where the game is does not change)
``back_to_game``        none: show where the game is again (the history trait's
                        ``game_at``: the last move, undo or redo, not the moves undone)
``continue_here``       none: play on from the position shown (the game is there now)
``new_game``            ``settings`` (object: players, seats, seed, bot_delay and the
                        game's own settings; all optional)
``load``                ``text`` (a saved game's JSON text); ``name`` (optional file name)
``save``                none; the widget answers with a custom message
                        ``{"kind": "saved", "text": ..., "filename": ...}``
``set_seat``            ``seat`` (int), ``player`` ("human" or a bot name)
``bot_move``            none: the seat's bot (or, for a human seat, the preferred bot
                        as a hint) plays the current decision
``play_bots``           none: let the bots play until a human must decide
``skip_bots``           none: the bots play at once, without their pause, until a human
                        must decide (the board then lists what they did)
``clear_error``         none
``presence``            ``here`` (bool), ``hidden`` (bool, optional): at a table, the
                        page says it is there (every few seconds; ``hidden``: in a
                        background tab) or, ``here`` false, that it is leaving: whether
                        this screen's seats count as connected for the others
``name``                ``name`` (text, or null: "Player N" again); ``seat`` (optional
                        int: which of this screen's seats; default its only one): at a
                        table, the name its player chose, shown on every screen (cleaned,
                        or refused in words, by ``nations_widget.tables.names``)
``start_table``         ``bot`` (text: a bot's name): the host starts a table that waits
                        for its open seats, with that bot in each seat nobody took
``chat``                ``text`` (text): at a table, a line in its chat for this screen's
                        seat (cleaned, limited and rate-limited, or refused in words, by
                        ``nations_widget.tables.chat``)
``chat_switch``         ``on`` (bool): the table's host turns its chat on or off
``preview``             ``move`` (a move's JSON object): what it would do (the
                        ``preview`` trait); nothing is played.  ``ask`` (optional int):
                        a number the page picks, sent back in the trait, so that the
                        page knows which question an answer is for (and an answer equal
                        to the last one still reaches it)
``hint``                none: the coach's best moves for the player to decide
                        (the ``coach`` trait's ``hint``)
``coach``               ``on`` (bool): grade each human move against the coach's best
``log_sync``            none: the browser's copy of the log is not the one the last
                        ``log_patch`` builds on (a page opened late): send it whole
``review``              none: the coach reviews the game up to where it is (offered
                        once it is over, or loaded; the ``review`` trait shows its
                        progress, then the result); any intent but looking around
                        stops it
``review_cancel``       none: stop the review under way
``puzzle_open``         ``puzzle`` (int): show that puzzle of the review on the board (its
                        position; its seat's moves are then the page's to play there)
``puzzle_close``        none: done with the puzzles; the board shows the game again
``puzzle_answer``       ``puzzle`` (int: the review's puzzle number), ``move`` (a move's
                        JSON object, played on the puzzle's board), ``position``
                        (optional int: the position the board showed; refused if it
                        is not the puzzle's): Python checks the answer (the ``review``
                        trait's ``answer``); nothing is played in the game
======================  ===========================================================

The dice game adds ``load_catalogue`` (``text``, ``name``): see
:mod:`nations_widget.widget.dice.adapter`.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ...core.envelope import json_value, message, shown
from ...core.validate import Checker, field_error

#: The largest message accepted, in characters of its JSON (a saved game is ~50 KB).
MAX_MESSAGE_CHARS = 400_000

#: {field: JSON kinds (see nations_widget.core.validate.Checker.of_kind)}, required fields
FieldTable = tuple[Mapping[str, tuple[str, ...]], frozenset[str]]

#: The intents every game's widget understands.
GENERIC_INTENTS: dict[str, FieldTable] = {
    "move": ({"move": ("object",), "seat": ("integer", "null"),
              "position": ("integer", "null"), "then": ("object", "null")},
             frozenset({"move"})),
    "undo": ({"steps": ("integer", "null")}, frozenset()),
    "redo": ({}, frozenset()),
    "goto": ({"position": ("integer",)}, frozenset({"position"})),
    "back_to_game": ({}, frozenset()),
    "continue_here": ({}, frozenset()),
    "new_game": ({"settings": ("object",)}, frozenset()),
    "load": ({"text": ("text",), "name": ("text", "null")}, frozenset({"text"})),
    "save": ({}, frozenset()),
    "set_seat": ({"seat": ("integer",), "player": ("text",)}, frozenset({"seat", "player"})),
    "bot_move": ({}, frozenset()),
    "play_bots": ({}, frozenset()),
    "skip_bots": ({}, frozenset()),
    "clear_error": ({}, frozenset()),
    "presence": ({"here": ("boolean",), "hidden": ("boolean", "null")}, frozenset({"here"})),
    "name": ({"name": ("text", "null"), "seat": ("integer", "null")}, frozenset({"name"})),
    "start_table": ({"bot": ("text",)}, frozenset({"bot"})),
    "chat": ({"text": ("text",)}, frozenset({"text"})),
    "chat_switch": ({"on": ("boolean",)}, frozenset({"on"})),
    "preview": ({"move": ("object",), "ask": ("integer", "null")}, frozenset({"move"})),
    "hint": ({}, frozenset()),
    "coach": ({"on": ("boolean",)}, frozenset({"on"})),
    "log_sync": ({}, frozenset()),
    "review": ({}, frozenset()),
    "review_cancel": ({}, frozenset()),
    "puzzle_answer": ({"puzzle": ("integer",), "move": ("object",),
                       "position": ("integer", "null"), "then": ("object", "null")},
                      frozenset({"puzzle", "move"})),
    "puzzle_open": ({"puzzle": ("integer",)}, frozenset({"puzzle"})),
    "puzzle_close": ({}, frozenset()),
}

#: The new-game settings every game takes (a game adds its own, see
#: ``GameAdapter.settings_fields``).
GENERIC_SETTINGS: dict[str, tuple[str, ...]] = {
    "players": ("integer",),
    "seats": ("array",),
    "seed": ("integer", "text", "null"),
    "bot_delay": ("number",),
}


class IntentError(ValueError):
    """A message from the browser that cannot be acted on; the text says why."""


@dataclass(frozen=True)
class Intent:
    kind: str
    fields: dict[str, Any] = field(default_factory=dict)


#: The shared checker's messages, raised as IntentError: "a 'goto' message field
#: 'position': must be a whole number, got '1'".
_error = field_error(IntentError)


@dataclass(frozen=True)
class IntentTable:
    """The intents one widget understands: kind -> (field kinds, required fields), and
    the new-game settings (name -> JSON kinds)."""

    intents: Mapping[str, FieldTable]
    settings: Mapping[str, tuple[str, ...]]

    @classmethod
    def of(cls, extra: Mapping[str, FieldTable] | None = None,
           settings: Mapping[str, tuple[str, ...]] | None = None) -> IntentTable:
        """The generic intents and settings plus a game's (which may not redefine one)."""
        extra = extra or {}
        settings = settings or {}
        clash = sorted(set(extra) & set(GENERIC_INTENTS)) + \
            sorted(set(settings) & set(GENERIC_SETTINGS))
        if clash:
            raise ValueError(f"a game cannot redefine the generic {', '.join(clash)}")
        return cls({**GENERIC_INTENTS, **extra}, {**GENERIC_SETTINGS, **settings})

    @property
    def kinds(self) -> tuple[str, ...]:
        return tuple(sorted(self.intents))

    def parse(self, content: object) -> Intent:
        """Check one message from the browser; raise :class:`IntentError` if malformed."""
        if not isinstance(content, dict):
            raise IntentError("a message must be a JSON object with a 'kind'")
        # depth, number sizes and key types, as for every input (nations_widget.core.envelope)
        json_value(content, "the message", error=IntentError)
        size = message_size(content)
        if size > MAX_MESSAGE_CHARS:
            raise IntentError(f"the message is too large ({size:,} characters; the limit "
                              f"is {MAX_MESSAGE_CHARS:,})")
        kind = content.get("kind")
        if not isinstance(kind, str) or kind not in self.intents:
            raise IntentError(message(f"unknown message kind {shown(kind)} (expected one of: "
                                      f"{', '.join(self.kinds)})"))
        types, required = self.intents[kind]
        check = Checker(f"a {kind!r} message", make_error=_error)
        check.fields({k: v for k, v in content.items() if k != "kind"}, sorted(required),
                     [name for name in types if name not in required])
        fields = {name: check.of_kind(content[name], name, kinds)
                  for name, kinds in types.items() if name in content}
        if kind == "new_game" and "settings" in fields:
            self.check_settings(fields["settings"])
        return Intent(kind, fields)

    def check_settings(self, settings: dict[str, Any]) -> None:
        """Types of a new-game settings object (values are checked when the game is made)."""
        check = Checker("the new-game settings", make_error=_error)
        check.fields(settings, (), list(self.settings))
        for name, kinds in self.settings.items():
            if name in settings:
                check.of_kind(settings[name], name, kinds)
        seats = settings.get("seats")
        if seats is not None:
            for seat in seats:
                check.of_kind(seat, "seats", ("text",))


def message_size(content: object) -> int:
    try:
        return len(json.dumps(content))
    except (TypeError, ValueError):
        raise IntentError("the message is not plain JSON") from None
    except RecursionError:
        raise IntentError("the message is nested too deeply") from None


#: The generic table alone (a game's widget builds its own with :meth:`IntentTable.of`).
GENERIC_TABLE = IntentTable.of()


def parse_intent(content: object, table: IntentTable = GENERIC_TABLE) -> Intent:
    """Check one message from the browser against ``table``; raise :class:`IntentError`
    if malformed."""
    return table.parse(content)
