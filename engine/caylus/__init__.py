"""The Caylus engine."""

from engine.caylus.game import Caylus

__all__ = ["Caylus"]
