"""What the API checks before Datasette answers: a request Datasette would answer with a silent wrong
answer (an unknown filter column reads as a string constant in SQLite and matches nothing; a canned
query's missing parameter binds as an empty string) or with a 500 and its exception's text (a
``_timelimit`` that is not a number, a ``_through`` that is not the JSON it takes, a number beyond
SQLite's integers) gets status 400 and a message instead.

Everything here reads the plugin's part of the metadata (``plugins.kb``: the canned queries'
parameters, the tables' JSON columns), so the checks, the query forms and the OpenAPI document
describe the same API.
"""

from __future__ import annotations

import functools
import json
import re
import sqlite3
from collections.abc import Collection
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, unquote, urlencode

from datasette.filters import Filters
from datasette.utils import tilde_decode

from outputs.database.limits import FUNCTION_INPUT_MAX
from outputs.database.metadata import DATABASE, PLUGIN
from outputs.database.queries import SEARCH_QUERY
from outputs.search import query_problem

FILTER_OPERATIONS = sorted(Filters._filters_by_key)  # exact, not, contains, gt, in, isnull ...
# Arguments that name a column of the table.
COLUMN_ARGUMENTS = ("_sort", "_sort_desc", "_facet", "_facet_array", "_facet_date")
# Arguments that work on tables and that Datasette ignores on a canned query.
TABLE_ARGUMENTS = ("_size", "_next", "_sort", "_sort_desc", "_facet", "_facet_array", "_facet_date", "_col",
                   "_nocol", "_search", "_where", "_through", "_labels", "_nolabels")
SHAPES = ("objects", "array", "arrays", "object", "arrayfirst")  # Datasette's ?_shape= for JSON
NUMERIC_OPERATIONS = ("gt", "gte", "lt", "lte")  # Datasette turns their digits into an integer
INTEGER_MAX = 2**63 - 1  # SQLite's largest integer
# Datasette's arguments that it reads as a number when str.isdigit() says so, which "²" passes
DIGIT_ARGUMENTS = ("_ttl", "_size", "_facet_size")
BOOLEANS = ("on", "off", "true", "false", "1", "0")  # what Datasette reads as yes or no


@dataclass(frozen=True)
class Target:
    """What a request asks for: a table, a row or a canned query of our database, as JSON or not."""

    what: str
    """``table``, ``row``, ``query``, ``sql`` (arbitrary SQL: the database with ``sql=``) or ``database``
    (the database's own page)."""
    name: str
    format: str
    """``json``, ``csv``, or empty for the HTML page."""
    args: list[tuple[str, str]]

    @property
    def as_json(self) -> bool:
        return self.format == "json"


def target(config: dict[str, Any], tables: dict[str, list[str]], scope: dict[str, Any]) -> Target | None:
    """What of our database a request is for (``tables``: table -> columns): a table, row, canned query,
    arbitrary SQL or the database's page; None for anything else (other pages, downloads)."""
    parts = routed_path(scope).strip("/").split("/")
    # the format follows the last raw dot of a row's key (keys hold dots: caylus.building.lawyer.json)
    # and the first of a database or table name (which cannot hold one); "~2E" is a dot of the name
    name, dot, extension = parts[-1].rpartition(".") if len(parts) == 3 and "." in parts[-1] else parts[-1].partition(".")
    parts, name = [tilde_decode(p) for p in parts[:-1]], tilde_decode(name)
    if len(parts) not in (0, 1, 2) or (parts[0] if parts else name) != DATABASE:
        return None
    if dot and extension not in ("json", "csv"):
        return None
    args = parse_qsl(scope.get("query_string", b"").decode("utf-8", "replace"), keep_blank_values=True)
    if not parts:
        return Target("sql" if any(k == "sql" for k, _ in args) else "database", DATABASE, extension, args)
    if len(parts) == 2:
        return Target("row", parts[1], extension, args)
    if name in config.get("queries", {}):  # a canned query hides a table of the same name, as in Datasette
        return Target("query", name, extension, args)
    if name in tables:
        return Target("table", name, extension, args)
    return None


def routed_path(scope: dict[str, Any]) -> str:
    """The path as Datasette routes it: the raw path, percent escapes and all, without the query.
    Datasette then tilde-decodes each name (``/k~62/r~75les.json`` is the table rules of kb), so the
    checks read the names decoded the same way, or a tilde-encoded path would pass them by."""
    raw = scope.get("raw_path")
    return (raw.decode("latin-1") if raw else scope.get("path", "")).partition("?")[0]


ROW_FORMATS = ("json", "csv")


def with_row_key_encoded(scope: dict[str, Any], tables: Collection[str]) -> dict[str, Any]:
    """A row asked for by its dotted id (``/kb/buildings/caylus.building.lawyer``, or with ``.json`` or
    ``.csv``) as asked for in Datasette's own spelling, every dot of the id written ``~2E``: Datasette
    reads what follows a raw dot as a format, so the page of a dotted id was a 404 while its JSON
    answered. Both spellings of a row now get the same answer. A key's last raw dot is the format's
    only when ``json`` or ``csv`` follows it. Any other path is left as it is."""
    parts = routed_path(scope).split("/")
    if len(parts) != 4 or parts[0] or "." not in parts[3] or tilde_decode(parts[1]) != DATABASE or tilde_decode(parts[2]) not in tables:
        return scope
    key, _, extension = parts[3].rpartition(".")
    if extension not in ROW_FORMATS:
        key, extension = parts[3], ""
    if "." not in key:
        return scope
    path = "/".join([*parts[:3], key.replace(".", "~2E")]) + (f".{extension}" if extension else "")
    return {**scope, "path": unquote(path), "raw_path": path.encode("latin-1")}


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


@functools.lru_cache(maxsize=8)
def _foreign_keys(path: str, stamp: float) -> dict[str, set[str]]:
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        names = [r[0] for r in conn.execute("select name from sqlite_master where type = 'table'")]
        return {name: {r[2] for r in conn.execute(f"pragma foreign_key_list([{name}])")} for name in names}
    finally:
        conn.close()


def foreign_keys(path: str) -> dict[str, set[str]]:
    """Table -> the tables its foreign keys point to."""
    return _foreign_keys(path, Path(path).stat().st_mtime)


def problem(config: dict[str, Any], tables: dict[str, list[str]], database_path: str, request: Target) -> str | None:
    """Why the request cannot be answered as asked, in one sentence; None when it can."""
    found = argument_problem(request)
    if found is not None:
        return found
    if request.what == "database" and request.format == "csv":
        return "the database page has no rows to give as CSV; ask a table, a query or sql= for CSV"
    if request.what == "table":
        return (table_problem(request.name, tables[request.name], request.args)
                or through_problem(request.name, tables, foreign_keys(database_path), request.args))
    if request.what == "query":
        params = config["queries"][request.name]["params"]
        found = query_problem_of(request.name, params, request.args, request.format) or game_problem(
            database_path, params, request.args)
        if found is None and request.name == SEARCH_QUERY.name and any(not k.startswith("_") for k, _ in request.args):
            return query_problem(database_path, dict(request.args).get("q", ""))
        return found
    return None


GAME_PARAMETER = "game"
"""A canned query's parameter that names a game by its id (the games table's)."""


def game_problem(database_path: str, params: list[dict[str, Any]], args: list[tuple[str, str]]) -> str | None:
    """A game id that no game has: otherwise the query answers an empty list, as if the game had no
    such entries. Ids are taken as written (lower case, as every link and example writes them): a
    differently cased id is refused with the id to write, so that one spelling of each game exists."""
    given = dict(args).get(GAME_PARAMETER, "").strip()
    if not given or not any(p["name"] == GAME_PARAMETER for p in params):
        return None
    games = known_games(database_path)
    if given in games:
        return None
    listed = ", ".join(games)
    meant = next((g for g in games if g.casefold() == given.casefold()), None)
    if meant:
        return f"{GAME_PARAMETER}={given}: no game has this id (ids are lower case: {GAME_PARAMETER}={meant}); the games: {listed}"
    return f"{GAME_PARAMETER}={given}: no game has this id; the games: {listed}"


@functools.lru_cache(maxsize=8)
def _games(path: str, stamp: float) -> tuple[str, ...]:
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return tuple(r[0] for r in conn.execute("select id from games order by id"))
    finally:
        conn.close()


def known_games(path: str) -> tuple[str, ...]:
    """The ids of the database's games, read once per version of the file."""
    return _games(path, Path(path).stat().st_mtime)


def argument_problem(request: Target) -> str | None:
    """Datasette's own arguments with a value it cannot use (it would answer with a 500, or with a
    status 200 holding an error)."""
    for key, value in request.args:
        if key == "_timelimit" and not (re.fullmatch(r"[0-9]{1,9}", value) and int(value) > 0):
            return f"_timelimit={value}: a time limit is a whole number of milliseconds, at least 1"
        if key in DIGIT_ARGUMENTS and value.isdigit() and not value.isascii():
            return f"{key}={value}: write the number with the digits 0-9"
        if key == "_json_infinity" and value.lower() not in BOOLEANS:
            return f"{key}={value}: one of " + ", ".join(BOOLEANS)
        if key in ("sql", "_where") and "\x00" in value:
            return f"{key}: the SQL holds a NUL character"
        if key == "_shape" and request.as_json:
            if request.what == "database":
                return f"_shape={value}: the database page has no rows to shape; _shape is for tables and queries"
            if value not in SHAPES:
                return f"_shape={value}: one of " + ", ".join(SHAPES)
            if value == "object" and request.what not in ("table", "row"):
                return "_shape=object keys rows by their primary key: it is for tables"
    return None


def _integer_problem(key: str, value: object) -> str | None:
    """An integer SQLite cannot hold: a JSON number, or a numeric filter's digits (which Datasette
    turns into an integer; strings are bound as they are)."""
    if isinstance(value, str):
        if value.isdigit() and (not value.isascii() or int(value) > INTEGER_MAX):
            return f"{key}={value}: not a number SQLite can compare (whole numbers up to {INTEGER_MAX})"
    elif isinstance(value, int) and abs(value) > INTEGER_MAX:
        return f"{key}: {value} is beyond SQLite's integers (up to {INTEGER_MAX})"
    return None


def _value_problem(key: str, operation: str, value: str) -> str | None:
    """A filter's value that Datasette cannot turn into SQL parameters."""
    if operation in NUMERIC_OPERATIONS:
        return _integer_problem(key, value)
    if operation in ("in", "notin") and value.startswith("["):
        try:
            items = json.loads(value)
        except ValueError:
            items = None
        if not isinstance(items, list) or not all(isinstance(i, (str, int, float)) or i is None for i in items):
            return f'{key}={value}: a list is JSON of plain values (["a", "b"]), or values with commas (a,b)'
        return next((p for p in (_integer_problem(key, i) for i in items if not isinstance(i, str)) if p), None)
    return None


def through_problem(table: str, tables: dict[str, list[str]], pointing: dict[str, set[str]],
                    args: list[tuple[str, str]]) -> str | None:
    """``_through={"table": t, "column": c, "value": v}``: rows of ``table`` that the rows of ``t`` with
    ``c = v`` link to, so ``t`` must have ``c`` and a foreign key to ``table``."""
    for key, value in args:
        if key != "_through":
            continue
        try:
            through = json.loads(value)
        except ValueError:
            through = None
        if not (isinstance(through, dict) and isinstance(through.get("table"), str) and isinstance(through.get("column"), str)
                and isinstance(through.get("value"), (str, int, float))):
            return (f'_through={value}: write _through={{"table": ..., "column": ..., "value": ...}} with a table linking '
                    f"to {table}, one of its columns and a value")
        other, column = through["table"], through["column"]
        linking = sorted(t for t, targets in pointing.items() if table in targets)
        if other not in tables or table not in pointing.get(other, set()):
            return f"_through: {other!r} has no foreign key to {table}; tables that do: {', '.join(linking) or 'none'}"
        if column not in tables[other]:
            return f"_through: {other} has no column {column!r}; its columns: {', '.join(tables[other])}"
        if not isinstance(through["value"], str) and (found := _integer_problem("_through", through["value"])):
            return found
    return None


def table_problem(table: str, columns: list[str], args: list[tuple[str, str]]) -> str | None:
    known = ", ".join(columns)
    for key, value in args:
        if key.startswith("_search") and key != "_searchmode" and len(value) > FUNCTION_INPUT_MAX:
            # read by the search definition in Python (outputs/database/plugin.py), as kb_fts_query is
            return f"{key}: at most {FUNCTION_INPUT_MAX} characters (this one has {len(value):,})"
        if key in COLUMN_ARGUMENTS or key.startswith("_search_"):
            column = key.removeprefix("_search_") if key.startswith("_search_") else value
            if column not in columns and column != "rowid":
                return f"{key}={value}: {table} has no column {column!r}; its columns: {known}"
            continue
        if key.startswith("_"):
            continue
        if key == SINCE and SINCE_COLUMN in columns:
            if (found := since_problem(value)) is not None:
                return found
            continue
        column, operation = (key, "exact") if key in columns or "__" not in key else key.rsplit("__", 1)
        if column not in columns:
            return f"{key}={value}: {table} has no column {column!r} to filter by; its columns: {known}"
        if operation not in FILTER_OPERATIONS:
            return (f"{key}={value}: no filter operation {operation!r}; write column__operation=value with one of "
                    + ", ".join(FILTER_OPERATIONS))
        found = _value_problem(key, operation, value)
        if found:
            return found
    return None


SINCE = "since"
"""``since=YYYY-MM-DD`` on a table of entries: the rows changed on or after that day (their ``updated``)."""
SINCE_COLUMN = "updated"


def since_problem(value: str) -> str | None:
    try:
        if not re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", value):  # a day, not a time or a week
            raise ValueError(value)
        date.fromisoformat(value)  # a real day: not 2026-02-30
    except ValueError:
        return (f"since={value}: since takes a day as YYYY-MM-DD (since=2026-11-01 gives the rows changed on or "
                "after 1 November 2026)")
    return None


def with_since_read(request: Target, columns: list[str], query_string: bytes) -> bytes:
    """A table's ``since=DAY`` as Datasette's own filter ``updated__gte=DAY`` (``updated`` is an RFC 3339
    time, which sorts as text; its day prefix compares with the day as it should)."""
    if request.what != "table" or SINCE_COLUMN not in columns or not any(k == SINCE for k, _ in request.args):
        return query_string
    args = parse_qsl(query_string.decode("utf-8", "replace"), keep_blank_values=True)
    return urlencode([(f"{SINCE_COLUMN}__gte" if k == SINCE else k, v) for k, v in args]).encode("ascii")


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
        if not key.startswith("_") and len(given[key]) > FUNCTION_INPUT_MAX:
            return f"{key}: at most {FUNCTION_INPUT_MAX} characters (this one has {len(given[key]):,})"
    for param in params:
        value = given.get(param["name"], "").strip()
        if not value:
            if param["required"]:
                return f"the canned query {name} needs {param['name']}: {param['description']}"
            continue
        if param["type"] == "integer":
            low, high = param["minimum"], param["maximum"]
            if not re.fullmatch(r"-?[0-9]{1,18}", value) or (low is not None and int(value) < low) or (
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
