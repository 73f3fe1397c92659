"""The scenario fuzzer (scripts/fuzz_scenarios.py) runs from the command line, and it does report a
place when the runner raises or refuses a ``given`` without naming its field. Each game's tests run
the seeded sample itself (test_caylus_positions, test_duel_checks, test_maharaja_positions,
test_viscounts_hardening)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from fuzzer import SCRIPT, fuzz_scenarios


def test_the_command_runs_a_seeded_sample_of_every_game() -> None:
    done = subprocess.run([sys.executable, str(SCRIPT), "--mode", "given", "--cases", "40", "--seed", "31", "--random-steps", "5"],
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    assert "40 cases" in done.stdout and "0 case(s) raised at 0 place(s)" in done.stdout
    assert all(game in done.stdout for game in ("caylus", "duel", "maharaja", "viscounts"))


def test_the_fuzzer_reports_where_the_runner_raised(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fuzz = fuzz_scenarios
    case = {"id": "caylus.scenario.fuzz-1", "game": "caylus", "options": {"players": ["red", "blue"]}, "steps": ["red pass"]}

    def broken(scenarios: list[Any]) -> list[Any]:
        return {}["missing"]  # type: ignore[no-any-return]

    assert fuzz.run_case(case, tmp_path).kind == "ok"
    monkeypatch.setattr(fuzz, "run_each", broken)
    outcome = fuzz.run_case(case, tmp_path)
    assert outcome.kind == "raised" and "KeyError" in outcome.where and "'missing'" in outcome.detail


def test_the_fuzzer_reports_a_refusal_of_given_without_its_field(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The runner turns a KeyError in a position check into a refusal of ``given``: its message
    (``'turn'``) names no field, and the fuzzer says so."""
    fuzz = fuzz_scenarios
    case = {"id": "caylus.scenario.fuzz-1", "game": "caylus", "options": {"players": ["red", "blue"]}, "given": {"turn": 2},
            "steps": ["red pass"]}
    assert fuzz.run_case(case, tmp_path).kind in ("ok", "failed")
    monkeypatch.setattr(fuzz.GAMES["caylus"], "scenario_start", lambda self, given: {}["turn"])
    outcome = fuzz.run_case(case, tmp_path)
    assert outcome.kind == "raised" and "without its field" in outcome.where and outcome.detail == "'turn'"


def test_random_steps_report_a_listed_action_that_does_not_apply(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fuzz = fuzz_scenarios
    case = {"id": "duel.scenario.fuzz-1", "game": "duel", "steps": []}
    assert fuzz.run_case(case, tmp_path, random_steps=5).kind == "ok"
    monkeypatch.setattr(fuzz.GAMES["duel"], "check", lambda self, state: {}["broken"])
    assert fuzz.run_case(case, tmp_path).kind == "ok"  # no random steps: nothing checks
    outcome = fuzz.run_case(case, tmp_path, random_steps=5)
    assert outcome.kind == "raised" and "KeyError" in outcome.where


def test_a_given_mutation_changes_one_part_of_the_position() -> None:
    import random

    fuzz = fuzz_scenarios
    raw = {"id": "x", "game": "caylus", "given": {"turn": 3}, "steps": []}
    start = {"turn": 1, "players": {"red": {"workers": 6}}}
    changed = [fuzz.mutate_given(random.Random(seed), raw, start) for seed in range(30)]
    assert raw == {"id": "x", "game": "caylus", "given": {"turn": 3}, "steps": []}  # the original is left alone
    assert any(c["given"] != raw["given"] for c in changed)
    assert all(set(c) == set(raw) for c in changed)
