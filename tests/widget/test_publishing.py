"""Publishing (nations_widget.widget.shell.publishing): where the board's Undo goes back
to, the log sent as patches or whole, a publish showing the game as it is, a preview shown,
and the game's info."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from nations_widget.widget import NationsWidget
from nations_widget.widget.dice.adapter import DiceAdapter
from nations_widget.widget.shell.intents import IntentError
from nations_widget.widget.shell.publishing import game_info, undo_target

Make = Callable[..., NationsWidget]


def test_undo_goes_back_to_a_persons_decision_not_a_bots(make_widget: Make) -> None:
    w = make_widget(seats=["human", "first"])
    while w.game.current_player != 0 or w.game.position == 0:
        moves = w.game.state.legal_moves()
        w.play(moves[0])
        if w.game.is_over:
            break
    played = w.game.position
    # every move since the person's last decision is a bot's: Undo goes back past them
    target = undo_target(w.game, w.seats)
    assert w.game.state_at(target).current_player() == 0
    assert all(w.game.state_at(p).current_player() == 1 for p in range(target + 1, played))
    assert w.history["undo_to"] == target
    # with every seat a person's, Undo is one move back
    assert undo_target(w.game, ["human", "human"]) == played - 1


def test_the_log_goes_as_patches_and_whole_when_the_page_asks(make_widget: Make) -> None:
    w = make_widget()
    first = w.publisher.log_seq
    w.play(w.game.state.legal_moves()[0])
    patch = w.log_patch
    assert patch["seq"] == first + 1 and patch.get("prev") == first
    assert not patch.get("reset")
    w.handle_intent({"kind": "log_sync"})
    assert w.log_patch["reset"] and w.log_patch["entries"] == w.game_log
    assert w.log_patch["seq"] == first + 2


def test_a_publish_shows_the_game_changed_behind_the_widgets_back(make_widget: Make) -> None:
    w = make_widget()
    w.game.play(w.game.state.legal_moves()[0])
    assert w.history["position"] == 0
    w.publisher.publish()
    assert w.history["position"] == w.game.position == 1
    assert w.history["game"] == 1 and w.seats == ["human", "human"]


def test_a_preview_is_shown_numbered_and_plays_nothing(make_widget: Make) -> None:
    w = make_widget()
    move = next(m for m in w.game.state.legal_moves() if m.type in ("buy", "build"))
    result = w.publisher.show_preview(move.to_json(), ask=7)
    assert w.game.position == 0                       # nothing is played
    assert w.preview == {**result, "position": 0, "move": move.to_json(), "asked": 1,
                         "ask": 7}
    again = w.publisher.show_preview(move)            # asked again: a new value
    assert again == result and w.preview["asked"] == 2 and "ask" not in w.preview


def test_a_preview_is_refused_once_the_game_is_over(make_widget: Make) -> None:
    w = make_widget()
    while not w.game.is_over:
        w.play(w.game.state.legal_moves()[0])
    with pytest.raises(IntentError, match="the game is over"):
        w.publisher.show_preview({"type": "pass"})


def test_the_game_info_names_the_game_its_bots_and_the_bot_a_hint_asks() -> None:
    adapter = DiceAdapter()
    info = game_info(adapter, ["random", adapter.preferred_bot])
    assert info["kind"] == "dice" and info["title"] == adapter.title
    assert info["player_counts"] == list(adapter.player_counts)
    assert info["preferred_bot"] == adapter.preferred_bot
    assert set(info["bot_levels"]) <= {"random", adapter.preferred_bot}
    assert game_info(adapter, ["random"])["preferred_bot"] == "random"
    assert game_info(adapter, [])["preferred_bot"] == "human"
