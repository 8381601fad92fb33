"""The player's-eye check: whole games played in the real app (Voila serving
notebooks/play.ipynb, as scripts/play.sh does) with real clicks for the human seat and
bots for the others, and at every position the drawn page checked against the engine.

Used by tests/browser/test_players_eye.py (a few short games, part of the README's test
command) and scripts/players_eye_sweep.py (many seeds, every variant, before a release).

Where the engine's state comes from
-----------------------------------
Not from the page: at every position the board's own **Save game** button is pressed (a
synthetic ``click()`` on it, so the page neither scrolls nor moves its focus: saving is the
test's instrument, not the player's move), the kernel sends the game's JSON (the engine's
``to_json``: config, seed and moves), and a mirror game in this test process replays it
(``Game.from_json`` once, then only the moves added since: the engines are deterministic).
The expected inventory (every die with its face, chit, tile, card, worker and slot, and
the progress board) is read off the mirror's engine state (``game.state``), with names from
the engine's catalogue; the page's synced payloads are never read.  This costs one kernel
round trip per position and no test-only channel into the kernel.

Checks (each finding is one line naming the scenario, the position and what was seen):

- ``drawn_state``: the page draws what the engine holds, and nothing else;
- ``icons_drawn``: every icon on the screen has its picture (a style sheet loaded after the
  icons' one must not clear it: tests/browser/test_voila_paths.py walks the app's paths
  between games for the same check);
- ``dialog_in_view``: a dialog over the page (the round summary, New game, the shortcut
  list) that opened or changed is inside the viewport, without scrolling;
- ``panel_in_view``: so is the decision panel when it changed (its top, the prompt: while a
  move's preview or a purchase's question is shown, that question instead), and the
  question itself, after the click that asked for it; under a dialog the page is looked at
  once the dialog is closed;
- ``focus_kept``: after each click of the player, ``document.activeElement`` is inside the
  widget (the keyboard shortcuts listen on the widget's element);
  ``history_focus_kept``: the same after the history's buttons (one back, latest);
- ``no_overflow``: nothing sticks out of the table sideways, no text is clipped;
- ``target_size``: at 390 px every visible control is at least 24x24 CSS px and the primary
  actions at least 44x44 (WCAG 2.2, 2.5.8 and 2.5.5);
- ``undo_redraw`` / ``history_redraw`` / ``play_again_redraw``: after Undo, after history
  steps back and forward, and after Play again, the table drawn equals a fresh draw of the
  same position (the text and faces of the table when that position was first reached, or,
  for Play again, the same position loaded with "Load game…" into a newly opened page);
- ``undo_near``: at 390 px, where the history panel (with its Undo) is far down the page,
  the decision panel holds an Undo (the shell's, beside Pass): the player takes a move back
  with it, so it must be shown whenever the player's-eye player presses Undo;
- ``one_confirm`` (the board game): a purchase (or a hire) is one preview and one Confirm:
  where its card goes is chosen in the preview (the player's-eye player picks a place other
  than the default at every other purchase), and after the Confirm the game does not ask
  the same player where the card goes.

Failures keep a screenshot and the page's DOM in test-artifacts/browser/players-eye/.
What is read in the page is tests/browser/players_eye.js (``window.playersEye``), loaded
into every page of the check's browser context.

A scenario's seed fixes the rolls and decks; Play again draws a new seed, so the position
checked after it differs from run to run (every check holds at any position, so this does
not make a test flaky, only its coverage vary).
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from browser_support import ARTIFACTS

from nations_widget.board.rules import production_forecast
from nations_widget.dice.catalogue import RESOURCES
from nations_widget.dice.rules import amount_text
from nations_widget.widget.dice.payloads import catalogue_payload

EYE_ARTIFACTS = ARTIFACTS / "players-eye"
#: the page side of the checks (window.playersEye), loaded into each page of the context
EYE_JS = Path(__file__).with_name("players_eye.js")

CHECKS = ("drawn_state", "icons_drawn", "dialog_in_view", "panel_in_view", "focus_kept",
          "history_focus_kept", "no_overflow", "target_size", "undo_redraw", "history_redraw",
          "play_again_redraw", "one_confirm", "undo_near")
#: the checks of one game only (the others look at both)
GAME_CHECKS = {"one_confirm": "board"}

BOT = "heuristic"
BOT_PAUSE = "0.05"
PANEL_SHOWN = 120            # px of the decision panel that must show (its prompt)
SHOTS_PER_CHECK = 2          # screenshots + DOM kept per check and scenario (the first ones)
MAX_FINDINGS = 40            # per check and scenario: the rest are counted, not listed


@dataclass(frozen=True)
class Scenario:
    """One game to play: which game, its settings, the window, the seed, and how often the
    player takes a move back (Undo) or steps through the history."""

    game: str                       # "dice" | "board"
    label: str                      # e.g. "original-2p"
    players: int
    seed: int
    width: int = 1400
    height: int = 900
    variant: str = "original"       # dice
    unrest: bool = False            # dice
    sides: str = "A"                # board
    ages: int = 1                   # board: the short game
    undo_at: tuple[int, ...] = (3,)         # the human decisions after which Undo is pressed
    history_at: tuple[int, ...] = (5,)      # ... and history steps back and forward
    play_again: bool = True
    time_limit: float = 240.0

    @property
    def name(self) -> str:
        return f"{self.game}-{self.label}-{self.width}-s{self.seed}"

    @property
    def phone(self) -> bool:
        return self.width <= 480


# ------------------------------------------------------------------------- the engine
class Mirror:
    """The engine's game in this process, kept equal to the kernel's through its saves."""

    def __init__(self, game_cls: Any) -> None:
        self.game_cls = game_cls
        self.game: Any = None
        self.moves: list[Any] = []

    def update(self, data: dict[str, Any]) -> Any:
        moves = data["moves"]
        plain = "start" not in data and data.get("position", len(moves)) == len(moves)
        if (plain and self.game is not None
                and self.game.position == self.game.length == len(self.moves)
                and len(moves) >= len(self.moves)
                and moves[:len(self.moves)] == self.moves):
            try:
                for move in moves[len(self.moves):]:
                    self.game.play(move)
            except Exception:
                self.game = self.game_cls.from_json(data)
        else:
            self.game = self.game_cls.from_json(data)
        self.moves = list(moves)
        return self.game


def face_digits(face: dict[str, int], resources: list[str]) -> str:
    """The numbers a die face shows, in the catalogue's resource order ("Unrest" for the
    green die's Unrest face)."""
    if face.get("unrest"):
        return "Unrest"
    return "".join(str(face[r]) for r in resources if face.get(r))


def face_words(face: dict[str, int], resources: list[str]) -> str:
    if face.get("unrest"):
        return "the Unrest symbol"
    # the engine's own words for an amount ("3 books", "2 gold")
    parts = [amount_text(face[r], RESOURCES.index(r)) for r in resources if face.get(r)]
    return " + ".join(parts) if parts else "blank"


_CATALOGUES: dict[int, dict[str, Any]] = {}


def dice_catalogue(game: Any) -> dict[str, Any]:
    """The engine catalogue's names, colours and faces (Python's data, not the page's)."""
    cat = game.state.catalogue
    key = id(cat)
    if key not in _CATALOGUES:
        _CATALOGUES[key] = catalogue_payload(cat)
    return _CATALOGUES[key]


def dice_expected(game: Any) -> dict[str, str]:
    """What the dice table must show, read off the engine's state: one line per thing."""
    state = game.state
    data = state.view(None)
    cat = dice_catalogue(game)
    resources = cat["resources"]
    unrolled = set(state.unrolled_dice())
    out: dict[str, str] = {}
    for d, (owner, used, face_index) in enumerate(data["dice"]):
        if owner < 0:
            continue
        colour = cat["die_colours"][d]
        face = cat["faces"][colour][face_index]
        where = f"seat {owner} {'used' if used else 'unused'}"
        if d in unrolled:
            out[f"die {d}"] = f"{where}: blank ({colour} die, not rolled yet)"
        else:
            out[f"die {d}"] = (f"{where}: face {face_index} shows {face_digits(face, resources)!r} "
                               f"({colour} die showing {face_words(face, resources)})")
    for seat, p in enumerate(data["players"]):
        n_unused = sum(1 for o, u, _ in data["dice"] if o == seat and not u)
        n_used = sum(1 for o, u, _ in data["dice"] if o == seat and u)
        out[f"trays {seat}"] = f"Unused dice ({n_unused}) / Used ({n_used})"
        for kind in cat["chit_kinds"]:
            unused, used = p["chits"].get(kind, 0), p["chits_used"].get(kind, 0)
            if unused or used:
                out[f"chit {seat} {kind}"] = f"{unused}/{unused + used}"
        tiles = cat["tiles"]
        for i, (tile, _n) in enumerate(p["buildings"]):
            out[f"slot-{seat}-{i}"] = tiles[tile]["name"]
        out[f"adv-{seat}"] = tiles[p["advisor"][0]]["name"] if p["advisor"] else "(none)"
        out[f"wip-{seat}"] = tiles[p["wonder"]]["name"] if p["wonder"] else "(none)"
        for i, tile in enumerate(p["colonies"]):
            out[f"col-{seat}-{i}"] = tiles[tile]["name"]
        for i, tile in enumerate(p["wonders"]):
            out[f"won-{seat}-{i}"] = tiles[tile]["name"]
    for c, column in enumerate(data["board"]):
        for r, tile in enumerate(column):
            out[f"board c{c} r{r}"] = cat["tiles"][tile]["name"] if tile else "(empty)"
    return out


# What the dice table draws, read the same way (JS); `null` when the table is not there.
DICE_DRAWN = "(a) => window.playersEye.diceDrawn(a)"


def board_expected(game: Any, unfolded: set[int]) -> dict[str, str]:
    """What the board game's table must show, read off the engine's state; the other
    nations' boards only where the page shows them unfolded (``unfolded``: their seats),
    else their one-line summary's resources."""
    s = game.state
    cards = s.comp.cards
    out: dict[str, str] = {}
    cols = s.comp.columns_by_players[s.config.players]
    for r in range(3):
        for c in range(cols):
            ref = s.board[r * cols + c]
            out[f"progress r{r} c{c}"] = cards[ref].name if ref >= 0 else "(taken)"

    def num(n: int) -> str:
        return str(n)

    # every nation's panel: its figures and, under each, what the engine's production step
    # would change if it ran now (the rules' forecast, played on a copy of this state)
    after = None if s.is_terminal() else production_forecast(s)[0]
    for seat, p in enumerate(s.players):
        now = {**dict(zip(("gold", "stone", "food", "books", "vp"), p.res, strict=True)),
               "strength": s.strength(seat), "stability": s.stability(seat)}
        then = None if after is None else {
            **dict(zip(("gold", "stone", "food", "books", "vp"), after.players[seat].res,
                       strict=True)),
            "strength": after.strength(seat), "stability": after.stability(seat)}
        for k, n in now.items():
            out[f"panel {seat} {k}"] = num(n)
            change = 0 if then is None else then[k] - n
            out[f"panel {seat} {k} next"] = f"{change:+d}" if change else ""
        out[f"panel {seat} workers"] = f"{p.idle}/{p.idle + p.deployed}"

    for seat, p in enumerate(s.players):
        res = dict(zip(("gold", "stone", "food", "books", "vp"), p.res, strict=True))
        if seat not in unfolded:
            out[f"nation {seat} summary"] = (f"{res['gold']} gold · {res['stone']} stone · "
                                             f"{res['food']} food")
            continue
        for k in ("gold", "stone", "food", "books"):
            out[f"nation {seat} {k}"] = num(res[k])
        out[f"nation {seat} VP"] = num(res["vp"])
        out[f"nation {seat} strength"] = num(s.strength(seat))
        out[f"nation {seat} stability"] = num(s.stability(seat))
        out[f"nation {seat} idle workers"] = f"{p.idle} / {p.idle + p.deployed}"
        for k, (ref, w) in enumerate(zip(p.bm, p.workers, strict=True)):
            workers = f"{w} worker{'' if w == 1 else 's'}"
            out[f"nation {seat} slot {k}"] = (f"{cards[ref].name}, {workers}" if ref >= 0
                                              else "(empty)")
        out[f"nation {seat} advisors"] = ", ".join(cards[c].name for c in p.advisors) or "(none)"
        out[f"nation {seat} colonies"] = ", ".join(cards[c].name for c in p.colonies) or "(none)"
        out[f"nation {seat} wonders"] = ", ".join(cards[c].name for c in p.wonders) or "(none)"
        out[f"nation {seat} wonder under construction"] = (
            f"{cards[p.wonder].name}, {p.built} of {len(cards[p.wonder].stages)} sections built"
            if p.wonder >= 0 else "(none)")
    return out


BOARD_DRAWN = "(a) => window.playersEye.boardDrawn(a)"


def compare(expected: dict[str, str], drawn: dict[str, str]) -> list[str]:
    """Each thing the engine holds that is drawn otherwise or not at all, and each thing
    drawn that the engine does not hold."""
    out = []
    for key, want in expected.items():
        got = drawn.get(key)
        if got is None:
            out.append(f"{key}: not drawn (the engine holds {want})")
        elif got != want:
            out.append(f"{key}: drawn {got!r}, the engine holds {want!r}")
    for key in drawn.keys() - expected.keys():
        out.append(f"{key}: drawn {drawn[key]!r}, the engine holds nothing there")
    return out


# --------------------------------------------------------------------- page checks
ROOT_SELECTOR = ".nw-root[data-step], .nwb-root[data-step]"

# Everything inside the table that sticks out of it sideways, and every element whose text is
# cut (wider than its box while hiding the overflow); boxes meant to scroll sideways (the wide
# tables) and tooltips are left out, as in test_phone_layout.py and test_board_layout.py.
OVERFLOW = "(a) => window.playersEye.overflow(a)"

# Every icon of the table shown whose picture is not drawn (one line per icon and place).
ICONS_UNDRAWN = f"() => window.playersEye.iconsUndrawn({ROOT_SELECTOR!r}).undrawn"

# Every visible control of the app smaller than 24x24 CSS px, and every primary action
# smaller than 44x44 (one line per control, named by its key or text).
PRIMARY = ('.nw-primary, [data-key="pass"], .nwb-pass-btn, [data-key="preview-confirm"], '
           '[data-key="preview-cancel"], [data-key="undo"], [data-key="undo-near"]')
TARGETS = "(a) => window.playersEye.targets(a)"

# The dialogs shown and the decision panel: a text signature each and where they are drawn.
DIALOGS = "(a) => window.playersEye.dialogs(a)"

FOCUS = "(a) => window.playersEye.focus(a)"

# The table as a player sees it, for comparing two draws of one position: each text of the
# table (the faces of the dice, the names and counts on tiles, cards and boards) under the
# nearest keyed element, with what belongs to the moment left out (the log, the history
# panel, the coach, the decision panel and its dialogs, tooltips, the other players' last
# moves).  Dice are listed with their face index.
SNAPSHOT = "(a) => window.playersEye.snapshot(a)"


def snapshot_diff(before: list[str], after: list[str], limit: int = 6) -> list[str]:
    """The lines that differ between two snapshots (a few, in order)."""
    import difflib

    out = [line for line in difflib.unified_diff(before, after, "first draw", "redrawn",
                                                 lineterm="", n=0)
           if line[:1] in "+-" and not line.startswith(("+++", "---"))]
    return out[:limit] + ([f"... and {len(out) - limit} more"] if len(out) > limit else [])


# ------------------------------------------------------------------------ the run
@dataclass
class EyeRun:
    """What one game found, per check."""

    scenario: Scenario
    findings: dict[str, list[str]] = field(default_factory=lambda: {c: [] for c in CHECKS})
    counts: dict[str, int] = field(default_factory=lambda: {c: 0 for c in CHECKS})
    checked: dict[str, int] = field(default_factory=lambda: {c: 0 for c in CHECKS})
    artifacts: list[Path] = field(default_factory=list)
    decisions: int = 0
    positions: int = 0
    seconds: float = 0.0
    error: str | None = None

    def summary(self) -> str:
        parts = [f"{c}: {self.counts[c]} of {self.checked[c]}" for c in CHECKS]
        return (f"{self.scenario.name}: {self.decisions} decisions, {self.positions} positions "
                f"checked in {self.seconds:.0f} s; failures: " + ", ".join(parts))


class Eye:
    """The checks, run on one page while a game is played on it."""

    def __init__(self, page: Any, run: EyeRun, mirror: Mirror) -> None:
        self.page = page
        self.run = run
        self.mirror = mirror
        self.dialog_sigs: dict[str, str] = {}
        self.where = "start"
        self.overflow_seen: set[str] = set()
        self.icons_seen: set[str] = set()
        self.targets_seen: set[str] = set()

    # findings
    def found(self, check: str, lines: list[str]) -> None:
        self.run.checked[check] += 1
        if not lines:
            return
        self.run.counts[check] += 1
        listed = self.run.findings[check]
        if len(listed) < MAX_FINDINGS:
            listed.append(f"[{self.where}] " + "; ".join(lines[:8])
                          + (f"; ... ({len(lines)} in all)" if len(lines) > 8 else ""))
        if self.run.counts[check] <= SHOTS_PER_CHECK:
            self.keep(check)

    def keep(self, check: str) -> None:
        EYE_ARTIFACTS.mkdir(parents=True, exist_ok=True)
        stem = f"{self.run.scenario.name}-{check}-{self.run.counts.get(check, 1)}"
        shot, dom = EYE_ARTIFACTS / f"{stem}.png", EYE_ARTIFACTS / f"{stem}.html"
        try:
            self.page.screenshot(path=str(shot))
            dom.write_text(self.page.content())
            self.run.artifacts += [shot, dom]
        except Exception as exc:  # a failing screenshot must not hide the finding
            dom.write_text(f"could not keep the page: {exc}")

    # the engine
    def save(self, save_button: str) -> dict[str, Any]:
        return saved_game(self.page, save_button)

    # the checks
    def check_dialogs(self, force: bool = False) -> None:
        """Each dialog, and the decision panel, whose text changed since the last look:
        inside the viewport, without scrolling."""
        shown = self.page.evaluate(DIALOGS)
        problems: dict[bool, list[str]] = {True: [], False: []}
        now: dict[str, str] = {}
        # under a dialog the page is out of reach, and where its parts are is not yet what
        # the player sees: they are looked at (as changed) once the dialog is closed
        covered = any(d["modal"] for d in shown)
        # a move's preview or a purchase's question shown: it is what the player looks at
        # (it must be in view itself), and the panel's prompt above it may scroll away
        asking = any(not d["modal"] and not d["panel"] for d in shown)
        for d in shown:
            if covered and not d["modal"]:
                if d["what"] in self.dialog_sigs:
                    now[d["what"]] = self.dialog_sigs[d["what"]]
                continue
            now[d["what"]] = d["sig"]
            if not force and self.dialog_sigs.get(d["what"]) == d["sig"]:
                continue
            off = []
            if d["left"] < -1 or d["right"] > d["vw"] + 1:
                off.append(f"it spans x {d['left']:.0f}-{d['right']:.0f} of {d['vw']}")
            if d["panel"] and asking:
                pass
            elif d["top"] < -1:
                off.append(f"its top is {-d['top']:.0f} px above the window")
            elif d["panel"]:
                # the decision panel may be taller than a phone's window: its top (the
                # prompt) must show, with the start of what it asks
                if d["top"] > d["vh"] - PANEL_SHOWN:
                    off.append(f"its top is at {d['top']:.0f} px in a {d['vh']} px window"
                               + (" (below it)" if d["top"] >= d["vh"] else ""))
            elif d["bottom"] > d["vh"] + 1:
                off.append(f"its bottom is {d['bottom'] - d['vh']:.0f} px below the window"
                           + (f" (its top at {d['top']:.0f})" if d["top"] < d["vh"] else
                              " (all of it)"))
            if off:
                problems[d["modal"]].append(f"{d['what']}: " + ", ".join(off))
        self.dialog_sigs = now
        self.found("dialog_in_view", problems[True])
        self.found("panel_in_view", problems[False])

    def check_focus(self, after: str, check: str = "focus_kept") -> None:
        f = self.page.evaluate(FOCUS)
        self.found(check, [] if f["inside"] else
                   [f"after {after}, the focus is on {f['name']}, outside the widget"])

    def check_layout(self) -> None:
        # each problem is reported at the first position it is seen (not again after)
        problems = [p for p in self.page.evaluate(OVERFLOW) if p not in self.overflow_seen]
        self.overflow_seen.update(problems)
        self.found("no_overflow", problems)
        undrawn = [p for p in self.page.evaluate(ICONS_UNDRAWN) if p not in self.icons_seen]
        self.icons_seen.update(undrawn)
        self.found("icons_drawn", undrawn)
        if self.run.scenario.phone:
            small = [p for p in self.page.evaluate(TARGETS, PRIMARY)
                     if p not in self.targets_seen]
            self.targets_seen.update(small)
            self.found("target_size", small)

    def snapshot(self) -> list[str]:
        return self.page.evaluate(SNAPSHOT) or []  # type: ignore[no-any-return]

    def same_draw(self, check: str, first: list[str], what: str) -> None:
        diff = snapshot_diff(first, self.snapshot())
        self.found(check, [f"{what}: the table differs from its first draw: " + " | ".join(diff)]
                   if diff else [])


def saved_game(page: Any, save_button: str) -> dict[str, Any]:
    """The kernel's game, through the board's own Save button (a synthetic click: no
    scroll, no focus change)."""
    with page.expect_download(timeout=30_000) as info:
        page.locator(save_button).first.evaluate("(b) => b.click()")
    path = info.value.path()
    return json.loads(Path(path).read_text())  # type: ignore[no-any-return]


def wait_until(condition: Callable[[], bool], timeout: float, what: str) -> None:
    """Poll a Python-side condition (for the few waits a page function cannot express)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.05)
    raise TimeoutError(f"timed out after {timeout:.0f} s waiting for {what}")
