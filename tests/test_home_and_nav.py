"""The home page and the navigation keep their promises: every registered game has quick answers from
its game entry, each landing on the anchor it names; the suggested searches show the game they name;
the README's "What is here" names every registered game; a page's navigation label is its title; the
built pages count cubes in words."""

from __future__ import annotations

import json
import re
from pathlib import Path

from bs4 import BeautifulSoup

from catalog import Catalog
from catalog.kinds import Game
from games import REGISTRY
from kb.project import Project
from outputs.search.store import search_json

ROOT = Path(__file__).resolve().parent.parent
SUGGESTED = {"provost": "caylus", "intéző": "caylus", "burmistrz": "caylus", "gerenda": "duel", "palota": "maharaja",
             "kódex": "viscounts"}
"""The words the home page suggests trying in the search, and the game whose entries they should bring up."""


def section(markdown: str, heading: str) -> str:
    """The text under a ``## heading`` up to the next heading of that level."""
    found = re.search(rf"^## {re.escape(heading)}\n(.*?)(?=^## |\Z)", markdown, re.S | re.M)
    assert found, f"no section {heading!r}"
    return found.group(1)


def test_readme_what_is_here_names_every_registered_game(catalog: Catalog) -> None:
    here = section((ROOT / "README.md").read_text(encoding="utf-8"), "What is here")
    missing = [catalog.get(m.game).names.en for m in REGISTRY.modules if catalog.get(m.game).names.en not in here]
    assert not missing, f"README's 'What is here' does not name {missing}"
    assert len(REGISTRY.modules) >= 4


def test_every_registered_game_has_quick_answers(catalog: Catalog) -> None:
    for module in REGISTRY.modules:
        game = catalog.typed("games", Game, module.game)[0]
        assert game.quick_answers, f"{module.game} has no quick answers in its game entry"


def test_quick_answers_land_where_they_promise(built: Project, catalog: Catalog) -> None:
    home = BeautifulSoup((built.site / "index.html").read_text(encoding="utf-8"), "html.parser")
    heading = home.find(id="quick-answers")
    assert heading is not None
    links = []
    for sibling in heading.find_next_siblings():
        if sibling.name == "h2":
            break
        links += sibling.find_all("a", href=True) if sibling.name != "a" else [sibling]
    asked = {q.question: q.answer for m in REGISTRY.modules for q in catalog.typed("games", Game, m.game)[0].quick_answers}
    assert {a.get_text(strip=True) for a in links} == set(asked)
    for a in links:
        path, _, anchor = a["href"].partition("#")
        assert anchor == asked[a.get_text(strip=True)], a
        page = BeautifulSoup((built.site / path / "index.html").read_text(encoding="utf-8"), "html.parser")
        assert page.find(id=anchor) is not None, f"{a['href']}: the page has no anchor {anchor}"


def test_suggested_searches_show_the_game_they_name(built: Project) -> None:
    intro = (ROOT / "docs" / "index.md").read_text(encoding="utf-8").split("## ")[0]
    assert set(re.findall(r"\*([^*\s]+)\*", intro)) == set(SUGGESTED)
    for word, game in SUGGESTED.items():
        top = json.loads(search_json(built.build / "kb.db", word, limit=3))
        assert len(top) == 3 and all(r["game"] == game for r in top), (word, [r["entity_id"] for r in top])


MISCOUNTED = re.compile(r"\b(?:[02-9]|\d\d+) [a-z]+ cube\b|\b1 [a-z]+ cubes\b|\b\d+[a-z]{2,}\b(?<!\d(?:st|nd|rd|th))")
"""``2 wood cube``, ``1 gold cubes``, ``3deniers`` (an ordinal such as ``21st`` is fine)."""


def test_the_built_site_counts_cubes_in_words(built: Project) -> None:
    buildings = (built.site / "caylus" / "buildings" / "index.html").read_text(encoding="utf-8")
    assert "Produce 2 wood cubes" in buildings and "3 wood cubes + 2 gold cubes" in buildings
    assert "Produce 1 stone cube (compulsory)" in buildings
    wrong = []
    for page in sorted(built.site.rglob("index.html")):
        soup = BeautifulSoup(page.read_text(encoding="utf-8"), "html.parser")
        for notation in soup.select("pre, code, script"):  # the engine's notation is shown as code, on purpose
            notation.decompose()
        words = " ".join(soup.get_text(" ").split())
        wrong += [f"{page.relative_to(built.site)}: {m.group(0)}" for m in MISCOUNTED.finditer(words)]
    assert not wrong, "\n".join(wrong[:20])
    assert MISCOUNTED.search("Produce 2 wood cube") and MISCOUNTED.search("takes 3deniers")
    assert not MISCOUNTED.search("a 21st gold cube, 1 wood cube, 2 wood cubes")


def nav_mismatches(html: str) -> list[str]:
    """A page whose active navigation link does not read as its first heading."""
    soup = BeautifulSoup(html, "html.parser")
    h1 = soup.find("h1")
    active = soup.select("a.md-nav__link--active")
    if h1 is None or not active:
        return []
    for anchor in h1.select("a.headerlink"):
        anchor.decompose()
    title = " ".join(h1.get_text().split())
    labels = {" ".join(a.get_text().split()) for a in active}
    return [] if title in labels else [f"nav says {sorted(labels)}, the page's title is {title!r}"]


def test_nav_labels_are_the_page_titles(built: Project) -> None:
    wrong, seen = [], 0
    for page in sorted(built.site.rglob("index.html")):
        if page.parent == built.site:
            continue  # the home page: "Home" in the navigation, the site's name as its title
        html = page.read_text(encoding="utf-8")
        seen += "md-nav__link--active" in html
        wrong += [f"{page.relative_to(built.site)}: {m}" for m in nav_mismatches(html)]
    assert seen > 50
    assert not wrong, "\n".join(wrong)


def test_the_nav_check_sees_a_different_label() -> None:
    page = ('<nav><a class="md-nav__link md-nav__link--active" href="#">Player board and collisions</a></nav>'
            '<h1>Player board, buildings and collisions<a class="headerlink" href="#">¶</a></h1>')
    assert nav_mismatches(page)
    assert not nav_mismatches(page.replace("Player board and collisions", "Player board, buildings and collisions"))
