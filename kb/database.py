"""The SQLite database: one table per kind of entry, link tables, and a full-text index.

Built with sqlite-utils in one transaction. Every table shares the entry columns (id, game, names,
confidence, sources); the kind's own fields follow, scalars as columns and structures as JSON.
"""

from __future__ import annotations

import json
import types
import typing
from pathlib import Path
from typing import Any

import sqlite_utils
from pydantic import BaseModel

from kb.buildinfo import BuildInfo
from kb.catalog import Catalog
from kb.dblinks import insert_links, insert_meta, insert_scenarios
from kb.describe import Describer
from kb.relations import rulings_about
from kb.schema import KINDS, Building, CastleSection, Discrepancy, Entry, Favour, Kind, Road
from kb.textsearch import folded_text, stemmed_text

LANGS = ("en", "hu", "pl", "de", "fr")
ENTRY_FIELDS = set(Entry.model_fields)
FTS_TOKENIZE = "unicode61 remove_diacritics 2"


def _column_type(annotation: Any) -> type:
    args = [a for a in typing.get_args(annotation) if a is not type(None)]
    if typing.get_origin(annotation) in (typing.Union, types.UnionType) and len(args) == 1:
        annotation = args[0]
    base = typing.get_origin(annotation) or annotation
    if base is typing.Annotated:
        base = typing.get_args(annotation)[0]
    if base is bool or base is int:
        return int
    if base is str or base is typing.Literal:
        return str
    return str  # structures are stored as JSON text


def _value(value: Any) -> Any:
    if isinstance(value, BaseModel):
        return json.dumps(value.model_dump(mode="json", exclude_defaults=False), ensure_ascii=False)
    if isinstance(value, (list, dict)):
        return json.dumps(
            [v.model_dump(mode="json") if isinstance(v, BaseModel) else v for v in value]
            if isinstance(value, list)
            else value,
            ensure_ascii=False,
        )
    if isinstance(value, bool):
        return int(value)
    return value


def entry_columns() -> dict[str, type]:
    columns: dict[str, type] = {"id": str, "game": str}
    for lang in LANGS:
        columns[f"name_{lang}"] = str
    for lang in LANGS:
        columns[f"forms_{lang}"] = str
    columns.update({"confidence": str, "fact_confidence": str, "notes": str, "sources": str, "source_keys": str,
                    "refs_hu": str, "refs_pl": str})
    return columns


def kind_columns(kind: Kind) -> dict[str, type]:
    columns = entry_columns()
    for name, field in kind.model.model_fields.items():
        if name not in ENTRY_FIELDS:
            columns[name] = _column_type(field.annotation)
    columns.update(extra_columns(kind))
    columns.update({"search_folded": str, "search_stemmed": str})
    return columns


def extra_columns(kind: Kind) -> dict[str, type]:
    """Readable columns derived from structured fields."""
    if kind.model is Building:
        return {"cost_text": str, "cost_total": int, "effect_text": str, "income_text": str, "produces": str, "rulings": str}
    if kind.model is Favour:
        return {"effect_text": str}
    if kind.model is CastleSection:
        return {"scoring_text": str}
    return {}


def entry_row(entry: Entry) -> dict[str, Any]:
    row: dict[str, Any] = {"id": entry.id, "game": entry.game}
    for lang in LANGS:
        row[f"name_{lang}"] = getattr(entry.names, lang)
        row[f"forms_{lang}"] = " · ".join(getattr(entry.names.forms, lang)) or None
    row["confidence"] = entry.confidence
    row["fact_confidence"] = json.dumps(entry.fact_confidence, ensure_ascii=False) if entry.fact_confidence else None
    row["notes"] = entry.notes
    row["sources"] = _value(entry.sources)
    row["source_keys"] = ", ".join(dict.fromkeys(s.key for s in entry.sources))
    for lang, key in (("hu", "HU"), ("pl", "PL")):
        refs = [f"{s.section or ''}{f' (line {s.line})' if s.line else ''}".strip() for s in entry.sources if s.key == key]
        row[f"refs_{lang}"] = "; ".join(refs) or None
    return row


def describe_extra(entry: Entry, describer: Describer) -> dict[str, Any]:
    if isinstance(entry, Building):
        return {
            "cost_text": describer.bundle(entry.cost) if entry.cost else None,
            "cost_total": sum(entry.cost.values()) if entry.cost else None,
            "effect_text": describer.effect(entry.effect) or None,
            "income_text": describer.bundle(entry.income) if entry.income else None,
            "produces": ", ".join(describer.produces(entry.effect)) or None,
        }
    if isinstance(entry, Favour):
        return {"effect_text": describer.effect(entry.effect)}
    if isinstance(entry, CastleSection):
        parts = []
        for step in entry.scoring:
            houses = f"{step.houses_min}+" if step.houses_max is None else (
                str(step.houses_min) if step.houses_min == step.houses_max else f"{step.houses_min}-{step.houses_max}")
            parts.append(f"{houses} houses: {describer.bundle(step.reward) if step.reward else 'nothing'}")
        return {"scoring_text": "; ".join(parts)}
    return {}


def name_text(entry: Entry) -> str:
    """Every name and surface form of the entry."""
    names = [entry.names.en, entry.names.hu, entry.names.pl, entry.names.de, entry.names.fr]
    for lang in LANGS:
        names.extend(getattr(entry.names.forms, lang))
    return " | ".join(n for n in names if n)


def body_text(entry: Entry, extra: dict[str, Any]) -> str:
    """The entry's descriptive text: what it does, what it means."""
    texts = []
    for key in ("effect_text", "definition", "description", "summary", "decision", "text", "question", "answer"):
        value = extra.get(key) if key in extra else getattr(entry, key, None)
        if isinstance(value, str):
            texts.append(value)
    return " | ".join(texts)


def searchable_text(entry: Entry, extra: dict[str, Any]) -> str:
    """Everything a player might type to find this entry."""
    return " | ".join(t for t in (name_text(entry), body_text(entry, extra)) if t)


# Column weights for ranking the search index: a hit in a name outranks a hit in a description.
SEARCH_COLUMNS = {"title": 10.0, "name_hu": 10.0, "name_pl": 10.0, "names": 10.0, "names_folded": 10.0,
                  "names_stemmed": 5.0, "body": 1.0, "body_folded": 1.0, "body_stemmed": 0.5}
SEARCH_RANK = "bm25(search_fts, " + ", ".join(str(w) for w in SEARCH_COLUMNS.values()) + ")"


def build_database(catalog: Catalog, path: Path, results: list[Any] | None = None,
                   info: BuildInfo | None = None) -> dict[str, int]:
    """Write the whole database to ``path`` (which must not exist); return rows per table.

    ``results`` are this build's scenario runs (the ``scenarios`` table says which passed);
    ``info`` goes into the ``meta`` table.
    """
    db = sqlite_utils.Database(path)
    # Foreign keys are checked once at the end (PRAGMA foreign_key_check) rather than on insert,
    # so that tables can be filled in kind order even where kinds refer forward.
    counts: dict[str, int] = {}
    with db.conn:  # every row in one transaction
        _create_tables(db)
        describers = {game: Describer(catalog, game) for game in catalog.games()}
        about = {entry_id: ids for game in catalog.games() for entry_id, ids in rulings_about(catalog, game).items()}
        search_rows = []
        for kind in KINDS:
            rows = []
            for entry in catalog.of_kind(kind.key):
                extra = describe_extra(entry, describers[entry.game])
                row = entry_row(entry)
                for name in kind.model.model_fields:
                    if name not in ENTRY_FIELDS:
                        row[name] = _value(getattr(entry, name))
                row.update(extra)
                if isinstance(entry, Building):
                    row["rulings"] = ", ".join(about.get(entry.id, [])) or None
                text = searchable_text(entry, extra)
                row["search_folded"] = folded_text(text)
                row["search_stemmed"] = stemmed_text(text)
                rows.append(row)
                names, body = name_text(entry), body_text(entry, extra)
                search_rows.append({
                    "entity_id": entry.id, "kind": kind.key, "table_name": kind.table, "game": entry.game,
                    "title": entry.names.en, "name_hu": entry.names.hu, "name_pl": entry.names.pl,
                    "names": names, "names_folded": folded_text(names), "names_stemmed": stemmed_text(names),
                    "body": body, "body_folded": folded_text(body), "body_stemmed": stemmed_text(body),
                })
            db["entities"].insert_all(
                ({"id": r["id"], "kind": kind.key, "table_name": kind.table, "game": r["game"],
                  "name_en": r["name_en"], "name_hu": r["name_hu"], "name_pl": r["name_pl"]} for r in rows)
            )
            db[kind.table].insert_all(rows)
            counts[kind.table] = len(rows)
        _link_tables(db, catalog, describers, counts)
        db["search"].insert_all(search_rows)
        counts["search"] = len(search_rows)
        counts["links"] = insert_links(db, catalog)
        counts["scenarios"] = insert_scenarios(db, catalog, results or [])
        insert_meta(db, info, counts)
    # The FTS indexes come after the rows: sqlite-utils creates them with executescript, which
    # commits. The file is new and replaces the old database only when everything succeeded.
    for table in ["search", *[k.table for k in KINDS]]:
        columns = list(SEARCH_COLUMNS) if table == "search" else [
            "name_en", "name_hu", "name_pl", "forms_en", "forms_hu", "forms_pl", "search_folded", "search_stemmed"]
        db[table].enable_fts(columns, tokenize=FTS_TOKENIZE, create_triggers=False)
    problems = db.conn.execute("PRAGMA foreign_key_check").fetchall()
    if problems:
        raise RuntimeError(f"foreign key violations in the built database: {problems[:5]}")
    db.conn.execute("VACUUM")
    db.close()
    return counts


def _create_tables(db: sqlite_utils.Database) -> None:
    db["entities"].create(
        {"id": str, "kind": str, "table_name": str, "game": str, "name_en": str, "name_hu": str, "name_pl": str},
        pk="id",
    )
    # sqlite-utils wants a referenced table to exist before the table that refers to it.
    referenced_first = {"games": 0, "sources": 1, "castle_sections": 1, "favour_rows": 1}
    for kind in sorted(KINDS, key=lambda k: referenced_first.get(k.key, 2)):
        foreign_keys = [("id", "entities", "id")]
        if kind.key != "games":
            foreign_keys.append(("game", "games", "id"))
        if kind.model is Favour:
            foreign_keys.append(("row", "favour_rows", "id"))
        if kind.key == "favour_columns":
            foreign_keys.append(("opens_after", "castle_sections", "id"))
        if kind.key == "terms":
            foreign_keys.append(("refers_to", "entities", "id"))
        db[kind.table].create(kind_columns(kind), pk="id", foreign_keys=foreign_keys)
    db["entry_sources"].create(
        {"entity_id": str, "source_id": str, "key": str, "section": str, "line": int, "url": str, "note": str},
        foreign_keys=[("entity_id", "entities", "id"), ("source_id", "sources", "id")],
    )
    db["name_forms"].create(
        {"entity_id": str, "lang": str, "form": str, "folded": str, "is_name": int},
        foreign_keys=[("entity_id", "entities", "id")],
    )
    db["building_costs"].create(
        {"building_id": str, "resource_id": str, "amount": int},
        pk=("building_id", "resource_id"),
        foreign_keys=[("building_id", "buildings", "id"), ("resource_id", "resources", "id")],
    )
    db["building_produces"].create(
        {"building_id": str, "resource_id": str},
        pk=("building_id", "resource_id"),
        foreign_keys=[("building_id", "buildings", "id"), ("resource_id", "resources", "id")],
    )
    db["road_spaces"].create(
        {"road_id": str, "space": int, "initially": str, "building_id": str, "marker_section_id": str},
        pk=("road_id", "space"),
        foreign_keys=[("road_id", "roads", "id"), ("building_id", "buildings", "id"),
                      ("marker_section_id", "castle_sections", "id")],
    )
    db["castle_scoring"].create(
        {"section_id": str, "houses_min": int, "houses_max": int, "prestige": int, "favours": int},
        foreign_keys=[("section_id", "castle_sections", "id")],
    )
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
        {"entity_id": str, "kind": str, "table_name": str, "game": str, **{c: str for c in SEARCH_COLUMNS}},
        foreign_keys=[("entity_id", "entities", "id")],
    )


def _source_id(catalog: Catalog, game: str, key: str) -> str:
    for source in catalog.of_kind("sources", game):
        if source.key == key:  # type: ignore[attr-defined]
            return source.id
    raise KeyError(key)  # validation guarantees every key exists


def _link_tables(db: sqlite_utils.Database, catalog: Catalog, describers: dict[str, Describer], counts: dict[str, int]) -> None:
    links: dict[str, list[dict[str, Any]]] = {t: [] for t in (
        "entry_sources", "name_forms", "building_costs", "building_produces", "road_spaces",
        "castle_scoring", "discrepancy_readings", "discrepancy_affects")}
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
                                            "folded": folded_text(form), "is_name": int(i == 0 and base is not None)})
        if isinstance(entry, Building):
            for slug, amount in (entry.cost or {}).items():
                links["building_costs"].append({"building_id": entry.id, "resource_id": f"{entry.game}.resource.{slug}", "amount": amount})
            for slug in describers[entry.game].produces(entry.effect):
                links["building_produces"].append({"building_id": entry.id, "resource_id": f"{entry.game}.resource.{slug}"})
        if isinstance(entry, Road):
            fixed = {f.space: f.building for f in entry.fixed}
            markers = {s.marker_space: s.id for s in catalog.of_kind("castle_sections", entry.game)}  # type: ignore[attr-defined]
            for space in range(1, entry.spaces + 1):
                initially = "neutral tile" if space in entry.neutral_spaces else ("fixed building" if space in fixed else "empty")
                links["road_spaces"].append({"road_id": entry.id, "space": space, "initially": initially,
                                             "building_id": fixed.get(space), "marker_section_id": markers.get(space)})
        if isinstance(entry, CastleSection):
            for step in entry.scoring:
                links["castle_scoring"].append({"section_id": entry.id, "houses_min": step.houses_min, "houses_max": step.houses_max,
                                                "prestige": step.reward.get("prestige", 0), "favours": step.reward.get("favours", 0)})
        if isinstance(entry, Discrepancy):
            for reading in entry.readings:
                links["discrepancy_readings"].append({
                    "discrepancy_id": entry.id, "source_id": _source_id(catalog, entry.game, reading.source.key),
                    "key": reading.source.key, "section": reading.source.section, "line": reading.source.line,
                    "says": reading.says, "followed": int(reading.source.key in entry.follows)})
            for affected in dict.fromkeys(entry.affects):
                links["discrepancy_affects"].append({"discrepancy_id": entry.id, "entity_id": affected})
    for table, rows in links.items():
        db[table].insert_all(rows)
        counts[table] = len(rows)
