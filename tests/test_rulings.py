"""Rulings: every game has them, every discrepancy's decision is one, a project ruling takes its
discrepancy's confidence and sources, and a date that gives only a year or month compares as its
first day."""

from __future__ import annotations

import pytest

from catalog.kinds import Discrepancy, Ruling
from engine.scenario import load_all


def test_every_game_has_rulings_and_every_discrepancy_a_ruling(catalog) -> None:
    ruled = {r.discrepancy for r in catalog.typed("rulings", Ruling)}
    for game in catalog.games():
        assert catalog.typed("rulings", Ruling, game), f"{game} has no rulings"
        missing = [d.id for d in catalog.typed("discrepancies", Discrepancy, game) if d.id not in ruled]
        assert not missing, f"discrepancies without a ruling: {missing}"


def test_a_project_ruling_inherits_its_discrepancys_confidence(catalog) -> None:
    project = [r for r in catalog.typed("rulings", Ruling) if r.ruled_by == "project"]
    assert len(project) > 100
    # the data gives none of them a confidence of its own
    assert all(r.confidence == catalog.get(r.discrepancy or "").confidence for r in project)
    assert {r.confidence for r in project} > {"text", "inferred"}  # not one value for all


def test_most_rulings_are_checked_by_a_scenario(catalog) -> None:
    checked = {ref for s in load_all() for ref in s.raw.get("rulings") or []}
    for game in catalog.games():
        rulings = catalog.typed("rulings", Ruling, game)
        assert sum(r.id in checked for r in rulings) > len(rulings) // 2, game


@pytest.mark.parametrize(("date", "day"), [("2009", "2009-01-01"), ("2009-05", "2009-05-01"),
                                            ("2009-05-07", "2009-05-07"), (None, None)])
def test_a_year_or_a_month_compares_as_its_first_day(date: str | None, day: str | None) -> None:
    ruling = Ruling.model_validate({"id": "caylus.ruling.x", "game": "caylus", "names": {"en": "x"}, "question": "Q?",
                                    "answer": [{"text": "A."}], "ruled_by": "rulebook", "sources": [{"key": "HU"}],
                                    "confidence": "text", "date": date})
    assert ruling.first_day == day
