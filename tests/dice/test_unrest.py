"""The Unrest expansion (seed 004, the only source): setup, green dice showing Unrest,
star-marked reroll chits, passing bonuses; its saves and its catalogue part."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from dice_helpers import play, refuse

from nations_widget.dice import Game, GameConfig, GameState, StateFormatError, scenario
from nations_widget.dice.catalogue import (
    CatalogueError,
    catalogue_to_json,
    default_catalogue,
    describe_tile,
    load_catalogue,
    parse_catalogue,
)
from nations_widget.dice.moves import Buy, Pass, Payment, Reroll, Unrest, move_from_json
from nations_widget.dice.state import BASE_DICE, BOOK, FOOD, STRENGTH

GREEN_HALL = ["u1-02", "start-farm", "start-caravan", "start-quarry", "start-temple"]
FOUR_WHITE = ["white:gold", "white:food", "white:book", "white:strength"]


BOARD = [["t1-01", "t1-07", "t1-13"], ["t1-05", "t1-09", "t1-14"],
         ["t1-03", "t1-10", "t1-15"], ["t1-12", "t1-08", "t1-11"]]


def unrest_position(green: list[str], players: int = 3, **seat: Any) -> GameState:
    """Seat 0 to act, holding the two-dice green building with ``green`` faces."""
    columns = GameConfig(players=players, unrest=True).columns
    return scenario({"unrest": True, "players": players, "order": list(range(players)),
                     "board": BOARD[:columns],
                     "seats": [{"buildings": GREEN_HALL, "dice": green + FOUR_WHITE, **seat}]})


def green_dice(s: GameState, seat: int) -> list[int]:
    return [d for d in s.dice_of(seat) if d >= BASE_DICE]


# --------------------------------------------------------------------------- setup
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_with_unrest_everybody_starts_at_one_book(players: int) -> None:
    s = GameState.new(GameConfig(players=players, seed=5, unrest=True))
    assert [p.books for p in s.players] == [1] * players
    plain = GameState.new(GameConfig(players=players, seed=5))
    if players > 1:
        assert sorted(p.books for p in plain.players) != [1] * players


@pytest.mark.parametrize(("players", "columns"), [(1, 3), (2, 3), (3, 4), (4, 4)])
def test_with_unrest_a_three_player_game_uses_four_columns(players: int, columns: int) -> None:
    config = GameConfig(players=players, seed=2, unrest=True)
    assert config.columns == columns
    assert len(GameState.new(config).board) == columns * 3
    assert GameConfig(players=3).columns == 3


def test_the_expansion_tiles_join_the_stacks_and_green_dice_wait_in_the_supply() -> None:
    unrest_ids = {t.id for t in default_catalogue().unrest.tiles}   # type: ignore[union-attr]
    seen: set[str] = set()
    for seed in range(40):
        s = GameState.new(GameConfig(players=4, seed=seed, unrest=True))
        seen |= {s.comp.tiles[t].id for t in s.board} & unrest_ids
        assert len(s.supply_dice("green")) == 8
        plain = GameState.new(GameConfig(players=4, seed=seed))
        assert not {plain.comp.tiles[t].id for t in plain.board} & unrest_ids
        assert plain.supply_dice("green") == []
    assert {i for i in seen if i.startswith("u1-")} == {"u1-01", "u1-02", "u1-03"}


def test_a_catalogue_without_an_unrest_part_cannot_play_unrest() -> None:
    data = catalogue_to_json(default_catalogue())
    del data["unrest"]
    with pytest.raises(ValueError, match="no Unrest part"):
        GameState.new(GameConfig(unrest=True), parse_catalogue(data))


# --------------------------------------------------------------------- green dice
def test_unrest_at_the_start_of_a_turn_offers_only_the_two_ways_to_settle_it() -> None:
    s = unrest_position(["green:unrest", "green:unrest"])
    assert s.legal_moves() == [Unrest("reroll"), Unrest("set_aside")]
    refuse(s, Pass(bonus="pass-book"), "Unrest")
    refuse(s, Reroll((0,)), "Unrest")


def test_rerolling_the_unrest_dice_is_the_action_and_costs_no_chit() -> None:
    s = unrest_position(["green:unrest", "green:unrest"])
    rerolls_before = s.players[0].chits[0]
    log = play(s, Unrest("reroll"))
    assert [e.kind for e in log][:1] == ["unrest"]
    assert log[0].data["dice"] == green_dice(s, 0)           # all of them, never some
    assert s.players[0].chits[0] == rerolls_before
    assert not any(s.dice_used[d] for d in green_dice(s, 0))
    assert s.current_player() == 1                             # the turn is over


def test_setting_the_unrest_dice_aside_costs_no_action() -> None:
    s = unrest_position(["green:unrest", "green:2gold+food"])
    aside = [d for d in green_dice(s, 0) if s.shows_unrest(d)]
    other = [d for d in green_dice(s, 0) if not s.shows_unrest(d)]
    play(s, Unrest("set_aside"))
    assert all(s.dice_used[d] for d in aside) and not s.dice_used[other[0]]
    assert s.current_player() == 0                             # the same turn goes on
    moves = s.legal_moves()
    assert Unrest("set_aside") not in moves and any(isinstance(m, Buy) for m in moves)
    refuse(s, Unrest("reroll"), "no green die showing Unrest")


def test_only_green_dice_showing_unrest_at_the_turn_start_must_be_settled() -> None:
    s = unrest_position(["green:2gold+food", "green:stone+2strength"])
    assert not any(isinstance(m, Unrest) for m in s.legal_moves())
    refuse(s, Unrest("set_aside"), "no green die showing Unrest")


def test_a_die_showing_unrest_gives_nothing() -> None:
    s = unrest_position(["green:unrest", "green:unrest"])
    play(s, Unrest("set_aside"))
    s2 = unrest_position(["green:unrest", "green:unrest"], stars=1)
    play(s2, Unrest("set_aside"))
    # after a star reroll shows Unrest again mid-turn, the die waits for the next turn
    # and cannot pay or be traded meanwhile
    d = green_dice(s2, 0)[0]
    s2.dice_used[d] = False
    s2.dice_face[d] = 0                                        # the Unrest face
    gold = [x for x in s2.unused_dice(0) if s2.face(x)[0]]
    white = [x for x in s2.unused_dice(0) if x < BASE_DICE and not s2.face(x)[0]]
    assert not any(isinstance(m, Unrest) for m in s2.legal_moves())
    cell = next(c for c, t in enumerate(s2.board) if t >= 0 and c % 3 == 1
                and s2.comp.tiles[t].currency == "gold" and s2.comp.tiles[t].kind != "building")
    tile = s2.comp.tiles[s2.board[cell]].id
    refuse(s2, Buy(tile, Payment(tuple(gold), 0, ((d, white[0]),))), "Unrest")


def test_the_game_without_unrest_refuses_its_moves() -> None:
    s = GameState.new(GameConfig(players=2, seed=1))
    refuse(s, Unrest("reroll"), "Unrest expansion")
    refuse(s, Reroll((s.unused_dice(s.current_player() or 0)[0],), star=True), "Unrest")
    refuse(s, Pass(bonus="pass-food"), "Unrest expansion")


# ------------------------------------------------------------------ star-marked chits
def test_a_star_marked_reroll_costs_no_action() -> None:
    s = unrest_position(["green:2gold+food", "green:stone+2strength"], stars=1)
    white = s.unused_dice(0)[-1]
    rerolls = s.players[0].chits[0]
    play(s, Reroll((white,), star=True))
    p = s.players[0]
    assert (p.stars, p.stars_used, p.chits[0]) == (0, 1, rerolls)
    assert s.current_player() == 0                             # still seat 0's turn
    assert not any(isinstance(m, Reroll) and m.star for m in s.legal_moves())
    play(s, Reroll((white,)))                                  # an ordinary one ends it
    assert s.current_player() == 1


def test_star_chits_come_from_unrest_tiles_and_come_back_each_round() -> None:
    s = scenario({"unrest": True, "players": 2, "order": [0, 1],
                  "board": [["u1-03", None, None], [None, None, None], [None, None, None]],
                  "seats": [{"dice": ["white:strength", *FOUR_WHITE]}]})
    d = s.unused_dice(0)[0]
    play(s, Buy("u1-03", Payment((d,))))
    assert s.players[0].stars == 1
    assert "star-marked" in describe_tile(s.comp.tiles[s.comp.tile_ref["u1-03"]])
    s2 = unrest_position(["green:2gold+food", "green:stone+2strength"], players=2, stars=1)
    play(s2, Reroll((s2.unused_dice(0)[0],), star=True))
    while s2.round == 1:
        s2.apply(s2.legal_moves()[0])
    assert (s2.players[0].stars, s2.players[0].stars_used) == (1, 0)


def test_the_star_chit_supply_is_never_exceeded() -> None:
    s = unrest_position(["green:2gold+food", "green:stone+2strength"], stars=4)
    assert s.supply_stars() == 0
    with pytest.raises(StateFormatError):
        unrest_position(["green:2gold+food", "green:stone+2strength"], stars=5)


# ------------------------------------------------------------------- passing bonuses
def test_the_first_to_pass_chooses_among_every_bonus_the_last_gets_none() -> None:
    s = GameState.new(GameConfig(players=3, seed=4, unrest=True))
    ids = ["pass-book", "pass-food", "pass-strength"]
    taken = []
    for n in range(3):
        seat = s.current_player()
        assert seat is not None
        while any(isinstance(m, Unrest) for m in s.legal_moves()):
            play(s, Unrest("set_aside"))
        passes = [m for m in s.legal_moves() if isinstance(m, Pass)]
        left = [i for i in ids if i not in taken]
        if n < 2:
            assert [m.bonus for m in passes] == left
            refuse(s, Pass(), "choose one of")
            if taken:
                refuse(s, Pass(bonus=taken[0]), "not a passing bonus left")
            play(s, passes[-1])
            taken.append(passes[-1].bonus or "")
            assert s.players[seat].bonus == s.comp.bonus_ref[taken[-1]]
        else:
            assert passes == [Pass()]                          # the last gets nothing
            refuse(s, Pass(bonus=left[0]), "last player to pass")
            play(s, Pass())
    assert s.round == 2 or s.step != "actions"


def test_in_a_two_player_game_only_the_first_to_pass_takes_a_bonus() -> None:
    s = unrest_position(["green:2gold+food", "green:stone+2strength"], players=2)
    assert {m.bonus for m in s.legal_moves() if isinstance(m, Pass)} == {
        "pass-book", "pass-food", "pass-strength"}
    play(s, Pass(bonus="pass-food"))
    assert [m for m in s.legal_moves() if isinstance(m, Pass)] == [Pass()]


def test_a_solo_player_takes_no_bonus() -> None:
    s = GameState.new(GameConfig(players=1, seed=3, unrest=True))
    while s.legal_moves()[0] == Unrest("reroll"):
        play(s, Unrest("set_aside"))
    assert [m for m in s.legal_moves() if isinstance(m, Pass)] == [Pass()]


@pytest.mark.parametrize(("bonus", "res"), [("pass-book", BOOK), ("pass-food", FOOD),
                                            ("pass-strength", STRENGTH)])
def test_a_bonus_is_one_more_of_its_resource_for_the_rest_of_the_age(bonus: str,
                                                                     res: int) -> None:
    s = unrest_position(["green:2gold+food", "green:stone+2strength"], players=2)
    before = s.chits_of(0, res)
    play(s, Pass(bonus=bonus))
    assert s.chits_of(0, res) == before + 1


def test_a_book_bonus_moves_the_book_marker_and_bonuses_go_back_after_the_age() -> None:
    s = scenario({"unrest": True, "players": 2, "order": [0, 1], "automate": True,
                  "seats": [{"dice": ["white:gold", "white:gold", "white:gold", "white:gold",
                                      "white:gold"]},
                            {"dice": ["white:gold", "white:gold", "white:gold", "white:gold",
                                      "white:gold"]}]})
    books = [p.books for p in s.players]
    play(s, Pass(bonus="pass-book"))
    play(s, Pass())
    # seat 0's bonus book went on the track in the book step; seat 1 had none
    assert [p.books for p in s.players] == [books[0] + 1, books[1]]
    assert s.players[0].vp_books > 0
    assert s.round == 2 and all(p.bonus == -1 for p in s.players)


def test_a_strength_bonus_counts_for_player_order() -> None:
    def order_after(bonus: str) -> list[int]:
        s = scenario({"unrest": True, "players": 2, "order": [1, 0], "current": 0,
                      "seats": [{"dice": ["white:gold"] * 5}, {"dice": ["white:gold"] * 5}]})
        play(s, Pass(bonus=bonus))
        play(s, Pass())
        return s.order

    assert order_after("pass-food") == [1, 0]         # a tie keeps the order
    assert order_after("pass-strength") == [0, 1]     # one strength more goes first


# ------------------------------------------------------------------------ saves
def test_an_unrest_game_saves_loads_and_names_its_unrest_components() -> None:
    game = Game(players=3, seed=9, unrest=True)
    for _ in range(30):
        game.play(game.legal_moves()[-1])
    data = json.loads(game.to_json_str())
    assert data["config"]["unrest"] is True
    assert data["catalogue"]["unrest"] == default_catalogue().unrest_fingerprint
    again = Game.from_json(data)
    assert again.state == game.state
    state = game.state.to_json()
    assert len(state["dice"]) == 52 and state["catalogue"]["unrest"]
    assert GameState.from_json(state) == game.state
    changed = catalogue_to_json(default_catalogue())
    changed["unrest"]["green_faces"][1] = {"gold": 3}
    other = parse_catalogue(changed)
    assert other.fingerprint == default_catalogue().fingerprint
    with pytest.raises(StateFormatError, match="Unrest"):
        Game.from_json(data, catalogue=other)


def test_a_game_without_unrest_saves_as_before() -> None:
    game = Game(players=2, seed=9)
    data = game.to_json()
    assert "unrest" not in data["config"] and "unrest" not in data["catalogue"]
    state = game.state.to_json()
    assert len(state["dice"]) == 44 and "turn_underway" not in state
    assert all("stars" not in p for p in state["players"])
    bad = copy.deepcopy(state)
    bad["players"][0]["stars"] = 1
    with pytest.raises(StateFormatError, match="Unrest expansion only"):
        GameState.from_json(bad)


def test_moves_of_the_expansion_have_a_json_form() -> None:
    for move in (Unrest("reroll"), Unrest("set_aside"), Reroll((44, 45), star=True),
                 Pass((1, 2), "pass-food"), Pass(bonus="pass-book")):
        assert move_from_json(move.to_json_str()) == move
    assert Reroll((3,)).to_json() == {"type": "reroll", "dice": [3]}
    assert Pass().to_json() == {"type": "pass"}
    for bad in ('{"type": "unrest"}', '{"type": "unrest", "choice": "some"}',
                '{"type": "reroll", "dice": [1], "star": 1}'):
        with pytest.raises(ValueError):
            move_from_json(bad)


# ----------------------------------------------------------------- the catalogue part
@pytest.mark.parametrize(("change", "words"), [
    (lambda u: u["green_faces"].__setitem__(0, {"gold": 1}), "at least one face"),
    (lambda u: u["green_faces"].__setitem__(1, {"unrest": 2}), "green die face 2"),
    (lambda u: u.__setitem__("green_dice", 9), "'green_dice'"),
    (lambda u: u["tiles"][0].__setitem__("dice_colour", "red"), "Unrest tile 'u1-01'"),
    (lambda u: u["tiles"][2].__setitem__("chit", "reroll"), "Unrest tile 'u1-03' field 'chit'"),
    (lambda u: u["passing_bonuses"].pop(), "'passing_bonuses'"),
    (lambda u: u["passing_bonuses"][0].__setitem__("resource", "joy"),
     "passing bonus 'pass-book' field 'resource'"),
    (lambda u: u.__setitem__("colour", "green"), "unrest field 'colour'"),
])
def test_a_bad_unrest_part_is_refused_naming_the_file_item_and_field(
        tmp_path: Any, change: Any, words: str) -> None:
    data = catalogue_to_json(default_catalogue())
    change(data["unrest"])
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(data))
    with pytest.raises(CatalogueError) as info:
        load_catalogue(path)
    assert str(info.value).startswith("mine.json: ") and words in str(info.value)


def test_only_unrest_tiles_give_star_chits_and_only_green_dice_show_unrest() -> None:
    data = catalogue_to_json(default_catalogue())
    data["tiles"][8]["chit"] = "star"
    with pytest.raises(CatalogueError, match="only an Unrest tile"):
        parse_catalogue(data)
    data = catalogue_to_json(default_catalogue())
    data["faces"]["red"][0] = {"unrest": 1}
    with pytest.raises(CatalogueError, match="only a green die"):
        parse_catalogue(data)


def test_the_html_view_names_the_unrest_face_and_the_expansion_parts() -> None:
    s = unrest_position(["green:unrest", "green:2gold+food"], players=2, stars=1)
    html = s._repr_html_()
    unrest_die = next(d for d in green_dice(s, 0) if s.shows_unrest(d))
    assert "green die showing the Unrest symbol" in html and f"die {unrest_die}" not in html
    assert "star-marked reroll 1/1" in html and "Passing bonuses left: Scriptorium" in html
    assert "Unrest expansion" in html and "reconstruction too" in html


# ------------------------------------------------------------- the saves on file
FIXTURES = Path(__file__).parent / "fixtures"


@pytest.mark.parametrize("name", ["saved_game_v1.json", "saved_game_from_state_v1.json"])
def test_saves_from_before_unrest_load_as_games_without_it(name: str) -> None:
    data = json.loads((FIXTURES / name).read_text(encoding="utf-8"))
    assert "unrest" not in data["config"] and "unrest" not in data["catalogue"]
    game = Game.from_json(data)
    assert not game.config.unrest and game.to_json() == data


def test_a_saved_unrest_game_on_file_loads_and_saves_unchanged() -> None:
    """An Unrest game saved in round 3 by the heuristic (passing bonuses taken, Unrest
    settled): it keeps loading, replaying to the same position, as the format evolves."""
    data = json.loads((FIXTURES / "saved_game_unrest_v1.json").read_text(encoding="utf-8"))
    game = Game.from_json(data)
    assert game.config.unrest and game.round == 3 and game.to_json() == data
    assert any(isinstance(m, Pass) and m.bonus for m in game.moves)
    state = GameState.from_json(game.state.to_json())
    assert state == game.state
