"""The Builders Duel's card offer drawn from the catalogs: the grid of cards dealt each round (its rows
and columns from the round structure), the kinds of line a player may cover, the decks the cards come
from, and one example of a round's two claims crossing on a single card.

Which card lies where is chance, so the card spaces are left blank: only the grid, its lines and the
decks are facts. The example claim is marked as an example in the drawing and its caption.
"""

from __future__ import annotations

from collections.abc import Iterable

from games.drawing import INK, MUTED, box, circle, figure, fill_of, label, line
from games.duel.kinds import Deck, RoundStructure

MARGIN, LEFT, TOP = 14.0, 62.0, 60.0
CARD_W, CARD_H, GAP = 92.0, 70.0, 12.0
MARKER_R = 11.0
CONFLICT_FILL = "#fff3e0"


def _grid_origin(row: int, column: int) -> tuple[float, float]:
    return LEFT + column * (CARD_W + GAP), TOP + row * (CARD_H + GAP)


def _marker(x: float, y: float, colour: str, side: int, who: str) -> str:
    """A character marker on a card: in its middle (side 0), or left (-1) or right (1) of another."""
    cx = x + CARD_W / 2 + side * (MARKER_R + 3)
    return circle(cx, y + CARD_H / 2 + 8, MARKER_R, fill=fill_of(colour, "#bdbdbd"), hover=f"a {who} character marker")


def _players(first: str | None) -> tuple[str, str]:
    """The two players' colours, the first player (who holds power at the start) first."""
    colours = ("red", "blue")
    return (first, next(c for c in colours if c != first)) if first in colours else colours


def offer_svg(structure: RoundStructure, decks: Iterable[Deck], first_player: str | None = None) -> str:
    """The card offer as one block of HTML (a figure holding the SVG)."""
    rows, columns = structure.grid_rows, structure.grid_columns
    grid_w = columns * CARD_W + (columns - 1) * GAP
    grid_h = rows * CARD_H + (rows - 1) * GAP
    width = LEFT + grid_w + MARGIN + 10
    body = [label(MARGIN, 24, f"The offer: {rows * columns} cards a round", size=17, anchor="start", bold=True)]
    for c in range(columns):
        x, _ = _grid_origin(0, c)
        body.append(label(x + CARD_W / 2, TOP - 10, f"column {c + 1}", size=14, colour=MUTED))
    for r in range(rows):
        _, y = _grid_origin(r, 0)
        body.append(label(LEFT - 8, y + CARD_H / 2 + 5, f"row {r + 1}", size=14, anchor="end", colour=MUTED))

    # the example: the first player covers row 1, the other player a column (a line of another kind)
    first, second = _players(first_player)
    claim_column = min(1, columns - 1)
    square = rows == columns
    for r in range(rows):
        for c in range(columns):
            x, y = _grid_origin(r, c)
            crossing = r == 0 and c == claim_column
            body.append(box(x, y, CARD_W, CARD_H, fill=CONFLICT_FILL if crossing else "#ffffff",
                            hover=f"row {r + 1}, column {c + 1}: a card dealt face up", rounded=6))
            if crossing:
                body.append(label(x + CARD_W / 2, y + 20, "conflict", size=14, bold=True, colour="#e65100"))
    if square and rows > 1:
        x0, y0 = _grid_origin(0, 0)
        x1, y1 = x0 + grid_w, y0 + grid_h
        body.append(line(x0 - 6, y0 - 6, x1 + 6, y1 + 6, colour="#90a4ae", width=2, hover="a diagonal"))
        body.append(line(x1 + 6, y0 - 6, x0 - 6, y1 + 6, colour="#90a4ae", width=2, hover="the other diagonal"))
    markers = structure.markers_per_player
    for c in range(min(markers, columns)):
        x, y = _grid_origin(0, c)
        body.append(_marker(x, y, first, -1 if c == claim_column else 0, first))
    for r in range(min(markers, rows)):
        x, y = _grid_origin(r, claim_column)
        body.append(_marker(x, y, second, 1 if r == 0 else 0, second))

    y = TOP + grid_h + 30
    body.append(label(MARGIN, y, "Example: ", size=15, anchor="start", bold=True))
    body.append(label(MARGIN + 76, y, f"{first.capitalize()} covers row 1, {second} column {claim_column + 1}", size=15, anchor="start"))
    y += 30
    if square and rows > 1:
        body.append(label(MARGIN, y, "Grey lines: the two diagonals", size=15, anchor="start", colour=MUTED))
        y += 30
    for deck in sorted(decks, key=lambda d: d.letter):
        years = ", ".join(map(str, deck.years))
        body.append(box(MARGIN, y - 17, 22, 24, fill="#fffde7", rounded=3))
        body.append(label(MARGIN + 11, y, deck.letter, size=14, bold=True))
        body.append(label(MARGIN + 32, y, f"deck {deck.letter}: {deck.size} cards, year{'s' if len(deck.years) > 1 else ''} {years}",
                          size=15, anchor="start", colour=INK))
        y += 30
    height = y - 8

    deck_words = "; ".join(f"deck {d.letter} ({d.size} cards) in years {', '.join(map(str, d.years))}"
                           for d in sorted(decks, key=lambda d: d.letter))
    lines_kinds = "row, column or diagonal" if square else "row or column"
    alt = (f"The card offer: a grid of {rows} rows by {columns} columns, {rows * columns} cards dealt face up each round. "
           f"Each player covers one {lines_kinds} with their {markers} character markers. Example: {first} covers row 1 "
           f"and {second} column {claim_column + 1}; they meet on the card in row 1, column {claim_column + 1}, which a "
           f"seal conflict decides. Decks: {deck_words or 'none recorded'}.")
    caption = (f"The card offer, {rows} × {columns} cards dealt each round from the year's deck. The player holding "
               f"power covers a {lines_kinds} with {markers} markers, then the other player a line of another kind; "
               "the one card both cover (orange) goes to the winner of a seal conflict. Which card lies where is "
               "chance, so the cards are left blank, and the claims shown are an example")
    return figure(width, height, alt, body, caption, css_class="kb-drawing kb-offer")
