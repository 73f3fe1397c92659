"""The engine, the catalog layer, the game modules and the search are fully typed: mypy --strict stays clean."""

from __future__ import annotations

from pathlib import Path

from mypy import api

ROOT = Path(__file__).resolve().parent.parent


def test_engine_catalog_and_games_are_clean_under_mypy_strict() -> None:
    out, err, status = api.run(["--strict", "--no-incremental", *(str(ROOT / p) for p in ("catalog", "games", "engine", "outputs/search"))])
    assert status == 0, out + err
