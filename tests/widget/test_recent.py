"""What the other players did since the human's last decision (the view's ``recent``)."""

from __future__ import annotations

import re

from nations_widget.dice import Game
from nations_widget.widget import NationsWidget
from nations_widget.widget.dice.payloads import recent_payload


def test_recent_lists_the_bots_moves_since_my_last_decision() -> None:
    w = NationsWidget(players=3, seed=4, seats=["human", "heuristic", "heuristic"],
                      bot_delay=0)
    start = w.game.position
    w.play(w.game.legal_moves()[-1])
    recent = w.view["recent"]
    others = w.game.position - start - 1
    assert others >= 1 and len(recent["moves"]) == others
    assert [m["seat"] for m in recent["moves"]] == [
        w.game.state_at(p).current_player() for p in range(start + 1, w.game.position)]
    for m in recent["moves"]:
        assert m["text"].startswith(f"Player {m['seat'] + 1} ")
        assert not re.search(r"dic?e \d", m["text"])                   # never a die id
        for d in m["dice"]:
            assert w.state.dice_used[d] or "reroll" in m["text"]
    assert set(recent["tiles"]) == {m["tile"] for m in recent["moves"] if m["tile"]}


def test_spectators_see_only_the_last_move() -> None:
    game = Game(players=2, seed=3)
    for _ in range(3):
        game.play(game.legal_moves()[-1])
    recent = recent_payload(game, ["heuristic", "heuristic"])
    assert len(recent["moves"]) == 1
    assert recent_payload(Game(players=2, seed=3), ["human", "human"])["moves"] == []
