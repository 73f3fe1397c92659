"""Whether a position written by hand (a scenario's ``given``, a saved game) could occur in a game:
checked once before the first step, beyond what the engine checks after every step (phases'
invariant_problems), and each problem begins with the field it is about (``players.red.deniers: ...``).

``shape_problems`` comes first: the kinds of value the invariants themselves rely on (a name is text,
an amount a whole number within bounds). ``problems`` then asks what the rules allow: every building
where it can stand, tiles no more than the box holds, sections scored in order, a cursor inside its
phase. Every range is read from the catalog (the road's spaces, the tiles, the castle's places).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any

from engine.catalog import slug
from engine.caylus import phases
from engine.caylus.rules import Rules
from engine.caylus.state import State

LIMIT = 10_000
"""The most deniers, prestige, cubes or batches a player may hold in a position: far beyond any game
(a four-player game ends near 100 prestige), near enough to catch 10**30 written for a laugh or a slip."""
PLAYER_BUILT = ("wood", "stone", "residential", "prestige")


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _name(value: Any) -> bool:
    """Nothing (an empty place) or a name; an empty text would read as nothing in one place and as a
    name in another."""
    return value is None or isinstance(value, str) and value.strip() != ""


def _amount(path: str, value: Any, high: int, low: int = 0) -> Iterator[str]:
    if not _whole(value):
        yield f"{path}: {value!r} is not a whole number"
    elif not low <= value <= high:
        yield f"{path}: {value:,} is outside {low}-{high:,}"


def _known(path: str, values: Any, allowed: Any, what: str) -> Iterator[str]:
    for value in values:
        if value not in allowed:
            yield f"{path}: {value!r} is not {what} ({', '.join(map(str, allowed))})"


def shape_problems(state: State, rules: Rules) -> Iterator[str]:
    """Values of the wrong kind where the checks that follow expect names and whole numbers."""
    for key in ("turn", "provost", "bailiff", "cursor"):
        yield from (p for p in _amount(key, getattr(state, key), LIMIT, low=-LIMIT) if "not a whole" in p)
    lists: list[tuple[str, list[Any]]] = [  # Any: a position written by hand may hold anything
        ("turn_order", state.turn_order), ("passed", state.passed), ("castle_workers", state.castle_workers),
        ("scored", state.scored), *((f"castle.{k}", v) for k, v in state.castle.items()),
        *((f"specials.{k}", v) for k, v in state.specials.items())]
    for where, names in lists:
        for i, name in enumerate(names):
            if not _name(name) or (name is None and not where.startswith("specials")):
                yield f"{where}[{i}]: {name!r} is not a name"
    for i, space in enumerate(state.road):
        for key in ("building", "owner", "worker"):
            if not _name(getattr(space, key)):
                yield f"road.{i + 1}.{key}: {getattr(space, key)!r} is not a name"
    if not _name(state.scoring):
        yield f"scoring: {state.scoring!r} is not a castle section"
    yield from (p for p in amount_problems(state, rules) if "not a whole" in p)  # ranges: after the invariants
    for name, rows in state.rows_used.items():
        if not isinstance(rows, list) or not all(isinstance(r, str) for r in rows):
            yield f"rows_used.{name}: {rows!r} is not a list of favour rows"


def amount_problems(state: State, rules: Rules) -> Iterator[str]:
    """Every amount of a player, and the batches, a whole number within its bounds."""
    for colour, player in state.players.items():
        for key in ("deniers", "prestige"):
            yield from _amount(f"players.{colour}.{key}", getattr(player, key), LIMIT)
        yield from _amount(f"players.{colour}.workers", player.workers, rules.workers_per_player())
        for kind, n in player.cubes.items():
            yield from _amount(f"players.{colour}.cubes.{kind}", n, LIMIT)
        for row, column in player.markers.items():
            yield from _amount(f"players.{colour}.markers.{row}", column, len(rules.favour_columns))
    for name, n in state.batches.items():
        yield from _amount(f"batches.{name}", n, LIMIT)
    for name, left in state.stock.items():
        yield from (p for p in _amount(f"stock.{name}", left, LIMIT, low=-LIMIT) if "not a whole" in p)


def cursor_limit(state: State, rules: Rules) -> int:
    """The highest cursor of the phase (phases.py: a player, a special building or a road space; a
    step with a before and an after takes two)."""
    return {"placement": len(state.turn_order) - 1, "special": 2 * len(rules.specials()), "provost": len(state.passed),
            "activation": 2 * len(state.road), "castle": len(state.castle_workers) + 1, "end_of_turn": 3}.get(state.phase, 0)


def road_problems(state: State, rules: Rules, players: tuple[str, ...]) -> Iterator[str]:
    road = rules.road
    fixed = {f.space: slug(f.building) for f in road.fixed}
    copies: Counter[str] = Counter()
    for i, space in enumerate(state.road):
        number, name = i + 1, space.building
        if number in fixed and name != fixed[number]:
            yield f"road.{number}.building: space {number} has {fixed[number]!r} printed on it"
            continue
        if name is None:
            continue
        building = rules.buildings[name]  # the invariants have checked the name
        copies[name] += 1
        if building.category == "special":
            yield f"road.{number}.building: {name!r} is a special building, beside the road"
        elif not rules.building_in_play(building):
            yield f"road.{number}.building: {name!r} is not in play in this game (its variant is off)"
        elif building.category == "fixed" and number not in fixed:
            yield f"road.{number}.building: {name!r} is printed on space {next(n for n, f in fixed.items() if f == name)}"
        elif building.category == "neutral" and number not in road.neutral_spaces:
            yield f"road.{number}.building: a neutral building lies on a neutral space ({', '.join(map(str, road.neutral_spaces))})"
        elif building.category in PLAYER_BUILT and space.owner is None:
            yield f"road.{number}.owner: a {building.category} building is built by a player: name its owner"
        elif building.category not in PLAYER_BUILT and space.owner is not None:
            yield f"road.{number}.owner: a {building.category} building has no owner"
        elif copies[name] > (1 if building.category in ("neutral", "fixed") else LIMIT if building.unlimited else building.tiles or 0):
            yield f"road.{number}.building: {name!r} is already on the road as often as the box has tiles"
        if space.worker is not None and not building.accepts_workers:
            yield f"road.{number}.worker: no worker is placed on {name!r}"
    for name, left in state.stock.items():
        stocked = rules.buildings.get(name)
        if stocked is None or name not in state_stock_names(rules):
            yield f"stock.{name}: no building {name!r} in the stock"
        elif not stocked.unlimited and left + copies[name] > (stocked.tiles or 0):
            yield f"stock.{name}: {left} in the stock and {copies[name]} on the road; the box has {stocked.tiles or 0}"
        elif left < 0 or left > LIMIT:
            yield f"stock.{name}: {left:,} is outside 0-{LIMIT:,}"


def state_stock_names(rules: Rules) -> frozenset[str]:
    """The buildings the stock holds in this game (as game.new_state lays them out)."""
    return frozenset(name for name, b in rules.buildings.items() if b.category in PLAYER_BUILT and rules.building_in_play(b))


def problems(state: State, rules: Rules, players: tuple[str, ...]) -> Iterator[str]:
    """What no game could reach (after shape_problems and the engine's invariants hold)."""
    yield from amount_problems(state, rules)
    if not 1 <= state.turn <= rules.road.spaces:
        yield f"turn: {state.turn:,} is outside 1-{rules.road.spaces} (the bailiff moves a space a turn at least)"
    if state.phase == "setup":
        yield "phase: 'setup' comes before the tiles and the turn order are drawn; a position starts at 'income' or later"
    if not 0 <= state.cursor <= cursor_limit(state, rules):
        yield f"cursor: {state.cursor:,} is outside 0-{cursor_limit(state, rules)} in the {state.phase} phase"
    for where, names in (("passed", state.passed), ("castle_workers", state.castle_workers), ("scored", state.scored)):
        twice = [n for n, k in Counter(names).items() if k > 1]
        if twice:
            yield f"{where}: {', '.join(map(repr, twice))} is listed twice"
    if len(state.castle_workers) > rules.castle.worker_spaces:
        yield f"castle_workers: {len(state.castle_workers)} workers; the castle has {rules.castle.worker_spaces} places"
    sections = [name for name, _ in rules.section_spaces]
    yield from _known("castle", state.castle, sections, "a castle section")
    yield from _known("scored", state.scored, sections, "a castle section")
    if state.scored != sections[:len(state.scored)] and set(state.scored) <= set(sections):
        yield f"scored: {state.scored} are not the first sections in order ({', '.join(sections)}): they are scored one after another"
    if state.scoring is not None and (state.scoring not in sections or state.scoring in state.scored or state.phase != "end_of_turn"):
        yield f"scoring: {state.scoring!r} is not a section being scored (one not yet scored, in the end_of_turn phase)"
    for i, (name, _) in enumerate(rules.section_spaces):
        room = [earlier for earlier, spaces in rules.section_spaces[:i]
                if earlier not in state.scored and len(state.castle.get(earlier, [])) < spaces]
        if state.castle.get(name) and room:  # a house goes into the first unscored section with room
            yield f"castle.{name}: houses here while {room[0]!r} (not scored) has room; the castle is built in order"
            break
    specials = {slug(b.id): b for b in rules.specials()}
    roles = dict(rules.special_places)
    yield from _known("specials", state.specials, list(specials), "a special building in play")
    for name, occupants in state.specials.items():
        if name in specials and len(occupants) != phases.circles(specials[name]):
            yield f"specials.{name}: {len(occupants)} places; the building has {phases.circles(specials[name])}"
        if roles.get(name) == "claim" and any(k > 1 for c, k in Counter(occupants).items() if c):
            yield f"specials.{name}: a player takes one place here"
    rows = [slug(r.id) for r in rules.favour_rows]
    for colour, player in state.players.items():
        yield from _known(f"players.{colour}.cubes", player.cubes, rules.cube_kinds, "a cube")
        yield from _known(f"players.{colour}.markers", player.markers, rows, "a favour row")
    for name, used in state.rows_used.items():
        yield from _known("rows_used", [name], players, "a player")
        yield from _known(f"rows_used.{name}", used, rows, "a favour row")
    yield from _known("batches", state.batches, players, "a player")
    yield from road_problems(state, rules, players)
