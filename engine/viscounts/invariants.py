"""What must hold in every Viscounts position: cards and workers conserved, nothing negative, markers
on the track, castle tiers within their limits once settled, the castle leader right."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from engine.viscounts.rules import Rules
from engine.viscounts.state import State


def card_total(rules: Rules) -> Counter[str]:
    return Counter({c.slug: c.count for c in rules.cards.values()})


def zones(state: State) -> Counter[str]:
    """Every card wherever it is: box, out of the game, townsfolk decks, players' piles and boards."""
    seen: Counter[str] = Counter(state.box + state.removed + state.townsfolk_pool)
    seen.update(c for c in state.townsfolk if c is not None)
    for p in state.players.values():
        seen.update(p.hand + p.deck + p.discard + [c for c in p.board if c is not None])
    seen.update(h for _, h in state.pairs)
    return seen


def invariant_problems(state: State, rules: Rules) -> Iterator[str]:
    seen = zones(state)
    if seen != card_total(rules):
        diff = (seen - card_total(rules)) + (card_total(rules) - seen)
        yield f"cards not conserved: {dict(diff)}"
    for who, p in state.players.items():
        for field in ("silver", "ink", "gold", "stone", "debts", "paid", "deeds", "approved", "workers"):
            if getattr(p, field) < 0:
                yield f"{who}: {field} is {getattr(p, field)}"
        if not 1 <= p.corruption <= p.virtue <= 7:
            yield f"{who}: markers off the track or crossed (corruption {p.corruption}, virtue {p.virtue})"
        in_castle = sum(s.get(who, 0) for s in state.castle.tier1 + state.castle.tier2) + state.castle.tier3.get(who, 0)
        if p.workers + in_castle != rules.workers:
            yield f"{who}: {p.workers} workers in the supply and {in_castle} in the castle make not {rules.workers}"
        if p.deck != sorted(p.deck):
            yield f"{who}: the draw deck is not kept sorted"
    settling = any("do" in i and i["do"] == "castle" for i in state.queue) or any(
        d.kind in ("climb", "bump") for d in state.pending)
    if not settling and state.stage != "setup":
        for tier, sections in (("tier 1", state.castle.tier1), ("tier 2", state.castle.tier2)):
            for s, sec in enumerate(sections):
                if sum(sec.values()) > 3:
                    yield f"castle {tier} section {s + 1} holds {sum(sec.values())} workers"
    t3 = state.castle.tier3
    if state.leader is None and any(t3.values()):
        yield "workers on tier 3 but no castle leader"
    if state.leader is not None and t3.get(state.leader, 0) < max(t3.values(), default=0):
        yield f"castle leader {state.leader} has fewer tier-3 workers than another player"
    if state.debt_pile < 0 or state.deed_pile < 0:
        yield "a debt or deed pile below zero"
