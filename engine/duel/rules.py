"""Builders Duel rules as read from the catalogs: the engine keeps no numbers of its own.

Card effects, seals, the construction costs, the section rewards, the round structure, the bank,
the ranking and the no-flicking variant all come from ``data/duel-*.yaml``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Any, TypeVar, cast

from engine.catalog import default_catalog, slug
from catalog import Catalog
from catalog.kinds import Resource, ScoringRule, Setup, Variant
from games.duel.kinds import BuildingSection, DuelCard, ConstructionRule, Deck, RoundStructure, Seal

if TYPE_CHECKING:  # engine.duel.cards imports this module
    from engine.duel.cards import CardInPlay

GAME = "duel"
# The catalog kinds this engine reads (of its own game only): the simulation key hashes exactly these
# entries (outputs/simulations/store.py), and tests/test_simulation_key.py fails if a playout reads
# another kind. A kind read here but left out would let a changed value keep stale results.
READS = frozenset({"building_sections", "cards", "construction_rules", "decks", "resources", "round_structures",
                    "scoring_rules", "seals", "setups", "variants"})
T = TypeVar("T")


@dataclass(frozen=True)
class Rules:
    """Static facts of the Duel (catalog + chosen variants)."""

    catalog: Catalog
    variants: frozenset[str]

    @classmethod
    def load(cls, variants: frozenset[str] = frozenset(), catalog: Catalog | None = None) -> Rules:
        return cls(catalog or default_catalog(), variants)

    def _all(self, kind: str, model: type[T]) -> list[T]:
        return cast(list[T], self.catalog.of_kind(kind, GAME))

    def _one(self, kind: str, model: type[T]) -> T:
        found = self._all(kind, model)
        if len(found) != 1:
            raise ValueError(f"the Duel needs exactly one {kind} entry, the catalog has {len(found)}")
        return found[0]

    # --- pieces ---------------------------------------------------------------------------------

    @cached_property
    def cards(self) -> dict[str, DuelCard]:
        return {slug(c.id): c for c in self._all("cards", DuelCard)}

    @cached_property
    def decks(self) -> dict[str, Deck]:
        return {d.letter: d for d in self._all("decks", Deck)}

    @cached_property
    def structure(self) -> RoundStructure:
        return self._one("round_structures", RoundStructure)

    @cached_property
    def lines(self) -> dict[str, tuple[int, ...]]:
        """Lines of the offer by name (``row1``, ``col2``, ``diag1``), cells numbered row by row from 1."""
        rows, cols = self.structure.grid_rows, self.structure.grid_columns
        out = {f"row{r + 1}": tuple(r * cols + c + 1 for c in range(cols)) for r in range(rows)}
        out |= {f"col{c + 1}": tuple(r * cols + c + 1 for r in range(rows)) for c in range(cols)}
        if rows == cols:
            out["diag1"] = tuple(i * cols + i + 1 for i in range(rows))
            out["diag2"] = tuple(i * cols + (cols - 1 - i) + 1 for i in range(rows))
        return out

    @cached_property
    def cells(self) -> int:
        return self.structure.grid_rows * self.structure.grid_columns

    @cached_property
    def construction(self) -> ConstructionRule:
        return self._one("construction_rules", ConstructionRule)

    @cached_property
    def setup(self) -> Setup:
        return self._one("setups", Setup)

    @cached_property
    def sections(self) -> dict[tuple[str, str], BuildingSection]:
        """(player, numeral) -> building card."""
        return {(s.player, s.numeral): s for s in self._all("building_sections", BuildingSection)}

    @cached_property
    def numerals(self) -> list[str]:
        return sorted({n for _, n in self.sections}, key=["I", "II", "III"].index)

    @cached_property
    def players(self) -> tuple[str, ...]:
        """The first player (power holder) first."""
        owners = sorted({p for p, _ in self.sections})
        first = self.setup.first_player or owners[0]
        return (first, *[p for p in owners if p != first])

    @cached_property
    def raws(self) -> dict[str, Resource]:
        return {slug(r.id): r for r in self._all("resources", Resource) if r.resource_class == "raw"}

    @cached_property
    def material_of(self) -> dict[str, str]:
        """Raw slug -> the building material on the marker's other side."""
        return {raw: str(r.other_side) for raw, r in self.raws.items()}

    @cached_property
    def marker_kinds(self) -> list[tuple[str, str, int | None]]:
        """(raw slug, building material, markers per player): what the invariants count at every step."""
        return [(raw, self.material_of[raw], r.per_player) for raw, r in self.raws.items()]

    @cached_property
    def raw_of(self) -> dict[str, str]:
        return {material: raw for raw, material in self.material_of.items()}

    @cached_property
    def neutral_seals(self) -> dict[str, Seal]:
        """Seal name ``"0/5"`` -> seal kind."""
        return {seal_name(s): s for s in self._all("seals", Seal) if not s.personal}

    @cached_property
    def personal_seal(self) -> Seal:
        return next(s for s in self._all("seals", Seal) if s.personal)

    @cached_property
    def ranking(self) -> list[str]:
        for rule in self._all("scoring_rules", ScoringRule):
            if rule.ranking:
                return list(rule.ranking)
        raise ValueError("the Duel needs a scoring rule with a ranking")

    @cached_property
    def high_face_cost(self) -> int | None:
        """With the no-flicking variant on: gold paid to count a seal's higher face."""
        for variant in self._all("variants", Variant):
            if slug(variant.id) in self.variants and variant.seal_high_face_cost is not None:
                return variant.seal_high_face_cost.get("gold", 0)
        return None

    @cached_property
    def known_variants(self) -> set[str]:
        return {slug(v.id) for v in self._all("variants", Variant)}

    @cached_property
    def cards_in_play(self) -> dict[str, CardInPlay]:
        """Card token -> its ``CardInPlay``, filled by ``engine.duel.cards.card_in_play``."""
        return {}

    # --- numbers ---------------------------------------------------------------------------------

    @cached_property
    def bank_total(self) -> int:
        return self.setup.bank.get("gold", 0)

    @property
    def starting_gold(self) -> int:
        return self.setup.starting_resources.get("gold", 0)

    def build_cost(self, materials: int) -> int:
        return self.construction.cost_by_materials[materials - 1]

    def deck_for_year(self, year: int) -> Deck:
        for deck in self.decks.values():
            if year in deck.years:
                return deck
        raise ValueError(f"no deck is used in year {year}")

    def assumed_deck(self, year: int) -> list[str]:
        """The deck of a year as card tokens, from the composition the catalog declares for random games
        (a fresh list: the game deals from it)."""
        known = self._assumed_decks.get(year)
        if known is None:
            known = self._assumed_decks[year] = self._read_assumed_deck(year)
        return list(known)

    @cached_property
    def _assumed_decks(self) -> dict[int, list[str]]:
        return {}

    def _read_assumed_deck(self, year: int) -> list[str]:
        from engine.duel.cards import token  # here, not at the top: engine.duel.cards imports this module

        out: list[str] = []
        for row in self.deck_for_year(year).assumed:
            card = self.cards[slug(row.card)]
            extra: dict[str, Any] = dict(row.printed)
            if row.colour is not None and row.colour != (card.colour or "neutral"):
                extra["colour"] = row.colour
            if row.one_use is not None and row.one_use != bool(card.one_use):
                extra["one_use"] = row.one_use
            out.extend([token(slug(row.card), extra)] * row.count)
        return out


def seal_name(seal: Seal) -> str:
    return "/".join(map(str, seal.faces))
