"""A Maharaja scenario's ``given`` that no game reaches is refused before the first step, naming the
field (engine/maharaja/position.py, then the invariants), and odd values or odd steps never end in a
traceback: two seeded fuzz loops over the real scenarios. The corpus (tests/broken_scenarios/
maharaja_*.yaml) shows the commonest cases through the scenario runner; these are the others."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import EngineError
from engine.maharaja.game import Maharaja
from fuzzer import fuzz_game

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


# --- seeded fuzzing (scripts/fuzz_scenarios.py) ------------------------------------------------------------------------------

def test_odd_values_in_given_never_end_in_a_traceback() -> None:
    """A seeded fuzz (scripts/fuzz_scenarios.py): a part of a real scenario's given replaced, or a new
    key holding an odd value or a little nest of them; refused naming the field, or played."""
    report = fuzz_game("maharaja", "given", 300)
    assert report.counts[("maharaja", "refused")] > 150, report.counts


def test_odd_steps_never_end_in_a_traceback() -> None:
    report = fuzz_game("maharaja", "actions", 150)
    assert report.counts[("maharaja", "failed")] > 75, report.counts
