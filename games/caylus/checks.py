"""Rules that span Caylus entries: what the engine (engine/caylus) assumes of the catalog, checked by
``kb validate`` before any engine reads it, so that no edit of the catalog can make the engine crash,
hang or silently play another game.

The board's parts (road, castle, favour table, phases, setup, variants, scoring) are here; the
buildings' and favours' effects are in :mod:`games.caylus.effect_checks`. Every range is read from
the catalog itself (a road has as many spaces as its entry says), never from a number of ours.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence

from catalog import Catalog
from catalog.kinds import Game, Resource, ScoringRule, Setup, Variant
from catalog.model import Entry, Path_
from games.caylus.effect_checks import amount_problems, building_problems, concrete_problems, favour_cell_problems
from games.caylus.kinds import Building, Castle, CastleSection, FavourColumn, FavourRow, FavourTable, Phase, Road

GAME = "caylus"
Problem = tuple[str, Path_, str]
ENGINE_PHASES = ("income", "provost")
"""Phases the engine looks up by slug: the income paid to everyone, and how far the provost moves."""
ENGINE_RULES = (
    "caylus.end.trigger", "caylus.favours.columns", "caylus.favours.same-phase", "caylus.favours.table",
    "caylus.phase2.castle", "caylus.phase2.order", "caylus.phase2.placement-cost", "caylus.phase2.where",
    "caylus.phase3.order", "caylus.phase4.provost", "caylus.phase6.batches", "caylus.phase6.most-batches",
    "caylus.scoring.sections", "caylus.setup.preparation", "caylus.setup.starting-money")
"""Rules the engine cites by id in its decisions and refusals (tests/test_caylus_catalog_checks.py
keeps this list equal to the ids written in engine/caylus): renamed, each would be a dangling citation.
(The engine's ``notation_rule``, caylus.notation, names no rule of the catalog yet: left out until one is written.)"""
MAX_NEUTRAL = 8
"""The engine lists every order of the neutral tiles as chance's choices (6 tiles: 720 orders; 9
would be 362,880, and a dozen half a billion): more than 8 is refused, not listed for hours."""
MAX_ROAD = 100
"""Every position holds the road as a list, and every placement scans it: the printed road has 28
spaces; a road of thousands is a typo, of a billion a memory blow-up."""


def _slug(entry_id: str) -> str:
    return entry_id.rsplit(".", 1)[1]


def _shown(path: Path_) -> str:
    """A field path as the messages write it: ``fixed[1].space``."""
    return "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path).lstrip(".")


def _only_one(found: Sequence[Entry], what: str, anchor: str) -> Iterator[Problem]:
    """The engine reads the first entry of some kinds: there must be exactly one."""
    if not found:
        yield anchor, ("id",), f"Caylus needs {what} entry (the engine reads it); none is in the catalog"
    for extra in found[1:]:
        yield extra.id, ("id",), f"Caylus has one {what.split(' ', 1)[1]}: the engine would read {found[0].id!r} and ignore this one"


def _unique(entries: Sequence[Entry], number: str, label: str) -> Iterator[Problem]:
    """A field the engine sorts or keys on must not repeat (the second would be dropped or misordered)."""
    seen: dict[object, str] = {}
    for entry in entries:
        value = getattr(entry, number)
        if value in seen:
            yield entry.id, (number,), f"{label} {value} is also that of {seen[value]!r}: each {number} is used once"
        else:
            seen[value] = entry.id


def road_problems(road: Road, buildings: dict[str, Building], in_play_neutral: list[str]) -> Iterator[tuple[Path_, str]]:
    spaces = road.spaces
    if spaces > MAX_ROAD:
        yield ("spaces",), f"{spaces} spaces: at most {MAX_ROAD} (the printed road has 28; a longer one is a typo)"
        return
    used: dict[int, Path_] = {}
    for i, space in enumerate(road.neutral_spaces):
        if not 1 <= space <= spaces:
            yield ("neutral_spaces", i), f"space {space} is off the road: it has spaces 1 to {spaces} (spaces)"
        elif space in used:
            yield ("neutral_spaces", i), f"space {space} is listed twice"
        used.setdefault(space, ("neutral_spaces", i))
    placed: Counter[str] = Counter()
    for i, fixed in enumerate(road.fixed):
        sound = 1 <= fixed.space <= spaces and fixed.space not in used
        if not 1 <= fixed.space <= spaces:
            yield ("fixed", i, "space"), f"space {fixed.space} is off the road: it has spaces 1 to {spaces} (spaces)"
        elif fixed.space in used:
            yield ("fixed", i, "space"), f"space {fixed.space} already holds a building ({_shown(used[fixed.space])})"
        used.setdefault(fixed.space, ("fixed", i, "space"))
        building = buildings.get(_slug(fixed.building))
        if building is None or building.id != fixed.building:
            yield ("fixed", i, "building"), f"{fixed.building!r} is not a Caylus building"
            continue
        placed[building.id] += 1
        if building.category != "fixed":
            yield ("fixed", i, "building"), f"{building.id!r} is a {building.category} building; only fixed buildings are printed on the road"
        elif sound and building.road_space is not None and building.road_space != fixed.space:
            yield ("fixed", i, "space"), f"{building.id!r} says its road_space is {building.road_space}, the road puts it on {fixed.space}"
        if placed[building.id] == 2:
            yield ("fixed", i, "building"), f"{building.id!r} is printed on the road once"
    for building in buildings.values():
        if building.category == "fixed" and not placed[building.id]:
            yield ("fixed",), f"the fixed building {building.id!r} has no space on the road (add it to fixed)"
    if len(in_play_neutral) != len(road.neutral_spaces):
        yield ("neutral_spaces",), (f"{len(road.neutral_spaces)} neutral spaces for {len(in_play_neutral)} neutral buildings: "
                                    "each neutral tile is laid on a space of its own")
    if len(in_play_neutral) > MAX_NEUTRAL:
        yield ("neutral_spaces",), f"{len(in_play_neutral)} neutral tiles: at most {MAX_NEUTRAL} (the engine lists every order they can be laid in)"
    # the provost stands between its bounds; the bailiff drags it along the road to the last space
    if not 1 <= road.provost_min <= road.bailiff_start:
        yield ("provost_min",), f"{road.provost_min}: the provost's lowest space is 1 to bailiff_start ({road.bailiff_start})"
    if road.provost_max != spaces:
        yield ("provost_max",), f"{road.provost_max}: the provost follows the bailiff to the last space, so provost_max is spaces ({spaces})"
    if not road.provost_min <= road.provost_start <= road.provost_max:
        yield ("provost_start",), f"space {road.provost_start} is off the provost's range {road.provost_min}-{road.provost_max} (provost_min, provost_max)"
    if not 1 <= road.bailiff_start <= spaces:
        yield ("bailiff_start",), f"space {road.bailiff_start} is off the road: it has spaces 1 to {spaces} (spaces)"
    for name in ("bailiff_steps_when_provost_ahead", "bailiff_steps_otherwise"):
        steps = getattr(road, name)
        if not 1 <= steps <= spaces:  # a bailiff that stands still may never end the game
            yield (name,), f"{steps}: the bailiff moves 1 to {spaces} spaces a turn (else the game may never end)"
    if not road.passing_scale:
        yield ("passing_scale",), "the passing scale needs at least one cost (what placing a worker costs)"
    for i, cost in enumerate(road.passing_scale):
        if not 0 <= cost <= 1000:
            yield ("passing_scale", i), f"{cost}: a placement costs 0 to 1000 deniers"
    if set(road.own_building_cost) != {"deniers"}:
        yield ("own_building_cost",), "the engine charges deniers only: write {deniers: N}"


def castle_problems(castle: Castle, cubes: list[str]) -> Iterator[tuple[Path_, str]]:
    batch = castle.batch
    if not batch.distinct:
        yield ("batch", "distinct"), "the engine only knows batches of different cubes (distinct: true)"
    if not 1 <= batch.cubes <= len(cubes):
        yield ("batch", "cubes"), f"{batch.cubes} different cubes: there are {len(cubes)} kinds ({', '.join(cubes)})"
    for i, name in enumerate(batch.required):
        if name not in cubes:
            yield ("batch", "required", i), f"{name!r} is not a cube ({', '.join(cubes)})"
    if len(set(batch.required)) > batch.cubes:
        yield ("batch", "required"), f"a batch of {batch.cubes} cubes cannot hold {len(set(batch.required))} required ones"
    if castle.workers_per_player != 1:
        yield ("workers_per_player",), "the engine lets one worker of each player into the castle: write 1"
    if castle.points_floor != 0:
        yield ("points_floor",), "the engine never lets prestige drop below 0: write 0"
    if set(castle.most_batches_reward) - {"favours"}:
        yield ("most_batches_reward",), "the engine gives the most batches favours only: write {favours: N}"
    if castle.worker_spaces < 0:
        yield ("worker_spaces",), f"{castle.worker_spaces} is negative"


def section_problems(sections: list[CastleSection], road: Road | None) -> Iterator[Problem]:
    yield from _unique(sections, "order", "order")
    ordered = sorted(sections, key=lambda s: s.order)
    for before, section in zip(ordered, ordered[1:]):
        if section.marker_space <= before.marker_space:
            yield section.id, ("marker_space",), (f"space {section.marker_space} is not past {before.id!r}'s marker ({before.marker_space}): "
                                                  "the sections are scored in order along the road")
    for section in sections:
        if road is not None and section.marker_space > road.spaces:
            yield section.id, ("marker_space",), f"space {section.marker_space} is off the road: it has spaces 1 to {road.spaces}"
        if section.prestige_per_batch < 0:
            yield section.id, ("prestige_per_batch",), f"{section.prestige_per_batch} is negative"
        expected = 0  # every count of houses, from 0 on, falls in exactly one step
        for i, step in enumerate(section.scoring):
            if step.houses_min != expected:
                yield section.id, ("scoring", i, "houses_min"), f"{step.houses_min}: the steps cover every count of houses in order, this one starts at {expected}"
                break
            if step.houses_max is None:
                if i != len(section.scoring) - 1:
                    yield section.id, ("scoring", i, "houses_max"), "only the last step is open-ended (no houses_max)"
                break
            if step.houses_max < step.houses_min:
                yield section.id, ("scoring", i, "houses_max"), f"{step.houses_max} is below houses_min ({step.houses_min})"
                break
            expected = step.houses_max + 1
        else:
            yield section.id, ("scoring",), f"the last step needs no houses_max: a player with {expected} houses or more scores nothing"


def favour_table_problems(rows: list[FavourRow], columns: list[FavourColumn], sections: list[CastleSection],
                          table: FavourTable | None) -> Iterator[Problem]:
    yield from _unique(rows, "row", "row")
    yield from _unique(columns, "column", "column")
    numbers = sorted(c.column for c in columns)
    if numbers and numbers != list(range(1, len(numbers) + 1)):
        yield columns[0].id, ("column",), f"the favour columns are numbered 1 to {len(numbers)}, once each; the catalog has {numbers}"
    order = {s.id: s.order for s in sections}
    opened = 0
    for column in sorted(columns, key=lambda c: c.column):
        if column.opens_after is not None and column.opens_after not in order:
            yield column.id, ("opens_after",), f"{column.opens_after!r} is not a castle section"
            continue
        after = order.get(column.opens_after or "", 0)
        if after < opened:  # the engine opens every column up to the highest open one
            yield column.id, ("opens_after",), "a column opens after the one to its left, never before"
        opened = max(opened, after)
    if table is not None:
        for name in ("one_row_per_favour_in_a_phase", "player_orders_simultaneous_favours",
                     "discounts_only_on_favour_builds", "columns_open_after_scoring_is_over"):
            if not getattr(table, name):
                yield table.id, (name,), "the engine plays the rule as printed (true); false would be ignored"


def setup_problems(setup: Setup, game: Game | None, cubes: list[str]) -> Iterator[tuple[Path_, str]]:
    workers = setup.per_player.get("worker")
    if workers is None:
        yield ("per_player",), "the engine needs the workers each player has: per_player: {worker: N}"
    elif not 1 <= workers <= 100:
        yield ("per_player", "worker"), f"{workers}: each player has 1 to 100 workers"
    if game is not None and len(setup.starting_deniers_by_turn_order) < game.players_max:
        yield ("starting_deniers_by_turn_order",), (f"{len(setup.starting_deniers_by_turn_order)} amounts for up to "
                                                    f"{game.players_max} players (players_max): one per seat")
    for name in setup.starting_resources:
        if name not in cubes:
            yield ("starting_resources", name), f"players start with cubes only ({', '.join(cubes)}); not {name!r}"


def variant_problems(variant: Variant, buildings: dict[str, Building], game: Game | None,
                     catalog: Catalog) -> Iterator[tuple[Path_, str]]:
    for field_name in ("disables", "enables"):
        for i, ref in enumerate(getattr(variant, field_name)):
            building = buildings.get(_slug(ref))
            if building is None or building.id != ref:
                if field_name == "enables" or catalog.kind_of(ref).key != "favour_tables":
                    yield (field_name, i), f"{ref!r} is not a Caylus building (a variant {field_name} buildings)"
            elif building.category == "neutral":
                yield (field_name, i), "the neutral tiles fill the neutral spaces: a variant may not add or remove one"
            elif field_name == "enables" and not building.optional:
                yield (field_name, i), f"{ref!r} is always in play (only an optional building is enabled)"
    seats = max(variant.player_counts, default=game.players_max if game else 0)
    if variant.starting_deniers_by_turn_order and len(variant.starting_deniers_by_turn_order) < seats:
        yield ("starting_deniers_by_turn_order",), f"{len(variant.starting_deniers_by_turn_order)} amounts for up to {seats} players: one per seat"
    cost = variant.placement_cost_after_opponent_passed
    if cost is not None and set(cost) != {"deniers"}:
        yield ("placement_cost_after_opponent_passed",), "the engine charges deniers only: write {deniers: N}"


def scoring_problems(rule: ScoringRule, resources: dict[str, Resource]) -> Iterator[tuple[Path_, str]]:
    if rule.per is None and rule.reward is None:
        return
    if rule.per is None or rule.reward is None:
        yield (("reward",) if rule.reward is None else ("per",)), "a scoring rule hands in 'per' for a 'reward': give both"
        return
    if len(rule.per) != 1:
        yield ("per",), "one resource is handed in per reward, like {gold: 1}"
    for name, amount in rule.per.items():
        if amount < 1:
            yield ("per", name), f"{amount}: at least 1 is handed in per reward"
        if resources[name].resource_class not in ("cube", "wildcard", "money", "points"):
            yield ("per", name), f"{name!r} is not something a player holds at the end"
    if set(rule.reward) != {"prestige"}:
        yield ("reward",), "the end of the game scores prestige only: write {prestige: N}"


def wildcard_problems(resources: dict[str, Resource]) -> Iterator[Problem]:
    """A wildcard stands for cubes: the engine offers one choice per cube it matches."""
    cubes = [name for name, r in resources.items() if r.resource_class == "cube"]
    for name, resource in resources.items():
        if resource.resource_class != "wildcard":
            continue
        if not resource.matches:
            yield resource.id, ("matches",), "a wildcard matches at least one cube (else nothing can be chosen for it)"
        for i, match in enumerate(resource.matches):
            if match not in cubes:
                yield resource.id, ("matches", i), f"{match!r} is not a cube ({', '.join(cubes)})"


def phase_problems(phases: list[Phase], anchor: str, road: Road | None = None) -> Iterator[Problem]:
    yield from _unique(phases, "order", "order")
    by_slug = {_slug(p.id): p for p in phases}
    for name in ENGINE_PHASES:
        if name not in by_slug:
            yield anchor, ("id",), f"the engine looks up the phase 'caylus.phase.{name}'; it is not in the catalog"
    for phase in phases:
        if phase.provost_move is not None and _slug(phase.id) != "provost":
            yield phase.id, ("provost_move",), "only the provost phase (caylus.phase.provost) moves the provost"
        if phase.income and _slug(phase.id) != "income":
            yield phase.id, ("income",), "only the income phase (caylus.phase.income) pays income"
    provost = by_slug.get("provost")
    if provost is not None and provost.provost_move is None:
        yield provost.id, ("id",), "the provost phase says how the provost moves (provost_move)"
    elif provost is not None and provost.provost_move is not None and road is not None \
            and provost.provost_move.max_spaces > road.spaces:  # every distance up to it is listed
        yield provost.id, ("provost_move", "max_spaces"), f"{provost.provost_move.max_spaces}: the provost moves at most the road's {road.spaces} spaces"


def catalog_problems(catalog: Catalog) -> Iterator[Problem]:
    games = catalog.typed("games", Game, GAME)
    if not games:
        return
    game = games[0]
    resources = {_slug(r.id): r for r in catalog.typed("resources", Resource, GAME)}
    cubes = [name for name, r in resources.items() if r.resource_class == "cube"]
    buildings = {_slug(b.id): b for b in catalog.typed("buildings", Building, GAME)}
    roads = catalog.typed("roads", Road, GAME)
    castles = catalog.typed("castles", Castle, GAME)
    tables = catalog.typed("favour_tables", FavourTable, GAME)
    setups = catalog.typed("setups", Setup, GAME)
    sections = catalog.typed("castle_sections", CastleSection, GAME)
    rows = catalog.typed("favour_rows", FavourRow, GAME)
    columns = catalog.typed("favour_columns", FavourColumn, GAME)
    for found, what in ((roads, "a road"), (castles, "a castle"), (tables, "a favour table"), (setups, "a setup")):
        yield from _only_one(found, what, game.id)
    for kinds, what in ((sections, "castle section"), (rows, "favour row"), (columns, "favour column")):
        if not kinds:
            yield game.id, ("id",), f"Caylus needs at least one {what} (the engine reads them); none is in the catalog"
    road = roads[0] if roads else None
    neutral = sorted(s for s, b in buildings.items() if b.category == "neutral" and not b.optional)
    if road is not None:
        yield from ((road.id, p, m) for p, m in road_problems(road, buildings, neutral))
    if castles:
        yield from ((castles[0].id, p, m) for p, m in castle_problems(castles[0], cubes))
    yield from section_problems(sections, road)
    yield from favour_table_problems(rows, columns, sections, tables[0] if tables else None)
    yield from favour_cell_problems(catalog, rows, len(columns))
    if setups:
        yield from ((setups[0].id, p, m) for p, m in setup_problems(setups[0], game, cubes))
    for variant in catalog.typed("variants", Variant, GAME):
        yield from ((variant.id, p, m) for p, m in variant_problems(variant, buildings, game, catalog))
    for rule in catalog.typed("scoring_rules", ScoringRule, GAME):
        yield from ((rule.id, p, m) for p, m in scoring_problems(rule, resources))
    yield from phase_problems(catalog.typed("phases", Phase, GAME), game.id, road)
    for cited in ENGINE_RULES:
        if cited not in catalog.entries or catalog.kind_of(cited).key != "rules":
            yield game.id, ("id",), f"the engine cites the rule {cited!r}; no rule has that id (was it renamed?)"
    yield from wildcard_problems(resources)
    yield from building_problems(catalog, buildings, game, road)
    yield from amount_problems(catalog, resources)
    yield from concrete_problems(catalog, resources)
