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
    """The seat's part of the state's JSON (that part alone: the whole names every card
    of every deck, and the lessons' searches read it at every position)."""
    player: dict[str, Any] = state.players[seat].to_json(state.card_id)
    return player


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


# ------------------------------------------------- what went wrong, in words
# Each lesson's ``why``: given the start, the moves up to the one that went wrong and the
# position after it, what that move did and what the task needed instead (None: the
# general words).  The numbers are read off the engine's positions.

def _prior(before: Any, moves: Sequence[Any]) -> Any:
    """The position just before the last of ``moves``."""
    state = before.clone()
    for move in moves[:-1]:
        state.apply(move)
    return state


def _card(state: Any, card_id: str) -> Any:
    return state.comp.cards[state.comp.card_ref[card_id]]


def _slot_card(state: Any, slot: int) -> Any:
    return _card(state, _player(state)["slots"][slot][0])


def _price(state: Any, card_id: str) -> int:
    from ..board.effects import price_of
    return int(price_of(state, 0, state.comp.card_ref[card_id]))


def _production(state: Any) -> list[int]:
    """The learner's net gold, stone, food and books of the next production."""
    from ..board.rules import production_of
    return list(production_of(state, 0))


PRODUCED = ("gold", "stone", "food", "books")


def _amount(n: int, what: str) -> str:
    return f"{n} {what}" if what != "books" or n != 1 else "1 book"


def _effect(prior: Any, move: Any, after: Any, about: str) -> str:
    """What ``move`` did, from ``prior`` to ``after``, in a few words: what it cost, what
    it did to ``about`` (the figure the task is about: strength, stability, food...), and
    when that did not change, what it brought instead."""
    from ..board import Buy, Deploy, Pass, Undeploy
    if isinstance(move, Pass):
        return "passing ends your actions for this round"
    had, has = _player(prior)["res"], _player(after)["res"]
    cost = [_amount(had[r] - has[r], r) for r in ("gold", "stone", "food") if had[r] > has[r]]
    if isinstance(move, Buy):
        did = f"buying {_card(prior, move.card).name}"
    elif isinstance(move, Deploy):
        target = _slot_card(prior, move.slot).name
        did = (f"a worker on the {target}" if move.source == "idle" else
               f"moving a worker from the {_slot_card(prior, int(move.source)).name} to "
               f"the {target}")
    elif isinstance(move, Undeploy):
        did = f"taking a worker back from the {_slot_card(prior, move.slot).name}"
    else:
        said = prior.describe(move)
        did = said[:1].lower() + said[1:]
    changes = [f"cost {' and '.join(cost)}"] if cost else []
    figures = {"strength": (prior.strength(0), after.strength(0)),
               "stability": (prior.stability(0), after.stability(0))}
    made, make = _production(prior), _production(after)
    if about in figures:
        now, then = figures[about]
        moved = then != now
        changes.append(f"gives {then - now} {about}" if then > now else
                       f"takes {now - then} {about} away" if then < now else
                       f"gives no {about}")
    elif about in PRODUCED:
        r = PRODUCED.index(about)
        moved = make[r] != made[r]
        changes.append(f"adds {make[r] - made[r]} {about} to the production" if make[r] > made[r]
                       else f"takes {made[r] - make[r]} {about} from the production"
                       if make[r] < made[r] else f"adds no {about} to the production")
    else:
        moved = False
    if not moved:       # what it brought instead
        gains = [_amount(will - was, r) for r, was, will in zip(PRODUCED, made, make,
                                                                strict=True) if will > was]
        if gains:
            changes.append(f"adds {' and '.join(gains[:2])} to each production")
        for figure, (now, then) in figures.items():
            if figure != about and then != now:
                changes.append(f"gives {then - now} {figure}" if then > now else
                               f"takes {now - then} {figure} away")
    return f"{did} {_joined(changes)}" if changes else did


def _joined(parts: list[str]) -> str:
    return parts[0] if len(parts) == 1 else f"{', '.join(parts[:-1])} and {parts[-1]}"


def _why_grow(before: Any, moves: Sequence[Any], after: Any) -> str | None:
    move = moves[-1]
    if getattr(move, "bonus", None):
        gained = _player(after)["res"][move.bonus] - _player(before)["res"][move.bonus]
        return (f"it gives {gained} {move.bonus} but no worker, and "
                "the task is a new worker. Take a worker from the section that keeps your "
                "stability.")
    was, now = before.stability(0), after.stability(0)
    if now < was:
        return (f"that worker lowers your stability from {was} to {now} for as long as it "
                "is out, and the task is a new worker with your stability kept. The other "
                "section's worker eats food instead.")
    return None


def _why_military(before: Any, moves: Sequence[Any], after: Any) -> str | None:
    from ..board import Buy
    prior, move = _prior(before, moves), moves[-1]
    gold = _player(after)["res"]["gold"]
    cheapest = min((_price(prior, c) for row in _player_board(prior) for c in row
                    if c in MILITARY), default=None)
    if isinstance(move, Buy) and move.card not in MILITARY:
        card = _card(prior, move.card)
        left = (f" and leaves {gold} gold, too little for the military card" if
                cheapest is not None and gold < cheapest else "")
        return (f"{card.name} is a {card.type} card, not a military one{left}. The task is "
                "the military card your gold buys.")
    effect = _effect(prior, move, after, "")
    return (f"{effect}, but the task is buying a military card; a worker can go on it "
            "once it is yours.")


def _player_board(state: Any) -> list[list[str]]:
    board: list[list[str]] = state.to_json()["board"]
    return [[c for c in row if isinstance(c, str)] for row in board]


def _why_hispania(before: Any, moves: Sequence[Any], after: Any) -> str | None:
    prior, move = _prior(before, moves), moves[-1]
    effect = _effect(prior, move, after, "strength")
    if after.current_player() != 0:
        return f"{effect}, before Hispania was yours: buy it before you pass."
    me = _player(after)
    gold, stone, price = me["res"]["gold"], me["res"]["stone"], _price(before, "hispania")
    if gold < price:
        return (f"{effect}, leaving {gold} gold, and Hispania costs {price}: it can no "
                "longer be bought. Keep the gold for Hispania; the strength comes from "
                "workers on the Axeman.")
    axeman = [card for card, _workers in me["slots"]].index("a-axeman")
    per_worker = _card(after, "a-axeman").per_worker[4]
    cost = _card(after, "a-axeman").deploy_cost
    others = me["idle"] + sum(w for k, (_c, w) in enumerate(me["slots"]) if k != axeman)
    more = min(others, stone // cost if cost else others)
    reach = after.strength(0) + per_worker * more
    needed = _card(after, "hispania").requirement
    if reach < needed:
        return (f"{effect}. Hispania needs {needed} strength, and only workers on the "
                f"Axeman give it ({per_worker} each, {cost} stone to put each there): with "
                f"{stone} stone left you can reach {reach} strength, not {needed}.")
    return None


def _why_food(before: Any, moves: Sequence[Any], after: Any) -> str | None:
    prior, move = _prior(before, moves), moves[-1]
    effect = _effect(prior, move, after, "food")
    food = _player(after)["res"]["food"]
    net = _production(after)[2]
    if food + net < 0:
        short = -(food + net)
        return (f"{effect}, but the task needs food: with {food} food and {net:+d} food "
                f"from the production (your worker from the food section eats its 3), you "
                f"would be {short} food short and lose {short} VP and "
                f"{_amount(short, 'books')}. A worker on a card that yields food, or a card "
                "that gives food, covers it.")
    start, end = _player(before)["res"], _player(run_out_actions(after))["res"]
    lost = [_amount(start[r] - end[r], r) for r in ("vp", "books") if end[r] < start[r]]
    if lost:
        return (f"{effect}; the production is fed, but the round's end would still cost "
                f"you {' and '.join(lost).replace('vp', 'VP')} (less food or stability than "
                "the round asks). The task is a round with nothing lost: change only what "
                "feeds the production.")
    return None


def _why_stability(before: Any, moves: Sequence[Any], after: Any) -> str | None:
    prior, move = _prior(before, moves), moves[-1]
    effect = _effect(prior, move, after, "stability")
    if after.current_player() != 0:
        return (f"{effect}, with your stability at {after.stability(0)}: the production "
                "comes with it below 0.")
    return (f"{effect}. Your stability is {after.stability(0)} and has to reach 0 within "
            "the three actions (taking a worker back is free); after this, the stone and "
            "actions left cannot bring it there. Stability comes from workers on cards that "
            "give it, and from taking workers off cards that cost it.")


def _why_strength(before: Any, moves: Sequence[Any], after: Any) -> str | None:
    prior, move = _prior(before, moves), moves[-1]
    effect = _effect(prior, move, after, "strength")
    war = after.to_json()["war"]          # [card, strength, buyer] or None
    need = war[1] if war else 0
    return (f"{effect}: your strength is {after.strength(0)} and the war's is {need}, and "
            "the task is to reach it with one action. Strength comes from workers on "
            "military cards.")


def _why_wonder(before: Any, moves: Sequence[Any], after: Any) -> str | None:
    prior, move = _prior(before, moves), moves[-1]
    effect = _effect(prior, move, after, "")
    me = _player(after)
    wonder = me["wonder"]                          # [card, sections built] or None
    if wonder is None:
        return None
    stages = _card(after, wonder[0]).stages
    needed = sum(stages[wonder[1]:])
    left = len(stages) - wonder[1]
    stone = me["res"]["stone"]
    if after.current_player() != 0:
        return (f"{effect}, with {_card(after, wonder[0]).name} unfinished: a wonder under "
                "construction scores nothing at the end.")
    return (f"{effect}, and {stone} stone is left where the {left} sections still to build "
            f"need {needed}: {_card(after, wonder[0]).name} can no longer be finished.")


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
        why=_why_grow,
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
        why=_why_military,
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
        why=_why_hispania,
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
        why=_why_food,
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
        task="Your stability is -4 and your rival has passed, so you may act several times "
             "(three actions here; taking a worker back is free). Bring your stability to 0 "
             "or more before the production.",
        hint="The Immortal's worker lowers your stability and each worker on the Ziggurat "
             "adds 2: two workers on the Ziggurat do it, one of them the Immortal's.",
        show_me=({"type": "deploy", "slot": 4, "source": "2"},
                 {"type": "deploy", "slot": 4, "source": "idle"}),
        check=_stable,
        well_done="Stability 0 or more: no revolt this round.",
        max_moves=3,
        why=_why_stability,
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
        task="Your rival bought a war at 5 strength; you have 3. With one action, reach 5 "
             "so that the war does not defeat you.",
        hint="Each worker on the Hoplite gives 3 strength: add one there.",
        show_me=({"type": "deploy", "slot": 2, "source": "idle"},),
        check=_strong_enough,
        well_done="6 strength: the war cannot touch you.",
        why=_why_strength,
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
        max_moves=3,
        why=_why_wonder,
        notebook="7. Books and the end of the game",
    ),
)

__all__ = ["AGE1", "BOARD_LESSONS", "run_out_actions"]
