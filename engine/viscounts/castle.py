"""The castle: placing workers, the cascade of threes (tier 1 up and sideways, tier 2 to the centre),
bumps and their rewards, and the castle leader (viscounts.noble.*)."""

from __future__ import annotations

from engine.core import Decision
from engine.viscounts.rules import Rules
from engine.viscounts.state import State



def wedge(rules: Rules, state: State, section: int) -> list[dict[str, object]]:
    return rules.wedges[(section + state.castle.rotation) % len(rules.wedges)]


def place(state: State, who: str, section: int, count: int) -> int:
    player = state.players[who]
    placed = min(count, player.workers)
    player.workers -= placed
    tier = state.castle.tier1[section]
    tier[who] = tier.get(who, 0) + placed
    return placed


def climb_tier1(rules: Rules, state: State, who: str, s: int) -> None:
    """Three of a player's workers in a tier-1 section: one up, one each way (viscounts.noble.tier-one-threes)."""
    t1, t2 = state.castle.tier1, state.castle.tier2
    n = len(t1)
    sides = ((s - 1) % n, (s + 1) % n) if rules.tiers[1].spread_on_promotion else ()
    t1[s][who] -= 1 + len(sides)
    t2[s][who] = t2[s].get(who, 0) + 1
    for side in sides:
        t1[side][who] = t1[side].get(who, 0) + 1
    _tidy(state)
    state.queue[:0] = [{"p": who, "e": e} for e in wedge(rules, state, s)] + [{"p": who, "do": "castle"}]


def climb_tier2(rules: Rules, state: State, who: str, s: int) -> None:
    castle = state.castle
    castle.tier2[s][who] -= 1
    castle.tier3[who] = castle.tier3.get(who, 0) + 1
    if state.leader is None or castle.tier3[who] > castle.tier3.get(state.leader, 0):
        state.leader = who
    _tidy(state)
    reward = rules.tiers[3].reaching_reward
    state.queue[:0] = [{"p": who, "e": e.model_dump()} for e in reward] + [{"p": who, "do": "castle"}]


def bump(rules: Rules, state: State, tier: int, s: int, owner: str) -> None:
    section = (state.castle.tier1 if tier == 1 else state.castle.tier2)[s]
    section[owner] -= 1
    state.players[owner].workers += 1
    _tidy(state)
    reward = rules.tiers[tier].bump_reward or []
    state.queue[:0] = [{"p": owner, "e": e.model_dump()} for e in reward] + [{"p": state.current, "do": "castle"}]


def _tidy(state: State) -> None:
    for tier in (state.castle.tier1, state.castle.tier2):
        for section in tier:
            for who in [w for w, n in section.items() if n == 0]:
                del section[who]
    for who in [w for w, n in state.castle.tier3.items() if n == 0]:
        del state.castle.tier3[who]


def settle(rules: Rules, state: State) -> Decision | None:
    """One step of settling the castle: the active player's threes first, then other players', then bumps.
    Returns a decision when the player must choose (several sections, whose worker to bump)."""
    castle = state.castle
    order = state.order[state.turn:] + state.order[:state.turn]
    # both set below the top tier (checked when the rules are read)
    climb = {t: rules.tiers[t].climb_at or 0 for t in (1, 2)}
    holds = {t: rules.tiers[t].holds or 0 for t in (1, 2)}
    for who in order:
        threes = [s for s, sec in enumerate(castle.tier1) if sec.get(who, 0) >= climb[1]]
        if len(threes) == 1:
            climb_tier1(rules, state, who, threes[0])
            return None
        if threes:
            return Decision("climb", who, "viscounts.noble.repeat", {"sections": threes})
        high = [s for s, sec in enumerate(castle.tier2) if sec.get(who, 0) >= climb[2]]
        if high:
            climb_tier2(rules, state, who, high[0])
            return None
    for tier, sections in ((1, castle.tier1), (2, castle.tier2)):
        for s, sec in enumerate(sections):
            if sum(sec.values()) > holds[tier]:
                owners = sorted(sec)
                if len(owners) == 1:
                    bump(rules, state, tier, s, owners[0])
                    return None
                return Decision("bump", state.current, "viscounts.noble.bumps", {"tier": tier, "section": s, "owners": owners})
    return None
