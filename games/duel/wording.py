"""How the Builders Duel's card effects read in English; "printed" marks a value only the card's
picture shows."""

from __future__ import annotations

from catalog import Words
from games.grammar import count
from games.duel.kinds import (
    ActivateCardEffect,
    BuildCostEffect,
    BuySealsEffect,
    ConvertRawsEffect,
    GoldPerSectionEffect,
    IncomeEffect,
    MarketEffect,
    MatchGoldEffect,
    ReturnMaterialEffect,
    SellWoolEffect,
    TakePowerEffect,
    TakeRawsEffect,
    TakeSealsEffect,
    WithdrawMarkerEffect,
)


def n(value: int | None, unit: str = "", units: str | None = None) -> str:
    """A number the card prints, with its unit (``units`` the plural when it differs)."""
    if value is None:
        return "the printed number of" + (f" {units or unit}" if unit else "")
    return count(value, unit, units or unit) if unit else str(value)


def raws(names: list[str] | None) -> str:
    return "the raw material printed on the card" if names is None else "/".join(names)


def describe(words: Words, effect: object) -> str:
    if isinstance(effect, TakePowerEffect):
        return "Take the power marker (or keep it)"
    if isinstance(effect, IncomeEffect):
        return f"Take {n(effect.gold, 'gold')} from the bank"
    if isinstance(effect, BuySealsEffect):
        return f"Buy any number of neutral seals from the top of the stack, {effect.gold_each} gold each"
    if isinstance(effect, TakeSealsEffect):
        return f"Take the top {count(effect.count, 'seal')} of the stack"
    if isinstance(effect, TakeRawsEffect):
        how_many = "any number" if effect.count is None else str(effect.count)
        extra = "".join(f" ({k}: {v})" for k, v in effect.count_by_raw.items())
        price = f" for {effect.gold_each} gold each" if effect.gold_each else " free"
        form = ", already turned to building material" if effect.converted else ""
        return f"Move {how_many}{extra} of {raws(effect.raws)} from your reserve to your camp{price}{form}"
    if isinstance(effect, ConvertRawsEffect):
        how_many = "any number" if effect.count is None else f"up to {effect.count}"
        costs = [c for c in (None if effect.gold_each == 0 else f"{n(effect.gold_each, 'gold')}",
                             count(effect.seals_each, "neutral seal") if effect.seals_each else None) if c]
        price = f", paying {' and '.join(costs)} for each" if costs else ", free"
        then = " and place it on one of your building cards at once" if effect.then_build else ""
        return f"Turn {how_many} {raws(effect.raws)} in your camp into building material{price}{then}"
    if isinstance(effect, MarketEffect):
        return (f"Buy {n(effect.quantity, 'raw material', 'raw materials')} for {n(effect.gold, 'gold')}, as often as you can pay; "
                f"sell any wool for {n(effect.wool_price, 'gold')} each")
    if isinstance(effect, SellWoolEffect):
        return f"Sell up to {effect.max} wool for {effect.gold_each} gold each"
    if isinstance(effect, ActivateCardEffect):
        where = {"same_line": "in the same row or column", "unmarked": "with no marker on it",
                 "own_marker": "that carries one of your markers"}[effect.select]
        limits = [x for x in ("/".join(effect.colours) + " cards only" if len(effect.colours) < 3 else None,
                              "not a 1x card" if effect.exclude_one_use else None,
                              "not a personal card" if effect.exclude_personal else None) if x]
        return f"Use another card of the offer {where}" + (f" ({'; '.join(limits)})" if limits else "")
    if isinstance(effect, WithdrawMarkerEffect):
        return "After your opponent places, they take one of their markers back (their choice)"
    if isinstance(effect, BuildCostEffect):
        return f"This round, building costs {effect.gold_each} gold per material placed"
    if isinstance(effect, ReturnMaterialEffect):
        return f"The {effect.victim} player takes one material off an unfinished section back to the camp, raw side up"
    if isinstance(effect, GoldPerSectionEffect):
        return f"Take {effect.gold_each} gold for each section you have finished"
    if isinstance(effect, MatchGoldEffect):
        return "Take gold from the bank until you have as much as your opponent"
    raise TypeError(f"no description for effect {effect!r}")
