"""Datasette metadata: titles, descriptions, sources, licence, column help, facets, canned queries."""

from __future__ import annotations

from typing import Any

from catalog import Catalog
from catalog.kinds import Source
from games.registry import Registry
from outputs.database.links import SCENARIO_JSON_COLUMNS
from outputs.database.queries import canned_queries, query_plugin_config
from outputs.database.tables import derived, json_columns
from outputs.simulations.table import METADATA as SIMULATION_METADATA

DATABASE = "kb"
PLUGIN = "kb"
"""The name of our part of the metadata (``plugins.kb``), which the plugin reads with
``datasette.plugin_config("kb")``: the site's address, the entry tables, the JSON columns of
tables and queries, and the canned queries' parameters."""

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
    "refs_hu": "Sections of the Hungarian rulebook (with seed line)",
    "refs_pl": "Sections of the Polish rulebook (with seed line)",
    "added": "When the entry first appeared in the catalog (UTC, RFC 3339), from the project's history",
    "updated": "When the entry last changed (UTC, RFC 3339), from the project's history; `since=YYYY-MM-DD` on "
               "rulings keeps the rows changed on or after that day",
    "search_keys": "The search keys of the names, forms and text (words folded: no accents, ł as l; and their "
                   "stems), by the search's one definition; `_search=` looks here",
}

def build_metadata(catalog: Catalog, registry: Registry, site_url: str = "http://127.0.0.1:8000",
                   info: Any = None) -> dict[str, Any]:
    source_list = "; ".join(f"{s.key}: {s.names.en}" for s in catalog.typed("sources", Source))
    tables: dict[str, Any] = {}
    plugin_tables: dict[str, dict[str, Any]] = {}
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
        # Datasette passes the search text to MATCH as it is; the plugin makes it the search definition's
        # expression of the words (outputs/database/plugin.py, filters_from_request)
        table["searchmode"] = "raw"
        tables[kind.table] = table
        plugin_tables[kind.table] = {"entry": True, "json_columns": json_columns(registry, kind)}
    tables["search"] = {
        "title": "Search index",
        "description": "One row per entry: its names, forms and text as written and as search keys. Use the search query.",
        "columns": {"kind_label": "The entry's kind as the site shows it beside a search result (`startings`: starting pieces)"},
    }
    tables["name_forms"] = {"title": "Every name and surface form", "facets": ["lang"]}
    tables["links"] = {"title": "What each entry concerns, illustrates, affects or mentions",
                       "description": "From a ruling, example, rule, discrepancy or term to the entries it touches. "
                                      "Relation `about`: the entries a ruling is about (what it concerns, the rules its "
                                      "answer cites, what its question or answer names, what its discrepancy affects, "
                                      "the entries those rules govern); see the rulings_about query.",
                       "facets": ["relation"]}
    tables["scenarios"] = {"title": "Scenarios and whether they passed in this build",
                           "description": "Worked examples, FAQ rulings and what-ifs, played by the rules engine.",
                           "facets": ["game", "kind", "passed"]}
    tables["meta"] = {"title": "This build", "description": "version, commit, built_at, dates_from (git: the entries' "
                                                            "added/updated dates come from the project's history; file-dates: "
                                                            "from the files' modification times), count.<table> for every table, "
                                                            "and entries (JSON: {game: {kind: count}}); see the freshness query"}
    tables["entities"] = {"title": "Every entry", "description": "One row per catalog entry: its kind, table and names.",
                          "columns": {"site_page": "Where the site shows the entry, relative to the site's address",
                                      "added": "When the entry first appeared (UTC, RFC 3339)",
                                      "updated": "When the entry last changed (UTC, RFC 3339)"}}
    tables["entry_sources"] = {"title": "Sources of each entry", "facets": ["key"]}
    tables.update(SIMULATION_METADATA)
    plugin_tables["scenarios"] = {"entry": False, "json_columns": list(SCENARIO_JSON_COLUMNS)}
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
        "plugins": {PLUGIN: {"site_url": site_url, "tables": plugin_tables, "queries": query_plugin_config(registry)}},
    }
