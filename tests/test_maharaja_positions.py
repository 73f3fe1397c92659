"""A Maharaja scenario's ``given`` that no game reaches is refused before the first step, naming the
field (engine/maharaja/position.py, then the invariants), and odd values or odd steps never end in a
traceback: two seeded fuzz loops over the real scenarios. The corpus (tests/broken_scenarios/
maharaja_*.yaml) shows the commonest cases through the scenario runner; these are the others."""

from __future__ import annotations

import copy
import random
from dataclasses import replace
from typing import Any

import pytest

from engine.core import EngineError
from engine.maharaja.game import Maharaja
from engine.scenario import run
from engine.scenario_file import Scenario, ScenarioError, load_all

TURN = {"phase": "turns", "to_move": "red", "players": {c: {"disc": ["gold", "gold"]} for c in ("red", "blue", "green", "yellow")}}
SETUP = {"phase": "setup", "round": 0, "maharaja": "start", "track": ["a", "b", "c", "d", "e", "f", "g"] + [None] * 10}
NOBODY_DEALT = {**SETUP, "bank_characters": [1, 2, 3, 4, 5, 6, 7], "players": {c: {"characters": []} for c in ("red", "blue", "green", "yellow")}}

REFUSED: dict[str, tuple[dict[str, Any], tuple[str, ...], str]] = {
    "a bank of true": ({"bank": True}, (), "bank: should be a whole number, got True"),
    "a village holding a number": ({"villages": {"sb1": [1]}}, (), "villages.sb1: should be a list of colours"),
    "a palace of a list": ({"cities": {"a": {"inner": [1]}}}, (), "cities.a.inner: should be text or null, got [1]"),
    "a stranger's last scoring": ({"last_scoring": {"purple": 3}}, (), "last_scoring.purple: 3 gold to 'purple'"),
    "a negative scoring": ({"last_scoring": {"red": -5}}, (), "last_scoring.red: -5 gold"),
    "setup in round 3": ({"phase": "setup", "round": 3}, (), "round: 3; the setup comes before round 1"),
    "a marker gap in the setup": ({"phase": "setup", "round": 0, "maharaja": "start",
                                   "track": ["a", None, "c", "d", "e", "f", "g", "b"] + [None] * 9}, (),
                                  "track: during the setup the markers fill the lowest spaces"),
    "a marker of no city": ({"track": ["a", "b", "c", "d", "e", "f", "zz"] + [None] * 10}, (), "track.6: 'zz' is not a city's marker"),
    "acting out of turns": ({"acting": "red"}, (), "acting: 'red' acts in the turns, not in phase 'discs'"),
    "acting after the turn": ({"phase": "turns", "acting": "red", "players": {"red": {"acted": True, "disc": ["gold", "gold"]},
                                                                              "blue": {"disc": ["gold", "gold"]},
                                                                              "green": {"disc": ["gold", "gold"]},
                                                                              "yellow": {"disc": ["gold", "gold"]}}}, (),
                              "acting: 'red' has had their turn this round"),
    "to_move in the discs phase": ({"to_move": "red"}, (), "to_move: 'red' starts a turn, and turns are played in phase 'turns'"),
    "to_move a list": ({"phase": "turns", "to_move": ["red"]}, (), "to_move: ['red'] is not a player"),
    "a disc during the setup": ({**SETUP, "players": {"red": {"disc": ["gold", "gold"]}}}, (),
                                "players.red.disc: the discs are set in a round, not during the setup"),
    "an auction outside advanced game 1": ({**SETUP, "auction": {"bidders": ["red"]}}, (),
                                           "auction: the characters are auctioned only during the setup of advanced game 1"),
    "an auction bid above the gold": ({**NOBODY_DEALT, "auction": {"bidders": ["red", "blue"], "high": 99, "leader": "red", "next": 1}},
                                      ("advanced-1",), "auction.high: 99; a bid is 0 or more and at most the bidder's gold"),
    "a bidder who holds a card": ({**SETUP, "auction": {"bidders": ["red", "blue"], "next": 0}},
                                  ("advanced-1",), "auction.bidders: 'red' is not a player still without a character"),
    "a high bid without its bidder": ({**NOBODY_DEALT, "auction": {"bidders": ["red", "blue"], "high": 2, "next": 0}},
                                      ("advanced-1",), "auction: a high bid and its bidder (leader) go together"),
    "a palace of no colour": ({"cities": {"a": {"inner": ""}}}, (), "cities.a: a palace of '', neither a player nor an absent colour"),
    "pending decisions given": ({"pending": ["red"]}, (), "pending: the decisions waiting are worked out from the position"),
    "the last round declared early": ({"last_round": True}, (), "last_round: true, yet no marker stands on the end space"),
    "the end space reached, no last round": ({"round": 10, "maharaja": "g", "track": [None] * 10 + ["a", "b", "c", "d", "e", "f", "g"]}, (),
                                             "last_round: false, yet a marker stands on the end space"),
    "a round past any game": ({"round": 1001}, (), "round: 1001 is not a round of a game"),
    "negative chits": ({"players": {"red": {"chits": -1}}, "chits_bank": 8}, ("advanced-1",), "players.red.chits: -1 is below 0"),
}


@pytest.mark.parametrize("name", REFUSED)
def test_an_impossible_position_is_refused_with_its_field(name: str) -> None:
    given, variants, message = REFUSED[name]
    game = Maharaja(players=4, variants=variants)
    with pytest.raises((EngineError, ValueError)) as caught:
        game.scenario_start(given)
    assert str(caught.value).startswith(message.split(":")[0] + ":") and message in str(caught.value)


@pytest.mark.parametrize("options", [{"players": 3.5}, {"players": True}, {"variants": "advanced-1"}, {"variants": [1]},
                                     {"board": []}, {"fewer_players": None}])
def test_an_option_of_the_wrong_kind_is_refused_in_words(options: dict[str, Any]) -> None:
    with pytest.raises(ValueError) as caught:
        Maharaja(**options)
    assert str(caught.value).startswith(next(iter(options)) + " is ")


def test_a_turn_given_in_full_is_accepted() -> None:
    state = Maharaja(players=4).scenario_start(TURN)
    assert state.acting == "red" and state.round == 1


# --- seeded fuzzing ------------------------------------------------------------------------------

ODD: list[Any] = [None, -1, 0, 10**30, "", "x", [], {}, "²", 1.5, True, [None], [[1]], {"a": {"b": 1}}, ["x"], [-1],
                  "red", "a", "start", 99, ["red", "red"], [1, 1], {"red": 1}, {"x": 1}, {"red": -1}, "setup", "turns", "over"]
KEYS = ["players", "red", "purple", "gold", "reserve", "characters", "architect", "chits", "disc", "acted", "villages",
        "cities", "track", "bank", "bank_characters", "chits_bank", "maharaja", "round", "phase", "acting", "turn", "tasks",
        "auction", "last_round", "last_scoring", "to_move", "inner", "outer", "houses", "sb1", "bidders", "high"]
TOKENS = ["red", "blue", "chance", "purple", "", "²", "10" * 20, "-1", "0", "travel", "gold", "house", "palace", "move",
          "quarry", "governor", "swap", "free-house", "chit", "end", "entice", "disc", "character", "bid", "pass", "give",
          "inner", "a", "start", "sb1", "s-b", "two-houses", "x", "1.5", "٣"]


def _paths(node: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [path]
    items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else []
    for key, value in items:
        found += _paths(value, (*path, key))
    return found


def _junk(rng: random.Random, depth: int = 0) -> Any:
    if depth < 2 and rng.random() < 0.3:
        return {rng.choice(KEYS): _junk(rng, depth + 1) for _ in range(rng.randint(1, 3))}
    return copy.deepcopy(rng.choice(ODD))


def _mutated_given(rng: random.Random, given: dict[str, Any]) -> dict[str, Any]:
    paths = _paths(given)[1:]
    if paths and rng.random() < 0.7:
        *head, last = rng.choice(paths)
        node: Any = given
        for key in head:
            node = node[key]
        node[last] = _junk(rng)
    else:
        given[rng.choice(KEYS)] = _junk(rng)
    return given


def _survives(scenario: Scenario) -> None:
    """Runs or is refused as a scenario problem: anything else escaping is a traceback in ``kb check``."""
    try:
        run(scenario)
    except ScenarioError:
        pass


@pytest.fixture(scope="module")
def scenarios() -> list[Scenario]:
    return [s for s in load_all() if s.raw.get("game") == "maharaja"]


def test_odd_values_in_given_never_end_in_a_traceback(scenarios: list[Scenario]) -> None:
    rng = random.Random(31)
    for _ in range(400):
        scenario = rng.choice(scenarios)
        raw = copy.deepcopy(scenario.raw)
        raw["given"] = _mutated_given(rng, raw.get("given") or copy.deepcopy(TURN))
        _survives(replace(scenario, raw=raw))


def test_odd_steps_never_end_in_a_traceback(scenarios: list[Scenario]) -> None:
    rng = random.Random(31)
    for _ in range(150):
        scenario = rng.choice(scenarios)
        raw = copy.deepcopy(scenario.raw)
        steps = list(raw.get("steps") or [])
        steps.insert(rng.randint(0, len(steps)), " ".join(rng.choice(TOKENS) for _ in range(rng.randint(0, 5))))
        raw["steps"] = steps
        _survives(replace(scenario, raw=raw))
