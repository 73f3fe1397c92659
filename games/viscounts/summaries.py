"""Viscounts' entries in one sentence each, for search results: a townsfolk's ability, a solo card's
part in the solo game, what a collision or a castle tier gives. Built from the data and the game's
wording (assumed values, which the engine plays with, are never stated as facts); a value no source
gives is said to be unknown."""

from __future__ import annotations

from collections.abc import Sequence

from catalog import Entry, Words
from games.grammar import listing, lower_first
from games.summaries import plural
from games.viscounts.kinds import (BonusCard, BuildingType, CastleTier, CastleWedge, CollisionPosition, DebtDeed, EndCard,
                                   IconEntry, MainBoard, Manuscript, ManuscriptDeck, PlayerBoard, PlayerCard, SoloCard,
                                   TradeExchange, ViscountsCard)
from games.viscounts.wording import ACTIONS, steps

WHEN = {"instant": "when played", "ongoing": "while on the board", "drop_off": "when it drops off the board"}
OTHERS = {"has_criminal": "each other player whose board shows a criminal icon",
          "no_criminal": "each other player whose board shows no criminal icon", "none": "each other player"}
RANKS_BY = {"flipped_deeds": "deeds flipped to approved", "flipped_debts": "debts flipped to paid"}


def doing(effects: Sequence[object]) -> str:
    """Steps in words, inside a sentence."""
    return lower_first(steps(effects))


def card(c: ViscountsCard) -> str:
    """Its ability, and what hiring or dismissing it gives where a source says (its cost and icons are
    search fields: in words here they would make "cost" a word of every card)."""
    ability = f"{WHEN[c.timing]}, {doing(c.ability)}" if c.ability and c.timing in WHEN else \
        (doing(c.ability) if c.ability else f"{c.names.en}: a townsfolk with icons only")
    hire = f"; hiring or dismissing it: {doing(c.hire_effect)}" if c.hire_effect else ""
    text = ability + hire
    return text[:1].upper() + text[1:]


def solo_card(s: SoloCard, words: Words) -> str:
    many = plural(s.count, s.names.en)
    if not s.contents_known:
        header = f" with a {s.header} header" if s.header else ""
        return f"{many}{header} drive the solo opponent's turns; what each one shows is unpublished"
    if s.ai_rules:
        rules = [f"instead of {listing(r.instead_of, 'or')}, it does: {doing(r.does)}" for r in s.ai_rules]
        return f"What the solo opponent does in place of an effect that would do nothing for it: {'; '.join(rules)}"
    if s.strategy:
        start = f"; it starts with: {doing(s.start)}" if s.start else ""
        building = f" and a {s.start_building.replace('-', ' ')}" if s.start_building else ""
        return f"A solo opponent whose strategy is {ACTIONS[s.strategy]}{start}{building}"
    return f"{many} in the solo game's box"


def collision(c: CollisionPosition) -> str:
    return (f"When the markers collide at position {c.position}, the current player: {doing(c.current_gains)}; "
            f"{OTHERS[c.others_condition]}: {doing(c.others_gain)}")


def castle_tier(t: CastleTier) -> str:
    parts = [f"Each worker on castle tier {t.tier} scores {plural(t.points_per_worker, 'VP', 'VP')} at the end"]
    if t.reaching_reward:
        parts.append(f"a worker moving up to it: {doing(t.reaching_reward)}")
    parts.append(f"the owner of a worker bumped from it: {doing(t.bump_reward)}" if t.bump_reward
                 else "its workers cannot be bumped")
    if t.climb_at:
        parts.append(f"{t.climb_at} workers of one player in a section send one up a tier")
    return "; ".join(parts)


def building_type(b: BuildingType) -> str:
    points = listing([str(p) for p in b.points_by_count], "or")
    counts = listing([str(i) for i in range(1, len(b.points_by_count) + 1)], "or")
    slots = [f"the {['first', 'second', 'third'][s.slot - 1]} one built uncovers: {doing([s.effect])}"
             for s in sorted(b.slot_abilities, key=lambda s: s.slot)]
    return (f"A {lower_first(b.names.en)} costs {b.cost_builder_icons} builder icons and scores {points} VP for {counts} "
            f"built; " + "; ".join(slots))


def manuscript(m: Manuscript) -> str:
    if m.placeholder:
        return "Stands for the manuscripts missing from every source; what they show is unknown"
    parts = []
    if m.ribbon:
        parts.append(f"a manuscript with a {m.ribbon} ribbon")
    if m.cleric_cost:
        parts.append(f"its cost is {m.cleric_cost}")
    if m.end_game:
        parts.append(f"at the end it scores {doing([m.end_game])}")
    if m.immediate:
        parts.append(f"when transcribed: {doing(m.immediate)}")
    text = "; ".join(parts) or "a manuscript whose details are unknown"
    return text[:1].upper() + text[1:]


def manuscript_deck(d: ManuscriptDeck) -> str:
    sets = listing([str(p) for p in d.set_points])
    return (f"The {d.total} manuscripts ({d.grey_backed} grey-backed, {d.black_backed} black-backed) lie in {d.piles} "
            f"piles; sets of 1 to {len(d.set_points)} different ribbons score {sets} VP, and {d.bonus_card_after} of one "
            f"ribbon win its cleric bonus card")


def player_board(b: PlayerBoard) -> str:
    return (f"Each player board holds {b.buildings} buildings and {b.workers} workers; the hand limit is {b.hand_limit}, "
            f"and the icons printed on its card slots can be used on the first {b.starting_icons_turns} turns")


def player_card(c: PlayerCard) -> str:
    start = f"its viscount starts on space {c.start_space}" if c.start_space else "where its viscount starts is unknown"
    gives = f"it gives: {doing(c.contents)}" if c.contents else "what it gives at setup is unknown"
    return f"Player card {c.number}: {start}, and {gives}"


def summary(entry: Entry, words: Words) -> str | None:
    if isinstance(entry, ViscountsCard):
        return card(entry)
    if isinstance(entry, SoloCard):
        return solo_card(entry, words)
    if isinstance(entry, CollisionPosition):
        return collision(entry)
    if isinstance(entry, CastleTier):
        return castle_tier(entry)
    if isinstance(entry, CastleWedge):
        unread = ", and a part no source reads" if entry.unread_part else ""
        return f"A worker moving up to castle tier 2 here: {doing(entry.tier2_reward)}{unread}"
    if isinstance(entry, BuildingType):
        return building_type(entry)
    if isinstance(entry, Manuscript):
        return manuscript(entry)
    if isinstance(entry, ManuscriptDeck):
        return manuscript_deck(entry)
    if isinstance(entry, PlayerBoard):
        return player_board(entry)
    if isinstance(entry, PlayerCard):
        return player_card(entry)
    if isinstance(entry, TradeExchange):
        return f"For {plural(entry.merchant_icons, 'merchant icon')}, {doing(entry.gives)}"
    if isinstance(entry, BonusCard):
        ribbon = f" for the {entry.ribbon} ribbon" if entry.ribbon and entry.ribbon not in entry.names.en else ""
        hand = f" and raises its holder's hand limit by {entry.hand_limit_change}" if entry.hand_limit_change else ""
        return f"The {lower_first(entry.names.en)}{ribbon} is worth {entry.points} VP{hand}"
    if isinstance(entry, EndCard):
        rewards, few = listing([str(r) for r in entry.rewards]), listing([str(r) for r in entry.rewards_few_players])
        return (f"At the end the {lower_first(entry.names.en)} gives {rewards} VP to the players with the most "
                f"{RANKS_BY[entry.ranks_by]} ({few} with fewer than three players)")
    if isinstance(entry, DebtDeed):
        flip = f", and flipping one: {doing(entry.on_flip)}" if entry.on_flip else ""
        return (f"The box holds {plural(entry.count, lower_first(entry.names.en))}; one scores {entry.front.points} VP "
                f"on its {entry.front.en} side and {entry.back.points} VP on its {entry.back.en} side{flip}")
    if isinstance(entry, IconEntry):
        if entry.wild:
            return f"The {lower_first(entry.names.en)} counts as any icon for the primary actions"
        action = f" counts toward {ACTIONS[entry.action]}" if entry.action else " counts toward no action"
        funded = f"; during that action, {entry.funded_by} buys one more" if entry.funded_by else ""
        return f"The {lower_first(entry.names.en)}{action}{funded}"
    if isinstance(entry, MainBoard):
        return (f"The main board has {entry.segments} segments, with {listing([ACTIONS[a] for a in entry.outer_path_actions])} "
                f"on the outer path and {listing([ACTIONS[a] for a in entry.inner_path_actions])} on the inner path")
    return None
