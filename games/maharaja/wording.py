"""How Maharaja's character abilities and disc actions read in English: short phrases for tables,
the database's readable columns and the search index."""

from __future__ import annotations

from catalog import Words
from games.maharaja.kinds import (
    ActionChitPerTurn,
    Build,
    Cost,
    FreeHousePerTurn,
    FreeTravel,
    GainGold,
    GoldAtTurnStart,
    GovernorTrack,
    MoveGovernorDown,
    MoveHouse,
    OuterPalacePoints,
    PalaceCost,
    StartsRound,
    SwapCharacter,
    TakeHousesFromBank,
)


def count(n: int, one: str, many: str | None = None) -> str:
    """``1 house``, ``2 houses``."""
    return f"{n} {one if n == 1 else (many or one + 's')}"


def usual_palace_cost(words: Words) -> int | None:
    """The gold a palace costs everyone else, from the costs catalog (None when it has no such entry)."""
    ids = {c.id: c.gold for c in words.catalog.typed("costs", Cost, words.game)}
    return ids.get(f"{words.game}.cost.palace")


def built(effect: Build) -> str:
    parts = [count(n, what) for n, what in ((effect.palaces, "palace"), (effect.houses, "house")) if n]
    text = "build " + (" and ".join(parts) or "nothing")
    if effect.houses_in_city_min:
        text += f", at least {effect.houses_in_city_min} in a city" if effect.houses_in_city_min < effect.houses \
            else (", in a city" if effect.houses == 1 else ", all in cities")
    return text


def describe(words: Words, effect: object) -> str:
    # abilities of the character cards
    if isinstance(effect, StartsRound):
        return "begins every round and wins every tie (what number 1 gets anyway)"
    if isinstance(effect, GoldAtTurnStart):
        return f"+{effect.gold} gold at the start of the holder's turn"
    if isinstance(effect, OuterPalacePoints):
        return f"each outer palace of the holder counts {count(effect.points, 'point')} in the scored city"
    if isinstance(effect, FreeTravel):
        return f"travels without paying passage fees; the {effect.owners_paid_by} still pays the house owners"
    if isinstance(effect, FreeHousePerTurn):
        how = " or ".join(w for w, on in (("build", effect.build), ("move", effect.move)) if on)
        return f"once per turn, {how} {count(effect.count, 'house')} from the reserve for free, without an action"
    if isinstance(effect, PalaceCost):
        usual = usual_palace_cost(words)
        return f"a palace costs {effect.gold} gold" + (f" instead of {usual}" if usual is not None else "")
    if isinstance(effect, ActionChitPerTurn):
        return f"+{count(effect.count, 'action chit')} at the start of the holder's turn, to use now or later"
    # actions of the disc
    if isinstance(effect, GainGold):
        return f"take {effect.gold} gold from the bank"
    if isinstance(effect, Build):
        return built(effect)
    if isinstance(effect, MoveHouse):
        return f"move {count(effect.count, 'own house', 'own houses')} to another village or city, free"
    if isinstance(effect, TakeHousesFromBank):
        return f"take {count(effect.count, 'house')} of your colour from the bank into your reserve, free"
    if isinstance(effect, MoveGovernorDown):
        tracks = words.catalog.typed("governor_tracks", GovernorTrack, words.game)
        passed = f"; each marker passed moves {tracks[0].passed_markers_move_up} up" if tracks else ""
        return f"move one governor marker {count(effect.spaces, 'space')} down{passed}"
    if isinstance(effect, SwapCharacter):
        return "swap your character card for one in the bank or another player's"
    raise TypeError(f"no description for effect {effect!r}")
