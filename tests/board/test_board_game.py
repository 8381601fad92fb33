"""Game (history, undo, redo, goto, save, load, replay), moves' JSON, rendering, CLI."""

from __future__ import annotations

import io
import json

import pytest

from nations_widget.board import (
    Buy,
    Choose,
    Deploy,
    GameState,
    Grow,
    Hire,
    IllegalMoveError,
    MalformedMoveError,
    Pass,
    Special,
    StateFormatError,
    Undeploy,
    move_from_json,
)
from nations_widget.board.__main__ import main, simulate
from nations_widget.board.game import Game
from nations_widget.board.scenario import scenario
from nations_widget.board.state import GameConfig


def test_moves_round_trip_through_json_and_read_as_words() -> None:
    moves = [Pass(), Grow(worker="food"), Grow(bonus="stone"), Choose("slot 2 (Axeman)"),
             Buy("forum"), Deploy(3, "idle"), Deploy(1, "4"), Undeploy(2, 2), Hire(),
             Special("galileo-galilei")]
    for m in moves:
        assert move_from_json(m.to_json()) == m
        assert move_from_json(json.dumps(m.to_json())) == m
        assert str(m)


@pytest.mark.parametrize("bad", [{"type": "dance"}, {"type": "buy"}, {"type": "grow"},
                                 {"type": "grow", "worker": "food", "bonus": "gold"},
                                 {"type": "deploy", "slot": "two"}, "not json", [1],
                                 {"type": "pass", "extra": 1}])
def test_malformed_moves(bad: object) -> None:
    with pytest.raises(MalformedMoveError):
        move_from_json(bad)


def test_history_undo_redo_goto_save_load_replay() -> None:
    game = Game(players=3, seed=12)
    for _ in range(40):
        game.play(game.legal_moves()[-1])
    assert game.position == 40 and len(game.log()) > 0
    state40 = game.state.clone()
    game.undo()
    game.undo()
    assert game.position == 38
    game.redo()
    game.goto(40)
    assert game.state == state40
    saved = game.to_json_str()
    loaded = Game.from_json(saved)
    assert loaded.state == state40 and loaded.position == 40
    again = Game.replay(game.config, [m.to_json() for m in game.moves])
    assert again.state == state40
    with pytest.raises(IllegalMoveError):
        game.play({"type": "buy", "card": "no-such-card"})
    assert game.position == 40


def test_game_from_a_scenario_saves_its_start() -> None:
    start = scenario({"players": 2, "order": [0, 1], "seats": [{"stone": 9}]})
    game = Game.from_state(start)
    game.play(Pass())
    loaded = Game.from_json(game.to_json())
    assert loaded.state == game.state


def test_load_refuses_broken_saves() -> None:
    s = GameState.new(players=2, seed=1)
    data = s.to_json()
    data["players"][0]["res"]["gold"] = -1
    with pytest.raises(StateFormatError, match=r"res\.gold"):
        GameState.from_json(data)
    data = s.to_json()
    data["version"] = 99
    with pytest.raises(StateFormatError, match="version"):
        GameState.from_json(data)
    data = s.to_json()
    data["board"][0][0] = data["board"][0][1]
    with pytest.raises(StateFormatError, match="cards out of place"):
        GameState.from_json(data)


def test_render_is_pure_and_shows_the_table() -> None:
    s = scenario({"players": 3, "order": [0, 1, 2], "seats": [{"wonder": ["pyramids", 1]}]})
    html = s._repr_html_()
    assert html == s._repr_html_()
    assert "Pyramids" in html and "under construction" in html and "3 gold" in html
    assert "Player 1" in html and "Temple" in html
    game = Game(players=2, seed=3)
    assert "Nations" in game._repr_html_()


def test_prompt_says_what_is_asked() -> None:
    s = GameState.new(players=2, seed=1)
    assert "grow" in s.prompt()


def test_simulate_cli_passes_and_reports() -> None:
    out = io.StringIO()
    assert simulate(3, 2, 0, out=out) == 0
    assert "0 broken" in out.getvalue()
    assert main(["simulate", "--players", "2", "--games", "1", "--ages", "1"]) == 0


def test_simulate_cli_fails_on_a_broken_invariant(monkeypatch: pytest.MonkeyPatch) -> None:
    import nations_widget.board.__main__ as cli
    monkeypatch.setattr(cli, "check_invariants", lambda s: ["a card is in two places"])
    out = io.StringIO()
    assert cli.simulate(2, 1, 0, out=out) == 1
    assert "BROKEN" in out.getvalue()


def test_log_tells_decisions_from_what_happened_by_itself() -> None:
    game = Game(players=2, seed=3)
    entries = game.play(Grow(bonus="gold"))
    assert entries[0].auto is False and "takes 3 gold" in entries[0].text
    assert all(e.auto for e in game.log_of_move(0))
    entries = game.play(Grow(bonus="stone"))
    assert any(e.kind == "event" for e in entries)      # the event card is drawn next


def test_simulate_cli_plays_solo_and_names_decks_and_sides(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--players", "1", "--games", "1", "--decks", "all",
                 "--sides", "choose", "--ages", "2"]) == 0
    out = capsys.readouterr().out
    assert "1 player(s)" in out and "decks all, sides choose" in out and "0 broken" in out
    assert main(["simulate", "--players", "3", "--games", "1", "--decks", "balanced",
                 "--sides", "B", "--ages", "1"]) == 0


def test_sweep_reports_every_configuration(monkeypatch: pytest.MonkeyPatch) -> None:
    """The sweep's loop, on a stubbed game (the real sweep takes minutes)."""
    import nations_widget.board.__main__ as cli
    calls: list[GameConfig] = []

    def fake(config: GameConfig, seed: int) -> tuple[str, GameState, int]:
        calls.append(config)
        return ("boom" if len(calls) == 5 else ""), GameState.new(players=2), 1
    monkeypatch.setattr(cli, "_one_game", fake)
    out = io.StringIO()
    assert cli.sweep(1, 0, out=out) == 1
    # 1-4 players with every deck choice; 5 players only with the advanced or expert cards
    # (the base cards alone, or the balanced decks, run short: the config refuses them)
    assert len(calls) == (4 * 4 + 2) * 3 * 4
    assert {(c.players, c.deck_name, c.sides[0], c.difficulty[0]) for c in calls} == {
        (n, d, s, lvl) for n in range(1, 6) for d in ("base", "base+advanced", "all",
                                                        "balanced")
        if n < 5 or d in ("base+advanced", "all")
        for s in ("A", "B", "choose") for lvl in ("chieftain", "prince", "king", "emperor")}
    assert "sweep: 216 games, 1 broken" in out.getvalue()


def test_simulate_cli_takes_a_difficulty_and_a_side_per_seat(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--players", "2", "--games", "1", "--ages", "1",
                 "--difficulty", "chieftain,emperor", "--sides", "rome-b,A"]) == 0
    assert "(chieftain,emperor, decks base, sides rome-b,A" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        main(["simulate", "--players", "2", "--sides", "rome-b,rome-b"])


def test_a_refusal_quotes_only_a_short_prefix_of_what_it_was_sent() -> None:
    """A move naming a 5,000-character card or option is refused with a message a person
    can read (the dice game's boundary promise: under 500 characters)."""
    from nations_widget.board import Buy, Choose, IllegalMoveError, Special, scenario
    s = scenario({"players": 2})
    before = s.to_json()
    for move in (Buy("x" * 5000), Special("y" * 5000), Choose("z" * 5000)):
        with pytest.raises(IllegalMoveError) as info:
            s.apply(move)
        assert len(str(info.value)) < 500, str(info.value)[:200]
        assert s.to_json() == before
