"""The player board and the collision track, drawn at build time from the catalog.

The player board is drawn as a schematic, not as the printed layout: its card slots with the starting
icons printed on them, each building type with the points for having built 1, 2 or 3 and the ability
each built one uncovers, and the noble icons needed to place workers. The collision track is drawn
as a column of its positions (far left at the top), each with what the current player takes and what
the other players take. Both are narrow and tall, so their text stays legible on a phone; a value
nobody has read is drawn as unknown."""

from __future__ import annotations

from collections.abc import Sequence

from games.drawing import INK, MUTED, PAPER, box, circle, figure, label, unknown_mark
from games.viscounts.kinds import BuildingType, CollisionPosition, PlayerBoard
from games.viscounts.svg_words import LINE, lines, picture_read, sentence, tokens, wrap, wrapped
from games.viscounts.wording import step

WIDTH, PAD = 480, 16
TEXT, SMALL, HEAD = 18, 15, 19
SLOT_FILL, BUILDING_FILL, ABILITY_FILL, WORKER_FILL = "#fff8e1", "#efebe9", "#ffffff", "#e8eaf6"
YOU_FILL, OTHERS_FILL = "#e8f5e9", "#f5f5f5"
CORRUPTION, VIRTUE = "#4e342e", "#fffde7"
WHO = {"has_criminal": "if they show a criminal icon", "no_criminal": "if they show no criminal icon", "none": "everyone"}
ORDINAL = {1: "1st", 2: "2nd", 3: "3rd"}


def heading(y: float, words: str) -> list[str]:
    return [label(PAD, y, words, size=HEAD, anchor="start", bold=True)]


def card_slots(board: PlayerBoard, top: float) -> tuple[list[str], float]:
    """The card slots with their starting icons; an unreadable slot is drawn unknown."""
    rows = wrap(f"Card slots: starting icons (first {board.starting_icons_turns} turns)", WIDTH - 2 * PAD, HEAD)
    out = lines(PAD, top + HEAD, rows, HEAD, anchor="start", bold=True)
    top += len(rows) * HEAD * LINE + 10
    slots = sorted(board.starting_icons, key=lambda s: s.slot)
    gap = 10
    width = (WIDTH - 2 * PAD - gap * (len(slots) - 1)) / max(len(slots), 1)
    # one icon per line, the second and later ones after a "+" (an icon may itself read "builder or cleric")
    contents = [wrapped([s.icons[0], *(f"+ {i}" for i in s.icons[1:])], width - 12, TEXT) if s.icons else [] for s in slots]
    height = max([2, *(len(c) + 1 for c in contents)]) * TEXT * LINE + 16
    read = " (read from a picture of the board)" if picture_read(board, "starting_icons") else ""
    for i, (slot, rows_) in enumerate(zip(slots, contents)):
        x = PAD + i * (width + gap)
        hover = f"Slot {slot.slot}: " + (", ".join(slot.icons) + read if slot.icons else "its icons are unreadable in every source")
        out.append(box(x, top, width, height, fill=SLOT_FILL, hover=hover))
        out.append(label(x + width / 2, top + TEXT + 6, f"Slot {slot.slot}", size=SMALL, colour=MUTED, bold=True))
        if rows_:
            out += lines(x + width / 2, top + TEXT * 2 + 14, rows_, TEXT)
        else:
            out.append(unknown_mark(x + width / 2 - 24, top + TEXT + 18, 48, 34, f"the starting icons of slot {slot.slot}"))
    return out, top + height + 26


def building(kind: BuildingType, top: float) -> tuple[list[str], float]:
    """One building type: its cost, then a row for each building with its points and the ability it uncovers."""
    out = heading(top + HEAD, f"{kind.names.en}: costs {kind.cost_builder_icons} builder icons")
    top += HEAD * LINE + 10
    left = 108
    read = " (read from a picture of the board)" if picture_read(kind, "points_by_count") else ""
    abilities = {s.slot: s.effect for s in kind.slot_abilities}
    for n, points in enumerate(kind.points_by_count, start=1):
        effect = abilities.get(n)
        words = step(effect) if effect is not None else ""
        rows = wrap(words[:1].upper() + words[1:], WIDTH - 2 * PAD - left - 20, TEXT) if effect is not None else []
        height = max(2, len(rows)) * TEXT * LINE + 14
        out.append(box(PAD, top, left, height, fill=BUILDING_FILL,
                       hover=f"{n} {kind.names.en} built: {points} VP in all{read}"))
        out.append(label(PAD + left / 2, top + TEXT + 4, f"{ORDINAL.get(n, n)} built", size=SMALL, colour=MUTED, bold=True))
        out.append(label(PAD + left / 2, top + TEXT * 2 + 10, f"{points} VP", size=TEXT, bold=True))
        if rows:
            out.append(box(PAD + left + 6, top, WIDTH - 2 * PAD - left - 6, height, fill=ABILITY_FILL,
                           hover=f"Building the {ORDINAL.get(n, n)} {kind.names.en} uncovers: {words}"))
            out += lines(PAD + left + 16, top + (height - len(rows) * TEXT * LINE) / 2 + TEXT * 0.9, rows, TEXT, anchor="start")
        else:
            out.append(unknown_mark(PAD + left + 6, top, WIDTH - 2 * PAD - left - 6, height, f"the ability under building {n}"))
        top += height + 6
    return out, top + 20


def worker_ladder(board: PlayerBoard, top: float) -> tuple[list[str], float]:
    """Noble icons needed to place 1, 2, 3 ... workers in the castle."""
    out = heading(top + HEAD, "Noble icons needed to place workers")
    top += HEAD * LINE + 10
    steps_ = board.worker_placement
    gap = 8
    width = (WIDTH - 2 * PAD - gap * (len(steps_) - 1)) / len(steps_)
    for i, s in enumerate(steps_):
        x = PAD + i * (width + gap)
        icons = f"{s.noble_icons} icon{'s' if s.noble_icons != 1 else ''}"
        workers = f"{s.workers} worker{'s' if s.workers != 1 else ''}"
        out.append(box(x, top, width, TEXT * 3 + 10, fill=WORKER_FILL, hover=f"{icons}: place {workers}"))
        out.append(label(x + width / 2, top + TEXT + 6, icons, size=TEXT, bold=True))
        out.append(label(x + width / 2, top + TEXT * 2 + 14, workers, size=SMALL))
    return out, top + TEXT * 3 + 10 + 20


def player_board_svg(board: PlayerBoard, kinds: Sequence[BuildingType]) -> str:
    """The player board as one figure (SVG with its text alternative and caption)."""
    summary = f"Hand limit {board.hand_limit} · {board.workers} workers · {board.buildings} buildings"
    body = [label(WIDTH / 2, PAD + TEXT + 4, summary, size=TEXT, bold=True)]
    top: float = PAD + TEXT * 2 + 10
    part, top = card_slots(board, top)
    body += part
    for kind in kinds:
        part, top = building(kind, top)
        body += part
    part, top = worker_ladder(board, top)
    body += part
    slots = "; ".join(f"slot {s.slot}: " + (", ".join(s.icons) if s.icons else "unreadable") for s in board.starting_icons)
    alt = (f"The player board. {summary}. Starting icons of the card slots, usable on the first {board.starting_icons_turns} "
           f"turns: {slots}. " + " ".join(
               f"{k.names.en}, costs {k.cost_builder_icons} builder icons: " + "; ".join(
                   f"{n} built {p} VP, uncovers: {step(a.effect)}" for (n, p), a in
                   zip(enumerate(k.points_by_count, 1), sorted(k.slot_abilities, key=lambda s: s.slot))) + "."
               for k in kinds)
           + " Workers placed for noble icons: " + ", ".join(f"{s.noble_icons} icons {s.workers}" for s in board.worker_placement) + ".")
    caption = "The player board as a schematic, not its printed layout"
    if picture_read(board, "starting_icons"):
        caption += ". The starting icons are read from a picture"
    if any(not s.icons for s in board.starting_icons):
        caption += "; a dashed \"?\" is a slot nobody could read"
    return figure(WIDTH, top, alt, body, caption, css_class="kb-drawing kb-player-board")


def collision_track_svg(positions: Sequence[CollisionPosition]) -> str:
    """The collision track as one figure: a column of positions, each with both rewards."""
    ordered = sorted(positions, key=lambda p: p.position)
    number_w, gap = 52, 8
    column = (WIDTH - 2 * PAD - number_w - 2 * gap) / 2
    you_x = PAD + number_w + gap
    others_x = you_x + column + gap
    body = [label(you_x + column / 2, PAD + HEAD, "You (current player)", size=SMALL, bold=True),
            label(others_x + column / 2, PAD + HEAD, "Each other player", size=SMALL, bold=True)]
    top: float = PAD + HEAD + 14
    first, last = (ordered[0].position, ordered[-1].position) if ordered else (0, 0)
    for p in ordered:
        yours = wrapped(tokens(p.current_gains), column - 16, TEXT)
        theirs = wrap(WHO[p.others_condition] + ":", column - 16, SMALL)
        gains = wrapped(tokens(p.others_gain), column - 16, TEXT)
        height = max(len(yours) * TEXT * LINE, len(theirs) * SMALL * LINE + len(gains) * TEXT * LINE) + 18
        read = " (read from a picture)" if picture_read(p, "current_gains") else ""
        body.append(box(PAD, top, number_w, height, fill=PAPER, hover=f"Position {p.position}"))
        body.append(label(PAD + number_w / 2, top + height / 2 + 8, p.position, size=HEAD + 3, bold=True))
        body.append(box(you_x, top, column, height, fill=YOU_FILL, hover=f"Position {p.position}, you: {sentence(p.current_gains)}{read}"))
        body += lines(you_x + column / 2, top + (height - len(yours) * TEXT * LINE) / 2 + TEXT * 0.9, yours, TEXT, bold=True)
        read = " (read from a picture)" if picture_read(p, "others_gain") else ""
        body.append(box(others_x, top, column, height, fill=OTHERS_FILL,
                        hover=f"Position {p.position}, each other player {WHO[p.others_condition]}: {sentence(p.others_gain)}{read}"))
        text_h = len(theirs) * SMALL * LINE + len(gains) * TEXT * LINE
        y = top + (height - text_h) / 2 + SMALL * 0.9
        body += lines(others_x + column / 2, y, theirs, SMALL, colour=MUTED)
        body += lines(others_x + column / 2, y + len(theirs) * SMALL * LINE + 2, gains, TEXT, bold=True)
        if p.position == first:
            body.append(circle(PAD + number_w - 4, top + 6, 9, fill=CORRUPTION, stroke=INK, hover="The corruption marker starts here"))
        if p.position == last:
            body.append(circle(PAD + number_w - 4, top + height - 6, 9, fill=VIRTUE, stroke=INK, hover="The virtue marker starts here"))
        top += height + 6
    key = [f"Position {first} is the far left of the printed track, where the corruption marker (dark disc) starts; "
           f"position {last} the far right, where the virtue marker (light disc) starts. On the printed track your "
           "reward is above a position and the others' below it."]
    rows = wrapped(key, WIDTH - 2 * PAD, SMALL)
    body += lines(PAD, top + 14 + SMALL, rows, SMALL, anchor="start")
    height = top + 14 + len(rows) * SMALL * LINE + 10
    alt = ("The collision track, position 1 (far left, where the corruption marker starts) to 7 (far right, where the "
           "virtue marker starts). " + " ".join(
               f"Position {p.position}: you {sentence(p.current_gains)}; each other player {WHO[p.others_condition]}: "
               f"{sentence(p.others_gain)}." for p in ordered))
    caption = ("The collision track as a column, its far left at the top: where your virtue and corruption markers "
               "meet, you take the green reward and every other player the grey one")
    return figure(WIDTH, height, alt, body, caption, css_class="kb-drawing kb-collision-track")


__all__ = ["collision_track_svg", "player_board_svg"]
