"""What a game brings to the shared pipeline, declared once through :class:`GameModule`.

Shared code (the catalog, the database, the site) iterates over registered game modules and calls
what they declare; it never asks which game it is looking at. A game module lives in
``games/<game>/`` and may import only the catalog layer and this interface: the site and the
database reach it through the context objects they pass in (:class:`PageContext`, :class:`RowContext`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from catalog import Catalog, Entry, Kind, Words
from catalog.kinds import Resource
from catalog.schema import CatalogCheck
from catalog.words import EffectWording, no_effects
from games.grammar import resource_noun
from games.narration import Narration

# The pages every game may list by name; the site knows how to write them.
RULES = "rules"
"""The rules reference: one page per entry of the game's ``rule_pages`` plan (a navigation group)."""
RULEBOOK_MAP = "rulebook-map"
FAQ = "faq"
COMPONENTS = "components"
CARDS = "cards"
GLOSSARY = "glossary"
DISCREPANCIES = "discrepancies"
EXAMPLES = "examples"
SHARED_PAGES = (RULES, RULEBOOK_MAP, FAQ, COMPONENTS, CARDS, GLOSSARY, DISCREPANCIES, EXAMPLES)


class PageContext(Protocol):
    """What a page renderer gets from the site: the catalog, wording, and Markdown pieces."""

    catalog: Catalog
    game: str
    words: Words

    def link(self, entry_id: str, label: str | None = None) -> str:
        """A Markdown link to an entry's anchor on the page that shows it."""
        ...

    def entry_block(self, level: int, entry: Entry, facts: Sequence[tuple[str, object]], title: str | None = None,
                    compact: bool = False) -> str:
        """An entry's heading (anchored by its id), names, facts, notes and sources."""
        ...

    def mentioned_in(self, entry_id: str) -> str | None:
        """Links to the rules whose text names the entry."""
        ...

    def rulings_about(self, entry_id: str) -> list[str]:
        """Ids of the rulings about an entry."""
        ...

    def table(self, headers: list[str], rows: Iterable[Sequence[object]]) -> str: ...

    def text(self, value: object) -> str:
        """Catalog text made safe for Markdown."""
        ...

    def linked(self, markdown: str) -> str:
        """Mark Markdown built from safe parts (links) so that it is inserted as it is."""
        ...

    def source_name(self, key: str) -> str:
        """A source key of the data (HU, BGG) as a reader names the source."""
        ...


@dataclass(frozen=True)
class PageSpec:
    """A page of the game's own, written by ``render``."""

    name: str
    title: str
    kinds: tuple[str, ...]
    """Kinds whose entries have their home (their anchor) on this page; () for a summary page."""
    render: Callable[[PageContext], str]


@dataclass(frozen=True)
class RowContext:
    """What a database contribution gets from the database build."""

    words: Words
    rulings: Mapping[str, list[str]]
    """Entry id -> ids of the rulings about it."""


@dataclass(frozen=True)
class Column:
    type: type
    description: str


@dataclass(frozen=True)
class DerivedColumns:
    """Readable columns a kind's table gets beside its fields, derived from them."""

    kind: str
    columns: Mapping[str, Column]
    values: Callable[[Entry, RowContext], dict[str, Any]]


@dataclass(frozen=True)
class LinkTable:
    """A table of the game's own that connects entries (costs, products, spaces)."""

    name: str
    columns: Mapping[str, type]
    pk: tuple[str, ...] | None
    foreign_keys: tuple[tuple[str, str, str], ...]
    rows: Callable[[Catalog, str], Iterable[dict[str, Any]]]
    """Rows for one game of the catalog."""


@dataclass(frozen=True)
class Param:
    """A parameter of a canned query (``:name`` in its SQL), described once for the query's form, the
    API's checks and its OpenAPI document."""

    name: str
    description: str
    required: bool = True
    """A required parameter must be given, and not blank; an optional one may be left out or empty."""
    type: str = "string"
    """``string`` or ``integer`` (a whole number between ``minimum`` and ``maximum``)."""
    minimum: int | None = None
    maximum: int | None = None
    default: str | int | None = None
    """What an optional parameter left out means (documentation only: the SQL decides)."""


@dataclass(frozen=True)
class Query:
    """A canned query of the API that works on the game's own tables."""

    name: str
    title: str
    description: str
    sql: str
    params: tuple[Param, ...] = ()
    """Every ``:name`` of the SQL, described (the metadata build checks that none is missing)."""
    json_columns: tuple[str, ...] = ()
    """Columns whose text is JSON: the API returns them as JSON values."""


@dataclass(frozen=True)
class ApiExample:
    """A call shown (and run) on the API page."""

    title: str
    path: str
    explanation: str


FacetValue = str | int | float


@dataclass(frozen=True)
class Facet:
    """A field a search can filter by, as card databases do (``cost<=3``, ``category:wood``).

    ``values`` gives an entry's values: numbers for comparisons, words for ``field:word`` (give the
    names of a referenced piece in every language, so that ``produces:kő`` works like
    ``produces:stone``). An entry of another kind, or with no value, has no value for the field.
    Games that share a field name (``cost``) must mean the same by it.
    """

    name: str
    description: str
    kinds: tuple[str, ...]
    values: Callable[[Entry, Catalog], Iterable[FacetValue]]


@dataclass(frozen=True)
class SearchExample:
    """A search with filters, shown on the Search syntax page with its results (and run by the tests)."""

    query: str
    meaning: str


def piece_words(catalog: Catalog, game: str, kind_word: str, slug: str) -> list[str]:
    """A referenced piece as facet words: its slug and its names in every language
    (``stone``, ``Stone``, ``kő``, ``kamień``), or the slug alone if the catalog has no such entry."""
    entry_id = f"{game}.{kind_word}.{slug}"
    if entry_id not in catalog.entries:
        return [slug]
    names = catalog.get(entry_id).names
    return list(dict.fromkeys(w for w in (slug, names.en, names.hu, names.pl) if w))


Summary = Callable[[Entry, Words], "str | None"]
"""A game's one sentence about one of its entries, in words a player reads (what a card does, what a
cost is for, what each player starts with), or None for an entry the shared wording covers (a rule's
own text, a term's definition): what search results show. Ids never appear in it: names do."""


@dataclass(frozen=True)
class GameModule:
    """Everything a game adds: register it in ``games/__init__.py``."""

    game: str
    pages: tuple[PageSpec | str, ...]
    """The game's pages in navigation order: its own, and shared ones by name (``SHARED_PAGES``)."""
    kinds: tuple[Kind, ...] = ()
    refines: Mapping[str, type[Entry]] = field(default_factory=dict)
    """Shared kind key -> the game's subclass of its model (for example, cards with its effects)."""
    wording: EffectWording = no_effects
    checks: tuple[CatalogCheck, ...] = ()
    """Rules spanning several of the game's entries, run by ``kb validate`` after each entry is sound."""
    linked_kinds: tuple[str, ...] = ("terms", "components")
    """Kinds whose English names are linked where rule text uses them, the first kind winning a shared word."""
    named_pieces: tuple[str, ...] = ("resources", "components")
    """Kinds listed as named pieces at the end of the glossary."""
    columns: tuple[DerivedColumns, ...] = ()
    link_tables: tuple[LinkTable, ...] = ()
    queries: tuple[Query, ...] = ()
    api_examples: tuple[ApiExample, ...] = ()
    facets: tuple[Facet, ...] = ()
    """Fields the search filters by (the fields every game has, ``game`` and ``kind``, are shared)."""
    search_examples: tuple[SearchExample, ...] = ()
    narration: Callable[[Words], Narration] = Narration
    summary: Summary | None = None
    """The game's sentence about an entry of its own kinds (see :data:`Summary`)."""
    census: Callable[[Catalog], str] | None = None
    """What ``kb validate`` reports of the game beyond its entry count, in words (how many cards the
    box holds, counting copies)."""
    """How the game's scenarios read on the site: its subclass of :class:`games.narration.Narration`
    (the base class words only what every engine shares)."""

    def __post_init__(self) -> None:
        unknown = [p for p in self.pages if isinstance(p, str) and p not in SHARED_PAGES]
        if unknown:
            raise ValueError(f"{self.game}: no shared page {', '.join(unknown)} (shared: {', '.join(SHARED_PAGES)})")
        names = [p if isinstance(p, str) else p.name for p in self.pages]
        if len(set(names)) != len(names):
            raise ValueError(f"{self.game}: a page is listed twice")

    def words(self, catalog: Catalog) -> Words:
        return Words(catalog, self.game, self.wording, counted_noun)


def counted_noun(resource: Resource) -> tuple[str, str]:
    """A resource as every game's pages count it (``1 wood cube``, ``2 wood cubes``, ``3 deniers``)."""
    return resource_noun(resource.names.en, resource.names.forms.en, resource.resource_class)
