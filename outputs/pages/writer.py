"""The pieces every generated page is made of: entry blocks with their names, facts and sources,
and links to the page that shows an entry. :class:`PageWriter` is what a game's page
renderers get as their :class:`games.plugin.PageContext`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from functools import cached_property
from urllib.parse import quote
from typing import Any

from datasette.utils import tilde_encode

from catalog import Catalog, Entry
from catalog.kinds import Example, Ruling, Source
from catalog.model import LANGUAGES, SourceRef
from games.narration import Narration
from games.plugin import GameModule
from outputs.pages import evidence
from outputs.pages.layout import Layout
from outputs.pages.markdown import Linked, table, text
from outputs.history import History, day_in_words
from outputs.terms import TermLinker, rulings_about

CHANGE_SHOWN_KINDS = ("rules", "rulings")
"""The kinds whose entries say when they last changed (the What changed page lists every kind)."""
RULINGS_SHOWN = 3
"""Rulings listed by question under an entry; more are one link to the API's list of them all."""
NO_RULINGS_LINE = ("rulings", "discrepancies", "examples", "sources")
"""Kinds whose blocks list no rulings about them: a ruling is itself one; a discrepancy's decision is what
its ruling says (and its page is near the weight limit); an example is shown by its walkthrough."""


# something shaped like an entry id (game.kind.slug) inside prose; a dot that ends a sentence is not part of it
_ID = re.compile(r"(?<![\w.#/-])[a-z][a-z0-9-]*(?:\.[a-z0-9][a-z0-9-]*)+")


class PageWriter:
    def __init__(self, catalog: Catalog, module: GameModule, layout: Layout, datasette_url: str,
                 results: list[Any] | None = None):
        self.catalog = catalog
        self.module = module
        self.game = module.game
        self.layout = layout
        self.results = [r for r in (results or []) if r.game == self.game]
        self.terms = TermLinker(catalog, self.game, module.linked_kinds)
        self.rulings = rulings_about(catalog, self.game, self.terms)
        self.hand_pages: set[str] = set()
        """Stems of the game's hand-written pages (generated pages link to them only when they exist)."""
        self.scenario_guide: str | None = None
        """The link to the contributors' page on writing the game's scenarios, when there is one."""
        self.words = module.words(catalog)
        self.datasette_url = datasette_url.rstrip("/")
        self.sources = {s.key: s for s in catalog.typed("sources", Source, self.game)}
        self.rules = layout.rules(self.game)
        self.history = History()
        """When each entry was added and last changed (set by the site's writer; empty: not shown)."""

    # --- what a game's renderers use (games.plugin.PageContext) -----------------------------------

    def link(self, entry_id: str, label: str | None = None) -> str:
        """A link to an entry's anchor on the page that shows it (pages of one game share a folder)."""
        entry = self.catalog.get(entry_id)
        return Linked(f"[{text(label or entry.names.en)}]({self.layout.page(entry_id)}.md#{entry_id})")

    def entry_block(self, level: int, entry: Entry, facts: Sequence[tuple[str, object]], title: str | None = None,
                    compact: bool = False) -> str:
        """An entry's heading, names, facts, notes and sources. ``compact`` runs the facts together in one
        paragraph (``**Cost:** 2 silver · **Copies:** 1``) instead of a list: for long lists of cards,
        where a list item per fact made a page of 86 cards 40,000 px tall."""
        out = [self.heading(level, entry, title), self.names_line(entry)]
        shown = [(k, v) for k, v in facts if v not in (None, "", [], {})]
        if shown:
            items = [f"**{k}:** {v if isinstance(v, Linked) else text(v)}" for k, v in shown]
            out.append("\n" + (" · ".join(items) if compact else "\n".join(f"- {i}" for i in items)) + "\n")
        if entry.notes:
            out.append(f"\n{self.prose(entry.notes)}\n")
        if self.catalog.kind_of(entry.id).key not in NO_RULINGS_LINE:
            out.append(self.rulings_line(entry.id))
        out.append("\n" + self.source_line(entry))
        return "\n".join(out) + "\n"

    def prose(self, plain: str) -> Linked:
        """Text as Markdown (escaped), every entry id in it a link to the entry, named by its English name."""
        out, at = [], 0
        for match in _ID.finditer(plain):
            if match.group(0) in self.catalog.entries:
                out += [text(plain[at:match.start()]), self.link(match.group(0))]
                at = match.end()
        return Linked("".join(out) + text(plain[at:]))

    @cached_property
    def narration(self) -> Narration:
        """How the game's scenarios read (its actions, state and decisions in sentences)."""
        return self.module.narration(self.words)

    def mentioned_in(self, entry_id: str) -> Linked | None:
        """Links to the rules whose text names this entry."""
        rules = [r for r in self.rules if entry_id in self.terms.mentions(r.text)]
        return Linked(", ".join(self.link(r.id) for r in rules)) if rules else None

    def rulings_about(self, entry_id: str) -> list[str]:
        return self.rulings.get(entry_id, [])

    def table(self, headers: list[str], rows: Iterable[Sequence[object]]) -> str:
        return table(headers, rows)

    def text(self, value: object) -> str:
        return text(value)

    def linked(self, markdown: str) -> Linked:
        return Linked(markdown)

    # --- pieces ---------------------------------------------------------------------------------

    def row_url(self, entry: Entry) -> str:
        table_name = self.catalog.kind_of(entry.id).table
        return f"{self.datasette_url}/kb/{table_name}/{tilde_encode(entry.id)}"

    def names_line(self, entry: Entry) -> str:
        parts = [f"**EN** {text(entry.names.en)}"]
        for lang in LANGUAGES[1:]:
            name = getattr(entry.names, lang)
            if name:
                parts.append(f"**{lang.upper()}** {text(name)}")
        forms = [f for lang in LANGUAGES for f in getattr(entry.names.forms, lang)]
        if len(parts) == 1 and not forms:
            return ""  # the English name alone would only repeat the heading
        line = " · ".join(parts)
        if forms:
            line += f"  \nOther forms: {text(', '.join(forms))}"
        return line + "\n"

    def cite(self, ref: SourceRef) -> str:
        """A source as a reader cites it (never our key or our transcription's line: those stay in the API)."""
        return evidence.citation(ref, self.sources[ref.key])

    def source_name(self, key: str) -> str:
        """A source key of the data (HU, FACTS) as a reader names the source."""
        source = self.sources.get(key)
        return (source.cite or source.names.en) if source else key

    def sources_of(self, entry: Entry) -> list[SourceRef]:
        """The entry's sources; a ruling that gives a discrepancy's decision and cites none has the
        discrepancy's (its readings are the ruling's reasoning)."""
        if isinstance(entry, Ruling) and not entry.sources and entry.discrepancy:
            return self.sources_of(self.catalog.get(entry.discrepancy))
        return entry.sources

    def cited_sources(self, entry: Entry) -> list[str]:
        """The entry's sources as linked citations, one per source and section (two lines of one section are
        one citation to a reader of the printed book). Our research notes are cited only when the entry
        names no public source besides them."""
        sources = self.sources_of(entry)
        public = [r for r in sources if not evidence.is_research_notes(self.sources[r.key])]
        by_label: dict[str, SourceRef] = {}
        for ref in public or sources:
            by_label.setdefault(self.cite(ref), ref)
        return [f'[{text(label)}](../sources.md#{self.sources[ref.key].id} "{evidence.hover(self.sources[ref.key].names.en)}")'
                for label, ref in by_label.items()]

    def source_line(self, entry: Entry) -> str:
        """The entry's badge and its sources cited in words, then a collapsed Sources block with what only
        some readers need: the values known less surely than the rest (each with its own badge), the
        source keys the data and the API use, and the link to the entry's row in the API."""
        inside = []
        if entry.fact_confidence:
            inside.append(" ".join(evidence.value_badge(k, v) for k, v in entry.fact_confidence.items()))
        keys = ", ".join(dict.fromkeys(r.key for r in self.sources_of(entry)))
        inside.append(f"In the data: source {'keys' if ',' in keys else 'key'} {text(keys)} · "
                      f"[this entry in the API]({self.row_url(entry)})")
        body = "\n\n".join("    " + line for line in inside)
        return (f"{evidence.badge(entry.confidence)} {'; '.join(self.cited_sources(entry))}{self.last_changed(entry)}\n"
                f"{{ .kb-evidence }}\n\n??? kb-sources \"Sources\"\n\n{body}\n")

    def last_changed(self, entry: Entry) -> str:
        """`` · Last changed 5 November 2026`` after a rule's or a ruling's sources: what a player checks
        when a ruling may have been revised since they last looked."""
        dates = self.history.of(entry.id)
        if dates is None or self.catalog.kind_of(entry.id).key not in CHANGE_SHOWN_KINDS:
            return ""
        return f' · <span class="kb-changed">Last changed {day_in_words(dates.updated_day)}</span>'

    def heading(self, level: int, entry: Entry, title: str | None = None) -> str:
        title = title or entry.names.en
        return f"{'#' * level} {text(title[:1].upper() + title[1:])} {{#{entry.id}}}\n"

    def link_text(self, plain: str, exclude: set[str]) -> str:
        """Rule text as Markdown (escaped), with the first mention of each term linked."""
        out, done = [], set(exclude)
        for words, entry_id in self.terms.segments(plain):
            if entry_id is None or entry_id in done:
                out.append(text(words))
            else:
                done.add(entry_id)
                out.append(self.link(entry_id, words))
        return "".join(out)

    def scenarios_for(self, key: str, entry_id: str) -> list[Any]:
        """Results of the scenarios that list ``entry_id`` under ``key`` (illustrates, examples, rulings)."""
        return [r for r in self.results if entry_id in (r.raw.get(key) or [])]

    @cached_property
    def walkthrough_plan(self) -> Any:
        """Where each scenario is shown in full (outputs.pages.walkthrough.plan)."""
        from outputs.pages.walkthrough import plan

        return plan(self)

    def walkthroughs(self, key: str, entry_id: str, seen: dict[str, tuple[str, str]] | None = None,
                     brief: bool = False) -> str:
        """The scenarios that list ``entry_id`` under ``key``, one line each, linking to them in full
        (by title only when ``brief``)."""
        from outputs.pages.walkthrough import one_liners

        return one_liners(self, self.scenarios_for(key, entry_id), seen, entry_id, brief)

    @cached_property
    def _rulings_by_id(self) -> dict[str, Ruling]:
        return {r.id: r for r in self.catalog.typed("rulings", Ruling, self.game)}

    @cached_property
    def _successors(self) -> dict[str, str]:
        """Ruling id -> the id of the ruling that supersedes it."""
        return {r.supersedes: r.id for r in self._rulings_by_id.values() if r.supersedes}

    def ruling_item(self, ruling_id: str) -> str:
        """A ruling named by its question, linked; a superseded one struck through with a link to the
        ruling that replaced it, a withdrawn one saying so."""
        ruling = self._rulings_by_id[ruling_id]
        linked = self.link(ruling_id, ruling.question)
        if ruling.status == "superseded":
            successor = self._successors.get(ruling_id)
            replaced = f" (superseded by {self.link(successor, 'the ruling that replaced it')})" if successor else " (superseded)"
            return f"<del>{linked}</del>{replaced}"
        if ruling.status == "withdrawn":
            return f"<del>{linked}</del> (withdrawn)"
        return linked

    def rulings_line(self, entry_id: str) -> str:
        """"Rulings: ..." under an entry (a component, a card, a term, a rule ...): the rulings about it by
        :func:`outputs.terms.rulings_about`, each by its question; past RULINGS_SHOWN, a link to all of
        them in the API, so that a rule many rulings touch stays short. A glossary term that
        stands for another entry (``refers_to``) lists only its own and points to that entry for the
        rest: they are the same rulings, and a glossary listing them twice passed the page weight."""
        ids = self.rulings_about(entry_id)
        if not ids:
            return ""
        referent = getattr(self.catalog.get(entry_id), "refers_to", None)
        shows_its_own = isinstance(referent, str) and self.catalog.kind_of(referent).key not in NO_RULINGS_LINE
        elsewhere = set(self.rulings_about(referent)) if shows_its_own else set()
        own = [i for i in ids if i not in elsewhere]
        items = [self.ruling_item(i) for i in own[:RULINGS_SHOWN]]
        if len(own) > RULINGS_SHOWN:
            every = f"{self.datasette_url}/kb/rulings_about?entry={quote(entry_id)}"
            items.append(f"[all {len(ids)} rulings]({every} \"Every ruling about it, in the API\")")
        if len(own) < len(ids):
            shared = len(ids) - len(own)
            items.append(f"{shared}{' more' if own else ''} listed under {self.link(str(referent))}")
        lines = "  \n".join(items)  # one ruling a line: questions run together read as one
        return f'\n**Rulings:**  \n{lines}\n{{ .kb-rulings data-about="{entry_id}" }}\n'

    def examples_beside(self, rule_id: str) -> str:
        """The worked examples that illustrate a rule but that no scenario plays yet (a game without an
        engine), each in a box beside it; a played example shows as its walkthrough instead."""
        examples = [e for e in self.catalog.typed("examples", Example, self.game)
                    if rule_id in e.rules and not self.scenarios_for("examples", e.id)]
        return "\n".join(f'!!! example "Worked example: {text(e.names.en)}"\n\n    {text(e.summary)} '
                          f'({self.link(e.id, "the example")}; no rules engine checks it yet)\n' for e in examples)

    def rulebook_languages(self) -> list[str]:
        names = {"hu": "Hungarian", "pl": "Polish", "en": "English", "de": "German", "fr": "French"}
        game = self.catalog.get(self.game)
        return [names[b.language] for b in getattr(game, "rulebooks", [])] or ["source"]


__all__ = ["PageWriter"]
