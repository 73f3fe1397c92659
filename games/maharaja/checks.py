"""Rules that span Maharaja entries: every board has what the printed board is known to have, and the
scoring tables cover every player count of the game."""

from __future__ import annotations

from collections.abc import Iterator

from catalog import Catalog
from catalog.kinds import Game
from catalog.model import Path_
from games.maharaja.kinds import Board, BoardFacts, GovernorTrack, ScoringTable

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


def catalog_problems(catalog: Catalog) -> Iterator[tuple[str, Path_, str]]:
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
