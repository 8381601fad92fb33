"""The dice game's lessons (Nations: The Dice Game), in teaching order.

Texts are the project's own; the numbers (prices, dice, thresholds) are the rulebook's and
the engine's.  Every position is built by :func:`nations_widget.dice.scenario`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .lesson import Lesson

#: the age-1 progress board the lessons use: columns of three tiles, the 1-price row first
#: (Sun Tzu, Confucius, Harbor / Egypt, Nubia, Gaul / Academy, Granary, Pyramids)
AGE1 = [["t1-07", "t1-08", "t1-06"], ["t1-09", "t1-10", "t1-12"], ["t1-04", "t1-05", "t1-15"]]
#: each tile of AGE1 with its price (its row) and what it is bought with
PRICES = {tile: row + 1 for column in AGE1 for row, tile in enumerate(column)}
STRENGTH_TILES = {"t1-09", "t1-10", "t1-12"}


def used(face: str, colour: str = "white") -> dict[str, Any]:
    """A die already spent this round."""
    return {"colour": colour, "face": face, "used": True}


def _move(moves: Sequence[Any], index: int = 0) -> dict[str, Any]:
    return dict(moves[index].to_json()) if len(moves) > index else {}


def _dice_showing(state: Any, seat: int, resource: int) -> set[int]:
    return {d for d in state.unused_dice(seat) if state.face(d)[resource] > 0}


# ---------------------------------------------------------------- the checks
def _books_possible(before: Any) -> int:
    """The most books the learner can add to the track in this books step."""
    best = 0
    for move in before.legal_moves():
        trial = before.clone()
        trial.apply(move)
        best = max(best, trial.players[0].books - before.players[0].books)
    return best


def _most_books(before: Any, moves: Sequence[Any], after: Any) -> bool:
    """Every book the learner could add this step was added."""
    best = _books_possible(before)
    return bool(after.players[0].books - before.players[0].books >= best > 0)


def _bought_dearest_gold(before: Any, moves: Sequence[Any], after: Any) -> bool:
    move = _move(moves)
    return move.get("type") == "buy" and move.get("tile") not in STRENGTH_TILES \
        and PRICES.get(str(move.get("tile")), 0) == 2


def _rerolled_non_gold(before: Any, moves: Sequence[Any], after: Any) -> bool:
    move = _move(moves)
    if move.get("type") != "reroll":
        return False
    unused = set(before.unused_dice(0))
    return set(move["dice"]) == unused - _dice_showing(before, 0, 0)


def _bought_colony(before: Any, moves: Sequence[Any], after: Any) -> bool:
    move = _move(moves)
    return move.get("type") == "buy" and move.get("tile") in STRENGTH_TILES


def _fed(before: Any, moves: Sequence[Any], after: Any) -> bool:
    return bool(after.players[0].vp_famine > before.players[0].vp_famine)


def _won_war(before: Any, moves: Sequence[Any], after: Any) -> bool:
    return bool(after.players[0].vp_war > before.players[0].vp_war)


def _built_wonder(before: Any, moves: Sequence[Any], after: Any) -> bool:
    return len(after.players[0].wonders) > len(before.players[0].wonders)


# ------------------------------------------------- what went wrong, in words
# Each lesson's ``why``: given the start, the moves up to the one that went wrong and the
# position after it, what that move did and what the task needed instead (None: the
# general words).  Names and numbers are read off the engine's positions.

def _tile(state: Any, tile_id: object) -> Any:
    comp = state.comp
    return comp.tiles[comp.tile_ref[str(tile_id)]]


def _count(n: int, what: str) -> str:
    return f"{n} {what}{'' if n == 1 else 's'}"


def _spent_action(move: dict[str, Any]) -> str | None:
    """Why a reroll, a pass or a build is not the purchase a lesson asks for (None for a
    purchase: the lesson's own words say what was wrong with it)."""
    kind = move.get("type")
    if kind == "reroll":
        return "a reroll is your action for this turn, and the dice it rolls again may come " \
               "up worse"
    if kind == "pass":
        return "passing ends your actions for the round, with what you hold unspent"
    if kind == "build":
        return "building your wonder is your action for this turn"
    return None


def _why_books(before: Any, moves: Sequence[Any], after: Any) -> str | None:
    gained = after.players[0].books - before.players[0].books
    best = _books_possible(before)
    if gained >= best:
        return None
    return (f"it adds {_count(gained, 'book')} to your track, and {best} could be added: "
            "every unused die showing a book and every book chit you hold count, and "
            "nothing is gained by keeping them.")


def _purchase(moves: Sequence[Any], task: str) -> tuple[dict[str, Any] | None, str | None]:
    """For a lesson whose task is a purchase: the last move, when it is one, else the words
    for the action taken instead (``task``: what the lesson asks, said after them)."""
    move = _move(moves, len(moves) - 1)
    spent = _spent_action(move)
    if spent is not None:
        return None, f"{spent}; the task is {task}."
    return (move if move.get("type") == "buy" else None), None


def _why_buy_gold(before: Any, moves: Sequence[Any], after: Any) -> str | None:
    move, instead = _purchase(moves, "a purchase with the gold you hold now")
    if move is None:
        return instead
    tile = _tile(before, move.get("tile"))
    price = PRICES.get(str(move.get("tile")), 0)
    gold = sum(before.face(d)[0] for d in before.unused_dice(0)) + before.chits_of(0, 0)
    if move.get("tile") in STRENGTH_TILES:
        return (f"{tile.name} is a colony, paid in strength; the task is the dearest tile "
                f"paid in gold, and you hold {gold} gold.")
    # (the engine offers payments of the price exactly: nothing is overpaid)
    if price < gold:
        return (f"{tile.name} costs {price} gold, and you hold {gold}: the task is the "
                f"dearest tile your gold pays for, a {gold}-gold one.")
    return None


def _why_reroll(before: Any, moves: Sequence[Any], after: Any) -> str | None:
    move = _move(moves, len(moves) - 1)
    if move.get("type") != "reroll":
        spent = _spent_action(move) or "that spends your action for this turn"
        return (f"{spent}; the task is to keep your gold dice and roll the others "
                "again, saving for a 3-gold tile.")
    rolled = set(move.get("dice", ()))
    unused = set(before.unused_dice(0))
    gold_dice = _dice_showing(before, 0, 0)
    parts = []
    lost = len(rolled & gold_dice)
    if lost:
        parts.append(f"it rolls again {_count(lost, 'die')} showing gold, which you were "
                     "saving")
    kept = len(unused - gold_dice - rolled)
    if kept:
        parts.append(f"it keeps {_count(kept, 'die')} that show no gold and will not help "
                     "pay for the tile")
    if not parts:
        return None
    return " and ".join(parts) + ". Roll again exactly the dice that do not show gold."


def _why_colony(before: Any, moves: Sequence[Any], after: Any) -> str | None:
    move, instead = _purchase(moves, "a colony bought with your strength dice")
    if move is None:
        return instead
    tile = _tile(before, move.get("tile"))
    return (f"{tile.name} is paid in {tile.currency}, not strength: the colonies are the "
            "tiles paid in strength, and strength is spent on nothing else before the war.")


def _why_declined(resource: str, step: str) -> Any:
    """The ``why`` of a lesson whose wrong move is declining to pay the event's ``resource``
    (feeding the people, the war)."""
    def why(before: Any, moves: Sequence[Any], after: Any) -> str | None:
        move = _move(moves, len(moves) - 1)
        if move.get("payment") is not None:
            return None
        spec = before.event_spec
        need = spec.famine if resource == "food" else spec.war
        age = before.round
        return (f"declining the {step} scores nothing this round, and paying its {need} "
                f"{resource} would score {age} VP: count your dice and chits"
                + (", and trades (two unused dice for one food)," if resource == "food"
                   else " (strength is never traded)") + " before you decline.")
    return why


def _why_wonder(before: Any, moves: Sequence[Any], after: Any) -> str | None:
    move = _move(moves, len(moves) - 1)
    if move.get("type") == "build":
        return None
    wonder = before.players[0].wonder
    name = before.comp.tiles[wonder].name if wonder is not None and wonder >= 0 else "your wonder"
    spent = _spent_action(move) or "that spends your action for this turn"
    return (f"{spent}, and this is the last round: a wonder still under construction "
            f"({name}) scores no VP, and its stone is on your dice already (two dice trade "
            "for one stone).")


DICE_LESSONS: tuple[Lesson, ...] = (
    Lesson(
        key="dice-round", game="dice", topic="round", title="One round, step by step",
        explanation=(
            "A game is four rounds, one per age. In each round everybody first takes "
            "actions in turn (reroll, buy a tile, build your wonder, or pass) until all have "
            "passed. Then come three steps in reverse player order: books, famine and war "
            "(the new player order is set between famine and war by unused strength).",
            "In the books step each book shown by your unused dice and chits moves you one "
            "step up the book track. More books than another player is worth VP at once: "
            "1 VP per player behind you (2 VP in a two-player game).",
        ),
        scenario={"players": 2, "seed": 2, "order": [0, 1], "step": "books",
                  "automate": False, "current": 0, "board": AGE1,
                  "seats": [{"books": 2, "chits": {"book": 1},
                             "dice": ["white:book", "white:book", "white:strength",
                                      "white:gold", used("gold")]},
                            {"dice": ["white:food", "white:gold", used("food"),
                                      used("food"), used("food")]}]},
        task="Everybody has passed: it is the books step. Add every book you can to your "
             "track.",
        hint="Two of your dice show a book, and you hold a book chit: use all three.",
        show_me=({"type": "books", "dice": [0, 1], "chits": 1},),
        check=_most_books,
        why=_why_books,
        well_done="Three books: you move from 2 to 5 on the track.",
        notebook="2. The round",
    ),
    Lesson(
        key="dice-buy", game="dice", topic="buying", title="Buying a tile",
        explanation=(
            "On your turn you take one action. Buying a tile is the usual one: its row on "
            "the progress board is its price, 1, 2 or 3. Advisors, buildings and wonders "
            "are paid in gold, colonies in strength, from your unused dice and chits.",
            "What you pay with goes to the used area until the next round, and there is "
            "no change: three gold on a 2-gold tile is simply spent.",
        ),
        scenario={"players": 2, "seed": 5, "order": [0, 1], "board": AGE1,
                  "automate": False,
                  "seats": [{"dice": ["white:gold", "white:strength", used("food"),
                                      used("book"), used("stone")],
                             "chits": {"gold": 1, "reroll": 1}}]},
        task="Buy the dearest tile your gold can pay for.",
        hint="Your gold die and your gold chit make 2 gold: look in the 2-gold row, at a "
             "tile paid in gold (not a colony).",
        show_me=({"type": "buy", "tile": "t1-08",
                  "payment": {"dice": [0], "chits": 1, "trades": []}},),
        check=_bought_dearest_gold,
        why=_why_buy_gold,
        well_done="Two gold spent on a 2-gold tile: nothing wasted.",
        notebook="4. Actions: reroll, buy, build, or pass",
    ),
    Lesson(
        key="dice-reroll", game="dice", topic="dice", title="Rerolling dice",
        explanation=(
            "A reroll chit lets you roll again any of your unused dice: it is an action, "
            "and the chit goes to the used area. The dice you keep stay as they are.",
            "Every nation starts with one reroll chit; advisors bring more.",
        ),
        scenario={"players": 2, "seed": 5, "order": [0, 1], "board": AGE1,
                  "automate": False,
                  "seats": [{"dice": ["white:gold", "white:gold", "white:book",
                                      "white:food", "white:stone"],
                             "chits": {"gold": 0, "reroll": 1},
                             "chits_used": {"gold": 1}}]},
        task="You are saving for a 3-gold tile. Keep both gold dice and reroll all the "
             "others.",
        hint="Select the three dice that do not show gold, then Reroll.",
        show_me=({"type": "reroll", "dice": [2, 3, 4]},),
        check=_rerolled_non_gold,
        why=_why_reroll,
        well_done="The gold stays, and the three others get another chance.",
        notebook="4. Actions: reroll, buy, build, or pass",
    ),
    Lesson(
        key="dice-colony", game="dice", topic="buying", title="Strength buys colonies",
        explanation=(
            "Colonies are the tiles paid in strength instead of gold. Many give a chit at "
            "once, and every colony counts its VP at the end.",
            "Any two unused dice can stand in for one gold, stone or food, but never for "
            "strength or books.",
        ),
        scenario={"players": 2, "seed": 5, "order": [0, 1], "board": AGE1,
                  "automate": False,
                  "seats": [{"dice": ["white:strength", "white:strength", "white:food",
                                      used("book"), used("stone")],
                             "chits": {"gold": 0, "reroll": 0},
                             "chits_used": {"gold": 1, "reroll": 1}}]},
        task="Use your strength: buy a colony.",
        hint="Colonies sit in the middle column; your two strength dice pay up to 2.",
        show_me=({"type": "buy", "tile": "t1-10",
                  "payment": {"dice": [0, 1], "chits": 0, "trades": []}},),
        check=_bought_colony,
        why=_why_colony,
        well_done="A colony, bought with strength.",
        notebook="6. The four kinds of tiles",
    ),
    Lesson(
        key="dice-famine", game="dice", topic="food", title="Famine",
        explanation=(
            "After the books, each player may feed their people: pay at least the food "
            "named on the round's event, from dice, chits and trades (two dice for one "
            "food). Paying scores as many VP as the round's number; paying less scores "
            "nothing.",
        ),
        scenario={"players": 2, "seed": 2, "order": [0, 1], "step": "famine", "round": 2,
                  "event": "e2-2", "automate": False, "current": 0,
                  "seats": [{"dice": ["white:food", "white:food", "white:strength",
                                      "white:book", used("gold")]},
                            {"dice": ["white:food", "white:gold", used("food"),
                                      used("food"), used("food")]}]},
        task="Round 2: the event asks for 3 food. Feed your people.",
        hint="Two food dice make 2; trade your strength and book dice for the third food.",
        show_me=({"type": "feed",
                  "payment": {"dice": [0, 1], "chits": 0, "trades": [[2, 3]]}},),
        check=_fed,
        why=_why_declined("food", "famine"),
        well_done="Fed: 2 VP in round 2.",
        notebook="8. Famine",
    ),
    Lesson(
        key="dice-war", game="dice", topic="war", title="War",
        explanation=(
            "Last step of the round: each player may pay the event's strength, from dice "
            "and chits (strength is never traded). Paying wins the round's war VP, the "
            "round's number; the others lose nothing but the chance.",
            "Before the war the player order is set again: most unused strength first.",
        ),
        scenario={"players": 2, "seed": 2, "order": [0, 1], "step": "war", "round": 1,
                  "event": "e1-3", "automate": False, "current": 0,
                  "seats": [{"dice": ["white:strength", "white:strength", "white:strength",
                                      "white:book", used("gold")],
                             "chits": {"strength": 1}},
                            {"dice": ["white:food", "white:gold", used("food"),
                                      used("food"), used("food")]}]},
        task="The war asks for 4 strength. Win it.",
        hint="Three strength dice and your strength chit make 4: pay them all.",
        show_me=({"type": "fight",
                  "payment": {"dice": [0, 1, 2], "chits": 1, "trades": []}},),
        check=_won_war,
        why=_why_declined("strength", "war"),
        well_done="War won: 1 VP in round 1.",
        notebook="10. War",
    ),
    Lesson(
        key="dice-end", game="dice", topic="end", title="The last round",
        explanation=(
            "After the war of round 4 the game ends: to the VP scored in the rounds "
            "(books, famine, war) each player adds the VP printed on their tiles, a wonder "
            "only once built. The most VP wins; a tie goes to the player earlier in the "
            "order.",
            "A bought wonder waits under construction until you pay its stone: that is an "
            "action of its own, and two dice still trade for one stone.",
        ),
        scenario={"players": 2, "seed": 7, "order": [0, 1], "round": 4, "automate": False,
                  "seats": [{"wonder": "t1-15",
                             "dice": ["white:stone", "white:stone", "white:food",
                                      "white:food", used("gold")],
                             "chits": {"gold": 0, "reroll": 0},
                             "chits_used": {"gold": 1, "reroll": 1}}]},
        task="Round 4, your last chance: the Pyramids are under construction (3 stone). "
             "Build them so that their VP count.",
        hint="Two stone dice, and your two food dice traded for the third stone.",
        show_me=({"type": "build",
                  "payment": {"dice": [0, 1], "chits": 0, "trades": [[2, 3]]}},),
        check=_built_wonder,
        why=_why_wonder,
        well_done="Built: the Pyramids' VP count at the end.",
        notebook="11. The end of the game",
    ),
)

__all__ = ["AGE1", "DICE_LESSONS"]
