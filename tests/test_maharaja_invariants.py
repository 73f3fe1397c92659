"""Every Maharaja invariant is caught: each test plants one violation in a position of a running
game and expects the check to name it (the quick test at every step must not let any through)."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from engine.core import InvalidState
from engine.maharaja.game import Maharaja
from engine.maharaja.state import State

GAME = Maharaja(players=4)  # the fifth colour left out: its neutral palaces stand in every city


def mid_game() -> State:
    """A position of the third round, houses in villages and a city (seeded: always the same)."""
    state = GAME.new_state()
    rng = random.Random(5)
    while state.round < 3 or state.phase != "turns" or not any(c.houses for c in state.cities.values()):
        actions = GAME.legal_actions(state)
        GAME.apply(state, rng.choices(actions, weights=GAME.playout_weights(state, actions))[0])
    return state


def a_village_with(state: State, houses: int) -> str:
    return next(v for v, h in state.villages.items() if len(h) == houses)


def a_city_with_houses(state: State) -> str:
    return next(c for c, city in state.cities.items() if city.houses)


def seventh_house(state: State) -> None:
    """One house of red more on the board than a colour has (reserve and board together)."""
    state.players["red"].reserve = GAME.rules.starting.houses_per_colour - state.houses_by_colour().get("red", 0) + 1


def owing(state: State) -> None:
    """Red below 0 gold, the bank holding the difference (the total still right)."""
    state.bank += state.players["red"].gold + 1
    state.players["red"].gold = -1


def a_palace_too_many(state: State) -> None:
    for city in state.cities.values():
        city.inner = "red"
    state.cities[next(iter(state.cities))].outer = ["red"]


PLANTS: dict[str, tuple[Callable[[State], None], str]] = {
    "phase": (lambda s: setattr(s, "phase", "siesta"), r"phase: 'siesta' is not one of"),
    "gold from nowhere": (lambda s: setattr(s.players["red"], "gold", s.players["red"].gold + 1), r"gold: players hold"),
    "a village missing": (lambda s: s.villages.pop(next(iter(s.villages))), r"villages: not the villages of the board"),
    "a village overfull": (lambda s: s.villages[a_village_with(s, 0)].extend(["red", "blue", "red"]),
                           r"villages\.\w+: 3 houses, at most 2"),
    "a stranger's house": (lambda s: s.villages[a_village_with(s, 0)].append("purple"),
                           r"villages\.\w+: a house of 'purple', who does not play"),
    "a city missing": (lambda s: s.cities.pop(next(iter(s.cities))), r"cities: not the cities of the board"),
    "too many outer palaces": (lambda s: s.cities[next(iter(s.cities))].outer.extend(["red"] * 9),
                               r"cities\.\w+\.outer: \d+ palaces on \d+ outer sites"),
    "a stranger's palace": (lambda s: setattr(s.cities[next(iter(s.cities))], "inner", "purple"),
                            r"cities\.\w+: a palace of 'purple', neither a player nor an absent colour"),
    "a stranger's city house": (lambda s: s.cities[next(iter(s.cities))].houses.__setitem__("purple", 1),
                                r"cities\.\w+\.houses\.purple: 1"),
    "a negative city house count": (lambda s: s.cities[a_city_with_houses(s)].houses.__setitem__(
        next(iter(s.cities[a_city_with_houses(s)].houses)), -1), r"cities\.\w+\.houses\.\w+: -1"),
    "negative gold": (owing, r"players\.red\.gold: -1 is below 0"),
    "a negative reserve": (lambda s: setattr(s.players["blue"], "reserve", -1), r"players\.blue\.reserve: -1 is below 0"),
    "more houses than a colour has": (seventh_house, r"players\.red: \d+ in the reserve and \d+ on the board, more than"),
    "more palaces than exist": (a_palace_too_many, r"players\.red: \d+ palaces built, only \d+ exist"),
    "an architect off the map": (lambda s: setattr(s.players["blue"], "architect", "ab1"),
                                 r"players\.blue\.architect: 'ab1' is not the start space or a city"),
    "negative chits": (lambda s: setattr(s.players["blue"], "chits", -1), r"players\.blue\.chits: -1"),
    "an unknown disc action": (lambda s: setattr(s.players["blue"], "disc", ["juggle", "gold"]),
                               r"players\.blue\.disc: unknown action 'juggle'"),
    "the Maharaja off the map": (lambda s: setattr(s, "maharaja", "sb1"), r"maharaja: 'sb1' is not the start space or a city"),
    "a short track": (lambda s: s.track.pop(0), r"track: \d+ spaces, the track has \d+"),
    "a marker lost": (lambda s: s.track.__setitem__(next(i for i, m in enumerate(s.track) if m), None),
                      r"track: the markers .* are not one per city"),
    "a character twice": (lambda s: s.players["red"].characters.append(s.players["blue"].characters[0]),
                          r"characters: held and in the bank"),
    "a chit from nowhere": (lambda s: setattr(s, "chits_bank", s.chits_bank + 1), r"chits: 1 in play"),
}


def test_the_position_before_planting_is_sound() -> None:
    state = mid_game()
    GAME.check(state)
    assert any(state.villages.values()) and any(c.outer for c in state.cities.values())


@pytest.mark.parametrize("name", PLANTS)
def test_a_planted_violation_is_named(name: str) -> None:
    state = mid_game()
    plant, message = PLANTS[name]
    plant(state)
    with pytest.raises(InvalidState, match=message):
        GAME.check(state)
