"""Datasette plugin: SQL functions that fold and stem a query the way the index was built, and
``kb_search(q, game, limit, offset)``, the ranked search of outputs/search (the same as every other
channel's); the bounds on every connection (outputs/database/limits.py); the readable row page of
entries (outputs/database/rowpage.py); and a wrapper around Datasette that checks requests (outputs/database/checks.py) and completes answers
(outputs/database/responses.py).

A bad request (a malformed search such as ``icon:x``, a missing or unknown parameter of a canned
query, a filter on a column the table does not have) is answered before any SQL runs, with status 400
and a plain message: an exception inside an SQL function reaches the client only as "user-defined
function raised exception", and an unknown column reads as a string constant in SQLite.

Registered through the ``datasette`` entry point in pyproject.toml, so both ``kb serve`` and the
in-process test client have it.
"""

from __future__ import annotations

import sqlite3
from typing import Any

from datasette import hookimpl

from outputs.database import rowpage
from outputs.database.checks import json_arguments, problem, schema, target, with_arguments
from outputs.database.limits import bounded, limit_connection
from outputs.database.metadata import DATABASE, PLUGIN
from outputs.database.queries import SEARCH_LIMIT, SEARCH_QUERY
from outputs.database.responses import Rewriter, search_paging, send_problem
from outputs.search import search_json
from outputs.textsearch import fold, fts_query


@hookimpl
def prepare_connection(conn, database, datasette):  # type: ignore[no-untyped-def]
    limit_connection(conn)  # every connection, including Datasette's own in-memory ones
    register_functions(conn, datasette.databases[database].path if database in datasette.databases else None)


def register_functions(conn: sqlite3.Connection, path: str | None) -> None:
    """The SQL functions the canned queries use, on a connection to the database at ``path``; each
    refuses text longer than limits.FUNCTION_INPUT_MAX (its run time grows with its input, inside one
    SQLite instruction that the time limit cannot interrupt)."""
    conn.create_function("kb_fold", 1, bounded(lambda text: fold(text) if text is not None else None), deterministic=True)
    conn.create_function("kb_fts_query", 1, bounded(lambda text: fts_query(text or "")), deterministic=True)
    if path:
        conn.create_function("kb_search", 1, bounded(lambda text: search_json(path, text)), deterministic=True)
        conn.create_function("kb_search", 2, bounded(lambda text, game: search_json(path, text, game=game or None)),
                             deterministic=True)
        conn.create_function("kb_search", 4, bounded(lambda text, game, limit, offset: search_json(
            path, text, game=game or None, limit=_whole(limit, SEARCH_LIMIT), offset=_whole(offset, 0))), deterministic=True)


@hookimpl
def prepare_jinja2_environment(env, datasette):  # type: ignore[no-untyped-def]
    rowpage.install(env, datasette.plugin_config(PLUGIN) or {})


@hookimpl
def extra_template_vars(template, database, table, view_name, request, datasette):  # type: ignore[no-untyped-def]
    if view_name != "row" or database != DATABASE or not table:
        return None

    async def entry() -> dict[str, Any]:
        return await rowpage.entry_vars(datasette, datasette.plugin_config(PLUGIN) or {}, table, request)
    return entry


@hookimpl
def asgi_wrapper(datasette):  # type: ignore[no-untyped-def]
    """Check requests for tables, rows and canned queries before Datasette sees them (status 400 and
    a message for what would be a silent wrong answer), ask for JSON columns as JSON, page the
    search, and make JSON error messages plain text."""
    def wrap(app):  # type: ignore[no-untyped-def]
        async def checked(scope: dict[str, Any], receive: Any, send: Any) -> None:
            database = datasette.databases.get(DATABASE)
            if scope.get("type") != "http" or database is None or not database.path:
                await app(scope, receive, send)
                return
            config = datasette.plugin_config(PLUGIN) or {}
            tables = schema(database.path)
            request = target(config, tables, scope)
            paging = None
            if request is not None:
                found = problem(config, tables, database.path, request)
                if found is not None:
                    await send_problem(send, request, scope["path"], found, bool(datasette.cors))
                    return
                extra = json_arguments(config, request)
                scope = {**scope, "query_string": with_arguments(scope.get("query_string", b""), extra)}
                if request.what == "query" and request.name == SEARCH_QUERY.name and request.as_json:
                    paging = search_paging(database.path, request, config["queries"][request.name]["params"], scope)
            await app(scope, receive, Rewriter(send, paging, datasette.setting("sql_time_limit_ms")))
        return checked
    return wrap


def _whole(value: object, default: int) -> int:
    """A parameter as a number (the request checks refused anything else); empty means the default."""
    text = str(value or "").strip()
    return int(text) if text.lstrip("-").isdigit() else default
