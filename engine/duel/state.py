"""One Builders Duel position as plain dataclasses that convert to and from dicts."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.core import Decision, InvalidState, PlainState

PHASES = ("deal", "place", "siege", "conflict", "turns", "over")


@dataclass
class Player:
    gold: int = 0
    seals: list[str] = field(default_factory=list)
    """Neutral seals in front of the player, by faces (``"1/4"``)."""
    personal_seal: bool = True
    camp: dict[str, int] = field(default_factory=dict)
    """Raw and building materials by slug."""
    reserve: dict[str, int] = field(default_factory=dict)
    sections: dict[str, list[str]] = field(default_factory=dict)
    """Numeral -> building materials on an unfinished building card."""
    finished: list[str] = field(default_factory=list)
    boxed: dict[str, int] = field(default_factory=dict)
    """Raw slug -> markers that left play on a finished section."""
    held: list[str] = field(default_factory=list)
    """Delayed (1x) cards kept for later this year."""
    built: str | None = None
    """The section worked on this round."""
    placed: int = 0
    """Materials placed on that section this round."""
    build_cost_each: int | None = None
    """Set by a card for this round: gold per material instead of the table."""


@dataclass
class Conflict:
    cell: int
    totals: dict[str, int]
    flicked: dict[str, list[str]]
    """Seals used so far, by player (``"personal"`` for the personal seal)."""
    flicking: str | None = None
    """The seal in the air, waiting for chance to show a face."""
    loser: str | None = None


@dataclass
class State(PlainState):
    players: dict[str, Player]
    power: str
    bank: int
    stack: list[str]
    """Neutral seals, top first."""
    year: int = 1
    round: int = 1
    phase: str = "deal"
    draw: list[str] = field(default_factory=list)
    """The year's deck: cards not dealt yet (order is chance's business)."""
    offer: list[str | None] = field(default_factory=list)
    """Card tokens by cell, row by row; None where no card is dealt yet."""
    marks: dict[str, list[int]] = field(default_factory=dict)
    """Player -> offer cells (1-9, row by row) holding their character markers."""
    lines: dict[str, str] = field(default_factory=dict)
    order: list[str] = field(default_factory=list)
    """Who places and acts first and second this round."""
    used: list[int] = field(default_factory=list)
    """Cells whose card the player on turn has executed."""
    window_done: list[str] = field(default_factory=list)
    """Players who have passed on playing a card in the window after placing (Siege)."""
    conflict: Conflict | None = None
    acting: str | None = None
    """The player whose turn of executing cards and building it is."""
    done: list[str] = field(default_factory=list)
    winner: str | None = None
    pending: list[Decision] = field(default_factory=list)
    log: list[str] = field(default_factory=list)

    def opponent(self, player: str) -> str:
        return next(p for p in self.players if p != player)

    @classmethod
    def from_dict(cls, raw: dict[str, Any]) -> State:
        try:
            data = dict(raw)
            data["players"] = {p: Player(**v) for p, v in data["players"].items()}
            if data.get("conflict") is not None:
                data["conflict"] = Conflict(**data["conflict"])
            data["pending"] = [Decision.from_dict(d) for d in data.get("pending", [])]
            data["offer"] = list(data.get("offer") or [])
            return cls(**data)
        except TypeError as exc:
            raise InvalidState(f"not a Duel state: {exc}") from exc
