"""The Maharaja engine: ``Maharaja(players=4)`` (see engine/maharaja/game.py for the notation)."""

from engine.maharaja.game import Maharaja

__all__ = ["Maharaja"]
