"""The engine's words: log entries (:func:`note`), seat names, amounts and counts as a
player reads them, and an outcome of the effect vocabulary as a choice's label
(:func:`describe`).  Labels are part of the choices' move values and so of saved games:
they never change.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from ..core.log import LogEntry
from .constants import BOOKS, FIGURES, RESOURCES, VP
from .state import StateData
from .vocabulary import (
    AllOf,
    BuyFree,
    ChooseOne,
    DeployFree,
    Gain,
    Go,
    HireFree,
    IfThen,
    LeastStabilityForRound,
    Lose,
    LoseAllBut,
    May,
    Others,
    Outcome,
    Pay,
    RegainWarLosses,
    Remove,
    RemoveAll,
    ReturnWorkers,
    StrengthTemp,
    SwapBoardCards,
    TakeWorkers,
    To,
    UndeployFor,
)

# Where a function writes what happened (None: nobody reads it, as in a search).
Log = list[LogEntry] | None


def note(log: Log, s: StateData, seat: int | None, kind: str, text: str | Callable[[], str],
         **data: Any) -> None:
    """Write a log entry of the moment ``s`` is at (nothing without a log)."""
    if log is not None:
        log.append(LogEntry(s.round, s.step, seat, kind, text() if callable(text) else text,
                            data, True))


def seat_name(seat: int) -> str:
    return f"Player {seat + 1}"


def amount_text(res: int, n: int) -> str:
    """``n`` of resource ``res`` as the engine's option labels say it ("1 books", "2 gold").
    Those labels are part of a choice's move value, so of saved games and legal-move
    lists, and stay as they are; what a player reads uses :func:`count_text`."""
    return f"{n} {RESOURCES[res] if res != VP else 'VP'}"


def counted(n: int, one: str, many: str | None = None) -> str:
    """``n`` things, with the word that fits the count: "1 architect", "2 architects",
    "0 workers"; ``many`` when the plural is not ``one`` + "s"."""
    return f"{n} {one if n == 1 else many or one + 's'}"


def signed_text(n: int) -> str:
    """A change in words a player reads: "+2", or "−2" with a true minus sign (U+2212,
    as the log writes it: a hyphen before a number reads as a dash)."""
    return f"\u2212{-n}" if n < 0 else f"+{n}"


def figure_text(figure: int, n: int, signed: bool = True) -> str:
    """``n`` of a card's figure (:data:`~.components.FIGURES`: a resource, strength or
    stability) in words a player reads, as a change ("+1 book", "−2 food") or, with
    ``signed`` false, as an amount ("1 book", "2 strength")."""
    name = "book" if figure == BOOKS and abs(n) == 1 else FIGURES[figure]
    return f"{signed_text(n) if signed else n} {name}"


def count_text(res: int, n: int) -> str:
    """``n`` of resource ``res`` in words a player reads (log lines, move descriptions):
    "1 book", "3 books", "2 gold", "1 VP" (gold, stone, food and VP read the same for one
    or many)."""
    if res == BOOKS:
        return counted(n, "book")
    return amount_text(res, n)


def worker_taken_text(section: str) -> str:
    """What taking a worker from ``section`` of the population track ("food",
    "stability", or "free": one returned on top of it) does, in the log's words."""
    if section == "free":
        return "takes the returned worker from the top of the population track"
    return f"takes a worker from the {section} section"


def amounts_text(amounts: Iterable[tuple[int, int]]) -> str:
    """``(resource, n)`` pairs as "2 gold, 1 stone and 1 book", in :func:`count_text`'s
    words: zero amounts are left out, and "nothing" is said when none is left."""
    parts = [count_text(r, n) for r, n in amounts if n]
    if len(parts) <= 1:
        return parts[0] if parts else "nothing"
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def loss_parts(losses: Iterable[tuple[int, int, int]]) -> list[str]:
    """The parts of :func:`losses_text`, one per resource lost."""
    return [count_text(r, due) if had >= due
            else f"{count_text(r, had)} of the {due} due" if had
            else f"none of the {count_text(r, due)} due"
            for r, due, had in losses if due]


def losses_text(losses: Iterable[tuple[int, int, int]]) -> str:
    """``(resource, due, had)`` triples as what a nation loses, in :func:`amounts_text`'s
    form: "2 gold and 3 books"; a loss beyond what the nation had says so ("2 books of
    the 3 due", "none of the 2 food due"): it loses only what it has, and the shortfall
    line (:func:`lose`) says what that costs it."""
    parts = loss_parts(losses)
    if len(parts) <= 1:
        return parts[0] if parts else "nothing"
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def describe(o: Outcome | None, reading: bool = False) -> str:
    """A short description of an outcome, used as a choice's label.  The labels are part
    of the choices' move values, so they never change; ``reading`` gives the same words
    for a player to read (:mod:`.describe`): counts that agree with their number ("1
    book", not the label's "1 books") and a true minus sign (U+2212)."""
    amount = count_text if reading else amount_text

    def inner(x: Outcome | None) -> str:
        return describe(x, reading)

    if o is None:
        return "nothing"
    if isinstance(o, Gain | Lose):
        verb = "gain" if isinstance(o, Gain) else "lose"
        text = f"{verb} " + " and ".join(amount(r, n) for r, n in o.res)
        return text + (f" per {o.per.kind.replace('_', ' ')}" if o.per else "")
    if isinstance(o, LoseAllBut):
        return "keep at most " + " and ".join(amount(r, n) for r, n in o.res)
    if isinstance(o, TakeWorkers):
        return f"take {o.n} worker{'s' if o.n > 1 else ''}"
    if isinstance(o, ReturnWorkers):
        return f"return {o.n} worker{'s' if o.n > 1 else ''}"
    if isinstance(o, Go):
        return f"go {o.where} in player order"
    if isinstance(o, Remove):
        return f"remove {'an' if o.what[0] in 'aeiou' else 'a'} {o.what}"
    if isinstance(o, May):
        return inner(o.inner)
    if isinstance(o, Pay):
        text = "pay " + " and ".join(amount(r, n) for r, n in o.res)
        return text + (f" to {inner(o.then)}" if o.then else "")
    if isinstance(o, ChooseOne):
        return " or ".join(inner(x) for x in o.options)
    if isinstance(o, AllOf):
        return ", ".join(inner(x) for x in o.items)
    if isinstance(o, UndeployFor):
        return f"undeploy {o.kind} workers: {inner(o.each)} for each"
    if isinstance(o, HireFree):
        return f"hire up to {o.n} architect{'s' if o.n > 1 else ''} free"
    if isinstance(o, DeployFree):
        return f"deploy up to {o.n} worker{'s' if o.n > 1 else ''} to {o.kind} free"
    if isinstance(o, RegainWarLosses):
        return "regain what the war took"
    if isinstance(o, Others):
        return f"every other nation: {inner(o.inner)}"
    if isinstance(o, StrengthTemp):
        sign = signed_text(o.amount) if reading else f"{o.amount:+d}"
        return f"{sign} strength until the events are over"
    if isinstance(o, LeastStabilityForRound):
        return "count as least stable for the rest of the round"
    if isinstance(o, BuyFree):
        return "buy a " + " or ".join(o.types) + " for free"
    if isinstance(o, IfThen):
        return inner(o.then) + (f", else {inner(o.otherwise)}" if o.otherwise else "")
    if isinstance(o, To):
        return inner(o.do)
    if isinstance(o, RemoveAll):
        return f"remove every {o.what}"
    if isinstance(o, SwapBoardCards):
        return "swap two cards on the progress board"
    return "keep the player order"


def level_text(n: int) -> str:
    """A level that may fall below zero, for the log: with a true minus sign (U+2212), as
    a hyphen before a number would read as a dash."""
    return f"\u2212{-n}" if n < 0 else str(n)
