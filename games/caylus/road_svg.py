"""The Caylus road drawn from the catalogs: the special buildings before the bridge, the bridge with its
passing spaces, then the road's spaces in a snake of rows, each showing what stands on it at the start
(a neutral tile, a fixed building, or nothing), the castle sections' scoring marks and where the bailiff
and the provost start.

Everything shown comes from the road, building and castle-section entries: a changed space number or a
renamed building changes the drawing. The drawing is narrow (four spaces a row) so that its words stay
readable when a phone shrinks it to its width.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from games.caylus.kinds import Building, CastleSection, Road
from games.drawing import INK, MUTED, box, circle, esc, figure, label, label_lines, line, unknown_mark

WIDTH = 480
MARGIN = 16
PER_ROW = 4
SPACE_W, SPACE_H, SPACE_GAP, ROW_GAP = 102.0, 78.0, 12.0, 22.0
SPECIAL_H, SPECIAL_GAP = 40.0, 8.0

# fills by what stands on a space; the colours are ours, chosen to tell the kinds apart
SPECIAL_FILL, NEUTRAL_FILL, FIXED_FILL, FREE_FILL = "#d1c4e9", "#f8bbd0", "#ffe0b2", "#ffffff"
BRIDGE_FILL, MARK_FILL, PIECE_FILL = "#d7ccc8", "#c62828", "#fff59d"


def space_origin(space: int) -> tuple[float, float, float]:
    """Top-left corner of a road space's box (relative to the road's top), left to right on odd rows and
    right to left on even ones, as a road winds; with the row number."""
    index = space - 1
    row, column = divmod(index, PER_ROW)
    if row % 2:
        column = PER_ROW - 1 - column
    return MARGIN + column * (SPACE_W + SPACE_GAP), row * (SPACE_H + ROW_GAP), row


def ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def _specials(specials: list[Building], top: float) -> tuple[list[str], float]:
    """The special buildings before the bridge, three a row in the order they work; and the height used."""
    out = [label(MARGIN, top + 16, "Before the bridge", size=15, anchor="start", bold=True, colour=MUTED)]
    per_row = 3
    w = (WIDTH - 2 * MARGIN - (per_row - 1) * SPECIAL_GAP) / per_row
    y0 = top + 26
    for i, b in enumerate(specials):
        row, column = divmod(i, per_row)
        x, y = MARGIN + column * (w + SPECIAL_GAP), y0 + row * (SPECIAL_H + SPECIAL_GAP)
        order = f", works {ordinal(b.activation_order)}" if b.activation_order else ""
        out.append(box(x, y, w, SPECIAL_H, fill=SPECIAL_FILL, hover=f"{b.names.en}: special building{order}"))
        out.append(label_lines(x + w / 2, y + SPECIAL_H / 2, b.names.en, chars=18, size=15, most_lines=2))
    rows = -(-len(specials) // per_row)
    return out, 26 + rows * (SPECIAL_H + SPECIAL_GAP)


def _bridge(road: Road, top: float) -> tuple[list[str], float]:
    """The bridge: a band holding the passing spaces, each with the placement cost it sets."""
    h = 64.0
    out = [box(MARGIN, top, WIDTH - 2 * MARGIN, h, fill=BRIDGE_FILL, hover="The bridge", rounded=10),
           label(MARGIN + 12, top + 26, "Bridge", size=17, anchor="start", bold=True),
           label(MARGIN + 12, top + 48, "passing spaces", size=14, anchor="start", colour=INK)]
    x = MARGIN + 150
    step = min(52.0, (WIDTH - MARGIN - 24 - x) / max(len(road.passing_scale), 1))
    for n, cost in enumerate(road.passing_scale):
        cx = x + step * n + 16
        out.append(circle(cx, top + h / 2, 16, fill="#fff",
                          hover=f"passing space {n + 1}: placing a worker costs {cost} while it is the lowest free one"))
        out.append(label(cx, top + h / 2 + 6, cost, size=17, bold=True))
    return out, h


def _space(road: Road, space: int, x: float, y: float, what: Building | None, marks: list[CastleSection]) -> list[str]:
    neutral = space in road.neutral_spaces
    if what is not None:
        fill, words, tip = FIXED_FILL, what.names.en, f"space {space}: {what.names.en}, printed on the board"
    elif neutral:
        fill, words, tip = NEUTRAL_FILL, "Neutral tile", f"space {space}: one of the neutral tiles"
    else:
        fill, words, tip = FREE_FILL, "", f"space {space}: free, for the players' buildings"
    out = [box(x, y, SPACE_W, SPACE_H, fill=fill, hover=tip),
           label(x + 7, y + 17, space, size=15, anchor="start", bold=True, colour=MUTED)]
    if words:
        out.append(label_lines(x + SPACE_W / 2, y + SPACE_H / 2 + 6, words, chars=10, size=16, most_lines=2, bold=True))
    for k, section in enumerate(marks):
        # a small flag and the section's name along the bottom of the space
        fy = y + SPACE_H - 14 - k * 18
        out.append(f'<path d="M{x + 8:.1f} {fy + 6:.1f} v-14 l12 4 l-12 4" fill="{MARK_FILL}" stroke="{MARK_FILL}" '
                   f'stroke-width="2"><title>{esc(section.names.en)} scoring mark</title></path>')
        out.append(label(x + 24, fy + 4, section.names.en, size=14, anchor="start", bold=True, colour=MARK_FILL))
    pieces = [name for name, start in (("B", road.bailiff_start), ("P", road.provost_start)) if start == space]
    for k, piece in enumerate(pieces):
        cx = x + SPACE_W - 13 - (len(pieces) - 1 - k) * 21
        out.append(circle(cx, y + 13, 9, fill=PIECE_FILL,
                          hover=f"the {'bailiff' if piece == 'B' else 'provost'} starts here"))
        out.append(label(cx, y + 17.5, piece, size=12, bold=True))
    return out


def _legend(top: float, neutral_count: int) -> tuple[list[str], float]:
    items = [(SPECIAL_FILL, "special building"), (NEUTRAL_FILL, f"neutral tile ({neutral_count})"),
             (FIXED_FILL, "fixed building"), (FREE_FILL, "free space")]
    out = []
    for i, (fill, words) in enumerate(items):
        row, column = divmod(i, 2)
        x, y = MARGIN + column * 228, top + row * 26
        out.append(box(x, y, 18, 18, fill=fill, rounded=3))
        out.append(label(x + 26, y + 14, words, size=15, anchor="start"))
    y = top + 2 * 26
    out.append(f'<path d="M{MARGIN + 4:.1f} {y + 16:.1f} v-14 l12 4 l-12 4" fill="{MARK_FILL}" stroke="{MARK_FILL}" stroke-width="2"/>')
    out.append(label(MARGIN + 26, y + 14, "castle section scored when the bailiff", size=15, anchor="start"))
    out.append(label(MARGIN + 26, y + 32, "reaches or passes this space", size=15, anchor="start"))
    y += 44
    out.append(circle(MARGIN + 9, y + 9, 10, fill=PIECE_FILL))
    out.append(label(MARGIN + 9, y + 14, "B", size=13, bold=True))
    out.append(circle(MARGIN + 33, y + 9, 10, fill=PIECE_FILL))
    out.append(label(MARGIN + 33, y + 14, "P", size=13, bold=True))
    out.append(label(MARGIN + 52, y + 14, "bailiff and provost at the start", size=15, anchor="start"))
    return out, y + 26 - top


def road_svg(road: Road, buildings: Mapping[str, Building], sections: Iterable[CastleSection]) -> str:
    """The road as one block of HTML (a figure holding the SVG), for the page that shows the road."""
    specials = sorted((b for b in buildings.values() if b.category == "special"), key=lambda b: b.activation_order or 0)
    neutral_count = sum(1 for b in buildings.values() if b.category == "neutral")
    fixed = {f.space: buildings.get(f.building) for f in road.fixed}
    marks: dict[int, list[CastleSection]] = {}
    for s in sorted(sections, key=lambda s: s.order):
        marks.setdefault(s.marker_space, []).append(s)

    body, y = [], 12.0
    drawn, used = _specials(specials, y)
    body += drawn
    y += used + 6
    drawn, used = _bridge(road, y)
    body += drawn
    bridge_bottom = y + used
    road_top = bridge_bottom + 22
    # the road's line runs behind the spaces, from the bridge through every space in order
    centres = [(MARGIN + SPACE_W / 2, bridge_bottom)]
    for space in range(1, road.spaces + 1):
        x, dy, _ = space_origin(space)
        centres.append((x + SPACE_W / 2, road_top + dy + SPACE_H / 2))
    body += [line(x0, y0, x1, y1, width=10, colour="#bcaaa4") for (x0, y0), (x1, y1) in zip(centres, centres[1:])]
    for space in range(1, road.spaces + 1):
        x, dy, _ = space_origin(space)
        if space in fixed and fixed[space] is None:
            # a fixed space naming a building the catalog lacks: drawn as unknown, never guessed
            body.append(box(x, road_top + dy, SPACE_W, SPACE_H, fill=FREE_FILL))
            body.append(unknown_mark(x + SPACE_W / 2 - 20, road_top + dy + 22, 40, 40, f"the building on space {space}"))
            continue
        body += _space(road, space, x, road_top + dy, fixed.get(space), marks.get(space, []))
    rows = -(-road.spaces // PER_ROW)
    y = road_top + rows * (SPACE_H + ROW_GAP) + 4
    drawn, used = _legend(y, neutral_count)
    body += drawn
    height = y + used + 10

    named = [f"{b.names.en} on space {space}" for space, b in sorted(fixed.items()) if b is not None]
    scored = [f"{s.names.en} on space {space}" for space, group in sorted(marks.items()) for s in group]
    neutral = spans(road.neutral_spaces)
    alt = (f"The road: {len(specials)} special buildings before the bridge, the bridge with {len(road.passing_scale)} "
           f"passing spaces, then {road.spaces} road spaces. Neutral tiles on {neutral}; fixed buildings: "
           f"{'; '.join(named) or 'none'}. Castle scoring marks: {'; '.join(scored) or 'none'}. "
           f"The bailiff starts on space {road.bailiff_start} and the provost on space {road.provost_start}.")
    caption = (f"The road, from the bridge to space {road.spaces}: neutral tiles on {neutral} (their order is "
               f"random), fixed buildings printed on the board, and the marks where the bailiff's arrival scores a "
               f"castle section ({'; '.join(scored) or 'none'}). White spaces wait for the players' buildings; "
               "the numbers on the bridge are what placing a worker costs while that passing space is the lowest free one")
    return figure(WIDTH, height, alt, body, caption, css_class="kb-drawing kb-road")


def spans(numbers: Iterable[int]) -> str:
    """Space numbers in words, runs joined: [1, 2, 3, 5] -> "spaces 1-3 and 5"."""
    ordered = sorted(set(numbers))
    if not ordered:
        return "no space"
    runs: list[list[int]] = []
    for n in ordered:
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    parts = [f"{r[0]}\u2013{r[-1]}" if len(r) > 2 else ", ".join(map(str, r)) for r in runs]
    joined = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
    return ("space " if len(ordered) == 1 else "spaces ") + joined
