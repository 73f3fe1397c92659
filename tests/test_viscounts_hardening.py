"""What the Viscounts engine takes for granted is refused by validation, not met by a traceback: the
catalog rules of games/viscounts/consistency*.py that the bad-input corpus (tests/broken/viscounts_*)
does not show, the positions engine/viscounts/position.py refuses, and seeded fuzzing of ``given``
values and of action texts, which must give a refusal naming the field, never another exception."""

from __future__ import annotations

import copy
import random
import re
from pathlib import Path
from typing import Any

import pytest

from catalog import CatalogError
from catalog.load import Reading, catalog_files, check_catalog, load_file, read_files
from engine.core import InvalidState
from engine.viscounts.game import Viscounts
from fuzzer import fuzz_game
from games import REGISTRY

ROOT = Path(__file__).resolve().parent.parent

# (file, line as written, the line replacing it, the field reported, part of the message)
EDITS = [
    ("viscounts-manuscripts.yaml", "    points: 3", "    points: 4", "bonus_cards[1].points", "scores every cleric bonus card as"),
    ("viscounts-cards.yaml", "    ranks_by: flipped_debts", "    ranks_by: flipped_deeds", "end_cards[1].ranks_by",
     "ranks by flipped_debts in the engine"),
    ("viscounts-cards.yaml", "      - {players: 3, cards: 14}", "      - {players: 2, cards: 14}", "end_cards[0].cards_by_players",
     "no pile size for 3 players"),
    ("viscounts-cards.yaml", "      - name: future-workers", "      - name: move-transcribe", "solo_cards[1].assumed_schemes[1].name",
     "scheme 'move-transcribe' is also on"),
    ("viscounts-cards.yaml", "    funded_by: gold", "    funded_by: null", "icons[0].action", "no icon serves the noble action"),
    ("viscounts-cards.yaml", "    count: 4", "    count: 3", "cards[0].count", "a starting townsfolk comes once per player colour"),
    ("viscounts-cards.yaml", "    assumed_future_scheme_for: [free_hire]", "    assumed_future_scheme_for: [free_hires]",
     "solo_cards[2].assumed_future_scheme_for[0]", "no effect kind 'free_hires'"),
    ("viscounts-cards.yaml", "    strategy: transcribe", "    strategy: trade", "solo_cards[4].strategy", "noble or transcribe"),
    ("viscounts-cards.yaml", "    wild: true", "    wild: false", "icons[0].wild", "the criminal icon as wild"),
    ("viscounts-cards.yaml", "    start_building: guildhall", "    start_building: null", "solo_cards[4].start_building",
     "the engine builds the Monk's start building"),
    ("viscounts-cards.yaml", "    ability: [{kind: trigger, when: after_trade, then: [{kind: gain, what: silver}]}]",
     "    ability: [{kind: trigger, when: after_trade, then: [{kind: dismiss_cost, silver: 1}]}]",
     "cards[7].ability[0].then[0].kind", "'dismiss_cost' cannot be done as a step here"),
    ("viscounts-boards.yaml", "      - [d, next-a]", "      - [d, next-e]", "main_boards[0].assumed_spot_links[2][1]", "no building spot 'next-e'"),
    ("viscounts-boards.yaml", "      - [outer-right, next-outer-left]", "      - [outer-left, next-outer-left]",
     "main_boards[0].assumed_path_links", "no link leaves outer-right"),
    ("viscounts-boards.yaml", "      - {noble_icons: 3, workers: 2}", "      - {noble_icons: 3, workers: 1}",
     "player_boards[0].worker_placement[1].workers", "the number of workers 1 is also"),
    ("viscounts-manuscripts.yaml", "    grey_backed: 5", "    grey_backed: 10", "manuscript_decks[0].total", "grey + 30 black backs is not 35"),
    ("viscounts-manuscripts.yaml",
     "      - {count: 2, back: grey, ribbon: grey, cleric_cost: 4, end_game: {kind: points_per, per: building, points: 1}}",
     "      - {count: 2, back: grey, ribbon: grey, cleric_cost: 4, end_game: {kind: points_per, per: building, points: null}}",
     "manuscripts[5].assumed_deck[1].end_game.points", "the engine needs the points"),
]


@pytest.fixture(scope="module")
def real_catalogs() -> dict[str, Reading]:
    return {str(p.relative_to(ROOT)): read_files([p], REGISTRY.schema, ROOT) for p in catalog_files(ROOT / "data")}


@pytest.mark.parametrize(("file", "old", "new", "path", "message"), EDITS, ids=[e[3] for e in EDITS])
def test_a_catalog_the_engine_would_misread_is_refused(file: str, old: str, new: str, path: str, message: str,
                                                       real_catalogs: dict[str, Reading], tmp_path: Path) -> None:
    shown = f"data/{file}"
    text = (ROOT / shown).read_text(encoding="utf-8")
    assert old + "\n" in text
    edited = tmp_path / file
    edited.write_text(text.replace(old + "\n", new + "\n", 1), encoding="utf-8")
    reading = Reading()
    for name, real in real_catalogs.items():
        if name != shown:
            reading += real
    reading += Reading(*load_file(edited, shown, REGISTRY.schema))
    with pytest.raises(CatalogError) as caught:
        check_catalog(reading, REGISTRY.schema)
    got = [(p.path, p.message) for p in caught.value.problems]
    assert any(p == path and message in m for p, m in got), got


# --- positions ------------------------------------------------------------------------------------

POSITIONS = [
    ({"players": {"purple": {"silver": 1}}}, "given.players.purple: not a player of this game"),
    ({"solo": {"deck": []}}, "given.solo: only a 1-player game"),
    ({"stage": "act"}, "given.action.kind: at the act stage a primary action is under way"),
    ({"players": {"red": {"built": {"workshop": 4}}}}, "given.players.red.built.workshop: should be 0 to 3, got 4"),
    ({"spots": {"2c": "green:workshop"}}, "given.spots.2c: should be owner:building"),
    ({"spots": {"9z": "red:workshop"}}, "given.spots.9z: no building spot '9z'"),
    ({"players": {"red": {"bonus": ["purple"]}}}, "given.players.red.bonus[0]: no cleric bonus card (ribbon) 'purple'"),
    ({"players": {"red": {"hand": ["abbot", 7]}}}, "given.players.red.hand[1]: no card 7"),
    ({"turn": 2}, "given.turn: should be 0 to 1, got 2"),
    ({"townsfolk_left": [1, 2]}, "given.townsfolk_left: should be a list of 5 counts"),
    ({"leader": "blue", "castle": {"tier3": {"red": 2, "blue": 1}}, "players": {"red": {"workers": 18}, "blue": {"workers": 19}}},
     "given: an impossible position: castle leader blue has fewer tier-3 workers than another player"),
    ({"players": {"red": {"corruption": 5, "virtue": 3}}}, "given: an impossible position: red: markers off the track or crossed"),
    ({"to_move": "monk"}, "given.to_move: 'monk' is not a player"),
]


@pytest.mark.parametrize(("given", "message"), POSITIONS, ids=[m.split(":")[0] + str(i) for i, (_, m) in enumerate(POSITIONS)])
def test_an_impossible_position_is_refused_before_the_first_step(given: dict[str, Any], message: str) -> None:
    with pytest.raises((InvalidState, ValueError)) as caught:
        Viscounts(players=["red", "blue"]).scenario_start(given)
    assert str(caught.value).startswith(message), str(caught.value)


def test_a_solo_position_names_the_monks_schemes() -> None:
    with pytest.raises(InvalidState, match=r"^given\.solo\.deck\[0\]: no scheme 'teleport'"):
        Viscounts(players=1).scenario_start({"solo": {"deck": ["teleport"]}})


# --- fuzzing ----------------------------------------------------------------------------------------

REFUSAL = re.compile(r"^(given\b|[\w-]+(\.[\w-]+)*: )")
"""A refusal names the field: the position check (given...) or the merge of given (players.red.gold: ...)."""


def test_odd_values_in_given_are_refused_naming_the_field() -> None:
    """A seeded fuzz (scripts/fuzz_scenarios.py): a refusal of given that does not begin with its field
    is reported as a place, like an exception."""
    report = fuzz_game("viscounts", "given", 300)
    assert report.counts[("viscounts", "refused")] > 150, report.counts


def test_odd_action_texts_are_refused_as_actions() -> None:
    report = fuzz_game("viscounts", "actions", 150)
    assert report.counts[("viscounts", "failed")] > 75, report.counts


@pytest.mark.parametrize("players", [1, 2])
def test_every_stage_and_player_to_move_starts_or_is_refused_naming_the_field(players: int) -> None:
    """A stage is given for whoever moves: the Monk's turn has its own stages, dismissing is no stage."""
    from engine.viscounts.position import GIVEN_STAGES

    movers = ["red", "monk"] if players == 1 else ["red", "blue"]
    refused = []
    for stage in (*GIVEN_STAGES, "dismiss"):
        for kind in ("", "trade", "build", "noble", "transcribe"):
            for to_move in movers:
                game = Viscounts(players=players)
                try:
                    game.legal_actions(game.scenario_start({"stage": stage, "action": {"kind": kind}, "to_move": to_move}))
                except (InvalidState, ValueError) as exc:  # anything else fails the test with its traceback
                    assert REFUSAL.match(str(exc)), f"{stage} {kind} {to_move}: {exc}"
                    refused.append((stage, to_move))
    assert ("dismiss", "red") in refused and (("play", "monk") in refused) == (players == 1)


def test_every_effect_kind_is_done_at_once_or_read_where_it_stands() -> None:
    """What validation allows in a step list is what the turn flow carries out; the rest the engine reads
    from a board, card or manuscript (engine/viscounts/effects.py PASSIVE), never from a step list."""
    from typing import get_args

    from engine.viscounts.effects import PASSIVE
    from games.viscounts.effects import DONE_AT_ONCE, READ_FROM_SLOTS, Effect

    kinds = {get_args(m.model_fields["kind"].annotation)[0] for m in get_args(get_args(Effect)[0])}
    assert DONE_AT_ONCE | PASSIVE == kinds and not DONE_AT_ONCE & PASSIVE
    assert READ_FROM_SLOTS <= PASSIVE
