"""A worked example stands beside the rules it illustrates: as its checked walkthrough when a scenario
plays it, and as a plain box saying no engine checks it yet when none does (a game without an engine)."""

from __future__ import annotations

import html

from catalog.kinds import Example, Rule
from engine.scenario import load_all
from games import REGISTRY
from outputs.pages.layout import Layout


def rules_page_html(built, game: str, page: str) -> str:  # type: ignore[no-untyped-def]
    return html.unescape((built.site / game / page / "index.html").read_text(encoding="utf-8"))


def test_unplayed_examples_stand_beside_each_rule_they_illustrate(built, catalog) -> None:  # type: ignore[no-untyped-def]
    layout = Layout(catalog, REGISTRY)
    rules = {r.id: r for r in catalog.typed("rules", Rule, "viscounts")}
    examples = catalog.typed("examples", Example, "viscounts")
    assert len(examples) == 19
    played = {e for s in load_all() for e in (s.raw.get("examples") or [])}
    unplayed = [e for e in examples if e.id not in played]
    assert unplayed and len(unplayed) < 19  # the engine plays some; the solo examples wait for the Monk
    for example in unplayed:
        assert example.rules, example.id
        for rule_id in example.rules:
            page = rules_page_html(built, "viscounts", layout.rule_page(rules[rule_id]))
            box = f"Worked example: {example.names.en}"
            assert box in page, (example.id, rule_id)
            after_rule = page[page.index(f'id="{rule_id}"'):]
            next_rule = min((after_rule.find(f'id="{other}"', 1) for other in rules if other != rule_id
                             and after_rule.find(f'id="{other}"', 1) > 0), default=len(after_rule))
            assert box in after_rule[:next_rule], f"{example.id} is not beside {rule_id}"


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
