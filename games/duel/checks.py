"""Rules that span Builders Duel entries: what the engine (engine/duel) assumes of the catalog, checked
by ``kb validate`` before any engine reads it, so that an edit of ``data/duel-*.yaml`` is refused at its
file, line and field instead of failing (or playing wrongly) in a game.

The engine keys on: one round structure, one construction rule and one setup; two players, red and
blue, each with the same building sections; decks by letter, one for each year; neutral seals by
their faces; raw materials by slug, each with a building material on its other side (and wool, read
by slug for selling it); a deck's assumed rows, read as card tokens with their printed values."""

from __future__ import annotations

from collections.abc import Iterator
from difflib import get_close_matches
from typing import get_args

from catalog import Catalog
from catalog.kinds import Component, Game, Resource, ScoringRule, Setup, Variant
from catalog.model import Model, Path_
from games.duel.kinds import RANKING_CRITERIA, BuildingSection, ConstructionRule, Deck, DuelCard, RoundStructure, Seal
from games.duel.printed import fill_printed

GAME = "duel"
Problems = Iterator[tuple[str, Path_, str]]

SPARE_SEALS_MOST = 8
"""The seal stack's order is chance's choice, listed as every order of the spare seals (n! of them):
8 give 40,320, a few milliseconds; 12 would give 479 million and hang any random game."""
MARKERS_MOST = 20
"""Material markers per player: the legal actions list every bundle of a camp's markers, which grows
as the product of the counts; the box has 11 per player."""
SELLS_WOOL = "wool"
"""The raw the engine reads by slug: wool is sold on market and wool-selling cards."""
PLAYERS = tuple(c for c in get_args(get_args(DuelCard.model_fields["colour"].annotation)[0]) if c != "neutral")
"""The players' colours: a personal card's frame colour names the player who may use it."""
GOLD_FIELDS = ("gold", "gold_each", "wool_price")
ENGINE_RULES = (
    "duel.building.completion", "duel.building.cost", "duel.building.materials", "duel.building.one-section",
    "duel.building.rewards", "duel.cards.craftsman", "duel.cards.execution", "duel.cards.influence", "duel.cards.market",
    "duel.cards.neutral-and-personal", "duel.cards.one-use", "duel.cards.resource", "duel.cards.text",
    "duel.conflict.first", "duel.conflict.flicking", "duel.conflict.outcome", "duel.end.complete-building",
    "duel.round.line-type", "duel.round.lines", "duel.round.reveal", "duel.setup.pieces",
)
"""The rules the engine cites by id, for each decision and each refusal (tests/test_duel_checks.py keeps
this list equal to the ids written in engine/duel, but for NOTATION)."""
NOTATION = "duel.notation"
"""Cited for an action text that does not read: the project's own notation, not a rule of the rulebook,
so no rule entry has it."""


def _slug(entry_id: str) -> str:
    return entry_id.rsplit(".", 1)[1]


def _first_id(catalog: Catalog) -> str | None:
    games = [g.id for g in catalog.typed("games", Game, GAME)]
    return games[0] if games else None


def singletons(catalog: Catalog) -> Problems:
    """The engine reads exactly one of each."""
    for key, label in (("round_structures", "round structure"), ("construction_rules", "construction rule"), ("setups", "setup")):
        found = catalog.of_kind(key, GAME)
        if len(found) > 1:
            yield found[1].id, ("id",), f"the Duel has one {label}; {found[0].id} is another (the engine would read only one)"
        elif not found and (anchor := _first_id(catalog)):
            yield anchor, ("id",), f"the Duel needs a {label} entry ({key}): the engine reads it"


def structure_problems(catalog: Catalog) -> Problems:
    for s in catalog.typed("round_structures", RoundStructure, GAME):
        for field in ("grid_rows", "grid_columns"):
            if getattr(s, field) != s.markers_per_player:
                yield s.id, (field,), (f"a line of the offer (a row, a column) takes all {s.markers_per_player} markers "
                                       f"of a player (markers_per_player), so the grid is {s.markers_per_player} by "
                                       f"{s.markers_per_player}; {field} is {getattr(s, field)}")
        if not s.power_marker_holder_starts:
            yield s.id, ("power_marker_holder_starts",), "the engine always lets the power holder start a round; false is not played"
    for c in catalog.typed("construction_rules", ConstructionRule, GAME):
        if c.sections_per_round != 1:
            yield c.id, ("sections_per_round",), f"the engine builds on one section per round; {c.sections_per_round} is not played"
        if not c.finished_markers_leave_play:
            yield c.id, ("finished_markers_leave_play",), "the engine always takes a finished section's markers out of play; false is not played"
        for i, (before, after) in enumerate(zip(c.cost_by_materials, c.cost_by_materials[1:]), start=1):
            if after < before:  # the engine charges the difference when a round's materials go up in steps
                yield c.id, ("cost_by_materials", i), f"placing more materials cannot cost less ({after} after {before})"


def seal_problems(catalog: Catalog, players: int) -> Problems:
    seals = catalog.typed("seals", Seal, GAME)
    personal = [s for s in seals if s.personal]
    if seals and len(personal) != 1:
        yield (personal[1] if personal else seals[0]).id, ("personal",), f"the Duel has one personal seal kind; the catalog has {len(personal)}"
    faces: dict[str, str] = {}
    spare = 0
    most: tuple[int, str] = (0, "")  # the seal kind with the most spare copies: the likeliest slip
    for s in seals:
        name = "/".join(map(str, s.faces))
        if s.personal:
            if s.per_player_at_start != 1 or s.count != players:
                yield s.id, ("count",), f"each of the {players} players has one personal seal: count {players}, per_player_at_start 1"
            continue
        if name in faces:
            yield s.id, ("faces",), f"the neutral seal {name} is also {faces[name]}: the engine names seals by their faces"
        faces[name] = s.id
        if s.count < s.per_player_at_start * players:
            yield s.id, ("count",), f"{players} players start with {s.per_player_at_start} each, more than the {s.count} in the box"
        spare += s.count - s.per_player_at_start * players
        most = max(most, (s.count - s.per_player_at_start * players, s.id))
    if spare > SPARE_SEALS_MOST:
        yield most[1], ("count",), (f"{spare} spare seals in the stack; at most {SPARE_SEALS_MOST} (chance lists every order "
                                        f"of the stack: {spare} seals would be too many to list)")


def raws_of(catalog: Catalog) -> dict[str, Resource]:
    return {_slug(r.id): r for r in catalog.typed("resources", Resource, GAME) if r.resource_class == "raw"}


def resource_problems(catalog: Catalog) -> Problems:
    resources = {_slug(r.id): r for r in catalog.typed("resources", Resource, GAME)}
    raws = raws_of(catalog)
    total = 0
    for slug, raw in raws.items():
        other = resources.get(raw.other_side or "")
        if other is None or other.resource_class != "material" or other.other_side != slug:
            yield raw.id, ("other_side",), (f"a raw material marker has a building material on its other side: "
                                            f"a resource of class material whose other_side is {slug!r}")
        if raw.per_player is None:
            yield raw.id, ("per_player",), "the engine counts every player's markers of each raw: give per_player"
            continue
        total += raw.per_player
        if raw.start_in_camp > raw.per_player:
            yield raw.id, ("start_in_camp",), f"{raw.start_in_camp} in the camp at the start, of {raw.per_player} per player"
    for slug, material in resources.items():
        if material.resource_class == "material" and (material.other_side not in raws or raws[material.other_side].other_side != slug):
            yield material.id, ("other_side",), f"no raw material has {slug!r} on its other side (a raw whose other_side is {slug!r})"
    if raws and SELLS_WOOL not in raws:
        anchor = next(iter(raws.values())).id
        yield anchor, ("id",), f"the engine sells wool by its slug: no raw resource {GAME}.resource.{SELLS_WOOL}"
    markers = next((c for c in catalog.typed("components", Component, GAME) if _slug(c.id) == "material-marker"), None)
    if raws and markers is not None and markers.per_player is not None and total != markers.per_player:
        yield markers.id, ("per_player",), f"{markers.per_player} markers per player, but the raw resources' per_player add up to {total}"
    if total > MARKERS_MOST:
        anchor = next(iter(raws.values())).id
        yield anchor, ("per_player",), f"{total} material markers per player; at most {MARKERS_MOST} (legal moves list every bundle of them)"


def effect_problems(effect: Model, raws: set[str], gold_most: int) -> Iterator[tuple[Path_, str]]:
    """Raw materials the engine knows, and gold no more than the box holds (paths in the effect)."""
    data = effect.model_dump()
    for i, raw in enumerate(data.get("raws") or []):
        if raw not in raws:
            yield ("raws", i), f"unknown raw material {raw!r} (raw materials: {', '.join(sorted(raws))})"
    for raw in data.get("count_by_raw") or {}:
        if raw not in raws:
            yield ("count_by_raw", raw), f"unknown raw material {raw!r} (raw materials: {', '.join(sorted(raws))})"
    for field in GOLD_FIELDS:
        value = data.get(field)
        if isinstance(value, int) and value > gold_most:
            yield (field,), f"{value} gold, more than the {gold_most} the box holds"


def setup_problems(catalog: Catalog) -> Iterator[tuple[str, Path_, str]]:
    components = {_slug(c.id) for c in catalog.typed("components", Component, GAME)}
    for s in catalog.typed("setups", Setup, GAME):
        for field in ("starting_resources", "bank"):
            for key in getattr(s, field):
                if key != "gold":
                    yield s.id, (field, key), f"the Duel engine reads only gold here; {key!r} would be ignored"
        for key in s.per_player:
            if key not in components:
                yield s.id, ("per_player", key), f"unknown component {key!r} (components: {', '.join(sorted(components))})"
        gold, bank = s.starting_resources.get("gold", 0), s.bank.get("gold", 0)
        if gold * 2 > bank:
            yield s.id, ("bank", "gold"), f"the bank holds all the gold ({bank}), less than the players' {gold} each"
        if 2 not in s.player_counts or len(s.player_counts) != 1:
            yield s.id, ("player_counts",), "the Duel is played by two: [2]"


def section_problems(catalog: Catalog, gold_most: int) -> Problems:
    sections = catalog.typed("building_sections", BuildingSection, GAME)
    raws = set(raws_of(catalog))
    materials = {_slug(r.id) for r in catalog.typed("resources", Resource, GAME) if r.resource_class == "material"}
    per_section = [c.materials_per_section for c in catalog.typed("construction_rules", ConstructionRule, GAME)]
    seen: dict[tuple[str, str], str] = {}
    numerals: dict[str, set[str]] = {}
    strangers = [s for s in sections if s.player not in PLAYERS]
    for s in strangers:
        yield s.id, ("player",), f"a building belongs to {' or '.join(PLAYERS)} (the colours of personal cards), not {s.player!r}"
    if strangers:
        return  # which sections each player lacks would only follow from it
    for s in sections:
        key = (s.player, s.numeral)
        if key in seen:
            yield s.id, ("numeral",), f"{s.player}'s section {s.numeral} is also {seen[key]}"
        seen[key] = s.id
        numerals.setdefault(s.player, set()).add(s.numeral)
        for i, material in enumerate(s.materials or []):
            if material not in materials:
                yield s.id, ("materials", i), f"unknown building material {material!r} (materials: {', '.join(sorted(materials))})"
        if s.materials is not None and per_section and len(s.materials) != per_section[0]:
            yield s.id, ("materials",), f"a section takes {per_section[0]} materials (materials_per_section), not {len(s.materials)}"
        names = {name for name, value in s.reward.model_dump().items() if value is None and name != "count"}
        for name in sorted(names):  # no card prints it: a reward's values are all in the catalog
            yield s.id, ("reward", name), "a section's reward is not a card: its values cannot be printed, give this one"
        for path, message in effect_problems(s.reward, raws, gold_most):
            yield s.id, ("reward", *path), message
    if sections and len(numerals) != 2:
        yield sections[0].id, ("player",), f"the Duel has two buildings, red and blue; the sections name {', '.join(sorted(numerals))}"
    every = set().union(*numerals.values()) if numerals else set()
    for player, have in numerals.items():
        for numeral in sorted(every - have):
            first = next(s for s in sections if s.player == player)
            yield first.id, ("numeral",), f"{player} has no section {numeral}; both buildings have the same sections"
    for setup in catalog.typed("setups", Setup, GAME):
        if numerals and setup.first_player is not None and setup.first_player not in numerals:
            yield setup.id, ("first_player",), f"{setup.first_player!r} has no building (players: {', '.join(sorted(numerals))})"


def deck_problems(catalog: Catalog, years: int, cards_per_year: int | None) -> Problems:
    decks = catalog.typed("decks", Deck, GAME)
    cards = {c.id: c for c in catalog.typed("cards", DuelCard, GAME)}
    raws = set(raws_of(catalog))
    letters: dict[str, str] = {}
    year_deck: dict[int, str] = {}
    twice = False
    for deck in decks:
        if deck.letter in letters:
            twice = True
            yield deck.id, ("letter",), f"deck {deck.letter} is also {letters[deck.letter]}: the engine finds decks by letter"
        letters.setdefault(deck.letter, deck.id)
    if twice:
        return  # which cards belong to which deck would only follow from it
    for deck in decks:
        if deck.years != sorted(set(deck.years)):
            yield deck.id, ("years",), f"list the years in order, each once: {sorted(set(deck.years))}, not {deck.years}"
        for i, year in enumerate(deck.years):
            if not 1 <= year <= years:
                yield deck.id, ("years", i), f"the game has years 1 to {years} (round structure), not {year}"
            elif year in year_deck and year_deck[year] != deck.id:
                yield deck.id, ("years", i), f"year {year} already uses {year_deck[year]}; a year deals from one deck"
            year_deck.setdefault(year, deck.id)
        if cards_per_year is not None and deck.size != cards_per_year:
            yield deck.id, ("size",), (f"a year deals {cards_per_year} cards (rounds per year times the grid's cells) "
                                       f"and ends with its deck: size {cards_per_year}, not {deck.size}")
        total = sum(row.count for row in deck.assumed)
        if total != deck.size:
            yield deck.id, ("assumed",), f"the assumed rows hold {total} cards, the deck {deck.size}"
        yield from assumed_problems(deck, cards, raws, catalog)
    missing = [y for y in range(1, years + 1) if y not in year_deck]
    if decks and missing:
        yield decks[0].id, ("years",), f"no deck for year {', '.join(map(str, missing))}; every year deals from a deck"
    for card in cards.values():
        if decks and card.deck not in letters:
            yield card.id, ("deck",), f"unknown deck {card.deck!r} (decks: {', '.join(sorted(letters))})"


def assumed_problems(deck: Deck, cards: dict[str, DuelCard], raws: set[str], catalog: Catalog) -> Problems:
    gold_most = _gold_most(catalog)
    for i, row in enumerate(deck.assumed):
        card = cards.get(row.card)
        if card is None:  # an unknown id is reported by the reference check; this is another kind of entry
            yield deck.id, ("assumed", i, "card"), f"{row.card} is not a card of the Duel"
            continue
        if card.deck != deck.letter:
            yield deck.id, ("assumed", i, "card"), f"{row.card} is a card of deck {card.deck}, not {deck.letter}"
        if card.effect is None:
            yield deck.id, ("assumed", i, "card"), f"{row.card} has no effect: a random game could not play it"
            continue
        try:
            effect = fill_printed(card.effect, row.printed)
        except ValueError as exc:
            name = str(exc).split("'")[1] if str(exc).startswith("'") else None
            yield deck.id, ("assumed", i, "printed", *((name,) if name else ())), str(exc)
            continue
        for path, message in effect_problems(effect, raws, gold_most):
            field = "raw" if path[0] == "raws" else "gold" if path[0] == "gold_each" else str(path[0])
            if field in row.printed:  # the card's own values are reported at the card
                yield deck.id, ("assumed", i, "printed", field), message


def card_problems(catalog: Catalog, gold_most: int) -> Problems:
    raws = set(raws_of(catalog))
    for card in catalog.typed("cards", DuelCard, GAME):
        if card.effect is not None:
            for path, message in effect_problems(card.effect, raws, gold_most):
                yield card.id, ("effect", *path), message


def rule_problems(catalog: Catalog) -> Problems:
    rules = catalog.typed("scoring_rules", ScoringRule, GAME)
    owners = {s.player for s in catalog.typed("building_sections", BuildingSection, GAME)}
    known = [*RANKING_CRITERIA, *(f"player:{p}" for p in sorted(owners))]
    if rules and not any(r.ranking for r in rules):
        yield rules[0].id, ("ranking",), f"the engine ranks the players after the last year: one scoring rule needs a ranking ({', '.join(known)})"
    for rule in rules:
        for i, criterion in enumerate(rule.ranking):
            if criterion not in known:
                yield rule.id, ("ranking", i), f"unknown criterion {criterion!r} (known: {', '.join(known)})"
    for variant in catalog.typed("variants", Variant, GAME):
        for key in variant.seal_high_face_cost or {}:
            if key != "gold":
                yield variant.id, ("seal_high_face_cost", key), f"the higher face is paid in gold; {key!r} would be ignored"
        if variant.seal_high_face_cost is None:
            yield variant.id, ("id",), "the Duel engine plays a variant by its seal_high_face_cost, which this one lacks"
        for field in ("favour_replacement", "turn_order_rule", "placement_cost_after_opponent_passed"):
            if getattr(variant, field) is not None:
                yield variant.id, (field,), "the Duel engine does not read this field; it would be ignored"
        for field in ("automatic", "default_enabled"):
            if getattr(variant, field):
                yield variant.id, (field,), "Duel variants are chosen by the players; the engine does not read this field"


def cited_rule_problems(catalog: Catalog) -> Problems:
    """A rule the engine cites must exist: a renamed one is reported at the likeliest new name."""
    rules = [e.id for e in catalog.of_kind("rules", GAME)]
    if not rules:
        return
    uncited = [r for r in rules if r not in ENGINE_RULES]
    for cited in ENGINE_RULES:
        if cited not in rules:
            guess = get_close_matches(cited, uncited, n=1, cutoff=0.6)
            anchor = guess[0] if guess else rules[0]
            yield anchor, ("id",), (f"the engine cites rule {cited} (for a decision or a refusal), which no rule has"
                                    + (f"; was it renamed to {anchor}? Rename it back" if guess else ""))


def _gold_most(catalog: Catalog) -> int:
    """All the gold in the box: no payment, price or income can be larger."""
    banks = [s.bank.get("gold", 0) for s in catalog.typed("setups", Setup, GAME)]
    return banks[0] if banks else 0


def catalog_problems(catalog: Catalog) -> Problems:
    if not catalog.typed("games", Game, GAME):
        return
    yield from singletons(catalog)
    structures = catalog.typed("round_structures", RoundStructure, GAME)
    years = structures[0].years if structures else 0
    per_year = structures[0].rounds_per_year * structures[0].grid_rows * structures[0].grid_columns if structures else None
    gold_most = _gold_most(catalog)
    yield from structure_problems(catalog)
    yield from seal_problems(catalog, len(PLAYERS))
    yield from resource_problems(catalog)
    yield from setup_problems(catalog)
    yield from section_problems(catalog, gold_most)
    yield from deck_problems(catalog, years, per_year)
    yield from card_problems(catalog, gold_most)
    yield from rule_problems(catalog)
    yield from cited_rule_problems(catalog)

