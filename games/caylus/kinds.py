"""Caylus's own kinds: buildings, the royal favour table, the castle, the road and the phases, with
the effect vocabulary its buildings and favours speak. The engine interprets these effects."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Annotated, Literal, Union

from pydantic import Field

from catalog import Kind
from catalog.model import Bundle, Entry, Model, Path_, Ref, RefTo, RuleRef

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
    into: Annotated[Ref, RefTo("buildings")]
    targets: list[Literal["neutral", "own_wood", "own_stone"]] = Field(min_length=1)
    excludes: list[Annotated[Ref, RefTo("buildings")]] = Field([], description="Buildings that may never be converted")
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


Effect = Annotated[
    Union[ProduceEffect, GainEffect, ExchangeEffect, BuildEffect, ConvertEffect, MoveProvostEffect, RelocateWorkerEffect, ClaimTurnOrderEffect, InnEffect, NoEffect],
    Field(discriminator="kind"),
]


# --- kinds -------------------------------------------------------------------------------


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
    rule: RuleRef | None = Field(None, description="The rule that governs what a worker here does")

    def problems(self) -> Iterator[tuple[Path_, str]]:
        if self.effect is not None and self.accepts_workers and self.rule is None:
            yield ("rule",), "a building that takes workers names the rule that governs it (rule: caylus.phase5....)"


class FavourRow(Entry):
    row: int = Field(ge=1)


class FavourColumn(Entry):
    column: int = Field(ge=1)
    opens_after: Annotated[Ref, RefTo("castle_sections")] | None = Field(None, description="Castle section whose scoring must be over")


class Favour(Entry):
    row: Annotated[Ref, RefTo("favour_rows")]
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
    building: Annotated[Ref, RefTo("buildings")]


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


KINDS: tuple[Kind, ...] = (
    Kind("buildings", Building, "buildings", "Every building of the game"),
    Kind("favour_rows", FavourRow, "favour_rows", "Rows of the royal favour table"),
    Kind("favour_columns", FavourColumn, "favour_columns", "Columns of the royal favour table and when they open",
         foreign_keys=(("opens_after", "castle_sections"),)),
    Kind("favours", Favour, "favours", "Cells of the royal favour table", foreign_keys=(("row", "favour_rows"),),
         label="favour table cells"),
    Kind("favour_tables", FavourTable, "favour_tables", "Rules of the royal favour table", label="favour table"),
    Kind("castles", Castle, "castles", "The castle: batches, penalty, most-batches favour", label="castle"),
    Kind("castle_sections", CastleSection, "castle_sections", "Dungeon, walls and towers"),
    Kind("roads", Road, "roads", "The road, bridge and passing scale"),
    Kind("phases", Phase, "phases", "The phases of a turn"),
)
