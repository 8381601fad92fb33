"""Playing a whole game for the player's-eye check (see players_eye.py): the human seat by
real clicks, the others by the heuristic bot, with the checks run at every position, after
every click, after Undo, history steps and Play again.

The human's policy is the one of test_voila_game.py / test_voila_board.py (buy what the
board marks affordable, else pass or place a worker; answer with the first option),
with every wait a wait for a condition on the page (never a fixed pause).
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from players_eye import (
    BOARD_DRAWN,
    BOT,
    BOT_PAUSE,
    DICE_DRAWN,
    EYE_ARTIFACTS,
    SNAPSHOT,
    Eye,
    EyeRun,
    Mirror,
    Scenario,
    board_expected,
    compare,
    dice_expected,
    saved_game,
    snapshot_diff,
    wait_until,
)

from nations_widget.board import Game as BoardGame
from nations_widget.dice import Game as DiceGame

MAX_DECISIONS = 400
MOVE_TIMEOUT = 60_000          # ms: a move, the bots' answer and the redraw

# ----------------------------------------------------------------- shared page bits
# The table shown, read in one go (both games).
READ = "(a) => window.playersEye.read(a)"

# Settled: the position is not ``prev`` and it is the human's decision (or a round summary
# waits to be read), or the game is over, or a refusal shows.
SETTLED = "(a) => window.playersEye.settled(a)"

AT_POSITION = "(a) => window.playersEye.atPosition(a)"

NEW_GAME = "(a) => window.playersEye.newGame(a)"

# What a purchase's next question is (dice): changes when the page answers a click.
PENDING_SIG = "(a) => window.playersEye.pendingSig(a)"


def same_game(a: dict[str, Any], b: dict[str, Any]) -> bool:
    """Two saved games are one game at one position: the same settings and moves."""
    return bool(a["config"] == b["config"] and a["moves"] == b["moves"])


def read(page: Any) -> dict[str, Any]:
    state = page.evaluate(READ)
    assert state is not None, "the table is not on the page"
    return state  # type: ignore[no-any-return]


class Player:
    """One game on one page: set up, play, check."""

    root = ""            # the table's selector
    save_button = ""
    game_cls: Any = None

    def __init__(self, page: Any, base: str, scenario: Scenario, run: EyeRun) -> None:
        self.page = page
        self.base = base
        self.sc = scenario
        self.run = run
        self.mirror = Mirror(self.game_cls)
        self.eye = Eye(page, run, self.mirror)
        self.snapshots: dict[int, list[str]] = {}
        self.decision_positions: list[int] = []

    # --- the engine's side
    def observe(self, history_view: bool = False) -> None:
        """Check the drawn table against the engine at the position shown."""
        state = read(self.page)
        if history_view:
            game = self.mirror.game
            engine_state = game.state_at(state["pos"])
        else:
            data = self.eye.save(self.save_button)
            game = self.mirror.update(data)
            engine_state = game.state
            if game.position != state["pos"]:
                self.eye.found("drawn_state", [
                    f"the page shows position {state['pos']}, the kernel's saved game is at "
                    f"{game.position} (saved position {data.get('position')}, "
                    f"{len(data['moves'])} moves)"])
                return
        self.run.positions += 1
        self.eye.found("drawn_state", self.inventory(engine_state))

    def inventory(self, engine_state: Any) -> list[str]:
        raise NotImplementedError

    # --- the clicks
    def click(self, locator: Any, what: str) -> None:
        locator.click()
        self.last_click = what

    def settle(self, prev: int, after: str) -> None:
        self.page.wait_for_function(SETTLED, arg=prev, timeout=MOVE_TIMEOUT)
        self.eye.check_dialogs()
        self.eye.check_focus(after)

    def set_up(self) -> None:
        raise NotImplementedError

    def decide(self) -> str:
        raise NotImplementedError

    def close_summary(self) -> None:
        raise NotImplementedError

    # --- the game
    def play(self) -> None:
        start = time.monotonic()
        self.set_up()
        self.page.wait_for_function(SETTLED, arg=-1, timeout=MOVE_TIMEOUT)
        decisions = 0
        while True:
            state = read(self.page)
            assert not state["error"], f"the board refused a move it offered: {state['error']}"
            self.eye.where = f"move {state['pos']}, {state['step']}"
            if state["summary"]:
                self.eye.check_dialogs()
                self.close_summary()
                continue
            if state["step"] == "game_over":
                self.observe()
                self.eye.check_layout()
                break
            assert state["live"], f"not the human's decision and not settled: {state}"
            assert decisions < MAX_DECISIONS, "the game does not end"
            assert time.monotonic() - start < self.sc.time_limit, \
                f"the game took over {self.sc.time_limit:.0f} s"
            self.eye.check_dialogs()
            self.observe()
            self.eye.check_layout()
            pos = state["pos"]
            if pos not in self.snapshots:
                self.snapshots[pos] = self.eye.snapshot()
            if not self.decision_positions or self.decision_positions[-1] != pos:
                self.decision_positions.append(pos)
            decisions += 1
            if decisions in self.sc.history_at and len(self.decision_positions) >= 2:
                self.history_steps()
            if decisions in self.sc.undo_at and len(self.decision_positions) >= 2:
                self.undo()
                continue
            self.decide()
        self.run.decisions = decisions
        if self.sc.play_again:
            self.play_again()
        self.run.seconds = time.monotonic() - start

    def undo(self) -> None:
        """Undo: back to the human's previous decision, drawn as when first reached."""
        pos = read(self.page)["pos"]
        self.decision_positions.pop()          # this one is taken back
        target = self.decision_positions[-1]
        self.eye.where = f"Undo from move {pos} to move {target}"
        undo = self.page.locator(f'{self.root} button[data-key="undo"]')
        if self.sc.phone:
            # a phone's player takes the Undo beside the decision: the history panel's is
            # far down the page
            near = self.page.locator(f'{self.root} button[data-key="undo-near"]')
            shown = near.count() == 1 and near.is_visible()
            self.eye.found("undo_near", [] if shown else
                           ["no Undo beside the decision: only the history panel's, far down"])
            if shown:
                undo = near
        self.click(undo, "Undo")
        self.page.wait_for_function(AT_POSITION, arg=[target, True], timeout=MOVE_TIMEOUT)
        self.eye.check_focus("Undo")
        self.eye.check_dialogs()
        self.observe()
        self.eye.same_draw("undo_redraw", self.snapshots[target], f"Undo to move {target}")
        # the positions after it belong to the line taken back: the line played next may
        # differ (a purchase's place picked otherwise), so their first draws are not its
        for later in [p for p in self.snapshots if p > target]:
            del self.snapshots[later]

    def history_steps(self) -> None:
        """Step back through the history to the previous decision (at most 4 steps), then
        to the latest position: each drawn as the engine has it, and the latest as first
        drawn."""
        pos = read(self.page)["pos"]
        target = max(self.decision_positions[-2], pos - 4)
        back = self.page.locator(f'{self.root} button[data-key="back"]')
        at = pos
        while at > target:
            self.click(back, "history: one move back")
            self.page.wait_for_function(AT_POSITION, arg=[at - 1, False], timeout=MOVE_TIMEOUT)
            at -= 1
            self.eye.where = f"history: viewing move {at} of {pos}"
            self.eye.check_focus("a history step back", "history_focus_kept")
            self.observe(history_view=True)
        self.click(self.page.locator(f'{self.root} button[data-key="last"]'), "history: latest")
        self.page.wait_for_function(AT_POSITION, arg=[pos, True], timeout=MOVE_TIMEOUT)
        self.eye.where = f"history: back at move {pos}"
        self.eye.check_focus("the history's latest-position button", "history_focus_kept")
        self.observe()
        self.eye.same_draw("history_redraw", self.snapshots[pos], f"history back to move {pos}")

    def play_again(self) -> None:
        """Play again: the new game drawn as the engine has it, and as a fresh page draws
        the same position (the saved game loaded into a newly opened page)."""
        before = read(self.page)["game"]
        self.click(self.page.locator(f'{self.root} button[data-key="play-again"]'), "Play again")
        self.page.wait_for_function(NEW_GAME, arg=before, timeout=MOVE_TIMEOUT)
        self.page.wait_for_function(SETTLED, arg=-1, timeout=MOVE_TIMEOUT)
        state = read(self.page)
        if state["summary"]:
            return
        self.eye.where = f"Play again, move {state['pos']}"
        self.eye.check_focus("Play again")
        self.eye.check_dialogs()
        self.observe()
        mine = self.eye.snapshot()
        data = self.eye.save(self.save_button)
        EYE_ARTIFACTS.mkdir(parents=True, exist_ok=True)
        saved = EYE_ARTIFACTS / f"{self.sc.name}-play-again.json"
        saved.write_text(json.dumps(data))
        fresh = self.page.context.new_page()
        try:
            fresh.set_default_timeout(30_000)
            fresh.goto(f"{self.base}?game={self.sc.game}", timeout=120_000)
            fresh.wait_for_selector(f"{self.root}[data-step]", timeout=90_000)
            self.load_into(fresh, saved)
            # the kernel holds the loaded game once its own save is that game (the page may
            # show the game it opened on at the same position until then); its draw of the
            # loaded game comes before the saved file, on the same channel
            wait_until(lambda: same_game(saved_game(fresh, self.save_button), data), 30.0,
                       "the fresh page's kernel to hold the loaded game")
            fresh.wait_for_function(AT_POSITION, arg=[state["pos"], True], timeout=30_000)
            # (the board game's page opens on its New game dialog, which a load leaves
            # open; the snapshot leaves the dialog out)
            theirs = fresh.evaluate(SNAPSHOT) or []
            diff = snapshot_diff(theirs, mine)
            if diff:
                # the fresh page too, and both snapshots, beside the failure's artifacts
                stem = EYE_ARTIFACTS / f"{self.sc.name}-play-again-fresh"
                fresh.screenshot(path=f"{stem}.png")
                Path(f"{stem}.html").write_text(fresh.content())
                Path(f"{stem}-snapshots.txt").write_text(
                    "fresh page:\n" + "\n".join(theirs) + "\n\nafter Play again:\n"
                    + "\n".join(mine) + "\n")
        except Exception:
            fresh.screenshot(path=str(EYE_ARTIFACTS / f"{self.sc.name}-play-again-fresh.png"))
            raise
        finally:
            fresh.close()
        self.eye.found("play_again_redraw", [
            "after Play again, the table differs from a fresh page's draw of the same position: "
            + " | ".join(diff)] if diff else [])

    def load_into(self, page: Any, path: Path) -> None:
        load = page.locator(f'{self.root} button[data-key="load"]').first
        with page.expect_file_chooser() as chooser:
            load.evaluate("(b) => b.click()")
        chooser.value.set_files(str(path))


# ---------------------------------------------------------------------- the dice game
class DicePlayer(Player):
    root = ".nw-root"
    save_button = '.nw-root button[data-key="save"]'
    game_cls = DiceGame

    def inventory(self, engine_state: Any) -> list[str]:
        class _At:   # dice_expected reads game.state
            state = engine_state
        drawn = self.page.evaluate(DICE_DRAWN) or {}
        return compare(dice_expected(_At), drawn)

    def set_up(self) -> None:
        page, sc = self.page, self.sc
        page.goto(f"{self.base}?game=dice", timeout=120_000)
        page.wait_for_selector(".nw-root[data-step]", timeout=90_000)
        before = read(page)["game"]
        page.click('summary[data-key="newgame-summary"]')
        page.select_option('select[data-key="form-players"]', str(sc.players))
        page.select_option('select[data-key="form-seat-0"]', "human")
        for seat in range(1, sc.players):
            page.select_option(f'select[data-key="form-seat-{seat}"]', BOT)
        page.select_option('select[data-key="form-variant"]', sc.variant)
        unrest = page.locator('input[data-key="form-unrest"]')
        if sc.unrest or unrest.count():
            unrest.set_checked(sc.unrest)
        page.fill('input[data-key="form-seed"]', str(sc.seed))
        page.fill('input[data-key="form-delay"]', BOT_PAUSE)
        page.click('button[data-key="start"]')
        page.wait_for_function(NEW_GAME, arg=before)

    def close_summary(self) -> None:
        self.click(self.page.locator('.nw-root [data-key="round-summary"] '
                                     'button[data-key="round-summary-close"]'),
                   "closing the round summary")
        self.page.wait_for_function(
            "() => { const s = document.querySelector('.nw-root [data-key=\"round-summary\"]');"
            " return !s || !s.getClientRects().length; }")
        self.eye.check_focus("closing the round summary")
        self.eye.check_dialogs()

    def decide(self) -> str:
        page = self.page
        root = page.locator(".nw-root")
        state = read(page)
        pos = state["pos"]
        # (Unrest: green dice showing its symbol ask a question first, within the actions
        # step, with options and no Pass: answered below as any step's options are)
        if state["step"] == "actions" and root.locator('button[data-key="pass"]').count():
            tiles = root.locator(".nw-progress button.nw-tile.nw-affordable")
            if tiles.count():
                tile = tiles.first
                name = str(tile.get_attribute("data-tile"))
                sig = page.evaluate(PENDING_SIG)
                self.click(tile, f"a click on tile {name}")
                for _ in range(20):
                    try:
                        page.wait_for_function("(s) => window.playersEye.pendingSig() !== s",
                                               arg=sig, timeout=15_000)
                    except Exception:
                        break           # the click asked nothing more: settle below
                    if read(page)["pos"] != pos or read(page)["error"]:
                        break
                    self.eye.check_dialogs()
                    self.eye.check_focus(self.last_click)
                    sig = page.evaluate(PENDING_SIG)
                    # the one preview, its choices (the building replaced, the dice or
                    # reroll chits given back) made as the engine would: Confirm
                    confirm = root.locator('.nw-preview button[data-key="preview-confirm"]')
                    if confirm.count() and confirm.first.is_visible() \
                            and confirm.first.is_enabled():
                        self.click(confirm.first, "Confirm")
                    else:
                        continue      # still working out: wait for the next change
                if read(page)["pos"] != pos:
                    self.settle(pos, self.last_click)
                    return f"buy {name}"
                page.keyboard.press("Escape")     # nothing bought: pass instead
            passing = root.locator('button[data-key="pass"]')
            if passing.get_attribute("aria-disabled") == "true" or passing.is_disabled():
                # Unrest: passing takes a passing bonus, one button each
                passing = root.locator(".nw-actions button", has_text="Pass (").first
            self.click(passing, "Pass")
            self.settle(pos, "Pass")
            return "pass"
        options = root.locator(".nw-actions button.nw-option")
        assert options.count(), f"no option button offered in step {state['step']!r}"
        text = options.first.inner_text()
        self.click(options.first, f"the option {text!r}")
        self.settle(pos, self.last_click)
        return f"{state['step']}: {text}"


# ---------------------------------------------------------------------- the board game
# The question "where does the card go" asked of the player on the page (its options'
# words), or null: after a purchase's one Confirm it must not be.
PLACE_ASKED = """() => {
  const p = document.querySelector('.nwb-root .nwb-prompt.nwb-live');
  if (!p) return null;
  const opts = [...p.querySelectorAll('button.nwb-option')].map((b) => b.textContent);
  return opts.some((t) => /^\\d+\\. (Replace|Put) /.test(t)) ? opts.join(' | ') : null;
}"""


class BoardPlayer(Player):
    root = ".nwb-root"
    save_button = '.nwb-root button[data-key="save"]'
    game_cls = BoardGame
    BUYS_PER_ROUND = 2
    WORKERS_PER_ROUND = 2

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.buys: dict[int, int] = {}
        self.placed: dict[int, int] = {}
        self.places = 0             # the purchases whose preview asked where the card goes

    def inventory(self, engine_state: Any) -> list[str]:
        got = self.page.evaluate(BOARD_DRAWN) or {"drawn": {}, "unfolded": []}

        class _At:
            state = engine_state
        return compare(board_expected(_At, set(got["unfolded"])), got["drawn"])

    def set_up(self) -> None:
        page, sc = self.page, self.sc
        page.goto(f"{self.base}?game=board", timeout=120_000)
        page.wait_for_selector(".nwb-root[data-step]", timeout=90_000)
        dialog = page.locator(".nwb-root details.nw-newgame")
        if dialog.get_attribute("open") is None:
            page.click('.nwb-root summary[data-key="newgame-summary"]')
        page.select_option('.nwb-root select[data-key="form-players"]', str(sc.players))
        page.select_option('.nwb-root select[data-key="form-seat-0"]', "human")
        for seat in range(1, sc.players):
            page.select_option(f'.nwb-root select[data-key="form-seat-{seat}"]', BOT)
        page.select_option('.nwb-root select[data-key="ng-ages"]', str(sc.ages))
        page.select_option('.nwb-root select[data-key="ng-sides"]', sc.sides)
        page.fill('.nwb-root input[data-key="form-seed"]', str(sc.seed))
        page.fill('.nwb-root input[data-key="form-delay"]', BOT_PAUSE)
        page.click('.nwb-root button[data-key="start"]')
        page.wait_for_function(
            "(rounds) => { const r = document.querySelector('.nwb-root');"
            " const w = r && r.querySelector('.nwb-when');"
            " const d = r && r.querySelector('details.nw-newgame');"
            " return w && w.textContent.includes('Round 1 of ' + rounds) && d && !d.open; }",
            arg=str(2 * sc.ages), timeout=60_000)

    def close_summary(self) -> None:
        self.click(self.page.locator('.nwb-root button[data-key="summary-close"]'),
                   "closing the round summary")
        self.page.wait_for_function(
            "() => { const s = document.querySelector('.nwb-root [data-key=\"summary\"]');"
            " return !s || !s.getClientRects().length; }")
        self.eye.check_focus("closing the round summary")
        self.eye.check_dialogs()

    def decide(self) -> str:
        page = self.page
        root = page.locator(".nwb-root")
        state = read(page)
        pos = state["pos"]
        when = page.locator(".nwb-root .nwb-when").inner_text()
        round_no = int(when.split()[1]) if when.startswith("Round") else 0
        options = root.locator(".nwb-prompt.nwb-live button.nwb-option")
        buy = root.locator(".nwb-progress button.nwb-buy")
        deploy = root.locator(".nwb-nation.nwb-live .nwb-card-acts > button.nwb-act",
                              has_text="+ worker")
        passing = root.locator(".nwb-prompt.nwb-live button.nwb-pass-btn")
        if options.count():
            button, what = options.first, "answer"
        elif buy.count() and self.buys.get(round_no, 0) < self.BUYS_PER_ROUND:
            self.buys[round_no] = self.buys.get(round_no, 0) + 1
            button, what = buy.first, "buy"
        elif deploy.count() and (self.placed.get(round_no, 0) < self.WORKERS_PER_ROUND
                                 or not passing.count()):
            self.placed[round_no] = self.placed.get(round_no, 0) + 1
            button, what = deploy.first, "worker"
        elif passing.count():
            button, what = passing.first, "pass"
        else:
            button, what = root.locator(".nwb-act").first, "move"
        label = button.get_attribute("aria-label") or button.inner_text()
        self.click(button, f"{what} ({label.strip()[:40]})")
        confirm = root.locator('button[data-key="preview-confirm"]')
        confirm.wait_for(timeout=15_000)
        page.wait_for_function(
            "() => { const p = document.querySelector('.nwb-root [data-key=\"preview\"]');"
            " return p && !/Working out/.test(p.textContent); }", timeout=15_000)
        self.eye.check_dialogs()
        self.eye.check_focus(self.last_click)
        assert not read(page)["error"], f"the preview of {label!r} was refused"
        self.pick_place()
        self.click(confirm, "Confirm")
        self.settle(pos, "Confirm")
        if what == "buy" or label.startswith("Hire"):
            asked = page.evaluate(PLACE_ASKED)
            self.eye.found("one_confirm", [f"after one Confirm of {label!r} the game asks "
                                           f"where the card goes: {asked}"] if asked else [])
        return f"{what}: {label}"

    def pick_place(self) -> None:
        """Where the card goes, when the preview asks: at every other such purchase a place
        other than Python's default, with a click on it (the default is kept otherwise)."""
        place = self.page.locator('.nwb-root [data-key="preview"] [data-key="place"]')
        if not place.count():
            return
        self.places += 1
        radios = place.locator("input[type=radio]")
        if self.places % 2 or radios.count() < 2:
            return
        chosen = next(i for i in range(radios.count()) if radios.nth(i).is_checked())
        pick = (chosen + 1) % radios.count()
        self.click(place.locator(f'[data-key="place-{pick}"]'), "a card's place in its preview")
        self.page.wait_for_function(
            "(k) => { const l = document.querySelector("
            "`.nwb-root [data-key='place-${k}']`); return l && l.querySelector('input').checked"
            " && l.classList.contains('nwb-chosen'); }", arg=pick)
        self.eye.check_focus(self.last_click)


def play(page: Any, base: str, scenario: Scenario) -> EyeRun:
    run = EyeRun(scenario)
    player_cls = DicePlayer if scenario.game == "dice" else BoardPlayer
    player = player_cls(page, base, scenario, run)
    try:
        player.play()
    except Exception as exc:
        import traceback
        where = [f"{f.name}:{f.lineno}" for f in traceback.extract_tb(exc.__traceback__)
                 if f.filename.endswith("players_eye_play.py")]
        run.error = (f"{type(exc).__name__}: {str(exc)[:300]} "
                     f"(at {' > '.join(where)}; {player.eye.where})")
        player.eye.keep("error")
    return run
