"""Fuzz the scenario runner: odd values in ``given`` blocks and odd action texts in steps.

Each case takes a real scenario of the project (scenarios/), changes one thing, writes it as a
scenario file and runs it as ``kb check`` does (read the file, then run it). A case may be refused
or fail; what it must never do is raise anything else (a traceback for the author), run past the
time limit, or exhaust memory. Seeded, so a run is repeatable; bounded in time and memory per case.

    .venv/bin/python scripts/fuzz_scenarios.py --mode given --cases 10000 --seed 1
    .venv/bin/python scripts/fuzz_scenarios.py --mode actions --cases 10000 --seed 1 --game viscounts

A refusal of ``given`` must also begin with the field it is about (``players.red.deniers: ...``);
one that does not counts as a place that raised. ``--random-steps N`` plays N random legal actions
from each position that starts, checking the game's invariants after each: a listed action must apply.

It prints the cases per game, then each place in the code that raised, with the first case that
reached it (``--save DIR`` writes those cases as files for ``kb check``). Exit 1 if any case raised,
hung, ran out of memory or was refused without its field. The tests of each game call ``fuzz``.
"""

from __future__ import annotations

import argparse
import copy
import functools
import random
import re
import resource
import signal
import sys
import tempfile
import time
import traceback
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.core import EngineError  # noqa: E402
from engine.registry import GAMES  # noqa: E402
from engine.scenario import Result, ScenarioError, load_all, run_each, start  # noqa: E402
from engine.scenario_file import read_scenarios  # noqa: E402

SECONDS_PER_CASE = 10
MEMORY_BYTES = 1536 * 2**20
"""The issue's bound for one bad input: 10 s and 1.5 GB."""

ODD_VALUES: list[Any] = [
    None, True, False, 0, -1, 1, 2, 7, 99, 10**6, 10**9, 10**30, -(10**30), 2**63, 1.5, -0.5,
    "", " ", "x", "-1", "0", "²", "٣", "1e9", "None", "red", "blue", "yellow", "green", "nobody",
    "é" * 3, "a" * 500, "turns", "end", "castle", [], [None], [[]], ["x"], [1, 2, 3], {}, {"x": 1},
    {"": None}, [{"x": [1]}],
]
"""Values of the wrong kind, out of range, or of the right kind but naming nothing."""

GAME_ODD_VALUES: dict[str, list[Any]] = {
    "caylus": ["purple", "10", float("nan"), ["red", "red"], {"red": None}, {"1": {"building": "x"}},
               {"building": "gate", "owner": "purple", "worker": "x"}, {"x": {"y": []}}],
    "duel": ["I", "wool", "0/5", "personal", "a-income", "turns", "over", "conflict", ["red", "red"], [1, 1]],
    "maharaja": ["a", "start", "setup", "turns", "over", [-1], [1, 1], ["red", "red"], {"red": 1}, {"red": -1}],
    "viscounts": ["o99", "monk", {"a": [1, {"b": None}]}, [[None]]],
}
"""Odd values of one game, merged into ODD_VALUES for its cases: its words in the wrong place."""

NEW_KEYS: dict[str, list[str]] = {
    "caylus": ["purple", "x", "99", "0", "²", "gate", "-1", "29", "1", "16", "inn", "towers", "gold", "deniers", ""],
    "duel": ["purple", "x", "", "I", "IV", "wool", "gold", "0", "conflict"],
    "maharaja": ["players", "red", "purple", "gold", "reserve", "characters", "architect", "chits", "disc", "acted",
                 "villages", "cities", "track", "bank", "maharaja", "round", "phase", "acting", "turn", "auction",
                 "last_round", "last_scoring", "to_move", "inner", "outer", "houses", "sb1", "bidders", "high"],
    "viscounts": ["purple", "tower", "pink", "9z", "leader", "order", "stage", "turn", "round", "townsfolk", "solo",
                  "queue", "pairs", "kind", "rotation"],
}
"""Keys to add to a mapping of ``given``: a stranger, a space off the board, a field in the wrong place."""

FIELD_FIRST = re.compile(r"^[^\s:]*: ")
"""A refusal of ``given`` begins with the field it is about (``players.red.deniers: ...``)."""

ODD_TOKENS = ["²", "⁴", "٣", "0", "-1", "1e9", "99999999999999999999", "@", "@0", "@99", "x", "é", "None",
              "red", "blue", "nobody", "pass", "place", "a" * 200, "1.5", "+", "=", ":", ",", "$", "\u200b"]
"""Words to put into an action: odd digits, huge numbers, separators, names of nothing."""


class Hang(Exception):
    pass


@dataclass
class Outcome:
    kind: str
    """``ok`` (ran and passed), ``failed`` (ran; a step or expectation failed), ``refused`` (its file,
    options or given reported at a line), ``raised`` (also: hung, refused without its field)."""
    where: str = ""
    detail: str = ""


def _on_alarm(signum: int, frame: Any) -> None:
    raise Hang()


def _nodes(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path into a nested value, containers included."""
    found = [path]
    if isinstance(value, dict):
        for key, child in value.items():
            found += _nodes(child, (*path, key))
    elif isinstance(value, list):
        for i, child in enumerate(value):
            found += _nodes(child, (*path, i))
    return found


def _leaves(value: Any) -> list[Any]:
    if isinstance(value, dict):
        return [leaf for child in value.values() for leaf in _leaves(child)]
    if isinstance(value, list):
        return [leaf for child in value for leaf in _leaves(child)]
    return [value]


def _replace(root: Any, path: tuple[Any, ...], new: Any) -> Any:
    if not path:
        return new
    parent = root
    for part in path[:-1]:
        parent = parent[part]
    parent[path[-1]] = new
    return root


def _delete(root: Any, path: tuple[Any, ...]) -> Any:
    parent = root
    for part in path[:-1]:
        parent = parent[part]
    del parent[path[-1]]
    return root


def mutate_given(rng: random.Random, raw: dict[str, Any], start: dict[str, Any],
                 odd: list[Any] = ODD_VALUES, new_keys: list[str] | None = None) -> dict[str, Any]:
    """The scenario with one part of its ``given`` changed: a value replaced by an odd one or by a
    value from elsewhere in the position, deleted, a list emptied or grown, or (given ``new_keys``)
    a mapping given a new key holding an odd value or a little nest of them."""
    case = copy.deepcopy(raw)
    given = case.setdefault("given", {}) or {}
    case["given"] = given
    # half the time a part the scenario writes (its shape passes the merge, so odd values reach the
    # position checks), else any part of the full start
    keys = sorted(given if given and rng.random() < 0.5 else set(given) | set(start), key=str)
    key = rng.choice(keys)
    given[key] = copy.deepcopy(given[key] if key in given else start[key])
    path = rng.choice(_nodes(given[key]))
    target: Any = given[key]
    for part in path:
        target = target[part]
    if new_keys and rng.random() < 0.2:
        mappings = [p for p in _nodes(given) if isinstance(_at(given, p), dict)]
        _at(given, rng.choice(mappings))[rng.choice(new_keys)] = _odd_nest(rng, odd, new_keys)
        return case
    roll = rng.random()
    if roll < 0.55:
        new = copy.deepcopy(rng.choice(odd))
    elif roll < 0.8:
        new = copy.deepcopy(rng.choice(_leaves(start) or [None]))  # right kind, wrong place
    elif roll < 0.9 and path:
        _delete(given[key], path)
        return case
    elif isinstance(target, list) and target:
        new = target + [copy.deepcopy(rng.choice(target))] if rng.random() < 0.5 else []
    else:
        new = copy.deepcopy(rng.choice(odd))
    given[key] = _replace(given[key], path, new)
    return case


def _at(root: Any, path: tuple[Any, ...]) -> Any:
    for part in path:
        root = root[part]
    return root


def _odd_nest(rng: random.Random, odd: list[Any], keys: list[str], depth: int = 0) -> Any:
    """An odd value, or a mapping of new keys to odd values (two levels at most)."""
    if depth < 2 and rng.random() < 0.3:
        return {rng.choice(keys): _odd_nest(rng, odd, keys, depth + 1) for _ in range(rng.randint(1, 3))}
    return copy.deepcopy(rng.choice(odd))


def mutate_action(rng: random.Random, raw: dict[str, Any], legal_words: list[str]) -> dict[str, Any]:
    """The scenario with one step's action text changed a word at a time."""
    case = copy.deepcopy(raw)
    steps = case.get("steps") or []
    if not steps:
        case["steps"] = steps = ["x"]
    j = rng.randrange(len(steps))
    step = steps[j] if isinstance(steps[j], dict) else {"do": steps[j]}
    words = str(step.get("do", "")).split()
    for _ in range(rng.randint(1, 3)):
        roll = rng.random()
        token = rng.choice(ODD_TOKENS) if rng.random() < 0.6 else rng.choice(legal_words or ODD_TOKENS)
        if roll < 0.45 and words:
            words[rng.randrange(len(words))] = token
        elif roll < 0.6 and words:
            del words[rng.randrange(len(words))]
        elif roll < 0.8:
            words.insert(rng.randint(0, len(words)), token)
        elif words:  # glue a token onto a word: 'quarry@²', '3x'
            i = rng.randrange(len(words))
            words[i] = words[i] + token if rng.random() < 0.5 else token + words[i]
    step["do"] = " ".join(words)
    steps[j] = step
    return case


def as_yaml(case: dict[str, Any]) -> str:
    """A scenario file holding the case; written by libyaml where it is built in (the pure-Python
    writer took 40% of a case's time)."""
    dumper = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
    return yaml.dump({"scenarios": [case]}, Dumper=dumper, allow_unicode=True, sort_keys=False)


def run_case(case: dict[str, Any], folder: Path, random_steps: int = 0, seed: int = 0) -> Outcome:
    """Read and run one scenario as ``kb check`` does; what came of it. With ``random_steps``, a
    position that starts also plays that many random legal actions (seeded), its invariants
    checked after each."""
    path = folder / "case.yaml"
    path.write_text(as_yaml(case), encoding="utf-8")
    before = signal.signal(signal.SIGALRM, _on_alarm)  # the default action of the alarm ends the process
    signal.alarm(SECONDS_PER_CASE)
    try:
        scenarios, problems = read_scenarios(path, "case.yaml", GAMES)
        if problems:
            return Outcome("refused")
        results = run_each(scenarios)
        unclear = _refused_without_field(results)
        if unclear:
            return Outcome("raised", "a refusal of given without its field", unclear[:200])
        if any(r.unplayable for r in results):
            return Outcome("refused")
        if random_steps:
            _play(scenarios[0], random_steps, seed)
        return Outcome("ok" if all(r.passed for r in results) else "failed")
    except ScenarioError:
        return Outcome("refused")
    except Hang:
        return Outcome("raised", "hang", f"over {SECONDS_PER_CASE} s")
    except MemoryError:
        return Outcome("raised", "memory", f"over {MEMORY_BYTES // 2**20} MB")
    except Exception as exc:  # noqa: BLE001 - what the fuzzer looks for
        frames = [f for f in traceback.extract_tb(exc.__traceback__) if str(ROOT) in f.filename and "/scripts/" not in f.filename]
        last = frames[-1] if frames else traceback.extract_tb(exc.__traceback__)[-1]
        where = f"{Path(last.filename).relative_to(ROOT) if str(ROOT) in last.filename else last.filename}:{last.lineno} {type(exc).__name__}"
        return Outcome("raised", where, str(exc)[:200])
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, before)


def _refused_without_field(results: list[Result]) -> str:
    """The first refusal of ``given`` that does not begin with its field, or ''."""
    for result in results:
        for problem in result.unplayable:
            if problem.at[-1:] == ("given",) and not FIELD_FIRST.match(problem.message):
                return problem.message
    return ""


class ListedActionFailed(Exception):
    """An action the engine listed as legal did not apply: a fault, not a refusal."""


def _play(scenario: Any, steps: int, seed: int) -> None:
    """Random legal actions from the scenario's start; the invariants checked after each."""
    rng = random.Random(seed)
    engine, state = start(scenario)
    for _ in range(steps):
        actions = engine.legal_actions(state)
        if engine.is_terminal(state) or not actions:
            return
        action = rng.choice(actions)
        try:
            engine.apply(state, action)
        except EngineError as exc:
            raise ListedActionFailed(f"{action}: {exc}") from exc
        engine.check(state)


@dataclass
class Report:
    """What a run of the fuzzer found: the outcomes by game and kind, and each place that raised with
    how often, its first message and its first case."""

    counts: Counter[tuple[str, str]]
    places: dict[str, tuple[int, str, dict[str, Any]]]

    def describe(self) -> str:
        return "\n".join(f"RAISED {times:>5}x at {where}: {detail}\n    given: {repr(case.get('given'))[:300]}"
                         f"\n    steps: {repr(case.get('steps'))[:300]}"
                         for where, (times, detail, case) in sorted(self.places.items(), key=lambda p: -p[1][0]))


@functools.cache
def _real_scenarios() -> list[Any]:
    """The project's scenarios, read once per process (each game's test runs its own sample); the
    cases copy what they change."""
    return load_all()


@functools.cache
def _standard_start(game: str) -> tuple[dict[str, Any], list[str]]:
    """A game's standard start as plain data, and the words of its legal actions."""
    engine = GAMES[game]()
    state = engine.scenario_start({})
    return state.to_dict(), sorted({w for a in engine.legal_actions(state) for w in str(a).split()})


def fuzz(mode: str, cases: int, seed: int, game: str | None = None, random_steps: int = 0) -> Report:
    """Run ``cases`` seeded cases of ``mode`` (``given`` or ``actions``) on the real scenarios (of
    ``game``, or of all games); bounded in time per case (not in memory: ``main`` sets that)."""
    rng = random.Random(seed)
    scenarios = [s for s in _real_scenarios() if game in (None, s.raw["game"])]
    starts = {name: _standard_start(name)[0] for name in {s.raw["game"] for s in scenarios}}
    words = {name: _standard_start(name)[1] for name in starts}
    counts: Counter[tuple[str, str]] = Counter()
    places: dict[str, tuple[int, str, dict[str, Any]]] = {}
    with tempfile.TemporaryDirectory(prefix="fuzz-") as folder:
        for n in range(cases):
            scenario = rng.choice(scenarios)
            name = scenario.raw["game"]
            raw = copy.deepcopy(scenario.raw)
            if mode == "given":
                case = mutate_given(rng, raw, starts[name], ODD_VALUES + GAME_ODD_VALUES.get(name, []), NEW_KEYS.get(name))
            else:
                case = mutate_action(rng, raw, words[name])
            case["id"] = f"{name}.scenario.fuzz-{n}"
            outcome = run_case(case, Path(folder), random_steps, seed=n)
            counts[(name, outcome.kind)] += 1
            if outcome.kind == "raised":
                seen = places.get(outcome.where)
                places[outcome.where] = (seen[0] + 1 if seen else 1, seen[1] if seen else outcome.detail,
                                         seen[2] if seen else case)
    return Report(counts, places)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mode", choices=("given", "actions"), required=True)
    parser.add_argument("--cases", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--game", choices=sorted(GAMES), help="Only the scenarios of this game")
    parser.add_argument("--random-steps", type=int, default=0, help="Random legal actions to play from each position that starts")
    parser.add_argument("--save", type=Path, help="Write the first case of each place that raised here")
    args = parser.parse_args()
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_BYTES, MEMORY_BYTES))
    started = time.perf_counter()
    report = fuzz(args.mode, args.cases, args.seed, args.game, args.random_steps)
    seconds = time.perf_counter() - started
    print(f"{args.cases} cases ({args.mode}, seed {args.seed}) in {seconds:.0f} s")
    for game in sorted({g for g, _ in report.counts}):
        print(f"  {game:<10} passed {report.counts[(game, 'ok')]:>6}  failed {report.counts[(game, 'failed')]:>6}  "
              f"refused {report.counts[(game, 'refused')]:>6}  raised {report.counts[(game, 'raised')]:>5}")
    if report.places:
        print(report.describe())
    for where, (_, _, case) in report.places.items():
        if args.save:
            args.save.mkdir(parents=True, exist_ok=True)
            name = where.replace("/", "_").replace(":", "_").replace(" ", "_")
            (args.save / f"{name}.yaml").write_text(as_yaml(case), encoding="utf-8")
    print(f"{sum(t for t, _, _ in report.places.values())} case(s) raised at {len(report.places)} place(s)")
    return 1 if report.places else 0


if __name__ == "__main__":
    sys.exit(main())
