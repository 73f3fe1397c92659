"""JSON Schema files for editors: one per kind, and one per catalog file naming its kinds."""

from __future__ import annotations

import json
from pathlib import Path

import yaml

from kb.schema import KINDS, KIND_BY_KEY


def _split(model_schema: dict) -> tuple[dict, dict]:
    """A model's schema without its definitions, and the definitions (hoisted to the file's root,
    where pydantic's ``#/$defs/...`` references resolve)."""
    schema = dict(model_schema)
    return schema, schema.pop("$defs", {})


def kind_schema(key: str) -> dict:
    kind = KIND_BY_KEY[key]
    items, defs = _split(kind.model.model_json_schema())
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": kind.description,
        "$defs": defs,
        "type": "array",
        "items": items,
    }


def file_schema(keys: list[str]) -> dict:
    """A catalog file: a mapping of kind keys to entry lists."""
    properties, defs = {}, {}
    for key in keys:
        items, kind_defs = _split(KIND_BY_KEY[key].model.model_json_schema())
        defs.update(kind_defs)  # shared models (Names, SourceRef, effects) have one definition
        properties[key] = {"title": KIND_BY_KEY[key].description, "type": "array", "items": items}
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$defs": defs,
        "type": "object",
        "properties": properties,
        "additionalProperties": False,
    }


def export_schemas(data_dir: Path, out_dir: Path) -> list[Path]:
    """Write kinds/<kind>.schema.json and <file>.schema.json for every catalog file; return paths."""
    out_dir.mkdir(parents=True, exist_ok=True)
    (out_dir / "kinds").mkdir(exist_ok=True)
    written = []
    for kind in KINDS:
        path = out_dir / "kinds" / f"{kind.key}.schema.json"
        path.write_text(json.dumps(kind_schema(kind.key), indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
        written.append(path)
    for catalog in sorted(data_dir.glob("*.yaml")):
        try:
            keys = [k for k in (yaml.safe_load(catalog.read_text(encoding="utf-8")) or {}) if k in KIND_BY_KEY]
        except yaml.YAMLError:
            continue  # kb validate reports the syntax error; the editor schema can wait
        path = out_dir / f"{catalog.stem}.schema.json"
        path.write_text(json.dumps(file_schema(keys), indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
        written.append(path)
    return written
