"""Maharaja's entries in one sentence each, for search results: what a cost is for and who pays it,
what each player starts with, what a character or a disc action does, how a city is scored. Built
from the data and the game's wording, so a changed value changes the sentence."""

from __future__ import annotations

from catalog import Entry, Words
from games.grammar import listing
from games.maharaja.kinds import (Board, BoardFacts, Character, CityPoints, Cost, DiscAction, GovernorTrack, ScoringTable,
                                  Starting)
from games.maharaja.tables import PAYEES, PAYERS, ordinal
from games.maharaja.wording import count


def cost(c: Cost) -> str:
    return f"{c.names.en[:1].upper() + c.names.en[1:]} costs {c.gold} gold per {c.per}, paid by {PAYERS[c.payer]} to {PAYEES[c.payee]}"


def starting(s: Starting) -> str:
    return (f"Each player starts with {s.gold} gold, {count(s.palaces, 'palace')} ({s.palaces_short_game} in the shorter "
            f"game) and {s.houses_in_villages} of their {s.houses_per_colour} houses placed in villages; "
            f"{len(s.colours)} colours can be played ({listing(s.colours)})")


def board_facts(b: BoardFacts) -> str:
    return (f"The printed board has {count(b.cities, 'city', 'cities')}, each with {b.inner_sites_per_city} inner and "
            f"{b.outer_sites_per_city} outer palace sites, and {count(b.villages, 'village')} that hold "
            f"{count(b.village_capacity, 'house')} each ({b.village_capacity_two_players} with two players)")


def board(b: Board) -> str:
    what = "A board the rules engine plays on, not the printed one" if b.assumed else "The printed board"
    return (f"{what}: {count(len(b.cities), 'city', 'cities')}, {count(len(b.villages), 'village')} and "
            f"{count(len(b.roads), 'road')} from the start space")


def city_points(p: CityPoints) -> str:
    items = [f"an architect scores {count(p.architect, 'point')}", f"a house {count(p.house, 'point')}",
             f"an outer palace {count(p.outer_palace, 'point')}", f"an inner palace {count(p.inner_palace, 'point')}"]
    return (f"In the scored city {listing(items)}; the holder of the city's own character gets "
            f"{count(p.home_character, 'point')} more in the advanced game")


def scoring_table(t: ScoringTable) -> str:
    ranks = listing([f"the {ordinal(i)} {gold}" for i, gold in enumerate(t.gold_by_rank, start=1)])
    return (f"With {t.players} players, a scored city pays {ranks} gold, {t.monopoly_bonus} extra to a player alone "
            f"there and {t.zero_points_gold} to a player without points")


def governor_track(g: GovernorTrack) -> str:
    return (f"The governor track has {g.numbered_spaces} numbered spaces and {g.start_spaces} start spaces for its "
            f"{g.markers} markers; the governor action moves a marker {count(g.move_down_spaces, 'space')} down, and a "
            f"marker put on space {g.end_space} ends the game after that round")


def summary(entry: Entry, words: Words) -> str | None:
    if isinstance(entry, Cost):
        return cost(entry)
    if isinstance(entry, Starting):
        return starting(entry)
    if isinstance(entry, BoardFacts):
        return board_facts(entry)
    if isinstance(entry, Board):
        return board(entry)
    if isinstance(entry, CityPoints):
        return city_points(entry)
    if isinstance(entry, ScoringTable):
        return scoring_table(entry)
    if isinstance(entry, GovernorTrack):
        return governor_track(entry)
    if isinstance(entry, Character):
        return f"{entry.names.en} (character {entry.number}): {words.effect(entry.ability)}"
    if isinstance(entry, DiscAction):
        return words.effect(entry.effect)
    return None
