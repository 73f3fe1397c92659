"""The JSON API as a product: canned queries, the API page's examples, downloads, meta, hardening."""

from __future__ import annotations

import json
import re
import shlex
import subprocess
from urllib.parse import quote

import jsonschema
import pytest
from bs4 import BeautifulSoup

from kb.build import build
from games import REGISTRY
from outputs.database.guard import ARBITRARY_SQL_TIME_LIMIT_MS
from outputs.database.queries import all_queries, canned_queries
from outputs.pages.apipage import shown
from outputs.pages.writer import RULINGS_SHOWN
from kb.serve import datasette_app

CANNED_QUERIES = canned_queries(REGISTRY)
QUERIES = {q.name: q for q in all_queries(REGISTRY)}

SAMPLE_PARAMS = {"q": "intéző", "resource": "stone", "category": "", "building": "architect", "term": "provost",
                 "players": "4", "character": "szádhu", "game": "caylus", "icon": "nemes", "max_cost": "2",
                 "name": "favágót", "entry": "architect"}


@pytest.fixture
def datasette(built):
    return datasette_app(built)


@pytest.mark.parametrize("name", sorted(CANNED_QUERIES))
async def test_every_canned_query_answers(datasette, name: str) -> None:
    params = [p.name for p in QUERIES[name].params if p.required or p.name in SAMPLE_PARAMS]
    query = "&".join(f"{p}={SAMPLE_PARAMS[p]}" for p in params)
    response = await datasette.client.get(f"/kb/{name}.json?{query}&_shape=array")
    assert response.status_code == 200, response.text[:300]
    rows = response.json()
    if name == "failed_examples":
        assert rows == []  # every scenario passes in this build
    else:
        assert rows, f"{name} with {query} returned nothing"


def command_path(command: str) -> str:
    """The path (and query) a curl command of the API page asks for: ``curl 'URL'``, or ``curl -G URL``
    with ``-d`` and ``--data-urlencode`` arguments, as curl puts them together."""
    words = shlex.split(command)
    assert words[0] == "curl", command
    url = next(w for w in words[1:] if w.startswith("http://"))
    path = url.split("://", 1)[1].partition("/")[1] + url.split("://", 1)[1].partition("/")[2]
    pairs = []
    for flag, value in zip(words, words[1:]):
        if flag == "-d":
            pairs.append(value)
        elif flag == "--data-urlencode":
            name, _, content = value.partition("=")
            pairs.append(f"{name}={quote(content, safe='')}")
    return path + ("?" + "&".join(pairs) if pairs else "")


def api_examples(built) -> list[tuple[str, str, object]]:
    """(command, path, response shown) for every example on the built API page."""
    page = (built.build / "docs" / "api.md").read_text(encoding="utf-8")
    found = re.findall(r"```sh\n(curl [^\n]+)\n```\n\nResponse[^\n]*:\n\n```json\n(.*?)\n```", page, re.S)
    return [(command, command_path(command), json.loads(response)) for command, response in found]


async def test_every_example_on_the_api_page_gives_what_the_page_shows(built, datasette) -> None:
    examples = api_examples(built)
    assert len(examples) >= 15 and any("--data-urlencode" in command for command, _, _ in examples)
    for command, path, on_page in examples:
        response = await datasette.client.get(path, headers={"host": "127.0.0.1:8001"})
        assert response.status_code in (200, 400), path
        assert shown(response.json())[0] == on_page, command


def test_the_api_page_lists_every_canned_query(built) -> None:
    page = (built.build / "docs" / "api.md").read_text(encoding="utf-8")
    for name in CANNED_QUERIES:
        assert f"**`{name}`**" in page, name


async def test_meta_gives_the_commit_and_the_counts(built, datasette) -> None:
    commit = subprocess.run(["git", "rev-parse", "HEAD"], cwd=built.root, capture_output=True, text=True, check=True).stdout.strip()
    rows = (await datasette.client.get("/kb/meta.json?_shape=array&_size=max")).json()
    meta = {r["key"]: r["value"] for r in rows}
    assert meta["commit"] == commit and commit[:12] in meta["version"]
    assert int(meta["count.buildings"]) == 42 and int(meta["count.scenarios"]) > 60


def test_downloads_exist_and_the_json_export_validates_against_the_schemas(built) -> None:
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    downloads = built.site / "downloads"
    assert (downloads / "kb.db").read_bytes() == (built.build / "kb.db").read_bytes()
    bundle = json.loads((downloads / "json" / "catalog.json").read_text(encoding="utf-8"))
    for kind, entries in bundle["kinds"].items():
        schema = json.loads((root / "schemas" / "kinds" / f"{kind}.schema.json").read_text(encoding="utf-8"))
        jsonschema.validate(entries, schema)
        assert json.loads((downloads / "json" / f"{kind}.json").read_text(encoding="utf-8")) == entries
    html = (built.site / "api" / "index.html").read_text(encoding="utf-8")
    links = {a["href"] for a in BeautifulSoup(html, "html.parser").find_all("a")}
    assert {"../downloads/kb.db", "../downloads/json/catalog.json"} <= links
    assert bundle["version"] in html


async def test_read_only_time_limited_row_limited_cors_and_no_robots(datasette) -> None:
    write = await datasette.client.post("/kb/buildings/-/insert", json={"row": {"id": "x"}})
    assert write.status_code in (403, 404, 405)
    # a first request outside the arbitrary-SQL lane: a fresh Datasette's start-up (schemas, table
    # counts) is then not charged to the lane's share of the time
    assert (await datasette.client.get("/kb/buildings.json?_size=1")).status_code == 200
    update = await datasette.client.get("/kb.json?sql=update+buildings+set+prestige+%3D+0")
    assert update.status_code == 400
    # the large result before the slow query: the slow one spends the arbitrary-SQL lane's time, and a
    # query right after it may be told to wait (tests/test_api_hostile.py tests the lane)
    many = (await datasette.client.get("/kb.json?sql=select+*+from+name_forms+join+entities")).json()
    assert many["truncated"] is True and len(many["rows"]) == 1000, many
    slow = await datasette.client.get(
        "/kb.json?sql=with+recursive+c(x)+as+(select+1+union+all+select+x%2B1+from+c)+select+count(*)+from+c")
    assert slow.status_code == 400
    # words, not Datasette's HTML; arbitrary SQL has a tighter limit than the canned queries' 1000 ms
    assert slow.json()["error"] == f"SQL query took too long: the time limit is {ARBITRARY_SQL_TIME_LIMIT_MS} ms"
    cors = await datasette.client.get("/kb/buildings.json")
    assert cors.headers.get("access-control-allow-origin") == "*"
    robots = await datasette.client.get("/robots.txt")
    assert robots.status_code == 200 and "Disallow: /" in robots.text


async def test_markup_in_catalog_text_is_escaped_by_datasette(project) -> None:
    buildings = project.data / "buildings.yaml"
    planted = "<script>alert('planted')</script>"
    buildings.write_text(buildings.read_text(encoding="utf-8").replace("    en: Bank\n", f'    en: "Bank {planted}"\n', 1), encoding="utf-8")
    build(project)
    html = (await datasette_app(project).client.get("/kb/buildings/caylus~2Ebuilding~2Ebank")).text
    assert planted not in html and "&lt;script&gt;alert" in html


async def test_the_response_cache_replays_identical_responses_and_only_for_safe_requests(built) -> None:
    import httpx

    from kb.asgi import ResponseCache, make_app

    app = make_app(built.root)
    assert isinstance(app, ResponseCache)
    transport = httpx.ASGITransport(app=app)
    async with httpx.AsyncClient(transport=transport, base_url="http://127.0.0.1:8001") as client:
        first = await client.get("/kb/search.json?q=intézőt&_shape=array")
        second = await client.get("/kb/search.json?q=intézőt&_shape=array")
        assert first.status_code == second.status_code == 200
        assert first.content == second.content and dict(first.headers) == dict(second.headers)
        assert (app.hits, app.misses) == (1, 1)
        missing = await client.get("/kb/no-such-table.json")
        await client.get("/kb/no-such-table.json")
        assert missing.status_code == 404 and app.misses == 3  # errors are never cached
        laden = await client.get("/kb/search.json?q=intézőt&_shape=array", headers={"cookie": "ds_actor=x"})
        assert app.hits == 2 and laden.content == first.content  # the API is anonymous: a cookie changes nothing


def site_rulings(page: BeautifulSoup, entry_id: str) -> list[str]:
    """The rulings an entry's block on a site page lists under "Rulings:" (the first RULINGS_SHOWN)."""
    line = page.find("p", class_="kb-rulings", attrs={"data-about": entry_id})
    return [a["href"].split("#", 1)[1] for a in line.find_all("a") if "#" in a["href"]] if line else []


async def test_the_site_the_row_and_the_canned_query_agree_on_the_rulings_about_every_building(built, datasette, catalog) -> None:
    from outputs.terms import TermLinker, rulings_about

    page = BeautifulSoup((built.site / "caylus" / "buildings" / "index.html").read_text(encoding="utf-8"), "html.parser")
    about = rulings_about(catalog, "caylus", TermLinker(catalog, "caylus", REGISTRY.module("caylus").linked_kinds))
    buildings = (await datasette.client.get("/kb/buildings.json?_shape=array&_col=rulings&_size=max")).json()
    assert len(buildings) == 42
    listed = 0
    for row in buildings:
        query = await datasette.client.get(f"/kb/rulings_about.json?entry={row['id']}&_shape=array")
        assert query.status_code == 200, query.text
        expected = about.get(row["id"], [])
        assert [r["id"] for r in query.json()] == expected, row["id"]
        assert (row["rulings"].split(", ") if row["rulings"] else []) == expected, row["id"]
        assert site_rulings(page, row["id"]) == expected[:RULINGS_SHOWN], row["id"]
        listed += len(expected)
    assert listed >= 15  # the definition finds rulings, it does not agree on "none"
    # a ruling is about what it names or the rule governing it, not about what its rules' text names:
    # caylus.overview.town names the lawyer, and the ruling on the fixed buildings that cites it does not
    lawyer = about["caylus.building.lawyer"]
    assert "caylus.ruling.fixed-buildings-skipped" in lawyer and "caylus.ruling.fixed-buildings" not in lawyer
    assert "caylus.overview.town" in catalog.get("caylus.ruling.fixed-buildings").cited_rules
    assert "caylus.ruling.favour-architect-full-cost" in about["caylus.building.architect"]  # its rule, caylus.phase5.architect
    by_name = (await datasette.client.get("/kb/rulings_about.json?entry=jegyzőt&_shape=array")).json()
    assert [r["id"] for r in by_name] == about["caylus.building.lawyer"]


def test_the_links_of_relation_about_are_the_definition_for_every_entry(built, catalog) -> None:
    import sqlite3

    from outputs.terms import TermLinker, rulings_about

    expected = set()
    for module in REGISTRY.modules:
        about = rulings_about(catalog, module.game, TermLinker(catalog, module.game, module.linked_kinds))
        expected |= {(ruling, entry) for entry, rulings in about.items() for ruling in rulings}
    conn = sqlite3.connect(built.build / "kb.db")
    stored = set(conn.execute("select from_id, to_id from links where relation = 'about'").fetchall())
    conn.close()
    assert stored == expected and len(stored) > 100


@pytest.mark.parametrize(("path", "want"), [
    ("/kb/building.json?building=Merchants'%20guild&_shape=array", "caylus.building.merchants-guild"),
    ("/kb/building.json?building=Farm%20(neutral)&_shape=array", "caylus.building.farm-neutral"),
    ("/kb/building.json?building=Mine%20d'or&_shape=array", "caylus.building.gold-mine"),
    ("/kb/rules_mentioning.json?term=Merchants'%20guild&_shape=array", None),
])
async def test_a_name_with_punctuation_finds_its_entry(datasette, path: str, want: str | None) -> None:
    """A name typed as printed, apostrophe or brackets and all, folds as the stored name forms do."""
    rows = (await datasette.client.get(path)).json()
    assert rows, path
    if want:
        assert [r["id"] for r in rows] == [want]
