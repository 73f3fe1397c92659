"""The Builders Duel's entries in one sentence each, for search results: what finishing a section
gives, what building costs, how a year runs, what a seal shows (a card says its effect through the
shared wording). Built from the data and the game's wording, so a changed value changes the sentence."""

from __future__ import annotations

from catalog import Entry, Words
from games.duel.kinds import BuildingSection, ConstructionRule, Deck, RoundStructure, Seal
from games.grammar import listing, lower_first
from games.summaries import plural

TIES = {"power_holder": "the power holder"}


def section(s: BuildingSection, words: Words) -> str:
    materials = f"it takes {listing(s.materials)}" if s.materials else "its three materials are only pictured"
    return f"{s.names.en}: whoever finishes it first may {lower_first(words.effect(s.reward))}; {materials}"


def construction(c: ConstructionRule) -> str:
    counts = listing([str(i) for i in range(1, len(c.cost_by_materials) + 1)], "or")
    return (f"A section takes {plural(c.materials_per_section, 'material')}; a player builds on at most "
            f"{plural(c.sections_per_round, 'section')} a round, paying {listing([str(g) for g in c.cost_by_materials], 'or')} "
            f"gold for {counts} materials placed")


def rounds(r: RoundStructure) -> str:
    return (f"The game lasts {r.years} years of {r.rounds_per_year} rounds; each round {r.grid_rows * r.grid_columns} cards "
            f"form the offer ({r.grid_rows} rows of {r.grid_columns}), each player places {plural(r.markers_per_player, 'marker')}, "
            f"and a tied conflict goes to {TIES[r.conflict_tie_goes_to]}")


def seal(s: Seal) -> str:
    start = f"; each player starts with {s.per_player_at_start}" if s.per_player_at_start else ""
    whose = "personal seals (one per player)" if s.personal else "seals"
    return f"{s.count} {whose} show {s.faces[0]} on one face and {s.faces[1]} on the other{start}"


def summary(entry: Entry, words: Words) -> str | None:
    if isinstance(entry, BuildingSection):
        return section(entry, words)
    if isinstance(entry, ConstructionRule):
        return construction(entry)
    if isinstance(entry, RoundStructure):
        return rounds(entry)
    if isinstance(entry, Seal):
        return seal(entry)
    if isinstance(entry, Deck):
        return f"Deck {entry.letter} holds {entry.size} cards and is played in years {listing([str(y) for y in entry.years])}"
    return None
