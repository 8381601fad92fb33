"""Write the board view's JS test fixtures: real payloads from the Python board engine.

    .venv/bin/python js/scripts/make_board_fixtures.py

Writes ``js/test/board/fixtures/cards_base.json`` and ``cards_all.json`` (the ``cards``
trait of a base-deck and an all-decks game) and one JSON file per scenario holding what
the widget publishes at that moment: ``game_info``, ``view``, ``legal`` (the acting
human's moves, [] on a bot's turn), ``seats``, ``settings``, ``history``, ``cards`` (the
name of the cards file), and for some a ``preview`` of one legal move.  Games are driven
by a fixed policy (the seeded ``heuristic-quick`` bot, the rules of thumb alone, for every
seat: deterministic and quick), so the files only change when the engine, the bots or the
payloads do.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from nations_widget.board import Game  # noqa: E402
from nations_widget.board.bots import BOT_NAMES, make_bot  # noqa: E402
from nations_widget.widget.board.adapter import BoardAdapter  # noqa: E402
from nations_widget.widget.board.payloads import (  # noqa: E402
    cards_payload,
    legal_payload,
    preview_payload,
    view_payload,
)
from nations_widget.widget.shell.log import history_payload  # noqa: E402
from nations_widget.widget.shell.publishing import game_info  # noqa: E402
from nations_widget.widget.shell.secrecy import published_settings  # noqa: E402

OUT = ROOT / "js" / "test" / "board" / "fixtures"


def advance(game: Game, until: Callable[[Game], bool], limit: int = 2000) -> None:
    """Play every seat with the seeded ``heuristic-quick`` bot (deterministic) until
    ``until``."""
    bot = make_bot("heuristic-quick", 1)
    for _ in range(limit):
        if until(game) or game.is_over:
            return
        game.play(bot.choose(game.state))


def others_moved(game: Game, seat: int) -> bool:
    """``seat`` is to act in the action phase and the move before was somebody else's."""
    s = game.state
    return (s.step == "actions" and not s.queue and s.current_player() == seat
            and game.position > 0 and game.state_at(game.position - 1).current_player() != seat)


def snapshot(game: Game, seats: list[str], cards: str,
             preview_of: str | None = None,
             card_type: str | None = None) -> dict[str, Any]:
    adapter = BoardAdapter()
    state = game.state
    current = state.current_player()
    human = current is not None and seats[current] == "human"
    data: dict[str, Any] = {
        # the bots' levels in words, as the app sends them ("heuristic bot, hard")
        "game_info": game_info(adapter, BOT_NAMES),
        "view": view_payload(game, seats),
        "legal": legal_payload(state) if human else [],
        "seats": seats,
        # as the widget publishes them: the seed only once the game is over
        "settings": {**published_settings(adapter.settings_of(game), game), "bot_delay": 0,
                     "max_message": 100000},
        "history": {**history_payload(game, max(game.position - 1, 0)), "game": 1},
        "cards": cards,
        "busy": False,
        "error": "",
    }
    if preview_of is not None and human:
        # (``card_type``: the first buy of a card of that type)
        move = next((m for m in state.legal_moves() if m.type == preview_of
                     and (card_type is None or state.comp.cards[
                         state.comp.card_ref[getattr(m, "card", "")]].type == card_type)),
                    None)
        if move is not None:
            data["preview"] = {**preview_payload(state, move), "position": game.position}
    return data


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    files: dict[str, Any] = {}
    base = Game(players=2, seed=7)
    files["cards_base"] = cards_payload(base.state)
    files["cards_all"] = cards_payload(Game(players=4, seed=7, decks="all").state)

    # 2 players, the human grows (the first decision)
    seats2 = ["human", "heuristic"]
    advance(base, lambda g: g.state.current_player() == 0)
    files["growth_2p"] = snapshot(base, seats2, "cards_base", preview_of="grow")

    # 3 players, round 2, the human acts: the others' moves since, and round 1's summary
    game = Game(players=3, seed=21)
    seats3 = ["human", "heuristic", "random"]
    advance(game, lambda g: g.round == 2 and others_moved(g, 0))
    files["actions_3p"] = snapshot(game, seats3, "cards_base", preview_of="buy",
                                  card_type="wonder")

    # a building bought: which slot does it take (a Choose with the engine's words)
    game = Game(players=2, seed=9)
    advance(game, lambda g: bool(g.state.queue) and g.state.queue[0].kind == "place_bm")
    files["choose_slot_2p"] = snapshot(game, ["human", "human"], "cards_base",
                                       preview_of="choose")

    # a building's purchase previewed: where it goes is chosen in the preview (issue 29)
    game = Game(players=2, seed=7)
    advance(game, lambda g: g.state.step == "actions" and g.state.current_player() == 0
            and not g.state.queue)
    files["buy_place_2p"] = snapshot(game, ["human", "heuristic"], "cards_base",
                                     preview_of="buy", card_type="building")

    # a bot is to move (no legal moves sent)
    game = Game(players=2, seed=9)
    advance(game, lambda g: g.state.step == "actions" and g.state.current_player() == 1)
    files["bot_turn_2p"] = snapshot(game, ["human", "heuristic"], "cards_base")

    # solo: the shadow and its tile
    game = Game(players=1, seed=3)
    advance(game, lambda g: g.round == 2 and g.state.step == "actions" and not g.state.queue)
    files["solo"] = snapshot(game, ["human"], "cards_base", preview_of="pass")

    # 5 players, all decks, B sides, the late game
    game = Game(players=5, seed=5, decks="all", sides="B")
    advance(game, lambda g: g.round == 7 and others_moved(g, 0))
    files["late_5p"] = snapshot(game, ["human", "heuristic", "heuristic", "mcts", "random"],
                                "cards_all", preview_of="buy")

    # 4 players in the middle of the game: cards bought, workers deployed, a wonder under
    # way; the human acts after the three bots, a worker's deployment previewed
    game = Game(players=4, seed=17)
    advance(game, lambda g: g.round == 4 and others_moved(g, 0))
    files["mid_4p"] = snapshot(game, ["human", "heuristic", "mcts", "random"], "cards_base",
                               preview_of="deploy")

    # 4 players in round 3 with a war bought: the README's pictures and the screenshots of
    # the player panels (every nation's figures and next production side by side), a
    # building's purchase previewed with the place it takes
    game = Game(players=4, seed=21)
    advance(game, lambda g: g.round == 3 and others_moved(g, 0))
    files["round3_4p"] = snapshot(game, ["human", "heuristic", "mcts", "random"],
                                  "cards_base", preview_of="buy", card_type="building")

    # the end of a 4-player game
    game = Game(players=4, seed=13)
    advance(game, lambda g: False, limit=5000)
    files["game_over_4p"] = snapshot(game, ["human"] * 4, "cards_base")

    for name, data in files.items():
        path = OUT / f"{name}.json"
        path.write_text(json.dumps(data, indent=None, separators=(",", ":"), sort_keys=True)
                        + "\n", encoding="utf-8")
        print(f"{path.relative_to(ROOT)}: {path.stat().st_size} bytes")


if __name__ == "__main__":
    main()
