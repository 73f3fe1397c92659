"""The API under a hostile client: what one query may build or return is bounded (the gate that rations
expensive requests is tested in tests/test_api_gate.py), the response cache is bounded in bytes and
keyed on what the answer depends on, a bad argument is a 4xx with a plain message (never a 500 with
an exception's text), and nothing names the server's folders. No timings are asserted here:
scripts/bench_api.py --hostile measures what this costs the other clients."""

from __future__ import annotations

import json
import sqlite3
import sys
import threading
import urllib.error
import urllib.request
from urllib.parse import quote, urlencode

import httpx
import pytest

from kb.asgi import ResponseCache, make_app
from kb.serve import datasette_app, datasette_process, site_server
from outputs.database.checks import Target, target
from outputs.database.limits import FUNCTION_INPUT_MAX, RESULT_TOO_BIG, VALUE_MAX_BYTES, VALUE_TOO_BIG_MESSAGE
from outputs.database.responses import INTERNAL_ERROR, Rewriter


@pytest.fixture
def datasette(built):
    return datasette_app(built)


def sql(query: str, **more: str) -> str:
    return "/kb.json?" + urlencode({"sql": query, "_shape": "array", **more})


async def error_of(datasette, path: str, status: int = 400) -> str:
    response = await datasette.client.get(path)
    assert response.status_code == status, (path, response.status_code, response.text[:300])
    body = response.json()
    assert body["ok"] is False and "<" not in body["error"], body
    return body["error"]


async def test_every_connection_bounds_values_and_our_functions_bound_their_input(datasette) -> None:
    def limits(conn: sqlite3.Connection) -> int:
        return conn.getlimit(sqlite3.SQLITE_LIMIT_LENGTH)
    assert await datasette.databases["kb"].execute_fn(limits) == VALUE_MAX_BYTES
    assert await datasette.databases["_internal"].execute_fn(limits) == VALUE_MAX_BYTES
    # one instruction building 800 MB: refused at once, with a sentence naming the limits
    assert await error_of(datasette, sql("select length(hex(randomblob(400000000)))")) == VALUE_TOO_BIG_MESSAGE
    # our functions take text up to FUNCTION_INPUT_MAX characters, and say so beyond
    for function in ("kb_fold", "kb_fts_query", "kb_search"):
        fits = await datasette.client.get(sql(f"select length({function}(replace(hex(zeroblob({FUNCTION_INPUT_MAX // 2})), '0', 'a'))) as n"))
        assert fits.status_code == 200 and fits.json()[0]["n"] > 0, fits.text[:300]
        too_long = sql(f"select {function}(replace(hex(zeroblob({FUNCTION_INPUT_MAX // 2 + 1})), '0', 'a'))")
        assert await error_of(datasette, too_long) == VALUE_TOO_BIG_MESSAGE
    # a canned query's parameter is checked before any SQL runs, by name
    long_q = "/kb/search.json?" + urlencode({"q": "a" * (FUNCTION_INPUT_MAX + 1)})
    assert await error_of(datasette, long_q) == f"q: at most {FUNCTION_INPUT_MAX} characters (this one has {FUNCTION_INPUT_MAX + 1:,})"
    # the same bound on a table's _where, which Datasette answered with a 500
    assert await error_of(datasette, "/kb/buildings.json?" + urlencode({"_where": "length(hex(randomblob(400000000))) > 0"})) \
        == VALUE_TOO_BIG_MESSAGE


async def test_one_querys_rows_are_bounded_in_bytes_and_the_largest_table_still_fits(datasette) -> None:
    assert await error_of(datasette, sql("select hex(randomblob(3000)) from name_forms limit 1000")) == RESULT_TOO_BIG
    whole = await datasette.client.get(sql("select * from search"))
    count = await datasette.client.get(sql("select count(*) as n from search"))
    # every row the row limit lets through: the byte bound never cuts the biggest real answer short
    from kb.serve import DATASETTE_SETTINGS

    assert whole.status_code == 200
    assert len(whole.json()) == min(count.json()[0]["n"], DATASETTE_SETTINGS["max_returned_rows"])


async def test_no_answer_names_the_servers_folders(built, datasette) -> None:
    rows = (await datasette.client.get(sql("select * from pragma_database_list()"))).json()
    assert rows == [{"seq": 0, "name": "main", "file": None}]
    rows = (await datasette.client.get(sql('select file from "PRAGMA_DATABASE_LIST"'))).json()
    assert rows == [{"file": None}]
    for hidden in ("/-/databases.json", "/-/databases", "/-/threads.json"):
        assert (await datasette.client.get(hidden)).status_code == 404
    folders = {str(built.root), str(built.root.resolve()), sys.base_prefix, sys.prefix}
    for page in ("/-/versions.json", "/-/plugins.json", "/-/settings.json", "/-/metadata.json", "/-/actor.json",
                 "/.json", "/kb.json", "/kb", "/-/threads", "/kb/buildings.json?_size=1"):
        text = (await datasette.client.get(page)).text
        assert not [f for f in folders if f in text], page


# (request, a part of the message): each answered Datasette with a 500 and an exception's text, or
# with a status 200 holding an error
BAD_ARGUMENTS = [
    ("/kb/buildings.json?_sort=nosuchcol", "no column 'nosuchcol'"),
    ("/kb/buildings.json?_timelimit=abc", "_timelimit=abc: a time limit is a whole number"),
    ("/kb/freshness.json?_timelimit=abc", "_timelimit=abc"),
    (sql("select 1", _timelimit="abc"), "_timelimit=abc"),
    ("/kb/buildings.json?_timelimit=%C2%B2", "_timelimit=²"),
    ("/kb/buildings.json?_through=x", '_through=x: write _through={"table": ..., "column": ..., "value": ...}'),
    ('/kb/buildings.json?_through={"table":"x"}', "write _through="),
    ('/kb/buildings.json?_through={"table":"nosuch","column":"id","value":"x"}', "'nosuch' has no foreign key to buildings"),
    ('/kb/games.json?_through={"table":"buildings","column":"nosuch","value":"x"}', "buildings has no column 'nosuch'"),
    ('/kb/games.json?_through={"table":"buildings","column":"id","value":99999999999999999999}', "beyond SQLite's integers"),
    ("/kb/buildings.json?id__in=[", "a list is JSON of plain values"),
    ("/kb/buildings.json?id__in=[[1]]", "a list is JSON of plain values"),
    ("/kb/buildings.json?prestige__gt=99999999999999999999", "not a number SQLite can compare"),
    ("/kb/buildings.json?prestige__gt=%C2%B2", "not a number SQLite can compare"),
    ("/kb/buildings.json?_ttl=%C2%B2", "write the number with the digits 0-9"),
    ("/kb/buildings.json?_facet_size=%C2%B2", "write the number with the digits 0-9"),
    ("/kb/buildings.json?_json_infinity=maybe", "_json_infinity=maybe: one of on, off"),
    ("/kb/buildings.json?_where=%00", "_where: the SQL holds a NUL character"),
    (sql("select 1\x00"), "sql: the SQL holds a NUL character"),
    ("/kb/freshness.json?_shape=nosuch", "_shape=nosuch: one of objects"),
    ("/kb/freshness.json?_shape=object", "_shape=object keys rows by their primary key"),
    ("/kb.json?_shape=array", "the database page has no rows to shape"),
    ("/kb/search.json?q=mill&limit=%C2%B2", "limit=²: search takes a whole number"),
    # the same checks on names spelled with Datasette's tilde encoding, which it decodes before routing
    ("/k~62/r~75les.json?_sort=nosuchcol", "no column 'nosuchcol'"),
    ("/kb/~62uildings.json?prestige__gt=99999999999999999999", "not a number SQLite can compare"),
    ("/k~62.json?_shape=array", "the database page has no rows to shape"),
]


@pytest.mark.parametrize("path, message", BAD_ARGUMENTS)
async def test_a_bad_argument_is_a_400_with_a_plain_message(datasette, path: str, message: str) -> None:
    assert message in await error_of(datasette, path)


def test_requests_are_recognised_by_the_names_datasette_decodes() -> None:
    tables = {"rules": ["id"], "buildings": ["id", "cost"]}

    def of(raw: str) -> Target | None:
        path, _, query = raw.partition("?")
        return target({}, tables, {"path": path, "raw_path": path.encode("ascii"), "query_string": query.encode("ascii")})

    assert of("/k~62.json?sql=select+1") == of("/kb.json?sql=select+1") == Target("sql", "kb", "json", [("sql", "select 1")])
    assert of("/k~62/r~75les.json") == Target("table", "rules", "json", [])
    assert of("/kb/buildings/caylus.building.lawyer.json") == Target("row", "buildings", "json", [])
    assert of("/kb/buildings/caylus~2Ebuilding~2Elawyer.json") == Target("row", "buildings", "json", [])
    assert of("/kb~2Ejson?sql=select+1") is None  # no such database: Datasette answers 404
    assert of("/other.json?sql=select+1") is None


async def test_printf_and_format_are_refused_wherever_sql_runs(datasette) -> None:
    """printf('%.*c', 2147483647, 'x') builds its string inside one instruction, past every limit."""
    slow = "printf('%.*c', 2147483647, 'x')"
    for path in (sql(f"select length({slow})"), "/k~62.json?" + urlencode({"sql": f"select {slow}"}),
                 "/kb/buildings.json?" + urlencode({"_where": f"length({slow}) > 0"}), sql("select format('%s', 1)")):
        assert "not authorized to use function" in await error_of(datasette, path)


async def test_debug_and_server_pages_are_not_served(datasette) -> None:
    for page in ("/-/versions.json", "/-/plugins", "/-/settings.json", "/-/allow-debug", "/-/config.json", "/-/actor.json"):
        assert (await datasette.client.get(page)).status_code == 404, page
    assert (await datasette.client.get("/-/metadata.json")).status_code == 200


async def test_a_row_fetched_by_its_dotted_id_returns_its_columns_as_json(datasette) -> None:
    dotted = (await datasette.client.get("/kb/buildings/caylus.building.lawyer.json?_shape=array")).json()
    encoded = (await datasette.client.get("/kb/buildings/caylus~2Ebuilding~2Elawyer.json?_shape=array")).json()
    assert dotted == encoded and isinstance(dotted[0]["sources"], list)


async def test_csv_and_html_requests_get_their_400_as_text_and_a_page(datasette) -> None:
    csv = await datasette.client.get("/kb.csv")
    assert csv.status_code == 400 and csv.text.startswith("Bad request: the database page has no rows")
    page = await datasette.client.get("/kb/buildings?_through=x")
    assert page.status_code == 400 and "Back to the buildings table" in page.text and "Expecting value" not in page.text


async def test_the_api_is_read_only_a_post_is_a_405_not_a_500(datasette) -> None:
    for path in ("/kb/freshness", "/kb/freshness.json", "/kb/buildings.json", "/kb", "/-/messages"):
        response = await datasette.client.post(path, data={"x": "1"})
        assert response.status_code == 405, (path, response.text[:200])
        assert response.headers["allow"] == "GET, HEAD, OPTIONS" and "asgi_send" not in response.text
        assert "the API is read-only: POST is not allowed" in response.text


# Arguments Datasette reads, with values no client should send: none may get a 5xx. (Not on the
# pages listing the tables, which take a second each to make: the response cache keeps one of each,
# whatever the arguments, and test_the_cache_key... checks that.)
SWEEP_PATHS = ["/kb/buildings.json", "/kb/buildings", "/kb/buildings.csv", "/kb/freshness.json", "/kb/search.json?q=mill",
               sql("select 1"), "/kb/buildings/caylus~2Ebuilding~2Ebank.json"]
SWEEP_ARGUMENTS = ["_timelimit", "_through", "_sort", "_size", "_next", "_facet", "_facet_size", "_col", "_search",
                   "_where", "_labels", "_json", "_shape", "_nl", "_ttl", "_json_infinity", "_dl", "id__in", "id__gt"]
SWEEP_VALUES = ["abc", "-1", "9" * 25, "", "[", "{\"table\": 1}", "\x00", "²"]


async def test_no_argument_in_a_sweep_of_odd_values_gets_a_server_error(datasette) -> None:
    # the sweep has an app of its own (the fixture), and sends one request at a time: the gate charges
    # a client's time only while other clients are served, and never has more than one request of it
    # here, so none is rationed (a 503 would be a failure like any 5xx)
    failed = []
    for path in SWEEP_PATHS:
        for argument in SWEEP_ARGUMENTS:
            for value in SWEEP_VALUES:
                url = path + ("&" if "?" in path else "?") + urlencode({argument: value})
                response = await datasette.client.get(url)
                if response.status_code >= 500 or "Traceback" in response.text:
                    failed.append(f"{url}: {response.status_code} {response.text[:120]}")
    assert not failed, "\n".join(failed)


async def test_a_500_keeps_its_status_but_not_the_exceptions_text(capsys) -> None:
    async def answer(kind: str) -> tuple[int, bytes]:
        sent: list[dict] = []

        async def send(message: dict) -> None:
            sent.append(message)
        rewriter = Rewriter(send, None, 1000, Target("query", "freshness", kind, []), "/kb/freshness")
        body = (json.dumps({"ok": False, "error": "'tuple' object has no attribute 'asgi_send'", "status": 500}).encode()
                if kind else b'<div style="padding: 1em; margin: 1em 0; border: 3px solid red;">\'tuple\' object has no '
                             b"attribute 'asgi_send'</div>")
        await rewriter({"type": "http.response.start", "status": 500,
                        "headers": [(b"content-type", b"application/json" if kind else b"text/html")]})
        await rewriter({"type": "http.response.body", "body": body})
        return sent[0]["status"], b"".join(m.get("body", b"") for m in sent[1:])
    status, body = await answer("json")
    assert status == 500 and json.loads(body)["error"] == INTERNAL_ERROR
    status, body = await answer("")
    assert status == 500 and INTERNAL_ERROR.encode() in body and b"asgi_send" not in body
    assert "'tuple' object has no attribute 'asgi_send'" in capsys.readouterr().err  # the server's log keeps it


def small_app(sizes: dict[str, int]):
    """An ASGI app answering each path with a body of the size given for it."""
    async def app(scope, receive, send) -> None:  # type: ignore[no-untyped-def]
        body = b"x" * sizes.get(scope["path"], 10_000)
        await send({"type": "http.response.start", "status": 200, "headers": [(b"content-type", b"text/plain")]})
        await send({"type": "http.response.body", "body": body})
    return app


async def test_the_response_cache_is_bounded_in_bytes_and_keeps_no_large_answer() -> None:
    cache = ResponseCache(small_app({"/large": 300_000}), max_bytes=1_000_000, max_body=200_000)
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=cache), base_url="http://127.0.0.1:8001") as client:
        for i in range(300):  # 300 distinct answers of 10 KB: 3 MB asked for
            assert len((await client.get(f"/distinct/{i}")).content) == 10_000
            assert cache.bytes <= cache.max_bytes
        assert cache.bytes == sum(cost for _, _, cost in cache.entries.values()) > cache.max_bytes // 2
        assert ("GET", "http", "/distinct/299", b"", b"127.0.0.1:8001", None) in cache.entries  # the latest are kept
        large = await client.get("/large")
        assert len(large.content) == 300_000 and not [k for k in cache.entries if k[2] == "/large"]


async def test_the_cache_key_holds_the_scheme_and_the_listing_pages_ignore_unread_arguments(built) -> None:
    app = make_app(built.root)
    path = "/kb/search.json?q=building&limit=2&_shape=objects"
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="https://127.0.0.1:8001") as secure:
        assert (await secure.get(path)).json()["next_url"].startswith("https://")
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://127.0.0.1:8001") as plain:
        assert (await plain.get(path)).json()["next_url"].startswith("http://127.0.0.1:8001/")
        misses = app.misses
        first = await plain.get("/kb.json?anything=1")
        second = await plain.get("/kb.json?anything=2&_ttl=5")
        assert first.status_code == second.status_code == 200 and first.content == second.content
        assert app.misses == misses + 1  # one page in the cache, made once


def test_a_client_cannot_make_the_server_trust_x_forwarded_proto(built) -> None:
    """Against the server as `kb serve` starts it: a client's X-Forwarded-Proto neither changes its own
    answer nor, through the cache, anyone else's."""
    import socket
    import time

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = datasette_process(built, "127.0.0.1", port)
    try:
        url = f"http://127.0.0.1:{port}/kb/search.json?q=building&limit=2&_shape=objects"
        deadline = time.monotonic() + 60
        while True:
            try:
                forged = urllib.request.urlopen(urllib.request.Request(url, headers={"X-Forwarded-Proto": "https"}), timeout=10)
                break
            except OSError:
                assert time.monotonic() < deadline and server.poll() is None, "Datasette did not start"
                time.sleep(0.2)
        assert json.loads(forged.read())["next_url"].startswith(f"http://127.0.0.1:{port}/")
        plain = urllib.request.urlopen(url, timeout=10)
        assert json.loads(plain.read())["next_url"].startswith(f"http://127.0.0.1:{port}/")
    finally:
        server.terminate()
        server.wait(timeout=10)


def test_the_site_server_lists_no_folder(built) -> None:
    server = site_server(built.site, "127.0.0.1", 0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        port = server.server_address[1]
        assert (built.site / "assets").is_dir() and not (built.site / "assets" / "index.html").exists()
        for folder in ("/assets/", "/assets", "/assets/javascripts/"):
            with pytest.raises(urllib.error.HTTPError) as refused:
                urllib.request.urlopen(f"http://127.0.0.1:{port}{quote(folder)}", timeout=10)
            assert refused.value.code == 404
            page = refused.value.read().decode()
            assert "Directory listing" not in page and page == (built.site / "404.html").read_text(encoding="utf-8")
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=10) as index:  # a folder with its index page
            assert index.status == 200
    finally:
        server.shutdown()
        server.server_close()
