"""Engines by game id: the CLI and the scenario runner look games up here, never by name checks."""

from typing import Any

from engine.caylus.game import Caylus
from engine.duel.game import Duel
from engine.maharaja.game import Maharaja
from engine.viscounts.game import Viscounts

# Each engine is a class taking (players=..., variants=..., catalog=...) with its own defaults;
# their states differ, so the registry holds them as plain factories.
GAMES: dict[str, Any] = {Caylus.name: Caylus, Duel.name: Duel, Maharaja.name: Maharaja, Viscounts.name: Viscounts}
