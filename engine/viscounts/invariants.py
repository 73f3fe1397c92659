"""What must hold in every Viscounts position: cards and workers conserved, nothing negative, markers
on the track, castle tiers within their limits once settled, the castle leader right.

This runs after every step of every simulated game, so it is written for speed: the cards and the
castle are counted by :class:`KeptCounts` (only what changed since the last check is counted again),
and the full messages are built only when something is wrong."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from itertools import compress
from operator import ne

from engine.viscounts.rules import Rules
from engine.viscounts.state import Castle, State

AMOUNTS = ("silver", "ink", "gold", "stone", "debts", "paid", "deeds", "approved", "workers")

Crowded = list[tuple[int, int, int]]
"""(tier, section, workers) of each tier-1 or tier-2 section holding more than it may once settled."""


def card_zones(state: State) -> list[Sequence[str | None]]:
    """Every place a card can be, in a fixed order: box, out of the game, the townsfolk pool and tops, the
    heroes laid out at setup, each player's hand, deck, discard and board (None: an empty space)."""
    zones: list[Sequence[str | None]] = [state.box, state.removed, state.townsfolk_pool, state.townsfolk]
    if state.pairs:
        zones.append([h for _, h in state.pairs])
    for p in state.players.values():
        zones += (p.hand, p.deck, p.discard, p.board)
    return zones


def zones(state: State) -> Counter[str]:
    """Every card wherever it is, counted afresh."""
    return Counter(c for zone in card_zones(state) for c in zone if c is not None)


def castle_counts(castle: Castle, holds: tuple[int, int]) -> tuple[dict[str, int], Crowded]:
    """Each player's workers in the castle, and the sections over their limit, counted afresh."""
    in_castle = dict(castle.tier3)
    crowded: Crowded = []
    for tier, sections, most in ((1, castle.tier1, holds[0]), (2, castle.tier2, holds[1])):
        for s, section in enumerate(sections):
            for who, n in section.items():
                in_castle[who] = in_castle.get(who, 0) + n
            if section and sum(section.values()) > most:
                crowded.append((tier, s, sum(section.values())))
    return in_castle, crowded


class KeptCounts:
    """Counts kept between checks, for the checks after every step: what was last counted is kept with
    its counts, and only what differs now is counted again (a step moves a card or two and seldom a
    worker). Exact whatever happened in between: what is kept is compared by content, never trusted
    to be unchanged, so a state edited by hand or another state altogether is counted right, only more
    slowly. What is kept is replaced, never changed, so a check never sees half an update."""

    def __init__(self) -> None:
        self._cards: tuple[list[list[str | None]], dict[str, int], frozenset[int]] = ([], {}, frozenset())
        self._castle: tuple[Castle, tuple[int, int], dict[str, int], Crowded] | None = None

    def cards(self, state: State) -> tuple[dict[str, int], list[str]]:
        """Copies of each card now (the caller must not change the dict), and the players whose draw
        deck is not sorted. Each zone's contents as last counted are kept, and a zone whose contents
        differ is taken out of the counts and put back as it is (a deck is then checked for order)."""
        now = card_zones(state)
        kept, counted, unsorted = self._cards
        first_deck = len(now) - 4 * len(state.players) + 1  # card_zones: hand, deck, discard, board per player
        if len(kept) != len(now):
            kept, counted, unsorted = [[] for _ in now], {}, frozenset()
        changed = list(compress(range(len(now)), map(ne, now, kept)))  # compared in C: a step changes a zone or two
        if not changed:
            return counted, self._unsorted_names(state, first_deck, unsorted) if unsorted else []
        seen, kept, flagged = dict(counted), list(kept), set(unsorted)
        for i in changed:
            zone = now[i]
            for card in kept[i]:
                if card is not None:
                    left = seen[card] - 1
                    if left:
                        seen[card] = left
                    else:
                        del seen[card]
            for card in zone:
                if card is not None:
                    seen[card] = seen.get(card, 0) + 1
            kept[i] = list(zone)
            if i >= first_deck and (i - first_deck) % 4 == 0:
                if any(a > b for a, b in zip(zone, zone[1:])):  # type: ignore[operator]  # a deck holds no None
                    flagged.add(i)
                else:
                    flagged.discard(i)
        unsorted = frozenset(flagged)
        self._cards = (kept, seen, unsorted)
        return seen, self._unsorted_names(state, first_deck, unsorted) if unsorted else []

    @staticmethod
    def _unsorted_names(state: State, first_deck: int, unsorted: frozenset[int]) -> list[str]:
        names = list(state.players)
        return [names[(i - first_deck) // 4] for i in sorted(unsorted)]

    def castle(self, state: State, holds: tuple[int, int]) -> tuple[dict[str, int], Crowded]:
        """:func:`castle_counts`, again only when the castle differs from the one last counted."""
        castle, kept = state.castle, self._castle
        if kept is not None and kept[1] == holds and kept[0].tier1 == castle.tier1 and \
                kept[0].tier2 == castle.tier2 and kept[0].tier3 == castle.tier3:
            return kept[2], kept[3]
        copy = Castle([dict(s) for s in castle.tier1], [dict(s) for s in castle.tier2], dict(castle.tier3))
        in_castle, crowded = castle_counts(copy, holds)
        self._castle = (copy, holds, in_castle, crowded)
        return in_castle, crowded


def invariant_problems(state: State, rules: Rules, kept: KeptCounts | None = None) -> Iterator[str]:
    """Every invariant broken in ``state`` (``kept``: counts kept for checks step after step)."""
    kept = kept or KeptCounts()
    (seen, unsorted), total = kept.cards(state), rules.card_copies
    if seen != total:  # exact: every card and its count (no zero counts on either side)
        diff = (Counter(seen) - Counter(total)) + (Counter(total) - Counter(seen))
        yield f"cards not conserved: {dict(diff)}"
    in_castle, crowded = kept.castle(state, rules.holds)
    track_end, workers = rules.track_end, rules.workers
    for who, p in state.players.items():
        if p.silver < 0 or p.ink < 0 or p.gold < 0 or p.stone < 0 or p.debts < 0 or p.paid < 0 or p.deeds < 0 or \
                p.approved < 0 or p.workers < 0:
            for field in AMOUNTS:
                if getattr(p, field) < 0:
                    yield f"{who}: {field} is {getattr(p, field)}"
        if not 1 <= p.corruption <= p.virtue <= track_end:
            yield f"{who}: markers off the track or crossed (corruption {p.corruption}, virtue {p.virtue})"
        if p.workers + in_castle.get(who, 0) != workers:
            yield f"{who}: {p.workers} workers in the supply and {in_castle.get(who, 0)} in the castle make not {workers}"
        if who in unsorted:
            yield f"{who}: the draw deck is not kept sorted"
    if crowded and state.stage != "setup" and not _settling(state):
        for tier, s, n in crowded:
            yield f"castle tier {tier} section {s + 1} holds {n} workers"
    t3 = state.castle.tier3
    if t3:
        if state.leader is None and any(t3.values()):
            yield "workers on tier 3 but no castle leader"
        if state.leader is not None and t3.get(state.leader, 0) < max(t3.values()):
            yield f"castle leader {state.leader} has fewer tier-3 workers than another player"
    if state.debt_pile < 0 or state.deed_pile < 0:
        yield "a debt or deed pile below zero"


def _settling(state: State) -> bool:
    """The castle is being settled (threes climbing, bumps waiting): its sections may be over the limit."""
    return any("do" in i and i["do"] == "castle" for i in state.queue) or any(
        d.kind in ("climb", "bump") for d in state.pending)
