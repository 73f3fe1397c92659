"""Caylus's own pages: buildings, the turn and the road, royal favours, the castle, and a quick
reference that repeats the numbers of all of them on one page."""

from __future__ import annotations

from catalog.kinds import ScoringRule, Variant
from games.caylus.kinds import (
    Building,
    Castle,
    CastleSection,
    Favour,
    FavourColumn,
    FavourRow,
    FavourTable,
    InnEffect,
    Phase,
    Road,
)
from games import aid
from games.caylus.favours_svg import favours_svg
from games.caylus.road_svg import road_svg
from games.plugin import PageContext

CATEGORY_TITLES = {
    "special": "Special buildings",
    "neutral": "Neutral buildings",
    "fixed": "Fixed buildings",
    "wood": "Wood buildings",
    "stone": "Stone buildings",
    "residential": "Residential buildings",
    "prestige": "Prestige buildings",
}


def buildings_page(w: PageContext) -> str:
    buildings = w.catalog.typed("buildings", Building, w.game)
    out = [
        "# Buildings\n",
        "Every building of the game with its names in English, Hungarian and Polish, cost, prestige "
        "and effect.\n",
        summary_table(w, buildings),
    ]
    for category, title in CATEGORY_TITLES.items():
        members = [b for b in buildings if b.category == category]
        if not members:
            continue
        out.append(f"## {title} {{#{w.game}.buildings.{category}}}\n")
        for b in members:
            out.append(w.entry_block(3, b, [
                ("Category", b.category),
                ("Tiles", ("unlimited; " if b.unlimited else "") + str(b.tiles) if b.tiles else "printed on the board"),
                ("Cost", w.words.bundle(b.cost) if b.cost else None),
                ("Prestige when built", b.prestige or None),
                ("Favours when built", b.favours or None),
                ("Income", w.words.bundle(b.income) if b.income else None),
                ("Effect", w.words.effect(b.effect) or None),
                ("Workers", None if b.accepts_workers else "no worker may be placed here"),
                ("Road space", b.road_space),
                ("Phase 3 order", b.activation_order),
                ("Edition", f"{b.edition}{' (option, off by default)' if b.optional else ''}" if b.edition != "1" or b.optional else None),
                ("In the rules", w.mentioned_in(b.id)),
            ]))
    return "\n".join(out)


def summary_table(w: PageContext, buildings: list[Building]) -> str:
    return w.table(["Building", "HU", "PL", "Category", "Cost", "Prestige"], (
        [w.link(b.id), b.names.hu, b.names.pl, b.category, w.words.bundle(b.cost) if b.cost else None, b.prestige or None]
        for b in buildings))


def turn_page(w: PageContext) -> str:
    phases = sorted(w.catalog.typed("phases", Phase, w.game), key=lambda p: p.order)
    roads = w.catalog.typed("roads", Road, w.game)
    scoring = w.catalog.typed("scoring_rules", ScoringRule, w.game)
    sections = {s.marker_space: s for s in w.catalog.typed("castle_sections", CastleSection, w.game)}
    out = ["# The turn, the road and the end of the game\n",
           "The phases of a turn, the road with its bridge, and how the game ends.\n",
           "## The phases {#" + w.game + ".phases}\n"]
    for p in phases:
        out.append(w.entry_block(3, p, [
            ("Order", p.order), ("Players act in", p.player_order.replace("_", " ")),
            ("Base income", w.words.bundle(p.income) if p.income else None),
            ("Provost", w.words.effect(p.provost_move) if p.provost_move else None),
            ("In short", p.summary)]))
    for road in roads:
        fixed = {f.space: f.building for f in road.fixed}
        out.append(w.entry_block(2, road, [
            ("Spaces after the bridge", road.spaces),
            ("Neutral tiles on spaces", ", ".join(map(str, road.neutral_spaces))),
            ("Bailiff and provost start on space", f"{road.bailiff_start} and {road.provost_start}"),
            ("Provost may stand on", f"spaces {road.provost_min}-{road.provost_max}"),
            ("Bailiff moves", f"{road.bailiff_steps_when_provost_ahead} when the provost is ahead of it, else {road.bailiff_steps_otherwise}"),
            ("Placement cost (passing scale)", ", ".join(map(str, road.passing_scale))),
            ("First to pass takes", w.words.bundle(road.first_pass_bonus)),
            ("Placement on one's own building", w.words.bundle(road.own_building_cost)),
            ("Owner gets, when another player places there", w.words.bundle(road.visit_owner_reward)),
            ("Turn-order spaces", road.turn_order_spaces)]))
        out.append(road_drawing(w, road))
        rows = []
        for space in range(1, road.spaces + 1):
            what = "neutral tile" if space in road.neutral_spaces else (w.link(fixed[space]) if space in fixed else "empty")
            marker = w.linked(w.link(sections[space].id) + " scoring marker") if space in sections else ""
            rows.append([space, what, marker])
        out.append("### Road spaces {#" + road.id + ".spaces}\n")
        out.append(w.table(["Space", "At the start", "Marker"], rows))
    out.append("## End of the game {#" + w.game + ".end-scoring}\n")
    for s in scoring:
        out.append(w.entry_block(3, s, [
            ("Hand in", w.words.bundle(s.per) if s.per else None),
            ("For", w.words.bundle(s.reward) if s.reward else None),
            ("Rule", s.description)]))
    return "\n".join(out)


def favours_page(w: PageContext) -> str:
    rows = sorted(w.catalog.typed("favour_rows", FavourRow, w.game), key=lambda r: r.row)
    columns = sorted(w.catalog.typed("favour_columns", FavourColumn, w.game), key=lambda c: c.column)
    cells = w.catalog.typed("favours", Favour, w.game)
    out = ["# Favour table\n", "The royal favours, row by row; how they are earned "
           "and taken is told in the rules chapter [Royal favours](rules-favours.md).\n"]
    for t in w.catalog.typed("favour_tables", FavourTable, w.game):
        out.append(w.entry_block(2, t, [
            ("Favours of one phase", "each in a different row" if t.one_row_per_favour_in_a_phase else "any row"),
            ("Order of simultaneous favours", "the player chooses" if t.player_orders_simultaneous_favours else None),
            ("Discounts", "only on the build made with the favour" if t.discounts_only_on_favour_builds else None),
            ("New columns", "open only once the scoring that unlocks them is over" if t.columns_open_after_scoring_is_over else None)]))
    out.append("## The table {#" + w.game + ".favour-table.grid}\n")
    out.append(favour_drawing(w))
    out.append(favour_grid(w))
    out.append("## Rows {#" + w.game + ".favour-rows}\n")
    for r in rows:
        out.append(w.entry_block(3, r, [("Row", r.row)]))
    out.append("## Columns {#" + w.game + ".favour-columns}\n")
    for c in columns:
        opens = w.linked(f"after the {w.link(c.opens_after)} scoring is over") if c.opens_after else "from the start"
        out.append(w.entry_block(3, c, [("Column", c.column), ("Opens", opens)]))
    out.append("## Cells {#" + w.game + ".favour-cells}\n")
    row_of = {r.id: r for r in rows}
    for f in sorted(cells, key=lambda f: (row_of[f.row].row, f.column)):
        row_name = w.catalog.get(f.row).names.en
        out.append(w.entry_block(3, f, [("Row", row_name), ("Column", f.column), ("Gives", w.words.effect(f.effect))],
                                    title=f"{row_name}, column {f.column}: {f.names.en}"))
    return "\n".join(out)


def castle_page(w: PageContext) -> str:
    castles = w.catalog.typed("castles", Castle, w.game)
    sections = sorted(w.catalog.typed("castle_sections", CastleSection, w.game), key=lambda s: s.order)
    out = ["# The castle and its scoring\n", "The parts of the castle and what building in each of them scores.\n"]
    for c in castles:
        batch = f"{c.batch.cubes} {'different ' if c.batch.distinct else ''}cubes" + (f", including {', '.join(c.batch.required)}" if c.batch.required else "")
        out.append(w.entry_block(2, c, [
            ("Worker spaces", c.worker_spaces), ("Workers per player", c.workers_per_player), ("A batch", batch),
            ("No batch given", f"lose {w.words.bundle(c.no_batch_penalty)}" + (" (not when the towers are full)" if c.no_penalty_when_full else "")),
            ("Most batches this turn", w.words.bundle(c.most_batches_reward) + (" (tie: the earliest in the castle)" if c.most_batches_tie == "earliest_in_castle" else "")),
            ("Prestige never below", c.points_floor)]))
    out.append("## Sections {#" + w.game + ".castle-sections}\n")
    out.append(w.table(["Section", "Spaces", "Prestige per batch", "Scoring marker on road space"],
                     ([s.names.en, s.spaces, s.prestige_per_batch, s.marker_space] for s in sections)))
    for s in sections:
        steps = []
        for step in s.scoring:
            houses = f"{step.houses_min}+" if step.houses_max is None else (str(step.houses_min) if step.houses_min == step.houses_max else f"{step.houses_min}-{step.houses_max}")
            steps.append([houses, w.words.bundle(step.reward) if step.reward else "nothing"])
        out.append(w.entry_block(3, s, [("Spaces", s.spaces), ("Prestige per batch", s.prestige_per_batch),
                                           ("Scoring marker", f"road space {s.marker_space}")]))
        out.append("Scoring (houses in this section → reward):\n\n" + w.table(["Houses", "Reward"], steps))
    return "\n".join(out)


def road_drawing(w: PageContext, road: Road) -> str:
    """The road drawn from its entry, the buildings it names and the castle sections' scoring marks."""
    buildings = {b.id: b for b in w.catalog.typed("buildings", Building, w.game)}
    return road_svg(road, buildings, w.catalog.typed("castle_sections", CastleSection, w.game))


def favour_drawing(w: PageContext) -> str:
    sections = {s.id: s.names.en for s in w.catalog.typed("castle_sections", CastleSection, w.game)}
    return favours_svg(w.catalog.typed("favour_rows", FavourRow, w.game), w.catalog.typed("favour_columns", FavourColumn, w.game),
                       w.catalog.typed("favours", Favour, w.game), sections, lambda f: w.words.effect(f.effect))


def favour_grid(w: PageContext, languages: bool = False) -> str:
    """The favour table, a row per favour row; ``languages`` adds the rows' Hungarian and Polish names."""
    rows = sorted(w.catalog.typed("favour_rows", FavourRow, w.game), key=lambda r: r.row)
    columns = sorted(w.catalog.typed("favour_columns", FavourColumn, w.game), key=lambda c: c.column)
    cells = {(c.row, c.column): c for c in w.catalog.typed("favours", Favour, w.game)}
    header = ["Row"] + [f"Column {c.column}" + (f" (after the {w.catalog.get(c.opens_after).names.en} scoring)" if c.opens_after else "")
                        for c in columns]
    if languages:
        header[1:1] = ["HU", "PL"]
    grid: list[list[object]] = []
    for r in rows:
        names: list[object] = [r.names.en, *([r.names.hu, r.names.pl] if languages else [])]
        grid.append(names + [w.words.effect(cells[(r.id, c.column)].effect) if (r.id, c.column) in cells else None for c in columns])
    return w.table(header, grid)


def player_aid_page(w: PageContext) -> str:
    """The player aid (games/aid.py): the turn, placement costs, the favour table, the castle and the end,
    with the Hungarian and Polish names of phases and castle sections."""
    phases = sorted(w.catalog.typed("phases", Phase, w.game), key=lambda p: p.order)
    (road,) = w.catalog.typed("roads", Road, w.game)
    (castle,) = w.catalog.typed("castles", Castle, w.game)
    sections = sorted(w.catalog.typed("castle_sections", CastleSection, w.game), key=lambda s: s.order)
    variants = w.catalog.typed("variants", Variant, w.game)
    out = aid.heading(w)
    out += ["## The turn\n",
            w.table(["#", "Phase", "HU", "PL", "Who acts", "What happens"],
                    ([p.order, w.link(p.id), p.names.hu, p.names.pl, p.player_order.replace("_", " "), p.summary] for p in phases)),
            "## Placing a worker\n"]
    scale = ", ".join(f"{n} after {i} passed" for i, n in enumerate(road.passing_scale))
    placement = [["Anywhere (lowest free passing space)", scale],
                 ["On one's own building", w.words.bundle(road.own_building_cost)]]
    for inn in w.catalog.typed("buildings", Building, w.game):
        if isinstance(inn.effect, InnEffect):
            placement.append([f"The {inn.names.en.lower()}'s right-hand occupant, anywhere", w.words.bundle(inn.effect.placement_cost)])
    placement += [["First to pass", f"takes {w.words.bundle(road.first_pass_bonus)}"],
                 ["Another player's building", f"its owner takes {w.words.bundle(road.visit_owner_reward)}"]]
    for v in variants:
        if v.placement_cost_after_opponent_passed:
            placement.append([f"{v.names.en}: after the opponent passed", w.words.bundle(v.placement_cost_after_opponent_passed)])
    out.append(w.table(["When", "Cost"], placement))
    out.append("## Royal favours\n")
    out.append(favour_grid(w, languages=True))
    out.append("## The castle\n")
    batch = f"{castle.batch.cubes} {'different ' if castle.batch.distinct else ''}cubes including {', '.join(castle.batch.required)}"
    out.append(w.table(["", ""], [["A batch", batch],
                                ["No batch given", f"lose {w.words.bundle(castle.no_batch_penalty)}"
                                                   + (" (not when the castle is full)" if castle.no_penalty_when_full else "")],
                                ["Most batches this turn", w.words.bundle(castle.most_batches_reward)
                                 + (" (tie: earliest in the castle)" if castle.most_batches_tie == "earliest_in_castle" else "")]]))
    scoring_rows = []
    for s in sections:
        steps = "; ".join((f"{st.houses_min}+" if st.houses_max is None else
                           (str(st.houses_min) if st.houses_min == st.houses_max else f"{st.houses_min}-{st.houses_max}"))
                          + f": {w.words.bundle(st.reward) if st.reward else 'nothing'}" for st in s.scoring)
        scoring_rows.append([w.link(s.id), s.names.hu, s.names.pl, s.spaces, s.prestige_per_batch, s.marker_space, steps])
    out.append(w.table(["Section", "HU", "PL", "Spaces", "Prestige per batch", "Marker on road space", "Scoring (houses: reward)"],
                       scoring_rows))
    out.append("## End of the game\n")
    out.append(w.table(["Hand in", "Scores"], ([w.words.bundle(r.per), w.words.bundle(r.reward)]
                                            for r in w.catalog.typed("scoring_rules", ScoringRule, w.game) if r.per)))
    ties = [r.description for r in w.catalog.typed("scoring_rules", ScoringRule, w.game) if r.tie_rule]
    out.extend(f"\n{w.text(t)}\n" for t in ties)
    out += aid.quick_answers(w)
    return "\n".join(out)
