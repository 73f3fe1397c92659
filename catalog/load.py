"""Loading the YAML catalogs into a :class:`Catalog`, checking each entry against its kind's model.

The first pass (here) checks each entry against its model; the second (:mod:`catalog.references`)
checks what one entry says about others. Every problem is reported at once, with file and line.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from pydantic import ValidationError

from catalog.files import escape_name, scan_catalog_folder
from catalog.kinds import Kind, Source
from catalog.model import PATTERN_HINTS, Entry, Path_
from catalog.rulings import supersedes_problems, with_inherited_confidence
from catalog.references import Blame, Unloaded, check_references, fold_repeats
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


def _loc_to_path(data: Any, loc: tuple[Any, ...], missing: bool) -> Path_:
    """Map a pydantic error location onto the YAML data. Parts that are not in the data are the
    tags pydantic adds for the member of a union (``produce``, ``str``) and are dropped, except the
    last part of a missing field's location, which names the field (its position is its parent's)."""
    path: list[str | int] = []
    node = data
    for i, part in enumerate(loc):
        if part == "[key]":  # the key itself is wrong: its place is the key's
            break
        if isinstance(node, dict) and part in node or isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node):
            path.append(str(part) if isinstance(node, dict) else part)  # the file's positions are by key text
            node = node[part]
        elif missing and i == len(loc) - 1 and isinstance(part, str):
            path.append(part)
    return tuple(path)


def _shown(value: Any) -> str:
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    text = json.dumps(value, ensure_ascii=False, default=str)  # a date, say
    return text if len(text) <= 40 else text[:37] + "..."


def _message(error: Any) -> str:
    kind = error["type"]
    if kind == "missing":
        return "required field is missing"
    if kind == "extra_forbidden":
        return "unknown field"
    if kind in ("dict_type", "model_type", "model_attributes_type"):
        return f"Input should be a mapping (key: value), got {_shown(error.get('input'))}"
    if kind == "string_pattern_mismatch" and error.get("ctx", {}).get("pattern") in PATTERN_HINTS:
        return f"{PATTERN_HINTS[error['ctx']['pattern']]}, got {_shown(error.get('input'))}"
    if kind.endswith("_type") or kind in ("literal_error", "enum"):  # say what was given: `true` is not 1
        return f"{error['msg']}, got {_shown(error.get('input'))}"
    return str(error["msg"])


def validation_problems(exc: ValidationError, raw: Any, prefix: Path_, marks: Marks, display: str) -> list[Problem]:
    """pydantic's errors as problems at their place in the file (the alternatives of a union at
    one place as one problem)."""
    by_path: dict[Path_, list[str]] = {}
    for error in exc.errors():
        messages = by_path.setdefault(_loc_to_path(raw, tuple(error["loc"]), error["type"] == "missing"), [])
        if (message := _message(error)) not in messages:
            messages.append(message)
    problems = []
    for sub, messages in by_path.items():
        full: Path_ = (*prefix, *sub)
        probe = full
        while probe and probe not in marks:
            probe = probe[:-1]
        line, col = marks.get(probe, (1, 1))
        problems.append(Problem(display, line, col, format_path(full), "; or ".join(messages), full))
    return problems


def _unloaded(kind: Kind, raw: Any, display: str, position: tuple[int, int], path: Path_) -> Unloaded:
    """What others may cite of an entry that did not load: its id, and a source's game and key."""
    def text(name: str) -> str | None:
        value = raw.get(name) if isinstance(raw, dict) else None
        return value if isinstance(value, str) else None

    is_source = issubclass(kind.model, Source)
    return Unloaded(display, *position, format_path(path), id=text("id"), game=text("game"), is_source=is_source,
                    source_key=text("key") if is_source else None)


def load_file(path: Path, display: str, schema: Schema) -> tuple[list[Located], list[Problem], list[Unloaded]]:
    """The entries of one file that are sound on their own, the problems of the others, and what
    did not load (an entry, or the whole file)."""
    data, marks, problems = read_yaml(path, display)
    if data is None:
        return [], problems, [Unloaded(display, problems[0].line, problems[0].col, "(file)", whole_file=True)]
    if not isinstance(data, dict):
        problem = Problem(display, 1, 1, "(file)", "a catalog file must be a mapping of kind: [entries]")
        return [], problems + [problem], [Unloaded(display, 1, 1, "(file)", whole_file=True)]
    located: list[Located] = []
    unloaded: list[Unloaded] = []
    read_problems = {p.at[:2] for p in problems}
    for key, entries in data.items():
        line, col = marks.get((key,), (1, 1))
        kind = schema.kind(key)
        if kind is None:
            known = ", ".join(sorted(schema.by_key))
            problems.append(Problem(display, line, col, str(key), f"unknown kind of entry (known: {known})"))
        elif not isinstance(entries, list):
            problems.append(Problem(display, line, col, str(key), "must be a list of entries"))
        if kind is None or not isinstance(entries, list):
            unloaded.append(Unloaded(display, line, col, str(key), whole_file=True))  # its ids are unknown
            continue
        for index, raw in enumerate(entries):
            position = marks.get((key, index), (line, col))
            if (key, index) in read_problems:  # already reported; its model would only repeat them
                unloaded.append(_unloaded(kind, raw, display, position, (key, index)))
                continue
            model = schema.model_for(kind, raw.get("game") if isinstance(raw, dict) else None)
            try:
                entry = model.model_validate(raw)
            except ValidationError as exc:
                problems.extend(validation_problems(exc, raw, (key, index), marks, display))
                unloaded.append(_unloaded(kind, raw, display, position, (key, index)))
                continue
            located.append(Located(entry, kind, display, index, marks))
    return located, problems, unloaded


def catalog_files(data_dir: Path) -> list[Path]:
    """The catalog files of a folder: its regular ``*.yaml`` files (:func:`refused_files` names the rest)."""
    return scan_catalog_folder(data_dir, str)[0]


def refused_files(data_dir: Path, display_root: Path | None = None) -> Reading:
    """Everything else in a catalog folder, refused: a ``.yml`` file, a file in a subfolder, a FIFO, a
    folder named ``*.yaml``, a name that is not UTF-8. Each is a file that did not load: references
    to ids it may hold are counted at it, not listed."""
    reading = Reading()
    for shown, message in scan_catalog_folder(data_dir, lambda p: _display(p, display_root))[1]:
        reading.problems.append(Problem(shown, 1, 1, "(file)", message))
        reading.unloaded.append(Unloaded(shown, 1, 1, "(file)", whole_file=True))
    return reading


@dataclass
class Reading:
    """What the first pass made of some catalog files: sound entries, problems, what did not load."""

    located: list[Located] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    unloaded: list[Unloaded] = field(default_factory=list)

    def __add__(self, other: Reading) -> Reading:
        return Reading(self.located + other.located, self.problems + other.problems, self.unloaded + other.unloaded)


def read_files(paths: list[Path], schema: Schema, display_root: Path | None = None) -> Reading:
    """The first pass over catalog files: each entry against its model."""
    reading = Reading()
    for path in paths:
        found, problems, unloaded = load_file(path, _display(path, display_root), schema)
        reading += Reading(found, problems, unloaded)
    return reading


def check_catalog(reading: Reading, schema: Schema) -> Catalog:
    """The second pass (what entries say about each other), then the rules spanning entries.

    Raises CatalogError with the problems root causes first: those of single entries (which then do
    not load), then a count, at each entry that did not load, of the problems elsewhere that only
    follow from its absence (an unknown id, game or source key: not listed one by one), then the
    problems between entries (at most three of each message, and a count of the rest).
    """
    catalog = Catalog(schema=schema)
    blame = Blame(reading.unloaded)
    references = check_references(catalog, reading.located, blame)
    problems = sorted(reading.problems) + sorted(blame.notes()) + fold_repeats(sorted(references))
    if not problems:  # rules spanning entries assume each entry is sound on its own
        for check in (supersedes_problems, *schema.checks):
            for entry_id, field_path, message in check(catalog):
                loc = catalog.entries[entry_id]
                line, col = loc.position(field_path)
                problems.append(Problem(loc.file, line, col, format_path((loc.kind.key, loc.index, *field_path)), message))
    if problems:
        raise CatalogError(problems)
    with_inherited_confidence(catalog)
    return catalog


def load_catalog(data_dir: Path, schema: Schema, display_root: Path | None = None, cache: Path | None = None) -> Catalog:
    """Load and check every catalog under ``data_dir``; raise CatalogError listing every problem.

    With ``cache`` (a folder), a catalog loaded before from the same files by the same code is
    taken from there (:mod:`catalog.cache`); problems are always found by a fresh read."""
    files = catalog_files(data_dir)
    refused = refused_files(data_dir, display_root)
    if not files:
        raise CatalogError(refused.problems + [Problem(escape_name(str(data_dir)), 1, 1, "(dir)", "no catalog files (*.yaml) found")])
    if cache is None or refused.problems:  # only a catalog without problems is cached
        return check_catalog(refused + read_files(files, schema, display_root), schema)
    from catalog.cache import cached

    shown = [(path, _display(path, display_root)) for path in files]
    return cached(shown, schema, cache, lambda: check_catalog(read_files(files, schema, display_root), schema))


def _display(path: Path, display_root: Path | None) -> str:
    """The file as messages name it, escaped: a name may hold a line break or bytes that are not UTF-8."""
    return escape_name(str(path.relative_to(display_root)) if display_root else str(path))
