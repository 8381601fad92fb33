"""Tables in the Voila app (issue 21): every player at their own screen, in one Voila server
and one Chromium, the tables' store in a temporary folder (NATIONS_TABLES_DIR).

- A whole board game: the host's page starts it with its New game dialog (you, a player
  invited by link, the heuristic bot), the invited player opens the link from the table bar
  in another browser context, both play by clicking (the bot's seat is played by the
  screens' watchers), and both pages end on the same final scores; then Play again at the
  host's page, which says first what it does, makes a new table with a new link for the
  guest, who stays at the finished game (it was refused: "unknown seat player 'remote'").
- A whole dice game in the Accelerated variant with three human screens (two invited),
  passing with a food pledge whenever one is offered; at every step every screen is read,
  and no screen shows another seat's pledge (only "food trade: hidden").
- A table's kernel killed mid-game: the page comes back by its own address (#table=...),
  at the last stored move.
- Forget in the Continue list: a game of this screen, asked about and confirmed, leaves the
  list and the store.
- A dice game against the bot played to its end, reloaded: its final scores at its last
  position, its link kept in the address however soon the kernel's own new game was opened
  by its bot; Play again then keeps a new game, which the address follows.
"""

from __future__ import annotations

import contextlib
import os
import signal
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_support import Server, browser_page, voila_server
from players_eye import EYE_JS
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from test_voila_board import CLOSED_SUMMARY
from test_voila_board import decide as board_decide
from test_voila_game import CLOSED_SUMMARY as DICE_CLOSED_SUMMARY
from test_voila_game import decide as dice_decide
from test_voila_kernels import PAGE_KERNEL, checkout_env, kernel_processes
from test_voila_paths import start_board_game

pytestmark = pytest.mark.browser

GAME_TIMEOUT = 420.0
BOT_PAUSE = "0.05"

# A screen's state: its position, whether it is to decide, the game over, its refusal.
READ = """() => {
  const dice = document.querySelector('.nw-root[data-step]');
  const board = document.querySelector('.nwb-root[data-step]');
  const root = board || dice;
  if (!root) return null;
  const slider = root.querySelector('input[data-key="slider"]');
  const err = root.querySelector('.nw-error');
  const status = document.querySelector('[data-key="table-status"]');
  return {
    step: root.dataset.step,
    pos: board ? Number(root.dataset.position) : (slider ? Number(slider.value) : -1),
    live: board ? Boolean(root.querySelector('.nwb-prompt.nwb-live'))
                  || Boolean(root.querySelector('[data-key="summary"]'))
                : Boolean(root.querySelector('.nw-player.nw-live')),
    error: err ? err.textContent : '',
    status: status ? status.textContent : '',
    title: document.title,
  };
}"""

# Every pledge badge a dice screen shows: [[seat, text]].
PLEDGES = """() => [...document.querySelectorAll('.nw-root .nw-player')].flatMap((p) => {
  const m = /nw-seat-border-(\\d)/.exec(p.className);
  return [...p.querySelectorAll('.nw-small')].filter((b) => /food/.test(b.textContent))
    .map((b) => [Number(m[1]), b.textContent]);
})"""


@pytest.fixture(scope="module")
def tables_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("tables")


@pytest.fixture(scope="module")
def tables_served(tables_folder: Path) -> Iterator[tuple[Server, str]]:
    folder = tables_folder
    env = checkout_env(folder)
    env["NATIONS_TABLES_DIR"] = str(folder / "store")
    server, url = voila_server("notebooks/play.ipynb", env=env, name="voila-tables")
    with server:
        yield server, url


def decide_and_see_it_played(page: Any) -> None:
    """One decision by clicks at a dice screen, then wait until the page has moved on. Closing
    the end-of-round summary plays no move: the app's games have a random seed, so whether a
    round ends within a test's first few clicks (and its summary is open) is luck."""
    before = read(page)["pos"]
    said = dice_decide(page)
    if said == DICE_CLOSED_SUMMARY:
        return
    page.wait_for_function(
        "(prev) => Number(document.querySelector('.nw-root input[data-key=\"slider\"]')"
        ".value) !== prev", arg=before, timeout=60_000)


def read(page: Any) -> dict[str, Any]:
    state = page.evaluate(READ)
    assert state is not None, "no table on the page"
    return state  # type: ignore[no-any-return]


def start_table(page: Any, url: str, game: str, seats: list[str], **fields: str) -> list[str]:
    """Start a game whose seats are `seats` ("human", "invite", a bot) from the New game
    dialog; return the invite links the table bar lists, by seat."""
    page.goto(f"{url}?game={game}", timeout=120_000)
    root = ".nwb-root" if game == "board" else ".nw-root"
    page.wait_for_selector(f"{root}[data-step]", timeout=120_000)
    if game == "dice":
        page.click('summary[data-key="newgame-summary"]')
    page.select_option('select[data-key="form-players"]', str(len(seats)))
    for seat, who in enumerate(seats):
        page.select_option(f'select[data-key="form-seat-{seat}"]', who)
    for key, value in fields.items():
        if page.locator(f'select[data-key="{key}"]').count():
            page.select_option(f'select[data-key="{key}"]', value)
        else:
            page.fill(f'input[data-key="{key}"]', value)
    page.fill('input[data-key="form-delay"]', BOT_PAUSE)
    page.click('button[data-key="start"]')
    # the table's status, or the refusal that says why there is none (a minute: a loaded
    # CI machine once took over 30 s here, with nothing to read on the page afterwards)
    page.wait_for_selector(".nw-table [data-key=table-status], .nw-error", timeout=60_000)
    assert not page.locator(".nw-error").count(), page.locator(".nw-error").inner_text()
    links = []
    for seat, who in enumerate(seats):
        if who == "invite":
            links.append(page.locator(f'[data-key="link-seat-{seat}"]').input_value())
    assert page.locator('[data-key="link-spectator"]').count() == 1
    assert "#table=" in page.url                  # the page's own links, for a reload
    return links


def open_link(page: Any, link: str, game: str) -> None:
    page.goto(link, timeout=120_000)
    root = ".nwb-root" if game == "board" else ".nw-root"
    page.wait_for_selector(f"{root}[data-step]", timeout=120_000)
    page.wait_for_selector(".nw-table [data-key=table-status]", timeout=60_000)


def play_out(pages: list[Any], decide: Any, check: Any = None) -> int:
    """Let whichever screen is to decide decide, until every screen shows the game over."""
    deadline = time.monotonic() + GAME_TIMEOUT
    decisions = 0
    while True:
        states = [read(p) for p in pages]
        for s in states:
            assert not s["error"], s
        if check is not None:
            check(pages)
        if all(s["step"] == "game_over" for s in states):
            return decisions
        assert time.monotonic() < deadline, f"the game did not end in time: {states}"
        movers = [i for i, s in enumerate(states) if s["live"] and s["step"] != "game_over"]
        if not movers:
            pages[0].wait_for_timeout(100)
            continue
        page = pages[movers[0]]
        before = states[movers[0]]["pos"]
        said = decide(page)
        decisions += 1
        if said != CLOSED_SUMMARY and not said.startswith("closed"):
            page.wait_for_function(
                "(prev) => { const r = document.querySelector('.nwb-root[data-step]')"
                " || document.querySelector('.nw-root[data-step]');"
                " if (!r || r.querySelector('.nw-error')) return true;"
                " const s = r.querySelector('input[data-key=\"slider\"]');"
                " const pos = r.dataset.position !== undefined ? Number(r.dataset.position)"
                " : (s ? Number(s.value) : -1); return pos !== prev; }",
                arg=before, timeout=60_000)


@pytest.mark.timeout(900)
def test_a_whole_board_game_with_two_screens_and_a_bot(
        browser: Any, tables_served: tuple[Server, str]) -> None:
    _, url = tables_served
    with browser_page(browser) as host, browser_page(browser) as guest:
        [link] = start_table(host, url, "board", ["human", "invite", "heuristic"],
                             **{"ng-ages": "1", "form-seed": "7"})
        open_link(guest, link, "board")
        assert guest.locator(".nw-table-seat[data-who=here]").inner_text().startswith(
            "Player 2")
        assert guest.locator('[data-key^="link-seat"]').count() == 0   # only the host's page
        buys: list[dict[int, int]] = [{}, {}]
        placed: list[dict[int, int]] = [{}, {}]
        pages = [host, guest]

        def decide(page: Any) -> str:
            i = pages.index(page)
            return str(board_decide(page, buys[i], placed[i]))

        decisions = play_out(pages, decide)
        assert decisions > 10
        finals = [p.locator(".nwb-root .nwb-final").inner_text() for p in pages]
        assert finals[0] == finals[1]
        assert host.evaluate(PAGE_KERNEL) != guest.evaluate(PAGE_KERNEL)
        play_again_at_the_finished_table(host, guest, finals[1])


def play_again_at_the_finished_table(host: Any, guest: Any, final: str) -> None:
    """Play again at the finished table (it was refused in a developer's words): the host's
    page says first what it does, then makes a new table with a new link for Player 2; the
    guest's page stays at the finished game; both tables are in the host's Continue list."""
    note = host.locator('[data-key="play-again-note"]')
    assert "Play again makes a new table" in note.inner_text()
    assert "a new link for Player 2" in note.inner_text()
    old = read(host)["pos"]
    old_link = host.locator('[data-key="link-seat-1"]').input_value()
    host.click('[data-key="play-again"]')
    # the new table's link for Player 2, in the bar (the host's page listed the old one)
    host.wait_for_function("(old) => { const l = document.querySelector("
                           "'[data-key=\"link-seat-1\"]'); return l && l.value !== old; }",
                           arg=old_link, timeout=60_000)
    host.wait_for_function("(old) => { const r = document.querySelector('.nwb-root');"
                           " return r && Number(r.dataset.position) < old; }", arg=old,
                           timeout=60_000)
    assert read(host)["error"] == ""
    guest.wait_for_timeout(1000)
    assert read(guest)["step"] == "game_over" and read(guest)["status"] == "The game is over."
    assert guest.locator(".nwb-root .nwb-final").inner_text() == final
    kept = host.evaluate("JSON.parse(localStorage.getItem('nations-tables') || '[]')"
                         ".map((e) => Boolean(e.turn && e.turn.over))")
    assert sorted(kept) == [False, True], kept


@pytest.mark.timeout(900)
def test_a_whole_accelerated_dice_game_at_three_screens_hides_each_pledge(
        browser: Any, tables_served: tuple[Server, str]) -> None:
    _, url = tables_served
    with browser_page(browser) as one, browser_page(browser) as two, \
            browser_page(browser) as three:
        links = start_table(one, url, "dice", ["human", "invite", "invite"],
                            **{"form-variant": "accelerated", "form-seed": "5"})
        open_link(two, links[0], "dice")
        open_link(three, links[1], "dice")
        pages = [one, two, three]
        seen_own = [0]

        def no_foreign_pledge(pages: list[Any]) -> None:
            for seat, page in enumerate(pages):
                for shown, text in page.evaluate(PLEDGES):
                    if shown != seat:
                        assert text == "food trade: hidden", (seat, shown, text)
                    elif "set aside" in text:
                        seen_own[0] += 1

        def decide(page: Any) -> str:
            summary = page.locator('.nw-root [data-key="round-summary"]')
            pledges = page.locator('.nw-root .nw-options:has-text("Pass and trade for food")'
                                   ' button')
            if pledges.count() and not (summary.count() and summary.first.is_visible()):
                try:
                    pledges.first.click(timeout=5_000)
                    return "pass with a pledge"
                except PlaywrightTimeout:
                    pass    # the last round's summary opened meanwhile: closed next
            return str(dice_decide(page))

        play_out(pages, decide, no_foreign_pledge)
        assert seen_own[0], "no screen ever pledged: the check checked nothing"
        finals = [p.locator(".nw-root .nw-final, .nw-root .nw-scores").first.inner_text()
                  for p in pages]
        assert finals[0] == finals[1] == finals[2]


@pytest.mark.timeout(600)
def test_a_table_whose_kernel_died_comes_back_from_its_link(
        browser: Any, tables_served: tuple[Server, str]) -> None:
    server, url = tables_served
    with browser_page(browser) as host, browser_page(browser) as guest:
        [link] = start_table(host, url, "dice", ["human", "invite"], **{"form-seed": "9"})
        open_link(guest, link, "dice")
        pages = [host, guest]
        for _ in range(4):                       # a few moves, whoever is to play
            movers = [p for p in pages if read(p)["live"]]
            if not movers:
                host.wait_for_timeout(200)
                continue
            decide_and_see_it_played(movers[0])
        at = read(host)["pos"]
        assert at > 0
        kernel = str(host.evaluate(PAGE_KERNEL))
        os.kill(kernel_processes(server)[kernel], signal.SIGKILL)
        host.wait_for_selector("#nw-lost", timeout=20_000)
        host.click('#nw-lost button[data-key="lost-reload"]')
        host.wait_for_selector(".nw-table [data-key=table-status]", timeout=120_000)
        host.wait_for_function(
            "(at) => Number(document.querySelector('.nw-root input[data-key=\"slider\"]')"
            ".value) === at", arg=at, timeout=30_000)
        assert host.evaluate(PAGE_KERNEL) != kernel
        assert read(host)["pos"] == read(guest)["pos"] == at
        # and the game goes on between the two screens
        mover = host if read(host)["live"] else guest
        other = guest if mover is host else host
        dice_decide(mover)
        other.wait_for_function(
            "(at) => Number(document.querySelector('.nw-root input[data-key=\"slider\"]')"
            ".value) > at", arg=at, timeout=30_000)


LIVE_AGAIN = ("() => Boolean(document.querySelector('.nw-root .nw-player.nw-live'))"
              " || Boolean(document.querySelector('.nw-root[data-step=game_over]'))")
SLIDER_AT = ("(at) => { const s = document.querySelector('.nw-root input[data-key=\"slider\"]');"
             " return s && Number(s.value) === at; }")


@pytest.mark.timeout(600)
def test_a_game_against_a_bot_is_kept_and_comes_back_after_its_kernel_died(
        browser: Any, tables_served: tuple[Server, str]) -> None:
    """No table, no invite: the app's dice game against its bot, played at one screen, is
    kept as it is played; its kernel killed, the page's Reload brings it back at the same
    move, and the app's first screen lists it under Continue a game."""
    server, url = tables_served
    with browser_page(browser) as page:
        page.goto(f"{url}?game=dice", timeout=120_000)
        page.wait_for_selector(".nw-root[data-step]", timeout=120_000)
        for _ in range(3):
            page.wait_for_function(LIVE_AGAIN, timeout=60_000)
            if read(page)["step"] == "game_over":
                break
            decide_and_see_it_played(page)
        page.wait_for_function(LIVE_AGAIN, timeout=60_000)
        at = read(page)["pos"]
        assert at > 0 and "#table=" in page.url       # its one link, in this browser only
        assert page.locator(".nw-table").count() == 0     # a game of this screen: no table bar
        page.wait_for_timeout(300)                        # (the writer thread: milliseconds)
        kernel = str(page.evaluate(PAGE_KERNEL))
        os.kill(kernel_processes(server)[kernel], signal.SIGKILL)
        page.wait_for_selector("#nw-lost", timeout=20_000)
        # the notice's Reload, on top even of a round's summary dialog open then
        page.click('#nw-lost button[data-key="lost-reload"]', timeout=20_000)
        page.wait_for_selector(".nw-root[data-step]", timeout=120_000)
        page.wait_for_function(SLIDER_AT, arg=at, timeout=30_000)
        assert page.evaluate(PAGE_KERNEL) != kernel
        assert not read(page)["error"]
        # the app's first screen (no game asked) lists it under Continue a game
        page.goto(url, timeout=120_000)
        item = page.locator(".nw-app-continue li").first
        item.wait_for(timeout=120_000)
        assert "you against 1 bot" in item.inner_text()
        assert "Last played" in item.inner_text()         # and when, for the player
        shots = os.environ.get("NATIONS_SHOTS")
        if shots:
            for width in (1400, 390):
                page.set_viewport_size({"width": width, "height": 900})
                page.screenshot(path=f"{shots}/continue-{width}.png", full_page=True)
        item.locator("button", has_text="Continue").click()
        page.wait_for_selector(".nw-root[data-step]", timeout=60_000)
        page.wait_for_function(SLIDER_AT, arg=at, timeout=30_000)
        # the kept game came back by its link; on that page the board game, then the dice
        # game again, each draw every icon (test_voila_paths.py walks the chooser's paths)
        page.add_script_tag(path=str(EYE_JS))
        summary = page.locator('.nw-root [data-key="round-summary-close"]')
        if summary.count() and summary.first.is_visible():      # a round just ended: read
            summary.first.click()
        page.click('.nw-app button[data-key="switch-board"]')
        start_board_game(page)
        for root in (".nwb-root[data-step]", ".nw-root[data-step]:not(.nwb-root)"):
            if root.startswith(".nw-root"):
                page.click('.nw-app button[data-key="switch-dice"]')
                page.wait_for_selector(root, state="visible", timeout=30_000)
                page.wait_for_function(SLIDER_AT, arg=at, timeout=30_000)
            seen = page.evaluate("(sel) => window.playersEye.iconsUndrawn(sel)", root)
            assert seen["checked"] > 10 and seen["undrawn"] == [], (root, seen)


REMEMBER = """([id, token]) => localStorage.setItem("nations-tables", JSON.stringify([{
  id, kind: "dice", tokens: [token], mine: [], role: "kept", summary: "you against 1 bot",
  used: Date.now(), turn: {mine: true}}]))"""


@pytest.mark.timeout(300)
def test_forget_in_the_continue_list_deletes_a_game_of_this_screen_from_the_store(
        browser: Any, tables_served: tuple[Server, str], tables_folder: Path) -> None:
    """A game kept from one screen (stored here, as the app's kernel stores one), in this
    browser's Continue list: Forget asks, Forget it takes it off the list, and the kernel
    deletes it from the store."""
    from nations_widget.dice import Game as DiceGame
    from nations_widget.tables import SQLiteStore
    from nations_widget.tables.kept import KeptGame
    _, url = tables_served
    store = SQLiteStore(tables_folder / "store" / "tables.sqlite3")
    try:
        game = DiceGame(players=2, seed=4)
        game.play(game.legal_moves()[0])
        kept = KeptGame.new(store, game, [None, "heuristic"])
        assert kept.write(kept.changes(game, [None, "heuristic"])), kept.failed
        with browser_page(browser) as page:
            page.goto(url, timeout=120_000)
            page.wait_for_selector(".nw-app-choice", timeout=120_000)
            page.evaluate(REMEMBER, [kept.table_id, kept.token])
            page.reload(timeout=120_000)
            item = page.locator(f'.nw-app-continue li[data-table="{kept.table_id}"]')
            item.wait_for(timeout=120_000)
            item.locator(f'[data-key="forget-{kept.table_id}"]').click()
            confirm = item.locator(".nw-app-confirm-words")
            assert "deleted from the server" in confirm.inner_text()
            shots = os.environ.get("NATIONS_SHOTS")
            if shots:
                for width in (1400, 390):
                    page.set_viewport_size({"width": width, "height": 900})
                    page.screenshot(path=f"{shots}/forget-confirm-{width}.png",
                                    full_page=True)
            yes = item.locator(f'[data-key="forget-yes-{kept.table_id}"]')
            box = yes.bounding_box()
            assert box is not None and box["height"] >= 44      # a thumb's target
            yes.click()
            page.wait_for_selector(".nw-app-continue", state="detached", timeout=10_000)
            deadline = time.monotonic() + 30
            while store.load_table(kept.table_id) is not None:
                assert time.monotonic() < deadline, "the game is still in the store"
                time.sleep(0.2)
            assert store.events(kept.table_id) == []
            assert page.locator(".nw-app-error").count() == 0
    finally:
        store.close()


# The end of a dice game as its page shows it: the banner's words and the final table.
FINAL_SCORES = """() => {
  const r = document.querySelector('.nw-root[data-step=game_over]');
  const banner = r && r.querySelector('.nw-result-banner');
  const table = r && r.querySelector('.nw-final-table');
  return banner && table ? banner.textContent + ' | ' + table.textContent : null;
}"""


def play_to_the_end_with_a_bots_help(page: Any) -> None:
    """The person's every decision left to "Let a bot decide" (the round summaries closed)."""
    deadline = time.monotonic() + 120
    while read(page)["step"] != "game_over":
        assert time.monotonic() < deadline, read(page)
        summary = page.locator('.nw-root [data-key="round-summary"]')
        if summary.count() and summary.first.is_visible():
            summary.locator('button[data-key="round-summary-close"]').click()
        elif read(page)["live"]:
            # (the round's summary may open meanwhile, the bot ending the round: then the
            # click cannot land, and the next turn of the loop closes the summary)
            with contextlib.suppress(PlaywrightTimeout):
                page.locator('.nw-root button[data-key="bot-decide"]').first.click(
                    timeout=2_000)
        page.wait_for_timeout(60)


def reload_slowly(page: Any) -> None:
    """Reload, holding the page's scripts back a second: the kernel makes the app's own
    dice game at the page's request, and its bot (0.8 s a move) opens it about one game in
    two before the page can send the link in its address."""
    held: list[str] = []

    def late(route: Any) -> None:
        if not held:                  # the first script only (the others wait for it)
            held.append(route.request.url)
            time.sleep(1.0)
        route.continue_()
    page.route("**/*.js", late)
    try:
        page.reload(timeout=120_000)
        page.wait_for_selector(".nw-root[data-step]", timeout=120_000)
    finally:
        page.unroute("**/*.js", late)


@pytest.mark.timeout(600)
def test_a_finished_game_against_the_bot_comes_back_finished_from_its_link(
        browser: Any, tables_served: tuple[Server, str]) -> None:
    """A dice game against the bot played to its end; reloaded, the page shows that game's
    end (final scores, its last position, Review), however soon the kernel's own new game
    was opened by its bot; the Continue list says it is finished and who won; Play again
    starts a new kept game whose link the address then holds."""
    _, url = tables_served
    with browser_page(browser) as page:
        page.goto(f"{url}?game=dice", timeout=120_000)
        page.wait_for_selector(".nw-root[data-step]", timeout=120_000)
        page.click('summary[data-key="newgame-summary"]')
        page.select_option('select[data-key="form-players"]', "2")
        page.select_option('select[data-key="form-seat-0"]', "human")
        page.select_option('select[data-key="form-seat-1"]', "heuristic-builder")
        page.fill('input[data-key="form-seed"]', "3")
        page.fill('input[data-key="form-delay"]', "0")
        page.click('button[data-key="start"]')
        page.wait_for_function("() => !document.querySelector('.nw-root[data-step=game_over]')")
        play_to_the_end_with_a_bots_help(page)
        page.wait_for_function(FINAL_SCORES, timeout=30_000)
        final, end = page.evaluate(FINAL_SCORES), read(page)["pos"]
        link = page.url.split("#table=")[1]
        assert end > 20 and len(link) == 43
        page.wait_for_timeout(300)                    # (the writer thread: milliseconds)
        for _ in range(2):          # the second: from the address the first one left
            reload_slowly(page)
            page.wait_for_function(FINAL_SCORES, timeout=30_000)
            page.wait_for_timeout(1500)     # time for a bot to open the kernel's own game
            assert page.evaluate(FINAL_SCORES) == final
            state = read(page)
            assert state["pos"] == end and state["step"] == "game_over" and not state["error"]
            assert page.url.endswith(f"#table={link}")
            assert page.locator('.nw-root button[data-key="review-start"]').count() == 1
        shots = os.environ.get("NATIONS_SHOTS")
        if shots:
            for width in (1400, 390):
                page.set_viewport_size({"width": width, "height": 900})
                page.screenshot(path=f"{shots}/finished-{width}.png", full_page=True)
                page.locator(".nw-root .nw-gameover").scroll_into_view_if_needed()
                page.screenshot(path=f"{shots}/finished-scores-{width}.png")
            page.set_viewport_size({"width": 1280, "height": 900})
        # Play again: a new game, kept from its first move, and the address follows it
        page.click('.nw-root button[data-key="play-again"]')
        page.wait_for_function("() => !document.querySelector('.nw-root[data-step=game_over]')")
        assert "#table=" not in page.url              # nothing kept before its first move
        page.wait_for_function(LIVE_AGAIN, timeout=60_000)
        decide_and_see_it_played(page)
        page.wait_for_function("(old) => location.hash.startsWith('#table=')"
                               " && !location.hash.endsWith(old)", arg=link, timeout=30_000)
        page.wait_for_timeout(300)
        at = read(page)["pos"]
        page.reload(timeout=120_000)
        page.wait_for_selector(".nw-root[data-step]", timeout=120_000)
        page.wait_for_function(SLIDER_AT, arg=at, timeout=30_000)
        assert read(page)["step"] != "game_over"
        # the first screen lists both: the finished one says so, and who won
        page.goto(url, timeout=120_000)
        page.locator(".nw-app-continue li").nth(1).wait_for(timeout=120_000)
        entries = page.locator(".nw-app-continue li").all_inner_texts()
        assert len(entries) == 2, entries
        assert "Finished · Player " in entries[1] and " won" in entries[1], entries
        assert "Finished" not in entries[0], entries
        if shots:
            for width in (1400, 390):
                page.set_viewport_size({"width": width, "height": 900})
                page.screenshot(path=f"{shots}/continue-finished-{width}.png", full_page=True)
