"""``kb explain`` speaks a player's words for every game: what a step changed reads ``to move: Blue →
Red`` and ``3 deniers``, never the engine's Python values (``'blue'``, ``[None]``) or notation (``3deniers``)."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

from kb.cli import main

SCENARIOS = {
    "caylus": ("scenarios/caylus/pl-specials.yaml", "caylus.scenario.pl-08-inn-eviction"),
    "duel": ("scenarios/duel/discrepancies.yaml", "duel.scenario.disc-personal-seal-faces"),
    "maharaja": ("scenarios/maharaja/discrepancies.yaml", "maharaja.scenario.builder-free-house-every-turn"),
    "viscounts": ("scenarios/viscounts/discrepancies.yaml", "viscounts.scenario.second-destroy-stops-at-three-cards"),
}
REPR = re.compile(r"(?<![A-Za-z])'[^'\s]*'|\[None\]|\bNone\b|\bTrue\b|\bFalse\b|->")
GLUED = re.compile(r"\b\d+(?!st\b|nd\b|rd\b|th\b)[a-z]{2,}")
"""A number glued to a word (``3deniers``); a one-letter spot or card mark (``1a``, ``1x``) is the game's own name."""


def explain(path: str, scenario_id: str) -> str:
    result = CliRunner().invoke(main, ["explain", path, "--id", scenario_id])
    assert result.exit_code == 0, result.output
    return result.output


@pytest.mark.parametrize("game", sorted(SCENARIOS))
def test_explain_writes_words_not_python_values(game: str) -> None:
    out = explain(*SCENARIOS[game])
    steps = [line for line in out.splitlines() if line.startswith("     ")]
    assert len(steps) > 5, out
    assert not REPR.findall(out), REPR.findall(out)
    assert not GLUED.findall(out), GLUED.findall(out)
    assert " → " in out


def test_explain_names_players_counts_and_goods() -> None:
    out = explain(*SCENARIOS["caylus"])
    assert "-- Green places a worker on the inn.  (line 79)" in out
    assert "     to move: Green → Blue" in out
    assert "     specials inn: none, Blue → Green, Blue" in out
    assert "     Blue's deniers: 4 → 7" in out
    assert "blue takes 3 deniers" in out


def test_the_checks_see_python_values() -> None:
    assert REPR.findall("to_move: 'blue' -> 'red'") and REPR.search("inn: [None, 'green']")
    assert GLUED.findall("red takes 3deniers") == ["3deniers"]
    assert not GLUED.findall("a 21st gold cube, spot 1a, a 1x card")
