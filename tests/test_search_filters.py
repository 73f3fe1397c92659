"""Field filters in the search (outputs/search/query.py, filters.py): the grammar, the API's answers
and errors, and the Search syntax page, whose examples must give what the page says."""

from __future__ import annotations

import json
import re
from urllib.parse import quote

import pytest
from datasette.app import Datasette

from games import REGISTRY
from games.caylus.kinds import Building
from outputs.search import QueryError, parse

FIELDS = {"cost": "", "category": "", "game": "", "kind": ""}
NUMERIC = {"cost"}


def test_filters_phrases_and_words_are_told_apart() -> None:
    parsed = parse('castle cost<=3 -category:wood "gold mine" -market note:', FIELDS, NUMERIC)
    assert parsed.words == "castle gold mine note:"
    flat = [(c.kind, c.field, c.op, c.value, c.negated) for group in parsed.groups for c in group]
    assert flat == [("field", "cost", "<=", "3", False), ("field", "category", ":", "wood", True),
                    ("phrase", "", "", "gold mine", False), ("word", "", "", "market", True)]


def test_or_joins_the_conditions_on_its_sides_only() -> None:
    groups = parse("category:wood or category:stone cost=2", FIELDS, NUMERIC).groups
    assert [[c.value for c in g] for g in groups] == [["wood", "stone"], ["2"]]
    assert groups[1][0].op == ":"  # = is the same as :
    # or between plain words changes nothing: the words only rank
    assert parse("castle or dungeon", FIELDS, NUMERIC).groups == ()


@pytest.mark.parametrize("query, message", [
    ("icon:criminal", "unknown field 'icon' in icon:criminal; fields: category, cost, game, kind"),
    ("category<3", "'category' has no numbers to compare"),
    ("cost<=x", "'<=' compares numbers, and 'x' is not one"),
    ("cost<=", "no value after '<='"),
    ('"gold mine', "a quote is not closed"),
    ('""', "an empty quote"),
    ("or cost<2", "'or' needs a filter or a quoted phrase on each side"),
    ("cost<2 or", "'or' needs a filter or a quoted phrase on each side"),
])
def test_a_malformed_query_says_what_is_wrong(query: str, message: str) -> None:
    with pytest.raises(QueryError, match=re.escape(message)):
        parse(query, FIELDS, NUMERIC)


@pytest.fixture
def datasette(built) -> Datasette:  # type: ignore[no-untyped-def]
    metadata = json.loads((built.build / "metadata.json").read_text(encoding="utf-8"))
    return Datasette([str(built.build / "kb.db")], immutables=[], metadata=metadata, settings={"sql_time_limit_ms": 1000})


async def found(datasette: Datasette, query: str, game: str = "") -> list[str]:
    response = await datasette.client.get(f"/kb/search.json?q={quote(query)}&game={game}&_shape=array")
    assert response.status_code == 200, response.text[:300]
    return [row["entity_id"] for row in response.json()]


async def test_the_api_filters_buildings_as_the_catalog_says(datasette: Datasette, catalog) -> None:  # type: ignore[no-untyped-def]
    buildings = catalog.typed("buildings", Building, "caylus")
    wood = {b.id for b in buildings if b.category == "wood"}
    assert set(await found(datasette, "category:wood")) == wood
    cheap_prestige = {b.id for b in buildings if b.category == "prestige" and b.cost and sum(b.cost.values()) < 5}
    assert set(await found(datasette, "category:prestige cost<5")) == cheap_prestige
    with_gold = {b.id for b in buildings if b.cost and "gold" in b.cost}
    assert set(await found(datasette, "kind:building cost:gold")) == with_gold
    assert set(await found(datasette, "category:wood or category:stone")) == {
        b.id for b in buildings if b.category in ("wood", "stone")}
    not_wood = await found(datasette, "kind:building -category:wood prestige>=4")
    assert not_wood and not set(not_wood) & wood


async def test_filters_narrow_a_ranked_search(datasette: Datasette) -> None:
    ranked = await found(datasette, "quarry", "caylus")
    assert "caylus.building.quarry-neutral" in ranked
    narrowed = await found(datasette, "quarry -neutral", "caylus")
    assert narrowed == ["caylus.building.quarry-wood"]


async def test_the_api_answers_a_malformed_query_with_400_and_the_fields(datasette: Datasette) -> None:
    response = await datasette.client.get(f"/kb/search.json?q={quote('flavour:sweet')}&_shape=array")
    assert response.status_code == 400
    body = response.json()
    assert body["ok"] is False and "unknown field 'flavour'" in body["error"] and "category" in body["error"]
    page = await datasette.client.get(f"/kb/search?q={quote('cost<=x')}")
    assert page.status_code == 400 and "compares numbers" in page.text and "Back to the search form" in page.text
    # a query without a problem is untouched; a table has no search parameter q (it is a filter on a column
    # the table lacks, refused as such, not parsed as a search)
    assert (await datasette.client.get("/kb/search.json?q=castle&_shape=array")).status_code == 200
    table = await datasette.client.get(f"/kb/buildings.json?q={quote('cost<=x')}")
    assert table.status_code == 400 and "no column 'q'" in table.json()["error"]


def test_the_syntax_page_shows_what_each_example_finds(built) -> None:  # type: ignore[no-untyped-def]
    """The page's counts and first results are this build's; and the examples cover every operator."""
    from outputs.search import index_from_database

    page = (built.build / "docs" / "search-syntax.md").read_text(encoding="utf-8")
    index = index_from_database(built.build / "kb.db")
    queries = []
    for module in REGISTRY.modules:
        for example in module.search_examples:
            hits = index.search(example.query, game=module.game, limit=1000)
            assert hits, example.query
            row = next(line for line in page.splitlines() if line.startswith(f"| `{example.query}` |"))
            assert f"| {len(hits)}: " in row and hits[0].document.title in row, row
            queries.append(example.query)
    text = " ".join(queries)
    for operator in (":", "<=", ">=", "<", "=", " -", " or ", '"', "game:", "kind:"):
        assert operator in text, f"no example on the syntax page uses {operator!r}"
    assert "unknown field 'nosuchfield'" in page
