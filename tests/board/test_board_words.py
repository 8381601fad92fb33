"""The board game in words: every kind of move as the widget's buttons and the coach say
it (one describer, :mod:`nations_widget.board.describe`), and the log's lines (no "+0",
no 0-based slot, no hyphen standing for a minus, counts that agree with their number:
"1 book", "2 books"), on real positions and over random games; the engine's option labels
(part of the moves' values) keep their words."""

from __future__ import annotations

import random
import re
from typing import Any

from board_helpers import components_with

from nations_widget.board import (
    Buy,
    Choose,
    Deploy,
    Game,
    GameConfig,
    GameState,
    Grow,
    Hire,
    Pass,
    Special,
    Undeploy,
)
from nations_widget.board.components import default_components
from nations_widget.board.constants import BOOKS
from nations_widget.board.decisions import LoseOther
from nations_widget.board.describe import describe_move
from nations_widget.board.effects import lose
from nations_widget.board.render import figures, state_html
from nations_widget.board.rules import ROUND, STEP_INDEX, new_game
from nations_widget.board.scenario import scenario
from nations_widget.board.words import count_text, counted, figure_text
from nations_widget.board_notebook_helpers import after_step
from nations_widget.widget.board.payloads import (
    card_lines,
    legal_payload,
    preview_payload,
    view_payload,
)

EVENT = "aryan-migration--code-of-hammurabi"

#: what no log line may hold: a zero gain written "+0 ", a slot counted from 0, and a
#: hyphen before a number standing for a minus (a true minus, U+2212, is allowed)
LOG_DEFECTS = (re.compile(r"\+0 "), re.compile(r"slot 0"), re.compile(r"(?<![\w−])-\d"))
#: a count of one with a plural noun ("1 books", "+1 books", "1 architects")
ONE_WITH_A_PLURAL = re.compile(r"\b1 (books|architects|workers|stages|sections|cards)\b")
#: a count of one read right, which random games must show (so the check above can fail)
ONE_READ_RIGHT = re.compile(r"\b1 (book|architect)\b")
#: an ASCII hyphen before a digit, where a minus is meant (ids such as "solo-1b" excepted)
HYPHEN_MINUS = re.compile(r"(?<![\w−])-\d")


def words(s: GameState) -> dict[str, str]:
    """Each legal move's short form (a choice: its option) -> its words."""
    return {m.option if isinstance(m, Choose) else str(m): describe_move(s, m)
            for m in s.legal_moves()}


def texts(entries: list[Any]) -> list[str]:
    return [e.text for e in entries]


def _start() -> GameState:
    return scenario({"players": 2, "order": [0, 1],
                     "board": [["forum", None, None, None], ["lyceum", None, None, None],
                               [None] * 4],
                     "seats": [{"gold": 5, "stone": 4, "idle": 2,
                                "slots": [["a-temple", 1], ["a-quarry", 0]],
                                "wonder": ["pyramids", 1]}]})


# ------------------------------------------------------------------------ the moves
def test_actions_name_the_card_and_the_cost_with_its_resource() -> None:
    s = _start()
    said = words(s)
    assert said["pass"] == "Pass (no more actions this round)"
    assert said[str(Buy("forum"))] == "Buy Forum (building) for 3 gold"
    assert said[str(Buy("lyceum"))] == "Buy Lyceum (building) for 2 gold"
    assert said[str(Deploy(1, "idle"))] == "Deploy a worker on Quarry for 1 stone"
    assert said[str(Deploy(1, "0"))] == "Move a worker from Temple to Quarry for 1 stone"
    assert said[str(Undeploy(0, 1))] == "Take a worker back from Temple (free, the turn goes on)"
    # Pyramids' sections cost 2, 1, 0 stone; one is built
    assert said[str(Hire())] == "Hire an architect for Pyramids, section 2 of 3, for 1 stone"
    s.players[0].res[1] = 9
    s.players[0].built = 2
    s.listed = None
    assert describe_move(s, Hire()) == \
        "Hire an architect for Pyramids, section 3 of 3, for free"


def test_a_card_action_and_growth() -> None:
    s = scenario({"players": 2, "order": [0, 1], "seats": [{"advisors": ["galileo-galilei"]}]})
    assert describe_move(s, Special("galileo-galilei")) == "Use the action of Galileo Galilei"
    grow = scenario({"players": 2, "step": "maintenance.growth"})
    said = words(grow)
    amount = grow.comp.difficulty[grow.config.difficulty[grow.current_player() or 0]]
    assert said[str(Grow(bonus="stone"))] == f"Take {amount} stone instead of a worker"
    upkeep = grow.side_of(grow.current_player() or 0).food_upkeep
    assert said[str(Grow(worker="food"))] == \
        f"Take a worker from the food section (it eats {upkeep} food each round)"


def test_placing_a_card_names_the_card_it_replaces_never_a_slot_number() -> None:
    s = _start()
    s.apply(Buy("forum"))
    said = words(s)
    assert said == {"slot 0 (Temple)": "Replace Temple with Forum (its worker comes back)",
                    "slot 1 (Quarry)": "Replace Quarry with Forum",
                    "slot 2 (Axeman)": "Replace Axeman with Forum",
                    "slot 3 (Farm)": "Replace Farm with Forum",
                    "slot 4 (Caravan)": "Replace Caravan with Forum"}
    log = texts(s.apply(Choose("slot 0 (Temple)")))
    assert log[0] == "Forum replaces Temple; its worker goes back to the resource area."


def test_a_third_colony_names_the_colony_it_replaces() -> None:
    s = scenario({"players": 2, "order": [0, 1],
                  "board": [["nubia", None, None, None], [None] * 4, [None] * 4],
                  "seats": [{"slots": [None, None, ["a-axeman", 2]],
                             "colonies": ["hispania", "israel"]}]})
    s.apply(Buy("nubia"))
    assert words(s) == {"replace Hispania": "Replace Hispania with Nubia",
                        "replace Israel": "Replace Israel with Nubia"}
    assert texts(s.apply(Choose("replace Israel")))[0] == "Nubia replaces Israel."


def test_an_empty_slot_is_counted_from_one() -> None:
    s = _start()
    s.players[0].bm[2] = -1         # the Axeman has left (as a card that leaves the nation)
    s.listed = None
    s.apply(Buy("forum"))
    assert words(s)["slot 2 (empty)"] == "Put Forum in empty slot 3"
    assert texts(s.apply(Choose("slot 2 (empty)")))[0] == "Forum goes into empty slot 3."


def test_battle_golden_age_and_shortfall_choices() -> None:
    s = scenario({"players": 2, "order": [0, 1],
                  "board": [["battle-of-kadesh", None, None, None], [None] * 4, [None] * 4],
                  "seats": [{"gold": 3, "slots": [None, None, ["a-axeman", 1]]}]})
    s.apply(Buy("battle-of-kadesh"))
    assert words(s) == {f"2 {r}": f"Take 2 {r} from Battle of Kadesh"
                        for r in ("books", "food", "stone")}
    assert texts(s.apply(Choose("2 food")))[0] == \
        "Player 1 wins Battle of Kadesh and takes 2 food."
    # a golden age of age 3: its stone, or 1 VP for 3 resources (1 gold and 2 stone left)
    s = scenario({"players": 2, "order": [0, 1], "round": 5,
                  "event": "crop-rotation--mercantilism",
                  "board": [["clocks", None, None, None], [None] * 4, [None] * 4],
                  "seats": [{"gold": 4, "stone": 2, "food": 0, "books": 0}]})
    s.apply(Buy("clocks"))
    assert words(s) == {"take 2 stone": "Take 2 stone from Clocks",
                        "1 VP for 1 gold + 2 stone": "Buy 1 VP from Clocks for 1 gold + 2 stone"}
    # short of books in the production: which other resource goes first
    s = scenario({"players": 2, "order": [0, 1], "step": "resolution.production",
                  "seats": [{}, {"taken": {"stability": 3}, "books": 1, "gold": 2}]})
    assert s.current_player() == 1
    assert words(s)["gold"] == "Give up 1 gold"


def _event(half: dict[str, Any], desc: dict[str, Any],
           second: dict[str, Any] | None = None) -> GameState:
    comp = components_with(events={EVENT: [half, second or {}]})
    object.__setattr__(comp.events[comp.event_ref[EVENT]], "famine", 0)
    base: dict[str, Any] = {"players": 2, "order": [0, 1], "event": EVENT,
                            "step": "resolution.event_a"}
    base.update(desc)
    return scenario(base, comp)


def test_an_events_choices_are_named_by_what_asks_them() -> None:
    half = {"who": {"most": "stability"}, "do": {"take_workers": 1}}
    second = {"who": "all", "do": {"return_workers": 1}}
    s = _event(half, {"seats": [{"slots": [None, None, None, None, ["a-caravan", 1]],
                                 "taken": {"food": 1}, "idle": 5}, {"idle": 5}]}, second)
    upkeep = s.side_of(0).food_upkeep
    stab = s.side_of(0).stability_upkeep
    # named by the event's half, not in a growth choice's words (in the log it read as one)
    source = s.comp.events[s.event].halves[0].name
    assert words(s) == {
        "food": f"Take a worker from the food section, given by {source} (it eats {upkeep} "
                "food each round)",
        "stability": f"Take a worker from the stability section, given by {source} (it "
                     f"costs {stab} stability)"}
    s.apply(Choose("food"))
    assert words(s) == {
        "slot 4": "Return a worker from Caravan to the population track",
        "the resource area": "Return a worker from the resource area to the population track"}
    log = texts(s.apply(Choose("slot 4")))
    assert "Player 1 returns a worker from Caravan to the population track, in the food "\
        "section." in log


def test_undeploying_deploying_and_hiring_for_free_are_named_by_card() -> None:
    half = {"who": "all", "do": {"undeploy_for": "military", "each": {"gain": {"books": 2}}}}
    s = _event(half, {"seats": [{"slots": [["hoplite", 2], None, ["a-axeman", 1]]}, {}]})
    assert words(s) == {"done": "Done (no more workers)",
                        "slot 0 (Hoplite)": "Take a worker off Hoplite (gain 2 books)",
                        "slot 2 (Axeman)": "Take a worker off Axeman (gain 2 books)"}
    half = {"who": "all", "do": {"hire_free": 2}}
    second = {"who": "all", "do": {"deploy_free": 2, "to": "military"}}
    s = _event(half, {"seats": [{"wonder": ["pyramids", 0], "stone": 0}, {"stone": 0}]},
               second)
    assert words(s) == {"0": "Hire no architect for Pyramids",
                        "1": "Hire 1 architect for Pyramids for free",
                        "2": "Hire 2 architects for Pyramids for free"}
    s.apply(Choose("2"))
    assert words(s) == {"done": "Done (no more workers)",
                        "slot 2 (Axeman)": "Deploy a worker on Axeman for free"}


def test_a_choice_of_outcomes_and_a_may() -> None:
    half = {"who": "all", "do": {"choose": [{"lose": {"food": 2}}, {"go": "last"}]}}
    s = _event(half, {"seats": [{"food": 5}, {"food": 5}]})
    assert words(s) == {"lose 2 food": "Lose 2 food", "go last in player order":
                        "Go last in player order"}
    # the engine's label of an outcome for every other nation has a colon; the words none
    half = {"who": "all", "do": {"choose": [{"gain": {"gold": 1}},
                                            {"others": {"lose": {"food": 1}}}]}}
    s = _event(half, {"seats": [{"food": 5}, {"food": 5}]})
    assert words(s) == {"gain 1 gold": "Gain 1 gold", "every other nation: lose 1 food":
                        "Make every other nation lose 1 food"}
    half = {"who": "all", "do": {"remove": "colony", "else": {"lose": {"vp": 1}}}}
    s = _event(half, {"seats": [{"colonies": ["nubia", "hispania"]}, {}]})
    assert words(s) == {"hispania": "Remove Hispania", "nubia": "Remove Nubia"}


# -------------------------------------------------------------------------- the log
def test_production_and_revolt_lines_say_gains_and_losses_in_words() -> None:
    s = scenario({"players": 2, "order": [0, 1],
                  "seats": [{"food": 10, "taken": {"food": 2},
                             "slots": [["a-temple", 1], ["a-quarry", 2]]},
                            {"taken": {"stability": 1}, "books": 5, "vp": 0}]})
    _, log = after_step(s, "resolution.production")
    assert texts(log) == [
        "Player 1 produces 3 gold, 2 stone and 1 book and loses 6 food (upkeep beyond "
        "production).",
        "Player 2 produces nothing.",
        "Player 2 is in revolt (stability 3 below zero): loses 3 books and no VP (none "
        "left)."]


def test_a_revolt_beyond_the_books_says_what_is_lost() -> None:
    """Stability 3 below zero with 2 books: the revolt takes 1 VP and the 2 books there are;
    the missing book costs 1 VP more and 1 other resource of the nation's choice (the
    rulebook's resource loss).  No line may claim 3 books lost."""
    s = scenario({"players": 2, "order": [0, 1],
                  "seats": [{}, {"taken": {"stability": 1}, "books": 2, "vp": 5,
                                 "food": 3}]})
    log: list[Any] = []
    production = ROUND[STEP_INDEX["resolution.production"]].start
    assert production is not None
    production(s, log)
    lines = [line for line in texts(log) if line.startswith("Player 2")]
    assert lines[1:] == [
        "Player 2 is in revolt (stability 3 below zero): loses 2 books of the 3 due and "
        "1 VP.",
        "Player 2 is 1 book short: loses the 2 books it has, 1 VP, and 1 other resource "
        "of its choice."]
    p = s.players[1]
    assert (p.res[BOOKS], p.res[4]) == (0, 3)
    assert s.queue and s.queue[0].kind == "lose_other" and s.queue[0].owed == 1


def test_a_shortfall_of_goods_says_what_is_lost() -> None:
    s = scenario({"players": 2, "order": [0, 1],
                  "seats": [{"books": 3}, {"books": 1, "stone": 2, "vp": 4, "gold": 0,
                                           "food": 0}]})
    log: list[Any] = []
    lose(s, 1, 1, 5, log)                    # the rulebook's example: 5 stone, 2 there
    assert texts(log) == ["Player 2 is 3 stone short: loses the 2 stone it has, 1 VP, and "
                          "3 books.",
                          "Player 2 is 2 books short: loses the 1 book it has, 1 VP, and no "
                          "other resource (it has no gold, stone or food)."]
    assert s.players[1].res == [0, 0, 0, 0, 2]


def test_a_war_and_an_event_beyond_what_a_nation_has_say_what_is_lost() -> None:
    s = scenario({"players": 2, "order": [0, 1],
                  "war": {"card": "hunnic-invasions", "strength": 5, "buyer": 0},
                  "seats": [{"books": 9}, {"books": 2, "vp": 4, "food": 1, "gold": 0,
                                           "stone": 0, "taken": {"stability": 1}}]})
    log: list[Any] = []
    war = ROUND[STEP_INDEX["resolution.war"]].start
    assert war is not None
    war(s, log)
    assert [line for line in texts(log) if line.startswith("Player 2")] == [
        "Player 2 is 3 food short: loses the 1 food it has, 1 VP, and 3 books.",
        "Player 2 is 1 book short: loses the 2 books it has, 1 VP, and no other resource "
        "(it has no gold, stone or food).",
        "Player 2 is defeated in Hunnic Invasions: loses 1 food of the 4 due and 1 VP."]
    assert s.players[1].res == [0, 0, 0, 0, 1]
    half = {"who": "all", "do": {"lose": {"books": 3}}}
    s = _event(half, {"step": "actions", "seats": [
        {"books": 5, "food": 5}, {"books": 1, "vp": 0, "food": 0, "gold": 0, "stone": 0}]})
    lines = texts(after_step(s, "resolution.event_a")[1])
    assert "Player 1 loses 3 books." in lines
    assert "Player 2 loses 1 book of the 3 due." in lines


def test_a_golden_age_paid_with_one_book_its_label_kept_its_words_in_the_singular() -> None:
    s = scenario({"players": 2, "order": [0, 1],
                  "board": [["iron-working", None, None, None], [None] * 4, [None] * 4],
                  "seats": [{"gold": 3, "stone": 0, "food": 0, "books": 1}]})
    s.apply(Buy("iron-working"))
    # the option label is part of the move (saved games, legal-move lists): unchanged
    assert words(s) == {"1 VP for 1 books": "Buy 1 VP from Iron Working for 1 book",
                        "take 2 stone": "Take 2 stone from Iron Working"}
    assert texts(s.apply(Choose("1 VP for 1 books"))) == \
        ["Player 1's Iron Working: 1 VP for 1 book."]


def test_an_events_one_book_reads_in_the_singular_its_label_as_it_was() -> None:
    half = {"who": "all", "do": {"choose": [{"lose": {"books": 1}}, {"lose": {"food": 2}}]}}
    s = _event(half, {"seats": [{"books": 5, "food": 5}, {"books": 5, "food": 5}]})
    assert words(s) == {"lose 1 books": "Lose 1 book", "lose 2 food": "Lose 2 food"}
    first = s.current_player()
    s.apply(Choose("lose 1 books"))             # carried out once every nation has chosen
    log = texts(s.apply(Choose("lose 2 food")))
    assert f"Player {(first or 0) + 1} loses 1 book." in log
    assert s.players[first or 0].res[3] == 4


def test_one_architect_is_available_and_one_book_short() -> None:
    s = scenario({"players": 2, "order": [0, 1], "round": 2,
                  "seats": [{"books": 3}, {"books": 1}]})
    log: list[Any] = []
    lose(s, 1, BOOKS, 2, log)           # Player 2 has 1 book and loses 2
    assert texts(log)[0] == ("Player 2 is 1 book short: loses the 1 book it has, 1 VP, and 1 "
                            "other resource of its choice.")
    assert s.prompt() == "Player 2: with no books left, give up 1 other resource — which one?"
    s.queue[0] = LoseOther(1, 2)
    assert s.prompt() == ("Player 2: with no books left, give up 2 other resources — which "
                          "one first?")
    s.queue.clear()
    # two players and no event card in play: 1 architect on the scoring board
    s.event = -1
    log = []
    architects = ROUND[STEP_INDEX["maintenance.architects"]].start
    assert architects is not None
    architects(s, log)
    assert texts(log) == ["1 architect is available this round."]
    assert [counted(n, "architect") for n in (0, 1, 2)] == \
        ["0 architects", "1 architect", "2 architects"]
    assert [count_text(r, 1) for r in range(5)] == ["1 gold", "1 stone", "1 food", "1 book",
                                                    "1 VP"]
    assert [figure_text(BOOKS, n) for n in (-2, -1, 1)] == ["\u22122 books", "\u22121 book",
                                                        "+1 book"]


def test_the_books_line_says_no_vp_in_words() -> None:
    s = scenario({"players": 2, "order": [0, 1], "round": 2,
                  "seats": [{"books": 3}, {"books": 1}]})
    _, log = after_step(s, "resolution.books")
    assert texts(log) == ["End of the age: Player 1 has 3 books and scores 1 VP; Player 2 "
                          "has 1 book and scores no VP."]


def _random_games(seeds: range) -> tuple[list[str], int, list[tuple[GameState, Any]]]:
    """Random-bot games of 1-5 players (every deck and side choice in turn): their log
    lines, the moves played, and a sample of (position, move) to put in words."""
    lines: list[str] = []
    moves = 0
    sample: list[tuple[GameState, Any]] = []
    for seed in seeds:
        rng = random.Random(seed)
        players = 1 + seed % 5
        # 5 players play with more than the base cards (the base cards alone run short)
        decks = ("base" if players < 5 else "base+advanced", "all")[seed % 2]
        config = GameConfig(players, seed, decks=decks, sides=("A", "B", "choose")[seed % 3])
        log: list[Any] = []
        s = new_game(GameState, config, default_components(), log)
        lines += texts(log)
        while not s.is_terminal():
            legal = s.legal_moves()
            acting = [m for m in legal if not isinstance(m, Pass)]
            move = rng.choice(acting if acting and rng.random() < 0.85 else legal)
            if len(sample) < 600 and rng.random() < 0.3:
                sample.append((s.clone(), move))
            lines += texts(s.apply(move))
            moves += 1
    return lines, moves, sample


def test_no_log_line_of_random_games_has_a_zero_gain_a_slot_0_or_a_hyphen_minus() -> None:
    lines, moves, sample = _random_games(range(10))
    assert moves >= 300 and len(lines) > 1000
    bad = [line for line in lines if any(p.search(line) for p in LOG_DEFECTS)]
    assert bad == []
    # and the moves they played, in words: a capital, no colon, no engine slot number
    for s, move in sample:
        said = describe_move(s, move)
        assert said[:1].isupper() and ":" not in said, said
        assert not re.search(r"(?<!empty )slot \d", said), said
        assert not any(p.search(said) for p in LOG_DEFECTS[1:]), said


def test_counts_of_one_read_in_the_singular_in_random_games() -> None:
    lines, _, sample = _random_games(range(10, 15))
    said = [describe_move(s, move) for s, move in sample]
    assert [x for x in lines + said if ONE_WITH_A_PLURAL.search(x)] == []
    assert any(ONE_READ_RIGHT.search(x) for x in lines)


def test_solo_tiles_and_card_figures_have_a_true_minus_sign() -> None:
    comp = default_components()
    tiles = comp.solo_tiles
    assert tiles is not None
    shown = []
    for tile in tiles.tiles:
        game = Game.from_state(scenario({"players": 1, "round": 2 * tile.age - 1,
                                         "tile": tile.id}))
        text = view_payload(game, ["human"])["solo"]["tile_text"]
        assert text.startswith(f"Age {tile.age} tile: ")
        shown.append(text)
    # the tiles' rolls lower a figure now and then: "-2 strength" is written "−2 strength"
    assert any("\u2212" in x for x in shown)
    for card in comp.cards:         # every card of the box
        shown += [figures(card.per_worker), figures(card.produces), *card_lines(card)]
    assert any(re.search(r"\u22121 (food|stability)", x) for x in shown)
    assert [x for x in shown if HYPHEN_MINUS.search(x) or ONE_WITH_A_PLURAL.search(x)] == []
    # the notebook's table: a shadow and a nation below zero, and a card's figures
    s = scenario({"players": 1, "round": 1, "tile": "solo-1b",
                  "shadow": {"strength": 4, "stability": -2, "books": 1},
                  "seats": [{"taken": {"stability": 2}}]})
    html = state_html(s)
    assert s.stability(0) < 0 and f"stability \u2212{-s.stability(0)}</td>" in html
    assert "\u22122 stability, 1 book " in html and not HYPHEN_MINUS.search(html)
    # the widget's line for each nation
    s = scenario({"players": 2, "seats": [{"taken": {"stability": 2}, "books": 1}]})
    first = view_payload(Game.from_state(s), ["human", "human"])["nations"][0]["summary"]
    assert f" · 1 book · 7 VP · strength 0 · stability \u2212{-s.stability(0)} · " in first
    # and the preview of a move that takes stability below zero
    s = scenario({"players": 2, "step": "maintenance.growth"})
    seat = s.current_player() or 0
    upkeep = s.side_of(seat).stability_upkeep
    assert s.stability(seat) == 0 and upkeep > 0
    assert preview_payload(s, Grow(worker="stability"))["pays"] == \
        [f"stability 0 \u2192 \u2212{upkeep}"]


def test_the_widgets_buttons_use_the_same_words() -> None:
    s = _start()
    assert [e["text"] for e in legal_payload(s)] == [describe_move(s, m)
                                                     for m in s.legal_moves()]
    assert all(s.describe(m) == describe_move(s, m) for m in s.legal_moves())


def test_an_option_not_asked_is_given_back_in_the_engines_words() -> None:
    s = _start()
    assert describe_move(s, Choose("slot 9 (nothing)")) == "Slot 9 (nothing)"
    s.apply(Buy("forum"))
    assert describe_move(s, Choose("replace Temple")) == "Replace Temple"
