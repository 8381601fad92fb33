"""A loaded game is a game that could have been played (issue 22).

A save the engine accepts is a position a real game could reach (its queued decisions fit
the state, somebody has a legal move or the game is over), or it is refused in words with
``StateFormatError``.  No input makes the resolution loop spin: past its bound it raises
the typed error.  The fuzzing of the same promise: tests/fuzz/test_load_fuzz.py.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from nations_widget.board import Game, GameState, rules
from nations_widget.board.decisions import Decision, EffectChoice, LoseOther
from nations_widget.board.scenario import scenario
from nations_widget.core.errors import StateFormatError


def start_save(state: GameState, queue: list[list[Any]] | None = None,
               moves: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """A save of a game begun from ``state`` (its queue replaced, its moves given)."""
    data: dict[str, Any] = json.loads(json.dumps(Game.from_state(state).to_json()))
    if queue is not None:
        data["start"]["queue"] = queue
    if moves is not None:
        data["moves"] = moves
        data["position"] = len(moves)
    return data


def refusal(data: dict[str, Any]) -> str:
    with pytest.raises(StateFormatError) as caught:
        Game.from_json(data)
    text = str(caught.value)
    assert text.startswith("saved game field 'start'") and len(text) < 500, text
    return text


def actions_position(players: int = 2) -> GameState:
    return scenario({"players": players, "seed": 1,
                     "event": "bread-and-games--christianity"})


# ---------------------------------------------------------------- the save
@pytest.mark.timeout(20)
def test_a_decision_that_answers_itself_forever_is_refused_not_run() -> None:
    # the 6 KB file: an event half's decision queued in the action phase, its
    # saved answer not an option; one "no" made Game.from_json loop for good
    data = start_save(actions_position(), [["effect", 1, "event", 1, [1], 1]],
                      [{"type": "choose", "option": "no"}])
    assert "queue[0]" in refusal(data)


@pytest.mark.timeout(20)
def test_the_same_position_played_directly_answers_its_one_option_once() -> None:
    # no loader in the way (a state changed by hand): the stored answer that is not an
    # option is dropped and the one option left ("no") is taken by itself, once.  It used
    # to be asked again with the same answer kept, answered by itself, queued again, ...
    # until the loop's bound stopped the game ("go round in circles").
    state = actions_position()
    state.queue = [EffectChoice(1, "event", 1, (1,), 1)]
    assert state.legal_moves() == []              # nothing left to ask of a player
    rules.advance(state, None)
    assert state.queue == [] and state.legal_moves()
    game = Game.from_state(state)
    assert Game.from_json(game.to_json()).state == state


@pytest.mark.timeout(20)
def test_the_resolution_loop_has_a_bound(monkeypatch: pytest.MonkeyPatch) -> None:
    # a decision whose answer queues it again (a defect, or a position no game reaches):
    # past the bound the loop stops with the typed error
    def answer_again(s: GameState, d: Decision, index: int, log: Any) -> None:
        s.queue.insert(0, d)

    monkeypatch.setattr(rules, "_answer", answer_again)
    state = actions_position()
    state.players[0].res[:3] = [1, 0, 0]           # gold only: a single option
    state.queue = [LoseOther(0, 1)]
    with pytest.raises(StateFormatError, match="go round in circles"):
        rules.advance(state, None)



def black_death_position() -> GameState:
    """Black Death (each nation returns a worker) being resolved: seat 0 is asked where its
    worker comes from; seat 1's only source, the resource area, is already its answer
    (answered by itself), and it waits to be asked the section the worker goes to."""
    state = scenario({"players": 2, "seed": 1, "round": 3, "step": "resolution.event_a",
                      "event": "black-death--hunt-for-prester-john", "order": [1, 0],
                      "seats": [{"idle": 1, "slots": [["ziggurat", 1]]},
                                {"idle": 1, "slots": [["a-quarry", 0]],
                                 "taken": {"food": 1, "stability": 1}}]})
    assert state.queue == [EffectChoice(0, "event", 0, (), 1),
                           EffectChoice(1, "event", 0, (0,), 1)]
    return state


@pytest.mark.timeout(20)
def test_a_stored_answer_that_no_longer_fits_is_asked_afresh_once() -> None:
    """A decision's stored answer that its choice no longer offers (the state changed while
    it waited: here by hand, seat 1's idle worker moved to a building) is dropped and the
    choice met afresh.  It was kept and asked again and again (each new answer went after
    it): the one source left answered itself for ever, until the loop's bound stopped the
    game with 'go round in circles'."""
    state = black_death_position()
    state.players[1].idle, state.players[1].workers[0] = 0, 1
    state.apply(next(m for m in state.legal_moves() if m.to_json()["option"] ==
                     "the resource area"), log=False)
    assert state.queue[0].kind == "effect" and state.queue[0].seat == 1
    assert sorted(m.to_json()["option"] for m in state.legal_moves()) == [
        "food", "stability"]
    state.apply(state.legal_moves()[0], log=False)
    assert not any(isinstance(d, EffectChoice) for d in state.queue)


def test_a_stored_answer_that_no_longer_fits_is_still_refused_in_a_save() -> None:
    """A save is checked as it is: a stored answer that is not an option is no position a
    game reaches (the engine drops one only when the state changed under it in play)."""
    state = black_death_position()
    data = start_save(state)
    data["start"]["queue"][1][4] = [3]              # slot 2: seat 1 has no worker there
    assert "queue[1][4]" in refusal(data)

# ------------------------------------------------------------- decisions that crashed
def test_a_card_effect_that_the_card_does_not_have_is_refused() -> None:
    # IndexError in effect_outcome: theatre has fewer than 5 effects
    data = start_save(actions_position(), [["effect", 0, "card", "theatre", [2], 4]])
    assert "queue[0][5]" in refusal(data)


def test_an_event_decision_outside_its_event_step_is_refused() -> None:
    state = scenario({"players": 3, "seed": 2, "round": 3, "step": "resolution.event_a"})
    assert state.step != "resolution.event_b"
    data = start_save(state, [["effect", 0, "event", 1, [], 1]])
    assert "queue[0]" in refusal(data)


def test_a_state_with_no_building_slots_is_refused_in_words() -> None:
    # min() of an empty list in check_invariants: a bare ValueError, not the typed one
    data = start_save(actions_position())
    data["start"]["players"][0]["slots"] = []
    assert "slots" in refusal(data)


def test_a_player_without_a_side_field_is_refused_in_words() -> None:
    data = start_save(actions_position())
    del data["start"]["players"][1]["side"]       # KeyError before
    assert "players[1]" in refusal(data)


# ------------------------------------------------- positions where nobody can move
@pytest.mark.parametrize("queue", [
    [["side", 1]],                     # a board to choose, but the seat has one
    [["lose_other", 0, 2]],            # a resource to give up, with none left
], ids=["side", "lose_other"])
def test_a_decision_nobody_can_answer_is_refused(queue: list[list[Any]]) -> None:
    state = actions_position()
    state.players[0].res[:3] = [0, 0, 0]
    data = start_save(state, queue)
    refusal(data)


def test_a_position_with_no_legal_move_that_is_not_over_is_refused() -> None:
    data = start_save(actions_position())
    data["start"]["passed"] = [0, 1]              # everybody passed, still in the actions
    data["start"]["step"] = "actions"
    refusal(data)


# ------------------------------------------------------------ what still loads
def test_positions_of_real_games_still_load_with_their_queues() -> None:
    seen_kinds: set[str] = set()
    for players, sides in ((1, "A"), (2, "choose"), (4, "B"), (5, "A")):
        game = Game(players=players, seed=40 + players, sides=sides)
        while not game.is_over:
            state = game.state
            if state.queue or game.position % 17 == 0:
                seen_kinds.update(d.kind for d in state.queue)
                loaded = Game.from_json(start_save(state))
                assert loaded.state == state
            game.play(game.legal_moves()[game.position % len(game.legal_moves())])
    assert {"grow", "side", "effect"} <= seen_kinds


@pytest.mark.parametrize("players", [1, 3])
def test_drawing_several_events_or_tiles_to_pick_from_still_loads(players: int) -> None:
    # Machiavelli: several event cards (solo: tiles) drawn, one picked; the solo game's
    # last tile is still out while the new ones wait
    game = Game.from_state(scenario({
        "players": players, "seed": 4, "round": 5, "decks": "all",
        "seats": [{"advisors": ["niccolo-machiavelli"]}]}))
    picked = 0
    moves = random.Random(1)
    while not game.is_over:
        if game.state.queue and game.state.queue[0].kind in ("pick_event", "pick_tile"):
            assert Game.from_json(start_save(game.state)).state == game.state
            picked += 1
        game.play(moves.choice(game.legal_moves()))
    assert picked


def test_a_scenario_game_saves_and_loads_with_its_moves() -> None:
    game = Game.from_state(scenario({"players": 3, "seed": 9, "round": 2}))
    for _ in range(12):
        game.play(game.legal_moves()[-1])
    again = Game.from_json(game.to_json_str())
    assert again.state == game.state and again.position == game.position
