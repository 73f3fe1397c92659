"""Maharaja's own kinds: the characters and the actions of the disc with the effect vocabulary the
engine executes, the scoring tables, the points of a city, the governor track, what is known of the
board, and boards as data (a graph of the start space, cities, villages and roads)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Annotated, Literal, Union

from pydantic import Field

from catalog import Kind
from catalog.model import Entry, Model, Names, Path_, RuleRef

# Bounds on amounts. Not game data: limits far beyond any game (the box holds 210 gold, 20 houses and 7
# palaces per colour, 7 characters, a 17-space track) that keep an absurd value out of the engine,
# which lists one bid per gold a player holds (the auction of advanced game 1), builds a list of
# parts per house of an action and a list per space of the track.
GOLD_LIMIT = 10_000
PIECE_LIMIT = 1_000
Gold = Annotated[int, Field(ge=0, le=GOLD_LIMIT)]


# --- character abilities ------------------------------------------------------------------------


class StartsRound(Model):
    """Nothing beyond being number 1: first to act and first in every tie."""

    kind: Literal["starts_round"]


class GoldAtTurnStart(Model):
    kind: Literal["gold_at_turn_start"]
    gold: int = Field(ge=1, le=GOLD_LIMIT)


class OuterPalacePoints(Model):
    """In scoring, each outer palace of the holder counts this many points."""

    kind: Literal["outer_palace_points"]
    points: int = Field(ge=1, le=PIECE_LIMIT)


class FreeTravel(Model):
    """The holder pays no passage fees; the owners are still paid, by the bank."""

    kind: Literal["free_travel"]
    owners_paid_by: Literal["bank"]


class FreeHousePerTurn(Model):
    """Once per turn, one extra house from the reserve, built or moved, for free and with no action."""

    kind: Literal["free_house_per_turn"]
    # the engine keeps one flag per turn (free house used or not): it can give one house, no more
    count: Literal[1] = Field(description="Houses per turn: one (the engine gives no more)")
    build: bool
    move: bool


class PalaceCost(Model):
    kind: Literal["palace_cost"]
    gold: int = Field(ge=0, le=GOLD_LIMIT)


class ActionChitPerTurn(Model):
    kind: Literal["action_chit_per_turn"]
    count: int = Field(ge=1, le=PIECE_LIMIT)


Ability = Annotated[
    Union[StartsRound, GoldAtTurnStart, OuterPalacePoints, FreeTravel, FreeHousePerTurn, PalaceCost, ActionChitPerTurn],
    Field(discriminator="kind"),
]


class Character(Entry):
    number: int = Field(ge=1, le=PIECE_LIMIT, description="The card's number: turn order and ties, lowest first")
    ability: Ability
    advanced_only: bool = Field(False, description="Only in the advanced games (the Yogi)")
    rule: RuleRef

    def problems(self) -> Iterator[tuple[Path_, str]]:
        ability = self.ability
        if isinstance(ability, FreeHousePerTurn) and not (ability.build or ability.move):
            yield ("ability",), "a free house that may be neither built nor moved does nothing: set build or move to true"
        # being number 1 is the whole ability (first to act, first in ties): on another card the
        # engine, which ranks by number, would silently ignore it
        if isinstance(ability, StartsRound) and self.number != 1:
            yield ("ability", "kind"), f"starts_round belongs to character number 1 (the number gives turn order), not {self.number}"


# --- actions of the disc ----------------------------------------------------------------------------


class GainGold(Model):
    kind: Literal["gain_gold"]
    gold: int = Field(ge=1, le=GOLD_LIMIT)


class Build(Model):
    """Houses and palaces, each paid for and placed on its own; houses_in_city_min of the houses must go
    into a city."""

    kind: Literal["build"]
    houses: int = Field(ge=0, le=PIECE_LIMIT)
    palaces: int = Field(ge=0, le=PIECE_LIMIT)
    houses_in_city_min: int = Field(0, ge=0, le=PIECE_LIMIT)


class MoveHouse(Model):
    kind: Literal["move_house"]
    count: int = Field(ge=1, le=PIECE_LIMIT)


class TakeHousesFromBank(Model):
    kind: Literal["take_houses_from_bank"]
    count: int = Field(ge=1, le=PIECE_LIMIT)


class MoveGovernorDown(Model):
    kind: Literal["move_governor_down"]
    spaces: int = Field(ge=1, le=PIECE_LIMIT)


class SwapCharacter(Model):
    kind: Literal["swap_character"]


ActionEffect = Annotated[
    Union[GainGold, Build, MoveHouse, TakeHousesFromBank, MoveGovernorDown, SwapCharacter],
    Field(discriminator="kind"),
]


class DiscAction(Entry):
    """One of the nine actions an arrow of the action disc can point at."""

    slug: str = Field(pattern=r"^[a-z][a-z0-9-]*$", description="The action's name in the engine's notation")
    order: int = Field(ge=1, le=PIECE_LIMIT)
    effect: ActionEffect
    chit_allowed: bool = Field(description="May be bought with an action chit (advanced game)")
    rule: RuleRef

    def problems(self) -> Iterator[tuple[Path_, str]]:
        effect = self.effect
        if isinstance(effect, Build):
            if effect.houses + effect.palaces == 0:
                yield ("effect",), "a build action builds at least one house or palace (houses and palaces are both 0)"
            if effect.houses_in_city_min > effect.houses:
                yield ("effect", "houses_in_city_min"), f"{effect.houses_in_city_min} of {effect.houses} houses cannot go into a city: at most houses"


# --- scoring ------------------------------------------------------------------------------------------


class ScoringTable(Entry):
    players: int = Field(ge=2, le=PIECE_LIMIT)
    gold_by_rank: list[Gold] = Field(min_length=1, description="Gold for the 1st, 2nd, ... ranked player")
    monopoly_bonus: int = Field(ge=0, le=GOLD_LIMIT, description="Extra gold when only one player is present")
    zero_points_gold: int = Field(ge=0, le=GOLD_LIMIT, description="Gold for a player with no points in the city")

    def problems(self) -> Iterator[tuple[Path_, str]]:
        if len(self.gold_by_rank) != self.players:
            yield ("gold_by_rank",), f"{self.players} players need {self.players} amounts, got {len(self.gold_by_rank)}"
        if any(a < b for a, b in zip(self.gold_by_rank, self.gold_by_rank[1:])):
            yield ("gold_by_rank",), "amounts must not grow with the rank"


class CityPoints(Entry):
    architect: int = Field(ge=0, le=PIECE_LIMIT)
    house: int = Field(ge=0, le=PIECE_LIMIT)
    outer_palace: int = Field(ge=0, le=PIECE_LIMIT)
    inner_palace: int = Field(ge=0, le=PIECE_LIMIT)
    home_character: int = Field(ge=0, le=PIECE_LIMIT, description="For the holder of the city's character (advanced game 1)")


class GovernorTrack(Entry):
    start_spaces: int = Field(ge=1, le=PIECE_LIMIT, description="Spaces below space 1 where the markers start, shuffled")
    numbered_spaces: int = Field(ge=1, le=PIECE_LIMIT)
    markers: int = Field(ge=1, le=PIECE_LIMIT)
    move_down_spaces: int = Field(ge=1, le=PIECE_LIMIT, description="How far the Governor Track action moves a marker down")
    passed_markers_move_up: int = Field(ge=1, le=PIECE_LIMIT)
    empty_spaces_count: bool
    end_space: int = Field(ge=1, le=PIECE_LIMIT, description="A marker placed here ends the game after the round")
    short_game_last_round: int = Field(ge=1, le=PIECE_LIMIT, description="The shorter game ends after this round at the latest")

    def problems(self) -> Iterator[tuple[Path_, str]]:
        if self.markers > self.start_spaces:
            yield ("start_spaces",), f"the {self.markers} markers start on the start spaces, one each: {self.start_spaces} spaces are too few"
        if self.end_space > self.numbered_spaces:
            yield ("end_space",), f"the end space is one of the numbered spaces 1 to {self.numbered_spaces}, not {self.end_space}"
        if self.move_down_spaces >= self.start_spaces + self.numbered_spaces:
            yield ("move_down_spaces",), f"a marker moves down within the track's {self.start_spaces + self.numbered_spaces} spaces"
        # the engine moves a marker down and shifts what it passes up by one space, empty ones
        # included (engine/maharaja/turn.py: move_marker): other values would be silently misread
        if self.passed_markers_move_up != 1:
            yield ("passed_markers_move_up",), "the engine moves each passed marker up 1 space; another value is not supported"
        if not self.empty_spaces_count:
            yield ("empty_spaces_count",), "the engine counts empty spaces when a marker moves down; false is not supported"


class Range(Model):
    min: int = Field(ge=0, le=PIECE_LIMIT)
    max: int = Field(ge=0, le=PIECE_LIMIT)


class KnownCity(Model):
    name: str | None
    colour: str
    position: str
    source: str


class BoardFacts(Entry):
    """What is known of the printed board; the graph itself is published nowhere we can reach."""

    cities: int = Field(ge=1, le=PIECE_LIMIT)
    start_spaces: int = Field(ge=1, le=PIECE_LIMIT)
    villages: int = Field(ge=1, le=PIECE_LIMIT)
    inner_sites_per_city: int = Field(ge=0, le=PIECE_LIMIT)
    outer_sites_per_city: int = Field(ge=0, le=PIECE_LIMIT)
    village_capacity: int = Field(ge=1, le=PIECE_LIMIT)
    village_capacity_two_players: int = Field(ge=1, le=PIECE_LIMIT)
    villages_per_road: Range
    roads_per_junction: Range
    known_cities: list[KnownCity] = []
    roads: None = Field(None, description="The printed graph: unknown (null)")
    home_pairing: None = Field(None, description="Which character's portrait is beside which city: unknown (null)")

    def problems(self) -> Iterator[tuple[Path_, str]]:
        if self.inner_sites_per_city > 1:  # the engine keeps one inner site (City.inner), not a list
            yield ("inner_sites_per_city",), f"the engine has one inner site per city (or none), not {self.inner_sites_per_city}"
        for name in ("villages_per_road", "roads_per_junction"):
            span: Range = getattr(self, name)
            if span.min > span.max:
                yield (name, "min"), f"min {span.min} is above max {span.max}"


class Cost(Entry):
    gold: int = Field(ge=0, le=GOLD_LIMIT)
    per: str
    payer: Literal["player", "bank"]
    payee: Literal["bank", "house_owner", "each_other_player"]
    applies_to: list[RuleRef] = []


class Starting(Entry):
    """What each player starts with and how the houses move from the bank."""

    gold: int = Field(ge=0, le=GOLD_LIMIT)
    palaces: int = Field(ge=1, le=PIECE_LIMIT)
    palaces_short_game: int = Field(ge=1, le=PIECE_LIMIT)
    houses_in_villages: int = Field(ge=0, le=PIECE_LIMIT)
    houses_to_reserve: int = Field(ge=0, le=PIECE_LIMIT)
    houses_per_colour: int = Field(ge=1, le=PIECE_LIMIT)
    action_chits: int = Field(ge=0, le=PIECE_LIMIT, description="Action chits in the bank (advanced game 1)")
    # a colour names its player in the action notation ("red house ab1"): one word, not the chance player's
    colours: list[Annotated[str, Field(pattern=r"^[a-z][a-z0-9-]*$")]] = Field(min_length=2)

    def problems(self) -> Iterator[tuple[Path_, str]]:
        for i, colour in enumerate(self.colours):
            if colour in self.colours[:i]:
                yield ("colours", i), f"colour {colour!r} is listed twice: each player has a colour of their own"
            elif colour == "chance":
                yield ("colours", i), "'chance' names the random draws in the action notation, not a player: choose another word"
        if self.houses_in_villages + self.houses_to_reserve > self.houses_per_colour:
            yield ("houses_to_reserve",), (f"{self.houses_in_villages} houses in villages and {self.houses_to_reserve} to the reserve "
                                           f"are more than the {self.houses_per_colour} houses of a colour")
        if self.palaces_short_game > self.palaces:
            yield ("palaces_short_game",), f"the shorter game uses fewer palaces than the {self.palaces} of a colour, not {self.palaces_short_game}"


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
