"""Rules of rulings that span entries: the chain of supersedes (a superseded ruling names its
successor, no cycle, a replaced ruling is not still current) and the confidence a ruling inherits
from the discrepancy whose decision it gives."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import TYPE_CHECKING

from catalog.kinds import Discrepancy, Ruling
from catalog.model import Path_

if TYPE_CHECKING:
    from catalog.load import Catalog


def supersedes_problems(catalog: Catalog) -> Iterator[tuple[str, Path_, str]]:
    """(ruling id, field path, message) for every break in the supersedes chains; the ids are known
    (the reference pass ran first)."""
    rulings = {r.id: r for r in catalog.typed("rulings", Ruling)}
    successors: dict[str, list[str]] = {}
    for ruling in rulings.values():
        if ruling.supersedes:
            successors.setdefault(ruling.supersedes, []).append(ruling.id)
    for ruling in rulings.values():
        after = successors.get(ruling.id, [])
        if ruling.status == "superseded" and not after:
            yield ruling.id, ("status",), ("superseded, but no ruling supersedes it: add the ruling that replaces it, with "
                                           f"supersedes: {ruling.id}, or set the status to current or withdrawn")
        if ruling.status == "current" and after:
            yield ruling.id, ("status",), (f"current, but {', '.join(after)} supersedes it: set its status to superseded")
        if len(after) > 1:
            yield ruling.id, ("id",), f"superseded by more than one ruling ({', '.join(after)}): one ruling replaces it"
    reported: set[str] = set()
    for ruling in rulings.values():
        chain = [ruling.id]
        current = ruling.supersedes
        while current in rulings and current not in chain:
            chain.append(current)
            current = rulings[current].supersedes
        if current == ruling.id and not reported & set(chain):
            reported.update(chain)
            yield ruling.id, ("supersedes",), f"a cycle of supersedes: {' -> '.join([*chain, ruling.id])}"


def with_inherited_confidence(catalog: Catalog) -> None:
    """A ruling that leaves out its confidence takes its discrepancy's (validation made sure it has one)."""
    for entry_id, located in list(catalog.entries.items()):
        ruling = located.entry
        if isinstance(ruling, Ruling) and ruling.confidence is None and ruling.discrepancy:
            discrepancy = catalog.get(ruling.discrepancy)
            assert isinstance(discrepancy, Discrepancy)
            inherited = ruling.model_copy(update={"confidence": discrepancy.confidence})
            catalog.entries[entry_id] = dataclasses.replace(located, entry=inherited)
