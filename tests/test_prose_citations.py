"""The catalog's prose names rulebook passages the way a reader of the printed rulebook finds them
(the section heading, and the page where known), never by a line of our transcription. Lines belong
in structured citations (`sources`, a reading's `source`), which the site shows by section and the
API gives with the line."""

from __future__ import annotations

import re
from collections.abc import Iterator

from pydantic import BaseModel

from catalog import Catalog
from catalog.kinds import Discrepancy, Reading
from catalog.model import Names, SourceRef

TRANSCRIPTION_LINE = re.compile(r"\b[Ll]ines?\s+\d+")


def prose(node: object, path: str = "") -> Iterator[tuple[str, str]]:
    """(field path, text) for every text inside an entry. Of a citation only its free-text note
    counts: its section is the rulebook's own heading and its line is meant to be there."""
    if isinstance(node, str):
        yield path, node
    elif isinstance(node, SourceRef):
        if node.note:
            yield f"{path}.note", node.note
    elif isinstance(node, BaseModel):
        for name in type(node).model_fields:
            yield from prose(getattr(node, name), f"{path}.{name}" if path else name)
    elif isinstance(node, dict):
        for key, value in node.items():
            yield from prose(value, f"{path}.{key}")
    elif isinstance(node, list | tuple):
        for i, item in enumerate(node):
            yield from prose(item, f"{path}[{i}]")


def test_no_catalog_text_cites_a_transcription_line(catalog: Catalog) -> None:
    problems, checked = [], 0
    for loc in catalog.entries.values():
        for path, value in prose(loc.entry):
            checked += 1
            for match in TRANSCRIPTION_LINE.finditer(value):
                context = value[max(0, match.start() - 40):match.end() + 40].replace("\n", " ")
                problems.append(f"{loc.file}: {loc.entry.id} {path}: '{match.group()}' in …{context}…")
    assert checked > 5000, f"only {checked} text fields; the walk over the entries misses some"
    assert not problems, ("name the rulebook's section (and page) instead, or move the line into a "
                          "structured citation:\n" + "\n".join(problems))


def test_the_walk_reaches_readings_and_citation_notes_but_not_cited_lines() -> None:
    entry = Discrepancy(
        id="caylus.discrepancy.example", game="caylus", names=Names(en="An example"), topic="wording",
        readings=[Reading(source=SourceRef(key="HU", section="Tartalom", line=206), says="as at line 224"),
                  Reading(source=SourceRef(key="PL", line=17, note="see lines 19-20"), says="no number")],
        follows=["HU"], decision="HU", sources=[SourceRef(key="HU", line=206)], confidence="text")
    found = {path: value for path, value in prose(entry) if TRANSCRIPTION_LINE.search(value)}
    assert found == {"readings[0].says": "as at line 224", "readings[1].source.note": "see lines 19-20"}
