"""The JSON API page, generated with real responses: every example on it is run against the
database of the same build, so the page cannot drift from the API."""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path
from typing import Any

from datasette.app import Datasette

from games.plugin import ApiExample
from games.registry import Registry
from outputs.buildinfo import BuildInfo
from outputs.database.metadata import DATABASE
from outputs.pages.markdown import text

SHOWN_ROWS = 2


SHARED_EXAMPLES = [
    ApiExample("Scenarios that failed in this build", "/kb/failed_examples.json?_shape=array",
               "Empty when every worked example and ruling passes."),
    ApiExample("Rulings with their sources", "/kb/rulings.json?_shape=array&_size=1&_col=question&_col=answer&_col=refs_hu",
               "`refs_hu` and `refs_pl` give the rulebook sections."),
    ApiExample("The build", "/kb/meta.json?_shape=array&key__in=version,commit,built_at",
               "Version, commit and date of the build; `count.<table>` rows give the size of every table."),
]


def run_examples(db_path: Path, metadata: dict[str, Any], examples: list[ApiExample]) -> list[tuple[ApiExample, int, Any]]:
    """(example, status, JSON body) for every example, through Datasette's in-process client."""
    async def fetch() -> list[tuple[ApiExample, int, Any]]:
        datasette = Datasette([str(db_path)], immutables=[], metadata=metadata, settings={"sql_time_limit_ms": 1000})
        out = []
        for example in examples:
            response = await datasette.client.get(example.path)
            out.append((example, response.status_code, response.json() if response.status_code == 200 else response.text))
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
    rows = body if isinstance(body, list) else [body]
    return rows[:SHOWN_ROWS], len(rows)


def examples(registry: Registry) -> list[ApiExample]:
    """Each game's examples (they show its data), then those that work on any game's."""
    return [e for module in registry.modules for e in module.api_examples] + SHARED_EXAMPLES


def api_page(db_path: Path, metadata: dict[str, Any], registry: Registry, info: BuildInfo, datasette_url: str) -> str:
    results = run_examples(db_path, metadata, examples(registry))
    broken = [f"{e.path}: HTTP {status}" for e, status, _ in results if status != 200]
    if broken:
        raise RuntimeError("API examples fail against the built database: " + "; ".join(broken))
    out = ["# JSON API {#api}\n",
           f"`kb serve` runs [Datasette](https://docs.datasette.io/en/0.65.x/) on `{datasette_url}`, read-only, over "
           f"the database built from the catalogs (this is build `{text(info.version)}`). Every page has a JSON "
           "form: add `.json` to its path, and `_shape=array` for a plain list of rows. Every example below was "
           "run against this build's database; the responses shown are what it returned (the first rows).\n",
           "## Downloads {#api.downloads}\n",
           f"- [The SQLite database](downloads/kb.db) (build `{text(info.version)}`, commit `{text(info.commit[:12])}`)\n"
           "- [Every catalog as one JSON file](downloads/json/catalog.json), or one file per kind, e.g. "
           "[buildings](downloads/json/buildings.json), [glossary](downloads/json/terms.json), "
           "[rules](downloads/json/rules.json), [rulings](downloads/json/rulings.json). The JSON Schema of each kind is "
           "in the repository's `schemas/kinds/` folder.\n",
           "## Canned queries {#api.queries}\n", "Each is also a form on Datasette's page for it.\n"]
    for name, query in metadata["databases"][DATABASE]["queries"].items():
        params = sorted(set(re.findall(r":([a-z_]+)", query["sql"])))
        out.append(f"- **`{name}`** — {text(query['title'])}. Parameters: {', '.join(f'`{p}`' for p in params) or 'none'}. "
                   f"[Form]({datasette_url}/{DATABASE}/{name})\n")
    out.append("## Examples {#api.examples}\n")
    for example, _, body in results:
        rows, total = shown(body)
        out.append(f"### {text(example.title)}\n")
        out.append(f"{example.explanation}\n")
        out.append(f"```sh\ncurl '{datasette_url}{example.path}'\n```\n")
        note = f" (first {len(rows)} of {total} rows)" if total > len(rows) else ""
        out.append(f"Response{note}:\n\n```json\n{json.dumps(rows, ensure_ascii=False, indent=2)}\n```\n")
    out.append("## Parameters {#api.parameters}\n")
    out.append("- `_shape=array` a list of rows; `_shape=objects`, `_shape=arrays` and the default object form also work.\n"
               "- `_col=` / `_nocol=` choose columns; `_size=` rows per page (at most 1000); `_next=` the next page.\n"
               "- `column=value`, `column__contains=`, `column__in=a,b`, `column__gt=` ... filter rows.\n"
               "- `_facet=column` counts the values of a column (`game`, `category`, `confidence`, `topic` ...).\n"
               "- `_search=` searches a table's names and folded forms; the `search` query searches everything "
               "and also understands inflected words.\n"
               "- Limits: queries stop after 1 second; at most 1000 rows per response. Read-only; CORS is open for GET; "
               "robots are asked to stay away.\n")
    return "\n".join(out)
