"""The registered games, and what follows from them for the catalog."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from catalog import Catalog, Schema, load_catalog
from games.plugin import GameModule


@dataclass(frozen=True)
class Registry:
    modules: tuple[GameModule, ...]

    def __post_init__(self) -> None:
        ids = [m.game for m in self.modules]
        if len(set(ids)) != len(ids):
            raise ValueError(f"a game is registered twice: {ids}")

    @cached_property
    def schema(self) -> Schema:
        return Schema.assemble((m.game, m.kinds, m.refines, m.checks) for m in self.modules)

    def module(self, game: str) -> GameModule:
        for m in self.modules:
            if m.game == game:
                return m
        raise KeyError(f"no game module for {game!r}")

    def with_games(self, extra: Iterable[GameModule]) -> Registry:
        """This registry plus more games (a test registers a synthetic game this way)."""
        return Registry((*self.modules, *extra))

    def load(self, data_dir: Path, display_root: Path | None = None, cache: Path | None = None) -> Catalog:
        """The catalogs under ``data_dir`` (``cache``: a folder keeping loaded catalogs, see catalog/cache.py)."""
        return load_catalog(data_dir, self.schema, display_root, cache)
