"""The rules reference: rules grouped the way a player looks them up, with the worked examples and
rulings that illustrate each rule beside it, terms linked to the glossary, and a quick reference.

A mixin of :class:`kb.pages.PageWriter`; everything comes from the catalogs and this build's
scenario results.
"""

from __future__ import annotations

from typing import Any

from kb.markdown import Linked, table, text
from kb.schema import Entry, InnEffect, RulePagePlan

# (page, title, rule sections on it): the order a player reads the rules in.
def page_plan(catalog: Any, game: str) -> list[RulePagePlan]:
    found = catalog.entries.get(game)
    return list(getattr(found.entry, "rule_pages", [])) if found else []


def rule_page(catalog: Any, rule: Entry) -> str:
    """The page of a rule: the page its game's plan gives its section, else a page of the section's own."""
    section: str = rule.section  # type: ignore[attr-defined]
    for plan in page_plan(catalog, rule.game):
        if any(s.section == section for s in plan.sections):
            return plan.page
    return f"rules-{section}"


class RulePages:
    """Rules, examples, rulings and quick-reference pages (mixed into PageWriter)."""

    # PageWriter provides these, and heading, link, source_line, search_forms and entry_block.
    catalog: Any
    game: str
    results: list[Any]
    describe: Any
    terms: Any
    heading: Any
    link: Any
    source_line: Any
    search_forms: Any
    entry_block: Any

    def section_titles(self) -> dict[str, str]:
        """Section -> title, in the reading order of the game's page plan."""
        return {s.section: s.title for plan in page_plan(self.catalog, self.game) for s in plan.sections}

    def rules(self) -> list[Any]:
        found = self.catalog.of_kind("rules", self.game)
        order = {section: i for i, section in enumerate([*self.section_titles(), *dict.fromkeys(r.section for r in found)])}
        return sorted(found, key=lambda r: (order[r.section], r.order))

    def scenarios_for(self, key: str, entry_id: str) -> list[Any]:
        """Results of the scenarios that list ``entry_id`` under ``key`` (illustrates, examples, rulings)."""
        return [r for r in self.results if entry_id in (r.raw.get(key) or [])]

    def walkthroughs(self, key: str, entry_id: str) -> str:
        from kb.walkthrough import render

        return "\n".join(render(r) for r in self.scenarios_for(key, entry_id))

    def rulings_beside(self, rule_id: str) -> str:
        out = []
        for ruling in self.catalog.of_kind("rulings", self.game):
            if rule_id in ruling.rules:
                out.append(f'!!! question "Ruling: {text(ruling.question)}"\n\n    {text(ruling.answer)} '
                           f'({self.link(ruling.id, "the ruling and its check")})\n')
        return "\n".join(out)

    def rule_page_titles(self) -> list[tuple[str, str]]:
        """(page, title) of every rules page this game's rules need, in reading order."""
        needed = dict.fromkeys(rule_page(self.catalog, r) for r in self.rules())
        plans = page_plan(self.catalog, self.game)
        known = [(p.page, p.title) for p in plans if p.page in needed]
        own = [(p, p[len("rules-"):].replace("-", " ").capitalize()) for p in needed if p not in {q.page for q in plans}]
        return known + own

    def rules_page(self, page: str) -> str:
        title = dict(self.rule_page_titles())[page]
        sections = {r.section for r in self.rules() if rule_page(self.catalog, r) == page}
        titles = self.section_titles()
        out = [f"# {text(title)}\n", "The rules in our own words. Each rule has a stable id (its link anchor) and "
               f"cites the {' and '.join(self.rulebook_languages())} rulebook(s); the worked examples and rulings that illustrate it "
               "follow it, checked by the rules engine in this build. Terms link to the glossary.\n"]
        section = None
        for r in self.rules():
            if r.section not in sections:
                continue
            if r.section != section:
                section = r.section
                out.append(f"## {text(titles.get(section, section.replace('-', ' ').capitalize()))} {{#{self.game}.rules.{section}}}\n")
            out.append(self.heading(3, r))
            out.append(self.terms.link_text(r.text, exclude={r.id}) + "\n")
            out.append("\n" + self.source_line(r))
            out.append(self.search_forms(r))
            out.append(self.rulings_beside(r.id))
            out.append(self.walkthroughs("illustrates", r.id))
        return "\n".join(out)

    def mentioned_in(self, entry_id: str) -> Linked | None:
        """Links to the rules whose text names this entry."""
        rules = [r for r in self.rules() if entry_id in self.terms.mentions(r.text)]
        return Linked(", ".join(self.link(r.id) for r in rules)) if rules else None

    def rulebook_languages(self) -> list[str]:
        names = {"hu": "Hungarian", "pl": "Polish", "en": "English", "de": "German", "fr": "French"}
        game = self.catalog.get(self.game)
        return [names[b.language] for b in getattr(game, "rulebooks", [])] or ["source"]

    def examples_page(self) -> str:
        examples = sorted(self.catalog.of_kind("examples", self.game), key=lambda e: (e.language, e.number))
        books = " and ".join(self.rulebook_languages())
        how_to = " See [Writing scenarios](scenarios.md) to try your own." if "scenarios" in self.hand_pages else ""
        out = ["# Worked examples\n", f"Every worked example of the {books} rulebook(s), retold in our own words and "
               f"played by the rules engine in this build. Generated from the catalog's examples and `scenarios/`.{how_to}\n"]
        for e in examples:
            rules = Linked(", ".join(self.link(r) for r in e.rules))
            counterpart = self.link(e.counterpart) if e.counterpart else None
            out.append(self.entry_block(2, e, [("What happens", e.summary), ("Illustrates", rules),
                                               ("Same example in the other rulebook", counterpart)]))
            out.append(self.walkthroughs("examples", e.id) or '!!! warning "No scenario plays this example yet"\n')
        return "\n".join(out)

    def faq_page(self) -> str:
        rulings = self.catalog.of_kind("rulings", self.game)
        out = ["# Rulings and FAQ\n", "Answers to questions about the rules, in our own words, each with its "
               "source, the rules it concerns, and the scenarios that check it. Generated from `data/rulings.yaml`.\n"]
        for r in rulings:
            rules = Linked(", ".join(self.link(x) for x in r.rules))
            out.append(self.entry_block(2, r, [("Question", r.question), ("Answer", r.answer),
                                               ("Source kind", r.source_kind), ("Rules", rules),
                                               ("Status", r.status if r.status != "active" else None)]))
            out.append(self.walkthroughs("rulings", r.id))
        return "\n".join(out)

    def rulebook_map_page(self) -> str:
        """For each rulebook of the game, its cited passages in line order with the rules that cover them."""
        game = self.catalog.get(self.game)
        out = ["# Rulebook map\n", "Reading the Hungarian or Polish rulebook? Find the passage by its heading "
               "or line and see which rules on this site cover it. Generated from the sources of `data/rules.yaml`.\n"]
        for book in game.rulebooks:
            passages: dict[tuple[int, str], list[str]] = {}
            for rule in self.rules():
                for ref in rule.sources:
                    if ref.key == book.key:
                        passages.setdefault((ref.line or 0, ref.section or ""), []).append(rule.id)
            source = next(s for s in self.catalog.of_kind("sources", self.game) if s.key == book.key)
            out.append(f"## {text(source.names.en)} {{#{self.game}.rulebook-map.{book.language}}}\n")
            out.append(table(["Line", "Section", "Rules"], (
                [line or None, section, Linked(", ".join(self.link(r) for r in dict.fromkeys(ids)))]
                for (line, section), ids in sorted(passages.items()))))
        return "\n".join(out)

    # --- the quick reference ----------------------------------------------------------------------

    def favour_grid(self) -> str:
        rows = sorted(self.catalog.of_kind("favour_rows", self.game), key=lambda r: r.row)
        columns = sorted(self.catalog.of_kind("favour_columns", self.game), key=lambda c: c.column)
        cells = {(c.row, c.column): c for c in self.catalog.of_kind("favours", self.game)}
        header = ["Row"] + [f"Column {c.column}" + (f" (after the {self.catalog.get(c.opens_after).names.en} scoring)" if c.opens_after else "")
                            for c in columns]
        grid = [[r.names.en] + [self.describe.effect(cells[(r.id, c.column)].effect) if (r.id, c.column) in cells else None
                                for c in columns] for r in rows]
        return table(header, grid)

    def quick_reference_page(self) -> str:
        phases = sorted(self.catalog.of_kind("phases", self.game), key=lambda p: p.order)
        (road,) = self.catalog.of_kind("roads", self.game)
        (castle,) = self.catalog.of_kind("castles", self.game)
        sections = sorted(self.catalog.of_kind("castle_sections", self.game), key=lambda s: s.order)
        variants = self.catalog.of_kind("variants", self.game)
        out = ["# Quick reference {#" + self.game + ".quick-reference}\n",
               "One page to print and keep beside the board. Generated from the catalogs, like every number "
               "on this site.\n", "## The turn\n",
               table(["#", "Phase", "Who acts", "What happens"],
                     ([p.order, self.link(p.id), p.player_order.replace("_", " "), p.summary] for p in phases)),
               "## Placing a worker\n"]
        scale = ", ".join(f"{n} after {i} passed" for i, n in enumerate(road.passing_scale))
        placement = [["Anywhere (lowest free passing space)", scale],
                     ["On one's own building", self.describe.bundle(road.own_building_cost)]]
        for inn in (b for b in self.catalog.of_kind("buildings", self.game) if isinstance(b.effect, InnEffect)):
            placement.append([f"The {inn.names.en.lower()}'s right-hand occupant, anywhere", self.describe.bundle(inn.effect.placement_cost)])
        placement += [["First to pass", f"takes {self.describe.bundle(road.first_pass_bonus)}"],
                     ["Another player's building", f"its owner takes {self.describe.bundle(road.visit_owner_reward)}"]]
        for v in variants:
            if v.placement_cost_after_opponent_passed:
                placement.append([f"{v.names.en}: after the opponent passed", self.describe.bundle(v.placement_cost_after_opponent_passed)])
        out.append(table(["When", "Cost"], placement))
        out.append("## Royal favours\n")
        out.append(self.favour_grid())
        out.append("## The castle\n")
        batch = f"{castle.batch.cubes} {'different ' if castle.batch.distinct else ''}cubes including {', '.join(castle.batch.required)}"
        out.append(table(["", ""], [["A batch", batch],
                                    ["No batch given", f"lose {self.describe.bundle(castle.no_batch_penalty)} (not when the castle is full)"],
                                    ["Most batches this turn", self.describe.bundle(castle.most_batches_reward) + " (tie: earliest in the castle)"]]))
        scoring_rows = []
        for s in sections:
            steps = "; ".join((f"{st.houses_min}+" if st.houses_max is None else
                               (str(st.houses_min) if st.houses_min == st.houses_max else f"{st.houses_min}-{st.houses_max}"))
                              + f": {self.describe.bundle(st.reward) if st.reward else 'nothing'}" for st in s.scoring)
            scoring_rows.append([self.link(s.id), s.spaces, s.prestige_per_batch, s.marker_space, steps])
        out.append(table(["Section", "Spaces", "Prestige per batch", "Marker on road space", "Scoring (houses: reward)"], scoring_rows))
        out.append("## End of the game\n")
        out.append(table(["Hand in", "Scores"], ([self.describe.bundle(r.per), self.describe.bundle(r.reward)]
                                                for r in self.catalog.of_kind("scoring_rules", self.game) if r.per)))
        ties = [r.description for r in self.catalog.of_kind("scoring_rules", self.game) if r.tie_rule]
        out.extend(f"\n{text(t)}\n" for t in ties)
        return "\n".join(out)
