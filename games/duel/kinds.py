"""The Builders Duel's own kinds: seals, building sections, construction costs, decks and the
round structure, with the effect vocabulary of its cards (and a cards model that speaks it)."""

from __future__ import annotations

from typing import Annotated, Any, Literal, Union

from pydantic import Field

from catalog import Kind
from catalog.kinds import Card
from catalog.model import Entry, Model, Ref, RefTo

# Card effects. ``None`` in a number means "printed on each card": the rulebook only pictures it, so
# the value is unconfirmed and a card in play carries it (see engine/duel/cards.py).


class TakePowerEffect(Model):
    """Take the power marker (or keep it)."""

    kind: Literal["take_power"]


class IncomeEffect(Model):
    kind: Literal["income"]
    gold: int | None = Field(ge=0, description="Gold from the bank; null: printed on the card (unconfirmed)")


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
    count: int | None = Field(ge=1, description="How many; null: any number")
    count_by_raw: dict[str, Annotated[int, Field(ge=1)]] = Field({}, description="A different count for some raws (wool cards give 2)")
    gold_each: int = Field(0, ge=0)
    converted: bool = Field(False, description="They arrive as building material")


class ConvertRawsEffect(Model):
    """Turn raw materials in the camp into building materials (craftsmen, Regan, Maud, ...)."""

    kind: Literal["convert_raws"]
    raws: list[str] | None = Field(description="Raw materials allowed; null: the one printed on the card")
    count: int | None = Field(ge=1, description="Most markers converted; null: any number")
    gold_each: int | None = Field(ge=0, description="Gold per marker; null: printed on the card (unconfirmed)")
    seals_each: int = Field(0, ge=0, description="Neutral seals per marker, returned to the bottom of the stack")
    then_build: bool = Field(False, description="The converted marker goes straight onto a building card")


class MarketEffect(Model):
    kind: Literal["market"]
    quantity: int | None = Field(ge=1, description="Raw materials per purchase; null: printed (unconfirmed)")
    gold: int | None = Field(ge=0, description="Price of one purchase; null: printed (unconfirmed)")
    wool_price: int | None = Field(ge=0, description="Gold per wool sold; null: printed (unconfirmed)")


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
    Union[TakePowerEffect, IncomeEffect, BuySealsEffect, TakeSealsEffect, TakeRawsEffect, ConvertRawsEffect, MarketEffect, SellWoolEffect, ActivateCardEffect, WithdrawMarkerEffect, BuildCostEffect, ReturnMaterialEffect, GoldPerSectionEffect, MatchGoldEffect],
    Field(discriminator="kind"),
]


RANKING_CRITERIA = ("sections_finished", "materials_on_buildings", "gold")
"""What the engine ranks players by after the last year (besides ``player:<colour>``, a last tie-break)."""


class DuelCard(Card):
    """A card of the Builders Duel: its effect in the Duel's vocabulary."""

    effect: Effect | None = Field(None, description="What the card does, in its game's effect vocabulary")


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
    cost_by_materials: list[Annotated[int, Field(ge=0)]] = Field(min_length=1, description="Gold for placing 1, 2, 3 ... materials in one round")
    finished_markers_leave_play: bool


class AssumedCard(Model):
    card: Annotated[Ref, RefTo("cards")]
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


# The upper bounds are no game's data: they keep a slip of the keyboard (an extra digit) from making a
# random game deal millions of cards (a year deals rounds x rows x columns) or list millions of lines.
class RoundStructure(Entry):
    years: int = Field(ge=1, le=20)
    rounds_per_year: int = Field(ge=1, le=20)
    grid_rows: int = Field(ge=1, le=10)
    grid_columns: int = Field(ge=1, le=10)
    markers_per_player: int = Field(ge=1, le=10)
    conflict_tie_goes_to: Literal["power_holder"]
    power_marker_holder_starts: bool


KINDS: tuple[Kind, ...] = (
    Kind("seals", Seal, "seals", "Seals and their faces"),
    Kind("building_sections", BuildingSection, "building_sections", "Sections of the players' buildings and their rewards"),
    Kind("construction_rules", ConstructionRule, "construction_rules", "What building costs", label="building costs"),
    Kind("decks", Deck, "decks", "Card decks, their years and the composition assumed for random games"),
    Kind("round_structures", RoundStructure, "round_structures", "Years, rounds and the card offer", label="rounds"),
)
