"""Whether plain data is a Duel position the engine can play from: every field of the right kind,
every name one the game knows (players, cards, seals, materials, sections, lines), every amount within
what the box holds. A scenario's ``given`` is checked with it before the first step, then against the
invariants the engine checks after every step (engine/duel/invariants.py); each message begins with
the field, as the scenario writes it (``players.red.gold: ...``)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import fields
from typing import Any

from engine.core import EngineError
from engine.duel.cards import card_in_play
from engine.duel.effects import line_type
from engine.duel.rules import Rules
from engine.duel.state import PHASES, Player
from games.duel.checks import effect_problems


def _kind(value: Any) -> str:
    return "true or false" if isinstance(value, bool) else type(value).__name__


def whole(path: str, value: Any, low: int, high: int, what: str = "") -> Iterator[str]:
    """A whole number from ``low`` to ``high`` (a bool is not one)."""
    if not isinstance(value, int) or isinstance(value, bool):
        yield f"{path}: should be a whole number, got {value!r}"[:200]
    elif not low <= value <= high:
        yield f"{path}: {value} is not between {low} and {high}{what}"[:200]


def one_of(path: str, value: Any, known: Any, what: str) -> Iterator[str]:
    names = list(known)
    if not isinstance(value, str) or value not in names:
        yield f"{path}: {value!r} is not {what} ({', '.join(map(str, names))})"[:300]


def listed(path: str, value: Any, known: Any, what: str, unique: bool = True) -> Iterator[str]:
    """A list of names the game knows, each once if ``unique``."""
    if not isinstance(value, list):
        yield f"{path}: should be a list, got {_kind(value)}"
        return
    for i, item in enumerate(value):
        yield from one_of(f"{path}.{i}", item, known, what)
    if unique and all(isinstance(v, str) for v in value) and len(set(value)) != len(value):
        yield f"{path}: {value} names one twice"


def card_problems(path: str, text: Any, rules: Rules) -> Iterator[str]:
    """A card token that reads: a known card, every printed value given and sound."""
    if not isinstance(text, str):
        yield f"{path}: should be a card token such as a-income/gold=4, got {text!r}"[:200]
        return
    try:
        effect = card_in_play(rules, text).effect()  # a colour= or one_use= override is checked with the values
    except EngineError as exc:
        yield f"{path}: {exc}"[:400]
        return
    for _, message in effect_problems(effect, set(rules.raws), rules.bank_total):
        yield f"{path}: {message}"


def counts(path: str, value: Any, known: dict[str, int], what: str) -> Iterator[str]:
    """A mapping of names the game knows to whole numbers from 0 to the most there can be."""
    if not isinstance(value, dict):
        yield f"{path}: should be a mapping, got {_kind(value)}"
        return
    for name, n in value.items():
        if name not in known:
            yield f"{path}.{name}: not {what} ({', '.join(known)})"
        else:
            yield from whole(f"{path}.{name}", n, 0, known[name], " (markers of a player)")


def player_problems(colour: str, me: Any, data: dict[str, Any], rules: Rules) -> Iterator[str]:
    at = f"players.{colour}"
    if not isinstance(me, dict):
        yield f"{at}: should be a mapping, got {_kind(me)}"
        return
    known = [f.name for f in fields(Player)]
    for key in me:
        if key not in known:  # else the state's constructor refuses it without naming the field
            yield f"{at}.{key}: no such field (fields: {', '.join(known)})"[:300]
    most = {raw: r.per_player or 0 for raw, r in rules.raws.items()}
    yield from whole(f"{at}.gold", me.get("gold"), 0, rules.bank_total, f" (the box holds {rules.bank_total} gold)")
    yield from listed(f"{at}.seals", me.get("seals"), rules.neutral_seals, "a neutral seal", unique=False)
    if not isinstance(me.get("personal_seal"), bool):
        yield f"{at}.personal_seal: should be true or false, got {me.get('personal_seal')!r}"
    yield from counts(f"{at}.camp", me.get("camp"), most | {rules.material_of[r]: n for r, n in most.items()}, "a raw or building material")
    yield from counts(f"{at}.reserve", me.get("reserve"), most, "a raw material")
    yield from counts(f"{at}.boxed", me.get("boxed"), most, "a raw material")
    numerals = rules.numerals
    finished = me.get("finished")
    yield from listed(f"{at}.finished", finished, numerals, "a section")
    sections = me.get("sections")
    if not isinstance(sections, dict):
        yield f"{at}.sections: should be a mapping, got {_kind(sections)}"
    else:
        for numeral, materials in sections.items():
            where = f"{at}.sections.{numeral}"
            if numeral not in numerals:
                yield f"{where}: no such section ({', '.join(numerals)})"
                continue
            yield from listed(where, materials, rules.raw_of, "a building material", unique=False)
            if isinstance(finished, list) and numeral in finished and materials:
                yield f"{where}: section {numeral} is finished; its materials left play"
    if isinstance(finished, list) and set(numerals) <= set(finished) and data.get("phase") != "over":
        yield f"{at}.finished: the whole building is finished, so the game is over (phase: over)"
    held = me.get("held")
    if not isinstance(held, list):
        yield f"{at}.held: should be a list, got {_kind(held)}"
    else:
        for i, text in enumerate(held):
            found = list(card_problems(f"{at}.held.{i}", text, rules))
            yield from found
            if not found and not card_in_play(rules, text).one_use:
                yield f"{at}.held.{i}: only delayed (1x) cards are kept for later; {text} is not one (write one_use=true if it is)"
    built = me.get("built")
    if built is not None:
        yield from one_of(f"{at}.built", built, numerals, "a section")
        if isinstance(finished, list) and built in finished:
            yield f"{at}.built: section {built} is finished"
    yield from whole(f"{at}.placed", me.get("placed"), 0, len(rules.construction.cost_by_materials), " (materials placed in a round)")
    if me.get("placed") and built is None:
        yield f"{at}.placed: materials placed this round go on a section: give built"
    if me.get("build_cost_each") is not None:
        yield from whole(f"{at}.build_cost_each", me.get("build_cost_each"), 0, rules.bank_total)


def board_problems(data: dict[str, Any], rules: Rules) -> Iterator[str]:
    """The offer, the character markers and the lines."""
    players = rules.players
    offer = data.get("offer")
    if not isinstance(offer, list):
        yield f"offer: should be a list, got {_kind(offer)}"
        offer = []
    for i, text in enumerate(offer):
        if text is not None:
            yield from card_problems(f"offer.{i}", text, rules)
    draw = data.get("draw")
    if not isinstance(draw, list):
        yield f"draw: should be a list, got {_kind(draw)}"
    else:
        deck = max((d.size for d in rules.decks.values()), default=0)
        if len(draw) > deck:
            yield f"draw: {len(draw)} cards, more than a deck holds ({deck})"
        for i, text in enumerate(draw[:deck]):
            yield from card_problems(f"draw.{i}", text, rules)
    lines = data.get("lines")
    if not isinstance(lines, dict):
        yield f"lines: should be a mapping, got {_kind(lines)}"
        lines = {}
    for player, line in lines.items():
        yield from one_of(f"lines.{player}", player, players, "a player")
        yield from one_of(f"lines.{player}", line, rules.lines, "a line of the offer")
    types = [line_type(str(line)) for line in lines.values()]
    if len(types) != len(set(types)):
        yield f"lines: {lines} are of one kind; the second player places along another kind of line"[:200]
    marks = data.get("marks")
    if not isinstance(marks, dict):
        yield f"marks: should be a mapping, got {_kind(marks)}"
        marks = {}
    for player, cells in marks.items():
        where = f"marks.{player}"
        yield from one_of(where, player, players, "a player")
        if not isinstance(cells, list):
            yield f"{where}: should be a list of cells, got {_kind(cells)}"
            continue
        for i, cell in enumerate(cells):
            found = list(whole(f"{where}.{i}", cell, 1, rules.cells, " (cells of the offer)"))
            yield from found
            if not found and cell <= len(offer) and offer[cell - 1] is None:
                yield f"{where}.{i}: cell {cell} holds no card"
        line = rules.lines.get(str(lines.get(player)))
        if line is not None and not set(cells) <= set(line):
            yield f"{where}: {cells} are not all on {player}'s line {lines[player]} {list(line)}"
    shared = [set(cells) for cells in marks.values() if isinstance(cells, list) and all(isinstance(c, int) for c in cells)]
    if data.get("phase") == "turns" and len(shared) == 2 and shared[0] & shared[1]:
        yield f"marks: both players mark cell {min(shared[0] & shared[1])}; the conflict over it has not been settled (phase: conflict)"
    used = data.get("used")
    if not isinstance(used, list):
        yield f"used: should be a list, got {_kind(used)}"
    else:
        for i, cell in enumerate(used):
            yield from whole(f"used.{i}", cell, 1, rules.cells, " (cells of the offer)")


def position_problems(data: dict[str, Any], rules: Rules) -> Iterator[str]:
    """What makes plain data (a state's ``to_dict``) no position of this game: the fields first."""
    players = rules.players
    given = data.get("players")
    if not isinstance(given, dict) or set(given) != set(players):
        shown = ", ".join(map(str, given)) if isinstance(given, dict) else _kind(given)
        yield f"players: the Duel is played by {' and '.join(players)}, not {shown}"
        return
    for colour, me in given.items():
        yield from player_problems(colour, me, data, rules)
    yield from one_of("power", data.get("power"), players, "a player")
    yield from whole("bank", data.get("bank"), 0, rules.bank_total, f" (the box holds {rules.bank_total} gold)")
    yield from listed("stack", data.get("stack"), rules.neutral_seals, "a neutral seal", unique=False)
    last = rules.structure.years + (data.get("phase") == "over")  # after the last year the count has gone one on
    yield from whole("year", data.get("year"), 1, last, " (years of the game)")
    yield from whole("round", data.get("round"), 1, rules.structure.rounds_per_year, " (rounds of a year)")
    if data.get("phase") not in PHASES:  # worded as the invariant words it
        yield f"phase: {data.get('phase')!r} is not one of {', '.join(PHASES)}"[:200]
    yield from board_problems(data, rules)
    order = data.get("order")
    yield from listed("order", order, players, "a player")
    if isinstance(order, list) and sorted(map(str, order)) != sorted(players):
        yield f"order: the turn order lists both players once ({', '.join(players)}), not {order}"[:200]
    for field in ("window_done", "done"):
        yield from listed(field, data.get(field), players, "a player")
    for field in ("acting", "winner"):
        if data.get(field) is not None:
            yield from one_of(field, data.get(field), players, "a player")
    if data.get("winner") is not None and data.get("phase") != "over":
        yield "winner: a winner ends the game (phase: over)"
    if data.get("conflict") is not None:
        yield ("conflict: a conflict in progress cannot be given; give phase: conflict with both players' markers "
               "on one cell (marks), and the engine starts it")
    log = data.get("log")
    if not isinstance(log, list) or not all(isinstance(line, str) for line in log):
        yield "log: should be a list of texts"


def completed_problems(data: dict[str, Any], rules: Rules) -> Iterator[str]:
    """What a sound position (``position_problems`` finds nothing) must also hold once what ``given``
    leaves out is worked out: each finished section took its markers out of play."""
    per_section = rules.construction.materials_per_section
    for colour, me in data["players"].items():
        left, finished = sum(me["boxed"].values()), len(me["finished"])
        if left != per_section * finished:
            yield (f"players.{colour}.boxed: {left} markers left play with finished sections; {finished} finished "
                   f"section(s) took {per_section * finished} (a player has {sum(r.per_player or 0 for r in rules.raws.values())} markers)")
