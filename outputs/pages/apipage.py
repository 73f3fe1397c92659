"""The JSON API page, generated with real responses: every example on it is run against the
database of the same build, so the page cannot drift from the API."""

from __future__ import annotations

import asyncio
import json
import shlex
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, urlsplit

from datasette.app import Datasette

from catalog import Catalog
from games.aid import PLAYER_AID
from games.plugin import ApiExample
from games.registry import Registry
from outputs.buildinfo import BuildInfo
from outputs.database.gate import ARBITRARY_SQL_TIME_LIMIT_MS, EXPENSIVE_DEADLINE_S, SHARE, SLOTS
from outputs.database.limits import FUNCTION_INPUT_MAX, RESULT_MAX_BYTES, VALUE_MAX_BYTES
from outputs.database.metadata import DATABASE, PLUGIN
from outputs.pages.markdown import text

SHOWN_ROWS = 2
SHOWN_KEYS = ("ok", "rows", "truncated", "total", "next", "next_url", "error", "status", "title")
"""What the page shows of a response that is an object (Datasette's default shape, or an error)."""


SHARED_EXAMPLES = [
    ApiExample("Scenarios that failed in this build", "/kb/failed_examples.json?_shape=array",
               "Empty when every worked example and ruling passes."),
    ApiExample("Rulings with their sources", "/kb/rulings.json?_shape=array&_size=1&_col=question&_col=answer&_col=refs_hu",
               "`refs_hu` and `refs_pl` give the rulebook sections."),
    ApiExample("Rulings changed since a day", "/kb/rulings.json?_shape=array&_size=2&_sort_desc=updated&since=2026-11-01&_col=question&_col=updated",
               "`since=YYYY-MM-DD` keeps the entries changed on or after that day (every entry table takes it); "
               "`updated` and `added` say when an entry last changed and when it first appeared. The site's "
               "[What changed](what-changed.md) page lists the same, and [an Atom feed](feeds/rulings.xml) gives the rulings to a feed reader."),
    ApiExample("The build", "/kb/meta.json?_shape=array&key__in=version,commit,built_at",
               "Version, commit and date of the build; `count.<table>` rows give the size of every table."),
    ApiExample("How fresh the data is", "/kb/freshness.json?_shape=array",
               "The `freshness` query: version, commit and date of the build, and the entries of every game and kind."),
]

ERROR_EXAMPLES = [
    ApiExample("A canned query without its parameter", "/kb/search.json",
               "A required parameter that is missing or blank is a 400 naming it, never an empty list."),
    ApiExample("A filter on a column the table does not have", "/kb/rules.json?colour=red&_shape=array",
               "Unknown columns and filter operations (`column__operation=`) are refused; `_sort=` and `_facet=` too."),
    ApiExample("A since= that is not a day", "/kb/rulings.json?since=last-week",
               "`since` takes a day as YYYY-MM-DD; anything else is a 400 saying so, never every row."),
    ApiExample("A search the parser cannot read", "/kb/search.json?q=colour<=red",
               "The error names the fields a search can filter by."),
    ApiExample("A game no game has", "/kb/search.json?q=market&game=chess",
               "A game id that no game has (a mistyped or differently cased one too) is a 400 naming the games, "
               "never an empty list."),
]


def run_examples(db_path: Path, metadata: dict[str, Any], examples: list[ApiExample],
                 datasette_url: str = "http://127.0.0.1:8001") -> list[tuple[ApiExample, int, Any]]:
    """(example, status, JSON body, or text if it is not JSON) for every example, through Datasette's
    in-process client, asked as if at ``datasette_url`` (the next page's address names it)."""
    host = urlsplit(datasette_url).netloc

    async def fetch() -> list[tuple[ApiExample, int, Any]]:
        datasette = Datasette([str(db_path)], immutables=[], metadata=metadata, settings={"sql_time_limit_ms": 1000})
        out = []
        for example in examples:
            response = await datasette.client.get(example.path, headers={"host": host})
            try:
                body = response.json()
            except ValueError:
                body = response.text
            out.append((example, response.status_code, body))
        return out

    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(fetch())
    # called from inside an event loop (an async caller): run the client on a thread of its own
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, fetch()).result()


def shown(body: Any) -> tuple[Any, int]:
    """What the page shows of a response, and how many rows it had: the first rows of a list; of an
    object, its rows (the first ones), paging and error keys."""
    if isinstance(body, list):
        return body[:SHOWN_ROWS], len(body)
    if isinstance(body, dict):
        part = {k: body[k] for k in SHOWN_KEYS if k in body and not (k == "error" and body[k] is None)}
        if isinstance(part.get("rows"), list):
            part["rows"] = part["rows"][:SHOWN_ROWS]
        return part, len(body.get("rows") or [])
    return body, 1


def curl_command(datasette_url: str, path: str) -> str:
    """A curl command that asks for ``path`` as printed: letters outside ASCII or characters a shell or
    URL would change go through ``--data-urlencode`` (uvicorn refuses a raw UTF-8 request line)."""
    if all(c.isascii() and (c.isalnum() or c in "/._-~?&=,:") for c in path):
        return f"curl {shlex.quote(datasette_url + path)}"
    base, _, query = path.partition("?")
    parts = ["curl -G", shlex.quote(datasette_url + base)]
    for key, value in parse_qsl(query, keep_blank_values=True):
        plain = all(c.isascii() and (c.isalnum() or c in "._-~:,") for c in key + value)
        parts.append(f"{'-d' if plain else '--data-urlencode'} {shlex.quote(f'{key}={value}')}")
    return " ".join(parts)


def examples(registry: Registry) -> list[ApiExample]:
    """Each game's examples (they show its data), then those that work on any game's."""
    return [e for module in registry.modules for e in module.api_examples] + SHARED_EXAMPLES


def player_aids(catalog: Catalog, registry: Registry) -> list[tuple[str, str]]:
    """(game name, page) of every game's player aid (games/aid.py), for the downloads."""
    return [(catalog.get(module.game).names.en, f"{module.game}/{PLAYER_AID}.md") for module in registry.modules
            if any(not isinstance(p, str) and p.name == PLAYER_AID for p in module.pages)]


def api_page(db_path: Path, metadata: dict[str, Any], registry: Registry, info: BuildInfo, datasette_url: str,
             aids: list[tuple[str, str]] | None = None) -> str:
    """The JSON API page; ``aids`` (see :func:`player_aids`) are listed with the downloads."""
    results = run_examples(db_path, metadata, examples(registry), datasette_url)
    errors = run_examples(db_path, metadata, ERROR_EXAMPLES, datasette_url)
    broken = [f"{e.path}: HTTP {status}" for e, status, _ in results if status != 200]
    broken += [f"{e.path}: HTTP {status}, not 400 with a JSON error" for e, status, body in errors
               if status != 400 or not isinstance(body, dict)]
    if broken:
        raise RuntimeError("API examples fail against the built database: " + "; ".join(broken))
    out = ["# JSON API {#api}\n",
           f"`kb serve` runs [Datasette](https://docs.datasette.io/en/0.65.x/) on `{datasette_url}`, read-only, over "
           f"the database built from the catalogs (this is build `{text(info.version)}`). Every page has a JSON "
           "form: add `.json` to its path, and `_shape=array` for a plain list of rows. Every example below was "
           "run against this build's database; the responses shown are what it returned (the first rows).\n",
           "The [OpenAPI document](openapi.json) (OpenAPI 3.1, generated with this build) describes every table, "
           "canned query and parameter below, and the rows each returns.\n",
           "## Downloads {#api.downloads}\n",
           f"- [The SQLite database](downloads/kb.db) (build `{text(info.version)}`, commit `{text(info.commit[:12])}`)\n"
           "- [Every catalog as one JSON file](downloads/json/catalog.json), or one file per kind, e.g. "
           "[buildings](downloads/json/buildings.json), [glossary](downloads/json/terms.json), "
           "[rules](downloads/json/rules.json), [rulings](downloads/json/rulings.json). The JSON Schema of each kind is "
           "in the repository's `schemas/kinds/` folder.\n"
           # raw HTML: the pack is written after mkdocs builds the site it packs, so mkdocs cannot check the link
           '- <a href="downloads/rulebook-kb-offline.zip">The whole site for reading offline</a> (a zip: unpack it and '
           "open `rulebook-kb/index.html` in a browser; pages and search work without a network, and the database is "
           "in its `downloads/` folder).\n",
           *([f"- Player aids to print, two A4 pages each (print-ready pages: the browser's Print makes the PDF): "
              + ", ".join(f"[{text(name)}]({path})" for name, path in aids) + "\n"] if aids else []),
           "## Canned queries {#api.queries}\n",
           "Each is also a form on Datasette's page for it. A required parameter must be given and not blank; "
           "an unknown one is refused (status 400).\n"]
    params = metadata["plugins"][PLUGIN]["queries"]
    for name, query in metadata["databases"][DATABASE]["queries"].items():
        described = "; ".join(f"`{p['name']}`{'' if p['required'] else ' (optional)'}: {text(p['description'])}"
                              for p in params[name]["params"]) or "none"
        out.append(f"- **`{name}`** — {text(query['title'])}. Parameters: {described}. "
                   f"[Form]({datasette_url}/{DATABASE}/{name})\n")
    out.append("## Examples {#api.examples}\n")
    out += [example_section(example, body, datasette_url) for example, _, body in results]
    out.append("## Errors {#api.errors}\n")
    out.append("A request the API cannot answer as asked gets status 400 and a plain message: JSON "
               "(`{\"ok\": false, \"error\": ...}`) for `.json`, a short page otherwise. A query that runs past the "
               "time limit says so in words.\n")
    out.append(f"What one request may take is bounded: a text or blob value is at most {VALUE_MAX_BYTES:,} bytes, the rows "
               f"of one answer {RESULT_MAX_BYTES:,} bytes, and the text given to `kb_fold`, `kb_fts_query`, `kb_search` "
               f"or a canned query's parameter {FUNCTION_INPUT_MAX} characters. SQL of your own (`sql=`, or a table's "
               f"`_where=`) runs for at most {ARBITRARY_SQL_TIME_LIMIT_MS} ms. It, the tables' pages, CSV streams, "
               f"the database's download and its page are rationed: {SLOTS} at a time in all, each client (an address) "
               f"{SHARE:.0%} of the time while others are served, each answer sent within {EXPENSIVE_DEADLINE_S:g} s; "
               "beyond that a request gets status 503 with `Retry-After` (seconds). The canned queries and the rows "
               "are never rationed. The API is read-only: any method but GET, "
               "HEAD and OPTIONS gets status 405.\n")
    out += [example_section(example, body, datasette_url) for example, _, body in errors]
    out.append("## Parameters {#api.parameters}\n")
    out.append("- Columns holding structures (`sources`, `cost`, `effect`, `fact_confidence`, a ruling's `rules` ...) "
               "are JSON values in every table's and row's JSON, as Datasette's `_json=column` gives them (the API asks "
               "for it); the OpenAPI document lists them. In SQL of your own, add `_json=column`.\n"
               "- The `search` query pages: `limit` hits (default 20, at most 100) from `offset`. Its JSON object "
               "gives `total` (hits in all), `next` and `next_url` (null on the last page); every shape gets a "
               "`Link: <...>; rel=\"next\"` header while more follow.\n"
               "- A search hit's `snippet` is plain text (whole sentences of the entry's own text); `marks` gives its "
               "matched words as `[start, end]` character offsets into it (end excluded), and `snippet_html` is the "
               "same snippet HTML-escaped with those words in `<mark>`. `url` is the entry's place on the site (its "
               "page, at its anchor) and `row_url` its row in this API.\n"
               "- A row answers by its id as it is (`/kb/<table>/a.b.c.json`) or as Datasette spells it, every dot "
               "`~2E` (`/kb/<table>/a~2Eb~2Ec.json`): the same page, JSON or CSV.\n"
               "- `_shape=array` a list of rows; `_shape=objects`, `_shape=arrays` and the default object form also work.\n"
               "- `_col=` / `_nocol=` choose columns; `_size=` rows per page (at most 1000); `_next=` the next page.\n"
               "- `column=value`, `column__contains=`, `column__in=a,b`, `column__gt=` ... filter rows.\n"
               "- `since=YYYY-MM-DD` keeps a table's entries changed on or after that day (by their `updated`).\n"
               "- `_facet=column` counts the values of a column (`game`, `category`, `confidence`, `topic` ...).\n"
               "- `_search=` keeps a table's rows whose names, forms or text have every word, read as the `search` "
               "query reads them (any case ending, accents optional); the `search` query searches every table and "
               "ranks what it finds.\n"
               "- Limits: queries stop after 1 second; at most 1000 rows per response. Read-only; CORS is open for GET; "
               "robots are asked to stay away.\n")
    return "\n".join(out)


def example_section(example: ApiExample, body: Any, datasette_url: str) -> str:
    part, total = shown(body)
    rows = len(part) if isinstance(part, list) else len(part.get("rows") or []) if isinstance(part, dict) else 0
    note = f" (first {rows} of {total} rows)" if total > rows else ""
    return (f"### {text(example.title)}\n\n{example.explanation}\n\n"
            f"```sh\n{curl_command(datasette_url, example.path)}\n```\n\n"
            f"Response{note}:\n\n```json\n{json.dumps(part, ensure_ascii=False, indent=2)}\n```\n")
