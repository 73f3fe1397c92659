"""The API answers what was asked or says why not: bad requests get status 400 and a plain message,
the search pages honestly, and columns holding structures come back as JSON."""

from __future__ import annotations

import json
import re
import sqlite3
from urllib.parse import urlsplit

import pytest

from games import REGISTRY
from kb.serve import datasette_app
from outputs.database.queries import all_queries

QUERIES = {q.name: q for q in all_queries(REGISTRY)}
GIVEN = {"q": "castle", "resource": "stone", "building": "architect", "term": "provost", "players": "4",
         "character": "szádhu", "icon": "noble", "max_cost": "2", "name": "favágó"}


@pytest.fixture
def datasette(built):
    return datasette_app(built)


def plugin_config(built) -> dict:
    return json.loads((built.build / "metadata.json").read_text(encoding="utf-8"))["plugins"]["kb"]


async def bad_request(datasette, path: str) -> str:
    response = await datasette.client.get(path)
    assert response.status_code == 400, (path, response.status_code, response.text[:300])
    body = response.json()
    assert body["ok"] is False and body["status"] == 400 and not re.search(r"<[a-z/][^>]*>", body["error"]), body
    return body["error"]


@pytest.mark.parametrize("name", sorted(n for n, q in QUERIES.items() if any(p.required for p in q.params)))
async def test_a_canned_query_without_a_required_parameter_is_a_400_naming_it(datasette, name: str) -> None:
    for param in (p for p in QUERIES[name].params if p.required):
        others = "&".join(f"{p.name}={GIVEN[p.name]}" for p in QUERIES[name].params if p.required and p != param)
        assert param.name in await bad_request(datasette, f"/kb/{name}.json?{others}")
        assert param.name in await bad_request(datasette, f"/kb/{name}.json?{others}&{param.name}=%20")


async def test_unknown_parameters_and_table_arguments_on_a_canned_query_are_refused(datasette) -> None:
    assert "'qq'" in await bad_request(datasette, "/kb/search.json?q=castle&qq=x")
    assert "limit and offset" in await bad_request(datasette, "/kb/search.json?q=castle&_size=5")
    assert "from 1 to 100" in await bad_request(datasette, "/kb/search.json?q=castle&limit=101")
    assert "whole number" in await bad_request(datasette, "/kb/search.json?q=castle&offset=two")
    assert "from 2 to 5" in await bad_request(datasette, "/kb/gold_by_rank.json?players=9")
    # the HTML page of a canned query without parameters is its empty form
    form = await datasette.client.get("/kb/search")
    assert form.status_code == 200 and "<form" in form.text
    page = await datasette.client.get("/kb/rulings_about?entry=")
    assert page.status_code == 400 and "text/html" in page.headers["content-type"] and "needs entry" in page.text
    csv = await datasette.client.get("/kb/search.csv")
    assert csv.status_code == 400 and csv.headers["content-type"].startswith("text/plain") and "needs q" in csv.text


async def test_filters_sorts_and_facets_on_columns_a_table_does_not_have_are_refused(datasette) -> None:
    assert "no column 'colour'" in await bad_request(datasette, "/kb/buildings.json?colour=red")
    assert "no column 'colour'" in await bad_request(datasette, "/kb/buildings.json?colour__exact=red")
    assert "'nosuchop'" in await bad_request(datasette, "/kb/buildings.json?name_en__nosuchop=x")
    assert "'nosuch'" in await bad_request(datasette, "/kb/buildings.json?_sort=nosuch")
    assert "'nosuch'" in await bad_request(datasette, "/kb/buildings.json?_sort_desc=nosuch")
    assert "'nosuch'" in await bad_request(datasette, "/kb/buildings.json?_facet=nosuch")
    assert "'nosuch'" in await bad_request(datasette, "/kb/buildings.json?_search_nosuch=x")
    # what exists still works, filters included
    rows = (await datasette.client.get("/kb/buildings.json?category=wood&prestige__gte=1&_sort=name_en&_shape=array")).json()
    assert rows and {r["category"] for r in rows} == {"wood"} and all(r["prestige"] >= 1 for r in rows)


async def test_the_search_pages_through_every_hit_with_next_links(datasette) -> None:
    everything = (await datasette.client.get("/kb/search.json?q=provost&game=caylus&limit=100&_shape=objects")).json()
    total = everything["total"]
    assert 20 < total < 100 and len(everything["rows"]) == total and everything["next_url"] is None
    default = (await datasette.client.get("/kb/search.json?q=provost&game=caylus")).json()
    assert len(default["rows"]) == 20 and default["total"] == total and default["next"] == "20"
    seen, path = [], "/kb/search.json?q=provost&game=caylus&limit=7&_shape=array"
    while path:
        response = await datasette.client.get(path)
        assert response.status_code == 200
        seen += [row["entity_id"] for row in response.json()]
        link = response.headers.get("link")
        path = None
        if link:
            url = urlsplit(link.split(">", 1)[0].lstrip("<"))
            path = f"{url.path}?{url.query}"
    assert seen == [row["entity_id"] for row in everything["rows"]]
    last = (await datasette.client.get(f"/kb/search.json?q=provost&game=caylus&limit=7&offset={total - 3}")).json()
    assert len(last["rows"]) == 3 and last["next"] is None and last["next_url"] is None


@pytest.mark.parametrize("table", ["buildings", "rulings", "cards", "favours", "scenarios", "games"])
async def test_columns_holding_structures_come_back_as_json(built, datasette, table: str) -> None:
    declared = plugin_config(built)["tables"][table]["json_columns"]
    assert "sources" in declared or table == "scenarios"
    rows = (await datasette.client.get(f"/kb/{table}.json?_shape=array&_size=max")).json()
    conn = sqlite3.connect(built.build / "kb.db")
    stored = {r[0]: r[1:] for r in conn.execute(f"select id, {', '.join(declared)} from {table}")}
    conn.close()
    for row in rows:
        for column, text in zip(declared, stored[row["id"]]):
            assert row[column] == (None if text is None else json.loads(text)), (row["id"], column)
    assert any(isinstance(row[c], (list, dict)) for row in rows for c in declared)
    one = rows[0]["id"].replace(".", "~2E")
    again = (await datasette.client.get(f"/kb/{table}/{one}.json?_shape=array")).json()[0]
    assert {c: again[c] for c in declared} == {c: rows[0][c] for c in declared}


def test_every_declared_json_column_holds_json_in_every_row(built) -> None:
    conn = sqlite3.connect(built.build / "kb.db")
    checked = 0
    for table, config in plugin_config(built)["tables"].items():
        for column in config["json_columns"]:
            for (text,) in conn.execute(f"select [{column}] from [{table}] where [{column}] is not null"):
                assert isinstance(text, str), (table, column, text)
                json.loads(text)
                checked += 1
    conn.close()
    assert checked > 1000


async def test_a_building_costs_and_effects_are_json_in_the_api(datasette) -> None:
    church = (await datasette.client.get("/kb/buildings/caylus~2Ebuilding~2Echurch.json?_shape=array")).json()[0]
    assert church["cost"] == {"stone": 1, "cloth": 1}
    assert church["effect"]["kind"] == "exchange" and church["sources"][0]["key"] == "HU"
    # a client that asks for _json itself gets the same, not an error
    same = (await datasette.client.get("/kb/buildings/caylus~2Ebuilding~2Echurch.json?_shape=array&_json=cost")).json()[0]
    assert same == church
