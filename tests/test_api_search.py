"""The API's search hits (issue 29): an unknown game is a 400 naming the games, a snippet is plain text
with the matched words as offsets (and an HTML form), every hit links to its page on the site and to
its row in the API, and a row answers alike by its dotted id and Datasette's ``~2E`` spelling."""

from __future__ import annotations

import html
import json
import re
import sqlite3
from urllib.parse import quote, urlsplit

import pytest
from bs4 import BeautifulSoup
from datasette.utils import tilde_encode

from kb.serve import datasette_app
from outputs.database.checks import with_row_key_encoded
from outputs.search.engine import plain_snippet


@pytest.fixture(scope="module")
def datasette(built):
    """One Datasette for the module: each one starts its own pool of SQL threads."""
    return datasette_app(built)


def games_of(built) -> list[str]:
    with sqlite3.connect(built.build / "kb.db") as conn:
        return [r[0] for r in conn.execute("select id from games order by id")]


async def error_of(datasette, path: str) -> str:
    response = await datasette.client.get(path)
    assert response.status_code == 400, (path, response.status_code, response.text[:300])
    body = response.json()
    assert body["ok"] is False and body["status"] == 400
    return body["error"]


# --- an unknown game ----------------------------------------------------------------------------

@pytest.mark.parametrize("game", ["chess", "Caylus", "VISCOUNTS", "caylus,duel", "cayl"])
async def test_a_game_no_game_has_is_a_400_naming_every_game(built, datasette, game: str) -> None:
    """Not 200 with an empty list, which reads as "the game has no such entry". Ids are taken as
    written: a differently cased one is refused too, with the id to write."""
    error = await error_of(datasette, f"/kb/search.json?q=lawyer&game={quote(game)}")
    assert error.startswith(f"game={game}: no game has this id") and all(g in error for g in games_of(built)), error
    if game.casefold() in games_of(built):
        assert f"ids are lower case: game={game.casefold()}" in error
    # the HTML form and the CSV say the same; so does the other canned query taking a game
    page = await datasette.client.get(f"/kb/search?q=lawyer&game={quote(game)}")
    assert page.status_code == 400 and "no game has this id" in page.text
    csv = await datasette.client.get(f"/kb/search.csv?q=lawyer&game={quote(game)}")
    assert csv.status_code == 400 and "no game has this id" in csv.text
    assert "no game has this id" in await error_of(datasette, f"/kb/simulated_wins.json?game={quote(game)}")


async def test_every_game_and_no_game_answer(built, datasette) -> None:
    everywhere = (await datasette.client.get("/kb/search.json?q=market&limit=100&_shape=array")).json()
    assert len({row["game"] for row in everywhere}) > 1
    for game in games_of(built):
        for spelled in (game, f" {game} "):  # spaces around an id do not count, for the hits as for their total
            response = await datasette.client.get(f"/kb/search.json?q=market&game={quote(spelled)}&limit=100&_shape=objects")
            assert response.status_code == 200, response.text[:300]
            rows = response.json()["rows"]
            assert {row["game"] for row in rows} <= {game} and len(rows) == response.json()["total"], (spelled, len(rows))
    blank = (await datasette.client.get("/kb/search.json?q=market&game=&limit=100&_shape=array")).json()
    assert blank == everywhere


# --- plain snippets with marks ------------------------------------------------------------------

def test_a_marked_snippet_reads_back_as_plain_text_and_ranges() -> None:
    text, marks = plain_snippet("Players may &lt;<mark>move</mark>&gt; the <mark>provost</mark>: it&#x27;s &amp; …")
    assert text == "Players may <move> the provost: it's & …"
    assert marks == [[13, 17], [23, 30]] and [text[a:b] for a, b in marks] == ["move", "provost"]
    assert plain_snippet("") == ("", []) and plain_snippet("No match.") == ("No match.", [])
    assert plain_snippet("<mark>Ő</mark>rség") == ("Őrség", [[0, 1]])


def as_html(text: str, marks: list[list[int]]) -> str:
    out, at = [], 0
    for start, end in marks:
        out += [html.escape(text[at:start]), "<mark>", html.escape(text[start:end]), "</mark>"]
        at = end
    return "".join(out) + html.escape(text[at:])


@pytest.mark.parametrize("query, game, marked", [
    ("lawyer residence's cost", "caylus", {"lawyer", "residence"}),
    ("kőfejtőben", "caylus", set()),
    ("don't", "", set()),
])
async def test_a_snippet_is_plain_text_and_marks_give_its_matched_words(datasette, query: str, game: str,
                                                                          marked: set[str]) -> None:
    rows = (await datasette.client.get(f"/kb/search.json?q={quote(query)}&game={game}&limit=50&_shape=array")).json()
    assert rows
    for row in rows:
        text, marks = row["snippet"], row["marks"]
        assert not re.search(r"<[a-z/]|&(#x?[0-9a-f]+|[a-z]+);", text, re.I), text  # no markup, no entity
        assert all(isinstance(m, list) and len(m) == 2 for m in marks)
        assert all(0 <= a < b <= len(text) for a, b in marks) and all(b <= c for (_, b), (c, _) in zip(marks, marks[1:]))
        assert all(re.fullmatch(r"\w+", text[a:b]) for a, b in marks), [text[a:b] for a, b in marks]
        assert as_html(text, marks) == row["snippet_html"]  # the HTML form is the same snippet, marked
    assert any(row["marks"] for row in rows)
    assert marked <= {row["snippet"][a:b].casefold() for row in rows for a, b in row["marks"]}  # the query's own words
    if query.startswith("lawyer"):  # the text's own apostrophe, as written, not &#x27;
        assert any("lawyer's" in row["snippet"] and "&#x27;s" in row["snippet_html"] for row in rows)


# --- links --------------------------------------------------------------------------------------

async def test_every_hit_links_to_its_page_on_the_site_and_to_its_row(built, datasette) -> None:
    site_url = json.loads((built.build / "metadata.json").read_text(encoding="utf-8"))["plugins"]["kb"]["site_url"]
    with sqlite3.connect(built.build / "kb.db") as conn:
        tables = dict(conn.execute("select id, table_name from entities"))
    pages: dict[str, str] = {}
    seen = set()
    for query in ("market", "kőfejtő", "gold", "first player", "card"):
        rows = (await datasette.client.get(f"/kb/search.json?q={quote(query)}&limit=100&_shape=array")).json()
        for row in rows:
            if row["entity_id"] in seen:
                continue
            seen.add(row["entity_id"])
            url = urlsplit(row["url"])
            assert row["url"].startswith(site_url + "/") and url.fragment == row["entity_id"], row["url"]
            path = url.path.removeprefix(urlsplit(site_url).path).strip("/")
            if path not in pages:
                pages[path] = (built.site / path / "index.html").read_text(encoding="utf-8")
            assert BeautifulSoup(pages[path], "html.parser").find(id=row["entity_id"]) is not None, row["url"]
            assert row["row_url"] == f"/kb/{tables[row['entity_id']]}/{tilde_encode(row['entity_id'])}.json"
            answer = await datasette.client.get(row["row_url"] + "?_shape=array")
            assert answer.status_code == 200 and [r["id"] for r in answer.json()] == [row["entity_id"]], row["row_url"]
    assert len(seen) > 150 and len({tables[e] for e in seen}) > 10


# --- rows by either spelling of their id ---------------------------------------------------------

def without_timing(body: bytes) -> str:
    return re.sub(r'"query_ms": [0-9.e-]+', "", re.sub(r"\d+(\.\d+)?ms", "", body.decode("utf-8")))


@pytest.mark.parametrize("table, entry", [("buildings", "caylus.building.lawyer"), ("rules", "caylus.phase5.lawyer"),
                                          ("cards", "viscounts.card.abbot")])
async def test_a_row_answers_alike_by_its_dotted_id_and_by_its_tilde_spelling(datasette, table: str, entry: str) -> None:
    encoded = entry.replace(".", "~2E")
    for suffix in ("", ".json", ".json?_shape=array", ".json?_shape=objects", ".csv"):
        extension, _, query = suffix.partition("?")
        dotted = await datasette.client.get(f"/kb/{table}/{entry}{extension}" + (f"?{query}" if query else ""))
        tilde = await datasette.client.get(f"/kb/{table}/{encoded}{extension}" + (f"?{query}" if query else ""))
        assert dotted.status_code == tilde.status_code == 200, (suffix, dotted.status_code)
        assert dotted.headers["content-type"] == tilde.headers["content-type"]
        assert without_timing(dotted.content) == without_timing(tilde.content), suffix
    row = (await datasette.client.get(f"/kb/{table}/{entry}.json?_shape=array")).json()[0]
    assert isinstance(row["sources"], list)  # a JSON column comes back as JSON by either spelling
    page = await datasette.client.get(f"/kb/{table}/{entry}")
    assert entry in page.text and "<html" in page.text
    assert (await datasette.client.get(f"/kb/{table}/{entry.rsplit('.', 1)[0]}.nosuch")).status_code == 404


def test_only_a_dotted_row_key_is_respelled() -> None:
    tables = {"buildings", "rules"}

    def respelled(path: str) -> str:
        scope = with_row_key_encoded({"type": "http", "path": path, "raw_path": path.encode("latin-1")}, tables)
        assert scope["path"] == scope["raw_path"].decode("latin-1")
        return str(scope["path"])

    assert respelled("/kb/buildings/caylus.building.lawyer") == "/kb/buildings/caylus~2Ebuilding~2Elawyer"
    assert respelled("/kb/buildings/caylus.building.lawyer.json") == "/kb/buildings/caylus~2Ebuilding~2Elawyer.json"
    assert respelled("/kb/buildings/caylus.building.lawyer.csv") == "/kb/buildings/caylus~2Ebuilding~2Elawyer.csv"
    assert respelled("/kb/buildings/caylus~2Ebuilding.lawyer.json") == "/kb/buildings/caylus~2Ebuilding~2Elawyer.json"
    for unchanged in ("/kb/buildings/caylus~2Ebuilding~2Elawyer.json", "/kb/search.json", "/kb/buildings.json",
                      "/kb/nosuchtable/a.b.json", "/other/buildings/a.b", "/-/static/app.css", "/kb/buildings/lawyer.json",
                      "/kb.db", "/kb/buildings/a.b/c"):
        assert respelled(unchanged) == unchanged
