"""The page's payloads of a position (``view`` and ``legal``), worked out once, and the
likely next positions worked out while the player thinks.

A position shown again (an Undo, a Redo, a step through the history: against a bot each
Undo/Redo pair shows the same two) takes its payloads from :class:`ShownPositions`
rather than working them out again (0.6 ms of the kernel's 1.2 ms for the dice board,
2026-11-24).  They are kept per position and seats for the :data:`SHOWN_POSITIONS` shown
last, each with the state object it was drawn from: a position played again differently
is another state object and is worked out anew.  The history's states are never changed
once played (the game plays on a copy).

*Prepared positions.*  While a person thinks, the kernel is idle.  :meth:`ShownPositions.
prepare` tries the moves they are likely to make next (the move they are previewing, a
pass) with :meth:`~nations_widget.core.history.HistoryGame.trying`, which puts the game
back as it was and keeps the state each move led to; the payloads of that state are
worked out then.  When the move comes, :meth:`~nations_widget.core.history.HistoryGame.
play` takes that very state, and :meth:`ShownPositions.payloads` finds its payloads: the
move's update goes out without the engine's move and the payloads' 0.7-0.9 ms.  What is
drawn is the same as without it: the payloads of one state, worked out by the same
functions from the same game, before the move or after (tests/widget/test_positions.py
compares the two over random games).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .adapter import GameAdapter

#: how many positions' payloads are kept (:class:`ShownPositions`)
SHOWN_POSITIONS = 16
#: how many prepared next positions are kept (the likely moves of one position)
PREPARED_POSITIONS = 2

#: a position's payloads: (the state they were worked out for, view, legal)
Payloads = tuple[Any, dict[str, Any], list[Any]]


class ShownPositions:
    """One widget's payloads of the positions it showed lately, and of the next positions
    it prepared (see the module docstring)."""

    def __init__(self, adapter: GameAdapter[Any, Any]) -> None:
        self._adapter = adapter
        #: by position, seats and whether a review's puzzle is answered there
        self._shown: dict[tuple[int, tuple[str, ...], bool], Payloads] = {}
        #: prepared positions, by the identity of their state: (payloads, seats)
        self._prepared: dict[int, tuple[Payloads, tuple[str, ...]]] = {}

    def clear(self) -> None:
        """Forget every position (a refresh, a load, a new game, new components)."""
        self._shown.clear()
        self._prepared.clear()

    def mark(self) -> tuple[dict[Any, Payloads], dict[int, Any]]:
        """What :meth:`restore` goes back to."""
        return dict(self._shown), dict(self._prepared)

    def restore(self, mark: tuple[dict[Any, Payloads], dict[int, Any]]) -> None:
        self._shown, self._prepared = dict(mark[0]), dict(mark[1])

    def work_out(self, game: Any, seats: Sequence[str], answering: bool = False) -> Payloads:
        """The payloads of ``game``'s position now (the legal moves only for a person's
        decision, or where ``answering``: a review's puzzle asks the decision there of the
        page, whoever made it in the game)."""
        current = game.current_player
        human = current is not None and (seats[current] == "human" or answering)
        return (game.state, self._adapter.view_payload(game, list(seats)),
                self._adapter.legal_payload(game) if human else [])

    def payloads(self, game: Any, seats: Sequence[str],
                 answering: bool = False) -> tuple[dict[str, Any], list[Any]]:
        """The ``view`` and ``legal`` payloads of ``game``'s position for ``seats``
        (``answering``: a review's puzzle is answered there): kept, prepared or worked out
        now."""
        state = game.state
        key = (game.position, tuple(seats), answering)
        hit = self._shown.pop(key, None)
        if hit is None or hit[0] is not state:
            prepared = self._prepared.pop(id(state), None)
            if (prepared is not None and prepared[0][0] is state and prepared[1] == key[1]
                    and not answering):
                hit = prepared[0]
            else:
                hit = self.work_out(game, seats, answering)
        self._shown[key] = hit                # the newest last
        while len(self._shown) > SHOWN_POSITIONS:
            del self._shown[next(iter(self._shown))]
        return hit[1], hit[2]

    def prepare(self, game: Any, seats: Sequence[str], moves: Sequence[Any]) -> int:
        """Try each of ``moves`` on ``game`` (at its latest position; each is put back)
        and work out the payloads of the position it leads to; returns how many were
        prepared (an illegal move is passed over)."""
        done = 0
        for move in moves[:PREPARED_POSITIONS]:
            try:
                with game.trying(move):
                    payloads = self.work_out(game, seats)
            except ValueError:          # an illegal or malformed move: nothing to prepare
                continue
            self._prepared[id(payloads[0])] = (payloads, tuple(seats))
            done += 1
        while len(self._prepared) > PREPARED_POSITIONS:
            del self._prepared[next(iter(self._prepared))]
        return done


__all__ = ["PREPARED_POSITIONS", "SHOWN_POSITIONS", "Payloads", "ShownPositions"]
