"""The kinds of entry every game may use, and the record that ties a kind to its YAML key and table.

A game's own kinds live in its game module (``games/<game>/kinds.py``) and are registered with it.
Field descriptions double as Datasette column descriptions and JSON Schema help text, so they are
written for players and tool makers, not for us.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Annotated, Any, Literal

from pydantic import Field, StringConstraints

from catalog.model import Bundle, DATE_PATTERN, Confidence, Entry, EntryRef, GameId, Model, Path_, Ref, RefTo, RuleRef, SourceRef


class Rulebook(Model):
    key: str
    language: Literal["en", "hu", "pl", "de", "fr"]


class RuleSection(Model):
    section: str = Field(description="A rule section id, as rules give it in `section`")
    title: str


class RulePagePlan(Model):
    """One page of the rules reference: which rule sections it shows, in order."""

    page: str = Field(pattern=r"^rules-[a-z0-9-]+$")
    title: str
    sections: list[RuleSection] = Field(min_length=1)


class QuickAnswer(Model):
    """A question a player often asks, answered by one entry of the game (a rule, a term, a card): the
    home page lists it, linked to the entry's anchor on the page that shows it."""

    question: str = Field(min_length=1, description="The question as a player asks it, ending in '?'")
    answer: Ref = Field(description="The id of the entry of this game that answers it")


class Game(Entry):
    id: GameId = Field(description="Stable id of the game; every other id of the game starts with it")
    designers: list[str]
    publisher: str
    year: int
    players_min: int = Field(ge=1)
    players_max: int = Field(ge=1)
    rulebooks: list[Rulebook] = []
    rule_pages: list[RulePagePlan] = Field([], description="How the rules reference groups rule sections into pages; "
                                           "a section not listed gets a page of its own")
    quick_answers: list[QuickAnswer] = Field([], description="Questions players often ask, each answered by an entry "
                                             "of the game; the home page lists them")

    def problems(self) -> Iterator[tuple[Path_, str]]:
        if self.players_max < self.players_min:
            yield ("players_max",), f"fewer than players_min ({self.players_max} < {self.players_min})"
        for i, quick in enumerate(self.quick_answers):  # the answer is checked as a reference: it exists, in this game
            if not quick.question.rstrip().endswith("?"):
                yield ("quick_answers", i, "question"), "a question ends with a question mark"


class Source(Entry):
    key: str = Field(description="Short key used in every sources list (HU, PL, EN1, ...)")
    cite: str | None = Field(None, description="How a player cites it on the site (\"Hungarian rulebook\", "
                             "\"Official English rules (2006)\"); the keys are ours and stay in the data and the API")
    source_kind: Literal[
        "rulebook", "official", "tiles", "reference", "picture", "faq", "implementation", "facts"
    ]
    language: str | None = None
    edition: str | None = None
    file: str | None = Field(None, description="Seed file, relative to the shared folder")
    url: str | None = Field(None, pattern=r"^https?://")
    licence_note: str | None = None


class Resource(Entry):
    resource_class: Literal["cube", "money", "points", "reward", "wildcard", "raw", "material"]
    colour: str | None = None
    count: int | None = Field(None, description="How many the box holds (informative; the stock is unlimited)")
    matches: list[str] = Field([], description="For wildcards: the resource slugs it stands for")
    other_side: str | None = Field(None, description="Double-sided markers: the resource slug on the other side")
    per_player: int | None = Field(None, description="Markers of this kind each player has")
    start_in_camp: int = Field(0, ge=0, description="Of those, how many start in the camp (the rest in the reserve)")


class Component(Entry):
    count: int | None = None
    per_player: int | None = None
    approximate: bool = False
    unlimited: bool = False
    description: str


class Setup(Entry):
    player_counts: list[int]
    starting_deniers_by_turn_order: list[int] = []
    starting_resources: Bundle = {}
    per_player: dict[str, int] = Field({}, description="Pieces per player by component slug")
    bank: Bundle = Field({}, description="A finite bank: the total money in the box")
    first_player: str | None = Field(None, description="The player who starts (and holds the power marker)")
    description: str


class Variant(Entry):
    player_counts: list[int] = []
    automatic: bool = Field(False, description="Applies by itself at these player counts")
    default_enabled: bool = False
    disables: list[Ref] = []
    enables: list[Ref] = []
    favour_replacement: Bundle | None = None
    starting_deniers_by_turn_order: list[int] = []
    turn_order_rule: Literal["alternate_each_turn"] | None = None
    placement_cost_after_opponent_passed: Bundle | None = None
    seal_high_face_cost: Bundle | None = Field(None, description="Seals are not flicked: the lower face counts unless this is paid for the higher")
    description: str


class ScoringRule(Entry):
    per: Bundle | None = Field(None, description="What the player hands in for one reward")
    reward: Bundle | None = None
    tie_rule: Literal["all_tied_win"] | None = None
    ranking: list[str] = Field([], description="Criteria in order, most first (sections_finished, materials_on_buildings, gold, player:<id>)")
    description: str


class Card(Entry):
    deck: str
    card_type: str
    count: int | None = Field(1, ge=1, description="Copies in the deck; null: unknown")
    colour: Literal["neutral", "blue", "red"] | None = Field(None, description="Frame colour; blue and red cards are personal; null: unknown")
    one_use: bool | None = Field(None, description="A delayed (1x) card, kept and used once later in the year; null: unknown")
    effect: Any = Field(None, description="What the card does, in its game's effect vocabulary")
    rule: RuleRef | None = Field(None, description="The rule that governs the card")

    def problems(self) -> Iterator[tuple[Path_, str]]:
        # A game with card effects refines this kind (its own subclass narrows ``effect``); here the
        # field is still untyped, so any value would pass unchecked.
        if self.effect is not None and type(self).model_fields["effect"].annotation is Any:
            yield ("effect",), "this game registers no card effects (its game module refines the cards kind)"


class Term(Entry):
    definition: str
    refers_to: Ref | None = None
    autolink: bool = Field(True, description="Link the term where rule text uses it (off for everyday words such as turn)")


class Reading(Model):
    source: SourceRef
    says: str


class Discrepancy(Entry):
    topic: Literal["number", "missing-rule", "example", "wording", "component", "name", "edition"]
    affects: list[Ref] = []
    readings: list[Reading] = Field(min_length=2)
    follows: list[str] = Field(min_length=1, description="Source keys of the reading the project follows")
    decision: str

    def problems(self) -> Iterator[tuple[Path_, str]]:
        keys = {r.source.key for r in self.readings}
        for i, key in enumerate(self.follows):
            if key not in keys:
                yield ("follows", i), f"{key!r} is not the source of any reading ({', '.join(sorted(keys))})"


class Rule(Entry):
    """One rule of the game, in our own words, under a stable id that is also its page anchor."""

    section: str = Field(description="Part of the rules: setup, phase1 ... phase7, castle, favours, end, two-player ...")
    order: int = Field(ge=1, description="Position within the section")
    text: str = Field(description="The rule in our own words")


class AnswerSentence(Model):
    """One sentence of a ruling's answer and the rules it rests on."""

    text: str = Field(min_length=1, description="The sentence, in our own words")
    rules: list[RuleRef] = Field([], description="Rule ids the sentence rests on (none: a sentence about a printing)")


RulingDate = Annotated[str, StringConstraints(pattern=DATE_PATTERN)]
"""YYYY, YYYY-MM or YYYY-MM-DD: a source often gives only its year."""


class Ruling(Entry):
    """An answer to a question about the rules: the rulebook's FAQ or its own clarifications, a designer's
    or publisher's answer, or this project's decision on a recorded discrepancy."""

    question: str = Field(description="The question as a player asks it")
    answer: list[AnswerSentence] = Field(min_length=1, description="The answer, sentence by sentence, each citing its rules")
    ruled_by: Literal["rulebook-faq", "rulebook", "designer", "publisher", "project"] = Field(
        description="Who ruled: the rulebook's FAQ, the rulebook's own text, a designer, a publisher, or this "
        "project's decision on a recorded discrepancy")
    discrepancy: Annotated[Ref, RefTo("discrepancies")] | None = Field(
        None, description="The discrepancy whose decision this ruling gives; its readings and sources are the reasoning")
    sources: list[SourceRef] = Field([], description="Where the ruling is published; a project ruling's are its discrepancy's")
    # None: the discrepancy's confidence (filled in when the catalog loads); mypy sees Entry's narrower type
    confidence: Confidence | None = Field(  # type: ignore[assignment]
        None, description="How the answer is known; left out: its discrepancy's")
    date: RulingDate | None = Field(None, description="When the source gave it: YYYY, YYYY-MM or YYYY-MM-DD")
    editions: list[str] | None = Field(None, description="Editions of the game it applies to; null: not tied to one")
    status: Literal["current", "superseded", "withdrawn"] = "current"
    supersedes: Annotated[Ref, RefTo("rulings")] | None = Field(None, description="The ruling this one replaces")
    concerns: list[EntryRef] = Field([], description="Components, cards, rules, terms (any entry of the game) the ruling is about")

    @property
    def answer_text(self) -> str:
        """The answer as one paragraph."""
        return " ".join(s.text.strip() for s in self.answer)

    @property
    def cited_rules(self) -> list[str]:
        """Every rule the answer's sentences cite, in order, once."""
        return list(dict.fromkeys(r for s in self.answer for r in s.rules))

    @property
    def first_day(self) -> str | None:
        """The date as YYYY-MM-DD, a year or a month counting as its first day (for sorting and comparing)."""
        return None if self.date is None else (self.date + "-01-01")[:10]

    def problems(self) -> Iterator[tuple[Path_, str]]:
        if not self.sources and self.discrepancy is None:
            yield ("sources",), ("a ruling needs a source: list where it is published under sources, or name the "
                                 "discrepancy whose decision it gives under discrepancy")
        if self.ruled_by == "project" and self.discrepancy is None:
            yield ("discrepancy",), ("a project ruling gives the decision on a recorded discrepancy: name it "
                                     "(its readings and sources are the ruling's reasoning)")
        if self.confidence is None and self.discrepancy is None:
            yield ("confidence",), "how the answer is known (text, confirmed, ...): only a ruling with a discrepancy inherits it"
        if self.supersedes == self.id:
            yield ("supersedes",), "a ruling cannot supersede itself"


class Example(Entry):
    """A worked example of a rulebook; a scenario in scenarios/ plays it through the engine."""

    language: Literal["hu", "pl", "en"]
    number: int = Field(ge=1, description="Position among the rulebook's examples")
    rules: list[RuleRef] = Field(min_length=1, description="Rules the example illustrates")
    counterpart: Annotated[Ref, RefTo("examples")] | None = Field(None, description="The same example in the other rulebook")
    summary: str = Field(description="What happens, in our own words")


@dataclass(frozen=True)
class Kind:
    """A kind of catalog entry: its key in the YAML files, its model and its database table."""

    key: str
    model: type[Entry]
    table: str
    description: str
    foreign_keys: tuple[tuple[str, str], ...] = ()
    """(column, table) pairs: a column holding the id of a row of another kind's table."""
    label: str = ""
    """What a player reads beside a search result, where the key does not read well ("startings")."""

    @property
    def shown(self) -> str:
        return self.label or self.key.replace("_", " ")


SHARED_KINDS: tuple[Kind, ...] = (
    Kind("games", Game, "games", "Games in the knowledge base"),
    Kind("sources", Source, "sources", "Rulebooks and public sources cited"),
    Kind("resources", Resource, "resources", "Resources, money and points"),
    Kind("components", Component, "components", "What is in the box"),
    Kind("setups", Setup, "setups", "Setup by player count"),
    Kind("variants", Variant, "variants", "Variants and options"),
    Kind("scoring_rules", ScoringRule, "scoring_rules", "End-of-game scoring", label="scoring"),
    Kind("cards", Card, "cards", "Cards"),
    Kind("terms", Term, "glossary", "Glossary of game terms in EN/HU/PL", foreign_keys=(("refers_to", "entities"),), label="glossary"),
    Kind("rules", Rule, "rules", "The rules, in our own words, by rule id"),
    Kind("rulings", Ruling, "rulings", "Answers to questions about the rules (FAQ and other rulings)"),
    Kind("examples", Example, "examples", "Worked examples of the rulebooks"),
    Kind("discrepancies", Discrepancy, "discrepancies", "Where the sources disagree, and what the project follows"),
)
