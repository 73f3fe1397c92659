"""Which rulings are about an entry: shared by the database's columns and the site's pages."""

from __future__ import annotations

from kb.catalog import Catalog
from kb.terms import TermLinker


def rulings_about(catalog: Catalog, game: str) -> dict[str, list[str]]:
    """Entry id -> ids of the rulings whose rules, question or answer concern it."""
    linker = TermLinker(catalog, game, lambda entry_id, label=None: entry_id)
    rules_mention = {r.id: linker.mentions(r.text) for r in catalog.of_kind("rules", game)}  # type: ignore[attr-defined]
    out: dict[str, list[str]] = {}
    for ruling in catalog.of_kind("rulings", game):
        touched = set(linker.mentions(f"{ruling.question} {ruling.answer}"))  # type: ignore[attr-defined]
        for rule in ruling.rules:  # type: ignore[attr-defined]
            touched |= rules_mention.get(rule, set())
        for entry_id in touched:
            out.setdefault(entry_id, []).append(ruling.id)
    return out
