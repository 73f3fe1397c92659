"""Catalog text never reaches a page as markup: a note or a name holding a Markdown link to
``javascript:``, raw ``<a>``, ``<script>``, ``<img onerror>`` or an attribute list (``{: onclick=...}``)
is shown as the text it is, on the site's page (rendered with mkdocs' own Markdown settings) and on
the API's HTML pages (the entry's row page and its table)."""

from __future__ import annotations

import dataclasses
import json
import shutil
import sqlite3
from html.parser import HTMLParser
from pathlib import Path

from catalog import Catalog
from games import REGISTRY
from outputs.pages.layout import Layout
from outputs.pages.markdown import url
from outputs.pages.site import game_pages
from outputs.pages.writer import PageWriter

ROOT = Path(__file__).resolve().parent.parent
ENTRY = "caylus.building.bank"
HOSTILE_NOTES = ('[y](javascript:alert(1)) <a href="javascript:alert(2)">a</a> <script>alert(3)</script> '
                 '<img src=x onerror=alert(4)> ![i](javascript:alert(5)) <javascript:alert(6)> [r]: javascript:alert(7)\n'
                 '{: onclick="alert(8)" }')
HOSTILE_NAME = 'Bank <script>alert(9)</script> [n](javascript:alert(10)) {: onmouseover="alert(11)" }'


class Markup(HTMLParser):
    """Every tag and attribute of a page, and its visible text."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, list[tuple[str, str | None]]]] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, attrs))

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def assert_inert(page: str, *shown: str) -> None:
    """No script, no event handler, no javascript: address on the page, and ``shown`` in its text."""
    markup = Markup()
    markup.feed(page)
    handlers = [(tag, name) for tag, attrs in markup.tags for name, _ in attrs if name.startswith("on")]
    addresses = [(tag, value) for tag, attrs in markup.tags for name, value in attrs
                 if name in ("href", "src", "action", "formaction") and "javascript:" in (value or "").lower().replace(" ", "")]
    assert not handlers and not addresses, (handlers, addresses)
    text = " ".join(" ".join(markup.text).split())
    for words in shown:
        assert " ".join(words.split()) in text, words


def mkdocs_html(markdown_text: str) -> str:
    """A page's Markdown as mkdocs renders it: with the extensions and settings of mkdocs.yml."""
    import markdown
    from mkdocs.config import load_config

    config = load_config(str(ROOT / "mkdocs.yml"))
    return markdown.Markdown(extensions=config["markdown_extensions"], extension_configs=config["mdx_configs"]).convert(markdown_text)


def test_hostile_catalog_text_is_shown_as_text_on_the_site(catalog: Catalog) -> None:
    located = catalog.entries[ENTRY]
    entry = located.entry.model_copy(update={"notes": HOSTILE_NOTES,
                                             "names": located.entry.names.model_copy(update={"en": HOSTILE_NAME})})
    hostile = Catalog(entries={**catalog.entries, ENTRY: dataclasses.replace(located, entry=entry)}, schema=catalog.schema)
    writer = PageWriter(hostile, REGISTRY.module("caylus"), Layout(hostile, REGISTRY), "http://127.0.0.1:8001")
    pages, _ = game_pages(writer)
    showing = [body for body in pages.values() if "alert(3)" in body]
    assert showing, "no page shows the entry's notes"
    for body in showing:
        page = mkdocs_html(body)
        assert_inert(page, "[y](javascript:alert(1))", '<a href="javascript:alert(2)">a</a>', "<script>alert(3)</script>",
                     "<img src=x onerror=alert(4)>", '{: onclick="alert(8)" }')
        assert "<script>alert(" not in page


def test_a_source_address_cannot_end_its_link() -> None:
    assert url("https://example.com/a b)[x](javascript:alert(1)") == "https://example.com/a%20b%29%5Bx%5D%28javascript:alert%281%29"
    assert url("javascript:alert(1)") == "#"
    page = mkdocs_html(f"[source]({url('https://example.com/x) <script>alert(1)</script> (')})")
    assert_inert(page, "source")
    assert "<script>" not in page


async def test_hostile_catalog_text_is_shown_as_text_on_the_apis_pages(built, tmp_path: Path) -> None:
    from datasette.app import Datasette

    from kb.serve import DATASETTE_CORS, DATASETTE_SETTINGS

    copy = tmp_path / "kb.db"
    shutil.copyfile(built.build / "kb.db", copy)
    conn = sqlite3.connect(copy)
    with conn:
        conn.execute("update buildings set notes = ?, name_en = ? where id = ?", (HOSTILE_NOTES, HOSTILE_NAME, ENTRY))
        conn.execute("update entities set name_en = ? where id = ?", (HOSTILE_NAME, ENTRY))
    conn.close()
    metadata = json.loads((built.build / "metadata.json").read_text(encoding="utf-8"))
    datasette = Datasette(immutables=[str(copy)], metadata=metadata, settings=dict(DATASETTE_SETTINGS), cors=DATASETTE_CORS)
    notes = ("<script>alert(3)</script>", "<img src=x onerror=alert(4)>", "<script>alert(9)</script>")
    for path, shown in ((f"/kb/buildings/{ENTRY.replace('.', '~2E')}", notes), (f"/kb/buildings?id={ENTRY}", notes),
                        (f"/kb/building?building={ENTRY}", ("<script>alert(9)</script>",))):
        response = await datasette.client.get(path)
        assert response.status_code == 200, (path, response.text[:300])
        assert_inert(response.text, *shown)
        assert "<script>alert(" not in response.text, path
