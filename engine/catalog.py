"""The project's catalogs as every engine reads them: loaded once per process."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from catalog import Catalog
from games import REGISTRY

ROOT = Path(__file__).resolve().parents[1]
DATA_DIR = ROOT / "data"
CACHE_DIR = ROOT / ".cache" / "catalog"
"""Catalogs loaded before, keyed on the files and the code that read them (catalog/cache.py)."""


@cache
def default_catalog() -> Catalog:
    return REGISTRY.load(DATA_DIR, cache=CACHE_DIR)


def slug(entry_id: str) -> str:
    """The last part of an id: ``duel.card.aliena`` -> ``aliena``."""
    return entry_id.rsplit(".", 1)[1]
