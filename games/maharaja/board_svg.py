"""A board as an inline SVG picture, drawn at build time from its graph: the start space and the
cities as labelled circles, roads as lines, villages as small squares spread evenly along each road
in order from its first end. No scripts, fonts or images: plain SVG the page carries itself."""

from __future__ import annotations

import html

from games.maharaja.kinds import Board, Junction

WIDTH, HEIGHT = 1000, 680
MARGIN_X, MARGIN_Y = 70, 50
CITY_R, START_R, VILLAGE = 30, 34, 18

# a city's colour as the data names it -> the fill drawn; an unknown colour is drawn neutral
FILLS = {"brown": "#a1887f", "purple": "#9575cd", "red": "#e57373", "blue": "#64b5f6", "green": "#81c784",
         "yellow": "#fff176", "orange": "#ffb74d", "white": "#fafafa", "black": "#616161", "grey": "#bdbdbd", "gray": "#bdbdbd"}
CITY_FILL, START_FILL = "#ffe0b2", "#e0e0e0"


def esc(value: object) -> str:
    """Catalog text made safe for SVG text and attributes."""
    return html.escape(str(value), quote=True)


def point(j: Junction) -> tuple[float, float]:
    """Where a junction's 0-100 coordinates land in the picture."""
    return MARGIN_X + j.x / 100 * (WIDTH - 2 * MARGIN_X), MARGIN_Y + j.y / 100 * (HEIGHT - 2 * MARGIN_Y)


def board_svg(board: Board) -> str:
    """The board as one block of SVG markup, without blank lines (so Markdown keeps it raw)."""
    junctions: dict[str, Junction] = {board.start.slug: board.start, **{c.slug: c for c in board.cities}}
    where = {slug: point(j) for slug, j in junctions.items()}
    title = f"{board.names.en}: {len(board.cities)} cities, {len(board.villages)} villages, {len(board.roads)} roads"
    out = ['<figure class="kb-board" style="width:100%;margin:1em 0">',
           f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" width="100%" role="img" '
           f'aria-label="{esc(title)}" style="max-width:{WIDTH}px;height:auto;font-family:sans-serif">',
           f"<title>{esc(title)}</title>",
           f'<rect x="0" y="0" width="{WIDTH}" height="{HEIGHT}" fill="#fbf8f1" stroke="#d7ccc8" rx="8"/>']
    roads, villages = [], []
    for road in board.roads:
        (x0, y0), (x1, y1) = where[road.ends[0]], where[road.ends[1]]
        roads.append(f'<line x1="{x0:.1f}" y1="{y0:.1f}" x2="{x1:.1f}" y2="{y1:.1f}" stroke="#8d6e63" stroke-width="4" '
                     f'stroke-linecap="round"><title>{esc(road.slug)}</title></line>')
        n = len(road.villages)
        # the label goes to the side of the road, away from the road's line
        dx, dy = x1 - x0, y1 - y0
        length = max((dx * dx + dy * dy) ** 0.5, 1.0)
        nx, ny = -dy / length, dx / length
        for i, village in enumerate(road.villages, start=1):
            t = i / (n + 1)
            vx, vy = x0 + t * dx, y0 + t * dy
            lx, ly = vx + nx * 24, vy + ny * 24 + 6
            villages.append(f'<rect x="{vx - VILLAGE / 2:.1f}" y="{vy - VILLAGE / 2:.1f}" width="{VILLAGE}" height="{VILLAGE}" '
                            f'fill="#fff" stroke="#5d4037" stroke-width="2"><title>village {esc(village)}</title></rect>')
            villages.append(f'<text x="{lx:.1f}" y="{ly:.1f}" font-size="17" text-anchor="middle" fill="#4e342e" '
                            f'stroke="#fbf8f1" stroke-width="4" paint-order="stroke">{esc(village)}</text>')
    out += roads + villages
    for slug, j in junctions.items():
        x, y = where[slug]
        start = j is board.start
        colour = getattr(j, "colour", None)
        fill = START_FILL if start else FILLS.get(str(colour).lower(), CITY_FILL) if colour else CITY_FILL
        r = START_R if start else CITY_R
        label = "Start" if start else j.names.en
        size = 17 if start else 26
        out.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r}" fill="{fill}" stroke="#3e2723" stroke-width="3">'
                   f"<title>{esc(j.names.en)}</title></circle>")
        out.append(f'<text x="{x:.1f}" y="{y + size * 0.36:.1f}" font-size="{size}" font-weight="bold" text-anchor="middle" '
                   f'fill="#212121">{esc(label)}</text>')
    out += ["</svg>",
            f"<figcaption>{esc(title[:1].upper() + title[1:])}. Circles: the start space and the cities; squares: villages, "
            "in order along each road.</figcaption>",
            "</figure>"]
    return "\n".join(out) + "\n"
