"""The game state: plain data (ints and flat lists), a hand-written cheap ``clone()``, and a
versioned JSON form.  The rules live in :mod:`nations_widget.board.rules`; this module only
holds and serialises data.

Seats are numbered 0..n-1 and never change; ``order`` lists the seats in the current
player order.  Cards are small integers (see :mod:`components`); ``-1`` is "none".
Strength and stability are never stored: :mod:`scoring` sums them from the board, so they
are always "adjusted immediately".

What is waiting for a decision is ``queue``: a list of decisions, each a small frozen value
of :mod:`~nations_widget.board.decisions` (``GrowChoice``, ``PlaceBm``, ``EffectChoice``,
...; in JSON the flat list ``[kind, seat, *arguments]``); the first one's seat is the
current player.  In the action phase, with an empty queue, the
current player is the seat under ``cursor``.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from ..core.envelope import MAX_INT_DIGITS, quote, shown
from ..core.rng import Rng
from ..core.steps import GAME_OVER
from ..core.validate import Checker
from .components import Components, SideSpec, SoloTile, default_components
from .constants import CARD_TYPES, DIFFICULTIES, RESOURCES, SETS, SHADOW_FIGURES
from .decisions import Decision
from .moves import Move

STATE_FORMAT = "nations-board-state"
STATE_VERSION = 2
# older versions this program still reads (version 1: no per-player side or turn counts)
READABLE_VERSIONS = (1, 2)
N_TYPES = len(CARD_TYPES)


# The named deck choices of the setup API and the command line (rulebook: "base", basic and
# advanced, all cards; "balanced": the base cards with some exchanged, see DESIGN.md).
DECK_CHOICES: dict[str, tuple[str, ...]] = {
    "base": ("base",), "base+advanced": ("base", "adv"), "all": ("base", "adv", "exp"),
    "balanced": ("balanced",),
}
# With 5 players a round draws up to 21 new cards (7 columns x 3 rows, when every card of the
# third row was bought the round before) and an age up to 42, more than an age's 36 base cards:
# the rulebook asks for the advanced and/or expert cards then (DESIGN.md, decision 23).
FIVE_PLAYER_SETS = ("adv", "exp")


def decks_serve(sets: Sequence[str], players: int) -> bool:
    """Whether the card sets ``sets`` (as :data:`DECK_CHOICES` names them: ``("base",
    "adv")``, ``("balanced",)``) have cards enough for ``players``."""
    return players != 5 or bool(set(FIVE_PLAYER_SETS) & set(sets))


def default_decks(players: int) -> str:
    """The deck choice of a game that names none: the base cards, and with 5 players the
    base and advanced cards (the base cards alone run short)."""
    return "base+advanced" if players == 5 else "base"


# Side settings that are not a side id: "B" (every seat gets a drawn board's B side, assigned
# in reverse player order) and "choose" (every seat picks a drawn board and its side).
SIDE_MODES = ("B", "choose")


class SettingError(ValueError):
    """A setting :class:`GameConfig` refuses; ``setting`` names it ("players", "sides")."""

    def __init__(self, setting: str, text: str) -> None:
        super().__init__(text)
        self.setting = setting


CONFIG_FIELDS = ("players", "seed", "difficulty", "sides", "decks", "ages", "easier")


@dataclass(frozen=True)
class GameConfig:
    """How a game is set up.

    ``players``: 1 (the solo game against a shadow opponent) to 5.  ``difficulty``: one
    level per seat (or one name for everybody).  ``sides``: the player-board side per seat —
    "A", a B side's id ("china-b", ...), or for every seat "B" (drawn boards, B sides, by
    the generator) or "choose" (drawn boards, chosen by the players as moves in a setup
    step, reverse player order).  ``decks``: a name of :data:`DECK_CHOICES` or a tuple of card
    sets ("base", "adv", "exp"); None: :func:`default_decks` (with 5 players the base cards
    alone are refused: they run short); ``ages``: the short game plays the first N ages (4: the
    full game); ``easier``: every nation starts with one extra worker whose upkeep is hidden.
    """

    players: int = 2
    seed: int = 0
    difficulty: tuple[str, ...] | str = "prince"
    sides: tuple[str, ...] | str = "A"
    decks: tuple[str, ...] | str | None = None
    ages: int = 4
    easier: bool = False

    def __post_init__(self) -> None:
        if isinstance(self.players, bool) or not isinstance(self.players, int) \
                or not 1 <= self.players <= 5:
            raise SettingError("players",
                               f"players must be 1-5, got {quote(repr(self.players))}")
        if isinstance(self.seed, bool) or not isinstance(self.seed, int):
            raise SettingError("seed",
                               f"seed must be a whole number, got {quote(repr(self.seed))}")
        if abs(self.seed) >= 10**MAX_INT_DIGITS:
            # a saved game holds no longer number: a game is only started if it can be saved
            raise SettingError("seed", f"a seed has at most {MAX_INT_DIGITS} digits")
        for name in ("difficulty", "sides"):
            value = getattr(self, name)
            if isinstance(value, str):
                value = (value,) * self.players
            elif isinstance(value, list):
                value = tuple(value)
            object.__setattr__(self, name, value)
            if not isinstance(value, tuple) or len(value) != self.players:
                raise SettingError(name, f"{name} must name one per seat ({self.players})")
            odd = next((x for x in value if not isinstance(x, str)), None)
            if odd is not None:
                named = ("a side is named 'A', 'B', 'choose' or a B side's id" if
                         name == "sides" else "a difficulty is named "
                         + ", ".join(DIFFICULTIES))
                raise SettingError(name, f"{named}, got {shown(odd)}")
        for level in self.difficulty:
            if level not in DIFFICULTIES:
                raise SettingError("difficulty", "difficulty must be one of "
                                   f"{', '.join(DIFFICULTIES)}, got {quote(repr(level))}")
        sides = self.sides
        assert isinstance(sides, tuple)
        known = default_components().sides
        modes = [x for x in sides if x in SIDE_MODES]
        if modes and (len(set(sides)) != 1):
            raise SettingError("sides", "'B' and 'choose' are for every seat at once, not "
                               "mixed with fixed sides")
        for side in sides:
            if side not in known and side not in SIDE_MODES:
                raise SettingError("sides", f"unknown side {quote(repr(side))} (known: A, B, "
                                   "choose, " + ", ".join(x for x in sorted(known) if x != "A")
                                   + ")")
        fixed_b = [x for x in sides if x != "A" and x not in SIDE_MODES]
        if len(set(fixed_b)) != len(fixed_b):
            raise SettingError("sides", "each nation's board is in the box once: two seats "
                               "cannot both play the same B side")
        decks = default_decks(self.players) if self.decks is None else self.decks
        if isinstance(decks, str):
            if decks not in DECK_CHOICES:
                raise SettingError("decks", f"decks must be one of {', '.join(DECK_CHOICES)}, "
                                   f"got {quote(repr(decks))}")
            decks = DECK_CHOICES[decks]
        decks = tuple(decks) if isinstance(decks, (list, tuple)) else ()
        object.__setattr__(self, "decks", decks)
        if decks != ("balanced",) and (
                not decks or "base" not in decks or any(d not in SETS for d in decks)
                or len(set(decks)) != len(decks)):
            raise SettingError("decks", f"decks must be one of {', '.join(DECK_CHOICES)}, or "
                               f"include 'base' and name sets from {', '.join(SETS)}")
        if not decks_serve(decks, self.players):
            raise SettingError("decks", "with 5 players the base cards alone run short: an "
                               "age can draw up to 42 cards and has 36 base cards; play "
                               "with the advanced and/or expert cards too (base+advanced "
                               "or all)")
        if isinstance(self.ages, bool) or not isinstance(self.ages, int) \
                or self.ages not in (1, 2, 3, 4):
            raise SettingError("ages", "ages must be 1-4 (the short game), got "
                               f"{quote(repr(self.ages))}")
        if not isinstance(self.easier, bool):
            raise SettingError("easier", "easier is true or false")

    @property
    def rounds(self) -> int:
        return 2 * self.ages

    @property
    def deck_sets(self) -> tuple[str, ...]:
        """``decks`` as normalised by the constructor (always a tuple)."""
        return tuple(self.decks or ())

    @property
    def card_sets(self) -> tuple[str, ...]:
        """The card sets this game's decks draw from ("balanced" takes from all three)."""
        return ("base", "adv", "exp") if self.deck_sets == ("balanced",) else self.deck_sets

    @property
    def deck_name(self) -> str:
        """The deck choice's name ("base", "all", ...), or the sets joined by '+'."""
        for name, sets in DECK_CHOICES.items():
            if sets == self.deck_sets:
                return name
        return "+".join(self.deck_sets)

    def to_json(self) -> dict[str, Any]:
        return {"players": self.players, "seed": self.seed,
                "difficulty": list(self.difficulty), "sides": list(self.sides),
                "decks": list(self.decks or ()), "ages": self.ages, "easier": self.easier}

    @staticmethod
    def from_json(data: object, source: str = "state", where: str | None = "config"
                  ) -> GameConfig:
        """Settings from their JSON form (each one optional); a problem raises
        :class:`StateFormatError` naming the field: "state field 'config.players': ...".
        ``source`` names the input, ``where`` the settings' place in it (None: its top
        level, as in a scenario)."""
        check = Checker(source)
        obj = check.mapping(data, where)
        check.fields(obj, (), CONFIG_FIELDS, where=where)
        path = "" if where is None else where + "."
        kwargs: dict[str, Any] = dict(obj)
        if "players" in obj:
            check.integer(obj, "players", 1, 5, path + "players")
        if "seed" in obj:
            check.of_kind(obj["seed"], path + "seed", ("integer",))
        for key in ("difficulty", "sides", "decks"):
            if isinstance(obj.get(key), list):
                kwargs[key] = tuple(check.text(x, path + key) for x in obj[key])
            elif key in obj:
                check.of_kind(obj[key], path + key, ("text", "array"))
        if "ages" in obj:
            check.integer(obj, "ages", 1, 4, path + "ages")
        if "easier" in obj:
            check.boolean(obj, "easier", path + "easier")
        try:
            return GameConfig(**kwargs)
        except SettingError as exc:
            raise check.fail(str(exc), path + exc.setting) from None


class PlayerState:
    """One nation's board.  ``res``: gold, stone, food, books, VP tokens.  ``bm`` and
    ``workers``: the five building/military slots and the workers on each.  Population
    track: ``taken_food`` / ``taken_stab`` workers taken from each section (their upkeep is
    3 food / 3 stability each, less ``hidden`` in the easier game), ``on_top``: workers
    returned when there was no free space (taken again first)."""

    __slots__ = (
        "acts", "advisors", "bm", "bought", "built", "colonies", "defeated", "hidden", "idle",
        "least_stab", "nation",
        "on_top", "private", "res", "side", "specials", "taken_food", "taken_stab",
        "temp_strength",
        "turns", "used", "vp_lost", "war_took", "wonder", "wonders", "workers",
    )

    def __init__(self) -> None:
        self.res = [0, 0, 0, 0, 0]
        self.idle = 0
        self.taken_food = 0
        self.taken_stab = 0
        self.on_top = 0
        self.hidden = 0
        self.bm: list[int] = []
        self.workers: list[int] = []
        self.advisors: list[int] = []
        self.wonder = -1
        self.built = 0
        self.wonders: list[int] = []
        self.colonies: list[int] = []
        self.private = 0
        self.used: list[int] = []
        self.bought = [0] * N_TYPES
        self.vp_lost = 0
        self.war_took = [0, 0, 0, 0, 0]
        self.least_stab = False
        self.temp_strength = 0
        self.defeated = False
        self.side = "A"        # the side in play ("" while it is being chosen at setup)
        self.nation = ""       # the board's nation, when known (B sides; a drawn board)
        self.specials: tuple[int, ...] = ()    # the side's special rule (derived from side)
        self.turns = 0         # turns ended this round (a skipped first turn counts)
        self.acts = 0          # actions taken this round

    def copy(self) -> PlayerState:
        new = PlayerState.__new__(PlayerState)
        new.res = self.res[:]
        new.idle = self.idle
        new.taken_food = self.taken_food
        new.taken_stab = self.taken_stab
        new.on_top = self.on_top
        new.hidden = self.hidden
        new.bm = self.bm[:]
        new.workers = self.workers[:]
        new.advisors = self.advisors[:]
        new.wonder = self.wonder
        new.built = self.built
        new.wonders = self.wonders[:]
        new.colonies = self.colonies[:]
        new.private = self.private
        new.used = self.used[:]
        new.bought = self.bought[:]
        new.vp_lost = self.vp_lost
        new.war_took = self.war_took[:]
        new.least_stab = self.least_stab
        new.temp_strength = self.temp_strength
        new.defeated = self.defeated
        new.side = self.side
        new.nation = self.nation
        new.specials = self.specials
        new.turns = self.turns
        new.acts = self.acts
        return new

    @property
    def deployed(self) -> int:
        return sum(self.workers)

    def cards(self) -> list[int]:
        """Every card in play on this board (the wonder under construction excluded)."""
        return self.bm + self.advisors + self.colonies + self.wonders

    def to_json(self, cid: Any) -> dict[str, Any]:
        return {
            "res": dict(zip(RESOURCES, self.res, strict=True)),
            "idle": self.idle,
            "population": {"food": self.taken_food, "stability": self.taken_stab,
                           "on_top": self.on_top, "hidden": self.hidden},
            "slots": [[cid(c), w] for c, w in zip(self.bm, self.workers, strict=True)],
            "advisors": [cid(c) for c in self.advisors],
            "wonder": None if self.wonder < 0 else [cid(self.wonder), self.built],
            "wonders": [cid(c) for c in self.wonders],
            "colonies": [cid(c) for c in self.colonies],
            "private_architects": self.private,
            "used": [cid(c) for c in self.used],
            "bought": {t: n for t, n in zip(CARD_TYPES, self.bought, strict=True) if n},
            "vp_lost": [RESOURCES[r] for r in range(4) if self.vp_lost >> r & 1],
            "war_took": dict(zip(RESOURCES, self.war_took, strict=True)),
            "least_stability": self.least_stab,
            "temp_strength": self.temp_strength,
            "defeated": self.defeated,
            "side": self.side,
            "nation": self.nation,
            "turns": self.turns,
            "actions": self.acts,
        }


_Data = TypeVar("_Data", bound="StateData")


class StateData:
    """Everything about a game at one moment, its random generator included: the data of
    :class:`~nations_widget.board.machine.GameState`, which adds the state-machine methods
    (the rules live in :mod:`~nations_widget.board.rules`)."""

    __slots__ = (
        "architects",
        "board",
        "boards",
        "comp",
        "config",
        "cursor",
        "decks",
        "discard",
        "event",
        "event_decks",
        "events_done",
        "last_bought",
        "last_roll",
        "listed",
        "order",
        "passed",
        "plans",
        "players",
        "prev_order",
        "queue",
        "rng",
        "roll_due",
        "round",
        "shadow",
        "shadow_first",
        "stage",
        "step",
        "tile",
        "tile_decks",
        "tiles_done",
        "turn_done",
        "war",
        "war_buyer",
        "war_strength",
    )

    config: GameConfig
    comp: Components
    rng: int
    round: int
    step: str
    stage: int                      # 0: step not begun, 1: begun (waiting), 2: settled
    order: list[int]
    prev_order: list[int]
    cursor: int
    passed: list[int]               # seats in the order they passed this round
    board: list[int]                # row * columns + column; row 0 costs 3 gold
    boards: list[str]               # setup: the drawn nations' boards not chosen yet
    # the solo game (players 1; see solo.py): the shadow's strength, stability, books; whether
    # it is first in player order; a die roll owed after the action just taken; the last
    # roll (0: none); the round's tile, the tiles per age not drawn, and those used
    shadow: list[int]
    shadow_first: bool
    roll_due: bool
    last_roll: int
    tile: int
    tile_decks: list[list[int]]
    tiles_done: list[int]
    decks: list[list[int]]          # per age (index age-1), top of the deck last
    event_decks: list[list[int]]
    event: int
    events_done: list[int]
    architects: int
    war: int
    war_strength: int
    war_buyer: int
    discard: list[int]              # progress cards out of the game
    queue: list[Decision]
    plans: list[list[int] | None]   # per seat: the choices made for the event being resolved
    turn_done: bool
    last_bought: int                # the card bought last (for "deploy on the card bought")
    players: list[PlayerState]
    listed: tuple[Move, ...] | None

    def clone(self: _Data) -> _Data:
        cls = type(self)
        new = cls.__new__(cls)
        new.config = self.config
        new.comp = self.comp
        new.rng = self.rng
        new.round = self.round
        new.step = self.step
        new.stage = self.stage
        new.order = self.order[:]
        new.prev_order = self.prev_order[:]
        new.cursor = self.cursor
        new.passed = self.passed[:]
        new.board = self.board[:]
        new.boards = self.boards[:]
        new.shadow = self.shadow[:]
        new.shadow_first = self.shadow_first
        new.roll_due = self.roll_due
        new.last_roll = self.last_roll
        new.tile = self.tile
        new.tile_decks = [d[:] for d in self.tile_decks]
        new.tiles_done = self.tiles_done[:]
        new.decks = [d[:] for d in self.decks]
        new.event_decks = [d[:] for d in self.event_decks]
        new.event = self.event
        new.events_done = self.events_done[:]
        new.architects = self.architects
        new.war = self.war
        new.war_strength = self.war_strength
        new.war_buyer = self.war_buyer
        new.discard = self.discard[:]
        new.queue = self.queue[:]           # decisions are immutable values
        new.plans = [None if p is None else p[:] for p in self.plans]
        new.turn_done = self.turn_done
        new.last_bought = self.last_bought
        new.players = [p.copy() for p in self.players]
        new.listed = self.listed
        return new

    def reseeded(self: _Data, seed: int) -> _Data:
        """A clone whose hidden future (the order of every deck not yet drawn) is shuffled
        afresh from ``seed``, so a search cannot peek at the real game's draws."""
        new = self.clone()
        rng = Rng(seed ^ 0x5DEECE66D)
        for deck in new.decks + new.event_decks + new.tile_decks:
            rng.shuffle(deck)
        new.rng = rng.next64()
        return new

    def is_terminal(self) -> bool:
        return self.step == GAME_OVER

    def side_of(self, seat: int) -> SideSpec:
        """The player-board side ``seat`` plays (the A side while it is still choosing)."""
        return self.comp.sides[self.players[seat].side or "A"]

    # ------------------------------------------------------------------- JSON
    def card_id(self, ref: int) -> str | None:
        return None if ref < 0 else self.comp.cards[ref].id

    def _event_id(self, ref: int) -> str:
        return self.comp.events[ref].id

    def _tile_id(self, index: int) -> str:
        tiles = self.comp.solo_tiles
        assert tiles is not None
        return tiles.tiles[index].id

    def to_json(self) -> dict[str, Any]:
        """The complete state as JSON-ready data (versioned); see :meth:`from_json`."""
        cid = self.card_id
        cols = self.comp.columns_by_players[self.config.players]
        return {
            "format": STATE_FORMAT,
            "version": STATE_VERSION,
            "config": self.config.to_json(),
            "components": self.comp.fingerprint,
            "rng": f"{self.rng:016x}",
            "round": self.round,
            "step": self.step,
            "stage": self.stage,
            "order": self.order[:],
            "prev_order": self.prev_order[:],
            "cursor": self.cursor,
            "passed": self.passed[:],
            "board": [[cid(self.board[r * cols + c]) for c in range(cols)] for r in range(3)],
            "boards": self.boards[:],
            "decks": [[cid(c) for c in d] for d in self.decks],
            "event_decks": [[self.comp.events[e].id for e in d] for d in self.event_decks],
            "event": None if self.event < 0 else self.comp.events[self.event].id,
            "events_done": [self.comp.events[e].id for e in self.events_done],
            "architects": self.architects,
            "war": None if self.war_strength < 0 else [cid(self.war), self.war_strength,
                                                       self.war_buyer],
            "discard": [cid(c) for c in self.discard],
            "queue": [d.to_json(cid, self._event_id, self._tile_id) for d in self.queue],
            "plans": [None if p is None else p[:] for p in self.plans],
            "turn_done": self.turn_done,
            "last_bought": self.card_id(self.last_bought),
            "players": [p.to_json(cid) for p in self.players],
            "solo": solo_json(self),
        }

    def to_json_str(self) -> str:
        return json.dumps(self.to_json(), separators=(",", ":"))

    def view(self, seat: int | None) -> dict[str, Any]:
        """The state as ``seat`` may see it (None: a spectator): the order of the decks
        (only their sizes show), the generator and the seed (which deals every deck and
        every draw to come) are hidden."""
        data = self.to_json()
        del data["rng"]
        del data["config"]["seed"]
        data["format"] = "nations-board-view"
        data["viewer"] = seat
        data["decks"] = [len(d) for d in self.decks]
        data["event_decks"] = [len(d) for d in self.event_decks]
        if data["solo"] is not None:
            data["solo"]["tile_decks"] = [len(d) for d in self.tile_decks]
        return data

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, StateData):
            return NotImplemented
        return self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]

def rng_of(s: StateData) -> Rng:
    """The state's generator, to draw from; store ``rng.state`` back in ``s.rng`` after."""
    rng = Rng(0)
    rng.state = s.rng
    return rng


def columns(s: StateData) -> int:
    """The progress board's columns in this game (by the number of players)."""
    return s.comp.columns_by_players[s.config.players]


# ---------------------------------------------------------------------- the shadow
def is_solo(s: StateData) -> bool:
    return s.config.players == 1


def tile_of(s: StateData) -> SoloTile | None:
    tiles = s.comp.solo_tiles
    return None if s.tile < 0 or tiles is None else tiles.tiles[s.tile]


def solo_json(s: StateData) -> dict[str, Any] | None:
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
