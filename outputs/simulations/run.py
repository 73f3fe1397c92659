"""Seeded random games summed up: what a run of ``engine.playout.play`` came to, in plain counts.

Each game is played by :func:`engine.playout.play` (every invariant checked after every step). A thin
recorder around the engine keeps the state it hands out, so that the final position and its log can
be read after the game, and notes every action played and the decision it answered: that decision's
rule id is what "a rule fired" means here (the rule under which a player, or chance, had to choose).

Everything counted is an integer, so that games split over processes sum to exactly the same
statistics as games played in one: the same seeds give the same numbers whatever ``jobs`` is.
"""

from __future__ import annotations

import multiprocessing
import re
from collections import Counter
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from catalog import Catalog
from engine.core import CHANCE, Action
from engine.playout import play

CHUNK = 200
ID_PART = re.compile(r"[a-z0-9][a-z0-9-]*")
"""The shape of an entry id's last part (catalog/model.py ID_PATTERN): only an argument of this shape can
name a piece, so only those are counted (not the lists and bundles some actions take)."""
"""Games per task handed to a worker process."""


class PlayoutError(Exception):
    """A simulated game broke an invariant, or the playout no longer reports what is counted."""


class _Recorder:
    """The engine as ``play`` sees it, keeping the state it made and the rule of every decision taken."""

    def __init__(self, engine: Any) -> None:
        self.engine = engine
        self.state: Any = None
        self.rules: list[str] = []
        self.actions: list[str] = []

    def __getattr__(self, name: str) -> Any:
        return getattr(self.engine, name)

    def new_state(self) -> Any:
        self.state = self.engine.new_state()
        self.rules, self.actions = [], []
        return self.state

    def apply(self, state: Any, action: Action | str) -> None:
        decision = self.engine.current(state)
        self.rules.append(decision.rule if decision is not None else "")
        self.actions.append(str(action))
        self.engine.apply(state, action)


@dataclass
class Tally:
    """Counts over a set of games of one player count (seats are numbered in the order of their first move)."""

    games: int = 0
    ended: int = 0
    violations: list[str] = field(default_factory=list)
    sole_wins: Counter[int] = field(default_factory=Counter)
    shared_wins: Counter[int] = field(default_factory=Counter)
    score_sums: Counter[int] = field(default_factory=Counter)
    scores: Counter[int] = field(default_factory=Counter)
    """Final score -> how many players (any seat) ended with it."""
    winning_scores: Counter[int] = field(default_factory=Counter)
    steps: Counter[int] = field(default_factory=Counter)
    progress: dict[str, Counter[int]] = field(default_factory=dict)
    """Each of the engine's progress counters (turn, round ...) -> its final value -> games."""
    verbs: Counter[str] = field(default_factory=Counter)
    """Actions of the players (not chance) by verb."""
    verb_games: Counter[str] = field(default_factory=Counter)
    """Games in which a verb was used at least once."""
    arguments: Counter[str] = field(default_factory=Counter)
    """``verb argument`` for every player action whose first argument (without an ``@`` place) is shaped
    like an id's last part (ID_PART). The page and the table keep those whose argument names an entry (a
    piece: page.pieces); that is decided when they are drawn, so that the counts depend on no entry the
    results' key leaves out."""
    argument_games: Counter[str] = field(default_factory=Counter)
    rules: Counter[str] = field(default_factory=Counter)
    """Decisions taken, by the rule id they were asked under (chance included)."""
    rule_games: Counter[str] = field(default_factory=Counter)
    events: Counter[str] = field(default_factory=Counter)
    """What the engine itself counts in a finished game, when it has ``game_stats(state)`` (see below)."""
    event_games: Counter[str] = field(default_factory=Counter)

    def add(self, other: Tally) -> None:
        self.games += other.games
        self.ended += other.ended
        self.violations += other.violations
        for name in ("sole_wins", "shared_wins", "score_sums", "scores", "winning_scores", "steps", "verbs",
                     "verb_games", "arguments", "argument_games", "rules", "rule_games", "events", "event_games"):
            getattr(self, name).update(getattr(other, name))
        for key, counts in other.progress.items():
            self.progress.setdefault(key, Counter()).update(counts)

    def to_dict(self) -> dict[str, Any]:
        def plain(counter: Mapping[Any, int]) -> dict[str, int]:
            return {str(k): v for k, v in sorted(counter.items())}

        return {"games": self.games, "ended": self.ended, "violations": self.violations[:20],
                "violation_count": len(self.violations),
                "sole_wins": plain(self.sole_wins), "shared_wins": plain(self.shared_wins),
                "score_sums": plain(self.score_sums), "scores": plain(self.scores),
                "winning_scores": plain(self.winning_scores), "steps": plain(self.steps),
                "progress": {k: plain(v) for k, v in sorted(self.progress.items())},
                "verbs": plain(self.verbs), "verb_games": plain(self.verb_games),
                "arguments": plain(self.arguments), "argument_games": plain(self.argument_games),
                "rules": plain(self.rules), "rule_games": plain(self.rule_games),
                "events": plain(self.events), "event_games": plain(self.event_games)}


def tally_game(recorder: _Recorder, seed: int) -> Tally:
    """Play one seeded game and count what happened in it."""
    tally = Tally(games=1)
    result = play(recorder, seed)
    if result.violations:
        tally.violations = list(result.violations)
        return tally
    if len(recorder.rules) != result.steps:
        raise PlayoutError(f"seed {seed}: {result.steps} steps played but {len(recorder.rules)} went through apply(); "
                           "the playout changed how it plays a step, and outputs/simulations/run.py must follow")
    state, engine = recorder.state, recorder.engine
    seats: list[str] = []
    used: dict[str, set[str]] = {"verbs": set(), "arguments": set(), "rules": set(recorder.rules)}
    for action in recorder.actions:
        words = action.split()
        if words[0] == CHANCE:
            continue
        if words[0] not in seats:
            seats.append(words[0])
        tally.verbs[words[1]] += 1
        used["verbs"].add(words[1])
        if len(words) > 2 and ID_PART.fullmatch(word := words[2].split("@")[0]):
            argument = f"{words[1]} {word}"
            tally.arguments[argument] += 1
            used["arguments"].add(argument)
    seats += [p for p in engine.players if p not in seats]
    # a player the engine adds and plays itself (a solo game's AI) makes no choices: it comes last
    seats += [p for p in result.scores if p not in seats]
    tally.rules.update(recorder.rules)
    tally.verb_games.update(used["verbs"])
    tally.argument_games.update(used["arguments"])
    tally.rule_games.update(used["rules"])
    tally.ended = 1
    tally.steps[result.steps] += 1
    # An engine may count more than its actions show (a scoring, a rule applied without a choice):
    # ``game_stats(state) -> {label: count}`` on the finished state, labels in plain English.
    stats = getattr(engine, "game_stats", None)
    if stats is not None:
        counted = {label: n for label, n in stats(state).items() if n}
        tally.events.update(counted)
        tally.event_games.update(counted.keys())
    for key, value in engine.progress(state).items():
        tally.progress.setdefault(key, Counter())[value] += 1
    for seat, player in enumerate(seats, start=1):
        score = result.scores[player]
        tally.score_sums[seat] += score
        tally.scores[score] += 1
        if player in result.winners:
            (tally.sole_wins if len(result.winners) == 1 else tally.shared_wins)[seat] += 1
    tally.winning_scores[max(result.scores.values())] += 1
    return tally


# --- many games, in one process or several -----------------------------------------------------

_WORKER: dict[str, Any] = {}


def _init_worker(factory: Callable[..., Any], catalog: Catalog) -> None:
    _WORKER.update(factory=factory, catalog=catalog)


def _tally_chunk(task: tuple[int, int, int]) -> Tally:
    players, first, count = task
    recorder = _Recorder(_WORKER["factory"](players=players, catalog=_WORKER["catalog"]))
    total = Tally()
    for seed in range(first, first + count):
        total.add(tally_game(recorder, seed))
    return total


def _chunks(players: int, games: int, seed: int) -> Iterator[tuple[int, int, int]]:
    for start in range(0, games, CHUNK):
        yield players, seed + start, min(CHUNK, games - start)


def simulate(factory: Callable[..., Any], players: int, games: int, catalog: Catalog,
             seed: int = 1, jobs: int = 1, progress: Callable[[int], None] | None = None) -> Tally:
    """Play ``games`` seeded random games (seeds ``seed`` .. ``seed + games - 1``) at one player count
    of the engine ``factory`` makes on ``catalog``, and sum them up; ``jobs`` > 1 spreads them over that
    many forked processes. ``progress`` gets the number of games finished so far."""
    total = Tally()
    tasks = list(_chunks(players, games, seed))
    if jobs <= 1 or len(tasks) == 1:
        _init_worker(factory, catalog)
        results: Iterator[Tally] = map(_tally_chunk, tasks)
        for part in results:
            total.add(part)
            if progress:
                progress(total.games)
        return total
    with multiprocessing.get_context("fork").Pool(jobs, _init_worker, (factory, catalog)) as pool:
        for part in pool.imap(_tally_chunk, tasks):
            total.add(part)
            if progress:
                progress(total.games)
    return total
