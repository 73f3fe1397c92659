"""Viscounts' own pages, made from the catalog: the card browser with every card, the player board
(buildings, collision track, trade exchanges, main board), the castle, the manuscripts, and the other
cards with the end-game scoring values."""

from __future__ import annotations

from games.plugin import PageContext
from games.viscounts.board_svg import collision_track_svg, player_board_svg
from games.viscounts.browser import CARD_TYPES, TIMINGS, browser, icon_list
from games.viscounts.castle_svg import castle_svg
from games.viscounts.kinds import (BonusCard, BuildingType, CastleTier, CastleWedge, CollisionPosition, DebtDeed, EndCard,
                                   IconEntry, MainBoard, Manuscript, ManuscriptDeck, PlayerBoard, PlayerCard, SchemeStep, SoloCard,
                                   TradeExchange, ViscountsCard)
from games.viscounts.wording import steps

CONDITIONS = {"has_criminal": "each other player with a criminal icon", "no_criminal": "each other player with no criminal icon",
              "none": "each other player"}
ORDER = {"starting": 0, "hero": 1, "neutral": 2}


def ordinal(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")


def cards_page(w: PageContext) -> str:
    cards = sorted(w.catalog.typed("cards", ViscountsCard, w.game), key=lambda c: (ORDER[c.card_type], c.names.en, c.cost))
    copies = {t: sum(c.count or 0 for c in cards if c.card_type == t) for t in CARD_TYPES}
    # front matter: no table of contents beside the browser (86 card headings), so the table gets the width
    out = ["---\nhide:\n  - toc\n---\n", "# Card browser\n",
           f"Every townsfolk and hero card: {copies['starting']} starting townsfolk (8 cards, one copy in each player's "
           f"colour), {copies['hero']} heroes and {copies['neutral']} neutral townsfolk. Choose a kind, an icon, a timing "
           "or a highest cost, or type words; click a column heading to sort. A card's name leads to its entry below, "
           "with its sources. An unknown hire effect is marked unknown, never guessed.\n",
           browser(w, cards),
           f"## Icons {{#{w.game}.icons}}\n"]
    for i in w.catalog.typed("icons", IconEntry, w.game):
        out.append(w.entry_block(3, i, [("Counts for", i.action or "any primary action (wild)"),
                                        ("One more costs", f"1 {i.funded_by}" if i.funded_by else None)]))
    out.append(f"## Every card {{#{w.game}.cards}}\n")
    for c in cards:
        hire = steps(c.hire_effect) if c.hire_effect else ("nothing" if c.hire_effect is not None else "unknown")
        out.append(w.entry_block(3, c, [
            ("Kind", CARD_TYPES[c.card_type]), ("Copies", c.count), ("Cost", f"{c.cost} silver"),
            ("Icons", icon_list(list(c.icons))), ("Timing", TIMINGS[c.timing]),
            ("Ability", steps(c.ability) if c.ability else None), ("Hired or dismissed", hire)], compact=True))
    return "\n".join(out)


def board_page(w: PageContext) -> str:
    out = ["# Player board, buildings and collisions\n", "Every value here names its source.\n"]
    types = w.catalog.typed("building_types", BuildingType, w.game)
    out += [player_board_svg(b, types) for b in w.catalog.typed("player_boards", PlayerBoard, w.game)]
    for b in w.catalog.typed("player_boards", PlayerBoard, w.game):
        out.append(w.entry_block(2, b, [("Hand limit", b.hand_limit), ("Workers", b.workers), ("Buildings", b.buildings),
                                        ("Fewest cards a player can own", b.min_cards),
                                        ("Starting icons count on the first", f"{b.starting_icons_turns} turns")]))
        out.append(w.table(["Noble icons", "Workers placed"], [[s.noble_icons, s.workers] for s in b.worker_placement]))
        out.append("\n" + w.table(["Card slot", "Starting icons (read off a picture)"],
                                  [[s.slot, ", ".join(s.icons) if s.icons else "unreadable"] for s in b.starting_icons]))
    out.append(f"## Buildings {{#{w.game}.buildings}}\n")
    out.append(w.table(["Building", "Cost (builder icons)", "VP for 1 / 2 / 3", "1st slot uncovers", "2nd slot uncovers", "3rd slot uncovers"],
                       [[w.link(t.id), t.cost_builder_icons, " / ".join(map(str, t.points_by_count)),
                         *(steps([s.effect]) for s in sorted(t.slot_abilities, key=lambda s: s.slot))] for t in types]))
    for t in types:
        out.append(w.entry_block(3, t, [("Cost", f"{t.cost_builder_icons} builder icons"), ("Per player", t.per_player),
                                        ("Victory points", ", ".join(f"{n} built: {p}" for n, p in enumerate(t.points_by_count, 1)))]))
    positions = sorted(w.catalog.typed("collision_positions", CollisionPosition, w.game), key=lambda p: p.position)
    out.append(f"## Collision track {{#{w.game}.collision-track}}\n")
    out.append("Where the virtue and corruption markers meet, the current player takes the upper reward and the others "
               "the lower one. Position 1 is the far left (the corruption marker's start), 7 the far right (virtue's).\n")
    out.append(collision_track_svg(positions))
    out.append(w.table(["Position", "Current player gains", "Others gain", "Which others"],
                       [[w.link(p.id, str(p.position)), steps(p.current_gains), steps(p.others_gain), CONDITIONS[p.others_condition]]
                        for p in positions]))
    for p in positions:
        out.append(w.entry_block(3, p, [("Current player", steps(p.current_gains)),
                                        ("Others", f"{CONDITIONS[p.others_condition]}: {steps(p.others_gain)}")]))
    exchanges = sorted(w.catalog.typed("trade_exchanges", TradeExchange, w.game), key=lambda e: e.merchant_icons)
    out.append(f"## Trade exchanges {{#{w.game}.trade-exchanges}}\n")
    out.append(w.table(["Merchant icons", "Give", "Repeatable"], [[w.link(e.id, str(e.merchant_icons)), steps(e.gives), "yes"] for e in exchanges]))
    for e in exchanges:
        out.append(w.entry_block(3, e, [("For each", f"{e.merchant_icons} merchant icons"), ("You get", steps(e.gives))]))
    for m in w.catalog.typed("main_boards", MainBoard, w.game):
        out.append(w.entry_block(2, m, [("Segments", m.segments), ("Sides by player count", "yes" if m.sides_by_player_count else "no"),
                                        ("Outer path", ", ".join(m.outer_path_actions)), ("Inner path", ", ".join(m.inner_path_actions)),
                                        ("Building spot rewards", "unknown"), ("Link rewards", "unknown"),
                                        ("Exchange of each outer space", "unknown")]))
        out.append(f'!!! warning "Assumed for random games, not a fact"\n    {w.text(m.assumption_note)}\n')
    return "\n".join(out)


def castle_page(w: PageContext) -> str:
    tiers = sorted(w.catalog.typed("castle_tiers", CastleTier, w.game), key=lambda t: t.tier)
    wedges = sorted(w.catalog.typed("castle_wedges", CastleWedge, w.game), key=lambda t: t.letter)
    out = ["# The castle\n", "Three tiers and five wedges.\n", castle_svg(tiers, wedges),
           w.table(["Tier", "Sections", "VP per worker at the end", "Reaching it gives", "A bumped worker's owner gets"],
                   [[w.link(t.id, str(t.tier)), t.sections, t.points_per_worker,
                     steps(t.reaching_reward) if t.reaching_reward else ("its wedge's reward" if t.tier == 2 else "—"),
                     steps(t.bump_reward) if t.bump_reward else "cannot be bumped"] for t in tiers]),
           "\n" + w.table(["Wedge", "Tier-2 reward", "Unknown part of the reward"],
                          [[w.link(x.id, x.letter), steps(x.tier2_reward), x.unread_part or "—"] for x in wedges])]
    for t in tiers:
        out.append(w.entry_block(2, t, [("VP per worker", t.points_per_worker), ("Sections", t.sections),
                                        ("Bumped", steps(t.bump_reward) if t.bump_reward else "never")]))
    for x in wedges:
        out.append(w.entry_block(2, x, [("Tier-2 reward", steps(x.tier2_reward)), ("Unknown part of the reward", x.unread_part)]))
    return "\n".join(out)


def manuscripts_page(w: PageContext) -> str:
    out = ["# Manuscripts and cleric bonus cards\n", "Most manuscripts are unpublished: "
           "the known ones come from the rulebook's examples, and a placeholder stands for the rest.\n"]
    for d in w.catalog.typed("manuscript_decks", ManuscriptDeck, w.game):
        out.append(w.entry_block(2, d, [("Manuscripts", d.total), ("Backs", f"{d.grey_backed} grey, {d.black_backed} black"),
                                        ("Piles", d.piles), ("Ribbons", ", ".join(d.ribbons)),
                                        ("Cleric costs seen", ", ".join(map(str, d.cleric_costs_seen))),
                                        ("Same ribbon for a cleric bonus card", d.bonus_card_after)]))
        out.append(w.table(["Different ribbons in a set", "VP"], [[n, p] for n, p in enumerate(d.set_points, 1)]))
    items = w.catalog.typed("manuscripts", Manuscript, w.game)
    out.append(f"\n## Manuscripts one by one {{#{w.game}.known-manuscripts}}\n")
    out.append(w.table(["Manuscript", "Ribbon", "Cleric cost", "At the end", "Immediately"],
                       [[w.link(m.id), m.ribbon or "unknown", m.cleric_cost or "unknown",
                         steps([m.end_game]) if m.end_game else "—",
                         steps(m.immediate) if m.immediate else ("unknown" if "immediate" in m.fact_confidence else "—")]
                        for m in items]))
    for m in items:
        out.append(w.entry_block(3, m, [("Stands for", "every manuscript not listed above" if m.placeholder else None),
                                        ("Ribbon", m.ribbon), ("Cleric cost", m.cleric_cost),
                                        ("At the end", steps([m.end_game]) if m.end_game else None)]))
    out.append(f"## Cleric bonus cards and the castle leader {{#{w.game}.bonus-cards}}\n")
    for b in w.catalog.typed("bonus_cards", BonusCard, w.game):
        out.append(w.entry_block(3, b, [("VP", b.points), ("Ribbon", b.ribbon),
                                        ("Hand limit", f"{b.hand_limit_change:+d}" if b.hand_limit_change else None)]))
    return "\n".join(out)


def scoring_page(w: PageContext) -> str:
    """The end-game values, then the Poverty and Prosperity cards, debts and deeds, player and solo cards."""
    ends = w.catalog.typed("end_cards", EndCard, w.game)
    sided = w.catalog.typed("debts_deeds", DebtDeed, w.game)
    rows: list[list[object]] = []
    for t in w.catalog.typed("building_types", BuildingType, w.game):
        rows.append([w.link(t.id), " / ".join(map(str, t.points_by_count)) + " for 1 / 2 / 3 built"])
    for c in w.catalog.typed("castle_tiers", CastleTier, w.game):
        rows.append([w.link(c.id), f"{c.points_per_worker} per worker"])
    for d in w.catalog.typed("manuscript_decks", ManuscriptDeck, w.game):
        rows.append([w.link(d.id, "Manuscript sets"), " / ".join(map(str, d.set_points)) + " for 1 / 2 / 3 / 4 different ribbons; "
                     "some manuscripts score on their own"])
    for b in w.catalog.typed("bonus_cards", BonusCard, w.game):
        rows.append([w.link(b.id), f"{b.points}"])
    for s in sided:
        rows += [[w.link(s.id, f"{s.names.en} ({side.en})"), f"{side.points:+d} each"] for side in (s.front, s.back)]
    for e in ends:
        rows.append([w.link(e.id), " / ".join(map(str, e.rewards)) + " for the " + ", ".join(ordinal(i) for i in range(1, len(e.rewards) + 1))
                     + " (" + e.ranks_by.replace("_", " ") + "), if revealed"])
    out = ["# End scoring and the other cards\n", "What scores at the end, then the "
           "cards that are not townsfolk.\n", f"## End scoring {{#{w.game}.end-scoring}}\n", w.table(["What", "Victory points"], rows)]
    out.append(f"\n## Poverty and Prosperity {{#{w.game}.end-cards}}\n")
    for e in ends:
        counts = ", ".join(f"{c.players} player{'s' if c.players > 1 else ''}: {c.cards if c.cards is not None else 'unknown'}"
                           for c in e.cards_by_players)
        out.append(w.entry_block(3, e, [("Sits on the", f"{e.stack} pile"), ("Ranks players by", e.ranks_by.replace("_", " ")),
                                        ("Rewards", " / ".join(map(str, e.rewards))),
                                        ("Below three players", " / ".join(map(str, e.rewards_few_players))),
                                        (f"{e.stack.capitalize()}s on it", counts)]))
    out.append(f"## Debts and deeds {{#{w.game}.debts-deeds}}\n")
    for s in sided:
        out.append(w.entry_block(3, s, [("In the box", s.count), ("Front", f"{s.front.en} ({s.front.hu}), {s.front.points:+d} VP"),
                                        ("Back", f"{s.back.en} ({s.back.hu}), {s.back.points:+d} VP"),
                                        ("Flipping it gives", steps(s.on_flip) if s.on_flip else None)]))
    players = w.catalog.typed("player_cards", PlayerCard, w.game)
    scopes = {"any_segment": "on any segment", "viscount_space": "only on the viscount's own space"}
    out.append(f"## Player cards {{#{w.game}.player-cards}}\n")
    out.append(w.table(["Card", "Start space", "Gives", "Known"],
                       [[w.link(p.id, str(p.number)), p.start_space or "unknown", steps(p.contents) if p.contents else "unknown",
                         "; ".join(x for x in (scopes.get(p.scope or ""), "may destroy a card before shuffling" if p.destroy_before_shuffle else "") if x) or "—"]
                        for p in players]))
    for p in players:
        out.append(w.entry_block(3, p, [("Its effect works", scopes.get(p.scope or "")),
                                        ("Before shuffling", "destroy any of your cards" if p.destroy_before_shuffle else None)]))
    out.append(f"## Solo cards {{#{w.game}.solo-cards}}\n")
    for solo in w.catalog.typed("solo_cards", SoloCard, w.game):
        out.append(w.entry_block(3, solo, [("In the box", solo.count), ("Header", solo.header),
                                           ("Contents", None if solo.contents_known else "unpublished")]))
        if solo.ai_rules:
            out.append(w.table(["Instead of", "The AI does"], [[", ".join(r.instead_of), steps(r.does)] for r in solo.ai_rules]))
        if solo.strategy:
            out.append(w.table(["Strategy", "Start", "Builds at start", "Resource priority"],
                               [[solo.strategy, steps(solo.start), solo.start_building or "—",
                                 ", then ".join(f"{r.resource}" + (f" (below {r.until})" if r.until else "") for r in solo.resource_priority)]]))
        if solo.assumed_schemes:
            out.append('!!! warning "Assumed for random games, not a fact"\n    The contents of these cards are unpublished; '
                       "the engine plays with the made-up cards below.\n")
            out.append(w.table(["Assumed card", "Copies", "Header icons", "Lines, top to bottom"],
                               [[s.name, s.count, ", ".join(s.icons), "; ".join(_scheme_line(x) for x in s.steps)] for s in solo.assumed_schemes]))
        for label, value in (("which effects give a future scheme", ", ".join(solo.assumed_future_scheme_for)),
                             ("its role in the solo game", solo.assumed_solo_role or "")):
            if value:
                out.append(f'!!! warning "Assumed for random games, not a fact"\n    The engine assumes {label}: {w.text(value)}.\n')
    return "\n".join(out)


def _scheme_line(step: SchemeStep) -> str:
    """One assumed scheme line in words."""
    detail = {"move": f" {step.spaces}", "place_workers": f" ({step.workers})", "gain": f" {step.what}", "flip": f" {step.what}"}
    line = step.kind.replace("_", " ") + detail.get(step.kind, "")
    return line + (" (else " + ", ".join(_scheme_line(x) for x in step.otherwise) + ")" if step.otherwise else "")
