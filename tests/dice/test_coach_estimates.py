"""The coach's figures separate the moves it ranks and say how sure they are.

The bug these tests pin: from round 2 on, the dice coach said "wins 0% of simulations"
(or 100%) for every move it listed.  A playout stops at the end of the round and "wins"
meant "is ahead on the evaluation there", which hardly varies within a round: once the
scores part, every playout of every move agrees, and the figure ranks nothing.  The coach
now gives each move its chance to win from the estimated final scores and their fitted
spread, a 95% margin of error, and how it compares with the first on shared playouts.
"""

from __future__ import annotations

import re

import pytest

from nations_widget.core.coach import Comparison, Suggestion
from nations_widget.core.odds import mean_and_error, win_chance
from nations_widget.dice import Game, GameState, Pass, scenario
from nations_widget.dice.bots import make_bot
from nations_widget.dice.coach import compare, hint

#: "0%" or "100%" as a figure (not "10%" or "under 1%")
SATURATED = re.compile(r"(?<![\d.])(0|100)%")


def _positions() -> list[GameState]:
    """Real mid-game decisions of seat 0 (a heuristic player of one strategy against the
    balanced heuristic bots): rounds 2 and 3 of a 2, a 3 and a 4 player game."""
    out = []
    for players, seed in ((2, 8), (3, 5), (4, 9)):
        game = Game(players=players, seed=seed)
        bots = [make_bot("heuristic-military" if s == 0 else "heuristic", s)
                for s in range(players)]
        wanted = [2, 3]
        while wanted and not game.is_over:
            s = game.state
            seat = s.current_player()
            assert seat is not None
            if (seat == 0 and s.step == "actions" and s.round == wanted[0]
                    and len(s.legal_moves()) >= 3):
                out.append(s.clone())
                wanted.pop(0)
            game.play(bots[seat].choose(s))
    return out


@pytest.fixture(scope="module")
def midgame_hints() -> list[tuple[GameState, object]]:
    return [(s, hint(s, iterations=90, seconds=None, seed=1)) for s in _positions()]


def test_midgame_figures_are_not_saturated_and_separate_the_moves(midgame_hints) -> None:
    assert len(midgame_hints) == 6
    spread_out = 0
    for _, h in midgame_hints:
        chances = [s.win_rate for s in h.suggestions]
        # a chance, not a share of playouts that all agree: never exactly 0 or 1 mid-game
        assert all(c is not None and 0.0 < c < 1.0 for c in chances), str(h)
        assert not SATURATED.search(str(h)), str(h)
        spread_out += len({round(c, 3) for c in chances if c is not None}) > 1
        for s in h.suggestions[1:]:
            # each later move is either told apart from the first or said to be as good
            assert s.versus_first is not None
            assert ("than the first" in s.summary() or
                    "about as good as the first" in s.summary()), s.summary()
    # the figures differ between the ranked moves in most positions
    assert spread_out >= 5


def test_the_text_gives_the_uncertainty(midgame_hints) -> None:
    for _, h in midgame_hints:
        best = h.best.summary()
        assert re.search(r"about \d+% to win \(± (\d+%|under 1%)\)", best), best
        assert re.search(r"VP (ahead|behind) on average \(± (\d+\.\d|under 0\.1)\)", best)
        assert re.search(r"the best of the \d+ moves it tried$", best), best
        assert h.best.win_error > 0.0 and h.best.margin_error > 0.0
        payload = h.to_json()["suggestions"][0]
        assert payload["win_error"] == round(h.best.win_error, 4)
        assert payload["versus_first"] is None


def test_a_move_that_wins_now_is_told_apart_from_passing() -> None:
    # the last round: the opponent has passed 13 VP to 10; buying a tile wins the game,
    # passing loses it
    state = scenario({"players": 2, "seed": 3, "round": 4, "order": [0, 1],
                      "board": [["t4-07", "t4-11", "t4-09"], ["t4-01", "t4-03", "t4-05"],
                                ["t4-02", "t4-04", "t4-06"]],
                      "seats": [{"vp": 10, "dice": ["white:gold", "white:food", "white:food",
                                                    "white:stone", "white:book"]},
                                {"vp": 13, "passed": True}]})
    verdict = compare(state, Pass(), iterations=150, seconds=None)
    assert not verdict.same
    assert verdict.best.win_rate == 1.0 and verdict.played.win_rate == 0.0
    assert verdict.best.decided and verdict.played.decided
    versus = verdict.played.versus_first
    assert versus is not None and versus.clear_on_win and not versus.as_good
    assert verdict.loss == 1.0 and verdict.grade() == "much weaker"
    # a decided result is the only place for all-or-nothing words
    assert "wins in all" in verdict.best.summary()
    assert "loses in all" in verdict.played.summary()
    assert "loses where the first wins" in verdict.played.summary()


def test_hint_is_the_same_for_the_same_state(midgame_hints) -> None:
    state, first = midgame_hints[3]
    again = hint(state.clone(), iterations=90, seconds=None, seed=1)
    assert again.to_json()["suggestions"] == first.to_json()["suggestions"]
    # the hidden future (the generator) does not enter it either
    other = hint(state.reseeded(12345), iterations=90, seconds=None, seed=1)
    assert other.to_json()["text"] == first.to_json()["text"]


def _suggestion(win: float, error: float, *, decided: bool = False, visits: int = 40,
                versus: Comparison | None = None) -> Suggestion:
    return Suggestion(Pass(), "Pass", win, -2.0, visits, error, 0.3, decided, 5, versus)


def test_0_and_100_percent_only_for_a_decided_result() -> None:
    assert "under 1% to win" in _suggestion(0.001, 0.001).summary()
    assert "over 99% to win" in _suggestion(0.999, 0.001).summary()
    assert not SATURATED.search(_suggestion(0.001, 0.0).summary())
    assert "wins in all 40 simulations" in _suggestion(1.0, 0.0, decided=True).summary()
    assert "(± under 1%)" in _suggestion(0.3, 0.001).summary()
    assert "(± 8%)" in _suggestion(0.35, 0.04).summary()


def test_moves_within_the_uncertainty_are_about_as_good() -> None:
    close = Comparison(pairs=40, win_gap=0.02, win_gap_error=0.02, margin_gap=0.3,
                       margin_gap_error=0.4)
    assert close.as_good and close.words() == "about as good as the first"
    apart = Comparison(pairs=40, win_gap=0.12, win_gap_error=0.03, margin_gap=2.0,
                       margin_gap_error=0.5)
    assert not apart.as_good
    assert apart.words() == "12% less likely to win than the first (± 6%)"
    on_margin = Comparison(pairs=40, win_gap=0.001, win_gap_error=0.001, margin_gap=1.5,
                           margin_gap_error=0.3)
    assert on_margin.words() == "1.5 VP fewer than the first on average (± 0.6)"
    unknown = Comparison(pairs=1, win_gap=0.3, win_gap_error=0.0, margin_gap=3.0,
                         margin_gap_error=0.0)
    assert not unknown.as_good and "too few simulations" in unknown.words()
    s = _suggestion(0.30, 0.02, versus=close)
    assert s.summary().endswith("; about as good as the first")


def test_win_chance_from_estimates_and_spread() -> None:
    assert win_chance([10.0, 10.0], 0, 4.0) == pytest.approx(0.5, abs=1e-6)
    assert win_chance([10.0, 10.0, 10.0], 1, 4.0) == pytest.approx(1 / 3, abs=1e-3)
    behind = win_chance([10.0, 18.0, 12.0], 0, 4.0)
    assert 0.0 < behind < 0.1                                   # far behind: small, not 0
    assert win_chance([10.0, 18.0, 12.0], 0, 8.0) > behind      # more to come: more hope
    assert sum(win_chance([10.0, 18.0, 12.0], s, 5.0) for s in range(3)) == \
        pytest.approx(1.0, abs=1e-3)
    assert win_chance([12.0, 10.0], 0, 0.0) == 1.0
    assert win_chance([10.0, 10.0], 0, 0.0) == 0.5
    assert mean_and_error([1.0, 3.0]) == (2.0, 1.0)
