"""Caylus's part of the database and the API: readable columns on its tables, the tables that link
buildings to costs and products and the road to its spaces, its canned queries and API examples."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from catalog import Catalog, Entry
from games.caylus.kinds import Building, CastleSection, Favour, Road
from games.caylus.wording import produces
from games.plugin import (ApiExample, Column, DerivedColumns, Facet, FacetValue, LinkTable, Param, Query,
                          RowContext, SearchExample, piece_words)


def houses(step_min: int, step_max: int | None) -> str:
    if step_max is None:
        return f"{step_min}+"
    return str(step_min) if step_min == step_max else f"{step_min}-{step_max}"


def building_columns(entry: Entry, row: RowContext) -> dict[str, Any]:
    assert isinstance(entry, Building)
    words = row.words
    return {
        "cost_text": words.bundle(entry.cost) if entry.cost else None,
        "cost_total": sum(entry.cost.values()) if entry.cost else None,
        "effect_text": words.effect(entry.effect) or None,
        "income_text": words.bundle(entry.income) if entry.income else None,
        "produces": ", ".join(produces(words.catalog, entry.game, entry.effect)) or None,
        "rulings": ", ".join(row.rulings.get(entry.id, [])) or None,
    }


def favour_columns(entry: Entry, row: RowContext) -> dict[str, Any]:
    assert isinstance(entry, Favour)
    return {"effect_text": row.words.effect(entry.effect)}


def section_columns(entry: Entry, row: RowContext) -> dict[str, Any]:
    assert isinstance(entry, CastleSection)
    parts = [f"{houses(s.houses_min, s.houses_max)} houses: {row.words.bundle(s.reward) if s.reward else 'nothing'}"
             for s in entry.scoring]
    return {"scoring_text": "; ".join(parts)}


EFFECT_TEXT = Column(str, "What the building or favour does, in words")
COLUMNS = (
    DerivedColumns("buildings", {
        "cost_text": Column(str, "Cost in words"),
        "cost_total": Column(int, "Number of cubes and coins in the cost"),
        "effect_text": EFFECT_TEXT,
        "income_text": Column(str, "Income in phase 1, in words"),
        "produces": Column(str, "Resources a worker can get here"),
        "rulings": Column(str, "Rulings about this building (see the rulings table)"),
    }, building_columns),
    DerivedColumns("favours", {"effect_text": EFFECT_TEXT}, favour_columns),
    DerivedColumns("castle_sections", {"scoring_text": Column(str, "Scoring table in words")}, section_columns),
)


def cost_rows(catalog: Catalog, game: str) -> Iterator[dict[str, Any]]:
    for b in catalog.typed("buildings", Building, game):
        for slug, amount in (b.cost or {}).items():
            yield {"building_id": b.id, "resource_id": f"{game}.resource.{slug}", "amount": amount}


def product_rows(catalog: Catalog, game: str) -> Iterator[dict[str, Any]]:
    for b in catalog.typed("buildings", Building, game):
        for slug in produces(catalog, game, b.effect):
            yield {"building_id": b.id, "resource_id": f"{game}.resource.{slug}"}


def road_rows(catalog: Catalog, game: str) -> Iterator[dict[str, Any]]:
    markers = {s.marker_space: s.id for s in catalog.typed("castle_sections", CastleSection, game)}
    for road in catalog.typed("roads", Road, game):
        fixed = {f.space: f.building for f in road.fixed}
        for space in range(1, road.spaces + 1):
            initially = "neutral tile" if space in road.neutral_spaces else ("fixed building" if space in fixed else "empty")
            yield {"road_id": road.id, "space": space, "initially": initially,
                   "building_id": fixed.get(space), "marker_section_id": markers.get(space)}


def scoring_rows(catalog: Catalog, game: str) -> Iterator[dict[str, Any]]:
    for section in catalog.typed("castle_sections", CastleSection, game):
        for step in section.scoring:
            yield {"section_id": section.id, "houses_min": step.houses_min, "houses_max": step.houses_max,
                   "prestige": step.reward.get("prestige", 0), "favours": step.reward.get("favours", 0)}


LINK_TABLES = (
    LinkTable("building_costs", {"building_id": str, "resource_id": str, "amount": int}, ("building_id", "resource_id"),
              (("building_id", "buildings", "id"), ("resource_id", "resources", "id")), cost_rows),
    LinkTable("building_produces", {"building_id": str, "resource_id": str}, ("building_id", "resource_id"),
              (("building_id", "buildings", "id"), ("resource_id", "resources", "id")), product_rows),
    LinkTable("road_spaces", {"road_id": str, "space": int, "initially": str, "building_id": str, "marker_section_id": str},
              ("road_id", "space"), (("road_id", "roads", "id"), ("building_id", "buildings", "id"),
                                     ("marker_section_id", "castle_sections", "id")), road_rows),
    LinkTable("castle_scoring", {"section_id": str, "houses_min": int, "houses_max": int, "prestige": int, "favours": int},
              None, (("section_id", "castle_sections", "id"),), scoring_rows),
)

BUILDING = Param("building", "A building's id, or any of its names (English, Hungarian, Polish, accents optional) "
                             "or a part of its id (quarry)")
QUERIES = (
    Query("buildings_producing", "Buildings that produce a resource",
          "Give a resource in any language: stone, kő, kamień, gold, arany, złoto ...",
          "select b.id, b.name_en, b.name_hu, b.name_pl, b.category, b.effect_text, b.cost_text\n"
          "from buildings b join building_produces p on p.building_id = b.id\n"
          "join name_forms f on f.entity_id = p.resource_id\n"
          "where f.folded = kb_fold_words(:resource) or p.resource_id like '%.resource.' || kb_fold(:resource)\n"
          "group by b.id order by b.category, b.name_en",
          (Param("resource", "A resource's name in English, Hungarian or Polish, or its id's last part (stone)"),)),
    Query("buildings_by_cost", "Buildings by cost",
          "Buildings with a cost, cheapest first; give a category (wood, stone, prestige) or leave it empty.",
          "select id, name_en, name_hu, name_pl, category, cost_text, cost_total, prestige, effect_text\n"
          "from buildings where cost is not null and cost != 'null'\n"
          "and (:category = '' or category = :category)\n"
          "order by cost_total, prestige, name_en",
          (Param("category", "wood, stone or prestige; empty or left out for every category", required=False, default=""),)),
    Query("building", "What a building costs and gives",
          "A building by its id or any of its names (English, Hungarian, Polish, with or without accents).",
          "select b.id, b.name_en, b.name_hu, b.name_pl, b.category, b.cost_text, b.prestige, b.favours,\n"
          "  b.income_text, b.effect_text, b.refs_hu, b.refs_pl\n"
          "from buildings b where b.id = :building\n"
          "  or b.id in (select entity_id from name_forms where folded = kb_fold_words(:building))\n"
          "  or b.id like '%.building.' || kb_fold(:building) || '%'\n"
          "order by b.name_en",
          (BUILDING,)),
)

API_EXAMPLES = (
    ApiExample("Search in any language", "/kb/search.json?q=kőfejtőben&_shape=array",
               "The `search` query folds accents (Polish ł too) and stems Hungarian, Polish and English, "
               "so an inflected or unaccented word finds its entry."),
    ApiExample("Search without accents", "/kb/search.json?q=kamieniolom&_shape=array",
               "`kamieniolom` finds Kamieniołom."),
    ApiExample("A page of search hits", "/kb/search.json?q=castle&game=caylus&limit=2&_shape=objects",
               "`limit` hits from `offset`; the object says how many hits there are in all (`total`) and where the "
               "next page is (`next_url`, null on the last page)."),
    ApiExample("What produces a resource", "/kb/buildings_producing.json?resource=kő&_shape=array",
               "A resource named in any language: stone, kő, kamień, gold, arany, złoto ..."),
    ApiExample("What a building costs and gives", "/kb/building.json?building=templom&_shape=array",
               "A building by any of its names."),
    ApiExample("Every ruling about a building", "/kb/rulings_about.json?entry=architect&game=caylus&_shape=array",
               "Rulings that concern the building, name it, or cite the rule governing it (any entry of any game "
               "answers: a card, a component, a rule, a term)."),
    ApiExample("Every rule mentioning a term", "/kb/rules_mentioning.json?term=intéző&_shape=array",
               "A term in any language; the rules whose text uses it."),
    ApiExample("A term in all languages", "/kb/term.json?q=zarządca&_shape=array",
               "Every name and form of a term."),
    ApiExample("Buildings by cost", "/kb/buildings_by_cost.json?category=stone&_shape=array",
               "`category` is wood, stone or prestige, or empty for all."),
    ApiExample("A row by id", "/kb/buildings/caylus~2Ebuilding~2Echurch.json?_shape=array",
               "Datasette writes a `.` in a key as `~2E`. `sources`, `cost`, `income` and `effect` are JSON values."),
    ApiExample("Filter and facet a table", "/kb/buildings.json?category=prestige&_facet=category&_shape=array&_col=name_en&_col=cost_text&_col=prestige",
               "Column filters (`category=prestige`), facets (`_facet=`), chosen columns (`_col=`)."),
    ApiExample("Table search", "/kb/glossary.json?_search=burmistrz&_shape=array&_col=name_en&_col=name_hu&_col=name_pl",
               "`_search` looks in the names, forms and text of one table, in any case ending."),
)


def _building(entry: Entry) -> Building:
    assert isinstance(entry, Building)
    return entry


def cost_values(entry: Entry, catalog: Catalog) -> list[FacetValue]:
    cost = _building(entry).cost or {}
    words = [w for slug in cost for w in piece_words(catalog, entry.game, "resource", slug)]
    return [sum(cost.values()), *words] if cost else []


def produces_values(entry: Entry, catalog: Catalog) -> list[FacetValue]:
    return [w for slug in produces(catalog, entry.game, _building(entry).effect)
            for w in piece_words(catalog, entry.game, "resource", slug)]


FACETS = (
    Facet("category", "A building's category: wood, stone, prestige, residential, neutral, fixed, special",
          ("buildings",), lambda e, c: [_building(e).category]),
    Facet("cost", "What it costs: the number of cubes, coins or gold, or a resource in it (cost:gold)",
          ("buildings",), cost_values),
    Facet("produces", "A resource a worker can get at the building", ("buildings",), produces_values),
    Facet("prestige", "Prestige points for building it", ("buildings",), lambda e, c: [_building(e).prestige]),
    Facet("favours", "Royal favours for building it", ("buildings",), lambda e, c: [_building(e).favours]),
)

SEARCH_EXAMPLES = (
    SearchExample("VP", "Prestige points, which players call victory points"),
    SearchExample("category:wood", "Wood buildings"),
    SearchExample("category:prestige cost<5", "Prestige buildings that cost fewer than five cubes"),
    SearchExample("produces:stone", "Buildings where a worker can get stone"),
    SearchExample("produces:kő", "The same, with the Hungarian name of stone"),
    SearchExample("kind:building cost:gold", "Buildings whose cost includes gold"),
    SearchExample("prestige>=10", "Buildings worth ten or more prestige points when built"),
    SearchExample("category:stone or category:prestige", "Stone buildings and prestige buildings"),
    SearchExample("kind:building favours>0 -category:prestige", "Buildings that give a royal favour, except prestige buildings"),
    SearchExample('"gold mine"', "Entries with these two words together"),
    SearchExample("quarry -neutral", "Quarries, leaving out what mentions the neutral one"),
    SearchExample("game:caylus kind:ruling castle", "Caylus rulings about the castle"),
)
