"""The board-game notebooks: learn_board.ipynb's checkers tell right from wrong, and the
helpers behind them and behind inspect_board.ipynb compute what the engine does.

tests/test_notebooks.py executes every notebook (these two included) headless; here
learn_board.ipynb runs once more with each task cell doubled: once with the answer worked
out by hand from the rules (the list below), which the checker must call correct, and once
with a wrong answer, which it must not.  The helpers are also tested without a kernel.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from test_notebooks import _check_tasks, _execute, _read, _text

from nations_widget.board import Buy, Deploy, Game, Grow, Hire, Pass, Undeploy, scenario
from nations_widget.board.rules import ROUND
from nations_widget.board_notebook_helpers import (
    SERIES,
    after_step,
    buyable_cards,
    card_ids,
    check_best_buy,
    check_buys,
    check_cards,
    check_ready_wonder,
    check_slot,
    check_stability_at_least,
    event_targets,
    line_chart,
    log_rows,
    play_moves,
    resolution_steps,
    round_starts,
    save_format,
    score_table,
    series,
    series_charts,
    simulate,
)
from nations_widget.core.errors import StateFormatError

# learn_board.ipynb's tasks in order: (an answer worked out by hand from the rules and the
# lesson's position, a wrong answer), written as a learner would type them.
LEARN_BOARD_ANSWERS: list[tuple[str, str]] = [
    # 1 after the actions: production, order, war, the event's halves, famine, books
    ('["production", "player order", "war", "events", "famine", "books"]',
     '["production", "war", "player order", "events", "famine", "books"]'),
    # 2 two gold: rows 2 and 1; Hispania and Nubia need strength, the battle a manned military
    ('["Brewery", "Aeneid", "Hoplite", "Aqueduct", "Ziggurat"]',
     '["Brewery", "Aeneid", "Hoplite", "Aqueduct", "Ziggurat", "Nubia"]'),
    # 2 Qin Shi Huang +3 food (Player 1 is not the least stable: 1 against 0); Hispania +2
    ('"Qin Shi Huang"', '"Hispania"'),
    # 2 the Caravan in slot 4 has no worker
    ("4", "3"),
    # 2 Stonehenge's two sections left, one stone and one architect each (the Pyramids
    # bought instead would throw it away and need three)
    ("[Hire(), Hire()]", '[Buy("pyramids"), Hire(), Hire()]'),
    # 3 two Caravan workers (+2) and a worker from the stability section (-3)
    ("-1", "2"),
    # 3 one worker from the resource area and one moved from the Temple: 2 x 2 strength
    ('[Deploy(2, "idle"), Deploy(2, "0"), Buy("hispania")]',
     '[Deploy(2, "idle"), Buy("hispania")]'),
    # 4 Farm +1, Legionary 2 x -1, one worker from the food section -3
    ("-4", "-1"),
    # 4 3 food short: 1 VP (7 - 1)
    ("6", "7"),
    # 5 stability -3 (section) -1 (Immortal): 4 books
    ("4", "5"),
    # 5 two workers on the Ziggurat: +4
    ('[Deploy(4, "idle"), Deploy(4, "idle")]', '[Deploy(4, "idle")]'),
    # 6 strength 6, then 3 and 3: the Ziggurat's stability puts Player 3 before Player 1
    ("[2, 3, 1]", "[2, 1, 3]"),
    # 6 4 food less 1 stability
    ("3", "4"),
    # 6 Players 1 and 3 tie for the least strength (3): both
    ("[1, 3]", "[1]"),
    # 7 books 5, 8, 5, 2
    ("[1, 3, 1, 0]", "[0, 3, 0, 0]"),
]


@pytest.mark.notebook
def test_learn_board_checkers_tell_right_from_wrong() -> None:
    _check_tasks("learn_board.ipynb", LEARN_BOARD_ANSWERS)


# ------------------------------------------------------------ the lessons' positions
AGE1 = [["forum", "qin-shi-huang", "pyramids", "hunnic-invasions"],
        ["brewery", "hispania", "aeneid", "hoplite"],
        ["aqueduct", "siege-of-troy", "nubia", "ziggurat"]]


def _position(seat0: dict[str, object], **more: object) -> object:
    return scenario({"players": 2, "seed": 4, "order": [0, 1], "board": AGE1,
                     "event": "pax-romana--han-dynasty", "seats": [seat0], **more})


def _slots(*pairs: tuple[str, int]) -> list[list[object]]:
    return [[card, workers] for card, workers in pairs]


def test_resolution_steps_follow_the_declared_round() -> None:
    assert resolution_steps() == ["production", "player order", "war", "events", "famine",
                                  "books"]
    # every resolution step of the engine is named (a new one must get a word)
    names = [step.name for step in ROUND if step.name.startswith("resolution.")]
    assert len(names) == 8


def test_after_step_matches_the_engine_playing_the_round() -> None:
    # the round played for real (everybody passes) writes the same production and books
    # as the single steps
    s = scenario({"players": 2, "seed": 4, "round": 2, "order": [0, 1], "passed": [1],
                  "event": "pax-romana--han-dynasty",
                  "seats": [{"books": 5, "food": 1, "taken": {"food": 1},
                             "slots": _slots(("a-temple", 1), ("a-quarry", 1),
                                             ("legionary", 2), ("a-farm", 1),
                                             ("a-caravan", 0))},
                            {"books": 3}]})
    played = s.clone()
    log = played.apply(Pass())
    real = [e.text for e in log if e.step == "resolution.production"]
    _, produced = after_step(s, "resolution.production")
    assert [e.text for e in produced] == real and real
    real_books = next(e for e in log if e.kind == "books")
    # books are counted on the books the round left, so step from the famine's state
    before_books = s.clone()
    for p, after in zip(before_books.players, played.players, strict=True):
        p.res[3] = after.res[3]
    scored, books_log = after_step(before_books, "resolution.books")
    assert [e.text for e in books_log] == [real_books.text]
    assert [a.res[4] - b.res[4] for a, b in zip(scored.players, before_books.players,
                                                strict=True)] == real_books.data["vp"]


def test_after_step_refuses_other_steps_and_decisions() -> None:
    s = _position({})
    with pytest.raises(ValueError, match="resolution step"):
        after_step(s, "actions")
    # books at 0 and food short: the engine asks which other resource goes
    broke = _position({"books": 0, "food": 0, "taken": {"food": 1}})
    with pytest.raises(ValueError, match="asks a decision"):
        after_step(broke, "resolution.production")
    # the position itself is never changed
    assert s == _position({})


def test_check_cards_lists_and_reasons() -> None:
    shop = _position({"gold": 2})
    expected = buyable_cards(shop)
    assert expected == ["aeneid", "aqueduct", "brewery", "hoplite", "ziggurat"]
    right = check_cards(shop, ["ZIGGURAT", "aeneid", "Hoplite", "Brewery", "aqueduct"],
                        expected)
    # a right answer also says why the engine refuses every other card on the board
    assert right and "Forum (costs 3 gold; you have 2)" in right.message
    assert "Siege of Troy (a battle needs a worker" in right.message
    assert right.message.count(" (") == 7          # 7 cards refused, one reason each
    verdict = check_cards(shop, ["Nubia", "Forum", "Brewery"], expected)
    assert not verdict
    assert "Nubia does not belong (Nubia needs 3 strength; you have 0)" in verdict.message
    assert "Forum does not belong" in verdict.message and "costs 3 gold" in verdict.message
    assert "4 cards are missing" in verdict.message
    for answer in (..., None, 3, ["Atlantis"]):
        assert check_cards(shop, answer, expected).message.startswith("Not yet:")
    assert card_ids(shop, ["Forum", "t9"]) == (["forum"], ["t9"])


def test_check_best_buy_plays_every_buy() -> None:
    food = _position({"gold": 3, "slots": _slots(("a-temple", 0), ("a-quarry", 0),
                                                 ("chariot", 2), ("a-farm", 1),
                                                 ("a-caravan", 1))})
    assert check_best_buy(food, "Qin Shi Huang", "food")
    assert check_best_buy(food, Buy("qin-shi-huang"), "food")
    hispania = check_best_buy(food, "hispania", "food")
    assert not hispania and "+3 (now +1)" in hispania.message and "+4" in hispania.message
    brewery = check_best_buy(food, "Brewery", "food")
    assert not brewery and "until a worker is deployed" in brewery.message
    # the same advisor where the nation ties for the least stability leaves at once
    tied = _position({"gold": 3, "slots": _slots(("a-temple", 0), ("a-quarry", 0),
                                                 ("chariot", 2), ("a-farm", 1),
                                                 ("a-caravan", 0))})
    qin = check_best_buy(tied, "Qin Shi Huang", "food")
    assert not qin and "leaves the game at once" in qin.message
    assert check_best_buy(tied, "hispania", "food")
    # gold: the colony Nubia brings 2; so does covering the Chariot (it eats 2 gold) with
    # any building; a golden age changes no production
    assert check_best_buy(food, "Nubia", "gold") and check_best_buy(food, "Forum", "gold")
    assert "would be -1 (now -1)" in check_best_buy(food, "Aeneid", "gold").message
    poor = _position({"gold": 1})
    refused = check_best_buy(poor, "Forum", "food")
    assert not refused and "cannot buy Forum" in refused.message
    for answer in (..., None, 7, "Atlantis"):
        assert check_best_buy(poor, answer, "food").message.startswith("Not yet:")


def test_check_slot_weighs_what_the_covered_card_gave() -> None:
    slot = _position({"gold": 1, "slots": _slots(("a-temple", 1), ("a-quarry", 1),
                                                 ("a-axeman", 1), ("a-farm", 1),
                                                 ("a-caravan", 0))})
    assert check_slot(slot, "aqueduct", 4) and check_slot(slot, "aqueduct", "Caravan")
    farm = check_slot(slot, "aqueduct", 3)
    assert not farm and "loses 1 stone, 1 food" in farm.message
    axeman = check_slot(slot, "aqueduct", "axeman")
    assert not axeman and "2 strength" in axeman.message
    for answer in (..., 5, -1, True, "Atlantis"):
        assert check_slot(slot, "aqueduct", answer).message.startswith("Not yet:")


def test_moves_tasks_play_the_answer() -> None:
    dep = _position({"gold": 2, "stone": 2,
                     "slots": _slots(("a-temple", 2), ("a-quarry", 1), ("a-axeman", 0),
                                     ("a-farm", 1), ("a-caravan", 0))}, passed=[1])
    right = [Deploy(2, "idle"), Deploy(2, "0"), Buy("hispania")]
    verdict = check_buys(dep, right, "hispania")
    assert verdict and "4 strength and 0 stone left" in verdict.message
    # moves as JSON, and the card by its printed name
    as_json = [{"type": "deploy", "slot": 2, "source": "idle"},
               '{"type": "deploy", "slot": 2, "source": "1"}', Buy("Hispania")]
    assert check_buys(dep, as_json, "hispania")
    short = check_buys(dep, [Deploy(2, "idle"), Buy("hispania")], "hispania")
    assert "move 2 (buy hispania) is refused: Hispania needs 4 strength; you have 2" \
        in short.message
    idle = check_buys(dep, [Deploy(2, "idle"), Deploy(2, "idle")], "hispania")
    assert "no worker in your resource area" in idle.message
    unbought = check_buys(dep, [Deploy(2, "idle")], "hispania")
    assert "does not own Hispania" in unbought.message
    passed = check_buys(dep, [Pass(), Buy("hispania")], "hispania")
    assert "no longer Player 1's decision" in passed.message
    for answer in (..., None, [], "deploy", [3]):
        assert check_buys(dep, answer, "hispania").message.startswith("Not yet:")
    # the position is never changed
    assert dep.players[0].res[1] == 2 and dep.current_player() == 0

    rev = _position({"stone": 2, "books": 6, "taken": {"stability": 1},
                     "slots": _slots(("a-temple", 0), ("a-quarry", 1), ("immortal", 1),
                                     ("a-farm", 1), ("ziggurat", 0))}, passed=[1])
    assert rev.stability(0) == -4
    assert check_stability_at_least(rev, [Deploy(4, "idle"), Deploy(4, "idle")])
    # the Immortal's worker moved onto the Ziggurat: +1 and +2
    moved = check_stability_at_least(rev, [Deploy(4, "idle"), Deploy(4, "2")])
    assert moved and "stability is 1" in moved.message
    assert check_stability_at_least(rev, [Undeploy(2, 1), Deploy(4, "idle"),
                                          Deploy(4, "idle")])
    half = check_stability_at_least(rev, [Deploy(4, "idle")])
    assert not half and "stability is -2" in half.message
    assert not check_stability_at_least(rev, [Pass()])


def test_check_ready_wonder_any_wonder_any_way() -> None:
    wonder = _position({"gold": 3, "stone": 3, "wonder": ["stonehenge", 1]}, passed=[1],
                       architects=3)
    finished = check_ready_wonder(wonder, [Hire(), Hire()])
    assert finished and "Stonehenge is ready; 1 architect is left" in finished.message
    assert check_ready_wonder(wonder, [Buy("pyramids"), Hire(), Hire(), Hire()])
    thrown = check_ready_wonder(wonder, [Buy("pyramids"), Hire(), Hire()])
    assert "2 of 3 sections built" in thrown.message
    assert "threw away the unfinished Stonehenge" in thrown.message
    half = check_ready_wonder(wonder, [Hire()])
    assert not half and "threw away" not in half.message
    too_many = check_ready_wonder(wonder, [Hire(), Hire(), Hire()])
    assert "move 3 (hire an architect) is refused" in too_many.message
    # two architects only: the Pyramids cannot be finished
    scarce = _position({"gold": 3, "stone": 3}, passed=[1], architects=2)
    assert "refused" in check_ready_wonder(scarce, [Buy("pyramids"), Hire(), Hire(),
                                                    Hire()]).message


def test_play_moves_reports_and_leaves_the_position() -> None:
    grow = scenario({"players": 2, "seed": 4, "step": "maintenance.growth", "order": [1, 0],
                     "seats": [{"slots": _slots(("a-temple", 0), ("a-quarry", 0),
                                                ("a-axeman", 0), ("a-farm", 0),
                                                ("a-caravan", 2))}]})
    grown, problem = play_moves(grow, Grow(worker="stability"))
    assert problem == "" and grown is not None and grown.stability(0) == -1
    assert grow.stability(0) == 2
    none, problem = play_moves(grow, Buy("forum"))
    assert none is None and "move 1 (buy forum) is refused" in problem


def test_event_targets_ties_reach_everyone_at_the_bottom() -> None:
    s = scenario({"players": 3, "seed": 4, "order": [0, 1, 2],
                  "event": "aryan-migration--code-of-hammurabi",
                  "seats": [{"slots": _slots(("a-temple", 0), ("a-quarry", 0), ("hoplite", 1),
                                             ("a-farm", 0), ("a-caravan", 1))},
                            {"slots": _slots(("a-temple", 0), ("a-quarry", 0),
                                             ("a-axeman", 3), ("a-farm", 0),
                                             ("a-caravan", 0))},
                            {"slots": _slots(("a-temple", 0), ("a-quarry", 0), ("chariot", 1),
                                             ("a-farm", 0), ("ziggurat", 1))}]})
    assert event_targets(s, 0) == [0, 2]            # the weakest: tied at 3
    assert event_targets(s, 1) == [0, 2]            # all but the least stable (Player 2: 0)
    # and the engine playing the round hits those nations with the first half
    played = s.clone()
    log = []
    while played.round == 1:
        log += played.apply(played.legal_moves()[0])
    hit = sorted({e.seat for e in log if e.step == "resolution.event_a" and e.seat is not None})
    assert hit == event_targets(s, 0)


# ------------------------------------------------------------------ the inspector
@pytest.fixture(scope="module")
def short_game() -> Game:
    return simulate(2, ["heuristic", "random"], seed=3, ages=1)


def test_simulate_is_a_finished_reproducible_game(short_game: Game) -> None:
    assert short_game.is_over and short_game.config.rounds == 2
    again = simulate(2, ["heuristic", "random"], seed=3, ages=1)
    assert again.moves == short_game.moves


def test_series_one_point_per_position_matching_the_states(short_game: Game) -> None:
    data = series(short_game)
    assert tuple(data) == SERIES
    for name in SERIES:
        assert len(data[name]) == 2
        assert all(len(line) == short_game.length + 1 for line in data[name])
    for position in (0, short_game.length // 2, short_game.length):
        s = short_game.state_at(position)
        for seat in range(2):
            p = s.players[seat]
            assert data["score"][seat][position] == s.projected_scores()[seat]
            assert data["vp"][seat][position] == p.res[4]
            assert [data[r][seat][position] for r in ("gold", "stone", "food", "books")] \
                == p.res[:4]
            assert data["strength"][seat][position] == s.strength(seat)
            assert data["stability"][seat][position] == s.stability(seat)
    # at the end the score line is the final score
    assert [line[-1] for line in data["score"]] == short_game.scores()
    # the series move: somebody's gold changed during the game
    assert any(len(set(line)) > 1 for line in data["gold"])


def test_round_starts_and_charts(short_game: Game) -> None:
    starts = round_starts(short_game)
    assert [r for _, r in starts] == [1, 2] and starts[0][0] == 0
    assert short_game.state_at(starts[1][0]).round == 2
    assert short_game.state_at(starts[1][0] - 1).round == 1
    chart = line_chart([[0, -3, 2], [1, 1, 5]], "Stability", [(0, 1), (2, 2)])
    assert chart.count("<polyline") == 2 and "Player 2: 5" in chart
    # gridlines every 2 from -2 up, the zero line darker
    assert ">-2<" in chart and ">4<" in chart and ">-4<" not in chart and 'stroke="#999"' in chart
    assert "Stability" in chart
    charts = series_charts(short_game)
    assert charts.count("<svg") == len(SERIES) and "Military strength" in charts
    rows = log_rows(short_game)
    assert rows[0]["move"] == 0 and rows[-1]["kind"] == "end"
    table = score_table(short_game.state)
    for total in short_game.scores():
        assert f">{total}<" in table


def test_save_format_tells_the_games_apart(short_game: Game) -> None:
    from nations_widget.dice import Game as DiceGame

    assert save_format(short_game.to_json_str()) == "board"
    assert save_format(DiceGame(players=2, seed=1).to_json_str()) == "dice"
    for text in ("not json", json.dumps({"format": "chess"}), "[1]"):
        with pytest.raises(StateFormatError):
            save_format(text)


# ------------------------------------------------------- the inspectors load saves
def _with_save(name: str, path: str) -> Any:
    nb = _read(name)
    cell = next(c for c in nb.cells if "parameters" in c.metadata.get("tags", []))
    cell.source, n = re.subn(r'^SAVED_GAME = "".*$', f"SAVED_GAME = {path!r}", cell.source,
                             count=1, flags=re.M)
    assert n == 1
    return nb


@pytest.mark.notebook
def test_inspect_board_loads_a_saved_board_game(tmp_path: Path, short_game: Game) -> None:
    save = tmp_path / "board.json"
    save.write_text(short_game.to_json_str())
    nb = _execute(_with_save("inspect_board.ipynb", str(save)))
    summary = next(_text(c) for c in nb.cells if "decisions." in _text(c))
    assert f"2 players, seed 3, decks base: {short_game.length} decisions." in summary


@pytest.mark.notebook
@pytest.mark.parametrize(("name", "other"), [("inspect_board.ipynb", "inspect.ipynb"),
                                             ("inspect.ipynb", "inspect_board.ipynb")])
def test_each_inspector_points_to_the_other(tmp_path: Path, short_game: Game, name: str,
                                            other: str) -> None:
    from nbclient.exceptions import CellExecutionError

    from nations_widget.dice import Game as DiceGame

    save = tmp_path / "save.json"
    game = DiceGame(players=2, seed=1) if name == "inspect_board.ipynb" else short_game
    save.write_text(game.to_json_str())
    with pytest.raises(CellExecutionError, match=f"open {re.escape(other)}"):
        _execute(_with_save(name, str(save)))


def test_log_rows_is_one_function_for_both_games_naming_seats_in_the_games_words(
        short_game: Game) -> None:
    from nations_widget import board_notebook_helpers, notebook_helpers

    assert board_notebook_helpers.log_rows is notebook_helpers.log_rows
    players = {r["player"] for r in log_rows(short_game) if r["player"]}
    assert players and all(p.startswith("Player ") for p in players)
    named = log_rows(short_game, lambda seat: f"seat {seat}")
    assert {r["player"] for r in named if r["player"]} == {
        f"seat {int(p.removeprefix('Player ')) - 1}" for p in players}
