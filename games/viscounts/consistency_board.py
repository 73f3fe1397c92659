"""The Viscounts catalog's counts and references that must agree for the engine: the assumed main
board (its links, exchanges and building spots), the castle's tiers and wedges, the manuscript deck
the engine plays with, the end cards, the player cards, the decks dealt at setup and the Monk's
schemes (the rest of the rules: games/viscounts/consistency.py)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import get_args

from catalog import Catalog
from catalog.kinds import Game
from catalog.model import Path_
from games.viscounts.consistency import (ENGINE_COLUMNS, FLIPPABLE, GAME, ROLE, SCHEME_FIELDS, SPOT, Problems,
                                         duplicates, slug)
from games.viscounts.effects import DONE_AT_ONCE, Gainable
from games.viscounts.kinds import (BonusCard, BuildingType, CastleTier, CastleWedge, EndCard, MainBoard, Manuscript,
                                   ManuscriptDeck, PlayerBoard, PlayerCard, SchemeStep, SoloCard, TradeExchange,
                                   ViscountsCard)

SIDES = {"outer": {"trade", "build"}, "inner": {"noble", "transcribe"}}
"""Where the engine offers each primary action (engine/viscounts/flow.py, start_options)."""


def main_board_problems(catalog: Catalog, board: MainBoard) -> Problems:
    at = board.id
    per = board.assumed_spaces_per_segment
    for path, columns in ENGINE_COLUMNS.items():
        if per.get(path) != columns:
            yield at, ("assumed_spaces_per_segment", path), (
                f"the engine's board has {columns} {path} spaces per segment (a left and a right column), not {per.get(path)}")
    roles = set()
    for i, link in enumerate(board.assumed_path_links):
        if len(link) != 2:
            yield at, ("assumed_path_links", i), f"a link is a pair of spaces (from, to), not {len(link)}"
            continue
        for j, end in enumerate(link):
            if not ROLE.match(end):
                yield at, ("assumed_path_links", i, j), (
                    f"no space {end!r} in a segment: outer-left, outer-right, inner-left or inner-right, 'next-' before it "
                    "for the next segment")
        roles.add(link[0].removeprefix("next-"))
    for role in sorted({f"{p}-{s}" for p in ENGINE_COLUMNS for s in ("left", "right")} - roles):
        yield at, ("assumed_path_links",), f"no link leaves {role}: a viscount there could never move"
    exchanges = {slug(e) for e in catalog.typed("trade_exchanges", TradeExchange, GAME)}
    for i, name in enumerate(board.assumed_exchanges):
        if name not in exchanges:
            yield at, ("assumed_exchanges", i), f"no trade exchange {name!r} (known: {', '.join(sorted(exchanges))})"
    outer = ENGINE_COLUMNS["outer"] * board.segments
    if len(board.assumed_exchanges) != outer:
        yield at, ("assumed_exchanges",), (f"one exchange for each of the {outer} outer spaces ({board.segments} segments), "
                                            f"not {len(board.assumed_exchanges)}")
    spots = [s.spot for s in board.assumed_spot_rewards]
    for i, spot in enumerate(spots):
        if spot in spots[:i]:
            yield at, ("assumed_spot_rewards", i, "spot"), f"spot {spot!r} has a reward already"
    if per.get("building_spots") != len(spots):
        yield at, ("assumed_spaces_per_segment", "building_spots"), (
            f"{per.get('building_spots')} building spots per segment, but {len(spots)} spot rewards")
    for i, link in enumerate(board.assumed_spot_links):
        for j, end in enumerate(link):
            match = SPOT.match(end)
            if len(link) != 2 or not match or match.group(2) not in spots:
                yield at, ("assumed_spot_links", i, j), f"no building spot {end!r} (spots: {', '.join(spots)}; 'next-' for the next segment)"
    for side, actions in SIDES.items():
        field = f"{side}_path_actions"
        if set(getattr(board, field)) != actions:
            yield at, (field,), f"the engine offers {' and '.join(sorted(actions))} on the {side} path"


def castle_problems(catalog: Catalog, board: MainBoard) -> Problems:
    tiers = catalog.typed("castle_tiers", CastleTier, GAME)
    wedges = catalog.typed("castle_wedges", CastleWedge, GAME)
    yield from duplicates(((t.tier, t, ("tier",)) for t in tiers), "tier")
    numbers = {t.tier for t in tiers}
    if tiers and numbers != {1, 2, 3}:
        yield tiers[0].id, ("tier",), f"the castle has tiers 1, 2 and 3; the catalog has {sorted(numbers)}"
    for t in tiers:
        top = t.tier == max(numbers)
        if not top and (t.climb_at is None or t.holds is None):
            yield t.id, ("climb_at" if t.climb_at is None else "holds",), "a tier below the top needs climb_at and holds"
        if top and (t.climb_at is not None or t.holds is not None or t.bump_reward is not None):
            yield t.id, ("climb_at",), "the top tier has no climb_at, holds or bump_reward: nobody climbs or is bumped from it"
        wanted = 1 if top else len(wedges)
        if t.sections != wanted:
            yield t.id, ("sections",), f"tier {t.tier} has {wanted} section(s) (one per wedge below the top), not {t.sections}"
        if t.spread_on_promotion and (t.tier != 1 or (t.climb_at or 0) < 3):
            yield t.id, ("spread_on_promotion",), ("the engine spreads only tier-1 climbs, with climb_at at least 3 "
                                                   "(one worker up, one to each side)")
        if t.reaching_reward and not top:
            yield t.id, ("reaching_reward",), ("the engine gives no reward for reaching this tier (tier 1 is placed on; "
                                               "tier 2 gives its wedge's reward)")


def deck_problems(catalog: Catalog, board: MainBoard) -> Problems:
    decks = catalog.typed("manuscript_decks", ManuscriptDeck, GAME)
    if not decks:
        return
    deck = decks[0]
    if deck.piles != board.segments:
        yield deck.id, ("piles",), f"one manuscript pile per board segment ({board.segments}), not {deck.piles}"
    if deck.grey_backed != deck.piles:
        yield deck.id, ("grey_backed",), f"each pile has one grey-backed manuscript on top: {deck.piles} piles, {deck.grey_backed} grey"
    yield from duplicates(((r, deck, ("ribbons",)) for r in deck.ribbons), "the ribbon")
    assumed = [m for m in catalog.typed("manuscripts", Manuscript, GAME) if m.assumed_deck]
    for extra in assumed[1:]:
        yield extra.id, ("assumed_deck",), f"the engine plays with one assumed deck; {assumed[0].id} has one already"
    for m in assumed[:1]:
        names: Counter[str] = Counter()
        for i, k in enumerate(m.assumed_deck):
            name = (k.back, k.ribbon, k.cleric_cost, k.end_game.per if k.end_game else None)
            if names[str(name)]:
                yield m.id, ("assumed_deck", i), "the same manuscript as a row above: write one row with both counts"
            names[str(name)] += 1
            if k.ribbon not in deck.ribbons:
                yield m.id, ("assumed_deck", i, "ribbon"), f"no ribbon {k.ribbon!r} in the deck's ribbons ({', '.join(deck.ribbons)})"
            if k.end_game is not None and k.end_game.points is None:
                yield m.id, ("assumed_deck", i, "end_game", "points"), "the engine needs the points an assumed manuscript scores"
        for back, wanted in (("grey", deck.grey_backed), ("black", deck.black_backed)):
            got = sum(k.count for k in m.assumed_deck if k.back == back)
            if got != wanted:
                yield m.id, ("assumed_deck",), f"the deck has {wanted} {back}-backed manuscripts; the assumed deck {got}"
    bonus = [b for b in catalog.typed("bonus_cards", BonusCard, GAME) if b.ribbon is not None]
    for ribbon in deck.ribbons:
        if sum(b.ribbon == ribbon for b in bonus) != 1:
            yield deck.id, ("ribbons",), f"one cleric bonus card per ribbon: {sum(b.ribbon == ribbon for b in bonus)} for {ribbon}"
    for b in bonus[1:]:
        if b.points != bonus[0].points:
            yield b.id, ("points",), f"the engine scores every cleric bonus card as {bonus[0].id}'s {bonus[0].points}"


def end_card_problems(catalog: Catalog, game: Game) -> Problems:
    cards = catalog.typed("end_cards", EndCard, GAME)
    yield from duplicates(((c.stack, c, ("stack",)) for c in cards), "the stack")
    ranks = {"debt": "flipped_deeds", "deed": "flipped_debts"}
    for c in cards:
        if c.ranks_by != ranks[c.stack]:
            yield c.id, ("ranks_by",), f"the card on the {c.stack} stack ranks by {ranks[c.stack]} in the engine"
        if (c.rewards, c.rewards_few_players) != (cards[0].rewards, cards[0].rewards_few_players):
            yield c.id, ("rewards",), f"the engine pays both end cards as {cards[0].id} does"
        for field in ("cards_by_players", "assumed_cards_by_players"):
            yield from duplicates(((r.players, c, (field, i, "players")) for i, r in enumerate(getattr(c, field))), "the player count")
        for n in range(game.players_min, game.players_max + 1):
            if not any(r.players == n and r.cards is not None for r in [*c.cards_by_players, *c.assumed_cards_by_players]):
                yield c.id, ("cards_by_players",), f"no pile size for {n} players, printed or assumed"
    for stack in ("debt", "deed"):
        if cards and stack not in {c.stack for c in cards}:
            yield cards[0].id, ("stack",), f"no end card on the {stack} stack: the engine needs both"


def setup_problems(catalog: Catalog, game: Game, board: MainBoard) -> Problems:
    most = game.players_max
    players = catalog.typed("player_cards", PlayerCard, GAME)
    numbers = sorted(p.number for p in players)
    if players and numbers != list(range(1, len(numbers) + 1)):
        yield players[0].id, ("number",), f"player cards are numbered 1 to {len(numbers)}, once each; the catalog has {numbers}"
    if players and len(players) < most + 1:
        yield players[0].id, ("number",), f"setup lays out one player card more than players: {most + 1} needed, {len(players)} here"
    outer = ENGINE_COLUMNS["outer"] * board.segments
    for p in players:
        start = p.assumed_start_space or p.number
        if start > outer:
            field = "assumed_start_space" if p.assumed_start_space else "number"
            yield p.id, (field,), f"the viscount starts on outer space {start}, but the board has {outer} outer spaces"
    cards = catalog.typed("cards", ViscountsCard, GAME)
    for c in cards:
        if c.card_type == "starting" and c.count != most:
            yield c.id, ("count",), f"a starting townsfolk comes once per player colour: {most} copies, not {c.count}"
        if c.card_type == "hero" and c.count not in (1, None):
            yield c.id, ("count",), "a hero is a single card"
    heroes = sum(c.card_type == "hero" for c in cards)
    if cards and heroes < most + 1:
        yield cards[0].id, ("card_type",), f"setup pairs each player card with a hero: {most + 1} heroes needed, {heroes} here"
    for pb in catalog.typed("player_boards", PlayerBoard, GAME):
        if not pb.assumed_starting_icons or len(pb.assumed_starting_icons) != len(pb.starting_icons):
            yield pb.id, ("assumed_starting_icons",), (f"one list of icons per card slot ({len(pb.starting_icons)} slots): "
                                                       "the engine's board has as many slots as this list")
        yield from duplicates(((w.workers, pb, ("worker_placement", i, "workers")) for i, w in enumerate(pb.worker_placement)),
                              "the number of workers")
        built = sum(b.per_player for b in catalog.typed("building_types", BuildingType, GAME))
        if built != pb.buildings:
            yield pb.id, ("buildings",), f"the building types give {built} buildings per player, not {pb.buildings}"


def scheme_step_problems(step: SchemeStep, path: Path_) -> Iterator[tuple[Path_, str]]:
    reads = SCHEME_FIELDS.get(step.kind, set())
    for field in ("spaces", "workers", "what", "otherwise"):
        if getattr(step, field) and field not in reads:
            yield (*path, field), f"a {step.kind} line has no {field}: the engine would ignore it"
    if step.kind == "move" and step.spaces is None:
        yield (*path, "spaces"), "a move line needs its spaces"
    if step.kind == "gain" and step.what not in get_args(Gainable):
        yield (*path, "what"), f"nothing to gain called {step.what!r} (one of: {', '.join(get_args(Gainable))})"
    if step.kind == "flip" and step.what not in FLIPPABLE:
        yield (*path, "what"), f"a flip line flips {', '.join(FLIPPABLE)}, not {step.what!r}"
    for i, other in enumerate(step.otherwise):
        yield from scheme_step_problems(other, (*path, "otherwise", i))


def solo_problems(catalog: Catalog) -> Problems:
    solo = {slug(c): c for c in catalog.typed("solo_cards", SoloCard, GAME)}
    seen: dict[str, str] = {}
    for card in solo.values():
        for i, scheme in enumerate(card.assumed_schemes):
            if scheme.name in seen:
                yield card.id, ("assumed_schemes", i, "name"), f"scheme {scheme.name!r} is also on {seen[scheme.name]}"
            seen.setdefault(scheme.name, card.id)
            for j, step in enumerate(scheme.steps):
                for path, message in scheme_step_problems(step, ("assumed_schemes", i, "steps", j)):
                    yield card.id, path, message
        for i, kind in enumerate(card.assumed_future_scheme_for):
            if kind not in DONE_AT_ONCE:
                yield card.id, ("assumed_future_scheme_for", i), f"no effect kind {kind!r} (one of: {', '.join(sorted(DONE_AT_ONCE))})"
    monk = solo.get("monk")
    if monk is not None:
        if monk.strategy not in ("noble", "transcribe"):
            yield monk.id, ("strategy",), "the Monk's viscount stays on the outer path: its strategy is noble or transcribe"
        buildings = {b.slug for b in catalog.typed("building_types", BuildingType, GAME)}
        if monk.start_building not in buildings:
            yield monk.id, ("start_building",), (f"the engine builds the Monk's start building: one of the building types "
                                                 f"({', '.join(sorted(buildings))}), not {monk.start_building!r}")
        if not monk.resource_priority:
            yield monk.id, ("resource_priority",), "the Monk takes resources by this priority: it needs one"


def catalog_problems(catalog: Catalog) -> Problems:
    games = catalog.typed("games", Game, GAME)
    boards = catalog.typed("main_boards", MainBoard, GAME)
    if not games or not boards:
        return  # consistency.py reports a missing main board
    game = games[0]
    wedges = catalog.typed("castle_wedges", CastleWedge, GAME)
    if len(wedges) != boards[0].segments:  # everything counted per segment would follow from it: said once, here
        yield boards[0].id, ("segments",), (f"the castle has {len(wedges)} wedges, one beside each segment of the board "
                                            f"(its castle section, townsfolk deck and manuscript pile): not {boards[0].segments} segments")
        return
    yield from main_board_problems(catalog, boards[0])
    yield from castle_problems(catalog, boards[0])
    yield from deck_problems(catalog, boards[0])
    yield from end_card_problems(catalog, game)
    yield from setup_problems(catalog, game, boards[0])
    yield from solo_problems(catalog)
