"""What decides between hits the words do not tell apart, and which game a query's language points to.

Among hits that match as many of the query's words, records of our sources (a rulebook, a web page)
come after our own entries whatever their score: their titles say "rules" and "rulebook", which is not
what a player asking about rules means. Among hits of equal score, the entry that is the thing comes
first: a component, building, card or other piece before the glossary entry that names it, before a
rule that mentions it, before a ruling, before an example or a discrepancy that retells it; among
rules, the main statement before its edge cases (the rulebooks, and our rule sections, state a rule
first and its exceptions after: a rule's place within its section says which it is). The site's
script gets each entry's rank from the build (outputs/search/site_index.py), so both sort alike.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Protocol

# kind -> tier: the thing (any kind not listed, 0), the glossary entry naming it, the rule mentioning
# it, the ruling about the rule, the entries that retell or dispute others
KIND_TIER = {"terms": 1, "rules": 2, "rulings": 3, "examples": 4, "discrepancies": 4, "scenarios": 4}
SOURCE_KINDS = frozenset({"sources"})
ORDERS_PER_TIER = 1000
"""A rule's order in its section counts within its tier (sections have tens of rules, not a thousand)."""
NAMED_LANGUAGES = ("hu", "pl")
"""The languages an entry may have a name of its own in (besides English, which every game has)."""


def entry_rank(kind: str, order: int = 0) -> int:
    """Lower first among hits of equal score: the kind's tier, then (rules) the place in the section."""
    return KIND_TIER.get(kind, 0) * ORDERS_PER_TIER + min(max(order, 0), ORDERS_PER_TIER - 1)


class _Named(Protocol):
    @property
    def game(self) -> str: ...
    @property
    def name_hu(self) -> str | None: ...
    @property
    def name_pl(self) -> str | None: ...


def name_in(document: _Named, language: str) -> str | None:
    return document.name_hu if language == "hu" else document.name_pl if language == "pl" else None


def game_languages(documents: Sequence[_Named]) -> dict[str, frozenset[str]]:
    """Game -> the languages its entries have names in: the languages of its rulebooks, whose
    translation tables apply to its entries (Polish exists only for Caylus)."""
    out: dict[str, set[str]] = {}
    for document in documents:
        languages = out.setdefault(document.game, set())
        languages.update(language for language in NAMED_LANGUAGES if name_in(document, language))
    return {game: frozenset(languages) for game, languages in out.items()}


def single_game_languages(languages: Mapping[str, frozenset[str]]) -> dict[str, str]:
    """Language -> the one game that has it, for the languages only one game has."""
    owners: dict[str, list[str]] = {}
    for game, spoken in sorted(languages.items()):
        for language in spoken:
            owners.setdefault(language, []).append(game)
    return {language: games[0] for language, games in owners.items() if len(games) == 1}
