"""The JSON the board game's widget publishes, built from the engine's :class:`Game`.

Plain data builders (nothing here imports Jupyter), used by the board widget's adapter and
by ``js/scripts/make_board_fixtures.py`` (the JS tests' fixtures).  The browser draws what
these functions send, already in words; it never decides what is legal and re-derives no
rule: prices, costs, production, the tracks and every label come from here.

- :func:`view_payload`: everything the view draws (progress board, each nation's board,
  the scoring board, the event and the war, the prompt, the other players' last moves,
  the last round's summary, the details of every card in sight).
- :func:`legal_payload`: the acting seat's moves, each ``{"move", "label", "group", ...}``
  with what the view needs to place it (a buy on its card, a deploy on its slot, ...).
- :func:`preview_payload`: what a move would change, before -> after (played on a clone
  whose hidden future is reshuffled, so a preview never shows a card still in a deck).
- :func:`card_detail`: a card's figures and what it does, in the project's own words;
  :func:`cards_payload`: all of the game's cards, sent once per game (the view then
  names cards by id).

Information: the board game hides only the order of the decks (and the generator); the
view carries the decks' sizes, never their cards.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...board import (
    Buy,
    Deploy,
    Game,
    GameState,
    Hire,
    IllegalMoveError,
    MalformedMoveError,
    Move,
    Pass,
    Special,
    Undeploy,
    move_from_json,
)
from ...board.bots.heuristic import quick_move
from ...board.components import CardSpec
from ...board.constants import CARD_TYPES, FIGURES, PRICES, RESOURCES, SHADOW_FIGURES
from ...board.decisions import (
    CARD_DECISIONS,
    BattleSpoils,
    EffectChoice,
    GoldenAgeChoice,
    LoseOther,
    PlaceAdvisor,
    PlaceBm,
    PlaceColony,
)
from ...board.describe import describe_move
from ...board.effects import can_take_card, price_of
from ...board.render import side_name
from ...board.rules import age_of, deploy_cost, production_forecast, production_of
from ...board.solo import hall_of_fame
from ...board.state import DECK_CHOICES, decks_serve, tile_of
from ...board.words import count_text, counted, figure_text, level_text, signed_text
from ...core.log import LogEntry

#: At most this many of the other players' moves are summarised.
RECENT_LIMIT = 12
#: The seed of the reshuffle a preview plays on (any value: the real order never shows).
PREVIEW_SEED = 0x5EED

GOODS = ("gold", "stone", "food", "books")
TRACKS = ("strength", "stability")
#: What a preview and a round summary compare, in the order they are shown.
FIGURES_SHOWN = ("gold", "stone", "food", "books", "vp", "strength", "stability", "workers")

STEP_LABELS: dict[str, str] = {
    "maintenance.round": "New round",
    "maintenance.progress": "New cards on the progress board",
    "maintenance.growth": "Growth",
    "maintenance.event": "Event card",
    "maintenance.architects": "Architects",
    "actions": "Actions",
    "resolution.production": "Production",
    "resolution.order": "Player order",
    "resolution.war": "War",
    "resolution.solo_stability": "Stability against the shadow",
    "resolution.event_a": "First event",
    "resolution.event_b": "Second event",
    "resolution.famine": "Famine",
    "resolution.books": "Books (end of the age)",
    "game_over": "Game over",
}
AGE_NAMES = {1: "Antiquity", 2: "Middle Ages", 3: "Renaissance", 4: "Industrial Age"}
SET_NAMES = {"base": "base game", "adv": "advanced", "exp": "expert", "printed": "printed"}
DIFFICULTY_NAMES = {"chieftain": "Chieftain", "prince": "Prince", "king": "King",
                    "emperor": "Emperor"}


#: What a New game form offers (GameConfig's choices, in words): value -> label.
SETUP_OPTIONS: dict[str, list[list[Any]]] = {
    "difficulty": [[k, v] for k, v in DIFFICULTY_NAMES.items()],
    "sides": [["A", "A side for every nation"], ["B", "B sides (boards drawn)"],
              ["choose", "Each player chooses a drawn board and its side"]],
    # a third item: the player counts a choice serves (GameConfig refuses the others: with 5
    # players the base cards alone run short)
    "decks": [[name, label, [n for n in range(1, 6) if decks_serve(DECK_CHOICES[name], n)]]
              for name, label in (("base", "Base cards"),
                                  ("base+advanced", "Base and advanced cards"),
                                  ("all", "All cards (base, advanced, expert)"),
                                  ("balanced", "Balanced (base with some advanced and "
                                               "expert)"))],
    "ages": [[4, "Full game (4 ages)"], [3, "3 ages"], [2, "2 ages"], [1, "1 age"]],
}


def seat_label(seat: int) -> str:
    return f"Player {seat + 1}"


def _who(seat: int, seats: Sequence[str]) -> str:
    name = seat_label(seat)
    # a person at another screen of a table ("remote") is named like one at this screen
    if seat < len(seats) and seats[seat] not in ("human", "remote"):
        name += f" ({seats[seat]} bot)"
    return name


def _figures_text(vec: Sequence[int]) -> str:
    """Figures as changes, "+2 gold, −1 food" (a true minus sign, as the log's)."""
    return ", ".join(figure_text(i, v) for i, v in enumerate(vec) if v)


# ------------------------------------------------------------------------ cards
def card_lines(card: CardSpec) -> list[str]:
    """What a card does, line by line, from its figures (our words)."""
    lines: list[str] = []
    if card.is_bm:
        if any(card.per_worker):
            lines.append(f"Each worker on it: {_figures_text(card.per_worker)} every "
                         "production (strength and stability count at once).")
        lines.append(f"Deploying a worker costs {card.deploy_cost} stone.")
        if card.max_workers:
            lines.append(f"It holds at most {counted(card.max_workers, 'worker')}.")
        if card.raid:
            lines.append(f"Raid value {card.raid} (what a battle brings while it is manned).")
        if card.worker_vp:
            lines.append("At the end, its workers score " + " + ".join(
                str(v) for v in card.worker_vp) + " VP (first worker first).")
    if any(card.produces):
        lines.append(f"While in play: {_figures_text(card.produces)}"
                     + (" every production." if any(card.produces[:4]) else "."))
    if card.type == "colony" and card.requirement:
        lines.append(f"Buying it needs a strength of at least {card.requirement}.")
    if card.type == "wonder" and card.stages:
        lines.append(f"Built in {counted(len(card.stages), 'section')}, one architect each: "
                     + " / ".join(str(x) for x in card.stages) + " stone.")
    if card.type == "war":
        res, amount = card.war_loss
        lines.append(f"Its strength is the buyer's when bought. Every nation weaker when "
                     f"the war is fought loses {count_text(res, amount)} (less its positive "
                     "stability) and 1 VP.")
    if card.type == "battle":
        lines.append("Needs a worker on a military card; brings your best manned raid value "
                     "in books, food or stone, your choice.")
    if card.type == "golden age" and card.golden_age >= 0:
        lines.append(f"Take {count_text(card.golden_age, 2)}, or 1 VP for "
                     f"{counted(card.age, 'resource')} "
                     "of any kind (gold, stone, food, books).")
    if card.private_architects:
        lines.append(f"{counted(card.private_architects, 'private architect')} each round, "
                     "for you only.")
    if card.vp:
        lines.append(f"{card.vp} VP at the end of the game.")
    return lines


def card_detail(card: CardSpec) -> dict[str, Any]:
    """A card for the view: the figures a typographic card shows, and for the detail panel
    either ``text`` (the card's description from the engine's data, written by this
    project) or ``lines`` (its figures in words, for cards without a text)."""
    out: dict[str, Any] = {"id": card.id, "name": card.name, "type": card.type,
                           "age": card.age, "set": card.set}
    # the data's own description when it has one (it covers the figures too), else the
    # figures in words (the printed cards of the player boards have no text)
    if card.text:
        out["text"] = card.text
    else:
        out["lines"] = card_lines(card)
    if card.is_bm:
        out["per_worker"] = {FIGURES[i]: v for i, v in enumerate(card.per_worker) if v}
        out["deploy"] = card.deploy_cost
    if any(card.produces):
        out["produces"] = {FIGURES[i]: v for i, v in enumerate(card.produces) if v}
    if card.vp:
        out["vp"] = card.vp
    if card.requirement:
        out["requirement"] = card.requirement
    if card.stages:
        out["stages"] = list(card.stages)
    if card.raid:
        out["raid"] = card.raid
    if card.type == "war":
        out["war_loss"] = {RESOURCES[card.war_loss[0]]: card.war_loss[1]}
    if card.type == "golden age" and card.golden_age >= 0:
        out["golden_age"] = RESOURCES[card.golden_age]
    if card.effects:
        out["effect"] = True        # more than figures: the text says what
    if card.max_workers:
        out["max_workers"] = card.max_workers
    if card.worker_vp:
        out["worker_vp"] = list(card.worker_vp)
    if card.private_architects:
        out["architects"] = card.private_architects
    return out


def cards_payload(state: GameState) -> dict[str, Any]:
    """Every card this game can show, by id: the printed cards of every player-board side
    and the progress cards of the game's card sets (the ``cards`` trait, sent once per
    game; the sets' contents are public, only the decks' order is hidden)."""
    sets = set(state.config.card_sets) | {"printed"}
    return {c.id: card_detail(c) for c in state.comp.cards if c.set in sets}


# --------------------------------------------------------------------- the board
def _progress(s: GameState) -> dict[str, Any]:
    cols = s.comp.columns_by_players[s.config.players]
    cards = s.comp.cards
    rows = [{"price": PRICES[r],
             "cards": [cards[ref].id if ref >= 0 else None
                       for ref in s.board[r * cols:(r + 1) * cols]]} for r in range(3)]
    age = age_of(s.round)
    return {"columns": cols, "rows": rows, "deck": len(s.decks[age - 1]) if s.decks else 0,
            "decks": [len(d) for d in s.decks], "why": _why_not(s)}


def _why_not(s: GameState) -> dict[str, str]:
    """Why the acting seat cannot buy each progress card it cannot buy (card id -> a short
    sentence, the engine's reason), in the action step; empty otherwise.  The board view
    writes it on the card (it never decides what can be bought)."""
    seat = s.current_player()
    if seat is None or s.step != "actions" or s.queue:
        return {}
    gold = s.players[seat].res[RESOURCES.index("gold")]
    cards = s.comp.cards
    out: dict[str, str] = {}
    for ref in s.board:
        if ref < 0:
            continue
        price = price_of(s, seat, ref)
        reason = (f"costs {price} gold; you have {gold}" if gold < price
                  else can_take_card(s, seat, ref))
        if reason:
            out[cards[ref].id] = reason[0].upper() + reason[1:]
    return out


def _event(s: GameState) -> dict[str, Any] | None:
    if s.event < 0:
        return None
    ev = s.comp.events[s.event]
    return {"id": ev.id, "name": ev.name, "age": ev.age, "architects": ev.architects,
            "famine": ev.famine,
            "halves": [{"name": h.name, "text": h.text} for h in ev.halves]}


def _war(s: GameState) -> dict[str, Any] | None:
    if s.war_strength < 0:
        return None
    cards = s.comp.cards
    out: dict[str, Any] = {"strength": s.war_strength, "buyer": s.war_buyer,
                           "fought": s.war < 0}
    if s.war >= 0:
        out["card"] = cards[s.war].id
    if s.war_buyer >= 0:
        out["text"] = (f"{seat_label(s.war_buyer)}'s war at strength {s.war_strength}"
                       + (" (fought)" if s.war < 0 else ""))
    else:
        out["text"] = f"War at strength {s.war_strength}" + (" (fought)" if s.war < 0 else "")
    return out


#: What the next production's forecast compares (the workers never change there).
PRODUCTION_FIGURES = ("gold", "stone", "food", "books", "vp", "strength", "stability")


def next_production(s: GameState) -> list[dict[str, Any]] | None:
    """What the next production would change for each nation if it ran now, by seat:
    ``{"change": {figure: difference}, "owed", "choices", "text"}``.  The engine's own
    production step is played on a clone (``production_forecast``: the printed production
    with its upkeep, the cards' production effects, the revolt's losses, a shortfall's VP
    and books), so the view shows what the engine will do, never a sum of its own.
    ``owed``: resources of the nation's choice it would give up besides (no books left to
    lose); ``choices``: choices a card would ask of it there.  None once the game is
    over."""
    if s.is_terminal():
        return None
    after, left = production_forecast(s)
    out = []
    for seat in range(len(s.players)):
        was, now = _figures_of(s, seat), _figures_of(after, seat)
        change = {k: now[k] - was[k] for k in PRODUCTION_FIGURES}
        owed = sum(d.owed for d in left if isinstance(d, LoseOther) and d.seat == seat)
        choices = sum(1 for d in left if isinstance(d, EffectChoice) and d.seat == seat)
        out.append({"change": change, "owed": owed, "choices": choices,
                    "text": _production_text(change, owed, choices)})
    return out


def _production_text(change: dict[str, int], owed: int, choices: int) -> str:
    """The forecast in words: "+8 gold, −3 food, −1 VP; then 2 resources of its choice"."""
    words = {"books": "books", "vp": "VP"}
    parts = [f"{signed_text(n)} {'book' if k == 'books' and abs(n) == 1 else words.get(k, k)}"
             for k, n in change.items() if n]
    text = ", ".join(parts) or "no change"
    if owed:
        text += f"; then {counted(owed, 'resource')} of its choice (no books left to lose)"
    if choices:
        text += f"; and {counted(choices, 'choice')} a card asks"
    return text


def _nation(s: GameState, seat: int, seats: Sequence[str],
            forecast: Sequence[dict[str, Any]] | None = None) -> dict[str, Any]:
    p = s.players[seat]
    cards = s.comp.cards
    side = s.side_of(seat)
    strength, stability = s.strength(seat), s.stability(seat)
    res = dict(zip(RESOURCES, p.res, strict=True))
    net = production_of(s, seat)
    production = {GOODS[0]: net[0], GOODS[1]: net[1], GOODS[2]: net[2], GOODS[3]: net[3]}
    slots = []
    for k, (ref, w) in enumerate(zip(p.bm, p.workers, strict=True)):
        card = cards[ref] if ref >= 0 else None
        slots.append({"slot": k, "card": card.id if card else None, "workers": w,
                      "max": card.max_workers if card else 0,
                      "deploy": deploy_cost(s, seat, k) if card else None})
    wonder = None
    if p.wonder >= 0:
        wc = cards[p.wonder]
        wonder = {"card": wc.id, "built": p.built, "sections": len(wc.stages),
                  "next_cost": wc.stages[p.built] if p.built < len(wc.stages) else None}
    passed = s.step == "actions" and seat in s.passed
    workers = p.idle + p.deployed
    summary = (f"{res['gold']} gold · {res['stone']} stone · {res['food']} food · "
               f"{counted(res['books'], 'book')} · {res['vp']} VP · strength "
               f"{level_text(strength)} · stability {level_text(stability)} · "
               f"{counted(workers, 'worker')} ({p.idle} idle)")
    return {
        "seat": seat, "name": seat_label(seat), "who": seats[seat] if seat < len(seats)
        else "human", "side": side_name(s, seat), "nation": p.nation,
        "difficulty": DIFFICULTY_NAMES.get(s.config.difficulty[seat],
                                           s.config.difficulty[seat]),
        "resources": res, "strength": strength, "stability": stability,
        "revolt": stability < 0, "production": production,
        "idle": p.idle, "workers": workers,
        "population": {
            "food": {"size": side.food_section, "taken": p.taken_food,
                     "upkeep": side.food_upkeep},
            "stability": {"size": side.stability_section, "taken": p.taken_stab,
                          "upkeep": side.stability_upkeep},
            "on_top": p.on_top, "hidden": p.hidden},
        "slots": slots,
        "advisors": [cards[c].id for c in p.advisors], "advisor_slots": side.advisor_slots,
        "colonies": [cards[c].id for c in p.colonies], "colony_slots": side.colony_slots,
        "wonder": wonder,
        "wonders": [cards[c].id for c in p.wonders], "wonder_slots": side.wonder_slots,
        "specials": [cards[c].id for c in p.specials],
        "private_architects": p.private,
        "passed": passed, "first_to_pass": bool(s.passed) and s.passed[0] == seat,
        "defeated": p.defeated,
        "bought": {t: k for t, k in zip(CARD_TYPES, p.bought, strict=True) if k},
        "summary": summary,
        # what the next production changes, as the engine's production step does it
        "next_production": forecast[seat] if forecast is not None else None,
    }


def _visible_cards(s: GameState) -> list[int]:
    """Every card the view shows: the progress board, the war, every nation's cards."""
    refs = [r for r in s.board if r >= 0]
    if s.war >= 0:
        refs.append(s.war)
    for p in s.players:
        refs += [r for r in p.bm if r >= 0]
        refs += p.advisors + p.colonies + p.wonders + list(p.specials)
        if p.wonder >= 0:
            refs.append(p.wonder)
    return refs


def _tile_text(tile: Any, age: int) -> str:
    """A solo tile in words: what the shadow has this round, what it adds, and what a roll
    of 5 or 6 changes, each "+2" or "\u22122" with a true minus sign (the tile's figures,
    the project's sentence)."""
    def change(figs: tuple[int, int, int]) -> str:
        parts = [f"{signed_text(n)} {'book' if name == 'books' and abs(n) == 1 else name}"
                 for name, n in zip(SHADOW_FIGURES, figs, strict=True) if n]
        return ", ".join(parts) or "nothing"
    return (f"Age {age} tile: the shadow has strength {tile.strength} and stability "
            f"{tile.stability}, and gains {counted(tile.books, 'book')}; "
            f"{counted(tile.architects, 'architect')}, famine {tile.famine}; "
            f"a roll of 5: {change(tile.rolls[0])}; of 6: {change(tile.rolls[1])}.")


def _solo(s: GameState) -> dict[str, Any] | None:
    if s.config.players != 1:
        return None
    tiles = s.comp.solo_tiles
    tile = tile_of(s)
    strength, stability, books = s.shadow
    return {"strength": strength, "stability": stability, "books": books,
            "first": s.shadow_first, "last_roll": s.last_roll,
            "tile": None if tile is None else tile.id,
            "tile_text": None if tile is None else _tile_text(tile, tile.age),
            "reconstructed": bool(tiles and tiles.reconstruction),
            "notice": ("The solo tiles are a reconstruction: their values are not the "
                       "published ones.") if tiles and tiles.reconstruction else "",
            "title": hall_of_fame(s.scores()[0]) if s.is_terminal() else None}


def viewer_of(state: GameState, seats: Sequence[str]) -> int | None:
    """The seat the view is drawn for: the seat to move when it is a human, else the
    first human seat, else a spectator (None)."""
    current = state.current_player()
    if current is not None and seats[current] == "human":
        return current
    humans = [s for s, who in enumerate(seats) if who == "human"]
    return humans[0] if humans else None


def prompt_text(state: GameState, seats: Sequence[str]) -> str:
    """What the game waits for, in words (the engine's prompt, bots named)."""
    seat = state.current_player()
    if seat is None:
        scores = state.scores()
        if state.config.players == 1:
            title = hall_of_fame(scores[0])
            return (f"Game over: you scored {scores[0]} VP"
                    + (f" (Hall of Fame: {title})." if title else "."))
        winner = state.winner()
        return (f"Game over: {seat_label(winner if winner is not None else 0)} wins with "
                f"{max(scores)} VP.")
    name = seat_label(seat)
    if seat < len(seats) and seats[seat] == "remote":
        # a seat this screen does not play (a person at their own screen, a lesson's other
        # seat) waits: the prompt does not invite this screen to play it
        return f"{name}'s turn (not played at this screen)."
    text = state.prompt()
    if seats[seat] != "human" and text.startswith(name):
        text = _who(seat, seats) + text[len(name):]
    return text


def _decision_card(s: GameState) -> str | None:
    """The id of the card the pending decision is about (placing it, its battle's loot, its
    golden age's choice), or None: the view shows the card beside the question."""
    d = s.queue[0] if s.queue else None
    if not isinstance(d, CARD_DECISIONS):
        return None
    return s.comp.cards[d.card].id


def view_payload(game: Game, seats: Sequence[str]) -> dict[str, Any]:
    """Everything the board view draws, for the position ``game`` is at."""
    s = game.state
    cards = s.comp.cards
    current = s.current_player()
    viewer = viewer_of(s, seats)
    n = s.config.players
    over = s.is_terminal()
    refs = _visible_cards(s)
    forecast = next_production(s)
    decision = s.queue[0].kind if s.queue else ("action" if current is not None else None)
    data: dict[str, Any] = {
        "game": "board",
        "position": game.position,
        "round": s.round, "rounds": s.config.rounds, "age": age_of(s.round),
        "age_name": AGE_NAMES.get(age_of(s.round), ""), "age_names": AGE_NAMES,
        "step": s.step, "step_label": STEP_LABELS.get(s.step, s.step),
        "current": current, "viewer": viewer,
        "human_turn": current is not None and seats[current] == "human",
        "decision": decision,
        "decision_card": _decision_card(s),
        "prompt": prompt_text(s, seats),
        "progress": _progress(s),
        "scoring": {
            "round": s.round, "rounds": s.config.rounds, "age": age_of(s.round),
            "architects": s.architects,
            "order": list(s.order), "passed": list(s.passed) if s.step == "actions" else [],
            "vp": [p.res[4] for p in s.players], "books": [p.res[3] for p in s.players],
            "event": _event(s), "war": _war(s),
            "decks": s.config.deck_name,
        },
        "nations": [_nation(s, seat, seats, forecast) for seat in range(n)],
        "cards_in_sight": sorted(cards[r].id for r in set(refs)),
        "solo": _solo(s),
        "scores": s.scores(),
        "over": over,
        "winner": s.winner(),
        "final": [s.score_breakdown(x) for x in range(n)] if over else None,
        # the seats best first (the engine's: most VP, ties to the earlier player order)
        "ranking": s.ranking() if over else None,
        "recent": recent_payload(game, seats),
        "round_summary": round_summary(game, seats),
        "setup": SETUP_OPTIONS,
    }
    return data


# ----------------------------------------------------------------- legal moves
def legal_payload(state: GameState) -> list[dict[str, Any]]:
    """The acting seat's legal moves, in the engine's order, each
    ``{"move", "text", "group", "key"}`` plus where it goes: ``card`` (buy, special),
    ``slot`` and ``source`` (deploy), ``slot`` and ``count`` (undeploy), ``cost`` /
    ``price`` (stone or gold it takes).  ``group``: pass, grow, choose, buy, deploy,
    undeploy, hire, special."""
    seat = state.current_player()
    if seat is None:
        return []
    out: list[dict[str, Any]] = []
    for move in state.legal_moves():
        entry: dict[str, Any] = {"move": move.to_json(), "text": describe_move(state, move),
                                 "group": move.type, "key": move.to_json_str()}
        if isinstance(move, Buy):
            ref = state.comp.card_ref[move.card]
            entry["card"] = move.card
            entry["price"] = price_of(state, seat, ref)
        elif isinstance(move, Deploy):
            entry["slot"] = move.slot
            entry["source"] = move.source
            entry["cost"] = deploy_cost(state, seat, move.slot)
        elif isinstance(move, Undeploy):
            entry["slot"] = move.slot
            entry["count"] = move.count
        elif isinstance(move, Special):
            entry["card"] = move.card
        elif isinstance(move, Hire):
            p = state.players[seat]
            entry["card"] = state.comp.cards[p.wonder].id
            entry["cost"] = state.comp.cards[p.wonder].stages[p.built]
        out.append(entry)
    return out


# --------------------------------------------------------------------- preview
def _figures_of(s: GameState, seat: int) -> dict[str, int]:
    p = s.players[seat]
    out = dict(zip(RESOURCES, p.res, strict=True))
    out["strength"] = s.strength(seat)
    out["stability"] = s.stability(seat)
    out["workers"] = p.idle + p.deployed
    return out


def preview_payload(state: GameState, move: Move | dict[str, Any]) -> dict[str, Any]:
    """What ``move`` would change for the seat playing it, before -> after.

    ``{"move", "text", "seat", "ok", "error", "rows": [{"name", "before", "after"}],
    "production": the next production's changes [{"name", "before", "after"}] and
    "production_text" in words ("+2 stone at production"), "lines": [what happens, the
    engine's sentences], "then": the next question when the same seat must answer one,
    "ends_turn", "ends_actions", "place"}``.

    ``place``: when the move asks the same seat a question about the card it took (a
    building's slot, the colony or advisor it replaces, a completed wonder's space, what a
    battle brings, what a golden age gives: with more than one option; one option the
    engine takes itself), ``{"question", "legend" (the question
    without the seat's name), "kind", "default",
    "options": [{"move", "key", "text", "slot", "card", "rows", "production",
    "production_text", "lines", "then", "ends_turn"}]}``: each option's outcome, the move
    and the placement together; ``default`` (an index) is the one the preferred bot
    would take, and the preview's own rows, lines and ``then`` are that option's.  The
    page sends the chosen option's ``move`` as the ``then`` of its move intent.
    A refused move comes back with ``ok`` false and the engine's reason in ``error``.

    The move is played on a clone whose decks are reshuffled (``reseeded``): what this
    round's resolution does is public, but the next round's cards and the solo die are
    not, so what they would show is left out.
    """
    seat = state.current_player()
    try:
        parsed = move if not isinstance(move, dict) else move_from_json(move)
    except MalformedMoveError as exc:
        return {"move": move, "ok": False, "error": str(exc), "rows": [], "lines": []}
    out: dict[str, Any] = {"move": parsed.to_json(), "key": parsed.to_json_str(),
                           "seat": seat, "ok": False, "error": None, "rows": [],
                           "lines": [], "then": None, "ends_turn": False,
                           "ends_actions": False, "place": None, "production": [],
                           "production_text": []}
    if seat is None:
        out["error"] = "the game is over"
        return out
    try:
        state.check(parsed)
    except IllegalMoveError as exc:
        out["error"] = str(exc)
        return out
    out["text"] = describe_move(state, parsed)
    clone = state.reseeded(PREVIEW_SEED)
    entries = clone.apply(parsed)
    out["ok"] = True
    place = _placement(state, clone, seat, entries)
    if place is None:
        out.update(_outcome(state, clone, seat, entries))
    else:
        out["place"] = place
        chosen = place["options"][place["default"]]
        out.update({k: chosen[k] for k in ("rows", "production", "production_text",
                                           "lines", "then", "ends_turn", "ends_actions")})
    # the shell's generic preview panel reads these (sentences)
    out["title"] = out["text"]
    out["pays"] = [_change_text(r) for r in out["rows"] if r["after"] < r["before"]]
    out["gains"] = [_change_text(r) for r in out["rows"] if r["after"] > r["before"]]
    out["goes"] = out["lines"] + out["production_text"]
    out["warning"] = ("This ends your actions for the round: the resolution follows."
                      if isinstance(parsed, Pass) and out["ends_actions"] else
                      "You pass: no more actions this round." if isinstance(parsed, Pass)
                      else None)
    return out


def _outcome(state: GameState, after: GameState, seat: int,
             entries: Sequence[LogEntry]) -> dict[str, Any]:
    """What the moves that led from ``state`` to ``after`` (which wrote ``entries``)
    change for ``seat``: the preview's rows, production, lines, next question and whether
    the turn or the actions end."""
    before, now = _figures_of(state, seat), _figures_of(after, seat)
    made, makes = production_of(state, seat), production_of(after, seat)
    production: list[dict[str, Any]] = [{"name": GOODS[r], "before": made[r], "after": makes[r]}
                  for r in range(len(GOODS)) if made[r] != makes[r]]
    out: dict[str, Any] = {
        "rows": [{"name": k, "before": before[k], "after": now[k]} for k in FIGURES_SHOWN
                 if before[k] != now[k]],
        "production": production,
        "production_text": [f"{figure_text(RESOURCES.index(c['name']), c['after'] - c['before'])}"
                            " at production" for c in production],
        # only what this round does, in public: the next round's maintenance (new cards,
        # the event card) and the solo shadow's die come from the reshuffled clone
        "lines": [e.text for e in entries
                  if e.round == state.round and e.kind != "shadow"
                  and not e.step.startswith("maintenance")][:12],
        "then": None,
    }
    out["ends_actions"] = (state.step == "actions" and after.step != "actions") \
        or after.round != state.round or after.is_terminal()
    nxt = after.current_player()
    if nxt == seat and after.queue and after.round == state.round:
        out["then"] = after.prompt()
    out["ends_turn"] = nxt != seat or out["ends_actions"]
    return out


def _placement(state: GameState, after: GameState, seat: int,
               entries: Sequence[LogEntry]) -> dict[str, Any] | None:
    """The ``place`` of a preview (see :func:`preview_payload`): the question about the
    card the move took (where it goes, what a battle brings, what a golden age gives), when
    ``after`` asks ``seat`` that (``Game._joins``), else None."""
    d = after.queue[0] if after.queue else None
    if not isinstance(d, CARD_DECISIONS) or d.seat != seat:
        return None
    choices = after.legal_moves()
    default = choices.index(quick_move(after, seat))
    player, cards = after.players[seat], after.comp.cards
    options = []
    for k, choice in enumerate(choices):
        final = after.clone()
        more = final.apply(choice)
        slot: int | None = None
        held: int = -1
        if isinstance(d, PlaceBm):
            slot, held = k, player.bm[k]
        elif isinstance(d, PlaceColony):
            held = player.colonies[k]
        elif isinstance(d, PlaceAdvisor):
            held = player.advisors[k]
        elif isinstance(d, (BattleSpoils, GoldenAgeChoice)):
            held = -1      # what the card brings: no card of the player's is replaced
        else:
            free = len(player.wonders) < after.side_of(seat).wonder_slots
            held = -1 if free and k == 0 else player.wonders[k - (1 if free else 0)]
        options.append({"move": choice.to_json(), "key": choice.to_json_str(),
                        "text": describe_move(after, choice), "slot": slot,
                        "card": cards[held].id if held >= 0 else None,
                        **_outcome(state, final, seat, [*entries, *more])})
    question = after.prompt()
    # the heading of the choice in the preview: the question without the seat's name
    legend = question.removeprefix(f"{seat_label(seat)}: ")
    return {"question": question, "legend": legend[:1].upper() + legend[1:], "kind": d.kind,
            "default": default, "options": options}


def _change_text(row: dict[str, Any]) -> str:
    name = "VP" if row["name"] == "vp" else row["name"]
    return f"{name} {level_text(row['before'])} \u2192 {level_text(row['after'])}"


# ------------------------------------------------------------ recent and summary
def recent_payload(game: Game, seats: Sequence[str]) -> dict[str, Any]:
    """What the other players did since the viewer's last decision (the viewer: the human
    seat to move; for anyone else, the last move only), oldest first: ``{"moves": [{"seat",
    "text", "card", "slot", "times"}], "cards": [card ids to highlight]}``.  Each text
    names its player, the engine's own sentences too ("Aqueduct replaces Chariot." said
    nobody's once the move that bought it was off the list); the same move made again at
    once by the same player ("has no books left and gives up 1 food instead", thrice) is
    one line with its ``times``."""
    state = game.state
    current = state.current_player()
    viewer = current if current is not None and seats[current] == "human" else None
    moves: list[dict[str, Any]] = []
    for _, before, mover, move, said in game.moves_since(viewer, RECENT_LIMIT):
        text = said or f"{seat_label(mover)}: {describe_move(before, move)}"
        card: str | None = None
        slot: int | None = None
        if isinstance(move, (Buy, Special)):
            card = move.card
        elif isinstance(move, (Deploy, Undeploy)):
            slot = move.slot
            ref = before.players[mover].bm[move.slot]
            card = before.comp.cards[ref].id if ref >= 0 else None
        elif isinstance(move, Hire):
            ref = before.players[mover].wonder
            card = before.comp.cards[ref].id if ref >= 0 else None
        label = seat_label(mover)
        named = (_who(mover, seats) + text[len(label):] if text.startswith(label)
                 else f"{_who(mover, seats)}: {text}")
        last = moves[-1] if moves else None
        if last is not None and (last["seat"], last["text"], last["card"], last["slot"]) \
                == (mover, named, card, slot):
            last["times"] += 1
            continue
        moves.append({"seat": mover, "text": named, "card": card, "slot": slot, "times": 1})
    return {"moves": moves, "cards": sorted({m["card"] for m in moves if m["card"]})}


def round_summary(game: Game, seats: Sequence[str]) -> dict[str, Any] | None:
    """The last finished round's resolution, for the end-of-round panel, shown during the
    next round (and at the game's end): ``{"round", "event", "phases": [{"step", "label",
    "lines": [{"seat", "text", "times"}]}], "rows": [{"seat", "changes": [{"name", "before",
    "after"}]}], "order"}`` — what each nation had at the end of the round's actions and
    after the resolution, and what each phase did (the engine's sentences).  None in the
    first round."""
    state = game.state
    finished = state.round if state.is_terminal() else state.round - 1
    if finished < 1:
        return None
    # positions: ``end`` the first state past the finished round (the next round's first
    # decision, or the end of the game); ``start`` the last state of its actions phase
    def past(st: GameState) -> bool:
        return st.is_terminal() or st.round > finished

    end = game.position
    while end > 0 and past(game.state_at(end - 1)):
        end -= 1
    if end == 0:
        return None
    start = end - 1
    while start > 0 and game.state_at(start).step != "actions" \
            and game.state_at(start - 1).round == finished:
        start -= 1
    before_s, after_s = game.state_at(start), game.state_at(end)
    entries = [e for p in range(start + 1, end + 1) for e in game.log_of_move(p)
               if e.round == finished and e.step.startswith("resolution.")]
    phases: list[dict[str, Any]] = []
    for e in entries:
        if not phases or phases[-1]["step"] != e.step:
            phases.append({"step": e.step, "label": STEP_LABELS.get(e.step, e.step),
                           "lines": []})
        lines = phases[-1]["lines"]
        if lines and lines[-1]["seat"] == e.seat and lines[-1]["text"] == e.text:
            lines[-1]["times"] += 1         # "gives up 1 gold instead" nine times: once, x9
        else:
            lines.append({"seat": e.seat, "text": e.text, "times": 1})
    rows = []
    for seat in range(state.config.players):
        b, a = _figures_of(before_s, seat), _figures_of(after_s, seat)
        rows.append({"seat": seat, "name": _who(seat, seats),
                     "changes": [{"name": k, "before": b[k], "after": a[k]}
                                 for k in FIGURES_SHOWN if b[k] != a[k]]})
    event_names = [e.text for e in entries if e.kind == "event"]
    return {"round": finished, "event": " / ".join(t.removeprefix("Event: ").rstrip(".")
                                                   for t in event_names),
            "phases": phases, "rows": rows, "order": list(after_s.order)}


__all__ = ["STEP_LABELS", "card_detail", "card_lines",
           "cards_payload",
           "legal_payload", "next_production", "preview_payload", "prompt_text",
           "recent_payload", "round_summary", "view_payload", "viewer_of"]
