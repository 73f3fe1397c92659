"""End scoring (viscounts.scoring.categories), the Poverty and Prosperity podiums with shared places
(viscounts.podium.ties, shares rounded down: viscounts.discrepancy.podium-tie-rounding) and the
tie-break (viscounts.scoring.tiebreak)."""

from __future__ import annotations

from engine.viscounts import effects as fx
from engine.viscounts.rules import Rules
from engine.viscounts.state import State


def podium(counts: dict[str, int], rewards: tuple[int, ...]) -> dict[str, int]:
    """Places by count (at least 1 needed); tied players share their places' rewards, rounded down."""
    out = dict.fromkeys(counts, 0)
    ranked = sorted({n for n in counts.values() if n > 0}, reverse=True)
    place = 0
    for n in ranked:
        tied = [p for p, c in counts.items() if c == n]
        share = sum(rewards[place:place + len(tied)]) // len(tied)
        for p in tied:
            out[p] = share
        place += len(tied)
        if place >= len(rewards):
            break
    return out


def sets(rules: Rules, ribbons: list[str]) -> int:
    """Sets of different ribbons, the largest first."""
    left = {r: ribbons.count(r) for r in rules.ribbons}
    total = 0
    while any(left.values()):
        present = [r for r, n in left.items() if n]
        total += rules.set_points[len(present) - 1]
        for r in present:
            left[r] -= 1
    return total


def condition_icons(rules: Rules, state: State, who: str, icon: str) -> int:
    """Icons a per-icon manuscript condition counts: on the board, or (the catalog's assumption,
    viscounts.discrepancy.icon-condition-scope) on every card the player owns; building slots either way."""
    p = state.players[who]
    if rules.icon_scope == "board":
        return fx.icons(rules, p, icon)
    cards = p.hand + p.deck + p.discard + fx.board_cards(p)
    slots = sum(1 for e in fx.slot_abilities(rules, p) if e["kind"] == "permanent_icon" and e["icon"] == icon)
    return sum(rules.cards[c].icons.count(icon) for c in cards) + slots


def breakdown(rules: Rules, state: State, who: str) -> dict[str, int]:
    p = state.players[who]
    castle = state.castle
    tiers = {1: castle.tier1, 2: castle.tier2}
    workers = sum(rules.tiers[t].points_per_worker * sum(s.get(who, 0) for s in secs) for t, secs in tiers.items())
    workers += rules.tiers[3].points_per_worker * castle.tier3.get(who, 0)
    counted = {"building": sum(p.built.values()), "noble_icon": condition_icons(rules, state, who, "noble"),
               "criminal_icon": condition_icons(rules, state, who, "criminal"), "flipped_debt": p.paid}
    kinds = [rules.manuscripts[m] for m in p.manuscripts]
    conditions = sum(k.points * counted[k.per] for k in kinds if k.per)
    n = len(state.players)
    rewards = rules.podium(n)
    pov = podium({q: s.approved for q, s in state.players.items()}, rewards) if state.poverty else {}
    pro = podium({q: s.paid for q, s in state.players.items()}, rewards) if state.prosperity else {}
    return {
        "buildings": sum(rules.buildings[b].points[k - 1] for b, k in p.built.items() if k),
        "castle": workers,
        "manuscripts": sets(rules, [k.ribbon for k in kinds]) + conditions,
        "leader": rules.leader_points if state.leader == who else 0,
        "cleric bonus": rules.bonus_points * len(p.bonus),
        "debts": rules.debt.front.points * p.debts + rules.debt.back.points * p.paid,
        "deeds": rules.deed.front.points * p.deeds + rules.deed.back.points * p.approved,
        "poverty": pov.get(who, 0),
        "prosperity": pro.get(who, 0),
    }


def scores(rules: Rules, state: State) -> dict[str, int]:
    return {p: sum(breakdown(rules, state, p).values()) for p in state.order}


def winners(rules: Rules, state: State) -> list[str]:
    total = scores(rules, state)
    best = max(total.values())
    top = [p for p in state.order if total[p] == best]
    left = {p: state.players[p].silver + state.players[p].ink + state.players[p].gold + state.players[p].stone for p in top}
    most = max(left.values())
    return [p for p in top if left[p] == most]
