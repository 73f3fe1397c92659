"""Datasette plugin: SQL functions that fold and stem a query the way the index was built, and
``kb_search(q)``, the ranked search of outputs/search (the same as every other channel's).

Registered through the ``datasette`` entry point in pyproject.toml, so both ``kb serve`` and the
in-process test client have it.
"""

from __future__ import annotations

from datasette import hookimpl

from outputs.search import search_json
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
