"""A worked example stands beside the rules it illustrates: as its checked walkthrough when a scenario
plays it, and as a plain box saying no engine checks it yet when none does (a game whose engine is
still to come: every game has one now, so that path is tested on a writer given no results)."""

from __future__ import annotations

import html

from catalog.kinds import Example, Rule
from engine.scenario import load_all
from games import REGISTRY
from outputs.pages.layout import Layout


def rules_page_html(built, game: str, page: str) -> str:  # type: ignore[no-untyped-def]
    return html.unescape((built.site / game / page / "index.html").read_text(encoding="utf-8"))


def test_an_unplayed_example_gets_a_box_beside_each_rule_it_illustrates(catalog) -> None:  # type: ignore[no-untyped-def]
    """Every game with examples has an engine now; a writer given no scenario results (a game whose
    engine is still to come) puts each example beside its rules in a box saying nothing checks it."""
    from outputs.pages.writer import PageWriter

    module = next(m for m in REGISTRY.modules if m.game == "viscounts")
    writer = PageWriter(catalog, module, Layout(catalog, REGISTRY), "http://127.0.0.1:8001", results=[])
    examples = catalog.typed("examples", Example, "viscounts")
    assert len(examples) == 19
    for example in examples:
        assert example.rules, example.id
        for rule_id in example.rules:
            box = writer.examples_beside(rule_id)
            assert f"Worked example: {example.names.en}" in box and "no rules engine checks it yet" in box
    rule = next(r for r in catalog.typed("rules", Rule, "viscounts") if not any(r.id in e.rules for e in examples))
    assert writer.examples_beside(rule.id) == ""


def test_every_viscounts_example_is_played_beside_its_rules(built, catalog) -> None:  # type: ignore[no-untyped-def]
    layout = Layout(catalog, REGISTRY)
    played = {e for s in load_all() for e in (s.raw.get("examples") or [])}
    assert {e.id for e in catalog.typed("examples", Example, "viscounts")} <= played
    for page, _title in layout.rule_page_titles("viscounts"):
        assert "no rules engine checks it yet" not in rules_page_html(built, "viscounts", page)


def test_a_played_example_shows_only_as_its_walkthrough(built, catalog) -> None:  # type: ignore[no-untyped-def]
    layout = Layout(catalog, REGISTRY)
    for page, _title in layout.rule_page_titles("caylus"):
        assert "no rules engine checks it yet" not in rules_page_html(built, "caylus", page)
    rules = {r.id: r for r in catalog.typed("rules", Rule, "viscounts")}
    examples = {e.id: e for e in catalog.typed("examples", Example, "viscounts")}
    scenarios = [s for s in load_all() if s.raw["game"] == "viscounts" and s.raw.get("examples")]
    assert len(scenarios) >= 12
    for scenario in scenarios:
        for example_id in scenario.raw["examples"]:
            for rule_id in scenario.raw.get("illustrates") or []:
                page = rules_page_html(built, "viscounts", layout.rule_page(rules[rule_id]))
                assert scenario.raw["title"] in page, (scenario.id, rule_id)
            assert f"Worked example: {examples[example_id].names.en}" not in "".join(
                rules_page_html(built, "viscounts", p) for p, _ in layout.rule_page_titles("viscounts"))
