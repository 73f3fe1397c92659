"""What the Viscounts engine takes for granted in the catalog, checked by ``kb validate`` before any
engine reads it: numbers and slugs it keys on are unique, the entries it looks up by slug exist, the
assumed board's links and exchanges name spaces and exchanges that exist, the castle, board, decks and
manuscript piles agree on the number of segments, and an effect's kind is one the engine reads where
it stands (a step list carries out only what can be done at once; a building slot only what the board
code reads). Each rule says in its message what the engine would do otherwise."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from catalog import Catalog
from catalog.kinds import Game
from catalog.model import Entry, Path_
from games.viscounts.effects import DONE_AT_ONCE, READ_FROM_SLOTS, Trigger
from games.viscounts.kinds import (BonusCard, BuildingType, CastleTier, CastleWedge, DebtDeed, IconEntry, MainBoard,
                                   ManuscriptDeck, PlayerBoard, PlayerCard, SoloCard, TradeExchange, ViscountsCard)

GAME = "viscounts"
Problems = Iterator[tuple[str, Path_, str]]
ROLE = re.compile(r"^(next-)?(outer|inner)-(left|right)$")
"""An end of an assumed path link: a space of a segment (two columns, left and right, on each path)."""
SPOT = re.compile(r"^(next-)?([a-z])$")
ENGINE_COLUMNS = {"outer": 2, "inner": 2}
"""The engine's board has a left and a right column on each path of a segment (engine/viscounts/board.py)."""
PRIMARY = ("trade", "build", "noble", "transcribe")
SOLO_BY_SLUG = ("monk", "ai-reference", "starting-scheme", "future-scheme")
"""The solo cards the engine looks up by the last part of their id."""
SCHEME_FIELDS = {"move": {"spaces"}, "gain": {"what"}, "flip": {"what"}, "place_workers": {"workers", "otherwise"},
                 "strategy": {"otherwise"}}
"""The fields each kind of scheme line reads (besides count); any other is ignored by the engine."""
FLIPPABLE = ("debt", "deed", "debt_or_deed")


def slug(entry: Entry) -> str:
    return entry.id.rsplit(".", 1)[1]


def steps_problems(steps: Sequence[Any] | None, path: Path_) -> Iterator[tuple[Path_, str]]:
    """Steps of a list the engine carries out in order: only kinds it can do at once (a choice's options too)."""
    for i, step in enumerate(steps or []):
        if step.kind not in DONE_AT_ONCE:
            yield (*path, i, "kind"), (f"{step.kind!r} cannot be done as a step here: the engine would skip it "
                                       f"(a step is one of: {', '.join(sorted(DONE_AT_ONCE))})")
        elif step.kind == "choice":
            for j, option in enumerate(step.options):
                yield from steps_problems(option, (*path, i, "options", j))


def duplicates(items: Iterable[tuple[Any, Entry, Path_]], what: str) -> Problems:
    """One problem at each entry repeating a key an earlier one has."""
    seen: dict[Any, str] = {}
    for key, entry, path in items:
        if key in seen:
            yield entry.id, path, f"{what} {key!r} is also {seen[key]}'s: the engine keys on it, one would hide the other"
        else:
            seen[key] = entry.id


def effect_problems(catalog: Catalog) -> Problems:
    for card in catalog.typed("cards", ViscountsCard, GAME):
        if card.timing in ("instant", "drop_off"):
            for path, message in steps_problems(card.ability, ("ability",)):
                yield card.id, path, message
        for i, effect in enumerate(card.ability):
            if isinstance(effect, Trigger):
                for path, message in steps_problems(effect.then, ("ability", i, "then")):
                    yield card.id, path, message
        for path, message in steps_problems(card.hire_effect, ("hire_effect",)):
            yield card.id, path, message
    lists: list[tuple[str, type[Entry], tuple[str, ...]]] = [
        ("trade_exchanges", TradeExchange, ("gives",)), ("collision_positions", Entry, ("current_gains", "others_gain")),
        ("castle_wedges", CastleWedge, ("tier2_reward",)), ("castle_tiers", CastleTier, ("reaching_reward", "bump_reward")),
        ("debts_deeds", DebtDeed, ("on_flip",)), ("player_cards", PlayerCard, ("assumed_contents",)),
        ("solo_cards", SoloCard, ("start",)), ("main_boards", MainBoard, ("assumed_link_reward",))]
    for key, model, fields in lists:
        for entry in catalog.typed(key, model, GAME):
            for name in fields:
                for path, message in steps_problems(getattr(entry, name), (name,)):
                    yield entry.id, path, message
    for board in catalog.typed("main_boards", MainBoard, GAME):
        for i, spot in enumerate(board.assumed_spot_rewards):
            for path, message in steps_problems(spot.reward, ("assumed_spot_rewards", i, "reward")):
                yield board.id, path, message
    for building in catalog.typed("building_types", BuildingType, GAME):
        for i, slot in enumerate(building.slot_abilities):
            if slot.effect.kind not in READ_FROM_SLOTS:
                yield building.id, ("slot_abilities", i, "effect", "kind"), (
                    f"the engine reads no {slot.effect.kind!r} from a building slot (it reads: {', '.join(sorted(READ_FROM_SLOTS))})")
            elif isinstance(slot.effect, Trigger):
                for path, message in steps_problems(slot.effect.then, ("slot_abilities", i, "effect", "then")):
                    yield building.id, path, message


def one_of(catalog: Catalog, key: str, model: type[Entry], anchor: str) -> Problems:
    found = catalog.typed(key, model, GAME)
    if len(found) > 1:
        yield found[1].id, ("id",), f"the engine reads one {key} entry; {found[0].id} is another"
    elif not found:
        yield anchor, ("id",), f"the engine needs a {key} entry for Viscounts; there is none"


def lookup_problems(catalog: Catalog, anchor: str) -> Problems:
    """Entries the engine looks up by slug, and the kinds it reads exactly one entry of."""
    single: list[tuple[str, type[Entry]]] = [("player_boards", PlayerBoard), ("manuscript_decks", ManuscriptDeck),
                                             ("main_boards", MainBoard)]
    for key, model in single:
        yield from one_of(catalog, key, model, anchor)
    wanted: list[tuple[str, type[Entry], str, str]] = [("bonus_cards", BonusCard, "castle-leader", "the castle leader card"),
              ("debts_deeds", DebtDeed, "debt", "debts"), ("debts_deeds", DebtDeed, "deed", "deeds"),
              *(("solo_cards", SoloCard, name, "the solo game") for name in SOLO_BY_SLUG)]
    for key, model, name, needed in wanted:
        entries = catalog.typed(key, model, GAME)
        if entries and name not in {slug(e) for e in entries}:
            yield entries[0].id, ("id",), (f"the engine looks up {GAME}.…{name} among the {key} for {needed}; "
                                           f"no entry's id ends in '{name}' (renamed?)")
    keyed: list[tuple[str, type[Entry]]] = [("cards", ViscountsCard), ("trade_exchanges", TradeExchange),
                                            ("bonus_cards", BonusCard), ("debts_deeds", DebtDeed), ("solo_cards", SoloCard)]
    for key, model in keyed:
        yield from duplicates(((slug(e), e, ("id",)) for e in catalog.typed(key, model, GAME)), "the last part of the id")
    yield from duplicates(((b.slug, b, ("slug",)) for b in catalog.typed("building_types", BuildingType, GAME)), "the slug")
    yield from duplicates(((w.letter, w, ("letter",)) for w in catalog.typed("castle_wedges", CastleWedge, GAME)), "the letter")
    yield from duplicates(((p.number, p, ("number",)) for p in catalog.typed("player_cards", PlayerCard, GAME)), "the number")
    icons = catalog.typed("icons", IconEntry, GAME)
    yield from duplicates(((i.slug, i, ("slug",)) for i in icons), "the icon")
    yield from duplicates(((i.action, i, ("action",)) for i in icons if i.action), "the action")
    for i in icons:  # the engine counts criminal icons as wild, and only them
        if i.wild != (i.slug == "criminal"):
            yield i.id, ("wild",), "the engine counts the criminal icon as wild, and no other"
    served = {i.action for i in icons if i.action and i.funded_by}
    for action in PRIMARY:
        if icons and action not in served:
            yield icons[0].id, ("action",), f"no icon serves the {action} action with what buys one more (action and funded_by)"


def catalog_problems(catalog: Catalog) -> Problems:
    games = catalog.typed("games", Game, GAME)
    if not games:
        return
    anchor = games[0].id
    yield from effect_problems(catalog)
    yield from lookup_problems(catalog, anchor)
