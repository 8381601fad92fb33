"""What the board game's loaders say about a bad input: a saved state or game, a scenario,
a card data file.  Each refusal names where the problem is (the path of the field in a
save or a scenario; the file, the card, event or side, and the field in a data file), as
the shared checker (``nations_widget.core.validate.Checker``) writes it."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from functools import cache
from typing import Any

import pytest

from nations_widget.board import Game, GameState
from nations_widget.board.components import DATA, ComponentError, build_components
from nations_widget.board.scenario import scenario
from nations_widget.core.errors import StateFormatError

Change = Callable[[dict[str, Any]], object]


@cache
def _mid_game() -> dict[str, Any]:
    """A 4-player state after 120 random moves, as JSON data."""
    state = GameState.new(players=4, seed=5)
    chooser = random.Random(5)
    for _ in range(120):
        legal = state.legal_moves()
        state.apply(legal[chooser.randrange(len(legal))], log=False)
    return state.to_json()


SAVES: list[tuple[Change, str]] = [
    (lambda d: d["players"][1]["res"].update(gold=True),
     "state field 'players[1].res.gold': must be a whole number (an integer), got true"),
    (lambda d: d["players"][0]["slots"].__setitem__(2, ["no-such-card", 0]),
     "state field 'players[0].slots[2][0]': unknown card 'no-such-card'"),
    (lambda d: d["decks"][2].append("zzz"), "state field 'decks[2]': unknown card 'zzz'"),
    (lambda d: d["config"].update(players=9),
     "state field 'config.players': must be between 1 and 5, got 9"),
    (lambda d: d["config"].update(colour=9),
     "state field 'config.colour': unknown field; the fields here are players, seed"),
    (lambda d: d["config"].update(sides=["x", "A", "A", "A"]),
     "state field 'config.sides': unknown side 'x'"),
    (lambda d: d["players"][2].update(colour=9), "state field 'players[2].colour': unknown field"),
    (lambda d: d.update(queue=[["grow", 7]]),
     "state field 'queue[0][1]': must be between 0 and 3, got 7"),
    (lambda d: d.update(version=True),
     "state field 'version': this program reads versions 1, 2, got true"),
    (lambda d: d.update(rng="xyz"), "state field 'rng': must be 16 hex digits, got 'xyz'"),
    (lambda d: d["board"][1].pop(),
     "state field 'board[1]': must list 6 card ids (or null), got 5"),
    (lambda d: d["event_decks"].__setitem__(0, 3),
     "state field 'event_decks[0]': must be a JSON array of event ids, got 3"),
    (lambda d: d["players"][0]["population"].update(on_top=-1),
     "state field 'players[0].population.on_top': must be between 0 and 30, got -1"),
    (lambda d: d["players"][0].pop("defeated"), "state field 'players[0].defeated': missing"),
    (lambda d: d.update(war=["x", 1]),
     "state field 'war': must list 3 items ([card, strength, seat]), got 2"),
    (lambda d: d["players"][3].update(side="Z"),
     "state field 'players[3].side': must be a side of the box (A, china-b"),
    (lambda d: d["players"][3]["bought"].update(spaceship=1),
     "state field 'players[3].bought.spaceship': unknown field"),
    (lambda d: d["players"][3].update(vp_lost=["vp"]),
     "state field 'players[3].vp_lost': unknown resource 'vp'"),
    (lambda d: d.update(colour="red"), "state field 'colour': unknown field"),
    (lambda d: (d["players"][0]["advisors"].append(d["board"][0][0]),
                d["board"][0].__setitem__(0, None)),
     "the state breaks the rules: seat 0 holds a card that is not an advisor among its "
     "advisor cards"),
]


@pytest.mark.parametrize(("change", "words"), SAVES)
def test_a_bad_save_is_refused_naming_the_path_of_the_field(change: Change, words: str) -> None:
    data = copy.deepcopy(_mid_game())
    change(data)
    with pytest.raises(StateFormatError) as info:
        GameState.from_json(json.dumps(data))
    assert str(info.value).startswith(words), str(info.value)


def test_a_saved_game_names_its_settings_fields() -> None:
    game = Game(players=2, seed=3)
    game.play(game.legal_moves()[0])
    data = game.to_json()
    data["config"]["players"] = "two"
    with pytest.raises(StateFormatError) as info:
        Game.from_json(data)
    assert str(info.value).startswith("saved game field 'config.players': must be a whole "
                                      "number (an integer), got 'two'")


SCENARIOS: list[tuple[dict[str, Any], str]] = [
    ({"players": 9}, "scenario field 'players': must be between 1 and 5, got 9"),
    ({"colour": 1}, "scenario field 'colour': unknown field; the fields here are players"),
    ({"round": 0}, "scenario field 'round': must be between 1 and 8, got 0"),
    ({"seats": [{"gold": -1}]}, "scenario field 'seats[0].gold': must be between 0 and"),
    ({"seats": [{"slots": [["nope", 1]]}]},
     "scenario field 'seats[0].slots[0]': unknown card 'nope'"),
    ({"seats": [{"taken": {"food": "x"}}]},
     "scenario field 'seats[0].taken.food': must be a whole number (an integer), got 'x'"),
    ({"seats": [{"colour": 1}]}, "scenario field 'seats[0].colour': unknown field"),
    ({"seats": [{"wonder": ["pyramids"]}]},
     "scenario field 'seats[0].wonder': must list 2 items ([card id, sections built]), got 1"),
    ({"war": {"card": "no-war"}}, "scenario field 'war.card': unknown card 'no-war'"),
    ({"seats": {"7": {}}}, "scenario field 'seats': there is no seat '7' in a 2-player game"),
    ({"event": "nope"}, "scenario field 'event': unknown event card 'nope'"),
    ({"current": True}, "scenario field 'current': must be a whole number (an integer), got true"),
    ({"players": 1, "shadow": {"strength": "x"}},
     "scenario field 'shadow.strength': must be a whole number (an integer), got 'x'"),
    ({"architects": "many"},
     "scenario field 'architects': must be a whole number (an integer), got 'many'"),
    ({"decks": "everything"}, "scenario field 'decks': decks must be one of base"),
    ({"seats": [{"advisors": ["pyramids"]}]},
     "scenario field 'seats[0].advisors': 'pyramids' is not an advisor"),
]


@pytest.mark.parametrize(("description", "words"), SCENARIOS)
def test_a_bad_scenario_is_refused_naming_the_field(description: dict[str, Any],
                                                    words: str) -> None:
    with pytest.raises(StateFormatError) as info:
        scenario(description)
    assert str(info.value).startswith(words), str(info.value)


def _data() -> dict[str, dict[str, Any]]:
    return {name: json.loads((DATA / name).read_text(encoding="utf-8"))
            for name in ("cards.json", "events.json", "nations.json")}


DATA_FILES: list[tuple[Change, str]] = [
    (lambda d: d["cards.json"]["progress"][0].update(age=9),
     "cards.json: progress[0] (augustus) field 'age': must be between 1 and 4, got 9"),
    (lambda d: d["cards.json"]["progress"][0].update(per_worker={"silver": 1}),
     "cards.json: progress[0] (augustus) field 'per_worker.silver': unknown field"),
    (lambda d: d["cards.json"]["progress"][0].pop("id"),
     "cards.json: progress[0] field 'id': must be a non-empty text, got null"),
    (lambda d: d["cards.json"]["progress"].append(d["cards.json"]["progress"][0]),
     "cards.json field 'progress': two cards have the id 'augustus'"),
    (lambda d: d["cards.json"]["progress"][5].update(war_loss={"gold": 1}),
     "cards.json: progress[5] (battle-of-kadesh) field 'war_loss': only a war takes"),
    (lambda d: d["cards.json"].update(format="x"),
     "cards.json field 'format': expected 'nations-board-cards'"),
    (lambda d: d["events.json"]["events"][0].update(famine=-1),
     "events.json: events[0] (aryan-migration--code-of-hammurabi) field 'famine': must be "
     "between 0 and 20, got -1"),
    (lambda d: d["events.json"]["events"][0]["events"].pop(),
     "events.json: events[0] (aryan-migration--code-of-hammurabi) field 'events': must list 2"),
    (lambda d: d["nations.json"]["sides"][1].update(workers="five"),
     "nations.json: sides[1] (china-b) field 'workers': must be a whole number"),
    (lambda d: d["nations.json"]["sides"][1]["printed"][0].update(type="wonder"),
     "nations.json: sides[1] (china-b) field 'printed[0].type': must be 'building' or "
     "'military' here, got 'wonder'"),
    (lambda d: d["nations.json"]["sides"][1]["printed"][0].update(raid="x"),
     "nations.json: sides[1] (china-b) printed[0] (china-b-farm) field 'raid': must be a whole"),
    (lambda d: d["nations.json"]["difficulty"].pop("king"),
     "nations.json field 'difficulty.king': missing"),
    (lambda d: d["nations.json"]["sides"][2].update(nation="Atlantis"),
     "nations.json: sides[2] (egypt-b) field 'nation': 'Atlantis' is not one of the boards"),
]


@pytest.mark.parametrize(("change", "words"), DATA_FILES)
def test_a_bad_data_file_is_refused_naming_file_item_and_field(change: Change,
                                                              words: str) -> None:
    data = _data()
    change(data)
    with pytest.raises(ComponentError) as info:
        build_components(data["cards.json"], data["events.json"], data["nations.json"])
    assert str(info.value).startswith(words), str(info.value)
