"""What the API checks before Datasette answers: a request Datasette would answer with a silent wrong
answer (an unknown filter column reads as a string constant in SQLite and matches nothing; a canned
query's missing parameter binds as an empty string) gets status 400 and a message instead.

Everything here reads the plugin's part of the metadata (``plugins.kb``: the canned queries'
parameters, the tables' JSON columns), so the checks, the query forms and the OpenAPI document
describe the same API.
"""

from __future__ import annotations

import functools
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, urlencode

from datasette.filters import Filters

from outputs.database.metadata import DATABASE, PLUGIN
from outputs.database.queries import SEARCH_QUERY
from outputs.search import query_problem

FILTER_OPERATIONS = sorted(Filters._filters_by_key)  # exact, not, contains, gt, in, isnull ...
# Arguments that name a column of the table.
COLUMN_ARGUMENTS = ("_sort", "_sort_desc", "_facet", "_facet_array", "_facet_date")
# Arguments that work on tables and that Datasette ignores on a canned query.
TABLE_ARGUMENTS = ("_size", "_next", "_sort", "_sort_desc", "_facet", "_facet_array", "_facet_date", "_col",
                   "_nocol", "_search", "_where", "_through", "_labels", "_nolabels")


@dataclass(frozen=True)
class Target:
    """What a request asks for: a table, a row or a canned query of our database, as JSON or not."""

    what: str
    """``table``, ``row`` or ``query``."""
    name: str
    format: str
    """``json``, ``csv``, or empty for the HTML page."""
    args: list[tuple[str, str]]

    @property
    def as_json(self) -> bool:
        return self.format == "json"


def target(config: dict[str, Any], tables: dict[str, list[str]], scope: dict[str, Any]) -> Target | None:
    """The table, row or canned query of our database a request is for (``tables``: table -> columns);
    None for anything else (other pages, arbitrary SQL)."""
    parts = scope.get("path", "").strip("/").split("/")
    if len(parts) not in (2, 3) or parts[0] != DATABASE:
        return None
    name, dot, extension = parts[-1].partition(".")
    if dot and extension not in ("json", "csv"):
        return None
    args = parse_qsl(scope.get("query_string", b"").decode("utf-8", "replace"), keep_blank_values=True)
    if len(parts) == 3:
        return Target("row", parts[1], extension, args)
    if name in config.get("queries", {}):  # a canned query hides a table of the same name, as in Datasette
        return Target("query", name, extension, args)
    if name in tables:
        return Target("table", name, extension, args)
    return None


@functools.lru_cache(maxsize=8)
def _schema(path: str, stamp: float) -> dict[str, list[str]]:
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        names = [r[0] for r in conn.execute("select name from sqlite_master where type in ('table', 'view')")]
        return {name: [c[1] for c in conn.execute(f"pragma table_info([{name}])")] for name in names}
    finally:
        conn.close()


def schema(path: str) -> dict[str, list[str]]:
    """Table -> its columns, read once per version of the database file."""
    return _schema(path, Path(path).stat().st_mtime)


def problem(config: dict[str, Any], tables: dict[str, list[str]], database_path: str, request: Target) -> str | None:
    """Why the request cannot be answered as asked, in one sentence; None when it can."""
    if request.what == "table":
        return table_problem(request.name, tables[request.name], request.args)
    if request.what == "query":
        found = query_problem_of(request.name, config["queries"][request.name]["params"], request.args, request.format)
        if found is None and request.name == SEARCH_QUERY.name and any(not k.startswith("_") for k, _ in request.args):
            return query_problem(database_path, dict(request.args).get("q", ""))
        return found
    return None


def table_problem(table: str, columns: list[str], args: list[tuple[str, str]]) -> str | None:
    known = ", ".join(columns)
    for key, value in args:
        if key in COLUMN_ARGUMENTS or key.startswith("_search_"):
            column = key.removeprefix("_search_") if key.startswith("_search_") else value
            if column not in columns and column != "rowid":
                return f"{key}={value}: {table} has no column {column!r}; its columns: {known}"
            continue
        if key.startswith("_"):
            continue
        column, operation = (key, "exact") if key in columns or "__" not in key else key.rsplit("__", 1)
        if column not in columns:
            return f"{key}={value}: {table} has no column {column!r} to filter by; its columns: {known}"
        if operation not in FILTER_OPERATIONS:
            return (f"{key}={value}: no filter operation {operation!r}; write column__operation=value with one of "
                    + ", ".join(FILTER_OPERATIONS))
    return None


def query_problem_of(name: str, params: list[dict[str, Any]], args: list[tuple[str, str]], format: str) -> str | None:
    """A canned query's parameters: every required one given and not blank, integers in range, nothing
    unknown. The query's HTML page with no parameters at all is its empty form, not a mistake."""
    given = dict(args)
    if not format and not any(not key.startswith("_") for key in given):
        return None
    declared = {p["name"]: p for p in params}
    described = ", ".join(f"{p['name']} ({p['description']})" for p in params) or "none"
    for key in given:
        if key in TABLE_ARGUMENTS:
            paging = " (it pages with limit and offset)" if "offset" in declared else ""
            return f"{key} works on tables; the canned query {name} does not take it{paging}"
        if not key.startswith("_") and key not in declared:
            return f"the canned query {name} has no parameter {key!r}; its parameters: {described}"
    for param in params:
        value = given.get(param["name"], "").strip()
        if not value:
            if param["required"]:
                return f"the canned query {name} needs {param['name']}: {param['description']}"
            continue
        if param["type"] == "integer":
            low, high = param["minimum"], param["maximum"]
            if not value.lstrip("-").isdigit() or (low is not None and int(value) < low) or (
                    high is not None and int(value) > high):
                bounds = f" from {low}" if low is not None else ""
                bounds += f" to {high}" if high is not None else ""
                return f"{param['name']}={value}: {name} takes a whole number{bounds}"
    return None


def json_arguments(config: dict[str, Any], request: Target) -> list[tuple[str, str]]:
    """``_json=column`` for every JSON column of the table, row or query answered as JSON, so that a
    cost or a list of sources comes back as JSON, not as a string holding JSON."""
    if not request.as_json:
        return []
    section = config.get("queries" if request.what == "query" else "tables", {}).get(request.name, {})
    asked = {value for key, value in request.args if key == "_json"}
    return [("_json", column) for column in section.get("json_columns", []) if column not in asked]


def with_arguments(query_string: bytes, extra: list[tuple[str, str]]) -> bytes:
    if not extra:
        return query_string
    return (query_string + (b"&" if query_string else b"") + urlencode(extra).encode("ascii"))
