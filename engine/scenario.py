"""Scenarios: a worked example or a "what if" question as data, run against the engine.

A scenario file holds ``scenarios: [...]``. Each scenario names its game and options, edits a
standard start (``given``), plays ``steps`` in action notation, and states ``expect``-ations on the
resulting state. The runner is a plain function returning results; pytest, ``kb check``,
``kb explain`` and the site all call it. See docs/contributors/caylus-scenarios.md for the format.
"""

from __future__ import annotations

import inspect
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from catalog import Problem
from engine.core import Action, EngineError, IllegalAction
from engine.registry import GAMES
from engine.scenario_file import SCENARIO_DIR, Scenario, ScenarioError, load, load_all, scenario_files


@dataclass
class Failure:
    line: int
    step: str
    message: str
    expected: Any = None
    actual: Any = None
    legal: list[str] = field(default_factory=list)

    def __str__(self) -> str:
        out = f"line {self.line}: {self.step}: {self.message}"
        if self.expected is not None or self.actual is not None:
            out += f"\n      expected: {self.expected!r}\n      actual:   {self.actual!r}"
        if self.legal:
            shown = ", ".join(self.legal[:30]) + (" ..." if len(self.legal) > 30 else "")
            out += f"\n      legal here: {shown}"
        return out


@dataclass
class StepRecord:
    """What one step did: the action and the state changes it caused (for ``kb explain``)."""

    action: str
    line: int
    changes: dict[str, tuple[Any, Any]]
    log: list[str]
    illegal: str | None = None
    note: str | None = None
    decision: str | None = None
    """The kind of choice the step answered (``trade``, ``convert``)."""
    played: str | None = None
    """The action as the engine completed it (``red place quarry-wood@9`` for ``red place 9``)."""
    to_move: str | None = None
    """Who decides after the step (the site words a ``decision`` expectation with it)."""


@dataclass
class Result:
    id: str
    game: str
    file: str
    line: int
    title: str
    failures: list[Failure] = field(default_factory=list)
    steps: list[StepRecord] = field(default_factory=list)
    verdicts: dict[str, tuple[Any, Any]] = field(default_factory=dict)
    """For ``claims``: path -> (what the source claims, what the engine gives)."""
    raw: dict[str, Any] = field(default_factory=dict)
    start: dict[str, Any] = field(default_factory=dict)
    """The position the scenario starts from (the standard start edited by ``given``), as plain data."""
    to_move: str | None = None
    """Who decides at the end of the scenario."""
    unplayable: list[Problem] = field(default_factory=list)
    """Why its options or given make no position (then it has no steps): bad input, not a finding."""

    @property
    def passed(self) -> bool:
        return not self.failures


# --- the state as plain data, and paths into it ----------------------------------------------------


def view(engine: Any, state: Any) -> dict[str, Any]:
    """What expectations may look at: the state's plain data plus a few derived values."""
    data: dict[str, Any] = state.to_dict()
    decision = engine.current(state)
    data["to_move"] = decision.player if decision else None
    data["decision"] = decision.kind if decision else None
    data["legal"] = [str(a) for a in engine.legal_actions(state)]
    data["scores"] = engine.scores(state)
    data["winners"] = engine.winners(state)
    data["terminal"] = engine.is_terminal(state)
    return data


def lookup(data: Any, path: str) -> Any:
    node = data
    for part in path.split("."):
        if isinstance(node, dict) and part in node:
            node = node[part]
        elif isinstance(node, list) and part.isascii() and part.isdigit() and int(part) < len(node):
            node = node[int(part)]
        else:
            raise KeyError(path)
    return node


def lookup_or_none(data: Any, path: str) -> Any:
    """The value at ``path``, or None where there is none (what a missing path compares as)."""
    try:
        return lookup(data, path)
    except KeyError:
        return None


def flatten(data: Any, prefix: str = "") -> dict[str, Any]:
    if isinstance(data, dict) and data:
        out: dict[str, Any] = {}
        for key, value in data.items():
            out.update(flatten(value, f"{prefix}.{key}" if prefix else str(key)))
        return out
    return {prefix: data}


def differences(before: dict[str, Any], after: dict[str, Any]) -> dict[str, tuple[Any, Any]]:
    flat_before, flat_after = flatten(before), flatten(after)
    return {k: (flat_before.get(k), flat_after.get(k)) for k in sorted(set(flat_before) | set(flat_after))
            if flat_before.get(k) != flat_after.get(k) and not k.startswith(("legal", "pending", "cursor", "log"))}


def check_expectations(expected: Mapping[str, Any], actual: dict[str, Any]) -> Iterator[tuple[str, Any, Any]]:
    """(path, expected, actual) for every expectation that does not hold.

    A value ``{includes: [...], excludes: [...]}`` checks membership in a list.
    """
    for path, want in expected.items():
        got = lookup_or_none(actual, str(path))
        if isinstance(want, dict) and set(want) <= {"includes", "excludes"} and want:
            listed = got or []
            missing = [x for x in want.get("includes", []) if x not in listed]
            present = [x for x in want.get("excludes", []) if x in listed]
            if missing or present:
                yield str(path), want, {"missing": missing, "present but excluded": present}
        elif got != want:
            yield str(path), want, got


# --- running --------------------------------------------------------------------------------------


def start(scenario: Scenario, engines: Mapping[str, Any] = GAMES) -> tuple[Any, Any]:
    """The engine and the state the scenario starts from: a standard start edited by ``given``."""
    raw = scenario.raw
    options = raw.get("options") or {}
    factory = engines[raw["game"]]
    # other options than these are the engine's own keywords (a Maharaja board)
    takes = [name for name in inspect.signature(factory).parameters if name != "catalog"]
    for name in options:
        if name not in takes:
            raise ScenarioError([scenario.problem(("options", name), f"the {raw['game']} engine takes no option "
                                                                      f"{name!r} (it takes: {', '.join(takes)})")])
    try:
        # each game has its own default players (Caylus four colours, the Duel red and blue)
        chosen = {"players": tuple(options["players"])} if "players" in options else {}
        chosen |= {k: v for k, v in options.items() if k not in ("players", "variants")}
        engine = factory(variants=tuple(options.get("variants", ())), **chosen)
    except (ValueError, TypeError) as exc:  # TypeError: an option the engine does not take
        raise ScenarioError([scenario.problem(("options",), str(exc))]) from exc
    try:
        state = engine.scenario_start(raw.get("given") or {})
    except (EngineError, ValueError, KeyError, TypeError) as exc:
        raise ScenarioError([scenario.problem(("given",), str(exc))]) from exc
    return engine, state


VACUOUS = ("already held {before}, so it proves nothing: make {what} change it, or write it under 'unchanged' "
           "if {what} must leave it so")
STEP_MOMENTS = ("before the step", "after the step", "the step")
SCENARIO_MOMENTS = ("in the position as given", "at the end", "the steps")


def holds(path: str, want: Any, data: dict[str, Any]) -> bool:
    return not any(True for _ in check_expectations({path: want}, data))


def judge(scenario: Scenario, at: tuple[str | int, ...], label: str, spec: Mapping[str, Any],
          before: dict[str, Any], after: dict[str, Any], moments: tuple[str, str, str]) -> Iterator[Failure]:
    """Failures of one block of expectations: an ``expect`` must hold after and not before (else it
    proves nothing), an ``unchanged`` must hold both before and after."""
    for path, want, got in check_expectations(spec.get("expect") or {}, after):
        yield Failure(scenario.line(*at, "expect", path), f"{label}: {path}", "expectation", want, got, after["legal"])
    for path, want in (spec.get("expect") or {}).items():
        if holds(str(path), want, before) and holds(str(path), want, after):
            yield Failure(scenario.line(*at, "expect", path), f"{label}: {path}",
                          VACUOUS.format(before=moments[0], what=moments[2]), want, lookup_or_none(before, str(path)))
    for moment, data in zip(moments[:2], (before, after)):
        for path, want, got in check_expectations(spec.get("unchanged") or {}, data):
            yield Failure(scenario.line(*at, "unchanged", path), f"{label}: {path}",
                          f"expected unchanged, but it does not hold {moment}", want, got)


def run(scenario: Scenario, engines: Mapping[str, Any] = GAMES) -> Result:
    raw = scenario.raw
    result = Result(scenario.id, raw["game"], scenario.file, scenario.line(), raw.get("title", ""), raw=raw)
    engine, state = start(scenario, engines)
    result.start = view(engine, state)
    for j, step in enumerate(raw.get("steps") or []):
        spec = step if isinstance(step, dict) else {"do": step}
        text = str(spec["do"])
        line = scenario.line("steps", j)
        before = view(engine, state)
        legal = before["legal"]
        if "illegal" in spec:
            try:
                engine.apply(state, text)
            except IllegalAction as exc:
                wanted = str(spec["illegal"])
                if wanted not in (exc.rule, exc.reason) and wanted not in exc.reason:
                    result.failures.append(Failure(line, text, "illegal for another reason", wanted, f"{exc.rule}: {exc.reason}", legal))
                result.steps.append(StepRecord(text, line, {}, [], illegal=f"{exc.rule}: {exc.reason}", note=spec.get("note"),
                                               decision=before["decision"], to_move=before["to_move"]))
                # a refused action must change nothing: what it leaves is written under 'unchanged'
                for path in spec.get("expect") or {}:
                    result.failures.append(Failure(scenario.line("steps", j, "expect", path), f"after refused {text}: {path}",
                                                   "a refused action changes nothing: write what it leaves under 'unchanged'"))
                result.failures.extend(judge(scenario, ("steps", j), f"after refused {text}", {"unchanged": spec.get("unchanged")},
                                             before, view(engine, state), STEP_MOMENTS))
                continue
            result.failures.append(Failure(line, text, "expected an illegal action, but it was played", spec["illegal"], "legal", legal))
            return result
        log_start = len(state.log)
        try:
            engine.apply(state, text)
        except IllegalAction as exc:
            result.failures.append(Failure(line, text, f"illegal: {exc.rule}: {exc.reason}", legal=legal))
            return result
        except EngineError as exc:
            result.failures.append(Failure(line, text, f"engine error: {exc}", legal=legal))
            return result
        after = view(engine, state)
        result.steps.append(StepRecord(text, line, differences(before, after), state.log[log_start:], note=spec.get("note"),
                                       decision=before["decision"], played=state.log[log_start], to_move=after["to_move"]))
        result.failures.extend(judge(scenario, ("steps", j), f"after {text}", spec, before, after, STEP_MOMENTS))
    final = view(engine, state)
    result.to_move = final["to_move"]
    result.failures.extend(judge(scenario, (), "at the end", raw, result.start, final, SCENARIO_MOMENTS))
    for path, claimed in (raw.get("claims") or {}).items():
        got = lookup_or_none(final, str(path))
        result.verdicts[str(path)] = (claimed, got)
        if got == claimed:
            result.failures.append(Failure(scenario.line("claims", path), path,
                                           "the disputed claim holds in the engine; the discrepancy is not real", claimed, got))
    return result


def run_all(paths: list[Path] | None = None, engines: Mapping[str, Any] = GAMES) -> list[Result]:
    """Every scenario of the files (default: all of scenarios/), on the engines registered by game."""
    return run_each(load_all(paths, engines=engines), engines)


def run_each(scenarios: list[Scenario], engines: Mapping[str, Any] = GAMES) -> list[Result]:
    """A result for each scenario; one whose options or given make no position fails at their line."""
    results = []
    for scenario in scenarios:
        try:
            results.append(run(scenario, engines))
        except ScenarioError as exc:
            failed = Result(scenario.id, scenario.raw.get("game", "?"), scenario.file, scenario.line(),
                            scenario.raw.get("title", ""), raw=scenario.raw)
            failed.failures.extend(Failure(p.line, p.path, p.message) for p in exc.problems)
            failed.unplayable = list(exc.problems)
            results.append(failed)
    return results


def summary(results: list[Result]) -> dict[str, Any]:
    by_game: dict[str, dict[str, int]] = {}
    for r in results:
        game = by_game.setdefault(r.game, {"total": 0, "passed": 0})
        game["total"] += 1
        game["passed"] += int(r.passed)
    return {"total": len(results), "passed": sum(r.passed for r in results),
            "failed": [r.id for r in results if not r.passed], "by_game": by_game}


__all__ = ["SCENARIO_DIR", "Action", "Result", "Scenario", "ScenarioError", "load", "load_all", "run", "run_all",
           "run_each", "scenario_files", "summary", "view"]
