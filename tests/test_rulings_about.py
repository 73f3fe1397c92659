"""The rulings about an entry (issue 30): one definition (outputs.terms.rulings_about) that the API's
``rulings_about`` query answers for any entry of any game, by id or by name, and that the site shows
as "Rulings: ..." under components, cards, buildings, terms and rules; a superseded ruling struck
through with a link to the ruling that replaced it."""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path

import markdown
import pytest
import yaml
from bs4 import BeautifulSoup, Tag

from catalog import Catalog
from conftest import ROOT
from games import REGISTRY
from outputs.database.build import build_database
from outputs.database.plugin import register_functions
from outputs.database.queries import all_queries
from outputs.pages.layout import Layout
from outputs.pages.rules import rules_page
from outputs.pages.writer import RULINGS_SHOWN, PageWriter
from outputs.search import HitLinks
from outputs.terms import TermLinker, rulings_about
from kb.serve import datasette_app

# per game: a component, a card (Caylus has none: a building tile), a rule; each has rulings about it
ENTRIES = {
    "caylus": ("caylus.component.provost", "caylus.building.gate", "caylus.overview.town"),
    "duel": ("duel.component.character-marker", "duel.card.a-income", "duel.setup.power"),
    "maharaja": ("maharaja.component.architect", "maharaja.character.builder", "maharaja.overview.board"),
    "viscounts": ("viscounts.component.silver", "viscounts.card.abbot", "viscounts.components.contents"),
}
CASES = [(game, entry_id) for game, ids in ENTRIES.items() for entry_id in ids]


def about(catalog: Catalog, game: str) -> dict[str, list[str]]:
    module = REGISTRY.module(game)
    return rulings_about(catalog, game, TermLinker(catalog, game, module.linked_kinds))


def rulings_line(page: BeautifulSoup, entry_id: str) -> Tag | None:
    line = page.find("p", class_="kb-rulings", attrs={"data-about": entry_id})
    return line if isinstance(line, Tag) else None


def listed(line: Tag) -> list[str]:
    """The ids of the rulings a "Rulings:" line links to (its other links go to the API or a referent)."""
    return [a["href"].split("#", 1)[1] for a in line.find_all("a") if ".ruling." in a.get("href", "")]


def test_the_definition_counts_what_a_ruling_concerns_and_what_its_discrepancy_affects(catalog: Catalog) -> None:
    from catalog.kinds import Discrepancy, Ruling

    for module in REGISTRY.modules:
        found = about(catalog, module.game)
        for ruling in catalog.typed("rulings", Ruling, module.game):
            for entry_id in ruling.concerns:
                assert ruling.id in found[entry_id], (ruling.id, entry_id)
            if ruling.discrepancy:
                discrepancy = catalog.get(ruling.discrepancy)
                assert isinstance(discrepancy, Discrepancy)
                for entry_id in discrepancy.affects:
                    assert ruling.id in found[entry_id], (ruling.id, entry_id)


@pytest.mark.parametrize(("game", "entry_id"), CASES)
async def test_the_api_gives_the_rulings_about_an_entry_by_id_and_by_name(built, catalog: Catalog, game: str,
                                                                          entry_id: str) -> None:
    expected = about(catalog, game)[entry_id]
    assert expected, f"{entry_id}: no ruling is about it"
    datasette = datasette_app(built)
    by_id = (await datasette.client.get(f"/kb/rulings_about.json?entry={entry_id}&_shape=array")).json()
    assert [r["id"] for r in by_id] == expected
    rulings = {r.id: r for r in catalog.of_kind("rulings", game)}
    for row in by_id:
        ruling = rulings[row["id"]]
        assert row["question"] == getattr(ruling, "question") and row["status"] == getattr(ruling, "status")
        assert [s["text"] for s in row["answer"]] == [s.text for s in getattr(ruling, "answer")]
        assert row["ruled_by"] == getattr(ruling, "ruled_by") and row["superseded_by"] is None
        assert row["url"].endswith(f"/#{row['id']}") and row["url"].startswith("http") and row["about"] == entry_id
    name = catalog.get(entry_id).names.en
    by_name = (await datasette.client.get("/kb/rulings_about.json", params={"entry": name, "game": game, "_shape": "array"})).json()
    assert set(expected) <= {r["id"] for r in by_name}, name
    assert all(entry_id in r["about"].split(", ") for r in by_name if r["id"] in expected)


async def test_the_api_finds_an_entry_of_any_game_by_name_and_names_the_entries_found(built) -> None:
    datasette = datasette_app(built)
    rows = (await datasette.client.get("/kb/rulings_about.json?entry=Builder&_shape=array")).json()
    about_builder = {r["id"] for r in rows if "maharaja.character.builder" in r["about"].split(", ")}
    assert about_builder and len({r["game"] for r in rows}) > 1  # Viscounts' builder icon too: every game is asked
    one_game = (await datasette.client.get("/kb/rulings_about.json?entry=Builder&game=maharaja&_shape=array")).json()
    assert {r["id"] for r in one_game} == {r["id"] for r in rows if r["game"] == "maharaja"} >= about_builder
    none = await datasette.client.get("/kb/rulings_about.json?entry=no-such-entry&_shape=array")
    assert none.status_code == 200 and none.json() == []
    refused = await datasette.client.get("/kb/rulings_about.json?entry=Builder&game=chess")
    assert refused.status_code == 400 and "game=chess" in refused.json()["error"]


@pytest.mark.parametrize(("game", "entry_id"), CASES)
def test_the_site_shows_the_rulings_under_the_entry(built, catalog: Catalog, game: str, entry_id: str) -> None:
    expected = about(catalog, game)[entry_id]
    page_path = Layout(catalog, REGISTRY).page_of(entry_id).split("#")[0]
    page = BeautifulSoup((built.site / page_path / "index.html").read_text(encoding="utf-8"), "html.parser")
    line = rulings_line(page, entry_id)
    assert line is not None, f"no Rulings line under {entry_id} on {page_path}"
    # the line belongs to the entry: the last heading before it is the entry's
    assert line.find_previous(re.compile("^h[1-6]$")).get("id") == entry_id
    assert line.get_text().startswith("Rulings:")
    assert listed(line) == expected[:RULINGS_SHOWN]
    everything = [a for a in line.find_all("a") if "/kb/rulings_about" in a["href"]]
    assert len(everything) == (len(expected) > RULINGS_SHOWN)
    if everything:
        assert everything[0]["href"].endswith(f"?entry={entry_id}") and everything[0].get_text() == f"all {len(expected)} rulings"


def test_every_entry_page_lists_the_rulings_of_every_entry_it_shows(built, catalog: Catalog) -> None:
    """Not only the chosen entries: every component, card and rule with rulings has its line."""
    layout = Layout(catalog, REGISTRY)
    pages: dict[str, BeautifulSoup] = {}
    shown, referred = 0, list[str]()
    for module in REGISTRY.modules:
        for entry_id, ids in about(catalog, module.game).items():
            kind = catalog.kind_of(entry_id).key
            if kind in ("rulings", "discrepancies", "examples", "sources", "games"):
                continue
            path = layout.page_of(entry_id).split("#")[0]
            if path not in pages:
                pages[path] = BeautifulSoup((built.site / path / "index.html").read_text(encoding="utf-8"), "html.parser")
            if pages[path].find(id=entry_id) is None:
                continue  # an entry shown inside a table, without a block of its own
            line = rulings_line(pages[path], entry_id)
            assert line is not None, f"{entry_id} ({kind}) on {path}: no Rulings line"
            shown += 1
            if "listed under" in line.get_text():  # a term's rulings shown under the entry it stands for
                referent = line.find_all("a")[-1]["href"].split("#", 1)[1]
                assert referent == getattr(catalog.get(entry_id), "refers_to"), entry_id
                referred.append(referent)
    assert shown > 300 and len(referred) > 50
    for referent in referred:
        path = layout.page_of(referent).split("#")[0]
        page = pages.get(path) or BeautifulSoup((built.site / path / "index.html").read_text(encoding="utf-8"), "html.parser")
        assert rulings_line(page, referent) is not None, referent


SUCCESSOR = """
  - id: maharaja.ruling.empty-village-revised
    game: maharaja
    names: {en: "Passing a village without houses (revised)"}
    question: "May the architect still cross a village whose only house was moved away?"
    answer:
      - {text: "No: the road stays closed until a house stands in the village again.", rules: [maharaja.travel.empty-village]}
    ruled_by: project
    discrepancy: maharaja.discrepancy.empty-village-stated-thrice
    status: current
    supersedes: maharaja.ruling.empty-village
    concerns: [maharaja.travel.empty-village]
"""
OLD = "maharaja.ruling.empty-village"
NEW = "maharaja.ruling.empty-village-revised"
RULE = "maharaja.travel.empty-village"


@pytest.fixture(scope="module")
def superseded(tmp_path_factory: pytest.TempPathFactory) -> tuple[Catalog, Path]:
    """The real catalogs with one ruling superseded by a new one (a copy of data/ with the new ruling added)."""
    import shutil

    data = tmp_path_factory.mktemp("superseded") / "data"
    shutil.copytree(ROOT / "data", data)
    path = data / "maharaja-rulings.yaml"
    text = path.read_text(encoding="utf-8")
    start = text.index(f"- id: {OLD}\n")
    status = text.index("    status: current\n", start)
    text = text[:status] + "    status: superseded\n" + text[status + len("    status: current\n"):]
    path.write_text(text.rstrip("\n") + "\n" + SUCCESSOR, encoding="utf-8")
    assert yaml.safe_load(path.read_text(encoding="utf-8"))  # still YAML
    catalog = REGISTRY.load(data, display_root=data.parent)
    assert catalog.get(OLD).status == "superseded"  # type: ignore[attr-defined]
    return catalog, data.parent


def test_a_superseded_ruling_is_struck_through_and_links_its_successor_on_the_site(superseded) -> None:  # type: ignore[no-untyped-def]
    catalog, _ = superseded
    layout = Layout(catalog, REGISTRY)
    writer = PageWriter(catalog, REGISTRY.module("maharaja"), layout, "http://127.0.0.1:8001", results=[])
    page_name = layout.rule_page(catalog.get(RULE))  # type: ignore[arg-type]
    html = markdown.markdown(rules_page(writer, page_name), extensions=["attr_list", "admonition", "pymdownx.details",
                                                                         "pymdownx.superfences"])
    line = rulings_line(BeautifulSoup(html, "html.parser"), RULE)
    assert line is not None
    struck = line.find("del")
    assert struck is not None and struck.a["href"].endswith(f"#{OLD}")
    assert struck.get_text() == catalog.get(OLD).question  # type: ignore[attr-defined]
    successor = struck.find_next_sibling("a")
    assert successor is not None and successor["href"].endswith(f"#{NEW}")
    assert "superseded by" in line.get_text() and successor.get_text() == "the ruling that replaced it"


def test_a_superseded_ruling_says_so_and_names_its_successor_in_the_api(superseded, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    catalog, _ = superseded
    path = tmp_path / "kb.db"
    build_database(catalog, REGISTRY, path, page_of=Layout(catalog, REGISTRY).page_of)
    query = next(q for q in all_queries(REGISTRY) if q.name == "rulings_about")
    conn = sqlite3.connect(path)
    conn.row_factory = sqlite3.Row
    register_functions(conn, str(path), HitLinks("https://example.org", "/kb"))
    rows = {r["id"]: r for r in conn.execute(query.sql, {"entry": RULE, "game": ""})}
    conn.close()
    assert rows[OLD]["status"] == "superseded" and rows[OLD]["superseded_by"] == NEW
    assert rows[NEW]["status"] == "current" and rows[NEW]["superseded_by"] is None
    assert rows[OLD]["url"] == f"https://example.org/maharaja/our-rulings/#{OLD}"
