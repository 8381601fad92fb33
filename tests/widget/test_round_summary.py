"""The end-of-round summary the board shows after each war."""

from __future__ import annotations

from nations_widget.dice import Game
from nations_widget.widget import NationsWidget
from nations_widget.widget.dice.payloads import round_summary


def test_summary_after_the_war_until_the_human_decides() -> None:
    w = NationsWidget(players=3, seed=4, seats=["human", "heuristic", "heuristic"],
                      bot_delay=0)
    assert w.view["round_summary"] is None
    while w.game.round == 1:
        w.play(w.game.legal_moves()[-1])
    summary = w.view["round_summary"]
    assert summary is not None and summary["round"] == 1
    assert summary["order"] == list(w.state.order)
    # the VP track moves only in the round's end: the summary's totals are that change
    before = next(w.game.state_at(p) for p in range(w.game.position + 1)
                  if w.game.state_at(p).step != "actions")
    gained = [a - b for a, b in zip(w.state.scores(), before.scores(), strict=True)]
    for row in summary["rows"]:
        assert row["total"] == row["books"] + row["famine"] + row["war"]
        assert row["total"] == gained[row["seat"]]
    w.play(w.game.legal_moves()[0])
    assert w.view["round_summary"] is None or w.view["round_summary"]["round"] == 2


def test_no_summary_in_all_bot_games() -> None:
    game = Game(players=2, seed=3)
    while game.round == 1:
        game.play(game.legal_moves()[0])
    assert round_summary(game, ["heuristic", "heuristic"]) is None
    assert round_summary(game, ["human", "heuristic"]) is not None
