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

from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..core.envelope import check_header, json_object
from ..core.validate import Checker
from .components import (
    DATA,
    TRACK_MAX_STRENGTH,
    ComponentError,
    Components,
    component_checker,
    named_item,
)
from .effects import counted

if TYPE_CHECKING:
    from ..core.log import LogEntry
    from .state import GameState

Log = list["LogEntry"] | None

SOLO_TILES_FORMAT = "nations-board-solo-tiles"
SHADOW = 1                 # the shadow's index in rankings (after the player's seat 0)
NO_VALUE = -1_000_000      # a category the shadow has no value in: the player wins it
# What the shadow's values are named in a tile and in the state's "shadow" list.
SHADOW_FIGURES = ("strength", "stability", "books")
START_BOOKS = 2            # "The shadow opponent starts with 2 Books"
HALL_OF_FAME: tuple[tuple[int, str], ...] = (
    (70, "Trajan"), (60, "Ashoka"), (55, "Wu Zetian"), (50, "Saladin"), (45, "Victoria"),
    (40, "Charles V"), (35, "Cleopatra"), (30, "Pericles"), (25, "Darius III"),
    (20, "Atahualpa"), (15, "Cixi"), (10, "Dan Quayle"))


@dataclass(frozen=True)
class SoloTile:
    """One solo event tile.  ``rolls``: for a roll of 5 and of 6, the change to the
    shadow's (strength, stability, books)."""

    id: str
    age: int
    architects: int
    famine: int
    strength: int
    stability: int
    books: int
    rolls: tuple[tuple[int, int, int], tuple[int, int, int]]
    note: str = ""


@dataclass(frozen=True)
class SoloTiles:
    tiles: tuple[SoloTile, ...]
    reconstruction: bool
    source: str
    note: str = ""

    def by_age(self, age: int) -> tuple[int, ...]:
        return tuple(i for i, t in enumerate(self.tiles) if t.age == age)


_TILE_FIELDS = ("id", "age", "architects", "famine", "strength", "stability", "books", "rolls")


def _tile(check: Checker, raw: object) -> SoloTile:
    """One tile; ``check`` names its place ("tiles[3]")."""
    check, tile, ident = named_item(check, raw)
    check.fields(tile, _TILE_FIELDS, ("note",))
    rolls = check.mapping(tile["rolls"], "rolls")
    check.fields(rolls, ("5", "6"), where="rolls")
    changes = []
    for face in ("5", "6"):
        here = f"rolls.{face}"
        change = check.mapping(rolls[face], here)
        check.fields(change, (), SHADOW_FIGURES, where=here)
        check.want(bool(change), here, "must change some of " + ", ".join(SHADOW_FIGURES))
        changes.append(tuple(check.integer(change, f, -50, 50, f"{here}.{f}")
                             if f in change else 0 for f in SHADOW_FIGURES))
    return SoloTile(
        id=ident, age=check.integer(tile, "age", 1, 4),
        architects=check.integer(tile, "architects", 0, 9),
        famine=check.integer(tile, "famine", 0, 20),
        strength=check.integer(tile, "strength", 0, 99),
        stability=check.integer(tile, "stability", -20, 99),
        books=check.integer(tile, "books", 0, 50),
        rolls=(changes[0], changes[1]),   # type: ignore[arg-type]
        note=check.string(tile, "note", empty=True) if "note" in tile else "")


def parse_solo_tiles(data: object, name: str) -> SoloTiles:
    """Solo tiles from a file's parsed JSON; errors name the file, the tile and the field:
    "tiles.json: tiles[3] (solo-2a) field 'famine': missing"."""
    check = component_checker(name)
    top = check.mapping(data)
    check_header(top, "solo tiles", SOLO_TILES_FORMAT, 1, error=ComponentError, prefix=name)
    check.fields(top, ("format", "version", "tiles"), ("reconstruction", "note"))
    recon = check.boolean(top, "reconstruction") if "reconstruction" in top else False
    raw_tiles = check.array(top["tiles"], "tiles", what="tiles")
    check.want(bool(raw_tiles), "tiles", "must list the tiles")
    tiles = [_tile(check.at(f"tiles[{i}]"), raw) for i, raw in enumerate(raw_tiles)]
    ids = [t.id for t in tiles]
    twice = next((x for i, x in enumerate(ids) if x in ids[:i]), None)
    check.want(twice is None, "tiles", f"two tiles have the id {twice!r}")
    for age in range(1, 5):
        check.want(any(t.age == age for t in tiles), "tiles", f"no tile of age {age}")
    note = check.string(top, "note", empty=True) if "note" in top else ""
    return SoloTiles(tuple(tiles), recon, name, note)


def load_solo_tiles(path: str | Path) -> SoloTiles:
    """Read solo tiles from a JSON file (the format of ``data/solo_tiles.json``, see
    DESIGN.md); a bad file raises :class:`ComponentError` naming it, the tile and the
    field.  Play with them: ``GameState.new(config, components=with_solo_tiles(tiles))``."""
    name = str(path)
    return parse_solo_tiles(json_object(Path(path).read_bytes(), name, error=ComponentError),
                            name)


def packaged_solo_tiles() -> SoloTiles:
    name = "solo_tiles.json"
    return parse_solo_tiles(json_object((DATA / name).read_bytes(), name,
                                        error=ComponentError), name)


def with_solo_tiles(comp: Components, tiles: SoloTiles) -> Components:
    """The same components with other solo tiles (their own fingerprint: a game saved with
    them loads with them)."""
    from .components import _fingerprint
    blob = [[t.id, t.age, t.architects, t.famine, t.strength, t.stability, t.books,
             list(t.rolls)] for t in tiles.tiles]
    fingerprint = _fingerprint(comp.fingerprint, blob)
    return replace(comp, solo_tiles=tiles, fingerprint=fingerprint,
                   compatible=frozenset({fingerprint}))


def hall_of_fame(score: int) -> str | None:
    """The Hall of Fame title a solo score earns (None below the lowest)."""
    return next((title for least, title in HALL_OF_FAME if score >= least), None)


# ---------------------------------------------------------------------- the shadow
def is_solo(s: GameState) -> bool:
    return s.config.players == 1


def tile_of(s: GameState) -> SoloTile | None:
    tiles = s.comp.solo_tiles
    return None if s.tile < 0 or tiles is None else tiles.tiles[s.tile]


def shadow_value(s: GameState, metric: str) -> int:
    """The shadow's value for a ranking metric (NO_VALUE where it has none)."""
    if metric == "strength":
        return min(TRACK_MAX_STRENGTH, max(0, s.shadow[0]))
    if metric == "stability":
        return max(-1, min(15, s.shadow[1]))
    if metric == "books":
        return s.shadow[2]
    return NO_VALUE


def _note(log: Log, s: GameState, text: str, **data: Any) -> None:
    from .effects import note
    note(log, s, None, "shadow", text, **data)


def draw_tile(s: GameState, log: Log) -> None:
    """The round's tile: from this age's tiles (used ones are reshuffled in when none is
    left); a card with ``event_draw`` lets its owner draw several and pick one."""
    from .effects import modifier_effects
    from .rules import _rng
    age = (s.round + 1) // 2
    deck = s.tile_decks[age - 1]
    rng = _rng(s)
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
        s.queue.append(["pick_tile", 0, drawn])
        _note(log, s, f"Player 1 draws {len(drawn)} solo tiles and picks one.")
        return
    start_tile(s, drawn[0], log)


def start_tile(s: GameState, tile_index: int, log: Log) -> None:
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


def level_text(n: int) -> str:
    """A level that may fall below zero, for the log: with a true minus sign (U+2212), as
    a hyphen before a number would read as a dash."""
    return f"\u2212{-n}" if n < 0 else str(n)


def roll(s: GameState, log: Log) -> None:
    """Roll the die for the shadow and carry the result out."""
    from .rules import _rng, columns
    rng = _rng(s)
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


def player_order(s: GameState, log: Log) -> None:
    """The player against the shadow: strength, then stability, then the previous order."""
    from .scoring import stability_rank_value, strength_track
    mine = (strength_track(s, 0), stability_rank_value(s, 0))
    theirs = (shadow_value(s, "strength"), shadow_value(s, "stability"))
    if mine != theirs:
        s.shadow_first = theirs > mine
    _note(log, s, "Player order: " + ("the shadow, then Player 1." if s.shadow_first
                                      else "Player 1, then the shadow."))


def stability_vp(s: GameState, log: Log) -> None:
    """+1 VP for more stability than the shadow, else -1 VP."""
    from .scoring import stability_track
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


def books_vp(s: GameState, log: Log) -> None:
    """End of an age: 3 VP for more books than the shadow."""
    p = s.players[0]
    if p.res[3] > s.shadow[2]:
        p.res[4] += 3
        _note(log, s, f"End of the age: {counted(p.res[3], 'book')} against the shadow's "
              f"{s.shadow[2]}: Player 1 scores 3 VP.")
    else:
        _note(log, s, f"End of the age: {counted(p.res[3], 'book')} against the shadow's "
              f"{s.shadow[2]}: no VP.")


def solo_json(s: GameState) -> dict[str, Any] | None:
    if not is_solo(s):
        return None
    tiles = s.comp.solo_tiles
    assert tiles is not None
    ids = [t.id for t in tiles.tiles]
    t = tile_of(s)
    return {
        "shadow": dict(zip(SHADOW_FIGURES, s.shadow, strict=True)),
        "shadow_first": s.shadow_first,
        "roll_due": s.roll_due,
        "last_roll": s.last_roll,
        "tile": None if t is None else t.id,
        "tile_decks": [[ids[i] for i in d] for d in s.tile_decks],
        "tiles_done": [ids[i] for i in s.tiles_done],
        "tiles_reconstructed": tiles.reconstruction,
        "tiles_source": tiles.source,
    }


__all__ = ["HALL_OF_FAME", "SoloTile", "SoloTiles", "hall_of_fame", "load_solo_tiles",
           "parse_solo_tiles", "with_solo_tiles"]
