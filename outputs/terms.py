"""Which entries a text names: game terms found in our English rule text, and the rulings about an
entry. Shared by the database (links, columns) and the site (links in rule text), so both agree.

Terms are found by their English names and forms (longest first, whole words, any case); a
building whose name is shared by several tiles (the farms, the quarries) is left to the glossary.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from catalog import Catalog
from catalog.kinds import Rule, Ruling, Term


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


def rulings_about(catalog: Catalog, game: str, linker: TermLinker) -> dict[str, list[str]]:
    """Entry id -> ids of the rulings whose rules, question or answer concern it."""
    rules_mention = {r.id: linker.mentions(r.text) for r in catalog.typed("rules", Rule, game)}
    out: dict[str, list[str]] = {}
    for ruling in catalog.typed("rulings", Ruling, game):
        touched = set(linker.mentions(f"{ruling.question} {ruling.answer}"))
        for rule in ruling.rules:
            touched |= rules_mention.get(rule, set())
        for entry_id in touched:
            out.setdefault(entry_id, []).append(ruling.id)
    return out
