"""The catalog layer: the schema core and shared kinds, loading, validation and JSON Schema export.

It knows no game: a game's own kinds reach it through a :class:`~catalog.schema.Schema`, which the
game registry (``games``) assembles.
"""

from catalog.kinds import SHARED_KINDS, Kind
from catalog.load import Catalog, Located, load_catalog
from catalog.model import Entry, Model, Path_
from catalog.schema import Schema
from catalog.words import Words
from catalog.yamlfile import CatalogError, Problem, read_yaml

__all__ = ["SHARED_KINDS", "Catalog", "CatalogError", "Entry", "Kind", "Located", "Model", "Path_", "Problem",
           "Schema", "Words", "load_catalog", "read_yaml"]
