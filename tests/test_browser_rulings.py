"""The rulings under an entry, in a real headless Chromium (issue 30): a Maharaja character's page shows
"Rulings:" under the card, each ruling by its question, inside a phone's width, and a click lands on the
ruling. Uses the server and browser fixtures of tests/test_browser.py (Debian's Chromium; fails, never
skips, without it)."""

from __future__ import annotations

from playwright.sync_api import Browser

from catalog import Catalog
from games import REGISTRY
from outputs.pages.writer import RULINGS_SHOWN
from outputs.terms import TermLinker, rulings_about
from test_browser import browser, site_url  # noqa: F401  (the fixtures: a server of the built site, Chromium)

BUILDER = "maharaja.character.builder"


def test_a_card_page_lists_its_rulings_and_a_click_opens_the_ruling(browser: Browser, site_url: str,  # noqa: F811
                                                                    catalog: Catalog) -> None:
    module = REGISTRY.module("maharaja")
    expected = rulings_about(catalog, "maharaja", TermLinker(catalog, "maharaja", module.linked_kinds))[BUILDER]
    context = browser.new_context(viewport={"width": 390, "height": 844}, service_workers="block")
    try:
        page = context.new_page()
        page.goto(f"{site_url}/maharaja/characters/#{BUILDER}")
        line = page.locator(f"p.kb-rulings[data-about='{BUILDER}']")
        line.scroll_into_view_if_needed()
        assert line.is_visible() and line.inner_text().startswith("Rulings:")
        box = line.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390  # wraps within the phone's width
        links = line.locator("a[href*='.ruling.']")
        assert links.count() == min(len(expected), RULINGS_SHOWN)
        first = catalog.get(expected[0])
        assert links.first.inner_text() == getattr(first, "question")
        links.first.click()
        page.wait_for_url(f"**/#{first.id}")
        heading = page.locator(f"[id='{first.id}']")
        assert heading.is_visible() and getattr(first, "question")[:20] in page.inner_text("body")
    finally:
        context.close()
