"""The bots with the Unrest expansion: legal moves only, and sensible choices (they settle
Unrest the better way, take a passing bonus that helps, use star-marked chits); the
command line's --unrest for simulate, tournament and balance."""

from __future__ import annotations

import pytest

from nations_widget.dice import GameConfig, GameState, scenario
from nations_widget.dice.__main__ import main
from nations_widget.dice.bots import HeuristicBot, MCTSBot, make_bot
from nations_widget.dice.bots.heuristic import unrest_options
from nations_widget.dice.bots.tournament import run_games
from nations_widget.dice.moves import Pass, Reroll, Unrest

GREEN_HALL = ["u1-02", "start-farm", "start-caravan", "start-quarry", "start-temple"]
BOARD = [["t1-01", "t1-07", "t1-13"], ["t1-05", "t1-09", "t1-14"], ["t1-03", "t1-10", "t1-15"]]


@pytest.mark.parametrize("bot_name", ["heuristic", "heuristic-books", "mcts-easy"])
@pytest.mark.parametrize("players", [1, 3, 4])
def test_bots_play_unrest_games_legally(bot_name: str, players: int) -> None:
    state = GameState.new(GameConfig(players=players, seed=11, unrest=True))
    bots = [make_bot(bot_name, seed) for seed in range(players)]
    for bot in bots:
        if isinstance(bot, MCTSBot):
            bot.iterations = 6
    seen: set[str] = set()
    while not state.is_terminal():
        seat = state.current_player()
        assert seat is not None
        before = state.to_json()
        move = bots[seat].choose(state)
        assert state.to_json() == before                 # choosing changes nothing
        assert state.is_legal(move), (bot_name, move)
        seen.add(move.type + ("-star" if isinstance(move, Reroll) and move.star else "")
                 + ("-bonus" if isinstance(move, Pass) and move.bonus else ""))
        state.apply(move)
    if players > 1:
        assert "pass-bonus" in seen                      # passing bonuses are taken


def _position(green: list[str], **seat: object) -> GameState:
    return scenario({"unrest": True, "players": 2, "order": [0, 1], "board": BOARD,
                     "seats": [{"buildings": GREEN_HALL, "dice": [
                         *green, "white:gold", "white:gold", "white:gold", "white:strength"],
                         **seat}]})


def test_the_heuristic_sets_unrest_aside_when_a_good_buy_waits() -> None:
    # three gold dice: row-3 tiles are affordable, so the turn is worth more than a reroll
    s = _position(["green:unrest", "green:2gold+food"])
    options = unrest_options(s, 0, HeuristicBot().strategy)
    assert options[0].move == Unrest("set_aside")
    assert HeuristicBot().choose(s) == Unrest("set_aside")


def test_the_heuristic_rerolls_unrest_when_nothing_is_worth_buying() -> None:
    s = scenario({"unrest": True, "players": 2, "order": [0, 1],
                  "board": [[None] * 3, [None] * 3, [None] * 3],
                  "seats": [{"buildings": GREEN_HALL, "dice": [
                      "green:unrest", "green:unrest", "white:food", "white:food",
                      "white:book", "white:stone"]}]})
    assert HeuristicBot().choose(s) == Unrest("reroll")


def test_the_heuristic_uses_a_star_chit_before_an_ordinary_one() -> None:
    s = _position(["green:2gold+food", "green:stone+2strength"], stars=1)
    s.board = [-1] * len(s.board)                         # nothing to buy: reroll for books
    move = HeuristicBot().choose(s)
    assert isinstance(move, Reroll) and move.star


def _passing(books_behind: int) -> GameState:
    """Seat 0, out of reroll chits and with nothing to buy, one food short of the famine
    (3 food) and exactly the war's strength (3): only passing is left."""
    return scenario({"unrest": True, "players": 2, "order": [0, 1], "event": "e1-1",
                     "board": [[None] * 3, [None] * 3, [None] * 3],
                     "seats": [{"dice": ["white:food"] * 2 + ["white:strength"] * 3,
                                "chits": {"gold": 1}},
                               {"books": 1 + books_behind}]})


def test_the_heuristic_takes_the_bonus_worth_most() -> None:
    # level on books: one more book wins 2 VP in a 2-player game, more than the famine's 1
    assert HeuristicBot().choose(_passing(0)) == Pass(bonus="pass-book")
    # far behind on books: the food bonus feeds the people (1 VP) without trading strength
    assert HeuristicBot().choose(_passing(4)) == Pass(bonus="pass-food")


def test_simulate_with_unrest(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--unrest", "--players", "3", "--games", "3", "--thorough"]) == 0
    out = capsys.readouterr().out
    assert "Unrest expansion" in out and "0 broken" in out


def test_tournament_and_balance_with_unrest(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "--unrest", "--players", "2", "--games", "2",
                 "--bots", "heuristic,random"]) == 0
    out = capsys.readouterr().out
    assert "Unrest expansion" in out and "first player (round 1) wins" in out
    results = run_games(["heuristic", "random"], 2, 2, 5, "original", None, unrest=True)
    assert len(results) == 2
    assert main(["balance", "--unrest", "--games", "2"]) == 0
    assert "Unrest expansion" in capsys.readouterr().out
