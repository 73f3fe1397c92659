"""Caylus rules as read from the catalogs: the engine keeps no numbers of its own.

Everything a rule needs (costs, prestige, effects, road layout, castle, favours, setup, variants,
end scoring) is looked up here, from ``data/``. A changed value in the YAML changes the engine.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from itertools import combinations
from typing import TypeVar, cast

from engine.catalog import default_catalog, slug
from catalog import Catalog
from catalog.kinds import Resource, ScoringRule, Setup, Variant
from games.caylus.kinds import (
    Building,
    Castle,
    CastleSection,
    Favour,
    FavourColumn,
    FavourRow,
    FavourTable,
    ClaimTurnOrderEffect,
    InnEffect,
    MoveProvostEffect,
    Phase,
    RelocateWorkerEffect,
    Road,
)

T = TypeVar("T")
GAME = "caylus"
# The catalog kinds this engine reads (of its own game only): the simulation key hashes exactly these
# entries (outputs/simulations/store.py), and tests/test_simulation_key.py fails if a playout reads
# another kind. A kind read here but left out would let a changed value keep stale results.
READS = frozenset({"buildings", "castle_sections", "castles", "favour_columns", "favour_rows", "favour_tables",
                    "favours", "games", "phases", "resources", "roads", "scoring_rules", "setups", "variants"})


@dataclass(frozen=True)
class Options:
    """Which variants are on. The 2-player rules switch on by themselves at 2 players."""

    players: tuple[str, ...]
    variants: frozenset[str] = frozenset()

    def has(self, variant_slug: str) -> bool:
        return variant_slug in self.variants


@dataclass
class Rules:
    """Static facts of one game set-up (catalog + player count + options)."""

    catalog: Catalog
    options: Options
    buildings: dict[str, Building] = field(default_factory=dict)
    resources: dict[str, Resource] = field(default_factory=dict)
    road: Road = None  # type: ignore[assignment]
    castle: Castle = None  # type: ignore[assignment]
    sections: list[CastleSection] = field(default_factory=list)
    favour_rows: list[FavourRow] = field(default_factory=list)
    favour_columns: dict[int, FavourColumn] = field(default_factory=dict)
    favour_cells: dict[tuple[str, int], Favour] = field(default_factory=dict)
    favour_table: FavourTable = None  # type: ignore[assignment]
    phases: list[Phase] = field(default_factory=list)
    setup: Setup = None  # type: ignore[assignment]
    variants: list[Variant] = field(default_factory=list)
    scoring: list[ScoringRule] = field(default_factory=list)

    @classmethod
    def load(cls, options: Options, catalog: Catalog | None = None) -> Rules:
        catalog = catalog or default_catalog()
        rules = cls(catalog, options)

        def of(key: str, model: type[T]) -> list[T]:
            return [cast(T, e) for e in catalog.of_kind(key, GAME)]

        rules.buildings = {slug(b.id): b for b in of("buildings", Building)}
        rules.resources = {slug(r.id): r for r in of("resources", Resource)}
        rules.road = of("roads", Road)[0]
        rules.castle = of("castles", Castle)[0]
        rules.sections = sorted(of("castle_sections", CastleSection), key=lambda s: s.order)
        rules.favour_rows = sorted(of("favour_rows", FavourRow), key=lambda r: r.row)
        rules.favour_columns = {c.column: c for c in of("favour_columns", FavourColumn)}
        rules.favour_cells = {(slug(f.row), f.column): f for f in of("favours", Favour)}
        rules.favour_table = of("favour_tables", FavourTable)[0]
        rules.phases = sorted(of("phases", Phase), key=lambda p: p.order)
        rules.setup = of("setups", Setup)[0]
        rules.variants = of("variants", Variant)
        rules.scoring = of("scoring_rules", ScoringRule)
        return rules

    # --- variants -----------------------------------------------------------------------------

    # Options never change for a Rules object, so what follows from them is computed once.

    @cached_property
    def _active_variants(self) -> list[Variant]:
        n = len(self.options.players)
        return [v for v in self.variants
                if (v.automatic and n in v.player_counts) or self.options.has(slug(v.id)) or v.default_enabled]

    def active_variants(self) -> list[Variant]:
        return self._active_variants

    @cached_property
    def _disabled(self) -> frozenset[str]:
        return frozenset(d for v in self._active_variants for d in v.disables)

    @cached_property
    def _enabled(self) -> frozenset[str]:
        return frozenset(e for v in self._active_variants for e in v.enables)

    def disabled(self) -> frozenset[str]:
        return self._disabled

    def enabled(self) -> frozenset[str]:
        return self._enabled

    def building_in_play(self, building: Building) -> bool:
        if building.id in self._disabled:
            return False
        return not building.optional or building.id in self._enabled

    def favour_replacement(self) -> dict[str, int] | None:
        for v in self.active_variants():
            if v.favour_replacement:
                return dict(v.favour_replacement)
        return None

    def starting_deniers(self) -> list[int]:
        for v in self.active_variants():
            if v.starting_deniers_by_turn_order:
                return list(v.starting_deniers_by_turn_order)
        return list(self.setup.starting_deniers_by_turn_order)

    def alternating_turn_order(self) -> bool:
        return any(v.turn_order_rule == "alternate_each_turn" for v in self.active_variants())

    def placement_cost_after_opponent_passed(self) -> int | None:
        return self._after_opponent_passed

    # --- lookups ------------------------------------------------------------------------------

    @property
    def cube_kinds(self) -> list[str]:
        return [s for s, r in self.resources.items() if r.resource_class == "cube"]

    def wildcard(self, resource_slug: str) -> list[str] | None:
        resource = self.resources[resource_slug]
        return list(resource.matches) if resource.resource_class == "wildcard" else None

    def specials(self) -> list[Building]:
        return self._specials

    @cached_property
    def _specials(self) -> list[Building]:
        found = [b for b in self.buildings.values() if b.category == "special" and self.building_in_play(b)]
        return sorted(found, key=lambda b: b.activation_order or 0)

    @cached_property
    def special_places(self) -> list[tuple[str, str]]:
        """The special buildings in play as (slug, how a worker gets there): ``gate`` (not by the
        gate itself), ``claim`` (one worker of each player, a free circle), ``inn`` or ``plain``
        (the first circle free): read once a game, not at every placement."""
        def role(building: Building) -> str:
            effect = building.effect
            if isinstance(effect, RelocateWorkerEffect):
                return "gate"
            if isinstance(effect, ClaimTurnOrderEffect):
                return "claim"
            return "inn" if isinstance(effect, InnEffect) else "plain"

        return [(slug(b.id), role(b)) for b in self._specials]

    @cached_property
    def concrete_bundles(self) -> dict[tuple[tuple[str, int], ...], list[dict[str, int]]]:
        """Bundles with wildcards already expanded (by effects.concrete), by their items."""
        return {}

    @cached_property
    def takes_workers(self) -> frozenset[str]:
        """The buildings a worker may be placed on (slugs)."""
        return frozenset(name for name, b in self.buildings.items() if b.accepts_workers)

    @cached_property
    def bundle_texts(self) -> dict[tuple[tuple[str, int], ...], str]:
        """Bundles already written out (by effects.text), by their items."""
        return {}

    @cached_property
    def batch_kinds(self) -> list[tuple[str, ...]]:
        """The cube kinds of every batch the castle accepts (one of each kind), in a stable order."""
        batch = self.castle.batch
        if not batch.distinct:
            return []
        return [combo for combo in combinations(self.cube_kinds, batch.cubes) if all(r in combo for r in batch.required)]

    @cached_property
    def buildable(self) -> dict[tuple[str, tuple[tuple[str, int], ...]], list[tuple[str, list[dict[str, int]]]]]:
        """What a build effect may build and pay (by effects.build_options), by category and discount."""
        return {}

    @cached_property
    def provost_move(self) -> MoveProvostEffect:
        """How far a player may move the provost in phase 4, and at what cost per space."""
        move = self.phase("provost").provost_move
        assert move is not None, "the catalog's provost phase says how the provost moves"
        return move

    @cached_property
    def income(self) -> dict[str, int]:
        """What every player receives in phase 1 before the buildings' income."""
        return dict(self.phase("income").income)

    @cached_property
    def wildcard_costs(self) -> frozenset[str]:
        """The buildings whose cost names a wildcard (a build says what is paid for it)."""
        return frozenset(name for name, b in self.buildings.items() if any(self.wildcard(k) for k in b.cost or {}))

    @cached_property
    def section_spaces(self) -> list[tuple[str, int]]:
        """The castle's sections as (slug, spaces), in order."""
        return [(slug(section.id), section.spaces) for section in self.sections]

    @cached_property
    def inn(self) -> tuple[str, int] | None:
        """The inn's slug and what a worker costs its guest, if the inn is in play."""
        for building in self._specials:
            if isinstance(building.effect, InnEffect):
                return slug(building.id), building.effect.placement_cost["deniers"]
        return None

    @cached_property
    def _after_opponent_passed(self) -> int | None:
        for v in self.active_variants():
            if v.placement_cost_after_opponent_passed:
                return v.placement_cost_after_opponent_passed["deniers"]
        return None

    def phase(self, name: str) -> Phase:
        return next(p for p in self.phases if slug(p.id) == name)

    def section_index(self, section_slug: str) -> int:
        return next(i for i, s in enumerate(self.sections) if slug(s.id) == section_slug)

    def workers_per_player(self) -> int:
        return self.setup.per_player["worker"]
