"""Caylus's catalog invariants (games/caylus/checks.py, effect_checks.py) that the bad-input corpus
does not show: each test changes one entry of the real catalog in memory and expects the check to
name the entry, the field and the reason; the real catalog passes every check."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path
from typing import Any

import pytest

from catalog import Catalog
from engine.catalog import default_catalog
from games.caylus.checks import ENGINE_RULES, catalog_problems

REAL = default_catalog()


def edited(entry_id: str, **changes: Any) -> Catalog:
    """The real catalog with one entry's fields replaced (validated as the model would)."""
    located = REAL.entries[entry_id]
    data = located.entry.model_dump() | changes
    entry = type(located.entry).model_validate(data)
    entries = dict(REAL.entries) | {entry_id: dataclasses.replace(located, entry=entry)}
    return Catalog(entries, REAL.schema)


def without(entry_id: str) -> Catalog:
    return Catalog({k: v for k, v in REAL.entries.items() if k != entry_id}, REAL.schema)


def problems(catalog: Catalog) -> list[tuple[str, str, str]]:
    return [(entry, ".".join(map(str, path)), message) for entry, path, message in catalog_problems(catalog)]


def test_the_real_catalog_keeps_every_caylus_invariant() -> None:
    assert problems(REAL) == []


CASES: dict[str, tuple[Catalog, str, str, str]] = {
    "a road of a million spaces": (edited("caylus.road", spaces=1_000_000), "caylus.road", "spaces", "at most 100"),
    "a neutral space off the road": (edited("caylus.road", neutral_spaces=[1, 2, 3, 4, 5, 60]), "caylus.road",
                                     "neutral_spaces.5", "space 60 is off the road"),
    "a neutral space too few": (edited("caylus.road", neutral_spaces=[1, 2, 3, 4, 5]), "caylus.road", "neutral_spaces",
                                "5 neutral spaces for 6 neutral buildings"),
    "a fixed building left off the road": (
        edited("caylus.road", fixed=[{"space": 7, "building": "caylus.building.peddler-fixed"},
                                     {"space": 8, "building": "caylus.building.carpenter-fixed"}]),
        "caylus.road", "fixed", "'caylus.building.gold-mine' has no space on the road"),
    "a wood building printed on the road": (
        edited("caylus.road", fixed=[{"space": 7, "building": "caylus.building.peddler-fixed"},
                                     {"space": 8, "building": "caylus.building.carpenter-fixed"},
                                     {"space": 16, "building": "caylus.building.gold-mine"},
                                     {"space": 17, "building": "caylus.building.bank"}]),
        "caylus.road", "fixed.3.building", "is a stone building; only fixed buildings"),
    "a favour row as a fixed building": (
        edited("caylus.road", fixed=[{"space": 7, "building": "caylus.building.peddler-fixed"},
                                     {"space": 8, "building": "caylus.building.carpenter-fixed"},
                                     {"space": 16, "building": "caylus.favour-row.deniers"}]),
        "caylus.road", "fixed.2.building", "is not a Caylus building"),
    "the provost stops short of the end": (edited("caylus.road", provost_max=20), "caylus.road", "provost_max",
                                           "follows the bailiff to the last space"),
    "a free placement costs a billion": (edited("caylus.road", passing_scale=[1, 10**9]), "caylus.road", "passing_scale.1",
                                         "0 to 1000 deniers"),
    "a wildcard as the first pass bonus": (edited("caylus.road", first_pass_bonus={"any-cube": 1}), "caylus.road",
                                           "first_pass_bonus.any-cube", "is a wildcard"),
    "favours for a visit": (edited("caylus.road", visit_owner_reward={"favours": 1}), "caylus.road",
                            "visit_owner_reward.favours", "favours are not granted here"),
    "two castle workers each": (edited("caylus.castle", workers_per_player=2), "caylus.castle", "workers_per_player",
                                "one worker of each player"),
    "prestige for the most batches": (edited("caylus.castle", most_batches_reward={"prestige": 3}), "caylus.castle",
                                      "most_batches_reward", "favours only"),
    "a batch of six kinds": (edited("caylus.castle", batch={"cubes": 6, "distinct": True, "required": ["food"]}),
                             "caylus.castle", "batch.cubes", "there are 5 kinds"),
    "the walls' marker before the dungeon's": (edited("caylus.castle-section.walls", marker_space=10),
                                              "caylus.castle-section.walls", "marker_space", "not past"),
    "an open-ended step before the last": (
        edited("caylus.castle-section.dungeon", scoring=[{"houses_min": 0, "reward": {}}, {"houses_min": 1, "reward": {}}]),
        "caylus.castle-section.dungeon", "scoring.0.houses_max", "only the last step is open-ended"),
    "a scoring that stops": (
        edited("caylus.castle-section.dungeon", scoring=[{"houses_min": 0, "houses_max": 1, "reward": {}}]),
        "caylus.castle-section.dungeon", "scoring", "scores nothing"),
    "two favour rows numbered 1": (edited("caylus.favour-row.deniers", row=1), "caylus.favour-row.deniers", "row",
                                   "also that of 'caylus.favour-row.prestige'"),
    "a favour column numbered 7": (edited("caylus.favour-column.5", column=7), "caylus.favour-column.1", "column",
                                   "numbered 1 to 5, once each"),
    "a column that opens before its left neighbour": (
        edited("caylus.favour-column.3", opens_after="caylus.castle-section.walls"), "caylus.favour-column.4",
        "opens_after", "never before"),
    "a missing favour cell": (without("caylus.favour.deniers-3"), "caylus.favour-row.deniers", "row", "column(s) 3"),
    "a favour cell in column 9": (edited("caylus.favour.deniers-3", column=9), "caylus.favour.deniers-3", "column",
                                  "column 9 is off the table"),
    "an owner's bonus on a favour": (
        edited("caylus.favour.resources-1", effect={"kind": "produce", "choices": [{"food": 1}], "owner_bonus": [{"food": 1}]}),
        "caylus.favour.resources-1", "effect.owner_bonus", "only by a building on the road"),
    "an inn in the favour table": (edited("caylus.favour.buildings-1", effect={"kind": "inn", "placement_cost": {"deniers": 1}}),
                                   "caylus.favour.buildings-1", "effect.kind", "read only on a special building"),
    "a provost moved a hundred spaces": (
        edited("caylus.building.merchants-guild", effect={"kind": "move_provost", "max_spaces": 100}),
        "caylus.building.merchants-guild", "effect.max_spaces", "at most the road's 28 spaces"),
    "a second gate": (edited("caylus.building.trading-post", effect={"kind": "relocate_worker"}), "caylus.building.trading-post",
                      "effect.kind", "there is one 'relocate_worker' building"),
    "a special building without its order": (edited("caylus.building.gate", activation_order=None), "caylus.building.gate",
                                             "activation_order", "says when it is activated"),
    "a wood building with no tiles": (edited("caylus.building.bank", tiles=None), "caylus.building.bank", "tiles",
                                      "built from the stock"),
    "a building slugged like the castle": (edited("caylus.building.bank", id="caylus.building.castle"), "caylus.building.castle",
                                           "id", "names a place of the notation"),
    "no workers in the setup": (edited("caylus.setup.standard", per_player={"house": 20}), "caylus.setup.standard",
                                "per_player", "the workers each player has"),
    "a variant enabling a building always in play": (edited("caylus.variant.jeweller", enables=["caylus.building.bank"]),
                                                     "caylus.variant.jeweller", "enables.0", "always in play"),
    "the 2-player money for one seat": (edited("caylus.variant.two-player", starting_deniers_by_turn_order=[5]),
                                        "caylus.variant.two-player", "starting_deniers_by_turn_order", "1 amounts for up to 2"),
    "cubes for the most batches at the end": (edited("caylus.scoring.gold", reward={"gold": 1}), "caylus.scoring.gold",
                                              "reward", "scores prestige only"),
    "two resources per reward": (edited("caylus.scoring.gold", per={"gold": 1, "wood": 1}), "caylus.scoring.gold",
                                 "per", "one resource is handed in"),
    "no provost phase": (without("caylus.phase.provost"), "caylus", "id", "'caylus.phase.provost'"),
    "income paid in the castle phase": (edited("caylus.phase.castle", income={"deniers": 1}), "caylus.phase.castle",
                                        "income", "only the income phase"),
    "a favour table the engine would not follow": (edited("caylus.favour-table", one_row_per_favour_in_a_phase=False),
                                                   "caylus.favour-table", "one_row_per_favour_in_a_phase", "false would be ignored"),
    "a provost phase of a billion spaces": (
        edited("caylus.phase.provost", provost_move={"kind": "move_provost", "max_spaces": 10**9, "cost_per_space": {"deniers": 1}}),
        "caylus.phase.provost", "provost_move.max_spaces", "at most the road's 28 spaces"),
    "a wildcard of gems": (edited("caylus.resource.any-cube", matches=["food", "gems"]), "caylus.resource.any-cube",
                           "matches.1", "'gems' is not a cube"),
    "a wildcard of nothing": (edited("caylus.resource.any-cube", matches=[]), "caylus.resource.any-cube", "matches",
                              "matches at least one cube"),
    "minus one tile": (edited("caylus.building.bank", tiles=-1), "caylus.building.bank", "tiles", "the box holds 0 to 1000"),
    "a rule the engine cites, renamed": (without("caylus.phase4.provost"), "caylus", "id",
                                         "the engine cites the rule 'caylus.phase4.provost'"),
    "no castle": (without("caylus.castle"), "caylus", "id", "Caylus needs a castle entry"),
}


@pytest.mark.parametrize("name", CASES)
def test_a_broken_invariant_is_named(name: str) -> None:
    catalog, entry, path, message = CASES[name]
    found = problems(catalog)
    assert any(e == entry and p == path and message in m for e, p, m in found), found
    assert len(found) <= 3, found


def test_the_rules_the_engine_cites_are_the_ones_checked() -> None:
    engine = Path(__file__).resolve().parent.parent / "engine" / "caylus"
    cited = {m for f in engine.glob("*.py") for m in re.findall(r'"(caylus\.[a-z0-9.-]+)"', f.read_text(encoding="utf-8"))}
    assert cited == set(ENGINE_RULES) | {"caylus.notation"}  # the notation has no rule in the catalog yet
