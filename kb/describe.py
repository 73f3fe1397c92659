"""English renderings of catalog data (costs, effects, rewards) for the site and the database.

These are generated from the structured data, so a changed cost changes every page and row.
"""

from __future__ import annotations

from kb.catalog import Catalog
from kb.schema import (
    BuildEffect,
    ClaimTurnOrderEffect,
    ConvertEffect,
    ExchangeEffect,
    GainEffect,
    InnEffect,
    MoveProvostEffect,
    NoEffect,
    ProduceEffect,
    RelocateWorkerEffect,
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
