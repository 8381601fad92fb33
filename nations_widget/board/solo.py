"""The 1-player variant: a shadow opponent driven by solo event tiles and a six-sided die.

The rulebook's solo game, as this engine plays it (DESIGN.md, "Solo mode"):

- instead of an event card, a tile of the current age is drawn each round: the shadow's
  strength and stability for the round, the books it adds to its total, the round's
  architects, the famine, and what a roll of 5 or 6 changes;
- after each of the player's actions except deploying a worker on a building, and before the
  player's first turn when the shadow is first in player order, the die is rolled (from the
  state's generator: undo never rerolls): 1-4 clears that column of the progress board (the
  shadow "buys" the cheapest war in it, at its current strength, unless a war was bought
  this round), 5-6 applies the tile's change for that number;
- every comparison is made with the shadow's current values; where it has none, the player
  wins (most of anything, passed first);
- the shadow is not affected by wars; at the end of the round the player gains 1 VP for
  more stability than the shadow, else loses 1 VP; at the end of an age, 3 VP for more books
  than the shadow (instead of the multi-player book ranking);
- at the end, the score's title in the Hall of Fame.

The tiles' values are in no source the project has: ``data/solo_tiles.json`` is a
reconstruction (``reconstruction: true``, shown by the state's view and picture);
:func:`load_solo_tiles` reads a file of the real ones in the same format.
"""

from __future__ import annotations

from typing import Any

from .components import (
    SoloTile,
    SoloTiles,
    load_solo_tiles,
    packaged_solo_tiles,
    parse_solo_tiles,
    with_solo_tiles,
)
from .constants import NO_VALUE, SHADOW, SHADOW_FIGURES, TRACK_MAX_STRENGTH
from .decisions import TilePick
from .in_play import modifier_effects
from .scoring import stability_rank_value, stability_track, strength_track
from .state import StateData, columns, rng_of, tile_of
from .words import Log, counted, level_text, note

HALL_OF_FAME: tuple[tuple[int, str], ...] = (
    (70, "Trajan"), (60, "Ashoka"), (55, "Wu Zetian"), (50, "Saladin"), (45, "Victoria"),
    (40, "Charles V"), (35, "Cleopatra"), (30, "Pericles"), (25, "Darius III"),
    (20, "Atahualpa"), (15, "Cixi"), (10, "Dan Quayle"))


def hall_of_fame(score: int) -> str | None:
    """The Hall of Fame title a solo score earns (None below the lowest)."""
    return next((title for least, title in HALL_OF_FAME if score >= least), None)


def shadow_value(s: StateData, metric: str) -> int:
    """The shadow's value for a ranking metric (NO_VALUE where it has none)."""
    if metric == "strength":
        return min(TRACK_MAX_STRENGTH, max(0, s.shadow[0]))
    if metric == "stability":
        return max(-1, min(15, s.shadow[1]))
    if metric == "books":
        return s.shadow[2]
    return NO_VALUE


def _note(log: Log, s: StateData, text: str, **data: Any) -> None:
    note(log, s, None, "shadow", text, **data)


def draw_tile(s: StateData, log: Log) -> None:
    """The round's tile: from this age's tiles (used ones are reshuffled in when none is
    left); a card with ``event_draw`` lets its owner draw several and pick one."""
    age = (s.round + 1) // 2
    deck = s.tile_decks[age - 1]
    rng = rng_of(s)
    n = 1
    if "event_draw" in s.comp.by_modifier:
        mods = modifier_effects(s, 0, "event_draw")
        if mods:
            n = max(e.amount for e in mods)
    drawn = []
    for _ in range(n):
        if not deck:
            assert s.comp.solo_tiles is not None
            used = [t for t in s.tiles_done if s.comp.solo_tiles.tiles[t].age == age]
            if not used:
                break
            for t in used:
                s.tiles_done.remove(t)
            deck.extend(sorted(used))
            rng.shuffle(deck)
        drawn.append(deck.pop())
    s.rng = rng.state
    if len(drawn) > 1:
        s.queue.append(TilePick(0, tuple(drawn)))
        _note(log, s, f"Player 1 draws {len(drawn)} solo tiles and picks one.")
        return
    start_tile(s, drawn[0], log)


def start_tile(s: StateData, tile_index: int, log: Log) -> None:
    """Place the shadow's strength and stability, add its books (the round summary)."""
    assert s.comp.solo_tiles is not None
    if s.tile >= 0:
        s.tiles_done.append(s.tile)
    s.tile = tile_index
    t = s.comp.solo_tiles.tiles[tile_index]
    s.shadow[0] = t.strength
    s.shadow[1] = t.stability
    s.shadow[2] += t.books
    _note(log, s, f"Solo tile {t.id}: the shadow has {t.strength} strength and "
          f"{level_text(t.stability)} stability and adds {counted(t.books, 'book')} ({s.shadow[2]} "
          f"in all); {counted(t.architects, 'architect')}, famine {t.famine}.", tile=t.id)


def roll(s: StateData, log: Log) -> None:
    """Roll the die for the shadow and carry the result out."""
    rng = rng_of(s)
    face = rng.below(6) + 1
    s.rng = rng.state
    s.last_roll = face
    if face <= 4:
        cols = columns(s)
        col = face - 1
        cells = [r * cols + col for r in range(3) if s.board[r * cols + col] >= 0]
        if not cells:
            _note(log, s, f"The shadow rolls {face}: column {face} is empty.", roll=face)
            return
        cards = s.comp.cards
        wars = [c for c in cells if cards[s.board[c]].type == "war"]
        bought = -1
        if wars and s.war < 0 and s.war_strength < 0:
            # the cheapest: the lowest row's price (row 2 costs 1 gold)
            bought = max(wars)
        names = []
        for cell in cells:
            ref = s.board[cell]
            s.board[cell] = -1
            names.append(cards[ref].name)
            if cell == bought:
                s.war = ref
                s.war_strength = shadow_value(s, "strength")
                s.war_buyer = SHADOW
            else:
                s.discard.append(ref)
        text = f"The shadow rolls {face}: column {face} is cleared ({', '.join(names)})"
        if bought >= 0:
            text += (f"; it takes the war {cards[s.war].name} at strength {s.war_strength}")
        _note(log, s, text + ".", roll=face)
        return
    t = tile_of(s)
    if t is None:
        return
    change = t.rolls[face - 5]
    for i, v in enumerate(change):
        s.shadow[i] += v
    _note(log, s, f"The shadow rolls {face}: " + ", ".join(
        f"{SHADOW_FIGURES[i]} {'up' if v > 0 else 'down'} by {abs(v)}"
        for i, v in enumerate(change) if v)
        + f" (now {level_text(s.shadow[0])} strength, {level_text(s.shadow[1])} stability, "
        f"{counted(s.shadow[2], 'book')}).",
        roll=face)


def player_order(s: StateData, log: Log) -> None:
    """The player against the shadow: strength, then stability, then the previous order."""
    mine = (strength_track(s, 0), stability_rank_value(s, 0))
    theirs = (shadow_value(s, "strength"), shadow_value(s, "stability"))
    if mine != theirs:
        s.shadow_first = theirs > mine
    _note(log, s, "Player order: " + ("the shadow, then Player 1." if s.shadow_first
                                      else "Player 1, then the shadow."))


def stability_vp(s: StateData, log: Log) -> None:
    """+1 VP for more stability than the shadow, else -1 VP."""
    p = s.players[0]
    if stability_track(s, 0) > shadow_value(s, "stability"):
        p.res[4] += 1
        _note(log, s, "Player 1 is more stable than the shadow and scores 1 VP.")
    else:
        lost = p.res[4] > 0
        if lost:
            p.res[4] -= 1
        _note(log, s, "Player 1 is not more stable than the shadow and loses "
              + ("1 VP." if lost else "no VP (none left)."))


def books_vp(s: StateData, log: Log) -> None:
    """End of an age: 3 VP for more books than the shadow."""
    p = s.players[0]
    if p.res[3] > s.shadow[2]:
        p.res[4] += 3
        _note(log, s, f"End of the age: {counted(p.res[3], 'book')} against the shadow's "
              f"{s.shadow[2]}: Player 1 scores 3 VP.")
    else:
        _note(log, s, f"End of the age: {counted(p.res[3], 'book')} against the shadow's "
              f"{s.shadow[2]}: no VP.")


# The solo tiles are data (components); their names stay importable from here.
__all__ = ["HALL_OF_FAME", "SoloTile", "SoloTiles", "hall_of_fame", "load_solo_tiles",
           "packaged_solo_tiles", "parse_solo_tiles", "with_solo_tiles"]
