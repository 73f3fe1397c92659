"""The Builders Duel's own page: years and the card offer, seals, building costs and sections, the
decks (with the composition assumed for random games) and the end of the game."""

from __future__ import annotations

from catalog.kinds import ScoringRule
from catalog.kinds import Setup
from games.duel.building_svg import building_svg
from games.duel.kinds import BuildingSection, ConstructionRule, Deck, RoundStructure, Seal
from games.duel.offer_svg import offer_svg
from games.plugin import PageContext


def building_page(w: PageContext) -> str:
    """Years and the offer, seals, building costs and sections, decks and the end."""
    out = ["# Years, seals and building\n", "Every number here names its source.\n"]
    for r in w.catalog.typed("round_structures", RoundStructure, w.game):
        out.append(w.entry_block(2, r, [
            ("Years", r.years), ("Rounds a year", r.rounds_per_year), ("Offer", f"{r.grid_rows} × {r.grid_columns} cards"),
            ("Markers per player", r.markers_per_player), ("Conflict ties go to", r.conflict_tie_goes_to.replace("_", " "))]))
        first = next((s.first_player for s in w.catalog.typed("setups", Setup, w.game) if s.first_player), None)
        out.append(offer_svg(r, w.catalog.typed("decks", Deck, w.game), first))
    seals = w.catalog.typed("seals", Seal, w.game)
    if seals:
        out.append(f"## Seals {{#{w.game}.seals}}\n")
        for seal in seals:
            out.append(w.entry_block(3, seal, [
                ("Faces", " / ".join(map(str, seal.faces))), ("In the box", seal.count),
                ("Personal", "yes" if seal.personal else None), ("Each player starts with", seal.per_player_at_start)]))
    for c in w.catalog.typed("construction_rules", ConstructionRule, w.game):
        costs = w.table(["Materials placed in one round", "Gold"], [[i, g] for i, g in enumerate(c.cost_by_materials, start=1)])
        out.append(w.entry_block(2, c, [("Materials per section", c.materials_per_section),
                                           ("Sections worked on per round", c.sections_per_round)]) + "\n" + costs + "\n")
    sections = w.catalog.typed("building_sections", BuildingSection, w.game)
    if sections:
        out.append(f"## Building sections {{#{w.game}.building-sections}}\n")
        construction = next(iter(w.catalog.typed("construction_rules", ConstructionRule, w.game)), None)
        out.append(building_svg(sections, construction, w.words.effect, lambda slug: w.words.resource_name(slug, 1)))
        for b in sections:
            out.append(w.entry_block(3, b, [
                ("Player", b.player), ("Section", b.numeral),
                ("Materials", ", ".join(b.materials) if b.materials else "unknown (only pictured)"),
                ("First to finish it gets", w.words.effect(b.reward))]))
    for d in w.catalog.typed("decks", Deck, w.game):
        rows = [[w.link(a.card), a.count, ", ".join(f"{k}={v}" for k, v in a.printed.items()) or "",
                 a.colour or "", "" if a.one_use is None else ("yes" if a.one_use else "no")] for a in d.assumed]
        out.append(w.entry_block(2, d, [("Cards", d.size), ("Used in years", ", ".join(map(str, d.years)))]))
        out.append(f'!!! warning "Assumed for random games, not a fact"\n    {w.text(d.assumption_note)}\n')
        out.append(w.table(["Card", "Copies", "Printed values", "Frame", "1x"], rows) + "\n")
    for rule in w.catalog.typed("scoring_rules", ScoringRule, w.game):
        out.append(w.entry_block(2, rule, [("Ranking, most first", " → ".join(rule.ranking) or None),
                                              ("What happens", rule.description)]))
    return "\n".join(out)
