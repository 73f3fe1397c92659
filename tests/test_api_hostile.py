"""The API under a hostile client: what one query may build or return is bounded, and nothing names
the server's folders. No timings are asserted here: scripts/bench_api.py measures what this costs
the other clients."""

from __future__ import annotations

import sqlite3
from urllib.parse import urlencode

import pytest

from kb.serve import datasette_app
from outputs.database.limits import FUNCTION_INPUT_MAX, RESULT_TOO_BIG, VALUE_MAX_BYTES, VALUE_TOO_BIG_MESSAGE


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
        fits = await datasette.client.get(sql(f"select length({function}(printf('%.{FUNCTION_INPUT_MAX}c', 'a'))) as n"))
        assert fits.status_code == 200 and fits.json()[0]["n"] > 0, fits.text[:300]
        too_long = sql(f"select {function}(printf('%.{FUNCTION_INPUT_MAX + 1}c', 'a'))")
        assert await error_of(datasette, too_long) == VALUE_TOO_BIG_MESSAGE


async def test_one_querys_rows_are_bounded_in_bytes_and_the_largest_table_still_fits(datasette) -> None:
    assert await error_of(datasette, sql("select hex(randomblob(3000)) from name_forms limit 1000")) == RESULT_TOO_BIG
    whole = await datasette.client.get(sql("select * from search"))
    count = await datasette.client.get(sql("select count(*) as n from search"))
    assert whole.status_code == 200 and len(whole.json()) == count.json()[0]["n"]


async def test_sql_cannot_read_where_the_database_file_is(datasette) -> None:
    rows = (await datasette.client.get(sql("select * from pragma_database_list()"))).json()
    assert rows == [{"seq": 0, "name": "main", "file": None}]
    rows = (await datasette.client.get(sql('select file from "PRAGMA_DATABASE_LIST"'))).json()
    assert rows == [{"file": None}]
