"""How a Maharaja scenario reads on the site: the engine's actions (``red travel s-b``,
``red disc gold palace-house``) and state keys (``cities.b.inner``, ``track``) as English sentences,
with the catalog's names for characters, disc actions, cities and the start space."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cached_property
from typing import Any

from games.maharaja.kinds import Board, Character, DiscAction, GovernorTrack
from games.grammar import (
    is_membership,
    listing,
    sentence,
)
from games.narration import (
    CHANCE,
    Clause,
    Fact,
    Holding,
    Narration,
    Table,
    Unworded,
)

DECISIONS = {"marker": "put the next governor marker on the track", "character": "choose a character",
             "bid": "bid for a character or pass", "village": "place a starting house in a village",
             "disc": "set the two arrows of the action disc", "give": "give one of their characters away",
             "turn": "take their turn"}
PHASES = {"setup": "the game is being set up", "discs": "the players are setting their action discs",
          "turns": "the players are taking their turns", "over": "the game is over"}


class MaharajaNarration(Narration):
    decisions = DECISIONS
    score = Holding("palace built", "palaces built")

    # --- names --------------------------------------------------------------------------------------

    @cached_property
    def junctions(self) -> dict[str, str]:
        """Start space and cities of every board, by slug: ``start`` -> ``the start space``, ``b`` -> ``city B``."""
        out = {}
        for board in self.catalog.typed("boards", Board, self.game):
            out[board.start.slug] = f"the {board.start.names.en}"
            out |= {c.slug: f"city {c.names.en}" for c in board.cities}
        return out

    @cached_property
    def roads(self) -> dict[str, tuple[str, str]]:
        return {r.slug: (r.ends[0], r.ends[1]) for b in self.catalog.typed("boards", Board, self.game) for r in b.roads}

    def place(self, slug: str) -> str:
        return self.junctions.get(slug, f"village {slug}")

    def character(self, number: int | str) -> str:
        for c in self.catalog.typed("characters", Character, self.game):
            if c.number == int(number):
                return f"the {c.names.en} ({c.number})"
        raise Unworded(f"character {number}")

    def disc_action(self, slug: str) -> str:
        for a in self.catalog.typed("disc_actions", DiscAction, self.game):
            if a.slug == slug:
                return a.names.en
        raise Unworded(f"action {slug}")

    # --- actions ------------------------------------------------------------------------------------

    def action(self, player: str, verb: str, args: tuple[str, ...], decision: str | None) -> Clause:
        if player == CHANCE:
            if verb == "marker" and len(args) == 1:
                return Clause("chance", f"put the governor marker of {self.place(args[0])} on the next start space")
            raise Unworded(verb)
        return Clause(self.player(player), self.predicate(verb, args, decision))

    def predicate(self, verb: str, args: tuple[str, ...], decision: str | None) -> str:
        one = args[0] if len(args) == 1 else None
        two = args if len(args) == 2 else None
        if verb == "character" and one:
            return f"take {self.character(one)}"
        if verb == "bid" and one:
            return f"bid {one} gold"
        if verb == "pass" and not args:
            return "pass"
        if verb == "house" and one:
            return f"place a starting house in {self.place(one)}" if decision == "village" else f"build a house in {self.place(one)}"
        if verb == "disc" and two:
            return f"set the action disc to {self.disc_action(two[0])} and {self.disc_action(two[1])}"
        if verb == "give" and one:
            return f"give {self.character(one)} away"
        if verb == "travel" and one and one in self.roads:
            ends = self.roads[one]
            return f"send the architect along the road between {self.place(ends[0])} and {self.place(ends[1])}"
        if verb == "gold" and not args:
            return "collect the gold of a marked action"
        if verb == "palace" and one in ("inner", "outer"):
            return f"build a palace on {'the inner site' if one == 'inner' else 'an outer site'} of the city"
        if verb in ("move", "free-move") and two:
            free = " free, with the character's ability" if verb == "free-move" else ""
            return f"move a house from {self.place(two[0])} to {self.place(two[1])}{free}"
        if verb == "free-house" and one:
            return f"build a free house in {self.place(one)} with the character's ability"
        if verb == "quarry" and not args:
            return "take houses from the quarry"
        if verb == "governor" and one:
            return f"move the governor marker of {self.place(one)} down the track"
        if verb == "chit" and one:
            return f"spend an action chit on the {self.disc_action(one)} action"
        if verb == "end" and not args:
            return "end the turn"
        if verb == "swap" and one:
            return f"swap characters, taking {self.character(one)}"
        if verb == "swap" and two:
            return f"swap {self.character(two[1])} for {self.character(two[0])}"
        if verb == "entice" and one:
            return f"make {self.player(one)} give up one of their characters"
        raise Unworded(f"{verb} {' '.join(args)}")

    # --- the state ----------------------------------------------------------------------------------

    def holding(self, key: str) -> Holding | None:
        if key == "gold":
            return self.resource("gold")
        if key == "reserve":
            return Holding("house in the reserve", "houses in the reserve", in_changes=False)
        if key == "chits":
            return Holding("action chit", "action chits", in_changes=False)
        return None

    def column(self, key: str) -> str | None:
        headers = {"gold": "Gold", "reserve": "Houses in reserve", "chits": "Action chits", "characters": "Characters",
                   "architect": "Architect", "disc": "Action disc"}
        return headers.get(key)

    def cell(self, key: str, value: Any) -> str:
        if key == "characters":
            return listing([self.character(n).removeprefix("the ") for n in value or []]) or "—"
        if key == "architect":
            return self.place(value).removeprefix("the ") if value else "—"
        if key == "disc":
            return listing([self.disc_action(a) for a in value or []]) or "not set"
        return str(value or 0)

    def player_fact(self, player: str, key: str, value: Any) -> str:
        who = self.player(player)
        if key == "architect":
            return sentence(f"{who}'s architect is {'on' if value == 'start' else 'in'} {self.place(value)}")
        if key == "characters":
            return sentence(f"{who} holds {listing([self.character(n) for n in value])}") if value else sentence(f"{who} holds no character")
        if key == "disc":
            return sentence(f"{who}'s action disc points at {listing([self.disc_action(a) for a in value])}")
        if key == "acted":
            return sentence(f"{who} {'has had' if value else 'has not had'} a turn this round")
        raise Unworded(f"players.{player}.{key}")

    def fact(self, path: str, value: Any) -> str:
        head, _, rest = path.partition(".")
        if head == "villages" and rest:
            return sentence(f"village {rest} holds {self.houses(value)}") if value else f"Village {rest} is empty."
        if head == "cities" and rest:
            return self.city(rest, value)
        if path == "bank":
            return f"The bank's balance is {value} gold."
        if path == "bank_characters":
            return self.bank_characters(value)
        if path == "chits_bank":
            return f"The bank holds {value} action chit{'s' if value != 1 else ''}."
        if path == "maharaja":
            return sentence(f"the Maharaja is {'on' if value == 'start' else 'in'} {self.place(value)}")
        if path == "round":
            return f"It is round {value}." if value else "Round 1 has not begun yet."
        if path == "phase" and value in PHASES:
            return sentence(PHASES[value])
        if path == "last_round":
            return "This is the last round." if value else "This is not the last round yet."
        if path == "last_scoring":
            return sentence("at the last scoring " + listing([f"{self.player(p)} received {n} gold" for p, n in value.items()]))
        if head == "track":
            return self.track(value) if not rest else self.track_space(int(rest), value)
        if path == "turn.chit_used":
            return "An action chit has been used this turn." if value else "No action chit has been used this turn."
        raise Unworded(path)

    def houses(self, colours: list[str]) -> str:
        counts: dict[str, int] = {}
        for c in colours:
            counts[c] = counts.get(c, 0) + 1
        return listing([f"{n} {self.player(c)} house{'s' if n != 1 else ''}" for c, n in counts.items()])

    def city(self, rest: str, value: Any) -> str:
        slug, _, part = rest.partition(".")
        name = self.place(slug)
        if part == "inner":
            return sentence(f"{self.player(value)}'s palace stands on the inner site of {name}") if value \
                else sentence(f"the inner site of {name} is empty")
        if part == "outer":
            return sentence(f"palaces on the outer sites of {name}: {self.players(value)}") if value \
                else sentence(f"no palace stands on the outer sites of {name}")
        if part == "houses":
            return sentence(f"{name} holds {self.houses([c for c, n in value.items() for _ in range(n)])}") if value \
                else sentence(f"{name} holds no house")
        if part.startswith("houses."):
            owner = part.split(".", 1)[1]
            return sentence(f"{self.player(owner)} has {value} house{'s' if value != 1 else ''} in {name}")
        raise Unworded(f"cities.{rest}")

    def bank_characters(self, value: Any) -> str:
        if is_membership(value):
            parts = [f"{self.character(n)} is in the bank" for n in value.get("includes", [])]
            parts += [f"{self.character(n)} is not" for n in value.get("excludes", [])]
            return sentence("; ".join(parts))
        return sentence(f"the characters left in the bank are {listing([self.character(n) for n in value])}") if value \
            else "No character is left in the bank."

    @cached_property
    def start_spaces(self) -> int:
        return self.catalog.typed("governor_tracks", GovernorTrack, self.game)[0].start_spaces

    def position(self, index: int) -> str:
        """A place of the governor track by the engine's index (0 = the lowest start space)."""
        return f"start space {index + 1}" if index < self.start_spaces else f"space {index - self.start_spaces + 1}"

    def track(self, markers: list[str | None]) -> str:
        placed = [f"{self.place(m).removeprefix('city ')} on {self.position(i)}" for i, m in enumerate(markers) if m]
        return sentence(f"the governor markers, from the bottom: {listing(placed)}")

    def track_space(self, index: int, marker: str | None) -> str:
        where = self.position(index)
        return sentence(f"the governor marker of {self.place(marker)} is on {where}") if marker else sentence(f"{where} of the governor track is empty")

    def situation(self, given: Mapping[str, Any], start: Mapping[str, Any]) -> list[Fact]:
        out: list[Fact] = []
        for key in ("round", "phase", "maharaja", "last_round"):
            if key in given:
                out.append(self.fact(key, start.get(key, given[key])))
        by_owner: dict[str, list[str]] = {}
        for village, houses in (given.get("villages") or {}).items():
            for colour in dict.fromkeys(houses or []):
                n = houses.count(colour)
                by_owner.setdefault(colour, []).append(village + (f" ({n} houses)" if n > 1 else ""))
        if by_owner:
            out.append(Table("Houses in the villages", ("Player", "Villages with a house of theirs"),
                             tuple((self.player(c), ", ".join(v)) for c, v in by_owner.items())))
        rows = []
        for slug, city in (given.get("cities") or {}).items():
            city = ((start.get("cities") or {}).get(slug)) or city or {}
            houses = city.get("houses") or {}
            rows.append((self.place(slug).removeprefix("city "), self.player(city["inner"]) if city.get("inner") else "—",
                         self.players(city.get("outer") or []) if city.get("outer") else "—",
                         self.houses([c for c, n in houses.items() for _ in range(n)]) if houses else "—"))
        if rows:
            out.append(Table("The cities", ("City", "Inner palace", "Outer palaces", "Houses"), tuple(rows)))
        if "track" in given:
            out.append(self.track(start.get("track") or given["track"]))
        if "bank_characters" in given:
            out.append(self.bank_characters(start.get("bank_characters", given["bank_characters"])))
        return out
