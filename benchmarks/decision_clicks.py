"""Clicks per decision in the real app: how many clicks a player needs for each common kind
of decision, in both games, counted by playing it in the Voila app (notebooks/play.ipynb, as
scripts/play.sh serves it) in headless Chromium.

For each kind, a position where the player (seat 0) can make that decision is found by
playing the engine from a seed, saved, and loaded into a fresh page with the game's own
"Load game…". Then the script does what a player does: one click on what they want (the
tile, the card, the die, Pass), then it answers whatever the page asks until the move is
played, taking the page's default each time (or, for the "another …" rows, changing the one
choice the row is about), and counts every click. The move counts as played once the game,
read back through the page's own Save, holds it and no longer asks the player about it.

    python benchmarks/decision_clicks.py                 # the table, as Markdown
    python benchmarks/decision_clicks.py --json out.json

The counts do not depend on the machine's speed (the script waits for the page between
clicks); the table in docs/clicks.md is this script's output.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tests" / "browser"))
sys.path.insert(0, str(HERE.parent))

from browser_support import PLAY_NOTEBOOK, REPO, launch_chromium, voila_server  # noqa: E402

from nations_widget.board.game import Game as BoardGame  # noqa: E402
from nations_widget.dice.game import Game as DiceGame  # noqa: E402

# What the page may ask after the first click, in the order a player meets them: each is a
# selector of the control that answers it with the page's default, and, for a row that
# changes that choice, the control that picks another answer (the second option).
ANSWERS = {
    "dice": [
        ('.nw-root button[data-key="preview-confirm"]:enabled', "confirm"),
        # the purchase's own questions, asked after the click (before the one preview)
        ('.nw-root button[data-key^="replace-"]', "replace"),
        ('.nw-root button[data-key="confirm-give-back"]:enabled', "give-back"),
        ('.nw-root button[data-key^="give-back-rerolls-"].nw-primary', "give-back-rerolls"),
    ],
    "board": [
        ('.nwb-root button[data-key="preview-confirm"]:enabled', "confirm"),
        ('.nwb-root .nwb-prompt.nwb-live button.nwb-option', "answer"),
    ],
}
# The choices a preview offers in place (a replacement, the dice going back, a card's place):
# for each "another …" row, a control that picks one not chosen yet.
IN_PLACE = {
    "replacement": '.nw-root [data-key="choice-replace"] button[aria-checked="false"]',
    "die": ('.nw-root [data-key="choice-give-back"] button[aria-checked="false"], '
            '.nw-root [data-key="choice-give-back"] button[aria-pressed="false"]'),
    "place": ".nwb-root .nwb-place-opt:not(.nwb-chosen)",
}
ROOT = {"dice": ".nw-root[data-step]:not(.nwb-root)", "board": ".nwb-root[data-step]"}
SAVE = {"dice": '.nw-root button[data-key="save"]', "board": '.nwb-root button[data-key="save"]'}


@dataclass(frozen=True)
class Case:
    game: str               # "dice" | "board"
    kind: str               # the row's words
    wants: Callable[[Any, Any], bool]   # (game, move) -> a move of this kind for seat 0
    another: str = ""       # the choice this row changes from the default ("" for none)


# ------------------------------------------------------------------- finding positions
def dice_tile_kind(game: Any, move: Any) -> str:
    if move.type != "buy":
        return ""
    return next(str(t.kind) for t in game.catalogue.tiles if t.id == move.tile)


def gives_back_a_choice(game: Any, move: Any) -> bool:
    """The dice-game building ``move`` gives dice back and which ones makes a difference."""
    from nations_widget.widget.dice.payloads import give_back_choice

    choice = give_back_choice(game.state, move)
    return bool(choice and choice["matters"])


def asks_after(game: Any, move: Any) -> list[Any]:
    """The follow-up decisions the engine asks seat 0 after ``move`` (the board game's
    placement), as the moves that answer them."""
    after = type(game).from_json(game.to_json())
    after.play(move)
    if after.is_over or after.current_player != 0:
        return []
    return [m for m in after.legal_moves() if m.type == "choose"]


def board_card_kind(game: Any, move: Any) -> str:
    if move.type != "buy":
        return ""
    comp = game.state.comp
    return str(comp.cards[comp.card_ref[move.card]].type)


CASES = [
    Case("dice", "pass", lambda g, m: m.type == "pass"),
    Case("dice", "buy a building (the suggested replacement)",
         lambda g, m: dice_tile_kind(g, m) == "building"),
    Case("dice", "buy a building, replacing another one",
         lambda g, m: dice_tile_kind(g, m) == "building", another="replacement"),
    Case("dice", "buy a building, giving back another die",
         lambda g, m: dice_tile_kind(g, m) == "building" and gives_back_a_choice(g, m),
         another="die"),
    Case("dice", "buy an advisor", lambda g, m: dice_tile_kind(g, m) == "advisor"),
    Case("dice", "buy a wonder", lambda g, m: dice_tile_kind(g, m) == "wonder"),
    Case("board", "pass", lambda g, m: m.type == "pass"),
    Case("board", "buy a card replacing one (the suggested place)",
         lambda g, m: board_card_kind(g, m) in ("building", "military")
         and len(asks_after(g, m)) > 1),
    Case("board", "buy a card replacing one (another place)",
         lambda g, m: board_card_kind(g, m) in ("building", "military")
         and len(asks_after(g, m)) > 1, another="place"),
    Case("board", "buy a wonder", lambda g, m: board_card_kind(g, m) == "wonder"),
    Case("board", "buy an advisor", lambda g, m: board_card_kind(g, m) == "advisor"),
    Case("board", "buy a colony", lambda g, m: board_card_kind(g, m) == "colony"),
    Case("board", "buy a golden age (its reward)",
         lambda g, m: board_card_kind(g, m) == "golden age"),
    Case("board", "deploy a worker", lambda g, m: m.type == "deploy"),
]


def find_position(case: Case, seed: int, limit: int = 4000) -> tuple[dict[str, Any], Any]:
    """A game (its save) where seat 0 decides and a move of the case's kind is legal."""
    rng = random.Random(seed)
    for attempt in range(40):
        game: Any = (DiceGame(players=2, seed=seed * 100 + attempt) if case.game == "dice"
                     else BoardGame(players=2, seed=seed * 100 + attempt))
        for _ in range(limit):
            if game.is_over:
                break
            legal = game.legal_moves()
            if game.current_player == 0 and (game.length > 6 or case.kind == "pass"):
                wanted = [m for m in legal if case.wants(game, m)]
                if wanted:
                    return game.to_json(), wanted[0]
            # mostly cheap moves (the game moves on, rows fill), sometimes a purchase
            cheap = [m for m in legal if m.type not in ("pass",)]
            game.play(rng.choice(cheap if cheap and rng.random() < 0.7 else legal))
    raise RuntimeError(f"no position for {case.game}: {case.kind}")


def target_selector(case: Case, move: Any) -> str:
    if case.game == "dice":
        if move.type == "pass":
            return '.nw-root button[data-key="pass"]'
        return f'.nw-root button[data-key="board-{move.tile}"]'
    key = "move-" + json.dumps(move.to_json(), sort_keys=True, separators=(",", ":"))
    if move.type == "pass":
        return '.nwb-root button.nwb-pass-btn, .nwb-root button[data-key="pass"]'
    return f".nwb-root button[data-key='{key}']"


# ------------------------------------------------------------------------- the page
def saved(page: Any, game: str) -> dict[str, Any]:
    with page.expect_download(timeout=30_000) as info:
        page.locator(SAVE[game]).first.evaluate("(b) => b.click()")
    return json.loads(Path(info.value.path()).read_text())  # type: ignore[no-any-return]


def visible(page: Any, selector: str) -> Any:
    loc = page.locator(selector)
    for i in range(loc.count()):
        if loc.nth(i).is_visible():
            return loc.nth(i)
    return None


def decided(page: Any, case: Case, start: int) -> bool:
    data = saved(page, case.game)
    cls = DiceGame if case.game == "dice" else BoardGame
    game: Any = cls.from_json(data)
    if len(data["moves"]) <= start:
        return False
    if not game.is_over and game.current_player == 0:
        return not any(m.type == "choose" for m in game.legal_moves()) or case.game == "dice"
    return True


def count_clicks(page: Any, base: str, case: Case, save: dict[str, Any],
                 move: Any) -> dict[str, Any]:
    game = case.game
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump({**save, "seats": ["human", "human"]}, f)
        path = f.name
    page.goto(f"{base}?game={game}", timeout=120_000)
    page.wait_for_selector(ROOT[game], timeout=90_000)
    if game == "board":
        page.wait_for_selector(".nwb-root dialog[open]", timeout=60_000)
    load = page.locator(f'{ROOT[game]} button[data-key="load"], '
                        f'{ROOT[game]} button[data-key="newgame-load"]')
    with page.expect_file_chooser() as chooser:
        load.first.evaluate("(b) => b.click()")
    chooser.value.set_files(path)
    target = target_selector(case, move)
    page.wait_for_selector(target, state="attached", timeout=60_000)
    page.wait_for_timeout(500)
    # a round that just ended shows its summary first: closed (not a click of the decision)
    for close in ('[data-key="round-summary-close"]', '[data-key="summary-close"]'):
        if page.locator(close).count() and page.locator(close).first.is_visible():
            page.locator(close).first.click()
            page.wait_for_timeout(500)
    start = len(save["moves"])
    clicks = [f"{'pass' if move.type == 'pass' else 'the ' + move.type + ' target'}"]
    page.locator(target).first.click()
    changed = not case.another
    for _ in range(12):
        page.wait_for_timeout(700)
        if not changed:
            choice = visible(page, IN_PLACE[case.another])
            if choice is not None:
                choice.click()
                clicks.append("another choice, in place")
                changed = True
                continue
        answer = None
        for selector, what in ANSWERS[game]:
            loc = visible(page, selector)
            if loc is None:
                continue
            if what in ("replace", "answer") and not changed:
                options = page.locator(selector)
                shown = [options.nth(i) for i in range(options.count())
                         if options.nth(i).is_visible()]
                if len(shown) > 1:
                    loc = shown[1]
                    changed = True
            answer = (loc, what)
            break
        if answer is None:
            if decided(page, case, start):
                break
            continue
        answer[0].click()
        clicks.append(answer[1])
    else:
        raise RuntimeError(f"{case.game}: {case.kind}: not played after {clicks}")
    return {"game": game, "kind": case.kind, "clicks": len(clicks), "steps": clicks,
            "changed": changed}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--json", type=Path, help="write the rows as JSON here too")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    server, base = voila_server(PLAY_NOTEBOOK.relative_to(REPO), name="clicks-voila")
    rows = []
    with server, sync_playwright() as p:
        browser = launch_chromium(p)
        for case in CASES:
            save, move = find_position(case, args.seed)
            context = browser.new_context(viewport={"width": 1400, "height": 900},
                                          accept_downloads=True)
            page = context.new_page()
            page.set_default_timeout(60_000)
            t0 = time.monotonic()
            try:
                row = count_clicks(page, base, case, save, move)
            finally:
                context.close()
            row["seconds"] = round(time.monotonic() - t0, 1)
            rows.append(row)
            print(f"{case.game:5} {case.kind:50} {row['clicks']}  ({', '.join(row['steps'])})",
                  file=sys.stderr)
        browser.close()
    print("| game | decision | clicks | what is clicked |")
    print("| --- | --- | ---: | --- |")
    for row in rows:
        print(f"| {row['game']} | {row['kind']} | {row['clicks']} | {', '.join(row['steps'])} |")
    if args.json:
        args.json.write_text(json.dumps(rows, indent=1) + "\n")


if __name__ == "__main__":
    main()
