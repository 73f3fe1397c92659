"""The card browser: every townsfolk and hero card in one table a player can filter by kind, icon,
timing and cost and sort by any column, without leaving the page (docs/javascripts/kb-card-browser.js,
no library, works offline). Rendered at build time from the catalog, as HTML inside the Markdown page.

Every row is in the page (about 35 KB, so a reader without the script sees every card and each links
to its entry below), but the script lays out only what is shown: the filters first, then the first
:data:`PAGE_ROWS` matching rows, with "Show more" and "Show all" buttons."""

from __future__ import annotations

import html
from collections import Counter

from games.plugin import PageContext
from games.viscounts.kinds import IconEntry, ViscountsCard
from games.viscounts.wording import steps

CARD_TYPES = {"starting": "Starting", "hero": "Hero", "neutral": "Neutral"}
TIMINGS = {"instant": "Instant", "ongoing": "Ongoing", "drop_off": "Drop-off", "none": "None"}
PAGE_ROWS = 25
"""Rows shown at first and added by each "Show more"."""
SCRIPT = "../../javascripts/kb-card-browser.js"
"""The script, relative to a generated page of a game (site/<game>/<page>/index.html)."""


def icon_list(icons: list[str]) -> str:
    """Icons with their number: ``merchant ×2, criminal``."""
    counts = Counter(icons)
    return ", ".join(f"{icon} ×{n}" if n > 1 else icon for icon, n in counts.items())


def _select(name: str, label: str, options: list[tuple[str, str]], match: str = "equals") -> str:
    items = "".join(f'<option value="{html.escape(v)}">{html.escape(t)}</option>' for v, t in [("", "any"), *options])
    return (f'<label>{html.escape(label)}<select data-filter="{name}" data-match="{match}" '
            f'aria-label="{html.escape(label)}">{items}</select></label>')


def browser(w: PageContext, cards: list[ViscountsCard]) -> str:
    """The browser's HTML: controls, a count and the table (one row per card)."""
    icons = w.catalog.typed("icons", IconEntry, w.game)
    controls = "".join([
        _select("type", "Kind", list(CARD_TYPES.items())),
        _select("icons", "Icon", [(i.slug, i.names.en) for i in icons], "word"),
        _select("timing", "Timing", list(TIMINGS.items())),
        _select("cost", "Cost at most", [(str(n), f"{n} silver") for n in sorted({c.cost for c in cards})], "max"),
        '<label>Words<input type="search" data-filter="text" data-match="text" aria-label="Words" '
        'placeholder="virtue, debt, Favágó …"></label>',
    ])
    headers = [("name", "Card", "text"), ("hu", "HU", "text"), ("type", "Kind", "text"), ("cost", "Cost", "number"),
               ("iconcount", "Icons", "number"), ("timing", "Timing", "text"), (None, "Ability", ""), (None, "Hire / dismiss", "")]
    head = "".join(f'<th data-sort="{key}" data-type="{kind}">{label}</th>' if key else f"<th>{label}</th>"
                   for key, label, kind in headers)
    rows = []
    for c in cards:
        hire = steps(c.hire_effect) if c.hire_effect else ("—" if c.hire_effect is not None else "unknown")
        attrs = {"id": c.id, "name": c.names.en.lower(), "hu": (c.names.hu or "").lower(), "type": c.card_type,
                 "cost": str(c.cost), "icons": " ".join(dict.fromkeys(c.icons)), "iconcount": str(len(c.icons)),
                 "timing": c.timing}
        data = " ".join(f'data-{k}="{html.escape(v)}"' for k, v in attrs.items())
        copies = f" ×{c.count}" if c.count and c.count > 1 else ""
        cells = [f'<a href="#{html.escape(c.id)}">{html.escape(c.names.en)}</a>{copies}', html.escape(c.names.hu or ""),
                 CARD_TYPES[c.card_type], str(c.cost), html.escape(icon_list(list(c.icons))), TIMINGS[c.timing],
                 html.escape(steps(c.ability) if c.ability else "—"), html.escape(hire)]
        rows.append(f"<tr {data}>" + "".join(f"<td>{cell}</td>" for cell in cells) + "</tr>")
    return (f'<div class="kb-browser" data-kb-browser data-kb-page="{PAGE_ROWS}" markdown="0">\n'
            f'<div class="kb-browser__controls">{controls}</div>\n'
            f'<p class="kb-browser__count" data-kb-count aria-live="polite">{len(cards)} cards</p>\n'
            f"<table><thead><tr>{head}</tr></thead><tbody>\n" + "\n".join(rows) + "\n</tbody></table>\n</div>\n"
            f'<script src="{SCRIPT}"></script>\n')
