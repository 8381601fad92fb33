"""The board game's widget payloads: JSON, in words, hiding what the engine's view hides,
placing every legal move, previewing moves, and stable in size."""

from __future__ import annotations

import itertools
import json
import random
import statistics
from typing import Any

import pytest

from nations_widget.board import Buy, Deploy, Game, GameState, Hire, Pass
from nations_widget.board.state import tile_of
from nations_widget.widget.board.payloads import (
    STEP_LABELS,
    card_detail,
    cards_payload,
    legal_payload,
    next_production,
    preview_payload,
    recent_payload,
    round_summary,
    view_payload,
)

CONFIGS = [
    # players, decks, sides
    (1, "base", "A"),
    (2, "base", "A"),
    (3, "base+advanced", "choose"),
    (4, "balanced", "B"),
    (5, "all", "A"),      # with 5 players the base cards alone (and balanced) run short
]


def dumps(data: object) -> str:
    """Strict JSON: no NaN, no non-string keys, nothing that is not plain data."""
    return json.dumps(data, allow_nan=False, separators=(",", ":"))


def play_random(players: int, decks: str, sides: str, seed: int,
                visit: Any) -> Game:
    game = Game(players=players, seed=seed, decks=decks, sides=sides)
    rng = random.Random(seed)
    seats = ["human"] + ["random"] * (players - 1)
    while True:
        visit(game, seats, rng)
        if game.is_over:
            return game
        game.play(rng.choice(game.legal_moves()))


def hidden_ids(s: GameState) -> set[str]:
    """Cards only in the decks (their order is what the engine's view hides)."""
    cards = s.comp.cards
    in_decks = {cards[r].id for deck in s.decks for r in deck}
    seen = {cards[r].id for r in s.board if r >= 0}
    for p in s.players:
        seen |= {cards[r].id for r in p.cards() if r >= 0}
        if p.wonder >= 0:
            seen.add(cards[p.wonder].id)
    return in_decks - seen


@pytest.mark.parametrize(("players", "decks", "sides"), CONFIGS)
def test_every_payload_of_random_games_is_json_in_words_and_hides_the_decks(
        players: int, decks: str, sides: str) -> None:
    sizes: list[int] = []

    def visit(game: Game, seats: list[str], rng: random.Random) -> None:
        s = game.state
        view = view_payload(game, seats)
        text = dumps(view)
        sizes.append(len(text))
        assert view["position"] == game.position
        assert view["current"] == s.current_player()
        assert view["prompt"] and view["step_label"] == STEP_LABELS[s.step]
        # the final table's order is the engine's ranking (the view sorts nothing itself):
        # every seat once, the winner first, the totals never rising down the table
        if game.is_over:
            ranking = view["ranking"]
            assert ranking == s.ranking() and sorted(ranking) == list(range(players))
            assert ranking[0] == view["winner"]
            totals = [view["final"][seat]["total"] for seat in ranking]
            assert totals == sorted(totals, reverse=True)
        else:
            assert view["ranking"] is None
        # nothing of the decks but their sizes: no card id that is only in a deck, and
        # no generator state
        hidden = hidden_ids(s)
        assert not [c for c in hidden if f'"{c}"' in text]
        assert "rng" not in view and view["progress"]["decks"] == [len(d) for d in s.decks]
        # every card the view names is in the game's card catalogue
        catalogue = cards_payload(s)
        for cid in view["cards_in_sight"]:
            assert cid in catalogue
        # the solo tile is told in words (its figures), not by its id
        if view["solo"] is not None and view["solo"]["tile"] is not None:
            tile = tile_of(s)
            assert tile is not None and view["solo"]["tile"] not in view["solo"]["tile_text"]
            assert f"strength {tile.strength} and stability {tile.stability}" in \
                view["solo"]["tile_text"]
        # a decision about a card names it: the card is in the catalogue and in the prompt
        if view["decision_card"] is not None:
            assert view["decision_card"] in catalogue
            assert catalogue[view["decision_card"]]["name"] in view["prompt"]
        else:
            assert not s.queue or s.queue[0].kind not in ("place_bm", "battle", "golden")
        legal = legal_payload(s)
        dumps(legal)
        moves = s.legal_moves()
        assert [e["move"] for e in legal] == [m.to_json() for m in moves]
        for entry in legal:
            assert entry["text"] and not entry["text"][0].islower()
            assert entry["group"] == entry["move"]["type"]
            if entry["group"] == "choose" and s.queue and s.queue[0].kind == "place_bm":
                # a slot is named by the card it replaces (an empty one counted from 1)
                assert entry["text"].startswith(("Replace ", "Put ")), entry
                assert "slot 0" not in entry["text"], entry
            if entry["group"] in ("buy",):
                assert entry["card"] in view["progress"]["rows"][0]["cards"] + \
                    view["progress"]["rows"][1]["cards"] + view["progress"]["rows"][2]["cards"]
            if entry["group"] in ("deploy", "undeploy"):
                seat = s.current_player()
                assert seat is not None
                assert view["nations"][seat]["slots"][entry["slot"]]["card"] is not None
        if moves:
            move = rng.choice(moves)
            preview = preview_payload(s, move)
            assert preview["ok"], preview
            dumps(preview)
            # what a preview says cannot depend on the decks' hidden order
            assert preview_payload(s.reseeded(rng.randrange(1 << 30)), move) == preview

    play_random(players, decks, sides, 40 + players, visit)
    # stable in size: the view of the last move is not much larger than the median one
    assert max(sizes) < 2 * statistics.median(sizes)
    assert max(sizes) < 25_000


def test_card_details_are_words_from_the_data() -> None:
    s = GameState.new(players=2, seed=1)
    cards = cards_payload(s)
    temple = cards["a-temple"]          # a printed card: no text, its figures in words
    assert temple["per_worker"] == {"gold": 1, "books": 1} and temple["deploy"] == 1
    assert "Deploying a worker costs 1 stone." in temple["lines"]
    augustus = cards["augustus"]
    assert augustus["text"].startswith("Advisor") and augustus["produces"] == {"strength": 1}
    assert "lines" not in augustus
    # every card of the base game is there, with either a text or lines
    assert all(c.get("text") or c.get("lines") for c in cards.values())
    ref = s.comp.card_ref["hanging-gardens"]
    assert card_detail(s.comp.cards[ref])["stages"] == [1, 2]


def test_legal_moves_carry_their_place_and_cost() -> None:
    s = GameState.new(players=2, seed=3)
    while s.step != "actions":
        s.apply(s.legal_moves()[0])
    legal = legal_payload(s)
    seat = s.current_player()
    assert seat is not None
    buys = [e for e in legal if e["group"] == "buy"]
    assert buys and all(e["text"].startswith("Buy ") and f"{e['price']} gold" in e["text"]
                        for e in buys)
    deploys = [e for e in legal if e["group"] == "deploy"]
    for e in deploys:
        assert e["cost"] == s.comp.cards[s.players[seat].bm[e["slot"]]].deploy_cost
    assert legal[0]["group"] == "pass" and legal[0]["text"].startswith("Pass")


def test_preview_of_a_buy_and_a_refusal() -> None:
    s = GameState.new(players=2, seed=3)
    while s.step != "actions":
        s.apply(s.legal_moves()[0])
    seat = s.current_player()
    assert seat is not None
    buy = next(m for m in s.legal_moves() if isinstance(m, Buy))
    entry = next(e for e in legal_payload(s) if e["move"] == buy.to_json())
    preview = preview_payload(s, buy)
    gold = next(r for r in preview["rows"] if r["name"] == "gold")
    assert gold["after"] == gold["before"] - entry["price"]
    assert preview["lines"][0].startswith(f"Player {seat + 1} buys")
    assert s.to_json() == GameState.from_json(s.to_json()).to_json()      # untouched
    # a move the engine refuses comes back with its reason
    refused = preview_payload(s, Hire())
    assert not refused["ok"] and "wonder" in refused["error"]
    bad = preview_payload(s, {"type": "deploy", "slot": 9, "source": "idle"})
    assert not bad["ok"] and "slot 9" in bad["error"]
    # a building asks where it goes: the preview holds that question and its options
    # (the page answers it with the buy: nothing is left to ask after the default)
    building = next((m for m in s.legal_moves() if isinstance(m, Buy) and
                     s.comp.cards[s.comp.card_ref[m.card]].type == "building"), None)
    if building is not None:
        shown = preview_payload(s, building)
        assert "replace" in shown["place"]["question"] and shown["then"] is None


def test_preview_of_the_last_pass_shows_the_resolution_not_the_next_round() -> None:
    s = GameState.new(players=1, seed=2)
    while s.step != "actions":
        s.apply(s.legal_moves()[0])
    preview = preview_payload(s, Pass())
    assert preview["ok"] and preview["ends_actions"]
    assert all("round 2" not in line.lower() for line in preview["lines"])
    assert any("produces" in line for line in preview["lines"])


def test_round_summary_tells_each_phase_and_each_nation() -> None:
    game = Game(players=3, seed=4)
    rng = random.Random(4)
    seats = ["human", "random", "random"]
    assert round_summary(game, seats) is None
    while game.round == 1:
        game.play(rng.choice(game.legal_moves()))
    summary = round_summary(game, seats)
    assert summary is not None and summary["round"] == 1
    steps = [p["step"] for p in summary["phases"]]
    # the lines are the log's sentences of the resolution, repeats counted once
    said = [(e.seat, e.text) for e in game.log() if e.round == 1
            and e.step.startswith("resolution.")]
    assert sum(line["times"] for p in summary["phases"] for line in p["lines"]) == len(said)
    for p in summary["phases"]:
        for a, b in zip(p["lines"], p["lines"][1:], strict=False):
            assert (a["seat"], a["text"]) != (b["seat"], b["text"])
    assert steps[0] == "resolution.production" and len(set(steps)) == len(steps)
    assert all(step.startswith("resolution.") for step in steps)
    assert summary["order"] == game.state.order
    # the rows are the change between the end of the actions and the next round
    end = next(p for p in range(game.position + 1) if game.state_at(p).round == 2)
    before = next(game.state_at(p) for p in range(end, -1, -1)
                  if game.state_at(p).step == "actions")
    for row in summary["rows"]:
        seat = row["seat"]
        for change in row["changes"]:
            if change["name"] == "vp":
                assert change["before"] == before.players[seat].res[4]
                assert change["after"] == game.state.players[seat].res[4]
    # it stays during the next round, and the next one replaces it
    while game.round == 2:
        assert round_summary(game, seats)["round"] == 1  # type: ignore[index]
        game.play(rng.choice(game.legal_moves()))
    assert round_summary(game, seats)["round"] == 2  # type: ignore[index]


def test_recent_moves_of_the_others_until_the_viewer() -> None:
    game = Game(players=3, seed=8)
    seats = ["human", "random", "random"]
    rng = random.Random(8)
    # play until the human is to act in the action phase after others acted
    while not (game.state.step == "actions" and game.state.current_player() == 0
               and game.position > 0 and game.state_at(game.position - 1)
               .current_player() != 0):
        game.play(rng.choice(game.legal_moves()))
    recent = recent_payload(game, seats)
    assert recent["moves"]
    assert all(m["seat"] != 0 for m in recent["moves"])
    assert all(m["text"].startswith(f"Player {m['seat'] + 1} (random bot)")
               for m in recent["moves"])
    for m in recent["moves"]:
        if m["card"]:
            assert m["card"] in recent["cards"]


def test_every_recent_line_names_its_player_and_a_repeat_is_counted() -> None:
    """The engine's sentences that name nobody ("Aqueduct replaces Chariot.") are said by
    their player too, and the same line made again at once by the same player is one line
    with its count; found over the positions of a 4-player game of heuristic bots."""
    from nations_widget.board.bots import make_bot
    game = Game(players=4, seed=4)
    seats = ["human", "heuristic", "heuristic", "heuristic"]
    bots = [make_bot("heuristic", seed) for seed in range(4)]
    unnamed = repeated = 0
    while not game.is_over and game.round <= 4:
        recent = recent_payload(game, seats)
        for m in recent["moves"]:
            who = f"Player {m['seat'] + 1}" + ("" if m["seat"] == 0 else " (heuristic bot)")
            assert m["text"].startswith(who), m
            unnamed += "replaces" in m["text"] and ": " in m["text"][:40]
            repeated += m["times"] > 1
        texts = [(m["seat"], m["text"], m["card"], m["slot"]) for m in recent["moves"]]
        assert all(a != b for a, b in itertools.pairwise(texts))
        seat = game.current_player
        assert seat is not None
        game.play(bots[seat].choose(game.state.clone()))
    assert unnamed and repeated      # both kinds of line came up


def test_a_deploy_from_another_card_says_both() -> None:
    s = GameState.new(players=2, seed=5)
    while s.step != "actions" or not any(isinstance(m, Deploy) and m.source != "idle"
                                         for m in s.legal_moves()):
        moves = s.legal_moves()
        deploy = next((m for m in moves if isinstance(m, Deploy)), None)
        s.apply(deploy or moves[-1] if s.step == "actions" else moves[-1])
        if s.is_terminal():
            pytest.skip("no deploy from a card came up")
    entry = next(e for e in legal_payload(s) if e["group"] == "deploy" and
                 e["source"] != "idle")
    assert entry["text"].startswith("Move a worker from ")


def test_the_js_fixtures_have_the_shape_the_payloads_have_now() -> None:
    """js/test/board/fixtures (js/scripts/make_board_fixtures.py) are real payloads: a
    payload that gains or loses a field needs them made again."""
    from pathlib import Path
    folder = Path(__file__).resolve().parents[2] / "js" / "test" / "board" / "fixtures"
    game = Game(players=2, seed=7)
    view = view_payload(game, ["human", "heuristic"])
    nation_keys = set(view["nations"][0])
    cards = cards_payload(game.state)
    # (replays.json holds whole games' updates, checked by tests/widget/test_fixtures.py)
    names = sorted(p.stem for p in folder.glob("*.json") if p.stem != "replays")
    assert "actions_3p" in names and "cards_base" in names
    for name in names:
        data = json.loads((folder / f"{name}.json").read_text(encoding="utf-8"))
        if name.startswith("cards_"):
            assert set(data) >= set(cards)          # every base card, maybe more
            continue
        assert set(data["view"]) == set(view), name
        assert all(set(n) == nation_keys for n in data["view"]["nations"]), name
        for entry in data["legal"]:
            assert {"move", "text", "group", "key"} <= set(entry), name


# ----------------------------------------------------------- the next production
class _Recorder(list[Any]):
    """A log that notes each nation's figures when the production step is over: at the
    first entry of a later step (the player order's, which changes no figure)."""

    def __init__(self, state: GameState) -> None:
        super().__init__()
        self.state = state
        self.produced = False
        self.after: list[dict[str, int]] | None = None

    def append(self, entry: Any) -> None:
        if entry.step == "resolution.production":
            self.produced = True
        elif self.produced and self.after is None:
            self.after = [_figures(self.state, seat) for seat in range(len(self.state.players))]
        super().append(entry)


def _figures(s: GameState, seat: int) -> dict[str, int]:
    p = s.players[seat]
    out = dict(zip(("gold", "stone", "food", "books", "vp"), p.res, strict=True))
    out["strength"] = s.strength(seat)
    out["stability"] = s.stability(seat)
    return out


@pytest.mark.parametrize(("players", "seed"), [(2, 4), (3, 5), (4, 6), (4, 21)])
def test_the_next_production_is_what_the_engines_production_does(players: int,
                                                                  seed: int) -> None:
    """At the end of every round's actions, each nation's forecast (the payload's
    ``next_production``) equals what the engine's production then does to its figures,
    played for real: the state is the game's own, the move the one a player makes."""
    from nations_widget.board import rules

    game = Game(players=players, seed=seed, decks="base", sides="A")
    rng = random.Random(seed)
    seats = ["human"] * players
    compared = changed = chose = 0
    while not game.is_over:
        s = game.state
        move = rng.choice(game.legal_moves())
        if s.step == "actions" and not s.queue:
            # the move played on a copy through the engine's own steps, with a log that
            # reads the figures once the production is over
            st = s.clone()
            seat = st.current_player()
            assert seat is not None
            log = _Recorder(st)
            rules._perform(st, seat, move, log)
            rules.check_removals(st, log)
            ended = st.clone()                # the move played, the resolution not begun
            rules.advance(st, log)
            waited = 0
            while log.produced and log.after is None and not st.is_terminal():
                # the production waits for a player's choice (a resource to give up):
                # answered (the first option), as a player would, until the step is over
                answer = st.legal_moves()[0]
                chooser = st.current_player()
                assert chooser is not None
                rules._perform(st, chooser, answer, log)
                rules.check_removals(st, log)
                rules.advance(st, log)
                waited += 1
            if log.produced:
                forecast = next_production(ended)
                assert forecast is not None
                after = log.after or [_figures(st, x) for x in range(players)]
                for x in range(players):
                    was = _figures(ended, x)
                    real = {k: after[x][k] - was[k] for k in was}
                    if forecast[x]["owed"] or forecast[x]["choices"]:
                        # what the player chose is theirs: the forecast says it is owed
                        assert waited, (game.position, x)
                        chose += 1
                        continue
                    assert forecast[x]["change"] == real, (game.position, x)
                    changed += any(real.values())
                compared += 1
        # the payload carries the engine's forecast for the position shown
        view = view_payload(game, seats)
        expected = next_production(s)
        assert [n["next_production"] for n in view["nations"]] == expected
        game.play(move)
    assert compared >= 8 and changed >= compared
