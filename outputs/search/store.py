"""The search index of a built database: read once from its ``search`` table (one row per entry)
and kept while the file is unchanged."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from outputs.search.engine import Document, SearchIndex

LIMIT = 20
# Links whose target's names make the source findable: a rule mentions a term; a term refers to a
# building (and the building, in turn, is found by the term's names).
TERM_LINKS = ("select from_id, to_id from links where relation = 'mentions' "
              "union select from_id, to_id from links where relation = 'refers_to' "
              "union select to_id, from_id from links where relation = 'refers_to'")
_CACHE: dict[str, tuple[float, SearchIndex]] = {}


def index_from_database(path: Path | str) -> SearchIndex:
    key = str(Path(path).resolve())
    stamp = Path(key).stat().st_mtime
    cached = _CACHE.get(key)
    if cached and cached[0] == stamp:
        return cached[1]
    conn = sqlite3.connect(f"file:{key}?mode=ro", uri=True)
    try:
        rows = conn.execute("select entity_id, game, kind, title, names, body, name_hu, name_pl from search order by rowid").fetchall()
        names = {r[0]: " | ".join(n for n in (r[3], r[4]) if n) for r in rows}
        linked: dict[str, list[str]] = {}
        for source, target in conn.execute(TERM_LINKS):
            if target in names:
                linked.setdefault(source, []).append(names[target])
        # the rulebooks' own section headings an entry cites: short Hungarian and Polish terms
        for entity, section in conn.execute("select entity_id, section from entry_sources where section is not null"):
            linked.setdefault(entity, []).append(section)
    finally:
        conn.close()
    index = SearchIndex([Document(r[0], r[1], r[2], r[3] or "", r[4] or "", r[5] or "", r[6], r[7],
                                  " | ".join(linked.get(r[0], []))) for r in rows])
    _CACHE[key] = (stamp, index)
    return index


def search_json(path: Path | str, query: str | None, game: str | None = None, limit: int = LIMIT) -> str:
    """The ranked hits of a query (in one game, or all) as JSON: what ``kb_search`` returns in SQL."""
    hits = index_from_database(path).search(query or "", game=game, limit=limit)
    return json.dumps([{"id": h.document.id, "matched": h.matched, "score": round(h.score, 2), "snippet": h.snippet}
                       for h in hits], ensure_ascii=False)
