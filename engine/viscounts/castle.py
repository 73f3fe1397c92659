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


def settle(rules: Rules, state: State, who: str) -> Decision | None:
    """One step of settling the castle (viscounts.noble.other-turns). ``who`` is the player whose
    placement, move or climb asked for it: their threes go on climbing first; then the overfull
    sections are bumped, chosen by the active player; then the first player in turn order from the
    active one who has threes climbs them, and the bumps follow again, until nothing is left. So the
    active player's climbs and bumps are all done before another player's three moves at all.
    Returns a decision when a player must choose (several sections, whose worker to bump)."""
    if _has_threes(rules, state, who):
        return _climb(rules, state, who)
    crowded = _crowded(rules, state)
    if crowded is not None:
        return _bump(rules, state, *crowded)
    for other in state.order[state.turn:] + state.order[:state.turn]:
        if _has_threes(rules, state, other):
            return _climb(rules, state, other)
    return None


def _threes(rules: Rules, state: State, who: str, tier: int) -> list[int]:
    """The sections of a tier (1 or 2) where ``who`` has enough workers to climb."""
    at = rules.tiers[tier].climb_at or 0  # set below the top tier (checked when the rules are read)
    sections = state.castle.tier1 if tier == 1 else state.castle.tier2
    return [s for s, sec in enumerate(sections) if sec.get(who, 0) >= at]


def _has_threes(rules: Rules, state: State, who: str) -> bool:
    return bool(_threes(rules, state, who, 1) or _threes(rules, state, who, 2))


def _climb(rules: Rules, state: State, who: str) -> Decision | None:
    """One climb of ``who``'s, tier 1 before tier 2; a decision when several tier-1 sections hold threes."""
    threes = _threes(rules, state, who, 1)
    if len(threes) > 1:
        return Decision("climb", who, "viscounts.noble.repeat", {"sections": threes})
    if threes:
        climb_tier1(rules, state, who, threes[0])
    else:
        climb_tier2(rules, state, who, _threes(rules, state, who, 2)[0])
    return None


def _crowded(rules: Rules, state: State) -> tuple[int, int] | None:
    """The first section over its limit, tier 1 before tier 2, as (tier, section)."""
    for tier, sections in ((1, state.castle.tier1), (2, state.castle.tier2)):
        most = rules.tiers[tier].holds or 0  # set below the top tier (checked when the rules are read)
        for s, sec in enumerate(sections):
            if sum(sec.values()) > most:
                return tier, s
    return None


def _bump(rules: Rules, state: State, tier: int, s: int) -> Decision | None:
    """One bump there: done at once when the section holds one colour, else the active player chooses."""
    section = (state.castle.tier1 if tier == 1 else state.castle.tier2)[s]
    owners = sorted(section)
    if len(owners) == 1:
        bump(rules, state, tier, s, owners[0])
        return None
    return Decision("bump", state.current, "viscounts.noble.bumps", {"tier": tier, "section": s, "owners": owners})
