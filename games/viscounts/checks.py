"""Rules that span Viscounts entries: the deck holds what the box and the card lists say (32 starting
townsfolk, 10 heroes, 68 neutral townsfolk, and the list's totals of costs, criminal cards and timings),
and the collision track has its seven positions."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from catalog import Catalog
from catalog.model import Path_
from games.viscounts.kinds import CollisionPosition, ViscountsCard

GAME = "viscounts"
BOX_ENTRY = {"starting": "viscounts.component.starting-townsfolk", "hero": "viscounts.component.hero-card",
             "neutral": "viscounts.component.neutral-townsfolk"}
"""Card type -> the component entry that says how many the box holds (the component list, HU and EN alike)."""
NEUTRAL_COSTS = {1: 18, 2: 28, 3: 22}
NEUTRAL_TIMINGS = {"instant": 21, "ongoing": 29, "drop_off": 18}
NEUTRAL_CRIMINAL = 20
"""The community list's own totals for the neutral townsfolk (FACTS 2.2): a transcription check."""


def townsfolk_counts(catalog: Catalog) -> dict[str, int]:
    """Copies of the townsfolk and hero cards by type (a starting card counts once per player colour)."""
    copies: Counter[str] = Counter()
    for card in catalog.typed("cards", ViscountsCard, GAME):
        copies[card.card_type] += card.count or 0
    return dict(copies)


def box_counts(catalog: Catalog) -> dict[str, int | None]:
    """Card type -> copies the box holds, as the component list in the catalog gives it."""
    return {t: getattr(catalog.get(i), "count", None) if i in catalog.entries else None for t, i in BOX_ENTRY.items()}


def census(catalog: Catalog) -> str:
    """The townsfolk and hero cards in the box, counting copies, for ``kb validate``."""
    copies = townsfolk_counts(catalog)
    cards = catalog.typed("cards", ViscountsCard, GAME)
    parts = ", ".join(f"{copies.get(t, 0)} {t}" for t in BOX_ENTRY)
    return f"{sum(copies.values())} townsfolk and heroes ({parts}; {len(cards)} different cards)"


def catalog_problems(catalog: Catalog) -> Iterator[tuple[str, Path_, str]]:
    cards = catalog.typed("cards", ViscountsCard, GAME)
    if not cards:
        return
    anchor = cards[0].id
    copies = townsfolk_counts(catalog)
    for card_type, expected in box_counts(catalog).items():
        if expected is None:
            yield anchor, ("count",), f"no count in the component list for {card_type} cards ({BOX_ENTRY[card_type]})"
        elif copies.get(card_type, 0) != expected:
            yield anchor, ("count",), f"the box holds {expected} {card_type} cards; the catalog has {copies.get(card_type, 0)}"
    neutral = [c for c in cards if c.card_type == "neutral"]
    totals: list[tuple[str, dict[str, int], dict[str, int]]] = [
        ("costs", {str(k): v for k, v in NEUTRAL_COSTS.items()}, dict(Counter(str(c.cost) for c in neutral))),
        ("timings", NEUTRAL_TIMINGS, dict(Counter(c.timing for c in neutral))),
        ("criminal cards", {"criminal": NEUTRAL_CRIMINAL}, dict(Counter("criminal" for c in neutral if "criminal" in c.icons))),
    ]
    for label, listed, found in totals:
        if found != listed:
            yield anchor, ("cards",), f"the neutral townsfolk's {label} should be {listed} (the card list's totals), not {found}"
    track = catalog.typed("collision_positions", CollisionPosition, GAME)
    seen: dict[int, str] = {}
    for p in track:  # a repeated position is reported where it is repeated (the engine keys on it)
        if p.position in seen:
            yield p.id, ("position",), f"position {p.position} is also {seen[p.position]}'s: the collision track has positions 1 to 7, once each"
        seen.setdefault(p.position, p.id)
    positions = sorted(seen)
    if track and len(seen) == len(track) and positions != list(range(1, 8)):
        yield track[0].id, ("position",), f"the collision track has positions 1 to 7, once each; the catalog has {positions}"
