"""Seeded random playouts with invariant checks: the conformance test and the benchmark share this."""

from __future__ import annotations

import ctypes
from bisect import bisect
from itertools import accumulate
from math import floor
import multiprocessing
import random
import signal
import statistics
from collections.abc import Callable, Iterable, Iterator, Sequence
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
    draw = rng.random
    result = Playout(seed)
    state = engine.new_state()
    # the engine's methods are looked up once: a game's steps number in the hundreds
    legal_actions, apply, check, progress, is_terminal = (engine.legal_actions, engine.apply, engine.check,
                                                          engine.progress, engine.is_terminal)
    before = progress(state)
    weigh = getattr(engine, "playout_weights", None)
    steps = 0
    while not is_terminal(state):
        if steps >= max_steps:
            result.violations.append(f"seed {seed}: no end after {max_steps} steps")
            result.steps = steps
            return result
        actions = legal_actions(state)
        if not actions:
            result.violations.append(f"seed {seed} step {steps}: no legal action in a running game")
            result.steps = steps
            return result
        if probe_every and steps % probe_every == 0:
            for action in actions:
                trial = state.copy()
                try:
                    apply(trial, action)
                except EngineError as exc:
                    result.violations.append(f"seed {seed} step {steps}: listed action {action} fails: {exc}")
        action = pick(draw, actions, weigh(state, actions)) if weigh else rng.choice(actions)
        try:
            apply(state, action)
            check(state)
        except EngineError as exc:
            result.violations.append(f"seed {seed} step {steps} after {action}: {exc}")
            result.steps = steps
            return result
        after = progress(state)
        for key, value in after.items():
            if value < before.get(key, value):
                result.violations.append(f"seed {seed} step {steps}: {key} went back from {before[key]} to {value}")
        before = after
        steps += 1
    result.steps = steps
    result.scores = engine.scores(state)
    result.winners = engine.winners(state)
    return result


def pick(draw: Callable[[], float], actions: Sequence[Action], weights: Sequence[float] | None) -> Action:
    """One action drawn as ``Random.choices(actions, weights)[0]`` draws it (the same use of the
    generator, so a seed gives the same game), without that function's general machinery, which
    cost more than an engine's whole step in a fast engine. ``weights`` None: a uniform draw."""
    if weights is None:
        return actions[floor(draw() * (len(actions) + 0.0))]
    totals = list(accumulate(weights))
    if len(totals) != len(actions) or not totals[-1] > 0.0:
        raise ValueError(f"weights {list(weights)!r} do not fit {len(actions)} actions")
    return actions[bisect(totals, draw() * (totals[-1] + 0.0), 0, len(actions) - 1)]


def play_many(engine: Engine, seeds: Iterable[int], jobs: int = 1, **options: Any) -> Iterator[Playout]:
    """``play(engine, seed, **options)`` for each seed, in the order of the seeds, spread over ``jobs``
    processes when it is more than 1. A game depends only on its seed, so the results are the same
    whatever ``jobs`` is.

    The workers are forked from this process (they start with its engine and catalog, nothing is
    loaded again), ignore Ctrl-C (the terminal sends it to them too; this process stops them), and
    are terminated on any exception here, KeyboardInterrupt and SystemExit included: the caller
    turns SIGTERM into one (``sys.exit``) and no worker outlives the run.
    """
    seeds = list(seeds)
    if jobs <= 1 or len(seeds) <= 1:
        for seed in seeds:
            yield play(engine, seed, **options)
        return
    context = multiprocessing.get_context("fork")
    pool = context.Pool(min(jobs, len(seeds)), initializer=_adopt, initargs=(engine, options))
    try:
        # small chunks keep the workers evenly busy and the progress moving; imap keeps seed order
        yield from pool.imap(_play_seed, seeds, chunksize=max(1, min(16, len(seeds) // (jobs * 8))))
        pool.close()
    finally:
        pool.terminate()
        pool.join()


_worker: tuple[Engine, dict[str, Any]] | None = None
"""The engine and options a worker process plays with (set once, when the worker starts)."""


def _adopt(engine: Engine, options: dict[str, Any]) -> None:
    global _worker
    _worker = (engine, options)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    _die_with_parent()


def _die_with_parent() -> None:
    """Ask Linux to end this worker if the process that started it dies without stopping it (SIGKILL)."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):  # not Linux: the pool's own shutdown has to do
        pass


def _play_seed(seed: int) -> Playout:
    assert _worker is not None, "a worker plays only after _adopt"
    engine, options = _worker
    return play(engine, seed, **options)


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
