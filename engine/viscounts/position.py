"""Whether a scenario's ``given`` describes a possible Viscounts position, checked on the plain data
(the standard start with ``given`` merged in) before it becomes a state and before the first step:
every field the right kind of value, every card, manuscript, building, space, spot and player one
that exists, every amount within what the game can hold. The first problem found is raised as
:class:`InvalidState`, its message starting with the field (``given.players.red.gold: ...``); the
invariants checked after every step (engine/viscounts/invariants.py) run next, on the state."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import fields
from typing import Any

from engine.core import InvalidState
from engine.viscounts.board import Board
from engine.viscounts.flow import STAGES
from engine.viscounts.rules import Rules
from engine.viscounts.state import Action, Castle, Player, Solo

MOST = 1000
"""The most of any piece a player may hold in a given position (silver, resources, debts, deeds, turns).
The supply is unlimited in the rules, but the engine lists one trade action per number of exchanges a
player can pay for, so an absurd amount (10^30 silver) would make that list endless."""
MOST_ROUNDS = 100
"""A game ends when a pile of debts or deeds runs out, a few dozen rounds at most."""
PLAYER_COUNTS = ("silver", "ink", "gold", "stone", "debts", "paid", "deeds", "approved", "workers", "turns")
GIVEN_STAGES = ("setup", *(s for s in STAGES if s != "dismiss"), "ai", "over")
"""The stages a position may be given at (setup: before the player cards are dealt and the castle
turned; dismissing is a decision within the action stage, not a stage of its own)."""
MONK_STAGES = ("setup", "slide", "ai", "collide", "draw", "end", "over")
"""The stages of the Monk's turn: its scheme card does what a player's card, move, action and hire do."""
Problems = Iterator[tuple[str, str]]


def _int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _count(path: str, value: Any, low: int = 0, high: int = MOST) -> Problems:
    if not _int(value):
        yield path, f"should be a whole number, got {value!r}"[:200]
    elif not low <= value <= high:
        yield path, f"should be {low} to {high}, got {value}"


def _names(path: str, value: Any, known: Mapping[str, Any] | set[str], what: str, empty: bool = False) -> Problems:
    """A list of names each of which is known (None too where ``empty``: an empty board slot)."""
    if not isinstance(value, list):
        yield path, f"should be a list of {what}s, got {value!r}"[:200]
        return
    for i, name in enumerate(value):
        if name is None and empty:
            continue
        if not isinstance(name, str) or name not in known:
            yield f"{path}[{i}]", f"no {what} {name!r} in this game"[:200]


def _keys(path: str, value: Any, model: type) -> Problems:
    if not isinstance(value, dict):
        yield path, f"should be a mapping, got {value!r}"[:200]
        return
    allowed = {f.name for f in fields(model)}
    for key in value:
        if key not in allowed:
            yield f"{path}.{key}", f"no such field (known: {', '.join(sorted(allowed))})"


def _spaces(board: Board) -> set[str]:
    columns = 2 * board.segments
    return {f"{path}{c + 1}" for path in "oi" for c in range(columns)}


def player_problems(who: str, raw: Any, rules: Rules, board: Board, solo: bool) -> Problems:
    path = f"players.{who}"
    problems = list(_keys(path, raw, Player))
    if problems:
        yield from problems
        return
    for name in PLAYER_COUNTS:
        yield from _count(f"{path}.{name}", raw.get(name, 0))
    yield from _count(f"{path}.corruption", raw.get("corruption", 1), 1, rules.track_end)
    yield from _count(f"{path}.virtue", raw.get("virtue", rules.track_end), 1, rules.track_end)
    yield from _count(f"{path}.player_card", raw.get("player_card", 0), 0, max(rules.player_cards))
    for zone in ("hand", "deck", "discard"):
        yield from _names(f"{path}.{zone}", raw.get(zone, []), rules.cards, "card")
    yield from _names(f"{path}.board", raw.get("board", []), rules.cards, "card", empty=True)
    slots = 0 if solo and who == "monk" else len(rules.starting_icons)
    if isinstance(raw.get("board"), list) and len(raw["board"]) != slots:
        yield f"{path}.board", f"the player board has {slots} card slots (null for an empty one), not {len(raw['board'])}"
    yield from _names(f"{path}.manuscripts", raw.get("manuscripts", []), rules.manuscripts, "manuscript")
    yield from _names(f"{path}.bonus", raw.get("bonus", []), set(rules.ribbons), "cleric bonus card (ribbon)")
    if raw.get("viscount", "o1") not in _spaces(board):
        yield f"{path}.viscount", (f"no space {raw.get('viscount')!r} on the board (outer o1..o{2 * board.segments}, "
                                   f"inner i1..i{2 * board.segments})")[:200]
    built = raw.get("built", {})
    if not isinstance(built, dict):
        yield f"{path}.built", "should be a mapping of building to how many are built"
        return
    for kind, n in built.items():
        if kind not in rules.buildings:
            yield f"{path}.built.{kind}", f"no building {kind!r} (known: {', '.join(rules.buildings)})"
        else:
            yield from _count(f"{path}.built.{kind}", n, 0, len(rules.buildings[kind].points))
    if not isinstance(raw.get("dismissed", False), bool):
        yield f"{path}.dismissed", "should be true or false"


def castle_problems(raw: Any, rules: Rules, players: list[str], setup: bool) -> Problems:
    problems = list(_keys("castle", raw, Castle))
    if problems:
        yield from problems
        return
    sections = len(rules.wedges)
    # at setup the castle may not be turned yet (-1): chance turns it
    yield from _count("castle.rotation", raw.get("rotation", 0), -1 if setup else 0, sections - 1)
    tiers = [(f"castle.tier{t}", raw.get(f"tier{t}", [])) for t in (1, 2)]
    for path, tier in tiers:
        if not isinstance(tier, list) or len(tier) != sections:
            yield path, f"should be a list of {sections} sections (a mapping of player to workers each)"
            continue
        yield from _workers([(f"{path}[{s}]", section) for s, section in enumerate(tier)], players, rules.workers)
    yield from _workers([("castle.tier3", raw.get("tier3", {}))], players, rules.workers)


def _workers(sections: list[tuple[str, Any]], players: list[str], most: int) -> Problems:
    for path, section in sections:
        if not isinstance(section, dict):
            yield path, f"should be a mapping of player to workers, got {section!r}"[:200]
            continue
        for who, n in section.items():
            if who not in players:
                yield f"{path}.{who}", f"not a player of this game ({', '.join(players)})"
            else:
                yield from _count(f"{path}.{who}", n, 0, most)


def board_problems(data: dict[str, Any], rules: Rules, board: Board, players: list[str]) -> Problems:
    segments = board.segments
    neutral = {c.slug for c in rules.cards.values() if c.kind == "neutral"}
    for name, known, what in (("townsfolk", neutral, "neutral townsfolk"), ("manuscripts", rules.manuscripts, "manuscript")):
        value = data.get(name)
        yield from _names(name, value, known, what, empty=True)
        if isinstance(value, list) and len(value) != segments:
            yield name, f"one face-up top per board segment ({segments}, null for none), not {len(value)}"
    for name in ("townsfolk_left", "manuscripts_left"):
        value = data.get(name)
        if not isinstance(value, list) or len(value) != segments:
            yield name, f"should be a list of {segments} counts (the hidden cards under each top)"
            continue
        for i, n in enumerate(value):
            yield from _count(f"{name}[{i}]", n)
    yield from _names("townsfolk_pool", data.get("townsfolk_pool"), neutral, "neutral townsfolk")
    for name, back in (("grey_pool", "grey"), ("black_pool", "black")):
        backed = {m.slug for m in rules.manuscripts.values() if m.back == back}
        yield from _names(name, data.get(name), backed, f"{back}-backed manuscript")
    for name in ("box", "removed"):
        yield from _names(name, data.get(name), rules.cards, "card")
    yield from _names("bonus_left", data.get("bonus_left"), set(rules.ribbons), "cleric bonus card (ribbon)")
    spots = data.get("spots")
    if not isinstance(spots, dict):
        yield "spots", "should be a mapping of building spot to owner:building"
        return
    for spot, held in spots.items():
        owner, _, building = str(held).partition(":")
        if spot not in board.spot_reward:
            yield f"spots.{spot}", f"no building spot {spot!r} (1a..{segments}d)"
        elif owner not in players or building not in rules.buildings:
            yield f"spots.{spot}", f"should be owner:building (a player of this game and one of {', '.join(rules.buildings)}), got {held!r}"[:200]


def game_problems(data: dict[str, Any], rules: Rules, players: list[str]) -> Problems:
    order = data.get("order")
    if not isinstance(order, list) or sorted(map(str, order)) != sorted(players) or len(order) != len(players):
        yield "order", f"should be the players of this game, each once ({', '.join(players)}), got {order!r}"[:200]
        return
    yield from _count("turn", data.get("turn"), 0, len(players) - 1)
    yield from _count("round", data.get("round"), 1, MOST_ROUNDS)
    if data.get("last_round") is not None:
        yield from _count("last_round", data.get("last_round"), 1, MOST_ROUNDS)
    yield from _count("debt_pile", data.get("debt_pile"))
    yield from _count("deed_pile", data.get("deed_pile"))
    yield from _count("collision_at", data.get("collision_at"), 0, rules.track_end)
    stage = data.get("stage")
    if stage not in GIVEN_STAGES:
        yield "stage", f"no stage {stage!r} (one of: {', '.join(GIVEN_STAGES)})"[:200]
    leader = data.get("leader")
    if leader is not None and leader not in players:
        yield "leader", f"the castle leader must be a player of this game ({', '.join(players)}), not {leader!r}"[:200]
    for flag in ("poverty", "prosperity"):
        if not isinstance(data.get(flag), bool):
            yield flag, "should be true or false"
    for name in ("queue", "pairs"):
        if data.get(name):
            yield name, f"a position is given without {name} (the engine fills it as the game goes)"
    if not isinstance(data.get("log"), list) or not all(isinstance(line, str) for line in data["log"]):
        yield "log", "should be a list of texts"
    action = data.get("action")
    problems = list(_keys("action", action, Action))
    yield from problems
    if not problems and isinstance(action, dict):
        kind = action.get("kind", "")
        if kind not in ("", *rules.icon_actions):
            yield "action.kind", f"no primary action {kind!r} (one of: {', '.join(rules.icon_actions)})"[:200]
        elif stage == "act" and not kind:
            yield "action.kind", "at the act stage a primary action is under way: name it"
        yield from _count("action.icons", action.get("icons", 0))
        spent = action.get("spent", {})
        if not isinstance(spent, dict) or not all(isinstance(k, str) and _int(v) and 0 <= v <= MOST for k, v in spent.items()):
            yield "action.spent", "should be a mapping of what was paid to how many"


def solo_problems(data: dict[str, Any], rules: Rules, schemes: set[str] | None) -> Problems:
    raw = data.get("solo")
    if schemes is None:
        if raw is not None:
            yield "solo", "only a 1-player game has the Monk's schemes"
        return
    problems = list(_keys("solo", raw, Solo))
    yield from problems
    if not problems and isinstance(raw, dict):
        for name in ("deck", "discard", "future"):
            yield from _names(f"solo.{name}", raw.get(name, []), schemes, "scheme")
        yield from _names("solo.schemes", raw.get("schemes", []), schemes, "scheme", empty=True)


def position_problems(data: dict[str, Any], rules: Rules, board: Board, names: list[str],
                      schemes: set[str] | None) -> Problems:
    """Every problem of the plain position ``data`` of a game of the players ``names``, as (field path,
    message); ``schemes``: the Monk's scheme cards in a solo game, else None."""
    players = data.get("players")
    if not isinstance(players, dict):
        yield "players", "should be a mapping of each player to their pieces"
        return
    for who in players:
        if who not in names:
            yield f"players.{who}", f"not a player of this game ({', '.join(names)})"
            return
    yield from game_problems(data, rules, names)
    for who, raw in players.items():
        yield from player_problems(str(who), raw, rules, board, schemes is not None)
    yield from castle_problems(data.get("castle"), rules, names, data.get("stage") == "setup")
    yield from board_problems(data, rules, board, names)
    yield from solo_problems(data, rules, schemes)


def check_turn(stage: str, current: str, solo: bool) -> None:
    """Whose turn it is fits the stage given: the Monk's turn has its own stages, "ai" is only its."""
    if solo and current == "monk" and stage not in MONK_STAGES:
        raise InvalidState(f"given.stage: the Monk's turn has no {stage!r} stage (its stages: {', '.join(MONK_STAGES)})")
    if stage == "ai" and current != "monk":
        raise InvalidState(f"given.stage: 'ai' is the Monk's turn in a solo game, not {current}'s")


def check_position(data: dict[str, Any], rules: Rules, board: Board, names: list[str], schemes: set[str] | None) -> None:
    """Raise InvalidState at the first problem of ``data``, its message starting with ``given.`` and the field."""
    for path, message in position_problems(data, rules, board, names, schemes):
        raise InvalidState(f"given.{path}: {message}")
