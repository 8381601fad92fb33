"""Rich notebook display of a board-game state, without the widget.

:func:`state_html` turns a :class:`~nations_widget.board.state.StateData` into one
self-contained HTML fragment (inline CSS scoped under ``.nwb-view``): the round and step,
what is being asked, the progress board with its prices, the event card, the war, the
architects, and each nation's resources, tracks, workers and cards.  Pure: no I/O, no
randomness, no Jupyter import; the same state always gives the same string.
"""

from __future__ import annotations

from html import escape

from . import rules
from .components import CardSpec
from .constants import RESOURCES
from .scoring import ranking, scores, stability, strength
from .solo import hall_of_fame
from .state import StateData, tile_of
from .words import count_text, counted, figure_text, level_text, seat_name

TYPE_COLOUR = {"building": "#8a6d3b", "military": "#b03a2e", "advisor": "#6b4c9a",
               "colony": "#2e7d4f", "wonder": "#b8860b", "war": "#333", "battle": "#a04000",
               "golden age": "#c9a400"}
CSS = """
.nwb-view{font:13px/1.35 system-ui,-apple-system,'Segoe UI',sans-serif;color:#1d1d1d;
 background:#fff;padding:10px;border:1px solid #ccc;border-radius:8px;max-width:1200px}
.nwb-view h3{margin:0 0 6px;font-size:17px}
.nwb-view .nwb-ask{background:#eef4fc;border:1px solid #b9cfee;border-radius:6px;padding:4px 8px}
.nwb-view table{border-collapse:collapse;margin:4px 0}
.nwb-view td,.nwb-view th{border:1px solid #ddd;padding:2px 6px;vertical-align:top}
.nwb-view .nwb-card{border-left:5px solid;padding-left:4px}
.nwb-view .nwb-small{font-size:11.5px;color:#444}
.nwb-view .nwb-turn{background:#fff6d6}
"""


def _e(text: object) -> str:
    return escape(str(text), quote=True)


def figures(vec: tuple[int, ...]) -> str:
    """A card's figures as changes, "+2 gold, −1 food": a true minus sign (U+2212), as the
    log writes it."""
    return ", ".join(figure_text(i, v) for i, v in enumerate(vec) if v)


def card_html(card: CardSpec, extra: str = "") -> str:
    bits = []
    if card.is_bm:
        bits.append(f"per worker {figures(card.per_worker)}; deploy {card.deploy_cost} stone")
        if card.raid:
            bits.append(f"raid {card.raid}")
    if any(card.produces):
        bits.append(figures(card.produces))
    if card.type == "colony":
        bits.append(f"needs {card.requirement} strength")
    if card.type == "wonder":
        bits.append("sections " + "/".join(str(x) for x in card.stages) + " stone")
    if card.type == "war":
        bits.append(f"loss {count_text(card.war_loss[0], card.war_loss[1])}")
    if card.type == "golden age":
        bits.append(f"2 {RESOURCES[card.golden_age]} or 1 VP")
    if card.vp:
        bits.append(f"{card.vp} VP")
    if card.text:
        bits.append(card.text)
    colour = TYPE_COLOUR.get(card.type, "#999")
    return (f'<div class="nwb-card" style="border-color:{colour}"><b>{_e(card.name)}</b> '
            f'<span class="nwb-small">{_e(card.type)}{", age " + str(card.age) if card.age else ""}'
            f'{"; " + _e("; ".join(bits)) if bits else ""}{_e(extra)}</span></div>')


def _options(s: StateData) -> str:
    """The options of a pending decision (not the action phase's many moves)."""
    if not s.queue:
        return ""
    labels = [str(m) for m in rules.legal_moves(s)]
    return "<br><span class='nwb-small'>options: " + _e("; ".join(labels)) + "</span>"


def side_name(s: StateData, seat: int) -> str:
    """The player board a seat plays: its nation and side, or that it is still choosing."""
    p = s.players[seat]
    if not p.side:
        return "choosing a board"
    if p.side == "A":
        return f"{p.nation} (A side)" if p.nation else "A side"
    return s.comp.sides[p.side].name


def _solo_html(s: StateData) -> str:
    tile = tile_of(s)
    tiles = s.comp.solo_tiles
    strength_, stability_, books = s.shadow
    text = (f"shadow: {level_text(strength_)} strength, {level_text(stability_)} stability, "
            f"{counted(books, 'book')}"
            f" ({'first' if s.shadow_first else 'second'} in player order)")
    if tile is not None:
        text += f"; tile {tile.id}"
    if s.last_roll:
        text += f"; last roll {s.last_roll}"
    out = _e(text)
    if tiles is not None and tiles.reconstruction:
        out += (" <span class='nwb-small'><b>solo tiles: a reconstruction</b> (their "
                "values are not the published ones)</span>")
    if s.is_terminal():
        title = hall_of_fame(scores(s)[0])
        out += " · Hall of Fame: <b>" + _e(title or "no title") + "</b>"
    return out


def state_html(s: StateData) -> str:
    cards = s.comp.cards
    cols = s.comp.columns_by_players[s.config.players]
    who = rules.current_player(s)
    out = [f"<style>{CSS}</style><div class='nwb-view'>",
           f"<h3>Nations — round {s.round} of {s.config.rounds} (age {(s.round + 1) // 2}), "
           f"{_e(s.step)}</h3>",
           f"<div class='nwb-ask'>{_e(rules.prompt(s))}{_options(s)}</div>"]
    if s.is_terminal():
        values = scores(s)
        out.append("<p><b>Final scores:</b> " + ", ".join(
            f"{seat_name(x)} {values[x]}" for x in ranking(s)) + "</p>")
    out.append("<table><tr><th>price</th>" + "".join(f"<th>{c + 1}</th>" for c in range(cols))
               + "</tr>")
    for r, price in enumerate((3, 2, 1)):
        row = "".join(
            f"<td>{card_html(cards[ref]) if ref >= 0 else ''}</td>"
            for ref in s.board[r * cols:(r + 1) * cols])
        out.append(f"<tr><th>{price} gold</th>{row}</tr>")
    out.append("</table>")
    info = []
    if s.event >= 0:
        ev = s.comp.events[s.event]
        info.append(f"Event: <b>{_e(ev.name)}</b> (famine {ev.famine} food)")
    info.append(f"architects: {s.architects}")
    if s.config.players == 1:
        info.append(_solo_html(s))
    if s.war >= 0:
        info.append(f"war: <b>{_e(cards[s.war].name)}</b> at strength {s.war_strength}")
    info.append("order: " + ", ".join(seat_name(x) for x in s.order))
    out.append("<p>" + " · ".join(info) + "</p>")
    out.append("<table><tr><th>nation</th><th>resources</th><th>tracks</th><th>workers</th>"
               "<th>buildings and military</th><th>other cards</th></tr>")
    for seat in s.order:
        p = s.players[seat]
        res = ", ".join(count_text(i, p.res[i]) for i in range(5))
        slots = "".join(card_html(cards[c], f" — {counted(w, 'worker')}") if c >= 0
                        else "<div>empty</div>"
                        for c, w in zip(p.bm, p.workers, strict=True))
        other = "".join(card_html(cards[c]) for c in
                        p.advisors + p.colonies + p.wonders + list(p.specials))
        if p.wonder >= 0:
            other += card_html(cards[p.wonder], f" — under construction, {p.built} built")
        cls = " class='nwb-turn'" if seat == who else ""
        passed = " (passed)" if seat in s.passed and s.step == "actions" else ""
        out.append(
            f"<tr{cls}><td>{seat_name(seat)}{passed}<br><span class='nwb-small'>"
            f"{_e(s.config.difficulty[seat])}, {_e(side_name(s, seat))}</span></td>"
            f"<td>{_e(res)}</td>"
            f"<td>strength {level_text(strength(s, seat))}<br>stability "
            f"{level_text(stability(s, seat))}</td>"
            f"<td>{p.idle} idle<br>taken: {p.taken_food} food, {p.taken_stab} stability"
            f"</td><td>{slots}</td><td>{other or '—'}</td></tr>")
    out.append("</table></div>")
    return "".join(out)


__all__ = ["card_html", "state_html"]
