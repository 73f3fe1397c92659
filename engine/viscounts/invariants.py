"""What must hold in every Viscounts position: cards and workers conserved, nothing negative, markers
on the track, castle tiers within their limits once settled, the castle leader right.

This runs after every step of every simulated game, so it is written for speed: one list of every
card counted once (in C, by ``Counter``) and compared with the box's copies as plain dicts, the
castle walked once with plain dicts; the full messages are built only when something is wrong."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from engine.viscounts.rules import Rules
from engine.viscounts.state import State

AMOUNTS = ("silver", "ink", "gold", "stone", "debts", "paid", "deeds", "approved", "workers")


def zones(state: State) -> Counter[str]:
    """Every card wherever it is: box, out of the game, townsfolk decks, players' piles and boards."""
    cards = state.box + state.removed + state.townsfolk_pool + state.townsfolk
    if state.pairs:
        cards += [h for _, h in state.pairs]
    for p in state.players.values():
        cards += p.hand
        cards += p.deck
        cards += p.discard
        cards += p.board
    seen = Counter(cards)  # one count over one list
    seen.pop(None, None)  # empty board slots and townsfolk spaces
    return seen


def invariant_problems(state: State, rules: Rules) -> Iterator[str]:
    seen, total = zones(state), rules.card_copies
    if not dict.__eq__(seen, total):  # exact: every card and its count (no zero counts on either side)
        diff = (seen - Counter(total)) + (Counter(total) - seen)
        yield f"cards not conserved: {dict(diff)}"
    castle = state.castle
    in_castle = dict(castle.tier3)
    for section in castle.tier1:
        for who, n in section.items():
            in_castle[who] = in_castle.get(who, 0) + n
    for section in castle.tier2:
        for who, n in section.items():
            in_castle[who] = in_castle.get(who, 0) + n
    track_end, workers = rules.track_end, rules.workers
    for who, p in state.players.items():
        if min(p.silver, p.ink, p.gold, p.stone, p.debts, p.paid, p.deeds, p.approved, p.workers) < 0:
            for field in AMOUNTS:
                if getattr(p, field) < 0:
                    yield f"{who}: {field} is {getattr(p, field)}"
        if not 1 <= p.corruption <= p.virtue <= track_end:
            yield f"{who}: markers off the track or crossed (corruption {p.corruption}, virtue {p.virtue})"
        if p.workers + in_castle.get(who, 0) != workers:
            yield f"{who}: {p.workers} workers in the supply and {in_castle.get(who, 0)} in the castle make not {workers}"
        if p.deck != sorted(p.deck):
            yield f"{who}: the draw deck is not kept sorted"
    if state.stage != "setup" and not _settling(state):
        for tier, sections, holds in ((1, castle.tier1, rules.holds[0]), (2, castle.tier2, rules.holds[1])):
            for s, sec in enumerate(sections):
                if sec and sum(sec.values()) > holds:
                    yield f"castle tier {tier} section {s + 1} holds {sum(sec.values())} workers"
    t3 = castle.tier3
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
