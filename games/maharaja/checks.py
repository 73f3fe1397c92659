"""Rules that span Maharaja entries: every board has what the printed board is known to have, the
scoring tables cover every player count of the game, and everything the engine assumes of the
catalog holds (numbers and slugs it keys on are unique, the entries it looks up exist, amounts fit
the pieces), so that no edit of data/maharaja-*.yaml reaches the engine unchecked."""

from __future__ import annotations

import difflib
from collections.abc import Iterator, Sequence

from catalog import Catalog
from catalog.kinds import Game, Variant
from catalog.model import Entry, Path_
from games.maharaja.kinds import (
    Board,
    BoardFacts,
    Build,
    Character,
    Cost,
    DiscAction,
    GovernorTrack,
    MoveGovernorDown,
    MoveHouse,
    ScoringTable,
    Starting,
    TakeHousesFromBank,
)
from games.maharaja.lookups import COST_FLOWS, COSTS, DEFAULT_BOARD, SINGLE_KINDS, VARIANTS

Problem = tuple[str, Path_, str]

GAME = "maharaja"


def board_problems(board: Board, facts: BoardFacts, markers: int | None) -> Iterator[tuple[Path_, str]]:
    """Where a (sound) board differs from the known facts of the printed one."""
    if len(board.cities) != facts.cities:
        yield ("cities",), f"the board has {facts.cities} cities (board facts), this one {len(board.cities)}"
    if markers is not None and len(board.cities) != markers:
        yield ("cities",), f"each city has one governor marker: {markers} markers, {len(board.cities)} cities"
    if len(board.villages) != facts.villages:
        yield ("villages",), f"the board has {facts.villages} villages (board facts), this one {len(board.villages)}"
    low, high = facts.villages_per_road.min, facts.villages_per_road.max
    for i, road in enumerate(board.roads):
        if not low <= len(road.villages) <= high:
            yield ("roads", i, "villages"), f"a road carries {low} to {high} villages (board facts), {road.slug!r} carries {len(road.villages)}"
    low, high = facts.roads_per_junction.min, facts.roads_per_junction.max
    places = [(("start",), board.start.slug), *((("cities", i), c.slug) for i, c in enumerate(board.cities))]
    for path, slug in places:
        degree = sum(slug in road.ends for road in board.roads)
        if not low <= degree <= high:
            yield path, f"{slug!r} touches {degree} roads; each junction touches {low} to {high} (board facts)"
    homes = [c.home_character for c in board.cities if c.home_character is not None]
    if len(homes) != len(set(homes)):
        yield ("cities",), "a character is the home of two cities"


def _slug(entry_id: str) -> str:
    return entry_id.rsplit(".", 1)[-1]


def _missing(wanted: str, what: str, entries: Sequence[Entry], known: Sequence[str], anchor: str | None) -> Iterator[Problem]:
    """A slug or id the engine looks up and does not find: reported at the entry of that kind whose
    name is closest (most likely the renamed one), else at the game entry."""
    names = {e.id: e.id if "." in wanted else _slug(e.id) for e in entries}
    spare = [i for i, name in names.items() if name not in known]
    close = difflib.get_close_matches(wanted, [names[i] for i in spare], n=1, cutoff=0.5)
    at = next((i for i in spare if close and names[i] == close[0]), None) or anchor
    if at is not None:
        hint = f"; is {names[at]!r} it, renamed?" if at != anchor else ""
        yield at, ("id",), f"the engine needs {what} {wanted!r}, and the catalog has none{hint}"


def lookup_problems(catalog: Catalog, anchor: str | None) -> Iterator[Problem]:
    """The entries the engine reads by name or as the only one of their kind."""
    for key in SINGLE_KINDS:
        found = catalog.of_kind(key, GAME)
        if not found and anchor is not None:
            yield anchor, ("id",), f"the engine needs one {key} entry for Maharaja, and the catalog has none"
        for extra in found[1:]:
            yield extra.id, ("id",), f"the engine reads one {key} entry for Maharaja; this is a second one (after {found[0].id})"
    costs = catalog.typed("costs", Cost, GAME)
    for wanted, why in COSTS.items():
        if wanted not in {_slug(c.id) for c in costs}:
            yield from _missing(wanted, f"the cost ({why})", costs, list(COSTS), anchor)
    for cost in costs:
        flow = COST_FLOWS.get(_slug(cost.id))
        if flow is not None:
            for name, wanted, got in (("payer", flow[0], cost.payer), ("payee", flow[1], cost.payee)):
                if got != wanted:
                    yield cost.id, (name,), f"the engine moves this gold as {name} {wanted!r}, not {got!r} (it reads only the amount)"
    variants = catalog.typed("variants", Variant, GAME)
    for wanted in VARIANTS:
        if wanted not in {_slug(v.id) for v in variants}:
            yield from _missing(wanted, "the variant", variants, list(VARIANTS), anchor)
    boards = catalog.typed("boards", Board, GAME)
    if DEFAULT_BOARD not in {b.id for b in boards}:
        yield from _missing(DEFAULT_BOARD, "its default board", boards, [], anchor)
    if not catalog.of_kind("disc_actions", GAME) and anchor is not None:
        yield anchor, ("id",), "the engine needs the disc actions: the catalog has none for Maharaja"


def character_problems(characters: list[Character], players_max: int | None, anchor: str | None) -> Iterator[Problem]:
    """Numbers are turn order and the engine's key: unique, and the basic game's run 1, 2, 3... (a
    scenario deals them by seat), enough of them for every player, advanced-only ones after them."""
    owner: dict[int, str] = {}
    basic = sorted(c.number for c in characters if not c.advanced_only)
    gaps = [n for n in range(1, len(basic) + 1) if n not in basic]
    for c in characters:
        if c.number in owner:
            yield c.id, ("number",), f"number {c.number} is also {owner[c.number]}'s: each character has its own (turn order, ties)"
            continue
        owner[c.number] = c.id
        if not c.advanced_only and c.number > len(basic):
            yield c.id, ("number",), (f"the basic game's {len(basic)} characters are numbered 1 to {len(basic)} without a gap "
                                      f"({', '.join(map(str, gaps))} missing), not {c.number}")
        if c.advanced_only and c.number <= len(basic):
            yield c.id, ("number",), f"an advanced-only character is numbered after the basic game's 1 to {len(basic)}, not {c.number}"
    if players_max is not None and anchor is not None and len(basic) < players_max:
        yield anchor, ("players_max",), f"{players_max} players need {players_max} characters of the basic game, the catalog has {len(basic)}"


def action_problems(actions: list[DiscAction], starting: Starting | None, track: GovernorTrack | None) -> Iterator[Problem]:
    """Slugs are the engine's key and the notation; orders place the actions on the disc; an action
    moves or builds no more pieces than a colour has, and moves a marker as far as the track says."""
    slugs: dict[str, str] = {}
    orders: dict[int, str] = {}
    for a in actions:
        if a.slug in slugs:
            yield a.id, ("slug",), f"slug {a.slug!r} is also {slugs[a.slug]}'s: the engine and the notation know an action by it"
        slugs.setdefault(a.slug, a.id)
        if a.order in orders:
            yield a.id, ("order",), f"order {a.order} is also {orders[a.order]}'s: each action has its own place on the disc"
        orders.setdefault(a.order, a.id)
        effect = a.effect
        if starting is not None:
            houses = starting.houses_per_colour
            counts: list[tuple[str, int, int, str]] = []
            if isinstance(effect, Build):
                counts = [("houses", effect.houses, houses, "houses of a colour"),
                          ("palaces", effect.palaces, starting.palaces, "palaces of a colour")]
            elif isinstance(effect, (MoveHouse, TakeHousesFromBank)):
                counts = [("count", effect.count, houses, "houses of a colour")]
            for name, value, limit, what in counts:
                if value > limit:
                    yield a.id, ("effect", name), f"{value} is more than the {limit} {what} (startings)"
        if isinstance(effect, MoveGovernorDown) and track is not None and effect.spaces != track.move_down_spaces:
            yield a.id, ("effect", "spaces"), (f"the governor track moves a marker {track.move_down_spaces} spaces down "
                                               f"(move_down_spaces), and the engine offers the markers by that number: not {effect.spaces}")


def starting_problems(starting: Starting, game: Game | None, boards: list[Board], facts: BoardFacts | None) -> Iterator[Problem]:
    if game is None:
        return
    if len(starting.colours) < game.players_max:
        yield starting.id, ("colours",), f"{game.players_max} players need {game.players_max} colours, the catalog lists {len(starting.colours)}"
    if facts is None:
        return
    for board in boards:
        for players in range(game.players_min, game.players_max + 1):
            capacity = facts.village_capacity_two_players if players == 2 else facts.village_capacity
            room = len(board.villages) * capacity
            if starting.houses_in_villages * players > room:
                yield starting.id, ("houses_in_villages",), (f"{players} players place {starting.houses_in_villages * players} starting houses; "
                                                             f"the {len(board.villages)} villages of {board.id} hold {room}")
                break


def catalog_problems(catalog: Catalog) -> Iterator[Problem]:
    games = catalog.typed("games", Game, GAME)
    game = games[0] if games else None
    anchor = game.id if game else None
    yield from lookup_problems(catalog, anchor)
    characters = catalog.typed("characters", Character, GAME)
    yield from character_problems(characters, game.players_max if game else None, anchor)
    startings = catalog.typed("startings", Starting, GAME)
    tracks_ = catalog.typed("governor_tracks", GovernorTrack, GAME)
    yield from action_problems(catalog.typed("disc_actions", DiscAction, GAME), startings[0] if startings else None,
                               tracks_[0] if tracks_ else None)
    players_seen: dict[int, str] = {}
    for table in catalog.typed("scoring_tables", ScoringTable, GAME):
        if table.players in players_seen:
            yield table.id, ("players",), f"{players_seen[table.players]} is already the table for {table.players} players"
        players_seen.setdefault(table.players, table.id)
    numbers = {c.number for c in characters}
    for board in catalog.typed("boards", Board, GAME):
        for i, city in enumerate(board.cities):
            if city.home_character is not None and city.home_character not in numbers:
                yield board.id, ("cities", i, "home_character"), f"no character has number {city.home_character} (characters: {', '.join(map(str, sorted(numbers)))})"
    facts_ = catalog.typed("board_facts", BoardFacts, GAME)
    for starting in startings[:1]:
        yield from starting_problems(starting, game, catalog.typed("boards", Board, GAME), facts_[0] if facts_ else None)
    facts = catalog.typed("board_facts", BoardFacts, GAME)
    tracks = catalog.typed("governor_tracks", GovernorTrack, GAME)
    markers = tracks[0].markers if tracks else None
    for board in catalog.typed("boards", Board, GAME):
        if not facts:
            yield board.id, ("id",), "a board needs the board facts entry to be checked against"
            continue
        for path, message in board_problems(board, facts[0], markers):
            yield board.id, path, message
    tables = {t.players for t in catalog.typed("scoring_tables", ScoringTable, GAME)}
    for game in catalog.typed("games", Game, GAME):
        if tables:
            missing = [n for n in range(game.players_min, game.players_max + 1) if n not in tables]
            if missing:
                yield game.id, ("players_max",), f"no scoring table for {', '.join(map(str, missing))} players"
