"""The turn: one small function per phase, run until a player has to decide something.

Each phase keeps its place in ``state.cursor`` (a player, a special building or a road space;
where a step has a before and an after, even cursors start it and odd ones finish it), so a
state saved between two decisions resumes exactly where it stopped.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from functools import lru_cache

from engine.catalog import slug
from engine.caylus import effects
from engine.caylus.rules import Rules
from engine.caylus.state import State
from engine.core import Decision, add
from games.caylus.kinds import Building, ClaimTurnOrderEffect, InnEffect, RelocateWorkerEffect


def circles(building: Building) -> int:
    """How many workers a special building holds: the stables' circles, the inn's two, else one."""
    if isinstance(building.effect, ClaimTurnOrderEffect):
        return building.effect.places
    if isinstance(building.effect, InnEffect):
        return 2
    return 1


def neutral_tiles(rules: Rules) -> list[str]:
    return sorted(s for s, b in rules.buildings.items() if b.category == "neutral" and rules.building_in_play(b))


def to_phase(state: State, name: str) -> None:
    state.phase = name
    state.cursor = 0
    state.rows_used = {}  # favours of one phase must use different rows; a new phase starts afresh


def run(state: State, rules: Rules) -> None:
    """Play automatic steps until a decision is pending or the game is over."""
    while not state.pending and state.phase not in ("over", "setup"):
        STEPS[state.phase](state, rules)


# --- phase 1 -----------------------------------------------------------------------------------


def income(state: State, rules: Rules) -> None:
    base = rules.income
    for colour in state.turn_order:
        total = dict(base)
        for space in state.road:
            if space.owner == colour and space.building:
                add(total, rules.buildings[space.building].income)
        effects.gain(state, colour, total)
    state.passed, state.batches = [], {}
    to_phase(state, "placement")


# --- phase 2 -----------------------------------------------------------------------------------


def placement(state: State, rules: Rules) -> None:
    order = state.turn_order
    if len(state.passed) == len(order):
        to_phase(state, "special")
        return
    for k in range(len(order)):
        colour = order[(state.cursor + k) % len(order)]
        if colour not in state.passed:
            state.cursor = (state.cursor + k) % len(order)
            state.pending.append(Decision("place", colour, "caylus.phase2.order"))
            return


# --- phase 3 -----------------------------------------------------------------------------------


def special(state: State, rules: Rules) -> None:
    specials = rules.specials()
    index, finishing = divmod(state.cursor, 2)
    if index >= len(specials):
        to_phase(state, "provost")
        return
    building = specials[index]
    name = slug(building.id)
    state.cursor += 1
    if finishing:
        if not isinstance(building.effect, InnEffect):  # the inn's worker stays until evicted or withdrawn
            for colour in state.specials[name]:
                if colour:
                    state.players[colour].workers += 1
            state.specials[name] = [None] * len(state.specials[name])
        return
    occupants = state.specials[name]
    rule = building.rule or "caylus.phase3.order"  # validation requires it; the fallback only types it
    effect = building.effect
    if isinstance(effect, ClaimTurnOrderEffect):
        claimed = [c for c in occupants if c]
        if claimed:
            state.turn_order = claimed + [c for c in state.turn_order if c not in claimed]
            state.log.append(f"turn order is now {', '.join(state.turn_order)}")
    elif isinstance(effect, InnEffect):
        left, right = occupants
        if left:
            if right:
                state.players[right].workers += 1
            state.specials[name] = [None, left]
        elif right:
            state.pending.append(Decision("inn", right, rule))
    elif isinstance(effect, RelocateWorkerEffect):
        if occupants[0]:
            state.pending.append(Decision("gate", occupants[0], rule))
    elif occupants[0]:
        effects.start(state, rules, occupants[0], effect, rule)


# --- phase 4 -----------------------------------------------------------------------------------


def provost(state: State, rules: Rules) -> None:
    if state.cursor >= len(state.passed):
        to_phase(state, "activation")
        return
    move = rules.provost_move
    colour = state.passed[state.cursor]
    state.cursor += 1
    state.pending.append(Decision("provost", colour, "caylus.phase4.provost",
                                  {"max": move.max_spaces, "cost": dict(move.cost_per_space)}))


# --- phase 5 -----------------------------------------------------------------------------------


def activation(state: State, rules: Rules) -> None:
    """Space after space along the road until one asks a player something (the steps ``run``
    would take one call at a time: most spaces hold no worker)."""
    road = state.road
    while not state.pending:
        index, finishing = divmod(state.cursor, 2)
        if index >= len(road):
            to_phase(state, "castle")
            return
        space = road[index]
        state.cursor += 1
        if finishing:
            if space.worker:
                state.players[space.worker].workers += 1
                space.worker = None
            if state.delayed_conversions:
                for delayed in [d for d in state.delayed_conversions if d["space"] == index + 1]:
                    state.delayed_conversions.remove(delayed)
                    effects.do_convert(state, rules, delayed["player"], index, delayed["into"])
        elif space.worker is not None and space.building is not None and index + 1 <= state.provost:
            # (beyond the provost the worker just goes home)
            effects.activate_building(state, rules, rules.buildings[space.building], space.worker, space.owner)


# --- phase 6 -----------------------------------------------------------------------------------


def castle(state: State, rules: Rules) -> None:
    builders = state.castle_workers
    if state.cursor < len(builders):
        colour = builders[state.cursor]
        state.cursor += 1
        state.pending.append(Decision("castle", colour, "caylus.phase6.batches"))
        return
    if state.cursor == len(builders):
        state.cursor += 1
        best = max((state.batches.get(c, 0) for c in builders), default=0)
        if best > 0:
            winner = next(c for c in builders if state.batches.get(c, 0) == best)  # ties: earliest in the castle
            state.log.append(f"{winner} gave the most batches ({best})")
            effects.grant_favours(state, rules, winner, rules.castle.most_batches_reward.get("favours", 0),
                                  "caylus.phase6.most-batches")
        return
    for colour in builders:
        state.players[colour].workers += 1
    state.castle_workers = []
    to_phase(state, "end_of_turn")


# --- phase 7 -----------------------------------------------------------------------------------


def end_of_turn(state: State, rules: Rules) -> None:
    road = rules.road
    if state.cursor == 0:
        steps = road.bailiff_steps_when_provost_ahead if state.provost > state.bailiff else road.bailiff_steps_otherwise
        state.bailiff = min(state.bailiff + steps, road.spaces)
        state.provost = state.bailiff
        state.log.append(f"the bailiff moves {steps} to space {state.bailiff}; the provost joins it")
        state.cursor = 1
    elif state.cursor == 1:
        due = next((s for s in rules.sections if slug(s.id) not in state.scored and
                    (state.bailiff >= s.marker_space or len(state.castle[slug(s.id)]) >= s.spaces)), None)
        if due is None:
            state.cursor = 3
            return
        state.scoring = slug(due.id)
        state.cursor = 2
        score_section(state, rules, due)
    elif state.cursor == 2:
        assert state.scoring is not None
        state.scored.append(state.scoring)
        finished, state.scoring = state.scoring, None
        if finished == slug(rules.sections[-1].id):
            end_game(state, rules)
            return
        state.cursor = 1  # a second section may be due in the same turn (earlier first)
    else:
        state.turn += 1
        if rules.alternating_turn_order():
            state.turn_order = state.turn_order[1:] + state.turn_order[:1]
        to_phase(state, "income")


def score_section(state: State, rules: Rules, section: object) -> None:
    """Score a section in turn order; favours become decisions, the first player's on top."""
    name = slug(section.id)  # type: ignore[attr-defined]
    favours: list[tuple[str, int]] = []
    for colour in state.turn_order:
        houses = state.castle[name].count(colour)
        for step in section.scoring:  # type: ignore[attr-defined]
            if step.houses_min <= houses and (step.houses_max is None or houses <= step.houses_max):
                effects.gain(state, colour, {k: n for k, n in step.reward.items() if k != "favours"})
                favours.append((colour, step.reward.get("favours", 0)))
                state.log.append(f"{name} scoring: {colour} has {houses} house(s): {effects.text(rules, step.reward)}")
                break
    for colour, count in reversed(favours):
        effects.grant_favours(state, rules, colour, count, "caylus.scoring.sections")


def end_game(state: State, rules: Rules) -> None:
    for colour, player in state.players.items():
        bonus = 0
        for rule in rules.scoring:
            if not rule.per or not rule.reward:
                continue
            (what, per), = rule.per.items()
            kinds = rules.wildcard(what)
            have = sum(player.cubes.get(k, 0) for k in kinds) if kinds else effects.wallet(state, colour).get(what, 0)
            bonus += (have // per) * rule.reward.get("prestige", 0)
        player.prestige += bonus
        state.log.append(f"end of game: {colour} scores {bonus} for gold, cubes and deniers")
    to_phase(state, "over")


STEPS: dict[str, Callable[[State, Rules], None]] = {
    "income": income,
    "placement": placement,
    "special": special,
    "provost": provost,
    "activation": activation,
    "castle": castle,
    "end_of_turn": end_of_turn,
}


# --- invariants --------------------------------------------------------------------------------


def workers_on_board(state: State) -> dict[str, int]:
    count: dict[str, int] = {}
    for space in state.road:
        if space.worker:
            count[space.worker] = count.get(space.worker, 0) + 1
    for occupants in state.specials.values():
        for colour in occupants:
            if colour:
                count[colour] = count.get(colour, 0) + 1
    for colour in state.castle_workers:
        count[colour] = count.get(colour, 0) + 1
    return count


def _board_census(state: State, rules: Rules) -> tuple[set[str | None], dict[str, int], list[str]]:
    """One pass over the board, as the invariants run at every step: every player named anywhere
    (None for an empty place), workers placed per player, and what is wrong on the road."""
    named: set[str | None] = {*state.passed, *state.castle_workers}
    placed: dict[str, int] = {}
    wrong: list[str] = []
    known = rules.buildings
    named.update([space.owner for space in state.road])
    for i, space in enumerate(state.road):
        worker, building = space.worker, space.building
        if worker:
            named.add(worker)
            placed[worker] = placed.get(worker, 0) + 1
            if building is None:
                wrong.append(f"road.{i + 1}: a worker stands on an empty space")
        if building and building not in known:
            wrong.append(f"road.{i + 1}.building: no building {building!r} in the catalog")
    for occupants in state.specials.values():
        for colour in occupants:
            if colour:
                named.add(colour)
                placed[colour] = placed.get(colour, 0) + 1
    for colour in state.castle_workers:
        placed[colour] = placed.get(colour, 0) + 1
    for houses in state.castle.values():
        named.update(houses)
    return named, placed, wrong


@lru_cache(maxsize=16)
def _seats(players: tuple[str, ...]) -> tuple[frozenset[str], list[str]]:
    """The game's players as a set and in sorted order, what every step's check compares with."""
    return frozenset(players), sorted(players)


def invariant_problems(state: State, rules: Rules, players: tuple[str, ...]) -> Iterator[str]:
    if state.phase not in STEPS and state.phase not in ("over", "setup"):
        yield f"phase: {state.phase!r} is not one of {', '.join(STEPS)}"
    seats, in_order = _seats(players)
    if state.players.keys() != seats:
        yield f"players: {sorted(state.players)} are not the game's players {in_order}"
    if sorted(state.turn_order) != in_order:
        yield f"turn_order: {state.turn_order} is not an order of {in_order}"
    named, on_board, road_wrong = _board_census(state, rules)
    named.discard(None)
    if not named <= seats:  # where the stranger stands is worked out only when there is one
        places: list[tuple[str, Iterable[str | None]]] = [("passed", state.passed), ("castle_workers", state.castle_workers),
                 *((f"specials.{name}", occupants) for name, occupants in state.specials.items()),
                 *((f"castle.{name}", houses) for name, houses in state.castle.items()),
                 *((f"road.{i + 1}", [space.owner, space.worker]) for i, space in enumerate(state.road))]
        for where, who in places:
            strangers = [p for p in who if p is not None and p not in players]
            if strangers:
                yield f"{where}: {', '.join(map(repr, strangers))} is not a player ({', '.join(players)})"
    per_player = rules.workers_per_player()
    columns = len(rules.favour_columns)
    for colour, player in state.players.items():
        if player.deniers < 0:
            yield f"players.{colour}.deniers: {player.deniers} is negative"
        if player.prestige < 0:
            yield f"players.{colour}.prestige: {player.prestige} is negative"
        if player.cubes and min(player.cubes.values()) < 0:
            for kind, n in player.cubes.items():
                if n < 0:
                    yield f"players.{colour}.cubes.{kind}: {n} is negative"
        total = player.workers + on_board.get(colour, 0)
        if total != per_player:
            yield f"players.{colour}.workers: {player.workers} in hand + {on_board.get(colour, 0)} placed is {total}, not {per_player}"
        if player.markers and not 0 <= min(player.markers.values()) <= max(player.markers.values()) <= columns:
            for row, column in player.markers.items():
                if not 0 <= column <= columns:
                    yield f"players.{colour}.markers.{row}: column {column} is off the table"
    if not rules.road.provost_min <= state.provost <= rules.road.provost_max:
        yield f"provost: space {state.provost} is off the road ({rules.road.provost_min}-{rules.road.provost_max})"
    if not 1 <= state.bailiff <= rules.road.spaces:
        yield f"bailiff: space {state.bailiff} is off the road"
    for name, spaces in rules.section_spaces:
        houses = state.castle.get(name, [])
        if len(houses) > spaces:
            yield f"castle.{name}: {len(houses)} houses exceed its {spaces} spaces"
    for name, left in state.stock.items() if state.stock and min(state.stock.values()) < 0 else ():
        if left < 0:
            yield f"stock.{name}: {left} is negative"
    yield from road_wrong
