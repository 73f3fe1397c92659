"""Every game has a player aid (issue 33, games/aid.py) under one name and title, and its numbers and
Hungarian (Caylus: Polish too) names are the catalog's: each aid shows values read from the catalog, and
changing a value in the catalog changes the aid. That each fits two A4 sheets is tests/test_browser_print.py's."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from catalog import Catalog
from games import REGISTRY
from games.aid import AID_CLASS, PLAYER_AID, PLAYER_AID_TITLE
from games.caylus.kinds import CastleSection, Road
from games.duel.kinds import ConstructionRule, DuelCard
from games.maharaja.kinds import Cost, ScoringTable
from games.plugin import PageSpec
from games.viscounts.kinds import BuildingType, CollisionPosition, EndCard
from games.viscounts.wording import steps
from outputs.pages.layout import Layout
from outputs.pages.writer import PageWriter

GAMES = ("caylus", "duel", "maharaja", "viscounts")


def aid(catalog: Catalog, game: str) -> str:
    """A game's player aid as its renderer writes it (the Markdown the site is built from)."""
    module = REGISTRY.module(game)
    (spec,) = [p for p in module.pages if isinstance(p, PageSpec) and p.name == PLAYER_AID]
    assert spec.title == PLAYER_AID_TITLE and spec.kinds == ()
    return spec.render(PageWriter(catalog, module, Layout(catalog, REGISTRY), "http://127.0.0.1:8001", results=[]))


def changed(catalog: Catalog, entry_id: str, **values: Any) -> Catalog:
    """A copy of the catalog in which one entry has other values (the rest is shared, unchanged)."""
    located = catalog.entries[entry_id]
    return replace(catalog, entries={**catalog.entries, entry_id: replace(located, entry=located.entry.model_copy(update=values))})


def row(*cells: object) -> str:
    return "| " + " | ".join(map(str, cells)) + " |"


@pytest.mark.parametrize("game", GAMES)
def test_each_game_has_a_player_aid_under_one_name_marked_for_its_print_styles(catalog: Catalog, game: str) -> None:
    page = aid(catalog, game)
    assert page.startswith(f"# {PLAYER_AID_TITLE} {{#{game}.{PLAYER_AID} .{AID_CLASS}}}\n")
    assert page.count("\n## ") >= 5, "the turn, costs, scoring tables and the end, each under its heading"


def test_the_caylus_aid_shows_the_castle_and_the_road_of_the_catalog_in_three_languages(catalog: Catalog) -> None:
    page = aid(catalog, "caylus")
    for s in catalog.typed("castle_sections", CastleSection, "caylus"):
        assert f"| {s.names.hu} | {s.names.pl} | {s.spaces} | {s.prestige_per_batch} | {s.marker_space} |" in page, s.id
    (road,) = catalog.typed("roads", Road, "caylus")
    assert ", ".join(f"{n} after {i} passed" for i, n in enumerate(road.passing_scale)) in page
    bigger = changed(catalog, road.id, passing_scale=[7, *road.passing_scale[1:]])
    assert "7 after 0 passed" in aid(bigger, "caylus") and "7 after 0 passed" not in page


def test_the_maharaja_aid_shows_the_gold_table_and_the_costs_of_the_catalog(catalog: Catalog) -> None:
    page = aid(catalog, "maharaja")
    for t in catalog.typed("scoring_tables", ScoringTable, "maharaja"):
        assert row(t.players, *t.gold_by_rank).removesuffix(" |") in page, t.id
    for c in catalog.typed("costs", Cost, "maharaja"):
        assert f"| {c.names.hu} | {c.gold} | {c.per} |" in page, c.id
    dearer = changed(catalog, "maharaja.cost.palace", gold=14)
    assert "| Palota építési költsége | 14 | palace |" in aid(dearer, "maharaja")


def test_the_duel_aid_shows_the_building_costs_and_every_text_card_of_the_catalog(catalog: Catalog) -> None:
    page = aid(catalog, "duel")
    (rule,) = catalog.typed("construction_rules", ConstructionRule, "duel")
    gold = ", ".join(f"{n} for {g} gold" for n, g in enumerate(rule.cost_by_materials, start=1))
    assert gold == "1 for 2 gold, 2 for 6 gold, 3 for 12 gold" and gold in page
    texts = [c for c in catalog.typed("cards", DuelCard, "duel") if c.card_type == "text"]
    assert len(texts) == 18 and all(f"| {c.names.hu} |" in page for c in texts)
    dearer = changed(catalog, rule.id, cost_by_materials=[3, 6, 12])
    assert "1 for 3 gold" in aid(dearer, "duel")


def test_the_viscounts_aid_shows_buildings_collisions_and_end_cards_of_the_catalog(catalog: Catalog) -> None:
    page = aid(catalog, "viscounts")
    for t in catalog.typed("building_types", BuildingType, "viscounts"):
        assert f"| {t.names.hu} | {t.cost_builder_icons} | {' / '.join(map(str, t.points_by_count))} |" in page, t.id
    for p in catalog.typed("collision_positions", CollisionPosition, "viscounts"):
        assert row(p.position, steps(p.current_gains), steps(p.others_gain)) in page, p.id
    for e in catalog.typed("end_cards", EndCard, "viscounts"):
        assert f"| {e.names.hu} | {' / '.join(map(str, e.rewards))} for the 1st" in page, e.id
    richer = changed(catalog, "viscounts.building.guildhall", points_by_count=[6, 13, 22])
    assert "6 / 13 / 22" in aid(richer, "viscounts") and "6 / 13 / 22" not in page


def test_the_downloads_list_every_games_player_aid(catalog: Catalog) -> None:
    from outputs.pages.apipage import player_aids

    assert player_aids(catalog, REGISTRY) == [(catalog.get(game).names.en, f"{game}/player-aid.md")
                                              for game in (m.game for m in REGISTRY.modules)]
    assert {path.split("/")[0] for _, path in player_aids(catalog, REGISTRY)} == set(GAMES)
