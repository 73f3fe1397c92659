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
    slowly. Updated in place (one game object checks one state at a time, as its legal-actions memo
    assumes); an update cut short by an error forgets everything, so the next check counts afresh."""

    def __init__(self) -> None:
        self._zones: list[list[str | None]] = []
        self._seen: dict[str, int] = {}
        self._total: dict[str, int] = {}
        self._wrong: set[str] = set()
        """Cards whose count differs from the box's copies (kept, so conservation needs no full compare)."""
        self._unsorted: set[int] = set()
        """Zones (by index) that are draw decks out of order, found when they last changed."""
        self._castle: tuple[Castle, tuple[int, int], dict[str, int], Crowded] | None = None

    def cards(self, state: State, total: dict[str, int]) -> tuple[dict[str, int], bool, list[str]]:
        """Copies of each card now (the caller must not change the dict), whether they are ``total``'s,
        and the players whose draw deck is not sorted. Each zone's contents as last counted are kept; a
        zone whose contents differ is taken out of the counts and put back as it is (a deck is then
        checked for order), and only the cards whose count moved are compared with ``total`` again."""
        now = card_zones(state)
        kept, seen, wrong, unsorted = self._zones, self._seen, self._wrong, self._unsorted
        first_deck = len(now) - 4 * len(state.players) + 1  # card_zones: hand, deck, discard, board per player
        if len(kept) != len(now) or total is not self._total:
            kept[:], seen, unsorted = [[] for _ in now], {}, set()
            wrong = {c for c, n in total.items() if n}
            self._seen, self._total, self._wrong, self._unsorted = seen, total, wrong, unsorted
        changed = list(compress(range(len(now)), map(ne, now, kept)))  # compared in C: a step changes a zone or two
        try:
            moved: dict[str | None, int] = {}
            for i in changed:
                zone = now[i]
                for card in kept[i]:
                    moved[card] = moved.get(card, 0) - 1
                for card in zone:
                    moved[card] = moved.get(card, 0) + 1
                kept[i] = list(zone)
                if i >= first_deck and (i - first_deck) % 4 == 0:
                    if any(a > b for a, b in zip(zone, zone[1:])):  # type: ignore[operator]  # a deck holds no None
                        unsorted.add(i)
                    else:
                        unsorted.discard(i)
            for card, change in moved.items():  # mostly the card or two that changed zones
                if change and card is not None:
                    n = seen.get(card, 0) + change
                    if n:
                        seen[card] = n
                    else:
                        del seen[card]
                    if n == total.get(card, 0):
                        wrong.discard(card)
                    else:
                        wrong.add(card)
        except BaseException:
            self.__init__()  # type: ignore[misc]  # counted halfway: start afresh next time
            raise
        if not unsorted:
            return seen, not wrong, []
        names = list(state.players)
        return seen, not wrong, [names[(i - first_deck) // 4] for i in sorted(unsorted)]

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
    total = rules.card_copies
    seen, conserved, unsorted = kept.cards(state, total)
    if not conserved:
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
