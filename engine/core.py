"""Game-independent parts of the engine: actions, decisions, errors, resource bundles.

A game supplies rules (static, read from the catalogs) and a state (one position). The shared
:meth:`DecisionGame.apply` checks an action against the legal ones and raises
:class:`IllegalAction` naming the rule and listing what is legal; games implement
``legal_actions``, ``why_illegal`` and ``_apply``.
"""

from __future__ import annotations

import copy
from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping
from dataclasses import asdict, dataclass, field
from functools import cache, wraps
from typing import Any, Callable

from games import grammar

CHANCE = "chance"


@dataclass(frozen=True, order=True)
class Action:
    """One move: a player (or ``chance``), a verb and its arguments; ``str()`` parses back."""

    player: str
    verb: str
    args: tuple[str, ...] = ()

    def __str__(self) -> str:
        return " ".join((self.player, self.verb, *self.args))

    @classmethod
    def parse(cls, text: str) -> Action:
        words = text.split()
        if len(words) < 2:
            raise ActionSyntaxError(f"an action is '<player> <verb> [arguments]', got {text!r}")
        return cls(words[0].lower(), words[1].lower(), tuple(words[2:]))


@cache
def interned(player: str, verb: str, args: tuple[str, ...] = ()) -> Action:
    """The one :class:`Action` of this text. Engines list the same moves at step after step; built
    once, they cost a lookup, and the checked ``apply`` finds them in the legal list by identity.
    (A game has a bounded set of moves, so the cache stays small.)"""
    return Action(player, verb, args)


class EngineError(Exception):
    """Base of the engine's errors."""


class ActionSyntaxError(EngineError):
    """The text is not an action."""


class IllegalAction(EngineError):
    """The action is not legal here: carries the rule that forbids it and the legal actions."""

    def __init__(self, action: Action | str, rule: str, reason: str, legal: Iterable[Action]):
        self.action = action
        self.rule = rule
        self.reason = reason
        self.legal = sorted(legal, key=str)
        shown = ", ".join(str(a) for a in self.legal[:40]) + (" ..." if len(self.legal) > 40 else "")
        super().__init__(f"illegal action {str(action)!r} ({rule}): {reason}. Legal: {shown or 'none'}")


class InvalidState(EngineError):
    """Plain data that does not describe a possible position; names the field."""


@dataclass
class Decision:
    """A choice the game is waiting for: who decides, what kind of choice, and its context."""

    kind: str
    player: str
    rule: str
    data: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "player": self.player, "rule": self.rule, "data": self.data}

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> Decision:
        return cls(raw["kind"], raw["player"], raw["rule"], dict(raw.get("data", {})))


class PlainState:
    """What dataclass states share: a deep copy, and plain data with the pending decisions as dicts."""

    pending: list[Decision]

    def copy(self) -> Any:
        return copy.deepcopy(self)

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = asdict(self)  # type: ignore[call-overload]  # subclasses are dataclasses
        data["pending"] = [d.to_dict() for d in self.pending]
        return data


class DecisionGame(ABC):
    """What every engine shares: a stack of pending decisions on the state, and a checked ``apply``.

    A game sets ``notation_rule`` and ``over_rule`` (rule ids cited for unreadable text and for a move
    after the end) and implements ``legal_actions``, ``why_illegal`` (rule and reason for an action
    that is not legal) and ``_apply`` (play one legal action, its decision already off the stack).
    """

    notation_rule = "notation"
    over_rule = "end"

    _legal_memo: tuple[Any, Decision | None, int, list[Action]] | None = None
    """The last legal actions listed: (state, decision on top, length of its log, actions)."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """A game's own ``legal_actions`` is wrapped so that the list of one decision is computed
        once, however often it is asked for (the random player asks, then the checked ``apply``)."""
        super().__init_subclass__(**kwargs)
        own = cls.__dict__.get("legal_actions")
        if own is not None and not getattr(own, "remembers", False):
            setattr(cls, "legal_actions", _remembering(own))

    def current(self, state: Any) -> Decision | None:
        pending: list[Decision] = state.pending
        return pending[-1] if pending else None

    def to_move(self, state: Any) -> str | None:
        decision = self.current(state)
        return decision.player if decision else None

    @abstractmethod
    def legal_actions(self, state: Any) -> list[Action]:
        """The choices of the decision on top, in a stable order."""

    def parse(self, state: Any, text: str) -> Action:
        return Action.parse(text)

    def why_illegal(self, state: Any, decision: Decision, action: Action) -> tuple[str, str]:
        return decision.rule, f"not a legal choice for this decision ({decision.kind})"

    @abstractmethod
    def _apply(self, state: Any, decision: Decision, action: Action) -> None:
        """Play a legal action, then run the game on to its next decision."""

    def apply(self, state: Any, action: Action | str) -> None:
        """Play one action, checked against the legal ones (in place); raises IllegalAction otherwise."""
        if isinstance(action, str):
            try:
                action = self.parse(state, action)
            except ActionSyntaxError as exc:
                raise IllegalAction(action, self.notation_rule, str(exc), self.legal_actions(state)) from exc
        decision = self.current(state)
        if decision is None:
            raise IllegalAction(action, self.over_rule, "the game is over", [])
        memo = self._legal_memo  # the list the caller has just been given, if nothing moved since
        if memo is not None and memo[0] is state and memo[1] is decision and memo[2] == len(state.log):
            legal = memo[3]
        else:
            legal = self.legal_actions(state)
        # The random player hands back one of the listed (interned) objects: found by identity in
        # one C-level pass over the ids, without calling Action.__eq__ on every action before it.
        # Only an action that is no listed object (parsed from text) is compared by value.
        if id(action) not in map(id, legal) and action not in legal:
            raise IllegalAction(action, *self.why_illegal(state, decision, action), legal)
        self._legal_memo = None
        state.pending.pop()
        state.log.append(str(action))
        self._apply(state, decision, action)


def _remembering(listing: Callable[[Any, Any], list[Action]]) -> Callable[[Any, Any], list[Action]]:
    """``legal_actions`` answering again from the last list while nothing can have changed: the
    same state object, the same decision object on top of its stack, and no step played since
    (the log has the same length; every step appends to it). The memo holds the state and the
    decision themselves, so their identities cannot be reused by new objects, and ``apply`` drops
    it. States change only through ``apply``; one edited by hand is a new position to the engine
    only if it is a new object (``from_dict``, ``copy``)."""

    @wraps(listing)
    def legal_actions(self: DecisionGame, state: Any) -> list[Action]:
        pending: list[Decision] = state.pending
        decision = pending[-1] if pending else None
        steps = len(state.log)
        memo = self._legal_memo
        if memo is not None and memo[0] is state and memo[1] is decision and memo[2] == steps:
            return list(memo[3])  # a copy: what the caller does with its list is its own business
        actions = listing(self, state)
        self._legal_memo = (state, decision, steps, list(actions))
        return actions

    legal_actions.remembers = True  # type: ignore[attr-defined]
    return legal_actions


# --- bundles: resource quantities written like "2food+wood" ----------------------------------------

def parse_bundle(text: str) -> dict[str, int]:
    """``"2food+wood"`` -> ``{"food": 2, "wood": 1}``; ``"nothing"`` -> ``{}`` (the one reading of
    goods, in games/grammar.py, with the engine's error)."""
    try:
        return grammar.parse_bundle(text)
    except grammar.Unworded:
        term = next(t for t in text.split("+") if not grammar.is_quantity(t))
        raise ActionSyntaxError(f"{term!r} is not a quantity like '2food' or 'wood'") from None


def format_bundle(bundle: Mapping[str, int], order: Iterable[str] = ()) -> str:
    """The inverse of :func:`parse_bundle`, in a stable order."""
    ranked = {slug: i for i, slug in enumerate(order)}
    parts = [f"{n if n != 1 else ''}{slug}" for slug, n in sorted(bundle.items(), key=lambda kv: (ranked.get(kv[0], 99), kv[0])) if n]
    return "+".join(parts) or "nothing"


def add(target: dict[str, int], bundle: Mapping[str, int], sign: int = 1) -> None:
    for slug, n in bundle.items():
        target[slug] = target.get(slug, 0) + sign * n


def covers(have: Mapping[str, int], need: Mapping[str, int]) -> bool:
    return all(have.get(slug, 0) >= n for slug, n in need.items())


def to_move_index(order: list[str], player: Any) -> int:
    """Where a scenario's ``to_move`` stands in the turn order; ValueError naming the players if it is not one."""
    if player not in order:
        raise ValueError(f"to_move: {player!r} is not a player ({', '.join(order)})")
    return order.index(player)
