"""Linking game terms in our English rule text to their glossary entries and component pages.

Terms are found by their English names and forms (longest first, whole words, any case); a
building whose name is shared by several tiles (the farms, the quarries) is left to the glossary.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from kb.catalog import Catalog
from kb.markdown import text

LINKED_KINDS = ("terms", "buildings", "components", "castle_sections")


class TermLinker:
    def __init__(self, catalog: Catalog, game: str, link: Callable[[str, str | None], str]):
        self._link = link
        phrases: dict[str, str] = {}
        taken: set[str] = set()
        # words of everyday terms ("turn", "bank" for the stock) are never linked, to anything
        blocked = {p.lower() for e in catalog.of_kind("terms", game) if not getattr(e, "autolink", True)
                   for p in [e.names.en, *e.names.forms.en]}
        for kind in LINKED_KINDS:
            for entry in catalog.of_kind(kind, game):
                if not getattr(entry, "autolink", True):
                    continue
                for phrase in [entry.names.en, *entry.names.forms.en]:
                    key = phrase.lower()
                    if "(" in phrase or len(key) < 3 or key in blocked:
                        continue  # "Farm (neutral)": one of several tiles of that name
                    if key in phrases and key not in taken and phrases[key] != entry.id:
                        taken.add(key)  # the glossary term, listed first, keeps a shared word
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

    def link_text(self, plain: str, exclude: set[str] = frozenset()) -> str:  # type: ignore[assignment]
        """The text as Markdown (escaped), with the first mention of each term linked."""
        if self.pattern is None:
            return text(plain)
        out, done, last = [], set(exclude), 0
        for match in self.pattern.finditer(plain):
            entry_id = self.phrases[match.group(1).lower()]
            out.append(text(plain[last:match.start()]))
            if entry_id in done:
                out.append(text(match.group(1)))
            else:
                done.add(entry_id)
                out.append(self._link(entry_id, match.group(1)))
            last = match.end()
        out.append(text(plain[last:]))
        return "".join(out)
