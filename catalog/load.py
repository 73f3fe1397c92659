"""Loading the YAML catalogs into a :class:`Catalog`, checking each entry against its kind's model.

The first pass (here) checks each entry against its model; the second (:mod:`catalog.references`)
checks what one entry says about others. Every problem is reported at once, with file and line.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from pydantic import ValidationError

from catalog.kinds import Kind
from catalog.model import Entry, Path_
from catalog.references import check_references
from catalog.schema import Schema
from catalog.yamlfile import CatalogError, Marks, Problem, format_path, read_yaml

E = TypeVar("E", bound=Entry)


@dataclass(frozen=True)
class Located:
    """An entry with the place it was read from."""

    entry: Entry
    kind: Kind
    file: str
    index: int
    marks: Marks

    def position(self, path: Path_) -> tuple[int, int]:
        """Line and column of the deepest part of ``path`` that exists in the file."""
        full: Path_ = (self.kind.key, self.index, *path)
        while full not in self.marks:
            full = full[:-1]
        return self.marks[full]


@dataclass
class Catalog:
    """Every entry of every catalog file, by id, and the schema they were read with."""

    entries: dict[str, Located] = field(default_factory=dict)
    schema: Schema = field(default_factory=Schema)

    def of_kind(self, key: str, game: str | None = None) -> list[Entry]:
        return [
            loc.entry
            for loc in self.entries.values()
            if loc.kind.key == key and (game is None or loc.entry.game == game)
        ]

    def typed(self, key: str, model: type[E], game: str | None = None) -> list[E]:
        """Entries of a kind, as the model the caller knows them by (checked, not cast)."""
        found = self.of_kind(key, game)
        wrong = [e.id for e in found if not isinstance(e, model)]
        if wrong:
            raise TypeError(f"{', '.join(wrong)} are not {model.__name__} entries")
        return [e for e in found if isinstance(e, model)]

    def get(self, entry_id: str) -> Entry:
        return self.entries[entry_id].entry

    def kind_of(self, entry_id: str) -> Kind:
        return self.entries[entry_id].kind

    def games(self) -> list[str]:
        return [g.id for g in self.of_kind("games")]


def _loc_to_path(data: Any, loc: tuple[Any, ...]) -> Path_:
    """Map a pydantic error location onto the YAML data, dropping union tags pydantic adds."""
    path: list[str | int] = []
    node = data
    for part in loc:
        if isinstance(node, dict) and part in node or isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node):
            node = node[part]
            path.append(part)
        elif isinstance(node, dict) and isinstance(part, str) and part not in node and node.get("kind") != part:
            path.append(part)  # a missing field: name it, the position falls back to its parent
            break
    return tuple(path)


def _message(error: Any) -> str:
    kind = error["type"]
    if kind == "missing":
        return "required field is missing"
    if kind == "extra_forbidden":
        return "unknown field"
    return str(error["msg"])


def load_file(path: Path, display: str, schema: Schema) -> tuple[list[Located], list[Problem]]:
    data, marks, problems = read_yaml(path, display)
    if data is None and problems:
        return [], problems
    if not isinstance(data, dict):
        return [], problems + [Problem(display, 1, 1, "(file)", "a catalog file must be a mapping of kind: [entries]")]
    located: list[Located] = []
    for key, entries in data.items():
        line, col = marks.get((key,), (1, 1))
        kind = schema.kind(key)
        if kind is None:
            known = ", ".join(sorted(schema.by_key))
            problems.append(Problem(display, line, col, str(key), f"unknown kind of entry (known: {known})"))
            continue
        if not isinstance(entries, list):
            problems.append(Problem(display, line, col, str(key), "must be a list of entries"))
            continue
        for index, raw in enumerate(entries):
            model = schema.model_for(kind, raw.get("game") if isinstance(raw, dict) else None)
            try:
                entry = model.model_validate(raw)
            except ValidationError as exc:
                for error in exc.errors():
                    sub = _loc_to_path(raw, tuple(error["loc"]))
                    probe: Path_ = (key, index, *sub)
                    while probe not in marks:
                        probe = probe[:-1]
                    line, col = marks[probe]
                    problems.append(Problem(display, line, col, format_path((key, index, *sub)), _message(error)))
                continue
            located.append(Located(entry, kind, display, index, marks))
    return located, problems


def catalog_files(data_dir: Path) -> list[Path]:
    return sorted(p for p in data_dir.glob("*.yaml") if p.is_file())


def load_catalog(data_dir: Path, schema: Schema, display_root: Path | None = None) -> Catalog:
    """Load and check every catalog under ``data_dir``; raise CatalogError listing every problem."""
    problems: list[Problem] = []
    located: list[Located] = []
    files = catalog_files(data_dir)
    if not files:
        raise CatalogError([Problem(str(data_dir), 1, 1, "(dir)", "no catalog files (*.yaml) found")])
    for path in files:
        display = str(path.relative_to(display_root)) if display_root else str(path)
        found, file_problems = load_file(path, display, schema)
        located.extend(found)
        problems.extend(file_problems)
    catalog = Catalog(schema=schema)
    problems.extend(check_references(catalog, located))
    if not problems:  # rules spanning entries assume each entry is sound on its own
        for check in schema.checks:
            for entry_id, field_path, message in check(catalog):
                loc = catalog.entries[entry_id]
                line, col = loc.position(field_path)
                problems.append(Problem(loc.file, line, col, format_path((loc.kind.key, loc.index, *field_path)), message))
    if problems:
        raise CatalogError(problems)
    return catalog
