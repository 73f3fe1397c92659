"""The OpenAPI document: valid OpenAPI 3.1, generated from the same metadata Datasette serves, and
true of the API's answers; and the freshness query."""

from __future__ import annotations

import json
from collections import Counter

import jsonschema
import pytest
from bs4 import BeautifulSoup
from openapi_spec_validator import validate

from games import REGISTRY
from kb.serve import datasette_app
from outputs.database.queries import all_queries

SAMPLE = {"q": "castle", "resource": "stone", "building": "architect", "term": "provost", "players": "4",
          "character": "szádhu", "icon": "noble", "max_cost": "2", "name": "Favágónak", "game": "caylus", "entry": "Builder"}


@pytest.fixture(scope="module")
def document(built) -> dict:
    return json.loads((built.site / "openapi.json").read_text(encoding="utf-8"))


def test_the_document_is_valid_openapi_and_linked_from_the_api_page(built, document) -> None:
    validate(document)  # raises on anything OpenAPI 3.1 does not allow
    assert document["openapi"].startswith("3.1")
    meta = dict(__import__("sqlite3").connect(built.build / "kb.db").execute("select key, value from meta").fetchall())
    assert document["info"]["version"] == meta["version"]
    assert document["servers"] == [{"url": "http://127.0.0.1:8001"}]
    page = BeautifulSoup((built.site / "api" / "index.html").read_text(encoding="utf-8"), "html.parser")
    assert "../openapi.json" in {a["href"] for a in page.find_all("a")}


def test_the_document_describes_every_canned_query_with_its_parameters_and_every_table(built, document) -> None:
    for query in all_queries(REGISTRY):
        operation = document["paths"][f"/kb/{query.name}.json"]["get"]
        described = {p["name"]: p for p in operation["parameters"] if "name" in p}
        assert set(described) == {p.name for p in query.params}, query.name
        for param in query.params:
            assert described[param.name]["required"] == param.required and described[param.name]["schema"]["type"] == param.type
    metadata = json.loads((built.build / "metadata.json").read_text(encoding="utf-8"))
    for table, config in metadata["plugins"]["kb"]["tables"].items():
        assert f"/kb/{table}.json" in document["paths"], table
        assert (f"/kb/{table}/{{id}}.json" in document["paths"]) == config["entry"], table
        for column in config["json_columns"]:
            assert "type" not in document["components"]["schemas"][f"table.{table}"]["properties"][column]


async def test_the_api_answers_as_the_document_says(built, document) -> None:
    datasette = datasette_app(built)
    schemas = document["components"]["schemas"]
    checked = Counter()
    for query in all_queries(REGISTRY):
        given = "&".join(f"{p.name}={SAMPLE[p.name]}" for p in query.params if p.required)
        rows = (await datasette.client.get(f"/kb/{query.name}.json?{given}&_shape=array")).json()
        schema = schemas[f"query.{query.name}"]
        for row in rows:
            jsonschema.validate(row, schema)
            assert set(row) == set(schema["properties"]), query.name
        checked["query rows"] += len(rows)
    for path in document["paths"]:
        if path.count("/") != 2 or f"table.{path[4:-5]}" not in schemas:
            continue
        table = path[4:-5]
        rows = (await datasette.client.get(f"/kb/{table}.json?_shape=array&_size=20")).json()
        for row in rows:
            jsonschema.validate(row, schemas[f"table.{table}"])
            assert set(row) == set(schemas[f"table.{table}"]["properties"]), table
        checked["table rows"] += len(rows)
    error = (await datasette.client.get("/kb/search.json")).json()
    jsonschema.validate(error, schemas["Error"])
    assert checked["query rows"] > 50 and checked["table rows"] > 500


async def test_freshness_gives_the_build_and_the_entries_of_every_game_and_kind(built, catalog) -> None:
    datasette = datasette_app(built)
    [fresh] = (await datasette.client.get("/kb/freshness.json?_shape=array")).json()
    meta = {r["key"]: r["value"] for r in (await datasette.client.get("/kb/meta.json?_shape=array&_size=max")).json()}
    assert (fresh["version"], fresh["commit"], fresh["built_at"]) == (meta["version"], meta["commit"], meta["built_at"])
    counted = Counter((loc.entry.game, loc.kind.key) for loc in catalog.entries.values())
    assert {(game, kind): n for game, kinds in fresh["entries"].items() for kind, n in kinds.items()} == dict(counted)


async def test_the_document_describes_a_search_hit_its_links_and_the_game_ids(built, document) -> None:
    """A hit's plain snippet, its marks, its HTML form and its two links are described (and a real hit
    validates against the schema); a game parameter lists the games' ids, and any other id is the 400
    the document describes."""
    hit = document["components"]["schemas"]["query.search"]
    for column in ("snippet", "marks", "snippet_html", "url", "row_url"):
        assert hit["properties"][column].get("description"), column
    assert hit["properties"]["marks"]["items"]["minItems"] == hit["properties"]["marks"]["items"]["maxItems"] == 2
    games = [r[0] for r in __import__("sqlite3").connect(built.build / "kb.db").execute("select id from games order by id")]
    for query in all_queries(REGISTRY):
        for parameter in document["paths"][f"/kb/{query.name}.json"]["get"]["parameters"]:
            if parameter.get("name") == "game":
                assert set(parameter["schema"]["enum"]) - {""} == set(games), query.name
    datasette = datasette_app(built)
    rows = (await datasette.client.get("/kb/search.json?q=lawyer&game=caylus&_shape=array")).json()
    assert rows and any(row["marks"] for row in rows)
    for row in rows:
        jsonschema.validate(row, hit)
    response = await datasette.client.get("/kb/search.json?q=lawyer&game=chess")
    assert response.status_code == 400 and "400" in document["paths"]["/kb/search.json"]["get"]["responses"]
    jsonschema.validate(response.json(), document["components"]["schemas"]["Error"])
    row = document["paths"]["/kb/buildings/{id}.json"]["get"]["parameters"][0]["description"]
    assert "`a.b.c`" in row and "~2E" in row
