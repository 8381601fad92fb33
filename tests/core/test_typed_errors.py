"""Inputs that look like numbers to Python but are not ("²" is a digit to str.isdigit,
and int() refuses it) and settings of the wrong shape are refused with the project's own
typed errors (nations_widget.core.errors, the board's SettingError, the widget's
IntentError), in a player's words: never a bare ValueError from int() or a TypeError."""

from __future__ import annotations

import pytest

from nations_widget.board import Deploy, GameConfig
from nations_widget.board.scenario import scenario as board_scenario
from nations_widget.board.state import SettingError
from nations_widget.core.errors import IllegalMoveError, StateFormatError
from nations_widget.dice import scenario as dice_scenario
from nations_widget.widget.board.widget import BoardWidget


def test_a_deploy_from_a_slot_that_is_no_number_is_refused() -> None:
    s = board_scenario({"players": 2})
    move = Deploy(3, "²")
    assert not s.is_legal(move)
    with pytest.raises(IllegalMoveError, match="source must be 'idle' or a slot 0-"):
        s.check(move)


@pytest.mark.parametrize("make", [
    lambda: dice_scenario({"players": 2, "seats": {"²": {}}}),
    lambda: dice_scenario({"players": 2, "seats": [{"dice": ["white:²gold"]}]}),
    lambda: board_scenario({"players": 2, "seats": {"²": {}}}),
])
def test_a_scenario_with_seat_or_count_that_is_no_number_is_refused(make: object) -> None:
    with pytest.raises(StateFormatError) as info:
        make()  # type: ignore[operator]
    assert "²" in str(info.value) or "seat" in str(info.value)


@pytest.mark.parametrize("sides", [[["A"], ["A"]], [{}, {}], [1, 2]])
def test_sides_that_are_not_names_are_refused(sides: object) -> None:
    with pytest.raises(SettingError, match="a side is named"):
        GameConfig(sides=sides)  # type: ignore[arg-type]
    with pytest.raises(SettingError, match="a difficulty is named"):
        GameConfig(difficulty=sides)  # type: ignore[arg-type]


def test_the_new_game_intent_with_sides_of_the_wrong_shape_says_so() -> None:
    w = BoardWidget(players=2, seats=["human", "human"], seed=1, bot_delay=0, bot_names=[])
    w.handle_intent({"kind": "new_game", "settings": {"sides": [{}, {}]}})
    assert w.last_internal_error is None
    assert w.error.startswith("cannot start that game: a side is named")


@pytest.mark.parametrize("widget", ["board", "dice"])
def test_a_seed_that_is_no_number_is_refused_in_words(widget: str) -> None:
    from nations_widget.widget import NationsWidget
    w = (BoardWidget(players=2, seats=["human", "human"], seed=1, bot_delay=0, bot_names=[])
         if widget == "board" else
         NationsWidget(players=2, seats=["human", "human"], seed=1, bot_delay=0, bot_names=[]))
    w.handle_intent({"kind": "new_game", "settings": {"seed": "²"}})
    assert w.last_internal_error is None
    assert w.error == "the seed must be a whole number, got '²'"
    w.handle_intent({"kind": "new_game", "settings": {"seed": " 12 "}})
    assert w.error == "" and w.game.config.seed == 12


@pytest.mark.parametrize("digits", [41, 45, 5000])
def test_a_game_starts_only_with_a_seed_its_save_can_hold(digits: int) -> None:
    """A 45-digit seed used to start a game whose own save was then refused ("a number too
    large"); a 5,000-digit one reached Python's int-to-text limit.  Both games accept exactly
    the seeds a save holds (at most 40 digits) and refuse the others in words."""
    from nations_widget.board import Game as BoardGame
    from nations_widget.dice import Game as DiceGame
    seed = 7 * (10**digits - 1) // 9     # the number written with `digits` sevens
    with pytest.raises(ValueError, match="a seed has at most 40 digits"):
        DiceGame(players=2, seed=seed)
    with pytest.raises(SettingError, match="a seed has at most 40 digits"):
        BoardGame(players=2, seed=seed)


def test_the_largest_seed_a_save_holds_plays_and_loads_back() -> None:
    from nations_widget.board import Game as BoardGame
    from nations_widget.dice import Game as DiceGame
    seed = -int("9" * 40)
    for cls in (DiceGame, BoardGame):
        game = cls(players=2, seed=seed)
        game.play(game.legal_moves()[0])
        again = cls.from_json(game.to_json())
        assert again.state.to_json() == game.state.to_json()


@pytest.mark.parametrize("widget", ["dice", "board"])
@pytest.mark.parametrize("typed", ["7" * 45, "7" * 5000, "-" + "7" * 41])
def test_a_typed_seed_longer_than_a_save_holds_is_refused_in_words(widget: str,
                                                                   typed: str) -> None:
    from nations_widget.widget import NationsWidget
    w = (NationsWidget if widget == "dice" else BoardWidget)(players=2, seed=1, bot_delay=0)
    before = w.game.state.to_json()
    w.handle_intent({"kind": "new_game", "settings": {"players": 2, "seed": typed}})
    assert "a seed has at most 40 digits" in w.error
    assert "set_int_max_str_digits" not in w.error
    assert w.game.state.to_json() == before


def test_a_save_that_gives_a_field_twice_is_refused() -> None:
    """JSON text may repeat a key; a reader keeps the last value silently.  A save that
    says two things is refused, naming the field."""
    import json

    from nations_widget.board import Game as BoardGame
    from nations_widget.dice import Game as DiceGame
    for cls in (DiceGame, BoardGame):
        saved = cls(players=2, seed=3).to_json()
        text = saved if isinstance(saved, str) else json.dumps(saved)
        twice = text[:-1] + ', "position": 0}'
        with pytest.raises(StateFormatError, match="gives the field position twice"):
            cls.from_json(twice)


def test_the_board_short_game_takes_a_whole_number_of_ages() -> None:
    """ages=2.0 used to be accepted, and the game's own save then refused."""
    with pytest.raises(SettingError, match="ages must be 1-4"):
        GameConfig(players=2, ages=2.0)  # type: ignore[arg-type]


def test_a_python_caller_keys_the_seats_of_a_scenario_by_number() -> None:
    """The scenario docstrings document seats as a dict by seat number; from Python that is
    ``{1: {...}}`` (JSON writes ``{"1": ...}``), and both are read alike."""
    for make in (dice_scenario, board_scenario):
        by_number = make({"players": 2, "seats": {1: {}}})
        by_text = make({"players": 2, "seats": {"1": {}}})
        assert by_number.to_json() == by_text.to_json()
    with pytest.raises(StateFormatError):
        dice_scenario({"players": 2, "seats": {True: {}}})
