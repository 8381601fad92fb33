"""Rich notebook display of a game state, without the widget.

:func:`state_html` turns a :class:`~nations_widget.dice.state.GameState` into one
self-contained HTML fragment (inline CSS scoped under ``.nwd-view``, inline SVG dice).
Jupyter shows it when a ``GameState`` or a ``Game`` is the last expression of a cell, the
way python-chess draws a board through ``_repr_svg_``.  Pure: no I/O, no randomness and
no Jupyter import; the same state always gives the same string.

Dice read without colour: each face is written as counts and letters (``2G``, ``1B 1S``)
with a legend; the die's colour is only a fill.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from .catalogue import CHIT_KINDS, RESOURCES, TileSpec, describe_event, describe_tile
from .rules import current_player, face_text, seat_name
from .state import BOARD_ROWS, DIE_COLOUR

if TYPE_CHECKING:
    from .state import StateData

LETTER = {"gold": "G", "stone": "S", "food": "F", "book": "B", "strength": "M"}
LEGEND = "G gold · S stone · F food · B book · M might (strength)"
DIE_FILL = {"white": ("#f7f7f2", "#222"), "blue": ("#2f66c4", "#fff"),
            "orange": ("#f29a2e", "#222"), "red": ("#c8372d", "#fff"),
            "green": ("#3e9b4f", "#fff")}
KIND_COLOUR = {"building": "#8a6d3b", "advisor": "#6b4c9a", "colony": "#2e7d4f",
               "wonder": "#b8860b"}
STEP_LABEL = {"new_round": "new round", "actions": "actions", "books": "books scoring",
              "famine": "famine", "player_order": "player order", "war": "war",
              "game_over": "game over"}
ORDINAL = ("1st", "2nd", "3rd", "4th")

CSS = """
.nwd-view{font:13px/1.35 system-ui,-apple-system,'Segoe UI',sans-serif;color:#1d1d1d;
 background:#fff;padding:10px;border:1px solid #ccc;border-radius:8px;max-width:1150px}
.nwd-view *{box-sizing:border-box}
.nwd-view h3{margin:0 0 6px;font-size:17px}
.nwd-view h4{margin:10px 0 4px;font-size:14px}
.nwd-view .nwd-bar{display:flex;flex-wrap:wrap;gap:6px 18px;align-items:baseline}
.nwd-view .nwd-event{background:#f3efe4;border:1px solid #d8cfb4;border-radius:6px;
 padding:4px 8px;margin:6px 0}
.nwd-view .nwd-board{display:grid;gap:4px;align-items:stretch}
.nwd-view .nwd-row{font-weight:600;display:flex;align-items:center;justify-content:center;
 background:#eee;border-radius:4px;padding:2px 4px;text-align:center}
.nwd-view .nwd-tile{border:1px solid #bbb;border-left:5px solid;border-radius:4px;
 padding:3px 6px;background:#fcfcfa;min-height:58px}
.nwd-view .nwd-tile b{font-size:13.5px}
.nwd-view .nwd-empty{color:#999;font-style:italic;display:flex;align-items:center;
 justify-content:center;border:1px dashed #ccc;border-radius:4px}
.nwd-view .nwd-small{font-size:11.5px;color:#444}
.nwd-view .nwd-players{display:grid;grid-template-columns:repeat(auto-fill,minmax(440px,1fr));
 gap:8px;margin-top:6px}
.nwd-view .nwd-player{border:1px solid #bbb;border-radius:6px;padding:6px 8px}
.nwd-view .nwd-turn{border:2px solid #1b6ac9;box-shadow:0 0 0 2px #cfe0f7}
.nwd-view .nwd-badge{display:inline-block;border-radius:9px;padding:0 7px;font-size:11.5px;
 background:#e4e4e4;margin-left:4px}
.nwd-view .nwd-go{background:#1b6ac9;color:#fff}
.nwd-view table{border-collapse:collapse;margin:2px 0}
.nwd-view td,.nwd-view th{padding:1px 6px 1px 0;text-align:left;vertical-align:top}
.nwd-view .nwd-dice svg{margin:1px 2px 1px 0;vertical-align:middle}
.nwd-view .nwd-used{opacity:.4}
.nwd-view .nwd-win{background:#fff6d6;border:1px solid #e0c45c;border-radius:6px;
 padding:6px 8px;margin:6px 0}
.nwd-view .nwd-foot{margin-top:8px;font-size:11px;color:#666}
"""


def _e(text: object) -> str:
    return escape(str(text), quote=True)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _die_svg(state: StateData, die: int, used: bool, unrolled: bool = False) -> str:
    colour = DIE_COLOUR[die]
    face = state.face(die)
    unrest = not unrolled and state.shows_unrest(die)
    if unrolled:
        lines = ["?"]
    elif unrest:
        lines = ["UNREST"]
    else:
        lines = [f"{n}{LETTER[r]}" for r, n in zip(RESOURCES, face, strict=True) if n] or ["–"]
    fill, ink = DIE_FILL[colour]
    size, step = {1: (14, 0), 2: (12, 12), 3: (10, 10)}[len(lines)]
    if unrest:
        size = 8
    top = 19 - step * (len(lines) - 1) // 2
    texts = "".join(
        f'<text x="18" y="{top + i * step}" text-anchor="middle" dominant-baseline="middle" '
        f'font-size="{size}" font-weight="700" fill="{ink}">{_e(line)}</text>'
        for i, line in enumerate(lines))
    shows = "the Unrest symbol" if unrest else face_text(face)
    label = (f"{colour} die, not rolled yet" if unrolled
             else f"{colour} die showing {shows}") + (" (used)" if used else "")
    css = ' class="nwd-used"' if used else ""
    dash = ' stroke-dasharray="4 3"' if unrolled else ""
    return (f'<svg{css} width="36" height="36" viewBox="0 0 36 36" role="img" '
            f'aria-label="{_e(label)}"><title>{_e(label)}</title>'
            f'<rect x="1" y="1" width="34" height="34" rx="6" fill="{fill}" '
            f'stroke="#555" stroke-width="1.2"{dash}/>{texts}</svg>')


def _gives(t: TileSpec) -> str:
    if t.kind == "building":
        return f"gives {t.dice_count} {t.dice_colour} {'die' if t.dice_count == 1 else 'dice'}"
    if t.kind == "advisor":
        return f"gives {_plural(t.rerolls, 'reroll')}"
    chit = f"{t.chit} chit" if t.chit else "no chit"
    return f"build {t.stone_cost} stone · {chit}" if t.kind == "wonder" else chit


def _tile_cell(t: TileSpec, price: int) -> str:
    cost = f"{price} {t.currency}"
    return (f'<div class="nwd-tile" style="border-left-color:{KIND_COLOUR[t.kind]}" '
            f'title="{_e(describe_tile(t))}"><b>{_e(t.name)}</b> '
            f'<span class="nwd-small">({_e(cost)})</span><br>'
            f'<span class="nwd-small">{_e(t.kind.capitalize())} · {t.vp} VP</span><br>'
            f'<span class="nwd-small">{_e(_gives(t))}</span></div>')


def _board(state: StateData) -> str:
    cols, tiles = state.config.columns, state.comp.tiles
    cells = ['<div></div>'] + [f'<div class="nwd-row">column {c + 1}</div>'
                               for c in range(cols)]
    for row in (2, 1, 0):                       # board[c*3 + row] costs row + 1
        cells.append(f'<div class="nwd-row">row {row + 1}<br>costs {row + 1}</div>')
        for c in range(cols):
            cell = c * BOARD_ROWS + row
            ref = state.board[cell] if cell < len(state.board) else -1
            cells.append(_tile_cell(tiles[ref], row + 1) if ref >= 0
                         else '<div class="nwd-empty">taken</div>')
    style = f"grid-template-columns:70px repeat({cols},minmax(150px,1fr))"
    return f'<div class="nwd-board" style="{style}">{"".join(cells)}</div>'


def _tile_names(state: StateData, refs: list[int], empty: str = "none") -> str:
    tiles = state.comp.tiles
    names = [f'<span title="{_e(describe_tile(tiles[r]))}">{_e(tiles[r].name)} '
             f'({tiles[r].vp} VP)</span>' for r in refs]
    return ", ".join(names) if names else empty


def _player(state: StateData, seat: int, turn: int | None) -> str:
    p, tiles = state.players[seat], state.comp.tiles
    over = state.is_terminal()
    tile_vp = state.tile_vp(seat)
    badges = f'<span class="nwd-badge">{ORDINAL[state.order.index(seat)]} in order</span>'
    if turn == seat:
        badges += '<span class="nwd-badge nwd-go">▶ to act</span>'
    if p.passed and state.step == "actions":
        badges += '<span class="nwd-badge">passed</span>'
    total = p.vp_track + tile_vp
    track = f"{p.vp_books} books, {p.vp_famine} famine, {p.vp_war} war"
    vp = (f"VP: <b>{total}</b> = {p.vp_track} track ({track}) + {tile_vp} tiles" if over else
          f"VP: <b>{p.vp_track}</b> on the track ({track}) · {tile_vp} on tiles · "
          f"{total} if the game ended now")
    rows = []
    for slot, (ref, n) in enumerate(zip(p.buildings, p.building_dice, strict=True), start=1):
        t = tiles[ref]
        gives = f"{n} {t.dice_colour} {'die' if n == 1 else 'dice'}"
        fill = DIE_FILL[t.dice_colour or "white"][0]
        swatch = (f'<svg width="10" height="10"><rect width="10" height="10" rx="2" '
                  f'fill="{fill}" stroke="#555"/></svg>')
        rows.append(f'<tr><td>{slot}.</td><td title="{_e(describe_tile(t))}">{_e(t.name)}</td>'
                    f'<td>{swatch} {_e(gives)}</td><td>{t.vp} VP</td></tr>')
    advisor = ("none" if p.advisor < 0 else
               _tile_names(state, [p.advisor]) + f" · {_plural(p.advisor_rerolls, 'reroll')}")
    wonder = ("none" if p.wonder < 0 else _tile_names(state, [p.wonder])
              + f" · needs {tiles[p.wonder].stone_cost} stone")
    dice = state.dice_of(seat)
    free = [d for d in dice if not state.dice_used[d]]
    spent = [d for d in dice if state.dice_used[d]]
    unrolled = set(state.unrolled_dice())
    sums = [sum(state.face(d)[i] for d in free if d not in unrolled)
            for i in range(len(RESOURCES))]
    summary = " ".join(f"{n}{LETTER[r]}" for r, n in zip(RESOURCES, sums, strict=True) if n)
    dice_html = "".join(_die_svg(state, d, False, d in unrolled)
                        for d in free) or "no unused dice "
    if spent:
        dice_html += ' <span class="nwd-small">used:</span> ' + "".join(
            _die_svg(state, d, True) for d in spent)
    chits = ", ".join(f"{k} {p.chits[i]}/{p.chits[i] + p.chits_used[i]}"
                      for i, k in enumerate(CHIT_KINDS) if p.chits[i] + p.chits_used[i])
    if p.stars + p.stars_used:
        chits += (", " if chits else "") + f"star-marked reroll {p.stars}/{p.stars + p.stars_used}"
    if p.bonus >= 0:
        b = state.comp.bonuses[p.bonus]
        chits += (", " if chits else "") + (f"passing bonus {b.name} (+1 {b.resource}"
                                            f"{', spent' if p.bonus_spent else ''})")
    cls = "nwd-player nwd-turn" if turn == seat else "nwd-player"
    return (f'<div class="{cls}"><div><b style="font-size:15px">{_e(seat_name(seat))}</b>'
            f"{badges}</div><div>{vp}</div><div>Books: <b>{p.books}</b></div>"
            f'<table class="nwd-small">{"".join(rows)}</table>'
            f"<div>Advisor: {advisor}</div><div>Wonder under construction: {wonder}</div>"
            f"<div>Wonders built: {_tile_names(state, p.wonders)}</div>"
            f"<div>Colonies: {_tile_names(state, p.colonies)}</div>"
            f'<div class="nwd-dice">Dice ({_e(summary or "nothing")} unused): {dice_html}</div>'
            f"<div>Chits unused/total: {_e(chits or 'none')}</div></div>")


def _game_over(state: StateData) -> str:
    scores = state.scores()
    if state.config.players == 1:
        title = state.hall_of_fame_title() or "below the lowest title (10 VP)"
        return (f'<div class="nwd-win"><b>Game over.</b> You scored <b>{scores[0]} VP</b>. '
                f"Hall of Fame: <b>{_e(title)}</b>.</div>")
    ranking = state.ranking()
    rows = "".join(
        f"<tr><td>{i}.</td><td>{_e(seat_name(s))}</td><td><b>{scores[s]} VP</b></td>"
        f"<td>{state.players[s].vp_track} track + {state.tile_vp(s)} tiles</td></tr>"
        for i, s in enumerate(ranking, start=1))
    return (f'<div class="nwd-win"><b>Game over — {_e(seat_name(ranking[0]))} wins with '
            f"{scores[ranking[0]]} VP.</b><table>{rows}</table></div>")


def state_html(state: StateData) -> str:
    """The state as a self-contained HTML fragment (see the module docstring)."""
    turn = current_player(state)
    n = state.config.players
    head = [f"<h3>Nations: The Dice Game — round {state.round} of 4 (age {state.round})</h3>",
            '<div class="nwd-bar">',
            f"<span>Step: <b>{_e(STEP_LABEL.get(state.step, state.step))}</b></span>",
            f"<span>{_e(n)} player{'s' if n != 1 else ''} · {_e(state.config.variant)}"
            f"{' · Unrest expansion' if state.config.unrest else ''}</span>",
            "<span>Player order: "
            + _e(", ".join(seat_name(s) for s in state.order)) + "</span>"]
    if turn is not None:
        head.append(f"<span>To act: <b>{_e(seat_name(turn))}</b></span>")
    head.append("</div>")
    if state.is_terminal():
        head.append(_game_over(state))
    if state.event >= 0:
        ev = state.event_spec
        head.append(f'<div class="nwd-event" title="{_e(describe_event(ev))}">Event: '
                    f"<b>{_e(ev.name)}</b> — famine: {ev.famine} food · war: {ev.war} "
                    f"strength · {ev.vp} VP each</div>")
    if n == 1:
        roll = f" · last 4-sided die: {state.solo_roll}" if state.solo_roll else ""
        head.append(f"<div>Shadow opponent: <b>{state.opponent_books}</b> books{roll}</div>")
    players = "".join(_player(state, s, turn) for s in state.order)
    cat = state.catalogue
    foot = f"Catalogue {_e(cat.name)}. Dice: {_e(LEGEND)}; faded dice are used."
    if cat.reconstructed:
        foot += (" The tile, event and die values are a reconstruction, not the published "
                 "components.")
    if state.config.unrest and cat.unrest is not None and cat.unrest.reconstructed:
        foot += (" The Unrest expansion's green dice, tiles, star-marked chits and passing "
                 "bonuses are a reconstruction too.")
    if state.config.unrest and state.step == "actions":
        left = [state.comp.bonuses[b] for b in state.bonuses_left()]
        head.append("<div>Passing bonuses left: " + _e(", ".join(
            f"{b.name} (+1 {b.resource})" for b in left) or "none") + "</div>")
    return (f'<div class="nwd-view"><style>{CSS}</style>{"".join(head)}'
            f"<h4>Progress board</h4>{_board(state)}<h4>Players (in player order)</h4>"
            f'<div class="nwd-players">{players}</div><div class="nwd-foot">{foot}</div></div>')
