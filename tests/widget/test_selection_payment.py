"""A selection of dice pays what it can pay under the rules: dice showing the resource pay
it, and any two other selected dice stand in for one gold, stone or food (the rulebook's
"Trading Dice": any two unused dice, any colours and faces).  The page sends the selection
as it is (js/src/dice/logic.js ``buyMove``/``buildMove``: the selected dice as the
payment's dice, the chits of the currency, the pairs the player made); the engine pairs the
dice that do not show the resource, and the preview shows those trades.

Everything here goes through the widget's intents, the path a click takes: the button's
tooltip (the ``legal`` payload), the ``preview`` intent, then the ``move`` intent."""

from __future__ import annotations

import random
from itertools import combinations
from typing import Any

from nations_widget.dice import Game, GameConfig, scenario
from nations_widget.dice.catalogue import RESOURCES
from nations_widget.dice.state import STONE
from nations_widget.widget import NationsWidget

# Player 1 has Pyramids (3 stone) under construction, Harbor's two orange dice and three
# unused white dice (the fourth is used): 1 strength, 1 food, 1 stone, an orange die with
# 1 gold + 1 food and one with 2 gold.  One stone die and two trades make 3 stone.
PYRAMIDS = {
    "players": 2,
    "board": [["t1-01", "t1-02", "t1-03"], ["t1-04", "t1-05", "t1-07"],
              ["t1-08", "t1-09", "t1-10"]],
    "seats": [{"buildings": ["start-axeman", "start-farm", "t1-06", "start-quarry",
                             "start-temple"],
               "wonder": "t1-15",
               "dice": ["white:strength", "white:food", "white:stone",
                        {"colour": "white", "face": "gold", "used": True},
                        "orange:gold+food", "orange:2gold"]}],
}


def widget_at(description: dict[str, Any]) -> NationsWidget:
    return NationsWidget(game=Game.from_state(scenario(description)),
                         seats=["human", "human"], bot_delay=0, bot_names=[])


def selection_move(move_type: str, dice: list[int], chits: int = 0,
                   tile: str | None = None) -> dict[str, Any]:
    """The move the page sends for a selection of dice and chits, with no pair made by
    hand (logic.js paymentFrom)."""
    move: dict[str, Any] = {"type": move_type,
                            "payment": {"dice": sorted(dice), "chits": chits, "trades": []}}
    if tile is not None:
        move["tile"] = tile
    return move


def test_the_build_the_button_offers_is_accepted_with_the_selection_that_pays_it() -> None:
    w = widget_at(PYRAMIDS)
    s = w.state
    selected = s.unused_dice(0)
    stone = next(d for d in selected if s.face(d)[STONE])
    # the Build button's tooltip: the engine's payment, with two trades
    [build] = [e for e in w.legal if e["move"]["type"] == "build"]
    assert build["text"].count("traded for 1 stone") == 2
    move = selection_move("build", selected)
    w.handle_intent({"kind": "preview", "move": move, "ask": 1})
    assert w.error == ""
    preview = w.preview
    assert preview["title"] == "Build Pyramids for 3 stone"
    assert preview["dice"] == sorted(selected)
    assert sum("traded for 1 stone" in p for p in preview["pays"]) == 2
    assert preview["pays"][0] == "the white die showing 1 stone"
    w.handle_intent({"kind": "move", "seat": 0, "position": 0, "move": move})
    assert w.error == ""
    after = w.state
    assert after.players[0].wonder < 0
    assert [after.comp.tiles[t].name for t in after.players[0].wonders] == ["Pyramids"]
    assert all(after.dice_used[d] for d in selected)
    entry = next(e for e in w.game.log() if e.kind == "build")
    assert entry.data["payment"]["dice"] == [stone]
    assert len(entry.data["payment"]["trades"]) == 2
    assert "traded for 1 stone" in entry.text


def test_an_odd_die_pairs_with_a_die_showing_the_resource() -> None:
    """Three stone dice and a gold die for Pyramids (3 stone): the gold die cannot pay
    alone, so it is traded with a stone die (2 stone + 1 trade = 3)."""
    used = {"colour": "orange", "face": "2gold", "used": True}
    w = widget_at({**PYRAMIDS, "seats": [{
        **PYRAMIDS["seats"][0],
        "dice": ["white:stone", "white:stone", "white:stone", "white:gold", used, used]}]})
    selected = w.state.unused_dice(0)
    assert len(selected) == 4
    w.handle_intent({"kind": "preview", "move": selection_move("build", selected), "ask": 1})
    assert w.error == ""
    assert sum("traded for 1 stone" in p for p in w.preview["pays"]) == 1
    assert sorted(w.preview["wasted"]) == ["1 gold on the traded white die",
                                          "1 stone on the traded white die"]


def test_a_lone_die_that_shows_nothing_of_the_cost_is_refused_saying_why() -> None:
    w = widget_at(PYRAMIDS)
    s = w.state
    strength = next(d for d in s.unused_dice(0) if s.face(d)[RESOURCES.index("strength")])
    w.handle_intent({"kind": "preview", "move": selection_move("build", [strength]),
                     "ask": 1})
    assert w.error.startswith("the white die showing 1 strength has no stone")
    assert "two" in w.error


# --------------------------------------------------------------------- the property
def _best_value(s: Any, dice: list[int], res: int, chits: int, trades_ok: bool) -> int:
    """The most ``res`` a selection can give under the rules, every selected die used: each
    die pays directly (if it shows ``res``) or goes into a trade pool paid two for one.
    Worked out by brute force, independently of the engine's pairing."""
    best = -1
    for k in range(len(dice) + 1):
        for pool in combinations(dice, k):
            if pool and (not trades_ok or k % 2):
                continue
            direct = [d for d in dice if d not in pool]
            if any(not s.face(d)[res] for d in direct):
                continue
            best = max(best, sum(s.face(d)[res] for d in direct) + k // 2 + chits)
    return best


def _purchases(w: NationsWidget) -> list[tuple[dict[str, Any], int, int, bool]]:
    """Every purchase the payload marks affordable (a tile in the legal list, the build),
    as (the suggested move, cost, resource, whether trades pay it)."""
    s = w.state
    seat = s.current_player()
    out = []
    seen: set[str] = set()
    for entry in w.legal:
        move = entry["move"]
        if move["type"] == "buy" and move["tile"] not in seen:
            seen.add(move["tile"])
            ref = s.comp.tile_ref[move["tile"]]
            tile = s.comp.tiles[ref]
            cost = s.board.index(ref) % 3 + 1
            res = RESOURCES.index(tile.currency)
            out.append((move, cost, res, tile.currency == "gold"))
        elif move["type"] == "build":
            wonder = s.comp.tiles[s.players[seat].wonder]
            out.append((move, wonder.stone_cost, STONE, True))
    return out


def _check_effect(w: NationsWidget, preview: dict[str, Any], res: int) -> None:
    """The move just played did what its preview said: the dice and chits that paid."""
    entry = next(e for e in reversed(w.game.log()) if e.kind in ("buy", "build"))
    paid = entry.data["payment"]
    dice = sorted([*paid["dice"], *(d for pair in paid["trades"] for d in pair)])
    assert dice == preview["dice"]
    assert ({RESOURCES[res]: paid["chits"]} if paid["chits"] else {}) == preview["chits"]
    before = w.game.state_at(w.game.position - 1)
    seat = before.current_player()
    after = w.state
    for d in preview["dice"]:
        assert after.dice_used[d] or after.dice_owner[d] != seat


def test_every_affordable_purchase_pays_with_a_selection_as_previewed() -> None:
    """Over random positions of random games: for every purchase the payload marks
    affordable and a random selection of the player's unused dice and chits, the move the
    page sends is legal exactly when the selection pays the cost under the rules, and
    then playing it does what the preview said; with no selection, the suggested payment
    is played as previewed."""
    rng = random.Random(20261126)
    checked = 0
    for seed in range(12):
        game = Game(config=GameConfig(players=rng.choice((1, 2, 3)), seed=seed))
        while not game.is_over:
            state = game.state
            if state.step == "actions" and rng.random() < 0.5:
                checked += _check_position(game, rng)
            moves = state.legal_moves()
            productive = [m for m in moves if m.type in ("buy", "build")]
            game.play(rng.choice(productive) if productive and rng.random() < 0.7
                      else rng.choice(moves))
    assert checked > 200


def _check_position(game: Game, rng: random.Random) -> int:
    checked = 0
    position = game.position
    for suggested in range(2):
        w = NationsWidget(game=Game.from_state(game.state), seats=["human"] * len(
            game.state.players), bot_delay=0, bot_names=[])
        purchases = _purchases(w)
        if not purchases:
            return checked
        hint, cost, res, trades_ok = rng.choice(purchases)
        s = w.state
        seat = s.current_player()
        if suggested:
            move = hint
            pays = True
        else:
            unused = s.unused_dice(seat)
            dice = rng.sample(unused, rng.randint(0, len(unused)))
            chits = rng.randint(0, s.chits_of(seat, res))
            if not dice and not chits:
                continue
            move = {**hint, "payment": {"dice": sorted(dice), "chits": chits, "trades": []}}
            pays = _best_value(s, dice, res, chits, trades_ok) >= cost
        w.handle_intent({"kind": "preview", "move": move, "ask": 1})
        if not pays:
            assert w.error, f"{move} was accepted, but the selection cannot pay {cost}"
            checked += 1
            continue
        assert w.error == "", f"position {position}: {move} refused: {w.error}"
        preview = dict(w.preview)
        w.handle_intent({"kind": "move", "seat": seat, "position": 0, "move": move})
        assert w.error == "", f"position {position}: {move} refused: {w.error}"
        _check_effect(w, preview, res)
        checked += 1
    return checked
