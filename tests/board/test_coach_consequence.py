"""The board game coach's words for what a move does at once (``coach.consequence``): each
one true of the move played on a copy of the position, and said only when the move makes
the shortfall it names larger."""

from __future__ import annotations

import re

from nations_widget.board import Game
from nations_widget.board.bots import make_bot
from nations_widget.board.coach import consequence
from nations_widget.board.rules import war_strength_of


def _positions(seeds: range, players: int = 3):
    """Action-step positions of heuristic games (at most 150 decisions each)."""
    for seed in seeds:
        game = Game(players=players, seed=seed, ages=2)
        bot = make_bot("heuristic", seed)
        for _ in range(150):
            if game.is_over:
                break
            state = game.state
            if state.step == "actions":
                yield state
            game.play(bot.choose(state))


def test_a_move_that_leaves_the_nation_weaker_than_the_war_says_by_how_much() -> None:
    found = []
    for state in _positions(range(1, 4)):
        seat = state.current_player()
        for move in state.legal_moves():
            said = consequence(state, move)
            if not said or "war" not in said:
                continue
            m = re.search(r"(\d+) military strength short of this round's war "
                          r"\(strength (\d+)\)", said)
            assert m, said
            after = state.reseeded(0)
            after.apply(move)
            short = state.war_strength - war_strength_of(after, seat)
            assert (int(m[1]), int(m[2])) == (short, state.war_strength), said
            # larger than before the move
            assert short > max(0, state.war_strength - war_strength_of(state, seat)), said
            found.append(said)
        if len(found) >= 3:
            break
    assert found, "no move in these games left a nation weaker than the round's war"


def test_no_words_for_a_move_that_changes_no_shortfall() -> None:
    quiet = 0
    for state in _positions(range(5, 6)):
        for move in state.legal_moves()[:5]:
            said = consequence(state, move)
            if said is None:
                quiet += 1
            else:
                assert re.search(r"short (at|of) this round's (famine|war)", said), said
    assert quiet > 0
