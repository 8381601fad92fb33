"""The game state's data: plain data, cheap to clone, with a versioned JSON form.

The modules of the dice engine import one way, bottom to top::

    catalogue, moves  ->  state (data)  ->  payments  ->  rules (transitions)
        ->  serialization (loading), render (HTML)  ->  machine (GameState)  ->  game, bots

:class:`StateData` (here) owns the data: the fields, cloning, scoring, dice helpers and the
JSON form; it knows no rule.  :mod:`~nations_widget.dice.rules` owns the transitions: its
functions take a state and change it.  :class:`~nations_widget.dice.machine.GameState`, the
public state machine (``current_player``, ``legal_moves``, ``apply``, ``new``,
``from_json``, ...), is a :class:`StateData` whose methods call the rules; it sits above
the rules, the loader and the renderer, so nothing below it needs to import upwards.

Seats are numbered 0..n-1 and never change; *player order* (``order``) is the list of
seats in the current order of play, first player first.

Dice are numbered 0..43: 0-19 white, 20-27 blue, 28-35 orange, 36-43 red, and 44-51 the
Unrest expansion's green dice (as many of them as the catalogue's ``green_dice``; games
without Unrest leave them in the box and their saves list dice 0-43 only).  Each die has
an owner (a seat, or -1 for the supply), a used flag and the index of its face up.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Any, Literal, TypeVar

from ..core.envelope import MAX_INT_DIGITS, shown
from ..core.rng import Rng
from .catalogue import (
    CHIT_KINDS,
    DIE_COLOURS,
    GREEN,
    HALL_OF_FAME,
    MAX_GREEN_DICE,
    RESOURCES,
    SUPPLY_CHITS,
    SUPPLY_DICE,
    Catalogue,
    EventSpec,
    TileSpec,
)
from .errors import StateFormatError

if TYPE_CHECKING:
    from .moves import Move

Variant = Literal["original", "accelerated"]
VARIANTS: tuple[Variant, ...] = ("original", "accelerated")

STATE_FORMAT = "nations-dice-state"
STATE_VERSION = 1

#: Rounds in a game, one per age.
ROUNDS = 4
#: Rows of the progress board (a tile's row is its price); columns: GameConfig.columns.
BOARD_ROWS = 3
#: Sides of the solo game's die, which removes a column of tiles each round.
SOLO_DIE_SIDES = 4
#: A sanity bound for saved counts (books, VP): no game comes near it.
MAX_COUNT = 10_000

# Resource indices in face tuples, and chit kinds (indices into CHIT_KINDS) by name.
GOLD, STONE, FOOD, BOOK, STRENGTH = range(len(RESOURCES))
N_RESOURCES = len(RESOURCES)
REROLL_CHIT = CHIT_KINDS.index("reroll")
#: resource index -> the index of its chit kind
RESOURCE_CHIT: tuple[int, ...] = tuple(CHIT_KINDS.index(r) for r in RESOURCES)
GOLD_CHIT, STONE_CHIT, FOOD_CHIT, BOOK_CHIT, STRENGTH_CHIT = RESOURCE_CHIT

DIE_COLOUR: tuple[str, ...] = tuple(
    c for c in DIE_COLOURS for _ in range(SUPPLY_DICE[c])) + (GREEN,) * MAX_GREEN_DICE
# the die numbers of each colour (consecutive)
DICE_OF_COLOUR: dict[str, range] = {
    c: range(DIE_COLOUR.index(c), DIE_COLOUR.index(c) + SUPPLY_DICE[c]) for c in DIE_COLOURS}
#: The base game's dice (0-43); a game without Unrest uses these only.
BASE_DICE = len(DIE_COLOUR) - MAX_GREEN_DICE
DICE_OF_COLOUR[GREEN] = range(BASE_DICE, BASE_DICE + MAX_GREEN_DICE)
N_DICE = len(DIE_COLOUR)
N_CHITS = sum(SUPPLY_CHITS.values())
CHIT_SUPPLY: tuple[int, ...] = tuple(SUPPLY_CHITS[k] for k in CHIT_KINDS)

_S = TypeVar("_S", bound="StateData")


@dataclass(frozen=True)
class GameConfig:
    """How a game is set up.

    ``automate``: resolve the obvious book, famine and war decisions automatically (the
    online implementation's behaviour); a player is asked only when the choice matters.
    ``solo_tougher``: in a solo game, reroll the 4-sided die's 4s.
    ``unrest``: play with the Unrest expansion (green dice, star-marked reroll chits,
    passing bonuses; everybody starts at 1 book; a 3-player game uses 4 board columns).
    """

    players: int = 2
    seed: int = 0
    variant: Variant = "original"
    automate: bool = True
    solo_tougher: bool = False
    unrest: bool = False

    def __post_init__(self) -> None:
        if isinstance(self.players, bool) or not isinstance(self.players, int) \
                or not 1 <= self.players <= 4:
            raise ValueError(f"players must be 1, 2, 3 or 4, got {shown(self.players)}")
        if isinstance(self.seed, bool) or not isinstance(self.seed, int):
            raise ValueError(f"seed must be a whole number, got {shown(self.seed)}")
        if abs(self.seed) >= 10**MAX_INT_DIGITS:
            # a saved game holds no longer number: a game is only started if it can be saved
            raise ValueError(f"a seed has at most {MAX_INT_DIGITS} digits")
        if self.variant not in VARIANTS:
            raise ValueError("variant must be 'original' or 'accelerated', got "
                             f"{shown(self.variant)}")
        if not isinstance(self.automate, bool) or not isinstance(self.solo_tougher, bool):
            raise ValueError("automate and solo_tougher are true or false")
        if not isinstance(self.unrest, bool):
            raise ValueError(f"unrest is true or false, got {self.unrest!r}")

    @property
    def columns(self) -> int:
        """Progress-board columns: 4 in a 4-player game (and, with Unrest, in a 3-player
        game: seed 004's setup), else 3."""
        return 4 if self.players == 4 or (self.players == 3 and self.unrest) else 3

    def to_json(self) -> dict[str, Any]:
        """The settings; ``unrest`` only when on, so games without the expansion save
        exactly as before (and older saves, which lack the field, load as without)."""
        data = asdict(self)
        if not self.unrest:
            del data["unrest"]
        return data

    @staticmethod
    def from_json(data: object) -> GameConfig:
        if not isinstance(data, dict):
            raise StateFormatError("config must be an object")
        unknown = set(data) - {"players", "seed", "variant", "automate", "solo_tougher",
                               "unrest"}
        if unknown:
            raise StateFormatError(f"config has unknown field(s): {', '.join(sorted(unknown))}")
        try:
            return GameConfig(**data)
        except (TypeError, ValueError) as exc:
            raise StateFormatError(f"config: {exc}") from None


class CatalogueIndex:
    """A catalogue indexed for the engine: tiles by number ("ref"), faces per die (a
    state's ``comp``).  Not the package's "components", which are the catalogue itself
    (see :mod:`nations_widget.core.history`)."""

    def __init__(self, cat: Catalogue) -> None:
        self.catalogue = cat
        # Refs 0-4 are the printed starting buildings, then the 60 progress tiles.
        unrest = cat.unrest
        # The Unrest tiles come after the base game's, so the base refs never move.
        self.tiles: tuple[TileSpec, ...] = (cat.starting_buildings + cat.tiles
                                            + (unrest.tiles if unrest else ()))
        self.tile_ref: dict[str, int] = {t.id: i for i, t in enumerate(self.tiles)}
        # the resource index each tile is bought with (strength for colonies, else gold)
        # each tile's position in id order, so moves can be listed sorted by tile id
        by_id = sorted(range(len(self.tiles)), key=lambda i: self.tiles[i].id)
        self.tile_rank: tuple[int, ...] = tuple(by_id.index(i) for i in range(len(self.tiles)))
        self.tile_currency: tuple[int, ...] = tuple(
            RESOURCES.index(t.currency) for t in self.tiles)
        self.events: tuple[EventSpec, ...] = cat.events
        self.event_ref: dict[str, int] = {e.id: i for i, e in enumerate(self.events)}
        n_base = len(cat.starting_buildings) + len(cat.tiles)
        self.age_tiles: dict[int, tuple[int, ...]] = {
            age: tuple(i for i, t in enumerate(self.tiles[:n_base]) if t.age == age)
            for age in range(1, 5)}
        #: Unrest: the expansion's tiles of each age, shuffled into that age's stack
        self.age_unrest_tiles: dict[int, tuple[int, ...]] = {
            age: tuple(i for i, t in enumerate(self.tiles) if i >= n_base and t.age == age)
            for age in range(1, 5)}
        self.unrest = unrest
        self.green_dice = unrest.green_dice if unrest else 0
        self.star_chits = unrest.star_chits if unrest else 0
        self.bonuses = unrest.passing_bonuses if unrest else ()
        self.bonus_resource: tuple[int, ...] = tuple(
            RESOURCES.index(b.resource) for b in self.bonuses)
        self.bonus_ref: dict[str, int] = {b.id: i for i, b in enumerate(self.bonuses)}
        self.age_events: dict[int, tuple[int, ...]] = {
            age: tuple(i for i, e in enumerate(self.events) if e.age == age) for age in range(1, 5)}
        faces: dict[str, tuple[tuple[int, ...], ...]] = {
            c: tuple(tuple(f.count(r) for r in RESOURCES) for f in cat.faces[c])
                 for c in DIE_COLOURS}
        # An Unrest face shows no resource (all zeros); without an Unrest part the green
        # dice stay in the box, and their blank faces are never seen.
        green = unrest.green_faces if unrest else ()
        faces[GREEN] = tuple(tuple(f.count(r) for r in RESOURCES) for f in green) \
            or ((0,) * N_RESOURCES,) * 6
        #: die number -> which of its six faces show the Unrest symbol
        self.die_unrest: tuple[tuple[bool, ...], ...] = tuple(
            tuple(f.unrest for f in green) if c == GREEN and green else (False,) * 6
            for c in DIE_COLOUR)
        self.colour_faces: dict[str, tuple[tuple[int, ...], ...]] = faces
        # die number -> its six faces, each a 5-tuple of resource counts
        self.die_faces: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
            faces[c] for c in DIE_COLOUR)
        # die number -> the total number of symbols on each of its faces
        self.die_totals: tuple[tuple[int, ...], ...] = tuple(
            tuple(sum(f) for f in faces6) for faces6 in self.die_faces)
        self.n_start = len(cat.starting_buildings)


_INDEXES: dict[str, CatalogueIndex] = {}


def indexed(cat: Catalogue) -> CatalogueIndex:
    """The catalogue indexed for the engine (made once per catalogue)."""
    comp = _INDEXES.get(cat.fingerprint)
    if comp is None or comp.catalogue != cat:
        comp = _INDEXES[cat.fingerprint] = CatalogueIndex(cat)
    return comp


#: the old names of :class:`CatalogueIndex` and :func:`indexed` (the board game's
#: ``Components`` is its card data, a different thing)
Components = CatalogueIndex
components = indexed


class PlayerState:
    """One seat's board.  Building slots hold tile refs; ``building_dice[i]`` is how many
    dice slot i's building actually brought (fewer than printed if the supply ran short)."""

    __slots__ = (
        "advisor", "advisor_rerolls", "bonus", "bonus_spent", "books", "building_dice",
        "buildings", "chits", "chits_used", "colonies", "fed", "fought", "passed", "pledge",
        "rolled", "stars", "stars_used", "vp_books", "vp_famine", "vp_war", "wonder",
        "wonders",
    )

    def __init__(self) -> None:
        self.buildings: list[int] = []
        self.building_dice: list[int] = []
        self.advisor = -1
        self.advisor_rerolls = 0
        self.wonder = -1
        self.colonies: list[int] = []
        self.wonders: list[int] = []
        self.chits = [0] * len(CHIT_KINDS)        # unused, by CHIT_KINDS index
        self.chits_used = [0] * len(CHIT_KINDS)
        self.books = 0
        self.vp_books = 0
        self.vp_famine = 0
        self.vp_war = 0
        self.passed = False
        self.rolled = False
        self.pledge: tuple[int, ...] = ()
        self.fed: bool | None = None      # this round's famine result, None before famine
        self.fought: bool | None = None
        # Unrest: star-marked reroll chits (unused, used) and the passing bonus held this
        # age (an index into the catalogue's passing bonuses, -1 for none), spent or not
        self.stars = 0
        self.stars_used = 0
        self.bonus = -1
        self.bonus_spent = False

    def copy(self) -> PlayerState:
        new = PlayerState.__new__(PlayerState)
        new.buildings = self.buildings[:]
        new.building_dice = self.building_dice[:]
        new.advisor = self.advisor
        new.advisor_rerolls = self.advisor_rerolls
        new.wonder = self.wonder
        new.colonies = self.colonies[:]
        new.wonders = self.wonders[:]
        new.chits = self.chits[:]
        new.chits_used = self.chits_used[:]
        new.books = self.books
        new.vp_books = self.vp_books
        new.vp_famine = self.vp_famine
        new.vp_war = self.vp_war
        new.passed = self.passed
        new.rolled = self.rolled
        new.pledge = self.pledge
        new.fed = self.fed
        new.fought = self.fought
        new.stars = self.stars
        new.stars_used = self.stars_used
        new.bonus = self.bonus
        new.bonus_spent = self.bonus_spent
        return new

    @property
    def vp_track(self) -> int:
        return self.vp_books + self.vp_famine + self.vp_war


class StateData:
    """Everything about a game at one moment, including its random generator: the data
    only.  :class:`~nations_widget.dice.machine.GameState` adds the rules' entry points."""

    __slots__ = (
        "board", "comp", "config", "cursor", "dice_face", "dice_owner", "dice_used", "event",
        "listed", "opponent_books", "order", "owned", "pending", "players", "rng", "round",
        "solo_roll", "step", "turn_underway",
    )

    config: GameConfig
    comp: Components
    rng: int
    round: int
    step: str
    order: list[int]
    cursor: int
    pending: list[int]
    board: list[int]
    event: int
    players: list[PlayerState]
    dice_owner: list[int]
    dice_used: list[bool]
    dice_face: list[int]
    owned: list[list[int]]      # per seat, its dice in number order (derived from dice_owner)
    # The moves legal_moves() listed for this very position (a private copy, so a caller who
    # changes the list it got changes nothing here); apply() needs not re-check those very
    # objects.  Dropped by every apply().
    listed: tuple[Move, ...] | None
    opponent_books: int
    solo_roll: int
    # Unrest: the current player's turn has begun (its Unrest is settled: there was none,
    # or the dice were set aside, or a star-marked reroll was made), so green dice that
    # show the Unrest symbol now wait for the player's next turn.
    turn_underway: bool

    def clone(self: _S) -> _S:
        new = type(self).__new__(type(self))
        new.config = self.config
        new.comp = self.comp
        new.rng = self.rng
        new.round = self.round
        new.step = self.step
        new.order = self.order[:]
        new.cursor = self.cursor
        new.pending = self.pending[:]
        new.board = self.board[:]
        new.event = self.event
        new.players = [p.copy() for p in self.players]
        new.dice_owner = self.dice_owner[:]
        new.dice_used = self.dice_used[:]
        new.dice_face = self.dice_face[:]
        new.owned = [dice[:] for dice in self.owned]
        new.listed = self.listed               # same position, same moves; never mutated
        new.opponent_books = self.opponent_books
        new.solo_roll = self.solo_roll
        new.turn_underway = self.turn_underway
        return new

    def reseeded(self: _S, seed: int) -> _S:
        """A clone whose future rolls come from another seed.  Search bots use this so that
        they cannot peek at the real game's upcoming rolls."""
        new = self.clone()
        new.rng = Rng(seed ^ 0x5DEECE66D).next64()
        return new

    # ------------------------------------------------------------- the machine
    @property
    def catalogue(self) -> Catalogue:
        return self.comp.catalogue

    def is_terminal(self) -> bool:
        return self.step == "game_over"

    # ----------------------------------------------------------------- scoring
    def tile_vp(self, seat: int) -> int:
        """VP printed on the seat's tiles (unbuilt wonders excluded); counted at game end."""
        return sum(self.score_breakdown(seat)[k] for k in
                   ("buildings", "advisor", "colonies", "wonders"))

    def score_breakdown(self, seat: int) -> dict[str, int]:
        p = self.players[seat]
        tiles = self.comp.tiles
        return {
            "books": p.vp_books,
            "famine": p.vp_famine,
            "war": p.vp_war,
            "buildings": sum(tiles[t].vp for t in p.buildings),
            "advisor": tiles[p.advisor].vp if p.advisor >= 0 else 0,
            "colonies": sum(tiles[t].vp for t in p.colonies),
            "wonders": sum(tiles[t].vp for t in p.wonders),
        }

    def scores(self) -> list[int]:
        """VP per seat: the score track during the game; track plus tiles once it is over."""
        if self.is_terminal():
            return [p.vp_track + self.tile_vp(i) for i, p in enumerate(self.players)]
        return [p.vp_track for p in self.players]

    def projected_scores(self) -> list[int]:
        """Track VP plus the VP of tiles held now (what the score would be if it ended)."""
        return [p.vp_track + self.tile_vp(i) for i, p in enumerate(self.players)]

    def ranking(self) -> list[int]:
        """Seats from best to worst: most VP, ties to the better player order."""
        scores = self.projected_scores()
        return sorted(self.order, key=lambda s: (-scores[s], self.order.index(s)))

    def winner(self) -> int | None:
        """The winning seat once the game is over, else None."""
        return self.ranking()[0] if self.is_terminal() else None

    def hall_of_fame_title(self) -> str | None:
        """Solo games: the best Hall of Fame title the score reaches (None below 10 VP)."""
        score = self.projected_scores()[0]
        for threshold, name in HALL_OF_FAME:
            if score >= threshold:
                return name
        return None

    # ------------------------------------------------------------ dice helpers
    def face(self, die: int) -> tuple[int, ...]:
        return self.comp.die_faces[die][self.dice_face[die]]

    def unrolled_dice(self) -> list[int]:
        """The dice not rolled yet: each player's dice before their first turn of the
        round.  Their faces are left over from earlier and mean nothing yet, so boards
        draw them blank."""
        if self.step not in ("new_round", "actions"):
            return []
        return sorted(d for seat, p in enumerate(self.players) if not p.rolled
                      for d in self.owned[seat])

    def index_dice(self) -> None:
        """Rebuild ``owned`` from ``dice_owner``; call after dice change hands."""
        self.owned = [[] for _ in range(self.config.players)]
        for d, owner in enumerate(self.dice_owner):
            if owner >= 0:
                self.owned[owner].append(d)

    def dice_of(self, seat: int) -> list[int]:
        return self.owned[seat][:]

    def unused_dice(self, seat: int) -> list[int]:
        used = self.dice_used
        return [d for d in self.owned[seat] if not used[d]]

    def supply_dice(self, colour: str) -> list[int]:
        owner = self.dice_owner
        dice = DICE_OF_COLOUR[colour]
        if colour == GREEN:
            dice = dice[:self.comp.green_dice if self.config.unrest else 0]
        return [d for d in dice if owner[d] == -1]

    @property
    def n_dice(self) -> int:
        """Dice in this game's box (and its saves): 44, or 52 with Unrest."""
        return N_DICE if self.config.unrest else BASE_DICE

    def shows_unrest(self, die: int) -> bool:
        """The die is a green die showing the Unrest symbol (Unrest expansion)."""
        return self.comp.die_unrest[die][self.dice_face[die]]

    def unrest_dice(self, seat: int) -> list[int]:
        """The seat's unused green dice that show the Unrest symbol."""
        owned = self.owned[seat]
        if not owned or owned[-1] < BASE_DICE:      # in die order: green dice come last
            return []
        unrest, face, used = self.comp.die_unrest, self.dice_face, self.dice_used
        return [d for d in owned if d >= BASE_DICE and not used[d] and unrest[d][face[d]]]

    def chits_of(self, seat: int, res: int) -> int:
        """The seat's unused chits of resource ``res``, counting an unspent passing bonus
        of that resource (Unrest) as one more: it is spent like a chit."""
        p = self.players[seat]
        n = p.chits[RESOURCE_CHIT[res]]
        if p.bonus >= 0 and not p.bonus_spent and self.comp.bonus_resource[p.bonus] == res:
            n += 1
        return n

    def spend_chits(self, seat: int, res: int, n: int) -> None:
        """Spend ``n`` of :meth:`chits_of`: the passing bonus first (it goes back at the end
        of the age anyway), then chits, which move to the used area."""
        if n <= 0:
            return
        p = self.players[seat]
        if p.bonus >= 0 and not p.bonus_spent and self.comp.bonus_resource[p.bonus] == res:
            p.bonus_spent = True
            n -= 1
        p.chits[RESOURCE_CHIT[res]] -= n
        p.chits_used[RESOURCE_CHIT[res]] += n

    def supply_stars(self) -> int:
        """Star-marked reroll chits left in the supply (Unrest)."""
        return self.comp.star_chits - sum(p.stars + p.stars_used for p in self.players)

    def bonuses_left(self) -> list[int]:
        """Passing bonuses nobody has taken this age (indices, in catalogue order)."""
        taken = {p.bonus for p in self.players}
        return [b for b in range(len(self.comp.bonuses)) if b not in taken]

    def supply_chit(self, kind: int) -> int:
        """How many chits of one kind (a CHIT_KINDS index) are left in the supply."""
        return CHIT_SUPPLY[kind] - sum(p.chits[kind] + p.chits_used[kind] for p in self.players)

    def supply_chits(self) -> list[int]:
        out = list(CHIT_SUPPLY)
        for p in self.players:
            for k in range(len(CHIT_KINDS)):
                out[k] -= p.chits[k] + p.chits_used[k]
        return out

    @property
    def event_spec(self) -> EventSpec:
        return self.comp.events[self.event]

    # ------------------------------------------------------------------- JSON
    def to_json(self) -> dict[str, Any]:
        """The complete state as JSON-ready data (versioned); see :meth:`from_json`."""
        tiles = self.comp.tiles

        def tid(ref: int) -> str | None:
            return None if ref < 0 else tiles[ref].id

        cols = self.config.columns
        unrest = self.config.unrest
        catalogue = {"name": self.catalogue.name, "fingerprint": self.catalogue.fingerprint}
        if unrest:
            catalogue["unrest"] = self.catalogue.unrest_fingerprint
        data = {
            "format": STATE_FORMAT,
            "version": STATE_VERSION,
            "config": self.config.to_json(),
            "catalogue": catalogue,
            "rng": f"{self.rng:016x}",
            "round": self.round,
            "step": self.step,
            "order": self.order[:],
            "cursor": self.cursor,
            "pending": self.pending[:],
            "board": [[tid(self.board[c * BOARD_ROWS + r]) for r in range(BOARD_ROWS)]
                      for c in range(cols)],
            "event": self.comp.events[self.event].id if self.event >= 0 else None,
            "dice": [[self.dice_owner[d], int(self.dice_used[d]), self.dice_face[d]]
                     for d in range(self.n_dice)],
            "players": [_player_json(p, tid, self.comp.bonuses if unrest else None)
                        for p in self.players],
            "opponent_books": self.opponent_books,
            "solo_roll": self.solo_roll,
        }
        if unrest:
            data["turn_underway"] = self.turn_underway
        return data

    def to_json_str(self) -> str:
        return json.dumps(self.to_json(), separators=(",", ":"))

    def view(self, seat: int | None) -> dict[str, Any]:
        """The state as ``seat`` may see it (None: a spectator).  The generator and the
        seed are left out (either tells every roll to come), and in the Accelerated
        variant other players' food pledges (even an empty one) stay hidden until
        everybody has passed."""
        data = self.to_json()
        del data["rng"]
        del data["config"]["seed"]
        data["format"] = "nations-dice-view"
        data["viewer"] = seat
        # Accelerated: how much a passed player traded for food stays secret until all have
        # passed, and "nothing" is an amount too, so every passed player's pledge is hidden,
        # empty or not.  (A player still in the round has pledged nothing, as everybody knows.)
        if self.step == "actions" and self.config.variant == "accelerated":
            for s, pj in enumerate(data["players"]):
                if s != seat and pj["passed"]:
                    pj["pledge"] = "hidden"
        return data

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, StateData):
            return NotImplemented
        return self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]


def _player_json(p: PlayerState, tid: Any, bonuses: Any) -> dict[str, Any]:
    """A seat's JSON; ``bonuses`` (the passing bonuses, None without Unrest) adds the
    Unrest fields."""
    data = {
        "buildings": [[tid(t), n] for t, n in zip(p.buildings, p.building_dice, strict=True)],
        "advisor": None if p.advisor < 0 else [tid(p.advisor), p.advisor_rerolls],
        "wonder": tid(p.wonder),
        "colonies": [tid(t) for t in p.colonies],
        "wonders": [tid(t) for t in p.wonders],
        "chits": {k: p.chits[i] for i, k in enumerate(CHIT_KINDS)},
        "chits_used": {k: p.chits_used[i] for i, k in enumerate(CHIT_KINDS)},
        "books": p.books,
        "vp": {"books": p.vp_books, "famine": p.vp_famine, "war": p.vp_war},
        "passed": p.passed,
        "rolled": p.rolled,
        "pledge": list(p.pledge),
        "fed": p.fed,
        "fought": p.fought,
    }
    if bonuses is not None:
        data["stars"] = p.stars
        data["stars_used"] = p.stars_used
        data["bonus"] = None if p.bonus < 0 else [bonuses[p.bonus].id, p.bonus_spent]
    return data

