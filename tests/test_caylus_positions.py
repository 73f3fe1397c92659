"""Caylus positions written by hand (a scenario's ``given``) are refused before the first step when no
game could reach them, with the field first (engine/caylus/position.py); every position a game does
reach passes the same checks; a seeded fuzz of ``given`` and of actions finds no exception."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine.caylus import Caylus, position
from engine.core import InvalidState
from fuzzer import fuzz_game

TWO = Caylus(players=("red", "blue"))


def test_every_position_of_seeded_games_passes_the_position_checks() -> None:
    checked = 0
    for players in (2, 3, 5):
        game = Caylus(players=players)
        for seed in range(3):
            rng, state = random.Random(seed), game.new_state()
            while not game.is_terminal(state):
                game.apply(state, rng.choice(game.legal_actions(state)))
                if state.phase != "setup":
                    found = [*position.shape_problems(state, game.rules), *position.problems(state, game.rules, game.players)]
                    assert found == [], (players, seed, state.turn, state.phase, found)
                    checked += 1
    assert checked > 1000


REFUSED: dict[str, tuple[dict[str, Any], str]] = {
    "turn a billion": ({"turn": 10**9}, "turn: 1,000,000,000 is outside 1-28"),
    "the setup phase": ({"phase": "setup"}, "phase: 'setup' comes before"),
    "a cursor past the specials": ({"phase": "special", "cursor": 99}, "cursor: 99 is outside 0-10 in the special phase"),
    "a stranger's batches": ({"batches": {"purple": 1}}, "batches: 'purple' is not a player"),
    "a row nobody has": ({"rows_used": {"red": ["gems"]}}, "rows_used.red: 'gems' is not a favour row"),
    "a marker in no row": ({"players": {"red": {"markers": {"castle": 1}}}}, "players.red.markers: 'castle' is not a favour row"),
    "a cube of another game": ({"players": {"red": {"cubes": {"gems": 1}}}}, "players.red.cubes: 'gems' is not a cube"),
    "gold of 10**30": ({"players": {"red": {"cubes": {"gold": 10**30}}}}, "players.red.cubes.gold: 1,000,000,000,000,000"),
    "seven workers in hand": ({"players": {"red": {"workers": 7}}}, "players.red.workers: 7 in hand + 0 placed is 7, not 6"),
    "a section scored twice": ({"scored": ["dungeon", "dungeon"]}, "scored: 'dungeon' is listed twice"),
    "a section being scored mid-turn": ({"scoring": "dungeon"}, "scoring: 'dungeon' is not a section being scored"),
    "the inn with one circle": ({"specials": {"inn": ["red"]}}, "specials.inn: 1 places; the building has 2"),
    "a building of a variant that is off": ({"road": {"9": {"building": "jeweller", "owner": "red"}}},
                                            "road.9.building: 'jeweller' is not in play"),
    "the stables in a 2-player game": ({"road": {"9": {"building": "stables"}}}, "road.9.building: 'stables' is a special building"),
    "a wood building nobody built": ({"road": {"9": {"building": "quarry-wood"}}}, "road.9.owner: a wood building is built by a player"),
    "an empty fixed space": ({"road": {"8": {"building": None}}}, "road.8.building: space 8 has 'carpenter-fixed' printed on it"),
    "a tile both in the stock and on the road": ({"road": {"9": {"building": "bank", "owner": "red"}}, "stock": {"bank": 1}},
                                                 "stock.bank: 1 in the stock and 1 on the road; the box has 1"),
    "a building the stock never holds": ({"stock": {"gold-mine": 1}}, "stock.gold-mine: no building 'gold-mine' in the stock"),
    "a blank worker": ({"road": {"1": {"worker": " "}}}, "road.1.worker: ' ' is not a name"),
    "a number as a player": ({"castle_workers": [5]}, "castle_workers[0]: 5 is not a name"),
    "more castle workers than places": ({"castle_workers": ["red", "blue", "red"]}, "castle_workers: 'red' is listed twice"),
    "gold beside the cubes": ({"players": {"red": {"gold": 1}}}, "players.red.gold: no such field (fields: deniers"),
    "a misspelt owner": ({"road": {"9": {"building": "bank", "ownr": "red"}}}, "road.9.ownr: no such field"),
    "houses in the towers before the walls": ({"castle": {"towers": ["red"]}},
                                              "castle.towers: houses here while 'dungeon' (not scored) has room"),
    "both cursor and to_move": ({"cursor": 1, "to_move": "red"}, "cursor: give either cursor or to_move"),
    "a road space numbered 0": ({"road": {"0": {"building": "bank", "owner": "red"}}}, "road.0: the road has spaces 1-28"),
}


@pytest.mark.parametrize("name", REFUSED)
def test_an_impossible_position_is_refused_with_its_field(name: str) -> None:
    given, message = REFUSED[name]
    with pytest.raises((InvalidState, ValueError)) as caught:
        TWO.scenario_start(given)
    assert message in str(caught.value)


def test_a_new_road_space_in_given_is_empty_but_for_what_it_says() -> None:
    """merge takes a neighbour as the model of a new key: space 9 must not inherit space 1's worker."""
    state = TWO.scenario_start({"phase": "provost", "passed": ["red", "blue"], "road": {
        "1": {"worker": "red"}, "9": {"building": "bank", "owner": "blue"}}})
    assert (state.road[8].building, state.road[8].owner, state.road[8].worker) == ("bank", "blue", None)
    assert state.players["red"].workers == 5


def test_the_stock_given_in_part_follows_the_road_for_the_rest() -> None:
    state = TWO.scenario_start({"road": {"9": {"building": "lawyer", "owner": "blue"}}, "stock": {"residence": 0}})
    assert state.stock["residence"] == 0 and state.stock["lawyer"] == 0 and state.stock["bank"] == 1


def test_a_saved_game_of_the_wrong_kinds_is_refused_not_crashed() -> None:
    raw = TWO.scenario_start({}).to_dict() | {"turn_order": [["red"], "blue"]}
    with pytest.raises(InvalidState, match=r"turn_order\[0\]: \['red'\] is not a name"):
        TWO.from_dict(raw)


@pytest.mark.parametrize("mode", ["given", "actions"])
def test_a_seeded_fuzz_finds_no_exception_and_no_unclear_refusal(mode: str) -> None:
    """A few hundred cases here; ``scripts/fuzz_scenarios.py --game caylus --mode given`` runs the long one."""
    report = fuzz_game("caylus", mode, 300 if mode == "given" else 150)
    assert report.counts[("caylus", "refused" if mode == "given" else "failed")] > 75, report.counts
