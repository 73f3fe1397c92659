"""Which entries a text names: game terms found in our English rule text, and the rulings about an
entry. Shared by the database (links, columns) and the site (links in rule text), so both agree.

Terms are found by their English names and forms (longest first, whole words, any case); a
building whose name is shared by several tiles (the farms, the quarries) is left to the glossary.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from catalog import Catalog, Entry
from catalog.kinds import Discrepancy, Ruling, Term


class TermLinker:
    def __init__(self, catalog: Catalog, game: str, linked_kinds: tuple[str, ...]):
        phrases: dict[str, str] = {}
        taken: set[str] = set()
        # words of everyday terms ("turn", "bank" for the stock) are never linked, to anything
        blocked = {p.lower() for e in catalog.typed("terms", Term, game) if not e.autolink
                   for p in [e.names.en, *e.names.forms.en]}
        for kind in linked_kinds:
            for entry in catalog.of_kind(kind, game):
                if not getattr(entry, "autolink", True):
                    continue
                for phrase in [entry.names.en, *entry.names.forms.en]:
                    key = phrase.lower()
                    if "(" in phrase or len(key) < 3 or key in blocked:
                        continue  # "Farm (neutral)": one of several tiles of that name
                    if key in phrases and key not in taken and phrases[key] != entry.id:
                        taken.add(key)  # the kind listed first keeps a shared word
                        continue
                    phrases.setdefault(key, entry.id)
        self.phrases = phrases
        alternation = "|".join(re.escape(p) for p in sorted(phrases, key=len, reverse=True))
        self.pattern = re.compile(rf"(?<![\w-])({alternation})(?![\w-])", re.IGNORECASE) if phrases else None

    def mentions(self, plain: str) -> set[str]:
        """Ids of the entries a text names."""
        if self.pattern is None:
            return set()
        return {self.phrases[m.group(1).lower()] for m in self.pattern.finditer(plain)}

    def segments(self, plain: str) -> Iterator[tuple[str, str | None]]:
        """The text in pieces: (words, id of the entry they name, or None for plain text)."""
        last = 0
        for match in self.pattern.finditer(plain) if self.pattern else ():
            yield plain[last:match.start()], None
            yield match.group(1), self.phrases[match.group(1).lower()]
            last = match.end()
        yield plain[last:], None


def governing_rule(entry: Entry) -> str | None:
    """The rule an entry names as the one that governs it (a building's ``rule``: what a worker
    there does), for kinds whose model declares that field."""
    if "rule" not in type(entry).model_fields:
        return None
    rule = getattr(entry, "rule")
    return rule if isinstance(rule, str) else None


RULED_BY_ORDER = ("rulebook-faq", "designer", "publisher", "rulebook", "project")
"""The order of an entry's rulings by who ruled (then catalog order): the rulebook's FAQ answers first,
this project's decisions on the sources' slips last (a player looks for the published answers first)."""


def rulings_about(catalog: Catalog, game: str, linker: TermLinker) -> dict[str, list[str]]:
    """Entry id -> ids of the rulings about it, in RULED_BY_ORDER, then catalog order: the one
    definition the site, the entry tables (``rulings`` columns, the ``links`` rows of relation
    ``about``) and the canned queries share.

    A ruling is about
    - every entry it ``concerns`` (components, cards, rules, terms: what its author says it is about);
    - every entry its discrepancy ``affects`` (the ruling gives that discrepancy's decision);
    - every rule its answer's sentences cite;
    - every entry its question or answer names (found as rule text links terms), and the entry a
      named term refers to;
    - every entry governed by one of its rules (the entry's ``rule``).

    A rule that merely mentions an entry in its text does not make its rulings about that entry:
    a ruling on the order of favours is not about every building the favour rows name.
    """
    refers_to = {t.id: t.refers_to for t in catalog.typed("terms", Term, game) if t.refers_to}
    governed: dict[str, list[str]] = {}
    for located in catalog.entries.values():
        rule = governing_rule(located.entry) if located.entry.game == game else None
        if rule:
            governed.setdefault(rule, []).append(located.entry.id)
    affects = {d.id: d.affects for d in catalog.typed("discrepancies", Discrepancy, game)}
    out: dict[str, list[str]] = {}
    for ruling in sorted(catalog.typed("rulings", Ruling, game), key=lambda r: RULED_BY_ORDER.index(r.ruled_by)):
        named = linker.mentions(f"{ruling.question} {ruling.answer_text}")
        about = set(ruling.cited_rules) | named | {refers_to[t] for t in named if t in refers_to}
        about |= set(ruling.concerns) | set(affects.get(ruling.discrepancy or "", []))
        about |= {entry_id for rule in ruling.cited_rules for entry_id in governed.get(rule, [])}
        for entry_id in sorted(about - {ruling.id}):
            out.setdefault(entry_id, []).append(ruling.id)
    return out
