"""Markdown pieces for generated pages; catalog text is always HTML-escaped on the way in."""

from __future__ import annotations

import html
from collections.abc import Iterable


class Linked(str):
    """Markdown built from escaped parts (links to other entries); safe to insert as it is."""


def text(value: object) -> str:
    """Catalog text made safe for Markdown: HTML escaped, so a name can never inject markup, and its
    square brackets written as entities, so that no Markdown link (``[y](javascript:...)``) or
    image can be formed from it."""
    return html.escape(str(value), quote=False).replace("[", "&#91;").replace("]", "&#93;")


def cell(value: object) -> str:
    if value in (None, ""):
        return "—"
    markdown = value if isinstance(value, Linked) else text(value)
    return markdown.replace("|", "\\|").replace("\n", " ")


def table(headers: list[str], rows: Iterable[list[object]]) -> str:
    out = ["| " + " | ".join(headers) + " |", "|" + "---|" * len(headers)]
    out += ["| " + " | ".join(cell(v) for v in row) + " |" for row in rows]
    return "\n".join(out) + "\n"
