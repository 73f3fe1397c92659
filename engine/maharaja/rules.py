"""Maharaja's rules as read from the catalogs (data/maharaja-*.yaml): the engine keeps no numbers.

The characters and their abilities, the disc actions and their effects, the gold table, the points of
a city, the governor track, the costs, what each player starts with and the board (any ``boards``
entry: the assumed one by default, or a board a player entered as data) all come from the catalog.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import TypeVar

from catalog import Catalog, Entry
from catalog.kinds import Variant
from engine.catalog import default_catalog, slug
from games.maharaja.kinds import (
    ActionChitPerTurn,
    Board,
    BoardFacts,
    Character,
    CityPoints,
    Cost,
    DiscAction,
    FreeHousePerTurn,
    FreeTravel,
    GoldAtTurnStart,
    GovernorTrack,
    OuterPalacePoints,
    PalaceCost,
    ScoringTable,
    Starting,
)
from games.maharaja.lookups import ADVANCED_1, ADVANCED_2, DEFAULT_BOARD, FEWER_PLAYERS, SHORT_GAME

GAME = "maharaja"
# The catalog kinds this engine reads (of its own game only): the simulation key hashes exactly these
# entries (outputs/simulations/store.py), and tests/test_simulation_key.py fails if a playout reads
# another kind. A kind read here but left out would let a changed value keep stale results.
READS = frozenset({"board_facts", "boards", "characters", "city_points", "costs", "disc_actions", "games",
                    "governor_tracks", "scoring_tables", "startings", "variants"})
# Options that are variants of the catalog (games/maharaja/lookups.py); "fewer-players" is automatic
# with 2-4 players.
__all__ = ["ADVANCED_1", "ADVANCED_2", "DEFAULT_BOARD", "FEWER_PLAYERS", "SHORT_GAME", "GAME", "READS", "Rules"]
E = TypeVar("E", bound=Entry)
A = TypeVar("A")


@dataclass(frozen=True)
class Rules:
    catalog: Catalog
    variants: frozenset[str]
    board_id: str

    @classmethod
    def load(cls, variants: frozenset[str] = frozenset(), catalog: Catalog | None = None,
             board: str = DEFAULT_BOARD) -> Rules:
        rules = cls(catalog or default_catalog(), variants, board)
        unknown = set(variants) - rules.known_variants
        if unknown:
            raise ValueError(f"unknown variant(s) {', '.join(sorted(unknown))} (known: {', '.join(sorted(rules.known_variants))})")
        boards = {b.id: b for b in rules.catalog.typed("boards", Board, GAME)}
        if board not in boards:
            raise ValueError(f"no board {board!r} in the catalog (boards: {', '.join(sorted(boards))})")
        return rules

    def _one(self, key: str, model: type[E]) -> E:
        found = self.catalog.typed(key, model, GAME)
        if len(found) != 1:
            raise ValueError(f"Maharaja needs exactly one {key} entry, the catalog has {len(found)}")
        return found[0]

    @cached_property
    def known_variants(self) -> set[str]:
        return {slug(v.id) for v in self.catalog.typed("variants", Variant, GAME) if not v.automatic}

    def on(self, variant: str) -> bool:
        return variant in self.variants

    # --- pieces and numbers -----------------------------------------------------------------------

    @cached_property
    def board(self) -> Board:
        return next(b for b in self.catalog.typed("boards", Board, GAME) if b.id == self.board_id)

    @cached_property
    def facts(self) -> BoardFacts:
        return self._one("board_facts", BoardFacts)

    @cached_property
    def starting(self) -> Starting:
        return self._one("startings", Starting)

    @cached_property
    def track(self) -> GovernorTrack:
        return self._one("governor_tracks", GovernorTrack)

    @cached_property
    def points(self) -> CityPoints:
        return self._one("city_points", CityPoints)

    @cached_property
    def characters(self) -> dict[int, Character]:
        """The characters in play with the chosen options (the Yogi only in advanced game 1)."""
        found = self.catalog.typed("characters", Character, GAME)
        return {c.number: c for c in sorted(found, key=lambda c: c.number) if not c.advanced_only or self.on(ADVANCED_1)}

    @cached_property
    def sorted_characters(self) -> list[int]:
        """The numbers of the characters in play, in order (what the invariants compare with)."""
        return sorted(self.characters)

    @cached_property
    def palace_colours(self) -> frozenset[str]:
        """Every colour of the box: a palace is a player's or, with fewer players, a left-out colour's."""
        return frozenset(self.starting.colours)

    @cached_property
    def actions(self) -> dict[str, DiscAction]:
        return {a.slug: a for a in sorted(self.catalog.typed("disc_actions", DiscAction, GAME), key=lambda a: a.order)}

    @cached_property
    def tables(self) -> dict[int, ScoringTable]:
        return {t.players: t for t in self.catalog.typed("scoring_tables", ScoringTable, GAME)}

    @cached_property
    def costs(self) -> dict[str, Cost]:
        return {slug(c.id): c for c in self.catalog.typed("costs", Cost, GAME)}

    @property
    def house_cost(self) -> int:
        return self.costs["house"].gold

    @property
    def penalty(self) -> int:
        return self.costs["incomplete-action"].gold

    @property
    def passage_fee(self) -> int:
        return self.costs["travel-fee"].gold

    @cached_property
    def palaces_each(self) -> int:
        return self.starting.palaces_short_game if self.on(SHORT_GAME) else self.starting.palaces

    @cached_property
    def track_length(self) -> int:
        return self.track.start_spaces + self.track.numbered_spaces

    def space_index(self, space: int) -> int:
        """Index in the track list (0 = the lowest start space) of numbered space ``space``."""
        return self.track.start_spaces + space - 1

    # --- abilities by character number ------------------------------------------------------------

    def ability_holders(self, kind: type[A]) -> dict[int, A]:
        return {n: c.ability for n, c in self.characters.items() if isinstance(c.ability, kind)}

    @cached_property
    def turn_gold(self) -> dict[int, int]:
        return {n: a.gold for n, a in self.ability_holders(GoldAtTurnStart).items()}

    @cached_property
    def turn_chits(self) -> dict[int, int]:
        return {n: a.count for n, a in self.ability_holders(ActionChitPerTurn).items()}

    @cached_property
    def outer_points(self) -> dict[int, int]:
        return {n: a.points for n, a in self.ability_holders(OuterPalacePoints).items()}

    @cached_property
    def free_travel(self) -> set[int]:
        return set(self.ability_holders(FreeTravel))

    @cached_property
    def free_houses(self) -> dict[int, FreeHousePerTurn]:
        return self.ability_holders(FreeHousePerTurn)

    @cached_property
    def palace_costs(self) -> dict[int, int]:
        return {n: a.gold for n, a in self.ability_holders(PalaceCost).items()}

    def palace_cost(self, held: list[int]) -> int:
        return min([self.costs["palace"].gold, *(self.palace_costs[n] for n in held if n in self.palace_costs)])

    def village_capacity(self, players: int) -> int:
        return self.facts.village_capacity_two_players if players == 2 else self.facts.village_capacity
