"""The royal favour table drawn from the catalogs: one band per row (prestige, deniers, ...), one cell per
column holding the favour's short name, its full effect in the cell's tooltip, and over each column
when it opens. A cell the catalog does not fill is drawn as unknown.

Five narrow columns, the words stacked, keep the drawing readable on a phone; the table under it on
the page keeps the full wording.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

from games.caylus.kinds import Favour, FavourColumn, FavourRow
from games.drawing import MUTED, box, figure, label, label_lines, unknown_mark

MARGIN, CELL_W, CELL_H, GAP = 12.0, 96.0, 74.0, 5.0
HEAD_H, BAND_H = 52.0, 26.0
# each row's own tint, so a row reads across at a glance; the colours are ours
ROW_FILLS = ("#fff8e1", "#e8f5e9", "#e3f2fd", "#fce4ec", "#f3e5f5", "#efebe9")
LATER_FILL = "#eeeeee"


def _column_head(x: float, column: FavourColumn, opens: str | None) -> list[str]:
    fill = LATER_FILL if opens else "#ffffff"
    tip = f"column {column.column}: " + (f"opens after the {opens} scoring" if opens else "open from the start")
    return [box(x, 8, CELL_W, HEAD_H - 8, fill=fill, hover=tip),
            label(x + CELL_W / 2, 26, f"Column {column.column}", size=15, bold=True),
            label(x + CELL_W / 2, 44, f"after {opens}" if opens else "from start", size=13, colour=MUTED)]


def sentence(words: str) -> str:
    return words[:1].upper() + words[1:] + "."


def favours_svg(rows: Iterable[FavourRow], columns: Iterable[FavourColumn], favours: Iterable[Favour],
                section_names: Mapping[str, str], effect_words: Callable[[Favour], str]) -> str:
    """The favour table as one block of HTML (a figure holding the SVG).

    ``section_names`` names the castle sections a column waits for; ``effect_words`` says a favour's
    effect in full (the cell's tooltip)."""
    ordered_rows = sorted(rows, key=lambda r: r.row)
    ordered_columns = sorted(columns, key=lambda c: c.column)
    cells = {(f.row, f.column): f for f in favours}
    width = 2 * MARGIN + len(ordered_columns) * CELL_W + (len(ordered_columns) - 1) * GAP
    x_of = {c.column: MARGIN + i * (CELL_W + GAP) for i, c in enumerate(ordered_columns)}

    body: list[str] = []
    opens = {c.column: section_names.get(c.opens_after, "?") if c.opens_after else None for c in ordered_columns}
    for c in ordered_columns:
        body += _column_head(x_of[c.column], c, opens[c.column])
    y = HEAD_H + 8
    described = []
    for i, r in enumerate(ordered_rows):
        fill = ROW_FILLS[i % len(ROW_FILLS)]
        name = r.names.en[:1].upper() + r.names.en[1:]
        body.append(label(MARGIN + 2, y + 18, name, size=16, anchor="start", bold=True))
        y += BAND_H
        words = []
        for c in ordered_columns:
            x = x_of[c.column]
            favour = cells.get((r.id, c.column))
            if favour is None:
                body.append(unknown_mark(x, y, CELL_W, CELL_H, f"{r.names.en}, column {c.column}"))
                words.append(f"column {c.column} unknown")
                continue
            body.append(box(x, y, CELL_W, CELL_H, fill=fill, hover=f"{r.names.en}, column {c.column}: {effect_words(favour)}"))
            body.append(label_lines(x + CELL_W / 2, y + CELL_H / 2, favour.names.en, chars=10, size=17, most_lines=3))
            words.append(favour.names.en)
        described.append(f"{name}: {', '.join(words)}")
        y += CELL_H + 8
    height = y + 4

    waiting: dict[str, list[int]] = {}
    for n, section in opens.items():
        if section:
            waiting.setdefault(section, []).append(n)
    later = [f"{'column' if len(ns) == 1 else 'columns'} {' and '.join(map(str, ns))} "
             f"{'opens' if len(ns) == 1 else 'open'} after the {section} scoring" for section, ns in waiting.items()]
    alt = (f"Royal favour table, {len(ordered_rows)} rows by {len(ordered_columns)} columns, columns from left to right. "
           + ". ".join(described) + ". " + (sentence('; '.join(later)) if later else ""))
    caption = ("The royal favour table. A favour moves one row's marker a column to the right and uses any open "
               "column of that row up to the marker" + (f"; {', '.join(later)}" if later else "")
               + ". The table below says each effect in full")
    return figure(width, height, alt.strip(), body, caption, css_class="kb-drawing kb-favours")
