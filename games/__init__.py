"""One place per game: each game's own kinds, effect vocabulary and wording, pages and tables.

Adding a game adds one line here (and one in engine/registry.py when it has an engine).
"""

from games.caylus import GAME as CAYLUS
from games.duel import GAME as DUEL
from games.maharaja import GAME as MAHARAJA
from games.viscounts import GAME as VISCOUNTS
from games.registry import Registry

REGISTRY = Registry((CAYLUS, DUEL, MAHARAJA, VISCOUNTS))
SCHEMA = REGISTRY.schema

__all__ = ["REGISTRY", "SCHEMA", "Registry"]
