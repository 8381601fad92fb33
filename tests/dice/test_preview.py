"""Previews of purchases and builds, and the suggested payment that keeps stone."""

from __future__ import annotations

import pytest

from nations_widget.dice import Build, Buy, Game, IllegalMoveError, Pass, Payment, scenario
from nations_widget.dice.payments import find_payment
from nations_widget.dice.preview import preview_move, suggested_payment
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
