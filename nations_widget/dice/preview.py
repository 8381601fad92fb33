"""What a purchase or a build will do, before it is made (the board's confirmation step).

:func:`preview_move` checks the move (an illegal one raises :class:`IllegalMoveError`)
and describes it in words, without playing it and without rolling anything: which dice
and chits pay and which pairs are traded, what is wasted (symbols beyond the cost, the
other symbols on the paying dice, everything on traded dice), what comes in, and what
goes: the building or advisor replaced and the dice going back, or the unbuilt wonder a
new wonder discards.  It also lists the dice and the chits that pay, for the board to
highlight.

:func:`suggested_payment` is the payment the board proposes when the player clicks a tile
without choosing one.  Its rule: the engine's canonical payment (the fewest, least useful
symbols), except that while the player has a wonder under construction, stone is kept for
it whenever a payment without stone dice or stone trades exists.

:func:`suggested_replacement` is the building a new building replaces when the player
clicks its tile (the board shows it chosen in the buy's preview, changeable there): the
building whose loss costs least, as the player sees it on their board: the fewest VP, then
the fewest dice it gave, then white dice before coloured ones (a coloured die's faces carry
more symbols), then the first slot.  The engine itself has no default: a building buy
names what it replaces.
"""

from __future__ import annotations

from typing import Any

from .catalogue import RESOURCES
from .machine import GameState
from .moves import Build, Buy, Move, Payment
from .payments import ACTION_WEIGHTS, find_payment
from .rules import amount_text, check, dice_text, resolved_move
from .state import BOARD_ROWS, DIE_COLOUR, STONE

#: Payment weights that keep stone (the wonder's resource): a stone symbol spent counts
#: as much as five others.
KEEP_STONE: tuple[int, ...] = tuple(5 if r == STONE else w for r, w in enumerate(ACTION_WEIGHTS))


def _plural(n: int, one: str, many: str | None = None) -> str:
    return f"{n} {one if n == 1 else (many or one + 's')}"


def _symbols(face: tuple[int, ...], skip: int | None = None) -> list[str]:
    return [amount_text(n, r) for r, n in enumerate(face) if n and r != skip]


def suggested_payment(state: GameState, seat: int, res: int, cost: int) -> Payment | None:
    """The payment the board suggests (see the module docstring for the rule)."""
    trades_ok = res != RESOURCES.index("strength")
    if state.players[seat].wonder >= 0 and res != STONE:
        keep = find_payment(state, seat, res, cost, trades_ok, KEEP_STONE)
        if keep is not None and not any(state.face(d)[STONE] for d in keep.all_dice()):
            return keep
    return find_payment(state, seat, res, cost, trades_ok)


def suggested_replacement(state: GameState, seat: int) -> str:
    """The id of ``seat``'s building a new building replaces unless the player chooses
    another (see the module docstring for the rule)."""
    tiles = state.comp.tiles
    p = state.players[seat]

    def loss(slot: int) -> tuple[int, int, bool, int]:
        old = tiles[p.buildings[slot]]
        return (old.vp, p.building_dice[slot], old.dice_colour != "white", slot)

    return tiles[p.buildings[min(range(len(p.buildings)), key=loss)]].id


def preview_move(state: GameState, move: Move) -> dict[str, Any]:
    """The preview of a Buy or a Build by the player to act (see the module docstring):
    ``{"title", "pays", "wasted", "gains", "goes", "warning", "dice", "chits", "returned"}``;
    ``chits`` maps the kind of chit that pays to how many (``{"stone": 2}``, or ``{}``)."""
    seat = state.current_player()
    if seat is None or not isinstance(move, (Buy, Build)):
        raise ValueError("only a purchase or a build by the player to act has a preview")
    move = resolved_move(state, move)       # the dice showing no symbol of it are traded
    plan = check(state, move)
    p = state.players[seat]
    tiles = state.comp.tiles
    payment = move.payment
    goes: list[str] = []
    warning: str | None = None
    if isinstance(move, Buy):
        cell = state.board.index(state.comp.tile_ref[move.tile])
        tile = tiles[state.board[cell]]
        cost = cell % BOARD_ROWS + 1
        res = RESOURCES.index(tile.currency)
        title = f"Buy {tile.name} ({tile.kind}) for {cost} {tile.currency}"
        # a wonder bought is only under construction: it scores once built, never before
        worth = "once built" if tile.kind == "wonder" else "at the end of the game"
        gains = [f"{tile.name}: {tile.vp} VP {worth}"]
        if tile.kind == "building":
            assert tile.dice_colour is not None
            colour = tile.dice_colour
            gains.append(_plural(tile.dice_count, f"{colour} die", f"{colour} dice")
                         + " from the supply, rolled at once")
            old = tiles[p.buildings[plan.slot]]
            back = plan.returned_dice
            goes.append(f"{tile.name} replaces {old.name}: "
                        + (f"{dice_text(state, back)} "
                           f"{'goes' if len(back) == 1 else 'go'} back to the supply"
                           if back else "no die goes back"))
        elif tile.kind == "advisor":
            gains.append(f"{_plural(tile.rerolls, 'reroll chit')}")
            if p.advisor >= 0:
                n, used = p.advisor_rerolls, plan.returned_used
                goes.append(f"{tiles[p.advisor].name} leaves, taking back its "
                            f"{_plural(n, 'reroll chit')}"
                            + (f" ({used} used, {n - used} unused)" if n else ""))
        elif tile.kind == "colony":
            gains.append(f"a {tile.chit} chit" if tile.chit else "no chit")
        else:
            gains.append(f"under construction: build it later for {tile.stone_cost} stone"
                         + (f" (it then gives a {tile.chit} chit)" if tile.chit else ""))
            if p.wonder >= 0:
                old_wonder = tiles[p.wonder]
                warning = (f"Your unbuilt {old_wonder.name} is discarded: it will never "
                           f"score its {old_wonder.vp} VP.")
                goes.append(f"the unbuilt {old_wonder.name} is discarded")
    else:
        wonder = tiles[p.wonder]
        cost, res = wonder.stone_cost, STONE
        title = f"Build {wonder.name} for {cost} stone"
        gains = [f"{wonder.name}: {wonder.vp} VP at the end of the game"]
        if wonder.chit:
            gains.append(f"a {wonder.chit} chit")
    pays: list[str] = []
    if payment.dice:
        pays.append(dice_text(state, payment.dice))
    if payment.chits:
        pays.append(_plural(payment.chits, f"{RESOURCES[res]} chit"))
    for a, b in payment.trades:
        pays.append(f"{dice_text(state, (a, b))}, traded for 1 {RESOURCES[res]}")
    raised = sum(state.face(d)[res] for d in payment.dice) + payment.chits + len(payment.trades)
    wasted: list[str] = []
    if raised > cost:
        wasted.append(f"{amount_text(raised - cost, res)} more than the cost")
    for d in payment.dice:
        other = _symbols(state.face(d), res)
        if other:
            wasted.append(f"{' + '.join(other)} on the {DIE_COLOUR[d]} die")
    for pair in payment.trades:
        for d in pair:
            traded = _symbols(state.face(d))
            if traded:
                wasted.append(f"{' + '.join(traded)} on the traded {DIE_COLOUR[d]} die")
    return {"title": title, "pays": pays or ["nothing"], "wasted": wasted, "gains": gains,
            "goes": goes, "warning": warning, "dice": sorted(payment.all_dice()),
            "chits": {RESOURCES[res]: payment.chits} if payment.chits else {},
            "returned": sorted(getattr(plan, "returned_dice", ()))}


__all__ = ["KEEP_STONE", "preview_move", "suggested_payment", "suggested_replacement"]
