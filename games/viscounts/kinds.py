"""Viscounts of the West Kingdom's own kinds: the townsfolk and heroes (a refinement of the shared cards
that speaks the game's effect vocabulary), the icons, the player board and its buildings, the collision
track, the castle, trade exchanges, manuscripts and the other cards, and what is known of the main board.

A value only a picture shows carries ``picture_read``; a value nobody has published is ``null`` and the
entry says ``unconfirmed`` for that field in ``fact_confidence``."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Literal

from pydantic import Field

from catalog import Kind
from catalog.kinds import Card
from catalog.model import Entry, Model, Path_
from games.viscounts.effects import MOST_AT_ONCE, Action, Choice, Effect, Icon, PointsPer, Step, Substitute, Trigger

Timing = Literal["instant", "ongoing", "drop_off", "none"]
Ribbon = Literal["grey", "black", "yellow", "blue"]


class ViscountsCard(Card):
    """A townsfolk or hero card: cost, icons, ability and the effect of hiring or dismissing it."""

    card_type: Literal["starting", "hero", "neutral"] = Field(
        description="starting (8 per player, in the player's colour), hero (brown title bar) or neutral (black title bar)")
    cost: int = Field(ge=1, le=MOST_AT_ONCE, description="Silver to hire or dismiss it, and the spaces its viscount moves (top left)")
    # the printed costs are 1 to 3; the viscount walks the board one arrow per space of the cost, so an
    # absurd cost (a billion) would make every move a walk of hours: the bound refuses it
    icons: list[Icon] = Field(min_length=1, description="Its icons, one item per icon (two merchant icons: merchant, merchant)")
    timing: Timing = Field(description="When the ability works: instant (when played), ongoing (while on the board), "
                                       "drop_off (when it leaves the board), none")
    ability: list[Effect] = Field([], description="The ability, as data: steps in order, or triggers and icon substitutions")
    hire_effect: list[Step] | None = Field(description="What hiring or dismissing it gives (top right); null: not known")

    def problems(self) -> Iterator[tuple[Path_, str]]:
        yield from super().problems()
        ongoing = [isinstance(e, (Trigger, Substitute)) for e in self.ability]
        if self.timing == "none" and self.ability:
            yield ("ability",), "a card whose timing is none has no ability"
        if self.timing != "none" and not self.ability:
            yield ("ability",), f"a {self.timing} card needs its ability"
        if self.timing == "ongoing" and not all(ongoing):
            yield ("ability",), "an ongoing ability is made of triggers and substitutions"
        if self.timing in ("instant", "drop_off") and any(ongoing):
            yield ("ability",), f"an {self.timing} ability is done at once: no triggers or substitutions"
        if self.hire_effect is None and self.fact_confidence.get("hire_effect") != "unconfirmed":
            yield ("hire_effect",), "an unknown hire effect (null) needs fact_confidence hire_effect: unconfirmed"


class IconEntry(Entry):
    """An icon of the townsfolk cards, the action it serves and what buys one more."""

    slug: Icon
    action: Action | None = Field(description="The primary action it counts for; null for the criminal (wild)")
    funded_by: Literal["silver", "stone", "gold", "ink"] | None = Field(
        description="One of these buys one more icon of this kind during its action; null: none")
    wild: bool = Field(False, description="Counts as any icon, for primary actions only")


class TradeExchange(Entry):
    """An exchange of the trade action: so many merchant icons for one reward, as often as one can pay."""

    merchant_icons: int = Field(ge=1)
    gives: list[Step] = Field(min_length=1)


class SlotAbility(Model):
    slot: int = Field(ge=1, le=3, description="Which building of the type uncovers it: the 1st, 2nd or 3rd built")
    effect: Effect


class BuildingType(Entry):
    """A type of building on the player board: its cost, its points and the abilities its empty slots show."""

    slug: Literal["workshop", "trading-post", "guildhall"]
    cost_builder_icons: int = Field(ge=1)
    per_player: int = Field(ge=1)
    points_by_count: list[int] = Field(min_length=1, description="Victory points for having built 1, 2, 3 of the type")
    slot_abilities: list[SlotAbility]

    def problems(self) -> Iterator[tuple[Path_, str]]:
        if len(self.points_by_count) != self.per_player:
            yield ("points_by_count",), f"{self.per_player} buildings need {self.per_player} point values"
        if sorted(s.slot for s in self.slot_abilities) != list(range(1, self.per_player + 1)):
            yield ("slot_abilities",), f"one ability for each slot 1..{self.per_player}"


class WorkerStep(Model):
    noble_icons: int = Field(ge=1)
    workers: int = Field(ge=1)


class StartingIcons(Model):
    slot: int = Field(ge=1)
    icons: list[str] | None = Field(description="What the picture seems to show; null: unreadable")


class PlayerBoard(Entry):
    hand_limit: int = Field(ge=1)
    workers: int = Field(ge=1)
    buildings: int = Field(ge=1)
    worker_placement: list[WorkerStep] = Field(min_length=1, description="Noble icons needed to place so many workers")
    starting_icons: list[StartingIcons] = Field(description="Icons printed on the card slots, usable on the first 2 turns")
    starting_icons_turns: int = Field(ge=1)
    min_cards: int = Field(ge=1, description="A player never owns fewer cards (hand, deck, discard pile and board "
                                             "together): destroying stops there")
    assumed_starting_icons: list[list[Icon]] = Field(
        [], description="Assumed, not a fact: the icons each card slot shows while uncovered, slot 1 first (what the engine plays with)")


class CollisionPosition(Entry):
    """A position of the collision track, where the virtue and corruption markers meet."""

    position: int = Field(ge=1, le=7, description="1 (far left, where the corruption marker starts) to 7 (far right, virtue)")
    current_gains: list[Step] = Field(min_length=1, description="What the player whose markers collided takes")
    others_gain: list[Step] = Field(min_length=1, description="What each other player takes")
    others_condition: Literal["has_criminal", "no_criminal", "none"] = Field(
        description="Whom the lower reward is for: players with a criminal icon, with none, or everyone")


class CastleWedge(Entry):
    """One of the five wedges of the castle: the reward of its tier-2 section."""

    letter: Literal["a", "b", "c", "d", "e"]
    tier2_reward: list[Step] = Field(min_length=1)
    unread_part: str | None = Field(None, description="A part of the reward no source reads; null: none")


class CastleTier(Entry):
    tier: int = Field(ge=1, le=3)
    points_per_worker: int = Field(ge=0)
    sections: int = Field(ge=1)
    reaching_reward: list[Step] = Field([], description="What a worker moving up to this tier gives; tier 2: its wedge's reward")
    bump_reward: list[Step] | None = Field(description="What the owner of a bumped worker gets; null: cannot be bumped")
    spread_on_promotion: bool = Field(description="When one of three workers moves up, the other two move one section left and right")
    climb_at: int | None = Field(None, ge=2, description="This many of one player's workers in a section send one up a tier; null: the top")
    holds: int | None = Field(None, ge=1, description="The most workers a section keeps once settled; the current player bumps "
                                                     "the others; null: no limit")


class AssumedManuscript(Model):
    """One kind of manuscript the engine's deck holds, standing in for the unpublished ones."""

    count: int = Field(ge=1)
    back: Literal["grey", "black"]
    ribbon: Ribbon
    cleric_cost: int = Field(ge=1)
    end_game: PointsPer | None = None


class Manuscript(Entry):
    """A known manuscript, or the placeholder for those no source lists."""

    placeholder: bool = Field(False, description="Stands for the manuscripts nobody has published")
    count: int | None = Field(1, description="How many this entry stands for; null: not known")
    ribbon: Ribbon | None = None
    back: Literal["grey", "black"] | None = None
    cleric_cost: int | None = Field(None, ge=1)
    end_game: PointsPer | None = None
    immediate: list[Step] | None = Field(None, description="The effect under the lightning mark; null: none or not known")
    assumed_deck: list[AssumedManuscript] = Field(
        [], description="Assumed, not a fact (placeholder only): the whole deck the engine plays with")


class ManuscriptDeck(Entry):
    total: int = Field(ge=1)
    grey_backed: int = Field(ge=0)
    black_backed: int = Field(ge=0)
    piles: int = Field(ge=1)
    ribbons: list[Ribbon] = Field(min_length=1)
    set_points: list[int] = Field(min_length=1, description="Points for a set of 1, 2, 3, 4 different ribbons")
    cleric_costs_seen: list[int]
    bonus_card_after: int = Field(ge=1, description="Manuscripts of one ribbon that win its cleric bonus card")
    assumed_icon_scope: Literal["board", "all_cards"] = Field(
        "board", description="Assumed, not a fact: where a per-icon end-game condition counts icons (the player "
        "board's cards and building slots, or every card the player owns and the building slots)")

    def problems(self) -> Iterator[tuple[Path_, str]]:
        if self.grey_backed + self.black_backed != self.total:
            yield ("total",), f"{self.grey_backed} grey + {self.black_backed} black backs is not {self.total}"
        if self.total % self.piles:
            yield ("piles",), f"{self.total} manuscripts do not make {self.piles} equal piles"
        if len(self.set_points) != len(self.ribbons):
            yield ("set_points",), "one value per number of different ribbons"


class BonusCard(Entry):
    points: int
    ribbon: Ribbon | None = None
    hand_limit_change: int = Field(0, ge=0, le=MOST_AT_ONCE, description="Cards more in its holder's hand limit "
                                   "(never fewer: losing the card discards nothing, so a lower limit would strand a hand over it)")
    cleric_icon: bool | None = Field(None, description="Counts as a cleric icon when transcribing; null: not settled")


class CardsForPlayers(Model):
    players: int = Field(ge=1, le=4)
    cards: int | None = Field(description="Cards stacked on it; null: not known")


class EndCard(Entry):
    """The Poverty or Prosperity card: revealed, it starts the end; at the end it pays by rank."""

    stack: Literal["debt", "deed"] = Field(description="The pile it sits under")
    ranks_by: Literal["flipped_deeds", "flipped_debts"]
    rewards: list[int] = Field(min_length=1, description="Points for the 1st, 2nd, 3rd")
    rewards_few_players: list[int] = Field(description="The same below three players (the middle reward is left out)")
    cards_by_players: list[CardsForPlayers]
    assumed_cards_by_players: list[CardsForPlayers] = Field(
        [], description="Assumed, not a fact: the pile sizes the engine uses where cards_by_players says null")


class Side(Model):
    en: str
    hu: str | None
    points: int


class DebtDeed(Entry):
    count: int = Field(ge=1)
    front: Side
    back: Side
    on_flip: list[Step] = []


class PlayerCard(Entry):
    number: int = Field(ge=1, le=10)
    start_space: int | None = Field(description="The viscount's start space; null: not known")
    contents: list[Step] | None = Field(description="What it gives at setup; null: not known")
    scope: Literal["any_segment", "viscount_space"] | None = Field(None, description="Where its board effect may be used; null: not said")
    destroy_before_shuffle: bool = False
    assumed_start_space: int | None = Field(None, ge=1, description="Assumed, not a fact: the outer space the engine starts the viscount on")
    assumed_contents: list[Step] = Field([], description="Assumed, not a fact: what the engine gives at setup")


class AiRule(Model):
    instead_of: list[str] = Field(min_length=1)
    does: list[Step] = Field(min_length=1)


SchemeKind = Literal["dismiss", "move", "criminal_corruption", "future_scheme", "place_workers", "strategy", "gain", "flip"]


class SchemeStep(Model):
    """One line of a scheme card, done by the AI top to bottom; an action line that cannot be done does
    ``otherwise`` instead (the second option of a card's row)."""

    kind: SchemeKind = Field(description="dismiss (the townsfolk beside its viscount), move (clockwise on the outer path), "
                                         "criminal_corruption (1 corruption per criminal icon on its board), future_scheme, "
                                         "place_workers (the noble action), strategy (its primary strategy), gain, flip")
    spaces: int | None = Field(None, ge=1, le=MOST_AT_ONCE, description="move: how far")
    workers: int | None = Field(None, ge=1, le=MOST_AT_ONCE, description="place_workers: how many (paid with the icons a player would need)")
    what: str | None = Field(None, description="gain: what (as a gain effect); flip: debt, deed or debt_or_deed")
    count: int = Field(1, ge=1, le=MOST_AT_ONCE)
    otherwise: list[SchemeStep] = Field([], description="Done instead when the action cannot be done")


class Scheme(Model):
    """A scheme card as the engine assumes it: its header icons (counted by the AI's actions) and lines."""

    name: str = Field(description="A slug naming the assumed card")
    count: int = Field(ge=1)
    icons: list[Icon] = Field(description="Icons in its header")
    steps: list[SchemeStep] = Field(min_length=1)


class ResourceRank(Model):
    resource: Literal["ink", "gold", "stone"]
    until: int | None = Field(description="Taken until the AI holds this many; null: always")


class SoloCard(Entry):
    count: int = Field(ge=1)
    header: Literal["brown", "black"] | None = None
    contents_known: bool
    ai_rules: list[AiRule] = []
    strategy: Action | None = Field(None, description="An AI board: the primary action its strategy icon means")
    start: list[Step] = Field([], description="An AI board: what it receives at setup")
    start_building: Literal["workshop", "trading-post", "guildhall"] | None = Field(
        None, description="An AI board: the building it builds at setup on its viscount's side")
    building_icons: list[Icon] = Field([], description="An AI board: the icons its first building uncovers")
    resource_priority: list[ResourceRank] = Field([], description="An AI board: the resource it takes when it may choose")
    resource_points: int | None = Field(None, description="An AI board: points for each resource left at the end")
    assumed_schemes: list[Scheme] = Field([], description="Assumed, not a fact: the scheme cards the engine plays with")
    assumed_future_scheme_for: list[str] = Field(
        [], description="Assumed, not a fact: the effects that give the AI a future scheme instead")
    assumed_solo_role: str | None = Field(None, description="Assumed, not a fact: what the card does in the engine's solo game")

    def problems(self) -> Iterator[tuple[Path_, str]]:
        yield from super().problems()
        for name in ("assumed_schemes", "assumed_future_scheme_for", "assumed_solo_role"):
            if getattr(self, name) and self.fact_confidence.get(name) != "unconfirmed":
                yield (name,), f"an assumption ({name}) needs fact_confidence {name}: unconfirmed"
        if self.assumed_schemes and sum(s.count for s in self.assumed_schemes) != self.count:
            yield ("assumed_schemes",), f"the assumed schemes count {sum(s.count for s in self.assumed_schemes)}, not {self.count}"


class SpotReward(Model):
    spot: Literal["a", "b", "c", "d"]
    reward: list[Step] = Field(min_length=1)


class MainBoard(Entry):
    """What is known of the main board, and the layout random games assume until it is transcribed."""

    segments: int = Field(ge=1)
    sides_by_player_count: bool
    outer_path_actions: list[Action]
    inner_path_actions: list[Action]
    spot_rewards: None = Field(None, description="The reward of each building spot: not known (null)")
    link_rewards: None = Field(None, description="The reward of each link between spots: not known (null)")
    exchanges_by_space: None = Field(None, description="Which trade exchange each outer space offers: not known (null)")
    assumed_spaces_per_segment: dict[str, int] = Field(description="Assumed, not a fact: spaces per path in one segment")
    assumption_note: str
    assumed_path_links: list[list[str]] = Field(
        [], description="Assumed, not a fact: the arrows of one segment, as pairs of spaces (outer-left, outer-right, "
                        "inner-left, inner-right; next- for the next segment clockwise)")
    assumed_exchanges: list[str] = Field([], description="Assumed, not a fact: the trade exchange (slug) of each outer space, clockwise")
    assumed_spot_rewards: list[SpotReward] = Field(
        [], description="Assumed, not a fact: the rewards of a segment's four building spots a, b (left of the river), c, d (right)")
    assumed_spot_links: list[list[str]] = Field(
        [], description="Assumed, not a fact: the links of a segment's spots as pairs (next- for the next segment)")
    assumed_link_reward: list[Step] = Field([], description="Assumed, not a fact: what each end of a completed link gains")


KINDS: tuple[Kind, ...] = (
    Kind("icons", IconEntry, "icons", "Viscounts: the five icons, the action each serves and what buys one more"),
    Kind("trade_exchanges", TradeExchange, "trade_exchanges", "Viscounts: the four trade exchanges"),
    Kind("building_types", BuildingType, "building_types", "Viscounts: workshops, trading posts and guildhalls: cost, points, slot abilities"),
    Kind("player_boards", PlayerBoard, "player_boards", "Viscounts: the player board", label="player board"),
    Kind("collision_positions", CollisionPosition, "collision_positions", "Viscounts: the seven positions of the collision track"),
    Kind("castle_wedges", CastleWedge, "castle_wedges", "Viscounts: the castle's five wedges and their tier-2 rewards"),
    Kind("castle_tiers", CastleTier, "castle_tiers", "Viscounts: the castle's three tiers: points, rewards, bumping"),
    Kind("manuscripts", Manuscript, "manuscripts", "Viscounts: the known manuscripts and a placeholder for the rest"),
    Kind("manuscript_decks", ManuscriptDeck, "manuscript_decks", "Viscounts: the manuscripts as a whole: backs, piles, ribbons, set points",
         label="manuscripts"),
    Kind("bonus_cards", BonusCard, "bonus_cards", "Viscounts: the cleric bonus cards and the castle leader card"),
    Kind("end_cards", EndCard, "end_cards", "Viscounts: the Poverty and Prosperity cards"),
    Kind("debts_deeds", DebtDeed, "debts_deeds", "Viscounts: debts and deeds, both sides", label="debts and deeds"),
    Kind("player_cards", PlayerCard, "player_cards", "Viscounts: the ten player cards (known parts)"),
    Kind("solo_cards", SoloCard, "solo_cards", "Viscounts: the solo mode's cards"),
    Kind("main_boards", MainBoard, "main_boards", "Viscounts: what is known of the main board, and the assumed layout",
         label="main board"),
)

__all__ = ["KINDS", "Choice", "ViscountsCard"]
