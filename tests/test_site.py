"""The site: strict build, an anchor for every catalog entry, offline, searchable in three languages."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from urllib.parse import urlparse

import pytest
from bs4 import BeautifulSoup

from engine.registry import GAMES
from kb.build import BuildError, build
from games import REGISTRY
from outputs.pages.layout import Layout

LOCAL_HOSTS = {"127.0.0.1", "localhost", "::1"}


def soup(site: Path, page: str) -> BeautifulSoup:
    return BeautifulSoup((site / page / "index.html").read_text(encoding="utf-8"), "html.parser")


def test_every_catalog_entry_has_an_anchor_on_its_page(built, catalog) -> None:
    pages: dict[str, BeautifulSoup] = {}
    missing = []
    for entry_id in catalog.entries:
        page = Layout(catalog, REGISTRY).page_of(entry_id)
        if page not in pages:
            pages[page] = soup(built.site, page)
        if pages[page].find(id=entry_id) is None:
            missing.append(f"{entry_id} (expected on {page})")
    assert not missing, "entries without a page anchor:\n" + "\n".join(missing)


def test_building_and_term_anchors_are_headings_with_names(built, catalog) -> None:
    buildings = soup(built.site, "caylus/buildings/")
    for b in catalog.of_kind("buildings"):
        heading = buildings.find(id=b.id)
        assert heading.name in ("h2", "h3"), b.id
        section = heading.find_next("p").get_text()
        for name in (b.names.hu, b.names.pl):
            if name:
                assert name in section, (b.id, name)
    for game in ("caylus", "duel"):
        glossary = soup(built.site, f"{game}/glossary/")
        for t in catalog.of_kind("terms", game):
            heading = glossary.find(id=t.id)
            assert heading.name == "h2", t.id
            assert t.names.hu in heading.find_next("p").get_text(), t.id


def test_no_resource_is_loaded_from_another_host(built) -> None:
    offenders = []
    for html in built.site.rglob("*.html"):
        page = BeautifulSoup(html.read_text(encoding="utf-8"), "html.parser")
        for tag, attr in (("script", "src"), ("link", "href"), ("img", "src"), ("iframe", "src"),
                          ("source", "src"), ("video", "src"), ("audio", "src"), ("embed", "src")):
            for element in page.find_all(tag):
                url = element.get(attr)
                if tag == "link" and "stylesheet" not in (element.get("rel") or []) and "preload" not in (element.get("rel") or []) and "icon" not in (element.get("rel") or []):
                    continue
                host = urlparse(url or "").hostname
                if host and host not in LOCAL_HOSTS:
                    offenders.append(f"{html.relative_to(built.site)}: <{tag} {attr}={url}>")
    assert not offenders, "\n".join(offenders)
    css = "".join(p.read_text(encoding="utf-8", errors="replace") for p in built.site.rglob("*.css"))
    assert "fonts.googleapis.com" not in css and "fonts.gstatic.com" not in css


def test_no_page_shows_an_assumptions_field_name(built) -> None:
    # an assumption the engine plays with is named in words on the site ("assumed start space"),
    # never by its catalog field (assumed_start_space)
    offenders = []
    for html in built.site.rglob("*.html"):
        text = BeautifulSoup(html.read_text(encoding="utf-8"), "html.parser").get_text(" ")
        offenders += [f"{html.relative_to(built.site)}: {m.group()}" for m in re.finditer(r".{30}assumed_\w*.{10}", text)]
    assert not offenders, "\n".join(offenders[:10])


def test_search_index_has_every_building_on_its_page_with_its_names_and_no_hidden_forms(built, catalog) -> None:
    """The site's own index (search/index.json): every building under its page with its HU and PL
    names, small enough to load at once; pages carry no hidden blocks of word forms any more."""
    path = built.site / "search" / "index.json"
    assert path.stat().st_size <= 1_000_000
    index = json.loads(path.read_text(encoding="utf-8"))
    assert index["definition"]["suffixes"]["hu"] and index["definition"]["stop_words"]["pl"]
    by_id = {doc[0]: doc for doc in index["docs"]}
    for b in catalog.of_kind("buildings"):
        doc = by_id.get(b.id)
        assert doc, f"{b.id} not in the search index"
        assert doc[4] == "caylus/buildings/"
        for name in (b.names.hu, b.names.pl):
            if name:
                assert name in doc[5], (b.id, name)
    pages = "".join(p.read_text(encoding="utf-8") for p in built.site.rglob("*.html"))
    assert "Search forms:" not in pages and "kb-search-forms" not in pages
    assert not (built.site / "search" / "search_index.json").exists()  # no lunr index


def test_links_to_datasette_rows(built) -> None:
    """Each entry's row in the API is linked from its collapsed Sources block."""
    page = soup(built.site, "caylus/buildings/")
    links = [a["href"] for d in page.find_all("details", class_="kb-sources") for a in d.find_all("a")
             if a.get_text() == "this entry in the API"]
    assert "http://127.0.0.1:8001/kb/buildings/caylus~2Ebuilding~2Echurch" in links


def test_markup_in_catalog_text_is_escaped(project) -> None:
    buildings = project.data / "buildings.yaml"
    planted = "<script>alert('planted')</script>"
    buildings.write_text(buildings.read_text(encoding="utf-8").replace(
        "names: {en: Bank,", f'names: {{en: "Bank {planted}",', 1).replace(
        "    en: Bank\n", f'    en: "Bank {planted}"\n', 1), encoding="utf-8")
    assert planted in buildings.read_text(encoding="utf-8")
    build(project)
    html = (project.site / "caylus" / "buildings" / "index.html").read_text(encoding="utf-8")
    page = BeautifulSoup(html, "html.parser")
    assert not [s for s in page.find_all("script") if "planted" in (s.string or "")]
    assert "&lt;script&gt;alert" in html


def test_a_failing_site_build_leaves_the_previous_build_untouched(project) -> None:
    build(project)
    before = {p: p.read_bytes() for p in [project.build / "kb.db", project.site / "caylus" / "buildings" / "index.html"]}
    (project.docs / "index.md").write_text("# Home\n\n[a broken link](missing-page.md)\n", encoding="utf-8")
    with pytest.raises(BuildError):
        build(project)
    assert {p: p.read_bytes() for p in before} == before
    builds = project.root / ".builds"  # the current build's folder only: the failed build's is removed
    assert [p.name for p in builds.iterdir() if p.name != "current"] == [os.readlink(builds / "current")]


def test_a_scenario_whose_given_makes_no_position_refuses_the_build(project) -> None:
    """An impossible position is bad input, like a malformed file: the build stops at it (naming its
    line and field) before anything is written, while a scenario whose steps fail is built and shown
    as failed (test_walkthroughs)."""
    from engine.scenario import ScenarioError

    planted = project.root / "scenarios" / "caylus" / "zz-impossible.yaml"
    planted.write_text("scenarios:\n  - id: caylus.scenario.impossible-turn\n    game: caylus\n"
                       "    options: {players: [red, blue]}\n    given:\n      turn: -1\n    steps: [red pass]\n",
                       encoding="utf-8")
    with pytest.raises(ScenarioError) as refused:
        build(project)
    (problem,) = refused.value.problems
    assert problem.file.endswith("zz-impossible.yaml") and problem.line == 5 and "turn" in problem.message
    assert not project.build.exists() and not project.site.exists()
    builds = project.root / ".builds"  # the refused build's folder is removed
    assert not builds.exists() or not any(p.name.startswith("b-") for p in builds.iterdir())


def test_generated_pages_are_written_to_build_docs(built) -> None:
    generated = built.build / "docs" / "caylus" / "buildings.md"
    assert generated.is_file()
    catalog = REGISTRY.load(built.data)
    assert all(f"{{#{b.id}}}" in generated.read_text(encoding="utf-8") for b in catalog.of_kind("buildings"))


def test_disputed_examples_show_the_engine_verdict_on_the_discrepancies_page(built) -> None:
    from engine.scenario import load_all

    page = soup(built.site, "caylus/discrepancies/")
    disputed = [s for s in load_all() if s.raw.get("claims")]
    assert disputed, "the project has disputed examples (e.g. the PL lawyer example)"
    for scenario in disputed:
        heading = page.find(id=scenario.raw["discrepancy"])
        section_text, links = "", []
        for sibling in heading.find_next_siblings():
            if sibling.name == "h2":
                break
            section_text += sibling.get_text(" ")
            links += [a["href"] for a in sibling.select("a.kb-walkthrough")]
        # the verdict in words, and the walkthrough as one line linking to it in full
        assert "engine's verdict" in section_text and any(h.endswith(f"#{scenario.id}") for h in links), scenario.id


def test_examples_page_marks_each_example_checked(built, catalog) -> None:
    """An example of a game with an engine is checked in this build; one of a game whose engine has
    not come yet, or that no scenario plays yet (the Viscounts solo examples), says plainly that nothing plays it."""
    from engine.scenario import load_all

    played = {e for s in load_all() for e in (s.raw.get("examples") or [])}
    assert all(e.id in played for e in catalog.of_kind("examples") if e.game in GAMES and e.game != "viscounts")
    for example in catalog.of_kind("examples"):
        page = soup(built.site, f"{example.game}/examples/")
        heading = page.find(id=example.id)
        if example.id in played:  # its walkthrough, one line linking to it in full
            following = heading.find_next("a", class_="kb-walkthrough")
            assert following["title"] == "Checked by the engine in this build" and following.find_previous("h2") is heading, example.id
        else:
            assert "No scenario plays this example yet" in heading.find_next(class_="admonition").get_text(), example.id
