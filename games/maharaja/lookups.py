"""The Maharaja entries the engine looks up by name: `kb validate` reports a renamed or missing one
(games/maharaja/checks.py) instead of the engine failing on it later (engine/maharaja/rules.py)."""

from __future__ import annotations

DEFAULT_BOARD = "maharaja.board.assumed"
"""The board the engine plays on unless told otherwise (``--option board=<id>``)."""

COSTS = {"house": "the price of a house", "palace": "the price of a palace",
         "incomplete-action": "what an action left undone pays each other player",
         "travel-fee": "the passage fee per house in a village"}
"""Cost slug (the last part of the id) -> what the engine reads it for."""

COST_FLOWS = {"house": ("player", "bank"), "palace": ("player", "bank"), "incomplete-action": ("bank", "each_other_player"),
              "travel-fee": ("player", "house_owner")}
"""Cost slug -> (payer, payee) as the engine moves the gold: it reads only the amount of a cost, so
another payer or payee in the catalog would be silently ignored (the Wandering Monk's bank payment
is the ability's, engine/maharaja/turn.py: travel)."""

ADVANCED_1, ADVANCED_2, SHORT_GAME, FEWER_PLAYERS = "advanced-1", "advanced-2", "short-game", "fewer-players"
VARIANTS = (ADVANCED_1, ADVANCED_2, SHORT_GAME, FEWER_PLAYERS)
"""Variant slugs the engine plays (fewer-players automatically with 2-4 players)."""

SINGLE_KINDS = ("board_facts", "startings", "governor_tracks", "city_points")
"""Kinds of which the engine reads exactly one entry."""
