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
    blocked: dict[str, str] = {}
    try:
        page = context.new_page()
        page.on("request", lambda r: None if is_loopback(r.url) or
                urlsplit(r.url).scheme in ("data", "blob") else outside.append(r.url))
        page.on("requestfailed", lambda r: blocked.__setitem__(r.url, r.failure or ""))
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
        # Voila's template links Font Awesome from a CDN; the page's Content-Security-Policy
        # (voila.py) makes the browser drop those links before any request is sent
        assert all("csp" in blocked.get(url, "").lower() for url in outside), \
            (outside, blocked)
    finally:
        context.close()
