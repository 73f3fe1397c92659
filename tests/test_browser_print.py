"""The site on paper (issue 33): in Chromium's print media a page shows no header, navigation or
search, a link in running text to an entry prints that entry's id after it, a folded walkthrough
prints folded, and every game's player aid fits two A4 sheets (Chromium's print to PDF, pages counted
in the PDF it writes), its tables as wide as the sheet.

Uses tests/test_browser.py's fixtures (a server of the built site, Debian's Chromium); fails, never
skips, without Chromium."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page

from test_browser import browser, site_url  # noqa: F401  (the fixtures)


@pytest.fixture
def printed(browser: Browser) -> Iterator[Page]:  # noqa: F811
    context = browser.new_context(viewport={"width": 794, "height": 1123}, service_workers="block")  # A4 at 96 dpi
    page = context.new_page()
    page.emulate_media(media="print")
    yield page
    context.close()


def pdf_pages(page: Page) -> int:
    pdf = page.pdf(format="A4", margin={side: "12mm" for side in ("top", "bottom", "left", "right")})
    return len(re.findall(rb"/Type\s*/Page(?![s\w])", pdf))


def test_a_rules_page_prints_without_the_chrome_and_with_the_ids_of_its_links(printed: Page, site_url: str) -> None:  # noqa: F811
    printed.goto(site_url + "/caylus/rules-turn/")
    for chrome in (".md-header", ".md-sidebar--primary", ".md-footer", ".kb-search"):
        assert not printed.locator(chrome).first.is_visible(), chrome
    ids = printed.locator(".md-typeset :is(p, li) > a[href*='#'] + .kb-print-id")
    assert ids.count() > 10
    first = ids.first
    assert first.is_visible() and re.fullmatch(r" \[caylus\.[a-z0-9.-]+\]", first.inner_text() or first.text_content() or "")
    folded = printed.locator(".md-content details.kb-sources").first  # Material opens it for print; it prints folded
    assert folded.locator("summary").is_visible(), folded.evaluate("e => e.outerHTML.slice(0, 300)")
    assert not folded.locator(":scope > :not(summary)").first.is_visible()


def test_the_ids_print_only_on_paper(browser: Browser, site_url: str) -> None:  # noqa: F811
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    page.goto(site_url + "/caylus/rules-turn/")
    assert page.locator(".kb-print-id").count() > 10 and not page.locator(".kb-print-id").first.is_visible()
    assert page.locator(".md-header").is_visible()
    context.close()


@pytest.mark.parametrize("game", ["caylus", "duel", "maharaja", "viscounts"])
def test_each_player_aid_fits_two_sheets(printed: Page, site_url: str, game: str) -> None:  # noqa: F811
    printed.goto(site_url + f"/{game}/player-aid/")
    assert printed.locator("h1.kb-aid").is_visible() and not printed.locator(".md-sidebar--primary").is_visible()
    content = printed.locator(".md-content__inner").bounding_box()
    narrowest = min(box["width"] for box in (t.bounding_box() for t in printed.locator(".md-content table").all()) if box)
    assert content and narrowest > 0.9 * content["width"], "each of the aid's tables spans the sheet"
    assert 1 <= pdf_pages(printed) <= 2
