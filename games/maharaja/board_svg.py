"""A board as an inline SVG picture, drawn at build time from its graph: the start space and the
cities as labelled circles, roads as lines, villages as small squares spread evenly along each road
in order from its first end. The shared pieces (figure, text alternative, caption) are
:mod:`games.drawing`'s."""

from __future__ import annotations

from games.drawing import box, circle, figure, fill_of, label, line
from games.maharaja.kinds import Board, Junction

WIDTH, HEIGHT = 1000, 680
MARGIN_X, MARGIN_Y = 70, 50
CITY_R, START_R, VILLAGE = 30, 34, 18
CITY_FILL, START_FILL = "#ffe0b2", "#e0e0e0"


def point(j: Junction) -> tuple[float, float]:
    """Where a junction's 0-100 coordinates land in the picture."""
    return MARGIN_X + j.x / 100 * (WIDTH - 2 * MARGIN_X), MARGIN_Y + j.y / 100 * (HEIGHT - 2 * MARGIN_Y)


def board_svg(board: Board) -> str:
    """The board as one block of HTML (a figure holding the SVG), without blank lines."""
    junctions: dict[str, Junction] = {board.start.slug: board.start, **{c.slug: c for c in board.cities}}
    where = {slug: point(j) for slug, j in junctions.items()}
    title = f"{board.names.en}: {len(board.cities)} cities, {len(board.villages)} villages, {len(board.roads)} roads"
    roads, villages = [], []
    for road in board.roads:
        (x0, y0), (x1, y1) = where[road.ends[0]], where[road.ends[1]]
        roads.append(line(x0, y0, x1, y1, width=4, hover=road.slug))
        n = len(road.villages)
        # the label goes to the side of the road, away from the road's line
        dx, dy = x1 - x0, y1 - y0
        length = max((dx * dx + dy * dy) ** 0.5, 1.0)
        nx, ny = -dy / length, dx / length
        for i, village in enumerate(road.villages, start=1):
            t = i / (n + 1)
            vx, vy = x0 + t * dx, y0 + t * dy
            villages.append(box(vx - VILLAGE / 2, vy - VILLAGE / 2, VILLAGE, VILLAGE, fill="#fff", hover=f"village {village}",
                                stroke="#5d4037", rounded=0))
            villages.append(label(vx + nx * 24, vy + ny * 24 + 6, village, size=17, colour="#4e342e", halo=True))
    junction_marks = []
    for slug, j in junctions.items():
        x, y = where[slug]
        start = j is board.start
        fill = START_FILL if start else fill_of(getattr(j, "colour", None), CITY_FILL)
        size = 17 if start else 26
        junction_marks.append(circle(x, y, START_R if start else CITY_R, fill=fill, hover=j.names.en, stroke_width=3))
        junction_marks.append(label(x, y + size * 0.36, "Start" if start else j.names.en, size=size, bold=True))
    caption = (f"{title[:1].upper() + title[1:]}. Circles: the start space and the cities; squares: villages, "
               "in order along each road")
    return figure(WIDTH, HEIGHT, title, [*roads, *villages, *junction_marks], caption, css_class="kb-drawing kb-board")

