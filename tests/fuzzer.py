"""scripts/fuzz_scenarios.py as a module for the tests (scripts/ is no package), and the seeded fuzz
each game's tests run through it."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from typing import Any

SCRIPT = Path(__file__).resolve().parent.parent / "scripts" / "fuzz_scenarios.py"


def _load() -> Any:
    spec = importlib.util.spec_from_file_location("fuzz_scenarios", SCRIPT)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


fuzz_scenarios = sys.modules.get("fuzz_scenarios") or _load()


def fuzz_game(game: str, mode: str, cases: int, random_steps: int = 0) -> Any:
    """A seeded run on one game's scenarios; fails the test with each place that raised (an exception,
    a hang, a refusal of ``given`` that does not begin with its field)."""
    report = fuzz_scenarios.fuzz(mode, cases, seed=31, game=game, random_steps=random_steps)
    assert not report.places, report.describe()
    assert sum(report.counts.values()) == cases
    return report
