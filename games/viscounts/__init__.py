"""Viscounts of the West Kingdom (Phillips & Macdonald, Garphill Games 2020): the game's own kinds,
wording, pages and tables, registered as one module. The catalog is being built (issue 12); the
game has no engine yet (issue 13)."""

from games import plugin
from games.plugin import GameModule

GAME = GameModule(
    game="viscounts",
    kinds=(),
    pages=(plugin.RULES, plugin.RULEBOOK_MAP, plugin.COMPONENTS, plugin.GLOSSARY,
           plugin.DISCREPANCIES, plugin.EXAMPLES),
)
