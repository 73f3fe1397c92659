"""What the Caylus engine assumes of the buildings, the favour table's cells and every amount: an
effect kind only where the engine reads it, amounts it can hold, references of the right kind.
Called from :mod:`games.caylus.checks`, which holds the board's rules and the list of all of them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from catalog import Catalog
from catalog.kinds import Game, Resource, Setup, Variant
from catalog.model import BundleMarker, Entry, Path_
from catalog.references import fields_with
from games.caylus.kinds import (
    Building,
    BuildEffect,
    Castle,
    ClaimTurnOrderEffect,
    ConvertEffect,
    ExchangeEffect,
    Favour,
    FavourRow,
    InnEffect,
    MoveProvostEffect,
    Phase,
    ProduceEffect,
    RelocateWorkerEffect,
    Road,
)

GAME = "caylus"
Problem = tuple[str, Path_, str]
SPECIAL_ONLY = (RelocateWorkerEffect, ClaimTurnOrderEffect, InnEffect)
"""Effects only phase 3 reads, on the special buildings: anywhere else the engine would skip them."""
BUILT = ("wood", "stone", "residential", "prestige")
"""Categories of the tiles players build (the stock holds them; a cost is paid for them)."""
MAX_AMOUNT = 1000
"""No amount of the printed game comes near (the cathedral's 25 prestige is the largest): 1000
catches a slip of the keyboard before it reaches the engine or the tables."""
MAX_WILDCARD = 10
"""A wildcard of N is expanded into every mix of N cubes (any-cube: 4 gives 70, 10 gives 1,001, a
billion hangs the engine): the printed game asks at most 4."""
RESERVED = ("castle",)
"""Placement targets the notation uses for itself (``red place castle``)."""


def _slug(entry_id: str) -> str:
    return entry_id.rsplit(".", 1)[1]


def _effect_where(effect: object, path: Path_, special: bool, road: bool) -> Iterator[tuple[Path_, str]]:
    """An effect kind the engine would ignore here: special ones off the special buildings, the
    owner's bonus off the road, more than one trade per activation."""
    if isinstance(effect, SPECIAL_ONLY) and not special:
        yield (*path, "kind"), f"{effect.kind!r} is read only on a special building (phase 3); here the engine would skip it"
    if isinstance(effect, ProduceEffect) and effect.owner_bonus and not road:
        yield (*path, "owner_bonus"), "an owner's bonus is paid only by a building on the road (a player owns it)"
    if isinstance(effect, ExchangeEffect) and effect.uses != 1:
        yield (*path, "uses"), f"{effect.uses}: the engine offers one trade per activation; write 1"


def _ref_problems(catalog: Catalog, effect: object, path: Path_, buildings: dict[str, Building],
                  road: Road | None) -> Iterator[tuple[Path_, str]]:
    if isinstance(effect, ConvertEffect):
        into = buildings.get(_slug(effect.into))
        if into is None or into.id != effect.into or into.category != "residential":
            yield (*path, "into"), f"{effect.into!r} is not a residential building (the lawyer converts into a residence)"
        for i, ref in enumerate(effect.excludes):
            if catalog.kind_of(ref).key != "buildings":
                yield (*path, "excludes", i), f"{ref!r} is not a building"
    if isinstance(effect, MoveProvostEffect) and road is not None and effect.max_spaces > road.spaces:
        yield (*path, "max_spaces"), f"{effect.max_spaces}: the provost moves at most the road's {road.spaces} spaces"
    if isinstance(effect, BuildEffect) and effect.site == "own_residence" \
            and not any(b.category == "residential" for b in buildings.values()):
        yield (*path, "site"), "no residential building is in the catalog to build on"


def building_problems(catalog: Catalog, buildings: dict[str, Building], game: Game,
                      road: Road | None) -> Iterator[Problem]:
    orders: dict[int, str] = {}
    roles: Counter[str] = Counter()
    for building in buildings.values():
        effect, special = building.effect, building.category == "special"
        if _slug(building.id) in RESERVED:
            yield building.id, ("id",), f"{_slug(building.id)!r} names a place of the notation (red place castle): choose another slug"
        if special and building.activation_order is None:
            yield building.id, ("activation_order",), "a special building says when it is activated in phase 3 (activation_order)"
        elif special and building.activation_order in orders:
            yield building.id, ("activation_order",), (f"{building.activation_order} is also the activation order of "
                                                       f"{orders[building.activation_order]!r}: the specials act one after another")
        elif special and building.activation_order is not None:
            orders[building.activation_order] = building.id
        if not special and building.activation_order is not None:
            yield building.id, ("activation_order",), "only a special building is activated in phase 3"
        if building.road_space is not None and building.category != "fixed":
            yield building.id, ("road_space",), "only a fixed building is printed on the road"
        if building.category in BUILT and (building.cost is None or building.tiles is None):
            missing = "cost" if building.cost is None else "tiles"
            yield building.id, (missing,), f"a {building.category} building is built from the stock: it needs its {missing}"
        if building.tiles is not None and not 0 <= building.tiles <= MAX_AMOUNT:
            yield building.id, ("tiles",), f"{building.tiles}: the box holds 0 to {MAX_AMOUNT} tiles of a building"
        if building.rule is not None and building.rule in catalog.entries and catalog.kind_of(building.rule).key != "rules":
            yield building.id, ("rule",), f"{building.rule!r} is not a rule (rules.yaml)"
        if effect is None:
            continue
        if not building.accepts_workers:
            yield building.id, ("effect",), "no worker is ever placed here (accepts_workers: false), so the effect would never act"
        yield from ((building.id, p, m) for p, m in _effect_where(effect, ("effect",), special, not special))
        yield from ((building.id, p, m) for p, m in _ref_problems(catalog, effect, ("effect",), buildings, road))
        if special and isinstance(effect, (RelocateWorkerEffect, InnEffect)):
            roles[effect.kind] += 1
            if roles[effect.kind] > 1:
                yield building.id, ("effect", "kind"), f"there is one {effect.kind!r} building: the engine reads the first only"
        if isinstance(effect, InnEffect) and set(effect.placement_cost) != {"deniers"}:
            yield building.id, ("effect", "placement_cost"), "the engine charges deniers only: write {deniers: N}"
        if isinstance(effect, ClaimTurnOrderEffect) and effect.places > game.players_max:
            yield building.id, ("effect", "places"), f"{effect.places} places for at most {game.players_max} players (players_max)"


def favour_cell_problems(catalog: Catalog, rows: list[FavourRow], columns: int) -> Iterator[Problem]:
    """Every row has a cell in every column, once: the engine looks a chosen (row, column) up."""
    cells = catalog.typed("favours", Favour, GAME)
    row_ids = {r.id for r in rows}
    seen: dict[tuple[str, int], str] = {}
    for cell in cells:
        if cell.row not in row_ids:
            yield cell.id, ("row",), f"{cell.row!r} is not a favour row"
            continue
        if not 1 <= cell.column <= columns:
            yield cell.id, ("column",), f"column {cell.column} is off the table: it has columns 1 to {columns}"
        elif (cell.row, cell.column) in seen:
            yield cell.id, ("column",), f"row {_slug(cell.row)!r}, column {cell.column} is also {seen[cell.row, cell.column]!r}"
        seen.setdefault((cell.row, cell.column), cell.id)
        yield from ((cell.id, p, m) for p, m in _effect_where(cell.effect, ("effect",), special=False, road=False))
        yield from ((cell.id, p, m) for p, m in _ref_problems(catalog, cell.effect, ("effect",), {
            _slug(b.id): b for b in catalog.typed("buildings", Building, GAME)}, None))
    for row in rows:
        missing = [n for n in range(1, columns + 1) if (row.id, n) not in seen]
        if missing:
            yield row.id, ("row",), f"no favour cell in column(s) {', '.join(map(str, missing))} of this row (each row has one per column)"


def amount_problems(catalog: Catalog, resources: dict[str, Resource]) -> Iterator[Problem]:
    """Every amount of a Caylus bundle within what the engine can hold and expand."""
    wild = {name for name, r in resources.items() if r.resource_class == "wildcard"}
    for loc in catalog.entries.values():
        if loc.entry.game != GAME:
            continue
        for path, value in fields_with(loc.entry, BundleMarker):
            for i, bundle in enumerate(value if isinstance(value, list) else [value]):
                for name, amount in bundle.items():
                    where = (*path, i, name) if isinstance(value, list) else (*path, name)
                    if name in wild and amount > MAX_WILDCARD:
                        yield loc.entry.id, where, f"{amount} {name}: at most {MAX_WILDCARD} (every mix of cubes it stands for is listed)"
                    elif abs(amount) > MAX_AMOUNT:
                        yield loc.entry.id, where, f"{amount}: at most {MAX_AMOUNT} (no amount of the game comes near)"


def _given_as_is(catalog: Catalog) -> Iterator[tuple[Entry, Path_, dict[str, int], bool]]:
    """Bundles the engine adds to a player as they are (no choice of cubes): (entry, path, bundle,
    whether favours in it are granted)."""
    for b in catalog.typed("buildings", Building, GAME):
        yield b, ("income",), b.income, False
        if isinstance(b.effect, ProduceEffect):
            for i, bonus in enumerate(b.effect.owner_bonus):
                yield b, ("effect", "owner_bonus", i), bonus, False
    for p in catalog.typed("phases", Phase, GAME):
        yield p, ("income",), p.income, False
    for road in catalog.typed("roads", Road, GAME):
        yield road, ("first_pass_bonus",), road.first_pass_bonus, False
        yield road, ("visit_owner_reward",), road.visit_owner_reward, False
    for castle in catalog.typed("castles", Castle, GAME):
        yield castle, ("no_batch_penalty",), castle.no_batch_penalty, False
    for v in catalog.typed("variants", Variant, GAME):
        yield v, ("favour_replacement",), v.favour_replacement or {}, False
    for s in catalog.typed("setups", Setup, GAME):
        yield s, ("starting_resources",), s.starting_resources, False


def concrete_problems(catalog: Catalog, resources: dict[str, Resource]) -> Iterator[Problem]:
    for entry, path, bundle, favours_granted in _given_as_is(catalog):
        for name in bundle:
            if resources[name].resource_class == "wildcard":
                yield entry.id, (*path, name), f"{name!r} is a wildcard, and nobody chooses here: name the cubes"
            elif name == "favours" and not favours_granted:
                yield entry.id, (*path, name), "favours are not granted here (the engine would skip them)"
