"""Pictures drawn at build time from catalog data, as inline SVG: a figure with a text alternative,
a caption saying it is drawn from our data, and the few shapes the games' drawings need.

No scripts, fonts or images: plain SVG the page carries itself, so the site works offline. A game's
own drawings (its board, its tracks) live in its own folder and use these pieces; this module names
no game. A value the sources leave unknown is drawn with :func:`unknown_mark`, never guessed.
"""

from __future__ import annotations

import html
from collections.abc import Iterable

DRAWN_FROM_DATA = "Drawn from our data, not a copy of the printed component."
"""The words every drawing's caption ends with."""

INK, PAPER, EDGE, MUTED = "#3e2723", "#fbf8f1", "#d7ccc8", "#8d6e63"
UNKNOWN_FILL = "#eeeeee"

# a colour as the data names it -> the fill drawn; a colour we have no fill for is drawn neutral
FILLS = {"brown": "#a1887f", "purple": "#9575cd", "red": "#e57373", "blue": "#64b5f6", "green": "#81c784",
         "yellow": "#fff176", "orange": "#ffb74d", "white": "#fafafa", "black": "#616161", "grey": "#bdbdbd",
         "gray": "#bdbdbd", "pink": "#f48fb1", "gold": "#ffd54f"}


def esc(value: object) -> str:
    """Catalog text made safe for SVG text and attributes."""
    return html.escape(str(value), quote=True)


def fill_of(colour: str | None, default: str = "#ffe0b2") -> str:
    return FILLS.get(str(colour).lower(), default) if colour else default


def figure(width: float, height: float, alt: str, body: Iterable[str], caption: str, css_class: str = "kb-drawing") -> str:
    """One drawing as a block of HTML without blank lines (so Markdown keeps it raw).

    ``alt`` is the text alternative a screen reader reads (and the SVG's title); ``caption`` says what
    the shapes stand for, and is followed by :data:`DRAWN_FROM_DATA`."""
    out = [f'<figure class="{esc(css_class)}" style="width:100%;margin:1em 0">',
           f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:g} {height:g}" width="100%" role="img" '
           f'aria-label="{esc(alt)}" style="max-width:{width:g}px;height:auto;font-family:sans-serif">',
           f"<title>{esc(alt)}</title>",
           f'<rect x="0" y="0" width="{width:g}" height="{height:g}" fill="{PAPER}" stroke="{EDGE}" rx="8"/>',
           *(line for line in body if line),
           "</svg>",
           f"<figcaption>{esc(caption.rstrip('.'))}. {esc(DRAWN_FROM_DATA)}</figcaption>",
           "</figure>"]
    return "\n".join(out) + "\n"


def label(x: float, y: float, words: object, size: float = 14, anchor: str = "middle", bold: bool = False,
          colour: str = "#212121", halo: bool = False) -> str:
    """Text centred (or anchored) at a point; ``halo`` keeps it readable over lines."""
    weight = ' font-weight="bold"' if bold else ""
    outline = f' stroke="{PAPER}" stroke-width="4" paint-order="stroke"' if halo else ""
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size:g}" text-anchor="{anchor}" fill="{colour}"{weight}{outline}>'
            f"{esc(words)}</text>")


def box(x: float, y: float, w: float, h: float, fill: str = "#fff", hover: object = None, stroke: str = INK,
        rounded: float = 4, dashed: bool = False) -> str:
    """A rectangle; ``hover`` is its tooltip (an SVG title)."""
    dash = ' stroke-dasharray="6 4"' if dashed else ""
    tip = f"<title>{esc(hover)}</title>" if hover is not None else ""
    return (f'<rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" rx="{rounded:g}" fill="{fill}" '
            f'stroke="{stroke}" stroke-width="2"{dash}>{tip}</rect>')


def circle(x: float, y: float, r: float, fill: str = "#fff", hover: object = None, stroke: str = INK,
           stroke_width: float = 2) -> str:
    tip = f"<title>{esc(hover)}</title>" if hover is not None else ""
    return (f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r:g}" fill="{fill}" stroke="{stroke}" stroke-width="{stroke_width:g}">'
            f"{tip}</circle>")


def line(x0: float, y0: float, x1: float, y1: float, colour: str = MUTED, width: float = 3, hover: object = None) -> str:
    tip = f"<title>{esc(hover)}</title>" if hover is not None else ""
    return (f'<line x1="{x0:.1f}" y1="{y0:.1f}" x2="{x1:.1f}" y2="{y1:.1f}" stroke="{colour}" stroke-width="{width:g}" '
            f'stroke-linecap="round">{tip}</line>')


def unknown_mark(x: float, y: float, w: float, h: float, what: str) -> str:
    """A value nobody has published: a dashed grey box with a question mark, its tooltip saying what is unknown."""
    return box(x, y, w, h, fill=UNKNOWN_FILL, hover=f"{what}: unknown", stroke=MUTED, dashed=True) + \
        label(x + w / 2, y + h / 2 + 6, "?", size=min(18, h * 0.7), colour=MUTED)


def wrap(words: object, chars: int, most_lines: int = 3) -> list[str]:
    """Words broken into lines of at most ``chars`` characters (a longer word keeps its own line);
    past ``most_lines`` the last line ends with an ellipsis, and the full words belong in a tooltip."""
    lines: list[str] = []
    for word in str(words).split():
        if lines and len(lines[-1]) + 1 + len(word) <= chars:
            lines[-1] += " " + word
        else:
            lines.append(word)
    if len(lines) > most_lines:
        lines = lines[:most_lines]
        lines[-1] = lines[-1][: max(chars - 1, 1)].rstrip() + "\u2026"
    return lines or [""]


def label_lines(x: float, y: float, words: object, chars: int, size: float = 14, most_lines: int = 3,
                anchor: str = "middle", bold: bool = False, colour: str = "#212121") -> str:
    """Words wrapped to ``chars`` characters a line, the block of lines centred on ``y``: for text in a
    box too narrow for it on one line (the drawings shrink to a phone's width)."""
    rows = wrap(words, chars, most_lines)
    gap = size * 1.15
    top = y - gap * (len(rows) - 1) / 2 + size * 0.35
    weight = ' font-weight="bold"' if bold else ""
    spans = "".join(f'<tspan x="{x:.1f}" y="{top + i * gap:.1f}">{esc(row)}</tspan>' for i, row in enumerate(rows))
    return f'<text font-size="{size:g}" text-anchor="{anchor}" fill="{colour}"{weight}>{spans}</text>'


__all__ = ["DRAWN_FROM_DATA", "box", "circle", "esc", "figure", "fill_of", "label", "label_lines", "line", "unknown_mark", "wrap"]
