"""What the Maharaja engine assumes of its catalog is checked by validation (games/maharaja/kinds.py and
checks.py), at the entry and field: the cases here are those the bad-input corpus
(tests/broken/maharaja_*.yaml) does not show. Each edits one real catalog file in memory and reads
it with the others, as ``kb validate`` does."""

from __future__ import annotations

from pathlib import Path

import pytest

from catalog import CatalogError
from catalog.load import Reading, catalog_files, check_catalog, load_file, read_files
from games import REGISTRY

ROOT = Path(__file__).resolve().parent.parent
CHARACTERS, GAME_FILE, BOARD = "data/maharaja-characters.yaml", "data/maharaja-game.yaml", "data/maharaja-board.yaml"
DISCREPANCIES = "data/maharaja-discrepancies.yaml"
RULINGS = "data/maharaja-rulings.yaml"


@pytest.fixture(scope="module")
def readings() -> dict[str, Reading]:
    return {str(p.relative_to(ROOT)): read_files([p], REGISTRY.schema, ROOT) for p in catalog_files(ROOT / "data")}


def problems(readings: dict[str, Reading], tmp_path: Path, file: str, *edits: tuple[str, str]) -> list[str]:
    """The problems `kb validate` reports after the edits (old text -> new, the first of each) of one
    file (an old text starting with ``DISCREPANCIES`` or ``RULINGS`` edits that file instead, every
    occurrence: a renamed id cited there)."""
    texts: dict[str, str] = {}
    for old, new in edits:
        where = next((cites for cites in (DISCREPANCIES, RULINGS) if old.startswith(cites)), file)
        old = old.removeprefix(where)
        text = texts.get(where) or (ROOT / where).read_text(encoding="utf-8")
        assert old in text, f"{old!r} not in {where}"
        texts[where] = text.replace(old, new, -1 if where != file else 1)
    reading = Reading()
    for shown, real in readings.items():
        if shown not in texts:
            reading += real
    for i, (shown, text) in enumerate(texts.items()):
        path = tmp_path / f"edited{i}.yaml"
        path.write_text(text, encoding="utf-8")
        reading += Reading(*load_file(path, shown, REGISTRY.schema))
    try:
        check_catalog(reading, REGISTRY.schema)
    except CatalogError as exc:
        return [str(p) for p in exc.problems]
    return []


CASES: dict[str, tuple[str, list[tuple[str, str]], str]] = {
    "the default board renamed": (BOARD, [("  - id: maharaja.board.assumed\n", "  - id: maharaja.board.assumed-one\n"),
                                          (DISCREPANCIES + "maharaja.board.assumed, ", "maharaja.board.assumed-one, "),
                                          (RULINGS + "maharaja.board.assumed,", "maharaja.board.assumed-one,"),
                                          (RULINGS + "maharaja.board.assumed]", "maharaja.board.assumed-one]")],
                                  "boards[0].id: the engine needs its default board 'maharaja.board.assumed', and the catalog has none; "
                                  "is 'maharaja.board.assumed-one' it, renamed?"),
    "a variant renamed": (GAME_FILE, [("  - id: maharaja.variant.advanced-2\n", "  - id: maharaja.variant.advanced-two\n"),
                                     (DISCREPANCIES + "maharaja.variant.advanced-1, maharaja.variant.advanced-2]",
                                      "maharaja.variant.advanced-1, maharaja.variant.advanced-two]"),
                                     (RULINGS + "maharaja.variant.advanced-2]", "maharaja.variant.advanced-two]")],
                          "the engine needs the variant 'advanced-2', and the catalog has none; is 'advanced-two' it, renamed?"),
    "a second governor track": (CHARACTERS, [("  - id: maharaja.governor-track\n", "  - id: maharaja.governor-track\n"
                                              "    game: maharaja\n    names: {en: track}\n    start_spaces: 7\n"
                                              "    numbered_spaces: 10\n    markers: 7\n    end_space: 10\n    move_down_spaces: 2\n"
                                              "    passed_markers_move_up: 1\n    empty_spaces_count: true\n"
                                              "    short_game_last_round: 8\n    sources: [{key: HU, line: 220}]\n"
                                              "    confidence: text\n  - id: maharaja.governor-track-2\n")],
                                "the engine reads one governor_tracks entry for Maharaja; this is a second one"),
    "an advanced-only character amid the basic ones": (CHARACTERS, [("    advanced_only: false\n    rule: maharaja.characters.builder\n",
                                                                     "    advanced_only: true\n    rule: maharaja.characters.builder\n")],
                                                       "characters[4].number: an advanced-only character is numbered after the basic game's 1 to 5, not 5"),
    "too few characters for five players": (CHARACTERS, [("    advanced_only: false\n    rule: maharaja.characters.builder\n",
                                                          "    advanced_only: true\n    rule: maharaja.characters.builder\n"),
                                                         ("    advanced_only: false\n    rule: maharaja.characters.artisan\n",
                                                          "    advanced_only: true\n    rule: maharaja.characters.artisan\n")],
                                            "games[0].players_max: 5 players need 5 characters of the basic game, the catalog has 4"),
    "a gap in the basic run": (CHARACTERS, [("    advanced_only: false\n    rule: maharaja.characters.builder\n",
                                             "    advanced_only: true\n    rule: maharaja.characters.builder\n")],
                               "the basic game's 5 characters are numbered 1 to 5 without a gap (5 missing), not 6"),
    "two actions at one place of the disc": (CHARACTERS, [("    order: 3\n", "    order: 2\n")],
                                             "disc_actions[2].order: order 2 is also maharaja.action.house's"),
    "two scoring tables for 2 players": (CHARACTERS, [("    players: 3\n", "    players: 2\n"),
                                                     ("gold_by_rank: [11, 7, 3]", "gold_by_rank: [11, 7]")],
                                         "scoring_tables[1].players: maharaja.scoring-table.players-2 is already the table for 2 players"),
    "a colour named chance": (CHARACTERS, [("colours: [red, blue, green, yellow, black]", "colours: [red, blue, green, yellow, chance]")],
                              "startings[0].colours[4]: 'chance' names the random draws"),
    "a colour of two words": (CHARACTERS, [("colours: [red, blue, green, yellow, black]", "colours: [red, blue, green, yellow, dark red]")],
                              "startings[0].colours[4]: String should match pattern"),
    "four colours for five players": (CHARACTERS, [("colours: [red, blue, green, yellow, black]", "colours: [red, blue, green, yellow]")],
                                      "startings[0].colours: 5 players need 5 colours, the catalog lists 4"),
    "more starting houses than villages hold": (CHARACTERS, [("    houses_in_villages: 4\n", "    houses_in_villages: 13\n"),
                                                            ("    houses_to_reserve: 6\n", "    houses_to_reserve: 0\n")],
                                                "startings[0].houses_in_villages: 5 players place 65 starting houses; the 30 villages"),
    "a quarry beyond a colour's houses": (CHARACTERS, [("{kind: take_houses_from_bank, count: 2}", "{kind: take_houses_from_bank, count: 21}")],
                                          "disc_actions[4].effect.count: 21 is more than the 20 houses of a colour"),
    "a free house neither built nor moved": (CHARACTERS, [("count: 1, build: true, move: true", "count: 1, build: false, move: false")],
                                             "characters[4].ability: a free house that may be neither built nor moved does nothing"),
    "empty spaces not counted": (CHARACTERS, [("    empty_spaces_count: true\n", "    empty_spaces_count: false\n")],
                                 "governor_tracks[0].empty_spaces_count: the engine counts empty spaces"),
    "a move down past the track": (CHARACTERS, [("    move_down_spaces: 2\n", "    move_down_spaces: 17\n")],
                                   "governor_tracks[0].move_down_spaces: a marker moves down within the track's 17 spaces"),
    "a governor track of a billion spaces": (CHARACTERS, [("    numbered_spaces: 10\n", "    numbered_spaces: 1000000000\n")],
                                             "governor_tracks[0].numbered_spaces: Input should be less than or equal to 1000"),
    "a house paid to its owner": (CHARACTERS, [("    payee: bank\n", "    payee: house_owner\n")],
                                  "costs[0].payee: the engine moves this gold as payee 'bank', not 'house_owner'"),
    "two inner sites": (BOARD, [("    inner_sites_per_city: 1\n", "    inner_sites_per_city: 2\n")],
                        "board_facts[0].inner_sites_per_city: the engine has one inner site per city (or none), not 2"),
    "a build of a billion houses": (CHARACTERS, [("{kind: build, houses: 1, palaces: 0, houses_in_city_min: 0}",
                                                  "{kind: build, houses: 1000000000, palaces: 0, houses_in_city_min: 0}")],
                                    "disc_actions[1].effect.houses: Input should be less than or equal to 1000"),
}


@pytest.mark.parametrize("name", CASES)
def test_an_engine_assumption_broken_in_the_catalog_is_reported(name: str, readings: dict[str, Reading], tmp_path: Path) -> None:
    file, edits, message = CASES[name]
    found = problems(readings, tmp_path, file, *edits)
    assert any(message in p for p in found), "\n".join(found) or "accepted"


def test_the_real_catalog_has_none_of_these_problems(readings: dict[str, Reading], tmp_path: Path) -> None:
    assert problems(readings, tmp_path, CHARACTERS) == []
