"""Sources on the site are cited as a reader cites them: the source's name and the rulebook's own
section (or page); never our key, our research notes' sections, or the line of our transcription,
which stays in the data and the API."""

from __future__ import annotations

import json
import re
import sqlite3

EVIDENCE = re.compile(r"^(.*)\n\{ \.kb-evidence \}$", re.M)
CITED = re.compile(r'\[([^\]]+)\]\(\.\./sources\.md#([^ )]+) "([^"]*)"\)')


def evidence_lines(built) -> list[tuple[str, str]]:
    """(page name, the Markdown line with an entry's badge and its cited sources) of every generated page."""
    return [(page.name, m.group(1)) for page in (built.root / "build" / "docs").rglob("*.md")
            for m in EVIDENCE.finditer(page.read_text(encoding="utf-8"))]


def test_pages_cite_sections_not_transcription_lines(built) -> None:
    cited = 0
    for name, line in evidence_lines(built):
        assert not re.search(r"\bline \d+|\bHU\b|\bFACTS\b", line), (name, line[:200])  # hover text included
        cited += len(CITED.findall(line))
    assert cited > 1000
    for page in (built.root / "build" / "docs").rglob("*.md"):
        for line in page.read_text(encoding="utf-8").splitlines():
            if re.match(r"\| [A-Z][^|]*(rulebook|rules)", line):  # a discrepancy's reading: its source in the first cell
                assert not re.search(r"\bline \d+", line.split("|")[1]), (page.name, line[:200])


def test_the_line_is_kept_in_the_api_not_on_the_page(built) -> None:
    page = (built.root / "build" / "docs" / "caylus" / "examples.md").read_text(encoding="utf-8")
    assert re.search(r'\[Hungarian rulebook, section «[^»]+»\]\(\.\./sources\.md#caylus\.source\.hu '
                     r'"Hungarian rulebook \(transcription by Thaur, 2006\)"\)', page)
    db = sqlite3.connect(built.root / "build" / "kb.db")
    (sources,) = db.execute("select sources from examples where id = 'caylus.example.hu-01'").fetchone()
    assert all(isinstance(ref["line"], int) and ref["section"] for ref in json.loads(sources))


def test_two_lines_of_one_section_are_one_citation(built, catalog) -> None:
    """A rule citing two lines of one rulebook section shows that section once."""
    lines = evidence_lines(built)
    assert all(len(labels) == len(set(labels)) for _, line in lines for labels in [CITED.findall(line)])
    twice = [loc.entry for loc in catalog.entries.values()
             if any(a.key == b.key and a.section == b.section and a.line != b.line
                    for i, a in enumerate(loc.entry.sources) for b in loc.entry.sources[i + 1:])]
    assert twice
    entry = twice[0]
    for page in (built.root / "build" / "docs" / entry.game).glob("*.md"):
        markdown = page.read_text(encoding="utf-8")
        if f"{{#{entry.id}}}" in markdown:
            after = markdown[markdown.index(f"{{#{entry.id}}}"):]
            line = EVIDENCE.search(after)
            assert line
            section = next(r.section for r in entry.sources if sum(s.section == r.section for s in entry.sources) > 1)
            assert line.group(1).count(f"«{section}»") == 1, line.group(1)
            return
    raise AssertionError(f"{entry.id} is on no page")


def test_research_notes_give_way_to_the_public_source(built, catalog) -> None:
    """An entry citing our research notes and a public source cites the public source only; one citing
    only the notes says "public sources collected for this project"."""
    only_notes = alongside = 0
    for name, line in evidence_lines(built):
        labels = [label for label, _, _ in CITED.findall(line)]
        if "public sources collected for this project" in labels:
            assert labels == ["public sources collected for this project"], (name, line)
            only_notes += 1
        else:
            alongside += any(anchor.endswith(".source.facts") for _, anchor, _ in CITED.findall(line))
    assert only_notes > 0
    assert alongside == 0
