"""One sentence about any entry, in words a player reads: what search results show beside its name.

A game words its own kinds (:attr:`games.plugin.GameModule.summary`); this module words the kinds
every game shares (a term by its definition, a resource by what it is and how many the box holds, a
game by who made it) and, last, any entry by its name and kind, so that no result ever shows a list
of fields. Ids never appear: names do.
"""

from __future__ import annotations

import re

from catalog import Catalog, Entry, Words
from catalog.kinds import (Card, Component, Discrepancy, Example, Game, Resource, Rule, Ruling, ScoringRule, Setup,
                           Source, Term, Variant)
from games.grammar import article, listing, sentence
from games.plugin import GameModule

LANGUAGES = {"hu": "Hungarian", "pl": "Polish", "en": "English", "de": "German", "fr": "French"}
SOURCE_KINDS = {
    "rulebook": "a rulebook", "official": "an official publication of the publisher", "tiles": "the game's tiles",
    "reference": "a reference sheet", "picture": "a picture of the game", "faq": "a list of questions and answers",
    "implementation": "a computer version of the game", "facts": "facts gathered beyond the rulebook text, each with its own source",
}
RESOURCE_CLASSES = {"cube": "cube", "money": "money", "points": "points", "reward": "reward", "wildcard": "wildcard",
                    "raw": "raw material", "material": "building material"}


_ID = re.compile(r"\b[a-z][a-z0-9-]*(?:\.[a-z0-9][a-z0-9-]*)+\b")


def readable(text: str, catalog: Catalog) -> str:
    """Catalog prose with the ids it cites (``caylus.phase7.scoring-trigger``) said by their English
    names: a player reads names, never ids."""
    def name(match: re.Match[str]) -> str:
        located = catalog.entries.get(match.group())
        return located.entry.names.en if located and located.entry.names.en else match.group()
    return _ID.sub(name, text)


def plural(count: int, one: str, many: str | None = None) -> str:
    """``1 gold cube``, ``2 gold cubes``: a count and its noun."""
    return f"{count} {one if count == 1 else many or one + 's'}"


def game_summary(game: Game) -> str:
    players = f"{game.players_min} players" if game.players_min == game.players_max else \
        f"{game.players_min} to {game.players_max} players"
    return f"A game for {players} by {listing(game.designers)}, published by {game.publisher} in {game.year}."


def source_summary(source: Source) -> str:
    what = SOURCE_KINDS[source.source_kind]
    language = LANGUAGES.get(source.language or "")
    return sentence(f"{what}{f', in {language}' if language else ''}")


def resource_summary(resource: Resource, words: Words) -> str:
    name = resource.names.en
    kind = RESOURCE_CLASSES[resource.resource_class]
    colour = f"{resource.colour} " if resource.colour else ""
    parts = [f"{name[:1].upper() + name[1:]} is {article(colour + kind) if kind != 'money' else 'money'}"]
    if resource.count:
        parts.append(f"the box holds {resource.count}")
    if resource.per_player:
        parts.append(f"each player has {resource.per_player}")
    if resource.other_side:
        parts.append(f"its other side is {words.resource_name(resource.other_side, 1)}")
    return sentence("; ".join(parts))


def shared_summary(entry: Entry, words: Words) -> str | None:
    """The sentence for an entry of a shared kind, or None for another kind."""
    if isinstance(entry, Game):
        return game_summary(entry)
    if isinstance(entry, Source):
        return source_summary(entry)
    if isinstance(entry, Resource):
        return resource_summary(entry, words)
    if isinstance(entry, (Component, Setup, Variant, ScoringRule)):
        return sentence(entry.description)
    if isinstance(entry, Card):
        return sentence(words.effect(entry.effect)) or None
    if isinstance(entry, Term):
        return sentence(entry.definition)
    if isinstance(entry, Rule):
        return sentence(entry.text)
    if isinstance(entry, Ruling):
        return f"{sentence(entry.question)} {sentence(entry.answer_text)}"
    if isinstance(entry, Example):
        return sentence(entry.summary)
    if isinstance(entry, Discrepancy):
        return sentence(entry.decision)
    return None


def summary(module: GameModule, entry: Entry, words: Words, kind_label: str) -> str:
    """The entry's sentence: the game's own, else the shared kinds', else its name and kind."""
    own = module.summary(entry, words) if module.summary else None
    text = own or shared_summary(entry, words)
    for field in ("summary", "description", "definition", "text"):  # a kind of the game's own with prose
        value = getattr(entry, field, None)
        if not text and isinstance(value, str):
            text = value
    if text:
        return sentence(readable(text, words.catalog))
    name = entry.names.en or kind_label
    return sentence(f"{name[:1].upper() + name[1:]}: one of the game's {kind_label}")
