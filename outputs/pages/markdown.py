"""Markdown pieces for generated pages; catalog text is always HTML-escaped on the way in."""

from __future__ import annotations

import html
from collections.abc import Iterable


class Linked(str):
    """Markdown built from escaped parts (links to other entries); safe to insert as it is."""


# Characters that would let catalog text make Markdown do something: brackets form links and images
# (``[y](javascript:...)``), braces attributes (attr_list: ``{: onclick="..."}`` after a line gives
# the paragraph, the list item or the heading an event handler).
_INERT = str.maketrans({"[": "&#91;", "]": "&#93;", "{": "&#123;", "}": "&#125;"})
# What a link's address may hold as it is: the rest is percent-encoded, so that an address can end
# neither the link (``)``) nor its title (``"``), nor open markup (``<``).
_URL_SAFE = "/:?#&=+%@!$*,;~.-_"


def text(value: object) -> str:
    """Catalog text made safe for Markdown: HTML escaped, so a name can never inject markup, and its
    brackets and braces written as entities, so that no Markdown link, image or attribute list can
    be formed from it."""
    return html.escape(str(value), quote=False).translate(_INERT)


def url(value: str) -> str:
    """An address for a Markdown link's target, from the catalog (whose schema takes only http(s)
    addresses): only http and https pass, everything that could end the target is percent-encoded."""
    from urllib.parse import quote

    if not value.lower().startswith(("http://", "https://")):
        return "#"
    return quote(value, safe=_URL_SAFE)


def cell(value: object) -> str:
    if value in (None, ""):
        return "—"
    markdown = value if isinstance(value, Linked) else text(value)
    return markdown.replace("|", "\\|").replace("\n", " ")


def table(headers: list[str], rows: Iterable[list[object]]) -> str:
    out = ["| " + " | ".join(headers) + " |", "|" + "---|" * len(headers)]
    out += ["| " + " | ".join(cell(v) for v in row) + " |" for row in rows]
    return "\n".join(out) + "\n"
