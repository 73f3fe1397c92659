"""Database tables that connect entries: what each ruling, example and rule touches; which scenarios
passed in this build; and the build's own metadata."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

import sqlite_utils

from catalog import Catalog
from catalog.kinds import Discrepancy, Example, Rule, Ruling, Term
from outputs.buildinfo import BuildInfo
from outputs.terms import TermLinker


def insert_links(db: sqlite_utils.Database, catalog: Catalog, linkers: dict[str, TermLinker],
                 rulings: Mapping[str, Mapping[str, list[str]]]) -> int:
    """``links``: from an entry to what it concerns, illustrates, affects, refers to or mentions;
    and from a ruling to every entry it is ``about`` (``rulings``: game -> entry id -> ruling ids,
    from :func:`outputs.terms.rulings_about`, the definition the site and the tables use)."""
    db["links"].create({"from_id": str, "to_id": str, "relation": str}, pk=("from_id", "to_id", "relation"),
                       foreign_keys=[("from_id", "entities", "id"), ("to_id", "entities", "id")])
    rows: dict[tuple[str, str, str], None] = {}
    for located in catalog.entries.values():
        entry = located.entry
        mentions = linkers[entry.game].mentions
        targets: list[tuple[str, str]] = []
        if isinstance(entry, Ruling):
            targets += [(r, "concerns") for r in dict.fromkeys([*entry.cited_rules, *entry.concerns])]
            targets += [(m, "mentions") for m in mentions(f"{entry.question} {entry.answer_text}")]
        elif isinstance(entry, Example):
            targets += [(r, "illustrates") for r in entry.rules]
            targets += [(m, "mentions") for m in mentions(entry.summary)]
        elif isinstance(entry, Rule):
            targets += [(m, "mentions") for m in mentions(entry.text)]
        elif isinstance(entry, Discrepancy):
            targets += [(a, "affects") for a in entry.affects]
        elif isinstance(entry, Term) and entry.refers_to:
            targets.append((entry.refers_to, "refers_to"))
        for target, relation in targets:
            if target != entry.id:
                rows[(entry.id, target, relation)] = None
    for about in rulings.values():
        for entry_id, ruling_ids in about.items():
            rows.update(((ruling_id, entry_id, "about"), None) for ruling_id in ruling_ids)
    db["links"].insert_all({"from_id": f, "to_id": t, "relation": r} for f, t, r in rows)
    return len(rows)


SCENARIO_JSON_COLUMNS = ("examples", "rulings", "illustrates")


def insert_scenarios(db: sqlite_utils.Database, catalog: Catalog, results: list[Any]) -> int:
    """``scenarios``: every scenario with whether it passed in this build, and what it plays."""
    db["scenarios"].create(
        {"id": str, "game": str, "kind": str, "title": str, "file": str, "line": int, "passed": int,
         "failures": str, "examples": str, "rulings": str, "illustrates": str, "discrepancy": str},
        pk="id", foreign_keys=[("game", "games", "id")])
    db["scenario_links"].create({"scenario_id": str, "entity_id": str, "relation": str},
                                pk=("scenario_id", "entity_id", "relation"),
                                foreign_keys=[("scenario_id", "scenarios", "id"), ("entity_id", "entities", "id")])
    links = {}
    for r in results:
        raw = r.raw
        db["scenarios"].insert({
            "id": r.id, "game": r.game, "kind": raw.get("kind"), "title": r.title, "file": r.file, "line": r.line,
            "passed": int(r.passed), "failures": "\n".join(map(str, r.failures)) or None,
            "examples": json.dumps(raw.get("examples") or []), "rulings": json.dumps(raw.get("rulings") or []),
            "illustrates": json.dumps(raw.get("illustrates") or []), "discrepancy": raw.get("discrepancy"),
        })
        for key, relation in (("examples", "plays"), ("rulings", "checks"), ("illustrates", "illustrates")):
            for target in raw.get(key) or []:
                if target in catalog.entries:
                    links[(r.id, target, relation)] = None
        if raw.get("discrepancy") in catalog.entries:
            links[(r.id, raw["discrepancy"], "disputes")] = None
    db["scenario_links"].insert_all({"scenario_id": s, "entity_id": e, "relation": rel} for s, e, rel in links)
    return len(results)


def insert_meta(db: sqlite_utils.Database, info: BuildInfo | None, counts: dict[str, int]) -> None:
    """``meta``: the build's version, commit and date, the rows in every table, and ``entries``, the
    entries of every game and kind as JSON ({game: {kind: count}}, what the ``freshness`` query gives)."""
    db["meta"].create({"key": str, "value": str}, pk="key")
    rows = [{"key": f"count.{table}", "value": str(n)} for table, n in sorted(counts.items())]
    entries: dict[str, dict[str, int]] = {}
    for game, kind, n in db.execute("select game, kind, count(*) from entities group by game, kind order by game, kind"):
        entries.setdefault(game, {})[kind] = n
    rows.append({"key": "entries", "value": json.dumps(entries, ensure_ascii=False)})
    if info is not None:
        rows += [{"key": "version", "value": info.version}, {"key": "commit", "value": info.commit},
                 {"key": "built_at", "value": info.built_at}, {"key": "dates_from", "value": info.dates_from}]
    db["meta"].insert_all(rows)
