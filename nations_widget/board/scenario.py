"""Build a position from a partial description, for lessons, examples and tests.

Anything not described keeps the value of a freshly set-up game with the same settings
(in the described round).  A description is a dict (or JSON text); every key is optional:

``players``, ``seed``, ``difficulty``, ``ages``, ``easier``, ``decks``
    the game's settings (as :class:`GameConfig`).
``round`` (1-8); ``step``: "maintenance.growth" (the growth decisions; the event card is
    drawn after them), "actions" (default) or a later step of the round
    ("resolution.production", ..., "resolution.books"): the position at the start of that
    step, which then runs by itself up to the next decision.
``event``: the event card's id (default: drawn from that age's deck).
``board``: three rows (3, 2, 1 gold) of card ids or null (default: drawn from the deck).
``order``: seats in player order; ``current``: the seat to act in the action phase;
``passed``: seats that have passed, in the order they passed.
``architects``: on the scoring board; ``war``: ``{"card": id, "strength": n, "buyer": seat}``.
``seats``: a list (or a dict by seat number) of per-seat descriptions, each with any of:
    ``gold``, ``stone``, ``food``, ``books``, ``vp``; ``idle`` (workers in the resource
    area); ``taken``: ``{"food": n, "stability": n}`` (workers taken from each section);
    ``slots``: five ``[card id, workers]`` (or card ids); ``advisors``, ``colonies``,
    ``wonders``: card ids; ``wonder``: ``[card id, sections built]``; ``private``: private
    architects left this round (default: the round's allotment of the cards in play).

Cards named anywhere are taken out of the decks, so every card stays in one place.
Workers are not conserved automatically: ``idle`` defaults so that the nation keeps the
side's starting number of workers plus those taken from the track.

>>> from nations_widget.board.scenario import scenario
>>> s = scenario({"players": 2, "seats": [{"stone": 4, "slots": [["ziggurat", 0]]}]})
>>> s.current_player() in (0, 1), s.players[0].res[1]
(True, 4)
"""

from __future__ import annotations

from typing import Any

from ..core.envelope import json_object, quote
from ..core.errors import StateFormatError
from ..core.rng import Rng
from .components import RES_INDEX, Components, default_components
from .rules import STEP_INDEX, _advance, _private_architects, age_of, columns
from .serialization import check_invariants, narrow_components
from .state import GameConfig, GameState

_CONFIG_KEYS = {"players", "seed", "difficulty", "ages", "easier", "decks", "sides"}
_KEYS = _CONFIG_KEYS | {"round", "step", "event", "board", "order", "current", "passed",
                        "architects", "war", "seats", "tile", "shadow", "shadow_first"}
_SEAT_KEYS = {"gold", "stone", "food", "books", "vp", "idle", "taken", "slots", "advisors",
              "colonies", "wonders", "wonder", "private"}


def _fail(where: str, what: str) -> StateFormatError:
    return StateFormatError(f"scenario field '{where}': {what}")


class _Cards:
    """Takes named cards out of wherever a new game put them."""

    def __init__(self, s: GameState) -> None:
        self.s = s

    def take(self, card_id: object, where: str) -> int:
        s = self.s
        if not isinstance(card_id, str) or card_id not in s.comp.card_ref:
            raise _fail(where, f"unknown card {quote(repr(card_id))}")
        ref = s.comp.card_ref[card_id]
        if s.comp.cards[ref].set == "printed":
            return ref
        for deck in s.decks:
            if ref in deck:
                deck.remove(ref)
                return ref
        if ref in s.board:
            s.board[s.board.index(ref)] = -1
            return ref
        if ref in s.discard:
            s.discard.remove(ref)
            return ref
        raise _fail(where, f"{quote(repr(card_id))} is not in this game's decks, or is named twice")


def scenario(description: dict[str, Any] | str,
             components: Components | None = None) -> GameState:
    """Build a :class:`GameState` from a partial description (see the module docstring)."""
    desc = json_object(description, "a scenario")
    unknown = set(desc) - _KEYS
    if unknown:
        raise _fail(sorted(unknown)[0], f"unknown key (known: {', '.join(sorted(_KEYS))})")
    try:
        config = GameConfig(**{k: desc[k] for k in _CONFIG_KEYS if k in desc})
    except (TypeError, ValueError) as exc:
        raise StateFormatError(f"scenario settings: {exc}") from None
    if "choose" in config.sides:
        raise _fail("sides", "a scenario fixes the sides (A, a B side's id, or B); the "
                    "choice of boards is played from GameState.new")
    comp = components or default_components()
    s = GameState.new(config, comp)
    # built with every card's effects in view; narrowed to the cards it holds before it plays
    s.comp = comp
    n = config.players
    # back to a blank table in the described round
    for ref in s.board:
        if ref >= 0:
            s.decks[0].append(ref)
    s.board = [-1] * len(s.board)
    s.queue = []
    round_ = desc.get("round", 1)
    if round_ not in range(1, config.rounds + 1):
        raise _fail("round", f"must be 1-{config.rounds}, got {quote(repr(round_))}")
    s.round = round_
    age = age_of(round_)
    cards = _Cards(s)
    rng = Rng(config.seed ^ round_)
    cols = columns(s)
    if "board" in desc:
        board = desc["board"]
        if not isinstance(board, list) or len(board) != 3 or not all(
                isinstance(r, list) and len(r) == cols for r in board):
            raise _fail("board", f"must be 3 rows of {cols} card ids (or null)")
        for r in range(3):
            for c in range(cols):
                if board[r][c] is not None:
                    s.board[r * cols + c] = cards.take(board[r][c], f"board[{r}][{c}]")
    else:
        deck = s.decks[age - 1]
        rng.shuffle(deck)
        for cell in range(3 * cols):
            if deck:
                s.board[cell] = deck.pop()
    if s.event >= 0:
        s.event_decks[0].append(s.event)
        s.event = -1
    events = s.event_decks[age - 1]
    if "event" in desc:
        if desc["event"] not in comp.event_ref or comp.event_ref[desc["event"]] not in events:
            raise _fail("event", f"unknown event card of age {age}: {quote(repr(desc['event']))}")
        s.event = comp.event_ref[desc["event"]]
        events.remove(s.event)
    else:
        s.event = events.pop()
    s.architects = desc.get("architects", comp.architects_by_players[n]
                            + comp.events[s.event].architects)
    if n == 1:
        _solo(s, desc, age)
    if "order" in desc:
        order = desc["order"]
        if not isinstance(order, list) or sorted(order) != list(range(n)):
            raise _fail("order", f"must list each seat 0-{n - 1} once")
        s.order = list(order)
        for position, seat in enumerate(s.order, start=1):
            s.players[seat].res[3] = position      # books follow the described order
    s.prev_order = s.order[:]
    if "war" in desc:
        war = desc["war"]
        if not isinstance(war, dict):
            raise _fail("war", "must be {card, strength, buyer}")
        s.war = cards.take(war.get("card"), "war.card")
        s.war_strength = int(war.get("strength", 0))
        s.war_buyer = int(war.get("buyer", s.order[0]))
    seats = desc.get("seats", [])
    if isinstance(seats, dict):
        seats = {int(k): v for k, v in seats.items()}
    elif isinstance(seats, list):
        seats = dict(enumerate(seats))
    else:
        raise _fail("seats", "must be a list (or dict) of per-seat descriptions")
    for seat, sd in seats.items():
        if not 0 <= seat < n:
            raise _fail("seats", f"there is no seat {seat} in a {n}-player game")
        _seat(s, cards, seat, sd, f"seats[{seat}]")
    passed = desc.get("passed", [])
    if not isinstance(passed, list) or any(x not in s.order for x in passed):
        raise _fail("passed", "must list seats")
    s.passed = list(passed)
    step = desc.get("step", "actions")
    if step not in STEP_INDEX or (STEP_INDEX[step] < STEP_INDEX["actions"]
                                  and step != "maintenance.growth"):
        raise _fail("step", f"must be 'maintenance.growth', 'actions' or a later step, "
                            f"got {quote(repr(step))}")
    s.step = step
    s.stage = 0
    s.turn_done = False
    narrow_components(s)
    if step == "maintenance.growth":
        # the growth decisions, in reverse player order; the event card drawn above goes
        # back on its deck, to be drawn after the growth as in play
        s.stage = 1
        if s.event >= 0:
            s.event_decks[age - 1].append(s.event)
            s.event = -1
        if n == 1 and s.tile >= 0:
            # the solo game: the tile too is drawn after the growth
            assert s.comp.solo_tiles is not None
            if "books" not in desc.get("shadow", {}):
                s.shadow[2] -= s.comp.solo_tiles.tiles[s.tile].books
            s.tile_decks[age - 1].append(s.tile)
            s.tile = -1
        s.queue = [["grow", seat] for seat in reversed(s.order)]
    elif step == "actions":
        current = desc.get("current")
        if current is None:
            current = next((x for x in s.order if x not in s.passed), s.order[0])
        if current not in s.order or current in s.passed:
            raise _fail("current", "must be a seat that has not passed")
        s.cursor = s.order.index(current)
        _advance(s, None)      # a first turn a card skips is skipped at once
    else:
        _advance(s, None)
    problems = check_invariants(s)
    if problems:
        raise StateFormatError("the scenario breaks the rules: " + "; ".join(problems))
    return s


def _solo(s: GameState, desc: dict[str, Any], age: int) -> None:
    """The solo game: no event card; the round's tile (``tile``: its id, default drawn),
    the shadow's values (``shadow``: {strength, stability, books}, default the tile's and
    2 + the tile's books) and ``shadow_first``."""
    from .solo import SHADOW_FIGURES, START_BOOKS, start_tile
    tiles = s.comp.solo_tiles
    assert tiles is not None
    s.event_decks[age - 1].append(s.event)
    s.event = -1
    deck = s.tile_decks[age - 1]
    if "tile" in desc:
        ids = [t.id for t in tiles.tiles]
        if desc["tile"] not in ids or ids.index(desc["tile"]) not in deck:
            raise _fail("tile", f"unknown solo tile of age {age}: {quote(repr(desc['tile']))}")
        index = ids.index(desc["tile"])
        deck.remove(index)
    else:
        index = deck.pop()
    s.shadow = [0, 0, START_BOOKS]
    start_tile(s, index, None)
    if "architects" not in desc:
        s.architects = s.comp.architects_by_players[1] + tiles.tiles[index].architects
    shadow = desc.get("shadow", {})
    if not isinstance(shadow, dict) or set(shadow) - set(SHADOW_FIGURES):
        raise _fail("shadow", f"must give some of {', '.join(SHADOW_FIGURES)}")
    for i, name in enumerate(SHADOW_FIGURES):
        if name in shadow:
            s.shadow[i] = int(shadow[name])
    s.shadow_first = bool(desc.get("shadow_first", False))


def _seat(s: GameState, cards: _Cards, seat: int, sd: object, where: str) -> None:
    if not isinstance(sd, dict):
        raise _fail(where, "must be an object")
    unknown = set(sd) - _SEAT_KEYS
    if unknown:
        raise _fail(f"{where}.{sorted(unknown)[0]}",
                    f"unknown key (known: {', '.join(sorted(_SEAT_KEYS))})")
    p = s.players[seat]
    side = s.side_of(seat)
    for name in ("gold", "stone", "food", "books", "vp"):
        if name in sd:
            v = sd[name]
            if isinstance(v, bool) or not isinstance(v, int) or v < 0:
                raise _fail(f"{where}.{name}", "must be a whole number 0 or more")
            p.res[RES_INDEX[name]] = v
    if "taken" in sd:
        taken = sd["taken"]
        if not isinstance(taken, dict) or set(taken) - {"food", "stability"}:
            raise _fail(f"{where}.taken", "must be {food: n, stability: n}")
        p.taken_food = int(taken.get("food", 0))
        p.taken_stab = int(taken.get("stability", 0))
    if "slots" in sd:
        slots = sd["slots"]
        if not isinstance(slots, list) or len(slots) > side.bm_slots:
            raise _fail(f"{where}.slots", f"must list up to {side.bm_slots} slots")
        for k, item in enumerate(slots):
            card_id, workers = (item, 0) if isinstance(item, str) or item is None else item
            if card_id is not None:
                ref = cards.take(card_id, f"{where}.slots[{k}]")
                if not s.comp.cards[ref].is_bm:
                    raise _fail(f"{where}.slots[{k}]", f"{card_id} is not a building or "
                                "military")
                p.bm[k] = ref
            p.workers[k] = int(workers)
    for key in ("advisors", "colonies", "wonders"):
        if key in sd:
            if not isinstance(sd[key], list):
                raise _fail(f"{where}.{key}", "must be a list of card ids")
            setattr(p, key, [cards.take(c, f"{where}.{key}") for c in sd[key]])
    if "wonder" in sd:
        w = sd["wonder"]
        if w is None:
            p.wonder, p.built = -1, 0
        else:
            if not isinstance(w, list) or len(w) != 2:
                raise _fail(f"{where}.wonder", "must be [card id, sections built]")
            p.wonder = cards.take(w[0], f"{where}.wonder")
            p.built = int(w[1])
    # private architects: as described, else the round's allotment of the cards in play
    # (as the round's start gives them)
    p.private = int(sd["private"]) if "private" in sd else _private_architects(s, seat)
    owned = side.workers + p.taken_food + p.taken_stab - sum(p.workers)
    if owned < 0:
        raise _fail(f"{where}.slots", "more workers on cards than the nation has")
    p.on_top = 0
    p.idle = owned
    if "idle" in sd:
        idle = sd["idle"]
        if isinstance(idle, bool) or not isinstance(idle, int) or not 0 <= idle <= owned:
            raise _fail(f"{where}.idle", f"must be 0-{owned} (the workers not on cards)")
        # workers the description leaves out wait on top of the population track
        p.idle = idle
        p.on_top = owned - idle
