"""The app's page in Voila: its title, the title shown once, no request to any outside host,
and the coach's Hint flow (click, wait, three suggestions in words)."""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import urlsplit

from browser_support import is_loopback


def test_page_title_once_no_outside_request_and_the_hint(browser: Any, voila_url: str) -> None:
    context = browser.new_context(viewport={"width": 1400, "height": 900})
    outside: list[str] = []
    try:
        page = context.new_page()
        page.on("request", lambda r: None if is_loopback(r.url) or
                urlsplit(r.url).scheme in ("data", "blob") else outside.append(r.url))
        page.set_default_timeout(90_000)
        page.goto(voila_url)
        page.wait_for_selector(".nw-root[data-position]")
        assert page.title() == "Nations: The Dice Game"
        body = page.inner_text("body")
        assert body.count("Nations: The Dice Game") == 1
        assert "Player 1" in body and "tree-search bot (Player 2)" in body
        page.click('[data-key="coach-hint"]')
        page.wait_for_selector('[data-key="coach-s-0"]')
        items = page.locator(".nw-coach-hint li").all_inner_texts()
        assert 1 <= len(items) <= 3
        assert all("% of simulations" in t or "the only move" in t for t in items)
        assert not any(re.search(r"dic?e \d", t) for t in items)
        # not even one the page's Content-Security-Policy would block (voila.py's "nations"
        # template leaves out the CDN links of Voila's own; test_voila_offline.py checks more)
        assert not outside, f"requests to another host: {outside}"
    finally:
        context.close()
