"""The Viscounts of the West Kingdom rules engine (issue 13)."""

from engine.viscounts.game import Viscounts

__all__ = ["Viscounts"]
