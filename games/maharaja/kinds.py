"""Maharaja's own kinds: the characters and the actions of the disc with the effect vocabulary the
engine executes, the scoring tables, the points of a city, the governor track, what is known of the
board, and boards as data (a graph of the start space, cities, villages and roads)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Annotated, Literal, Union

from pydantic import Field

from catalog import Kind
from catalog.model import Entry, Model, Names, Path_, RuleRef

# --- character abilities ------------------------------------------------------------------------


class StartsRound(Model):
    """Nothing beyond being number 1: first to act and first in every tie."""

    kind: Literal["starts_round"]


class GoldAtTurnStart(Model):
    kind: Literal["gold_at_turn_start"]
    gold: int = Field(ge=1)


class OuterPalacePoints(Model):
    """In scoring, each outer palace of the holder counts this many points."""

    kind: Literal["outer_palace_points"]
    points: int = Field(ge=1)


class FreeTravel(Model):
    """The holder pays no passage fees; the owners are still paid, by the bank."""

    kind: Literal["free_travel"]
    owners_paid_by: Literal["bank"]


class FreeHousePerTurn(Model):
    """Once per turn, one extra house from the reserve, built or moved, for free and with no action."""

    kind: Literal["free_house_per_turn"]
    count: int = Field(ge=1)
    build: bool
    move: bool


class PalaceCost(Model):
    kind: Literal["palace_cost"]
    gold: int = Field(ge=0)


class ActionChitPerTurn(Model):
    kind: Literal["action_chit_per_turn"]
    count: int = Field(ge=1)


Ability = Annotated[
    Union[StartsRound, GoldAtTurnStart, OuterPalacePoints, FreeTravel, FreeHousePerTurn, PalaceCost, ActionChitPerTurn],
    Field(discriminator="kind"),
]


class Character(Entry):
    number: int = Field(ge=1, description="The card's number: turn order and ties, lowest first")
    ability: Ability
    advanced_only: bool = Field(False, description="Only in the advanced games (the Yogi)")
    rule: RuleRef


# --- actions of the disc ----------------------------------------------------------------------------


class GainGold(Model):
    kind: Literal["gain_gold"]
    gold: int = Field(ge=1)


class Build(Model):
    """Houses and palaces, each paid for and placed on its own; houses_in_city_min of the houses must go
    into a city."""

    kind: Literal["build"]
    houses: int = Field(ge=0)
    palaces: int = Field(ge=0)
    houses_in_city_min: int = Field(0, ge=0)


class MoveHouse(Model):
    kind: Literal["move_house"]
    count: int = Field(ge=1)


class TakeHousesFromBank(Model):
    kind: Literal["take_houses_from_bank"]
    count: int = Field(ge=1)


class MoveGovernorDown(Model):
    kind: Literal["move_governor_down"]
    spaces: int = Field(ge=1)


class SwapCharacter(Model):
    kind: Literal["swap_character"]


ActionEffect = Annotated[
    Union[GainGold, Build, MoveHouse, TakeHousesFromBank, MoveGovernorDown, SwapCharacter],
    Field(discriminator="kind"),
]


class DiscAction(Entry):
    """One of the nine actions an arrow of the action disc can point at."""

    slug: str = Field(pattern=r"^[a-z][a-z0-9-]*$", description="The action's name in the engine's notation")
    order: int = Field(ge=1)
    effect: ActionEffect
    chit_allowed: bool = Field(description="May be bought with an action chit (advanced game)")
    rule: RuleRef


# --- scoring ------------------------------------------------------------------------------------------


class ScoringTable(Entry):
    players: int = Field(ge=2)
    gold_by_rank: list[int] = Field(min_length=1, description="Gold for the 1st, 2nd, ... ranked player")
    monopoly_bonus: int = Field(ge=0, description="Extra gold when only one player is present")
    zero_points_gold: int = Field(ge=0, description="Gold for a player with no points in the city")

    def problems(self) -> Iterator[tuple[Path_, str]]:
        if len(self.gold_by_rank) != self.players:
            yield ("gold_by_rank",), f"{self.players} players need {self.players} amounts, got {len(self.gold_by_rank)}"
        if any(a < b for a, b in zip(self.gold_by_rank, self.gold_by_rank[1:])):
            yield ("gold_by_rank",), "amounts must not grow with the rank"


class CityPoints(Entry):
    architect: int = Field(ge=0)
    house: int = Field(ge=0)
    outer_palace: int = Field(ge=0)
    inner_palace: int = Field(ge=0)
    home_character: int = Field(ge=0, description="For the holder of the city's character (advanced game 1)")


class GovernorTrack(Entry):
    start_spaces: int = Field(ge=1, description="Spaces below space 1 where the markers start, shuffled")
    numbered_spaces: int = Field(ge=1)
    markers: int = Field(ge=1)
    move_down_spaces: int = Field(ge=1, description="How far the Governor Track action moves a marker down")
    passed_markers_move_up: int = Field(ge=1)
    empty_spaces_count: bool
    end_space: int = Field(ge=1, description="A marker placed here ends the game after the round")
    short_game_last_round: int = Field(ge=1, description="The shorter game ends after this round at the latest")


class Range(Model):
    min: int = Field(ge=0)
    max: int = Field(ge=0)


class KnownCity(Model):
    name: str | None
    colour: str
    position: str
    source: str


class BoardFacts(Entry):
    """What is known of the printed board; the graph itself is published nowhere we can reach."""

    cities: int = Field(ge=1)
    start_spaces: int = Field(ge=1)
    villages: int = Field(ge=1)
    inner_sites_per_city: int = Field(ge=0)
    outer_sites_per_city: int = Field(ge=0)
    village_capacity: int = Field(ge=1)
    village_capacity_two_players: int = Field(ge=1)
    villages_per_road: Range
    roads_per_junction: Range
    known_cities: list[KnownCity] = []
    roads: None = Field(None, description="The printed graph: unknown (null)")
    home_pairing: None = Field(None, description="Which character's portrait is beside which city: unknown (null)")


class Cost(Entry):
    gold: int = Field(ge=0)
    per: str
    payer: Literal["player", "bank"]
    payee: Literal["bank", "house_owner", "each_other_player"]
    applies_to: list[RuleRef] = []


class Starting(Entry):
    """What each player starts with and how the houses move from the bank."""

    gold: int = Field(ge=0)
    palaces: int = Field(ge=1)
    palaces_short_game: int = Field(ge=1)
    houses_in_villages: int = Field(ge=0)
    houses_to_reserve: int = Field(ge=0)
    houses_per_colour: int = Field(ge=1)
    action_chits: int = Field(ge=0, description="Action chits in the bank (advanced game 1)")
    colours: list[str] = Field(min_length=2)


# --- boards --------------------------------------------------------------------------------------------


class Junction(Model):
    slug: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$")
    names: Names
    x: float = Field(ge=0, le=100, description="Where the picture draws it, 0-100 from the left")
    y: float = Field(ge=0, le=100, description="Where the picture draws it, 0-100 from the top")


class City(Junction):
    colour: str | None = Field(None, description="The city's (and its governor marker's) colour; null: unknown")
    home_character: int | None = Field(None, description="The character number whose home it is (advanced game 1); null: unknown")


class Road(Model):
    slug: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$")
    ends: list[str] = Field(min_length=2, max_length=2, description="The two junctions (cities or the start space) it joins")
    villages: list[str] = Field(min_length=1, description="Villages on the road, in order from the first end")


class Board(Entry):
    """A board as a graph: one start space and cities (the junctions), villages on roads between them."""

    assumed: bool = Field(description="True unless the graph was transcribed from the printed board")
    assumption_note: str
    start: Junction
    cities: list[City] = Field(min_length=1)
    villages: list[str] = Field(min_length=1, description="Village slugs")
    roads: list[Road] = Field(min_length=1)

    def problems(self) -> Iterator[tuple[Path_, str]]:
        junctions = [self.start.slug, *(c.slug for c in self.cities)]
        seen: set[str] = set()
        for path, slug in [(("start", "slug"), self.start.slug), *((("cities", i, "slug"), c.slug) for i, c in enumerate(self.cities)),
                           *((("villages", i), v) for i, v in enumerate(self.villages)),
                           *((("roads", i, "slug"), r.slug) for i, r in enumerate(self.roads))]:
            if slug in seen:
                yield path, f"slug {slug!r} is used twice on this board"
            seen.add(slug)
        on_roads: dict[str, int] = {}
        for i, road in enumerate(self.roads):
            for j, end in enumerate(road.ends):
                if end not in junctions:
                    yield ("roads", i, "ends", j), f"{end!r} is not the start space or a city of this board"
            if road.ends[0] == road.ends[1]:
                yield ("roads", i, "ends"), "a road joins two different places"
            for j, village in enumerate(road.villages):
                if village not in self.villages:
                    yield ("roads", i, "villages", j), f"{village!r} is not a village of this board"
                elif village in on_roads:
                    yield ("roads", i, "villages", j), f"village {village!r} is already on road {self.roads[on_roads[village]].slug!r}"
                else:
                    on_roads[village] = i
        for i, village in enumerate(self.villages):
            if village not in on_roads:
                yield ("villages", i), f"village {village!r} lies on no road"
        reached = {self.start.slug}
        frontier = [self.start.slug]
        while frontier:
            here = frontier.pop()
            for road in self.roads:
                if here in road.ends:
                    there = road.ends[1] if road.ends[0] == here else road.ends[0]
                    if there in junctions and there not in reached:
                        reached.add(there)
                        frontier.append(there)
        for i, city in enumerate(self.cities):
            if city.slug not in reached:
                yield ("cities", i), f"city {city.slug!r} cannot be reached from the start space"


KINDS: tuple[Kind, ...] = (
    Kind("characters", Character, "characters", "Maharaja's character cards: number (turn order, ties) and ability, as data and in words"),
    Kind("disc_actions", DiscAction, "disc_actions", "Maharaja's nine actions of the action disc: what each does, as data and in words",
         label="action disc"),
    Kind("scoring_tables", ScoringTable, "scoring_tables", "Maharaja: the gold paid by rank in the scored city, one row per player count"),
    Kind("city_points", CityPoints, "city_points", "Maharaja: the points a player counts in the scored city"),
    Kind("governor_tracks", GovernorTrack, "governor_tracks", "Maharaja's governor track: spaces, markers, how they move, the end",
         label="governor track"),
    Kind("board_facts", BoardFacts, "board_facts", "Maharaja: what is known of the printed board", label="board"),
    Kind("costs", Cost, "costs", "Maharaja: what building, travel and an undone action cost, who pays and who is paid"),
    Kind("startings", Starting, "startings", "Maharaja: what each player starts with", label="starting pieces"),
    Kind("boards", Board, "boards", "Maharaja's boards as data: start space, cities, villages, roads (assumed unless transcribed)",
         label="board"),
)
