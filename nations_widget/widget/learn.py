"""The app's Learn entry: guided lessons on a live table (both games).

:class:`LearnView` (an ipywidgets box) holds the lesson panel (:class:`LessonPanel`, a
small anywidget: ``nations_widget/static/learn.js``) and, once a lesson is open, the real
game widget (:class:`~nations_widget.widget.dice.DiceWidget` or
:class:`~nations_widget.widget.board.widget.BoardWidget`) set up in the lesson's position
(:mod:`nations_widget.lessons`), every seat played from this screen and no bot.

The learner answers by playing on that table with its own clicks: the table sends its
usual move intents, which the widget checks as in any game.  After every move the lesson's
check judges the moves played and the position reached (:meth:`Lesson.judge`): done, a
wrong try (the hint shows, and "Show me" is offered), or still trying.  Undo on the table
takes a move back as usual.

The panel never writes a trait: it sends ``{"kind": "lesson", "action": ...}`` messages
(``open`` with a lesson's ``key``, ``list``, ``retry``, ``show``, ``next``, ``hint``,
``first_game`` with a ``game``), which Python checks; anything else sets ``error`` and
changes nothing.  Which lessons were done is kept by the page (in the browser's
localStorage): Python reports ``status`` "done" and the page remembers it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import anywidget
import ipywidgets
import traitlets

from ..lessons import LESSONS, Lesson, Verdict, lesson, next_lesson
from .shell.widget import STATIC, GameWidget
from .shell.wire import from_page

#: the actions a lesson message may name
ACTIONS = ("open", "list", "retry", "show", "next", "hint", "first_game")


class LessonPanel(anywidget.AnyWidget):
    """The lesson list and the open lesson's text (``nations_widget/static/learn.js``)."""

    _esm = STATIC / "learn.js"
    _css = STATIC / "learn.css"

    #: ``[{"game", "title", "lessons": [{key, game, topic, title, ...}]}]``
    catalogue: traitlets.List[Any] = traitlets.List(traitlets.Dict()).tag(sync=True)
    #: the open lesson ({} on the list): its texts plus ``status`` ("trying", "done",
    #: "wrong"), ``tries``, ``hint`` ('' until earned), ``shown`` (Show me was used),
    #: ``message``, ``next`` (the next lesson's key, '' after the last), ``last``
    lesson = traitlets.Dict().tag(sync=True)
    #: the last refused message, in words
    error = traitlets.Unicode("").tag(sync=True)
    #: the last lesson of a game offers a first game (in the app, not in a notebook)
    offers_first_game = traitlets.Bool(False).tag(sync=True)

    def set_state(self, sync_data: dict[str, Any]) -> None:
        """The page writes no trait: an update is dropped and the true values sent back."""
        if not isinstance(sync_data, dict):
            return
        refused = sorted(name for name in sync_data if name in self.keys)
        if refused:
            self.send_state(key=refused)


GAME_TITLES = {"dice": "Nations: The Dice Game", "board": "Nations (the board game)"}

#: what the table's side shows while no lesson is open (never an empty pane)
WELCOME = (
    "<div class='nw-learn-welcome' role='note'>"
    "<h2>Pick a lesson to start</h2>"
    "<p>Each lesson opens here as a real table set up at one moment of a game, with you in "
    "one seat. The panel says what to look at and what to do; you answer by playing on the "
    "table, and the game checks your move. A wrong try shows a hint, and Undo takes it "
    "back.</p>"
    "<p>New to the games? Start with the first lesson of the dice game (shorter games), "
    "then the board game's.</p></div>")


#: what a lesson's table answers to the intents that would leave the lesson (the page
#: hides their buttons there too: learn.css)
LEAVES_LESSON = {
    "new_game": "A lesson's table plays the lesson only: for a game of your own, choose "
                "the game above (or a first game at the end of the lessons).",
    "load": "A lesson's table plays the lesson only: load a saved game from the game "
            "itself, chosen above.",
    "set_seat": "In a lesson you play your own seat; the other seats wait.",
}

#: what a lesson's table answers to the help that would give the lesson's answer away or
#: play it for the learner (the page offers none of them there: shell/panels.js, dice)
GIVES_AWAY = {
    "hint": "In a lesson the coach keeps quiet: its best moves would give the answer away. "
            "Ask the lesson panel for its Hint instead.",
    "coach": "In a lesson the coach does not grade your moves: the lesson panel says "
             "whether your move does the task.",
    "bot_move": "In a lesson you make the move yourself: a bot deciding for you would play "
                "the answer. The lesson panel's Hint and Show me help instead.",
}


def lesson_table(lesson_: Lesson) -> GameWidget[Any, Any]:
    """The real game widget in the lesson's position, played at this screen for the
    learner's seat only (:meth:`GameWidget.play_only`): the other seats wait, so the end
    of the learner's turn does not offer them the other side's decision.  No bot, never
    kept in the store, no New game, Load or seat change (:data:`LEAVES_LESSON`), and no
    coach's Hint, grading or "Let a bot decide" (:data:`GIVES_AWAY`)."""
    state = lesson_.build()
    seats = ["human"] * len(state.players)
    table: GameWidget[Any, Any]
    if lesson_.game == "dice":
        from ..dice import Game as DiceGame
        from .dice import DiceWidget
        table = DiceWidget(game=DiceGame.from_state(state), seats=seats, bot_delay=0,
                           keep=False)
    else:
        from ..board import Game as BoardGame
        from .board.widget import BoardWidget
        table = BoardWidget(game=BoardGame.from_state(state), seats=seats, bot_delay=0,
                            keep=False)
    table.play_only({lesson_.learner})
    table.refused_intents = {**LEAVES_LESSON, **GIVES_AWAY}
    # the page words the waiting seats as a lesson's and hides New game, Load and the seats
    table.game_info = {**table.game_info, "lesson": True}
    table.add_class("nw-lesson-table")
    return table


class LearnView(ipywidgets.Box):  # type: ignore[misc]
    """The lesson panel beside the lesson's table (see the module docstring).

    ``on_first_game(game)``: what "a first game" at the end of a game's lessons does (the
    app shows that game against a gentle bot with the coach on)."""

    def __init__(self, on_first_game: Callable[[str], object] | None = None,
                 **kwargs: Any) -> None:
        self.panel = LessonPanel(catalogue=[
            {"game": game, "title": GAME_TITLES[game],
             "lessons": [x.to_json() for x in LESSONS[game]]} for game in ("dice", "board")])
        # beside the table on a wide screen, above it on a phone (the box wraps)
        self.panel.layout = ipywidgets.Layout(flex="1 1 280px", max_width="420px",
                                              min_width="0")
        self.panel.add_class("nw-learn-side")
        self._table_area = ipywidgets.Box(layout=ipywidgets.Layout(
            flex="999 1 600px", min_width="0", width="auto"))
        self._table_area.add_class("nw-learn-table")
        self._welcome = ipywidgets.HTML(WELCOME, layout=ipywidgets.Layout(width="100%"))
        self._table_area.children = (self._welcome,)
        super().__init__(children=[self.panel, self._table_area],
                         layout=ipywidgets.Layout(width="100%", flex_flow="row wrap",
                                                  align_items="flex-start"), **kwargs)
        self.add_class("nw-learn")
        self._on_first_game = on_first_game
        self.panel.offers_first_game = on_first_game is not None
        self.current: Lesson | None = None
        self.table: GameWidget[Any, Any] | None = None
        self._start: Any = None
        self._game_number = 0
        self._status: Verdict = "trying"
        self._dead_end = False        # a wrong try judged before the moves were used up
        self._wrong_at: int | None = None   # how many moves it took the try to go wrong
        self._wrong_words = ""        # what the panel says of it
        self._tries = 0
        self._hinted = False
        self._shown = False
        self._showing = False
        self.panel.on_msg(self._on_msg)

    # ------------------------------------------------------------------ actions
    def open_lesson(self, key: str) -> GameWidget[Any, Any]:
        """Open the lesson ``key`` on a fresh table; an unknown key raises KeyError."""
        chosen = lesson(key)
        if self.table is not None:
            self.table.unobserve(self._on_history, names="history")
            self.table.close()
        self.current = chosen
        self.table = lesson_table(chosen)
        self.table.layout.width = "100%"
        self._table_area.children = (self.table,)
        self._tries, self._hinted, self._shown = 0, False, False
        self._restart()
        self.table.observe(self._on_history, names="history")
        return self.table

    def close_lesson(self) -> None:
        """Back to the list of lessons."""
        if self.table is not None:
            self.table.unobserve(self._on_history, names="history")
            self.table.close()
        self.table, self.current = None, None
        self._table_area.children = (self._welcome,)
        self.panel.lesson = {}

    def retry(self) -> None:
        """The lesson's position again (tries and the hint earned are kept)."""
        table, chosen = self._open()
        table.replace_game(_fresh_game(table, chosen))
        self._restart()

    def show_me(self) -> None:
        """Play a right answer from the lesson's position (offered after a wrong try)."""
        table, chosen = self._open()
        if not self._tries and self._status != "done":
            raise ValueError("Try the task first: Show me comes after a try.")
        table.replace_game(_fresh_game(table, chosen))
        self._restart()
        self._showing = True
        try:
            for move in chosen.parse_moves():
                table.play(move)
        finally:
            self._showing = False
        self._shown = True
        self._judge()

    def give_hint(self) -> None:
        """The hint, on demand (offered after a wrong try, and once asked it stays)."""
        self._open()
        self._hinted = True
        self._publish()

    def next(self) -> GameWidget[Any, Any] | None:
        """The next lesson of this game (None after the last: the list is shown)."""
        _table, chosen = self._open()
        following = next_lesson(chosen.key)
        if following is None:
            self.close_lesson()
            return None
        return self.open_lesson(following.key)

    @property
    def status(self) -> Verdict:
        return self._status

    # ------------------------------------------------------------------ internals
    def _open(self) -> tuple[GameWidget[Any, Any], Lesson]:
        if self.table is None or self.current is None:
            raise ValueError("No lesson is open: choose one from the list.")
        return self.table, self.current

    def _restart(self) -> None:
        table, _chosen = self._open()
        self._start = table.game.state_at(0)
        self._game_number = int(table.history.get("game", 0))
        self._status = "trying"
        self._dead_end = False
        self._wrong_at = None
        self._wrong_words = ""
        self._publish()

    def _on_history(self, _change: object = None) -> None:
        if self._showing:
            return
        self._judge()

    def _judge(self) -> None:
        table, chosen = self._open()
        if self._status == "done" or int(table.history.get("game", 0)) != self._game_number:
            return
        game = table.game
        if game.viewing_history:
            return
        moves = list(game.moves)
        verdict = chosen.judge(self._start, moves, game.state)
        self._dead_end = verdict == "wrong" \
            and chosen.steps(moves) < chosen.max_moves \
            and game.state.current_player() == chosen.learner
        if verdict == "wrong" and self._status != "wrong":
            self._tries += 1
            self._hinted = True
        if verdict != "wrong" or self._wrong_at is None or self._wrong_at > len(moves):
            # the move that went wrong is the last one when a try first turns wrong
            self._wrong_at = len(moves) if verdict == "wrong" and \
                self._status != "wrong" else None
        self._status = verdict
        self._wrong_words = chosen.verdict_words(self._start, moves, self._wrong_at) \
            if verdict == "wrong" else ""
        self._publish()

    def _publish(self) -> None:
        if self.current is None:
            self.panel.lesson = {}
            return
        chosen = self.current
        following = next_lesson(chosen.key)
        # a wrong try says which move went wrong, what the task needed and what the move
        # did instead (the lesson's words: Lesson.verdict_words)
        message = {"trying": "", "wrong": self._wrong_words,
                   "done": chosen.well_done}[self._status]
        self.panel.lesson = {
            **chosen.to_json(), "status": self._status, "tries": self._tries,
            "hint": chosen.hint if self._hinted else "", "shown": self._shown,
            "can_show": bool(self._tries) or self._status == "done",
            "message": message, "dead_end": self._status == "wrong" and self._dead_end,
            "next": following.key if following else "",
            "next_title": following.title if following else "",
            "last": following is None, "number": LESSONS[chosen.game].index(chosen) + 1,
            "count": len(LESSONS[chosen.game]),
        }

    def _on_msg(self, _widget: object, content: object, _buffers: object = None) -> None:
        """``{"kind": "lesson", "action": ..., ...}`` from the page; refusals go to the
        panel's ``error`` (never raised into the kernel)."""
        content = from_page(content)
        try:
            if not isinstance(content, dict) or content.get("kind") != "lesson":
                raise ValueError("The page sent something other than a lesson message.")
            action = content.get("action")
            if action not in ACTIONS:
                raise ValueError("The page asked for a lesson action this app does not "
                                 "know.")
            if action == "open":
                key = content.get("key")
                if not isinstance(key, str):
                    raise ValueError("The page asked for a lesson without its name.")
                try:
                    self.open_lesson(key[:60])
                except KeyError:
                    raise ValueError("There is no such lesson.") from None
            elif action == "list":
                self.close_lesson()
            elif action == "retry":
                self.retry()
            elif action == "show":
                self.show_me()
            elif action == "hint":
                self.give_hint()
            elif action == "next":
                self.next()
            else:
                game = content.get("game")
                if game not in GAME_TITLES:
                    raise ValueError("The page asked for a first game of a game this app "
                                     "does not offer.")
                if self._on_first_game is None:
                    raise ValueError("A first game is offered in the app only.")
                self._on_first_game(str(game))
            self.panel.error = ""
        except ValueError as exc:
            self.panel.error = str(exc)[:200]


def _fresh_game(table: GameWidget[Any, Any], chosen: Lesson) -> Any:
    state = chosen.build()
    return type(table.game).from_state(state)


def learn_here(key: str) -> LearnView:
    """The lesson ``key`` on a live table, as the app's Learn entry shows it (for a
    notebook cell: ``learn_here("dice-buy")`` as its last line)."""
    view = LearnView()
    view.open_lesson(key)
    return view


__all__ = ["ACTIONS", "GIVES_AWAY", "LEAVES_LESSON", "WELCOME", "LearnView", "LessonPanel",
           "learn_here", "lesson_table"]
