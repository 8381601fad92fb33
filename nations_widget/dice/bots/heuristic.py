"""Heuristic bots: readable strategies made of a few clear rules.

Every heuristic bot follows the same five rules; a :class:`Strategy` only changes the
numbers in them (what a symbol is worth to it, which kinds of tile and which dice colours
it favours).  In one action turn the bot:

1. **Builds its wonder** if it can pay the stone and that costs less than the wonder is
   worth.
2. **Buys the best tile** on the board if one is worth more than it costs.  A tile's
   worth is its VP plus what it brings for the rest of the game: a building's dice (the
   new dice minus the replaced building's dice, times the rounds left), an advisor's
   rerolls, a colony's or a wonder's chit (a wonder only as likely as the bot is to find
   the stone).  The cost of a payment is what the dice and chits handed over would have
   scored at the end of the round (books, famine, war, player order), plus a small price
   per gold or strength symbol spent.  The payment is the engine's least-waste payment,
   weighted so that dice showing food, books or strength the bot still needs are kept.
   A building replaces the bot's least valuable building.
3. **Rerolls** (with a reroll chit) the dice whose face is worth less now than a fresh
   roll of that die is on average: gold while there are tiles worth buying, stone while
   its wonder lacks stone, food while the famine is not met, strength while the war is not
   met, books always (more for the books strategy).
4. Otherwise it **passes** (in the Accelerated variant, setting aside the pair(s) of dice
   that best feed its people when it lacks food).
5. At the end of the round it uses its books, feeds its people and fights the war
   whenever that scores more than what the dice traded for food would have scored.

The strategies (see :data:`STRATEGIES`):

- ``balanced`` (the default ``heuristic`` bot): no preference, every symbol at its
  estimated worth.
- ``builder``: coloured-dice buildings first (two-dice buildings early), gold valued
  highly; it grows the biggest dice pool.
- ``wonders``: stone and wonders; buys a wonder, builds it, buys the next.
- ``military``: red dice, strength for colonies and wars.
- ``books``: blue dice and books, to win the books race every round.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..catalogue import DIE_COLOURS, TILE_KINDS, TileSpec
from ..machine import GameState
from ..moves import Books, Build, Buy, Feed, Fight, Move, Pass, Payment, Reroll, Unrest
from ..payments import find_payment
from ..rules import RES_INDEX, bonus_due, unrest_due
from ..state import (
    BOARD_ROWS,
    BOOK,
    BOOK_CHIT,
    FOOD,
    FOOD_CHIT,
    GOLD,
    N_RESOURCES,
    REROLL_CHIT,
    ROUNDS,
    STONE,
    STONE_CHIT,
    STRENGTH,
    STRENGTH_CHIT,
    CatalogueIndex,
)
from .base import BaseBot, check_turn

CHIT_RESOURCE = {"gold": GOLD, "stone": STONE, "food": FOOD, "book": BOOK,
                 "strength": STRENGTH}
_KIND_INDEX: dict[str, int] = {k: i for i, k in enumerate(TILE_KINDS)}
_COLOUR_INDEX: dict[str, int] = {c: i for i, c in enumerate(DIE_COLOURS)}


@dataclass(frozen=True)
class Strategy:
    """The numbers behind a heuristic bot's rules.

    ``symbol``: what one symbol of gold, stone, food, books, strength on a die is worth
    per round (in VP), used to value dice for the rounds to come.
    ``kind``: multiplier on the worth of building, advisor, colony and wonder tiles.
    ``colour``: multiplier on the worth of white, blue, orange and red dice.
    ``reroll``: worth of a reroll chit per round.  ``spend``: price per gold or strength
    symbol spent (what else it could have bought).  ``min_gain``: buy only above this.
    ``book_drive``: extra worth of a book beyond winning this round's books race.
    """

    name: str
    summary: str
    symbol: tuple[float, float, float, float, float] = (0.8, 0.45, 0.4, 0.7, 1.4)
    kind: tuple[float, float, float, float] = (1.0, 1.0, 1.0, 0.8)
    colour: tuple[float, float, float, float] = (1.0, 1.0, 1.0, 1.0)
    reroll: float = 0.3
    spend: float = 0.5
    min_gain: float = 0.2
    book_drive: float = 0.15

    def kind_bias(self, kind: str) -> float:
        return self.kind[_KIND_INDEX[kind]]

    def colour_bias(self, colour: str) -> float:
        # Unrest's green dice show every resource: no strategy leans for or against them.
        index = _COLOUR_INDEX.get(colour)
        return 1.0 if index is None else self.colour[index]


# The default symbol worths (strength highest: it buys colonies, wins wars and sets the
# player order) were tuned by self-play: each value kept only if the changed bot beat
# three copies of the unchanged one more often than par, over 800-1000 4-player games.
BALANCED = Strategy(
    "balanced", "no preference: every tile and symbol at its estimated worth")
BUILDER = Strategy(
    "builder", "coloured-dice buildings (two dice early, VP late); gold first",
    symbol=(1.0, 0.45, 0.4, 0.7, 1.2), kind=(1.4, 0.8, 0.8, 0.6), colour=(1.0, 1.0, 1.2, 1.1))
WONDERS = Strategy(
    "wonders", "wonders: buy one, gather stone (blue dice), build it, buy the next",
    symbol=(0.8, 0.9, 0.4, 0.6, 1.1), kind=(0.9, 0.8, 0.8, 1.6), colour=(1.0, 1.3, 1.0, 0.9))
MILITARY = Strategy(
    "military", "red dice and strength: colonies and wars",
    symbol=(0.7, 0.35, 0.4, 0.5, 1.7), kind=(1.0, 0.8, 1.5, 0.7), colour=(1.0, 0.8, 1.0, 1.3))
BOOKS = Strategy(
    "books", "blue dice and books: win the books race every round",
    symbol=(0.8, 0.5, 0.4, 1.3, 1.1), kind=(1.1, 0.9, 0.8, 0.9), colour=(1.0, 1.4, 1.0, 0.9),
    book_drive=0.35)

STRATEGIES: dict[str, Strategy] = {
    s.name: s for s in (BALANCED, BUILDER, WONDERS, MILITARY, BOOKS)}


# ------------------------------------------------------------------ the bot's view
_WORTH_CACHE: dict[tuple[Strategy, int], dict[str, float]] = {}
_MEAN_CACHE: dict[int, list[tuple[float, ...]]] = {}


def _die_worth(strategy: Strategy, comp: CatalogueIndex) -> dict[str, float]:
    """Die colour -> what one die of that colour is worth per round to the strategy."""
    key = (strategy, id(comp))
    worth = _WORTH_CACHE.get(key)
    if worth is None:
        worth = _WORTH_CACHE[key] = {c: strategy.colour_bias(c) * sum(
            sum(f[r] * strategy.symbol[r] for r in range(N_RESOURCES)) for f in faces) / 6
            for c, faces in comp.colour_faces.items()}
    return worth


def _mean_faces(comp: CatalogueIndex) -> list[tuple[float, ...]]:
    """Die number -> its average symbols of each resource."""
    mean = _MEAN_CACHE.get(id(comp))
    if mean is None:
        mean = _MEAN_CACHE[id(comp)] = [
            tuple(sum(f[r] for f in faces) / 6 for r in range(N_RESOURCES))
            for faces in comp.die_faces]
    return mean


class Position:
    """Everything a heuristic decision needs about one seat, computed once."""

    def __init__(self, state: GameState, seat: int, strategy: Strategy) -> None:
        self.s = state
        self.seat = seat
        self.st = strategy
        self.p = state.players[seat]
        self.n = state.config.players
        self.age = state.round
        self.future = ROUNDS - state.round          # whole rounds after this one
        self.now = 0.5 if state.step == "actions" else 0.0
        ev = state.event_spec
        self.famine = ev.famine
        self.war = ev.war
        self.per_book = 2 if self.n <= 2 else 1
        pledge = set(self.p.pledge)
        self.dice = [d for d in state.unused_dice(seat) if d not in pledge]
        self.faces = {d: state.face(d) for d in self.dice}
        self.pledged_food = len(pledge) // 2
        # die colour -> worth of one such die per round, for this strategy
        self.die_worth = _die_worth(strategy, state.comp)
        self._stone_per_round: float | None = None
        # opponents' likely book totals and strength at the end of this round
        self.opp_books: list[float] = []
        self.opp_strength: list[int] = []
        if self.n == 1:
            self.opp_books.append(float(state.opponent_books))
        for o in range(self.n):
            if o == seat:
                continue
            op = state.players[o]
            dice = state.unused_dice(o) if state.step in ("actions", "books") else []
            books = op.books + (op.chits[BOOK_CHIT] + sum(state.face(d)[BOOK] for d in dice)
                                if state.step in ("actions", "books") else 0)
            self.opp_books.append(float(books))
            self.opp_strength.append(op.chits[STRENGTH_CHIT] + sum(
                state.face(d)[STRENGTH] for d in state.unused_dice(o)))

    # ----------------------------------------------------------- end of the round
    def book_score(self, books: int) -> float:
        """Expected VP (and future edge) from finishing the round with ``books`` books."""
        total = 0.0
        for other in self.opp_books:
            diff = books - other
            if diff >= 2:
                total += 1.0
            elif diff >= 1:
                total += 0.85
            elif diff >= 0:
                total += 0.2
            elif diff >= -1:
                total += 0.08
        return self.per_book * total + self.st.book_drive * self.future * books

    def order_score(self, strength: int) -> float:
        if self.future == 0 or not self.opp_strength:
            return 0.0
        beaten = sum(1 for o in self.opp_strength if strength > o)
        return 0.5 * beaten / len(self.opp_strength)

    def end_value(self, dice: Sequence[int], food_chits: int, book_chits: int,
                  strength_chits: int, count_books: bool = True, feed: bool = True,
                  fight: bool = True) -> float:
        """What these unused dice and chits will score at the end of the round: books
        (if ``count_books``), the famine (trading dice for food if that pays) and the war,
        plus a little for going first next round."""
        faces = self.faces
        food = food_chits + self.pledged_food
        books = self.p.books + book_chits
        strength = strength_chits
        plain = 0
        book_dice: list[int] = []
        strength_dice: list[int] = []
        for d in dice:
            f = faces[d]
            food += f[FOOD]
            books += f[BOOK]
            strength += f[STRENGTH]
            if f[FOOD]:
                continue
            if f[BOOK]:
                book_dice.append(f[BOOK])
            elif f[STRENGTH]:
                strength_dice.append(f[STRENGTH])
            else:
                plain += 1
        age = self.age
        if not count_books:
            books = 0

        def value(fed: bool, books_left: int, strength_left: int) -> float:
            v = age if fed and feed else 0.0
            if fight and strength_left >= self.war:
                v += age
            if count_books:
                v += self.book_score(books_left)
            return v + self.order_score(strength_left)

        best = value(False, books, strength)
        short = self.famine - food
        if not feed:
            return best
        if short <= 0:
            return value(True, books, strength)
        need_dice = 2 * short - plain
        if need_dice <= 0:
            return max(best, value(True, books, strength))
        book_dice.sort()
        strength_dice.sort()
        if need_dice > len(book_dice) + len(strength_dice):
            return best
        for k in range(0, min(need_dice, len(book_dice)) + 1):
            j = need_dice - k
            if j > len(strength_dice):
                continue
            lost_books = sum(book_dice[:k]) if count_books else 0
            v = value(True, books - lost_books, strength - sum(strength_dice[:j]))
            best = max(best, v)
        return best

    def end_value_now(self) -> float:
        c = self.p.chits
        return self.end_value(self.dice, c[FOOD_CHIT], c[BOOK_CHIT], c[STRENGTH_CHIT])

    def end_value_after(self, pay: Payment, res: int) -> float:
        spent = set(pay.all_dice())
        c = self.p.chits
        chits = [c[FOOD_CHIT], c[BOOK_CHIT], c[STRENGTH_CHIT]]
        if res in (FOOD, BOOK, STRENGTH):
            chits[(FOOD, BOOK, STRENGTH).index(res)] -= pay.chits
        return self.end_value([d for d in self.dice if d not in spent], chits[0], chits[1],
                              chits[2])

    # ------------------------------------------------------------- tile worth
    def chit_worth(self, kind: str | None) -> float:
        if kind is None:
            return 0.0
        if kind == "reroll":
            return self.st.reroll
        if kind == "star":          # Unrest: a reroll that costs no action, each round
            return 1.5 * self.st.reroll
        return self.st.symbol[CHIT_RESOURCE[kind]]

    def building_worth(self, ref: int, slot_dice: int) -> float:
        t = self.s.comp.tiles[ref]
        assert t.dice_colour is not None
        return t.vp + slot_dice * self.die_worth[t.dice_colour] * (self.future + self.now)

    def weakest_building(self) -> tuple[int, float]:
        """The slot whose building is worth least (the one a new building replaces)."""
        best_slot, best = 0, float("inf")
        for slot, (ref, n) in enumerate(zip(self.p.buildings, self.p.building_dice, strict=True)):
            w = self.building_worth(ref, n)
            if w < best:
                best_slot, best = slot, w
        return best_slot, best

    def stone_per_round(self) -> float:
        if self._stone_per_round is None:
            mean = _mean_faces(self.s.comp)
            self._stone_per_round = self.p.chits[STONE_CHIT] + self.p.chits_used[STONE_CHIT] \
                + sum(mean[d][STONE] for d in self.s.dice_of(self.seat))
        return self._stone_per_round

    def wonder_worth(self, tile: TileSpec, stone_now: int) -> float:
        """A wonder's worth, times the chance of finding its stone in time."""
        if stone_now >= tile.stone_cost:
            chance, rounds = 1.0, self.future + self.now
        elif self.future == 0:
            chance, rounds = (0.25 if stone_now + 2 >= tile.stone_cost else 0.0), 0.0
        else:
            per_round = self.stone_per_round() + 1.0   # plus a trade or two
            chance = min(1.0, per_round / tile.stone_cost) * (0.9 if self.future > 1 else 0.7)
            rounds = self.future - 0.5
        return chance * (tile.vp + self.chit_worth(tile.chit) * max(rounds, 0.0))

    def tile_worth(self, tile: TileSpec, ref: int, stone_now: int) -> tuple[float, int]:
        """(worth of owning the tile, building slot it would replace or -1)."""
        st = self.st
        rounds = self.future + self.now
        slot = -1
        if tile.kind == "building":
            assert tile.dice_colour is not None
            slot, old = self.weakest_building()
            dice = min(tile.dice_count, len(self.s.supply_dice(tile.dice_colour)))
            worth = tile.vp + dice * self.die_worth[tile.dice_colour] * rounds - old
        elif tile.kind == "advisor":
            worth = tile.vp + tile.rerolls * st.reroll * rounds
            if self.p.advisor >= 0:
                adv = self.s.comp.tiles[self.p.advisor]
                worth -= adv.vp + self.p.advisor_rerolls * st.reroll * rounds
        elif tile.kind == "colony":
            worth = tile.vp + self.chit_worth(tile.chit) * (self.future + 1)
        else:
            worth = self.wonder_worth(tile, stone_now)
            if self.p.wonder >= 0:
                worth -= 0.5 * self.wonder_worth(self.s.comp.tiles[self.p.wonder], stone_now)
        return st.kind_bias(tile.kind) * worth, slot

    def stone_available(self, exclude: set[int]) -> int:
        """Stone the seat could still pay this turn (dice, chits, trades of spare dice)."""
        stone = self.p.chits[STONE_CHIT]
        spare = 0
        for d in self.dice:
            if d in exclude:
                continue
            f = self.faces[d]
            if f[STONE]:
                stone += f[STONE]
            elif not (f[FOOD] or f[BOOK] or f[STRENGTH]):
                spare += 1
        return stone + spare // 2


# ------------------------------------------------------------------------- the bot
@dataclass(frozen=True)
class Option:
    """A scored candidate action (used by the heuristic and by the search bot)."""

    move: Move
    score: float


class HeuristicBot(BaseBot):
    """A bot that plays one :class:`Strategy` by the rules in the module docstring.

    ``noise``: the share of its decisions (0-1) where it plays a uniformly random legal
    move instead, drawn from its seed and the position (so still deterministic): the
    ``heuristic-easy`` level, a player who often errs but knows what they want."""

    def __init__(self, strategy: Strategy = BALANCED, seed: int = 0,
                 name: str | None = None, noise: float = 0.0) -> None:
        if not 0.0 <= noise <= 1.0:
            raise ValueError(f"noise must be 0-1, got {noise!r}")
        super().__init__(seed, name or ("heuristic" if strategy is BALANCED
                                        else f"heuristic-{strategy.name}"))
        self.strategy = strategy
        self.noise = noise

    def choose(self, state: GameState) -> Move:
        seat = check_turn(state)
        if self.noise:
            rng = self.rng_for(state, "noise")
            if rng.random() < self.noise:
                moves: list[Move] = state.legal_moves()
                return moves[rng.randrange(len(moves))]
        return decide(state, seat, self.strategy)


def payment_weights(pos: Position) -> tuple[int, ...]:
    """Weights telling the engine's payment finder which dice to keep: those showing what
    the end of the round (or the wonder) still needs."""
    food = sum(f[FOOD] for f in pos.faces.values()) + pos.p.chits[FOOD_CHIT]
    strength = sum(f[STRENGTH] for f in pos.faces.values()) + pos.p.chits[STRENGTH_CHIT]
    return (
        3,
        6 if pos.p.wonder >= 0 else 1,
        8 if food <= pos.famine else 2,
        10,
        9 if strength <= pos.war + 2 else 4,
    )


def action_options(state: GameState, seat: int, strategy: Strategy,
                   with_rerolls: bool = True) -> list[Option]:
    """Every action the strategy considers in its turn, scored, best first.

    Passing scores 0; a buy or build scores its worth minus its cost; a reroll scores
    the expected improvement of the rerolled dice.
    """
    if unrest_due(state, seat):
        return unrest_options(state, seat, strategy)
    pos = Position(state, seat, strategy)
    weights = payment_weights(pos)
    base = pos.end_value_now()
    options: list[Option] = []
    payments: dict[tuple[int, int], Payment | None] = {}
    tiles = state.comp.tiles
    spend_price = strategy.spend
    stone_now = pos.stone_available(set())
    best_tile_worth = 0.0
    for cell, ref in enumerate(state.board):
        if ref < 0:
            continue
        tile = tiles[ref]
        res = RES_INDEX[tile.currency]
        cost = cell % BOARD_ROWS + 1
        worth, slot = pos.tile_worth(tile, ref, stone_now)
        best_tile_worth = max(best_tile_worth, worth)
        key = (res, cost)
        if key not in payments:
            payments[key] = find_payment(state, seat, res, cost, res == GOLD, weights)
        pay = payments[key]
        if pay is None:
            continue
        paid = pay.chits + len(pay.trades) + sum(pos.faces[d][res] for d in pay.dice)
        cost_value = base - pos.end_value_after(pay, res) + spend_price * paid
        if tile.kind == "wonder":
            # paying for the wonder may take the stone needed to build it
            left = pos.stone_available(set(pay.all_dice()))
            worth, _ = pos.tile_worth(tile, ref, left)
        replaces = tiles[pos.p.buildings[slot]].id if slot >= 0 else None
        options.append(Option(Buy(tile.id, pay, replaces=replaces), worth - cost_value))
    if pos.p.wonder >= 0:
        wonder = tiles[pos.p.wonder]
        pay = find_payment(state, seat, STONE, wonder.stone_cost, True, weights)
        if pay is not None:
            worth = wonder.vp + pos.chit_worth(wonder.chit) * (pos.future + 0.5)
            cost_value = base - pos.end_value_after(pay, STONE)
            options.append(Option(Build(pay), strategy.kind_bias("wonder") * worth
                                  - cost_value))
    if with_rerolls and (pos.p.chits[REROLL_CHIT] > 0 or pos.p.stars > 0):
        reroll = best_reroll(pos, best_tile_worth > strategy.min_gain)
        if reroll is not None:
            if pos.p.stars > 0:
                # Unrest: a star-marked chit rerolls without spending the action, so it
                # goes first whenever a reroll is worth making at all.
                assert isinstance(reroll.move, Reroll)
                reroll = Option(Reroll(reroll.move.dice, star=True), reroll.score + 100.0)
            options.append(reroll)
    options.append(Option(pass_move(state, seat, pos), 0.0))
    options.sort(key=lambda o: -o.score)
    return options


def unrest_options(state: GameState, seat: int, strategy: Strategy) -> list[Option]:
    """Unrest at the start of the turn, best first: setting the dice aside is worth the
    best action it leaves the turn for (the dice are lost for the round); rerolling them
    (which is the turn's action) is worth what the rerolled green dice should bring this
    round, with a one-in-so-many chance of Unrest again."""
    aside = state.clone()
    aside.apply(Unrest("set_aside"), log=False)
    best_action = max(0.0, action_options(aside, seat, strategy)[0].score)
    pos = Position(state, seat, strategy)
    dice = state.unrest_dice(seat)
    values = face_values(pos, True)
    comp = state.comp
    fresh = sum(sum(sum(a * b for a, b in zip(f, values, strict=True))
                    for f in comp.die_faces[d]) / 6 for d in dice)
    options = [Option(Unrest("set_aside"), best_action), Option(Unrest("reroll"), fresh)]
    options.sort(key=lambda o: -o.score)
    return options


def face_values(pos: Position, gold_wanted: bool) -> tuple[float, ...]:
    """What one more symbol of each resource is worth this round, for rerolls."""
    st = pos.st
    faces = pos.faces.values()
    food = pos.p.chits[FOOD_CHIT] + pos.pledged_food + sum(f[FOOD] for f in faces)
    strength = pos.p.chits[STRENGTH_CHIT] + sum(f[STRENGTH] for f in faces)
    stone = pos.p.chits[STONE_CHIT] + sum(f[STONE] for f in faces)
    gold = st.symbol[GOLD] if gold_wanted else 0.05
    if pos.p.wonder >= 0 and stone < pos.s.comp.tiles[pos.p.wonder].stone_cost:
        stone_v = max(st.symbol[STONE], 0.6)
    else:
        stone_v = 0.05
    food_v = pos.age / pos.famine + 0.1 if food < pos.famine else 0.05
    strength_v = (pos.age / pos.war + 0.2 if strength < pos.war else 0.25) * (
        st.symbol[STRENGTH] / 0.8)
    book_v = pos.per_book * 0.3 + st.book_drive * pos.future + 0.1
    return (gold, stone_v, food_v, book_v, strength_v)


def best_reroll(pos: Position, gold_wanted: bool) -> Option | None:
    """Reroll every die whose face is worth less than its average face (by at least a
    little); None if that gains too little."""
    values = face_values(pos, gold_wanted)
    colour_faces = pos.s.comp.die_faces
    chosen: list[int] = []
    gain = 0.0
    for d in pos.dice:
        faces = colour_faces[d]
        here = sum(a * b for a, b in zip(pos.faces[d], values, strict=True))
        mean = sum(sum(a * b for a, b in zip(f, values, strict=True)) for f in faces) / 6
        if mean - here > 0.12:
            chosen.append(d)
            gain += mean - here
    if not chosen or gain < 0.3:
        return None
    return Option(Reroll(tuple(chosen)), gain * 0.7)


def pass_move(state: GameState, seat: int, pos: Position) -> Pass:
    """Pass; in the Accelerated variant, set aside the dice that best feed the people
    (two dice per missing food, sparing strength or books, whichever is worth more); with
    Unrest, take the passing bonus worth most at the end of the round."""
    move = _pass_pledge(state, pos)
    if not bonus_due(state, seat):
        return move
    c = pos.p.chits
    rest = [d for d in pos.dice if d not in move.pledge]
    best_id, best_v = "", -1.0
    for b in sorted(state.bonuses_left(), key=lambda b: state.comp.bonuses[b].id):
        res = state.comp.bonus_resource[b]
        extra = [int(res == FOOD), int(res == BOOK), int(res == STRENGTH)]
        v = pos.end_value(rest, c[FOOD_CHIT] + extra[0] + len(move.pledge) // 2,
                          c[BOOK_CHIT] + extra[1], c[STRENGTH_CHIT] + extra[2])
        if v > best_v + 1e-9:
            best_id, best_v = state.comp.bonuses[b].id, v
    return Pass(move.pledge, best_id)


def _pass_pledge(state: GameState, pos: Position) -> Pass:
    if state.config.variant != "accelerated":
        return Pass()
    c = pos.p.chits
    food = c[FOOD_CHIT] + sum(f[FOOD] for f in pos.faces.values())
    short = pos.famine - food
    best: Pass = Pass()
    best_value = _accelerated_value(pos, ())
    if short <= 0:
        return best
    spare = [d for d in pos.dice if not pos.faces[d][FOOD]]
    if len(spare) < 2 * short:
        return best
    for first, second in ((STRENGTH, BOOK), (BOOK, STRENGTH)):
        spare.sort(key=lambda d: (pos.faces[d][first], pos.faces[d][second],
                                  sum(pos.faces[d]), d))
        pledge = tuple(sorted(spare[:2 * short]))
        v = _accelerated_value(pos, pledge)
        if v > best_value + 1e-9:
            best, best_value = Pass(pledge), v
    return best


def _accelerated_value(pos: Position, pledge: Sequence[int]) -> float:
    c = pos.p.chits
    rest = [d for d in pos.dice if d not in pledge]
    food = c[FOOD_CHIT] + len(pledge) // 2 + sum(pos.faces[d][FOOD] for d in rest)
    v = pos.end_value(rest, c[FOOD_CHIT], c[BOOK_CHIT], c[STRENGTH_CHIT], feed=False)
    return v + (pos.age if food >= pos.famine else 0.0)


def decide(state: GameState, seat: int, strategy: Strategy) -> Move:
    """The strategy's move for ``seat`` (the current player) in ``state``."""
    step = state.step
    if step == "actions":
        return action_options(state, seat, strategy)[0].move
    moves = state.legal_moves()
    if len(moves) == 1:
        return moves[0]
    pos = Position(state, seat, strategy)
    # chits by kind, counting an Unrest passing bonus as one more of its resource
    c = list(pos.p.chits)
    c[FOOD_CHIT] = state.chits_of(seat, FOOD)
    c[STRENGTH_CHIT] = state.chits_of(seat, STRENGTH)
    if step == "books":
        # Use every book die unless keeping some to trade for food scores more.
        best, best_v = moves[0], -1.0
        for m in moves:
            assert isinstance(m, Books)
            rest = [d for d in pos.dice if d not in m.dice]
            books = m.chits + sum(pos.faces[d][BOOK] for d in m.dice)
            v = pos.book_score(pos.p.books + books) + pos.end_value(
                rest, c[FOOD_CHIT], 0, c[STRENGTH_CHIT], count_books=False)
            if v > best_v + 1e-9:
                best, best_v = m, v
        return best
    if step == "famine":
        # Feed unless the dice traded for food would win more in the war and player order.
        feed = moves[-1]
        assert isinstance(feed, Feed) and feed.payment is not None
        keep = pos.end_value(pos.dice, 0, 0, c[STRENGTH_CHIT], count_books=False, feed=False)
        spent = set(feed.payment.all_dice())
        rest = [d for d in pos.dice if d not in spent]
        fed = pos.age + pos.end_value(rest, 0, 0, c[STRENGTH_CHIT], count_books=False,
                                      feed=False)
        return feed if fed >= keep else moves[0]
    # War: fighting never costs anything that still matters this round.
    fight = moves[-1]
    assert isinstance(fight, Fight)
    return fight


__all__ = [
    "BALANCED",
    "BOOKS",
    "BUILDER",
    "MILITARY",
    "STRATEGIES",
    "WONDERS",
    "HeuristicBot",
    "Option",
    "Position",
    "Strategy",
    "action_options",
    "decide",
]
