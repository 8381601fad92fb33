"""A move in words: the one describer of the board game's moves.

The widget's move buttons and the coach's lines (``"<move>: wins 58% of simulations"``)
both show :func:`describe_move`, so a move reads the same wherever a player meets it.  The
words name what the move costs with its resource ("for 2 gold", "for 1 stone"), the card a
new card replaces, and never one of the engine's slot numbers (0-4: a player counts from 1,
so an empty slot is "empty slot 3" for the engine's slot 2); a text holds no colon, since
the coach puts one after it.

>>> from nations_widget.board import Game, Grow
>>> game = Game(players=2, seed=1)
>>> describe_move(game.state, Grow(bonus="gold"))
'Take 3 gold instead of a worker'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .constants import BATTLE_TAKES
from .decisions import (
    BattleSpoils,
    EffectChoice,
    EventPick,
    GoldenAgeChoice,
    LoseOther,
    PlaceAdvisor,
    PlaceBm,
    PlaceColony,
    PlaceWonder,
    SideChoice,
    TilePick,
)
from .effects import pending_question, price_of
from .moves import Buy, Choose, Deploy, Grow, Hire, Move, Pass, Special, Undeploy
from .rules import (
    current_player,
    decision_options,
    deploy_cost,
    effect_outcome,
    golden_options,
)
from .state import StateData
from .vocabulary import (
    BuyFree,
    ChooseOne,
    DeployFree,
    HireFree,
    May,
    Outcome,
    Remove,
    ReturnWorkers,
    SwapBoardCards,
    TakeWorkers,
    UndeployFor,
)
from .words import count_text, describe

__all__ = ["describe_move"]


def describe_move(s: StateData, move: Move) -> str:
    """``move`` (legal in ``s``) in words, for the seat to act, with what it costs:
    "Buy Colosseum (building) for 2 gold", "Deploy a worker on Quarry for 1 stone",
    "Replace Axeman with Colosseum", ...  A move of no seat (the game is over) is its
    short form."""
    seat = current_player(s)
    if seat is None:
        return str(move)
    if isinstance(move, Pass):
        return "Pass (no more actions this round)"
    if isinstance(move, Grow):
        if move.bonus is not None:
            amount = s.comp.difficulty[s.config.difficulty[seat]]
            return f"Take {amount} {move.bonus} instead of a worker"
        return _take_worker(s, seat, move.worker or "")
    if isinstance(move, Choose):
        return _answer(s, move.option)
    if isinstance(move, Buy):
        ref = s.comp.card_ref[move.card]
        card = s.comp.cards[ref]
        return f"Buy {card.name} ({card.type}) {_paying('gold', price_of(s, seat, ref))}"
    p = s.players[seat]
    cards = s.comp.cards
    if isinstance(move, Deploy):
        target = cards[p.bm[move.slot]].name
        cost = _paying("stone", deploy_cost(s, seat, move.slot))
        if move.source == "idle":
            return f"Deploy a worker on {target} {cost}"
        return f"Move a worker from {cards[p.bm[int(move.source)]].name} to {target} {cost}"
    if isinstance(move, Undeploy):
        workers = "a worker" if move.count == 1 else f"{move.count} workers"
        return (f"Take {workers} back from {cards[p.bm[move.slot]].name} "
                "(free, the turn goes on)")
    if isinstance(move, Hire):
        wonder = cards[p.wonder]
        who = "your private architect" if p.private > 0 else "an architect"
        return (f"Hire {who} for {wonder.name}, section {p.built + 1} of "
                f"{len(wonder.stages)}, {_paying('stone', wonder.stages[p.built])}")
    assert isinstance(move, Special)
    return f"Use the action of {_card_name(s, move.card)}"


def _paying(resource: str, amount: int) -> str:
    return f"for {amount} {resource}" if amount else "for free"


def _card_name(s: StateData, card_id: str) -> str:
    ref = s.comp.card_ref.get(card_id, -1)
    return s.comp.cards[ref].name if ref >= 0 else card_id


def _capitalized(text: str) -> str:
    return text[:1].upper() + text[1:]


def _effect_source(s: StateData, d: EffectChoice) -> str:
    """The name of what asks an effect's choice: the event's half or the card."""
    if d.origin == "event":
        return s.comp.events[s.event].halves[d.which].name
    return s.comp.cards[d.which].name


def _take_worker(s: StateData, seat: int, section: str, given_by: str = "") -> str:
    """Taking a worker from the population track: ``section`` "food", "stability" or
    "free" (one returned on top of the track), with what it costs each round;
    ``given_by``: the event or card that gives it (none: growth)."""
    side = s.side_of(seat)
    by = f", given by {given_by}" if given_by else ""
    if section == "food":
        return (f"Take a worker from the food section{by} (it eats {side.food_upkeep} food "
                "each round)")
    if section == "stability":
        return (f"Take a worker from the stability section{by} (it costs "
                f"{side.stability_upkeep} stability)")
    return f"Take the returned worker from the top of the population track{by}"


def _answer(s: StateData, option: str) -> str:
    """An option of the decision asked (the queue's first), in words."""
    options = decision_options(s, s.queue[0]) if s.queue else []
    if option not in options:           # not an answer here: the engine's words as they are
        return _capitalized(option)
    d = s.queue[0]
    return ANSWER_WORDS[type(d)](s, d, options.index(option), option)


def _place_bm_words(s: StateData, d: PlaceBm, index: int, option: str) -> str:
    p, cards = s.players[d.seat], s.comp.cards
    new, old = cards[d.card].name, p.bm[index]
    if old < 0:
        return f"Put {new} in empty slot {index + 1}"
    workers = p.workers[index]
    back = {0: "", 1: " (its worker comes back)"}.get(
        workers, f" (its {workers} workers come back)")
    return f"Replace {cards[old].name} with {new}{back}"


def _replace_words(s: StateData, d: PlaceColony | PlaceAdvisor, index: int,
                   option: str) -> str:
    p, cards = s.players[d.seat], s.comp.cards
    held = p.colonies if isinstance(d, PlaceColony) else p.advisors
    return f"Replace {cards[held[index]].name} with {cards[d.card].name}"


def _place_wonder_words(s: StateData, d: PlaceWonder, index: int, option: str) -> str:
    p, cards = s.players[d.seat], s.comp.cards
    new = cards[d.card].name
    free = len(p.wonders) < s.side_of(d.seat).wonder_slots
    if free and index == 0:
        return f"Put {new} in an empty wonder space"
    return f"Replace {cards[p.wonders[index - (1 if free else 0)]].name} with {new}"


def _battle_words(s: StateData, d: BattleSpoils, index: int, option: str) -> str:
    return f"Take {count_text(BATTLE_TAKES[index], d.raid)} from {s.comp.cards[d.card].name}"


def _golden_words(s: StateData, d: GoldenAgeChoice, index: int, option: str) -> str:
    return _golden(s, d.seat, d.card, index)


def _lose_other_words(s: StateData, d: LoseOther, index: int, option: str) -> str:
    return f"Give up 1 {option}"


def _effect_words(s: StateData, d: EffectChoice, index: int, option: str) -> str:
    return _effect_answer(s, d, option)


def _pick_event_words(s: StateData, d: EventPick, index: int, option: str) -> str:
    return f"Play the event {s.comp.events[d.events[index]].name}"


def _side_words(s: StateData, d: SideChoice, index: int, option: str) -> str:
    return f"Take {option}"


def _pick_tile_words(s: StateData, d: TilePick, index: int, option: str) -> str:
    tiles = s.comp.solo_tiles
    assert tiles is not None
    return f"Play the solo tile {tiles.tiles[d.tiles[index]].id}"


# The words of a decision's option (its index among the options, and its label), by kind.
ANSWER_WORDS: dict[type, Callable[[StateData, Any, int, str], str]] = {
    PlaceBm: _place_bm_words, PlaceColony: _replace_words, PlaceAdvisor: _replace_words,
    PlaceWonder: _place_wonder_words, BattleSpoils: _battle_words,
    GoldenAgeChoice: _golden_words, LoseOther: _lose_other_words,
    EffectChoice: _effect_words, EventPick: _pick_event_words, SideChoice: _side_words,
    TilePick: _pick_tile_words,
}


def _golden(s: StateData, seat: int, ref: int, index: int) -> str:
    """A golden age's option: its resource, or 1 VP paid in a mix of resources."""
    name = s.comp.cards[ref].name
    _, change = golden_options(s, seat, ref)[index]
    if change[4] == 0:
        taken = next(r for r, v in enumerate(change) if v > 0)
        return f"Take {count_text(taken, change[taken])} from {name}"
    paid = [count_text(r, -v) for r, v in enumerate(change[:4]) if v < 0]
    if not paid:
        return f"Take 1 VP from {name} at no cost"
    return f"Buy 1 VP from {name} for {' + '.join(paid)}"


def _effect_answer(s: StateData, d: EffectChoice, option: str) -> str:
    """An option of a card's or an event's choice, named by what asks it."""
    seat = d.seat
    p = s.players[seat]
    cards = s.comp.cards
    need = pending_question(s, seat, effect_outcome(s, d), list(d.answers))
    if need is None or option not in need.options:
        return _capitalized(option)
    key = need.keys[need.options.index(option)]
    about = need.about
    if isinstance(about, TakeWorkers):
        # named after the event or card that gives it: in the log it read as a growth
        # choice ("Take a worker from the food section, given by Han dynasty (...)")
        return _take_worker(s, seat, option, given_by=_effect_source(s, d))
    if isinstance(about, ReturnWorkers):
        if need.part == "source":
            where = "the resource area" if key == 0 else cards[p.bm[key - 1]].name
            return f"Return a worker from {where} to the population track"
        if option == "top":
            return "Put it on top of the population track"
        return f"Put it back in the {option} section"
    if isinstance(about, (UndeployFor, DeployFree)):
        if key == 0:
            return "Done (no more workers)"
        name = cards[p.bm[key - 1]].name
        if isinstance(about, DeployFree):
            return f"Deploy a worker on {name} for free"
        return f"Take a worker off {name} ({_outcome_words(about.each)})"
    if isinstance(about, HireFree):
        wonder = cards[p.wonder].name
        if key == 0:
            return f"Hire no architect for {wonder}"
        return f"Hire {key} architect{'s' if key > 1 else ''} for {wonder} for free"
    if isinstance(about, BuyFree):
        card = cards[key]
        return f"Buy {card.name} ({card.type}) for free"
    if isinstance(about, Remove):
        return f"Remove {cards[key].name}"
    if isinstance(about, SwapBoardCards):
        name = cards[s.board[key]].name
        if need.part == "first":
            return f"Swap {name} with another card of the progress board"
        return f"Swap it with {name}"
    if isinstance(about, May):
        return f"Yes, {_outcome_words(about.inner)}" if key == 1 else "No"
    if isinstance(about, ChooseOne):
        return _capitalized(_outcome_words(about.options[key]))
    return _capitalized(option)


def _outcome_words(o: Outcome | None) -> str:
    """An outcome in the words of the engine's description (which labels the options), in
    its reading form (counts that agree with their number, a true minus sign) and without
    its colons: a coach line puts one after the move's words."""
    return (describe(o, reading=True).replace("every other nation: ", "make every other nation ")
            .replace(" workers: ", " workers, "))
