"""English renderings of catalog data (costs, effects, rewards) for the site and the database.

These are generated from the structured data, so a changed cost changes every page and row.
"""

from __future__ import annotations

from kb.catalog import Catalog
from kb.schema import (
    ActivateCardEffect,
    BuildCostEffect,
    BuildEffect,
    BuySealsEffect,
    ClaimTurnOrderEffect,
    ConvertEffect,
    ConvertRawsEffect,
    ExchangeEffect,
    GainEffect,
    GoldPerSectionEffect,
    IncomeEffect,
    InnEffect,
    MarketEffect,
    MatchGoldEffect,
    MoveProvostEffect,
    NoEffect,
    ProduceEffect,
    RelocateWorkerEffect,
    ReturnMaterialEffect,
    SellWoolEffect,
    TakePowerEffect,
    TakeRawsEffect,
    TakeSealsEffect,
    WithdrawMarkerEffect,
)


class Describer:
    def __init__(self, catalog: Catalog, game: str):
        self.catalog = catalog
        self.game = game

    def resource_name(self, slug: str, amount: int) -> str:
        """The English name, plural when the catalog lists a plural as the first English form."""
        names = self.catalog.get(f"{self.game}.resource.{slug}").names
        if abs(amount) != 1 and names.forms.en:
            return names.forms.en[0]
        return names.en

    def bundle(self, bundle: dict[str, int] | None, joiner: str = " + ") -> str:
        if not bundle:
            return "nothing"
        return joiner.join(f"{n} {self.resource_name(slug, n)}" for slug, n in bundle.items())

    def choices(self, bundles: list[dict[str, int]]) -> str:
        return " or ".join(self.bundle(b) for b in bundles)

    def effect(self, effect: object | None) -> str:
        if effect is None:
            return ""
        if isinstance(effect, ProduceEffect):
            text = f"Produce {self.choices(effect.choices)} (compulsory)"
            if effect.owner_bonus:
                text += f"; when another player's worker produces here, the owner takes {self.choices(effect.owner_bonus)}"
            return text
        if isinstance(effect, GainEffect):
            return f"Take {self.choices(effect.choices)}"
        if isinstance(effect, ExchangeEffect):
            options = " or ".join(f"{self.bundle(o.give)} for {self.bundle(o.get)}" for o in effect.options)
            return f"Pay {options}" + ("" if effect.uses == 1 else f", up to {effect.uses} times")
        if isinstance(effect, BuildEffect):
            where = "on the first free road space" if effect.site == "first_free_space" else "on one of your own residences"
            discount = f", paying {self.bundle(effect.discount)} less" if effect.discount else ", paying its full cost"
            return f"Build one {effect.category} building {where}{discount}"
        if isinstance(effect, ConvertEffect):
            targets = {"neutral": "a neutral building", "own_wood": "one of your wood buildings", "own_stone": "one of your stone buildings"}
            into = self.catalog.get(effect.into).names.en.lower()
            what = " or ".join(targets[t] for t in effect.targets)
            price = self.catalog.get(effect.into).cost or {}  # type: ignore[attr-defined]
            pay = {k: v - effect.discount.get(k, 0) for k, v in price.items() if v - effect.discount.get(k, 0) > 0}
            return f"Convert {what} into a {into}, paying {self.bundle(pay)}"
        if isinstance(effect, MoveProvostEffect):
            cost = f" for {self.bundle(effect.cost_per_space)} a space" if effect.cost_per_space else ", free"
            return f"Move the provost up to {effect.max_spaces} spaces forward or back{cost}"
        if isinstance(effect, RelocateWorkerEffect):
            return "Move this worker, free, to any empty placement, or take it back"
        if isinstance(effect, ClaimTurnOrderEffect):
            return f"Occupants take the first {effect.places} places of the turn order, in circle order"
        if isinstance(effect, InnEffect):
            return f"The right-hand occupant pays {self.bundle(effect.placement_cost)} per placement anywhere"
        if isinstance(effect, NoEffect):
            return "Nothing"
        return self.duel_effect(effect)

    def duel_effect(self, effect: object) -> str:
        """Card effects of the Builders Duel; "printed" marks a value only the card's picture shows."""
        def n(value: int | None, unit: str = "") -> str:
            return "the printed number of" + (f" {unit}" if unit else "") if value is None else f"{value}{' ' + unit if unit else ''}"

        def raws(names: list[str] | None) -> str:
            return "the raw material printed on the card" if names is None else "/".join(names)

        if isinstance(effect, TakePowerEffect):
            return "Take the power marker (or keep it)"
        if isinstance(effect, IncomeEffect):
            return f"Take {n(effect.gold, 'gold')} from the bank"
        if isinstance(effect, BuySealsEffect):
            return f"Buy any number of neutral seals from the top of the stack, {effect.gold_each} gold each"
        if isinstance(effect, TakeSealsEffect):
            return f"Take the top {effect.count} seals of the stack"
        if isinstance(effect, TakeRawsEffect):
            count = "any number" if effect.count is None else str(effect.count)
            extra = "".join(f" ({k}: {v})" for k, v in effect.count_by_raw.items())
            price = f" for {effect.gold_each} gold each" if effect.gold_each else " free"
            form = ", already turned to building material" if effect.converted else ""
            return f"Move {count}{extra} of {raws(effect.raws)} from your reserve to your camp{price}{form}"
        if isinstance(effect, ConvertRawsEffect):
            count = "any number" if effect.count is None else f"up to {effect.count}"
            costs = [c for c in (None if effect.gold_each == 0 else f"{n(effect.gold_each, 'gold')}",
                                 f"{effect.seals_each} neutral seal" if effect.seals_each else None) if c]
            price = f", paying {' and '.join(costs)} for each" if costs else ", free"
            then = " and place it on one of your building cards at once" if effect.then_build else ""
            return f"Turn {count} {raws(effect.raws)} in your camp into building material{price}{then}"
        if isinstance(effect, MarketEffect):
            return (f"Buy {n(effect.quantity, 'raw materials')} for {n(effect.gold, 'gold')}, as often as you can pay; "
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

    def produces(self, effect: object | None) -> list[str]:
        """Resource slugs a production or gain effect can give (wildcards expanded by the catalog)."""
        out: list[str] = []
        bundles: list[dict[str, int]] = []
        if isinstance(effect, (ProduceEffect, GainEffect)):
            bundles = list(effect.choices)
        elif isinstance(effect, ExchangeEffect):
            bundles = [o.get for o in effect.options]
        for bundle in bundles:
            for slug in bundle:
                resource = self.catalog.get(f"{self.game}.resource.{slug}")
                for one in resource.matches or [slug]:  # type: ignore[attr-defined]
                    if one not in out:
                        out.append(one)
        return out
