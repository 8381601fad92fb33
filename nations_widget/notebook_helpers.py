"""Helpers for the notebooks in ``notebooks/``: the lessons' checkers (learn.ipynb) and the
game inspector's tables and charts (inspect.ipynb).

Everything a checker expects is worked out by the engine itself: from ``legal_moves()``, or
by playing the step through on a copy of the position.  A checker never raises on a
learner's answer: an answer left as ``...`` (the placeholder) or one it cannot read gets a
friendly "not yet".  Charts are plain SVG and tables plain HTML, so the notebooks need
nothing beyond the package's own dependencies.  Nothing here imports Jupyter: the HTML
objects only define ``_repr_html_``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from html import escape
from typing import Any

from .core.history import HistoryGame
from .core.validate import plain_digits
from .dice import Build, Buy, Game, GameState, Move, Pass, Reroll
from .dice.bots import make_bot
from .dice.catalogue import RESOURCES
from .dice.rules import seat_name

__all__ = [
    "SEAT_COLOURS",
    "VP_SOURCES",
    "Html",
    "Verdict",
    "affordable_tiles",
    "available",
    "can_build",
    "can_reroll",
    "check_number",
    "check_players",
    "check_sequence",
    "check_tiles",
    "check_yes_no",
    "html_table",
    "line_chart",
    "log_rows",
    "log_table",
    "order_after_famine",
    "play_step",
    "play_to_end",
    "pledge_sizes",
    "round_starts",
    "score_table",
    "simulate",
    "step_vp",
    "tile_ids",
    "vp_breakdown_chart",
    "vp_by_position",
    "vp_chart",
]

#: the seat colours of the widget (js/src/shell/shell.css), so charts match the board
SEAT_COLOURS = ("#7b4fa0", "#2a9d8f", "#d9a21b", "#d9603b")
#: where VP come from, in the order of ``GameState.score_breakdown``
VP_SOURCES = ("books", "famine", "war", "buildings", "advisor", "colonies", "wonders")
_SOURCE_COLOURS = ("#3b6fd1", "#e0a526", "#c8372d", "#8a6d3b", "#6b4c9a", "#2e7d4f",
                   "#b8860b")


class Html(str):
    """A piece of HTML that Jupyter displays as HTML (and prints as its source)."""

    def _repr_html_(self) -> str:
        return str(self)


# ================================================================== lessons: checking
@dataclass(frozen=True)
class Verdict:
    """A checker's answer: truthy when correct; shows as a coloured note in a notebook."""

    correct: bool
    message: str

    def __bool__(self) -> bool:
        return self.correct

    def __repr__(self) -> str:
        return self.message

    def _repr_html_(self) -> str:
        colour, ground = ("#1e7b34", "#e8f6ec") if self.correct else ("#8a5a00", "#fff6e0")
        return (f'<div style="border-left:4px solid {colour};background:{ground};'
                f'padding:6px 10px;margin:4px 0;color:#1d1d1d">{escape(self.message)}</div>')


# The checkers' shared pieces (the board's checkers in board_notebook_helpers use them too).
def correct(message: str = "") -> Verdict:
    """A right answer, with what it shows."""
    return Verdict(True, "Correct! " + message if message else "Correct!")


def not_yet(message: str) -> Verdict:
    """An answer that is not right yet, with a hint."""
    return Verdict(False, "Not yet: " + message)


def unanswered(answer: object) -> bool:
    """Whether the cell still holds the ``...`` placeholder (or nothing)."""
    return answer is Ellipsis or answer is None


# What a checker says to an answer cell that was run before it was filled in.
PLACEHOLDER = "replace the ... with your answer and run the cell again"


def tile_ids(state: GameState, names: Iterable[object]) -> tuple[list[str], list[str]]:
    """Tile ids for names or ids given in any case: ``(ids, things not recognised)``."""
    by_key: dict[str, str] = {}
    for tile in state.comp.tiles:
        by_key[tile.id.lower()] = tile.id
        by_key[tile.name.lower()] = tile.id
    ids: list[str] = []
    unknown: list[str] = []
    for name in names:
        key = str(name).strip().lower()
        if key in by_key:
            ids.append(by_key[key])
        else:
            unknown.append(str(name))
    return ids, unknown


def _tile_names(state: GameState, ids: Iterable[str]) -> str:
    ref = state.comp.tile_ref
    return ", ".join(sorted(state.comp.tiles[ref[t]].name for t in ids))


def check_tiles(state: GameState, answer: object, expected: Iterable[str],
                explain: str = "") -> Verdict:
    """Compare a list of tile names or ids with the expected tile ids (order ignored)."""
    if unanswered(answer):
        return not_yet(PLACEHOLDER + ', e.g. answer = ["Granary", "Sun Tzu"].')
    if isinstance(answer, (str, bytes)):
        answer = [answer.decode() if isinstance(answer, bytes) else answer]
    if not isinstance(answer, (list, tuple, set, frozenset)):
        return not_yet("give a list of tile names, like [\"Granary\", \"Sun Tzu\"].")
    ids, unknown = tile_ids(state, answer)
    if unknown:
        return not_yet(f"there is no tile called {', '.join(map(repr, unknown))}; use the "
                        "names printed on the tiles.")
    want = set(expected)
    got = set(ids)
    if got == want:
        return correct(explain)
    missing = want - got
    extra = got - want
    parts = []
    if missing:
        parts.append(f"{len(missing)} tile{'s are' if len(missing) > 1 else ' is'} missing")
    if extra:
        parts.append(f"{_tile_names(state, extra)} "
                     f"{'does' if len(extra) == 1 else 'do'} not belong in the list")
    return not_yet("; ".join(parts) + ". Look again at the dice, the chits and the prices.")


def check_number(answer: object, expected: int, explain: str = "") -> Verdict:
    """Compare a whole number."""
    if unanswered(answer):
        return not_yet(PLACEHOLDER + ", e.g. answer = 3.")
    if isinstance(answer, bool) or not isinstance(answer, int):
        return not_yet(f"the answer is a whole number, not {answer!r}.")
    if answer == expected:
        return correct(explain)
    return not_yet(f"{answer} is {'too many' if answer > expected else 'too few'}.")


def check_yes_no(answer: object, expected: bool, explain: str = "") -> Verdict:
    """Compare True/False (also accepts "yes"/"no")."""
    if unanswered(answer):
        return not_yet(PLACEHOLDER + ", with True or False.")
    if isinstance(answer, str) and answer.strip().lower() in ("yes", "no"):
        answer = answer.strip().lower() == "yes"
    if not isinstance(answer, bool):
        return not_yet(f"answer True or False, not {answer!r}.")
    if answer == expected:
        return correct(explain)
    return not_yet("the other way round: look again at what the rules ask for.")


def check_sequence(answer: object, expected: Sequence[object], explain: str = "") -> Verdict:
    """Compare a list where order matters (text compared without case and spaces)."""
    if unanswered(answer):
        return not_yet(PLACEHOLDER + ", with a list.")
    if not isinstance(answer, (list, tuple)):
        return not_yet("give a list, in order.")

    def norm(x: object) -> object:
        return " ".join(x.lower().replace("_", " ").split()) if isinstance(x, str) else x

    got = [norm(x) for x in answer]
    want = [norm(x) for x in expected]
    if got == want:
        return correct(explain)
    if len(got) != len(want):
        return not_yet(f"the list should have {len(want)} items, this one has {len(got)}.")
    first = next(i for i, (a, b) in enumerate(zip(got, want, strict=True)) if a != b)
    return not_yet(f"the first {first} item{'s are' if first != 1 else ' is'} right; "
                    f"item {first + 1} is not.")


def _player_numbers(answer: Iterable[object]) -> list[int] | None:
    """Players as numbers 1-4; accepts 2 or "Player 2"."""
    out: list[int] = []
    for item in answer:
        if isinstance(item, bool):
            return None
        if isinstance(item, int):
            out.append(item)
        elif isinstance(item, str) and plain_digits(item.lower().replace("player", "").strip()):
            out.append(int(item.lower().replace("player", "").strip()))
        else:
            return None
    return out


def check_players(answer: object, expected_seats: Sequence[int], ordered: bool,
                  explain: str = "") -> Verdict:
    """Compare players written as on the board (``[2, 1]`` or ``["Player 2", "Player 1"]``)
    with engine seats (0-based).  ``ordered``: the order matters."""
    if unanswered(answer):
        return not_yet(PLACEHOLDER + ", e.g. answer = [2, 1] (player numbers).")
    if not isinstance(answer, (list, tuple, set)):
        return not_yet("give a list of player numbers, like [2, 1].")
    numbers = _player_numbers(answer)
    if numbers is None:
        return not_yet("write players as numbers (1 for Player 1) or as \"Player 1\".")
    want = [s + 1 for s in expected_seats]
    if (numbers == want) if ordered else (sorted(numbers) == sorted(want)):
        return correct(explain)
    if not ordered:
        return not_yet("not that set of players.")
    if sorted(numbers) != sorted(want):
        return not_yet(f"list each of the {len(want)} players once.")
    return not_yet("right players, wrong order.")


# ============================================================= lessons: the engine's view
def affordable_tiles(state: GameState) -> list[str]:
    """The tiles the current player can buy now (ids), straight from ``legal_moves()``."""
    return sorted({m.tile for m in state.legal_moves() if isinstance(m, Buy)})


def can_reroll(state: GameState) -> bool:
    return any(isinstance(m, Reroll) for m in state.legal_moves())


def can_build(state: GameState) -> bool:
    return any(isinstance(m, Build) for m in state.legal_moves())


def pledge_sizes(state: GameState) -> list[int]:
    """Accelerated variant: how many dice the legal passes set aside for food."""
    return sorted({len(m.pledge) for m in state.legal_moves() if isinstance(m, Pass)})


def _default_choice(moves: list[Move]) -> Move:
    # books: the first option uses every book; famine and war: the last one pays
    return moves[0] if moves[0].type == "books" else moves[-1]


def play_step(state: GameState, choose: Callable[[list[Move]], Move] | None = None) -> GameState:
    """A copy of ``state`` played on until its step is over.  ``choose`` picks each
    decision's move from the legal ones (default: use every book, pay for the famine and
    the war when possible)."""
    pick = choose or _default_choice
    s = state.clone()
    start = (s.round, s.step)
    while not s.is_terminal() and (s.round, s.step) == start:
        s.apply(pick(s.legal_moves()), log=False)
    return s


def step_vp(state: GameState) -> list[int]:
    """The VP each seat scores in the current books, famine or war step, every player
    using all their books and paying for the famine and the war when they can.  (Only
    that step's VP: the engine may run on through later automatic steps.)"""
    if state.step not in ("books", "famine", "war"):
        raise ValueError(f"step_vp needs a books, famine or war step, not {state.step!r}")
    attr = "vp_" + state.step
    after = play_step(state)
    return [getattr(a, attr) - getattr(b, attr)
            for a, b in zip(after.players, state.players, strict=True)]


def order_after_famine(state: GameState) -> list[int]:
    """The player order the engine sets after this famine step (nobody feeds, so the dice
    stay as they are)."""
    after = play_step(state, choose=lambda moves: moves[0])
    return after.order[:]


def available(state: GameState, seat: int, resource: str) -> int:
    """How much of ``resource`` the seat's unused dice and chits show (no trades)."""
    index = RESOURCES.index(resource)
    dice = sum(state.face(d)[index] for d in state.unused_dice(seat))
    return dice + state.chits_of(seat, index)   # (with Unrest, a passing bonus counts)


def play_to_end(state: GameState) -> GameState:
    """A copy of a late position played to the end (every decision as in
    :func:`play_step`); its ``scores()`` and ``winner()`` are final."""
    s = state.clone()
    while not s.is_terminal():
        s.apply(_default_choice(s.legal_moves()), log=False)
    return s


# ==================================================================== the inspector
def simulate(players: int = 2, bots: Sequence[str] = ("heuristic", "mcts-easy"),
             seed: int = 1, variant: str = "original") -> Game:
    """A whole game between bots (``bots[i]`` plays seat i; the list is cycled)."""
    game = Game(players=players, seed=seed, variant=variant)  # type: ignore[arg-type]
    seats = [make_bot(bots[i % len(bots)], seed * 1009 + i) for i in range(players)]
    while not game.is_over:
        seat = game.current_player
        assert seat is not None
        game.play(seats[seat].choose(game.state.clone()))
    return game


def log_rows(game: HistoryGame[Any, Any],
             name_of: Callable[[int], str] = seat_name) -> list[dict[str, Any]]:
    """Every log entry of a game of either engine, with the number of the move that caused
    it; ``name_of``: the game's words for a seat ("Player 2")."""
    rows: list[dict[str, Any]] = []
    for position in range(game.length + 1):
        for entry in game.log_of_move(position):
            rows.append({"move": position, "round": entry.round, "step": entry.step,
                         "player": "" if entry.seat is None else name_of(entry.seat),
                         "kind": entry.kind, "auto": "auto" if entry.auto else "",
                         "text": entry.text})
    return rows


def html_table(rows: Sequence[dict[str, Any]], columns: Sequence[str] | None = None,
               max_height: int | None = 420) -> Html:
    """Rows of dicts as an HTML table (scrolling when taller than ``max_height`` px)."""
    cols = list(columns or (rows[0].keys() if rows else []))
    head = "".join(f'<th style="text-align:left;padding:2px 8px;position:sticky;top:0;'
                   f'background:#f3f3f3">{escape(c)}</th>' for c in cols)
    body = "".join(
        "<tr>" + "".join(f'<td style="text-align:left;padding:1px 8px;vertical-align:top;'
                         f'white-space:{"normal" if c == "text" else "nowrap"}">'
                         f"{escape(str(r.get(c, '')))}</td>" for c in cols) + "</tr>"
        for r in rows)
    table = (f'<table style="border-collapse:collapse;font-size:12.5px">'
             f"<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>")
    if max_height:
        return Html(f'<div style="max-height:{max_height}px;overflow:auto;'
                    f'border:1px solid #ddd">{table}</div>')
    return Html(table)


def log_table(game: Game, upto: int | None = None, max_height: int | None = 420) -> Html:
    rows = [r for r in log_rows(game) if upto is None or r["move"] <= upto]
    return html_table(rows, ["move", "round", "step", "player", "kind", "auto", "text"],
                      max_height)


def score_table(state: GameState) -> Html:
    """Each seat's VP by source, track total, tiles and the (projected) total."""
    rows = []
    totals = state.projected_scores()
    for seat in state.order:
        b = state.score_breakdown(seat)
        rows.append({"player": seat_name(seat), **b, "total": totals[seat]})
    return html_table(rows, ["player", *VP_SOURCES, "total"], None)


def vp_by_position(game: Game) -> list[list[int]]:
    """Per move position (0 ... length), each seat's VP: the score track plus the VP of the
    tiles held then (what the score would be if the game ended there)."""
    return [game.state_at(p).projected_scores() for p in range(game.length + 1)]


def round_starts(game: Any) -> list[tuple[int, int]]:
    """``(position, round)`` for the first position of each round (a history game of
    either engine: its states have a ``round``)."""
    starts = []
    last = 0
    for position in range(game.length + 1):
        r = game.state_at(position).round
        if r != last:
            starts.append((position, r))
            last = r
    return starts


def line_chart(values: Sequence[Sequence[int]], title: str,
               marks: Sequence[tuple[int, int]] = (), width: int = 760,
               height: int = 220, x_label: str = "position") -> Html:
    """A line chart (SVG) of one series per seat over the positions, rounds marked
    (``marks``: ``(position, round)``); negative values get a zero line."""
    n = max((len(v) for v in values), default=1) - 1
    low = min(0, *(min(v) for v in values if v))
    top = max(1, *(max(v) for v in values if v))
    left, right, bottom, up = 44, 110, 26, 22
    w, h = width - left - right, height - bottom - up

    def x(p: int) -> float:
        return left + (w * p / n if n else 0)

    def y(v: float) -> float:
        return up + h - h * (v - low) / (top - low)

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
             f'font-family="system-ui,sans-serif" font-size="11" role="img" '
             f'aria-label="{escape(title)} over the game">',
             f'<text x="{left}" y="14" font-weight="600">{escape(title)}</text>',
             f'<rect x="{left}" y="{up}" width="{w}" height="{h}" fill="#fafafa" '
             'stroke="#ccc"/>']
    step = max(1, round((top - low) / 5))
    for v in range(-(-low // step) * step, top + 1, step):     # multiples of step from low up
        parts.append(f'<line x1="{left}" x2="{left + w}" y1="{y(v):.1f}" y2="{y(v):.1f}" '
                     f'stroke="{"#999" if v == 0 else "#e4e4e4"}"/><text x="{left - 6}" '
                     f'y="{y(v) + 4:.1f}" text-anchor="end">{v}</text>')
    for p, r in marks:
        parts.append(f'<line x1="{x(p):.1f}" x2="{x(p):.1f}" y1="{up}" y2="{up + h}" '
                     f'stroke="#bbb" stroke-dasharray="3 3"/><text x="{x(p) + 3:.1f}" '
                     f'y="{up + 11}" fill="#777">round {r}</text>')
    label_y: dict[int, float] = {}
    previous = -1e9
    for seat in sorted(range(len(values)), key=lambda s: -values[s][-1]):
        label_y[seat] = max(y(values[seat][-1]) + 4, previous + 13)
        previous = label_y[seat]
    for seat, line in enumerate(values):
        colour = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
        points = " ".join(f"{x(p):.1f},{y(v):.1f}" for p, v in enumerate(line))
        parts.append(f'<polyline fill="none" stroke="{colour}" stroke-width="2" '
                     f'points="{points}"/>')
        parts.append(f'<text x="{left + w + 8}" y="{label_y[seat]:.1f}" fill="{colour}" '
                     f'font-weight="600">{escape(seat_name(seat))}: {line[-1]}</text>')
    parts.append(f'<text x="{left + w / 2:.0f}" y="{height - 6}" text-anchor="middle" '
                 f'fill="#555">{escape(x_label)} (dashed lines: rounds)</text></svg>')
    return Html("".join(parts))


def vp_chart(game: Game, width: int = 760, height: int = 300) -> Html:
    """A line chart (SVG) of each seat's VP over the game, rounds marked."""
    series: list[list[int]] = [list(col) for col in zip(*vp_by_position(game), strict=True)]
    return line_chart(series, "VP", round_starts(game), width, height, x_label="move")


def vp_breakdown_chart(state: GameState, width: int = 760) -> Html:
    """Stacked horizontal bars (SVG): where each seat's VP came from."""
    seats = list(state.order)
    breakdowns = {s: state.score_breakdown(s) for s in seats}
    top = max(1, max(sum(b.values()) for b in breakdowns.values()))
    left, right, bar, gap, up = 80, 60, 26, 12, 8
    w = width - left - right
    legend_y = up + len(seats) * (bar + gap) + 6
    height = legend_y + 24
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
             f'font-family="system-ui,sans-serif" font-size="11" role="img" '
             f'aria-label="Where the VP came from">']
    for row, seat in enumerate(seats):
        yy = up + row * (bar + gap)
        parts.append(f'<text x="{left - 8}" y="{yy + bar / 2 + 4:.1f}" text-anchor="end" '
                     f'fill="{SEAT_COLOURS[seat % 4]}" font-weight="600">'
                     f"{escape(seat_name(seat))}</text>")
        xx = float(left)
        for source, colour in zip(VP_SOURCES, _SOURCE_COLOURS, strict=True):
            value = breakdowns[seat][source]
            if value <= 0:
                continue
            span = w * value / top
            parts.append(f'<rect x="{xx:.1f}" y="{yy}" width="{span:.1f}" height="{bar}" '
                         f'fill="{colour}"><title>{source}: {value} VP</title></rect>')
            if span >= 16:
                parts.append(f'<text x="{xx + span / 2:.1f}" y="{yy + bar / 2 + 4:.1f}" '
                             f'text-anchor="middle" fill="#fff">{value}</text>')
            xx += span
        parts.append(f'<text x="{xx + 6:.1f}" y="{yy + bar / 2 + 4:.1f}">'
                     f"{sum(breakdowns[seat].values())} VP</text>")
    xx = float(left)
    for source, colour in zip(VP_SOURCES, _SOURCE_COLOURS, strict=True):
        parts.append(f'<rect x="{xx:.0f}" y="{legend_y}" width="11" height="11" '
                     f'fill="{colour}"/><text x="{xx + 15:.0f}" y="{legend_y + 10}">'
                     f"{source}</text>")
        xx += 20 + 7 * len(source) + 10
    parts.append("</svg>")
    return Html("".join(parts))
