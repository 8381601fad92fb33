"""The notebook rich display (``_repr_html_``): a pure, escaped, self-contained HTML view
of a state that shows the board, the event and every player."""

from __future__ import annotations

import dataclasses
import random
import re
import subprocess
import sys
from html import escape
from html.parser import HTMLParser
from pathlib import Path

import pytest

from nations_widget.dice import Game, GameState, default_catalogue
from nations_widget.dice.catalogue import Catalogue
from nations_widget.dice.render import state_html
from nations_widget.dice.rules import face_text, seat_name
from nations_widget.dice.state import DIE_COLOUR

CHROMIUM = Path("/usr/bin/chromium")


def play(players: int, seed: int, moves: int | None = None,
         catalogue: Catalogue | None = None) -> GameState:
    """A state after ``moves`` random legal moves (None: to the end of the game)."""
    state = GameState.new(players=players, seed=seed) if catalogue is None else \
        GameState.new(catalogue=catalogue, players=players, seed=seed)
    chooser = random.Random(seed * 7919 + players)
    done = 0
    while not state.is_terminal() and (moves is None or done < moves):
        state.apply(chooser.choice(state.legal_moves()))
        done += 1
    return state


SNAPSHOTS = [(n, seed, moves) for n in (1, 2, 3, 4) for seed in (1, 2)
             for moves in (0, 25, 70, None)]


@pytest.fixture(scope="module", params=SNAPSHOTS, ids=lambda p: f"{p[0]}p-s{p[1]}-m{p[2]}")
def snapshot(request: pytest.FixtureRequest) -> tuple[GameState, str]:
    state = play(*request.param)
    return state, state_html(state)


class TagBalance(HTMLParser):
    """Collects problems with nesting: every non-void element must be closed in order."""

    VOID = frozenset({"br", "meta", "img", "hr", "input"})

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[str] = []
        self.problems: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag not in self.VOID:
            self.stack.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if not self.stack or self.stack[-1] != tag:
            self.problems.append(f"</{tag}> closes {self.stack[-1:] or 'nothing'}")
        else:
            self.stack.pop()


def test_shows_board_event_and_players(snapshot: tuple[GameState, str]) -> None:
    state, page = snapshot
    tiles = state.comp.tiles
    on_board = [tiles[r] for r in state.board if r >= 0]
    for tile in on_board:
        assert escape(tile.name) in page
    assert page.count('class="nwd-tile"') == len(on_board)
    assert page.count('class="nwd-empty"') == state.config.columns * 3 - len(on_board)
    for price in (1, 2, 3):
        assert f"costs {price}" in page
    ev = state.event_spec
    assert escape(ev.name) in page
    assert f"famine: {ev.famine} food" in page and f"war: {ev.war} strength" in page
    assert f"{ev.vp} VP each" in page
    assert f"round {state.round} of 4" in page
    scores = state.scores()
    cards = re.split(r'<div class="nwd-player(?: nwd-turn)?">', page)[1:]
    assert len(cards) == state.config.players
    for card, seat in zip(cards, state.order, strict=True):   # in player order
        assert f"<b style=\"font-size:15px\">{seat_name(seat)}</b>" in card
        assert f"VP: <b>{scores[seat]}</b>" in card
        p = state.players[seat]
        assert f"Books: <b>{p.books}</b>" in card
        assert ("passed</span>" in card) == (p.passed and state.step == "actions")
        for ref in p.buildings:
            assert escape(tiles[ref].name) in card
        unrolled = state.unrolled_dice()
        for d in state.dice_of(seat):
            used = " (used)" if state.dice_used[d] else ""
            label = (f"{DIE_COLOUR[d]} die, not rolled yet" if d in unrolled and not used
                     else f"{DIE_COLOUR[d]} die showing {face_text(state.face(d))}")
            assert f"{label}{used}" in card
            assert f"die {d}:" not in card                      # never by its id


def test_turn_and_game_over(snapshot: tuple[GameState, str]) -> None:
    state, page = snapshot
    turn = state.current_player()
    if turn is not None:
        assert f"To act: <b>{seat_name(turn)}</b>" in page
        assert page.count("nwd-turn") == 2                 # the CSS rule and one card
    if state.config.players == 1:
        assert f"Shadow opponent: <b>{state.opponent_books}</b> books" in page
    if not state.is_terminal():
        assert "Game over" not in page
        return
    assert turn is None
    if state.config.players == 1:
        title = state.hall_of_fame_title() or "below the lowest title"
        assert f"Hall of Fame: <b>{title}" in page
    else:
        winner = state.winner()
        assert winner is not None
        assert f"{seat_name(winner)} wins with {state.scores()[winner]} VP" in page


def test_well_formed_scoped_and_script_free(snapshot: tuple[GameState, str]) -> None:
    _, page = snapshot
    checker = TagBalance()
    checker.feed(page)
    checker.close()
    assert checker.problems == [] and checker.stack == []
    assert "<script" not in page.lower()
    css = re.search(r"<style>(.*?)</style>", page, re.S)
    assert css is not None
    selectors = [s.strip() for block in re.findall(r"([^{}]+)\{", css.group(1))
                 for s in block.split(",")]
    assert selectors and all(s.startswith(".nwd-view") for s in selectors)


def test_deterministic(snapshot: tuple[GameState, str]) -> None:
    state, page = snapshot
    assert state_html(state) == page
    assert state_html(state.clone()) == page
    assert state_html(GameState.from_json(state.to_json())) == page


def test_escapes_catalogue_text() -> None:
    cat = default_catalogue()
    tiles = tuple(dataclasses.replace(t, name=f'<script>alert({i})</script>" onclick="x{i}&')
                  for i, t in enumerate(cat.tiles))
    start = tuple(dataclasses.replace(t, name=f"<img src=x>{t.name}")
                  for t in cat.starting_buildings)
    events = tuple(dataclasses.replace(e, name="<b>boom</b> & co") for e in cat.events)
    evil = dataclasses.replace(cat, name="<i>evil</i>", tiles=tiles, starting_buildings=start,
                               events=events, fingerprint="evil-test-cat")
    state = play(4, 3, 60, catalogue=evil)
    page = state_html(state)
    for bad in ("<script", "<img", "<b>boom", "<i>evil", '" onclick="'):
        assert bad not in page
    first = next(r for r in state.board if r >= 0) - len(start)
    assert f"&lt;script&gt;alert({first})&lt;/script&gt;&quot; onclick=&quot;x{first}&amp;" \
        in page
    assert "&lt;b&gt;boom&lt;/b&gt; &amp; co" in page
    held = {state.comp.tiles[r].name for p in state.players for r in p.buildings}
    for name in held:
        assert escape(name) in page
    assert any(name.startswith("<img") for name in held)


def test_reconstruction_footnote() -> None:
    cat = default_catalogue()
    assert cat.reconstructed
    assert "reconstruction" in state_html(GameState.new(players=2, seed=4))
    real = dataclasses.replace(cat, reconstructed=False, fingerprint="not-reconstructed-test")
    assert "reconstruction" not in state_html(GameState.new(catalogue=real, players=2, seed=4))


def test_tooltips_and_legend() -> None:
    state = play(3, 9, 40)
    page = state_html(state)
    from nations_widget.dice import describe_event, describe_tile
    for ref in state.board:
        if ref >= 0:
            assert f'title="{escape(describe_tile(state.comp.tiles[ref]))}"' in page
    assert f'title="{escape(describe_event(state.event_spec))}"' in page
    assert "G gold · S stone · F food · B book · M might (strength)" in page


def test_game_and_state_repr_html() -> None:
    game = Game(players=2, seed=11)
    for _ in range(10):
        game.play(game.legal_moves()[-1])
    page = game._repr_html_()
    assert page.startswith('<div class="nwd-view">') and page.endswith("</div>")
    assert page == game.state._repr_html_() == state_html(game.state)
    game.undo()
    assert game._repr_html_() == state_html(game.state_at(9))


def test_render_imports_no_jupyter() -> None:
    code = ("import sys, nations_widget.dice.render; "
            "bad = [m for m in sys.modules if m.split('.')[0] in "
            "('IPython', 'ipywidgets', 'anywidget', 'traitlets', 'ipykernel')]; "
            "assert not bad, bad")
    subprocess.run([sys.executable, "-c", code], check=True)


@pytest.mark.browser
@pytest.mark.skipif(not CHROMIUM.exists(), reason="needs /usr/bin/chromium")
def test_screenshot(tmp_path: Path) -> None:
    """Headless Chromium renders the fragment (a smoke test; look at the PNG by hand)."""
    page = tmp_path / "render.html"
    page.write_text("<!doctype html><meta charset=utf-8><body>" + state_html(play(4, 3, 60)),
                    encoding="utf-8")
    png = tmp_path / "render.png"
    subprocess.run(
        [str(CHROMIUM), "--headless", "--no-sandbox", "--disable-gpu",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--no-first-run", f"--user-data-dir={tmp_path / 'profile'}",
         f"--screenshot={png}", "--window-size=1200,1400", page.as_uri()],
        check=True, capture_output=True, timeout=120)
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and png.stat().st_size > 20_000
