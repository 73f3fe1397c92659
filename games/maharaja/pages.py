"""Maharaja's own pages: the characters and the actions of the disc (with what each player starts
with and what things cost), the board (what is known of the printed one, and each board entered as
data, drawn), and scoring (the gold table, the points of a city, the governor track and the end)."""

from __future__ import annotations

from catalog.kinds import Rule, ScoringRule
from games.grammar import count
from games.maharaja.board_svg import board_svg
from games.maharaja.kinds import (
    Board,
    BoardFacts,
    Character,
    CityPoints,
    Cost,
    DiscAction,
    GovernorTrack,
    OuterPalacePoints,
    ScoringTable,
    Starting,
)
from games.maharaja.tables import PAYEES, PAYERS, ordinal
from games.plugin import PageContext

RANKING = {"palaces_built": "most palaces built", "gold": "most gold", "lowest_character": "lowest character number"}


def yes(flag: bool) -> str:
    return "yes" if flag else "no"


def links(w: PageContext, ids: list[str]) -> str | None:
    return w.linked(", ".join(w.link(i) for i in ids)) or None


# --- characters and actions -----------------------------------------------------------------------


def characters_page(w: PageContext) -> str:
    characters = sorted(w.catalog.typed("characters", Character, w.game), key=lambda c: c.number)
    actions = sorted(w.catalog.typed("disc_actions", DiscAction, w.game), key=lambda a: a.order)
    out = ["# Characters and actions\n",
           "The character cards and the nine actions of the action disc, what each player starts with, and "
           "what building and travel cost.\n",
           f"## The characters {{#{w.game}.character-cards}}\n",
           "The number sets the turn order (lowest first) and settles every tie.\n",
           w.table(["No.", "Character", "HU", "Ability", "Advanced game only"],
                   ([c.number, w.link(c.id), c.names.hu, w.words.effect(c.ability), yes(c.advanced_only)] for c in characters)),
           f"## The actions of the disc {{#{w.game}.disc}}\n",
           "Each turn a player marks two actions on their disc; an action chit (advanced game) buys one more.\n",
           w.table(["Order", "Action", "HU", "What it does", "With an action chit"],
                   ([a.order, w.link(a.id), a.names.hu, w.words.effect(a.effect), yes(a.chit_allowed)] for a in actions))]
    out.append(f"## Character cards {{#{w.game}.character-entries}}\n")
    for c in characters:
        out.append(w.entry_block(3, c, [("Number", c.number), ("Ability", w.words.effect(c.ability)),
                                        ("Only in the advanced games", "yes" if c.advanced_only else None),
                                        ("Rule", w.link(c.rule))], title=f"{c.number} {c.names.en}"))
    out.append(f"## Disc actions {{#{w.game}.action-entries}}\n")
    costs = w.catalog.typed("costs", Cost, w.game)
    for a in actions:
        paid = [k.id for k in costs if a.rule in k.applies_to]
        out.append(w.entry_block(3, a, [("Order on the disc", a.order), ("What it does", w.words.effect(a.effect)),
                                        ("In the engine's notation", a.slug),
                                        ("With an action chit", yes(a.chit_allowed)),
                                        ("Costs", links(w, paid)), ("Rule", w.link(a.rule))]))
    out += startings_section(w) + costs_section(w, costs)
    return "\n".join(out)


def startings_section(w: PageContext) -> list[str]:
    out = []
    for s in w.catalog.typed("startings", Starting, w.game):
        out.append(w.entry_block(2, s, [
            ("Gold", s.gold),
            ("Palaces", f"{s.palaces} ({s.palaces_short_game} in the shorter game)"),
            ("Houses", f"{s.houses_per_colour} of the player's colour: {s.houses_in_villages} go into villages, "
                       f"{s.houses_to_reserve} into the reserve, the rest stay in the bank"),
            ("Action chits in the bank (advanced game)", s.action_chits),
            ("Colours", ", ".join(s.colours))], title="What each player starts with"))
    return out


def costs_section(w: PageContext, costs: list[Cost]) -> list[str]:
    if not costs:
        return []
    out = [f"## Costs {{#{w.game}.costs}}\n",
           w.table(["What", "Gold", "Per", "Who pays", "Who is paid"],
                   ([w.link(c.id), c.gold, c.per, PAYERS[c.payer], PAYEES[c.payee]] for c in costs))]
    for c in costs:
        out.append(w.entry_block(3, c, [("Gold", f"{c.gold} per {c.per}"),
                                        ("Paid", f"by {PAYERS[c.payer]} to {PAYEES[c.payee]}"),
                                        ("Applies to", links(w, c.applies_to))]))
    return out


# --- the board ------------------------------------------------------------------------------------


def board_page(w: PageContext) -> str:
    out = ["# The board\n",
           "What is known of the printed board, then the boards the rules engine plays its examples on.\n"]
    for f in w.catalog.typed("board_facts", BoardFacts, w.game):
        known = "; ".join(f"{k.name or 'an unnamed city'}: {k.colour}, {k.position} (source: {w.source_name(k.source)})" for k in f.known_cities)
        out.append(w.entry_block(2, f, [
            ("Cities", f.cities), ("Start spaces", f.start_spaces), ("Villages", f.villages),
            ("Palace sites in each city", f"{f.inner_sites_per_city} inner, {f.outer_sites_per_city} outer"),
            ("Houses a village holds", f"{f.village_capacity} ({f.village_capacity_two_players} with two players)"),
            ("Villages on a road", span(f.villages_per_road.min, f.villages_per_road.max)),
            ("Roads at each city and at the start space", span(f.roads_per_junction.min, f.roads_per_junction.max)),
            ("Known cities", known or None),
            ("The roads", "unknown" if f.roads is None else None),
            ("Which character's portrait is beside which city", "unknown" if f.home_pairing is None else None)]))
    for b in w.catalog.typed("boards", Board, w.game):
        names = {b.start.slug: b.start.names.en, **{c.slug: c.names.en for c in b.cities}}
        out.append(w.entry_block(2, b, [("Cities", ", ".join(c.names.en for c in b.cities)),
                                        ("Villages", len(b.villages)), ("Roads", len(b.roads))]))
        if b.assumed:
            out.append(f'!!! warning "Assumed board, not the printed one"\n\n    {w.text(b.assumption_note)}\n')
        out.append(board_svg(b))
        out.append(w.table(["Road", "From", "To", "Villages, in order from the first end"],
                           ([w.linked(f"`{w.text(r.slug)}`"), names[r.ends[0]], names[r.ends[1]], ", ".join(r.villages)]
                            for r in b.roads)))
    return "\n".join(out)


def span(low: int, high: int) -> str:
    return str(low) if low == high else f"{low} to {high}"


# --- scoring, the governor track and the end ---------------------------------------------------


def scoring_page(w: PageContext) -> str:
    out = ["# Scoring, the governor track and the end\n",
           "What the Maharaja pays in the city he visits, how a player's points there are counted, how the "
           "governor track decides where he goes, and how the game ends.\n"]
    out += gold_section(w) + points_section(w) + governor_section(w)
    out.append(end_section(w))
    return "\n".join(out)


def gold_section(w: PageContext) -> list[str]:
    tables = sorted(w.catalog.typed("scoring_tables", ScoringTable, w.game), key=lambda t: t.players)
    if not tables:
        return []
    ranks = max(len(t.gold_by_rank) for t in tables)
    bonus = {t.monopoly_bonus for t in tables}
    zero = {t.zero_points_gold for t in tables}
    # a column that is the same in every row becomes a sentence (seven columns overflow the page at 1280px)
    rows = [[t.players, *(t.gold_by_rank + [None] * (ranks - len(t.gold_by_rank))),
             *([f"+{t.monopoly_bonus}"] if len(bonus) > 1 else [])] for t in tables]
    headers = ["Players", *(ordinal(i) for i in range(1, ranks + 1)), *(["Monopoly bonus"] if len(bonus) > 1 else [])]
    out = [f"## Gold by rank {{#{w.game}.gold-by-rank}}\n",
           "Gold for each player in the scored city, by rank in points (ties: the lower character number ranks "
           "higher).\n", w.table(headers, rows)]
    extra = [f"**Monopoly:** a player alone in the city gets +{next(iter(bonus))} gold on top of the table amount, "
             "at every player count." if len(bonus) == 1 else "**Monopoly:** a player alone in the city also gets the bonus.",
             f"A player with no points in the city gets {next(iter(zero))} gold." if len(zero) == 1 else ""]
    out.append(" ".join(e for e in extra if e) + "\n")
    out.append(f"### Where each row comes from {{#{w.game}.gold-by-rank.sources}}\n")
    for t in tables:
        out.append(w.entry_block(4, t, [], title=f"{t.players} players"))
    return out


def points_section(w: PageContext) -> list[str]:
    out = []
    sadhu = [(c, c.ability) for c in w.catalog.typed("characters", Character, w.game) if isinstance(c.ability, OuterPalacePoints)]
    for p in w.catalog.typed("city_points", CityPoints, w.game):
        facts: list[tuple[str, object]] = [("The player's architect in the city", points(p.architect)),
                                           ("Each house", points(p.house)), ("Each outer palace", points(p.outer_palace))]
        facts += [(f"Each outer palace of the {w.text(c.names.en)}'s holder", points(a.points)) for c, a in sadhu]
        facts += [("Each inner palace", points(p.inner_palace)),
                  ("Holding the city's home character (advanced game 1)", points(p.home_character))]
        out.append(w.entry_block(2, p, facts, title="Points in the scored city"))
    return out


def points(n: int) -> str:
    return f"{n} point{'' if n == 1 else 's'}"


def governor_section(w: PageContext) -> list[str]:
    rules = sorted((r for r in w.catalog.typed("rules", Rule, w.game) if r.section == "governor"), key=lambda r: r.order)
    out = []
    for g in w.catalog.typed("governor_tracks", GovernorTrack, w.game):
        out.append(w.entry_block(2, g, [
            ("Start spaces", f"{g.start_spaces}, below space 1: the markers start there, shuffled"),
            ("Numbered spaces", f"1 to {g.numbered_spaces}"),
            ("Governor markers", f"{g.markers}, one for each city; the lowest names the city scored next"),
            ("The Governor Track action", f"moves one marker {count(g.move_down_spaces, 'space')} down; each marker it jumps "
                                          f"over moves {g.passed_markers_move_up} space up"),
            ("Empty spaces", "count as spaces when a marker moves" if g.empty_spaces_count else "are skipped when a marker moves"),
            ("End of the game", f"a marker put on space {g.end_space} ends the game after that round"),
            ("Shorter game", f"ends after round {g.short_game_last_round} at the latest"),
            ("The rules", links(w, [r.id for r in rules]))]))
    return out


def end_section(w: PageContext) -> str:
    """How the game ends and who wins, with every tie-break."""
    out = [f"## The end of the game {{#{w.game}.end}}\n"]
    for rule in w.catalog.typed("scoring_rules", ScoringRule, w.game):
        ranking = ", then ".join(RANKING.get(r, r.replace("_", " ")) for r in rule.ranking)
        out.append(w.entry_block(3, rule, [("Ranked by", ranking or None), ("What happens", rule.description)]))
    return "\n".join(out)
