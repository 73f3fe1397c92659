"""The glossary's tables show only languages with names for most of their rows."""

from __future__ import annotations


def markdown_tables(page: str) -> list[list[list[str]]]:
    """Each table of a Markdown page as rows of cells (the header first, the separator dropped)."""
    tables, current = [], []
    for line in [*page.splitlines(), ""]:
        if line.startswith("|"):
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if not all(set(c) <= set("-: ") for c in cells):
                current.append(cells)
        elif current:
            tables.append(current)
            current = []
    return tables


def test_every_language_column_of_the_glossary_is_mostly_filled(built, catalog) -> None:
    for game in catalog.games():
        page = (built.root / "build" / "docs" / game / "glossary.md").read_text(encoding="utf-8")
        tables = markdown_tables(page)
        terms, pieces = tables[0], tables[-1]
        for rows in (terms, pieces[:]):
            header, body = rows[0], rows[1:]
            for column, language in enumerate(header):
                if language == "Other forms":
                    continue
                filled = sum(row[column] not in ("", "—") for row in body)
                assert 2 * filled >= len(body), (game, language, filled, len(body))
        assert terms[0][:2] == ["English", "Hungarian"], (game, terms[0])


def test_a_sparse_language_is_left_to_the_entries_own_names(built) -> None:
    # three of the Duel's terms have German names: no German column, the names under each term
    page = (built.root / "build" / "docs" / "duel" / "glossary.md").read_text(encoding="utf-8")
    assert "German" not in markdown_tables(page)[0][0]
    assert "**DE** " in page
