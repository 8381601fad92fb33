"""Previews of purchases and builds, and the suggested payment that keeps stone."""

from __future__ import annotations

import pytest

from nations_widget.dice import Build, Buy, Game, IllegalMoveError, Pass, Payment, scenario
from nations_widget.dice.payments import find_payment
from nations_widget.dice.preview import preview_move, suggested_payment, suggested_replacement
from nations_widget.dice.state import GOLD, STONE

AGE1 = [["t1-07", "t1-08", "t1-06"], ["t1-09", "t1-10", "t1-12"], ["t1-04", "t1-05", "t1-15"]]


def test_preview_says_what_pays_what_goes_and_changes_nothing() -> None:
    game = Game(players=2, seed=8)
    before = game.state.to_json()
    buys = [m for m in game.legal_moves() if isinstance(m, Buy)]
    building = next(m for m in buys if m.replaces)
    pv = preview_move(game.state, building)
    assert game.state.to_json() == before
    tile = game.state.comp.tiles[game.state.comp.tile_ref[building.tile]]
    assert pv["title"].startswith(f"Buy {tile.name} (building) for ")
    assert any("replaces" in g and "back to the supply" in g for g in pv["goes"])
    assert pv["dice"] == sorted(building.payment.all_dice())
    assert any("rolled at once" in g for g in pv["gains"])
    with pytest.raises(ValueError):
        preview_move(game.state, Pass())
    with pytest.raises(IllegalMoveError):
        preview_move(game.state, Buy.of(building.tile, Payment(chits=9), building.replaces))


def test_preview_warns_when_a_wonder_discards_the_unbuilt_one() -> None:
    state = scenario({
        "players": 2, "seed": 5, "order": [0, 1], "board": AGE1,
        "seats": [{"wonder": "t1-13", "dice": ["white:gold", "white:gold", "white:gold",
                                               "white:stone", "white:stone"]}],
    })
    buy = next(m for m in state.legal_moves() if isinstance(m, Buy) and m.tile == "t1-15")
    pv = preview_move(state, buy)
    assert pv["warning"] is not None and "Hanging Gardens is discarded" in pv["warning"]
    assert "the unbuilt Hanging Gardens is discarded" in pv["goes"]


def test_an_unbuilt_wonder_is_worth_its_vp_only_once_built() -> None:
    # buying a wonder puts it under construction: its VP count once it is built (an unbuilt
    # wonder scores nothing), and the preview's words say so; a building scores as bought
    state = scenario({
        "players": 2, "seed": 5, "order": [0, 1], "board": AGE1,
        "seats": [{"dice": ["white:gold", "white:gold", "white:gold", "white:stone",
                            "white:stone"]}],
    })
    buy = next(m for m in state.legal_moves() if isinstance(m, Buy) and m.tile == "t1-15")
    gains = preview_move(state, buy)["gains"]
    assert gains[0] == "Pyramids: 2 VP once built"
    assert not any("at the end of the game" in g for g in gains)
    building = next(m for m in state.legal_moves()
                    if isinstance(m, Buy) and state.comp.tiles[state.comp.tile_ref[m.tile]].kind
                    == "building")
    assert preview_move(state, building)["gains"][0].endswith("VP at the end of the game")


def test_build_preview_and_wasted_symbols() -> None:
    state = scenario({
        "players": 2, "seed": 5, "order": [0, 1], "board": AGE1,
        "seats": [{"wonder": "t1-13", "dice": ["white:stone", "white:stone", "white:stone",
                                               "white:gold", "white:book"]}],
    })
    build = next(m for m in state.legal_moves() if isinstance(m, Build))
    pv = preview_move(state, build)
    assert pv["title"] == "Build Hanging Gardens for 3 stone"
    assert pv["pays"] == ["three white dice showing 1 stone"] and pv["wasted"] == []
    assert pv["gains"][0] == "Hanging Gardens: 1 VP at the end of the game"


def test_suggested_payment_keeps_stone_for_the_wonder() -> None:
    # 1 gold to pay: a gold die, or a trade; with a wonder under construction, the stone
    # dice are never the suggestion while a payment without them exists
    state = scenario({
        "players": 2, "seed": 5, "order": [0, 1], "board": AGE1,
        "seats": [{"wonder": "t1-13", "chits": {"gold": 0},
                   "dice": ["white:stone", "white:stone", "white:food", "white:book",
                            "white:strength"]}],
    })
    canonical = find_payment(state, 0, GOLD, 1, True)
    assert canonical is not None           # the engine's canonical choice trades the stone
    assert all(state.face(d)[STONE] for d in canonical.all_dice())
    pay = suggested_payment(state, 0, GOLD, 1)
    assert pay is not None and pay.trades
    assert not any(state.face(d)[STONE] for d in pay.all_dice())
    # the board's listed buy carries the suggestion
    from nations_widget.widget.dice.payloads import legal_payload
    listed = [e["move"] for e in legal_payload(state) if e["move"]["type"] == "buy"
              and e["move"]["tile"] == "t1-07"]
    assert len(listed) == 1
    spent = [d for pair in listed[0]["payment"]["trades"] for d in pair]
    spent += listed[0]["payment"]["dice"]
    assert spent and not any(state.face(d)[STONE] for d in spent)


def test_preview_names_the_chits_that_pay_for_the_board_to_highlight() -> None:
    # Hanging Gardens costs 3 stone: one stone die and two stone chits pay for it
    state = scenario({
        "players": 2, "seed": 5, "order": [0, 1], "board": AGE1,
        "seats": [{"wonder": "t1-13", "chits": {"stone": 2},
                   "dice": ["white:stone", "white:gold", "white:book", "white:food",
                            "white:strength"]}],
    })
    build = next(m for m in state.legal_moves()
                 if isinstance(m, Build) and m.payment.chits == 2)
    pv = preview_move(state, build)
    assert pv["chits"] == {"stone": 2}
    assert "2 stone chits" in pv["pays"]
    # a payment by dice alone names no chit
    dice_only = scenario({
        "players": 2, "seed": 5, "order": [0, 1], "board": AGE1,
        "seats": [{"wonder": "t1-13", "dice": ["white:stone", "white:stone", "white:stone",
                                               "white:gold", "white:book"]}],
    })
    build = next(m for m in dice_only.legal_moves() if isinstance(m, Build))
    assert preview_move(dice_only, build)["chits"] == {}


def test_the_suggested_replacement_is_the_building_whose_loss_costs_least() -> None:
    # fewest VP first, then the fewest dice it gave, then (white dice before coloured
    # ones) the first slot
    gives = {"start-farm": ("white", 1), "start-caravan": ("white", 1),
             "start-temple": ("white", 1), "t1-01": ("red", 1), "t1-02": ("red", 2),
             "t1-03": ("blue", 1), "t1-04": ("blue", 2), "t2-01": ("red", 1),
             "t2-02": ("red", 2), "t2-03": ("blue", 1)}

    def suggested(buildings: list[str]) -> str:
        dice = [f"{gives[b][0]}:{'strength' if gives[b][0] == 'red' else 'book'}"
                for b in buildings for _ in range(gives[b][1])]
        # (round 3: the age II tiles held are not on the progress board)
        state = scenario({"players": 2, "seed": 5, "round": 3, "order": [0, 1],
                          "seats": [{"buildings": buildings, "dice": dice}]})
        return suggested_replacement(state, 0)

    # Legion (0 VP, 2 red dice), Phalanx (1 VP, 1 red die): a printed building (0 VP, 1
    # white die), the first of them
    assert suggested(["t1-02", "t1-01", "start-farm", "start-caravan", "start-temple"]) \
        == "start-farm"
    assert suggested(["t1-02", "t1-01", "start-temple", "start-farm", "start-caravan"]) \
        == "start-temple"
    # no printed building left: 0 VP before 1 VP, whatever the dice (Legion, Academy: the
    # first slot)
    assert suggested(["t1-01", "t1-03", "t2-02", "t1-02", "t1-04"]) == "t1-02"
    # all worth 1 VP: the one that gave fewer dice, the first slot among them
    assert suggested(["t2-02", "t1-03", "t1-01", "t2-01", "t2-03"]) == "t1-03"


def test_an_advisor_replaced_says_which_reroll_chits_go_back() -> None:
    # Confucius brought 2 reroll chits; 1 of the player's 3 is used
    state = scenario({"players": 2, "seed": 5, "round": 2, "order": [0, 1],
                      "board": [["t2-07", "t2-01", "t2-08"], ["t2-05", "t2-06", "t2-03"],
                                ["t2-04", None, "t2-02"]],
                      "seats": [{"advisor": "t1-08", "chits": {"gold": 1, "reroll": 2},
                                 "chits_used": {"reroll": 1}}]})
    for k, said in ((None, "(1 used, 1 unused)"), (1, "(1 used, 1 unused)"),
                    (0, "(0 used, 2 unused)")):
        pv = preview_move(state, Buy("t2-07", Payment(chits=1), returned_used_rerolls=k))
        assert pv["goes"] == [f"Confucius leaves, taking back its 2 reroll chits {said}"]
