"""Datasette plugin: SQL functions that read a query by the one search definition (outputs/search):
``kb_fold``, ``kb_fold_words`` (a name folded as the name_forms table folds it), ``kb_fts_query``
(a MATCH expression for the FTS indexes, which hold the same definition's keys), and ``kb_search(q, game, limit, offset)``, the ranked search (the same as every
other channel's); table searches (``_search=``) read by the same definition; the bounds on every
connection (outputs/database/limits.py); the readable row page of entries
(outputs/database/rowpage.py); the explorer's route ``/-/explore.json`` (outputs/database/explore_route.py);
and a wrapper around Datasette that guards
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
import functools
import re
import sqlite3
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from datasette import hookimpl

from outputs.database import explore_route, gate, guard, rowpage
from outputs.database.checks import (Target, json_arguments, problem, routed_path, schema, target, with_arguments,
                                     with_row_key_encoded, with_since_read)
from outputs.database.gate import BUSY, LOAD, Gate, client_of, is_arbitrary_sql, is_download, is_expensive
from outputs.database.limits import bounded, limit_connection
from outputs.database.metadata import DATABASE, PLUGIN
from outputs.database.queries import SEARCH_LIMIT, SEARCH_QUERY
from outputs.database.responses import RAISED, Outgoing, Rewriter, error_page, search_paging, send_file, send_problem, within
from outputs.search import HitLinks, index_from_database, search_json
from outputs.search.analysis import Analyzer
from outputs.search.fts import folded_words, match_expression


@hookimpl
def prepare_connection(conn, database, datasette):  # type: ignore[no-untyped-def]
    limit_connection(conn)  # every connection, including Datasette's own in-memory ones
    links = HitLinks((datasette.plugin_config(PLUGIN) or {}).get("site_url", ""), f"/{DATABASE}")
    register_functions(conn, datasette.databases[database].path if database in datasette.databases else None, links)


def register_functions(conn: sqlite3.Connection, path: str | None, links: HitLinks | None = None) -> None:
    """The SQL functions the canned queries use, on a connection to the database at ``path``; each
    refuses text longer than limits.FUNCTION_INPUT_MAX (its run time grows with its input, inside one
    SQLite instruction that the time limit cannot interrupt). ``links`` give each hit of ``kb_search``
    its ``url`` on the site and ``row_url`` in the API, and ``kb_site_url(page)`` an entry's address on
    the site from its ``site_page``."""
    fold = Analyzer.default().fold
    games = games_of(path) if path else ()
    conn.create_function("kb_fold", 1, bounded(lambda text: fold(text) if text is not None else None), deterministic=True)
    # a name as the name_forms table folds its forms (punctuation dropped): "income card (deck A)"
    conn.create_function("kb_fold_words", 1, bounded(lambda text: folded_words(text) if text is not None else None),
                         deterministic=True)
    conn.create_function("kb_fts_query", 1, bounded(lambda text: match_expression(text or "", games, *_reading(path))),
                         deterministic=True)
    site = links.site_url.rstrip("/") if links else ""
    conn.create_function("kb_site_url", 1, lambda page: f"{site}/{page}" if page else None, deterministic=True)
    if path:
        conn.create_function("kb_search", 1, bounded(lambda text: search_json(path, text, links=links)), deterministic=True)
        conn.create_function("kb_search", 2, bounded(lambda text, game: search_json(path, text, game=_game(game), links=links)),
                             deterministic=True)
        conn.create_function("kb_search", 4, bounded(lambda text, game, limit, offset: search_json(
            path, text, game=_game(game), limit=_whole(limit, SEARCH_LIMIT), offset=_whole(offset, 0), links=links)),
            deterministic=True)


def _reading(path: str | None) -> tuple[Analyzer, Mapping[str, frozenset[str]] | None]:
    """How the ranked search of this database reads a query: its analyzer (its entries' words split
    closed compounds) and each game's languages (whose translations apply to it), so that a query
    reads the same in SQL as in the search."""
    if not path:
        return Analyzer.default(), None
    index = index_from_database(path)
    return index.analyzer, index.languages


@functools.lru_cache(maxsize=8)
def _games(path: str, stamp: float) -> tuple[str, ...]:
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return tuple(game for (game,) in conn.execute("select id from games order by id"))
    finally:
        conn.close()


def games_of(path: str) -> tuple[str, ...]:
    """The games of the database at ``path`` (read once while the file is unchanged): each reads a
    search in its own vocabulary, in the FTS paths as in the ranked search."""
    resolved = str(Path(path).resolve())
    return _games(resolved, Path(resolved).stat().st_mtime)


@hookimpl(trylast=True)
def filters_from_request(request, database, table, datasette):  # type: ignore[no-untyped-def]
    """A table search (``_search=``, or ``_search_<column>=``) read by the search definition: the
    player's words become the MATCH expression of their keys (the FTS index holds the same keys).

    Datasette's own search filter adds the ``match`` clause with the text as its parameter (raw, as the
    metadata of our searchable tables asks); this hook runs after it and gives that parameter the
    expression instead, so that the page still shows the words as typed. A client who asks for
    ``_searchmode`` itself gets Datasette's reading of the text (an FTS5 expression over the keys)."""
    from datasette.filters import FilterArguments

    if database != DATABASE or "_searchmode" in request.args or \
            datasette.table_metadata(database, table).get("searchmode") != "raw":
        return None
    searched = [key for key in request.args if key.startswith("_search") and key != "_searchmode"]
    path = datasette.databases[database].path
    if not searched or not path:
        return None
    games = games_of(path)
    if "_search" in searched:
        return FilterArguments([], {"search": match_expression(request.args["_search"], games, *_reading(path))})
    # the numbering of Datasette's own filter: one parameter per searched column, in the request's order;
    # a search of one column cannot also look at the game column, so every game's reading applies
    return FilterArguments([], {f"search_{i}": match_expression(request.args[key], (), _reading(path)[0])
                                for i, key in enumerate(searched)})


@hookimpl
def register_routes(datasette):  # type: ignore[no-untyped-def]
    return [(explore_route.ROUTE, explore_route.explore_view)]


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


DEFAULT_EXCEPTION_HANDLER = "datasette.handle_exception"


def quiet_default_exception_handler() -> None:
    """Datasette calls every ``handle_exception`` hook, and its own prints a traceback with every local
    variable for each exception, a client's bad SQL included (2.4 KB of log a request, and the time to
    make it): ours answers the same without it, so its own is kept out (blocked before Datasette
    registers it, which it does after loading this plugin, or unregistered if it already has)."""
    from datasette.plugins import pm

    if pm.has_plugin(DEFAULT_EXCEPTION_HANDLER):
        pm.unregister(name=DEFAULT_EXCEPTION_HANDLER)
    pm.set_blocked(DEFAULT_EXCEPTION_HANDLER)


@hookimpl(tryfirst=True)
def handle_exception(datasette, request, exception):  # type: ignore[no-untyped-def]
    """The answer to an exception, logged by the wrapper in one line for a 500 (the traceback only with
    KB_DEBUG=1)."""
    return error_page(datasette, request, exception)


@hookimpl
def asgi_wrapper(datasette):  # type: ignore[no-untyped-def]
    """Guard requests (outputs/database/guard.py: read-only, anonymous, no pages naming the server's
    folders), read a row's dotted id as Datasette's ``~2E`` spelling of it, check them before Datasette sees them (status 400 and a message for what would be a
    silent wrong answer or a 500), let the expensive ones through the gate (outputs/database/gate.py)
    and answer every request within a deadline, ask for JSON columns as JSON, page the search, and
    make error messages plain text."""
    quiet_default_exception_handler()

    def wrap(app):  # type: ignore[no-untyped-def]
        lane = Gate()
        datasette.kb_gate = lane  # for the tests

        async def checked(scope: dict[str, Any], receive: Any, send: Any) -> None:
            database = datasette.databases.get(DATABASE)
            if scope.get("type") != "http" or database is None or not database.path:
                await app(scope, receive, send)
                return
            tables = schema(database.path)
            scope = with_row_key_encoded(guard.anonymous(scope), tables)
            RAISED.set(None)
            outgoing = Outgoing(send)
            cors = bool(datasette.cors)
            config = datasette.plugin_config(PLUGIN) or {}
            request = target(config, tables, scope)
            page = request or Target("page", scope["path"], "json" if scope["path"].endswith(".json") else "", [])
            if scope["method"] not in guard.METHODS:
                await send_problem(outgoing, page, scope["path"], f"the API is read-only: {scope['method']} is not allowed",
                                   cors, 405, "Method not allowed", ((b"allow", ", ".join(guard.METHODS).encode("ascii")),))
                return
            if guard.hidden(scope["path"]):
                await send_problem(outgoing, page, scope["path"], "this page is not served", cors, 404, "Not found")
                return
            paging = None
            if request is not None:
                found = problem(config, tables, database.path, request)
                if found is not None:
                    await send_problem(outgoing, request, scope["path"], found, cors)
                    return
                extra = json_arguments(config, request)
                asked = with_since_read(request, tables.get(request.name, []), scope.get("query_string", b""))
                scope = {**scope, "query_string": with_arguments(asked, extra)}
                if request.what == "query" and request.name == SEARCH_QUERY.name and request.as_json:
                    # ranks the search off the event loop (the SQL function then finds the page kept)
                    paging = await asyncio.to_thread(search_paging, database.path, request,
                                                     config["queries"][request.name]["params"], scope)
            limit = guard.time_limit_ms(request, datasette.setting("sql_time_limit_ms"))
            rewriter = Rewriter(outgoing, paging, limit, page, scope["path"])
            path = routed_path(scope)
            if not is_expensive(request, path):
                LOAD.started()
                try:
                    await within(gate.DEADLINE_S, app(scope, receive, rewriter), outgoing, page, scope["path"], cors)
                finally:
                    LOAD.finished()
                return
            ticket = await lane.enter(client_of(scope))
            if isinstance(ticket, int):
                await send_problem(outgoing, page, scope["path"], BUSY.format(seconds=ticket), cors, 503, "Busy",
                                   ((b"retry-after", str(ticket).encode("ascii")),))
                return
            outgoing.ticket = ticket
            try:
                if is_download(path) and datasette.setting("allow_download"):
                    answer = send_file(outgoing, database.path, cors, head=scope["method"] == "HEAD")
                else:
                    answer = app(guard.with_time_limit(scope, limit) if is_arbitrary_sql(request) else scope, receive, rewriter)
                await within(gate.EXPENSIVE_DEADLINE_S, answer, outgoing, page, scope["path"], cors)
            finally:
                lane.leave(ticket)
        return checked
    return wrap


def _game(value: object) -> str | None:
    """A game parameter as the search takes it: None (every game) when empty; spaces around it do not
    count (the request checks and the paging read it so too)."""
    return (str(value).strip() or None) if value is not None else None


def _whole(value: object, default: int) -> int:
    """A parameter as a number (the request checks refused anything else); empty means the default."""
    text = str(value or "").strip()
    return int(text) if re.fullmatch(r"-?[0-9]{1,18}", text) else default


quiet_default_exception_handler()
