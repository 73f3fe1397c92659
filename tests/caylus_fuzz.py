"""A seeded fuzz of Caylus positions and actions, for tests/test_caylus_positions.py and by hand:

    .venv/bin/python tests/caylus_fuzz.py given 10000 [SEED]
    .venv/bin/python tests/caylus_fuzz.py actions 10000 [SEED]

``given``: one leaf (or branch) of a real scenario's ``given`` replaced by an odd value, the scenario
run as ``kb check`` runs it; ``actions``: a real scenario's step replaced by odd text. Either must end
in a clean refusal (ScenarioError, a failure at a line), never an exception. Prints the places of
the code where something else escaped, with a count and an example each.
"""

from __future__ import annotations

import copy
import random
import re
import sys
import traceback
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.scenario import run_each  # noqa: E402
from engine.scenario_file import Scenario, load_all  # noqa: E402

FIELD = re.compile(r"^[^\s:]*: ")
"""A refusal of ``given`` begins with the field it is about (``players.red.deniers: ...``)."""
ODD: list[Any] = [None, -1, 0, 10**30, -10**30, "", "x", [], {}, "²", 1.5, True, False, "red", "purple", [None], [[]],
                  {"x": {"y": []}}, ["red", "red"], {"red": None}, {"1": {"building": "x"}}, 2**63, float("nan"), "10", "-1"]
NEW_KEYS = ["purple", "x", "99", "0", "²", "gate", "-1", "29", "1", "16", "inn", "towers", "gold", "deniers", ""]
ODD_TOKENS = ["²", "red", "blue", "place", "pass", "take", "trade", "for", "build", "convert", "favour", "batch", "provost",
              "+99", "-99999999999999999999", "10" * 30, "castle", "inn", "gate", "@", "@0", "@99", "x@²", "quarry-wood@²",
              "teleport", "2food", "food+", "+", "-", "0", "", "prestige", "99999999999999999999deniers", "1", "buildings"]


def caylus_scenarios() -> list[Scenario]:
    return [s for s in load_all() if s.raw.get("game") == "caylus"]


def leaves(data: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path into the data, branches included."""
    out = [path] if path else []
    if isinstance(data, dict):
        for key, value in data.items():
            out += leaves(value, (*path, key))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            out += leaves(value, (*path, i))
    return out


def replaced(data: Any, path: tuple[Any, ...], value: Any) -> Any:
    data = copy.deepcopy(data)
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return data


def mutate_given(rng: random.Random, scenario: Scenario) -> Scenario:
    given = scenario.raw.get("given") or {}
    paths = leaves(given)
    raw = dict(scenario.raw)
    if not paths or rng.random() < 0.1:
        raw["given"] = replaced({"g": given}, ("g", rng.choice(["turn", "phase", "players", "road", "to_move", "provost",
                                                                "stock", "castle", "specials", "cursor", "passed"])),
                                rng.choice(ODD))["g"]
    elif rng.random() < 0.3:  # a new key in a mapping: a stranger, a space off the road, junk
        branches = [p for p in paths if isinstance(_at(given, p), dict)] or [()]
        path = rng.choice(branches)
        key = rng.choice(NEW_KEYS)
        value = rng.choice(ODD + [{"building": rng.choice(["gate", "x", "residence", "gold-mine", "farm-neutral"]),
                                   "owner": rng.choice(["red", "purple", None]), "worker": rng.choice(["red", None, "x"])}])
        raw["given"] = replaced({"g": given}, ("g", *path, key), value)["g"]
    else:
        raw["given"] = replaced(given, rng.choice(paths), rng.choice(ODD))
    return Scenario(raw, scenario.file, scenario.index, scenario.marks)


def _at(data: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        data = data[key]
    return data


def mutate_step(rng: random.Random, scenario: Scenario) -> Scenario:
    raw = dict(scenario.raw)
    steps = list(raw.get("steps") or [])
    text = " ".join(rng.choice(ODD_TOKENS) for _ in range(rng.randint(1, 5)))
    if rng.random() < 0.5:
        text = rng.choice(["red", "blue", "green"]) + " " + text
    j = rng.randrange(len(steps)) if steps else 0
    steps[j:j + 1] = [text]
    raw["steps"] = steps
    return Scenario(raw, scenario.file, scenario.index, scenario.marks)


def escapes(kind: str, cases: int, seed: int = 1) -> Counter[str]:
    """Where exceptions escaped, by the innermost frame of the project's code (with an example)."""
    rng = random.Random(seed)
    scenarios = caylus_scenarios()
    mutate = mutate_given if kind == "given" else mutate_step
    found: Counter[str] = Counter()
    for _ in range(cases):
        scenario = mutate(rng, rng.choice(scenarios))
        try:
            for result in run_each([scenario]):
                for failure in result.failures:
                    if kind == "given" and failure.step.endswith(".given") and not FIELD.match(str(failure.message)):
                        found[f"unclear: {failure.message!s:.100} <- {repr(scenario.raw.get('given'))[:160]}"] += 1
        except Exception as exc:  # noqa: BLE001 - what the fuzz looks for
            frames = [f for f in traceback.extract_tb(exc.__traceback__) if "/.venv/" not in f.filename]
            where = f"{Path(frames[-1].filename).name}:{frames[-1].lineno}" if frames else "?"
            found[f"{where} {type(exc).__name__}: {str(exc)[:80]} <- {repr(scenario.raw.get('given'))[:160]} "
                  f"{(scenario.raw.get('steps') or [''])[:3]!r}"[:400]] += 1
    return found


if __name__ == "__main__":
    what, count = sys.argv[1], int(sys.argv[2])
    seed = int(sys.argv[3]) if len(sys.argv) > 3 else 1
    result = escapes(what, count, seed)
    places = Counter(k.split(" ", 1)[0] for k in result)
    for key in sorted(result)[:60]:
        print(result[key], key)
    print(f"{sum(result.values())} escape(s) in {count} {what} cases at {len(places)} place(s): {dict(places)}")
