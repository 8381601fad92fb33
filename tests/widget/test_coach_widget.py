"""The widget's coach: the hint intent and the grading of a human's moves."""

from __future__ import annotations

import pytest

from nations_widget.dice import IllegalMoveError, move_from_json
from nations_widget.widget import NationsWidget


def _widget() -> NationsWidget:
    return NationsWidget(players=2, seed=3, seats=["human", "random"], bot_delay=0,
                         bot_names=["random"])


def test_hint_intent_publishes_three_suggestions_at_this_position() -> None:
    w = _widget()
    before = w.game.position
    w.handle_intent({"kind": "hint"})
    assert w.error == ""
    hint = w.coach["hint"]
    assert hint["position"] == before == w.game.position     # nothing was played
    assert 1 <= len(hint["suggestions"]) <= 3
    assert all("summary" in s and s["text"] for s in hint["suggestions"])
    for s in hint["suggestions"]:
        assert w.game.state.is_legal(move_from_json(s["move"]))


def test_python_hint_returns_the_hint_shown() -> None:
    w = _widget()
    h = w.hint()
    assert w.coach["hint"]["text"] == str(h)


def test_coach_grades_a_human_move_only_when_on() -> None:
    w = _widget()
    first = w.game.legal_moves()[0]
    w.handle_intent({"kind": "move", "move": first.to_json()})
    assert w.coach["verdict"] is None                        # off: nothing graded
    w.handle_intent({"kind": "coach", "on": True})
    assert w.coach["on"] is True
    while w.game.current_player != 0 or len(w.game.legal_moves()) < 2:
        w.play(w.game.legal_moves()[0])
    pos = w.game.position
    w.handle_intent({"kind": "move", "move": w.game.legal_moves()[-1].to_json()})
    verdict = w.coach["verdict"]
    assert verdict is not None and verdict["position"] == pos + 1
    assert verdict["text"].startswith("Your move")
    w.handle_intent({"kind": "coach", "on": False})
    assert w.coach["on"] is False and w.coach["verdict"] is None


def test_hint_refused_when_the_game_is_over() -> None:
    w = _widget()
    while not w.game.is_over:
        w.play(w.game.legal_moves()[0])
    w.handle_intent({"kind": "hint"})
    assert "over" in w.error
    with pytest.raises(IllegalMoveError):
        w.hint()


def test_coach_intent_needs_a_boolean() -> None:
    w = _widget()
    w.handle_intent({"kind": "coach", "on": 1})
    assert "on" in w.error and w.coach["on"] is False


def test_preview_intent_publishes_and_plays_nothing() -> None:
    from nations_widget.dice import Buy
    w = _widget()
    buy = next(m for m in w.game.legal_moves() if isinstance(m, Buy))
    pos = w.game.position
    w.handle_intent({"kind": "preview", "move": buy.to_json()})
    assert w.error == "" and w.game.position == pos
    assert w.preview["position"] == pos and w.preview["title"].startswith("Buy ")
    w.handle_intent({"kind": "preview", "move": {"type": "pass"}})
    assert "preview" in w.error


def test_skip_bots_plays_them_at_once_until_a_human_decides() -> None:
    w = NationsWidget(players=3, seed=4, seats=["human", "random", "random"], bot_delay=30,
                      bot_names=["random"])
    while w.game.current_player == 0:      # play until a bot is due (each waits 30 s)
        w.play(w.game.legal_moves()[-1])
    assert w.game.current_player != 0 and w.busy
    w.handle_intent({"kind": "skip_bots"})
    assert w.error == ""
    assert w.game.current_player == 0 or w.game.is_over
    assert w.view["recent"]["moves"]             # and the board lists what they did
    w.handle_intent({"kind": "skip_bots"})
    assert "no bot" in w.error
