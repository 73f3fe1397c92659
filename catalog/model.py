"""The core of every catalog entry: ids, names, sources, confidence, and the markers the second
validation pass looks for. Kinds (shared ones in :mod:`catalog.kinds`, a game's own in its game
module) build on these."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints

ID_PATTERN = r"^[a-z][a-z0-9]*(\.[a-z0-9][a-z0-9-]*)+$"

Path_ = tuple[str | int, ...]
"""A place inside a catalog file: kind key, entry index, field names and list indexes."""


class RefMarker:
    """Marks a field whose value is the id of another catalog entry (checked in the second pass)."""


class RefTo(RefMarker):
    """Marks a reference that must name an entry of one of these kinds (keys: ``rules``, ``buildings``)
    of the same game: ``Annotated[Ref, RefTo("rules")]``."""

    def __init__(self, *kinds: str):
        self.kinds = kinds


class BundleMarker:
    """Marks a mapping of resource slugs to quantities (keys checked in the second pass)."""


ID_MAX_LENGTH = 100
"""Ids become URLs, anchors and file names; the longest real one has 48 characters."""
Id = Annotated[str, StringConstraints(pattern=ID_PATTERN, max_length=ID_MAX_LENGTH)]
Ref = Annotated[str, StringConstraints(pattern=ID_PATTERN, max_length=ID_MAX_LENGTH), RefMarker()]
DATE_PATTERN = r"^[0-9]{4}(-(0[1-9]|1[0-2])(-(0[1-9]|[12][0-9]|3[01]))?)?$"
PATTERN_HINTS = {DATE_PATTERN: "a date is written YYYY, YYYY-MM or YYYY-MM-DD, in quotes"}
"""What a player reads for a value that does not match a pattern, instead of the pattern itself."""
EntryRef = Annotated[str, StringConstraints(pattern=r"^[a-z][a-z0-9]*(-[a-z0-9]+)*(\.[a-z0-9][a-z0-9-]*)*$",
                                            max_length=ID_MAX_LENGTH), RefMarker()]
"""The id of any entry, a game's own included (a ruling about the credits printed in the game concerns the game)."""
RuleRef = Annotated[Ref, RefTo("rules")]
"""The id of a rule (a ruling's or an example's ``rules``, a card's ``rule``)."""
GameId = Annotated[str, StringConstraints(pattern=r"^[a-z][a-z0-9-]*$", max_length=40)]
Confidence = Literal["text", "confirmed", "picture_read", "inferred", "unconfirmed"]
Bundle = Annotated[dict[str, int], BundleMarker()]
"""Quantities keyed by resource slug of the same game (``food``, ``deniers``, )."""
Language = Literal["en", "hu", "pl", "de", "fr"]
LANGUAGES: tuple[Language, ...] = ("en", "hu", "pl", "de", "fr")


class Model(BaseModel):
    # strict: YAML's `true` is not the number 1, `"3"` is not 3 and `2.5` is not an integer
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


class SourceRef(Model):
    """Where a fact comes from: a source key of data/sources.yaml plus the place inside it."""

    key: str = Field(description="Source key, defined in data/sources.yaml (HU, PL, EN1, TILES, ...)")
    section: str | None = Field(None, description="The source's own heading or page for the passage")
    line: int | None = Field(None, ge=1, description="Line of the seed file (rulebook transcriptions)")
    url: str | None = Field(None, pattern=r"^https?://", description="A public page, when the source is one")
    note: str | None = None


class Forms(Model):
    en: list[str] = []
    hu: list[str] = []
    pl: list[str] = []
    de: list[str] = []
    fr: list[str] = []


class Names(Model):
    """Names as the rulebooks give them, plus every other surface form the texts use."""

    en: str
    hu: str | None = None
    pl: str | None = None
    de: str | None = None
    fr: str | None = None
    forms: Forms = Forms()


class Entry(Model):
    """Fields every catalog entry has."""

    id: Id = Field(description="Stable id; never renumbered or reused")
    game: GameId = Field(description="The game this entry belongs to")
    names: Names
    sources: list[SourceRef] = Field(min_length=1)
    confidence: Confidence = Field(
        description="How the fact is known: text (a rulebook says it), confirmed (official source), "
        "picture_read (read off a tile or board picture), inferred, unconfirmed"
    )
    fact_confidence: dict[str, Confidence] = Field(
        {}, description="Confidence of single fields that differ from the entry's (e.g. names.pl)"
    )
    notes: str | None = None

    def problems(self) -> Iterator[tuple[Path_, str]]:
        """Rules of this kind that a JSON Schema cannot say, as (field path, message)."""
        return iter(())
