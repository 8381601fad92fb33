"""Hidden stays hidden: each link's view holds only what its seat may know.  The seed and the
generator are in no view; another seat's Accelerated pledge and the board game's deck order
in no view but (for the pledge) its owner's."""

from __future__ import annotations

import json
import random
from typing import Any

from nations_widget.core.registry import GAME_KEYS
from nations_widget.tables import Store, TableSeat, create_table, join_table

SEED = 738_291_004_615_229_380_117_564_093  # long: found in a view only if the view holds it


def _all_views(store: Store, tokens: list[str]) -> list[dict[str, Any]]:
    return [join_table(store, t).view() for t in tokens]


def _without_table(view: dict[str, Any]) -> dict[str, Any]:
    """A seat's view without the table's own parts: its state, and the fair-dice
    fingerprint (each table's game has a salt of its own; the fingerprint hides the seed)."""
    return {k: v for k, v in view.items() if k not in ("table", "fairness")}


def _texts(views: list[dict[str, Any]]) -> list[str]:
    return [json.dumps(v) for v in views]


def test_no_view_holds_the_seed_or_the_generator(store: Store) -> None:
    for kind in GAME_KEYS:
        links = create_table(store, kind, players=3, seed=SEED)
        seats = [join_table(store, t) for t in links.seats]
        rng = random.Random(2)
        for _ in range(25):
            to_play = seats[0].game.current_player
            if to_play is None:
                break
            seats[to_play].refresh()
            seats[to_play].play(rng.choice(seats[to_play].legal_moves()))
            for seat in seats:
                seat.refresh()
            tokens = [*links.seats, links.spectator, links.host]
            for text in _texts(_all_views(store, tokens)):
                assert str(SEED) not in text
                assert '"rng"' not in text and '"seed"' not in text


def _pass_at_accelerated_table(store: Store, pledge: list[int]) -> tuple[TableSeat, Any]:
    links = create_table(store, "dice", players=3, seed=4, variant="accelerated")
    first = join_table(store, links.seats[0])
    mover = join_table(store, links.seats[first.game.current_player])
    move = {"type": "pass", "pledge": pledge} if pledge else {"type": "pass"}
    mover.play(move)
    return mover, links


def test_another_seats_accelerated_pledge_is_in_no_other_view(store: Store) -> None:
    pledger, with_pledge = _pass_at_accelerated_table(store, [10, 11])
    _, without = _pass_at_accelerated_table(store, [])
    assert pledger.game.state.players[pledger.seat].pledge == (10, 11)
    others = [t for s, t in enumerate(with_pledge.seats) if s != pledger.seat]
    others_plain = [t for s, t in enumerate(without.seats) if s != pledger.seat]
    for token, plain in zip([*others, with_pledge.spectator, with_pledge.host],
                            [*others_plain, without.spectator, without.host], strict=True):
        seen, seen_plain = join_table(store, token).view(), join_table(store, plain).view()
        # what the others see of a pass with a pledge and of a pass without is the same
        assert _without_table(seen) == _without_table(seen_plain)
        assert seen["players"][pledger.seat]["pledge"] == "hidden"
    own = join_table(store, with_pledge.seats[pledger.seat]).view()
    assert own["players"][pledger.seat]["pledge"] == [10, 11]


def test_the_board_games_deck_order_is_in_no_view(store: Store) -> None:
    links = create_table(store, "board", players=3, seed=17)
    handle = join_table(store, links.spectator)
    full = handle.game.state.to_json()
    for view in _all_views(store, [*links.seats, links.spectator]):
        assert all(isinstance(size, int) for size in view["decks"])
        assert view["decks"] == [len(d) for d in full["decks"]]
        text = json.dumps(view)
        for deck in full["decks"] + full["event_decks"]:
            if len(deck) > 1:
                assert json.dumps(deck) not in text
        # a table whose decks were shuffled otherwise looks the same to every seat
        seat = view["table"]["viewer"]
        other = handle.game.state.reseeded(99).view(seat)
        assert _without_table(view) == other
