"""What goes back to the supply when a purchase replaces something, chosen in the browser:
the intent carries ``returned_dice`` / ``returned_used_rerolls``, the engine applies or
refuses it, and ``view["give_back"]`` holds what the board needs to offer the choice with
the engine's default chosen first."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from nations_widget.dice import Buy, Game, GameState, IllegalMoveError, Payment, scenario
from nations_widget.dice.rules import check, used_reroll_choices
from nations_widget.dice.state import DIE_COLOUR, REROLL_CHIT
from nations_widget.widget import NationsWidget
from nations_widget.widget.dice.payloads import view_payload

# The positions of the JS fixtures (js/scripts/make_fixtures.py writes them there):
# Legion (2 red dice) and Phalanx (1 red die), one red and one white die used; and an
# advisor, Confucius, that brought 2 reroll chits, with 1 of the player's 3 used.
FIXTURES = Path(__file__).resolve().parents[2] / "js" / "test" / "fixtures"
DICE = json.loads((FIXTURES / "give_back_dice.json").read_text())["scenario"]
REROLLS = json.loads((FIXTURES / "give_back_rerolls.json").read_text())["scenario"]


def widget(description: dict[str, Any]) -> NationsWidget:
    return NationsWidget(game=Game.from_state(scenario(description)), seats=["human", "human"],
                         bot_delay=0, bot_names=[])


def red_dice(s: GameState) -> list[int]:
    return [d for d in s.dice_of(0) if DIE_COLOUR[d] == "red"]


def knights(replaces: str, **extra: Any) -> dict[str, Any]:
    return {"type": "buy", "tile": "t2-01", "payment": {"chits": 1}, "replaces": replaces,
            **extra}


def test_the_dice_chosen_in_the_browser_go_back() -> None:
    w = widget(DICE)
    used, weak, strong = sorted(red_dice(w.state), key=lambda d: (not w.state.dice_used[d], d))
    assert sum(w.state.face(strong)) == 3 and not w.state.dice_used[weak]
    # the default would keep the 3-strength die; give it back with the used one instead
    w.handle_intent({"kind": "move", "seat": 0,
                     "move": knights("t1-02", returned_dice=[strong, used])})
    assert w.error == ""
    assert w.game.moves[-1] == Buy("t2-01", Payment(chits=1), "t1-02", (strong, used))
    assert returned(w) == sorted([strong, used])
    assert w.state.dice_owner[weak] == 0 and not w.state.dice_used[weak]
    assert any(e["text"].startswith("Knights replaces Legion; 2 red dice go back")
               for e in w.game_log)


def returned(w: NationsWidget) -> list[int]:
    """The dice the last building bought gave back (the log says; the new building's die
    may be one of them, taken again from the supply)."""
    entry = next(e for e in reversed(w.game.log()) if e.kind == "building")
    return list(entry.data["returned"])


def test_without_a_choice_the_engine_default_goes_back() -> None:
    w = widget(DICE)
    used, weak, strong = sorted(red_dice(w.state), key=lambda d: (not w.state.dice_used[d], d))
    w.handle_intent({"kind": "move", "seat": 0, "move": knights("t1-02")})
    assert w.error == ""
    assert returned(w) == sorted([used, weak])
    assert w.state.dice_owner[strong] == 0 and not w.state.dice_used[strong]


def test_a_wrong_choice_of_dice_is_refused_with_the_reason() -> None:
    w = widget(DICE)
    before = w.state.to_json_str()
    red = red_dice(w.state)
    white = next(d for d in w.state.dice_of(0) if DIE_COLOUR[d] == "white")
    for back, reason in (([red[0]], "Legion gave 2 red dice: return exactly 2"),
                         ([red[0], red[0]], "return exactly 2"),
                         ([red[0], white], "white die showing 1 gold is not one of your red dice"),
                         ([red[0], 99], "die 99 is not one of your red dice")):
        w.handle_intent({"kind": "move", "seat": 0,
                         "move": knights("t1-02", returned_dice=back)})
        assert reason in w.error, (back, w.error)
        assert w.state.to_json_str() == before and w.game.position == 0
    advisor = next(e["move"] for e in w.legal if e["move"].get("tile") == "t2-07")
    w.handle_intent({"kind": "move", "seat": 0, "move": {**advisor, "returned_dice": [red[0]]}})
    assert "only a building replaces one of yours" in w.error
    w.handle_intent({"kind": "move", "seat": 0,
                     "move": knights("t1-02", returned_dice="all")})
    assert "returned_dice must be a list of die numbers" in w.error
    assert w.state.to_json_str() == before


def test_the_used_reroll_chits_chosen_in_the_browser_go_back() -> None:
    for k, unused_after in ((0, 0 + 1), (1, 1 + 1)):   # Genghis Khan brings 1
        w = widget(REROLLS)
        w.handle_intent({"kind": "move", "seat": 0,
                         "move": {"type": "buy", "tile": "t2-07", "payment": {"chits": 1},
                                  "returned_used_rerolls": k}})
        assert w.error == ""
        p = w.state.players[0]
        assert (p.chits[REROLL_CHIT], p.chits_used[REROLL_CHIT]) == (unused_after, 1 - k)
        assert any(f"Confucius leaves and takes back 2 reroll chits ({k} used)" in e["text"]
                   for e in w.game_log)


def test_a_wrong_number_of_used_reroll_chits_is_refused_with_the_reason() -> None:
    w = widget(REROLLS)
    before = w.state.to_json_str()
    for k, reason in ((2, "you have only 1 used reroll chits to give back"),
                      (3, "you can give back 0 to 2 of them from your used ones, not 3"),
                      (-1, "not -1")):
        w.handle_intent({"kind": "move", "seat": 0,
                         "move": {"type": "buy", "tile": "t2-07", "payment": {"chits": 1},
                                  "returned_used_rerolls": k}})
        assert reason in w.error, (k, w.error)
    w.handle_intent({"kind": "move", "seat": 0,
                     "move": {"type": "buy", "tile": "t2-04", "payment": {"chits": 1},
                              "replaces": "start-farm", "returned_used_rerolls": 0}})
    assert "University is a building: only an advisor gives reroll chits back" in w.error
    assert w.state.to_json_str() == before


def test_give_back_is_published_for_a_humans_action_only() -> None:
    w = widget(DICE)
    s = w.state
    give_back = w.view["give_back"]
    assert give_back["dice"] == {
        "red": sorted(red_dice(s), key=lambda d: (sum(s.face(d)), d)),
        "white": [d for d in s.dice_of(0) if DIE_COLOUR[d] == "white"]}
    assert give_back["used_rerolls"] is None
    # Legion gave 2 red dice, Phalanx 1; the printed buildings 1 white die each
    assert give_back["replace"]["t1-02"] == {"colour": "red", "count": 2}
    assert give_back["replace"]["t1-01"] == {"colour": "red", "count": 1}
    assert give_back["replace"]["start-farm"] == {"colour": "white", "count": 1}

    assert widget(REROLLS).view["give_back"]["used_rerolls"] == {"choices": [0, 1], "default": 1}
    game = Game.from_state(scenario(DICE))
    assert view_payload(game, ["random", "human"])["give_back"] is None     # a bot's turn
    books = Game.from_state(scenario({**DICE, "step": "books"}))
    assert view_payload(books, ["human", "human"])["give_back"] is None


def browser_default(w: NationsWidget, move: Buy) -> list[int]:
    """What js/src/dice/view.js offers first: Python's answer to the move's preview."""
    w.handle_intent({"kind": "preview", "move": move.to_json(), "ask": 7})
    assert w.error == "" and w.preview["ask"] == 7
    gb = w.preview["give_back"]
    assert gb["chosen"] == gb["default"]
    replace = w.preview["replace"]
    assert replace["chosen"] == move.replaces
    assert replace["default"] == w.view["give_back"]["replace_default"]
    assert replace["default"] in {o["id"] for o in replace["options"]}
    return list(gb["default"])


def accepts(s: GameState, move: Buy) -> bool:
    try:
        check(s, move)
    except IllegalMoveError:
        return False
    return True


def test_the_payloads_give_the_engines_defaults_in_play() -> None:
    """Over random games: for every building buy listed (and the same buy paying two more
    dice as a trade), the default the board offers (Python's answer to the move's preview)
    is what the engine gives back; used_rerolls lists exactly the numbers the engine
    accepts, and its default."""
    rng = random.Random(4)
    checked = choices = 0
    for seed in range(10):
        players = rng.choice([2, 3, 4])
        w = NationsWidget(players=players, seed=seed, bot_delay=0, seats=["human"] * players,
                          bot_names=[])
        while not w.game.is_over:
            s = w.state
            seat = s.current_player()
            assert seat is not None
            moves = w.game.legal_moves()
            if s.step != "actions":
                assert w.view["give_back"] is None
            for m in moves:
                if not isinstance(m, Buy):
                    continue
                kind = s.comp.tiles[s.comp.tile_ref[m.tile]].kind
                if m.replaces:
                    spare = [d for d in s.unused_dice(seat) if d not in m.payment.all_dice()]
                    buys = [m]
                    if len(spare) >= 2:   # overpaying with a trade is allowed
                        pair = tuple(rng.sample(spare, 2))
                        pay = Payment(m.payment.dice, m.payment.chits, (*m.payment.trades, pair))
                        buys.append(Buy(m.tile, pay, m.replaces))
                    for buy in buys:
                        expected = list(check(s, buy).returned_dice)
                        assert browser_default(w, buy) == expected
                        checked += 1
                elif kind == "advisor" and s.players[seat].advisor >= 0:
                    offered = w.view["give_back"]["used_rerolls"]
                    accepted = [k for k in range(-1, 5)
                                if accepts(s, Buy(m.tile, m.payment, returned_used_rerolls=k))]
                    assert offered["choices"] == accepted == list(used_reroll_choices(s, seat))
                    assert offered["default"] == check(s, m).returned_used
                    choices += len(accepted) > 1
            w.play(rng.choice(moves))
    assert checked > 300 and choices > 0


def preview(w: NationsWidget, move: dict[str, Any], ask: int = 1) -> dict[str, Any]:
    w.handle_intent({"kind": "preview", "move": move, "ask": ask})
    assert w.error == "" and w.preview["ask"] == ask
    return dict(w.preview)


def test_a_building_buys_preview_holds_its_choices_with_their_defaults() -> None:
    """The preview the board shows on a click on a building's tile: the building replaced
    (Python's suggestion, every other one offered) and the dice going back (the engine's
    default), each as this move chooses it; a choice changed is a new preview."""
    w = widget(DICE)
    s = w.state
    default = w.view["give_back"]["replace_default"]
    assert default == "start-farm"        # a printed building before Legion and Phalanx
    pv = preview(w, knights(default))
    assert [o["id"] for o in pv["replace"]["options"]] == \
        ["t1-02", "t1-01", "start-farm", "start-caravan", "start-temple"]
    assert pv["replace"]["options"][0] == {"id": "t1-02", "name": "Legion",
                                           "detail": "gave 2 red dice"}
    assert pv["replace"]["options"][1]["detail"] == "gave 1 red die, 1 VP"
    assert pv["replace"] | {"options": None} == {"options": None, "chosen": default,
                                                   "default": default}
    white = pv["give_back"]
    assert white["colour"] == "white" and white["count"] == 1
    assert white["chosen"] == white["default"] == list(
        check(s, Buy("t2-01", Payment(chits=1), default)).returned_dice)
    assert pv["rerolls"] is None
    # another die chosen: the same default, this move's choice, said in the preview
    other = next(d for d in white["order"] if d not in white["default"])
    pv = preview(w, knights(default, returned_dice=[other]), 2)
    assert pv["give_back"]["chosen"] == [other]
    assert pv["give_back"]["default"] == white["default"]
    assert pv["returned"] == [other]
    # another building: its own dice, with their default
    pv = preview(w, knights("t1-02"), 3)
    assert pv["replace"]["chosen"] == "t1-02" and pv["replace"]["default"] == default
    assert pv["give_back"]["colour"] == "red" and len(pv["give_back"]["chosen"]) == 2
    assert any(g.startswith("Knights replaces Legion") for g in pv["goes"])
    # an advisor has no building to replace
    advisor = next(e["move"] for e in w.legal if e["move"].get("tile") == "t2-07")
    pv = preview(w, advisor, 4)
    assert pv["replace"] is None and pv["give_back"] is None and pv["rerolls"] is None


def test_an_advisor_buys_preview_holds_the_choice_of_reroll_chits() -> None:
    w = widget(REROLLS)
    buy = {"type": "buy", "tile": "t2-07", "payment": {"chits": 1}}
    pv = preview(w, buy)
    assert pv["rerolls"] == {
        "options": [{"used": 1, "text": "1 used + 1 unused (you keep 1 unused)"},
                    {"used": 0, "text": "0 used + 2 unused (you keep 0 unused)"}],
        "chosen": 1, "default": 1, "leaves": "Confucius", "count": 2}
    pv = preview(w, {**buy, "returned_used_rerolls": 0}, 2)
    assert pv["rerolls"]["chosen"] == 0 and pv["rerolls"]["default"] == 1
    assert pv["goes"] == ["Confucius leaves, taking back its 2 reroll chits (0 used, 2 unused)"]
    assert pv["replace"] is None and pv["give_back"] is None
