"""Caylus's entries in one sentence each, for search results: what a building does and costs, how a
castle section scores, what the road holds. Built from the data and the game's wording, so a changed
value changes the sentence."""

from __future__ import annotations

from catalog import Entry, Words
from games.caylus.kinds import (Building, Castle, CastleSection, Favour, FavourColumn, FavourRow, FavourTable, NoEffect,
                                Road)
from games.grammar import listing, lower_first
from games.summaries import plural


def goods(words: Words, bundle: dict[str, int] | None) -> str:
    return words.bundle(bundle, " and ")


def building(b: Building, words: Words) -> str:
    parts = []
    if b.effect is not None and not isinstance(b.effect, NoEffect):
        parts.append(words.effect(b.effect))
    if b.income:
        parts.append(f"it pays its owner {goods(words, b.income)} in every income phase")
    built = [f"costs {goods(words, b.cost)}"] if b.cost else []
    rewards = [x for x in (plural(b.prestige, "prestige point") if b.prestige else "",
                           plural(b.favours, "royal favour") if b.favours else "") if x]
    if rewards:
        built.append(f"scores {listing(rewards)}")
    if built:
        parts.append(f"building it {' and '.join(built)}")
    if b.road_space:
        parts.append(f"it is printed on road space {b.road_space}")
    if not parts:
        parts.append(f"a {b.category} building")
    text = "; ".join(parts)
    return text[:1].upper() + text[1:]


def castle_section(s: CastleSection, words: Words) -> str:
    return (f"The {lower_first(s.names.en)} has {s.spaces} places for houses; each batch built there scores "
            f"{plural(s.prestige_per_batch, 'prestige point')}, and it is scored when the bailiff reaches road space "
            f"{s.marker_space}")


def castle(c: Castle, words: Words) -> str:
    required = f", one of them {listing(c.batch.required)}" if c.batch.required else ""
    batch = f"{c.batch.cubes} {'different ' if c.batch.distinct else ''}cubes{required}"
    return (f"Up to {plural(c.worker_spaces, 'worker')} ({c.workers_per_player} per player) go to the castle to deliver "
            f"batches of {batch}")


def road(r: Road, words: Words) -> str:
    fixed = [words.catalog.get(f.building).names.en for f in sorted(r.fixed, key=lambda f: f.space)]
    return (f"The road has {r.spaces} spaces: spaces {r.neutral_spaces[0]} to {r.neutral_spaces[-1]} take the neutral "
            f"buildings, and {listing([lower_first(n) for n in fixed])} are printed on it; the bailiff starts on space "
            f"{r.bailiff_start} and the provost on space {r.provost_start}")


def favour_table(t: FavourTable) -> str:
    parts = ["Royal favours are taken on this table"]
    if t.one_row_per_favour_in_a_phase:
        parts.append("a player who gets several favours at once takes each in a different row")
    if t.columns_open_after_scoring_is_over:
        parts.append("the right-hand columns open once a castle section has been scored")
    return "; ".join(parts)


def favour_column(c: FavourColumn, words: Words) -> str:
    if c.opens_after is None:
        return f"Column {c.column} of the royal favour table is open from the start"
    section = words.catalog.get(c.opens_after).names.en
    return f"Column {c.column} of the royal favour table opens once the {lower_first(section)} has been scored"


def summary(entry: Entry, words: Words) -> str | None:
    if isinstance(entry, Building):
        return building(entry, words)
    if isinstance(entry, CastleSection):
        return castle_section(entry, words)
    if isinstance(entry, Castle):
        return castle(entry, words)
    if isinstance(entry, Road):
        return road(entry, words)
    if isinstance(entry, FavourTable):
        return favour_table(entry)
    if isinstance(entry, FavourColumn):
        return favour_column(entry, words)
    if isinstance(entry, FavourRow):
        return f"Row {entry.row} of the royal favour table holds the {lower_first(entry.names.en)} favours"
    if isinstance(entry, Favour):  # its row and column are its name and the favour table's (and search fields)
        return words.effect(entry.effect)
    return None
