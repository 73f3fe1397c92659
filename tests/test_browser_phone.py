"""The built site on a phone and on a desktop, in a real headless Chromium: the search panel and its
results lie inside the viewport; landing on page#id marks that rule; a search result lands with its
matched words marked; a rule's "Copy citation" button copies "id — title — URL".

Like tests/test_browser.py (whose server and browser fixtures these reuse), they need Debian's
Chromium (/usr/bin/chromium) and fail, never skip, without it.
"""

from __future__ import annotations

from collections.abc import Iterator
from urllib.parse import unquote, urlparse

import pytest
from playwright.sync_api import Browser, BrowserContext, Locator, Page, ViewportSize

from test_browser import browser, site_url  # noqa: F401  (the fixtures: a server of the built site, Chromium)

PHONE: ViewportSize = {"width": 390, "height": 844}
DESKTOP: ViewportSize = {"width": 1280, "height": 900}
PROVOST = "caylus.phase4.provost"


@pytest.fixture
def context(browser: Browser) -> Iterator[BrowserContext]:  # noqa: F811
    context = browser.new_context(viewport=DESKTOP, service_workers="block")
    yield context
    context.close()


def open_page(context: BrowserContext, viewport: ViewportSize, url: str) -> Page:
    page = context.new_page()
    page.set_viewport_size(viewport)
    page.goto(url)
    return page


def type_query(page: Page, query: str) -> None:
    page.keyboard.press("/")  # focuses the search box
    page.locator("input.kb-search__input").type(query, delay=15)
    page.wait_for_function("q => document.querySelector('.kb-search__results').dataset.query === q", arg=query)


def inside(box: dict[str, float] | None, width: int) -> bool:
    return box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["390px", "1280px"])
@pytest.mark.parametrize("path, query", [("/", "provost"), ("/", "kőbánya"), ("/caylus/rules-turn/", "provost"),
                                         ("/maharaja/", "palotát")])
def test_the_search_panel_and_its_first_result_lie_inside_the_viewport(
        context: BrowserContext, site_url: str, viewport: ViewportSize, path: str, query: str) -> None:  # noqa: F811
    page = open_page(context, viewport, site_url + path)
    type_query(page, query)
    width = viewport["width"]
    panel = page.locator(".kb-search__results").bounding_box()
    title = page.locator(".kb-search__title").first.bounding_box()
    box = page.locator("input.kb-search__input").bounding_box()
    assert inside(panel, width), f"panel {panel} in a {width} px viewport"
    assert inside(title, width), f"first title {title} in a {width} px viewport"
    assert inside(box, width), f"search box {box} in a {width} px viewport"
    assert page.evaluate("document.documentElement.scrollWidth") <= width, "the page scrolls sideways"


def test_on_a_phone_the_site_name_stays_readable_beside_the_search_box(context: BrowserContext, site_url: str) -> None:  # noqa: F811
    page = open_page(context, PHONE, site_url + "/caylus/rules-turn/")
    name = page.locator(".md-header__topic .md-ellipsis").first
    assert name.inner_text().strip() == "Rulebook KB"
    # the name's text fits its box: not clipped to "R"
    assert name.evaluate("e => e.scrollWidth <= e.clientWidth + 1 && e.clientWidth > 60")
    box = name.bounding_box()
    search = page.locator("input.kb-search__input").bounding_box()
    assert box and search and box["x"] + box["width"] <= search["x"]


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["390px", "1280px"])
def test_pages_do_not_scroll_sideways(context: BrowserContext, site_url: str, viewport: ViewportSize) -> None:  # noqa: F811
    page = context.new_page()
    page.set_viewport_size(viewport)
    wide = []
    for path in ("/", "/caylus/rules-turn/", "/caylus/buildings/", "/viscounts/cards/", "/duel/cards/", "/caylus/player-aid/",
                 "/duel/player-aid/", "/maharaja/player-aid/", "/viscounts/player-aid/"):
        page.goto(site_url + path)
        if page.evaluate("document.documentElement.scrollWidth") > viewport["width"]:
            wide.append(path)
    assert not wide, f"wider than {viewport['width']} px: {wide}"


def landed_ids(page: Page) -> list[str]:
    """The ids of the headings marked as landed."""
    return page.locator(".kb-landed").evaluate_all("els => els.filter(e => /^H[1-6]$/.test(e.tagName)).map(e => e.id)")


def test_landing_on_an_id_marks_that_rule_and_its_block_only(context: BrowserContext, site_url: str) -> None:  # noqa: F811
    page = open_page(context, DESKTOP, site_url + f"/caylus/rules-turn/#{PROVOST}")
    page.wait_for_selector(".kb-landed")
    assert landed_ids(page) == [PROVOST]
    # the block: the heading's own paragraphs up to the next heading of the same level, no further
    block = page.locator(".kb-landed").evaluate_all("els => els.map(e => e.tagName)")
    following = page.locator(f"[id='{PROVOST}'] ~ h3, [id='{PROVOST}'] ~ h2").first
    assert block[0] == "H3" and "P" in block[1:]
    assert "kb-landed" not in (following.get_attribute("class") or "")
    assert page.locator(f"[id='{PROVOST}'] + p").evaluate("e => e.classList.contains('kb-landed')")
    # the mark is visible: a tinted ground on the rule's paragraph, and none on the page's other paragraphs
    tint = page.locator(f"[id='{PROVOST}'] + p").evaluate("e => getComputedStyle(e).backgroundColor")
    first = page.locator("[id='caylus.phase1.income'] + p").evaluate("e => getComputedStyle(e).backgroundColor")
    assert tint not in ("rgba(0, 0, 0, 0)", first)


def test_a_change_of_hash_on_the_same_page_moves_the_mark(context: BrowserContext, site_url: str) -> None:  # noqa: F811
    page = open_page(context, DESKTOP, site_url + f"/caylus/rules-turn/#{PROVOST}")
    page.wait_for_selector(".kb-landed")
    page.locator("[id='caylus.phase2.passing'] .headerlink").click()
    page.wait_for_function("document.querySelector('.kb-landed') && document.querySelector('.kb-landed').id === 'caylus.phase2.passing'")
    assert landed_ids(page) == ["caylus.phase2.passing"]
    assert page.locator(f"[id='{PROVOST}']").get_attribute("class") in (None, "")


def test_a_search_result_lands_with_the_matched_words_marked(context: BrowserContext, site_url: str) -> None:  # noqa: F811
    page = open_page(context, PHONE, site_url + "/")
    type_query(page, "intézőt")  # Hungarian for the provost: the landed English rule marks "provost"
    link = page.locator(f".kb-search__item a[href*='#{PROVOST}']").first
    href = link.get_attribute("href") or ""
    assert "hl=" in href
    link.click()
    page.wait_for_url(f"**/caylus/rules-turn/**#{PROVOST}")
    page.wait_for_selector("mark.kb-hl")
    assert unquote(urlparse(page.url).fragment) == PROVOST
    assert landed_ids(page) == [PROVOST]
    marked = page.locator("mark.kb-hl").evaluate_all("els => els.map(e => [e.textContent, Boolean(e.closest('.kb-landed'))])")
    assert {text.lower() for text, _ in marked} == {"provost"}
    assert all(in_section for _, in_section in marked), "a word is marked outside the landed section"
    # the page names the provost outside the landed rule too (phase 2's order, the castle), unmarked there
    elsewhere = page.locator(".md-content__inner > :not(.kb-landed)").evaluate_all(
        "els => els.filter(e => /provost/i.test(e.textContent)).length")
    assert elsewhere > 0


def test_a_result_on_the_same_page_lands_there_too(context: BrowserContext, site_url: str) -> None:  # noqa: F811
    page = open_page(context, DESKTOP, site_url + "/caylus/rules-turn/#caylus.phase1.income")
    page.wait_for_selector(".kb-landed")
    type_query(page, "provost")
    page.locator(f".kb-search__item a[href*='/caylus/rules-turn/'][href*='#{PROVOST}']").first.click()
    page.wait_for_function(f"document.querySelector('.kb-landed') && document.querySelector('.kb-landed').id === '{PROVOST}'")
    assert page.locator(".kb-search__results").is_hidden()
    assert page.locator("mark.kb-hl").count() > 0


def citation_button(page: Page, anchor: str) -> Locator:
    return page.locator(f"[id='{anchor}'] button.kb-cite__button")


@pytest.mark.parametrize("path, anchor, title", [
    ("/caylus/rules-turn/", PROVOST, "Moving the provost"),
    ("/caylus/faq/", "caylus.ruling.unlimited-cubes", "Are resource cubes limited?"),
])
def test_the_citation_button_copies_id_title_and_url(browser: Browser, site_url: str, path: str, anchor: str, title: str) -> None:  # noqa: F811
    context = browser.new_context(viewport=DESKTOP, permissions=["clipboard-read", "clipboard-write"], service_workers="block")
    try:
        page = context.new_page()
        page.goto(site_url + path + "?hl=provost#caylus.rules.phase1")
        button = citation_button(page, anchor)
        assert anchor in (button.get_attribute("aria-label") or "")
        button.click()
        page.wait_for_function("document.querySelector('.kb-cite__status:not(:empty)')")
        copied = page.evaluate("navigator.clipboard.readText()")
        assert copied == f"{anchor} — {title} — {site_url}{path}#{anchor}"
    finally:
        context.close()


def test_without_a_clipboard_the_citation_is_offered_selected_in_a_field(context: BrowserContext, site_url: str) -> None:  # noqa: F811
    page = open_page(context, DESKTOP, site_url + "/caylus/rules-turn/")
    page.evaluate("Object.defineProperty(navigator, 'clipboard', { value: undefined })")
    button = citation_button(page, PROVOST)
    button.click()
    field = page.locator(f"[id='{PROVOST}'] input.kb-cite__field")
    expected = f"{PROVOST} — Moving the provost — {site_url}/caylus/rules-turn/#{PROVOST}"
    assert field.input_value() == expected
    assert page.evaluate("[document.activeElement.selectionStart, document.activeElement.selectionEnd]") == [0, len(expected)]


def test_citation_buttons_are_reached_with_the_keyboard_on_rules_and_rulings_only(context: BrowserContext, site_url: str) -> None:  # noqa: F811
    page = open_page(context, DESKTOP, site_url + "/caylus/faq/")
    rulings = page.locator("h3[id^='caylus.ruling.']").count()
    assert rulings and page.locator("h3[id^='caylus.ruling.'] button.kb-cite__button").count() == rulings
    button = citation_button(page, "caylus.ruling.unlimited-cubes")
    button.focus()
    assert page.evaluate("document.activeElement.classList.contains('kb-cite__button')")
    assert button.evaluate("b => b.tabIndex") == 0
    page.goto(site_url + "/caylus/our-rulings/")  # this reference's own rulings are cited the same way
    ours = page.locator("h3[id^='caylus.ruling.']").count()
    assert ours and page.locator("h3[id^='caylus.ruling.'] button.kb-cite__button").count() == ours
    assert page.locator("h2.kb-rulings-chapter button.kb-cite__button").count() == 0  # a chapter is no ruling
    # a catalog page (buildings) has no citation buttons: they are for rules and rulings
    page.goto(site_url + "/caylus/buildings/")
    assert page.locator("h3[id^='caylus.building.']").count() > 0
    assert page.locator("button.kb-cite__button").count() == 0
    page.goto(site_url + "/viscounts/rules-actions/")
    rules = page.locator("h3[id^='viscounts.']").count()
    assert rules and page.locator("h3[id^='viscounts.'] button.kb-cite__button").count() == rules
