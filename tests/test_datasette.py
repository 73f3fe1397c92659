"""Datasette answers the canned queries and the search cases through its in-process client."""

from __future__ import annotations

import json
from urllib.parse import quote

import pytest
from datasette.app import Datasette


@pytest.fixture
def datasette(built) -> Datasette:
    metadata = json.loads((built.build / "metadata.json").read_text(encoding="utf-8"))
    return Datasette([str(built.build / "kb.db")], immutables=[], metadata=metadata, settings={"sql_time_limit_ms": 1000})


async def rows(datasette: Datasette, path: str) -> list[dict]:
    response = await datasette.client.get(path)
    assert response.status_code == 200, (path, response.text[:500])
    return response.json()


@pytest.mark.parametrize("query, expected", [
    ("kamieniolom", "caylus.building.quarry-neutral"),
    ("Kamieniołom", "caylus.building.quarry-neutral"),
    ("kőfejtőben", "caylus.building.quarry-neutral"),
    ("kofejto", "caylus.building.quarry-neutral"),
    ("Quarry", "caylus.building.quarry-neutral"),
    ("templom", "caylus.building.church"),
    ("kosciol", "caylus.building.church"),
    ("łaska", "caylus.term.royal-favour"),
    ("laska", "caylus.term.royal-favour"),
    # the Builders Duel, searched like Caylus: Hungarian case forms, no accents, German names
    ("pecsétoszlop", "duel.term.seal-stack"),
    ("pecsetoszlop", "duel.term.seal-stack"),
    ("hatalomjelzőt", "duel.term.power-marker"),
    ("Machtzeichen", "duel.term.power-marker"),
    ("Mathilde", "duel.card.maud"),
    ("Fülöp", "duel.term.prior-philip"),
    # Maharaja: Hungarian case forms, no accents
    ("vándorszerzetes", "maharaja.character.wandering-monk"),
    ("vandorszerzetes", "maharaja.character.wandering-monk"),
    ("vándorszerzetesnek", "maharaja.character.wandering-monk"),
    ("kormányzósáv", "maharaja.term.governor-track"),
    ("kormanyzosavon", "maharaja.governor-track"),
    ("palotát", "maharaja.term.palace"),
    ("palotat", "maharaja.term.palace"),
    ("szádhu", "maharaja.character.sadhu"),
    ("szadhut", "maharaja.character.sadhu"),
    # Viscounts: Hungarian case forms, no accents, the text's own spellings
    ("kódexet", "viscounts.term.manuscript"),
    ("kodex", "viscounts.term.manuscript"),
    ("várkastélyban", "viscounts.term.castle"),
    ("vesztegetés", "viscounts.term.corruption"),
    ("vesztegetes-jelolot", "viscounts.term.corruption-marker"),
    ("kalamárist", "viscounts.term.ink-well"),
    ("városháza", "viscounts.term.guildhall"),
    ("adósságkártya", "viscounts.term.debt"),
    ("okiratot", "viscounts.term.deed"),
    ("elbocsatas", "viscounts.term.dismiss"),
    ("utkozes", "viscounts.term.collision"),
    ("szegénység-kártyára", "viscounts.term.poverty-card"),
    # Viscounts: Hungarian card names and terms, inflected, with and without accents
    ("favágó", "viscounts.card.woodcutter-2"),
    ("favagot", "viscounts.card.woodcutter-2"),
    ("Favágónak", "viscounts.card.woodcutter-3"),
    ("uzsorás", "viscounts.card.racketeer-1"),
    ("uzsorast", "viscounts.card.racketeer-2"),
    ("kőművest", "viscounts.card.mason"),
    ("oltárszolga", "viscounts.card.acolyte"),
    ("házaló árusa", "viscounts.card.peddler-2-ink"),
    ("adóslevelet", "viscounts.debt"),
    ("okiratot", "viscounts.deed"),
    ("uralkodó-kártya", "viscounts.bonus.castle-leader"),
])
async def test_search_query(datasette: Datasette, query: str, expected: str) -> None:
    found = await rows(datasette, f"/kb/search.json?q={query}&_shape=array")
    assert expected in [r["entity_id"] for r in found], found


async def test_buildings_producing_a_resource_named_in_any_language(datasette: Datasette) -> None:
    for word in ("stone", "kő", "kamień", "kamien"):
        found = {r["id"] for r in await rows(datasette, f"/kb/buildings_producing.json?resource={word}&_shape=array")}
        assert {"caylus.building.quarry-neutral", "caylus.building.quarry-wood", "caylus.building.workshop"} <= found, word
        assert "caylus.building.sawmill-wood" not in found
    gold = {r["id"] for r in await rows(datasette, "/kb/buildings_producing.json?resource=arany&_shape=array")}
    assert {"caylus.building.gold-mine", "caylus.building.bank", "caylus.building.alchemist"} <= gold


async def test_buildings_by_cost(datasette: Datasette) -> None:
    stone = await rows(datasette, "/kb/buildings_by_cost.json?category=stone&_shape=array")
    assert {r["category"] for r in stone} == {"stone"}
    assert [r["cost_total"] for r in stone] == sorted(r["cost_total"] for r in stone)
    every = await rows(datasette, "/kb/buildings_by_cost.json?category=&_shape=array")
    ids = [r["id"] for r in every]
    assert "caylus.building.cathedral" == ids[-1]  # 8 cubes: the dearest
    assert "caylus.building.gate" not in ids  # special buildings cost nothing and are not listed


async def test_term_in_all_languages(datasette: Datasette) -> None:
    for word in ("provost", "intéző", "intézőt", "burmistrz", "burmistrza"):
        found = await rows(datasette, f"/kb/term.json?q={word}&_shape=array")
        assert found and found[0]["id"] == "caylus.term.provost", (word, found[:3])
        assert found[0]["name_hu"] == "intéző" and found[0]["name_pl"] == "burmistrz"


async def test_table_search_with_folded_forms(datasette: Datasette) -> None:
    found = await rows(datasette, "/kb/buildings.json?_search=kamieniolom&_shape=array")
    assert {r["id"] for r in found} == {"caylus.building.quarry-neutral", "caylus.building.quarry-wood"}


QUARRIES = {"caylus.building.quarry-neutral", "caylus.building.quarry-wood"}


async def test_every_entry_table_is_searched_by_the_definition(datasette: Datasette) -> None:
    found = await rows(datasette, f"/kb/games.json?_search={quote('építészpárbajban')}&_shape=array")
    assert [r["id"] for r in found] == ["duel"]


@pytest.mark.parametrize("words", ["kőfejtőben", "kamieniołomu", "quarries", "Kőfejtőt"])
async def test_a_table_search_reads_words_as_the_search_query_does(datasette: Datasette, words: str) -> None:
    """Any case ending, accents optional, a Hungarian word finding the English one: the table search
    and the ranked search meet the same words (one definition, outputs/search)."""
    found = {r["id"] for r in await rows(datasette, f"/kb/buildings.json?_search={quote(words)}&_shape=array&_col=name_en")}
    assert found == QUARRIES, words
    ranked = [r["entity_id"] for r in await rows(datasette, f"/kb/search.json?q={quote(words)}&game=caylus&_shape=array")]
    assert QUARRIES & set(ranked[:5]), (words, ranked[:5])


async def test_a_table_search_by_column_and_its_page_show_the_words_as_typed(datasette: Datasette) -> None:
    found = await rows(datasette, f"/kb/buildings.json?_search_search_keys={quote('kőfejtőben')}&_shape=array")
    assert {r["id"] for r in found} == QUARRIES
    page = (await datasette.client.get(f"/kb/buildings?_search={quote('kőfejtőben')}")).text
    assert 'name="_search" value="kőfejtőben"' in page
    # asked for, Datasette's own reading: an FTS5 expression over the keys
    found = await rows(datasette, "/kb/buildings.json?_search=kamieniol*&_searchmode=raw&_shape=array")
    assert {r["id"] for r in found} == QUARRIES


async def test_a_table_search_reads_each_row_by_its_own_games_vocabulary(datasette: Datasette) -> None:
    """In Maharaja the money is gold (its vocabulary), in Caylus gold is a resource beside the deniers."""
    found = {r["id"] for r in await rows(datasette, "/kb/glossary.json?_search=gold&_shape=array&_size=200")}
    assert "maharaja.term.banker" in found  # about money, without the word gold
    assert "caylus.term.resource" in found  # the word itself, in Caylus
    assert "caylus.term.denier" not in found  # Caylus's money is not gold


async def test_a_table_search_too_long_to_read_is_a_400(datasette: Datasette) -> None:
    response = await datasette.client.get("/kb/buildings.json?_search=" + "quarry+" * 100)
    assert response.status_code == 400
    assert response.json()["error"] == "_search: at most 500 characters (this one has 700)"


async def test_rules_mentioning_an_inflected_hungarian_term(datasette: Datasette) -> None:
    plain = {r["id"] for r in await rows(datasette, "/kb/rules_mentioning.json?term=provost&_shape=array")}
    inflected = {r["id"] for r in await rows(datasette, f"/kb/rules_mentioning.json?term={quote('intézőt')}&_shape=array")}
    assert "caylus.overview.officials" in plain and plain == inflected


async def test_row_page_and_facets(datasette: Datasette) -> None:
    response = await datasette.client.get("/kb/buildings/caylus~2Ebuilding~2Echurch.json?_shape=array")
    assert response.status_code == 200
    assert response.json()[0]["cost_text"] == "1 stone cube + 1 cloth cube"
    facets = (await datasette.client.get("/kb/buildings.json?_facet=category")).json()["facet_results"]
    values = {v["value"]: v["count"] for v in facets["category"]["results"]}
    assert values["prestige"] == 9 and values["stone"] == 9 and values["neutral"] == 6


async def test_metadata_describes_tables_and_columns(datasette: Datasette) -> None:
    meta = datasette.metadata()
    tables = meta["databases"]["kb"]["tables"]
    assert tables["buildings"]["columns"]["cost"].startswith("Paid to the stock")
    assert "category" in tables["buildings"]["facets"]
    assert set(meta["databases"]["kb"]["queries"]) == {"search", "buildings_producing", "buildings_by_cost", "term", "building",
                                                       "rulings_about", "rules_mentioning", "failed_examples",
                                                       "gold_by_rank", "character", "freshness",
                                                       "cards_with_icon", "cards_giving_virtue", "card_in_english", "simulated_wins"}


async def test_an_entry_row_page_lists_its_fields_top_to_bottom_and_links_back_to_the_site(built) -> None:
    import sqlite3

    from bs4 import BeautifulSoup

    from kb.serve import datasette_app

    datasette = datasette_app(built)
    plugin = json.loads((built.build / "metadata.json").read_text(encoding="utf-8"))["plugins"]["kb"]
    entry_tables = [t for t, config in plugin["tables"].items() if config["entry"]]
    conn = sqlite3.connect(built.build / "kb.db")
    assert len(entry_tables) == conn.execute("select count(distinct table_name) from entities").fetchone()[0]
    for table in entry_tables:
        entry_id, site_page = conn.execute(
            f"select t.id, e.site_page from [{table}] t join entities e on e.id = t.id order by t.rowid limit 1").fetchone()
        row = (await datasette.client.get(f"/kb/{table}/{entry_id.replace('.', '~2E')}.json")).json()
        response = await datasette.client.get(f"/kb/{table}/{entry_id.replace('.', '~2E')}")
        assert response.status_code == 200, table
        page = BeautifulSoup(response.text, "html.parser")
        assert page.find("table", class_="rows-and-columns") is None, table  # not the one-row table
        fields = page.select("table.kb-entry tr.kb-field")
        assert [tr["data-column"] for tr in fields] == row["columns"], table
        assert [tr.th.contents[0].strip() for tr in fields] == row["columns"], table
        for tr, value in zip(fields, row["rows"][0]):
            if tr.td.pre is not None:  # a JSON column (a JSON value in the API): indented, one member per line
                assert tr.td.pre.get_text() == json.dumps(value, ensure_ascii=False, indent=2), (table, tr["data-column"])
            elif value not in (None, ""):
                assert tr.td.get_text() == str(value), (table, tr["data-column"])
        back = page.find("a", rel="kb-site-page")
        assert back["href"] == f"{plugin['site_url']}/{site_page}", table
    assert "\n  {\n" in page.select_one("tr.kb-field[data-column=sources] pre").get_text()  # the list of sources, indented
    # every entry's address on the site is a page of the built site with the entry's anchor
    pages: dict[str, str] = {}
    for entry_id, site_page in conn.execute("select id, site_page from entities"):
        path, _, anchor = site_page.partition("#")
        if path not in pages:
            pages[path] = (built.site / path / "index.html").read_text(encoding="utf-8")
        assert anchor == entry_id and f'id="{entry_id}"' in pages[path], site_page
    conn.close()


async def test_other_tables_keep_datasettes_row_page(built) -> None:
    from kb.serve import datasette_app

    response = await datasette_app(built).client.get("/kb/meta/version")
    assert response.status_code == 200 and 'class="rows-and-columns"' in response.text and "kb-entry" not in response.text


async def test_viscounts_cards_with_an_icon_under_a_cost(datasette: Datasette) -> None:
    for icon in ("noble", "nemes", "Noble icon", "nemes-ikon"):
        found = await rows(datasette, f"/kb/cards_with_icon.json?icon={icon}&max_cost=1&_shape=array")
        assert {r["id"] for r in found} == {"viscounts.card.diplomat", "viscounts.card.gatekeeper", "viscounts.card.watchman"}, icon
    dear = await rows(datasette, "/kb/cards_with_icon.json?icon=bűnöző&max_cost=3&_shape=array")
    assert len(dear) == 20 + 2 + 1  # 20 neutral criminal cards, the heroes Ada and Clovis, the starting Thief
    assert [r["cost"] for r in dear] == sorted(r["cost"] for r in dear)


async def test_viscounts_cards_giving_virtue(datasette: Datasette) -> None:
    found = {r["id"]: r for r in await rows(datasette, "/kb/cards_giving_virtue.json?_shape=array")}
    assert {"viscounts.card.journeyman", "viscounts.card.woodcutter-2", "viscounts.card.ada", "viscounts.card.bertha",
            "viscounts.card.debt-collector-2-silver", "viscounts.card.friar"} <= set(found)
    assert "viscounts.card.swindler-gold" not in found and "viscounts.card.abbot" not in found
    assert all("virtue" in ((r["ability_text"] or "") + (r["hire_text"] or "")) for r in found.values())


async def test_viscounts_hungarian_card_name_in_english(datasette: Datasette) -> None:
    for name, english in (("favagot", "Woodcutter"), ("Uzsorásnak", "Racketeer"), ("apát", "Abbot"), ("Házaló árusa", "Peddler")):
        found = await rows(datasette, f"/kb/card_in_english.json?name={name}&_shape=array")
        assert found and {r["name_en"] for r in found} == {english}, (name, found)
    assert await rows(datasette, "/kb/card_in_english.json?name=kastély&_shape=array") == []


async def test_viscounts_cards_facet_by_icon(datasette: Datasette) -> None:
    response = await datasette.client.get("/kb/cards.json?game=viscounts&_facet_array=icons&_size=0")
    assert response.status_code == 200, response.text[:300]
    counts = {r["value"]: r["count"] for r in response.json()["facet_results"]["icons"]["results"]}
    assert counts["criminal"] == 23 and set(counts) == {"criminal", "merchant", "builder", "noble", "cleric"}
    icons = await rows(datasette, "/kb/card_icons.json?icon=merchant&card_id=viscounts.card.therese&_shape=array")
    assert [r["count"] for r in icons] == [3]
