"""Sources on the site name the rulebook's own section; the line of our transcription stays in the
data and the API."""

from __future__ import annotations

import json
import re
import sqlite3


def test_pages_cite_sections_not_transcription_lines(built) -> None:
    pages = list((built.root / "build" / "docs").rglob("*.md"))
    cited = 0
    for page in pages:
        markdown = page.read_text(encoding="utf-8")
        for line in markdown.splitlines():
            if line.startswith("Sources: "):
                visible = re.sub(r' "[^"]*"\)', ")", line)  # a link's hover text is not shown on the page
                assert not re.search(r"\bline \d+", visible), (page.name, line[:200])
                cited += line.count("](../sources.md#")
            elif re.match(r"\| [A-Z0-9]+ \(", line):  # a discrepancy's reading: its source in the first cell
                assert not re.search(r"\bline \d+", line.split("|")[1]), (page.name, line[:200])
    assert cited > 1000


def test_the_line_is_kept_in_a_hover_hint_and_the_api(built) -> None:
    page = (built.root / "build" / "docs" / "caylus" / "examples.md").read_text(encoding="utf-8")
    assert re.search(r'\[HU \([^)\]]+\)\]\(\.\./sources\.md#caylus\.source\.hu "line \d+ of our transcription of HU"\)', page)
    db = sqlite3.connect(built.root / "build" / "kb.db")
    (sources,) = db.execute("select sources from examples where id = 'caylus.example.hu-01'").fetchone()
    assert all(isinstance(ref["line"], int) and ref["section"] for ref in json.loads(sources))


def test_two_lines_of_one_section_are_one_label(built) -> None:
    """A rule citing two lines of one rulebook section shows that section once, both lines in its hover."""
    twice = once_for_two = 0
    for page in (built.root / "build" / "docs").rglob("*.md"):
        for line in page.read_text(encoding="utf-8").splitlines():
            if line.startswith("Sources: "):
                labels = re.findall(r"\[([^\]]+)\]\(\.\./sources\.md#", line)
                twice += len(labels) != len(set(labels))
                once_for_two += bool(re.search(r'"lines [\d, ]+ and \d+ of our transcription of [A-Z]+"', line))
    assert twice == 0
    assert once_for_two > 0
