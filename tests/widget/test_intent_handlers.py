"""The intents' handlers and their dispatch (nations_widget.widget.shell.intent_handlers):
every generic intent has a handler, a click is checked against the position, the seat and
who plays it, the New game dialog's seed is read as a whole number, and the widget's own
refusals come before any handler."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from nations_widget.widget import NationsWidget
from nations_widget.widget.shell.adapter import ExtraIntent
from nations_widget.widget.shell.intent_handlers import (
    GENERIC_HANDLERS,
    check_click,
    dispatch,
    seed_from_page,
)
from nations_widget.widget.shell.intents import GENERIC_INTENTS, Intent, IntentError

Make = Callable[..., NationsWidget]


def label(seat: int) -> str:
    return f"Player {seat + 1}"


def test_every_generic_intent_has_a_handler() -> None:
    assert set(GENERIC_HANDLERS) == set(GENERIC_INTENTS)


def test_a_click_on_another_position_is_refused(make_widget: Make) -> None:
    game = make_widget().game
    with pytest.raises(IntentError, match="made on move 4; the game is at move 0"):
        check_click(game, ["human", "human"], label, None, 4, at_table=False)
    with pytest.raises(IntentError, match="the table is at move 0"):
        check_click(game, ["human", "remote"], label, 0, 4, at_table=True)
    check_click(game, ["human", "human"], label, 0, 0, at_table=False)   # accepted


def test_a_click_for_a_seat_not_to_decide_or_not_played_here_is_refused(
        make_widget: Make) -> None:
    game = make_widget().game
    current = game.current_player
    assert current is not None
    other = 1 - current
    with pytest.raises(IntentError, match=f"not {label(other)}'s turn"):
        check_click(game, ["human", "human"], label, other, None, at_table=False)
    seats = ["human", "human"]
    seats[current] = "remote"
    with pytest.raises(IntentError, match="is not played at this screen"):
        check_click(game, seats, label, None, None, at_table=False)
    seats[current] = "first"
    with pytest.raises(IntentError, match="played by the first bot"):
        check_click(game, seats, label, None, None, at_table=False)
    # at a table the table decides whose move it is: only the position is checked here
    check_click(game, seats, label, other, None, at_table=True)


def test_the_dialogs_seed_is_read_as_a_whole_number() -> None:
    assert seed_from_page(" 42 ") == 42
    assert seed_from_page("-7") == -7
    assert seed_from_page("") is None
    assert seed_from_page(12) == 12 and seed_from_page(None) is None
    with pytest.raises(IntentError, match="must be a whole number"):
        seed_from_page("4e5")
    with pytest.raises(IntentError, match="at most"):
        seed_from_page("9" * 5000)


def test_the_widgets_refusal_comes_before_the_handler(make_widget: Make) -> None:
    w = make_widget()
    w.refused_intents["undo"] = "not in a lesson"
    length = w.game.length
    with pytest.raises(IntentError, match="not in a lesson"):
        dispatch(w, Intent("undo", {}))
    assert w.game.length == length


def test_a_games_own_intent_goes_to_its_adapter(make_widget: Make,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    w = make_widget()
    seen: list[dict[str, Any]] = []
    extra = w.adapter.extra_intents["load_catalogue"]
    monkeypatch.setattr(w.adapter, "extra_intents", {"load_catalogue": ExtraIntent(
        extra.fields, lambda widget, fields: seen.append(fields), extra.required)})
    dispatch(w, Intent("load_catalogue", {"text": "{}"}))
    assert seen == [{"text": "{}"}]


def test_a_load_refused_is_said_with_the_files_name(make_widget: Make) -> None:
    w = make_widget()
    before = w.save_json()
    w.handle_intent({"kind": "load", "text": "[]", "name": "mine.json"})
    assert w.error.startswith("could not load mine.json: ")
    assert w.save_json() == before
