"""The schema a catalog is checked against: the shared kinds plus what each registered game adds.

It is assembled by the game registry (``games.SCHEMA``); the catalog layer itself knows no game.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from catalog.kinds import SHARED_KINDS, Kind
from catalog.model import Entry, Path_

if TYPE_CHECKING:
    from catalog.load import Catalog

CatalogCheck = Callable[["Catalog"], Iterator[tuple[str, Path_, str]]]
"""A rule spanning several entries of one game: yields (entry id, field path, message)."""


@dataclass(frozen=True)
class Schema:
    kinds: tuple[Kind, ...] = SHARED_KINDS
    refinements: Mapping[tuple[str, str], type[Entry]] = field(default_factory=dict)
    """(shared kind key, game id) -> the game's subclass of the kind's model for its own entries."""
    games: tuple[str, ...] = ()
    """The registered games: a catalog may only hold entries of these."""
    checks: tuple[CatalogCheck, ...] = ()
    """Rules that span entries (a board against what is known of the printed one), run after references."""

    def __post_init__(self) -> None:
        keys = [k.key for k in self.kinds]
        doubled = sorted({k for k in keys if keys.count(k) > 1})
        if doubled:
            raise ValueError(f"kinds registered twice: {', '.join(doubled)}")
        for (key, game), model in self.refinements.items():
            base = self.kind(key)
            if base is None or not issubclass(model, base.model):
                raise ValueError(f"{game}: {model.__name__} must subclass the model of the shared kind {key!r}")

    @property
    def by_key(self) -> dict[str, Kind]:
        return {k.key: k for k in self.kinds}

    def kind(self, key: object) -> Kind | None:
        return next((k for k in self.kinds if k.key == key), None)

    def model_for(self, kind: Kind, game: object) -> type[Entry]:
        """The model an entry of ``game`` is read with: the game's refinement, else the kind's own."""
        if isinstance(game, str):
            return self.refinements.get((kind.key, game), kind.model)
        return kind.model

    def models(self, kind: Kind) -> list[type[Entry]]:
        """The kind's model and every game's refinement of it."""
        return [kind.model, *(m for (key, _), m in self.refinements.items() if key == kind.key)]

    @classmethod
    def assemble(cls, games: Iterable[tuple[str, Iterable[Kind], Mapping[str, type[Entry]], Iterable[CatalogCheck]]]) -> Schema:
        """The shared kinds plus, per game (id, own kinds, refinements of shared kinds by key, checks)."""
        kinds = list(SHARED_KINDS)
        refinements: dict[tuple[str, str], type[Entry]] = {}
        ids = []
        checks: list[CatalogCheck] = []
        for game, own, refined, game_checks in games:
            ids.append(game)
            kinds.extend(own)
            refinements.update({(key, game): model for key, model in refined.items()})
            checks.extend(game_checks)
        return cls(tuple(kinds), refinements, tuple(ids), tuple(checks))
