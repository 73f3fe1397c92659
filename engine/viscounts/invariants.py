"""What must hold in every Viscounts position: cards and workers conserved, nothing negative, markers
on the track, castle tiers within their limits once settled, the castle leader right."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from engine.viscounts.rules import Rules
from engine.viscounts.state import State


def zones(state: State) -> Counter[str]:
    """Every card wherever it is: box, out of the game, townsfolk decks, players' piles and boards."""
    cards = state.box + state.removed + state.townsfolk_pool + state.townsfolk + [h for _, h in state.pairs]
    for p in state.players.values():
        cards += p.hand + p.deck + p.discard + p.board
    seen = Counter(cards)  # one count over one list: this runs after every step
    seen.pop(None, None)  # empty board slots and townsfolk spaces
    return seen


def invariant_problems(state: State, rules: Rules) -> Iterator[str]:
    seen, total = zones(state), rules.card_copies
    if dict(seen) != total:
        diff = (seen - Counter(total)) + (Counter(total) - seen)
        yield f"cards not conserved: {dict(diff)}"
    castle = state.castle
    in_castle: Counter[str] = Counter(castle.tier3)
    for section in castle.tier1 + castle.tier2:
        in_castle.update(section)
    for who, p in state.players.items():
        if min(p.silver, p.ink, p.gold, p.stone, p.debts, p.paid, p.deeds, p.approved, p.workers) < 0:
            for field in ("silver", "ink", "gold", "stone", "debts", "paid", "deeds", "approved", "workers"):
                if getattr(p, field) < 0:
                    yield f"{who}: {field} is {getattr(p, field)}"
        if not 1 <= p.corruption <= p.virtue <= rules.track_end:
            yield f"{who}: markers off the track or crossed (corruption {p.corruption}, virtue {p.virtue})"
        if p.workers + in_castle[who] != rules.workers:
            yield f"{who}: {p.workers} workers in the supply and {in_castle[who]} in the castle make not {rules.workers}"
        if p.deck != sorted(p.deck):
            yield f"{who}: the draw deck is not kept sorted"
    settling = any("do" in i and i["do"] == "castle" for i in state.queue) or any(
        d.kind in ("climb", "bump") for d in state.pending)
    if not settling and state.stage != "setup":
        for tier, sections in ((1, castle.tier1), (2, castle.tier2)):
            holds = rules.tiers[tier].holds or 0
            for s, sec in enumerate(sections):
                if sum(sec.values()) > holds:
                    yield f"castle tier {tier} section {s + 1} holds {sum(sec.values())} workers"
    t3 = state.castle.tier3
    if state.leader is None and any(t3.values()):
        yield "workers on tier 3 but no castle leader"
    if state.leader is not None and t3.get(state.leader, 0) < max(t3.values(), default=0):
        yield f"castle leader {state.leader} has fewer tier-3 workers than another player"
    if state.debt_pile < 0 or state.deed_pile < 0:
        yield "a debt or deed pile below zero"
