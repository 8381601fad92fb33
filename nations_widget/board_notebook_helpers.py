"""Helpers for the board-game notebooks: the checkers of ``notebooks/learn_board.ipynb`` and
the series, charts and tables of ``notebooks/inspect_board.ipynb``.

Every expected answer is worked out by the engine (:mod:`nations_widget.board`): from
``legal_moves()``, by playing the learner's moves on a copy of the position, or by running
one step of the round with the engine's own step function.  A checker never raises on a
learner's answer: one left as ``...`` or ``None`` gets a friendly "not yet" with a hint, a
refused move gets the engine's reason.  The verdicts, HTML and charts are the dice
notebooks' (:mod:`nations_widget.notebook_helpers`): plain HTML and SVG, nothing beyond the
package's own dependencies, no Jupyter import.

>>> from nations_widget.board import scenario
>>> s = scenario({"players": 2, "seed": 1, "order": [0, 1]})
>>> resolution_steps()
['production', 'player order', 'war', 'events', 'famine', 'books']
>>> bool(check_cards(s, buyable_cards(s), buyable_cards(s)))
True
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from .board import (
    Buy,
    Choose,
    Game,
    GameState,
    IllegalMoveError,
    MalformedMoveError,
    Move,
    Special,
    move_from_json,
)
from .board.bots import make_bot
from .board.constants import FIGURES, STABILITY_F, STRENGTH_F
from .board.moves import MoveBase
from .board.rules import ROUND, STEP_INDEX, event_selection, production_of
from .board.words import counted, figure_text, seat_name
from .core.errors import StateFormatError
from .core.log import LogEntry
from .notebook_helpers import (
    PLACEHOLDER,
    Html,
    Verdict,
    correct,
    html_table,
    line_chart,
    log_rows,
    not_yet,
    round_starts,
    unanswered,
)

__all__ = [
    "SERIES",
    "after_step",
    "buyable_cards",
    "card_ids",
    "check_best_buy",
    "check_buys",
    "check_cards",
    "check_ready_wonder",
    "check_slot",
    "check_stability_at_least",
    "event_targets",
    "figure_of",
    "line_chart",
    "log_rows",
    "log_table",
    "play_moves",
    "resolution_steps",
    "round_starts",
    "save_format",
    "score_table",
    "series",
    "series_charts",
    "simulate",
]

# ======================================================================= the round
#: how the lessons name the resolution steps of ``rules.ROUND`` (the two event halves are
#: one "events" step for a player; the solo game's stability step is left out)
_STEP_WORDS = {
    "resolution.production": "production",
    "resolution.order": "player order",
    "resolution.war": "war",
    "resolution.solo_stability": "",
    "resolution.event_a": "events",
    "resolution.event_b": "events",
    "resolution.famine": "famine",
    "resolution.books": "books",
}


def resolution_steps() -> list[str]:
    """The steps after the actions, in the order the engine's round declares them."""
    words: list[str] = []
    for step in ROUND:
        if not step.name.startswith("resolution."):
            continue
        word = _STEP_WORDS[step.name]       # a new step without a word fails the tests
        if word and (not words or words[-1] != word):
            words.append(word)
    return words


def after_step(state: GameState, step: str) -> tuple[GameState, list[LogEntry]]:
    """A copy of ``state`` with one resolution step carried out by the engine's own step
    function (``rules.ROUND``), and the log it wrote: what that step alone does to this
    position, whatever step the position is in (a lesson asks "what will the production
    do?" while the actions are still open).  Nothing else runs: not the steps before it,
    not the next one, not the removal checks that follow a step in play.  Raises
    ``ValueError`` if the step would ask a player a decision (a lesson's position must not
    need one).  The result is for reading, not for playing on."""
    if step not in STEP_INDEX or not step.startswith("resolution."):
        raise ValueError(f"after_step takes a resolution step, not {step!r}")
    s = state.clone()
    s.step = step
    s.stage = 1
    queued = len(s.queue)
    log: list[LogEntry] = []
    declared = ROUND[STEP_INDEX[step]]
    if declared.start is not None:
        declared.start(s, log)
    if len(s.queue) > queued:
        raise ValueError(f"{step} asks a decision in this position ({s.queue[queued].kind})")
    if declared.finish is not None:
        declared.finish(s, log)
    return s, log


def event_targets(state: GameState, half: int) -> list[int]:
    """The seats the event card's half (0: the first, 1: the second) selects now."""
    return sorted(event_selection(state, half)[0])


def figure_of(state: GameState, seat: int, figure: str) -> int:
    """One of :data:`FIGURES` for ``seat``: a good's net production this round (upkeep
    included), or the strength or stability track as it stands."""
    index = FIGURES.index(figure)
    if index == STRENGTH_F:
        return state.strength(seat)
    if index == STABILITY_F:
        return state.stability(seat)
    return production_of(state, seat)[index]


# ============================================================================ cards
def card_ids(state: GameState, names: Iterable[object]) -> tuple[list[str], list[str]]:
    """Card ids for names or ids in any case: ``(ids, things not recognised)``.  A name
    several cards share means the one on the progress board, else the first in the data."""
    on_board = [state.comp.cards[ref] for ref in state.board if ref >= 0]
    by_key: dict[str, str] = {}
    for card in [*on_board, *state.comp.cards]:
        by_key.setdefault(card.id.lower(), card.id)
        by_key.setdefault(card.name.lower(), card.id)
    ids: list[str] = []
    unknown: list[str] = []
    for name in names:
        key = str(name).strip().lower()
        if key in by_key:
            ids.append(by_key[key])
        else:
            unknown.append(str(name))
    return ids, unknown


def _name(state: GameState, card_id: str) -> str:
    return state.comp.cards[state.comp.card_ref[card_id]].name


def buyable_cards(state: GameState) -> list[str]:
    """The cards the current player can buy now (ids), straight from ``legal_moves()``."""
    return sorted({m.card for m in state.legal_moves() if isinstance(m, Buy)})


def _refusal(state: GameState, move: Move) -> str:
    try:
        state.check(move)
    except (IllegalMoveError, MalformedMoveError) as refusal:
        return str(refusal)
    return ""


def check_cards(state: GameState, answer: object, expected: Iterable[str],
                explain: str = "") -> Verdict:
    """Compare a list of card names or ids with the expected card ids (order ignored); a
    card that does not belong is explained by the engine's refusal to buy it."""
    if unanswered(answer):
        return not_yet(PLACEHOLDER + ', e.g. answer = ["Forum", "Hoplite"].')
    if isinstance(answer, str):
        answer = [answer]
    if not isinstance(answer, (list, tuple, set, frozenset)):
        return not_yet('give a list of card names, like ["Forum", "Hoplite"].')
    ids, unknown = card_ids(state, answer)
    if unknown:
        return not_yet(f"there is no card called {', '.join(map(repr, unknown))}; use the "
                        "names shown on the progress board.")
    want, got = set(expected), set(ids)
    if got == want:
        if explain:
            return correct(explain)
        others = []
        for ref in state.board:
            name = state.comp.cards[ref].name if ref >= 0 else ""
            reason = _refusal(state, Buy(state.comp.cards[ref].id)) if ref >= 0 else ""
            if reason:
                reason = reason.removeprefix(name + " ").rstrip(".")
                others.append(f"{name} ({reason})")
        return correct("The engine refuses the others: " + ", ".join(others) + "."
                      if others else "")
    parts = []
    for card in sorted(got - want):
        reason = _refusal(state, Buy(card))
        parts.append(f"{_name(state, card)} does not belong" + (f" ({reason})" if reason
                                                                  else ""))
    missing = want - got
    if missing:
        parts.append(f"{len(missing)} card{'s are' if len(missing) > 1 else ' is'} missing: "
                     "look again at the gold, the row prices and each type's condition")
    return not_yet("; ".join(parts) + ".")


def _buy_outcomes(state: GameState, card_id: str) -> list[GameState]:
    """Every position after buying ``card_id``: one per way of answering the buyer's own
    follow-up decisions (which slot, which colony, ...)."""
    seat = state.current_player()
    start = state.clone()
    start.apply(Buy(card_id), log=False)
    out: list[GameState] = []
    todo = [start]
    while todo:
        s = todo.pop()
        if s.queue and s.current_player() == seat:
            for move in s.legal_moves():
                nxt = s.clone()
                nxt.apply(move, log=False)
                todo.append(nxt)
        else:
            out.append(s)
    return out


def check_best_buy(state: GameState, answer: object, figure: str) -> Verdict:
    """The task "buy the card that gives you the most ``figure``" (a good's net
    production this round, or the strength or stability track), with no worker moved: the
    answer (a card name or id, or a ``Buy``) is right when no buyable card, placed at its
    best, gives more."""
    seat = state.current_player()
    if seat is None:
        raise ValueError("check_best_buy needs a position where a player acts")
    if unanswered(answer):
        return not_yet(PLACEHOLDER + ', e.g. answer = "Forum".')
    if isinstance(answer, Buy):
        answer = answer.card
    if not isinstance(answer, str):
        return not_yet('give one card name, like "Forum".')
    ids, unknown = card_ids(state, [answer])
    if unknown:
        return not_yet(f"there is no card called {answer!r}.")
    card_id = ids[0]
    reason = _refusal(state, Buy(card_id))
    if reason:
        return not_yet(f"Player {seat + 1} cannot buy {_name(state, card_id)}: {reason}")
    now = figure_of(state, seat, figure)
    value = {c: max(figure_of(s, seat, figure) for s in _buy_outcomes(state, c))
             for c in buyable_cards(state)}
    best = max(value.values())
    got = value[card_id]
    what = "production" if FIGURES.index(figure) < STRENGTH_F else "track"
    told = (f"with {_name(state, card_id)} Player {seat + 1}'s {figure} {what} would be "
            f"{got:+d} (now {now:+d})")
    card = state.comp.cards[state.comp.card_ref[card_id]]
    if not any(card.ref in s.players[seat].cards() or card.ref == s.players[seat].wonder
               for s in _buy_outcomes(state, card_id)):
        told += f" ({card.name} leaves the game at once; its text: {card.text})"
    if got == best:
        return correct(told[0].upper() + told[1:] + ".")
    hint = (" A building or military card does nothing until a worker is deployed on it,"
            " and deploying is another action." if card.is_bm else "")
    return not_yet(told + f"; a card on the board gives {best:+d}." + hint)


# =========================================================================== moves
def _as_moves(answer: object) -> list[Move] | str:
    """The learner's answer as moves, or what is wrong with it."""
    items = answer if isinstance(answer, (list, tuple)) else [answer]
    moves: list[Move] = []
    for item in items:
        if isinstance(item, MoveBase):
            moves.append(item)      # type: ignore[arg-type]
            continue
        try:
            moves.append(move_from_json(item))
        except MalformedMoveError:
            return (f"{item!r} is not a move; write moves like Deploy(2, \"idle\") or "
                    "Buy(\"hispania\")")
    return moves


def _by_id(state: GameState, move: Move) -> Move:
    """A buy or a card's action written with the card's name ("Hispania") uses its id."""
    if isinstance(move, (Buy, Special)) and move.card not in state.comp.card_ref:
        ids, unknown = card_ids(state, [move.card])
        if not unknown:
            return type(move)(ids[0])
    return move


def play_moves(state: GameState, answer: object) -> tuple[GameState | None, str]:
    """Play the learner's moves (one move or a list; move objects or their JSON) on a copy
    of ``state``, all for the player whose turn it is: ``(the position after them, "")``,
    or ``(None, what went wrong)`` with the engine's reason for a refused move."""
    moves = _as_moves(answer)
    if isinstance(moves, str):
        return None, moves
    seat = state.current_player()
    s = state.clone()
    for number, move in enumerate(moves, start=1):
        if s.current_player() != seat:
            return None, (f"after move {number - 1} it is no longer Player {(seat or 0) + 1}'s"
                          " decision; a pass ends your actions for the round")
        move = _by_id(s, move)
        try:
            s.apply(move, log=False)
        except (IllegalMoveError, MalformedMoveError) as refusal:
            return None, f"move {number} ({move}) is refused: {str(refusal).rstrip('.')}"
    return s, ""


def _moves_task(state: GameState, answer: object,
                goal: Callable[[GameState, int], str],
                praise: Callable[[GameState, int], str]) -> Verdict:
    """Run a moves task: ``goal(position after, seat)`` says what is still wrong ("" if
    nothing), ``praise(position after, seat)`` what the right moves achieved."""
    seat = state.current_player()
    if seat is None:
        raise ValueError("a moves task needs a position where a player acts")
    if unanswered(answer):
        return not_yet(PLACEHOLDER + ', with a list of moves like [Deploy(2, "idle")].')
    if isinstance(answer, (list, tuple)) and not answer:
        return not_yet("the list of moves is empty.")
    after, problem = play_moves(state, answer)
    if after is None:
        return not_yet(problem + ".")
    missing = goal(after, seat)
    return not_yet(missing) if missing else correct(praise(after, seat))


def check_buys(state: GameState, answer: object, card: str) -> Verdict:
    """The task "with these moves, end up owning ``card``" (any legal way)."""
    ref = state.comp.card_ref[card]
    name = state.comp.cards[ref].name

    def goal(s: GameState, seat: int) -> str:
        p = s.players[seat]
        if ref in p.cards() or ref == p.wonder:
            return ""
        return (f"after your moves Player {seat + 1} has {s.strength(seat)} strength and "
                f"does not own {name}.")

    def praise(after: GameState, seat: int) -> str:
        return (f"Player {seat + 1} owns {name}, with {after.strength(seat)} strength and "
                f"{after.players[seat].res[1]} stone left.")

    return _moves_task(state, answer, goal, praise)


def check_stability_at_least(state: GameState, answer: object, minimum: int = 0) -> Verdict:
    """The task "with these moves (no pass), bring your stability to ``minimum`` or more"."""

    def goal(s: GameState, seat: int) -> str:
        if s.step != "actions":
            return "no pass: the production must find the nation as your moves leave it."
        value = s.stability(seat)
        if value >= minimum:
            return ""
        return (f"after your moves Player {seat + 1}'s stability is {value}; it must be "
                f"{minimum} or more.")

    def praise(after: GameState, seat: int) -> str:
        return (f"Player {seat + 1}'s stability is {after.stability(seat)}: no revolt in "
                "the production.")

    return _moves_task(state, answer, goal, praise)


def check_ready_wonder(state: GameState, answer: object) -> Verdict:
    """The task "with these moves, finish a wonder this round" (any wonder, any way)."""
    cards = state.comp.cards
    seat = state.current_player()
    had = state.players[seat].wonders[:] if seat is not None else []
    unfinished = state.players[seat].wonder if seat is not None else -1

    def goal(s: GameState, seat: int) -> str:
        p = s.players[seat]
        if [c for c in p.wonders if c not in had]:
            return ""
        if p.wonder < 0:
            return f"after your moves Player {seat + 1} has no wonder under construction."
        card = cards[p.wonder]
        told = (f"after your moves {card.name} is under construction with {p.built} of "
                f"{len(card.stages)} sections built")
        if unfinished >= 0 and p.wonder != unfinished:
            told += (f"; buying it threw away the unfinished {cards[unfinished].name} and "
                     "its architects")
        return told + "."

    def praise(after: GameState, seat: int) -> str:
        new = [cards[c].name for c in after.players[seat].wonders if c not in had]
        left = counted(after.architects, "architect")
        return (f"{', '.join(new)} is ready; {left} "
                f"{'is' if after.architects == 1 else 'are'} left on the scoring board and "
                f"Player {seat + 1} has {after.players[seat].res[1]} stone.")

    return _moves_task(state, answer, goal, praise)


def _vector(s: GameState, seat: int) -> list[int]:
    return [*production_of(s, seat), s.strength(seat), s.stability(seat)]


_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth")


def check_slot(state: GameState, card: str, answer: object) -> Verdict:
    """The task "buy ``card`` and put it where it costs you nothing": the answer is a slot
    number as Python counts it (0-4, as in ``Deploy(2, "idle")``) or the name of the card in
    it; right when that slot loses no production, strength or stability (or, if every slot
    loses something, as little as any)."""
    seat = state.current_player()
    if seat is None:
        raise ValueError("check_slot needs a position where a player acts")
    if unanswered(answer):
        return not_yet(PLACEHOLDER + ", e.g. answer = 3 (a slot number).")
    bought = state.clone()
    bought.apply(Buy(card), log=False)
    options = [m for m in bought.legal_moves() if isinstance(m, Choose)]
    if bought.current_player() != seat or not options:
        raise ValueError(f"buying {card} asks no slot in this position")
    slots = state.players[seat].bm
    names = [state.comp.cards[ref].name.lower() if ref >= 0 else "" for ref in slots]
    if isinstance(answer, str) and answer.strip().lower() in names:
        answer = names.index(answer.strip().lower())
    if isinstance(answer, bool) or not isinstance(answer, int) \
            or not 0 <= answer < len(options):
        return not_yet(f"answer with a slot number as Python counts it, from 0 (the first "
                        f"card) to {len(options) - 1}, or the card's name.")
    before = _vector(state, seat)
    losses = []
    for option in options:
        s = bought.clone()
        s.apply(option, log=False)
        after = _vector(s, seat)
        losses.append([max(0, b - a) for b, a in zip(before, after, strict=True)])
    least = min(sum(x) for x in losses)
    mine = losses[answer]
    lost = ", ".join(figure_text(i, v, signed=False) for i, v in enumerate(mine) if v)
    ref = slots[answer]
    held = state.comp.cards[ref].name if ref >= 0 else "nothing"
    on_it = state.players[seat].workers[answer]
    workers = counted(on_it, "worker")
    back = {0: "", 1: " (its worker goes back to the resource area)"}.get(
        on_it, " (its workers go back to the resource area)")
    nth = _ORDINALS[answer] if answer < len(_ORDINALS) else f"number {answer + 1}"
    where = f"slot {answer} (the {nth} card: Python counts from 0)"
    if sum(mine) == least:
        return correct(f"{where} held {held} with {workers}: "
                      + (f"you lose {lost}." if lost else "you lose nothing."))
    return not_yet(f"{where} holds {held} with {workers} on it: covering it "
                    f"loses {lost}{back}. "
                    "Another slot costs less.")


# ====================================================================== inspector
def simulate(players: int = 3, bots: Sequence[str] = ("heuristic", "heuristic-easy"),
             seed: int = 1, **settings: Any) -> Game:
    """A whole board game between bots (``bots[i]`` plays seat i; the list is cycled);
    ``settings``: more :class:`~nations_widget.board.GameConfig` fields (decks, sides,
    ages, ...)."""
    game = Game(players=players, seed=seed, **settings)
    seats = [make_bot(bots[i % len(bots)], seed * 1009 + i) for i in range(players)]
    while not game.is_over:
        seat = game.current_player
        assert seat is not None
        game.play(seats[seat].choose(game.state))
    return game


#: the per-position series :func:`series` computes: the final score if the game ended
#: then, the VP tokens, the four goods, the two tracks
SERIES: tuple[str, ...] = ("score", "vp", "gold", "stone", "food", "books", "strength",
                           "stability")


def series(game: Game) -> dict[str, list[list[int]]]:
    """Per series name (:data:`SERIES`), per seat, one value per position of the game
    (0: the setup, ..., ``game.length``): pure data read from the replayed states."""
    n = game.config.players
    out: dict[str, list[list[int]]] = {name: [[] for _ in range(n)] for name in SERIES}
    for position in range(game.length + 1):
        s = game.state_at(position)
        scores = s.projected_scores()
        for seat in range(n):
            p = s.players[seat]
            values = (scores[seat], p.res[4], *p.res[:4], s.strength(seat),
                      s.stability(seat))
            for name, value in zip(SERIES, values, strict=True):
                out[name][seat].append(value)
    return out


#: the charts' titles, by series name
_TITLES = {"score": "Score if the game ended here (VP)", "vp": "VP tokens", "gold": "Gold",
           "stone": "Stone", "food": "Food", "books": "Books", "strength": "Military strength",
           "stability": "Stability"}


def series_charts(game: Game, names: Sequence[str] = SERIES) -> Html:
    """One :func:`line_chart` per series name, one line per nation."""
    data = series(game)
    marks = round_starts(game)
    return Html("".join(f"<div>{line_chart(data[name], _TITLES[name], marks)}</div>"
                        for name in names))


def log_table(game: Game, upto: int | None = None, max_height: int | None = 420) -> Html:
    rows = [r for r in log_rows(game, seat_name) if upto is None or r["move"] <= upto]
    return html_table(rows, ["move", "round", "step", "player", "kind", "auto", "text"],
                      max_height)


def score_table(state: GameState) -> Html:
    """Each nation's final scoring part by part (the score pad: VP tokens, colonies,
    wonders, workers, resources; projected if the game is not over)."""
    rows = [{"player": seat_name(seat), **state.score_breakdown(seat)}
            for seat in state.order]
    return html_table(rows, ["player", "vp", "colonies", "wonders", "workers", "resources",
                             "total"], None)


def save_format(text: str | bytes) -> str:
    """Which game a saved file holds: "board" or "dice" (the save's ``format`` field);
    :class:`StateFormatError` if it is neither."""
    try:
        data = json.loads(text)
    except ValueError:
        raise StateFormatError("this file is not a saved game (not JSON)") from None
    fmt = data.get("format") if isinstance(data, dict) else None
    if fmt == "nations-board-game":
        return "board"
    if fmt == "nations-dice-game":
        return "dice"
    raise StateFormatError(f"this file is not a saved game of either Nations (format "
                           f"{str(fmt)[:40]!r})")
