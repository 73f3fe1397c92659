"""Light pages (issue 28): no page of the built site over 250 KB of HTML; every walkthrough shown in
full exactly once on the site, and everywhere else as a one-liner whose link lands on it."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from urllib.parse import unquote, urljoin

from bs4 import BeautifulSoup

from engine.scenario import load_all

LIMIT = 250 * 1024


def pages(site: Path) -> dict[str, BeautifulSoup]:
    """Every HTML page of the site by its address relative to the site root (``caylus/rules-castle/``)."""
    found = {}
    for path in sorted(site.rglob("index.html")):
        address = path.parent.relative_to(site).as_posix()
        found["" if address == "." else address + "/"] = BeautifulSoup(path.read_text(encoding="utf-8"), "html.parser")
    return found


def test_no_page_is_over_250_kb(built) -> None:  # type: ignore[no-untyped-def]
    sizes = {p.relative_to(built.site).as_posix(): p.stat().st_size for p in built.site.rglob("*.html")}
    assert len(sizes) > 100
    heavy = {page: size for page, size in sizes.items() if size > LIMIT}
    assert not heavy, f"pages over {LIMIT} bytes: {heavy}"


def test_every_walkthrough_is_shown_in_full_once_and_every_one_liner_lands_on_it(built) -> None:  # type: ignore[no-untyped-def]
    site = pages(built.site)
    scenarios = {s.id for s in load_all()}
    full: Counter[str] = Counter()
    where: dict[str, str] = {}
    for address, page in site.items():
        # the full walkthrough: a heading with the scenario's id, and its engine notation naming it
        for heading in page.find_all(["h2", "h3"], id=lambda i: i in scenarios):
            full[heading["id"]] += 1
            where[heading["id"]] = address
            notation = heading.find_next("details")
            assert notation is not None and heading["id"] in notation.get_text(), (address, heading["id"])
    assert set(full) == scenarios, f"never shown in full: {sorted(scenarios - set(full))[:10]}"
    assert not [s for s, n in full.items() if n > 1], [s for s, n in full.items() if n > 1]
    links = 0
    for address, page in site.items():
        for link in page.select("a.kb-walkthrough"):
            target = unquote(urljoin("https://site/" + address, link["href"]).removeprefix("https://site/"))
            landing, _, anchor = target.partition("#")
            assert anchor in scenarios and where[anchor] == landing, (address, link["href"])
            links += 1
        for link in page.select("li > a.kb-walkthrough + a[href^='#']"):  # a second mention points to the first
            assert page.find(id=link["href"][1:]) is not None, (address, link["href"])
    rules_castle = site["caylus/rules-castle/"]
    assert len(rules_castle.select("a.kb-walkthrough")) > 40 and not rules_castle.select("details:not(.kb-sources):not(.kb-rulings-more)")
    assert links > len(scenarios)


def test_a_walkthrough_met_twice_on_a_page_points_to_its_first_mention(built) -> None:  # type: ignore[no-untyped-def]
    page = pages(built.site)["caylus/rules-castle/"]
    seen: Counter[str] = Counter(a["href"] for a in page.select("a.kb-walkthrough"))
    twice = [href for href, n in seen.items() if n > 1]
    assert twice, "a Caylus castle walkthrough illustrates two rules of the page"
    for href in twice:
        first, *others = [a.parent for a in page.select("a.kb-walkthrough") if a["href"] == href]
        assert " as under " not in first.get_text() and len(first.get_text()) > len(first.a.get_text()) + 20
        for item in others:
            assert "as under" in item.get_text(), item.get_text()
