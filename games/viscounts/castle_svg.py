"""The castle seen from above, drawn at build time from the castle tiers and wedges: the tier-1 ring of
sections on the outside, each wedge's tier-2 section with its reward inside it, the tier-3 space in the
centre, and a key under it with each tier's points, what reaching it gives and what a bumped worker's
owner gets. A part of a reward nobody has read is drawn as unknown.

The wedges are drawn in letter order clockwise from the top: the castle's wedges are fixed in it, but
which wedge sits beside which on the printed castle is not in our data (and the castle's orientation
on the table is random)."""

from __future__ import annotations

import math
from collections.abc import Sequence

from games.drawing import EDGE, INK, MUTED, box, esc, figure, label, unknown_mark
from games.viscounts.kinds import CastleTier, CastleWedge
from games.viscounts.svg_words import LINE, lines, picture_read, sentence, tokens, wrap, wrapped

WIDTH = 480
CX, CY = 240, 240
R_OUTER, R_TIER2, R_CENTRE = 226, 176, 72
TIER_FILLS = {1: "#efebe9", 2: "#d7ccc8", 3: "#bcaaa4"}
TOKEN, LETTER, KEY = 18, 24, 18
KEY_TOP = CY + R_OUTER + 36


def polar(r: float, degrees: float) -> tuple[float, float]:
    """A point at radius ``r`` and an angle measured clockwise from the top."""
    a = math.radians(degrees - 90)
    return CX + r * math.cos(a), CY + r * math.sin(a)


def sector(r_in: float, r_out: float, start: float, end: float, fill: str, hover: str) -> str:
    """A ring's section between two angles (clockwise from the top), as a path with a tooltip."""
    (x0, y0), (x1, y1) = polar(r_out, start), polar(r_out, end)
    (x2, y2), (x3, y3) = polar(r_in, end), polar(r_in, start)
    large = 1 if end - start > 180 else 0
    path = (f"M{x0:.1f},{y0:.1f} A{r_out},{r_out} 0 {large} 1 {x1:.1f},{y1:.1f} "
            f"L{x2:.1f},{y2:.1f} A{r_in},{r_in} 0 {large} 0 {x3:.1f},{y3:.1f} Z")
    return f'<path d="{path}" fill="{fill}" stroke="{INK}" stroke-width="2"><title>{esc(hover)}</title></path>'


def wedge_reward(wedge: CastleWedge | None, where: tuple[float, float], width: float, section: int) -> list[str]:
    """A tier-2 section's reward as tokens centred on a point, with a "?" box for a part nobody has read."""
    if wedge is None:
        x, y = where
        return [unknown_mark(x - 22, y - 16, 44, 32, f"the reward of tier-2 section {section}")]
    rows = wrapped(tokens(wedge.tier2_reward), width, TOKEN)
    unread = 1 if wedge.unread_part else 0
    height = (len(rows) + unread) * TOKEN * LINE
    x, y = where[0], where[1] - height / 2 + TOKEN * 0.85
    out = lines(x, y, rows, TOKEN, bold=True)
    if wedge.unread_part:
        top = y + len(rows) * TOKEN * LINE - TOKEN * 0.95
        out.append(unknown_mark(x - 20, top, 40, TOKEN * 1.3, f"wedge {wedge.letter}: {wedge.unread_part}"))
    return out


def tier_key(tier: CastleTier, wedges_named: bool) -> list[str]:
    """What the key says of one tier, as short sentences."""
    where = "the centre" if tier.sections == 1 else f"{tier.sections} sections"
    out = [f"Tier {tier.tier} ({where}): {tier.points_per_worker} VP per worker at the end."]
    if tier.reaching_reward:
        out.append(f"Reaching it gives {', '.join(tokens(tier.reaching_reward, short=False))}.")
    elif wedges_named and tier.tier == 2:  # the tier whose sections are the wedges' (kinds.CastleTier.reaching_reward)
        out.append("Reaching it gives its wedge's reward.")
    if tier.climb_at:
        out.append(f"{tier.climb_at} of one player's workers in a section send one up.")
    keeps = f"A section keeps {tier.holds} workers; " if tier.holds else ""
    out.append(f"{keeps}a bumped worker's owner gets {', '.join(tokens(tier.bump_reward, short=False))}." if tier.bump_reward is not None
               else "Workers here are never bumped.")
    return [o[:1].upper() + o[1:] for o in out]


def rings(by_tier: dict[int, CastleTier], ordered: Sequence[CastleWedge]) -> list[str]:
    """The tier-1 and tier-2 rings: their sections first, then tier 1's wedge letters and tier 2's rewards on top."""
    shapes: list[str] = []
    words: list[str] = []
    for number, r_in, r_out in ((1, R_TIER2, R_OUTER), (2, R_CENTRE, R_TIER2)):
        tier = by_tier.get(number)
        count = tier.sections if tier else len(ordered)
        for i in range(count):
            wedge = ordered[i] if i < len(ordered) else None
            hover = f"Tier {number}, " + (f"wedge {wedge.letter}" if wedge else f"section {i + 1}")
            if number == 2 and wedge:
                read = "read from a picture" if picture_read(wedge, "tier2_reward") else "from the rulebook's text"
                hover += f": {sentence(wedge.tier2_reward)} ({read})"
            shapes.append(sector(r_in, r_out, (i - 0.5) * 360 / count, (i + 0.5) * 360 / count, TIER_FILLS[number], hover))
            if number == 1 and wedge:
                x, y = polar((r_in + r_out) / 2, i * 360 / count)
                words.append(label(x, y + LETTER * 0.35, wedge.letter, size=LETTER, bold=True, colour=MUTED))
            elif number == 2:
                # a section is narrowest at its inner edge: the tokens must fit the chord there
                chord = 2 * (r_in + 16) * math.sin(math.pi / count)
                words += wedge_reward(wedge, polar((r_in + r_out) / 2 + 6, i * 360 / count), chord, i + 1)
    return shapes + words


def castle_svg(tiers: Sequence[CastleTier], wedges: Sequence[CastleWedge]) -> str:
    """The castle as one figure (SVG with its text alternative and caption)."""
    by_tier = {t.tier: t for t in tiers}
    ordered = sorted(wedges, key=lambda w: w.letter)
    body = rings(by_tier, ordered)
    top = by_tier.get(3)
    if top:
        body.append(f'<circle cx="{CX}" cy="{CY}" r="{R_CENTRE}" fill="{TIER_FILLS[3]}" stroke="{INK}" stroke-width="2">'
                    f"<title>Tier 3: {esc(sentence(top.reaching_reward) or 'the top')}</title></circle>")
        rows = ["Tier 3", *wrapped(tokens(top.reaching_reward), 2 * R_CENTRE - 16, TOKEN)]
        body += lines(CX, CY - (len(rows) - 1) * TOKEN * LINE / 2 + TOKEN * 0.35, rows, TOKEN, bold=True)
    y: float = KEY_TOP
    for number in sorted(by_tier):
        tier = by_tier[number]
        body.append(box(16, y - KEY + 2, 22, 22, fill=TIER_FILLS.get(number, EDGE), hover=f"Tier {number}"))
        rows = wrap(" ".join(tier_key(tier, bool(ordered))), WIDTH - 66, KEY)
        body += lines(48, y, rows, KEY, anchor="start")
        y += len(rows) * KEY * LINE + 12
    height = y + 4
    alt = (f"The castle from above: {len(tiers)} tiers. " + " ".join(" ".join(tier_key(t, bool(ordered))) for t in sorted(tiers, key=lambda t: t.tier))
           + " Tier-2 rewards by wedge: " + "; ".join(
               f"{w.letter}: {sentence(w.tier2_reward)}" + (f" and one more part nobody has read ({w.unread_part})" if w.unread_part else "")
               for w in ordered) + ".")
    caption = ("The castle from above: tier 1 outside, the wedges' tier-2 rewards, tier 3 in the centre. The wedges are in "
               "letter order (their order on the printed castle is not in our data)")
    tier2 = by_tier.get(2)
    if any(w.unread_part for w in ordered) or (tier2 and len(ordered) < tier2.sections):
        caption += "; a dashed \"?\" is a part nobody has read"
    return figure(WIDTH, height, alt, body, caption, css_class="kb-drawing kb-castle")


__all__ = ["castle_svg"]
