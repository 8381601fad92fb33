"""The same preview asked twice (a purchase previewed, cancelled, previewed again) reaches
the board twice: an equal trait value would not be sent, and the board would wait for it."""

from __future__ import annotations

from nations_widget.dice import Buy
from nations_widget.widget import NationsWidget


def test_the_same_preview_asked_again_is_published_again() -> None:
    w = NationsWidget(players=2, seats=["human", "human"], seed=1, bot_delay=0)
    published: list[dict[str, object]] = []
    w.observe(lambda change: published.append(change["new"]), names=["preview"])
    buy = next(m for m in w.game.legal_moves() if isinstance(m, Buy))
    for _ in range(3):
        w.handle_intent({"kind": "preview", "move": buy.to_json()})
    assert len(published) == 3
    assert [p["asked"] for p in published] == [1, 2, 3]
    # apart from the count, the same preview of the same move at the same position
    same = [{k: v for k, v in p.items() if k != "asked"} for p in published]
    assert same[0] == same[1] == same[2]
    assert same[0]["move"] == buy.to_json() and same[0]["position"] == w.game.position
