"""One Maharaja position as plain dataclasses that convert to and from dicts.

Counts that follow from others are not stored: a colour's houses in the bank are what is neither in
the reserve nor on the board, and a player's unbuilt palaces are what the board does not hold.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import chain
from typing import Any

from engine.core import Decision, InvalidState, PlainState
from games.maharaja.kinds import PIECE_LIMIT

PHASES = ("setup", "discs", "turns", "over")


@dataclass
class Player:
    gold: int = 0
    reserve: int = 0
    """Houses beside the player, ready to build."""
    characters: list[int] = field(default_factory=list)
    architect: str = "start"
    chits: int = 0
    disc: list[str] = field(default_factory=list)
    """The two actions the arrows point at this round (secret until the turn)."""
    acted: bool = False
    """Has had their turn this round."""

    @property
    def rank(self) -> int:
        """Turn order and ties: the lowest character number held (after every card before characters
        are chosen: the kinds bound a card's number to PIECE_LIMIT)."""
        return min(self.characters, default=PIECE_LIMIT + 1)


@dataclass
class City:
    inner: str | None = None
    """Colour of the palace on the inner site."""
    outer: list[str] = field(default_factory=list)
    """Colours of the palaces on outer sites (the sites are alike)."""
    houses: dict[str, int] = field(default_factory=dict)


@dataclass
class Task:
    """What is left of one marked (or chit-bought) action this turn."""

    action: str
    parts: list[str]
    """Parts still to perform: house, palace, gold, move, quarry, governor, swap."""
    city_needed: int = 0
    """Houses of this action that must still go into a city."""


@dataclass
class Turn:
    tasks: list[Task] = field(default_factory=list)
    free_house_used: bool = False
    chit_used: bool = False
    moved: bool = False
    """The architect travelled this turn (a journey must end in a city)."""
    undone: bool = False
    """Part of an action could not be carried out (the quarry ran short)."""


@dataclass
class Auction:
    """The characters' auction of advanced game 1: bidders in turn, the highest bid and its bidder."""

    bidders: list[str]
    high: int | None = None
    leader: str | None = None
    next: int = 0


@dataclass
class State(PlainState):
    players: dict[str, Player]
    villages: dict[str, list[str]]
    cities: dict[str, City]
    track: list[str | None]
    """Governor markers by city, index 0 = the lowest start space."""
    bank: int
    """Gold in the bank; it may go below 0, the bank being unlimited (the coins are only tokens)."""
    bank_characters: list[int] = field(default_factory=list)
    chits_bank: int = 0
    maharaja: str = "start"
    round: int = 0
    phase: str = "setup"
    acting: str | None = None
    turn: Turn = field(default_factory=Turn)
    auction: Auction | None = None
    last_round: bool = False
    """A marker was placed on the last space (or the shorter game's last round is on)."""
    last_scoring: dict[str, int] = field(default_factory=dict)
    """Gold each player received at the last scoring."""
    pending: list[Decision] = field(default_factory=list)
    log: list[str] = field(default_factory=list)

    def houses_on_board(self, colour: str) -> int:
        return sum(v.count(colour) for v in self.villages.values()) + sum(c.houses.get(colour, 0) for c in self.cities.values())

    def houses_by_colour(self) -> dict[str, int]:
        """Houses on the board of every colour, in one pass (``houses_on_board`` of each at once);
        the villages' houses counted by C-level list counts (asked at every step)."""
        in_villages = list(chain.from_iterable(self.villages.values()))
        count = {colour: in_villages.count(colour) for colour in set(in_villages)}
        for city in self.cities.values():
            for colour, n in city.houses.items():
                count[colour] = count.get(colour, 0) + n
        return count

    def palaces_built(self, colour: str) -> int:
        return sum((c.inner == colour) + c.outer.count(colour) for c in self.cities.values())

    def palaces_by_colour(self) -> dict[str, int]:
        """Palaces built of every colour, in one pass (``palaces_built`` of each at once)."""
        count: dict[str, int] = {}
        for city in self.cities.values():
            for colour in city.outer:
                count[colour] = count.get(colour, 0) + 1
            if city.inner is not None:
                count[city.inner] = count.get(city.inner, 0) + 1
        return count

    def holder(self, number: int) -> str | None:
        return next((p for p, pl in self.players.items() if number in pl.characters), None)

    @classmethod
    def from_dict(cls, raw: dict[str, Any]) -> State:
        try:
            data = dict(raw)
            data["players"] = {p: Player(**v) for p, v in data["players"].items()}
            data["cities"] = {c: City(**v) for c, v in data["cities"].items()}
            turn = dict(data.get("turn") or {})
            turn["tasks"] = [Task(**t) for t in turn.get("tasks", [])]
            data["turn"] = Turn(**turn)
            if data.get("auction") is not None:
                data["auction"] = Auction(**data["auction"])
            data["pending"] = [Decision.from_dict(d) for d in data.get("pending", [])]
            return cls(**data)
        except TypeError as exc:
            raise InvalidState(f"not a Maharaja state: {exc}") from exc
