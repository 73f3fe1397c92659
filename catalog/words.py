"""English renderings of catalog data (costs, rewards, effects) for the site and the database.

They are generated from the structured data, so a changed cost changes every page and row. How an
effect reads is the game's own business: each game registers its wording function.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from catalog.load import Catalog

EffectWording = Callable[["Words", object], str]
"""A game's wording of one of its effects; raises TypeError for an effect it does not know."""


def no_effects(words: Words, effect: object) -> str:
    raise TypeError(f"no description for effect {effect!r}: the game registers no effect wording")


class Words:
    def __init__(self, catalog: Catalog, game: str, wording: EffectWording = no_effects):
        self.catalog = catalog
        self.game = game
        self._wording = wording

    def resource_name(self, slug: str, amount: int) -> str:
        """The English name, plural when the catalog lists a plural as the first English form."""
        names = self.catalog.get(f"{self.game}.resource.{slug}").names
        if abs(amount) != 1 and names.forms.en:
            return names.forms.en[0]
        return names.en

    def bundle(self, bundle: Mapping[str, int] | None, joiner: str = " + ") -> str:
        if not bundle:
            return "nothing"
        return joiner.join(f"{n} {self.resource_name(slug, n)}" for slug, n in bundle.items())

    def choices(self, bundles: list[dict[str, int]]) -> str:
        return " or ".join(self.bundle(b) for b in bundles)

    def effect(self, effect: object | None) -> str:
        return "" if effect is None else self._wording(self, effect)
