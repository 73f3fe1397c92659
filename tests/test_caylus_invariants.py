"""Every Caylus invariant is caught: each test plants one violation in a position of a running game
and expects the check to name it (the quick test at every step must not let any through)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from engine.caylus import Caylus
from engine.caylus.state import State
from engine.core import InvalidState

GAME = Caylus(players=4)


def mid_game() -> State:
    """A position a few turns in, a worker of each player on the board (seeded: always the same)."""
    state = GAME.new_state()
    rng = random.Random(7)
    while state.turn < 3 or state.phase != "placement" or sum(p.workers for p in state.players.values()) > 20:
        GAME.apply(state, rng.choice(GAME.legal_actions(state)))
    return state


def worker_on_empty_space(state: State) -> None:
    empty = next(s for s in state.road if s.building is None)
    empty.worker = "red"
    state.players["red"].workers -= 1


def first_road_building(state: State) -> Any:
    return next(s for s in state.road if s.building)


PLANTS: dict[str, tuple[Callable[[State], None], str]] = {
    "phase": (lambda s: setattr(s, "phase", "lunch"), r"phase: 'lunch' is not one of"),
    "a player missing": (lambda s: s.players.pop("blue"), r"players: .* are not the game's players"),
    "turn order": (lambda s: setattr(s, "turn_order", ["red", "red", "green", "orange"]), r"turn_order: .* is not an order of"),
    "a stranger passed": (lambda s: s.passed.append("purple"), r"passed: 'purple' is not a player"),
    "a stranger in the castle": (lambda s: s.castle["dungeon"].append("purple"), r"castle.dungeon: 'purple' is not a player"),
    "a stranger owns a building": (lambda s: setattr(first_road_building(s), "owner", "purple"), r"road\.\d+: 'purple' is not a player"),
    "a stranger at a special building": (lambda s: s.specials["stables"].__setitem__(0, "purple"),
                                         r"specials.stables: 'purple' is not a player"),
    "negative deniers": (lambda s: setattr(s.players["red"], "deniers", -1), r"players.red.deniers: -1 is negative"),
    "negative prestige": (lambda s: setattr(s.players["red"], "prestige", -2), r"players.red.prestige: -2 is negative"),
    "negative cubes": (lambda s: s.players["green"].cubes.__setitem__("cloth", -1), r"players.green.cubes.cloth: -1 is negative"),
    "a worker too many": (lambda s: setattr(s.players["blue"], "workers", s.players["blue"].workers + 1),
                          r"players.blue.workers: .* placed is 7, not 6"),
    "a worker missing": (lambda s: setattr(s.players["blue"], "workers", s.players["blue"].workers - 1),
                         r"players.blue.workers: .* placed is 5, not 6"),
    "a marker off the table": (lambda s: s.players["red"].markers.__setitem__("buildings", 6),
                               r"players.red.markers.buildings: column 6 is off the table"),
    "a marker before the table": (lambda s: s.players["red"].markers.__setitem__("buildings", -1),
                                  r"players.red.markers.buildings: column -1 is off the table"),
    "provost off the road": (lambda s: setattr(s, "provost", 99), r"provost: space 99 is off the road"),
    "bailiff off the road": (lambda s: setattr(s, "bailiff", 0), r"bailiff: space 0 is off the road"),
    "castle overfull": (lambda s: s.castle.__setitem__("dungeon", ["red"] * 7), r"castle.dungeon: 7 houses exceed its 6 spaces"),
    "negative stock": (lambda s: s.stock.__setitem__(next(iter(s.stock)), -1), r"stock\..*: -1 is negative"),
    "a worker on an empty space": (worker_on_empty_space, r"road\.\d+: a worker stands on an empty space"),
    "an unknown building": (lambda s: setattr(first_road_building(s), "building", "teleporter"),
                            r"road\.\d+\.building: no building 'teleporter' in the catalog"),
}


def test_the_position_before_planting_is_sound() -> None:
    state = mid_game()
    GAME.check(state)
    assert any(s.worker for s in state.road) and state.castle_workers or any(any(o) for o in state.specials.values())


@pytest.mark.parametrize("name", PLANTS)
def test_a_planted_violation_is_named(name: str) -> None:
    state = mid_game()
    plant, message = PLANTS[name]
    plant(state)
    with pytest.raises(InvalidState, match=message):
        GAME.check(state)
