"""English renderings of catalog data (costs, rewards, effects) for the site and the database.

They are generated from the structured data, so a changed cost changes every page and row. How an
effect reads is the game's own business: each game registers its wording function.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from catalog.kinds import Resource
from catalog.load import Catalog

EffectWording = Callable[["Words", object], str]
"""A game's wording of one of its effects; raises TypeError for an effect it does not know."""

ResourceNoun = Callable[[Resource], tuple[str, str]]
"""How a resource is counted in English: its singular and plural (the grammar lives with the games)."""


def named_as_is(resource: Resource) -> tuple[str, str]:
    return resource.names.en, resource.names.en


def no_effects(words: Words, effect: object) -> str:
    raise TypeError(f"no description for effect {effect!r}: the game registers no effect wording")


class Words:
    def __init__(self, catalog: Catalog, game: str, wording: EffectWording = no_effects,
                 noun: ResourceNoun = named_as_is):
        self.catalog = catalog
        self.game = game
        self._wording = wording
        self._noun = noun

    def resource_noun(self, slug: str) -> tuple[str, str]:
        """The game's resource ``slug`` as counted: singular and plural (``wood cube``, ``wood cubes``)."""
        resource = self.catalog.get(f"{self.game}.resource.{slug}")
        if not isinstance(resource, Resource):
            raise KeyError(f"{self.game}.resource.{slug} is not a resource")
        return self._noun(resource)

    def resource_name(self, slug: str, amount: int) -> str:
        """The resource's English name for ``amount`` of it: ``1 wood cube``, ``2 wood cubes``."""
        one, many = self.resource_noun(slug)
        return one if abs(amount) == 1 else many

    def bundle(self, bundle: Mapping[str, int] | None, joiner: str = " + ") -> str:
        if not bundle:
            return "nothing"
        return joiner.join(f"{n} {self.resource_name(slug, n)}" for slug, n in bundle.items())

    def choices(self, bundles: list[dict[str, int]]) -> str:
        return " or ".join(self.bundle(b) for b in bundles)

    def effect(self, effect: object | None) -> str:
        return "" if effect is None else self._wording(self, effect)
