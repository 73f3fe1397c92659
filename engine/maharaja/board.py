"""A board's graph as the engine walks it: which roads leave a place, and which villages they carry."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from games.maharaja.kinds import Board, Road


@dataclass(frozen=True)
class Graph:
    board: Board

    @cached_property
    def start(self) -> str:
        return self.board.start.slug

    @cached_property
    def cities(self) -> tuple[str, ...]:
        return tuple(c.slug for c in self.board.cities)

    @cached_property
    def villages(self) -> tuple[str, ...]:
        return tuple(self.board.villages)

    @cached_property
    def village_set(self) -> frozenset[str]:
        return frozenset(self.villages)

    @cached_property
    def city_set(self) -> frozenset[str]:
        return frozenset(self.cities)

    @cached_property
    def places(self) -> frozenset[str]:
        """Where an architect or the Maharaja may stand: the start space or a city."""
        return frozenset((self.start, *self.cities))

    @cached_property
    def sorted_cities(self) -> list[str]:
        return sorted(self.cities)

    @cached_property
    def roads(self) -> dict[str, Road]:
        return {r.slug: r for r in self.board.roads}

    @cached_property
    def roads_at(self) -> dict[str, tuple[Road, ...]]:
        places = (self.start, *self.cities)
        return {p: tuple(r for r in self.board.roads if p in r.ends) for p in places}

    @cached_property
    def homes(self) -> dict[str, int]:
        """City -> the character number whose home it is (advanced game 1), where the board says."""
        return {c.slug: c.home_character for c in self.board.cities if c.home_character is not None}

    def other_end(self, road: Road, here: str) -> str:
        return road.ends[1] if road.ends[0] == here else road.ends[0]

    def is_city(self, place: str) -> bool:
        return place in self.cities
