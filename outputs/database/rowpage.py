"""A readable row page for every entry table: Datasette looks for ``row-<database>-<table>.html``
before its own one-row table, and this loader answers that name, for each entry table the metadata
lists, with ``templates/entry-row.html`` (fields top to bottom, JSON indented, a link back to the
entry's page on the site)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Callable

from datasette.utils import tilde_decode, to_css_class
from jinja2 import BaseLoader, ChoiceLoader, Environment, TemplateNotFound

from outputs.database.metadata import DATABASE

TEMPLATE = Path(__file__).resolve().parent / "templates" / "entry-row.html"


def row_template_name(table: str) -> str:
    """The name Datasette tries first for a row page of a table of our database."""
    return f"row-{to_css_class(DATABASE)}-{to_css_class(table)}.html"


class EntryRowLoader(BaseLoader):
    """The entry row template, under the row template name of every entry table."""

    def __init__(self, tables: list[str]):
        self.names = {row_template_name(t) for t in tables}

    def get_source(self, environment: Environment, template: str) -> tuple[str, str, Callable[[], bool]]:
        if template not in self.names:
            raise TemplateNotFound(template)
        mtime = TEMPLATE.stat().st_mtime
        return TEMPLATE.read_text(encoding="utf-8"), str(TEMPLATE), lambda: TEMPLATE.stat().st_mtime == mtime


def install(env: Environment, config: dict[str, Any]) -> None:
    """Put the entry row template in front of Datasette's templates, and its JSON filter in."""
    tables = [name for name, table in config.get("tables", {}).items() if table.get("entry")]
    env.loader = ChoiceLoader([EntryRowLoader(tables), env.loader]) if env.loader else EntryRowLoader(tables)
    env.filters["kb_pretty_json"] = pretty_json


def pretty_json(text: object) -> str:
    """JSON text indented, one member per line; anything else as it is."""
    try:
        return json.dumps(json.loads(str(text)), ensure_ascii=False, indent=2)
    except ValueError:
        return str(text)


async def entry_vars(datasette: Any, config: dict[str, Any], table: str, request: Any) -> dict[str, Any]:
    """What the template needs beyond Datasette's own: the entry's name, its address on the site and
    the table's JSON columns."""
    table_config = config.get("tables", {}).get(table, {})
    if not table_config.get("entry") or request is None or "pks" not in request.url_vars:
        return {"kb_entry": {"name": None, "site_url": None, "json_columns": []}}
    entry_id = tilde_decode(request.url_vars["pks"])
    found = (await datasette.get_database(DATABASE).execute(
        "select name_en, site_page from entities where id = ?", [entry_id])).first()
    site = config.get("site_url", "").rstrip("/")
    return {"kb_entry": {
        "name": found["name_en"] if found else None,
        "site_url": f"{site}/{found['site_page']}" if found and found["site_page"] else None,
        "json_columns": table_config.get("json_columns", []),
    }}
