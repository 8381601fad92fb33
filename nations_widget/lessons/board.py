"""The board game's lessons (Nations), in teaching order.

Texts are the project's own; the numbers are the rulebook's and the engine's.  Every
position is built by :func:`nations_widget.board.scenario`, with the base cards and the A
side of the player boards.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .lesson import Lesson

#: the age-1 progress board several lessons use: the 3-gold row first, then 2, then 1
AGE1 = [["forum", "qin-shi-huang", "pyramids", "hunnic-invasions"],
        ["brewery", "hispania", "aeneid", "hoplite"],
        ["aqueduct", "siege-of-troy", "nubia", "ziggurat"]]
#: the military cards of AGE1
MILITARY = {"hoplite"}
#: the event most lessons are played under (no book, food or worker effect on seat 0)
EVENT = "pax-romana--han-dynasty"


def nation(slots: list[tuple[str, int]], **more: Any) -> dict[str, Any]:
    """A seat description: the five slots as (card id, workers) and anything else."""
    return {"slots": [list(s) for s in slots], **more}


def _player(state: Any, seat: int = 0) -> dict[str, Any]:
    players: list[dict[str, Any]] = state.to_json()["players"]
    return players[seat]


def run_out_actions(state: Any) -> Any:
    """A copy of ``state`` after everybody still acting passes (a decision a pass cannot
    answer takes the first legal move), stopped at the next decision after the actions:
    the production has run."""
    from ..board import Pass
    s = state.clone()
    while not s.is_terminal() and s.step == "actions":
        moves = s.legal_moves()
        s.apply(Pass() if Pass() in moves else moves[0])
    return s


# ---------------------------------------------------------------- the checks
def _grew_keeping_stability(before: Any, moves: Sequence[Any], after: Any) -> bool:
    return bool(_player(after)["idle"] > _player(before)["idle"]
                and after.stability(0) >= before.stability(0))


def _bought_military(before: Any, moves: Sequence[Any], after: Any) -> bool:
    slots = {card for card, _workers in _player(after)["slots"]}
    return bool(slots & MILITARY)


def _owns_hispania(before: Any, moves: Sequence[Any], after: Any) -> bool:
    return "hispania" in _player(after)["colonies"]


def _no_food_shortage(before: Any, moves: Sequence[Any], after: Any) -> bool:
    """The production after this turn leaves the learner short of nothing: no book and no
    VP lost (this lesson's event takes neither)."""
    produced = run_out_actions(after)
    start, end = _player(before)["res"], _player(produced)["res"]
    return bool(end["books"] >= start["books"] and end["vp"] >= start["vp"])


def _stable(before: Any, moves: Sequence[Any], after: Any) -> bool:
    return bool(after.stability(0) >= 0)


def _strong_enough(before: Any, moves: Sequence[Any], after: Any) -> bool:
    return bool(after.strength(0) >= 5)


def _wonder_finished(before: Any, moves: Sequence[Any], after: Any) -> bool:
    return len(_player(after)["wonders"]) > len(_player(before)["wonders"])


BOARD_LESSONS: tuple[Lesson, ...] = (
    Lesson(
        key="board-round", game="board", topic="round", title="A round and its growth",
        explanation=(
            "A game is eight rounds, two per age. Each round has three phases: "
            "maintenance (the progress board is renewed, each nation grows, the event "
            "card is turned up), actions (one action per turn until all have passed) and "
            "resolution (production, player order, war, the event, the famine, and books "
            "at the end of each age).",
            "Growing means taking one worker from your population track, or a bonus of 3 "
            "gold, stone or food instead (at Prince level). A worker from the food "
            "section will eat 3 food in every production; one from the stability section "
            "costs 3 stability for as long as it is out.",
        ),
        scenario={"players": 2, "seed": 4, "step": "maintenance.growth", "order": [1, 0],
                  "seats": [nation([("a-temple", 0), ("a-quarry", 0), ("a-axeman", 0),
                                    ("a-farm", 0), ("a-caravan", 2)])]},
        task="Take a new worker without lowering your stability.",
        hint="The worker that costs stability comes from the stability section: take the "
             "other one.",
        show_me=({"type": "grow", "worker": "food"},),
        check=_grew_keeping_stability,
        well_done="A new worker; it will need 3 food in each production.",
        notebook="1. The shape of a round",
    ),
    Lesson(
        key="board-buy", game="board", topic="buying", title="Buying a card",
        explanation=(
            "A card's row on the progress board is its price: 3 gold at the top, 2 in "
            "the middle, 1 at the bottom. Buying one is an action.",
            "Buildings and military go into one of your five slots and work only once a "
            "worker stands on them; advisors, colonies and finished wonders work at once. "
            "A colony also needs its printed strength.",
        ),
        scenario={"players": 2, "seed": 4, "order": [0, 1], "board": AGE1,
                  "event": EVENT, "seats": [{"gold": 2}]},
        task="You have 2 gold and no strength yet. Buy the military card you can afford, "
             "and put it on a slot with no worker.",
        hint="There is one military card in the 2-gold row. After buying it, choose a slot "
             "whose card has no worker on it.",
        show_me=({"type": "buy", "card": "hoplite"},
                 {"type": "choose", "option": "slot 0 (Temple)"}),
        check=_bought_military,
        max_moves=2,
        well_done="A Hoplite: a worker on it will bring strength.",
        notebook="2. Buying cards",
    ),
    Lesson(
        key="board-workers", game="board", topic="workers", title="Workers make cards work",
        explanation=(
            "Deploying a worker is an action: it goes from your resource area (or from "
            "another of your cards) onto a building or military card, and you pay the "
            "stone printed on that card. Strength and stability follow the workers at "
            "once. Taking a worker back is free and is not an action.",
        ),
        scenario={"players": 2, "seed": 4, "order": [0, 1], "passed": [1], "board": AGE1,
                  "event": EVENT,
                  "seats": [nation([("a-temple", 2), ("a-quarry", 1), ("a-axeman", 0),
                                    ("a-farm", 1), ("a-caravan", 0)], gold=2, stone=2)]},
        task="Your rival has passed, so your turns follow one another. Hispania needs 4 "
             "strength and each worker on the Axeman gives 2: end up owning Hispania.",
        hint="Put two workers on the Axeman (one from the resource area, one moved from "
             "another card), then buy Hispania.",
        show_me=({"type": "deploy", "slot": 2, "source": "idle"},
                 {"type": "deploy", "slot": 2, "source": "0"},
                 {"type": "buy", "card": "hispania"}),
        check=_owns_hispania,
        well_done="4 strength from the Axeman, and Hispania is yours.",
        max_moves=3,
        notebook="3. Workers: growth and deployment",
    ),
    Lesson(
        key="board-food", game="board", topic="food", title="Feeding your nation",
        explanation=(
            "Production comes first in the resolution: each worker on a card yields what "
            "the card shows, then every worker taken from the food section eats 3 food. "
            "A nation short of food pays what it has, loses 1 VP and a book per missing "
            "food.",
        ),
        scenario={"players": 2, "seed": 4, "order": [0, 1], "passed": [1], "event": EVENT,
                  "seats": [nation([("a-temple", 0), ("a-quarry", 1), ("a-axeman", 0),
                                    ("a-farm", 0), ("a-caravan", 1)],
                                   food=2, stone=2, books=4, taken={"food": 1})]},
        task="You have 2 food and one worker from the food section to feed (3 food). "
             "Deploy one worker so that the production leaves you short of nothing.",
        hint="The Farm yields food for each worker on it.",
        show_me=({"type": "deploy", "slot": 3, "source": "idle"},),
        check=_no_food_shortage,
        well_done="2 food, 1 from the Farm: the 3 the worker eats, with nothing lost.",
        notebook="4. Production and upkeep",
    ),
    Lesson(
        key="board-stability", game="board", topic="workers", title="Stability and revolt",
        explanation=(
            "Stability is read off your board at every moment: some buildings add to it "
            "per worker, some military and each worker taken from the stability section "
            "(3 each) take from it. Below 0 in the production, your nation revolts: it "
            "loses 1 VP and a book per point below 0.",
        ),
        scenario={"players": 2, "seed": 4, "order": [0, 1], "passed": [1], "event": EVENT,
                  "seats": [nation([("a-temple", 0), ("a-quarry", 1), ("immortal", 1),
                                    ("a-farm", 1), ("ziggurat", 0)],
                                   stone=2, books=6, taken={"stability": 1})]},
        task="Your stability is -4 and your rival has passed, so you may act several times. "
             "Bring your stability to 0 or more before the production.",
        hint="The Immortal's worker lowers your stability and each worker on the Ziggurat "
             "adds 2: two workers on the Ziggurat do it, one of them the Immortal's.",
        show_me=({"type": "deploy", "slot": 4, "source": "2"},
                 {"type": "deploy", "slot": 4, "source": "idle"}),
        check=_stable,
        well_done="Stability 0 or more: no revolt this round.",
        max_moves=3,
        notebook="5. Stability and revolt",
    ),
    Lesson(
        key="board-war", game="board", topic="war", title="War",
        explanation=(
            "A round holds at most one war, bought by anybody; it stays at the buyer's "
            "strength of that moment. In the war step every nation weaker than the war "
            "loses 1 VP and the resources printed on the card (less its stability, if "
            "above 0).",
            "Strength comes from workers on military cards, and counts at every moment.",
        ),
        scenario={"players": 2, "seed": 4, "order": [0, 1], "passed": [1], "event": EVENT,
                  "war": {"card": "hunnic-invasions", "strength": 5, "buyer": 1},
                  "seats": [nation([("a-temple", 0), ("a-quarry", 0), ("hoplite", 1),
                                    ("a-farm", 1), ("a-caravan", 1)], stone=3, food=5)]},
        task="Your rival bought a war at 5 strength; you have 3. Reach 5 so that the war "
             "does not defeat you.",
        hint="Each worker on the Hoplite gives 3 strength: add one there.",
        show_me=({"type": "deploy", "slot": 2, "source": "idle"},),
        check=_strong_enough,
        well_done="6 strength: the war cannot touch you.",
        notebook="6. Player order, war and events",
    ),
    Lesson(
        key="board-end", game="board", topic="end", title="The last round",
        explanation=(
            "After round 8 the game ends: VP tokens, plus the VP of colonies and finished "
            "wonders, plus the VP printed under the workers on your cards, plus 1 VP for "
            "every full 10 of resources, strength and stability together. A wonder under "
            "construction scores nothing.",
            "Hiring an architect is an action: it builds the next section of your wonder "
            "for that section's stone.",
        ),
        scenario={"players": 2, "seed": 4, "round": 8, "order": [0, 1], "passed": [1],
                  "architects": 3,
                  "seats": [{"gold": 0, "stone": 3, "wonder": ["stonehenge", 1]}]},
        task="Round 8: Stonehenge has 1 of its 3 sections built (1 stone each). Finish it "
             "before the game ends.",
        hint="Hire an architect twice.",
        show_me=({"type": "hire"}, {"type": "hire"}),
        check=_wonder_finished,
        well_done="Stonehenge is finished and scores at the end.",
        max_moves=2,
        notebook="7. Books and the end of the game",
    ),
)

__all__ = ["AGE1", "BOARD_LESSONS", "run_out_actions"]
