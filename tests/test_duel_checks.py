"""The Builders Duel's own invariants: what ``kb validate`` refuses in the Duel's catalogs beyond the
corpus (tests/broken/duel_*.yaml), a catalog edit that validates plays to the end, and a scenario's
``given`` is refused field by field, never with a traceback (a seeded fuzz of odd values)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from badinput import ROOT
from catalog import Catalog, CatalogError
from catalog.load import Reading, catalog_files, check_catalog, read_files
from engine.core import InvalidState
from engine.duel import Duel
from engine.playout import play
from games import REGISTRY
from fuzzer import fuzz_game
from games.duel.checks import ENGINE_RULES, NOTATION

GAME_FILE = "data/duel-game.yaml"
OFFER = ["a-power", "a-income/gold=4", "a-influence", "a-resource/raw=wood", "aliena", "jack",
         "a-craftsman/raw=wool/gold=1", "toledo", "a-market/gold=5/quantity=2/wool_price=3"]
CARDS_FILE = "data/duel-cards.yaml"


@pytest.fixture(scope="module")
def real() -> dict[str, Reading]:
    return {str(p.relative_to(ROOT)): read_files([p], REGISTRY.schema, ROOT) for p in catalog_files(ROOT / "data")}


def edited(real: dict[str, Reading], tmp_path: Path, file: str, *edits: tuple[str, str]) -> Catalog:
    """The real catalogs with lines of one file replaced (each edit once); raises CatalogError."""
    text = (ROOT / file).read_text(encoding="utf-8")
    for old, new in edits:
        assert old + "\n" in text, old
        text = text.replace(old + "\n", new + "\n", 1)
    path = tmp_path / file
    path.parent.mkdir(exist_ok=True)
    path.write_text(text, encoding="utf-8")
    reading = Reading()
    for shown, one in real.items():
        if shown != file:
            reading += one
    reading += read_files([path], REGISTRY.schema, tmp_path)
    return check_catalog(reading, REGISTRY.schema)


def refused(real: dict[str, Reading], tmp_path: Path, file: str, *edits: tuple[str, str]) -> str:
    with pytest.raises(CatalogError) as caught:
        edited(real, tmp_path, file, *edits)
    return "\n".join(map(str, caught.value.problems))


@pytest.mark.parametrize(("file", "old", "new", "message"), [
    (GAME_FILE, "    sections_per_round: 1", "    sections_per_round: 2", "construction_rules[0].sections_per_round: the engine builds on one section per round"),
    (GAME_FILE, "    seal_high_face_cost: {gold: 2}", "    seal_high_face_cost: {wood: 2}", "variants[0].seal_high_face_cost.wood: the higher face is paid in gold"),
    (GAME_FILE, "    years: [2, 4]", "    years: [2]", "decks[0].years: no deck for year 4"),
    (GAME_FILE, "    personal: true", "    personal: false", "the Duel has one personal seal kind; the catalog has 0"),
    (GAME_FILE, "    per_player: {character-marker: 3}", "    per_player: {charcter-marker: 3}", "setups[0].per_player.charcter-marker: unknown component"),
    (GAME_FILE, "    faces: [2, 3]", "    faces: [1, 4]", "seals[2].faces: the neutral seal 1/4 is also duel.seal.one-four"),
    (GAME_FILE, "    start_in_camp: 1", "    start_in_camp: 3", "resources[1].start_in_camp: 3 in the camp at the start, of 2 per player"),
    (GAME_FILE, "    bank: {gold: 74}", "    bank: {gold: 5}", "setups[0].bank.gold: the bank holds all the gold (5), less than the players' 3 each"),
    (GAME_FILE, "    power_marker_holder_starts: true", "    power_marker_holder_starts: false", "power_marker_holder_starts: the engine always lets the power holder start"),
    (GAME_FILE, "    years: 4", "    years: 5", "decks[0].years: no deck for year 5"),
    (GAME_FILE, "      - {card: duel.card.a-power, count: 2}", "      - {card: duel.card.a-power, count: 2, printed: {colour: purple}}",
     "decks[0].assumed[10].printed.colour: 'colour' is 'purple', not a frame colour (neutral, blue, red)"),
    (CARDS_FILE, '    deck: "A"', '    deck: "C"', "cards[0].deck: unknown deck 'C' (decks: A, B)"),
    (CARDS_FILE, "    effect: {kind: take_raws, raws: null, count: 1, count_by_raw: {wool: 2}}",
     "    effect: {kind: take_raws, raws: null, count: 1, count_by_raw: {wooll: 2}}", "cards[3].effect.count_by_raw.wooll: unknown raw material 'wooll'"),
    (CARDS_FILE, "    effect: {kind: income, gold: null}", "    effect: {kind: income, gold: 1000}", "cards[1].effect.gold: 1000 gold, more than the 74 the box holds"),
])
def test_the_catalog_keeps_what_the_engine_assumes(real: dict[str, Reading], tmp_path: Path, file: str, old: str, new: str,
                                                   message: str) -> None:
    shown = refused(real, tmp_path, file, (old, new))
    assert message in shown, shown
    assert f"{file}:" in shown and "Traceback" not in shown


def test_the_rules_the_engine_cites_are_the_ones_the_catalog_check_knows() -> None:
    written = set()
    for path in (ROOT / "engine" / "duel").glob("*.py"):
        written |= set(re.findall(r'"(duel\.[a-z0-9.-]+)"', path.read_text(encoding="utf-8")))
    assert written == {*ENGINE_RULES, NOTATION}


def test_a_rule_the_engine_cites_renamed_is_named_with_its_new_name(real: dict[str, Reading], tmp_path: Path) -> None:
    """The rename done everywhere the data cites the rule (its rulings too), so only the engine still
    names the old id: the check says which rule and guesses the new name."""
    rulings = "data/duel-rulings.yaml"
    text = (ROOT / rulings).read_text(encoding="utf-8")
    assert text.count("duel.round.line-type") >= 2
    (tmp_path / "data").mkdir()
    (tmp_path / rulings).write_text(text.replace("duel.round.line-type", "duel.round.line-kind"), encoding="utf-8")
    real = {file: reading for file, reading in real.items() if file != rulings}
    real[rulings] = read_files([tmp_path / rulings], REGISTRY.schema, tmp_path)
    shown = refused(real, tmp_path, "data/duel-rules.yaml", ("  - id: duel.round.line-type", "  - id: duel.round.line-kind"))
    assert re.fullmatch(r"data/duel-rules\.yaml:\d+:\d+: rules\[\d+\]\.id: the engine cites rule duel\.round\.line-type \(for a "
                        r"decision or a refusal\), which no rule has; was it renamed to duel\.round\.line-kind\? .*", shown), shown


def test_a_catalog_that_validates_plays_to_the_end(real: dict[str, Reading], tmp_path: Path) -> None:
    """Edits the checks let through are games the engine can play: no seal left for the stack, a
    cheaper building, one raw fewer per player (and the marker count with it)."""
    catalog = edited(real, tmp_path, GAME_FILE,
                     ("    count: 4", "    count: 2"), ("    count: 4", "    count: 2"),
                     ("    cost_by_materials: [2, 6, 12]", "    cost_by_materials: [1, 1, 1]"),
                     ("    per_player: 4", "    per_player: 3"), ("    per_player: 11", "    per_player: 10"))
    game = Duel(catalog=catalog)
    assert game.spare_seals() == []
    for seed in range(3):
        result = play(game, seed)
        assert not result.violations, result.violations
        assert result.winners


# --- positions ----------------------------------------------------------------------------------------

FIELD = re.compile(r"^(to_move|[a-z_]+(\.[^\s:]+)*): ")
"""A message that begins with the field it is about (``players.red.gold: ...``)."""


def start(given: dict[str, Any]) -> str | None:
    """None if the Duel starts from ``given``, else the message it refuses it with."""
    try:
        Duel().scenario_start(given)
    except (InvalidState, ValueError) as exc:
        return str(exc)
    return None


@pytest.mark.parametrize(("given", "message"), [
    ({"conflict": {"cell": 5, "totals": {}, "flicked": {}}}, "conflict: a conflict in progress cannot be given"),
    ({"players": {"red": {"placed": 2}}}, "players.red.placed: materials placed this round go on a section: give built"),
    ({"players": {"red": {"finished": ["I", "II", "III"]}}}, "players.red.finished: the whole building is finished"),
    ({"players": {"red": {"finished": ["I"], "sections": {"I": ["beam"]}}}}, "players.red.sections.I: section I is finished"),
    ({"winner": "red"}, "winner: a winner ends the game"),
    ({"year": 0}, "year: 0 is not between 1 and 4"),
    ({"players": {"blue": {"camp": {"gold": 1}}}}, "players.blue.camp.gold: not a raw or building material"),
    ({"players": {"blue": {"reserve": {"wool": 9}}}}, "players.blue.reserve.wool: 9 is not between 0 and 4"),
    ({"marks": {"red": [0]}}, "marks.red.0: 0 is not between 1 and 9"),
    ({"lines": {"red": "row9"}}, "lines.red: 'row9' is not a line of the offer"),
    ({"players": {"red": {"held": ["siege/colour=green"]}}}, "players.red.held.0: card siege/colour=green: 'colour' is 'green', not a frame colour (neutral, blue, red)"),
    ({"players": {"red": {"held": ["a-income/golld=3"]}}}, "players.red.held.0: card a-income/golld=3: 'golld' is not a value this card prints"),
    ({"phase": "turns", "to_move": "green"}, "to_move: 'green' is not a player"),
    ({"bank": 10**30}, "bank: 1000000000000000000000000000000 is not between 0 and 74"),
    ({"lines": {"red": "row1", "blue": "row2"}}, "lines: {'red': 'row1', 'blue': 'row2'} are of one kind"),
    ({"phase": "turns", "to_move": "red", "offer": OFFER, "marks": {"red": [1, 2, 3], "blue": [1, 4, 7]}},
     "marks: both players mark cell 1; the conflict over it has not been settled"),
    ({"players": {"red": {"finished": ["I"], "boxed": {"wool": 1}}}}, "players.red.boxed: 1 markers left play with finished sections; 1 finished section(s) took 3"),
    ({"players": {"red": {"finished": ["I", "II"], "camp": {"wool": 4, "ore": 1}}}}, "players.red.boxed: 3 markers left play with finished sections; 2 finished section(s) took 6"),
    ({"players": {"red": {"held": ["a-income/gold=4"]}}}, "players.red.held.0: only delayed (1x) cards are kept"),
    ({"year": 5, "phase": "turns"}, "year: 5 is not between 1 and 4"),
    ({"bank": 60, "players": {"red": {"gold": 70}}}, "gold: bank 60 + players 73 = 133, the box holds 74"),  # an invariant
])
def test_an_impossible_position_is_refused_with_its_field(given: dict[str, Any], message: str) -> None:
    got = start(given)
    assert got is not None and got.startswith(message), got
    assert FIELD.match(got), got


def test_a_finished_game_may_be_given_with_the_year_gone_one_on() -> None:
    """After the fourth year the count stands at five (flow.end_round), and the game is over."""
    assert start({"year": 5, "phase": "over"}) is None
    assert Duel(players=("blue", "red")).players == ("red", "blue")
    with pytest.raises(ValueError, match="got red$"):
        Duel(players="red")


def test_odd_values_in_given_are_refused_or_played_never_a_traceback() -> None:
    """A seeded fuzz (scripts/fuzz_scenarios.py): one part of a real scenario's given, or of the full
    start state, set to an odd value; the start is refused with the field named, or the position
    plays 40 random steps with its invariants checked after each."""
    report = fuzz_game("duel", "given", 300, random_steps=40)
    refused, played = report.counts[("duel", "refused")], report.counts[("duel", "ok")] + report.counts[("duel", "failed")]
    assert refused > 150 and played > 20, report.counts


def test_odd_actions_are_refused_never_a_traceback() -> None:
    report = fuzz_game("duel", "actions", 150)
    assert report.counts[("duel", "failed")] > 75, report.counts
