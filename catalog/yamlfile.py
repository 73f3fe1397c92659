"""Reading one YAML file with the position of every node, and the problems found in it.

Validation reports every problem at once as ``file:line:col: path.to.field: message``; the scenario
runner reads its files the same way.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from catalog.model import Path_

Marks = dict[Path_, tuple[int, int]]


@dataclass(frozen=True, order=True)
class Problem:
    file: str
    line: int
    col: int
    path: str
    message: str

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.col}: {self.path}: {self.message}"


class CatalogError(Exception):
    """Raised when a catalog has problems; carries all of them."""

    def __init__(self, problems: list[Problem]):
        self.problems = sorted(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


def format_path(path: Path_) -> str:
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out or "(file)"


def _walk_nodes(node: yaml.Node, path: Path_, marks: Marks, problems: list[Problem], file: str) -> None:
    marks.setdefault(path, (node.start_mark.line + 1, node.start_mark.column + 1))
    if isinstance(node, yaml.MappingNode):
        seen: dict[Any, int] = {}
        for key_node, value_node in node.value:
            key = key_node.value
            line = key_node.start_mark.line + 1
            if key in seen:
                problems.append(
                    Problem(file, line, key_node.start_mark.column + 1, format_path((*path, key)),
                            f"duplicate key (first given on line {seen[key]})")
                )
            seen[key] = line
            marks[(*path, key)] = (line, key_node.start_mark.column + 1)
            _walk_nodes(value_node, (*path, key), marks, problems, file)
    elif isinstance(node, yaml.SequenceNode):
        for i, item in enumerate(node.value):
            _walk_nodes(item, (*path, i), marks, problems, file)


def read_yaml(path: Path, display: str) -> tuple[Any, Marks, list[Problem]]:
    """Parse one file; return its data, the position of every node, and any problems."""
    problems: list[Problem] = []
    marks: Marks = {}
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        return None, marks, [Problem(display, 1, 1, "(file)", f"not UTF-8 text: {exc.reason}")]
    loader = yaml.SafeLoader(text)
    try:
        node = loader.get_single_node()
        if node is None:
            return None, marks, [Problem(display, 1, 1, "(file)", "the file is empty")]
        _walk_nodes(node, (), marks, problems, display)
        data = loader.construct_document(node)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        message = " ".join(filter(None, [exc.context, exc.problem]))
        return None, marks, [Problem(display, line, col, "(file)", f"YAML syntax error: {message}")]
    finally:
        loader.dispose()
    return data, marks, problems
