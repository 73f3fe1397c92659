"""Maharaja (Kramer & Kiesling, Phalanx 2004): so far its catalog of shared kinds (rules, glossary,
discrepancies, components, setup, variants, scoring), registered as one module.
Its own kinds (characters, actions, the board, the governor track), its worked examples with the scenarios that play them, and its engine come next."""

from games import plugin
from games.maharaja.pages import end_page
from games.plugin import GameModule, PageSpec

GAME = GameModule(
    game="maharaja",
    pages=(plugin.RULES, plugin.RULEBOOK_MAP, plugin.COMPONENTS,
           PageSpec("end", "The end of the game", ("scoring_rules",), end_page),
           plugin.GLOSSARY, plugin.DISCREPANCIES),
)
