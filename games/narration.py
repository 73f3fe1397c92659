"""How a game's scenarios read as English for players: each step a sentence, each expectation a
sentence, the starting position as short sentences and small tables.

A scenario speaks the engine's notation (``red place quarry-wood@9``, ``players.red.cubes.gold: 1``).
:class:`Narration` turns it into sentences. This base class knows the grammar and the parts every
engine shares (who moves, the legal actions, scores, winners, the end); a game subclasses it in
``games/<game>/narration.py`` and says how its actions, its state keys and its decisions read,
with the names from its catalog. Nothing here imports an engine: actions and state arrive as the
plain text and plain data a scenario holds.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from catalog import Words
from games.grammar import (
    Unworded,
    alternatives,
    flat,
    is_membership,
    listing,
    parse_bundle,
    sentence,
    split_action,
    third_person,
)

__all__ = ["CHANCE", "Clause", "Fact", "Holding", "Narration", "Table", "Unworded"]

CHANCE = "chance"
"""The player name the engines give to chance (shuffles, draws, dice)."""


@dataclass(frozen=True)
class Clause:
    """What an action does, before it is put in a mood: ``Clause("Red", "place a worker in the castle")``
    reads "Red places a worker in the castle", "Red may place ...", "Red may not place ..."."""

    subject: str
    predicate: str
    """A verb phrase in the base form, its verb first."""


@dataclass(frozen=True)
class Table:
    """A small table of the position (players by resources, the road, the card offer)."""

    caption: str
    headers: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


Fact = str | Table
"""One part of a scenario's situation: a sentence or a table."""


@dataclass(frozen=True)
class Holding:
    """Something a player has a number of (deniers, gold, wood): its noun, singular and plural."""

    singular: str
    plural: str
    in_changes: bool = True
    """Shown among what a step changed (False for counts the action's own sentence already tells,
    such as the workers left in hand after placing one)."""

    def count(self, n: int) -> str:
        return f"{n} {self.singular if abs(n) == 1 else self.plural}"


# --- the narration ---------------------------------------------------------------------------------


class Narration:
    """The shared half of a game's narration; a game overrides the hooks marked "a game's own"."""

    score: Holding = Holding("point", "points")
    """What the engine's ``scores`` count."""
    decisions: Mapping[str, str] = {}
    """The game's kinds of decision, each as a predicate (``choose a royal favour``)."""

    def __init__(self, words: Words):
        self.words = words
        self.catalog = words.catalog
        self.game = words.game

    # --- a game's own -----------------------------------------------------------------------------

    def action(self, player: str, verb: str, args: tuple[str, ...], decision: str | None) -> Clause:
        """What one action does; ``decision`` is the kind of choice it answers, when known."""
        raise Unworded(f"{verb} {' '.join(args)}".strip())

    def holding(self, key: str) -> Holding | None:
        """A count a player has, by its key under the player (``deniers``, ``cubes.gold``); None if not a count."""
        return None

    def column(self, key: str) -> str | None:
        """The header of a player's key in the position's players table; None leaves it out."""
        found = self.holding(key)
        return found.plural.capitalize() if found else None

    def cell(self, key: str, value: Any) -> str:
        """A player's value in that table."""
        if isinstance(value, list):
            return ", ".join(map(str, value)) or "none"
        return str(value)

    def player_fact(self, player: str, key: str, value: Any) -> str:
        """A sentence about one of a player's keys that is not a count."""
        raise Unworded(f"players.{player}.{key}")

    def fact(self, path: str, value: Any) -> str:
        """A sentence about any other part of the state (the provost, the offer, a city)."""
        raise Unworded(path)

    def decision(self, kind: str) -> str:
        """The kind of choice a player faces, as a predicate: ``choose a royal favour``."""
        if kind not in self.decisions:
            raise Unworded(kind)
        return self.decisions[kind]

    def situation(self, given: Mapping[str, Any], start: Mapping[str, Any]) -> list[Fact]:
        """The game's part of the starting position (the board), after the players table.
        ``given`` is what the scenario changed, ``start`` the whole position it starts from."""
        return []

    # --- shared -----------------------------------------------------------------------------------

    def name(self, kind_word: str, slug: str) -> str:
        """The English name of the game's entry ``<game>.<kind_word>.<slug>``."""
        entry_id = f"{self.game}.{kind_word}.{slug}"
        if entry_id not in self.catalog.entries:
            raise Unworded(entry_id)
        return self.catalog.get(entry_id).names.en

    def resource(self, slug: str) -> Holding:
        """A resource as a count (``wood cube``, ``wood cubes``), worded as on the catalog pages."""
        entry_id = f"{self.game}.resource.{slug}"
        if entry_id not in self.catalog.entries:
            raise Unworded(entry_id)
        return Holding(*self.words.resource_noun(slug))

    def goods(self, text: str) -> str:
        """``2food+wood`` -> ``2 food and 1 wood``."""
        bundle = parse_bundle(text)
        return listing([self.resource(slug).count(n) for slug, n in bundle.items()]) or "nothing"

    def player(self, colour: str) -> str:
        return "chance" if colour == CHANCE else colour.capitalize()

    def players(self, colours: Iterable[str]) -> str:
        return listing([self.player(c) for c in colours if c]) or "nobody"

    def clause(self, text: str, decision: str | None = None) -> Clause:
        player, verb, args = split_action(text)
        return self.action(player, verb, args, decision)

    def step(self, text: str, decision: str | None = None) -> str:
        """``red place castle`` -> ``Red places a worker in the castle.``"""
        c = self.clause(text, decision)
        return sentence(f"{c.subject} {third_person(c.predicate)}")

    def refused(self, text: str, decision: str | None = None) -> str:
        c = self.clause(text, decision)
        return sentence(f"{c.subject} may not {c.predicate}")

    def may(self, actions: Sequence[str], allowed: bool) -> list[str]:
        """Sentences saying what the acting players may (or may not) do, one per subject."""
        by_subject: dict[str, list[str]] = {}
        for text in actions:
            c = self.clause(text)
            by_subject.setdefault(c.subject, []).append(c.predicate)
        mood = "may now" if allowed else "may not"
        return [sentence(f"{subject} {mood} {alternatives(predicates)}") for subject, predicates in by_subject.items()]

    def only(self, actions: Sequence[str]) -> str:
        if not actions:
            return "Nobody has anything left to do."
        clauses = [self.clause(t) for t in actions]
        subjects = {c.subject for c in clauses}
        if len(subjects) == 1:
            return sentence(f"{clauses[0].subject} can only {alternatives([c.predicate for c in clauses])}")
        return " ".join(self.may(actions, True))

    def holdings_sentence(self, player: str, counts: Mapping[str, Any]) -> str:
        """``Red has 2 food, 1 wood and no stone``."""
        parts = []
        for key, n in counts.items():
            found = self.holding(key)
            if found is None:
                raise Unworded(f"players.{player}.{key}")
            parts.append(found.count(n) if n else f"no {found.plural}")
        return sentence(f"{self.player(player)} has {listing(parts)}")

    def expectations(self, expected: Mapping[str, Any], to_move: str | None = None) -> list[str]:
        """A scenario's expectations as sentences, in their order; a player's counts make one sentence
        (``Red has 6 deniers and 2 food``) and who moves is said with the decision they face."""
        mover = expected.get("to_move", to_move)
        counts: dict[str, dict[str, Any]] = {}
        said: list[str | tuple[str]] = []
        for path, value in expected.items():
            head, _, rest = str(path).partition(".")
            player, _, key = rest.partition(".")
            if head == "players" and key and isinstance(value, int) and self.holding(key) is not None:
                if player not in counts:
                    said.append((player,))
                counts.setdefault(player, {})[key] = value
            elif not (path == "to_move" and "decision" in expected):
                said += self.expectation(str(path), value, mover)
        return [self.holdings_sentence(s[0], counts[s[0]]) if isinstance(s, tuple) else s for s in said]

    def expectation(self, path: str, value: Any, to_move: str | None = None) -> list[str]:
        """A scenario's ``path: value`` as sentences. ``to_move`` names who decides at that point."""
        head, _, rest = path.partition(".")
        if path == "legal":
            if is_membership(value):
                return self.may(value.get("includes", []), True) + self.may(value.get("excludes", []), False)
            return [self.only(value)]
        if path == "to_move":
            return [self.waiting(value, None)]
        if path == "decision":
            return [self.waiting(to_move, value) if value else "Nobody has a choice to make."]
        if head == "scores":
            scores = {rest: value} if rest else dict(value)
            return [sentence(listing([f"{self.player(p)} has {self.score.count(n)}" for p, n in scores.items()]))]
        if path == "winners":
            return [sentence(f"{self.players(value)} {'wins' if len(value) == 1 else 'share the win'}") if value
                    else "Nobody has won yet."]
        if path == "terminal":
            return ["The game is over." if value else "The game goes on."]
        if head == "players" and rest:
            player, _, key = rest.partition(".")
            return self.player_expectation(player, key, value)
        return [self.fact(path, value)]

    def player_expectation(self, player: str, key: str, value: Any) -> list[str]:
        if not key:
            return [s for k, v in value.items() for s in self.player_expectation(player, k, v)]
        leaves = flat(value, key)
        if all(self.holding(k) is not None for k in leaves):
            return [self.holdings_sentence(player, leaves)]
        return [self.player_fact(player, key, value)]

    def waiting(self, player: str | None, kind: str | None) -> str:
        """Who decides next, and (when known) what about."""
        if player is None:
            return "Nobody is to move: the game is over." if kind is None else sentence(f"next comes the choice to {self.decision(kind)}")
        if kind is None:
            return sentence(f"{self.player(player)} is to move")
        return sentence(f"{self.player(player)} is to {self.decision(kind)}")

    def changes(self, actor: str, changes: Mapping[str, tuple[Any, Any]], told: str = "") -> tuple[str, str]:
        """What a step changed in the players' counts: the actor's part as participles (``paying 1
        denier``) and everyone else's as a sentence (``Blue gets 2 deniers.``). A count the action's
        own sentence ``told`` already ("takes 2 food") is not repeated."""
        deltas: dict[str, list[tuple[Holding, int]]] = {}
        for path, (before, after) in changes.items():
            head, _, rest = path.partition(".")
            player, _, key = rest.partition(".")
            if head != "players" or not key or not isinstance(before or 0, int) or not isinstance(after or 0, int):
                continue
            found = self.holding(key)
            if found is not None and found.in_changes and (after or 0) != (before or 0):
                deltas.setdefault(player, []).append((found, (after or 0) - (before or 0)))

        def new(count: str, already: str) -> bool:
            return not re.search(rf"(?<![\w-]){re.escape(count)}(?![\w-])", already)

        def say(entries: list[tuple[Holding, int]], pay: str, get: str, already: str = "") -> str:
            lost = [c for h, d in entries if d < 0 and new(c := h.count(-d), already)]
            got = [c for h, d in entries if d > 0 and new(c := h.count(d), already)]
            return " and ".join(p for p in (f"{pay} {listing(lost)}" if lost else "", f"{get} {listing(got)}" if got else "") if p)

        own = say(deltas.pop(actor, []), "paying", "getting", told)
        others = [f"{self.player(p)} {say(e, 'pays', 'gets')}" for p, e in deltas.items()]
        return own, sentence("; ".join(others)) if others else ""

    def players_table(self, given: Mapping[str, Any], start: Mapping[str, Any]) -> Table | None:
        """Every player by the keys the scenario set for any of them, with the values the game starts from
        (a key holding several counts, such as cubes, shows all of them)."""
        chosen = given.get("players") or {}
        everyone = start.get("players") or chosen
        top = list(dict.fromkeys(k for data in chosen.values() for k in (data or {})))
        keys = list(dict.fromkeys(leaf for k in top for data in everyone.values() if k in (data or {})
                                  for leaf in flat(data[k], k)))
        shown = [(k, header) for k in keys if (header := self.column(k))]
        if not shown:
            return None
        rows = []
        for colour, data in everyone.items():
            values = flat(data or {})
            rows.append((self.player(colour), *(self.cell(k, values.get(k)) for k, _ in shown)))
        return Table("The players", ("Player", *(h for _, h in shown)), tuple(rows))
