"""The canned queries of the API: the search, the games' own queries, and the queries on the tables
every game shares, each with its parameters described once (:class:`games.plugin.Param`). Datasette
gets them as metadata; the request checks (outputs/database/checks.py) and the OpenAPI document
read the same descriptions."""

from __future__ import annotations

import re
from dataclasses import asdict
from typing import Any

from games.plugin import Param, Query
from games.registry import Registry
from outputs.database.tables import SEARCH_RANK
from outputs.terms import RULED_BY_ORDER

SEARCH_LIMIT, SEARCH_MAX_LIMIT = 20, 100

SEARCH_QUERY = Query(
    "search", "Search everything (EN/HU/PL, any case ending, with or without accents)",
    "Words or a question in English, Hungarian or Polish, with or without accents, in any case "
    "ending, and filters: `category:wood`, `cost<=3`, `produces:stone`, `game:<id>`, "
    "`-market` (without), `category:wood or category:stone`, `\"gold mine\"` (a phrase); "
    "the site's Search syntax page lists them all. Entries that match every word come first, "
    "then those that match some. A hit's `snippet` is the entry's own text, plain; `marks` are "
    "the [start, end) character ranges of its matched words in it, and `snippet_html` is the same "
    "text HTML-escaped with those words in <mark>. `url` is the entry's place on the site (its page "
    "and anchor), `row_url` its row in this API. `game` (an id of the games table) limits the "
    "search to one game; leave it empty for all; an unknown id is a 400 naming the games. Pages of "
    f"`limit` hits (default {SEARCH_LIMIT}, at most {SEARCH_MAX_LIMIT}) from `offset`; "
    "the JSON gives `total` hits and `next_url` (and a `Link: rel=next` header) while more follow. "
    "A query the parser cannot read gets status 400 and an error naming the fields.",
    "select json_extract(hit.value, '$.entity_id') as entity_id, json_extract(hit.value, '$.kind') as kind,\n"
    "  json_extract(hit.value, '$.title') as title, json_extract(hit.value, '$.name_hu') as name_hu,\n"
    "  json_extract(hit.value, '$.name_pl') as name_pl, json_extract(hit.value, '$.game') as game,\n"
    "  json_extract(hit.value, '$.snippet') as snippet, json_extract(hit.value, '$.marks') as marks,\n"
    "  json_extract(hit.value, '$.snippet_html') as snippet_html, json_extract(hit.value, '$.url') as url,\n"
    "  json_extract(hit.value, '$.row_url') as row_url\n"
    "from json_each(kb_search(:q, :game, :limit, :offset)) hit\n"
    "order by hit.key",
    (Param("q", "Words, a question or filters (category:wood, cost<=3, -market, \"gold mine\")"),
     Param("game", "A game's id (see the games table; an unknown one is a 400); empty or left out for every game",
           required=False, default=""),
     Param("limit", "Hits per page", required=False, type="integer", minimum=1, maximum=SEARCH_MAX_LIMIT,
           default=SEARCH_LIMIT),
     Param("offset", "Hits to skip: the page's start", required=False, type="integer", minimum=0, default=0)),
    json_columns=("marks",),
)

_TEXT = {"type": ["string", "null"]}
SEARCH_COLUMNS: dict[str, dict[str, Any]] = {
    "entity_id": {**_TEXT, "description": "The entry's id"},
    "kind": {**_TEXT, "description": "The entry's kind (its table holds its row)"},
    "title": {**_TEXT, "description": "The entry's English name"},
    "name_hu": {**_TEXT, "description": "Its Hungarian name, if it has one"},
    "name_pl": {**_TEXT, "description": "Its Polish name, if it has one"},
    "game": {**_TEXT, "description": "The id of the entry's game"},
    "snippet": {**_TEXT, "description": "Whole sentences of the entry's own text, plain (no markup)"},
    "marks": {"type": ["array", "null"], "description": (
        "The matched words of `snippet`: [start, end) ranges in characters (Unicode code points) of the plain "
        "snippet, in order"), "items": {"type": "array", "items": {"type": "integer", "minimum": 0}, "minItems": 2, "maxItems": 2}},
    "snippet_html": {**_TEXT, "description": "The snippet HTML-escaped, its matched words in <mark> (as the site shows it)"},
    "url": {**_TEXT, "format": "uri", "description": "The entry on the site: the page that shows it, at its anchor"},
    "row_url": {**_TEXT, "format": "uri-reference", "description": "The entry's row in this API (its kind's table, as JSON)"},
}
"""What each column of a search hit holds (the OpenAPI document gives these schemas)."""
COLUMN_SCHEMAS = {SEARCH_QUERY.name: SEARCH_COLUMNS}


RULED_BY_RANK = "case r.ruled_by " + " ".join(f"when '{k}' then {i}" for i, k in enumerate(RULED_BY_ORDER)) + " end"
"""A ruling's place by who ruled, in SQL: the order of :data:`outputs.terms.RULED_BY_ORDER`."""


def shared_queries(linked_kinds: list[str]) -> tuple[Query, ...]:
    """Queries on the tables every game shares; ``linked_kinds`` are the kinds rule text links to."""
    kinds = ", ".join(f"'{k}'" for k in linked_kinds)
    return (
        Query("rules_mentioning", "Every rule mentioning a term",
              "A term in English, Hungarian or Polish; the rules whose text uses it.",
              "select distinct r.id, r.name_en as rule, r.section, r.text, r.refs_hu, r.refs_pl\n"
              "from rules r join links l on l.from_id = r.id and l.relation = 'mentions'\n"
              "where l.to_id in (select entity_id from name_forms where folded = kb_fold_words(:term))\n"
              "   or l.to_id in (select search.entity_id from search_fts join search on search.rowid = search_fts.rowid\n"
              f"                  where search_fts match kb_fts_query(:term) and search.kind in ({kinds}))\n"
              "order by r.id",
              (Param("term", "A term in English, Hungarian or Polish, any case ending, accents optional"),)),
        Query("rulings_about", "Every ruling about an entry",
              "Any entry of any game (a component, a card, a building, a rule, a term ...) by its id or any of its "
              "names or recorded forms (English, Hungarian, Polish, accents optional); the rulings about it: those "
              "that concern it, cite it, name it, give the decision of a discrepancy affecting it, or cite the rule "
              "governing it (the links of relation `about`, the same list as the entry's page). `answer` is its "
              "sentences, each with the rules it cites; `superseded_by` the ruling that replaced it; `url` its place "
              "on the site; `about` the entries found that it is about. A name several entries share (a term "
              "and its component) finds the rulings about each; `game` keeps to one game.",
              "select r.id, r.game, r.question, r.answer, r.ruled_by, r.status,\n"
              "  (select s.id from rulings s where s.supersedes = r.id) as superseded_by,\n"
              "  kb_site_url(e.site_page) as url, group_concat(l.to_id, ', ') as about\n"
              "from links l join rulings r on r.id = l.from_id join entities e on e.id = r.id\n"
              "where l.relation = 'about' and l.to_id in\n"
              "  (select id from entities where (id = :entry\n"
              "     or id in (select entity_id from name_forms where folded = kb_fold_words(:entry)))\n"
              "   and (:game = '' or game = :game))\n"
              f"group by r.id order by r.game, {RULED_BY_RANK}, r.rowid",
              (Param("entry", "An entry's id (as the entities table gives it) or any of its names or recorded forms "
                              "(Builder, jegyzőt), accents optional"),
               Param("game", "A game's id (see the games table); empty or left out for every game",
                     required=False, default="")),
              json_columns=("answer",)),
        Query("failed_examples", "Scenarios that failed in this build",
              "Worked examples, rulings and what-ifs the rules engine did not confirm; empty when all pass.",
              "select id, kind, title, file, line, failures from scenarios where passed = 0 order by id"),
        Query("term", "A term in all languages",
              "Type a word in English, Hungarian or Polish; see every name and form of it (the best 20).",
              "select e.id, e.kind, e.name_en, e.name_hu, e.name_pl,\n"
              "  (select group_concat(form, ' · ') from name_forms n where n.entity_id = e.id) as all_forms\n"
              "from search_fts join search on search.rowid = search_fts.rowid\n"
              "join entities e on e.id = search.entity_id\n"
              "where search_fts match kb_fts_query(:q)\n"
              "order by exists(select 1 from name_forms n where n.entity_id = e.id and n.folded = kb_fold_words(:q)) desc,\n"
              f"  e.kind = 'terms' desc, {SEARCH_RANK} limit 20",
              (Param("q", "A word in English, Hungarian or Polish, any case ending, accents optional"),)),
        Query("simulated_wins", "Wins by seat in seeded random games",
              "For a game with a rules engine: at each player count, how often each seat won (seat 1 moved "
              "first) over the simulated games of its Simulated games page; `percent` counts a shared win "
              "for every winner. Random play, not strategic play.",
              "select players, subject as seat, count as wins, round(100.0 * per_game, 1) as percent, games\n"
              "from simulation_stats where game = :game and statistic = 'win'\n"
              "order by players, cast(substr(subject, 6) as integer)",
              (Param("game", "A game's id (see the games table)"),)),
        Query("freshness", "This build: version, commit, date and entries per game and kind",
              "One row from the meta table: the build's version, commit and date (UTC), and `entries`, "
              "the number of entries of every kind of every game ({game: {kind: count}}).",
              "select (select value from meta where key = 'version') as version,\n"
              "  (select value from meta where key = 'commit') as \"commit\",\n"
              "  (select value from meta where key = 'built_at') as built_at,\n"
              "  (select value from meta where key = 'entries') as entries",
              json_columns=("entries",)),
    )


def all_queries(registry: Registry) -> tuple[Query, ...]:
    """The search first, then each game's queries on its own tables, then the shared queries."""
    linked = list(dict.fromkeys(k for module in registry.modules for k in module.linked_kinds))
    queries = (SEARCH_QUERY, *(q for module in registry.modules for q in module.queries), *shared_queries(linked))
    for query in queries:
        named = set(re.findall(r"(?<!:):([a-z_][a-z0-9_]*)", query.sql))
        declared = [p.name for p in query.params]
        if named != set(declared) or len(declared) != len(set(declared)):
            raise ValueError(f"canned query {query.name}: its SQL uses {sorted(named)}, its params declare {declared}")
    return queries


def canned_queries(registry: Registry) -> dict[str, dict[str, Any]]:
    """The canned queries as Datasette's metadata has them (``params`` orders the form's fields)."""
    return {q.name: {"title": q.title, "description": q.description, "sql": q.sql, "params": [p.name for p in q.params]}
            for q in all_queries(registry)}


def query_plugin_config(registry: Registry) -> dict[str, dict[str, Any]]:
    """Query name -> its parameters, described, its JSON columns and the schemas of its columns where
    given (the plugin's part of the metadata)."""
    return {q.name: {"params": [asdict(p) for p in q.params], "json_columns": list(q.json_columns),
                     "columns": COLUMN_SCHEMAS.get(q.name, {})} for q in all_queries(registry)}
