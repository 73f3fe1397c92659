"""A position, its legal moves and the last move in a player's words, by the game's narration (the
one the walkthroughs use: games/<game>/narration.py). Where a game has no words for something, its
notation is shown instead: the explorer never fails for want of a sentence."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from functools import cache
from typing import Any, TypeVar

from engine.catalog import default_catalog
from engine.scenario import differences
from games import REGISTRY
from games.narration import Fact, Narration, Table, Unworded

T = TypeVar("T")
FAILS = (Unworded, KeyError, ValueError, TypeError, IndexError, AttributeError)
"""What a narration raises for something it has no words for (a state key or an action it does not know)."""


@cache
def narration(game: str) -> Narration:
    module = REGISTRY.module(game)
    return module.narration(module.words(default_catalog()))


def worded(say: Callable[[], T], otherwise: T) -> T:
    try:
        return say()
    except FAILS:
        return otherwise


def rule_title(rule: str) -> str | None:
    """The rule's name in the catalog (None for an id the catalog does not hold, such as a notation rule)."""
    catalog = default_catalog()
    return str(catalog.get(rule).names.en) if rule in catalog.entries else None


def move(n: Narration, notation: str, decision: str | None) -> str:
    """``red place 9`` -> ``Red places a worker on ...``; the notation itself where the game has no words."""
    return worded(lambda: n.step(notation, decision), notation)


def refused(n: Narration, notation: str, decision: str | None) -> str:
    return worded(lambda: n.refused(notation, decision), f"{notation} is refused.")


def reason(text: str) -> str:
    """Why the engine refused a move, its quoted notation in typographic quotes (as ``kb explain`` says it)."""
    return re.sub(r"(?<![A-Za-z])'([^'\n]+)'", r"“\1”", text)


def told(n: Narration, notation: str, played: str, decision: str | None, before: Mapping[str, Any],
         after: Mapping[str, Any], drawn: tuple[str, ...]) -> str:
    """The last move as the walkthroughs tell a step (with what it cost and gave), then chance's draws."""
    said = move(n, played or notation, decision)
    if before:
        own, others = worded(lambda: n.changes(played.split()[0], differences(dict(before), dict(after)), said), ("", ""))
        if own and said.endswith("."):
            said = said[:-1] + f", {own}."
        if others:
            said += f" {others}"
    return " ".join([said, *(move(n, d, None) for d in drawn)])


def table(t: Table) -> dict[str, Any]:
    return {"title": t.caption, "headers": list(t.headers), "rows": [list(r) for r in t.rows]}


def position(n: Narration, engine: Any, state: Any, data: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The position as the walkthroughs show a situation: sentences and tables of the whole state (``data``:
    its plain data, when the caller has it), who is to move and for what; at the end, the scores and the winners."""
    data = data if data is not None else state.to_dict()
    facts: list[Fact] = []
    players = worded(lambda: n.players_table(data, data), None)
    if players is not None:
        facts.append(players)
    situation: list[Fact] | None = worded(lambda: n.situation(data, data), None)
    facts += situation if situation is not None else _key_by_key(n, data)
    decision = engine.current(state)
    over = bool(engine.is_terminal(state))
    if decision is not None:
        facts.append(worded(lambda: n.waiting(decision.player, decision.kind),
                            f"{n.player(decision.player)} is to decide ({decision.kind})."))
    scores = dict(engine.scores(state))
    winners = list(engine.winners(state)) if over else []
    if over:
        facts.append("The game is over.")
        facts += worded(lambda: n.expectation("scores", scores) + n.expectation("winners", winners), [])
    return {"sentences": [f for f in facts if isinstance(f, str)], "tables": [table(f) for f in facts if isinstance(f, Table)],
            "to_move": decision.player if decision else None, "decision": decision.kind if decision else None,
            "rule": decision.rule if decision else None, "over": over, "scores": scores, "winners": winners}


def _key_by_key(n: Narration, data: Mapping[str, Any]) -> list[Fact]:
    """The game's facts one state key at a time, where one key has no words and the whole would fail."""
    out: list[Fact] = []
    for key in data:
        nothing: list[Fact] = []
        out += worded(lambda: n.situation({key: data[key]}, data), nothing)
    return out


def legal(n: Narration, engine: Any, state: Any) -> list[dict[str, Any]]:
    """Each legal move: its notation, in words, its verb (what it does: moves group by it) and the rule
    of the decision it answers."""
    decision = engine.current(state)
    if decision is None:
        return []
    kind, rule = decision.kind, decision.rule
    return [{"notation": str(a), "words": move(n, str(a), kind), "verb": a.verb, "rule": rule}
            for a in engine.legal_actions(state)]
