"""Why an action cannot be taken: the reasons the board shows on its inert controls."""

from __future__ import annotations

from nations_widget.dice import Buy, Game, scenario
from nations_widget.dice.reasons import unavailable_actions

AGE1 = [["t1-07", "t1-08", "t1-06"], ["t1-09", "t1-10", "t1-12"], ["t1-04", "t1-05", "t1-15"]]


def _used(face: str) -> dict[str, object]:
    return {"colour": "white", "face": face, "used": True}


def test_every_tile_either_buyable_or_has_a_reason() -> None:
    for seed in range(6):
        game = Game(players=2 + seed % 3, seed=seed)
        reasons = unavailable_actions(game.state)
        assert reasons is not None
        buyable = {m.tile for m in game.legal_moves() if isinstance(m, Buy)}
        board = {game.state.comp.tiles[r].id for r in game.state.board if r >= 0}
        assert set(reasons["tiles"]) == board - buyable
        for reason in reasons["tiles"].values():
            assert isinstance(reason, str) and reason.strip()


def test_build_and_reroll_reasons_in_words() -> None:
    state = scenario({
        "players": 2, "seed": 5, "order": [0, 1], "board": AGE1,
        "seats": [{"wonder": "t1-13",
                   "dice": ["white:stone", "white:stone", _used("food"), _used("book"),
                            _used("gold")],
                   "chits": {"gold": 0, "reroll": 0}, "chits_used": {"gold": 1, "reroll": 1}}],
    })
    reasons = unavailable_actions(state)
    assert reasons is not None
    assert reasons["reroll"] == "you have no unused reroll chit"
    assert reasons["build"] == ("Hanging Gardens needs 3 stone; you can raise 2 (dice, stone "
                                "chits and trades of two dice)")
    # Egypt (row 1, strength): no strength at all, and strength is never traded for
    assert reasons["tiles"]["t1-09"] == ("Egypt costs 1 strength; you can raise 0 (dice and "
                                         "strength chits; strength cannot be traded for)")


def test_no_reasons_off_an_action_turn() -> None:
    game = Game(players=2, seed=3)
    while game.step_name == "actions":
        game.play(game.legal_moves()[0])
    if not game.is_over and game.current_player is not None:
        assert unavailable_actions(game.state) is None
