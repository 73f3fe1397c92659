"""How Caylus's effects read in English, and which resources an effect can give."""

from __future__ import annotations

from catalog import Catalog, Words
from catalog.kinds import Resource
from games.grammar import count
from games.caylus.kinds import (
    BuildEffect,
    Building,
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


def describe(words: Words, effect: object) -> str:
    if isinstance(effect, ProduceEffect):
        text = f"Produce {words.choices(effect.choices)} (compulsory)"
        if effect.owner_bonus:
            text += f"; when another player's worker produces here, the owner takes {words.choices(effect.owner_bonus)}"
        return text
    if isinstance(effect, GainEffect):
        return f"Take {words.choices(effect.choices)}"
    if isinstance(effect, ExchangeEffect):
        options = " or ".join(f"{words.bundle(o.give)} for {words.bundle(o.get)}" for o in effect.options)
        return f"Pay {options}" + ("" if effect.uses == 1 else f", up to {effect.uses} times")
    if isinstance(effect, BuildEffect):
        where = "on the first free road space" if effect.site == "first_free_space" else "on one of your own residences"
        discount = f", paying {words.bundle(effect.discount)} less" if effect.discount else ", paying its full cost"
        return f"Build one {effect.category} building {where}{discount}"
    if isinstance(effect, ConvertEffect):
        targets = {"neutral": "a neutral building", "own_wood": "one of your wood buildings", "own_stone": "one of your stone buildings"}
        into = words.catalog.get(effect.into)
        what = " or ".join(targets[t] for t in effect.targets)
        price = (into.cost if isinstance(into, Building) else None) or {}
        pay = {k: v - effect.discount.get(k, 0) for k, v in price.items() if v - effect.discount.get(k, 0) > 0}
        return f"Convert {what} into a {into.names.en.lower()}, paying {words.bundle(pay)}"
    if isinstance(effect, MoveProvostEffect):
        cost = f" for {words.bundle(effect.cost_per_space)} a space" if effect.cost_per_space else ", free"
        return f"Move the provost up to {count(effect.max_spaces, 'space')} forward or back{cost}"
    if isinstance(effect, RelocateWorkerEffect):
        return "Move this worker, free, to any empty placement, or take it back"
    if isinstance(effect, ClaimTurnOrderEffect):
        return f"Occupants take the first {count(effect.places, 'place')} of the turn order, in circle order"
    if isinstance(effect, InnEffect):
        return f"The right-hand occupant pays {words.bundle(effect.placement_cost)} per placement anywhere"
    if isinstance(effect, NoEffect):
        return "Nothing"
    raise TypeError(f"no description for effect {effect!r}")


def produces(catalog: Catalog, game: str, effect: object | None) -> list[str]:
    """Resource slugs a production, gain or trade can give (wildcards expanded by the catalog)."""
    out: list[str] = []
    bundles: list[dict[str, int]] = []
    if isinstance(effect, (ProduceEffect, GainEffect)):
        bundles = list(effect.choices)
    elif isinstance(effect, ExchangeEffect):
        bundles = [o.get for o in effect.options]
    for bundle in bundles:
        for slug in bundle:
            resource = catalog.get(f"{game}.resource.{slug}")
            matches = resource.matches if isinstance(resource, Resource) else []
            for one in matches or [slug]:
                if one not in out:
                    out.append(one)
    return out
