"""A purchase that asks where its card goes is one preview and one Confirm (issue 29).

The buy's preview carries the placement (``place``: every option's outcome, the default
the preferred bot would take); the page's Confirm sends the buy with the chosen option
as the move intent's ``then``.  Python plays the two moves as one gesture (both, or
neither), keeps them as two moves in the history (a save replays as a game played one
decision at a time would), and Undo goes back to before the buy, not to the question of
where the card goes."""

from __future__ import annotations

import json
import random
from typing import Any

from nations_widget.board import Buy, Choose, Game
from nations_widget.board.decisions import PlaceBm
from nations_widget.widget.board.widget import BoardWidget

SEED = 7


def _to_building_buy(w: BoardWidget) -> dict[str, Any]:
    """Play the human's first decisions until a building or military card can be bought;
    its legal entry."""
    for _ in range(40):
        buys = [e for e in w.legal if e["group"] == "buy"
                and w.cards[e["card"]]["type"] in ("building", "military")]
        if buys:
            return buys[0]
        w.handle_intent({"kind": "move", "move": w.legal[0]["move"]})
        assert w.error == ""
    raise AssertionError("no building to buy")


def _preview(w: BoardWidget, move: dict[str, Any]) -> dict[str, Any]:
    w.handle_intent({"kind": "preview", "move": move, "ask": 1})
    assert w.error == ""
    return w.preview


def _state_text(w: BoardWidget) -> str:
    return json.dumps(w.game.state.to_json(), sort_keys=True)


def test_the_buys_preview_holds_the_slot_with_a_default_and_every_option() -> None:
    w = BoardWidget(players=2, seats=["human", "human"], seed=SEED, bot_delay=0)
    buy = _to_building_buy(w)
    pv = _preview(w, buy["move"])
    place = pv["place"]
    assert place is not None and place["kind"] == "place_bm"
    assert "replace" in place["question"]
    # the A side's five printed cards: five slots, each named with the card it replaces
    assert [o["slot"] for o in place["options"]] == [0, 1, 2, 3, 4]
    assert all(o["card"] and o["text"].startswith("Replace ") for o in place["options"])
    assert all(o["move"]["type"] == "choose" for o in place["options"])
    # the default is the one the preview's own figures describe
    chosen = place["options"][place["default"]]
    assert pv["rows"] == chosen["rows"] and pv["lines"] == chosen["lines"]
    # each option's lines say where the card goes
    name = w.cards[buy["card"]]["name"]
    assert any(f"{name} replaces" in line for line in chosen["lines"])


def test_buy_and_slot_are_played_together_and_kept_as_two_moves() -> None:
    w = BoardWidget(players=2, seats=["human", "heuristic"], seed=SEED, bot_delay=0)
    buy = _to_building_buy(w)
    place = _preview(w, buy["move"])["place"]
    other = next(k for k in range(len(place["options"])) if k != place["default"])
    option = place["options"][other]
    before, seat = w.game.position, w.game.current_player
    w.handle_intent({"kind": "move", "move": buy["move"], "then": option["move"],
                     "seat": seat, "position": before})
    assert w.error == ""
    game = w.game
    assert game.moves[before:before + 2] == [Buy(buy["card"]), Choose(option["move"]["option"])]
    after_place = game.state_at(before + 2)
    card = game.state.comp.card_ref[buy["card"]]
    assert after_place.players[seat].bm[option["slot"]] == card
    assert game.follows(before + 1) and not game.follows(before + 2)
    # the save replays the moves through the rules, as a game played decision by decision
    loaded = Game.from_json(game.to_json())
    assert loaded.moves == game.moves
    assert loaded.state.to_json() == game.state.to_json()
    replayed = Game.replay(game.config, [m.to_json() for m in game.moves])
    assert replayed.state.to_json() == game.state.to_json()


def test_undo_after_the_purchase_goes_back_to_before_the_buy() -> None:
    w = BoardWidget(players=2, seats=["human", "heuristic"], seed=SEED, bot_delay=0)
    buy = _to_building_buy(w)
    place = _preview(w, buy["move"])["place"]
    before, shown = w.game.position, _state_text(w)
    w.handle_intent({"kind": "move", "move": buy["move"],
                     "then": place["options"][place["default"]]["move"]})
    assert w.error == "" and w.game.position > before + 1      # the bot answered too
    assert w.history["undo_to"] == before
    w.handle_intent({"kind": "undo"})
    assert w.error == ""
    assert w.game.position == before and _state_text(w) == shown
    assert not isinstance(w.game.state.queue[0] if w.game.state.queue else None, PlaceBm)
    assert any(e["move"] == buy["move"] for e in w.legal)


def test_undo_at_the_question_itself_goes_back_to_before_the_buy() -> None:
    # the buy alone (previews off): the engine asks where the card goes, as before; Undo
    # there, and after answering, goes back to before the buy
    w = BoardWidget(players=2, seats=["human", "human"], seed=SEED, bot_delay=0)
    buy = _to_building_buy(w)
    before = w.game.position
    w.handle_intent({"kind": "move", "move": buy["move"]})
    assert isinstance(w.game.state.queue[0], PlaceBm)
    assert w.history["undo_to"] == before
    w.handle_intent({"kind": "move", "move": w.legal[1]["move"]})
    assert w.history["undo_to"] == before
    w.handle_intent({"kind": "undo"})
    assert w.game.position == before


def test_a_refused_placement_plays_nothing_and_says_why() -> None:
    w = BoardWidget(players=2, seats=["human", "heuristic"], seed=SEED, bot_delay=0)
    buy = _to_building_buy(w)
    before, length, shown = w.game.position, w.game.length, _state_text(w)
    w.handle_intent({"kind": "move", "move": buy["move"],
                     "then": {"type": "choose", "option": "slot 9 (nowhere)"}})
    assert "slot 9" in w.error
    assert (w.game.position, w.game.length, _state_text(w)) == (before, length, shown)
    # a move that asks no question of where a card goes takes no ``then``
    deploy = next(e for e in w.legal if e["group"] == "deploy")
    w.handle_intent({"kind": "move", "move": deploy["move"],
                     "then": {"type": "choose", "option": "slot 0 (Temple)"}})
    assert "asks no question about the card it takes" in w.error
    assert (w.game.position, w.game.length, _state_text(w)) == (before, length, shown)
    # nor does a second move of the wrong kind pass as the answer
    w.handle_intent({"kind": "move", "move": buy["move"], "then": {"type": "pass"}})
    assert w.error and (w.game.position, _state_text(w)) == (before, shown)


def test_a_deploys_preview_says_what_the_worker_changes_at_production() -> None:
    w = BoardWidget(players=2, seats=["human", "human"], seed=SEED, bot_delay=0)
    _to_building_buy(w)
    deploy = next(e for e in w.legal if e["group"] == "deploy" and e["source"] == "idle")
    pv = _preview(w, deploy["move"])
    assert pv["place"] is None
    assert pv["production"] and all(c["before"] != c["after"] for c in pv["production"])
    assert all(t.endswith(" at production") for t in pv["production_text"])
    assert pv["production_text"][0][0] in "+\u2212"
    # the generic preview panel's "Goes" lists it too
    assert set(pv["production_text"]) <= set(pv["goes"])


def test_a_golden_age_or_battle_buy_asks_what_it_brings_in_its_preview() -> None:
    """A golden age's reward and a battle's spoils are the same kind of question about the
    card just taken: chosen in the buy's preview, played with the buy, one Undo back."""

    def kind_of(entry: dict[str, Any]) -> str:
        return str(w.cards[entry["card"]]["type"])

    seen: set[str] = set()
    for seed in range(1, 40):
        w = BoardWidget(players=2, seats=["human", "human"], seed=seed, bot_delay=0)
        pick = random.Random(seed)
        for _ in range(150):
            if w.game.is_over or len(seen) == 2:
                break
            asks = [e for e in w.legal if e["group"] == "buy"
                    and w.cards[e["card"]]["type"] in ("golden age", "battle")]
            place = _preview(w, asks[0]["move"])["place"] if asks else None
            if place is None or len(place["options"]) < 2 or kind_of(asks[0]) in seen:
                w.handle_intent({"kind": "move", "move": pick.choice(w.legal)["move"]})
                continue
            kind = kind_of(asks[0])
            assert place["kind"] == ("golden" if kind == "golden age" else "battle")
            assert all(o["card"] is None and o["slot"] is None for o in place["options"])
            before, state = w.game.position, _state_text(w)
            option = place["options"][len(place["options"]) - 1]
            w.handle_intent({"kind": "move", "move": asks[0]["move"], "then": option["move"]})
            assert w.error == ""
            assert w.game.position == before + 2 and w.game.follows(before + 1)
            w.handle_intent({"kind": "undo"})
            assert w.game.position == before and _state_text(w) == state
            seen.add(kind)
        if len(seen) == 2:
            return
    assert seen == {"golden age", "battle"}, seen
