"""Maharaja (Kramer & Kiesling, Phalanx 2004): its kinds (characters, disc actions, scoring tables,
the governor track, boards as data), their wording, pages and tables, registered as one module."""

from games import aid, plugin
from games.maharaja import pages, tables
from games.maharaja.player_aid import player_aid_page
from games.maharaja.checks import catalog_problems
from games.maharaja.kinds import KINDS
from games.maharaja.narration import MaharajaNarration
from games.maharaja.wording import describe
from games.maharaja.summaries import summary
from games.plugin import GameModule, PageSpec

GAME = GameModule(
    game="maharaja",
    kinds=KINDS,
    wording=describe,
    checks=(catalog_problems,),
    pages=(PageSpec(aid.PLAYER_AID, aid.PLAYER_AID_TITLE, (), player_aid_page),
           plugin.RULES, plugin.RULEBOOK_MAP, plugin.FAQ, plugin.COMPONENTS,
           PageSpec("characters", "Characters and actions", ("characters", "disc_actions", "startings", "costs"), pages.characters_page),
           PageSpec("board", "The board", ("board_facts", "boards"), pages.board_page),
           PageSpec("scoring", "Scoring, the governor track and the end",
                    ("scoring_tables", "city_points", "governor_tracks", "scoring_rules"), pages.scoring_page),
           plugin.GLOSSARY, plugin.DISCREPANCIES, plugin.EXAMPLES),
    columns=tables.COLUMNS,
    queries=tables.QUERIES,
    api_examples=tables.API_EXAMPLES,
    facets=tables.FACETS,
    search_examples=tables.SEARCH_EXAMPLES,
    narration=MaharajaNarration,
    summary=summary,
)
