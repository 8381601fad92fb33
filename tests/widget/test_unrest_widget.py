"""The widget with the Unrest expansion: the New game setting, the green dice and the
expansion's parts in the payloads, the two Unrest choices and the star reroll as moves."""

from __future__ import annotations

from nations_widget.dice import Game, scenario
from nations_widget.widget import NationsWidget

UNREST = {
    "players": 2, "seed": 5, "unrest": True, "order": [0, 1],
    "board": [["t1-01", "t1-07", "t1-13"], ["t1-05", "t1-09", "t1-14"],
              ["t1-03", "t1-10", "t1-15"]],
    "seats": [{"buildings": ["u1-02", "start-farm", "start-caravan", "start-quarry",
                             "start-temple"],
               "dice": ["green:unrest", "green:2gold+food", "white:gold", "white:food",
                        "white:book", "white:strength"],
               "stars": 1}],
}


def test_new_game_intent_turns_unrest_on_and_off() -> None:
    w = NationsWidget(players=3, seed=1, bot_delay=0, seats=["human"] * 3)
    assert "unrest" not in w.settings
    w.handle_intent({"kind": "new_game", "settings": {"unrest": True}})
    assert w.game.config.unrest and w.settings["unrest"] is True
    assert len(w.view["board"]) == 4                       # 3 players, 4 columns
    w.handle_intent({"kind": "new_game", "settings": {}})
    assert w.game.config.unrest                             # kept, like the other settings
    w.handle_intent({"kind": "new_game", "settings": {"unrest": False}})
    assert not w.game.config.unrest
    w.handle_intent({"kind": "new_game", "settings": {"unrest": "yes"}})
    assert "unrest" in w.error and not w.game.config.unrest


def test_the_catalogue_payload_carries_the_green_dice_and_the_bonuses() -> None:
    w = NationsWidget(players=2, seed=1, bot_delay=0, unrest=True)
    cat = w.catalogue
    assert cat["die_colours"][44:] == ["green"] * 8 and {"unrest": 1} in cat["faces"]["green"]
    assert "u1-02" in cat["tiles"] and cat["unrest"]["reconstructed"]
    assert "reconstruction" in cat["unrest"]["notice"]
    assert set(cat["unrest"]["bonuses"]) == {"pass-book", "pass-food", "pass-strength"}


def test_unrest_choices_and_star_reroll_are_offered_and_played() -> None:
    w = NationsWidget(game=Game.from_state(scenario(UNREST)), seats=["human", "human"],
                      bot_delay=0)
    assert "Unrest" in w.view["prompt"]
    assert [e["move"] for e in w.legal] == [{"type": "unrest", "choice": "reroll"},
                                            {"type": "unrest", "choice": "set_aside"}]
    w.handle_intent({"kind": "move", "seat": 0,
                     "move": {"type": "unrest", "choice": "set_aside"}})
    assert not w.error and w.game.current_player == 0
    star = [e for e in w.legal if e["move"]["type"] == "reroll" and e["move"].get("star")]
    assert len(star) == 1 and star[0]["subset"] and "no action" in star[0]["text"]
    passes = [e["move"].get("bonus") for e in w.legal if e["move"]["type"] == "pass"]
    assert passes == ["pass-book", "pass-food", "pass-strength"]
    assert "passing bonus" in w.view["prompt"]
    die = w.state.unused_dice(0)[0]
    w.handle_intent({"kind": "move", "seat": 0,
                     "move": {"type": "reroll", "dice": [die], "star": True}})
    assert not w.error and w.game.current_player == 0      # no action spent
    assert w.view["players"][0]["stars_used"] == 1
