"""Why an action cannot be taken now, in a player's words (for disabled controls).

:func:`unavailable_actions` looks at the acting player's action turn and says, for the
reroll, the build and each tile on the progress board, why it is not possible (None when
it is).  The engine's legal moves decide what is possible; the reasons come from the
engine's own refusals, or from how much of the resource the player can raise at most.
"""

from __future__ import annotations

from typing import Any

from .catalogue import RESOURCES
from .errors import IllegalMoveError
from .machine import GameState
from .moves import Build, Buy, Payment, Reroll
from .payments import find_payments, most_payable
from .state import BOARD_ROWS, GOLD, REROLL_CHIT, STONE


def _how(res: int, trades_ok: bool) -> str:
    name = RESOURCES[res]
    return (f"dice, {name} chits and trades of two dice" if trades_ok
            else f"dice and {name} chits; {name} cannot be traded for")


def unavailable_actions(state: GameState) -> dict[str, Any] | None:
    """``{"reroll", "build", "tiles": {tile id: reason}}`` for the player on an action
    turn (None otherwise); a value is None when that action is possible."""
    seat = state.current_player()
    if seat is None or state.step != "actions":
        return None
    legal = state.legal_moves()
    p = state.players[seat]
    tiles = state.comp.tiles
    out: dict[str, Any] = {"reroll": None, "build": None, "tiles": {}}
    unused = state.unused_dice(seat)
    if p.chits[REROLL_CHIT] < 1:
        out["reroll"] = "you have no unused reroll chit"
    elif not unused:
        out["reroll"] = "you have no unused die to reroll"
    else:
        try:
            state.check(Reroll(tuple(unused)))
        except IllegalMoveError as exc:
            out["reroll"] = str(exc)
    if not any(isinstance(m, Build) for m in legal):
        if p.wonder < 0:
            out["build"] = "you have no wonder under construction: buy a wonder first"
        else:
            wonder = tiles[p.wonder]
            k = most_payable(state, seat, STONE, wonder.stone_cost, True)
            out["build"] = (f"{wonder.name} needs {wonder.stone_cost} stone; you can raise "
                            f"{k} ({_how(STONE, True)})")
    buyable = {m.tile for m in legal if isinstance(m, Buy)}
    for cell, ref in enumerate(state.board):
        if ref < 0:
            continue
        tile = tiles[ref]
        if tile.id in buyable:
            continue
        cost = cell % BOARD_ROWS + 1
        res = RESOURCES.index(tile.currency)
        trades_ok = res == GOLD
        k = most_payable(state, seat, res, cost, trades_ok)
        if k < cost:
            out["tiles"][tile.id] = (f"{tile.name} costs {cost} {tile.currency}; you can "
                                     f"raise {k} ({_how(res, trades_ok)})")
            continue
        payment = find_payments(state, seat, res, (cost,), trades_ok)[cost] or Payment()
        replaces = tiles[p.buildings[0]].id if tile.kind == "building" else None
        try:
            state.check(Buy.of(tile.id, payment, replaces))
            out["tiles"][tile.id] = f"{tile.name} cannot be bought now"
        except IllegalMoveError as exc:
            out["tiles"][tile.id] = str(exc)
    return out


__all__ = ["most_payable", "unavailable_actions"]
