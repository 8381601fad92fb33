"""The app's Learn entry (nations_widget.widget.learn): the lesson table is the real game
widget in the lesson's position, moves are judged by the lesson's check, the panel's
messages are checked in Python, and the app opens Learn from ?game=learn."""

from __future__ import annotations

from typing import Any

import pytest

from nations_widget.lessons import LESSONS, lesson
from nations_widget.widget.app import CHOICE_KEYS, GameApp, game_app, requested_game
from nations_widget.widget.board.widget import BoardWidget
from nations_widget.widget.dice import NationsWidget
from nations_widget.widget.learn import LearnView, learn_here, lesson_table


def _send(view: LearnView, **fields: Any) -> None:
    view._on_msg(view.panel, {"kind": "lesson", **fields})


def _move(view: LearnView, move: dict[str, Any]) -> None:
    assert view.table is not None
    view.table.handle_intent({"kind": "move", "move": move})
    assert view.table.error == ""


@pytest.mark.parametrize("key", [x.key for g in ("dice", "board") for x in LESSONS[g]])
def test_each_lesson_table_is_the_game_widget_in_its_position(key: str) -> None:
    x = lesson(key)
    table = lesson_table(x)
    assert isinstance(table, NationsWidget if x.game == "dice" else BoardWidget)
    assert table.game.state.to_json() == x.build().to_json()
    # the learner's seat is played here; the others wait (no bot, nothing moves by itself)
    assert table.seats == ["human" if s == x.learner else "remote"
                           for s in range(len(table.seats))]
    assert table.legal                                     # the learner can play at once
    assert table.game_info["lesson"] is True


def test_the_list_then_a_lesson_done_by_playing() -> None:
    view = LearnView()
    games = [g["game"] for g in view.panel.catalogue]
    assert games == ["dice", "board"] and view.panel.lesson == {}
    _send(view, action="open", key="dice-war")
    assert view.panel.lesson["status"] == "trying" and view.panel.lesson["hint"] == ""
    _move(view, {"type": "fight", "payment": {"dice": [0, 1, 2], "chits": 1, "trades": []}})
    shown = view.panel.lesson
    assert shown["status"] == "done" and not shown["shown"]
    assert shown["next"] == "dice-end"
    _send(view, action="next")
    assert view.current is not None and view.current.key == "dice-end"


def test_a_wrong_try_gives_the_hint_then_undo_then_show_me() -> None:
    view = LearnView()
    _send(view, action="open", key="dice-buy")
    assert not view.panel.lesson["can_show"]
    _send(view, action="show")                 # not before a try
    assert "first" in view.panel.error
    _move(view, {"type": "reroll", "dice": [0]})
    shown = view.panel.lesson
    assert shown["status"] == "wrong" and shown["tries"] == 1
    assert shown["hint"] == lesson("dice-buy").hint and shown["can_show"]
    assert view.table is not None
    view.table.handle_intent({"kind": "undo"})
    assert view.table.game.position == 0
    assert view.panel.lesson["status"] == "trying" and view.panel.lesson["hint"]
    _send(view, action="show")
    assert view.panel.error == ""
    assert view.panel.lesson["status"] == "done" and view.panel.lesson["shown"]
    assert view.table.game.position == 1


def test_a_several_move_lesson_waits_then_judges() -> None:
    view = LearnView()
    _send(view, action="open", key="board-workers")
    for move in lesson("board-workers").show_me[:-1]:
        _move(view, dict(move))
        assert view.panel.lesson["status"] == "trying"
    _move(view, dict(lesson("board-workers").show_me[-1]))
    assert view.panel.lesson["status"] == "done"


def test_retry_sets_the_position_again_and_keeps_the_hint() -> None:
    view = LearnView()
    _send(view, action="open", key="board-war")
    _move(view, {"type": "pass"})
    assert view.panel.lesson["status"] == "wrong"
    _send(view, action="retry")
    assert view.table is not None and view.table.game.position == 0
    assert view.panel.lesson["status"] == "trying" and view.panel.lesson["hint"]
    _move(view, {"type": "deploy", "slot": 2, "source": "4"})   # another right way
    assert view.panel.lesson["status"] == "done"


@pytest.mark.parametrize("content", [
    "open", {"kind": "choose"}, {"kind": "lesson"}, {"kind": "lesson", "action": "eval"},
    {"kind": "lesson", "action": "open"}, {"kind": "lesson", "action": "open", "key": "x"},
    {"kind": "lesson", "action": "open", "key": 3}, {"kind": "lesson", "action": "next"},
    {"kind": "lesson", "action": "first_game", "game": "chess"},
])
def test_the_page_is_not_trusted(content: object) -> None:
    view = LearnView()
    view._on_msg(view.panel, content)
    assert view.panel.error
    assert view.table is None


def test_the_panel_writes_no_trait() -> None:
    view = LearnView()
    view.panel.set_state({"lesson": {"key": "dice-buy", "status": "done"}})
    assert view.panel.lesson == {}


def test_the_app_offers_learn_and_a_first_game() -> None:
    assert "learn" in CHOICE_KEYS and requested_game("game=learn") == "learn"
    app = game_app("learn")
    assert app.shown == "learn"
    assert [c["key"] for c in app.chooser.games] == ["dice", "board", "learn"]
    view = app.learn
    _send(view, action="open", key="board-end")
    assert view.panel.lesson["last"]
    _send(view, action="first_game", game="dice")
    assert app.shown == "dice" and view.layout.display == "none"
    dice = app.widgets["dice"]
    assert dice.coach["on"] and dice.seats[0] == "human" and dice.seats[1] != "human"
    assert dice.game.position == 0


def test_choosing_learn_from_the_chooser_hides_the_games() -> None:
    app = GameApp("dice")
    app._on_msg(app.chooser, {"kind": "choose", "game": "learn"})
    assert app.chooser.error == "" and app.shown == "learn"
    assert app.widgets["dice"].layout.display == "none"
    app._on_msg(app.chooser, {"kind": "choose", "game": "dice"})
    assert app.learn.layout.display == "none"


def test_a_notebook_plays_one_lesson_without_the_apps_first_game() -> None:
    view = learn_here("board-end")
    assert view.current is not None and view.current.key == "board-end"
    assert not view.panel.offers_first_game
    _send(view, action="first_game", game="board")
    assert "app" in view.panel.error
    assert game_app("learn").learn.panel.offers_first_game


def test_the_hint_on_demand_stays_shown() -> None:
    view = LearnView()
    _send(view, action="open", key="board-end")
    assert view.panel.lesson["hint"] == ""
    _send(view, action="hint")
    assert view.panel.lesson["hint"] == lesson("board-end").hint
    assert not view.panel.lesson["can_show"]        # Show me still waits for a try
    _move(view, {"type": "hire"})
    assert view.panel.lesson["status"] == "trying" and view.panel.lesson["hint"]


def test_a_first_game_of_the_board_game_is_gentle_and_coached() -> None:
    app = game_app("learn")
    board = app.first_game("board")
    assert app.shown == "board" and not board.new_game_open
    assert board.seats == ["human", "heuristic-easy"] and board.coach["on"]
    assert board.state.config.difficulty[0] == "chieftain"


@pytest.mark.parametrize("key", [x.key for g in ("dice", "board") for x in LESSONS[g]])
def test_after_the_learners_turn_the_other_seat_is_not_offered(key: str) -> None:
    """Issue: after the learner's move the table said "Player 2, your decision" with its
    moves, inviting the learner to play the other side.  Now the other seats wait: no
    decision is offered, a move for them is refused, and the verdict stays the focus."""
    x = lesson(key)
    view = LearnView()
    _send(view, action="open", key=key)
    table = view.table
    assert table is not None
    for move in x.show_me:
        _move(view, dict(move))
    assert view.panel.lesson["status"] == "done"
    current = table.game.current_player
    if current is None or current == x.learner:
        return                                # the lesson's turn goes on (or the game ended)
    assert table.view["human_turn"] is False and table.legal == []
    # nor does the header's prompt invite the learner to play that seat
    assert table.view["prompt"] == f"Player {current + 1}'s turn (not played at this screen)."
    move = table.game.state.legal_moves()[0]
    table.handle_intent({"kind": "move", "move": move.to_json()})
    assert "not played at this screen" in table.error
    assert table.game.position == len(x.show_me)
    table.handle_intent({"kind": "play_bots"})            # and no bot plays them
    assert table.game.position == len(x.show_me)
    table.handle_intent({"kind": "undo"})                  # Undo: back to the learner
    assert table.game.current_player == x.learner and table.legal


def test_a_lessons_table_does_not_leave_the_lesson() -> None:
    """Issue: a lesson table's New game started a real game and the lesson silently stopped
    judging.  New game, Load and a seat change are refused there (their buttons hidden)."""
    view = LearnView()
    _send(view, action="open", key="dice-buy")
    table = view.table
    assert table is not None
    table.handle_intent({"kind": "new_game", "settings": {"players": 2}})
    assert "lesson" in table.error and table.history["game"] == view._game_number
    table.handle_intent({"kind": "load", "text": "{}"})
    assert "lesson" in table.error
    table.handle_intent({"kind": "set_seat", "seat": 1, "player": table.bot_names[0]})
    assert "seat" in table.error and table.seats[1] == "remote"
    _move(view, {"type": "buy", "tile": "t1-08",
                 "payment": {"dice": [0], "chits": 1, "trades": []}})
    assert view.panel.lesson["status"] == "done"         # still judged


def test_a_wrong_early_step_is_judged_at_once() -> None:
    """Issue: a several-move lesson judged a wrong step only once its moves were used up.
    A step after which no continuation can do the task is wrong at once, said so."""
    view = LearnView()
    _send(view, action="open", key="board-workers")
    _move(view, {"type": "deploy", "slot": 0, "source": "idle"})     # the Temple, not the Axeman
    shown = view.panel.lesson
    assert shown["status"] == "wrong" and shown["dead_end"] and shown["tries"] == 1
    # said in a player's words: the move, what it did, what the task needed
    assert "Deploy a worker on Temple" in shown["message"] and shown["hint"]
    assert "gives no strength" in shown["message"] and "reach 2 strength, not 4" in \
        shown["message"]
    assert view.table is not None
    view.table.handle_intent({"kind": "undo"})
    assert view.panel.lesson["status"] == "trying" and not view.panel.lesson["dead_end"]
    _move(view, {"type": "deploy", "slot": 2, "source": "idle"})     # a right first step
    assert view.panel.lesson["status"] == "trying"


def test_the_table_side_is_never_empty() -> None:
    """Issue: Learn opened with an empty right-hand pane until a lesson was picked.  The
    table's side now shows a welcome saying what the lessons are and to pick one, on the
    list and back on it after a lesson."""
    view = LearnView()
    side = view._table_area.children
    assert len(side) == 1 and "Pick a lesson" in side[0].value
    _send(view, action="open", key="dice-buy")
    assert view._table_area.children == (view.table,)
    _send(view, action="list")
    assert view._table_area.children and "Pick a lesson" in view._table_area.children[0].value


@pytest.mark.parametrize("key", ["dice-buy", "board-war"])
def test_a_lessons_table_gives_no_answer_away(key: str) -> None:
    """Issue: a lesson's table offered the coach's Hint and "Let a bot decide" beside the
    lesson's own Hint: the coach's best moves give the answer away and a bot plays it for
    the learner.  The page hides them there, and Python refuses them with words."""
    view = LearnView()
    _send(view, action="open", key=key)
    table = view.table
    assert table is not None
    table.handle_intent({"kind": "hint"})
    assert "coach" in table.error and table.coach.get("hint") in (None, {})
    table.handle_intent({"kind": "coach", "on": True})
    assert "coach" in table.error and not table.coach.get("on")
    table.handle_intent({"kind": "bot_move"})
    assert "yourself" in table.error and table.game.position == 0
    assert view.panel.lesson["status"] == "trying"
    _send(view, action="hint")                       # the lesson's own Hint still works
    assert view.panel.lesson["hint"]
