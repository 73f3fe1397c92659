"""The site's search index: the same documents as the API's (read from the built database), with the
page each entry lives on and the search definition, for the site's own search script to load."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

from outputs.search.analysis import Analyzer
from outputs.search.query import SHARED_FIELDS
from outputs.search.store import index_from_database


def site_index(db_path: Path, url_of: Callable[[str], str | None]) -> dict[str, Any]:
    """``{definition, fields, games, kinds, phrases, docs}`` (``games``: id -> name; ``kinds``: key -> label). A document is [id, game,
    kind, title, url, names, phrase numbers, body, name_hu, name_pl, rank, facets, numbers], the last two
    only when it has fields of its game's own; ``rank`` orders hits of equal score (outputs/search/ranking.py). Linked terms and cited headings repeat across entries,
    so each is stored once in ``phrases``."""
    index = index_from_database(db_path)
    phrases: dict[str, int] = {}
    docs = []
    for doc in index.documents:
        url = url_of(doc.id)
        if url is None:
            continue
        numbers = [phrases.setdefault(p, len(phrases)) for p in dict.fromkeys(doc.terms.split(" | ")) if p]
        row: list[Any] = [doc.id, doc.game, doc.kind, doc.title, url, doc.names, numbers, doc.body, doc.name_hu, doc.name_pl, doc.rank]
        # the shared fields (game, kind) are in every document already: the script derives them
        own = {k: list(v) for k, v in doc.facets.items() if k not in SHARED_FIELDS}
        if own or doc.numbers:
            row += [own, {k: list(v) for k, v in doc.numbers.items()}]
        docs.append(row)
    games = {doc.id: doc.title for doc in index.documents if doc.kind == "games"}
    return {"definition": Analyzer.default().definition, "fields": dict(index.fields), "games": games,
            "kinds": kind_labels(db_path), "phrases": list(phrases), "docs": docs}


def kind_labels(db_path: Path) -> dict[str, str]:
    """Kind key -> what a player reads beside a result ("startings" -> "starting pieces")."""
    conn = sqlite3.connect(f"file:{db_path.resolve()}?mode=ro", uri=True)
    try:
        return dict(conn.execute("select distinct kind, kind_label from search order by kind").fetchall())
    finally:
        conn.close()
