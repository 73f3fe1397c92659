"""Source citations: every cited line exists and is not blank in its seed file, no citation points
above the first place its own section heading appears there, and the citations once found wrong
stay right.

The seed files (rulebook transcriptions and facts) are not part of the project: the tests read
tests/data/seed_index.json, which scripts/index_seeds.py makes from them (line numbers only).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from catalog import Catalog
from citations import cited_lines

INDEX = json.loads((Path(__file__).resolve().parent / "data" / "seed_index.json").read_text(encoding="utf-8"))
REINDEX = "run scripts/index_seeds.py (it needs the shared seeds folder) and commit tests/data/seed_index.json"


def test_every_cited_line_is_a_line_with_text(catalog: Catalog) -> None:
    problems, checked = [], 0
    for entry_id, path, ref, file in cited_lines(catalog):
        checked += 1
        if file is None:
            problems.append(f"{entry_id} {path}: {ref.key} line {ref.line}, but source {ref.key} has no file")
            continue
        if file not in INDEX:
            problems.append(f"{entry_id} {path}: {file} is not indexed; {REINDEX}")
            continue
        seed = INDEX[file]
        assert ref.line is not None
        if ref.line > seed["lines"]:
            problems.append(f"{entry_id} {path}: {ref.key} line {ref.line}, but {file} has {seed['lines']} lines")
        elif ref.line in seed["blank"]:
            problems.append(f"{entry_id} {path}: {ref.key} line {ref.line} of {file} is blank")
    assert checked > 1000, f"only {checked} citations with a line; the walk over the entries misses some"
    assert not problems, "\n".join(problems)


def test_no_citation_points_above_its_section_heading(catalog: Catalog) -> None:
    """Where a cited heading occurs in the file, the passage is at or below its first occurrence."""
    problems, checked = [], 0
    for entry_id, path, ref, file in cited_lines(catalog):
        if file is None or not ref.section or ref.line is None:
            continue
        sections = INDEX.get(file, {}).get("first_line_of_section", {})
        if ref.section not in sections:
            problems.append(f"{entry_id} {path}: section {ref.section!r} of {file} is not indexed; {REINDEX}")
            continue
        first = sections[ref.section]
        if first is None:
            continue
        checked += 1
        if ref.line < first:
            problems.append(f"{entry_id} {path}: {ref.key} line {ref.line} is above {ref.section!r} (line {first})")
    assert checked > 1000, f"only {checked} citations name a heading found in their file"
    assert not problems, "\n".join(problems)


# Citations once found pointing at the wrong line, with the line they now cite (checked against the
# seeds when they were fixed: the passage holds the heading or term named here).
FIXED_CITATIONS = [
    ("caylus.resource.prestige", "sources[0]", 208),        # A játék célja: hírnévpont
    ("caylus.resource.any-cube", "sources[0]", 212),        # Jelmagyarázat: tetszőleges nyersanyag
    ("caylus.resource.any-non-gold", "sources[0]", 212),    # Jelmagyarázat: arany nem
    ("duel.discrepancy.opening-flicks", "readings[1].source", 101),  # feladni
]


@pytest.mark.parametrize("entry_id, where, line", FIXED_CITATIONS, ids=[f[0] for f in FIXED_CITATIONS])
def test_a_once_wrong_citation_stays_right(catalog: Catalog, entry_id: str, where: str, line: int) -> None:
    found = [ref for eid, path, ref, _ in cited_lines(catalog) if eid == entry_id and path == where]
    assert len(found) == 1, f"{entry_id} has no citation at {where}"
    assert found[0].line == line
