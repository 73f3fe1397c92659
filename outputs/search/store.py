"""The search index of a built database: read once from its ``search`` table (one row per entry)
and kept while the file is unchanged."""

from __future__ import annotations

import functools
import json
import sqlite3
from dataclasses import dataclass
from pathlib import Path

from datasette.utils import tilde_encode  # type: ignore[import-untyped]  # Datasette ships no type information

from outputs.search.engine import Document, SearchIndex
from outputs.search.query import QueryError, parse

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
        # the heading of the section a rule stands under on the site ("Ties" under "The conflict"): a
        # player asking about a tie in a conflict means that rule, though its text never says "conflict"
        for entity, title in rule_section_titles(conn):
            linked.setdefault(entity, []).append(title)
        fields = dict(conn.execute("select field, description from search_fields order by rowid").fetchall())
        orders = dict(conn.execute('select id, "order" from rules').fetchall())
        facets: dict[str, dict[str, list[str]]] = {}
        numbers: dict[str, dict[str, list[float]]] = {}
        for entity, name, value, number in conn.execute("select entity_id, field, value, number from facets"):
            facets.setdefault(entity, {}).setdefault(name, []).append(value)
            if number is not None:
                numbers.setdefault(entity, {}).setdefault(name, []).append(number)
    finally:
        conn.close()
    index = SearchIndex([Document(r[0], r[1], r[2], r[3] or "", r[4] or "", r[5] or "", r[6], r[7],
                                  " | ".join(linked.get(r[0], [])),
                                  {k: tuple(v) for k, v in facets.get(r[0], {}).items()},
                                  {k: tuple(v) for k, v in numbers.get(r[0], {}).items()}, orders.get(r[0]) or 0) for r in rows],
                        fields=fields)
    _CACHE[key] = (stamp, index)
    return index


def rule_section_titles(conn: sqlite3.Connection) -> list[tuple[str, str]]:
    """(rule id, title of its section in its game's rule pages) for every rule."""
    titles: dict[tuple[str, str], str] = {}
    for game, pages in conn.execute("select game, rule_pages from games where rule_pages is not null"):
        for page in json.loads(pages):
            for section in page["sections"]:
                titles[(game, section["section"])] = section["title"]
    return [(rule, titles[(game, section)]) for rule, game, section in conn.execute("select id, game, section from rules")
            if (game, section) in titles]


@dataclass(frozen=True)
class HitLinks:
    """Where a hit leads: ``url`` is ``site_url/<page>#<id>``, the site's page that shows the entry under
    its id; ``row_url`` is ``database/<table>/<id>.json``, its row in the API (the id tilde-encoded, as
    Datasette writes it: a dot is ``~2E``)."""

    site_url: str
    database: str
    """The API's path of the database (``/kb``)."""


def search_json(path: Path | str, query: str | None, game: str | None = None, limit: int = LIMIT, offset: int = 0,
                links: HitLinks | None = None) -> str:
    """The ranked hits of a query (in one game, or all) as JSON, ``limit`` of them from ``offset``:
    what ``kb_search`` returns in SQL. With ``links``, each hit has its ``url`` and ``row_url``."""
    return search_page(path, query, game, limit, offset, links)[0]


def search_page(path: Path | str, query: str | None, game: str | None = None, limit: int = LIMIT,
                offset: int = 0, links: HitLinks | None = None) -> tuple[str, int]:
    """A page of hits as JSON (as :func:`search_json`) and the number of hits in all. The last pages
    asked for are kept: the API asks for the total and the SQL function for the page of one request."""
    key = str(Path(path).resolve())
    return _page(key, Path(key).stat().st_mtime, query or "", game or None, limit, offset, links)


@functools.lru_cache(maxsize=64)
def _page(key: str, stamp: float, query: str, game: str | None, limit: int, offset: int,
          links: HitLinks | None) -> tuple[str, int]:
    rows, total = _ranked(key, stamp, query, game, limit, offset)
    if links is not None:
        places = _entry_places(key, stamp)
        rows = [_linked(row, *places[str(row["entity_id"])], links) for row in rows]
    return json.dumps(rows, ensure_ascii=False), total


def _linked(row: dict[str, object], table: str, page: str, links: HitLinks) -> dict[str, object]:
    return {**row, "url": f"{links.site_url.rstrip('/')}/{page}",
            "row_url": f"{links.database}/{tilde_encode(table)}/{tilde_encode(str(row['entity_id']))}.json"}


@functools.lru_cache(maxsize=64)
def _ranked(key: str, stamp: float, query: str, game: str | None, limit: int, offset: int) -> tuple[list[dict[str, object]], int]:
    """The page's hits, ranked once for a request's two questions (its total, without links; its rows, with)."""
    hits, total = index_from_database(key).page(query, game=game, limit=limit, offset=offset)
    return [h.to_dict() for h in hits], total


@functools.lru_cache(maxsize=4)
def _entry_places(key: str, stamp: float) -> dict[str, tuple[str, str]]:
    """Entry id -> (the table of its kind, its page and anchor on the site) for every searched entry."""
    conn = sqlite3.connect(f"file:{key}?mode=ro", uri=True)
    try:
        return {entity: (table, page) for entity, table, page in conn.execute(
            "select s.entity_id, s.table_name, e.site_page from search s join entities e on e.id = s.entity_id")}
    finally:
        conn.close()


def query_problem(path: Path | str, query: str | None) -> str | None:
    """Why a query cannot be read (an unknown field, a comparison without a number ...), or None."""
    index = index_from_database(path)
    try:
        parse(query or "", index.fields, index.numeric_fields)
    except QueryError as problem:
        return str(problem)
    return None
