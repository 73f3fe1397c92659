"""One Caylus position, as plain dataclasses that convert to and from dicts.

``from_dict`` checks invariants and names the field that breaks one
(``players.blue.workers: 7 exceeds 6``), so scenarios and saved games fail loudly.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from engine.core import Decision, InvalidState

PLAYER_FIELDS = ("deniers", "prestige", "cubes", "workers", "markers")
SPACE_FIELDS = ("building", "owner", "worker")
"""The fields of a player and of a road space as plain data: a misspelt one (``gold`` for
``cubes.gold``) would be dropped without a word."""
PHASES = ("setup", "income", "placement", "special", "provost", "activation", "castle", "end_of_turn", "over")


DELAYED_FIELDS = ("space", "player", "into")
"""A conversion waiting for its building's turn (decisions.py), read without a check in phases.py."""


def _delayed(raw: list[Any]) -> list[dict[str, Any]]:
    for i, delayed in enumerate(raw):
        if not isinstance(delayed, dict) or set(delayed) != set(DELAYED_FIELDS):
            raise InvalidState(f"delayed_conversions[{i}]: {delayed!r} is not a waiting conversion "
                               f"(a mapping of {', '.join(DELAYED_FIELDS)})"[:300])
    return [dict(d) for d in raw]


def _lists(where: str, raw: dict[str, Any]) -> dict[str, list[Any]]:
    """A mapping of names to lists (specials, castle, rows_used); what is in them is checked later."""
    for key, value in raw.items():
        if not isinstance(value, list):
            raise InvalidState(f"{where}.{key}: {value!r} is not a list"[:300])
    return {k: list(v) for k, v in raw.items()}


def _known_keys(where: str, data: Any, fields: tuple[str, ...]) -> None:
    for key in data if isinstance(data, dict) else ():
        if key not in fields:
            raise InvalidState(f"{where}.{key}: no such field (fields: {', '.join(fields)})")


@dataclass
class Player:
    deniers: int = 0
    prestige: int = 0
    cubes: dict[str, int] = field(default_factory=dict)
    workers: int = 0
    """Workers in hand (not on the board)."""
    markers: dict[str, int] = field(default_factory=dict)
    """Favour row slug -> column of the marker (0 = before column 1)."""


@dataclass
class Space:
    """A road space (number = index + 1)."""

    building: str | None = None
    owner: str | None = None
    worker: str | None = None


@dataclass
class State:
    players: dict[str, Player]
    turn_order: list[str]
    road: list[Space]
    provost: int
    bailiff: int
    stock: dict[str, int]
    """Building tiles not on the board, by building slug."""
    turn: int = 1
    phase: str = "setup"
    passed: list[str] = field(default_factory=list)
    """Passing order of this turn."""
    specials: dict[str, list[str | None]] = field(default_factory=dict)
    """Workers on the special buildings, by slug; the stables have 3 circles, the inn 2 (left, right)."""
    castle_workers: list[str] = field(default_factory=list)
    castle: dict[str, list[str]] = field(default_factory=dict)
    """Houses in each castle section, in the order they were placed."""
    scored: list[str] = field(default_factory=list)
    scoring: str | None = None
    """The section being scored right now (its new favour columns are not open yet)."""
    cursor: int = 0
    """Where the current phase is: a player index, a special building index or a road space."""
    batches: dict[str, int] = field(default_factory=dict)
    """Batches each player gave in this turn's castle phase."""
    rows_used: dict[str, list[str]] = field(default_factory=dict)
    """Favour rows each player used in the current phase."""
    delayed_conversions: list[dict[str, Any]] = field(default_factory=list)
    pending: list[Decision] = field(default_factory=list)
    """Decisions waiting, the last one first."""
    log: list[str] = field(default_factory=list)

    def copy(self) -> State:
        return copy.deepcopy(self)

    # --- plain data ---------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        return {
            "turn": self.turn,
            "phase": self.phase,
            "turn_order": list(self.turn_order),
            "passed": list(self.passed),
            "players": {c: {"deniers": p.deniers, "prestige": p.prestige, "cubes": dict(p.cubes),
                            "workers": p.workers, "markers": dict(p.markers)} for c, p in self.players.items()},
            "road": {str(i + 1): {"building": s.building, "owner": s.owner, "worker": s.worker}
                     for i, s in enumerate(self.road) if s.building or s.worker},
            "provost": self.provost,
            "bailiff": self.bailiff,
            "stock": dict(self.stock),
            "specials": {k: list(v) for k, v in self.specials.items()},
            "castle_workers": list(self.castle_workers),
            "castle": {k: list(v) for k, v in self.castle.items()},
            "scored": list(self.scored),
            "scoring": self.scoring,
            "cursor": self.cursor,
            "batches": dict(self.batches),
            "rows_used": {k: list(v) for k, v in self.rows_used.items()},
            "delayed_conversions": [dict(d) for d in self.delayed_conversions],
            "pending": [d.to_dict() for d in self.pending],
        }

    @classmethod
    def from_dict(cls, raw: dict[str, Any], road_length: int) -> State:
        try:
            road = [Space() for _ in range(road_length)]
            for number, space in raw.get("road", {}).items():
                if not str(number).isascii() or not str(number).isdigit():  # '²'.isdigit() is true, int('²') fails
                    raise InvalidState(f"road.{number}: a road space is a number, 1-{road_length}")
                index = int(number) - 1
                if not 0 <= index < road_length:
                    raise InvalidState(f"road.{number}: the road has spaces 1-{road_length}")
                _known_keys(f"road.{number}", space, SPACE_FIELDS)
                road[index] = Space(space.get("building"), space.get("owner"), space.get("worker"))
            for colour, player in raw["players"].items():
                _known_keys(f"players.{colour}", player, PLAYER_FIELDS)
            players = {c: Player(p.get("deniers", 0), p.get("prestige", 0), dict(p.get("cubes", {})),
                                 p.get("workers", 0), dict(p.get("markers", {}))) for c, p in raw["players"].items()}
            return cls(
                players=players, turn_order=list(raw["turn_order"]), road=road, provost=raw["provost"],
                bailiff=raw["bailiff"], stock=dict(raw["stock"]), turn=raw.get("turn", 1), phase=raw.get("phase", "setup"),
                passed=list(raw.get("passed", [])), specials=_lists("specials", raw.get("specials", {})),
                castle_workers=list(raw.get("castle_workers", [])), castle=_lists("castle", raw.get("castle", {})),
                scored=list(raw.get("scored", [])), scoring=raw.get("scoring"), cursor=raw.get("cursor", 0),
                batches=dict(raw.get("batches", {})), rows_used=_lists("rows_used", raw.get("rows_used", {})),
                delayed_conversions=_delayed(raw.get("delayed_conversions", [])),
                pending=[Decision.from_dict(d) for d in raw.get("pending", [])],
            )
        except KeyError as exc:
            raise InvalidState(f"{exc.args[0]}: required") from exc
