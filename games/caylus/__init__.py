"""Caylus (Attia, Ystari 2005): its kinds, effect wording, pages and tables, registered as one module."""

from games import aid, plugin
from games.caylus import pages, tables
from games.caylus.checks import catalog_problems
from games.caylus.kinds import KINDS
from games.caylus.narration import CaylusNarration
from games.caylus.summaries import summary
from games.caylus.wording import describe
from games.plugin import GameModule, PageSpec

GAME = GameModule(
    game="caylus",
    kinds=KINDS,
    wording=describe,
    checks=(catalog_problems,),
    pages=(
        PageSpec(aid.PLAYER_AID, aid.PLAYER_AID_TITLE, (), pages.player_aid_page),
        plugin.RULES,
        plugin.RULEBOOK_MAP,
        plugin.FAQ,
        plugin.COMPONENTS,
        PageSpec("buildings", "Buildings", ("buildings",), pages.buildings_page),
        PageSpec("turn", "The turn, the road and the end of the game", ("phases", "roads", "scoring_rules"), pages.turn_page),
        PageSpec("favours", "Favour table", ("favours", "favour_rows", "favour_columns", "favour_tables"), pages.favours_page),
        PageSpec("castle", "The castle and its scoring", ("castles", "castle_sections"), pages.castle_page),
        plugin.GLOSSARY,
        plugin.DISCREPANCIES,
        plugin.EXAMPLES,
    ),
    linked_kinds=("terms", "buildings", "components", "castle_sections"),
    named_pieces=("buildings", "resources", "components"),
    columns=tables.COLUMNS,
    link_tables=tables.LINK_TABLES,
    queries=tables.QUERIES,
    api_examples=tables.API_EXAMPLES,
    facets=tables.FACETS,
    search_examples=tables.SEARCH_EXAMPLES,
    narration=CaylusNarration,
    summary=summary,
)
