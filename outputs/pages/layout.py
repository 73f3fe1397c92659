"""Where everything goes on the site: the pages each game registered, in navigation order, and the
page that is the home (the anchor) of every entry. Every link on the site is resolved here."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from catalog import Catalog
from catalog.kinds import Game, RulePagePlan, Rule, Ruling
from games import plugin
from games.plugin import PageSpec
from games.registry import Registry


@dataclass(frozen=True)
class SharedPage:
    title: str
    kinds: tuple[str, ...]
    """Kinds whose entries have their home on the page."""


SHARED = {
    plugin.RULEBOOK_MAP: SharedPage("Rulebook map", ()),
    plugin.FAQ: SharedPage("Rulings and FAQ", ("rulings",)),
    plugin.COMPONENTS: SharedPage("Components and setup", ("components", "resources", "setups", "variants")),
    plugin.CARDS: SharedPage("Cards", ("cards",)),
    plugin.GLOSSARY: SharedPage("Glossary", ("terms",)),
    plugin.DISCREPANCIES: SharedPage("Where the sources disagree", ("discrepancies",)),
    plugin.EXAMPLES: SharedPage("Worked examples", ("examples",)),
}
OUR_RULINGS = "our-rulings", "Our rulings"
"""The page (name, title) beside the Rulings and FAQ page that holds this reference's own rulings (those
deciding where the sources disagree): one page of every game's rulings was over the page weight limit,
and a player tells the rulebook's word from ours at a glance."""
HOMELESS_KINDS = ("games", "sources")
"""Kinds with a home outside a game's page list: the game's index and the sources page."""


class LayoutError(Exception):
    """A game has entries that no page of its shows."""


@dataclass(frozen=True)
class Layout:
    catalog: Catalog
    registry: Registry

    # --- a game's pages ---------------------------------------------------------------------------

    def pages(self, game: str) -> list[tuple[str, str, tuple[str, ...]]]:
        """(name, title, home kinds) of the game's pages in navigation order; ``rules`` stands for
        the rules reference, which is a group of pages."""
        out = []
        for page in self.registry.module(game).pages:
            if isinstance(page, PageSpec):
                out.append((page.name, page.title, page.kinds))
            elif page == plugin.RULES:
                out.append((page, "The rules", ("rules",)))
            else:
                out.append((page, SHARED[page].title, SHARED[page].kinds))
        return out

    @cached_property
    def _homes(self) -> dict[tuple[str, str], str]:
        homes: dict[tuple[str, str], str] = {}
        for module in self.registry.modules:
            for name, _, kinds in self.pages(module.game):
                for kind in kinds:
                    homes.setdefault((module.game, kind), name)
        return homes

    def check(self) -> None:
        """Every entry of every game has a page to live on."""
        missing = sorted({(loc.entry.game, loc.kind.key) for loc in self.catalog.entries.values()
                          if loc.kind.key not in HOMELESS_KINDS and (loc.entry.game, loc.kind.key) not in self._homes})
        if missing:
            raise LayoutError("; ".join(f"{game}: no page of the game shows its {kind} entries (list one in games/{game}/)"
                                        for game, kind in missing))

    def page(self, entry_id: str) -> str:
        """The generated page (in the game's folder) that shows an entry under its id."""
        located = self.catalog.entries[entry_id]
        if isinstance(located.entry, Rule):
            return self.rule_page(located.entry)
        if isinstance(located.entry, Ruling) and located.entry.ruled_by == "project":
            return OUR_RULINGS[0]
        return self._homes[(located.entry.game, located.kind.key)]

    def page_of(self, entry_id: str) -> str:
        """The site path (relative to the site root) of the page that shows an entry under its id."""
        located = self.catalog.entries[entry_id]
        if located.kind.key == "games":
            return f"{entry_id}/"
        if located.kind.key == "sources":
            return "sources/"
        return f"{located.entry.game}/{self.page(entry_id)}/"

    # --- the rules reference ----------------------------------------------------------------------

    def page_plan(self, game: str) -> list[RulePagePlan]:
        found = self.catalog.entries.get(game)
        return list(found.entry.rule_pages) if found and isinstance(found.entry, Game) else []

    def rule_page(self, rule: Rule) -> str:
        """The page of a rule: the page its game's plan gives its section, else a page of the section's own."""
        for plan in self.page_plan(rule.game):
            if any(s.section == rule.section for s in plan.sections):
                return plan.page
        return f"rules-{rule.section}"

    def section_titles(self, game: str) -> dict[str, str]:
        """Section -> title, in the reading order of the game's page plan."""
        return {s.section: s.title for plan in self.page_plan(game) for s in plan.sections}

    def rules(self, game: str) -> list[Rule]:
        found = self.catalog.typed("rules", Rule, game)
        order = {section: i for i, section in enumerate([*self.section_titles(game), *dict.fromkeys(r.section for r in found)])}
        return sorted(found, key=lambda r: (order[r.section], r.order))

    def rule_page_titles(self, game: str) -> list[tuple[str, str]]:
        """(page, title) of every rules page this game's rules need, in reading order."""
        needed = dict.fromkeys(self.rule_page(r) for r in self.rules(game))
        plans = self.page_plan(game)
        known = [(p.page, p.title) for p in plans if p.page in needed]
        own = [(p, p[len("rules-"):].replace("-", " ").capitalize()) for p in needed if p not in {q.page for q in plans}]
        return known + own

