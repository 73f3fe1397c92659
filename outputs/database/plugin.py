"""Datasette plugin: SQL functions that fold and stem a query the way the index was built, and
``kb_search(q)``, the ranked search of outputs/search (the same as every other channel's).

A malformed search (``icon:x``, ``cost<=x``) is answered before any SQL runs, with status 400 and the
parser's message: an exception inside an SQL function reaches the client only as "user-defined
function raised exception".

Registered through the ``datasette`` entry point in pyproject.toml, so both ``kb serve`` and the
in-process test client have it.
"""

from __future__ import annotations

import html
import json
from typing import Any
from urllib.parse import parse_qs

from datasette import hookimpl

from outputs.database.metadata import SEARCH_QUERY
from outputs.search import query_problem, search_json
from outputs.textsearch import fold, fts_query


@hookimpl
def prepare_connection(conn, database, datasette):  # type: ignore[no-untyped-def]
    conn.create_function("kb_fold", 1, lambda text: fold(text) if text is not None else None, deterministic=True)
    conn.create_function("kb_fts_query", 1, lambda text: fts_query(text or ""), deterministic=True)
    path = datasette.databases[database].path if database in datasette.databases else None
    if path:
        conn.create_function("kb_search", 1, lambda text: search_json(path, text), deterministic=True)
        conn.create_function("kb_search", 2, lambda text, game: search_json(path, text, game=game or None),
                             deterministic=True)


@hookimpl
def asgi_wrapper(datasette):  # type: ignore[no-untyped-def]
    def wrap(app):  # type: ignore[no-untyped-def]
        async def checked(scope: dict[str, Any], receive: Any, send: Any) -> None:
            problem = _search_problem(datasette, scope) if scope.get("type") == "http" else None
            if problem is None:
                await app(scope, receive, send)
                return
            as_json = scope["path"].endswith(".json")
            form = scope["path"].removesuffix(".json")
            body = (json.dumps({"ok": False, "error": problem, "status": 400}, ensure_ascii=False) if as_json
                    else f"<!DOCTYPE html><title>Search error</title><p>Search error: {html.escape(problem)}</p>"
                         f'<p><a href="{html.escape(form)}">Back to the search form</a></p>')
            await send({"type": "http.response.start", "status": 400, "headers": [
                (b"content-type", b"application/json; charset=utf-8" if as_json else b"text/html; charset=utf-8")]})
            await send({"type": "http.response.body", "body": body.encode("utf-8")})
        return checked
    return wrap


def _search_problem(datasette: Any, scope: dict[str, Any]) -> str | None:
    parts = scope.get("path", "").strip("/").split("/")
    if len(parts) != 2 or parts[1].removesuffix(".json") not in SEARCH_QUERY:
        return None
    database = datasette.databases.get(parts[0])
    if database is None or not database.path:
        return None
    q = parse_qs(scope.get("query_string", b"").decode("utf-8", "replace")).get("q", [""])[0]
    return query_problem(database.path, q)
