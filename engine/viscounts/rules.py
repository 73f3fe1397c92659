"""Everything the Viscounts engine knows about the game, read from the catalog once: cards, exchanges,
buildings, castle, collision track, manuscripts, end cards and the assumed main board. Effects stay as
plain dicts (the catalog's structured effects, dumped) so states and queues hold plain data."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any

from catalog import Catalog
from catalog.kinds import Game
from engine.catalog import default_catalog, slug
from games.viscounts.kinds import (
    BonusCard,
    BuildingType,
    CastleTier,
    CastleWedge,
    CollisionPosition,
    DebtDeed,
    EndCard,
    IconEntry,
    MainBoard,
    Manuscript,
    ManuscriptDeck,
    PlayerBoard,
    PlayerCard,
    TradeExchange,
    ViscountsCard,
)

GAME = "viscounts"
# The catalog kinds this engine reads (of its own game only): the simulation key hashes exactly these
# entries (outputs/simulations/store.py), and tests/test_simulation_key.py fails if a playout reads
# another kind. A kind read here but left out would let a changed value keep stale results.
READS = frozenset({"bonus_cards", "building_types", "cards", "castle_tiers", "castle_wedges", "collision_positions",
                    "debts_deeds", "end_cards", "games", "icons", "main_boards", "manuscript_decks", "manuscripts",
                    "player_boards", "player_cards", "solo_cards", "trade_exchanges"})
COLOURS = ("red", "blue", "green", "yellow")
RESOURCES = ("ink", "gold", "stone")
Effects = list[dict[str, Any]]


def dump(steps: Any) -> Effects:
    return [s.model_dump() for s in steps or []]


@dataclass(frozen=True)
class Card:
    slug: str
    kind: str
    """starting, hero or neutral"""
    count: int
    cost: int
    icons: tuple[str, ...]
    timing: str
    ability: tuple[dict[str, Any], ...]
    hire: tuple[dict[str, Any], ...] | None


@dataclass(frozen=True)
class Building:
    slug: str
    cost: int
    points: tuple[int, ...]
    slots: tuple[dict[str, Any], ...]
    """The uncovered ability of the 1st, 2nd and 3rd built."""


@dataclass(frozen=True)
class ManuscriptKind:
    slug: str
    back: str
    ribbon: str
    cost: int
    count: int
    per: str | None
    points: int


@dataclass
class Rules:
    catalog: Catalog
    player_counts: tuple[int, ...]
    cards: dict[str, Card]
    icon_actions: dict[str, str]
    """action -> its icon (trade -> merchant)"""
    funding: dict[str, str]
    """action -> what buys one more icon (trade -> silver)"""
    exchanges: dict[str, tuple[int, Effects]]
    buildings: dict[str, Building]
    hand_limit: int
    starting_icon_turns: int
    min_cards: int
    workers: int
    placement: tuple[tuple[int, int], ...]
    starting_icons: tuple[tuple[str, ...], ...]
    collisions: dict[int, tuple[Effects, Effects, str]]
    tiers: dict[int, CastleTier]
    wedges: tuple[Effects, ...]
    manuscripts: dict[str, ManuscriptKind]
    set_points: tuple[int, ...]
    bonus_after: int
    icon_scope: str
    """Where per-icon manuscript conditions count icons: ``board`` or ``all_cards`` (an assumption)."""
    bonus_points: int
    ribbons: tuple[str, ...]
    leader_points: int
    leader_hand: int
    end_cards: dict[str, EndCard]
    debt: DebtDeed
    deed: DebtDeed
    player_cards: dict[int, PlayerCard]
    board: MainBoard

    @classmethod
    def load(cls, catalog: Catalog | None = None) -> Rules:
        return _load(catalog or default_catalog())

    @cached_property
    def card_copies(self) -> dict[str, int]:
        """Copies of each card in the box (worked out once: the invariants compare with it after every step)."""
        return {c.slug: c.count for c in self.cards.values() if c.count}

    @cached_property
    def track_end(self) -> int:
        """The collision track's last position, where the virtue marker starts (the first is 1); worked
        out once (every gain of corruption and every check asks)."""
        return max(self.collisions)

    @cached_property
    def slot_memo(self) -> dict[tuple[tuple[str, int], ...], tuple[dict[str, Any], ...]]:
        """Building-slot abilities uncovered per set of buildings built (effects.slot_abilities fills it;
        bounded: a few buildings, each built at most as often as it has points)."""
        return {}

    @cached_property
    def holds(self) -> tuple[int, int]:
        """Workers a settled tier-1 and tier-2 section hold (set below the top tier: checked on loading)."""
        return self.tiers[1].holds or 0, self.tiers[2].holds or 0

    def pile_size(self, stack: str, players: int) -> int:
        """Debts on the Poverty card or deeds on the Prosperity card: the printed count, else the assumed one."""
        card = next(c for c in self.end_cards.values() if c.stack == stack)
        for row in [*card.cards_by_players, *card.assumed_cards_by_players]:
            if row.players == players and row.cards is not None:
                return row.cards
        raise ValueError(f"{card.id}: no pile size for {players} players, printed or assumed")

    def podium(self, players: int) -> tuple[int, ...]:
        card = next(iter(self.end_cards.values()))
        return tuple(card.rewards if players >= len(card.rewards) else card.rewards_few_players)


_LOADED: dict[int, tuple[Catalog, Rules]] = {}


def _load(catalog: Catalog) -> Rules:
    """One Rules per catalog object (the catalog is kept alive beside it, so its id stays unique)."""
    if id(catalog) not in _LOADED:
        _LOADED[id(catalog)] = (catalog, _build(catalog))
    return _LOADED[id(catalog)][1]


def _build(catalog: Catalog) -> Rules:
    def typed(kind: str, cls: Any) -> list[Any]:
        return list(catalog.typed(kind, cls, GAME))

    game = typed("games", Game)[0]
    cards = {}
    for c in typed("cards", ViscountsCard):
        cards[slug(c.id)] = Card(slug(c.id), c.card_type, c.count or 1, c.cost, tuple(c.icons), c.timing,
                                 tuple(dump(c.ability)), None if c.hire_effect is None else tuple(dump(c.hire_effect)))
    icons = typed("icons", IconEntry)
    board = typed("player_boards", PlayerBoard)[0]
    collisions = {p.position: (dump(p.current_gains), dump(p.others_gain), p.others_condition)
                  for p in typed("collision_positions", CollisionPosition)}
    tiers = {t.tier: t for t in typed("castle_tiers", CastleTier)}
    for t in tiers.values():
        if t.tier < max(tiers) and (t.climb_at is None or t.holds is None):
            raise ValueError(f"{t.id}: a tier below the top needs climb_at and holds")
    wedges = tuple(dump(w.tier2_reward) for w in sorted(typed("castle_wedges", CastleWedge), key=lambda w: w.letter))
    deck = typed("manuscript_decks", ManuscriptDeck)[0]
    manuscripts = {}
    for m in typed("manuscripts", Manuscript):
        for k in m.assumed_deck:
            end = k.end_game
            name = f"{k.back}-{k.ribbon}-{k.cleric_cost}" + (f"-{end.per.replace('_', '-')}" if end else "")
            manuscripts[name] = ManuscriptKind(name, k.back, k.ribbon, k.cleric_cost, k.count,
                                               end.per if end else None, (end.points or 0) if end else 0)
    bonus = {slug(b.id): b for b in typed("bonus_cards", BonusCard)}
    cleric_bonus = [b for b in bonus.values() if b.ribbon is not None]
    leader = bonus["castle-leader"]
    debts = {slug(d.id): d for d in typed("debts_deeds", DebtDeed)}
    return Rules(
        catalog=catalog,
        player_counts=tuple(range(game.players_min, game.players_max + 1)),
        cards=cards,
        icon_actions={i.action: i.slug for i in icons if i.action},
        funding={i.action: i.funded_by for i in icons if i.action and i.funded_by},
        exchanges={slug(e.id): (e.merchant_icons, dump(e.gives)) for e in typed("trade_exchanges", TradeExchange)},
        buildings={b.slug: Building(b.slug, b.cost_builder_icons, tuple(b.points_by_count),
                                    tuple(s.effect.model_dump() for s in sorted(b.slot_abilities, key=lambda s: s.slot)))
                   for b in typed("building_types", BuildingType)},
        hand_limit=board.hand_limit,
        starting_icon_turns=board.starting_icons_turns,
        min_cards=board.min_cards,
        workers=board.workers,
        placement=tuple((w.noble_icons, w.workers) for w in board.worker_placement),
        starting_icons=tuple(tuple(i) for i in board.assumed_starting_icons),
        collisions=collisions,
        tiers=tiers,
        wedges=wedges,
        manuscripts=manuscripts,
        set_points=tuple(deck.set_points),
        bonus_after=deck.bonus_card_after,
        icon_scope=deck.assumed_icon_scope,
        bonus_points=cleric_bonus[0].points,
        ribbons=tuple(deck.ribbons),
        leader_points=leader.points,
        leader_hand=leader.hand_limit_change,
        end_cards={slug(e.id): e for e in typed("end_cards", EndCard)},
        debt=debts["debt"],
        deed=debts["deed"],
        player_cards={p.number: p for p in typed("player_cards", PlayerCard)},
        board=typed("main_boards", MainBoard)[0],
    )
