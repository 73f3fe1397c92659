"""What an explore request asks for, read from its query string with every bound checked first.

A line is a starting point (a scenario's id, or ``<game>:new`` with a number of players), a seed (what
chance draws), and moves in the engine's notation separated by ``;``. The URL is the whole position:
nothing is kept between requests but a cache of replays (outputs/explore/replay.py).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from urllib.parse import parse_qsl

MAX_QUERY = 12_000
"""Characters of the query string: a 300-move line of the wordiest game is about 7,000 once encoded."""
MAX_MOVES = 400
MAX_MOVE = 120
"""Characters of one move (the longest notation of any engine is under 60)."""
MAX_PLAYERS = 8
MAX_SEED = 2**53
TIME_BUDGET_S = 2.0
"""Seconds one replay may take (a 400-move line takes well under a tenth of that); past it, 503."""
NEW = ":new"
PARAMETERS = ("scenario", "moves", "players", "seed", "step")
SEPARATOR = ";"


class ExploreError(Exception):
    """A request the explorer refuses: the status (400 for the client's error, 503 for a replay over its
    time budget), a plain message, and what more the answer carries (the refusing rule, the legal moves)."""

    def __init__(self, message: str, status: int = 400, **details: object):
        super().__init__(message)
        self.message = message
        self.status = status
        self.details = details

    def to_json(self) -> dict[str, object]:
        return {"ok": False, "status": self.status, "error": self.message, **self.details}


@dataclass(frozen=True)
class Line:
    """A position asked for: where it starts, what chance draws, and the moves played from there."""

    source: str
    """A scenario's id, or ``<game>:new``."""
    moves: tuple[str, ...] = ()
    players: int | None = None
    """Only for a new game: how many play (default: the game's own)."""
    seed: int = 0
    step: int | None = None
    """Only for a scenario: how many of its steps are replayed before the moves (0: its starting position;
    default all), so that the site can explore from the position after any step of a walkthrough."""

    @property
    def new_game(self) -> str | None:
        """The game of a new game (``caylus`` for ``caylus:new``), else None."""
        return self.source.removesuffix(NEW) if self.source.endswith(NEW) else None

    def query(self) -> dict[str, str]:
        """The query parameters that ask for this line (the CLI and the benchmark print them)."""
        out = {"scenario": self.source}
        if self.moves:
            out["moves"] = SEPARATOR.join(self.moves)
        if self.players is not None:
            out["players"] = str(self.players)
        if self.seed:
            out["seed"] = str(self.seed)
        if self.step is not None:
            out["step"] = str(self.step)
        return out

    def then(self, move: str) -> Line:
        """This line and one move more (checked as a request's moves are: ExploreError if too long)."""
        return line(self.source, (*self.moves, move), self.players, self.seed, self.step)

    def back(self) -> Line:
        return replace(self, moves=self.moves[:-1])


def parse_query(query: str) -> Line:
    """The line a query string asks for; ExploreError (400) naming the parameter for anything amiss."""
    if len(query) > MAX_QUERY:
        raise ExploreError(f"the query is {len(query):,} characters long; at most {MAX_QUERY:,} are read "
                           f"(at most {MAX_MOVES} moves of {MAX_MOVE} characters)")
    try:
        pairs = parse_qsl(query, keep_blank_values=True, strict_parsing=False, errors="strict",
                          max_num_fields=2 * len(PARAMETERS))
    except (ValueError, UnicodeDecodeError) as exc:  # too many fields, or bytes that are no UTF-8
        raise ExploreError(f"the query cannot be read: {exc}; it takes {', '.join(PARAMETERS)}") from None
    given: dict[str, str] = {}
    for key, value in pairs:
        if key not in PARAMETERS:
            raise ExploreError(f"unknown parameter {key!r}: the explorer takes {', '.join(PARAMETERS)}")
        if key in given:
            raise ExploreError(f"{key}: given twice")
        given[key] = value
    return line(given.get("scenario", ""), given.get("moves", ""), given.get("players"), given.get("seed"), given.get("step"))


def line(source: str, moves: str | tuple[str, ...] = (), players: str | int | None = None,
         seed: str | int | None = None, step: str | int | None = None) -> Line:
    """A :class:`Line` from the parameters as given (text or numbers), every bound checked."""
    source = source.strip()
    if not source:
        raise ExploreError("scenario: missing; give a scenario's id (<game>.scenario.…) or <game>:new for a new game")
    if len(source) > MAX_MOVE or not re.fullmatch(r"[a-z0-9][a-z0-9._:-]*", source):
        raise ExploreError(f"scenario: {source[:40]!r} is not a scenario id (lower-case letters, digits, '.', '-') "
                           f"nor <game>:new")
    listed = tuple(m.strip() for m in (moves.split(SEPARATOR) if isinstance(moves, str) else moves))
    listed = tuple(m for m in listed if m)  # a trailing ';' (a line joined by a client) is no move
    if len(listed) > MAX_MOVES:
        raise ExploreError(f"moves: {len(listed)} moves given; at most {MAX_MOVES} are replayed")
    for i, move in enumerate(listed, 1):
        if len(move) > MAX_MOVE:
            raise ExploreError(f"moves: move {i} is {len(move)} characters long; a move is at most {MAX_MOVE}")
    number = _whole("players", players, 1, MAX_PLAYERS)
    if number is not None and not source.endswith(NEW):
        raise ExploreError("players: only a new game (<game>:new) takes a number of players; a scenario has its own")
    steps = _whole("step", step, 0, MAX_MOVES)
    if steps is not None and source.endswith(NEW):
        raise ExploreError("step: only a scenario has steps to stop after; a new game starts at its start")
    return Line(source, listed, number, _whole("seed", seed, 0, MAX_SEED) or 0, steps)


def _whole(name: str, value: str | int | None, low: int, high: int) -> int | None:
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    text = str(value).strip()
    if not re.fullmatch(r"[0-9]{1,16}", text) or not low <= int(text) <= high:
        raise ExploreError(f"{name}: {text[:20]!r} is not a whole number from {low} to {high}")
    return int(text)
