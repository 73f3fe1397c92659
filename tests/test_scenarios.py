"""Scenarios: all pass, every worked example and FAQ ruling has one, and every id they cite exists."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from catalog.kinds import Ruling
from engine.registry import GAMES
from engine.scenario import load_all, run, run_all
from kb.cli import main

REFERENCES = {"illustrates": "rules", "examples": "examples", "rulings": "rulings"}


@pytest.fixture(scope="module")
def scenarios():
    return load_all()


@pytest.fixture(scope="module")
def results():
    return run_all()


def test_every_scenario_passes(results) -> None:
    failed = [f"{r.id} ({r.file}:{r.line})\n  " + "\n  ".join(map(str, r.failures)) for r in results if not r.passed]
    assert not failed, "\n".join(failed)


def test_scenario_ids_are_unique_and_not_catalog_ids(scenarios, catalog) -> None:
    ids = [s.id for s in scenarios]
    assert len(ids) == len(set(ids)), sorted({i for i in ids if ids.count(i) > 1})
    assert not set(ids) & set(catalog.entries)


def test_every_cited_id_exists_with_the_right_kind(scenarios, catalog) -> None:
    problems = []
    for s in scenarios:
        for key, kind in REFERENCES.items():
            for ref in s.raw.get(key) or []:
                if ref not in catalog.entries:
                    problems.append(f"{s.where(key)}: {s.id}.{key}: unknown id {ref!r}")
                elif catalog.kind_of(ref).key != kind:
                    problems.append(f"{s.where(key)}: {s.id}.{key}: {ref!r} is not one of the {kind}")
        if s.raw.get("discrepancy") and catalog.entries.get(s.raw["discrepancy"]) is None:
            problems.append(f"{s.where('discrepancy')}: {s.id}: unknown discrepancy {s.raw['discrepancy']!r}")
        if not s.raw.get("illustrates"):
            problems.append(f"{s.where()}: {s.id}: names no rule it illustrates")
    assert not problems, "\n".join(problems)


def test_every_worked_example_has_a_scenario(scenarios, catalog) -> None:
    """Every example of a game that has an engine is played by a scenario. A game whose catalog comes
    before its engine (Viscounts, issue 12 before 13) is held to this as soon as its engine registers;
    until then its examples page says they are not played (tests/test_site.py)."""
    covered = {ref for s in scenarios for ref in s.raw.get("examples") or []}
    missing = [e.id for e in catalog.of_kind("examples") if e.game in GAMES and e.id not in covered]
    assert not missing, f"examples without a scenario: {missing}"


def test_every_faq_ruling_has_a_scenario(scenarios, catalog) -> None:
    """Every answer of a rulebook's FAQ is played by a scenario; other rulings are checked where the
    engine can show them (a ruling on a typing slip or a designer's name has nothing to play)."""
    covered = {ref for s in scenarios for ref in s.raw.get("rulings") or []}
    missing = [r.id for r in catalog.typed("rulings", Ruling) if r.ruled_by == "rulebook-faq" and r.id not in covered]
    assert not missing, f"FAQ rulings without a scenario: {missing}"
    checked = [r.id for r in catalog.typed("rulings", Ruling) if r.id in covered]
    assert len(checked) > len(catalog.of_kind("rulings")) // 2, "most rulings are checked by a scenario"


def test_both_rulebooks_examples_and_the_faq_are_all_catalogued(catalog) -> None:
    examples = catalog.of_kind("examples", "caylus")
    assert sorted(e.number for e in examples if e.language == "hu") == list(range(1, 21))
    assert sorted(e.number for e in examples if e.language == "pl") == list(range(1, 21))
    assert len([r for r in catalog.of_kind("rulings", "caylus") if isinstance(r, Ruling) and r.ruled_by == "rulebook-faq"]) == 17


PLANTED = """\
scenarios:
  - id: caylus.scenario.planted
    game: caylus
    illustrates: [caylus.phase2.passing]
    options: {players: [red, blue]}
    steps:
      - red pass
      - do: blue place castle
        expect:
          players.blue.deniers: 99
"""


def test_a_failing_expectation_reports_file_line_values_and_legal_actions(tmp_path: Path) -> None:
    path = tmp_path / "planted.yaml"
    path.write_text(PLANTED, encoding="utf-8")
    (scenario,) = load_all([path])
    result = run(scenario)
    assert not result.passed
    (failure,) = result.failures
    assert failure.line == 10 and failure.expected == 99 and failure.actual == 4  # 7 - 3 (2-player cost after a pass)
    assert "blue pass" in failure.legal
    out = CliRunner().invoke(main, ["check", str(path)])
    assert out.exit_code == 1
    assert f"{path}:line 10: after blue place castle: players.blue.deniers" in out.output or "line 10" in out.output
    assert "legal here:" in out.output


def test_kb_check_json_shape() -> None:
    out = CliRunner().invoke(main, ["check", "--json"])
    report = json.loads(out.output)
    assert set(report) == {"total", "passed", "failed", "by_game"}
    assert sum(g["total"] for g in report["by_game"].values()) == report["total"]
    assert set(report["by_game"]) == {"caylus", "duel", "maharaja", "viscounts"} and report["by_game"]["duel"]["total"] >= 40
    assert report["by_game"]["viscounts"]["total"] >= 13
    assert report["by_game"]["maharaja"]["total"] >= 12  # one per worked example, and more
    assert out.exit_code == (1 if report["failed"] else 0)


REFUSED_WITH_EXPECTATION = """\
scenarios:
  - id: caylus.scenario.planted-refusal
    game: caylus
    illustrates: [caylus.phase2.placement-cost]
    options: {players: [red, blue]}
    given: {players: {red: {deniers: 0}}}
    steps:
      - do: red place castle
        illegal: caylus.phase2.placement-cost
        unchanged: {players.red.deniers: 5}
"""


def test_expectations_on_a_refused_step_are_checked(tmp_path: Path) -> None:
    path = tmp_path / "refused.yaml"
    path.write_text(REFUSED_WITH_EXPECTATION, encoding="utf-8")
    (scenario,) = load_all([path])
    failures = run(scenario).failures
    assert [(f.line, f.expected, f.actual) for f in failures] == [(10, 5, 0), (10, 5, 0)]  # before and after
    assert "does not hold before the step" in failures[0].message


def planted(tmp_path: Path, body: str) -> list[Any]:
    path = tmp_path / "planted.yaml"
    path.write_text(body, encoding="utf-8")
    (scenario,) = load_all([path])
    return run(scenario).failures


HEADER = """\
scenarios:
  - id: caylus.scenario.planted
    game: caylus
    illustrates: [caylus.phase2.placement-cost]
    options: {players: [red, blue]}
    given: {players: {red: {deniers: 4}, blue: {deniers: 7}}}
"""


def test_an_expectation_that_held_before_its_step_fails_the_scenario(tmp_path: Path) -> None:
    # red's placement does not touch blue's deniers: the expectation proves nothing about the step
    failures = planted(tmp_path, HEADER + """\
    steps:
      - do: red place castle
        expect: {players.red.deniers: 3, players.blue.deniers: 7}
""")
    (failure,) = failures
    assert failure.line == 9 and failure.expected == 7 and failure.actual == 7
    assert "already held before the step, so it proves nothing" in failure.message and "'unchanged'" in failure.message
    out = CliRunner().invoke(main, ["check", str(tmp_path / "planted.yaml")])
    assert out.exit_code == 1 and "proves nothing" in out.output


def test_a_scenario_expectation_that_held_in_the_given_position_fails(tmp_path: Path) -> None:
    failures = planted(tmp_path, HEADER + """\
    steps: [red place castle]
    expect: {players.red.deniers: 3, players.blue.deniers: 7}
""")
    (failure,) = failures
    assert failure.line == 8 and failure.actual == 7 and "held in the position as given" in failure.message


def test_unchanged_holds_before_and_after_and_catches_a_change(tmp_path: Path) -> None:
    assert planted(tmp_path, HEADER + """\
    steps:
      - do: red place castle
        expect: {players.red.deniers: 3}
        unchanged: {players.blue.deniers: 7}
    unchanged: {players.blue.deniers: 7}
""") == []
    (failure,) = planted(tmp_path, HEADER + """\
    steps:
      - do: red place castle
        unchanged: {players.red.deniers: 4}
""")
    assert failure.line == 9 and "does not hold after the step" in failure.message and failure.actual == 3


def test_a_refused_step_takes_no_expect(tmp_path: Path) -> None:
    (failure,) = planted(tmp_path, HEADER.replace("deniers: 4}", "deniers: 0}") + """\
    steps:
      - do: red place castle
        illegal: caylus.phase2.placement-cost
        expect: {players.red.deniers: 0}
""")
    assert failure.line == 10 and "refused action changes nothing" in failure.message
