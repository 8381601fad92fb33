"""The Voila app asks nothing of any host but its own server.

Every request the page makes (Playwright's ``page.on("request")``: documents, scripts,
styles, fonts, images, websockets) is recorded from the first navigation until the board is
up and has been used a little, and each must go to 127.0.0.1/localhost or be a data:/blob:
URL.  A request the page's Content-Security-Policy blocks never reaches the network, and may
not reach ``page.on("request")`` either, so the page's own ``securitypolicyviolation`` events
are recorded too: a link to an outside host that the policy merely hides counts as a failure
(that was Voila's CDN icon font, before voila.py chose the repository's "nations" template).
"""

from __future__ import annotations

from typing import Any

import pytest
from browser_support import PageWatch, is_loopback

pytestmark = pytest.mark.browser

# Before any page script: every address the page's security policy refused to load.
RECORD_VIOLATIONS = """(() => {
  window.__nwBlocked = [];
  document.addEventListener('securitypolicyviolation',
    (e) => window.__nwBlocked.push(`${e.violatedDirective}: ${e.blockedURI}`));
})();"""

# Every address the page's markup points at (links, scripts, images, frames).
REFERENCED = """() => [...document.querySelectorAll(
  'link[href], script[src], img[src], iframe[src], source[src]')]
  .map((e) => e.getAttribute('href') || e.getAttribute('src'))
  .map((u) => new URL(u, document.baseURI).href)"""


def on_this_machine(url: str) -> bool:
    return url.startswith(("data:", "blob:")) or is_loopback(url)


def test_the_page_requests_nothing_from_another_host(page: Any, voila_url: str,
                                                     watch: PageWatch) -> None:
    requested: list[str] = []
    page.on("request", lambda r: requested.append(r.url))
    page.add_init_script(RECORD_VIOLATIONS)
    page.goto(voila_url, timeout=120_000)
    # the app's choice of game, then the dice game (each game's bundle is fetched when shown)
    page.click('.nw-app button[data-key="choose-dice"]', timeout=90_000)
    page.wait_for_selector(".nw-root[data-step]", timeout=90_000)
    # use the board a little: the help overlay, then the "New game" dialog (anything they
    # draw lazily, an icon or a font, would be fetched now)
    page.click('button[data-key="help"]')
    page.click('button[data-key="help-close"]')
    page.click('summary[data-key="newgame-summary"]')
    page.wait_for_selector("dialog[open]")
    page.wait_for_timeout(300)
    page.keyboard.press("Escape")  # a modal dialog: the page behind it takes no click
    page.wait_for_selector("dialog[open]", state="detached")
    # and the board game's table
    page.click('.nw-app button[data-key="switch-board"]')
    page.wait_for_selector(".nwb-root[data-step]", timeout=90_000)
    page.wait_for_timeout(300)
    page.wait_for_load_state("networkidle")

    assert any(is_loopback(u) and "/static/" in u for u in requested), \
        f"the recorder saw none of the page's own files: {requested[:5]}"
    outside = sorted({u for u in requested if not on_this_machine(u)})
    assert not outside, f"requests to another host: {outside}"
    blocked = page.evaluate("() => window.__nwBlocked")
    assert not blocked, f"the page tried to load, and its security policy blocked: {blocked}"
    referenced = page.evaluate(REFERENCED)
    assert referenced, "no link or script on the page: the markup check saw nothing"
    elsewhere = sorted({u for u in referenced if not on_this_machine(u)})
    assert not elsewhere, f"the page's markup points at another host: {elsewhere}"
    assert not watch.offsite_failures(), watch.offsite_failures()
    assert not watch.errors(), f"console errors: {watch.errors()}"
    assert not watch.page_errors, f"uncaught page errors: {watch.page_errors}"
