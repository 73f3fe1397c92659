"""The catalog schema: one pydantic model per kind of entry.

A catalog file is a mapping from a kind's plural key (``buildings:``, ``terms:``) to a list of
entries. Field descriptions double as Datasette column descriptions and JSON Schema help text,
so they are written for players and tool makers, not for us.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, StringConstraints

ID_PATTERN = r"^[a-z][a-z0-9]*(\.[a-z0-9][a-z0-9-]*)+$"


class RefMarker:
    """Marks a field whose value is the id of another catalog entry (checked in the second pass)."""


class BundleMarker:
    """Marks a mapping of resource slugs to quantities (keys checked in the second pass)."""


Id = Annotated[str, StringConstraints(pattern=ID_PATTERN)]
Ref = Annotated[str, StringConstraints(pattern=ID_PATTERN), RefMarker()]
GameId = Annotated[str, StringConstraints(pattern=r"^[a-z][a-z0-9-]*$")]
Confidence = Literal["text", "confirmed", "picture_read", "inferred", "unconfirmed"]
Bundle = Annotated[dict[str, int], BundleMarker()]
"""Quantities keyed by resource slug of the same game (``food``, ``deniers``, )."""


class Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


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


# --- effects: the small vocabulary the engine interprets -----------------------------------


class Exchange(Model):
    give: Bundle
    get: Bundle


class ProduceEffect(Model):
    """Compulsory production: the worker's owner takes one of the choices."""

    kind: Literal["produce"]
    choices: list[Bundle] = Field(min_length=1)
    owner_bonus: list[Bundle] = Field(
        [], description="When another player's worker produces here, the owner takes one of these"
    )


class GainEffect(Model):
    """Optional gain of one of the choices (trading post, favour cells)."""

    kind: Literal["gain"]
    choices: list[Bundle] = Field(min_length=1)


class ExchangeEffect(Model):
    """Optional trade: pick at most one option, give its left side, get its right side."""

    kind: Literal["exchange"]
    options: list[Exchange] = Field(min_length=1)
    uses: int = Field(1, ge=1, description="How many times per activation")


class BuildEffect(Model):
    """Build one building of a category, paying its cost less the discount."""

    kind: Literal["build"]
    category: Literal["wood", "stone", "prestige"]
    site: Literal["first_free_space", "own_residence"]
    discount: Bundle = {}


class ConvertEffect(Model):
    """Turn a building into a residence (the lawyer), paying the residence's cost less the discount."""

    kind: Literal["convert"]
    into: Ref
    targets: list[Literal["neutral", "own_wood", "own_stone"]] = Field(min_length=1)
    excludes: list[Ref] = Field([], description="Buildings that may never be converted")
    discount: Bundle = {}
    delayed_if_occupied: bool = Field(
        False, description="An occupied target is paid for at once but converted after its activation"
    )


class MoveProvostEffect(Model):
    kind: Literal["move_provost"]
    max_spaces: int = Field(ge=1)
    cost_per_space: Bundle = {}


class RelocateWorkerEffect(Model):
    """The gate: move the worker, free, to any unoccupied placement, or take it back."""

    kind: Literal["relocate_worker"]


class ClaimTurnOrderEffect(Model):
    """The stables: occupants take the first turn-order places in circle order."""

    kind: Literal["claim_turn_order"]
    places: int = Field(ge=1)


class InnEffect(Model):
    """The inn: the right-hand occupant pays this much per placement anywhere."""

    kind: Literal["inn"]
    placement_cost: Bundle


class NoEffect(Model):
    kind: Literal["none"]


# Card effects of the Builders Duel. ``None`` in a number means "printed on each card": the rulebook
# only pictures it, so the value is unconfirmed and a card in play carries it (see engine/duel/cards.py).


class TakePowerEffect(Model):
    """Take the power marker (or keep it)."""

    kind: Literal["take_power"]


class IncomeEffect(Model):
    kind: Literal["income"]
    gold: int | None = Field(description="Gold from the bank; null: printed on the card (unconfirmed)")


class BuySealsEffect(Model):
    """Buy any number of neutral seals from the top of the stack."""

    kind: Literal["buy_seals"]
    gold_each: int = Field(ge=0)


class TakeSealsEffect(Model):
    kind: Literal["take_seals"]
    count: int = Field(ge=1, description="Seals taken from the top of the stack")


class TakeRawsEffect(Model):
    """Move raw materials from the player's reserve to the camp (resource cards, Jack, Alfred)."""

    kind: Literal["take_raws"]
    raws: list[str] | None = Field(description="Raw materials allowed; null: the one printed on the card")
    count: int | None = Field(description="How many; null: any number")
    count_by_raw: dict[str, int] = Field({}, description="A different count for some raws (wool cards give 2)")
    gold_each: int = Field(0, ge=0)
    converted: bool = Field(False, description="They arrive as building material")


class ConvertRawsEffect(Model):
    """Turn raw materials in the camp into building materials (craftsmen, Regan, Maud, ...)."""

    kind: Literal["convert_raws"]
    raws: list[str] | None = Field(description="Raw materials allowed; null: the one printed on the card")
    count: int | None = Field(description="Most markers converted; null: any number")
    gold_each: int | None = Field(description="Gold per marker; null: printed on the card (unconfirmed)")
    seals_each: int = Field(0, ge=0, description="Neutral seals per marker, returned to the bottom of the stack")
    then_build: bool = Field(False, description="The converted marker goes straight onto a building card")


class MarketEffect(Model):
    kind: Literal["market"]
    quantity: int | None = Field(description="Raw materials per purchase; null: printed (unconfirmed)")
    gold: int | None = Field(description="Price of one purchase; null: printed (unconfirmed)")
    wool_price: int | None = Field(description="Gold per wool sold; null: printed (unconfirmed)")


class SellWoolEffect(Model):
    kind: Literal["sell_wool"]
    max: int = Field(ge=1)
    gold_each: int = Field(ge=0)


class ActivateCardEffect(Model):
    """Use another card of the offer as if it were one's own."""

    kind: Literal["activate_card"]
    select: Literal["same_line", "unmarked", "own_marker"]
    colours: list[Literal["neutral", "blue", "red"]] = ["neutral", "blue", "red"]
    exclude_one_use: bool = False
    exclude_personal: bool = False


class WithdrawMarkerEffect(Model):
    """The opponent takes back one of the markers just placed (their choice)."""

    kind: Literal["opponent_withdraws_marker"]


class BuildCostEffect(Model):
    """This round, building costs this much per material placed instead of the table."""

    kind: Literal["build_cost_per_material"]
    gold_each: int = Field(ge=0)


class ReturnMaterialEffect(Model):
    """A player takes one material off an unfinished section back to the camp, raw side up."""

    kind: Literal["return_material"]
    victim: Literal["blue", "red"]


class GoldPerSectionEffect(Model):
    kind: Literal["gold_per_section"]
    gold_each: int = Field(ge=0)


class MatchGoldEffect(Model):
    """Take gold from the bank until one has as much as the opponent."""

    kind: Literal["match_gold"]


Effect = Annotated[
    Union[
        ProduceEffect,
        GainEffect,
        ExchangeEffect,
        BuildEffect,
        ConvertEffect,
        MoveProvostEffect,
        RelocateWorkerEffect,
        ClaimTurnOrderEffect,
        InnEffect,
        NoEffect,
        TakePowerEffect,
        IncomeEffect,
        BuySealsEffect,
        TakeSealsEffect,
        TakeRawsEffect,
        ConvertRawsEffect,
        MarketEffect,
        SellWoolEffect,
        ActivateCardEffect,
        WithdrawMarkerEffect,
        BuildCostEffect,
        ReturnMaterialEffect,
        GoldPerSectionEffect,
        MatchGoldEffect,
    ],
    Field(discriminator="kind"),
]


# --- kinds -------------------------------------------------------------------------------


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


class Source(Entry):
    key: str = Field(description="Short key used in every sources list (HU, PL, EN1, ...)")
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


class Building(Entry):
    category: Literal["special", "neutral", "fixed", "wood", "stone", "residential", "prestige"]
    tiles: int | None = Field(None, description="Tiles in the box (None: printed on the board)")
    unlimited: bool = Field(False, description="More may be built than there are tiles")
    cost: Bundle | None = Field(None, description="Paid to the stock when built")
    prestige: int = Field(0, description="Prestige points scored when built")
    favours: int = Field(0, description="Royal favours the builder gets when built")
    income: Bundle = Field({}, description="Paid to the owner in phase 1 every turn")
    effect: Effect | None = Field(None, description="What a worker here does when activated")
    accepts_workers: bool = True
    road_space: int | None = Field(None, description="Fixed road space, for buildings printed on the board")
    activation_order: int | None = Field(None, description="Order of activation in phase 3 (special)")
    edition: Literal["1", "2"] = "1"
    optional: bool = Field(False, description="Off by default; an option enables it")
    rule: Ref | None = Field(None, description="The rule that governs what a worker here does")


class FavourRow(Entry):
    row: int = Field(ge=1)


class FavourColumn(Entry):
    column: int = Field(ge=1)
    opens_after: Ref | None = Field(None, description="Castle section whose scoring must be over")


class Favour(Entry):
    row: Ref
    column: int = Field(ge=1)
    effect: Effect


class FavourTable(Entry):
    one_row_per_favour_in_a_phase: bool
    player_orders_simultaneous_favours: bool
    discounts_only_on_favour_builds: bool
    columns_open_after_scoring_is_over: bool


class ScoringStep(Model):
    houses_min: int = Field(ge=0)
    houses_max: int | None = None
    reward: Bundle


class CastleSection(Entry):
    order: int = Field(ge=1)
    spaces: int = Field(ge=1)
    prestige_per_batch: int
    marker_space: int = Field(ge=1, description="Road space of this section's scoring marker")
    scoring: list[ScoringStep] = Field(min_length=1)


class Batch(Model):
    cubes: int = Field(ge=1)
    distinct: bool
    required: list[str] = []


class Castle(Entry):
    worker_spaces: int
    workers_per_player: int
    batch: Batch
    no_batch_penalty: Bundle
    no_penalty_when_full: bool
    most_batches_reward: Bundle
    most_batches_tie: Literal["earliest_in_castle"]
    points_floor: int


class FixedSpace(Model):
    space: int = Field(ge=1)
    building: Ref


class Road(Entry):
    spaces: int = Field(ge=1)
    neutral_spaces: list[int]
    fixed: list[FixedSpace]
    bailiff_start: int
    provost_start: int
    provost_min: int
    provost_max: int
    bailiff_steps_when_provost_ahead: int
    bailiff_steps_otherwise: int
    passing_scale: list[int] = Field(description="Placement cost read off the lowest free passing space")
    first_pass_bonus: Bundle
    own_building_cost: Bundle
    visit_owner_reward: Bundle = Field(description="What a building's owner gets when another player places a worker on it")
    turn_order_spaces: int


class Phase(Entry):
    order: int = Field(ge=1)
    player_order: Literal["turn_order", "passing_order", "castle_order", "road_order", "none"]
    summary: str
    income: Bundle = {}
    provost_move: MoveProvostEffect | None = None


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
    effect: Effect | None = None
    rule: Ref | None = Field(None, description="The rule that governs the card")


class Seal(Entry):
    faces: list[int] = Field(min_length=2, max_length=2, description="The numbers on its two faces")
    count: int = Field(ge=1)
    personal: bool = Field(False, description="A player's own seal (one each)")
    per_player_at_start: int = Field(0, ge=0, description="How many each player starts with")


class BuildingSection(Entry):
    """One building card: a section of a player's building."""

    player: str = Field(description="Whose building it is (red: Waleran's castle, blue: Philip's cathedral)")
    numeral: Literal["I", "II", "III"]
    materials: list[str] | None = Field(description="The three building materials its spaces show; null: unknown (only pictured)")
    reward: Effect = Field(description="What the first player to finish this section gets")


class ConstructionRule(Entry):
    materials_per_section: int = Field(ge=1)
    sections_per_round: int = Field(ge=1)
    cost_by_materials: list[int] = Field(min_length=1, description="Gold for placing 1, 2, 3 ... materials in one round")
    finished_markers_leave_play: bool


class AssumedCard(Model):
    card: Ref
    count: int = Field(ge=1)
    printed: dict[str, Any] = Field({}, description="The values the card is assumed to show")
    colour: Literal["neutral", "blue", "red"] | None = None
    one_use: bool | None = None


class Deck(Entry):
    letter: str
    size: int = Field(ge=1)
    years: list[int] = Field(min_length=1, description="The years that use this deck")
    assumed: list[AssumedCard] = Field(description="The composition random games use; see assumption_note")
    assumption_note: str = Field(description="Why these numbers, and that they are not facts")


class RoundStructure(Entry):
    years: int = Field(ge=1)
    rounds_per_year: int = Field(ge=1)
    grid_rows: int = Field(ge=1)
    grid_columns: int = Field(ge=1)
    markers_per_player: int = Field(ge=1)
    conflict_tie_goes_to: Literal["power_holder"]
    power_marker_holder_starts: bool


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


class Rule(Entry):
    """One rule of the game, in our own words, under a stable id that is also its page anchor."""

    section: str = Field(description="Part of the rules: setup, phase1 ... phase7, castle, favours, end, two-player ...")
    order: int = Field(ge=1, description="Position within the section")
    text: str = Field(description="The rule in our own words")


class Ruling(Entry):
    """An answer to a question about the rules (a FAQ entry, an official or community ruling)."""

    question: str
    answer: str
    source_kind: Literal["rulebook-faq", "official", "community"]
    rules: list[Ref] = Field(min_length=1, description="Rules the ruling is about")
    edition: str | None = None
    status: Literal["active", "superseded"] = "active"
    supersedes: Ref | None = None


class Example(Entry):
    """A worked example of a rulebook; a scenario in scenarios/ plays it through the engine."""

    language: Literal["hu", "pl", "en"]
    number: int = Field(ge=1, description="Position among the rulebook's examples")
    rules: list[Ref] = Field(min_length=1, description="Rules the example illustrates")
    counterpart: Ref | None = Field(None, description="The same example in the other rulebook")
    summary: str = Field(description="What happens, in our own words")


class Kind(Model):
    """A kind of catalog entry: its key in the YAML files, its model and its table."""

    key: str
    model: Any
    table: str
    description: str


KINDS: tuple[Kind, ...] = (
    Kind(key="games", model=Game, table="games", description="Games in the knowledge base"),
    Kind(key="sources", model=Source, table="sources", description="Rulebooks and public sources cited"),
    Kind(key="resources", model=Resource, table="resources", description="Resources, money and points"),
    Kind(key="components", model=Component, table="components", description="What is in the box"),
    Kind(key="buildings", model=Building, table="buildings", description="Every building of the game"),
    Kind(key="favour_rows", model=FavourRow, table="favour_rows", description="Rows of the royal favour table"),
    Kind(key="favour_columns", model=FavourColumn, table="favour_columns", description="Columns of the royal favour table and when they open"),
    Kind(key="favours", model=Favour, table="favours", description="Cells of the royal favour table"),
    Kind(key="favour_tables", model=FavourTable, table="favour_tables", description="Rules of the royal favour table"),
    Kind(key="castles", model=Castle, table="castles", description="The castle: batches, penalty, most-batches favour"),
    Kind(key="castle_sections", model=CastleSection, table="castle_sections", description="Dungeon, walls and towers"),
    Kind(key="roads", model=Road, table="roads", description="The road, bridge and passing scale"),
    Kind(key="phases", model=Phase, table="phases", description="The phases of a turn"),
    Kind(key="setups", model=Setup, table="setups", description="Setup by player count"),
    Kind(key="variants", model=Variant, table="variants", description="Variants and options"),
    Kind(key="scoring_rules", model=ScoringRule, table="scoring_rules", description="End-of-game scoring"),
    Kind(key="cards", model=Card, table="cards", description="Cards"),
    Kind(key="seals", model=Seal, table="seals", description="Seals and their faces"),
    Kind(key="building_sections", model=BuildingSection, table="building_sections", description="Sections of the players' buildings and their rewards"),
    Kind(key="construction_rules", model=ConstructionRule, table="construction_rules", description="What building costs"),
    Kind(key="decks", model=Deck, table="decks", description="Card decks, their years and the composition assumed for random games"),
    Kind(key="round_structures", model=RoundStructure, table="round_structures", description="Years, rounds and the card offer"),
    Kind(key="terms", model=Term, table="glossary", description="Glossary of game terms in EN/HU/PL"),
    Kind(key="rules", model=Rule, table="rules", description="The rules, in our own words, by rule id"),
    Kind(key="rulings", model=Ruling, table="rulings", description="Answers to questions about the rules (FAQ and other rulings)"),
    Kind(key="examples", model=Example, table="examples", description="Worked examples of the rulebooks"),
    Kind(key="discrepancies", model=Discrepancy, table="discrepancies", description="Where the sources disagree, and what the project follows"),
)
KIND_BY_KEY = {kind.key: kind for kind in KINDS}
