"""The engine is fully typed: mypy --strict stays clean."""

from __future__ import annotations

from pathlib import Path

from mypy import api

ROOT = Path(__file__).resolve().parent.parent


def test_engine_is_clean_under_mypy_strict() -> None:
    out, err, status = api.run(["--strict", "--no-incremental", str(ROOT / "engine")])
    assert status == 0, out + err
