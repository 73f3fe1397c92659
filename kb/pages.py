"""Generated Markdown pages: everything on them comes from the catalogs, nothing is retyped.

Every entry gets a heading whose anchor is its stable id, and a line of search forms (folded
spellings) so the site search finds it from Hungarian or Polish words typed without accents.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from datasette.utils import tilde_encode

from kb.catalog import Catalog
from kb.describe import Describer
from kb.inflect import search_aliases
from kb.markdown import Linked, table, text
from kb.relations import rulings_about
from kb.rulepages import RulePages, rule_page
from kb.schema import (
    Building,
    BuildingSection,
    Card,
    Castle,
    CastleSection,
    Component,
    ConstructionRule,
    Deck,
    Discrepancy,
    Entry,
    Favour,
    FavourColumn,
    FavourRow,
    Phase,
    Road,
    RoundStructure,
    ScoringRule,
    Seal,
    Setup,
    Source,
    Term,
    Variant,
)
from kb.terms import TermLinker
from kb.textsearch import fold

CATEGORY_TITLES = {
    "special": "Special buildings",
    "neutral": "Neutral buildings",
    "fixed": "Fixed buildings",
    "wood": "Wood buildings",
    "stone": "Stone buildings",
    "residential": "Residential buildings",
    "prestige": "Prestige buildings",
}


LANGUAGE_NAMES = {"en": "English", "hu": "Hungarian", "pl": "Polish", "de": "German", "fr": "French"}


class PageWriter(RulePages):
    def __init__(self, catalog: Catalog, game: str, datasette_url: str, results: list[Any] | None = None):
        self.results = [r for r in (results or []) if r.game == game]
        self.catalog = catalog
        self.terms = TermLinker(catalog, game, self.link)
        self.rulings = rulings_about(catalog, game)
        self.game = game
        self.hand_pages: set[str] = set()
        """Stems of the game's hand-written pages (generated pages link to them only when they exist)."""
        self.describe = Describer(catalog, game)
        self.datasette_url = datasette_url.rstrip("/")
        self.sources = {s.key: s for s in catalog.of_kind("sources", game)}  # type: ignore[attr-defined]

    # --- pieces ---------------------------------------------------------------------------------

    def row_url(self, entry: Entry) -> str:
        table_name = self.catalog.kind_of(entry.id).table
        return f"{self.datasette_url}/kb/{table_name}/{tilde_encode(entry.id)}"

    def page(self, entry_id: str) -> str:
        """The generated page (in the game's folder) that shows an entry under its id."""
        entry = self.catalog.get(entry_id)
        kind = self.catalog.kind_of(entry_id).key
        return rule_page(self.catalog, entry) if kind == "rules" else page_for_kind(self.catalog, entry.game, kind)

    def link(self, entry_id: str, label: str | None = None) -> str:
        """A link to an entry's anchor on the page that shows it (pages of one game share a folder)."""
        entry = self.catalog.get(entry_id)
        return Linked(f"[{text(label or entry.names.en)}]({self.page(entry_id)}.md#{entry_id})")

    def names_line(self, entry: Entry) -> str:
        parts = [f"**EN** {text(entry.names.en)}"]
        for lang in ("hu", "pl", "de", "fr"):
            name = getattr(entry.names, lang)
            if name:
                parts.append(f"**{lang.upper()}** {text(name)}")
        line = " · ".join(parts)
        forms = [f for lang in ("en", "hu", "pl", "de", "fr") for f in getattr(entry.names.forms, lang)]
        if forms:
            line += f"  \nOther forms: {text(', '.join(forms))}"
        return line + "\n"

    def search_forms(self, entry: Entry) -> str:
        """A hidden block of search aliases: every name and form, their case forms, and all of them
        without accents, so lunr (which neither folds accents nor stems Hungarian) finds the entry
        from ``kőfejtőben``, ``intézőt`` or ``kamieniolom``."""
        names = [n for lang in ("en", "hu", "pl", "de", "fr")
                 for n in [getattr(entry.names, lang), *getattr(entry.names.forms, lang)] if n]
        # case forms of the name and of one-word synonyms; multi-word phrases would swamp the index
        base = {lang: [n for n in [getattr(entry.names, lang), *getattr(entry.names.forms, lang)]
                       if n and (n == getattr(entry.names, lang) or " " not in n)] for lang in ("hu", "pl")}
        words = dict.fromkeys(w for word in [*names, *search_aliases(base)] for w in (word.lower(), fold(word)))
        return f'<span class="kb-search-forms" hidden>Search forms: {text(" · ".join(words))}</span>\n'

    def source_line(self, entry: Entry) -> str:
        refs = []
        for ref in entry.sources:
            where = ", ".join(filter(None, [ref.section, f"line {ref.line}" if ref.line else None]))
            label = f"{ref.key}" + (f" ({where})" if where else "")
            refs.append(f"[{text(label)}](../sources.md#{self.sources[ref.key].id})")
        confidence = f"confidence: *{entry.confidence}*"
        if entry.fact_confidence:
            confidence += " (" + ", ".join(f"{k}: {v}" for k, v in entry.fact_confidence.items()) + ")"
        return f"Sources: {'; '.join(refs)} — {confidence} — [Datasette row]({self.row_url(entry)})\n"

    def heading(self, level: int, entry: Entry, title: str | None = None) -> str:
        title = title or entry.names.en
        return f"{'#' * level} {text(title[:1].upper() + title[1:])} {{#{entry.id}}}\n"

    def entry_block(self, level: int, entry: Entry, facts: list[tuple[str, object]], title: str | None = None) -> str:
        out = [self.heading(level, entry, title), self.names_line(entry)]
        shown = [(k, v) for k, v in facts if v not in (None, "", [], {})]
        if shown:
            out.append("\n" + "\n".join(f"- **{k}:** {v if isinstance(v, Linked) else text(v)}" for k, v in shown) + "\n")
        if entry.notes:
            out.append(f"\n{text(entry.notes)}\n")
        out.append("\n" + self.source_line(entry))
        out.append(self.search_forms(entry))
        return "\n".join(out) + "\n"

    # --- pages ------------------------------------------------------------------------------

    def buildings_page(self) -> str:
        buildings: list[Building] = self.catalog.of_kind("buildings", self.game)  # type: ignore[assignment]
        out = [
            "# Buildings\n",
            "Every building of the game with its names in English, Hungarian and Polish, cost, prestige "
            "and effect. Generated from `data/buildings.yaml`; the engine reads the same entries.\n",
            self._summary_table(buildings),
        ]
        for category, title in CATEGORY_TITLES.items():
            members = [b for b in buildings if b.category == category]
            if not members:
                continue
            out.append(f"## {title} {{#{self.game}.buildings.{category}}}\n")
            for b in members:
                out.append(self.entry_block(3, b, [
                    ("Category", b.category),
                    ("Tiles", ("unlimited; " if b.unlimited else "") + str(b.tiles) if b.tiles else "printed on the board"),
                    ("Cost", self.describe.bundle(b.cost) if b.cost else None),
                    ("Prestige when built", b.prestige or None),
                    ("Favours when built", b.favours or None),
                    ("Income", self.describe.bundle(b.income) if b.income else None),
                    ("Effect", self.describe.effect(b.effect) or None),
                    ("Workers", None if b.accepts_workers else "no worker may be placed here"),
                    ("Road space", b.road_space),
                    ("Phase 3 order", b.activation_order),
                    ("Edition", f"{b.edition}{' (option, off by default)' if b.optional else ''}" if b.edition != "1" or b.optional else None),
                    ("In the rules", self.mentioned_in(b.id)),
                    ("Rulings", Linked(", ".join(self.link(r, self.catalog.get(r).question) for r in self.rulings.get(b.id, []))) or None),
                ]))
        return "\n".join(out)

    def _summary_table(self, buildings: list[Building]) -> str:
        return table(["Building", "HU", "PL", "Category", "Cost", "Prestige"], (
            [self.link(b.id), b.names.hu, b.names.pl, b.category, self.describe.bundle(b.cost) if b.cost else None, b.prestige or None]
            for b in buildings))

    def components_page(self) -> str:
        components: list[Component] = self.catalog.of_kind("components", self.game)  # type: ignore[assignment]
        resources = self.catalog.of_kind("resources", self.game)
        setups: list[Setup] = self.catalog.of_kind("setups", self.game)  # type: ignore[assignment]
        variants: list[Variant] = self.catalog.of_kind("variants", self.game)  # type: ignore[assignment]
        out = ["# Components and setup\n", "Generated from `data/components.yaml`, `data/resources.yaml`, "
               "`data/setup.yaml` and `data/variants.yaml`.\n", "## Components {#" + self.game + ".components}\n"]
        for c in components:
            count = f"{'about ' if c.approximate else ''}{c.count}" if c.count else None
            out.append(self.entry_block(3, c, [("In the box", count), ("Per player", c.per_player),
                                               ("Limited", "no" if c.unlimited else None), ("What it is", c.description)]))
        out.append("## Resources, money and points {#" + self.game + ".resources}\n")
        for r in resources:
            out.append(self.entry_block(3, r, [("Kind", r.resource_class), ("Colour", r.colour),  # type: ignore[attr-defined]
                                               ("In the box", r.count),  # type: ignore[attr-defined]
                                               ("Stands for", ", ".join(r.matches) or None)]))  # type: ignore[attr-defined]
        out.append("## Setup {#" + self.game + ".setup}\n")
        for s in setups:
            out.append(self.entry_block(3, s, [
                ("Player counts", ", ".join(map(str, s.player_counts))),
                ("Starting deniers by turn order", ", ".join(map(str, s.starting_deniers_by_turn_order)) or None),
                ("Starting resources", self.describe.bundle(s.starting_resources) if s.starting_resources else None),
                ("Per player", ", ".join(f"{n} {k}" for k, n in s.per_player.items()) or None),
                ("How", s.description)]))
        out.append("## Variants and the 2-player game {#" + self.game + ".variants}\n")
        for v in variants:
            out.append(self.entry_block(3, v, [
                ("Player counts", ", ".join(map(str, v.player_counts)) or None),
                ("Applies", "automatically at these player counts" if v.automatic else ("on by default" if v.default_enabled else "when chosen")),
                ("Turns off", Linked(", ".join(self.link(i) for i in v.disables)) or None),
                ("Turns on", Linked(", ".join(self.link(i) for i in v.enables)) or None),
                ("Starting deniers", ", ".join(map(str, v.starting_deniers_by_turn_order)) or None),
                ("Each favour becomes", self.describe.bundle(v.favour_replacement) if v.favour_replacement else None),
                ("Placement after the opponent passed", self.describe.bundle(v.placement_cost_after_opponent_passed) if v.placement_cost_after_opponent_passed else None),
                ("What changes", v.description)]))
        return "\n".join(out)

    def cards_page(self) -> str:
        cards = self.catalog.of_kind("cards", self.game)
        out = ["# Cards\n", "Every card with its deck, type and effect. Generated from the catalog's `cards` entries; "
               "a value the sources only picture is marked unknown, never guessed.\n"]
        framed = any(c.colour for c in cards)  # type: ignore[attr-defined]
        for c in cards:
            assert isinstance(c, Card)
            out.append(self.entry_block(2, c, [
                ("Deck", c.deck), ("Type", c.card_type), ("Copies", c.count if c.count is not None else "unknown"),
                ("Frame", (c.colour or "unknown") if framed else None),
                ("Delayed (1x)", ("yes" if c.one_use else "no") if c.one_use is not None else ("unknown" if c.effect else None)),
                ("Effect", self.describe.effect(c.effect) or None),
                ("Rule", self.link(c.rule) if c.rule else None)]))
        return "\n".join(out)

    def building_page(self) -> str:
        """Years and the offer, seals, building costs and sections, decks and the end (a duel-style game)."""
        out = ["# Years, seals and building\n", "Generated from the catalogs; every number names its source.\n"]
        for r in self.catalog.of_kind("round_structures", self.game):
            assert isinstance(r, RoundStructure)
            out.append(self.entry_block(2, r, [
                ("Years", r.years), ("Rounds a year", r.rounds_per_year), ("Offer", f"{r.grid_rows} × {r.grid_columns} cards"),
                ("Markers per player", r.markers_per_player), ("Conflict ties go to", r.conflict_tie_goes_to.replace("_", " "))]))
        seals = self.catalog.of_kind("seals", self.game)
        if seals:
            out.append(f"## Seals {{#{self.game}.seals}}\n")
            for seal in seals:
                assert isinstance(seal, Seal)
                out.append(self.entry_block(3, seal, [
                    ("Faces", " / ".join(map(str, seal.faces))), ("In the box", seal.count),
                    ("Personal", "yes" if seal.personal else None), ("Each player starts with", seal.per_player_at_start)]))
        for c in self.catalog.of_kind("construction_rules", self.game):
            assert isinstance(c, ConstructionRule)
            costs = table(["Materials placed in one round", "Gold"], [[i, g] for i, g in enumerate(c.cost_by_materials, start=1)])
            out.append(self.entry_block(2, c, [("Materials per section", c.materials_per_section),
                                               ("Sections worked on per round", c.sections_per_round)]) + "\n" + costs + "\n")
        sections = self.catalog.of_kind("building_sections", self.game)
        if sections:
            out.append(f"## Building sections {{#{self.game}.building-sections}}\n")
            for b in sections:
                assert isinstance(b, BuildingSection)
                out.append(self.entry_block(3, b, [
                    ("Player", b.player), ("Section", b.numeral),
                    ("Materials", ", ".join(b.materials) if b.materials else "unknown (only pictured)"),
                    ("First to finish it gets", self.describe.effect(b.reward))]))
        for d in self.catalog.of_kind("decks", self.game):
            assert isinstance(d, Deck)
            rows = [[self.link(a.card), a.count, ", ".join(f"{k}={v}" for k, v in a.printed.items()) or "",
                     a.colour or "", "" if a.one_use is None else ("yes" if a.one_use else "no")] for a in d.assumed]
            out.append(self.entry_block(2, d, [("Cards", d.size), ("Used in years", ", ".join(map(str, d.years)))]))
            out.append(f'!!! warning "Assumed for random games, not a fact"\n    {text(d.assumption_note)}\n')
            out.append(table(["Card", "Copies", "Printed values", "Frame", "1x"], rows) + "\n")
        for rule in self.catalog.of_kind("scoring_rules", self.game):
            assert isinstance(rule, ScoringRule)
            out.append(self.entry_block(2, rule, [("Ranking, most first", " → ".join(rule.ranking) or None),
                                                  ("What happens", rule.description)]))
        return "\n".join(out)

    def turn_page(self) -> str:
        phases: list[Phase] = sorted(self.catalog.of_kind("phases", self.game), key=lambda p: p.order)  # type: ignore[attr-defined]
        roads: list[Road] = self.catalog.of_kind("roads", self.game)  # type: ignore[assignment]
        scoring: list[ScoringRule] = self.catalog.of_kind("scoring_rules", self.game)  # type: ignore[assignment]
        sections = {s.marker_space: s for s in self.catalog.of_kind("castle_sections", self.game)}  # type: ignore[attr-defined]
        out = ["# The turn, the road and the end of the game\n",
               "Generated from `data/phases.yaml`, `data/road.yaml` and `data/scoring.yaml`.\n",
               "## The phases {#" + self.game + ".phases}\n"]
        for p in phases:
            out.append(self.entry_block(3, p, [
                ("Order", p.order), ("Players act in", p.player_order.replace("_", " ")),
                ("Base income", self.describe.bundle(p.income) if p.income else None),
                ("Provost", self.describe.effect(p.provost_move) if p.provost_move else None),
                ("In short", p.summary)]))
        for road in roads:
            fixed = {f.space: f.building for f in road.fixed}
            out.append(self.entry_block(2, road, [
                ("Spaces after the bridge", road.spaces),
                ("Neutral tiles on spaces", ", ".join(map(str, road.neutral_spaces))),
                ("Bailiff and provost start on space", f"{road.bailiff_start} and {road.provost_start}"),
                ("Provost may stand on", f"spaces {road.provost_min}-{road.provost_max}"),
                ("Bailiff moves", f"{road.bailiff_steps_when_provost_ahead} when the provost is ahead of it, else {road.bailiff_steps_otherwise}"),
                ("Placement cost (passing scale)", ", ".join(map(str, road.passing_scale))),
                ("First to pass takes", self.describe.bundle(road.first_pass_bonus)),
                ("Placement on one's own building", self.describe.bundle(road.own_building_cost)),
                ("Owner gets, when another player places there", self.describe.bundle(road.visit_owner_reward)),
                ("Turn-order spaces", road.turn_order_spaces)]))
            rows = []
            for space in range(1, road.spaces + 1):
                what = "neutral tile" if space in road.neutral_spaces else (self.link(fixed[space]) if space in fixed else "empty")
                marker = Linked(self.link(sections[space].id) + " scoring marker") if space in sections else ""
                rows.append([space, what, marker])
            out.append("### Road spaces {#" + road.id + ".spaces}\n")
            out.append(table(["Space", "At the start", "Marker"], rows))
        out.append("## End of the game {#" + self.game + ".end-scoring}\n")
        for s in scoring:
            out.append(self.entry_block(3, s, [
                ("Hand in", self.describe.bundle(s.per) if s.per else None),
                ("For", self.describe.bundle(s.reward) if s.reward else None),
                ("Rule", s.description)]))
        return "\n".join(out)

    def favours_page(self) -> str:
        rows: list[FavourRow] = sorted(self.catalog.of_kind("favour_rows", self.game), key=lambda r: r.row)  # type: ignore[attr-defined]
        columns: list[FavourColumn] = sorted(self.catalog.of_kind("favour_columns", self.game), key=lambda c: c.column)  # type: ignore[attr-defined]
        cells: list[Favour] = self.catalog.of_kind("favours", self.game)  # type: ignore[assignment]
        out = ["# Royal favours\n", "Generated from `data/favours.yaml`.\n"]
        for t in self.catalog.of_kind("favour_tables", self.game):
            out.append(self.entry_block(2, t, [
                ("Favours of one phase", "each in a different row" if t.one_row_per_favour_in_a_phase else "any row"),  # type: ignore[attr-defined]
                ("Order of simultaneous favours", "the player chooses" if t.player_orders_simultaneous_favours else None),  # type: ignore[attr-defined]
                ("Discounts", "only on the build made with the favour" if t.discounts_only_on_favour_builds else None),  # type: ignore[attr-defined]
                ("New columns", "open only once the scoring that unlocks them is over" if t.columns_open_after_scoring_is_over else None)]))  # type: ignore[attr-defined]
        out.append("## The table {#" + self.game + ".favour-table.grid}\n")
        out.append(self.favour_grid())
        out.append("## Rows {#" + self.game + ".favour-rows}\n")
        for r in rows:
            out.append(self.entry_block(3, r, [("Row", r.row)]))
        out.append("## Columns {#" + self.game + ".favour-columns}\n")
        for c in columns:
            opens = Linked(f"after the {self.link(c.opens_after)} scoring is over") if c.opens_after else "from the start"
            out.append(self.entry_block(3, c, [("Column", c.column), ("Opens", opens)]))
        out.append("## Cells {#" + self.game + ".favour-cells}\n")
        for f in sorted(cells, key=lambda f: (self.catalog.get(f.row).row, f.column)):  # type: ignore[attr-defined]
            row_name = self.catalog.get(f.row).names.en
            out.append(self.entry_block(3, f, [("Row", row_name), ("Column", f.column), ("Gives", self.describe.effect(f.effect))],
                                        title=f"{row_name}, column {f.column}: {f.names.en}"))
        return "\n".join(out)

    def castle_page(self) -> str:
        castles: list[Castle] = self.catalog.of_kind("castles", self.game)  # type: ignore[assignment]
        sections: list[CastleSection] = sorted(self.catalog.of_kind("castle_sections", self.game), key=lambda s: s.order)  # type: ignore[attr-defined]
        out = ["# The castle and its scoring\n", "Generated from `data/castle.yaml`.\n"]
        for c in castles:
            batch = f"{c.batch.cubes} {'different ' if c.batch.distinct else ''}cubes" + (f", including {', '.join(c.batch.required)}" if c.batch.required else "")
            out.append(self.entry_block(2, c, [
                ("Worker spaces", c.worker_spaces), ("Workers per player", c.workers_per_player), ("A batch", batch),
                ("No batch given", f"lose {self.describe.bundle(c.no_batch_penalty)}" + (" (not when the towers are full)" if c.no_penalty_when_full else "")),
                ("Most batches this turn", self.describe.bundle(c.most_batches_reward) + (" (tie: the earliest in the castle)" if c.most_batches_tie == "earliest_in_castle" else "")),
                ("Prestige never below", c.points_floor)]))
        out.append("## Sections {#" + self.game + ".castle-sections}\n")
        out.append(table(["Section", "Spaces", "Prestige per batch", "Scoring marker on road space"],
                         ([s.names.en, s.spaces, s.prestige_per_batch, s.marker_space] for s in sections)))
        for s in sections:
            steps = []
            for step in s.scoring:
                houses = f"{step.houses_min}+" if step.houses_max is None else (str(step.houses_min) if step.houses_min == step.houses_max else f"{step.houses_min}-{step.houses_max}")
                steps.append([houses, self.describe.bundle(step.reward) if step.reward else "nothing"])
            out.append(self.entry_block(3, s, [("Spaces", s.spaces), ("Prestige per batch", s.prestige_per_batch),
                                               ("Scoring marker", f"road space {s.marker_space}")]))
            out.append("Scoring (houses in this section → reward):\n\n" + table(["Houses", "Reward"], steps))
        return "\n".join(out)

    def glossary_page(self) -> str:
        terms: list[Term] = sorted(self.catalog.of_kind("terms", self.game), key=lambda t: t.names.en.lower())
        others = [e for key in ("buildings", "resources", "components") for e in self.catalog.of_kind(key, self.game)]
        codes = ["en", *(c for c in ("hu", "pl", "de", "fr") if any(getattr(e.names, c) for e in [*terms, *others]))]
        headers = [LANGUAGE_NAMES[c] for c in codes]
        out = ["# Glossary\n", f"Every game term in {', '.join(headers)}, with the other forms the rulebooks use. "
               "Generated from the catalog's glossary. Named pieces have their own pages and are listed at the end.\n"]
        out.append(table(headers, ([getattr(t.names, c) for c in codes] for t in terms)))
        for t in terms:
            see = self.link(t.refers_to) if t.refers_to else None
            out.append(self.entry_block(2, t, [("Meaning", t.definition), ("See", see), ("In the rules", self.mentioned_in(t.id))]))
        out.append("## Named pieces {#" + self.game + ".glossary.pieces}\n")
        out.append(table([*headers, "Other forms"],
                         ([*(getattr(e.names, c) for c in codes),
                           ", ".join(f for lang in ("hu", "pl", "en", "de") for f in getattr(e.names.forms, lang))] for e in others)))
        return "\n".join(out)

    def discrepancies_page(self) -> str:
        items: list[Discrepancy] = self.catalog.of_kind("discrepancies", self.game)  # type: ignore[assignment]
        out = ["# Where the sources disagree\n",
               "Each entry gives every reading with its source, the reading the project and its engine "
               "follow, and why. Generated from `data/discrepancies.yaml`.\n",
               table(["Discrepancy", "Topic", "Follows"], ([self.link(d.id), d.topic, ", ".join(d.follows)] for d in items))]
        for d in items:
            readings = [[r.source.key + (f" ({r.source.section}, line {r.source.line})" if r.source.line else (f" ({r.source.section})" if r.source.section else "")),
                         r.says, "followed" if r.source.key in d.follows else ""] for r in d.readings]
            affects = Linked(", ".join(self.link(a) for a in d.affects)) or None
            out.append(self.entry_block(2, d, [("Topic", d.topic), ("Affects", affects)]))
            out.append(table(["Source", "Reading", ""], readings))
            out.append(f"\n**Decision.** {text(d.decision)}\n")
            disputed = [r for r in self.results if r.raw.get("discrepancy") == d.id]
            if disputed:
                from kb.walkthrough import render

                out.append("**The engine's verdict.** " + " ".join(
                    f"For `{text(path)}` the source claims {text(claimed)}; the engine gives {text(actual)}."
                    for r in disputed for path, (claimed, actual) in r.verdicts.items()) + "\n")
                out.extend(render(r) for r in disputed)
        return "\n".join(out)




def page_of(catalog: Catalog, entry_id: str) -> str:
    """The site path (relative to the site root) of the page that shows an entry under its id."""
    located = catalog.entries[entry_id]
    if located.kind.key == "games":
        return f"{entry_id}/"
    if located.kind.key == "sources":
        return "sources/"
    if located.kind.key == "rules":
        return f"{located.entry.game}/{rule_page(catalog, located.entry)}/"
    return f"{located.entry.game}/{page_for_kind(catalog, located.entry.game, located.kind.key)}/"


def page_for_kind(catalog: Catalog, game: str, kind: str) -> str:
    """The first generated page of the game that shows entries of this kind (a summary page such as
    the quick reference only repeats them)."""
    for spec in GAME_PAGES:
        if kind in spec.kinds and not spec.summary and spec.wanted(catalog, game):
            return spec.name
    raise KeyError(f"no page shows {kind} entries of {game}")


def sources_page(catalog: Catalog) -> str:
    out = ["# Sources\n", "Every rulebook and public source a catalog fact cites, by key. "
           "Generated from `data/sources.yaml`.\n"]
    for game in catalog.games():
        out.append(f"## {text(catalog.get(game).names.en)} {{#{game}.sources}}\n")
        for s in catalog.of_kind("sources", game):
            assert isinstance(s, Source)
            where = f"[{text(s.url)}]({s.url})" if s.url else (f"`{text(s.file)}` (shared seeds)" if s.file else None)
            out.append(f"### {text(s.key)}: {text(s.names.en)} {{#{s.id}}}\n")
            out.append(table(["", ""], [[k, v] for k, v in [("Kind", s.source_kind), ("Language", s.language),
                                                               ("Edition", s.edition), ("Licence", s.licence_note)] if v]))
            if where:
                out.append(f"\nWhere: {where}\n")
            if s.notes:
                out.append(f"\n{text(s.notes)}\n")
    return "\n".join(out)


@dataclass(frozen=True)
class PageSpec:
    """A generated page of a game: written only when the game has entries of the kinds it shows."""

    name: str
    title: str
    kinds: tuple[str, ...]
    render: Callable[[PageWriter], str]
    needs_all: bool = False
    needs: tuple[str, ...] = ()
    """Kinds whose entries call for the page (default: the kinds it shows)."""
    summary: bool = False
    """Repeats entries that have their home on another page."""

    def wanted(self, catalog: Catalog, game: str) -> bool:
        present = [bool(catalog.of_kind(kind, game)) for kind in self.needs or self.kinds]
        return all(present) if self.needs_all else any(present)


# The order of a game's section in the navigation. Rules pages come from the rules' sections.
GAME_PAGES: list[PageSpec] = [
    PageSpec("quick-reference", "Quick reference", ("phases", "roads", "castles", "favour_tables", "scoring_rules"),
             lambda w: w.quick_reference_page(), needs_all=True, summary=True),
    PageSpec("rulebook-map", "Rulebook map", ("rules",), lambda w: w.rulebook_map_page()),
    PageSpec("faq", "Rulings and FAQ", ("rulings",), lambda w: w.faq_page()),
    PageSpec("components", "Components and setup", ("components", "resources", "setups", "variants"), lambda w: w.components_page()),
    PageSpec("buildings", "Buildings", ("buildings",), lambda w: w.buildings_page()),
    PageSpec("cards", "Cards", ("cards",), lambda w: w.cards_page()),
    PageSpec("turn", "The turn and the road", ("phases", "roads", "scoring_rules"), lambda w: w.turn_page(), needs=("phases", "roads")),
    PageSpec("building", "Years, seals and building", ("round_structures", "seals", "construction_rules", "building_sections",
                                                        "decks", "scoring_rules"), lambda w: w.building_page()),
    PageSpec("favours", "Royal favours", ("favours", "favour_rows", "favour_columns", "favour_tables"), lambda w: w.favours_page()),
    PageSpec("castle", "The castle", ("castles", "castle_sections"), lambda w: w.castle_page()),
    PageSpec("glossary", "Glossary", ("terms",), lambda w: w.glossary_page()),
    PageSpec("discrepancies", "Discrepancies", ("discrepancies",), lambda w: w.discrepancies_page()),
    PageSpec("examples", "Worked examples", ("examples",), lambda w: w.examples_page()),
]
NavItem = dict[str, Any]


def first_heading(path: Path) -> str:
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("# "):
            return line[2:].split("{")[0].strip()
    return path.stem.replace("-", " ").capitalize()


def write_pages(catalog: Catalog, docs_dir: Path, datasette_url: str,
                results: list[Any] | None = None) -> tuple[list[Path], list[NavItem]]:
    """Write the generated pages into ``docs_dir`` (a copy of docs/).

    Returns the paths written and the site navigation: per game, its hand-written index, the
    generated pages it has entries for, then its other hand-written pages. ``results`` are this
    build's scenario results, shown as walkthroughs next to their rules."""
    written: list[Path] = []
    nav: list[NavItem] = [{"Home": "index.md"}]
    for game in catalog.games():
        writer = PageWriter(catalog, game, datasette_url, results)
        folder = docs_dir / game
        folder.mkdir(parents=True, exist_ok=True)
        writer.hand_pages = {p.stem for p in folder.glob("*.md")}
        pages: dict[str, str] = {}
        items: list[Any] = []
        if (folder / "index.md").is_file():
            items.append(f"{game}/index.md")
        rule_pages = [(name, title) for name, title in writer.rule_page_titles()]
        for spec in GAME_PAGES:
            if spec.name == "rulebook-map" and rule_pages:
                for name, _ in rule_pages:
                    pages[name] = writer.rules_page(name)
                items.append({"The rules": [{title: f"{game}/{name}.md"} for name, title in rule_pages]})
            if spec.wanted(catalog, game):
                pages[spec.name] = spec.render(writer)
                items.append({spec.title: f"{game}/{spec.name}.md"})
        for extra in sorted(folder.glob("*.md")):
            if extra.stem != "index" and extra.stem not in pages:
                items.append({first_heading(extra): f"{game}/{extra.name}"})
        for name, body in pages.items():
            path = folder / f"{name}.md"
            path.write_text(body, encoding="utf-8")
            written.append(path)
        nav.append({catalog.get(game).names.en: items})
    path = docs_dir / "sources.md"
    path.write_text(sources_page(catalog), encoding="utf-8")
    written.append(path)
    nav += [{"Sources": "sources.md"}, {"JSON API": "api.md"}]
    return written, nav
