"""Explore from here: a scenario's position (or a new game), then any moves, answered with the position in
words, the last move told, and every legal move with the rule it answers to; a move the engine refuses
is answered with the rule that forbids it. The API's ``/-/explore.json`` and ``kb explore`` are two
clients of :func:`explore`; the engines stay a library.

Stateless: a line (outputs/explore/request.py) is the whole position, and each answer is a replay of it
(cached: outputs/explore/replay.py)."""

from __future__ import annotations

from typing import Any

from outputs.explore import words
from outputs.explore.replay import REPLAYS, Position, Refused, known, warm
from outputs.explore.request import MAX_MOVES, MAX_QUERY, TIME_BUDGET_S, ExploreError, Line, line, parse_query

__all__ = ["MAX_MOVES", "MAX_QUERY", "TIME_BUDGET_S", "ExploreError", "Line", "explore", "explore_query", "known",
           "line", "parse_query", "warm"]


def explore(asked: Line, budget_s: float = TIME_BUDGET_S) -> dict[str, Any]:
    """The answer to a line: ``position``, ``narration`` and ``legal`` (and where it starts, and what chance
    drew). Raises :class:`ExploreError`: 400 for a line that cannot be played (its JSON names the refusing
    rule and lists the legal moves), 503 past the time budget."""
    try:
        at = REPLAYS.position(asked, budget_s)
    except Refused as refusal:
        raise refused(refusal) from None
    n = words.narration(at.start.game)
    last = at.last
    data = at.data()  # made once: the position's words, the last move's changes and the next move's read it
    narration = (words.told(n, last.notation, last.played, last.decision, last.before, data, last.drawn)
                 if last is not None else " ".join(words.move(n, d, None) for d in at.drawn) or None)
    return {"ok": True, **_heading(at), "narration": narration, "position": words.position(n, at.start.engine, at.state, data),
            "legal": words.legal(n, at.start.engine, at.state)}


def explore_query(query: str, budget_s: float = TIME_BUDGET_S) -> dict[str, Any]:
    """:func:`explore` of a query string (``scenario=…&moves=…``), as the API receives it."""
    return explore(parse_query(query), budget_s)


def _heading(at: Position) -> dict[str, Any]:
    line = at.line
    return {"game": at.start.game, "scenario": line.source, "scenario_title": at.start.title, "moves": list(line.moves),
            "players": line.players, "seed": line.seed, "step": line.step, "drawn": list(at.drawn)}


def refused(refusal: Refused) -> ExploreError:
    """The 400 of a move the engine refuses: which move, the rule that forbids it and its title, why, what the
    move would have been in words, and the position before it with its legal moves."""
    at, error = refusal.position, refusal.error
    n = words.narration(at.start.game)
    decision = at.start.engine.current(at.state)
    kind = decision.kind if decision else None
    reason = words.reason(error.reason)
    title = words.rule_title(error.rule)
    message = (f"move {refusal.index + 1} ({refusal.move!r}) is not legal here: {reason} "
               f"(rule {error.rule}{f', {title}' if title else ''})")
    return ExploreError(message, 400, rule=error.rule, title=title, reason=reason, refused=words.refused(n, refusal.move, kind),
                        index=refusal.index, move=refusal.move, **_heading(at),
                        position=words.position(n, at.start.engine, at.state), legal=words.legal(n, at.start.engine, at.state))
