"""The Pillars of the Earth: Builders Duel engine."""

from engine.duel.game import Duel

__all__ = ["Duel"]
