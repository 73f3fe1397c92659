"""Source citations: every cited line exists and is not blank in its seed file, no citation points
above the first place its own section heading appears there, and the citations once found wrong
point at the passage they mean.

The seed files (rulebook transcriptions and facts) are not part of the project; they live in the
shared folder next to it (``../shared``), or wherever KB_SHARED says. Without them these tests fail.
"""

from __future__ import annotations

import os
import re
import unicodedata
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest
from pydantic import BaseModel

from catalog import Catalog
from catalog.kinds import Source
from catalog.model import SourceRef

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def shared() -> Path:
    """The folder the catalog's source files are relative to (``Source.file``)."""
    wanted = os.environ.get("KB_SHARED")
    candidates = [Path(wanted)] if wanted else [parent / "shared" for parent in ROOT.parents]
    for folder in candidates:
        if (folder / "seeds").is_dir():
            return folder
    pytest.fail("the seed files are missing: no shared/seeds folder in " + ", ".join(map(str, candidates))
                + " (set KB_SHARED to the folder that holds seeds/ and facts/)")


def citations(node: object, path: str = "") -> Iterator[tuple[str, SourceRef]]:
    """Every source reference inside an entry, wherever it sits (sources, readings, ...)."""
    if isinstance(node, SourceRef):
        yield path, node
    elif isinstance(node, BaseModel):
        for name in type(node).model_fields:
            yield from citations(getattr(node, name), f"{path}.{name}" if path else name)
    elif isinstance(node, list | tuple):
        for i, item in enumerate(node):
            yield from citations(item, f"{path}[{i}]")


def fold(text: str) -> str:
    """Lower case, no accents, ł as l, and any run of punctuation or spaces as one space."""
    decomposed = unicodedata.normalize("NFKD", text.lower().replace("ł", "l"))
    return re.sub(r"[\W_]+", " ", "".join(ch for ch in decomposed if not unicodedata.combining(ch))).strip()


@cache
def seed_lines(path: Path) -> tuple[str, ...]:
    return tuple(path.read_text(encoding="utf-8").splitlines())


@cache
def folded_lines(path: Path) -> tuple[str, ...]:
    return tuple(fold(line) for line in seed_lines(path))


def cited_lines(catalog: Catalog, shared: Path) -> Iterator[tuple[str, str, SourceRef, Path | None]]:
    """(entry id, field path, citation, seed file) for every citation that gives a line."""
    files = {(s.game, s.key): shared / s.file for s in catalog.typed("sources", Source) if s.file}
    for loc in catalog.entries.values():
        for path, ref in citations(loc.entry):
            if ref.line is not None:
                yield loc.entry.id, path, ref, files.get((loc.entry.game, ref.key))


def test_every_cited_line_is_a_line_with_text(catalog: Catalog, shared: Path) -> None:
    problems, checked = [], 0
    for entry_id, path, ref, file in cited_lines(catalog, shared):
        checked += 1
        if file is None:
            problems.append(f"{entry_id} {path}: {ref.key} line {ref.line}, but source {ref.key} has no file")
            continue
        lines = seed_lines(file)
        if ref.line > len(lines):
            problems.append(f"{entry_id} {path}: {ref.key} line {ref.line}, but {file.name} has {len(lines)} lines")
        elif not lines[ref.line - 1].strip():
            problems.append(f"{entry_id} {path}: {ref.key} line {ref.line} of {file.name} is blank")
    assert checked > 1000, f"only {checked} citations with a line; the walk over the entries misses some"
    assert not problems, "\n".join(problems)


def test_no_citation_points_above_its_section_heading(catalog: Catalog, shared: Path) -> None:
    """Where a cited heading occurs in the file, the passage is at or below its first occurrence."""
    problems, checked = [], 0
    for entry_id, path, ref, file in cited_lines(catalog, shared):
        if file is None or not ref.section:
            continue
        heading = fold(ref.section)
        first = next((n for n, line in enumerate(folded_lines(file), start=1) if heading in line), None)
        if first is None:
            continue
        checked += 1
        if ref.line < first:
            problems.append(f"{entry_id} {path}: {ref.key} line {ref.line} is above {ref.section!r} (line {first})")
    assert checked > 1000, f"only {checked} citations name a heading found in their file"
    assert not problems, "\n".join(problems)


# Citations once found pointing at the wrong line, with words their passage holds (the section
# heading, or a term of the reading that cites it).
FIXED_CITATIONS = [
    ("caylus.resource.prestige", "sources[0]", ["A játék célja", "hírnévpont"]),
    ("caylus.resource.any-cube", "sources[0]", ["Jelmagyarázat", "tetszőleges nyersanyag"]),
    ("caylus.resource.any-non-gold", "sources[0]", ["Jelmagyarázat", "arany nem"]),
    ("duel.discrepancy.opening-flicks", "readings[1].source", ["feladni"]),
]


@pytest.mark.parametrize("entry_id, where, words", FIXED_CITATIONS, ids=[f[0] for f in FIXED_CITATIONS])
def test_a_once_wrong_citation_points_at_its_passage(catalog: Catalog, shared: Path, entry_id: str, where: str,
                                                     words: list[str]) -> None:
    found = [(file, ref) for eid, path, ref, file in cited_lines(catalog, shared) if eid == entry_id and path == where]
    assert len(found) == 1, f"{entry_id} has no citation at {where}"
    file, ref = found[0]
    assert file is not None and ref.line is not None
    line = folded_lines(file)[ref.line - 1]
    assert all(fold(word) in line for word in words), f"{entry_id} {where}: line {ref.line} lacks one of {words}"
