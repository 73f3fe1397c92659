"""Replaying a line: the scenario's position and steps (or a new game), then the moves, on the engine.

Chance (shuffles, draws) is not the explorer's to choose: where chance is to move, a draw seeded by the
line's seed and the number of steps played decides it (the engines' own playout weights, as the
simulations draw), so the same URL always gives the same position. A move list may still name a
chance move where chance is to move (``chance draw abbot``) to choose what it gives.

Replays are cached: the position after a line is kept (least recently used out), and a longer line
starts from the longest prefix kept, so exploring one move further replays one move. Everything the
replays read (the scenarios, the catalogs) is loaded once per process, on first use or by
:func:`warm`.
"""

from __future__ import annotations

import os
import random
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass, field, replace
from functools import cache, lru_cache
from typing import Any

import engine as engines
from engine.catalog import default_catalog
from engine.core import CHANCE, EngineError, IllegalAction
from engine.playout import pick
from engine.registry import GAMES
from engine.scenario import Scenario, ScenarioError, load_all, start
from outputs.explore.request import NEW, ExploreError, Line

CACHED = int(os.environ.get("KB_EXPLORE_CACHE", "256"))
"""Positions kept (each a copy of an engine state: tens of KB); ``KB_EXPLORE_CACHE=0`` keeps none, so every
request replays its whole line (scripts/bench_explore.py measures that worst case)."""
MAX_DRAWS = 1_000
"""Chance steps in a row before the replay gives up (no engine draws more than a deck's worth)."""


@dataclass(frozen=True)
class Played:
    """One step as played: the notation given, the action as the engine completed it, the kind of
    decision it answered, the state's plain data before it and the chance draws that followed."""

    notation: str
    played: str
    decision: str | None
    before: dict[str, Any] = field(repr=False)
    drawn: tuple[str, ...] = ()


@dataclass(frozen=True)
class Start:
    game: str
    title: str
    engine: Any
    state: Any
    """Never changed: each replay works on a copy."""
    last: Played | None
    """The scenario's last step played (None for a new game)."""


@dataclass
class Position:
    line: Line
    start: Start
    state: Any
    last: Played | None
    drawn: tuple[str, ...]
    """Every chance move drawn for the line (the seed chose them), in order."""
    plain: dict[str, Any] | None = None
    """The state's plain data once made (its answer's words read it; so does the narration of the next
    move, which starts from this state): dropped when a move changes the state."""

    def data(self) -> dict[str, Any]:
        if self.plain is None:
            self.plain = self.state.to_dict()
        return self.plain


class Refused(Exception):
    """A move of the line the engine refuses: its place in the line, and the position before it."""

    def __init__(self, index: int, move: str, error: IllegalAction, position: Position):
        super().__init__(str(error))
        self.index, self.move, self.error, self.position = index, move, error, position


@cache
def scenarios() -> dict[str, Scenario]:
    return {s.id: s for s in load_all()}


def known() -> str:
    """A hint naming what may be explored."""
    ids = sorted(scenarios())
    return (f"a scenario id ({len(ids)} of them, such as {', '.join(ids[:2])}; the walkthroughs name them) "
            f"or a new game: {', '.join(g + NEW for g in sorted(GAMES))}")


def warm() -> None:
    """Load the scenarios and the catalogs now (a server does it at start-up, not on its first request)."""
    for game in GAMES:
        engines.game(game)
    scenarios()


@lru_cache(maxsize=512)
def starting(source: str, players: int | None, step: int | None = None) -> Start:
    game = source.removesuffix(NEW) if source.endswith(NEW) else None
    if game is not None:
        if game not in GAMES:
            raise ExploreError(f"scenario: no game {game!r}; a new game is one of {', '.join(g + NEW for g in sorted(GAMES))}")
        try:
            engine = engines.game(game, **({"players": players} if players is not None else {}))
        except (ValueError, TypeError, KeyError) as exc:
            raise ExploreError(f"players: {exc}") from None
        catalog = default_catalog()
        name = catalog.get(game).names.en if game in catalog.entries else game
        return Start(game, f"A new game of {name} for {len(engine.players)}", engine, engine.new_state(), None)
    scenario = scenarios().get(source)
    if scenario is None:
        raise ExploreError(f"scenario: no scenario {source!r}; give {known()}")
    try:
        engine, state = start(scenario)
    except ScenarioError as exc:
        raise ExploreError(f"scenario {source!r} gives no position in this build: {exc}") from None
    last = None
    steps = scenario.raw.get("steps") or []
    if step is not None and step > len(steps):
        raise ExploreError(f"step: scenario {source!r} has {len(steps)} steps; give 0 (its starting position) to {len(steps)}")
    for given in steps[:step]:
        spec = given if isinstance(given, dict) else {"do": given}
        if "illegal" in spec:  # a refused step changes nothing
            continue
        decision, before, steps = engine.current(state), state.to_dict(), len(state.log)
        try:
            engine.apply(state, str(spec["do"]))
        except EngineError as exc:
            raise ExploreError(f"scenario {source!r} fails in this build at {spec['do']!r}: {exc}") from None
        last = Played(str(spec["do"]), state.log[steps], decision.kind if decision else None, before)
    return Start(scenario.raw["game"], str(scenario.raw.get("title") or source), engine, state, last)


class Replays:
    """The positions of lines replayed lately, and the replay itself."""

    def __init__(self, size: int = CACHED):
        self.size = size
        self.kept: OrderedDict[Line, Position] = OrderedDict()
        self.lock = threading.Lock()

    def position(self, line: Line, budget_s: float) -> Position:
        """The position after the line; ExploreError (400) for a line that cannot be played, (503) past
        the time budget; :class:`Refused` for a move the engine refuses."""
        deadline = time.monotonic() + budget_s
        found, done = self._longest_prefix(line)
        if found is not None and done == len(line.moves):
            return found  # kept as it was made: its readers only read it
        if found is None:
            first = starting(line.source, line.players, line.step)
            found = Position(replace(line, moves=()), first, first.state.copy(), first.last, ())
            found.drawn = self._draw(found, line.moves[0] if line.moves else None, deadline)
            found.plain = None
            if found.last is not None:  # the scenario's last step, then what chance drew after it
                found.last = replace(found.last, drawn=found.drawn)
        else:
            found = Position(found.line, found.start, found.state.copy(), found.last, found.drawn, found.plain)
        for i in range(done, len(line.moves)):
            self._play(found, i, line.moves[i], deadline, last=i == len(line.moves) - 1)
            following = line.moves[i + 1] if i + 1 < len(line.moves) else None
            drawn = self._draw(found, following, deadline)
            found.last = replace(found.last, drawn=drawn) if found.last else None
            found.drawn += drawn
            found.plain = None
            found.line = replace(line, moves=line.moves[:i + 1])
        with self.lock:  # kept as it is: no one changes a position once made (a longer line copies it)
            self.kept[line] = found
            while len(self.kept) > self.size:
                self.kept.popitem(last=False)
        return found

    def _longest_prefix(self, line: Line) -> tuple[Position | None, int]:
        """The position kept of the longest prefix of the line, and its length. One after which chance drew
        does not do where the line names chance's move next (the line chooses that draw itself)."""
        with self.lock:
            for done in range(len(line.moves), -1, -1):
                key = replace(line, moves=line.moves[:done])
                kept = self.kept.get(key)
                if kept is None:
                    continue
                trailing = kept.last.drawn if kept.last is not None and done else kept.drawn
                if done < len(line.moves) and trailing and line.moves[done].lower().startswith(CHANCE + " "):
                    continue
                self.kept.move_to_end(key)
                return kept, done
        return None, 0

    def _play(self, at: Position, index: int, move: str, deadline: float, last: bool) -> None:
        """Play one move of the line; the state before it is kept only for the line's last move (its
        narration says what it changed), as copying it costs more than the move."""
        if time.monotonic() > deadline:
            raise ExploreError(f"the replay took longer than its budget and stopped at move {index + 1}; "
                               "ask for a shorter line, or again in a moment", status=503)
        engine, state = at.start.engine, at.state
        decision, before, steps = engine.current(state), at.data() if last else {}, len(state.log)
        at.plain = None  # the state is about to change
        try:
            engine.apply(state, move)
        except IllegalAction as exc:
            raise Refused(index, move, exc, at) from None
        except EngineError as exc:
            raise ExploreError(f"moves: move {index + 1} ({move!r}) cannot be played: {exc}") from None
        except (ValueError, KeyError, IndexError, TypeError) as exc:  # notation an engine's parser chokes on
            raise ExploreError(f"moves: move {index + 1} ({move!r}) is not a move of this game ({type(exc).__name__}: "
                               f"{exc})") from None
        at.last = Played(move, state.log[steps] if len(state.log) > steps else move, decision.kind if decision else None, before)

    def _draw(self, at: Position, following: str | None, deadline: float) -> tuple[str, ...]:
        """Chance's moves while chance is to move, unless the next move of the line is chance's own."""
        engine, state = at.start.engine, at.state
        drawn: list[str] = []
        weigh = getattr(engine, "playout_weights", None)
        while engine.to_move(state) == CHANCE and not (following or "").lower().startswith(CHANCE + " "):
            if len(drawn) >= MAX_DRAWS or time.monotonic() > deadline:
                raise ExploreError("chance kept drawing past the replay's budget; ask for a shorter line", status=503)
            actions = engine.legal_actions(state)
            rng = random.Random(f"{at.line.seed}/{len(state.log)}")
            action = pick(rng.random, actions, weigh(state, actions) if weigh else None)
            engine.apply(state, action)
            drawn.append(str(action))
        return tuple(drawn)


REPLAYS = Replays()
"""The process's cache of replays (the API's and the CLI's)."""
