"""``kb explain`` in a player's words: each step as the site narrates it, and what it changed as
``Blue's deniers: 7 → 6`` rather than the engine's Python values (``'blue'``, ``[None]``, ``3deniers``).
The game's :class:`games.narration.Narration` words what it knows; anything else is written plainly."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from catalog import Catalog
from games import REGISTRY
from games.narration import Narration, Unworded

_GLUED = re.compile(r"(?<![\w-])(-?)(\d*[a-z][a-z-]*(?:\+\d*[a-z][a-z-]*)*)(?![\w-])")
"""Goods in the engines' notation (``3deniers``, ``4stone+2gold``, ``-2prestige``), a candidate for words."""


class Explainer:
    """Words for one game's scenario steps, state paths and values."""

    def __init__(self, catalog: Catalog, game: str, players: Iterable[str]):
        module = REGISTRY.module(game)
        self.narration: Narration = module.narration(module.words(catalog))
        self.players = set(players)
        """The scenario's players (``red``, ``blue``): a value naming one is written as a name."""

    def action(self, text: str, decision: str | None = None) -> str:
        """``red trade 2deniers for cloth`` -> ``Red pays 2 deniers for 1 cloth cube.``"""
        try:
            return self.narration.step(text, decision)
        except (Unworded, KeyError, ValueError, IndexError):
            return self.line(text)

    def refused(self, text: str) -> str:
        """``red place inn`` refused -> ``Red may not place a worker on the inn.``"""
        try:
            return self.narration.refused(text)
        except (Unworded, KeyError, ValueError, IndexError):
            return self.line(text) + " is refused."

    def reason(self, text: str) -> str:
        """Why the engine refused a step, its quoted notation in typographic quotes."""
        return re.sub(r"(?<![A-Za-z])'([^'\n]+)'", r"“\1”", self.line(text))

    def line(self, text: str) -> str:
        """An engine log line, its goods in words (``red takes 3deniers`` -> ``red takes 3 deniers``)."""
        return _GLUED.sub(self._goods, text)

    def _goods(self, match: re.Match[str]) -> str:
        sign, goods = match.groups()
        if not any(c.isdigit() for c in goods):
            return match.group(0)
        try:
            return sign + self.narration.goods(goods).replace(" and ", " + ")
        except (Unworded, KeyError, ValueError):
            return match.group(0)

    def path(self, path: str) -> str:
        """``players.blue.deniers`` -> ``Blue's deniers``; ``to_move`` -> ``to move``."""
        parts = path.split(".")
        if len(parts) >= 3 and parts[0] == "players":
            held = self.narration.holding(".".join(parts[2:]))
            if held is not None:
                return f"{self.narration.player(parts[1])}'s {held.plural}"
            return f"{self.narration.player(parts[1])}'s {' '.join(_spaced(p) for p in parts[2:])}"
        return " ".join(_spaced(p) for p in parts)

    def value(self, value: Any) -> str:
        """A state value in words: ``none`` for nothing, player colours capitalised, lists joined."""
        if value is None or value == "":
            return "none"
        if isinstance(value, bool):
            return "yes" if value else "no"
        if isinstance(value, str):
            return self.narration.player(value) if value in self.players else self.line(value)
        if isinstance(value, (list, tuple)):
            return ", ".join(f"({self.value(v)})" if isinstance(v, dict) and len(v) > 1 else self.value(v)
                             for v in value) if value else "none"
        if isinstance(value, dict):
            return ", ".join(f"{_spaced(str(k))} {self.value(v)}" for k, v in value.items()) if value else "none"
        return str(value)

    def change(self, path: str, before: Any, after: Any) -> str:
        return f"{self.path(path)}: {self.value(before)} → {self.value(after)}"

    def verdict(self, path: str, claimed: Any, actual: Any) -> str:
        return f"the source says {self.path(path)} is {self.value(claimed)}; the engine gives {self.value(actual)}"


def _spaced(part: str) -> str:
    return part.replace("_", " ").replace("-", " ")

