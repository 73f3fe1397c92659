"""When each entry was added and last changed, as the build hands it to every output (the API's
``added``/``updated`` columns, a page's "Last changed", the What changed page, the feeds). The build
(kb/history.py) reads it from the repository's history; outputs only read it."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Dates:
    added: str
    """When the entry first appeared: UTC, RFC 3339 (``2026-11-20T14:02:11Z``)."""
    updated: str
    """When any of its lines last changed, in the same form."""

    @property
    def updated_day(self) -> str:
        return self.updated[:10]

    @property
    def added_day(self) -> str:
        return self.added[:10]


@dataclass(frozen=True)
class History:
    dates: dict[str, Dates] = field(default_factory=dict)
    """Entry id -> its dates; every entry of the catalog has them."""
    method: str = "none"
    """Where the dates come from, for the build's record: ``git`` (each line's newest commit),
    ``file-dates`` (no git history: each file's modification time) or ``none`` (not computed)."""

    def of(self, entry_id: str) -> Dates | None:
        return self.dates.get(entry_id)


MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
          "November", "December")


def day_in_words(day: str) -> str:
    """``2026-11-05`` as a player reads it: ``5 November 2026``."""
    year, month, number = day[:10].split("-")
    return f"{int(number)} {MONTHS[int(month) - 1]} {year}"
