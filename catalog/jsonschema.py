"""JSON Schema files for editors: one per kind, and one per catalog file naming its kinds."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import yaml

from catalog.kinds import Kind
from catalog.model import Entry
from catalog.schema import Schema

JsonObject = dict[str, Any]


def _split(model_schema: JsonObject) -> tuple[JsonObject, JsonObject]:
    """A model's schema without its definitions, and the definitions (hoisted to the file's root,
    where pydantic's ``#/$defs/...`` references resolve)."""
    schema = dict(model_schema)
    return schema, schema.pop("$defs", {})


def _items(models: list[type[Entry]]) -> tuple[JsonObject, JsonObject]:
    """The schema of one entry: the kind's model, or any of the games' refinements of it."""
    defs: JsonObject = {}
    variants = []
    for model in models:
        items, model_defs = _split(model.model_json_schema())
        defs.update(model_defs)
        variants.append(items)
    return (variants[0] if len(variants) == 1 else {"anyOf": variants}), defs


def kind_schema(schema: Schema, kind: Kind) -> JsonObject:
    items, defs = _items(schema.models(kind))
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", "title": kind.description,
            "$defs": defs, "type": "array", "items": items}


def file_schema(schema: Schema, keys: list[str], game: str | None) -> JsonObject:
    """A catalog file: a mapping of kind keys to entry lists (of one game, when the file says which)."""
    properties, defs = {}, {}
    for key in keys:
        kind = schema.by_key[key]
        items, kind_defs = _items([schema.model_for(kind, game)] if game else schema.models(kind))
        defs.update(kind_defs)  # shared models (Names, SourceRef, effects) have one definition
        properties[key] = {"title": kind.description, "type": "array", "items": items}
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", "$defs": defs, "type": "object",
            "properties": properties, "additionalProperties": False}


def _file_game(data: JsonObject) -> str | None:
    games = {e.get("game") for entries in data.values() if isinstance(entries, list) for e in entries if isinstance(e, dict)}
    return games.pop() if len(games) == 1 and isinstance(next(iter(games)), str) else None


def export_schemas(schema: Schema, data_dir: Path, out_dir: Path) -> list[Path]:
    """Write kinds/<kind>.schema.json and <file>.schema.json for every catalog file; return paths."""
    (out_dir / "kinds").mkdir(parents=True, exist_ok=True)
    written = []
    for kind in schema.kinds:
        path = out_dir / "kinds" / f"{kind.key}.schema.json"
        path.write_text(json.dumps(kind_schema(schema, kind), indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
        written.append(path)
    for catalog in sorted(data_dir.glob("*.yaml")):
        try:
            data = yaml.safe_load(catalog.read_text(encoding="utf-8")) or {}
        except yaml.YAMLError:
            continue  # kb validate reports the syntax error; the editor schema can wait
        if not isinstance(data, dict):
            continue
        keys = [k for k in data if k in schema.by_key]
        path = out_dir / f"{catalog.stem}.schema.json"
        path.write_text(json.dumps(file_schema(schema, keys, _file_game(data)), indent=2, ensure_ascii=False) + "\n",
                        encoding="utf-8")
        written.append(path)
    return written
