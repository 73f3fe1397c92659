"""Datasette answers the canned queries and the search cases through its in-process client."""

from __future__ import annotations

import json

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


async def test_row_page_and_facets(datasette: Datasette) -> None:
    response = await datasette.client.get("/kb/buildings/caylus~2Ebuilding~2Echurch.json?_shape=array")
    assert response.status_code == 200
    assert response.json()[0]["cost_text"] == "1 stone + 1 cloth"
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
                                                       "gold_by_rank", "character", "freshness"}

