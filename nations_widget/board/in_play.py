"""Which cards are in force for a nation, and the modifiers that reach it.

Cards in force: advisors, colonies, ready wonders, the side's special card, and buildings
or military with at least one worker.  The lookups search only the places a card of the
index can lie (see :class:`~nations_widget.board.components.Holders`).  Read by the
scoring, the solo shadow, the interpreter and the rules alike.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import chain
from typing import Any

from .components import Holders
from .state import StateData
from .vocabulary import CardEffect


def in_force(s: StateData, seat: int, refs: Holders) -> list[int]:
    """The cards of ``refs`` in force on the seat's board, in :func:`active_cards` order.
    Only the places such cards can lie are searched (see :class:`Holders`), and a list
    that holds none of them is passed over at once."""
    p = s.players[seat]
    out: list[int] = []
    for place in refs.places:
        if place == "bm":
            if not refs.isdisjoint(p.bm):
                out += [c for c, w in zip(p.bm, p.workers, strict=True) if w and c in refs]
        else:
            held: list[int] | tuple[int, ...] = getattr(p, place)
            if not refs.isdisjoint(held):
                out += [c for c in held if c in refs]
    return out


def holding(s: StateData, refs: Holders, seats: Iterable[int]) -> list[int]:
    """The seats among ``seats`` with a card of ``refs`` on their board, in force or not
    (the quick test before :func:`in_force`: usually nobody holds any)."""
    players = s.players
    places = refs.places
    disjoint = refs.isdisjoint
    if len(places) == 1:
        place = places[0]
        return [seat for seat in seats if not disjoint(getattr(players[seat], place))]
    lists = refs.lists
    return [seat for seat in seats if not disjoint(chain.from_iterable(lists(players[seat])))]


def modifier_effects(s: StateData, seat: int, name: str) -> list[CardEffect]:
    """The seat's active modifiers named ``name``."""
    holders = s.comp.by_modifier.get(name)
    if not holders:
        return []
    cards = s.comp.cards
    return [e for ref in in_force(s, seat, holders)
            for e in cards[ref].effects if e.modifier == name and e.applies_to != "others"]


def modifiers_on(s: StateData, seat: int, name: str) -> list[CardEffect]:
    """Modifiers named ``name`` that reach ``seat``: its own (unless they reach only the
    others) and the other nations' that reach all or the others."""
    holders = s.comp.by_modifier.get(name)
    return modifiers_reaching(s, seat, holders, (name,)) if holders else []


def modifiers_on_each(s: StateData, name: str) -> list[list[CardEffect]]:
    """:func:`modifiers_on` for every seat, in one look at the boards."""
    n = len(s.players)
    out: list[list[CardEffect]] = [[] for _ in range(n)]
    holders = s.comp.by_modifier.get(name)
    if not holders:
        return out
    cards = s.comp.cards
    for owner in holding(s, holders, range(n)):
        for ref in in_force(s, owner, holders):
            for e in cards[ref].effects:
                if e.modifier != name:
                    continue
                for seat in range(n):
                    if (owner == seat and e.applies_to != "others") or (
                            owner != seat and e.applies_to in ("all", "others")):
                        out[seat].append(e)
    return out


def modifiers_reaching(s: StateData, seat: int, holders: Holders,
                       names: tuple[str, ...]) -> list[CardEffect]:
    """:func:`modifiers_on` for several modifier ``names`` at once (``holders``: the cards
    with any of them), in one look at the boards."""
    cards = s.comp.cards
    out = []
    for other in holding(s, holders, range(len(s.players))):
        for ref in in_force(s, other, holders):
            for e in cards[ref].effects:
                if e.modifier not in names:
                    continue
                if (other == seat and e.applies_to != "others") or (
                        other != seat and e.applies_to in ("all", "others")):
                    out.append(e)
    return out


def modifier_total(s: StateData, seat: int, name: str) -> int:
    """The sum of ``amount`` of the seat's active modifiers named ``name`` (1 each when a
    modifier has no amount)."""
    return sum(e.amount or 1 for e in modifier_effects(s, seat, name))


def active_cards(s: StateData, seat: int) -> list[int]:
    """Cards whose effects are in force: advisors, colonies, ready wonders, and buildings or
    military with at least one worker ("an empty building or military does nothing")."""
    p = s.players[seat]
    out = [c for c, w in zip(p.bm, p.workers, strict=True) if w]
    out += p.advisors + p.colonies + p.wonders
    if p.specials:
        out += p.specials
    return out


def active_with(s: StateData, seat: int, when: str) -> list[int]:
    """The seat's active cards that have an effect triggered by ``when``."""
    holders = s.comp.by_when.get(when)
    return in_force(s, seat, holders) if holders else []


def private_of(card: Any) -> int:
    """A card's private architects per round: its modifier's amount, or else its figure
    (the two describe the same architects, never both)."""
    mods = [e.amount or 1 for e in card.effects if e.modifier == "private_architects"]
    return sum(mods) if mods else int(card.private_architects)


def private_architects(s: StateData, seat: int) -> int:
    """Private architects this round, from every active card."""
    cards = s.comp.cards
    return sum(private_of(cards[c]) for c in active_cards(s, seat))
