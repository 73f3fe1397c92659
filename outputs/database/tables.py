"""The rows of the database: one table per kind of entry, whose columns are the entry columns (id,
game, names, confidence, sources), then the kind's own fields (scalars as columns, structures as
JSON), then the readable columns games derive from them; and the search index's rows.
"""

from __future__ import annotations

import json
import types
import typing
from typing import Any

from pydantic import BaseModel

from catalog import Catalog, Entry, Kind
from catalog.model import LANGUAGES as LANGS
from games.plugin import DerivedColumns, RowContext
from games.registry import Registry
from games.summaries import readable, summary as entry_summary
from outputs.history import History
from outputs.search.engine import SHOWN_END
from outputs.search.analysis import Analyzer
from outputs.search.fts import GAME_COLUMN, keys_text

ENTRY_FIELDS = set(Entry.model_fields)


def _scalar_type(annotation: Any) -> type | None:
    """int or str for a field stored as it is; None for a structure (stored as JSON text)."""
    args = [a for a in typing.get_args(annotation) if a is not type(None)]
    if typing.get_origin(annotation) in (typing.Union, types.UnionType) and len(args) == 1:
        annotation = args[0]
    base = typing.get_origin(annotation) or annotation
    if base is typing.Annotated:
        base = typing.get_args(annotation)[0]
    if base is bool or base is int:
        return int
    if base is float:
        return float
    if base is str or base is typing.Literal:
        return str
    return None


def _column_type(annotation: Any) -> type:
    return _scalar_type(annotation) or str  # structures are stored as JSON text


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
                    "refs_hu": str, "refs_pl": str, "added": str, "updated": str})
    return columns


# Entry columns stored as JSON text (the others are text or numbers).
ENTRY_JSON_COLUMNS = ("fact_confidence", "sources")


def json_columns(registry: Registry, kind: Kind) -> list[str]:
    """The columns of a kind's table whose text is JSON: the entry's sources and confidences, and every
    field that is a structure (a cost, an effect, a list of rules)."""
    columns = dict.fromkeys(ENTRY_JSON_COLUMNS)
    for model in registry.schema.models(kind):
        for name, field in model.model_fields.items():
            if name not in ENTRY_FIELDS and _scalar_type(field.annotation) is None:
                columns[name] = None
    return list(columns)


def derived(registry: Registry, kind: Kind) -> list[DerivedColumns]:
    """The readable columns games add to a kind's table."""
    return [d for m in registry.modules for d in m.columns if d.kind == kind.key]


def kind_columns(registry: Registry, kind: Kind) -> dict[str, type]:
    columns = entry_columns()
    for model in registry.schema.models(kind):
        for name, field in model.model_fields.items():
            if name not in ENTRY_FIELDS:
                columns.setdefault(name, _column_type(field.annotation))
    for extra in derived(registry, kind):
        columns.update({name: column.type for name, column in extra.columns.items()})
    columns["search_keys"] = str
    return columns


def entry_row(entry: Entry, history: History | None = None) -> dict[str, Any]:
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
    dates = history.of(entry.id) if history else None
    row["added"], row["updated"] = (dates.added, dates.updated) if dates else (None, None)
    return row


def name_text(entry: Entry) -> str:
    """Every name and surface form of the entry."""
    names = [entry.names.en, entry.names.hu, entry.names.pl, entry.names.de, entry.names.fr]
    for lang in LANGS:
        names.extend(getattr(entry.names.forms, lang))
    return " | ".join(n for n in names if n)


DESCRIPTIVE_FIELDS = ("effect_text", "definition", "description", "summary", "decision", "text", "question", "answer_text")


def body_text(entry: Entry, extra: dict[str, Any], summary: str, catalog: Catalog) -> str:
    """The entry's searched text: its one-sentence summary (what a search result shows), then, after
    ``SHOWN_END``, what else describes it (its texts the summary does not repeat; for an entry that is
    all data, its facts as "gold 15 · palaces 7"), searched but never shown."""
    texts = []
    for key in DESCRIPTIVE_FIELDS:
        value = extra.get(key) if key in extra else getattr(entry, key, None)
        if isinstance(value, str):
            texts.append(value)
    shown = summary.casefold()
    rest = [t for t in texts if readable(t, catalog).strip().rstrip(".!?").casefold() not in shown] if texts \
        else [facts_text(entry)]
    rest = [t for t in rest if t]
    return summary + (SHOWN_END + " | ".join(rest) if rest else "")


def facts_text(entry: Entry) -> str:
    """For an entry that is all data (what each player starts with, a tile's cost): its plain values as
    "gold 15 · palaces 7", so that its facts can be searched (its summary says them in words)."""
    parts = []
    for name in type(entry).model_fields:
        if name in ENTRY_FIELDS:
            continue
        value = getattr(entry, name)
        if isinstance(value, list) and value and all(isinstance(v, (str, int, float)) and not isinstance(v, bool) for v in value):
            value = ", ".join(str(v) for v in value)
        # a zero or an empty value says nothing a player would search for ("start in camp 0")
        if isinstance(value, bool) or not isinstance(value, (str, int, float)) or value in ("", 0):
            continue
        if isinstance(value, str) and (len(value) > 80 or "." in value and " " not in value):  # prose or ids
            continue
        parts.append(f"{name.replace('_', ' ')} {value}")
    return " · ".join(parts)


def searchable_text(entry: Entry, body: str) -> str:
    """Everything a player might type to find this entry."""
    return " | ".join(t for t in (name_text(entry), body) if t)


# The search index's text columns: the names and text as written (what outputs/search reads), and
# their keys by the one search definition (outputs/search/fts.py), which its FTS index holds.
SEARCH_COLUMNS = ("title", "name_hu", "name_pl", "names", "names_keys", "body", "body_keys")
# The FTS index's columns and their weights in the SQL queries' ranking: a hit in a name outranks a
# hit in a description; the game is there for a game's own reading of a query (outputs/search/fts.py).
SEARCH_FTS_COLUMNS = {"names_keys": 10.0, "body_keys": 1.0, GAME_COLUMN: 0.0}
SEARCH_RANK = "bm25(search_fts, " + ", ".join(str(w) for w in SEARCH_FTS_COLUMNS.values()) + ")"


KEYS_COLUMNS = ("search_keys", "names_keys", "body_keys")
"""The columns kind_rows fills with text and fill_keys turns into the text's keys."""


def search_analyzer(search_rows: list[dict[str, Any]]) -> Analyzer:
    """The analyzer the ranked search builds from these entries (SearchIndex): it splits closed
    compounds into the entries' own words, so the FTS paths meet the same words as the search."""
    return Analyzer.default().with_vocabulary(
        (" | ".join(r[c] or "" for c in ("title", "names", "body")) for r in search_rows),
        {"hu": [r["name_hu"] or "" for r in search_rows], "pl": [r["name_pl"] or "" for r in search_rows]})


def fill_keys(rows: list[dict[str, Any]], analyzer: Analyzer) -> None:
    """Each text column of KEYS_COLUMNS replaced by its keys (outputs/search/fts.py)."""
    for row in rows:
        for column in KEYS_COLUMNS:
            if column in row:
                row[column] = keys_text(row[column], analyzer)


def kind_rows(registry: Registry, kind: Kind, entries: list[Entry], contexts: dict[str, RowContext],
              history: History | None = None) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The table rows of a kind's entries, and their rows of the search index."""
    extras = derived(registry, kind)
    rows, search_rows = [], []
    for entry in entries:
        extra: dict[str, Any] = {}
        for columns in extras:
            extra.update(columns.values(entry, contexts[entry.game]))
        row = entry_row(entry, history)
        for name in type(entry).model_fields:
            if name not in ENTRY_FIELDS:
                row[name] = _value(getattr(entry, name))
        row.update(extra)
        words = contexts[entry.game].words
        body = body_text(entry, extra, entry_summary(registry.module(entry.game), entry, words, kind.shown), words.catalog)
        text = searchable_text(entry, body)
        row["search_keys"] = text  # made keys by fill_keys, once every entry's words are known
        rows.append(row)
        names = name_text(entry)
        search_rows.append({
            "entity_id": entry.id, "kind": kind.key, "kind_label": kind.shown, "table_name": kind.table, "game": entry.game,
            "title": entry.names.en, "name_hu": entry.names.hu, "name_pl": entry.names.pl,
            "names": names, "names_keys": names, "body": body, "body_keys": body,
        })
    return rows, search_rows
