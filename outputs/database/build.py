"""Building the SQLite database: the entry tables, the link tables shared by every game and those a
game adds, the search index, and the build's metadata. Built with sqlite-utils in one transaction
into a new file."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import sqlite_utils

from catalog import Catalog
from catalog.kinds import Discrepancy, Source
from catalog.model import LANGUAGES as LANGS
from games.plugin import RowContext
from games.registry import Registry
from outputs.buildinfo import BuildInfo
from outputs.database.facets import insert_facets
from outputs.history import History
from outputs.database.links import insert_links, insert_meta, insert_scenarios
from outputs.database.tables import SEARCH_COLUMNS, SEARCH_FTS_COLUMNS, fill_keys, kind_columns, kind_rows, search_analyzer
from outputs.simulations.store import Results
from outputs.simulations.table import insert_simulations
from outputs.terms import TermLinker, rulings_about
from outputs.search.fts import GAME_COLUMN, folded_words

FTS_TOKENIZE = "unicode61 remove_diacritics 2"
# An entry table's FTS index holds the keys of its names, forms and text by the one search definition
# (outputs/search/fts.py), and the row's game (each game's own reading of a query applies to its
# rows); a table search (``_search=``) asks for them (outputs/database/plugin.py).
FTS_COLUMNS = ["search_keys", GAME_COLUMN]


def build_database(catalog: Catalog, registry: Registry, path: Path, results: list[Any] | None = None,
                   info: BuildInfo | None = None, simulations: Mapping[str, Results] | None = None, *,
                   page_of: Callable[[str], str], history: History | None = None) -> dict[str, int]:
    """Write the whole database to ``path`` (which must not exist); return rows per table.

    ``results`` are this build's scenario runs (the ``scenarios`` table says which passed);
    ``simulations`` the simulated games of every engine game; ``info`` goes into the ``meta`` table;
    ``page_of`` gives the site's page of an entry id (the site's layout, outputs/pages/layout.py,
    raising KeyError for an entry no page shows). It is handed in by the build rather than imported,
    so that the database does not depend on the site's pages (which document the API, and so
    depend on it). ``history`` gives every entry's ``added`` and ``updated`` (kb/history.py reads them
    from the repository's history), handed in for the same reason.
    """
    db = sqlite_utils.Database(path)
    # Foreign keys are checked once at the end (PRAGMA foreign_key_check) rather than on insert,
    # so that tables can be filled in kind order even where kinds refer forward.
    counts: dict[str, int] = {}
    linkers = {game: TermLinker(catalog, game, registry.module(game).linked_kinds) for game in catalog.games()}
    contexts = {game: RowContext(registry.module(game).words(catalog), rulings_about(catalog, game, linkers[game]))
                for game in catalog.games()}
    with db.conn:  # every row in one transaction
        _create_tables(db, registry)
        search_rows, tables = [], []
        for kind in registry.schema.kinds:
            rows, searched = kind_rows(registry, kind, catalog.of_kind(kind.key), contexts, history)
            search_rows += searched
            tables.append((kind, rows))
        # keys once every entry's words are known: a closed compound splits into the entries' own words
        analyzer = search_analyzer(search_rows)
        fill_keys(search_rows, analyzer)
        for kind, rows in tables:
            fill_keys(rows, analyzer)
            db["entities"].insert_all(
                ({"id": r["id"], "kind": kind.key, "table_name": kind.table, "game": r["game"],
                  "name_en": r["name_en"], "name_hu": r["name_hu"], "name_pl": r["name_pl"],
                  "site_page": site_page(page_of, r["id"]), "added": r["added"], "updated": r["updated"]} for r in rows)
            )
            db[kind.table].insert_all(rows)
            counts[kind.table] = len(rows)
        _link_tables(db, catalog, registry, counts)
        db["search"].insert_all(search_rows)
        counts["search"] = len(search_rows)
        counts["links"] = insert_links(db, catalog, linkers, {game: c.rulings for game, c in contexts.items()})
        counts["facets"] = insert_facets(db, catalog, registry)
        counts["scenarios"] = insert_scenarios(db, catalog, results or [])
        counts.update(insert_simulations(db, simulations or {}, catalog))
        insert_meta(db, info, counts)
    # The FTS indexes come after the rows: sqlite-utils creates them with executescript, which
    # commits. The file is new and replaces the old database only when everything succeeded.
    db["search"].enable_fts(list(SEARCH_FTS_COLUMNS), tokenize=FTS_TOKENIZE, create_triggers=False)
    for kind in registry.schema.kinds:
        db[kind.table].enable_fts(FTS_COLUMNS, tokenize=FTS_TOKENIZE, create_triggers=False)
    problems = db.conn.execute("PRAGMA foreign_key_check").fetchall()
    if problems:
        raise RuntimeError(f"foreign key violations in the built database: {problems[:5]}")
    db.conn.execute("VACUUM")
    db.close()
    return counts


def _create_tables(db: sqlite_utils.Database, registry: Registry) -> None:
    db["entities"].create(
        {"id": str, "kind": str, "table_name": str, "game": str, "name_en": str, "name_hu": str, "name_pl": str,
         "site_page": str, "added": str, "updated": str},
        pk="id",
    )
    # sqlite-utils wants a referenced table to exist before the table that refers to it.
    kinds = registry.schema.kinds
    referenced = {table for kind in kinds for _, table in kind.foreign_keys}
    for kind in sorted(kinds, key=lambda k: 0 if k.key == "games" else (1 if k.table in referenced else 2)):
        foreign_keys = [("id", "entities", "id")]
        if kind.key != "games":
            foreign_keys.append(("game", "games", "id"))
        foreign_keys += [(column, table, "id") for column, table in kind.foreign_keys]
        db[kind.table].create(kind_columns(registry, kind), pk="id", foreign_keys=foreign_keys)
    db["entry_sources"].create(
        {"entity_id": str, "source_id": str, "key": str, "section": str, "line": int, "url": str, "note": str},
        foreign_keys=[("entity_id", "entities", "id"), ("source_id", "sources", "id")],
    )
    db["name_forms"].create(
        {"entity_id": str, "lang": str, "form": str, "folded": str, "is_name": int},
        foreign_keys=[("entity_id", "entities", "id")],
    )
    for module in registry.modules:
        for link in module.link_tables:
            db[link.name].create(dict(link.columns), pk=link.pk, foreign_keys=list(link.foreign_keys))
    db["discrepancy_readings"].create(
        {"discrepancy_id": str, "source_id": str, "key": str, "section": str, "line": int, "says": str, "followed": int},
        foreign_keys=[("discrepancy_id", "discrepancies", "id"), ("source_id", "sources", "id")],
    )
    db["discrepancy_affects"].create(
        {"discrepancy_id": str, "entity_id": str},
        pk=("discrepancy_id", "entity_id"),
        foreign_keys=[("discrepancy_id", "discrepancies", "id"), ("entity_id", "entities", "id")],
    )
    db["search"].create(
        {"entity_id": str, "kind": str, "kind_label": str, "table_name": str, "game": str, **{c: str for c in SEARCH_COLUMNS}},
        foreign_keys=[("entity_id", "entities", "id")],
    )


def site_page(page_of: Callable[[str], str], entry_id: str) -> str | None:
    """Where the site shows an entry, relative to the site's root: its page and the anchor of its
    heading (``caylus/buildings/#caylus.building.church``)."""
    try:
        return f"{page_of(entry_id)}#{entry_id}"
    except KeyError:
        return None  # a kind no page of its game shows: the site build refuses it (LayoutError)


def _source_id(catalog: Catalog, game: str, key: str) -> str:
    for source in catalog.typed("sources", Source, game):
        if source.key == key:
            return source.id
    raise KeyError(key)  # validation guarantees every key exists


def _link_tables(db: sqlite_utils.Database, catalog: Catalog, registry: Registry, counts: dict[str, int]) -> None:
    links: dict[str, list[dict[str, Any]]] = {t: [] for t in (
        "entry_sources", "name_forms", "discrepancy_readings", "discrepancy_affects")}
    for located in catalog.entries.values():
        entry = located.entry
        for ref in entry.sources:
            links["entry_sources"].append({
                "entity_id": entry.id, "source_id": _source_id(catalog, entry.game, ref.key), "key": ref.key,
                "section": ref.section, "line": ref.line, "url": ref.url, "note": ref.note})
        for lang in LANGS:
            base = getattr(entry.names, lang)
            forms = ([base] if base else []) + list(getattr(entry.names.forms, lang))
            for i, form in enumerate(dict.fromkeys(forms)):
                links["name_forms"].append({"entity_id": entry.id, "lang": lang, "form": form,
                                            "folded": folded_words(form), "is_name": int(i == 0 and base is not None)})
        if isinstance(entry, Discrepancy):
            for reading in entry.readings:
                links["discrepancy_readings"].append({
                    "discrepancy_id": entry.id, "source_id": _source_id(catalog, entry.game, reading.source.key),
                    "key": reading.source.key, "section": reading.source.section, "line": reading.source.line,
                    "says": reading.says, "followed": int(reading.source.key in entry.follows)})
            for affected in dict.fromkeys(entry.affects):
                links["discrepancy_affects"].append({"discrepancy_id": entry.id, "entity_id": affected})
    for module in registry.modules:
        for link in module.link_tables:
            links[link.name] = list(link.rows(catalog, module.game)) if module.game in catalog.games() else []
    for table, rows in links.items():
        db[table].insert_all(rows)
        counts[table] = len(rows)
