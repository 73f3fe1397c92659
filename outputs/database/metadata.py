"""Datasette metadata: titles, descriptions, sources, licence, column help, facets, canned queries."""

from __future__ import annotations

from typing import Any

from catalog import Catalog
from catalog.kinds import Source
from games.registry import Registry
from outputs.database.tables import SEARCH_RANK, derived

DATABASE = "kb"

LICENSE = "Catalog data: CC BY 4.0 (our own words and structured facts)"
LICENSE_NOTE = (
    "Names, numbers and short terms come from the cited rulebooks and public sources, each row "
    "naming its sources; rule text is written by the project. Rulebook text itself is not included."
)

ENTRY_COLUMN_HELP = {
    "id": "Stable id; never renumbered",
    "game": "The game (games.id)",
    "name_en": "English name",
    "name_hu": "Name in the Hungarian rulebook",
    "name_pl": "Name in the Polish rulebook",
    "name_de": "German name, where known",
    "name_fr": "French name, where known",
    "forms_en": "Other English forms",
    "forms_hu": "Other Hungarian forms found in the texts (inflected forms, synonyms)",
    "forms_pl": "Other Polish forms found in the texts (case forms, synonyms)",
    "confidence": "text, confirmed, picture_read, inferred or unconfirmed",
    "fact_confidence": "Confidence of single fields where it differs from the row's (JSON)",
    "notes": "Our notes",
    "sources": "Where each fact comes from: source key, section, line (JSON)",
    "source_keys": "Source keys cited (see the sources table)",
    "search_folded": "Names and text folded (no diacritics, ł as l) for search",
    "refs_hu": "Sections of the Hungarian rulebook (with seed line)",
    "refs_pl": "Sections of the Polish rulebook (with seed line)",
    "search_stemmed": "Hungarian, Polish and English stems for search",
}

SEARCH_QUERY: dict[str, dict[str, Any]] = {
    "search": {
        "title": "Search everything (EN/HU/PL, any case ending, with or without accents)",
        "description": "Words or a question in English, Hungarian or Polish, with or without accents, in any case "
                       "ending, and filters: `category:wood`, `cost<=3`, `produces:stone`, `game:<id>`, "
                       "`-market` (without), `category:wood or category:stone`, `\"gold mine\"` (a phrase); "
                       "the site's Search syntax page lists them all. Entries that match every word come first, "
                       "then those that match some; `snippet` is the entry's own text with the matched words in "
                       "<mark>. `game` (an id of the games table) limits the search to one game; leave it empty "
                       "for all. A query the parser cannot read gets status 400 and an error naming the fields.",
        "sql": (
            "select json_extract(hit.value, '$.entity_id') as entity_id, json_extract(hit.value, '$.kind') as kind,\n"
            "  json_extract(hit.value, '$.title') as title, json_extract(hit.value, '$.name_hu') as name_hu,\n"
            "  json_extract(hit.value, '$.name_pl') as name_pl, json_extract(hit.value, '$.game') as game,\n"
            "  json_extract(hit.value, '$.snippet') as snippet\n"
            "from json_each(kb_search(:q, :game)) hit\n"
            "order by hit.key"
        ),
    },
}

def shared_queries(linked_kinds: list[str]) -> dict[str, dict[str, Any]]:
    """Queries on the tables every game shares; ``linked_kinds`` are the kinds rule text links to."""
    kinds = ", ".join(f"'{k}'" for k in linked_kinds)
    return {
        "rules_mentioning": {
            "title": "Every rule mentioning a term",
            "description": "A term in English, Hungarian or Polish; the rules whose text uses it.",
            "sql": (
                "select distinct r.id, r.name_en as rule, r.section, r.text, r.refs_hu, r.refs_pl\n"
                "from rules r join links l on l.from_id = r.id and l.relation = 'mentions'\n"
                "where l.to_id in (select entity_id from name_forms where folded = kb_fold(:term))\n"
                "   or l.to_id in (select search.entity_id from search_fts join search on search.rowid = search_fts.rowid\n"
                f"                  where search_fts match kb_fts_query(:term) and search.kind in ({kinds}))\n"
                "order by r.id"
            ),
        },
        "failed_examples": {
            "title": "Scenarios that failed in this build",
            "description": "Worked examples, rulings and what-ifs the rules engine did not confirm; empty when all pass.",
            "sql": "select id, kind, title, file, line, failures from scenarios where passed = 0 order by id",
        },
        "term": {
            "title": "A term in all languages",
            "description": "Type a word in English, Hungarian or Polish; see every name and form of it.",
            "sql": (
                "select e.id, e.kind, e.name_en, e.name_hu, e.name_pl,\n"
                "  (select group_concat(form, ' · ') from name_forms n where n.entity_id = e.id) as all_forms\n"
                "from search_fts join search on search.rowid = search_fts.rowid\n"
                "join entities e on e.id = search.entity_id\n"
                "where search_fts match kb_fts_query(:q)\n"
                "order by exists(select 1 from name_forms n where n.entity_id = e.id and n.folded = kb_fold(:q)) desc,\n"
                f"  e.kind = 'terms' desc, {SEARCH_RANK} limit 20"
            ),
        },
    }


def canned_queries(registry: Registry) -> dict[str, dict[str, Any]]:
    """The search first, then each game's queries on its own tables, then the other shared queries."""
    games = {q.name: {"title": q.title, "description": q.description, "sql": q.sql}
             for module in registry.modules for q in module.queries}
    linked = list(dict.fromkeys(k for module in registry.modules for k in module.linked_kinds))
    return {**SEARCH_QUERY, **games, **shared_queries(linked)}


def build_metadata(catalog: Catalog, registry: Registry, site_url: str = "http://127.0.0.1:8000",
                   info: Any = None) -> dict[str, Any]:
    source_list = "; ".join(f"{s.key}: {s.names.en}" for s in catalog.typed("sources", Source))
    tables: dict[str, Any] = {}
    for kind in registry.schema.kinds:
        columns = dict(ENTRY_COLUMN_HELP)
        for name, field in kind.model.model_fields.items():
            if field.description:
                columns[name] = field.description
        for model in registry.schema.models(kind)[1:]:  # fields a game's refinement adds
            for name, field in model.model_fields.items():
                if field.description:
                    columns.setdefault(name, field.description)
        for extra in derived(registry, kind):
            columns.update({name: column.description for name, column in extra.columns.items()})
        table: dict[str, Any] = {
            "title": kind.description,
            "description": f"{kind.description}. One row per entry of data/*.yaml ({kind.key}).",
            "source": "Rulebooks (HU, PL) and public sources, cited per row",
            "source_url": f"{site_url}/sources/",
            "license": LICENSE,
            "columns": {k: v for k, v in columns.items()},
            "sort": "id",
        }
        facets = ["game"]
        if "category" in kind.model.model_fields:
            facets.append("category")
        if kind.key in ("discrepancies",):
            facets.append("topic")
        facets.append("confidence")
        table["facets"] = facets
        if kind.key != "games":
            table["searchmode"] = "raw"
        tables[kind.table] = table
    tables["search"] = {
        "title": "Search index",
        "description": "One row per entry: its names, forms and text as written, folded and stemmed. Use the search query.",
    }
    tables["name_forms"] = {"title": "Every name and surface form", "facets": ["lang"]}
    tables["links"] = {"title": "What each entry concerns, illustrates, affects or mentions",
                       "description": "From a ruling, example, rule, discrepancy or term to the entries it touches. "
                                      "Relation `about`: the entries a ruling is about (the rules it names, what its "
                                      "question or answer names, the entries those rules govern).",
                       "facets": ["relation"]}
    tables["scenarios"] = {"title": "Scenarios and whether they passed in this build",
                           "description": "Worked examples, FAQ rulings and what-ifs, played by the rules engine.",
                           "facets": ["game", "kind", "passed"]}
    tables["meta"] = {"title": "This build", "description": "version, commit, built_at, and count.<table> for every table"}
    tables["entry_sources"] = {"title": "Sources of each entry", "facets": ["key"]}
    return {
        "title": "Rulebook KB",
        "description": (
            "Component data, glossary and source discrepancies for board games whose rulebooks we have in "
            "Hungarian and Polish. Search in any of the three languages with the search query."
        ),
        "license": LICENSE,
        "source": f"Sources: {source_list}",
        "about": LICENSE_NOTE + (f" Build {info.version}." if info else ""),
        "about_url": site_url + "/",
        "databases": {
            DATABASE: {
                "title": "Rulebook KB",
                "description": "One table per kind of catalog entry, link tables, and a search index.",
                "tables": tables,
                "queries": canned_queries(registry),
            }
        },
    }
