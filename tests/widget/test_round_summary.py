"""The end-of-round summary the board shows after each war."""

from __future__ import annotations

import re

from nations_widget.dice import Game
from nations_widget.dice.machine import GameState
from nations_widget.dice.state import FOOD, STRENGTH
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


def _reach(state: GameState, seat: int, resource: int, need: int) -> int:
    """The most of ``resource`` (up to ``need``) the seat could raise: its unused dice's
    symbols and its chits, and for food a trade of any two other dice (not strength)."""
    dice = state.unused_dice(seat)
    have = state.chits_of(seat, resource) + sum(state.face(d)[resource] for d in dice)
    if resource == FOOD:
        have += sum(1 for d in dice if not state.face(d)[FOOD] and any(state.face(d))) // 2
    return min(need, have)


def test_a_famine_or_war_not_met_says_what_was_needed_and_what_the_player_had() -> None:
    # the rows' "+0 VP" alone did not say that the target was missed: each row says why
    checked = 0
    for seed in range(1, 9):
        game = Game(players=2, seed=seed, automate=False)
        seen: dict[tuple[str, int], int] = {}  # (step, seat) -> what the seat could raise
        while game.round == 1:
            state = game.state
            seat = state.current_player()
            assert seat is not None
            if state.step in ("famine", "war"):
                resource = FOOD if state.step == "famine" else STRENGTH
                need = state.event_spec.famine if state.step == "famine" else state.event_spec.war
                seen[state.step, seat] = _reach(state, seat, resource, need)
                # not met: the player pays nothing
                game.play(next(m for m in game.legal_moves() if getattr(m, "payment", 1) is None))
            else:
                game.play(game.legal_moves()[0])
        summary = round_summary(game, ["human", "heuristic"])
        assert summary is not None
        event = next(e for e in game.catalogue.events if e.name == summary["event"])
        for row in summary["rows"]:
            for step, word, resource in (("famine", "famine_missed", "food"),
                                         ("war", "war_missed", "strength")):
                assert row[step] == 0
                need = event.famine if step == "famine" else event.war
                if (step, row["seat"]) not in seen:
                    # decided by the engine (nothing could pay: no question was asked)
                    found = re.fullmatch(rf"missed: {need} {resource} needed, had (\d+)",
                                         row[word])
                    assert found and int(found[1]) < need, row[word]
                    continue
                had = seen[step, row["seat"]]
                assert row[word] == (f"not paid: {need} {resource} needed, had enough"
                                     if had >= need else
                                     f"missed: {need} {resource} needed, had {had}")
                checked += 1
    assert checked >= 8


def test_a_famine_met_has_no_missed_words() -> None:
    game = Game(players=2, seed=3)
    while game.round == 1:
        game.play(game.legal_moves()[-1])
    summary = round_summary(game, ["human", "heuristic"])
    assert summary is not None
    for row in summary["rows"]:
        assert (row["famine_missed"] is None) == (row["famine"] > 0)
        assert (row["war_missed"] is None) == (row["war"] > 0)
