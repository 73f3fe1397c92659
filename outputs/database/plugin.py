"""Datasette plugin: SQL functions that fold and stem a query the way the index was built, and
``kb_search(q, game, limit, offset)``, the ranked search of outputs/search (the same as every other
channel's); the bounds on every connection (outputs/database/limits.py); the readable row page of
entries (outputs/database/rowpage.py); and a wrapper around Datasette that guards
(outputs/database/guard.py) and checks requests (outputs/database/checks.py) and completes answers
(outputs/database/responses.py).

A bad request (a malformed search such as ``icon:x``, a missing or unknown parameter of a canned
query, a filter on a column the table does not have) is answered before any SQL runs, with status 400
and a plain message: an exception inside an SQL function reaches the client only as "user-defined
function raised exception", and an unknown column reads as a string constant in SQLite.

Registered through the ``datasette`` entry point in pyproject.toml, so both ``kb serve`` and the
in-process test client have it.
"""

from __future__ import annotations

import asyncio
import re
import sqlite3
from typing import Any

from datasette import hookimpl

from outputs.database import guard, rowpage
from outputs.database.checks import Target, json_arguments, problem, schema, target, with_arguments
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
    """Guard requests (outputs/database/guard.py: read-only methods, a lane for arbitrary SQL, no pages
    naming the server's folders), check them before Datasette sees them (status 400 and a message for
    what would be a silent wrong answer or a 500), ask for JSON columns as JSON, page the search, and
    make error messages plain text."""
    def wrap(app):  # type: ignore[no-untyped-def]
        lane = guard.Lane(guard.ARBITRARY_SQL_LANE, guard.ARBITRARY_SQL_SHARE, guard.ARBITRARY_SQL_BURST_S)

        async def checked(scope: dict[str, Any], receive: Any, send: Any) -> None:
            database = datasette.databases.get(DATABASE)
            if scope.get("type") != "http" or database is None or not database.path:
                await app(scope, receive, send)
                return
            cors = bool(datasette.cors)
            config = datasette.plugin_config(PLUGIN) or {}
            tables = schema(database.path)
            request = target(config, tables, scope)
            page = request or Target("page", scope["path"], "json" if scope["path"].endswith(".json") else "", [])
            if scope["method"] not in guard.METHODS:
                await send_problem(send, page, scope["path"], f"the API is read-only: {scope['method']} is not allowed",
                                   cors, 405, "Method not allowed", ((b"allow", ", ".join(guard.METHODS).encode("ascii")),))
                return
            if guard.hidden(scope["path"]):
                await send_problem(send, page, scope["path"], "this page is not served", cors, 404, "Not found")
                return
            paging = None
            if request is not None:
                found = problem(config, tables, database.path, request)
                if found is not None:
                    await send_problem(send, request, scope["path"], found, cors)
                    return
                extra = json_arguments(config, request)
                scope = {**scope, "query_string": with_arguments(scope.get("query_string", b""), extra)}
                if request.what == "query" and request.name == SEARCH_QUERY.name and request.as_json:
                    # ranks the search off the event loop (the SQL function then finds the page kept)
                    paging = await asyncio.to_thread(search_paging, database.path, request,
                                                     config["queries"][request.name]["params"], scope)
            limit = guard.time_limit_ms(request, datasette.setting("sql_time_limit_ms"))
            rewriter = Rewriter(send, paging, limit, page, scope["path"])
            if not guard.is_arbitrary_sql(request):
                await app(scope, receive, rewriter)
                return
            entered = lane.enter()
            if entered is None:
                seconds = lane.retry_after()
                await send_problem(send, page, scope["path"], guard.LANE_FULL.format(seconds=seconds), cors, 503, "Busy",
                                   ((b"retry-after", str(seconds).encode("ascii")),))
                return
            try:
                await app(guard.with_time_limit(scope, limit), receive, rewriter)
            finally:
                lane.leave(entered)
        return checked
    return wrap


def _whole(value: object, default: int) -> int:
    """A parameter as a number (the request checks refused anything else); empty means the default."""
    text = str(value or "").strip()
    return int(text) if re.fullmatch(r"-?[0-9]{1,18}", text) else default
