"""One Viscounts position as plain dataclasses that convert to and from dicts.

Hidden order is not stored: a draw deck is a sorted multiset and the next card drawn is a chance
action; the neutral townsfolk under the five face-up tops are one pool with a count per deck (which
deck a hidden card lies in does not change what chance may reveal), and so are the manuscripts."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.core import Decision, InvalidState, PlainState


@dataclass
class Player:
    hand: list[str] = field(default_factory=list)
    deck: list[str] = field(default_factory=list)
    """Draw deck, sorted (its order is hidden)."""
    discard: list[str] = field(default_factory=list)
    """Discard pile, its top last."""
    board: list[str | None] = field(default_factory=list)
    """Card slots, the leftmost first."""
    silver: int = 0
    ink: int = 0
    gold: int = 0
    stone: int = 0
    corruption: int = 1
    virtue: int = 7
    debts: int = 0
    """Unpaid debts."""
    paid: int = 0
    deeds: int = 0
    """Acquired deeds."""
    approved: int = 0
    built: dict[str, int] = field(default_factory=dict)
    workers: int = 0
    """Workers in the supply (not in the castle)."""
    manuscripts: list[str] = field(default_factory=list)
    bonus: list[str] = field(default_factory=list)
    """Ribbons of the cleric bonus cards held."""
    viscount: str = "o1"
    player_card: int = 0
    turns: int = 0
    dismissed: bool = False
    """Has dismissed a townsfolk this turn."""


@dataclass
class Castle:
    tier1: list[dict[str, int]] = field(default_factory=list)
    tier2: list[dict[str, int]] = field(default_factory=list)
    tier3: dict[str, int] = field(default_factory=dict)
    rotation: int = 0
    """Which wedge (0 = a) sits at section 0; the castle is turned at random at setup."""


@dataclass
class Action:
    """The primary action under way: its kind and the icons gathered so far."""

    kind: str = ""
    icons: int = 0
    spent: dict[str, int] = field(default_factory=dict)


@dataclass
class Solo:
    """The AI opponent's scheme cards in a 1-player game (engine/viscounts/solo.py)."""

    deck: list[str] = field(default_factory=list)
    """Its scheme draw deck, sorted (its order is hidden)."""
    schemes: list[str | None] = field(default_factory=list)
    """Its board's scheme slots, the leftmost first."""
    discard: list[str] = field(default_factory=list)
    future: list[str] = field(default_factory=list)
    """The future scheme deck, sorted."""


@dataclass
class State(PlainState):
    players: dict[str, Player]
    order: list[str]
    castle: Castle = field(default_factory=Castle)
    townsfolk: list[str | None] = field(default_factory=list)
    """The face-up top card of each segment's deck."""
    townsfolk_left: list[int] = field(default_factory=list)
    """Hidden cards under each top."""
    townsfolk_pool: list[str] = field(default_factory=list)
    manuscripts: list[str | None] = field(default_factory=list)
    manuscripts_left: list[int] = field(default_factory=list)
    grey_pool: list[str] = field(default_factory=list)
    black_pool: list[str] = field(default_factory=list)
    spots: dict[str, str] = field(default_factory=dict)
    """Building spot -> owner:building."""
    box: list[str] = field(default_factory=list)
    """Cards out of play from the start (absent colours, unchosen heroes)."""
    removed: list[str] = field(default_factory=list)
    """Cards destroyed or dismissed: out of the game."""
    pairs: list[list[Any]] = field(default_factory=list)
    """Setup: the player cards and heroes laid out, [number, hero]."""
    bonus_left: list[str] = field(default_factory=list)
    leader: str | None = None
    debt_pile: int = 0
    deed_pile: int = 0
    poverty: bool = False
    prosperity: bool = False
    last_round: int | None = None
    round: int = 1
    turn: int = 0
    """Index in ``order`` of the player whose turn it is."""
    stage: str = "setup"
    action: Action = field(default_factory=Action)
    queue: list[dict[str, Any]] = field(default_factory=list)
    """Effects waiting to be resolved, the next first: {player, effect} or {player, do}."""
    collision_at: int = 0
    """The track space the last collision paid from: where the markers stood when step (iii) was reached."""
    pending: list[Decision] = field(default_factory=list)
    log: list[str] = field(default_factory=list)
    solo: Solo | None = None

    @property
    def current(self) -> str:
        return self.order[self.turn]

    @classmethod
    def from_dict(cls, raw: dict[str, Any]) -> State:
        try:
            data = dict(raw)
            data["players"] = {p: Player(**v) for p, v in data["players"].items()}
            data["castle"] = Castle(**data.get("castle", {}))
            data["action"] = Action(**data.get("action", {}))
            data["pending"] = [Decision.from_dict(d) for d in data.get("pending", [])]
            if data.get("solo") is not None:
                data["solo"] = Solo(**data["solo"])
            return cls(**data)
        except TypeError as exc:
            raise InvalidState(f"not a Viscounts state: {exc}") from exc
