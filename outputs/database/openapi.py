"""The API described as an OpenAPI 3.1 document, generated at build time from the built database (its
tables and columns) and the same metadata Datasette serves (canned queries, their parameters, the
JSON columns): ``kb build`` publishes it with the site as ``openapi.json``."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

from datasette.filters import Filters

from outputs.database import explore_route
from outputs.database.checks import GAME_PARAMETER, SINCE, SINCE_COLUMN
from outputs.database.gate import EXPLORE_PATH
from outputs.database.metadata import DATABASE, PLUGIN
from outputs.database.plugin import register_functions

OPENAPI_VERSION = "3.1.0"
SHAPES = ["array", "objects", "arrays", "object"]
MAX_ROWS = 1000
COLUMN_TYPES = {"INTEGER": "integer", "TEXT": "string", "FLOAT": "number", "REAL": "number"}
ERROR = {"$ref": "#/components/schemas/Error"}


def openapi_document(db_path: Path, metadata: dict[str, Any], datasette_url: str, version: str) -> dict[str, Any]:
    database = metadata["databases"][DATABASE]
    plugin = metadata["plugins"][PLUGIN]
    conn = sqlite3.connect(f"file:{db_path}?mode=ro", uri=True)
    register_functions(conn, str(db_path))
    try:
        tables = _tables(conn, shadowed=set(database["queries"]))
        schemas: dict[str, Any] = {"Error": {
            "type": "object", "required": ["ok", "error", "status"],
            "properties": {"ok": {"const": False}, "error": {"type": "string", "description": "What was wrong, in plain text"},
                           "status": {"type": "integer"}, "title": {"type": ["string", "null"]}}}}
        paths: dict[str, Any] = {}
        games = [r[0] for r in conn.execute("select id from games order by id")]
        for name, query in database["queries"].items():
            returned = [c[0] for c in conn.execute(f"select * from ({query['sql']}) limit 0",
                                                   {p: "" for p in query.get("params", [])}).description]
            config = plugin["queries"][name]
            schemas[f"query.{name}"] = _row_schema({c: None for c in returned}, config["json_columns"])
            schemas[f"query.{name}"]["properties"].update({c: s for c, s in config.get("columns", {}).items() if c in returned})
            paths[f"/{DATABASE}/{name}.json"] = {"get": _query_operation(name, query, config["params"], games)}
        for table, columns in tables.items():
            config = plugin["tables"].get(table, {})
            schemas[f"table.{table}"] = _row_schema(columns, config.get("json_columns", []), metadata_columns(database, table))
            schemas[f"columns.{table}"] = {"type": "string", "enum": list(columns)}
            searchable = conn.execute("select 1 from sqlite_master where name = ?", [f"{table}_fts"]).fetchone() is not None
            paths[f"/{DATABASE}/{table}.json"] = {"get": _table_operation(table, database.get("tables", {}).get(table, {}),
                                                                           searchable, SINCE_COLUMN in columns)}
            if config.get("entry"):
                paths[f"/{DATABASE}/{table}/{{id}}.json"] = {"get": _row_operation(table)}
    finally:
        conn.close()
    paths[EXPLORE_PATH] = {"get": explore_route.openapi_operation(games)}
    schemas.update(explore_route.openapi_schemas())
    return {
        "openapi": OPENAPI_VERSION,
        "info": {"title": metadata["title"], "version": version, "description": (
            f"{metadata['description']} Served by Datasette, read-only. Columns holding structures (sources, costs, "
            "effects ...) are JSON values. A bad request (a missing or unknown parameter, a filter on a column the "
            "table does not have, a malformed search) gets status 400 and a plain message."),
            "license": {"name": metadata["license"]}},
        "servers": [{"url": datasette_url.rstrip("/")}],
        "paths": paths,
        "components": {"schemas": schemas, "parameters": {"shape": _parameter(
            "_shape", "`array`: a plain list of rows; otherwise Datasette's object with `rows`",
            {"type": "string", "enum": SHAPES, "default": "arrays"})}},
    }


def metadata_columns(database: dict[str, Any], table: str) -> dict[str, str]:
    return database.get("tables", {}).get(table, {}).get("columns", {})


def _tables(conn: sqlite3.Connection, shadowed: set[str]) -> dict[str, dict[str, str | None]]:
    """Table -> column -> JSON type, for the tables Datasette serves under their own name (not the
    full-text index tables, nor a table a canned query of the same name hides)."""
    names = [r[0] for r in conn.execute("select name from sqlite_master where type = 'table' order by rowid")]
    tables = {}
    for name in names:
        if "_fts" in name or name in shadowed or name.startswith("sqlite_"):
            continue
        info = conn.execute(f"pragma table_info([{name}])").fetchall()
        rowid: dict[str, str | None] = {} if any(c[5] for c in info) else {"rowid": "integer"}  # Datasette shows it
        tables[name] = {**rowid, **{c[1]: COLUMN_TYPES.get(c[2].upper()) for c in info}}
    return tables


def _row_schema(columns: dict[str, str | None], json_columns: list[str], help: dict[str, str] | None = None) -> dict[str, Any]:
    properties: dict[str, Any] = {}
    for column, kind in columns.items():
        schema: dict[str, Any] = {} if column in json_columns or kind is None else {"type": [kind, "null"]}
        text = (help or {}).get(column)
        if column in json_columns:
            text = f"{text} (a JSON value)" if text else "A JSON value"
        if text:
            schema["description"] = text
        properties[column] = schema
    return {"type": "object", "properties": properties, "additionalProperties": False}


def _parameter(name: str, description: str, schema: dict[str, Any], required: bool = False) -> dict[str, Any]:
    return {"name": name, "in": "query", "required": required, "description": description, "schema": schema}


SHAPE = {"$ref": "#/components/parameters/shape"}


def _responses(row_ref: str, extra: dict[str, Any] | None = None) -> dict[str, Any]:
    page = {"type": "object", "properties": {"rows": {"type": "array"}, "columns": {"type": "array", "items": {"type": "string"}},
                                             "truncated": {"type": "boolean"}, **(extra or {})}}
    return {
        "200": {"description": "The rows: a list with `_shape=array`", "content": {"application/json": {"schema": {
            "anyOf": [{"type": "array", "items": {"$ref": row_ref}}, page]}}}},
        "400": {"description": "A bad request, with what was wrong (a missing or unknown parameter, a game id no game has ...)",
                "content": {"application/json": {"schema": ERROR}}},
    }


def _query_operation(name: str, query: dict[str, Any], params: list[dict[str, Any]], games: list[str]) -> dict[str, Any]:
    parameters = []
    for p in params:
        schema: dict[str, Any] = {"type": p["type"]}
        schema.update({k: p[k] for k in ("minimum", "maximum", "default") if p[k] is not None})
        if p["name"] == GAME_PARAMETER:  # any other id is a 400 naming the games
            schema["enum"] = games if p["required"] else [*games, ""]
        parameters.append(_parameter(p["name"], p["description"], schema, p["required"]))
    paging = {}
    if "offset" in (p["name"] for p in params):
        paging = {"total": {"type": "integer", "description": "Hits in all"},
                  "next": {"type": ["string", "null"], "description": "The offset of the next page"},
                  "next_url": {"type": ["string", "null"], "description": "The next page, while more hits follow"}}
    return {"operationId": f"query_{name}", "summary": query["title"], "description": query["description"],
            "tags": ["canned queries"], "parameters": [*parameters, SHAPE],
            "responses": _responses(f"#/components/schemas/query.{name}", paging)}


def _table_operation(table: str, metadata: dict[str, Any], searchable: bool, dated: bool = False) -> dict[str, Any]:
    column = {"$ref": f"#/components/schemas/columns.{table}"}
    parameters = [
        SHAPE,
        _parameter("_size", f"Rows per page (at most {MAX_ROWS})", {"type": "integer", "minimum": 1, "maximum": MAX_ROWS}),
        _parameter("_next", "The `next` token of the previous page", {"type": "string"}),
        _parameter("_sort", "Sort by a column", column),
        _parameter("_sort_desc", "Sort by a column, descending", column),
        {**_parameter("_col", "Only these columns", {"type": "array", "items": column}), "explode": True},
        {**_parameter("_nocol", "All columns but these", {"type": "array", "items": column}), "explode": True},
        {**_parameter("_facet", "Count the values of a column", {"type": "array", "items": column}), "explode": True},
    ]
    if searchable:
        parameters.append(_parameter("_search", "Rows whose names, forms or text have every word (any case ending, accents optional)",
                                     {"type": "string"}))
    if dated:
        parameters.append(_parameter(SINCE, "Rows changed on or after this day (YYYY-MM-DD; their `updated`); "
                                     "anything but a day is a 400", {"type": "string", "format": "date"}))
    operations = ", ".join(sorted(Filters._filters_by_key))
    description = (f"{metadata.get('description', metadata.get('title', table))} Filter rows with `column=value` or "
                   f"`column__operation=value` (operations: {operations}); a column the table does not have is a 400.")
    return {"operationId": f"table_{table}", "summary": metadata.get("title", table), "description": description,
            "tags": ["tables"], "parameters": parameters,
            "responses": _responses(f"#/components/schemas/table.{table}",
                                    {"next": {"type": ["string", "null"]}, "next_url": {"type": ["string", "null"]}})}


def _row_operation(table: str) -> dict[str, Any]:
    return {"operationId": f"row_{table}", "summary": f"One entry of {table} by id", "tags": ["rows"],
            "parameters": [{"name": "id", "in": "path", "required": True, "schema": {"type": "string"},
                            "description": ("The entry's id as it is (`a.b.c`) or with every `.` written `~2E` "
                                           "(`a~2Eb~2Ec`, Datasette's own spelling): both answer alike")},
                           SHAPE],
            "responses": {**_responses(f"#/components/schemas/table.{table}"),
                          "404": {"description": "No entry with that id", "content": {"application/json": {"schema": ERROR}}}}}
