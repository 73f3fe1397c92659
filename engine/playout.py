"""Seeded random playouts with invariant checks: the conformance test and the benchmark share this."""

from __future__ import annotations

import random
import statistics
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from engine.core import Action, EngineError


class Engine(Protocol):
    def new_state(self) -> Any: ...
    def legal_actions(self, state: Any) -> list[Action]: ...
    def apply(self, state: Any, action: Action | str) -> None: ...
    def is_terminal(self, state: Any) -> bool: ...
    def scores(self, state: Any) -> dict[str, int]: ...
    def winners(self, state: Any) -> list[str]: ...
    def check(self, state: Any) -> None: ...
    def progress(self, state: Any) -> dict[str, int]: ...


@dataclass
class Playout:
    seed: int
    steps: int = 0
    scores: dict[str, int] = field(default_factory=dict)
    winners: list[str] = field(default_factory=list)
    """After the game's own tie-breaks; several when they still leave a tie."""
    violations: list[str] = field(default_factory=list)


def play(engine: Engine, seed: int, max_steps: int = 20000, probe_every: int = 0) -> Playout:
    """Play one game choosing at random among legal actions (chance included): uniformly, or by the
    engine's ``playout_weights(state, actions)`` when it has them (a game whose every turn may end
    at once would otherwise rarely get anywhere).

    After every step the state's invariants are checked, and values that may only grow (the
    bailiff, the turn) are compared with the step before. With ``probe_every`` = N, every Nth
    step also applies each listed legal action to a copy, to prove that all of them apply.
    """
    rng = random.Random(seed)
    result = Playout(seed)
    state = engine.new_state()
    before = engine.progress(state)
    while not engine.is_terminal(state):
        if result.steps >= max_steps:
            result.violations.append(f"seed {seed}: no end after {max_steps} steps")
            return result
        actions = engine.legal_actions(state)
        if not actions:
            result.violations.append(f"seed {seed} step {result.steps}: no legal action in a running game")
            return result
        if probe_every and result.steps % probe_every == 0:
            for action in actions:
                trial = state.copy()
                try:
                    engine.apply(trial, action)
                except EngineError as exc:
                    result.violations.append(f"seed {seed} step {result.steps}: listed action {action} fails: {exc}")
        weigh = getattr(engine, "playout_weights", None)
        action = rng.choices(actions, weights=weigh(state, actions))[0] if weigh else rng.choice(actions)
        try:
            engine.apply(state, action)
            engine.check(state)
        except EngineError as exc:
            result.violations.append(f"seed {seed} step {result.steps} after {action}: {exc}")
            return result
        after = engine.progress(state)
        for key, value in after.items():
            if value < before.get(key, value):
                result.violations.append(f"seed {seed} step {result.steps}: {key} went back from {before[key]} to {value}")
        before = after
        result.steps += 1
    result.scores = engine.scores(state)
    result.winners = engine.winners(state)
    return result


def summary(playouts: Sequence[Playout], seats: Sequence[str]) -> dict[str, Any]:
    """What a run of playouts came to: game length in steps, and per seat (in turn order) its wins
    (a shared win counts as a share) and its mean score, over the games that ended."""
    ended = [p for p in playouts if p.scores]
    lengths = [p.steps for p in ended]
    seats = [*seats, *dict.fromkeys(s for p in ended for s in p.scores if s not in seats)]  # seats the engine adds (an AI)
    wins = dict.fromkeys(seats, 0.0)
    for p in ended:
        for seat in p.winners:
            wins[seat] += 1 / len(p.winners)
    return {
        "ended": len(ended),
        "steps": {"min": min(lengths), "median": statistics.median(lengths), "max": max(lengths)} if lengths else None,
        "seats": [{"seat": seat, "wins": round(wins[seat], 2),
                   "mean_score": round(statistics.fmean(p.scores[seat] for p in ended), 1) if ended else None}
                  for seat in seats],
    }
