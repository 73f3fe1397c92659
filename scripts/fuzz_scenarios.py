"""Fuzz the scenario runner: odd values in ``given`` blocks and odd action texts in steps.

Each case takes a real scenario of the project (scenarios/), changes one thing, writes it as a
scenario file and runs it as ``kb check`` does (read the file, then run it). A case may be refused
or fail; what it must never do is raise anything else (a traceback for the author), run past the
time limit, or exhaust memory. Seeded, so a run is repeatable; bounded in time and memory per case.

    .venv/bin/python scripts/fuzz_scenarios.py --mode given --cases 10000 --seed 1
    .venv/bin/python scripts/fuzz_scenarios.py --mode actions --cases 10000 --seed 1 --game viscounts

It prints the cases run and refused per game, then each place in the code that raised, with the
first case that reached it (``--save DIR`` writes those cases as files for ``kb check``). Exit 1 if
any case raised, hung or ran out of memory.
"""

from __future__ import annotations

import argparse
import copy
import random
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

from engine.registry import GAMES  # noqa: E402
from engine.scenario import ScenarioError, load_all, run_each  # noqa: E402
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

ODD_TOKENS = ["²", "⁴", "٣", "0", "-1", "1e9", "99999999999999999999", "@", "@0", "@99", "x", "é", "None",
              "red", "blue", "nobody", "pass", "place", "a" * 200, "1.5", "+", "=", ":", ",", "$", "\u200b"]
"""Words to put into an action: odd digits, huge numbers, separators, names of nothing."""


class Hang(Exception):
    pass


@dataclass
class Outcome:
    kind: str
    """``ok`` (ran: passed or failed), ``refused`` (reported at a line), or ``raised``."""
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


def mutate_given(rng: random.Random, raw: dict[str, Any], start: dict[str, Any]) -> dict[str, Any]:
    """The scenario with one part of its ``given`` changed: a value replaced by an odd one or by a
    value from elsewhere in the position, deleted, or a list emptied or grown."""
    case = copy.deepcopy(raw)
    given = case.setdefault("given", {}) or {}
    case["given"] = given
    keys = sorted(set(given) | set(start), key=str)
    key = rng.choice(keys)
    given[key] = copy.deepcopy(given[key] if key in given else start[key])
    path = rng.choice(_nodes(given[key]))
    target: Any = given[key]
    for part in path:
        target = target[part]
    roll = rng.random()
    if roll < 0.55:
        new = rng.choice(ODD_VALUES)
    elif roll < 0.8:
        new = copy.deepcopy(rng.choice(_leaves(start) or [None]))  # right kind, wrong place
    elif roll < 0.9 and path:
        _delete(given[key], path)
        return case
    elif isinstance(target, list) and target:
        new = target + [copy.deepcopy(rng.choice(target))] if rng.random() < 0.5 else []
    else:
        new = rng.choice(ODD_VALUES)
    given[key] = _replace(given[key], path, new)
    return case


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


def run_case(case: dict[str, Any], folder: Path) -> Outcome:
    """Read and run one scenario as ``kb check`` does; what came of it."""
    path = folder / "case.yaml"
    path.write_text(yaml.safe_dump({"scenarios": [case]}, allow_unicode=True, sort_keys=False), encoding="utf-8")
    signal.alarm(SECONDS_PER_CASE)
    try:
        scenarios, problems = read_scenarios(path, "case.yaml", GAMES)
        if problems:
            return Outcome("refused")
        results = run_each(scenarios)
        return Outcome("ok" if all(r.passed for r in results) else "refused")
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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mode", choices=("given", "actions"), required=True)
    parser.add_argument("--cases", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--game", choices=sorted(GAMES), help="Only the scenarios of this game")
    parser.add_argument("--save", type=Path, help="Write the first case of each place that raised here")
    args = parser.parse_args()
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_BYTES, MEMORY_BYTES))
    signal.signal(signal.SIGALRM, _on_alarm)
    rng = random.Random(args.seed)
    scenarios = [s for s in load_all() if args.game in (None, s.raw["game"])]
    starts: dict[str, dict[str, Any]] = {}
    words: dict[str, list[str]] = {}
    for game in sorted({s.raw["game"] for s in scenarios}):
        engine = GAMES[game]()
        state = engine.scenario_start({})
        starts[game] = state.to_dict()
        words[game] = sorted({w for a in engine.legal_actions(state) for w in str(a).split()})
    counts: Counter[tuple[str, str]] = Counter()
    places: dict[str, tuple[int, str, dict[str, Any]]] = {}
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="fuzz-") as folder:
        for n in range(args.cases):
            scenario = rng.choice(scenarios)
            game = scenario.raw["game"]
            raw = copy.deepcopy(scenario.raw)
            if args.mode == "given":
                case = mutate_given(rng, raw, starts[game])
            else:
                case = mutate_action(rng, raw, words[game])
            case["id"] = f"{game}.scenario.fuzz-{n}"
            outcome = run_case(case, Path(folder))
            counts[(game, outcome.kind)] += 1
            if outcome.kind == "raised":
                seen = places.get(outcome.where)
                places[outcome.where] = (seen[0] + 1 if seen else 1, seen[1] if seen else outcome.detail,
                                         seen[2] if seen else case)
    seconds = time.perf_counter() - started
    print(f"{args.cases} cases ({args.mode}, seed {args.seed}) in {seconds:.0f} s")
    for game in sorted({g for g, _ in counts}):
        print(f"  {game:<10} still passed {counts[(game, 'ok')]:>6}  refused or failed {counts[(game, 'refused')]:>6}  "
              f"raised {counts[(game, 'raised')]:>5}")
    for where, (times, detail, case) in sorted(places.items(), key=lambda p: -p[1][0]):
        print(f"RAISED {times:>5}x at {where}: {detail}")
        if args.save:
            args.save.mkdir(parents=True, exist_ok=True)
            name = where.replace("/", "_").replace(":", "_").replace(" ", "_")
            (args.save / f"{name}.yaml").write_text(yaml.safe_dump({"scenarios": [case]}, allow_unicode=True, sort_keys=False),
                                                     encoding="utf-8")
    print(f"{sum(t for t, _, _ in places.values())} case(s) raised at {len(places)} place(s)")
    return 1 if places else 0


if __name__ == "__main__":
    sys.exit(main())
