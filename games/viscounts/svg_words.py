"""Words for the Viscounts drawings: rewards as short tokens ("+2 virtue", one per line), text wrapped
to a width, several lines of text as SVG, and whether a value was read from a picture.

The drawings are viewed on phones (390 px wide), so they are narrow and tall and their text is large;
a long phrase is wrapped here rather than shrunk."""

from __future__ import annotations

import textwrap
from collections.abc import Sequence

from catalog.model import Entry
from games.drawing import label
from games.viscounts.effects import Choice, Destroy, Flip, FreeHire, Gain, MoveCastleWorker
from games.viscounts.wording import PIECES, step

LINE = 1.25
"""Line height, in font sizes."""
CHAR = 0.5
"""The width of an average character of a sans-serif font, in font sizes (wrapping errs on the narrow side)."""

SHORT = {"any_resource": ("any resource", "any resources"), "ink": ("ink", "ink")}
"""Pieces whose word in :data:`PIECES` is too long for a token."""
FLIP_SHORT = {"debt": "flip a debt", "deed": "flip a deed", "debt_or_deed": "flip a debt or deed"}


def wrap(words: str, width: float, size: float) -> list[str]:
    """Words broken into lines no wider than ``width`` at font ``size`` (a word longer than a line stays whole)."""
    return textwrap.wrap(words, max(4, int(width / (size * CHAR))), break_on_hyphens=False) or [""]


def lines(x: float, y: float, rows: Sequence[str], size: float, anchor: str = "middle", bold: bool = False,
          colour: str = "#212121") -> list[str]:
    """Lines of text, the first one's baseline at ``y``."""
    return [label(x, y + i * size * LINE, row, size=size, anchor=anchor, bold=bold, colour=colour) for i, row in enumerate(rows)]


def token(effect: object, short: bool = True) -> str:
    """One simple effect as a token: a gain as "+2 virtue" (``short``: its piece in a word or two), others in the game's words."""
    if isinstance(effect, Gain):
        one, many = (SHORT.get(effect.what) if short else None) or PIECES[effect.what]
        return f"+{effect.count} {one if effect.count == 1 else many}"
    if isinstance(effect, Flip) and effect.count == 1:
        return FLIP_SHORT[effect.what]
    if isinstance(effect, FreeHire):
        return "free hire"
    if isinstance(effect, Destroy) and effect.count == 1:
        return "destroy a card"
    if isinstance(effect, MoveCastleWorker):
        return "move a tier-1 worker"
    return step(effect)


def tokens(effects: Sequence[object], short: bool = True) -> list[str]:
    """A reward as tokens, one per line; a choice's options joined by "or"."""
    out: list[str] = []
    for effect in effects:
        if isinstance(effect, Choice):
            for i, option in enumerate(effect.options):
                words = " and ".join(token(e, short) for e in option)
                out.append(words if i == 0 else f"or {words}")
        else:
            out.append(token(effect, short))
    return out


def wrapped(rows: Sequence[str], width: float, size: float) -> list[str]:
    """Each row wrapped to the width, the rows kept apart."""
    return [part for row in rows for part in wrap(row, width, size)]


def sentence(effects: Sequence[object]) -> str:
    """Steps in words inside a sentence (not capitalised)."""
    return " and ".join(step(e) for e in effects)


def picture_read(entry: Entry, field: str) -> bool:
    """Whether the value of ``field`` was read off a picture rather than a rulebook's text."""
    return entry.fact_confidence.get(field, entry.confidence) == "picture_read"


__all__ = ["lines", "picture_read", "sentence", "token", "tokens", "wrap", "wrapped"]
