"""Maharaja's part of the database and the API: readable columns on its tables, canned queries on
them and the API examples."""

from __future__ import annotations

from typing import Any

from catalog import Entry
from games.maharaja.kinds import Board, Character, Cost, DiscAction, ScoringTable
from games.plugin import ApiExample, Column, DerivedColumns, Facet, Param, Query, RowContext, SearchExample

PAYERS = {"player": "the player", "bank": "the bank"}
PAYEES = {"bank": "the bank", "house_owner": "the owner of the house", "each_other_player": "each other player"}


def ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def character_columns(entry: Entry, row: RowContext) -> dict[str, Any]:
    assert isinstance(entry, Character)
    return {"ability_text": row.words.effect(entry.ability)}


def action_columns(entry: Entry, row: RowContext) -> dict[str, Any]:
    assert isinstance(entry, DiscAction)
    return {"effect_text": row.words.effect(entry.effect)}


def scoring_columns(entry: Entry, row: RowContext) -> dict[str, Any]:
    assert isinstance(entry, ScoringTable)
    ranks = ", ".join(f"{ordinal(i)} {gold}" for i, gold in enumerate(entry.gold_by_rank, start=1))
    return {"gold_text": f"{ranks} gold; +{entry.monopoly_bonus} gold when only one player is present"}


def cost_columns(entry: Entry, row: RowContext) -> dict[str, Any]:
    assert isinstance(entry, Cost)
    return {"cost_text": f"{entry.gold} gold per {entry.per}, paid by {PAYERS[entry.payer]} to {PAYEES[entry.payee]}"}


def board_columns(entry: Entry, row: RowContext) -> dict[str, Any]:
    assert isinstance(entry, Board)
    names = {entry.start.slug: entry.start.names.en, **{c.slug: c.names.en for c in entry.cities}}
    roads = "; ".join(f"{names[r.ends[0]]}–{names[r.ends[1]]}: {', '.join(r.villages)}" for r in entry.roads)
    return {"roads_text": roads, "road_count": len(entry.roads), "village_count": len(entry.villages)}


COLUMNS = (
    DerivedColumns("characters", {"ability_text": Column(str, "What the card's holder gets, in words")}, character_columns),
    DerivedColumns("disc_actions", {"effect_text": Column(str, "What the action does, in words")}, action_columns),
    DerivedColumns("scoring_tables", {"gold_text": Column(str, "The gold paid by rank, in words")}, scoring_columns),
    DerivedColumns("costs", {"cost_text": Column(str, "The cost, who pays and who is paid, in words")}, cost_columns),
    DerivedColumns("boards", {
        "roads_text": Column(str, "Each road: its two ends and its villages in order, in words"),
        "road_count": Column(int, "Number of roads"),
        "village_count": Column(int, "Number of villages"),
    }, board_columns),
)

QUERIES = (
    Query("gold_by_rank", "Gold the Maharaja pays by rank",
          "One row per rank for a player count (2 to 5); the monopoly bonus is added when only one player is present.",
          "select t.players, cast(r.key as integer) + 1 as rank, r.value as gold, t.monopoly_bonus\n"
          "from scoring_tables t, json_each(t.gold_by_rank) r\n"
          "where t.players = cast(:players as integer)\n"
          "order by rank",
          (Param("players", "The number of players", type="integer", minimum=2, maximum=5),)),
    Query("character", "A character card and its ability",
          "A character by any of its names (English or Hungarian, with or without accents, any case ending).",
          "select c.id, c.number, c.name_en, c.name_hu, c.ability_text, c.advanced_only, c.rule\n"
          "from characters c where c.id in (select entity_id from name_forms where folded = kb_fold_words(:character))\n"
          "   or c.rule in (select t.refers_to from glossary t join name_forms f on f.entity_id = t.id\n"
          "               where f.folded = kb_fold_words(:character))\n"
          "order by c.number",
          (Param("character", "A character's name in English or Hungarian, any case ending, accents optional"),)),
)

API_EXAMPLES = (
    ApiExample("Maharaja's characters and their abilities",
               "/kb/characters.json?game=maharaja&_sort=number&_shape=array&_col=number&_col=name_en&_col=name_hu&_col=ability_text",
               "`ability_text` is the ability in words; the `ability` column holds it as data, the way the engine reads it."),
    ApiExample("Gold by rank for a player count", "/kb/gold_by_rank.json?players=4&_shape=array",
               "What the Maharaja pays the 1st, 2nd, ... player in the scored city, for 4 players."),
)


def _number(entry: Entry) -> list[int]:
    assert isinstance(entry, Character)
    return [entry.number]


def _gold(entry: Entry) -> list[int | str]:
    assert isinstance(entry, Cost)
    return [entry.gold, "gold"]


FACETS = (
    Facet("number", "A character's number: who acts first and wins ties, lowest first", ("characters",),
          lambda e, c: _number(e)),
    Facet("cost", "What an action or a fee costs in gold (cost<=3)", ("costs",), lambda e, c: _gold(e)),
)

SEARCH_EXAMPLES = (
    SearchExample("kind:character number<=2", "The characters that act first: numbers 1 and 2"),
    SearchExample("game:maharaja cost=1", "Maharaja's costs of one gold"),
)
