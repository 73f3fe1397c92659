"""Datasette plugin: SQL functions that fold and stem a query the way the index was built.

Registered through the ``datasette`` entry point in pyproject.toml, so both ``kb serve`` and the
in-process test client have it.
"""

from __future__ import annotations

from datasette import hookimpl

from outputs.textsearch import fold, fts_query


@hookimpl
def prepare_connection(conn):  # type: ignore[no-untyped-def]
    conn.create_function("kb_fold", 1, lambda text: fold(text) if text is not None else None, deterministic=True)
    conn.create_function("kb_fts_query", 1, lambda text: fts_query(text or ""), deterministic=True)
