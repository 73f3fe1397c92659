"""Pillars of the Earth: Builders Duel (Feld, Kosmos 2009): its kinds, card effects and their wording,
its page and API examples, registered as one module."""

from games import aid, plugin
from games.duel.checks import catalog_problems
from games.duel.facets import SEARCH_EXAMPLES, card_facets
from games.duel.kinds import KINDS, DuelCard
from games.duel.narration import DuelNarration
from games.duel.pages import building_page
from games.duel.player_aid import player_aid_page
from games.duel.summaries import summary
from games.duel.wording import describe
from games.plugin import ApiExample, GameModule, PageSpec


GAME = GameModule(
    game="duel",
    kinds=KINDS,
    refines={"cards": DuelCard},
    wording=describe,
    checks=(catalog_problems,),
    pages=(
        PageSpec(aid.PLAYER_AID, aid.PLAYER_AID_TITLE, (), player_aid_page),
        plugin.RULES,
        plugin.RULEBOOK_MAP,
        plugin.FAQ,
        plugin.COMPONENTS,
        plugin.CARDS,
        PageSpec("building", "Years, seals and building",
                 ("round_structures", "seals", "construction_rules", "building_sections", "decks", "scoring_rules"),
                 building_page),
        plugin.GLOSSARY,
        plugin.DISCREPANCIES,
        plugin.EXAMPLES,
    ),
    api_examples=(
        ApiExample("Cards of one game and deck", "/kb/cards.json?game=duel&deck=B&card_type=text&_shape=array&_col=name_en&_col=name_hu&_col=colour&_col=effect",
                   "Builders Duel text cards of deck B with their effects as data; `colour` is null where no source says it."),
        ApiExample("Building sections and rewards", "/kb/building_sections.json?game=duel&_shape=array&_col=player&_col=numeral&_col=reward",
                   "What the first player to finish each section gets."),
    ),
    facets=card_facets(),
    search_examples=SEARCH_EXAMPLES,
    narration=DuelNarration,
    summary=summary,
)
