"""The search's filter fields in the database: ``search_fields`` lists them (the query parser's
vocabulary and its error message), ``facets`` holds every entry's values, one row per value.

Two fields every entry has are shared: ``game`` and ``kind``. The rest come from the games
(:class:`games.plugin.Facet`). A numeric value fills ``number`` (``cost<=3`` compares it); every value
fills ``value`` (``cost:3``, ``category:wood`` match it).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import sqlite_utils

from catalog import Catalog
from games.plugin import Facet
from games.registry import Registry
from outputs.search.query import SHARED_FIELDS


def facet_fields(registry: Registry) -> dict[str, tuple[str, list[Facet]]]:
    """Field name -> (description, the games' facets of that name), shared fields first."""
    fields: dict[str, tuple[str, list[Facet]]] = {name: (text, []) for name, text in SHARED_FIELDS.items()}
    for module in registry.modules:
        for facet in module.facets:
            if facet.name in SHARED_FIELDS:
                raise ValueError(f"{module.game}: the search field {facet.name!r} is shared by every game")
            fields.setdefault(facet.name, (facet.description, []))[1].append(facet)
    return fields


def _rows(catalog: Catalog, registry: Registry) -> Iterator[dict[str, Any]]:
    games = {g.id: g for g in catalog.of_kind("games")}
    for located in catalog.entries.values():
        entry = located.entry
        game = games.get(entry.game)
        kind = catalog.kind_of(entry.id)
        for value in dict.fromkeys((entry.game, *([game.names.en] if game else []))):
            yield {"entity_id": entry.id, "field": "game", "value": value, "number": None}
        yield {"entity_id": entry.id, "field": "kind", "value": kind.key, "number": None}
        if entry.game not in {m.game for m in registry.modules}:
            continue
        for facet in registry.module(entry.game).facets:
            if kind.key not in facet.kinds:
                continue
            for value in dict.fromkeys(facet.values(entry, catalog)):
                number = value if isinstance(value, (int, float)) and not isinstance(value, bool) else None
                yield {"entity_id": entry.id, "field": facet.name, "value": str(value), "number": number}


def insert_facets(db: sqlite_utils.Database, catalog: Catalog, registry: Registry) -> int:
    fields = facet_fields(registry)
    db["search_fields"].create({"field": str, "description": str}, pk="field")
    db["search_fields"].insert_all({"field": name, "description": text} for name, (text, _) in fields.items())
    db["facets"].create({"entity_id": str, "field": str, "value": str, "number": float},
                        foreign_keys=[("entity_id", "entities", "id"), ("field", "search_fields", "field")])
    rows = list(_rows(catalog, registry))
    db["facets"].insert_all(rows)
    db["facets"].create_index(["field", "value"])
    return len(rows)
