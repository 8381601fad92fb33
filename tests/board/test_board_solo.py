"""The 1-player variant: the shadow opponent, its tiles and die, the solo round, the Hall
of Fame, and the tile file format."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from nations_widget.board import Buy, Deploy, Game, GameState, Hire, Pass
from nations_widget.board.components import ComponentError, default_components
from nations_widget.board.constants import BOOKS, VP
from nations_widget.board.rules import STEP_NAMES
from nations_widget.board.scenario import scenario
from nations_widget.board.serialization import check_invariants
from nations_widget.board.solo import (
    HALL_OF_FAME,
    SHADOW,
    hall_of_fame,
    load_solo_tiles,
    roll,
    with_solo_tiles,
)
from nations_widget.core.rng import Rng

COMP = default_components()
TILES = COMP.solo_tiles
assert TILES is not None
TILE_IDS = [t.id for t in TILES.tiles]


def generator_for(*faces: int) -> int:
    """A generator state whose next die rolls are ``faces`` (found by search)."""
    for start in range(1, 1_000_000):
        rng = Rng(0)
        rng.state = start
        if all(rng.below(6) + 1 == f for f in faces):
            return start
    raise AssertionError("no generator state found")


def solo(desc: dict[str, object]) -> GameState:
    return scenario({"players": 1, "order": [0], "current": 0, **desc})


def test_solo_setup() -> None:
    """Player 1 with 1 book, the shadow with 2 (plus the first tile's); 4 columns; the
    architects are the tile's (none for 1 player); no event card."""
    s = GameState.new(players=1, seed=3)
    while s.step != "actions":
        s.apply(s.legal_moves()[0])
    tile = TILES.tiles[s.tile]
    assert tile.age == 1
    assert s.players[0].res[BOOKS] == 1
    assert s.shadow == [tile.strength, tile.stability, 2 + tile.books]
    assert len(s.board) == 12 and COMP.columns_by_players[1] == 4
    assert s.architects == tile.architects and s.event == -1
    view = s.view(0)
    assert view["solo"]["tiles_reconstructed"] is True
    assert isinstance(view["solo"]["tile_decks"][0], int)      # only the sizes show
    assert "reconstruction" in s._repr_html_()


def test_a_roll_after_an_action_but_not_after_deploying_on_a_building() -> None:
    s = solo({"tile": "solo-1a", "seats": [{"stone": 9, "gold": 9}]})
    s.apply(Deploy(0, "idle"))            # temple: a building
    assert s.last_roll == 0
    s.rng = generator_for(5)
    s.apply(Deploy(2, "idle"))            # axeman: a military
    assert s.last_roll == 5
    assert s.shadow[0] == TILES.tiles[TILE_IDS.index("solo-1a")].strength + 2


def test_rolling_5_or_6_applies_the_tiles_change_each_time() -> None:
    s = solo({"round": 3, "tile": "solo-2a",
              "shadow": {"strength": 10, "stability": 3, "books": 4}})
    s.rng = generator_for(6, 6, 5)
    for _ in range(3):
        roll(s, None)
    assert s.shadow == [10 + 3, 3 - 2 - 2, 4 + 2 + 2]


def test_rolling_1_to_4_clears_a_column_and_the_shadow_takes_the_cheapest_war() -> None:
    s = solo({"tile": "solo-1a", "shadow": {"strength": 7},
              "board": [["hunnic-invasions", "ziggurat", None, None],
                        ["forum", None, None, None],
                        ["peloponnesian-war", None, None, None]]})
    s.rng = generator_for(1)
    roll(s, None)
    war = COMP.card_ref["peloponnesian-war"]
    assert s.war == war and s.war_strength == 7 and s.war_buyer == SHADOW
    assert COMP.card_ref["hunnic-invasions"] in s.discard
    assert COMP.card_ref["forum"] in s.discard
    assert s.board[0] == -1 and s.board[4] == -1 and s.board[8] == -1
    assert s.board[1] == COMP.card_ref["ziggurat"]
    # the player may not buy a war now (one per round)
    assert check_invariants(s) == []
    assert GameState.from_json(s.to_json_str()) == s


def test_a_war_in_the_column_is_discarded_when_a_war_was_bought_already() -> None:
    s = solo({"tile": "solo-1a", "war": {"card": "hunnic-invasions", "strength": 3,
                                          "buyer": 0},
              "board": [["peloponnesian-war", None, None, None], [None] * 4, [None] * 4]})
    s.rng = generator_for(1)
    roll(s, None)
    assert s.war == COMP.card_ref["hunnic-invasions"]
    assert COMP.card_ref["peloponnesian-war"] in s.discard


def test_an_empty_column_does_nothing() -> None:
    s = solo({"tile": "solo-1a", "board": [[None] * 4] * 3})
    before = s.to_json()
    s.rng = generator_for(3)
    roll(s, None)
    after = s.to_json()
    assert after["board"] == before["board"] and after["discard"] == before["discard"]


def test_roll_before_the_first_turn_when_the_shadow_is_first() -> None:
    s = GameState.new(players=1, seed=5)
    while s.step != "actions":
        s.apply(s.legal_moves()[0])
    assert s.last_roll == 0                  # the player is first: no roll
    second = scenario({"players": 1, "step": "resolution.production", "tile": "solo-1b",
                       "shadow": {"strength": 30}})
    assert second.shadow_first                # the order step put the shadow first
    while second.step != "actions":
        second.apply(second.legal_moves()[0])
    assert second.last_roll != 0              # rolled before the player's first turn


def test_the_solo_round_summary() -> None:
    """War (the shadow unaffected), the stability VP, the famine, 3 VP for more books at the
    end of the age — in that order, and no event card resolves."""
    names = list(STEP_NAMES)
    assert names.index("resolution.war") < names.index("resolution.solo_stability") \
        < names.index("resolution.famine") < names.index("resolution.books")
    tile = TILES.tiles[TILE_IDS.index("solo-1a")]
    s = solo({"round": 2, "step": "resolution.war", "tile": "solo-1a",
              "shadow": {"strength": 6, "stability": 0, "books": 3},
              "war": {"card": "hunnic-invasions", "strength": 6, "buyer": SHADOW},
              "seats": [{"books": 5, "vp": 7, "food": 9,
                         "slots": [None, None, None, None, ["a-caravan", 2]]}]})
    p = s.players[0]
    assert COMP.cards[COMP.card_ref["hunnic-invasions"]].war_loss == (2, 4)
    # defeated (0 strength against the shadow's 6): 4 food less the 2 stability, and 1 VP;
    # more stable than the shadow (2 > 0): +1 VP; famine; books 5 > 3 at the end of age 1:
    # +3 VP
    assert p.res[VP] == 7 - 1 + 1 + 3
    assert p.res[2] == 9 - 2 - tile.famine
    assert s.step == "maintenance.growth" and s.round == 3


def test_not_more_stable_than_the_shadow_costs_a_vp_and_fewer_books_score_nothing() -> None:
    s = solo({"round": 2, "step": "resolution.solo_stability", "tile": "solo-1a",
              "shadow": {"stability": 1, "books": 9}, "seats": [{"books": 5, "vp": 4}]})
    assert s.players[0].res[VP] == 3


def test_comparisons_are_made_with_the_shadow() -> None:
    """Most strength: against the shadow's value; most workers: the shadow has no value,
    the player wins; passed first: always the player."""
    from nations_widget.board.effects import holds
    from nations_widget.board.vocabulary import Cond
    s = solo({"tile": "solo-1a", "shadow": {"strength": 5},
              "seats": [{"slots": [None, None, ["a-axeman", 2]]}]})
    assert not holds(s, 0, Cond("most", "strength"))       # 4 against 5
    s.shadow[0] = 3
    assert holds(s, 0, Cond("most", "strength"))
    assert holds(s, 0, Cond("most", "workers"))
    assert not holds(s, 0, Cond("least", "workers"))
    s.passed = [0]
    assert holds(s, 0, Cond("passed", "first")) and not holds(s, 0, Cond("passed", "last"))


def test_hall_of_fame_titles() -> None:
    assert hall_of_fame(70) == "Trajan" and hall_of_fame(99) == "Trajan"
    assert hall_of_fame(69) == "Ashoka" and hall_of_fame(10) == "Dan Quayle"
    assert hall_of_fame(9) is None
    assert [t for _, t in HALL_OF_FAME][-1] == "Dan Quayle" and len(HALL_OF_FAME) == 12


def test_a_whole_solo_game_ends_with_a_title_and_undo_never_rerolls() -> None:
    game = Game(players=1, seed=8, decks="all")
    k = 0
    while not game.is_over:
        legal = game.legal_moves()
        move = next((m for m in legal if isinstance(m, (Buy, Hire))), legal[k % len(legal)])
        game.play(move)
        k += 1
        if k == 40:
            rolled = game.state.to_json()
            game.undo()
            game.redo()
            assert game.state.to_json() == rolled
    entries = [e for e in game.log() if e.kind == "end"]
    assert entries and "Hall of Fame" in entries[-1].text
    assert entries[-1].data["title"] == hall_of_fame(game.scores()[0])
    assert check_invariants(game.state) == []


def test_the_packaged_tiles_honour_the_rulebooks_example_tile() -> None:
    example = TILES.tiles[TILE_IDS.index("solo-2a")]
    assert (example.age, example.architects, example.famine, example.strength,
            example.stability, example.books) == (2, 3, 4, 10, 3, 2)
    assert example.rolls == ((3, 0, 0), (0, -2, 2))
    assert TILES.reconstruction and all(len(TILES.by_age(a)) >= 2 for a in range(1, 5))


def _tile_file(tmp_path: Path, mutate: object = None) -> Path:
    data = json.loads((Path(__file__).parents[2] / "nations_widget" / "board" / "data"
                       / "solo_tiles.json").read_text())
    if callable(mutate):
        mutate(data)
    path = tmp_path / "tiles.json"
    path.write_text(json.dumps(data))
    return path


def test_real_tiles_can_be_loaded_and_played(tmp_path: Path) -> None:
    def real(data: dict[str, object]) -> None:
        data["reconstruction"] = False
        tiles = data["tiles"]
        assert isinstance(tiles, list)
        for t in tiles:
            t["strength"] = 1
    tiles = load_solo_tiles(_tile_file(tmp_path, real))
    comp = with_solo_tiles(COMP, tiles)
    s = GameState.new(players=1, seed=2, components=comp)
    while s.step != "actions":
        s.apply(s.legal_moves()[0])
    assert s.shadow[0] == 1 and s.view(0)["solo"]["tiles_reconstructed"] is False
    assert GameState.from_json(s.to_json_str(), comp) == s
    with pytest.raises(Exception, match="other card data"):
        GameState.from_json(s.to_json_str())         # not with the packaged tiles


@pytest.mark.parametrize(("change", "words"), [
    (lambda d: d["tiles"][1].pop("famine"), ["tiles.json", "(solo-1b)", "famine", "missing"]),
    (lambda d: d["tiles"][0].update(strength="ten"), ["(solo-1a)", "strength", "whole"]),
    (lambda d: d["tiles"][4]["rolls"].pop("6"), ["(solo-2b)", "rolls"]),
    (lambda d: d["tiles"][2]["rolls"]["5"].update(gold=2), ["(solo-1c)", "rolls.5"]),
    (lambda d: d["tiles"][3].update(colour="red"), ["(solo-2a)", "colour", "unknown"]),
    (lambda d: d.update(tiles=[t for t in d["tiles"] if t["age"] != 4]), ["age 4"]),
    (lambda d: d.update(format="x"), ["tiles.json", "format"]),
])
def test_a_bad_tile_file_is_refused_naming_file_tile_and_field(
        tmp_path: Path, change: object, words: list[str]) -> None:
    path = _tile_file(tmp_path, change)
    with pytest.raises(ComponentError) as info:
        load_solo_tiles(path)
    for w in words:
        assert w in str(info.value)


def test_solo_passing_ends_the_round_without_a_roll() -> None:
    s = solo({"tile": "solo-1a"})
    s.apply(Pass())
    assert s.last_roll == 0 and s.step != "actions"


def test_reseeded_reshuffles_the_solo_tiles_not_yet_drawn() -> None:
    s = GameState.new(players=1, seed=12)
    seen = {tuple(tuple(d) for d in s.reseeded(k).tile_decks) for k in range(8)}
    assert len(seen) > 1
    assert all(sorted(a) == sorted(b) for a, b in zip(s.reseeded(3).tile_decks, s.tile_decks,
                                                      strict=True))


def test_machiavelli_in_the_solo_game_picks_among_two_tiles() -> None:
    """(Found by the sweep: the pick decision's tiles were saved as numbers.)"""
    s = scenario({"players": 1, "round": 5, "step": "maintenance.growth", "decks": "all",
                  "seats": [{"advisors": ["niccolo-machiavelli"]}]})
    s.apply(s.legal_moves()[0])
    assert s.queue and s.queue[0].kind == "pick_tile"
    drawn = list(s.queue[0].tiles)
    assert GameState.from_json(s.to_json_str()) == s
    assert s.to_json()["queue"][0][2] == [TILE_IDS[t] for t in drawn]
    s.apply(s.legal_moves()[1])
    assert s.tile in drawn and check_invariants(s) == []
    assert s.shadow[0] == TILES.tiles[s.tile].strength
