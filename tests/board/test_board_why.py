"""Why a progress card cannot be bought, in the board payload (``progress.why``): the board
view writes it on the card (a short line), and decides nothing itself.

For the acting seat of the action step, every card on the progress board is either one of
its legal purchases or has a reason in ``why``, never both; outside the action step (or
with nobody to act) ``why`` is empty."""

from __future__ import annotations

import random

from nations_widget.board import Buy, Game, Pass
from nations_widget.widget.board.payloads import view_payload


def _positions(seeds: range, per_game: int = 40) -> list[Game]:
    games = []
    for seed in seeds:
        rng = random.Random(seed)
        game = Game(2 + seed % 3, seed, decks=("base", "all")[seed % 2])
        for _ in range(per_game * 4):
            if game.state.is_terminal():
                break
            legal = game.state.legal_moves()
            acting = [m for m in legal if not isinstance(m, Pass)]
            game.play(rng.choice(acting if acting and rng.random() < 0.9 else legal))
            if game.state.step == "actions" and not game.state.queue and rng.random() < 0.25:
                games.append(Game.from_state(game.state.clone()))
    return games


def test_every_card_on_the_board_is_buyable_or_says_why() -> None:
    seen_reasons: set[str] = set()
    checked = 0
    for game in _positions(range(6)):
        seats = ["human"] * game.state.config.players
        view = view_payload(game, seats)
        buyable = {m.card for m in game.state.legal_moves() if isinstance(m, Buy)}
        why = view["progress"]["why"]
        on_board = [c for row in view["progress"]["rows"] for c in row["cards"] if c]
        for card in on_board:
            checked += 1
            if card in buyable:
                assert card not in why, (card, why[card])
            else:
                reason = why.get(card, "")
                assert reason and reason[0].isupper() and len(reason) <= 70, (card, reason)
                seen_reasons.add(reason.split()[0])
        assert set(why) <= set(on_board)
    assert checked > 100
    # gold and a card's own condition both come up
    assert "Costs" in seen_reasons or "Not" in seen_reasons, seen_reasons


def test_no_reason_outside_the_action_step() -> None:
    game = Game(2, 3)
    while game.state.step == "actions" or game.state.current_player() is None:
        game.play(game.state.legal_moves()[0])
    assert game.state.step != "actions"
    assert view_payload(game, ["human", "human"])["progress"]["why"] == {}
