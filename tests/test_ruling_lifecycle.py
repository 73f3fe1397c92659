"""A ruling's life end to end (issue 30): an author adds a ruling that supersedes another and marks the
old one superseded; after a build the old ruling stands struck through on its Rulings page, linking its
successor, the successor says what it replaces, the API gives the old one `status: superseded`, and the
rulings feed has the new one. Then the filters of the Rulings pages in a real headless Chromium (as
tests/test_browser_phone.py drives it): choosing a filter hides the other rulings and the count
follows; superseded rulings are left out until asked for, and a link to one shows it.

One build of a copy of the project with the two edits serves every test here (the build reruns no
simulation: the engines read no ruling)."""

from __future__ import annotations

import functools
import re
import sqlite3
import threading
from collections.abc import Iterator
from http.server import ThreadingHTTPServer
from pathlib import Path
from xml.etree import ElementTree as ET

import pytest
from bs4 import BeautifulSoup, Tag
from playwright.sync_api import Browser, Page

from conftest import copy_project
from kb.build import build
from kb.project import Project
from kb.serve import datasette_app
from test_browser import Quiet, browser  # noqa: F401  (the fixture: Chromium, failing without it)

OLD = "maharaja.ruling.disc-assembly"
NEW = "maharaja.ruling.disc-assembly-revised"
NEW_NAME = "Putting the action discs together, revised"
ATOM = "{http://www.w3.org/2005/Atom}"


def supersede(project: Project, old: str, new: str, name: str) -> None:
    """Copy ruling ``old`` of data/maharaja-rulings.yaml as ``new`` (reworded, superseding it) at the end
    of the file, and set the old one's status to superseded: the edit an author makes."""
    path = project.data / "maharaja-rulings.yaml"
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    start = lines.index(f"  - id: {old}\n")
    end = next(i for i in range(start + 1, len(lines)) if lines[i].startswith("  - id: ") or not lines[i].strip())
    block = lines[start:end]
    status = next(i for i, line in enumerate(block) if line.strip() == "status: current")
    lines[start + status] = "    status: superseded\n"
    copy = [line.replace(f"id: {old}", f"id: {new}") for line in block]
    copy = [f'    names: {{en: "{name}"}}\n' if line.lstrip().startswith("names:") else line for line in copy]
    copy = [line.replace("{text: \"No.", "{text: \"No, they do not.") for line in copy]
    copy.append(f"    supersedes: {old}\n")
    path.write_text("".join(lines).rstrip("\n") + "\n\n" + "".join(copy), encoding="utf-8")


@pytest.fixture(scope="module")
def lifecycle(tmp_path_factory: pytest.TempPathFactory) -> Project:
    project = copy_project(tmp_path_factory.mktemp("lifecycle") / "project")
    supersede(project, OLD, NEW, NEW_NAME)
    build(project)
    return project


def rulings_page(project: Project, name: str) -> BeautifulSoup:
    return BeautifulSoup((project.site / "maharaja" / name / "index.html").read_text(encoding="utf-8"), "html.parser")


def links_to(element: Tag, entry_id: str) -> bool:
    return any(a["href"].endswith("#" + entry_id) for a in element.find_all("a", href=True))


def test_the_old_ruling_is_struck_through_and_links_the_one_that_replaced_it(lifecycle: Project) -> None:
    page = rulings_page(lifecycle, "faq")
    old = page.find(id=OLD)
    assert old.name == "h3" and old["data-status"] == "superseded" and "kb-ruling--superseded" in old["class"]
    struck = old.find("del")
    assert struck is not None and struck.get_text().strip() == "Putting the action discs together"
    status = old.find_next_sibling()
    assert status.name == "p" and "kb-ruling-status" in status["class"], status
    assert status.get_text().startswith("Superseded: replaced by ") and links_to(status, NEW)
    assert status.find("a")["href"] in (f"#{NEW}", f"./#{NEW}", f"../faq/#{NEW}")  # the successor, on this page
    # the stylesheet strikes a <del> through (the browser's own style for it, which ours keeps)
    css = (lifecycle.site / "stylesheets" / "kb.css").read_text(encoding="utf-8")
    assert not re.search(r"\bdel\b[^{}]*\{[^}]*text-decoration:\s*none", css)


def test_the_new_ruling_says_what_it_replaces_and_stands_unstruck(lifecycle: Project) -> None:
    page = rulings_page(lifecycle, "faq")
    new = page.find(id=NEW)
    assert new["data-status"] == "current" and new.find("del") is None
    assert NEW_NAME in new.get_text()
    facts = new.find_next_sibling("ul")
    replaces = next(li for li in facts.find_all("li") if li.get_text().startswith("Replaces:"))
    assert links_to(replaces, OLD)
    # the old one right after it (elsewhere in the data), where a reader of either finds the other
    rulings = [h["id"] for h in page.find_all("h3", class_="kb-ruling")]
    assert rulings.index(OLD) == rulings.index(NEW) + 1
    # no other ruling of any page is marked superseded
    for name in ("faq", "our-rulings"):
        marked = [h["id"] for h in rulings_page(lifecycle, name).find_all("h3", class_="kb-ruling") if h.find("del")]
        assert marked == ([OLD] if name == "faq" else []), (name, marked)


async def test_the_api_gives_the_old_ruling_superseded_and_the_new_one_its_predecessor(lifecycle: Project) -> None:
    db = sqlite3.connect(lifecycle.build / "kb.db")
    assert db.execute("select status, supersedes from rulings where id = ?", [OLD]).fetchone() == ("superseded", None)
    assert db.execute("select status, supersedes from rulings where id = ?", [NEW]).fetchone() == ("current", OLD)
    datasette = datasette_app(lifecycle)
    response = await datasette.client.get("/kb/rulings.json?_shape=array&game=maharaja&status=superseded&_col=status")
    assert response.status_code == 200, response.text
    assert [(row["id"], row["status"]) for row in response.json()] == [(OLD, "superseded")]


def test_the_feed_has_the_new_ruling(lifecycle: Project) -> None:
    for name in ("maharaja-rulings.xml", "rulings.xml"):
        feed = ET.parse(lifecycle.site / "feeds" / name).getroot()
        entries = {e.find(f"{ATOM}link").get("href", "").split("#")[-1]: e for e in feed.findall(f"{ATOM}entry")}
        assert NEW in entries and OLD in entries, name
        assert "No, they do not." in (entries[NEW].findtext(f"{ATOM}summary") or "")  # its own answer, not the old one's
        # not committed yet, so changed at this build: the newest entry, what a feed reader shows first
        assert entries[NEW].findtext(f"{ATOM}updated") == feed.findtext(f"{ATOM}updated")


# --- the filters in a browser ------------------------------------------------------------------

@pytest.fixture(scope="module")
def site_url(lifecycle: Project) -> Iterator[str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(lifecycle.site)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:  # noqa: F811
    page = browser.new_page(viewport={"width": 1280, "height": 900}, service_workers="block")
    yield page
    page.close()


def count(page: Page) -> tuple[int, int]:
    said = page.locator("[data-kb-count]").inner_text()
    match = re.fullmatch(r"(\d+) of (\d+) rulings shown", said)
    assert match, said
    return int(match[1]), int(match[2])


def visible(page: Page) -> list[str]:
    return page.eval_on_selector_all("h3.kb-ruling", "hs => hs.filter(h => h.offsetParent !== null).map(h => h.id)")


def test_superseded_rulings_wait_to_be_asked_for_and_a_link_to_one_shows_it(page: Page, site_url: str) -> None:
    page.goto(site_url + "/maharaja/faq/")
    shown, every = count(page)
    assert (shown, every) == (every - 1, page.locator("h3.kb-ruling").count())
    assert OLD not in visible(page) and NEW in visible(page)
    page.select_option("select[data-kb-filter='status']", "superseded")
    assert visible(page) == [OLD] and count(page) == (1, every)
    page.click("[data-kb-reset]")
    assert len(visible(page)) == every and count(page) == (every, every)
    # an address of the old ruling (a feed, an old link) lands on it, whatever the filters said
    page.goto(site_url + "/maharaja/")
    page.goto(site_url + f"/maharaja/faq/#{OLD}")
    assert OLD in visible(page) and page.locator(f"[id='{OLD}']").is_visible()
    assert page.evaluate(f"document.getElementById('{OLD}').getBoundingClientRect().top") < 900
    # a page with nothing superseded has no status filter: one value is no choice
    page.goto(site_url + "/maharaja/our-rulings/")
    assert page.locator("select[data-kb-filter='status']").count() == 0


@pytest.mark.parametrize("width", [390, 1280])
def test_choosing_what_a_ruling_is_about_hides_the_others_and_the_count_follows(page: Page, site_url: str, width: int) -> None:
    page.set_viewport_size({"width": width, "height": 844})
    page.goto(site_url + "/maharaja/our-rulings/")
    panel = page.locator("[data-kb-rulings]")
    assert panel.is_visible()  # the script shows the filters it drives
    shown, every = count(page)
    assert shown == every == page.locator("h3.kb-ruling").count()
    about = page.locator("select[data-kb-filter='about']")
    about.focus()  # by keyboard: the select takes the arrow keys
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")
    chosen = about.input_value()
    assert chosen
    kept = visible(page)
    assert 0 < len(kept) < every and count(page) == (len(kept), every)
    for ruling in kept:  # every ruling left is about that page, and every ruling about it is left
        assert chosen in page.locator(f"[id='{ruling}']").get_attribute("data-about").split()
    about_it = page.eval_on_selector_all(
        "h3.kb-ruling", "(hs, c) => hs.filter(h => h.dataset.about.split(' ').includes(c)).length", chosen)
    assert about_it == len(kept)
    # a chapter with no ruling left goes with them; its table-of-contents entry too
    assert page.locator("h2.kb-rulings-chapter:visible").count() < page.locator("h2.kb-rulings-chapter").count()
    if width > 1220:  # the table of contents shows at this width
        hidden = next(h for h in page.eval_on_selector_all("h3.kb-ruling", "hs => hs.map(h => h.id)") if h not in kept)
        assert not page.locator(f".md-sidebar--secondary a[href='#{hidden}']").is_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= width, "the page scrolls sideways"
    box = about.bounding_box()
    assert box and box["x"] >= 0 and box["x"] + box["width"] <= width
    page.click("[data-kb-reset]")
    assert count(page) == (every, every)


def test_without_the_script_every_ruling_shows_and_no_dead_filter(browser: Browser, site_url: str) -> None:  # noqa: F811
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(site_url + "/maharaja/faq/")
    assert len(visible(page)) == page.locator("h3.kb-ruling").count() > 0
    assert not page.locator("[data-kb-rulings]").is_visible()
    context.close()


def test_a_filter_offers_only_the_values_present_and_only_when_there_is_a_choice(catalog) -> None:
    from catalog.kinds import Ruling
    from outputs.pages.rulings import Placed, filters

    rulings = catalog.typed("rulings", Ruling, "caylus")
    faq = [r for r in rulings if r.ruled_by == "rulebook-faq"][:3]
    titles = {"rules-turn": "The turn", "rules-end": "The end", "buildings": "Buildings"}
    one_kind = [Placed(r, "rules-turn", i, ("rules-turn",)) for i, r in enumerate(faq)]
    html = filters(one_kind, titles, {"rules-turn", "rules-end"})
    assert 'data-kb-filter="by"' not in html and 'data-kb-filter="status"' not in html and 'data-kb-filter="about"' not in html
    assert "3 rulings" in html and " hidden>" in html  # shown by the script only
    mixed = [Placed(faq[0].model_copy(update={"ruled_by": "designer", "status": "withdrawn"}), "rules-turn", 0, ("rules-turn",)),
             Placed(faq[1], "rules-end", 1, ("rules-end", "buildings")), Placed(faq[2], "rules-end", 2, ("rules-end",))]
    html = filters(mixed, titles, {"rules-turn", "rules-end"})
    by = html.split('data-kb-filter="by"')[1].split("</select>")[0]
    assert [o for o in ("FAQ", "Rulebook text", "Designer", "Publisher") if f">{o}</option>" in by] == ["FAQ", "Designer"]
    status = html.split('data-kb-filter="status"')[1].split("</select>")[0]
    assert '<option value="current" selected>' in status and ">Withdrawn<" in status and "Superseded" not in status
    about = html.split('data-kb-filter="about"')[1].split("</select>")[0]
    assert about.index('<optgroup label="The rules">') < about.index(">The turn<") < about.index(">The end<") \
        < about.index("<optgroup label=\"The game&#x27;s other pages\">") < about.index(">Buildings<")
