"""Walking the catalog's citations (shared by tests/test_citations.py and scripts/index_seeds.py)."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator

from pydantic import BaseModel

from catalog import Catalog
from catalog.kinds import Source
from catalog.model import SourceRef


def citations(node: object, path: str = "") -> Iterator[tuple[str, SourceRef]]:
    """Every source reference inside an entry, wherever it sits (sources, readings, ...)."""
    if isinstance(node, SourceRef):
        yield path, node
    elif isinstance(node, BaseModel):
        for name in type(node).model_fields:
            yield from citations(getattr(node, name), f"{path}.{name}" if path else name)
    elif isinstance(node, list | tuple):
        for i, item in enumerate(node):
            yield from citations(item, f"{path}[{i}]")


def fold(text: str) -> str:
    """Lower case, no accents, ł as l, and any run of punctuation or spaces as one space."""
    decomposed = unicodedata.normalize("NFKD", text.lower().replace("ł", "l"))
    return re.sub(r"[\W_]+", " ", "".join(ch for ch in decomposed if not unicodedata.combining(ch))).strip()


def cited_lines(catalog: Catalog) -> Iterator[tuple[str, str, SourceRef, str | None]]:
    """(entry id, field path, citation, seed file relative to the shared folder) for every citation
    that gives a line."""
    files = {(s.game, s.key): s.file for s in catalog.typed("sources", Source) if s.file}
    for loc in catalog.entries.values():
        for path, ref in citations(loc.entry):
            if ref.line is not None:
                yield loc.entry.id, path, ref, files.get((loc.entry.game, ref.key))
