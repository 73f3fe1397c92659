"""The Builders Duel's player aid (games/aid.py): years and the round, the seal conflict, the card
types and text cards, seals, raws and materials, building costs and section rewards, and the end, each
with its Hungarian name, every number read from the catalogs."""

from __future__ import annotations

from catalog.kinds import Resource, ScoringRule, Setup, Variant
from games import aid
from games.duel.kinds import BuildingSection, ConstructionRule, Deck, DuelCard, RoundStructure, Seal
from games.plugin import PageContext

YEARS_RULE = "duel.round.years"
"""Years and decks: the aid's first table says it, from the round structure and the decks."""
TIE_RULE = "duel.conflict.tie"
"""Who wins a tied conflict: the first table says it, from the round structure."""
COST_RULE = "duel.building.cost"
"""What building costs: the aid's building table says it, from the construction rule."""
END_RULE = "duel.end.after-year-four"
"""The ranking after the fourth year: the aid's end table says it, from the scoring rule."""
RANKING = {"sections_finished": "more finished sections", "materials_on_buildings": "more material markers on the building cards",
           "gold": "more gold"}


def player_aid_page(w: PageContext) -> str:
    out = aid.heading(w)
    out += years(w)
    out += ["## A round\n", aid.rule_steps(w, ("round",), leave_out=(YEARS_RULE,)),
            "## The seal conflict\n", aid.rule_steps(w, ("conflict",), leave_out=(TIE_RULE,))]
    out += cards(w) + pieces(w) + building(w) + end(w)
    out += aid.quick_answers(w, ("round", "conflict"), covered=(COST_RULE, END_RULE))
    return "\n".join(out)


def years(w: PageContext) -> list[str]:
    rows: list[list[object]] = []
    for r in w.catalog.typed("round_structures", RoundStructure, w.game):
        rows += [["Years", f"{r.years}, of {r.rounds_per_year} rounds each"],
                 ["The offer", f"{r.grid_rows * r.grid_columns} cards in a {r.grid_rows} × {r.grid_columns} grid; "
                               f"{r.markers_per_player} character markers each claim a line"],
                 ["A tied conflict goes to", "the " + r.conflict_tie_goes_to.replace("_", " ")]]
    rows += [[f"{d.names.en} ({d.names.hu})", f"{d.size} cards, years {', '.join(map(str, d.years))}"]
             for d in w.catalog.typed("decks", Deck, w.game)]
    for s in w.catalog.typed("setups", Setup, w.game):
        rows.append(["Each player starts with", ", ".join(w.words.bundle({k: v}) for k, v in s.starting_resources.items())
                     + (f"; {s.first_player} starts" if s.first_player else "")])
    return ["## Years and decks\n", w.table(["", ""], rows)] if rows else []


def cards(w: PageContext) -> list[str]:
    all_cards = w.catalog.typed("cards", DuelCard, w.game)
    kinds: dict[str, DuelCard] = {}
    for c in all_cards:
        if c.card_type != "text":
            kinds.setdefault(c.card_type, c)
    texts = sorted((c for c in all_cards if c.card_type == "text"), key=lambda c: (c.deck, c.names.en))
    # the long table of text cards first: it may go on over the next sheet, and fills the first one
    return ["## Advantage cards\n",
            w.table(["Text card (deck)", "HU", "What it does"],
                    ([w.linked(w.link(c.id) + f" ({', '.join(w.text(m) for m in marks(c))})"), c.names.hu, w.words.effect(c.effect)]
                     for c in texts)),
            "\n" + w.table(["Other cards", "HU", "What it does"],
                           ([w.link(c.id, c.card_type), c.names.hu, w.words.effect(c.effect)] for c in kinds.values()))]


def marks(card: DuelCard) -> list[str]:
    """What goes beside a text card's name: its deck, a personal card's colour, a delayed card's 1x."""
    return [m for m in (card.deck, card.colour if card.colour in ("blue", "red") else None, "1x" if card.one_use else None) if m]


def pieces(w: PageContext) -> list[str]:
    seals = w.catalog.typed("seals", Seal, w.game)
    resources = {r.id.rsplit(".", 1)[1]: r for r in w.catalog.typed("resources", Resource, w.game)}
    raws = [r for r in resources.values() if r.resource_class == "raw"]
    each = {s.per_player_at_start for s in seals}
    line = "; ".join(f"{w.text(s.names.en)}{f' ({w.text(s.names.hu)})' if s.names.hu else ''}: faces {' / '.join(map(str, s.faces))}, "
                     f"{s.count} in the box" for s in seals)
    out = ["## Seals, raws and materials\n",
           f"**Seals**: {line}." + (f" Each player starts with {next(iter(each))} of each kind." if len(each) == 1 else "") + "\n"]
    if raws:
        out.append("\n" + w.table(["Raw", "HU", "Becomes", "HU", "Markers each", "In the camp at the start"],
                                  ([r.names.en, r.names.hu, resources[r.other_side].names.en if r.other_side in resources else None,
                                    resources[r.other_side].names.hu if r.other_side in resources else None,
                                    r.per_player, r.start_in_camp] for r in raws)))
    return out


def building(w: PageContext) -> list[str]:
    out = ["## Building\n"]
    for c in w.catalog.typed("construction_rules", ConstructionRule, w.game):
        gold = ", ".join(f"{n} for {g} gold" for n, g in enumerate(c.cost_by_materials, start=1))
        out.append(f"**Materials placed in one round**: {gold}. A section takes {c.materials_per_section} materials; a player "
                   f"works on {c.sections_per_round} section{'s' if c.sections_per_round > 1 else ''} a round.\n")
    # both players' sections of one numeral usually give the same reward: one row for them, else one each
    rows: dict[tuple[str, str], list[BuildingSection]] = {}
    for b in w.catalog.typed("building_sections", BuildingSection, w.game):
        rows.setdefault((b.numeral, w.words.effect(b.reward)), []).append(b)
    out.append(w.table(["Section", "HU", "First to finish it gets"],
                       ([w.linked(w.text(numeral) + " (" + ", ".join(w.link(b.id, b.player) for b in group) + ")"),
                         " / ".join(sorted({b.names.hu or "" for b in group})), reward] for (numeral, reward), group in rows.items())))
    return out


def end(w: PageContext) -> list[str]:
    rows = [[w.link(r.id), "; then ".join(RANKING.get(k, k.replace("player:", "the ") + " player") for k in r.ranking) or r.description]
            for r in w.catalog.typed("scoring_rules", ScoringRule, w.game)]
    rows += [[w.link(v.id), v.description] for v in w.catalog.typed("variants", Variant, w.game)]
    return ["## The end of the game and the variant\n", w.table(["", ""], rows)] if rows else []
