"""Engines by game id: the CLI and the scenario runner look games up here, never by name checks."""

from engine.caylus.game import Caylus

GAMES = {Caylus.name: Caylus}
