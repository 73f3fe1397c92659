"""The effect vocabulary of Viscounts of the West Kingdom: what a townsfolk card, a building slot, a
castle wedge, a collision position or a trade exchange does, as data an engine can execute.

A card's ability is a list of steps done in order; a step is one simple effect or a choice between
sequences of simple effects. Ongoing abilities are triggers (after an action, on a collision, when a
debt is flipped or gained) or icon substitutions (pay this, count it as that many icons).
"""

from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import Field

from catalog.model import Model

MOST_AT_ONCE = 10
"""The most of anything one effect gives or does at once. The printed effects give at most 4 (the
collision track's 4 silver); the engine resolves an effect one piece at a time, so an absurd count
(a billion) would make one effect run for hours: this bound refuses it with the field named."""

Icon = Literal["criminal", "merchant", "builder", "noble", "cleric"]
"""The five icons of townsfolk cards; criminal is wild for the primary actions."""
Resource = Literal["ink", "gold", "stone"]
"""The three resources (silver is money, not a resource: "any resource" never means silver)."""
Action = Literal["trade", "build", "noble", "transcribe"]
"""The four primary actions; noble is placing workers in the castle, transcribe is copying a manuscript."""
Gainable = Literal["silver", "ink", "gold", "stone", "any_resource", "virtue", "corruption", "debt", "deed"]


class Gain(Model):
    """Take pieces from the supply, or move a marker on the collision track (virtue, corruption)."""

    kind: Literal["gain"]
    what: Gainable = Field(description="silver, ink, gold, stone, any_resource (ink, gold or stone of one's choice), "
                                       "virtue, corruption, debt (unpaid side up) or deed (acquired side up)")
    count: int = Field(1, ge=1, le=MOST_AT_ONCE)


class Flip(Model):
    """Turn debts to paid or deeds to approved (flipping a debt also gives any one resource)."""

    kind: Literal["flip"]
    what: Literal["debt", "deed", "debt_or_deed"]
    count: int = Field(1, ge=1, le=MOST_AT_ONCE)


class Discard(Model):
    """Discard cards from hand or the top of the draw deck (optional, as the HU effects summary says)."""

    kind: Literal["discard"]
    count: int = Field(1, ge=1, le=MOST_AT_ONCE)


class Destroy(Model):
    """Remove cards from hand or the top of the discard pile from the game, refunding their silver cost (optional)."""

    kind: Literal["destroy"]
    count: int = Field(1, ge=1, le=MOST_AT_ONCE)


class Rearrange(Model):
    """Reorder the townsfolk on one's player board at will (optional)."""

    kind: Literal["rearrange"]


class Shuffle(Model):
    """Shuffle the discard pile into the draw deck (needs at least one discarded card)."""

    kind: Literal["shuffle"]


class FreeHire(Model):
    """Hire a townsfolk card visible on the board without paying its cost."""

    kind: Literal["free_hire"]


class MoveCastleWorker(Model):
    """Move one of one's tier-1 castle workers to an adjacent tier-1 section (optional)."""

    kind: Literal["move_castle_worker"]


class PlaceWorkers(Model):
    """Place workers free on any tier-1 section of the castle."""

    kind: Literal["place_workers"]
    count: int = Field(ge=1, le=MOST_AT_ONCE)


class FreeManuscript(Model):
    """Take a manuscript shown on the board free, among those of the given cleric costs."""

    kind: Literal["free_manuscript"]
    costs: list[int] = Field(min_length=1)


class ExtraMove(Model):
    """Move the viscount further than the card's cost for free."""

    kind: Literal["extra_move"]
    spaces: int = Field(ge=1, le=MOST_AT_ONCE)


class DismissCost(Model):
    """Dismissing a townsfolk costs this much silver, whatever its printed cost."""

    kind: Literal["dismiss_cost"]
    silver: int = Field(ge=0)


class PermanentIcon(Model):
    """An icon always counted on one's board."""

    kind: Literal["permanent_icon"]
    icon: Icon


class HandLimit(Model):
    kind: Literal["hand_limit"]
    change: int = Field(ge=1, le=MOST_AT_ONCE, description="Cards more in the hand limit (only ever raised: a lower limit "
                                                          "would leave a hand over it, which no rule discards)")


class PointsPer(Model):
    """Scoring: victory points for each counted thing (a manuscript's end-game condition)."""

    kind: Literal["points_per"]
    per: Literal["building", "noble_icon", "criminal_icon", "flipped_debt"]
    points: int | None = Field(description="Points for each; null: not known")


Simple = Annotated[
    Union[Gain, Flip, Discard, Destroy, Rearrange, Shuffle, FreeHire, MoveCastleWorker, PlaceWorkers, FreeManuscript,
          ExtraMove, DismissCost, PermanentIcon, HandLimit, PointsPer],
    Field(discriminator="kind"),
]


class Choice(Model):
    """One of several sequences of effects, chosen by the player."""

    kind: Literal["choice"]
    options: list[list[Simple]] = Field(min_length=2)


Step = Annotated[Union[Simple, Choice], Field(discriminator="kind")]
TriggerEvent = Literal["after_build", "after_noble", "after_transcribe", "after_trade", "on_collision",
                   "on_flip_debt", "on_gain_debt", "after_hire"]


class Trigger(Model):
    """An ongoing ability: whenever the event happens, do the steps.

    on_collision is any player's collision (phase 5); the after_* events are the holder's own."""

    kind: Literal["trigger"]
    when: TriggerEvent
    then: list[Step] = Field(min_length=1)
    only_without_criminal: bool = Field(False, description="Only if the holder's board shows no criminal icon")


class Substitute(Model):
    """An ongoing ability: during one primary action, pay something to count it as icons."""

    kind: Literal["substitute"]
    action: Action
    pay: Literal["silver", "ink", "gold", "stone", "merchant_icons"] = Field(
        description="What is given up: a resource or silver, or merchant icons of one's board")
    pay_count: int = Field(ge=1, le=MOST_AT_ONCE)
    icon: Icon
    icon_count: int = Field(ge=1, le=MOST_AT_ONCE)
    once: bool = Field(False, description="Only once per action (the card says one ... only)")


Effect = Annotated[Union[Gain, Flip, Discard, Destroy, Rearrange, Shuffle, FreeHire, MoveCastleWorker, PlaceWorkers,
                         FreeManuscript, ExtraMove, DismissCost, PermanentIcon, HandLimit, PointsPer, Choice,
                         Trigger, Substitute],
                   Field(discriminator="kind")]
"""Any effect of the vocabulary."""

DONE_AT_ONCE = frozenset({"gain", "flip", "discard", "destroy", "rearrange", "shuffle", "free_hire", "move_castle_worker",
                          "place_workers", "free_manuscript", "choice"})
"""Kinds the engine carries out when a step list is resolved (an instant ability, a reward, a hire
effect, a trigger's steps). The others only mean something where the engine looks for them (a
building slot, an ongoing card, a manuscript's scoring): in a step list they would be skipped."""
READ_FROM_SLOTS = frozenset({"permanent_icon", "trigger", "extra_move", "dismiss_cost", "hand_limit"})
"""Kinds the engine reads from a building slot's uncovered ability (icons, triggers, moves, dismissal, hand limit)."""
