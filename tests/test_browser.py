"""The built site in a real headless Chromium: search in three languages, glossary links, offline.

These tests need Debian's Chromium (/usr/bin/chromium); .ci/run installs it. They fail, never
skip, when it is missing.
"""

from __future__ import annotations

import functools
import os
import threading
from collections.abc import Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest
from playwright.sync_api import Browser, Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = os.environ.get("KB_CHROMIUM", "/usr/bin/chromium")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--no-first-run", "--disable-sync"]
LOCAL = {"127.0.0.1", "localhost", "::1"}

# (query, anchors of which one must be among the top results)
QUERIES = [
    ("provost", {"caylus.phase4.provost", "caylus.term.provost"}),
    ("intézőt", {"caylus.term.provost", "caylus.component.provost", "caylus.phase4.provost"}),
    ("kőfejtőben", {"caylus.building.quarry-neutral", "caylus.building.quarry-wood"}),
    ("udvarnagyot", {"caylus.term.bailiff", "caylus.component.bailiff"}),
    ("burmistrz", {"caylus.term.provost", "caylus.component.provost"}),
    ("kamieniolom", {"caylus.building.quarry-neutral", "caylus.building.quarry-wood"}),
    ("kamieniołom", {"caylus.building.quarry-neutral", "caylus.building.quarry-wood"}),
    ("łaska", {"caylus.term.royal-favour", "caylus.resource.favours"}),
    ("laska", {"caylus.term.royal-favour", "caylus.resource.favours"}),
    ("zarządca", {"caylus.term.bailiff", "caylus.component.bailiff"}),
    ("zarzadca", {"caylus.term.bailiff", "caylus.component.bailiff"}),
    ("lawyer", {"caylus.building.lawyer", "caylus.phase5.lawyer"}),
    ("jegyzőt", {"caylus.building.lawyer", "caylus.phase5.lawyer"}),
    ("templomban", {"caylus.building.church"}),
    ("kosciol", {"caylus.building.church"}),
    ("pecsétoszlop", {"duel.term.seal-stack"}),
    ("hatalomjelzot", {"duel.term.power-marker", "duel.component.power-marker"}),
    ("Aliena", {"duel.card.aliena"}),
    ("vándorszerzetes", {"maharaja.character.wandering-monk", "maharaja.term.wandering-monk"}),
    ("vandorszerzetes", {"maharaja.character.wandering-monk", "maharaja.term.wandering-monk"}),
    ("vándorszerzetesnek", {"maharaja.character.wandering-monk", "maharaja.term.wandering-monk"}),
    ("kormányzósáv", {"maharaja.term.governor-track", "maharaja.governor-track"}),
    ("kormanyzosavon", {"maharaja.term.governor-track", "maharaja.governor-track"}),
    ("palotát", {"maharaja.term.palace", "maharaja.component.palace"}),
    ("szádhu", {"maharaja.character.sadhu", "maharaja.term.sadhu"}),
    ("szadhut", {"maharaja.character.sadhu", "maharaja.term.sadhu"}),
    ("kódexet", {"viscounts.term.manuscript", "viscounts.component.manuscript"}),
    ("kodex", {"viscounts.term.manuscript", "viscounts.component.manuscript"}),
    ("várkastélyban", {"viscounts.term.castle", "viscounts.component.castle"}),
    ("vesztegetés", {"viscounts.term.corruption", "viscounts.term.corruption-marker"}),
    ("adosleveleket", {"viscounts.term.debt", "viscounts.component.debt"}),
    ("elbocsájtás", {"viscounts.term.dismiss", "viscounts.action.dismiss"}),
    ("ütközést", {"viscounts.term.collision", "viscounts.collision.order"}),
    ("uralkodo-kartyat", {"viscounts.term.castle-leader-card", "viscounts.component.castle-leader-card"}),
    # Viscounts: Hungarian card names and terms, inflected, with and without accents
    ("favágó", {"viscounts.card.woodcutter-2", "viscounts.card.woodcutter-3"}),
    ("favagot", {"viscounts.card.woodcutter-2", "viscounts.card.woodcutter-3"}),
    ("uzsorás", {"viscounts.card.racketeer-1", "viscounts.card.racketeer-2"}),
    ("kőművest", {"viscounts.card.mason"}),
    ("oltarszolga", {"viscounts.card.acolyte"}),
    ("szerzetes-kártyát", {"viscounts.bonus.cleric-grey", "viscounts.bonus.cleric-black", "viscounts.bonus.cleric-yellow",
                           "viscounts.bonus.cleric-blue"}),
]


class Quiet(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:  # noqa: A002
        pass


@pytest.fixture(scope="module")
def site_url(built) -> Iterator[str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(built.site)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    if not Path(CHROMIUM).is_file():
        pytest.fail(f"Chromium not found at {CHROMIUM}: install it (apt-get install chromium); .ci/run does")
    with sync_playwright() as playwright:
        instance = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield instance
        instance.close()


@pytest.fixture(scope="module")
def requests_seen() -> list[str]:
    return []


@pytest.fixture
def page(browser: Browser, requests_seen: list[str]) -> Iterator[Page]:
    page = browser.new_page(viewport={"width": 1280, "height": 900}, service_workers="block")  # the worker: test_offline.py
    page.on("request", lambda request: requests_seen.append(request.url))
    yield page
    page.close()


def search(page: Page, site_url: str, query: str, every_game: bool = True) -> list[str]:
    """Type a query into the site's search box (from the home page, which searches every game);
    return the result links' anchors, best first."""
    page.goto(site_url + "/")
    page.keyboard.press("/")  # focuses the search box
    box = page.locator("input.kb-search__input")
    box.fill("")
    box.type(query, delay=15)
    page.wait_for_function("q => document.querySelector('.kb-search__results').dataset.query === q", arg=query)
    hrefs = page.locator(".kb-search__item a").evaluate_all("els => els.map(e => e.getAttribute('href'))")
    return [unquote(urlparse(h).fragment) for h in hrefs if urlparse(h).fragment]


@pytest.mark.parametrize("query, anchors", QUERIES, ids=[q for q, _ in QUERIES])
def test_search_finds_the_right_entry(page: Page, site_url: str, query: str, anchors: set[str]) -> None:
    found = search(page, site_url, query)
    assert anchors & set(found[:5]), f"{query!r}: top results {found[:5]}"


def test_search_result_page_screenshot(page: Page, site_url: str) -> None:
    found = search(page, site_url, "kőfejtőben")
    assert found
    target = ROOT / "build" / "screenshots" / "search-kofejtoben.png"
    target.parent.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(target))
    assert target.stat().st_size > 10_000


def test_a_result_names_its_kind_in_words_not_the_catalogs_key(page: Page, site_url: str) -> None:
    found = search(page, site_url, "starting gold")
    assert "maharaja.starting" in found[:5]
    kinds = [m.split(" · ")[-1] for m in page.locator(".kb-search__meta").all_inner_texts()]
    assert "starting pieces" in kinds and "startings" not in kinds
    assert not [k for k in kinds if "_" in k]


def test_a_rule_links_to_its_glossary_term(page: Page, site_url: str) -> None:
    page.goto(site_url + "/caylus/rules-turn/#caylus.phase4.provost")
    rule = page.locator("[id='caylus.phase4.provost'] + p")
    rule.get_by_role("link", name="provost").first.click()
    page.wait_for_url("**/caylus/glossary/#caylus.term.provost")
    heading = page.locator("[id='caylus.term.provost']")
    assert heading.is_visible()
    entry = heading.locator("xpath=following-sibling::p[1]").inner_text()
    assert "intéző" in entry and "burmistrz" in entry


def test_no_request_leaves_localhost(page: Page, site_url: str, requests_seen: list[str]) -> None:
    for path in ("/", "/caylus/buildings/", "/caylus/player-aid/", "/caylus/rules-castle/", "/viscounts/cards/"):
        page.goto(site_url + path)
        page.wait_for_load_state("networkidle")
    hosts = {urlparse(u).hostname for u in requests_seen if urlparse(u).scheme in ("http", "https", "ws", "wss")}
    assert requests_seen and hosts <= LOCAL, sorted(hosts - LOCAL)



def shown_cards(page: Page) -> list[str]:
    page.wait_for_function("document.querySelector('[data-kb-browser]').dataset.shown !== undefined")
    return page.locator("[data-kb-browser] tbody tr:not([hidden])").evaluate_all("rows => rows.map(r => r.dataset.id)")


def test_the_card_browser_filters_by_icon_and_cost(page: Page, site_url: str, catalog) -> None:
    """Choosing an icon and a highest cost leaves exactly the catalog's cards with both, and sorting keeps them."""
    from games.viscounts.kinds import ViscountsCard

    page.goto(site_url + "/viscounts/cards/")
    assert len(shown_cards(page)) == 25  # only what is shown is laid out: a page of rows, then more on asking
    assert page.locator("[data-kb-count]").inner_text() == "25 of 86 matching cards shown"
    page.click("button:text('Show 25 more')")
    assert len(shown_cards(page)) == 50
    page.click("button:text('Show all')")
    assert len(shown_cards(page)) == 86 and page.locator(".kb-browser__more").is_hidden()
    page.select_option("select[data-filter=icons]", "noble")
    page.select_option("select[data-filter=cost]", "1")
    cheap_nobles = {c.id for c in catalog.typed("cards", ViscountsCard, "viscounts") if "noble" in c.icons and c.cost <= 1}
    assert cheap_nobles == {"viscounts.card.diplomat", "viscounts.card.gatekeeper", "viscounts.card.watchman"}
    assert set(shown_cards(page)) == cheap_nobles
    assert page.locator("[data-kb-count]").inner_text() == "3 of 86 shown"
    page.select_option("select[data-filter=icons]", "criminal")
    page.select_option("select[data-filter=cost]", "2")
    criminals = [c for c in catalog.typed("cards", ViscountsCard, "viscounts") if "criminal" in c.icons and c.cost <= 2]
    assert set(shown_cards(page)) == {c.id for c in criminals}
    page.click("th[data-sort=cost]")
    page.click("th[data-sort=cost]")  # the second click sorts dearest first
    costs = page.locator("[data-kb-browser] tbody tr:not([hidden])").evaluate_all("rows => rows.map(r => Number(r.dataset.cost))")
    assert costs == sorted(costs, reverse=True) and costs[0] == 2 and costs[-1] == 1
    page.select_option("select[data-filter=icons]", "")
    page.select_option("select[data-filter=cost]", "")
    page.fill("input[data-filter=text]", "Favágó")
    assert set(shown_cards(page)) == {"viscounts.card.woodcutter-2", "viscounts.card.woodcutter-3"}
    target = ROOT / "build" / "screenshots" / "viscounts-card-browser.png"
    target.parent.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(target))
