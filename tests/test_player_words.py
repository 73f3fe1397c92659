"""Player pages speak to players (issue 28): no builders' words on the built site, one badge per entry
whose meaning the How we know page explains, sources cited as a reader cites them, and the pages for
contributors outside the games' tabs."""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import get_args

from catalog.model import Confidence
from outputs.pages import evidence

BUILDERS_WORDS = re.compile(
    r"confidence:|picture_read|facts file|what I found|seeds/|generated from"
    r"|\blines? \d+(?:, \d+)*(?: and \d+)? of our transcription", re.IGNORECASE)
BADGE = re.compile(r'<a class="kb-badge kb-badge--([a-z-]+)" href="[^"]*" title="([^"]*)">([^<]+)</a>')


def player_pages(site: Path) -> list[Path]:
    """Every page of the site but the contributors' section (the scenario formats speak of files)."""
    return [p for p in site.rglob("*.html") if "contributors" not in p.relative_to(site).parts]


def test_no_player_page_shows_builders_words(built) -> None:
    pages = player_pages(built.site)
    assert len(pages) > 60
    found = [f"{p.relative_to(built.site)}: …{m.string[max(0, m.start() - 60):m.end() + 20]}…"
             for p in pages for m in BUILDERS_WORDS.finditer(p.read_text(encoding="utf-8"))]
    assert not found, "\n".join(found[:20])


def test_the_research_notes_are_never_cited_by_their_sections(built, catalog) -> None:
    """The notes' own section titles ("1.2 Picture-only facts and what I found") appear nowhere."""
    sections = {ref.section for loc in catalog.entries.values() for ref in loc.entry.sources
                if ref.key == "FACTS" and ref.section}
    assert len(sections) > 10
    for page in player_pages(built.site):
        content = html.unescape(page.read_text(encoding="utf-8"))
        assert not [s for s in sections if s in content], page


def test_every_confidence_has_a_badge() -> None:
    assert set(evidence.BADGES) == set(get_args(Confidence))
    labels = [b.label for b in evidence.BADGES.values()]
    assert len(set(labels)) == len(labels)


def test_how_we_know_explains_every_badge_on_the_site(built) -> None:
    how = (built.site / evidence.PAGE / "index.html").read_text(encoding="utf-8")
    seen: dict[str, set[tuple[str, str]]] = {}
    for page in player_pages(built.site):
        for css, title, label in BADGE.findall(page.read_text(encoding="utf-8")):
            seen.setdefault(css, set()).add((html.unescape(title), html.unescape(label)))
    # every kind of badge is in use somewhere, each always with the same words
    assert set(seen) == {evidence.anchor(c) for c in get_args(Confidence)}
    assert all(len(v) == 1 for v in seen.values()), seen
    for css, ((title, label),) in seen.items():
        heading = re.search(rf'<h2 id="{css}">([^<]+)', how)
        assert heading and heading.group(1).strip().lower() == label, (css, label)
        assert html.escape(title, quote=False) in how, title


def test_each_entry_shows_one_badge_and_its_sources_in_words(built) -> None:
    page = (built.site / "caylus" / "rules-castle" / "index.html").read_text(encoding="utf-8")
    evidence_lines = re.findall(r'<p class="kb-evidence">(.*?)</p>', page, re.S)
    assert len(evidence_lines) > 10
    for line in evidence_lines:
        assert len(BADGE.findall(line)) == 1, line
        assert "Hungarian rulebook, section «" in html.unescape(line), line
    # the keys and the row in the API are in the collapsed Sources block, not beside the badge
    blocks = re.findall(r'<details class="kb-sources">(.*?)</details>', page, re.S)
    assert len(blocks) == len(evidence_lines)
    assert all("source key" in b and "this entry in the API" in b for b in blocks)


def test_a_value_known_less_surely_has_its_own_badge_in_words(built, catalog) -> None:
    """An entry whose Hungarian name is our translation says "The Hungarian name: inferred" (a badge)."""
    translated = {loc.entry.id for loc in catalog.entries.values() if loc.entry.fact_confidence.get("names.hu") == "inferred"}
    shown = 0
    for page in player_pages(built.site):
        content = page.read_text(encoding="utf-8")
        for m in re.finditer(r'<h[23] id="([^"]+)"', content):
            if m.group(1) in translated:
                block = content[m.end():]
                start = block.index('<details class="kb-sources">')
                block = block[start:block.index("</details>", start)]
                assert re.search(r'The Hungarian name: <a class="kb-badge kb-badge--inferred"', block), block
                assert "names.hu" not in block
                shown += 1
    assert shown > 5


def test_the_sources_page_says_what_each_source_is_and_where_to_find_it(built, catalog) -> None:
    page = html.unescape((built.site / "sources" / "index.html").read_text(encoding="utf-8"))
    assert "shared seeds" not in page
    for loc in catalog.entries.values():
        if loc.kind.key == "sources":
            source = loc.entry
            section = page[page.index(f'id="{source.id}"'):]
            section = section[:section.index("<h3", 10)] if "<h3" in section[10:] else section
            assert f"Cited as:</strong> {source.cite}" in section, source.id
            assert "Where:</strong>" in section, source.id
            if source.url:
                assert source.url in section


def test_contributor_pages_sit_outside_the_games(built) -> None:
    """The scenario formats are in the contributors' section (test_navigation: its tab, and no game's own)."""
    for game in ("caylus", "duel"):
        assert (built.site / "contributors" / f"{game}-scenarios" / "index.html").is_file()
        assert not (built.site / game / "scenarios").exists()
