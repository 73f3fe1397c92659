"""Loading and validating the YAML catalogs.

Validation reports every problem at once as ``file:line:col: path.to.field: message``. The first
pass checks each entry against its kind's schema; the second checks what one entry says about
others (unique ids, known references, known source keys, known resource slugs).
"""

from __future__ import annotations

import typing
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, ValidationError

from kb.schema import KIND_BY_KEY, BundleMarker, Entry, Kind, RefMarker

Path_ = tuple[str | int, ...]


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


@dataclass(frozen=True)
class Located:
    """An entry with the place it was read from."""

    entry: Entry
    kind: Kind
    file: str
    index: int
    marks: dict[Path_, tuple[int, int]]

    def position(self, path: Path_) -> tuple[int, int]:
        """Line and column of the deepest part of ``path`` that exists in the file."""
        full: Path_ = (self.kind.key, self.index, *path)
        while full not in self.marks:
            full = full[:-1]
        return self.marks[full]


@dataclass
class Catalog:
    """Every entry of every catalog file, by id."""

    entries: dict[str, Located] = field(default_factory=dict)

    def of_kind(self, key: str, game: str | None = None) -> list[Entry]:
        return [
            loc.entry
            for loc in self.entries.values()
            if loc.kind.key == key and (game is None or loc.entry.game == game)
        ]

    def get(self, entry_id: str) -> Entry:
        return self.entries[entry_id].entry

    def kind_of(self, entry_id: str) -> Kind:
        return self.entries[entry_id].kind

    def games(self) -> list[str]:
        return [g.id for g in self.of_kind("games")]


def format_path(path: Path_) -> str:
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out or "(file)"


# --- first pass: YAML with positions ---------------------------------------------------------


def _walk_nodes(
    node: yaml.Node, path: Path_, marks: dict[Path_, tuple[int, int]], problems: list[Problem], file: str
) -> None:
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


def read_yaml(path: Path, display: str) -> tuple[Any, dict[Path_, tuple[int, int]], list[Problem]]:
    """Parse one file; return its data, the position of every node, and any problems."""
    problems: list[Problem] = []
    marks: dict[Path_, tuple[int, int]] = {}
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


def _loc_to_path(data: Any, loc: tuple[Any, ...]) -> Path_:
    """Map a pydantic error location onto the YAML data, dropping union tags pydantic adds."""
    path: list[str | int] = []
    node = data
    for part in loc:
        if isinstance(node, dict) and part in node or isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node):
            node = node[part]
            path.append(part)
        elif isinstance(node, dict) and isinstance(part, str) and part not in node and not path_is_tag(part, node):
            path.append(part)  # a missing field: name it, the position falls back to its parent
            break
    return tuple(path)


def path_is_tag(part: str, node: dict[str, Any]) -> bool:
    return node.get("kind") == part


def _message(error: Any) -> str:
    kind = error["type"]
    if kind == "missing":
        return "required field is missing"
    if kind == "extra_forbidden":
        return "unknown field"
    return str(error["msg"])


def load_file(path: Path, display: str) -> tuple[list[Located], list[Problem]]:
    data, marks, problems = read_yaml(path, display)
    if data is None and problems:
        return [], problems
    if not isinstance(data, dict):
        return [], problems + [Problem(display, 1, 1, "(file)", "a catalog file must be a mapping of kind: [entries]")]
    located: list[Located] = []
    for key, entries in data.items():
        line, col = marks.get((key,), (1, 1))
        kind = KIND_BY_KEY.get(key)
        if kind is None:
            known = ", ".join(sorted(KIND_BY_KEY))
            problems.append(Problem(display, line, col, str(key), f"unknown kind of entry (known: {known})"))
            continue
        if not isinstance(entries, list):
            problems.append(Problem(display, line, col, str(key), "must be a list of entries"))
            continue
        for index, raw in enumerate(entries):
            try:
                entry = kind.model.model_validate(raw)
            except ValidationError as exc:
                for error in exc.errors():
                    sub = _loc_to_path(raw, tuple(error["loc"]))
                    full = (key, index, *sub)
                    probe = full
                    while probe not in marks:
                        probe = probe[:-1]
                    line, col = marks[probe]
                    problems.append(Problem(display, line, col, format_path(full), _message(error)))
                continue
            located.append(Located(entry, kind, display, index, marks))
    return located, problems


# --- second pass: references -----------------------------------------------------------------


def _has_marker(annotation: Any, marker: type) -> bool:
    if any(isinstance(m, marker) for m in getattr(annotation, "__metadata__", ())):
        return True
    return any(_has_marker(arg, marker) for arg in typing.get_args(annotation))


def _fields_with(model: BaseModel, marker: type) -> Iterator[tuple[Path_, Any]]:
    """Every (path, value) in a model whose declared type carries ``marker``; recurses into submodels."""
    for name, info in type(model).model_fields.items():
        value = getattr(model, name)
        marked = any(isinstance(m, marker) for m in info.metadata) or _has_marker(info.annotation, marker)
        if marked and value is not None:
            yield (name,), value
            continue
        items = value if isinstance(value, list) else [value]
        for i, item in enumerate(items):
            if isinstance(item, BaseModel):
                prefix: Path_ = (name, i) if isinstance(value, list) else (name,)
                for sub, sub_value in _fields_with(item, marker):
                    yield (*prefix, *sub), sub_value


def _source_refs(model: BaseModel) -> Iterator[tuple[Path_, str]]:
    from kb.schema import SourceRef

    for name in type(model).model_fields:
        value = getattr(model, name)
        items = value if isinstance(value, list) else [value]
        for i, item in enumerate(items):
            prefix: Path_ = (name, i) if isinstance(value, list) else (name,)
            if isinstance(item, SourceRef):
                yield (*prefix, "key"), item.key
            elif isinstance(item, BaseModel):
                for sub, key in _source_refs(item):
                    yield (*prefix, *sub), key


def check_references(catalog: Catalog, located: list[Located]) -> list[Problem]:
    problems: list[Problem] = []

    def problem(loc: Located, path: Path_, message: str) -> None:
        line, col = loc.position(path)
        problems.append(Problem(loc.file, line, col, format_path((loc.kind.key, loc.index, *path)), message))

    for loc in located:
        first = catalog.entries.get(loc.entry.id)
        if first is not None and first is not loc:
            line, _ = first.position(("id",))
            problem(loc, ("id",), f"duplicate id {loc.entry.id!r} (first defined at {first.file}:{line})")
        elif first is None:
            catalog.entries[loc.entry.id] = loc

    games = {e.id for e in catalog.of_kind("games")}
    source_keys = {(e.game, e.key) for e in catalog.of_kind("sources")}  # type: ignore[attr-defined]
    resources = {e.id for e in catalog.of_kind("resources")}
    languages = {g.id: tuple(dict.fromkeys(b.language for b in g.rulebooks if b.language != "en")) or ("hu",)  # type: ignore[attr-defined]
                 for g in catalog.of_kind("games")}

    for loc in located:
        entry = loc.entry
        if entry.game not in games:
            problem(loc, ("game",), f"unknown game {entry.game!r} (known: {', '.join(sorted(games))})")
        if entry.id != entry.game and not entry.id.startswith(entry.game + "."):
            problem(loc, ("id",), f"id must start with its game, {entry.game + '.'!r}")
        for path, key in _source_refs(entry):
            if (entry.game, key) not in source_keys:
                problem(loc, path, f"unknown source key {key!r} for game {entry.game!r}")
        for path, value in _fields_with(entry, RefMarker):
            for i, ref in enumerate(value if isinstance(value, list) else [value]):
                if ref not in catalog.entries:
                    problem(loc, (*path, i) if isinstance(value, list) else path, f"unknown id {ref!r}")
        for path, bundle in _fields_with(entry, BundleMarker):
            bundles = bundle if isinstance(bundle, list) else [bundle]
            for i, one in enumerate(bundles):
                for slug, amount in one.items():
                    sub = (*path, i, slug) if isinstance(bundle, list) else (*path, slug)
                    if f"{entry.game}.resource.{slug}" not in resources:
                        problem(loc, sub, f"unknown resource {slug!r} (define {entry.game}.resource.{slug})")
                    elif amount < 0 and "reward" not in path:  # only rewards may take points away
                        problem(loc, sub, "quantities are never negative")
        for path, message in entry_checks(entry, languages.get(entry.game, ("hu", "pl"))):
            problem(loc, path, message)
    return problems


def entry_checks(entry: Entry, languages: tuple[str, ...] = ("hu", "pl")) -> Iterator[tuple[Path_, str]]:
    """Rules of single kinds that a JSON Schema cannot say; ``languages`` are those of the game's rulebooks."""
    from kb.schema import Building, Discrepancy, Term

    if isinstance(entry, Term):
        for lang in languages:
            if getattr(entry.names, lang) is None:
                yield ("names", lang), f"a glossary term needs a name in each language of the game's rulebooks ({', '.join(languages)}; mark a translation of ours as inferred in fact_confidence)"

    if isinstance(entry, Building) and entry.effect is not None and entry.accepts_workers and entry.rule is None:
        yield ("rule",), "a building that takes workers names the rule that governs it (rule: caylus.phase5....)"

    if isinstance(entry, Discrepancy):
        keys = {r.source.key for r in entry.readings}
        for i, key in enumerate(entry.follows):
            if key not in keys:
                yield ("follows", i), f"{key!r} is not the source of any reading ({', '.join(sorted(keys))})"
    for field_path in entry.fact_confidence:
        head = field_path.split(".")[0]
        if head not in type(entry).model_fields:
            yield ("fact_confidence", field_path), f"no field {head!r} on this entry"


def catalog_files(data_dir: Path) -> list[Path]:
    return sorted(p for p in data_dir.glob("*.yaml") if p.is_file())


def load_catalog(data_dir: Path, display_root: Path | None = None) -> Catalog:
    """Load and check every catalog under ``data_dir``; raise CatalogError listing every problem."""
    problems: list[Problem] = []
    located: list[Located] = []
    files = catalog_files(data_dir)
    if not files:
        raise CatalogError([Problem(str(data_dir), 1, 1, "(dir)", "no catalog files (*.yaml) found")])
    for path in files:
        display = str(path.relative_to(display_root)) if display_root else str(path)
        found, file_problems = load_file(path, display)
        located.extend(found)
        problems.extend(file_problems)
    catalog = Catalog()
    problems.extend(check_references(catalog, located))
    if problems:
        raise CatalogError(problems)
    return catalog
