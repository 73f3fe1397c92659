"""Datasette metadata: titles, descriptions, sources, licence, column help, facets, canned queries."""

from __future__ import annotations

from typing import Any

from kb.catalog import Catalog
from kb.database import SEARCH_RANK, extra_columns
from kb.schema import KINDS, Entry

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
    "cost_text": "Cost in words",
    "cost_total": "Number of cubes and coins in the cost",
    "effect_text": "What the building or favour does, in words",
    "income_text": "Income in phase 1, in words",
    "produces": "Resources a worker can get here",
    "scoring_text": "Scoring table in words",
    "rulings": "Rulings about this building (see the rulings table)",
}

CANNED_QUERIES: dict[str, dict[str, Any]] = {
    "search": {
        "title": "Search everything (EN/HU/PL, any case ending, with or without accents)",
        "description": "Finds buildings, terms, rules facts and discrepancies from an English, Hungarian or Polish word.",
        "sql": (
            "select search.entity_id, search.kind, search.title, search.name_hu, search.name_pl, search.game\n"
            "from search_fts join search on search.rowid = search_fts.rowid\n"
            "where search_fts match kb_fts_query(:q)\n"
            f"order by {SEARCH_RANK} limit 50"
        ),
    },
    "buildings_producing": {
        "title": "Buildings that produce a resource",
        "description": "Give a resource in any language: stone, kő, kamień, gold, arany, złoto ...",
        "sql": (
            "select b.id, b.name_en, b.name_hu, b.name_pl, b.category, b.effect_text, b.cost_text\n"
            "from buildings b join building_produces p on p.building_id = b.id\n"
            "join name_forms f on f.entity_id = p.resource_id\n"
            "where f.folded = kb_fold(:resource) or p.resource_id like '%.resource.' || kb_fold(:resource)\n"
            "group by b.id order by b.category, b.name_en"
        ),
    },
    "buildings_by_cost": {
        "title": "Buildings by cost",
        "description": "Buildings with a cost, cheapest first; give a category (wood, stone, prestige) or leave it empty.",
        "sql": (
            "select id, name_en, name_hu, name_pl, category, cost_text, cost_total, prestige, effect_text\n"
            "from buildings where cost is not null and cost != 'null'\n"
            "and (:category = '' or category = :category)\n"
            "order by cost_total, prestige, name_en"
        ),
    },
    "building": {
        "title": "What a building costs and gives",
        "description": "A building by any of its names (English, Hungarian, Polish, with or without accents).",
        "sql": (
            "select b.id, b.name_en, b.name_hu, b.name_pl, b.category, b.cost_text, b.prestige, b.favours,\n"
            "  b.income_text, b.effect_text, b.refs_hu, b.refs_pl\n"
            "from buildings b where b.id in (select entity_id from name_forms where folded = kb_fold(:building))\n"
            "  or b.id like '%.building.' || kb_fold(:building) || '%'\n"
            "order by b.name_en"
        ),
    },
    "rulings_about": {
        "title": "Every ruling about a building",
        "description": "Rulings that concern or mention a building (any of its names).",
        "sql": (
            "select distinct r.id, r.question, r.answer, r.source_kind, r.status, r.refs_hu\n"
            "from rulings r join links l on l.from_id = r.id\n"
            "where l.to_id in (select id from buildings where id in\n"
            "    (select entity_id from name_forms where folded = kb_fold(:building))\n"
            "  or id like '%.building.' || kb_fold(:building) || '%')\n"
            "   or l.to_id in (select l2.from_id from links l2 where l2.relation = 'refers_to' and l2.to_id in\n"
            "    (select id from buildings where id like '%.building.' || kb_fold(:building) || '%'))\n"
            "order by r.id"
        ),
    },
    "rules_mentioning": {
        "title": "Every rule mentioning a term",
        "description": "A term in English, Hungarian or Polish; the rules whose text uses it.",
        "sql": (
            "select distinct r.id, r.name_en as rule, r.section, r.text, r.refs_hu, r.refs_pl\n"
            "from rules r join links l on l.from_id = r.id and l.relation = 'mentions'\n"
            "where l.to_id in (select entity_id from name_forms where folded = kb_fold(:term))\n"
            "   or l.to_id in (select search.entity_id from search_fts join search on search.rowid = search_fts.rowid\n"
            "                  where search_fts match kb_fts_query(:term) and search.kind in ('terms', 'buildings', 'components'))\n"
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


def _sources_for(catalog: Catalog) -> list[Entry]:
    return catalog.of_kind("sources")


def build_metadata(catalog: Catalog, site_url: str = "http://127.0.0.1:8000", info: Any = None) -> dict[str, Any]:
    sources = _sources_for(catalog)
    source_list = "; ".join(f"{s.key}: {s.names.en}" for s in sources)  # type: ignore[attr-defined]
    tables: dict[str, Any] = {}
    for kind in KINDS:
        columns = dict(ENTRY_COLUMN_HELP)
        for name, field in kind.model.model_fields.items():
            if field.description:
                columns[name] = field.description
        for name in extra_columns(kind):
            columns.setdefault(name, name)
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
                       "description": "From a ruling, example, rule, discrepancy or term to the entries it touches.",
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
                "queries": CANNED_QUERIES,
            }
        },
    }
