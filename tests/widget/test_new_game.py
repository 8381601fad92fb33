"""A New game's settings resolved (nations_widget.widget.shell.new_game), without a widget:
what is kept, the seed, the bots' pause, the seats, and when the game is a new table."""

from __future__ import annotations

from typing import Any

import pytest

from nations_widget.core.errors import SeatChoiceError, UnknownBotError
from nations_widget.dice import Game
from nations_widget.widget.dice.adapter import DiceAdapter
from nations_widget.widget.shell.new_game import MAX_BOT_DELAY, fresh_seed, plan_new_game
from nations_widget.widget.shell.table_mode import INVITE, OPEN, REMOTE

BOTS = ("first", "other")


def plan(settings: dict[str, Any], seats: list[str], *, players: int = 2,
         at_table: bool = False, only: set[int] | None = None) -> Any:
    current = Game(players=players, seed=9)
    return plan_new_game(settings, DiceAdapter(), current, seats, BOTS, at_table=at_table,
                         only=only)


def test_what_is_not_given_is_kept_but_the_seed() -> None:
    played = plan({"seed": 11}, ["human", "other"])
    assert played.game.config.players == 2 and played.game.config.seed == 11
    assert played.seats == ("human", "other")        # the same players again
    assert not played.new_table and played.bot_delay is None
    assert plan({}, ["human", "other"]).game.config.seed != 9   # a fresh seed


def test_another_number_of_players_gets_the_default_seats() -> None:
    played = plan({"players": 3, "seed": 1}, ["other", "human"])
    assert played.game.config.players == 3
    assert played.seats == ("human", "first", "first")


def test_the_seats_given_are_checked() -> None:
    assert plan({"seats": ["other", "human"]}, ["human", "human"]).seats == ("other", "human")
    with pytest.raises(UnknownBotError, match="unknown seat player 'nobody'"):
        plan({"seats": ["nobody", "human"]}, ["human", "human"])
    with pytest.raises(SeatChoiceError, match="one seat per player"):
        plan({"seats": ["human"]}, ["human", "human"])


def test_the_bots_pause_is_read_and_bounded() -> None:
    assert plan({"bot_delay": 2}, ["human", "human"]).bot_delay == 2.0
    for bad in (True, -1, MAX_BOT_DELAY + 1):
        with pytest.raises(ValueError, match="bot_delay must be 0-30 seconds"):
            plan({"bot_delay": bad}, ["human", "human"])


def test_a_seat_to_invite_or_left_open_makes_a_new_table() -> None:
    for seats in ([INVITE, "human"], ["human", OPEN]):
        table = plan({"seats": seats, "seed": 4}, ["human", "human"])
        assert table.new_table and table.seats == tuple(seats)
        assert table.game.config.seed == 4


def test_at_a_table_a_seat_played_elsewhere_is_invited_again() -> None:
    again = plan({"seats": ["human", REMOTE]}, ["human", REMOTE], at_table=True)
    assert again.new_table and again.seats == ("human", INVITE)
    # a table's seats are not taken as this screen's for a game played here
    assert plan({}, ["human", REMOTE], at_table=True).seats == ("human", "first")


def test_the_seats_this_screen_does_not_play_wait() -> None:
    only = plan({"seats": ["human", "other"]}, ["human", REMOTE], only={0})
    assert only.seats == ("human", REMOTE) and not only.new_table


def test_a_new_game_with_no_seats_given_keeps_the_seats_a_screen_does_not_play() -> None:
    """A screen that plays only some seats (a lesson's table, ``play_only``) and starts a
    new game with the same players: every seat is kept, those it does not play waiting
    again (they were dropped from the list, which then came out a seat short and was
    refused: "give one seat per player (2), got ['human']")."""
    again = plan({}, ["human", REMOTE], only={0})
    assert again.seats == ("human", REMOTE) and not again.new_table
    mixed = plan({}, ["other", REMOTE, "human"], players=3, only={0, 2})
    assert mixed.seats == ("other", REMOTE, "human")


def test_a_fresh_seed_is_drawn_only_when_none_is_given() -> None:
    assert fresh_seed(5) == 5 and fresh_seed("6") == 6
    assert len({fresh_seed(None) for _ in range(8)}) > 1
