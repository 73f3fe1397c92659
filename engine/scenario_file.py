"""Reading scenario files: each scenario checked against a schema, every problem with file and line.

A scenario file holds ``scenarios: [...]`` (the format: docs/contributors/caylus-scenarios.md). Files are read as
the catalogs are (:func:`catalog.read_yaml`), so the same limits apply; each scenario is then
checked against :class:`ScenarioSpec`, and ids must be unique across every file read together.
What a scenario's ``given`` and steps mean is the engine's business, checked when it runs.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import ConfigDict, Discriminator, Field, Tag, ValidationError

from catalog import Model, Path_, Problem, read_yaml
from catalog.files import escape_name, file_name_problem, scan_scenario_folder
from catalog.load import validation_problems
from catalog.model import Id, SourceRef
from catalog.yamlfile import format_path
from engine.registry import GAMES

SCENARIO_DIR = Path(__file__).resolve().parents[1] / "scenarios"


class ScenarioError(Exception):
    """A scenario file is malformed (not a failed expectation): carries every problem found."""

    def __init__(self, problems: list[Problem]):
        self.problems = problems
        super().__init__("\n".join(str(p) for p in problems))


class Step(Model):
    do: str = Field(min_length=1, description="The action, in the game's notation")
    expect: dict[str, Any] = Field({}, description="Paths in the state and the values the step gives them (each "
                                                   "must differ before the step)")
    unchanged: dict[str, Any] = Field({}, description="Paths in the state and the values they hold before and after "
                                                      "the step (the step must leave them so)")
    illegal: str | None = Field(None, description="The action must be refused: a rule id or a phrase of the reason")
    note: str | None = None


def _step_form(value: Any) -> str:
    return "step" if isinstance(value, dict) else "text"


StepItem = Annotated[Annotated[str, Tag("text")] | Annotated[Step, Tag("step")], Discriminator(_step_form)]
"""A step is an action as text, or a mapping with ``do:`` and more."""


class Options(Model):
    """How the engine is set up; keys besides these are the engine's own keywords (a Maharaja board)."""

    model_config = ConfigDict(extra="allow")
    __pydantic_extra__: dict[str, str | int | bool]
    players: list[str] = Field([], description="Colours in turn order (default: the game's own)")
    variants: list[str] = []


class ScenarioSpec(Model):
    """One scenario as its file writes it."""

    id: Id
    game: str
    title: str = ""
    kind: Literal["example", "ruling", "what-if"] | None = None
    source: SourceRef | None = None
    illustrates: list[Id] = []
    examples: list[Id] = []
    rulings: list[Id] = []
    discrepancy: Id | None = None
    options: Options | None = None
    given: dict[str, Any] = Field({}, description="Changes to the standard start")
    steps: list[StepItem]
    expect: dict[str, Any] = Field({}, description="Paths in the state and their values at the end (each must "
                                                   "differ in the position as given)")
    unchanged: dict[str, Any] = Field({}, description="Paths in the state and the values they hold both in the "
                                                      "position as given and at the end")
    claims: dict[str, Any] = Field({}, description="What a disputed source claims the result is")
    narrative: str | None = None


SCENARIO_KEYS = tuple(ScenarioSpec.model_fields)
EXPECTATION_KEYS = ("expect", "unchanged")
"""``expect``: what a step (or the whole scenario) makes true; ``unchanged``: what it must leave as it was."""


@dataclass
class Scenario:
    raw: dict[str, Any]
    file: str
    index: int
    marks: dict[Path_, tuple[int, int]]

    @property
    def id(self) -> str:
        return str(self.raw.get("id", f"{self.file}#{self.index}"))

    def position(self, *path: str | int) -> tuple[int, int]:
        full: Path_ = ("scenarios", self.index, *path)
        while full not in self.marks and full:
            full = full[:-1]
        return self.marks.get(full, (1, 1))

    def line(self, *path: str | int) -> int:
        return self.position(*path)[0]

    def where(self, *path: str | int) -> str:
        return f"{self.file}:{self.line(*path)}"

    def problem(self, path: Path_, message: str) -> Problem:
        """A problem at a place in this scenario (``("options",)``, ``("steps", 2)``)."""
        full: Path_ = ("scenarios", self.index, *path)
        line, col = self.position(*path)
        return Problem(self.file, line, col, format_path(full), message, full)


def scenario_files(root: Path = SCENARIO_DIR) -> list[Path]:
    """Every entry under ``root`` but hidden ones and folders: the regular ``*.yaml`` files are read,
    the others refused by :func:`read_scenarios` (a ``.yml`` file, a FIFO, a folder named ``x.yaml``)."""
    return scan_scenario_folder(root)


def _membership_problems(scenario: Scenario) -> Iterator[Problem]:
    """An expectation ``{includes: [...], excludes: [...]}`` checks membership: both are lists."""
    raw = scenario.raw
    expects: list[tuple[Path_, Any]] = [((key,), raw.get(key)) for key in EXPECTATION_KEYS]
    expects += [(("steps", j, key), step.get(key)) for j, step in enumerate(raw["steps"]) if isinstance(step, dict)
                for key in EXPECTATION_KEYS]
    for prefix, expect in expects:
        for key, want in (expect or {}).items():
            if isinstance(want, dict) and want and set(want) <= {"includes", "excludes"}:
                for side, items in want.items():
                    if not isinstance(items, list):
                        yield scenario.problem((*prefix, key, side), f"{side} lists what the list must hold or lack, got {items!r}")


def read_scenarios(path: Path, display: str, engines: Mapping[str, Any]) -> tuple[list[Scenario], list[Problem]]:
    """The sound scenarios of one file, and the problems of the others."""
    if refused := file_name_problem(path):
        return [], [Problem(escape_name(display), 1, 1, "(file)", refused)]
    data, marks, problems = read_yaml(path, display)
    if data is None:
        return [], problems
    if not isinstance(data, dict) or not isinstance(data.get("scenarios"), list):
        return [], problems + [Problem(display, 1, 1, "(file)", "a scenario file is a mapping with a 'scenarios' list")]
    for key in data:
        if key != "scenarios":
            line, col = marks.get((str(key),), (1, 1))
            problems.append(Problem(display, line, col, str(key), "unknown field (a scenario file has only 'scenarios')"))
    found = []
    read_problems = {p.at[:2] for p in problems}
    for i, raw in enumerate(data["scenarios"]):
        if ("scenarios", i) in read_problems:  # already reported; its schema would only repeat them
            continue
        try:
            ScenarioSpec.model_validate(raw)
        except ValidationError as exc:
            for problem in validation_problems(exc, raw, ("scenarios", i), marks, display):
                if problem.message == "unknown field" and len(problem.at) == 3:
                    problem = Problem(problem.file, problem.line, problem.col, problem.path,
                                      f"unknown field (known: {', '.join(SCENARIO_KEYS)})", problem.at)
                problems.append(problem)
            continue
        scenario = Scenario(raw, display, i, marks)
        if raw["game"] not in engines:
            problems.append(scenario.problem(("game",), f"no engine for {raw['game']!r} (engines: {', '.join(sorted(engines))})"))
            continue
        membership = list(_membership_problems(scenario))
        problems.extend(membership)
        if not membership:
            found.append(scenario)
    return found, problems


def _shown(path: Path, base: Path) -> str:
    """A file as messages name it: relative to the project where it is in it (a link is not
    followed: its own name is shown, not its target's)."""
    absolute = Path(os.path.abspath(path))
    for folder in (Path(os.path.abspath(base)), base.resolve()):
        if absolute.is_relative_to(folder):
            return escape_name(str(absolute.relative_to(folder)))
    return escape_name(str(path))


def duplicate_ids(scenarios: list[Scenario]) -> list[Problem]:
    """Each scenario whose id an earlier one has, with both places (ids are keys of the database)."""
    first: dict[str, Scenario] = {}
    problems = []
    for scenario in scenarios:
        other = first.setdefault(scenario.id, scenario)
        if other is not scenario:
            problems.append(scenario.problem(("id",), f"duplicate scenario id {scenario.id!r} (first given at "
                                                      f"{other.file}:{other.line('id')})"))
    return problems


def load(path: Path, display: str | None = None, engines: Mapping[str, Any] = GAMES) -> list[Scenario]:
    """The scenarios of one file; ScenarioError lists every problem of the file."""
    return load_all([path], engines=engines, displays={path: display} if display else None)


def load_all(paths: list[Path] | None = None, root: Path = SCENARIO_DIR, engines: Mapping[str, Any] = GAMES,
             displays: Mapping[Path, str] | None = None) -> list[Scenario]:
    """Every scenario of the files (default: all of ``root``); ScenarioError lists every problem of
    every file, including an id given twice (with both places)."""
    base = root.parent
    scenarios: list[Scenario] = []
    problems: list[Problem] = []
    for path in scenario_files(root) if paths is None else paths:
        shown = (displays or {}).get(path) or _shown(path, base)
        found, file_problems = read_scenarios(path, shown, engines)
        scenarios.extend(found)
        problems.extend(file_problems)
    problems.extend(duplicate_ids(scenarios))
    if problems:
        raise ScenarioError(problems)
    return scenarios
