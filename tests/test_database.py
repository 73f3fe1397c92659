"""The database holds every catalog entry, with names, links and a working search index."""

from __future__ import annotations

import sqlite_utils

from games import SCHEMA


def db(built) -> sqlite_utils.Database:
    return sqlite_utils.Database(built.build / "kb.db")


def test_every_catalog_entry_has_a_row_in_its_table(built, catalog) -> None:
    database = db(built)
    for located in catalog.entries.values():
        table = located.kind.table
        rows = list(database[table].rows_where("id = ?", [located.entry.id]))
        assert len(rows) == 1, f"{located.entry.id} missing from {table}"
        assert rows[0]["name_en"] == located.entry.names.en
        assert rows[0]["name_hu"] == located.entry.names.hu
        assert rows[0]["name_pl"] == located.entry.names.pl


def test_row_counts_match_the_catalog(built, catalog) -> None:
    database = db(built)
    for kind in SCHEMA.kinds:
        assert database[kind.table].count == len(catalog.of_kind(kind.key)), kind.table
    assert database["entities"].count == len(catalog.entries)


def test_foreign_keys_are_declared_and_hold(built) -> None:
    database = db(built)
    assert ("row", "favour_rows", "id") in [(fk.column, fk.other_table, fk.other_column) for fk in database["favours"].foreign_keys]
    assert database.execute("PRAGMA foreign_key_check").fetchall() == []


def test_building_costs_and_products_are_linked(built) -> None:
    database = db(built)
    costs = {r["resource_id"]: r["amount"] for r in database["building_costs"].rows_where("building_id = ?", ["caylus.building.cathedral"])}
    assert costs == {"caylus.resource.stone": 5, "caylus.resource.gold": 3}
    makers = {r["building_id"] for r in database["building_produces"].rows_where("resource_id = ?", ["caylus.resource.gold"])}
    assert {"caylus.building.gold-mine", "caylus.building.bank", "caylus.building.alchemist"} <= makers


def test_road_spaces_show_fixed_buildings_and_markers(built) -> None:
    rows = {r["space"]: r for r in db(built)["road_spaces"].rows}
    assert len(rows) == 28
    assert rows[7]["building_id"] == "caylus.building.peddler-fixed"
    assert rows[16]["building_id"] == "caylus.building.gold-mine"
    assert rows[12]["marker_section_id"] == "caylus.castle-section.dungeon"
    assert rows[3]["initially"] == "neutral tile"


def fts(built, query: str) -> list[str]:
    """The entries the search table's FTS index finds for a query, best first: the SQL path of the
    ``term`` and ``rules_mentioning`` queries, read by the one search definition."""
    from outputs.database.tables import SEARCH_RANK
    from outputs.search.fts import match_expression

    sql = f"select search.entity_id from search_fts join search on search.rowid = search_fts.rowid where search_fts match ? order by {SEARCH_RANK}"
    return [r[0] for r in db(built).execute(sql, [match_expression(query)]).fetchall()]


def test_search_with_and_without_polish_letters(built) -> None:
    assert "caylus.building.quarry-neutral" in fts(built, "Kamieniołom")
    assert "caylus.building.quarry-neutral" in fts(built, "kamieniolom")
    assert "caylus.resource.gold" in fts(built, "zloto")


def test_search_from_inflected_hungarian(built) -> None:
    assert "caylus.building.quarry-neutral" in fts(built, "kőfejtőben")
    assert fts(built, "intézőt")[0] in ("caylus.term.provost", "caylus.component.provost")
    assert any(i in fts(built, "udvarnagyot") for i in ("caylus.term.bailiff", "caylus.component.bailiff"))


def test_search_from_english_hungarian_and_polish_names(built) -> None:
    for word in ("provost", "intéző", "burmistrz", "bailiff", "zarządca"):
        hits = fts(built, word)
        assert hits, word
    assert "caylus.building.church" in fts(built, "templom")
    assert "caylus.building.church" in fts(built, "kościół")
    assert "caylus.building.church" in fts(built, "kosciol")


def test_search_finds_nothing_for_nonsense(built) -> None:
    assert fts(built, "xylophonequartz") == []
