"""Viscounts of the West Kingdom (Phillips & Macdonald, Garphill Games 2020): the game's own kinds
(townsfolk cards with their effects as data, the boards, castle, collision track, manuscripts and the
other cards), their wording, pages and tables, registered as one module. Its engine is engine/viscounts/."""

from games import aid, plugin
from games.plugin import GameModule, PageSpec
from games.viscounts import pages, tables
from games.viscounts import consistency, consistency_board
from games.viscounts.checks import catalog_problems, census
from games.viscounts.kinds import KINDS, ViscountsCard
from games.viscounts.player_aid import player_aid_page
from games.viscounts.narration import ViscountsNarration
from games.viscounts.summaries import summary
from games.viscounts.wording import describe

GAME = GameModule(
    game="viscounts",
    kinds=KINDS,
    refines={"cards": ViscountsCard},
    wording=describe,
    checks=(catalog_problems, consistency.catalog_problems, consistency_board.catalog_problems),
    pages=(PageSpec(aid.PLAYER_AID, aid.PLAYER_AID_TITLE, (), player_aid_page),
           plugin.RULES, plugin.RULEBOOK_MAP, plugin.FAQ, plugin.COMPONENTS,
           PageSpec("cards", "Card browser", ("cards", "icons"), pages.cards_page),
           PageSpec("board", "Player board, buildings and collisions",
                    ("player_boards", "building_types", "collision_positions", "trade_exchanges", "main_boards"), pages.board_page),
           PageSpec("castle", "The castle", ("castle_tiers", "castle_wedges"), pages.castle_page),
           PageSpec("manuscripts", "Manuscripts and cleric bonus cards", ("manuscript_decks", "manuscripts", "bonus_cards"), pages.manuscripts_page),
           PageSpec("scoring", "End scoring and the other cards",
                    ("end_cards", "debts_deeds", "player_cards", "solo_cards"), pages.scoring_page),
           plugin.GLOSSARY, plugin.DISCREPANCIES, plugin.EXAMPLES),
    linked_kinds=("terms", "components", "icons", "building_types"),
    columns=tables.COLUMNS,
    link_tables=tables.LINK_TABLES,
    queries=tables.QUERIES,
    api_examples=tables.API_EXAMPLES,
    facets=tables.FACETS,
    search_examples=tables.SEARCH_EXAMPLES,
    census=census,
    narration=ViscountsNarration,
    summary=summary,
)
