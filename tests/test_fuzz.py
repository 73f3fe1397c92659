"""The scenario fuzzer (scripts/fuzz_scenarios.py) finds no traceback in a seeded sample of odd
``given`` values and odd actions, and it does report one when the runner raises."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "scripts" / "fuzz_scenarios.py"


def _fuzzer() -> Any:
    spec = importlib.util.spec_from_file_location("fuzz_scenarios", SCRIPT)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("mode", ["given", "actions"])
def test_a_seeded_sample_of_odd_scenarios_raises_nowhere(mode: str) -> None:
    done = subprocess.run([sys.executable, str(SCRIPT), "--mode", mode, "--cases", "400", "--seed", "31"],
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    assert "400 cases" in done.stdout and "0 case(s) raised at 0 place(s)" in done.stdout


def test_the_fuzzer_reports_where_the_runner_raised(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fuzz = _fuzzer()
    case = {"id": "caylus.scenario.fuzz-1", "game": "caylus", "options": {"players": ["red", "blue"]}, "steps": ["red pass"]}

    def broken(scenarios: list[Any]) -> list[Any]:
        return {}["missing"]  # type: ignore[no-any-return]

    assert fuzz.run_case(case, tmp_path).kind == "ok"
    monkeypatch.setattr(fuzz, "run_each", broken)
    outcome = fuzz.run_case(case, tmp_path)
    assert outcome.kind == "raised" and "KeyError" in outcome.where and "'missing'" in outcome.detail


def test_a_given_mutation_changes_one_part_of_the_position() -> None:
    import random

    fuzz = _fuzzer()
    raw = {"id": "x", "game": "caylus", "given": {"turn": 3}, "steps": []}
    start = {"turn": 1, "players": {"red": {"workers": 6}}}
    changed = [fuzz.mutate_given(random.Random(seed), raw, start) for seed in range(30)]
    assert raw == {"id": "x", "game": "caylus", "given": {"turn": 3}, "steps": []}  # the original is left alone
    assert any(c["given"] != raw["given"] for c in changed)
    assert all(set(c) == set(raw) for c in changed)
