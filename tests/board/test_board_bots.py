"""The board game's bots: legal, harmless, deterministic, able to finish games, and ordered
in strength where it is cheap to check (the heuristic against random)."""

from __future__ import annotations

import statistics
from collections.abc import Callable
from typing import Any

import pytest

from nations_widget.board import GameConfig, GameState
from nations_widget.board.__main__ import main as board_main
from nations_widget.board.bots import BOT_INFO, BOT_NAMES, HeuristicBot, MCTSBot, make_bot
from nations_widget.board.bots.evaluation import productions_left, values
from nations_widget.board.bots.heuristic import quick_move
from nations_widget.board.bots.tournament import Job, play_game
from nations_widget.core.bots import RandomBot


def kind_of(s: GameState) -> str:
    """The kind of decision asked: a queue entry's kind, or "actions" for a turn."""
    return s.queue[0].kind if s.queue else s.step


def collect_positions(players: int, seed: int, games: int = 2) -> dict[str, GameState]:
    """One position per decision kind met in a few games of the noisy heuristic."""
    found: dict[str, GameState] = {}
    for g in range(games):
        s = GameState.new(GameConfig(players=players, seed=seed + g))
        bots = [HeuristicBot(seed + x, "easy") for x in range(players)]
        while not s.is_terminal():
            kind = kind_of(s)
            if kind not in found and len(s.legal_moves()) > 1:
                found[kind] = s.clone()
            seat = s.current_player()
            assert seat is not None
            s.apply(bots[seat].choose(s), log=False)
    return found


POSITIONS: dict[int, dict[str, GameState]] = {}


def positions(players: int) -> dict[str, GameState]:
    if players not in POSITIONS:
        POSITIONS[players] = collect_positions(players, 100 * players)
    return POSITIONS[players]


def cheap_bots() -> list[Any]:
    """Every bot of the menu, the search bots with a small budget (same code, fewer
    playouts) so that the test stays quick."""
    out: list[Any] = []
    for name in BOT_NAMES:
        if name.startswith("mcts"):
            out.append(MCTSBot(3, iterations=6, name=name))
        else:
            out.append(make_bot(name, 3))
    return out


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_bot_moves_legally_at_every_decision_kind_without_touching_the_state(
        players: int) -> None:
    found = positions(players)
    # the common kinds are always met; rarer ones (battle, colony, wonder, books at zero)
    # are tested whenever the games reach them
    assert {"maintenance.growth", "actions", "place_bm", "golden"} <= set(
        k if k != "grow" else "maintenance.growth" for k in found)
    for kind, s in found.items():
        before = s.to_json_str()
        for bot in cheap_bots():
            move = bot.choose(s)
            assert s.is_legal(move), (bot.name, kind, move)
            assert s.to_json_str() == before, (bot.name, kind, "the state changed")


def test_the_decision_kinds_met_include_events_and_resolution_choices() -> None:
    kinds: set[str] = set()
    for players in (2, 3, 4, 5):
        kinds |= set(positions(players))
    assert "effect" in kinds             # an event's or a card's choice
    assert {"battle", "place_wonder"} & kinds


@pytest.mark.parametrize("name", BOT_NAMES)
def test_same_seed_same_position_same_move(name: str) -> None:
    for s in positions(3).values():
        if name.startswith("mcts"):
            a, b = MCTSBot(9, iterations=6), MCTSBot(9, iterations=6)
        else:
            a, b = make_bot(name, 9), make_bot(name, 9)
        first = a.choose(s)
        a.choose(positions(2)["actions"])      # whatever it chose in between
        assert a.choose(s) == first
        assert b.choose(s.clone()) == first


@pytest.mark.parametrize("name", ["random", "heuristic-easy", "heuristic-quick", "heuristic"])
def test_rule_bots_do_not_see_the_hidden_future(name: str) -> None:
    # reseeded: the same visible position with the decks in another order
    for s in positions(2).values():
        bot = make_bot(name, 4)
        assert bot.choose(s) == make_bot(name, 4).choose(s.reseeded(12345))


def play(bots: list[Any], config: GameConfig) -> GameState:
    s = GameState.new(config)
    while not s.is_terminal():
        seat = s.current_player()
        assert seat is not None
        s.apply(bots[seat].choose(s), log=False)
    return s


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_rule_bots_play_whole_games(players: int) -> None:
    makers: list[Callable[[int], Any]] = [
        lambda x: HeuristicBot(x), lambda x: HeuristicBot(x, "easy"), RandomBot]
    bots = [makers[x % 3](x) for x in range(players)]
    s = play(bots, GameConfig(players=players, seed=7))
    assert s.round == 8 and s.winner() is not None
    assert len(s.scores()) == players


@pytest.mark.parametrize("level", ["normal", "easy"])
def test_heuristic_bot_plays_whole_solo_games(level: str) -> None:
    # a military card on the board once made it look for the strongest rival nation,
    # and the solo game has none (found by the board widget's fixtures, seed 3)
    for seed in (3, 4):
        s = play([HeuristicBot(seed, level)], GameConfig(players=1, seed=seed))
        assert s.is_terminal() and s.round == 8


def test_search_bot_plays_a_whole_game() -> None:
    s = play([MCTSBot(1, iterations=3), HeuristicBot(2)], GameConfig(players=2, seed=8))
    assert s.is_terminal() and s.round == 8


def test_heuristic_beats_random_clearly() -> None:
    wins = 0
    margins = []
    for g in range(6):
        result = play_game(Job(g, 500 + g, ("heuristic", "random")))
        h = next(r for r in result.seats if r.bot == "heuristic")
        rnd = next(r for r in result.seats if r.bot == "random")
        wins += h.rank == 1
        margins.append(h.score - rnd.score)
    assert wins >= 5, wins
    assert statistics.mean(margins) >= 10, margins


@pytest.mark.parametrize("seed", [503, 505, 508])
def test_heuristic_buys_the_card_where_its_quick_rules_would_deploy_first(seed: int) -> None:
    # the first action turn of these games where the quick rules alone put a worker on a
    # card (nobody can take that away) and leave the card on the board for the other
    # nation: played out to the round's end, buying the card first is worth more
    s = GameState.new(GameConfig(players=2, seed=seed, ages=2))
    bot = HeuristicBot(1)
    while not (s.step == "actions" and not s.queue
               and quick_move(s, s.current_player() or 0).type == "deploy"):
        s.apply(bot.choose(s), log=False)
    before = s.to_json_str()
    move = bot.choose(s)
    assert move.type == "buy", move
    assert s.to_json_str() == before
    assert HeuristicBot(1, width=0).choose(s) == quick_move(s, s.current_player() or 0)


def test_heuristic_beats_its_quick_rules_alone() -> None:
    # 95 of 100 two-player games in the measurement (benchmarks/board_bots_strength.md)
    wins, margins = 0, []
    for g in range(6):
        lookahead = g % 2
        bots: list[Any] = [HeuristicBot(10 + g, width=0), HeuristicBot(20 + g, width=0)]
        bots[lookahead] = HeuristicBot(30 + g)
        s = play(bots, GameConfig(players=2, seed=900 + g))
        scores = s.scores()
        wins += scores[lookahead] > scores[1 - lookahead]
        margins.append(scores[lookahead] - scores[1 - lookahead])
    assert wins >= 5, margins
    assert statistics.mean(margins) >= 5, margins


def test_heuristic_width_must_not_be_negative() -> None:
    with pytest.raises(ValueError, match="width"):
        HeuristicBot(1, width=-1)


def test_evaluation_is_exact_at_the_end_and_counts_productions() -> None:
    s = play([HeuristicBot(1), HeuristicBot(2)], GameConfig(players=2, seed=9))
    assert values(s) == [float(x) for x in s.scores()]
    start = GameState.new(players=2, seed=9)
    assert productions_left(start) == 8


def test_menu_and_make_bot() -> None:
    assert BOT_NAMES[0] == "random" and BOT_NAMES[-1] == "mcts"
    levels = [BOT_INFO[n].level for n in BOT_NAMES]
    assert levels == sorted(levels)
    assert all(BOT_INFO[n].description for n in BOT_NAMES)
    assert make_bot("mcts-easy", 1).name == "mcts-easy"
    with pytest.raises(ValueError, match="unknown bot"):
        make_bot("grandmaster")


def test_tournament_command(tmp_path: Any, capsys: Any) -> None:
    csv = tmp_path / "out.csv"
    code = board_main(["tournament", "--players", "2", "--games", "2", "--bots",
                       "heuristic-easy,random", "--seed", "3", "--csv", str(csv)])
    assert code == 0
    out = capsys.readouterr().out
    assert "heuristic-easy" in out and "95% CI" in out
    rows = csv.read_text().splitlines()
    assert len(rows) == 1 + 2 * 2 and rows[0].startswith("game,seed,seat,bot,score")
    assert board_main(["tournament", "--players", "3", "--bots", "random,random"]) == 2


def test_tournament_defaults_fit_the_player_count(capsys: Any) -> None:
    """``--players 3`` without ``--bots`` used to fail ("--bots names 2 bots for 3
    players"): the default line-up has one bot per seat for any player count."""
    for players in (2, 3, 5):
        assert board_main(["tournament", "--players", str(players), "--games", "1"]) == 0
        out = capsys.readouterr().out
        assert f"{players} players" in out
        assert "bots " + ", ".join(["heuristic"] + ["random"] * (players - 1)) in out


def test_evaluation_is_the_held_vp_plus_the_weighted_terms() -> None:
    from nations_widget.board.bots.evaluation import (
        FITTED_WEIGHTS,
        HAND_WEIGHTS,
        TERMS,
        seat_terms,
        seat_value,
        weights_for,
    )
    s = GameState.new(players=3, seed=4)
    bots = [HeuristicBot(x) for x in range(3)]
    while s.round < 4:
        seat = s.current_player()
        assert seat is not None
        s.apply(bots[seat].choose(s), log=False)
    left = productions_left(s)
    for seat in range(3):
        now, terms = seat_terms(s, seat)
        assert len(terms) == len(TERMS) and terms[TERMS.index("constant")] == 1.0
        assert seat_value(s, seat, weights=HAND_WEIGHTS) == pytest.approx(now + sum(terms[:-1]))
        fitted = sum(w * t for w, t in zip(weights_for(left), terms, strict=True))
        assert seat_value(s, seat) == pytest.approx(now + fitted)
    # the fit keeps every term's weight at 0 or above: a term signed as it should count is
    # never turned into the opposite incentive
    for weights in FITTED_WEIGHTS.values():
        assert all(w >= 0 for name, w in zip(TERMS, weights, strict=True) if name != "constant")


def test_search_stops_at_its_bound_on_simulated_moves() -> None:
    s = positions(2)["actions"]
    bounded = MCTSBot(5, iterations=500, max_steps=400)
    move = bounded.choose(s)
    assert bounded.last is not None
    assert bounded.last.steps >= 400 and bounded.last.iterations < 500
    again = MCTSBot(5, iterations=500, max_steps=400)
    assert again.choose(s) == move and again.last is not None
    assert again.last.steps == bounded.last.steps          # deterministic for a seed
    default = make_bot("mcts", 1)
    assert isinstance(default, MCTSBot) and default.max_steps == 3000
