"""An Undo shows a position again exactly as it was first sent: over random board games
(human seats, and a human against bots, where Undo goes back to the human's previous
decision), the ``view`` and ``legal`` payloads after each Undo equal the ones published
when the position was first reached (the prompt, and what can be done: an architect to
hire included).  The board's drawing of them is checked in js/test/board/view.test.js
("the prompt follows the legal moves")."""

from __future__ import annotations

import json
import random

from nations_widget.widget.board.widget import BoardWidget


def _shown(w: BoardWidget) -> tuple[str, str]:
    return json.dumps(w.view, sort_keys=True), json.dumps(w.legal, sort_keys=True)


def test_undo_shows_each_position_as_it_was_first_sent() -> None:
    checked = hires = 0
    for seed, seats in ((0, ["human", "human"]), (1, ["human", "random", "random"])):
        rng = random.Random(seed)
        w = BoardWidget(players=len(seats), seats=seats, seed=seed, bot_delay=0)
        first: dict[int, tuple[str, str]] = {}
        for _ in range(120):
            if w.game.is_over or not w.legal:
                break
            first.setdefault(w.game.position, _shown(w))
            w.handle_intent({"kind": "move", "move": rng.choice(w.legal)["move"]})
            assert w.error == ""
        while w.game.can_undo and w.history["undo_to"] in first:
            w.handle_intent({"kind": "undo"})
            assert w.error == ""
            assert _shown(w) == first[w.game.position], f"position {w.game.position}"
            hires += any(e["move"]["type"] == "hire" for e in w.legal)
            checked += 1
            if w.game.position == 0:
                break
    assert checked > 50 and hires > 0
