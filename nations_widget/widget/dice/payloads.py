"""The dice game's payloads: the JSON the widget publishes to the browser, built from an
engine :class:`~nations_widget.dice.Game` (the log and history payloads are the shell's,
:mod:`nations_widget.widget.shell.log`).

Nothing here imports Jupyter: these functions are plain data builders, used by
:class:`~nations_widget.widget.dice.adapter.DiceAdapter` and by
``js/scripts/make_fixtures.py`` (the JS tests' fixtures).  The browser draws only from
these payloads; it never decides what is legal, and it re-derives no rule: the ranking,
the resources, the round's steps, the tiles' costs and what a replaced building gives
back come from here.
"""

from __future__ import annotations

from typing import Any

from ...dice import (
    Buy,
    Catalogue,
    EventSpec,
    Game,
    GameState,
    Move,
    Reroll,
    TileSpec,
    describe_event,
    describe_tile,
)
from ...dice.catalogue import (
    CHIT_KINDS,
    DIE_COLOURS,
    GREEN,
    HALL_OF_FAME,
    MAX_GREEN_DICE,
    RESOURCES,
    SUPPLY_DICE,
    tile_to_json,
)
from ...dice.preview import suggested_payment, suggested_replacement
from ...dice.reasons import unavailable_actions
from ...dice.rules import (
    ROUND,
    bonus_due,
    check,
    give_back_order,
    unrest_due,
    used_reroll_choices,
)
from ...dice.state import BOARD_ROWS

RECONSTRUCTION_NOTICE = (
    "The tile values and coloured die faces of this catalogue ({name}) are a "
    "reconstruction, not the printed components: the publisher never released them as "
    "text. To play with the real ones, write them into a catalogue JSON file of the same "
    "shape and load it (the \u201cLoad catalogue\u201d button, or "
    "NationsWidget(catalogue=load_catalogue(path)) in Python)."
)


UNREST_NOTICE = (
    "The Unrest expansion's green dice, tiles, star-marked reroll chits and passing bonuses "
    "are a reconstruction: the only source names them without their values."
)


def _tile_json(tile: TileSpec) -> dict[str, Any]:
    # the catalogue file's form (with the age, 0 for a starting building), plus what the
    # board needs to show: the currency it is bought with and its tooltip
    return {**tile_to_json(tile), "currency": tile.currency, "tooltip": describe_tile(tile)}


def _event_json(ev: EventSpec) -> dict[str, Any]:
    return {"id": ev.id, "name": ev.name, "age": ev.age, "famine": ev.famine, "war": ev.war,
            "vp": ev.vp, "tooltip": describe_event(ev)}


def catalogue_payload(cat: Catalogue) -> dict[str, Any]:
    """Everything static about the components (sent once per catalogue)."""
    die_colours = [c for c in DIE_COLOURS for _ in range(SUPPLY_DICE[c])]
    faces = {c: [f.symbols() for f in cat.faces[c]] for c in DIE_COLOURS}
    unrest = cat.unrest
    tiles = cat.starting_buildings + cat.tiles
    if unrest is not None:
        # Unrest: the green dice (die numbers 44 on; a face {"unrest": 1} shows the Unrest
        # symbol), the expansion's tiles and passing bonuses
        die_colours += [GREEN] * MAX_GREEN_DICE
        faces[GREEN] = [f.symbols() for f in unrest.green_faces]
        tiles += unrest.tiles
    return {
        "name": cat.name,
        "fingerprint": cat.fingerprint,
        "reconstructed": cat.reconstructed,
        "notice": RECONSTRUCTION_NOTICE.format(name=cat.name) if cat.reconstructed else "",
        "resources": list(RESOURCES),
        "chit_kinds": list(CHIT_KINDS),
        "faces": faces,
        "die_colours": die_colours,
        "starting": [t.id for t in cat.starting_buildings],
        "tiles": {t.id: _tile_json(t) for t in tiles},
        "unrest": None if unrest is None else {
            "reconstructed": unrest.reconstructed,
            "notice": UNREST_NOTICE if unrest.reconstructed else "",
            "bonuses": {b.id: {"name": b.name, "resource": b.resource}
                        for b in unrest.passing_bonuses}},
        "events": {e.id: _event_json(e) for e in cat.events},
        "hall_of_fame": [list(x) for x in HALL_OF_FAME],
        # the round's steps the header lists (the new round only sets up: never shown)
        "steps": [{"id": step.name, "label": step.name.replace("_", " ").capitalize()}
                  for step in ROUND if step.name != "new_round"],
        # a progress-board tile's cost by its row (row 0 first)
        "row_costs": [row + 1 for row in range(BOARD_ROWS)],
    }


def seat_label(seat: int) -> str:
    return f"Player {seat + 1}"


def remote_turn(seat: int) -> str:
    """The prompt while a seat this screen does not play is to decide."""
    return f"{seat_label(seat)}'s turn (not played at this screen)."


def prompt(state: GameState, seats: list[str]) -> str:
    """One sentence saying what the game waits for (shown above the board)."""
    seat = state.current_player()
    if seat is None:
        if state.config.players == 1:
            title = state.hall_of_fame_title()
            return (f"Game over: you scored {state.scores()[0]} VP"
                    + (f" (Hall of Fame: {title})." if title else "."))
        winner = state.winner()
        scores = state.scores()
        return (f"Game over: {seat_label(winner if winner is not None else 0)} wins with "
                f"{max(scores)} VP.")
    who = seat_label(seat)
    ev = state.event_spec if state.event >= 0 else None
    if seats[seat] == "remote":
        # a seat this screen does not play (a person at their own screen, a lesson's other
        # seat) waits: the prompt does not invite this screen to play it
        step = {"books": "Books: ", "famine": "Famine: ", "war": "War: "}.get(state.step, "")
        return f"{step}{remote_turn(seat)}"
    if seats[seat] != "human":
        who += f" ({seats[seat]} bot)"
    if state.step == "actions":
        if unrest_due(state, seat):
            n = len(state.unrest_dice(seat))
            return (f"Unrest: {n} of {who}'s green dice show the Unrest symbol. Reroll all of "
                    "them (that is the turn's action), or set all of them aside and then act.")
        if bonus_due(state, seat):
            return (f"{who}: reroll, buy a tile, build your wonder, or pass (passing now takes "
                    "a passing bonus).")
        return f"{who}: reroll, buy a tile, build your wonder, or pass."
    if state.step == "books" and ev is not None:
        return (f"Books: {who} chooses which book dice to use; dice kept back can be traded "
                f"for food in the famine ({ev.famine} food).")
    if state.step == "famine" and ev is not None:
        return f"Famine: {who} pays {ev.famine} food to score {ev.vp} VP, or pays nothing."
    if state.step == "war" and ev is not None:
        return f"War: {who} pays {ev.war} strength to score {ev.vp} VP, or pays nothing."
    return f"{who} to decide ({state.step.replace('_', ' ')})."


def rolled_dice(game: Game) -> list[int]:
    """The dice rolled by the move that led to the current position (for the animation)."""
    dice: list[int] = []
    for entry in game.log_of_move(game.position):
        if entry.kind in ("roll", "reroll"):
            dice += entry.data.get("dice", [])
        elif entry.kind == "building":
            dice += entry.data.get("taken", [])
    return sorted(set(dice))


def give_back_payload(state: GameState, seat: int) -> dict[str, Any]:
    """What the browser needs to offer the choice of what goes back to the supply when
    ``seat`` buys a tile that replaces one of theirs (the engine checks the choice):

    ``dice``: for each colour of the seat's buildings, the seat's dice of that colour,
    least useful first (:func:`~nations_widget.dice.rules.give_back_order`).
    ``replace``: per building the seat holds (by tile id), ``{"colour", "count"}``: the
    colour of the dice it gave and how many of them go back when it is replaced.  Which
    ones go back by default depends on the payment: the board asks with the move's
    preview (:func:`give_back_choice`).
    ``used_rerolls``: ``{"choices", "default"}``: how many of the advisor's reroll chits
    can go back from the used ones when a new advisor replaces it (the others go back
    from the unused ones), or None without an advisor.
    ``replace_default``: the building a new building replaces unless the player chooses
    another (:func:`~nations_widget.dice.preview.suggested_replacement`): the board's
    click on a building's tile asks the preview of that buy.
    """
    tiles = state.comp.tiles
    player = state.players[seat]
    replace: dict[str, dict[str, Any]] = {}
    for slot, ref in enumerate(player.buildings):
        colour = tiles[ref].dice_colour
        if colour is not None and tiles[ref].id not in replace:
            replace[tiles[ref].id] = {"colour": colour, "count": player.building_dice[slot]}
    colours = sorted({r["colour"] for r in replace.values()})
    choices = used_reroll_choices(state, seat)
    return {
        "dice": {c: give_back_order(state, seat, c) for c in colours},
        "replace": replace,
        "used_rerolls": {"choices": list(choices), "default": choices[-1]} if choices else None,
        "replace_default": suggested_replacement(state, seat),
    }


def give_back_choice(state: GameState, move: Buy) -> dict[str, Any] | None:
    """What the buy ``move`` (of the player to act, a building replacing ``move.replaces``)
    gives back, for the board's choice of dice (sent with the move's preview):
    ``{"replaces", "colour", "count", "order", "default", "chosen", "matters"}``: ``count``
    of the player's ``colour`` dice go back; ``order``: those dice, least useful first;
    ``default``: the ones the engine gives back when the player does not choose (for this
    payment); ``chosen``: the ones this move gives back (its ``returned_dice``, else the
    default); ``matters``: some stay and keeping one rather than another makes a difference
    (used dice and dice paying are alike: they do nothing more this round).  None when the
    move replaces nothing that gave dice.  The move must be legal (see
    :func:`~nations_widget.dice.rules.check`)."""
    seat = state.current_player()
    if seat is None or move.replaces is None:
        return None
    tiles = state.comp.tiles
    player = state.players[seat]
    slot = next((i for i, ref in enumerate(player.buildings)
                 if tiles[ref].id == move.replaces), None)
    if slot is None:
        return None
    colour = tiles[player.buildings[slot]].dice_colour
    if colour is None:
        return None
    count = player.building_dice[slot]
    order = give_back_order(state, seat, colour)
    default = check(state, Buy(move.tile, move.payment, move.replaces)).returned_dice
    chosen = check(state, move).returned_dice
    paid = set(move.payment.all_dice())
    kinds = {None if state.dice_used[d] or d in paid else state.face(d) for d in order}
    return {"replaces": move.replaces, "colour": colour, "count": count, "order": order,
            "default": sorted(default), "chosen": sorted(chosen),
            "matters": count > 0 and len(order) > count and len(kinds) > 1}


def _dice_words(count: int, colour: str | None) -> str:
    return f"{count} {colour} {'die' if count == 1 else 'dice'}" if colour else "no die"


def replace_choice(state: GameState, move: Buy) -> dict[str, Any] | None:
    """The choice of the building that the buy ``move`` (a building, by the player to
    act) replaces, for the board to offer inside the buy's preview:
    ``{"options": [{"id", "name", "detail"}], "chosen", "default"}``: each of the player's
    buildings once, in slot order (``detail``: what it gave and scores, in words);
    ``chosen``: ``move.replaces``; ``default``: the building the board suggests
    (:func:`~nations_widget.dice.preview.suggested_replacement`).  None for any other
    tile."""
    seat = state.current_player()
    tiles = state.comp.tiles
    ref = state.comp.tile_ref.get(move.tile)
    if seat is None or ref is None or tiles[ref].kind != "building":
        return None
    player = state.players[seat]
    options: list[dict[str, Any]] = []
    for slot, held in enumerate(player.buildings):
        old = tiles[held]
        if any(o["id"] == old.id for o in options):
            continue
        gave = _dice_words(player.building_dice[slot], old.dice_colour)
        options.append({"id": old.id, "name": old.name,
                        "detail": f"gave {gave}" + (f", {old.vp} VP" if old.vp else "")})
    return {"options": options, "chosen": move.replaces,
            "default": suggested_replacement(state, seat)}


def rerolls_choice(state: GameState, move: Buy) -> dict[str, Any] | None:
    """How many of the old advisor's reroll chits go back from the used ones when the buy
    ``move`` (an advisor, by the player to act) replaces the player's advisor, for the
    board to offer inside the buy's preview: ``{"options": [{"used", "text"}], "chosen",
    "default", "leaves", "count"}`` (options: most used ones first, ``text``: the choice in
    words; ``leaves``: the name of the advisor leaving; ``count``: how many chits go back
    with it), or None when there is nothing to choose (no advisor, or a single way)."""
    seat = state.current_player()
    tiles = state.comp.tiles
    ref = state.comp.tile_ref.get(move.tile)
    if seat is None or ref is None or tiles[ref].kind != "advisor":
        return None
    choices = used_reroll_choices(state, seat)
    if len(choices) < 2:
        return None
    player = state.players[seat]
    n = player.advisor_rerolls
    unused = player.chits[CHIT_KINDS.index("reroll")]
    default = check(state, Buy(move.tile, move.payment)).returned_used
    chosen = check(state, move).returned_used
    options = [{"used": k, "text": f"{k} used + {n - k} unused (you keep {unused - (n - k)} "
                                   "unused)"} for k in sorted(choices, reverse=True)]
    return {"options": options, "chosen": chosen, "default": default,
            "leaves": tiles[player.advisor].name, "count": n}


def view_payload(game: Game, seats: list[str]) -> dict[str, Any]:
    """``game.view(viewer)`` plus the few derived figures the board shows.

    The viewer is the seat to move when it is a human, else the first human seat (or a
    spectator when every seat is a bot); only the Accelerated variant hides anything.
    ``config`` is the game's settings without the seed (it would tell the rolls to come).
    ``give_back`` (:func:`give_back_payload`): for a human's action, else None.
    """
    state = game.state
    current = state.current_player()
    humans = [s for s, who in enumerate(seats) if who == "human"]
    if current is not None and seats[current] == "human":
        viewer: int | None = current
    else:
        viewer = humans[0] if humans else None
    # the engine's view leaves the generator and the seed out (the seed replays every roll
    # to come): the page gets the seed from ``settings``, and only once the game is over
    # (see nations_widget.widget.shell.secrecy)
    data = state.view(viewer)
    data["current"] = current
    data["human_turn"] = current is not None and seats[current] == "human"
    data["scores"] = state.scores()
    data["projected"] = state.projected_scores()
    data["breakdown"] = [state.score_breakdown(s) for s in range(state.config.players)]
    data["supply_chits"] = dict(zip(CHIT_KINDS, state.supply_chits(), strict=True))
    data["position"] = game.position
    data["rolled"] = rolled_dice(game)
    data["unrolled"] = state.unrolled_dice()
    data["prompt"] = prompt(state, seats)
    data["winner"] = state.winner()
    # seats from best to worst (most VP, ties to the better player order): the final
    # scores' table lists them in this order
    data["ranking"] = state.ranking()
    data["hall_of_fame"] = (state.hall_of_fame_title()
                            if state.config.players == 1 and state.is_terminal() else None)
    acting = current if state.step == "actions" and data["human_turn"] else None
    data["give_back"] = None if acting is None else give_back_payload(state, acting)
    data["recent"] = recent_payload(game, seats)
    data["round_summary"] = round_summary(game, seats)
    # why the reroll, the build or a tile cannot be chosen now (disabled controls say so)
    data["unavailable"] = None if acting is None else unavailable_actions(state)
    return data


#: At most this many of the other players' moves are summarised.
RECENT_LIMIT = 12


def _move_dice(move: Move) -> list[int]:
    """The dice a move spends or rerolls (for highlighting them)."""
    payment = getattr(move, "payment", None)
    dice: list[int] = list(getattr(move, "dice", ()) or ())
    if payment is not None:
        dice += list(payment.all_dice())
    dice += list(getattr(move, "pledge", ()) or ())
    return sorted(set(dice))


def recent_payload(game: Game, seats: list[str]) -> dict[str, Any]:
    """What the other players did since the viewer's last decision (the viewer: the human
    seat to move; for anyone else, just the last move), oldest first.

    ``moves``: ``[{"seat", "text", "tile", "dice"}]`` (``text``: the log's sentence for the
    move, e.g. "Player 2 buys Harbor (building, row 2) paying ..."); ``tiles`` and
    ``dice``: everything those moves bought or spent, for the board to highlight.
    """
    state = game.state
    current = state.current_player()
    viewer = current if current is not None and seats[current] == "human" else None
    moves: list[dict[str, Any]] = []
    for _, before, mover, move, said in game.moves_since(viewer, RECENT_LIMIT):
        text = said or f"{seat_label(mover)}: {before.describe(move)}"
        tile = getattr(move, "tile", None)
        if move.type == "build":
            wonder = before.players[mover].wonder
            tile = before.comp.tiles[wonder].id if wonder >= 0 else None
        # dice stay marked only while they sit in the used area this round (a new round
        # rolls them again, a reroll puts them back among the unused ones)
        dice = [d for d in _move_dice(move) if before.round == state.round and
                state.dice_used[d]] if move.type != "reroll" else \
            [d for d in _move_dice(move) if before.round == state.round]
        moves.append({"seat": mover, "text": text, "tile": tile, "dice": dice})
    return {"moves": moves,
            "tiles": sorted({m["tile"] for m in moves if m["tile"]}),
            "dice": sorted({d for m in moves for d in m["dice"]})}


def missed_text(data: dict[str, Any], resource: str) -> str:
    """Why a famine (``resource`` "food") or a war ("strength") scored nothing, from its
    log entry's ``need`` and ``had`` (the most the player could raise then): "missed: 3 food
    needed, had 1", or "not paid: 3 food needed, had enough" when the player could have met
    it and chose not to."""
    need, had = data.get("need"), data.get("had")
    if need is None:
        return "missed"
    if had is None:
        return f"missed: {need} {resource} needed"
    if had >= need:
        return f"not paid: {need} {resource} needed, had enough"
    return f"missed: {need} {resource} needed, had {had}"


def round_summary(game: Game, seats: list[str]) -> dict[str, Any] | None:
    """After a round's war, what each player gained in it, for the end-of-round panel:
    ``{"round", "event", "rows": [{"seat", "books", "famine", "war", "total", "famine_missed",
    "war_missed"}], "order"}`` (VP; ``*_missed``: why that target scored nothing, in words,
    else None; ``order``: the new player order, seats).  None before the first round ends,
    once a human has decided in the next round, at the game's end (the final scores
    show then) and in games without a human seat."""
    state = game.state
    if "human" not in seats:
        return None
    if state.round >= 2 and state.step == "actions":
        finished = state.round - 1
        # only until a human has decided something in the new round
        pos = game.position
        while pos > 0 and game.state_at(pos - 1).round == state.round:
            mover = game.state_at(pos - 1).current_player()
            if mover is not None and seats[mover] == "human":
                return None
            pos -= 1
    else:
        return None
    entries = [e for e in game.log() if e.round == finished]
    n = state.config.players
    books, famine, war = [0] * n, [0] * n, [0] * n
    event_id = next((e.data.get("event") for e in entries if e.kind == "round"), None)
    events = {ev.id: ev for ev in game.catalogue.events}
    vp = events[event_id].vp if event_id in events else 0
    order = list(state.order)
    # a famine or war not met: why it scored nothing, in words
    missed: dict[tuple[str, int], str] = {}
    for e in entries:
        if e.kind == "score" and e.step == "books":
            books = [int(x) for x in e.data.get("vp", books)]
        elif e.kind == "feed" and e.seat is not None:
            if e.data.get("fed"):
                famine[e.seat] = vp
            else:
                missed["famine", e.seat] = missed_text(e.data, "food")
        elif e.kind == "fight" and e.seat is not None:
            if e.data.get("fought"):
                war[e.seat] = vp
            else:
                missed["war", e.seat] = missed_text(e.data, "strength")
        elif e.kind == "order":
            order = list(e.data.get("order", order))
    rows = [{"seat": seat, "books": books[seat], "famine": famine[seat], "war": war[seat],
             "total": books[seat] + famine[seat] + war[seat],
             "famine_missed": missed.get(("famine", seat)),
             "war_missed": missed.get(("war", seat))} for seat in range(n)]
    name = events[event_id].name if event_id in events else ""
    return {"round": finished, "event": name, "rows": rows, "order": order}


def move_entry(state: GameState, move: Move) -> dict[str, Any]:
    return {"move": move.to_json(), "text": state.describe(move)}


def legal_payload(state: GameState) -> list[dict[str, Any]]:
    """The current player's legal moves, each ``{"move", "text"}``.

    Rerolls are listed once, as the reroll of every unused die, marked ``"subset": true``:
    any non-empty subset of those dice is legal too (the engine lists each distinct choice,
    which can run to hundreds).  Buys and builds carry one canonical payment; any other
    payment that covers the cost is legal too.
    """
    out: list[dict[str, Any]] = []
    reroll_done: set[bool] = set()
    seat = state.current_player()
    for move in state.legal_moves():
        if isinstance(move, Reroll):
            # one entry for ordinary chits, one for star-marked ones (Unrest)
            if move.star in reroll_done or seat is None:
                continue
            reroll_done.add(move.star)
            every = Reroll(tuple(state.unused_dice(seat)), star=move.star)
            entry = move_entry(state, every)
            entry["subset"] = True
            entry["text"] = ("Spend a star-marked reroll chit (no action spent) to roll again "
                             "any of your unused dice (select them first)" if move.star else
                             "Spend a reroll chit to roll again any of your unused dice "
                             "(select them first)")
            out.append(entry)
            continue
        if isinstance(move, Buy) and seat is not None \
                and state.players[seat].wonder >= 0:
            # the suggested payment keeps stone for the wonder under construction when
            # it can (nations_widget.dice.preview.suggested_payment)
            ref = state.comp.tile_ref[move.tile]
            cost = state.board.index(ref) % BOARD_ROWS + 1
            res = RESOURCES.index(state.comp.tiles[ref].currency)
            keep = suggested_payment(state, seat, res, cost)
            if keep is not None and keep != move.payment:
                move = Buy.of(move.tile, keep, move.replaces)
        out.append(move_entry(state, move))
    return out
