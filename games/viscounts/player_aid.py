"""Viscounts' player aid (games/aid.py): the six phases, the icons and what funds them, trade,
buildings, the castle, collisions, debts and deeds, and end scoring, each with its Hungarian name,
every number read from the catalogs."""

from __future__ import annotations

from games import aid
from games.plugin import PageContext
from games.viscounts.kinds import (BonusCard, BuildingType, CastleTier, CastleWedge, CollisionPosition, DebtDeed, EndCard, IconEntry,
                                   ManuscriptDeck, PlayerBoard, TradeExchange)
from games.viscounts.pages import CONDITIONS, ordinal
from games.viscounts.wording import steps


def player_aid_page(w: PageContext) -> str:
    out = aid.heading(w)
    out += ["## A turn\n", aid.rule_steps(w, ("turn",))]
    out += actions(w) + castle(w) + collisions(w) + scoring(w)
    out += ["## The end\n", aid.rule_steps(w, ("end",))]
    out += aid.quick_answers(w, ("turn", "end"))
    return "\n".join(out)


def actions(w: PageContext) -> list[str]:
    icons = w.catalog.typed("icons", IconEntry, w.game)
    exchanges = sorted(w.catalog.typed("trade_exchanges", TradeExchange, w.game), key=lambda e: e.merchant_icons)
    types = w.catalog.typed("building_types", BuildingType, w.game)
    out = ["## Primary actions and icons\n",
           w.table(["Icon", "HU", "Counts for", "One more costs"],
                   ([w.link(i.id), i.names.hu, i.action or "any primary action (wild)", f"1 {i.funded_by}" if i.funded_by else None]
                    for i in icons)),
           "\n" + w.table(["Trade: merchant icons", "Give (repeatable)"], ([e.merchant_icons, steps(e.gives)] for e in exchanges)),
           "\n" + w.table(["Building", "HU", "Builder icons", "VP by number built (1 / 2 / ...)", "Slots uncover, in order"],
                          ([w.link(t.id), t.names.hu, t.cost_builder_icons, " / ".join(map(str, t.points_by_count)),
                            "; ".join(steps([s.effect]) for s in sorted(t.slot_abilities, key=lambda s: s.slot))] for t in types))]
    for b in w.catalog.typed("player_boards", PlayerBoard, w.game):
        placed = ", ".join(f"{s.noble_icons} → {s.workers}" for s in b.worker_placement)
        out.append(f"\n**Noble action** (noble icons → workers placed): {placed}. **Hand limit** {b.hand_limit}; "
                   f"a player never owns fewer than {b.min_cards} cards.\n")
    return out


def castle(w: PageContext) -> list[str]:
    tiers = sorted(w.catalog.typed("castle_tiers", CastleTier, w.game), key=lambda t: t.tier)
    wedges = sorted(w.catalog.typed("castle_wedges", CastleWedge, w.game), key=lambda x: x.letter)
    rewards = "; ".join(f"{x.letter}: {steps(x.tier2_reward)}" + (" and an unknown second part" if x.unread_part else "") for x in wedges)
    return ["## The castle\n", f"**Reaching tier 2** gives the section's reward: {w.text(rewards)}.\n",
            w.table(["Tier", "HU", "Sections", "VP per worker", "Three of a player's workers here", "A bumped worker's owner gets"],
                    ([w.link(t.id, str(t.tier)), t.names.hu, t.sections, t.points_per_worker,
                      f"one climbs (section holds {t.holds})" if t.climb_at else "—",
                      steps(t.bump_reward) if t.bump_reward else "cannot be bumped"] for t in tiers))] if tiers else []


def collisions(w: PageContext) -> list[str]:
    positions = sorted(w.catalog.typed("collision_positions", CollisionPosition, w.game), key=lambda p: p.position)
    first, last = (positions[0].position, positions[-1].position) if positions else (0, 0)
    return ["## Collision track\n", f"Position {first} is the far left (corruption's start), {last} the far right (virtue's).\n",
            w.table(["Position", "Current player gains", "Others gain", "Which others"],
                    ([p.position, steps(p.current_gains), steps(p.others_gain), CONDITIONS[p.others_condition]] for p in positions))
            ] if positions else []


def scoring(w: PageContext) -> list[str]:
    rows: list[list[object]] = []
    for t in w.catalog.typed("building_types", BuildingType, w.game):
        counts = " / ".join(map(str, range(1, len(t.points_by_count) + 1)))
        rows.append([t.names.en, t.names.hu, " / ".join(map(str, t.points_by_count)) + f" for {counts} built"])
    for c in w.catalog.typed("castle_tiers", CastleTier, w.game):
        rows.append([c.names.en, c.names.hu, f"{c.points_per_worker} per worker"])
    for d in w.catalog.typed("manuscript_decks", ManuscriptDeck, w.game):
        rows.append(["Manuscript sets", d.names.hu, " / ".join(map(str, d.set_points))
                     + f" for {' / '.join(map(str, range(1, len(d.set_points) + 1)))} different ribbons"])
    bonus: dict[tuple[str | None, str], list[BonusCard]] = {}  # the four cleric bonus cards differ only in ribbon: one row
    for b in w.catalog.typed("bonus_cards", BonusCard, w.game):
        bonus.setdefault((b.names.hu, f"{b.points}" + (f"; hand limit +{b.hand_limit_change}" if b.hand_limit_change else "")), []).append(b)
    for (name_hu, points), cards in bonus.items():
        ribbons = [b.ribbon for b in cards if b.ribbon]
        label = cards[0].names.en.split(" (")[0] + (f" ({', '.join(ribbons)})" if len(cards) > 1 and ribbons else "")
        rows.append([label if len(cards) > 1 else cards[0].names.en, name_hu, points])
    for s in w.catalog.typed("debts_deeds", DebtDeed, w.game):
        rows += [[f"{s.names.en}, {side.en}", f"{s.names.hu}, {side.hu}" if s.names.hu and side.hu else None, f"{side.points:+d} each"]
                 for side in (s.front, s.back)]
    for e in w.catalog.typed("end_cards", EndCard, w.game):
        rows.append([e.names.en, e.names.hu, " / ".join(map(str, e.rewards)) + " for the "
                     + ", ".join(ordinal(i) for i in range(1, len(e.rewards) + 1)) + f" in {e.ranks_by.replace('_', ' ')}, "
                     + f"if revealed (below three players {' / '.join(map(str, e.rewards_few_players))})"])
    return ["## End scoring\n", w.table(["What", "HU", "Victory points"], rows)] if rows else []
