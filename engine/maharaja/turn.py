"""A player's turn: travel, the parts of the marked actions in any order, the Builder's free house,
action chits, and ending the turn. ``legal(...)`` lists the choices; ``play(...)`` performs one."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import compress, repeat
from operator import contains

from engine.core import Action, Decision, interned
from engine.maharaja.board import Graph
from engine.maharaja.flow import end_turn, tasks_of
from engine.maharaja.rules import ADVANCED_1, ADVANCED_2, Rules
from engine.maharaja.state import State, Task
from games.maharaja.kinds import Road


class Turn:
    """The rules of one turn over a state: what the acting player may do, and doing it."""

    def __init__(self, state: State, rules: Rules, graph: Graph, colour: str):
        self.state, self.rules, self.graph, self.colour = state, rules, graph, colour
        self.me = state.players[colour]
        self.capacity = rules.village_capacity(len(state.players))

    # --- what is possible -------------------------------------------------------------------------

    def parts(self, part: str) -> list[Task]:
        return [t for t in self.state.turn.tasks if part in t.parts]

    def room(self, village: str) -> bool:
        return len(self.state.villages[village]) < self.capacity

    def here_city(self) -> str | None:
        return self.me.architect if self.graph.is_city(self.me.architect) else None

    def build_places(self) -> list[str]:
        """Where a house may go now: a village with room, or the city the architect stands in."""
        city = self.here_city()
        board = self.graph.villages
        houses = map(self.state.villages.__getitem__, board)
        # the villages, in board order, whose houses are fewer than the capacity (C-level passes)
        out = list(compress(board, map(self.capacity.__gt__, map(len, houses))))
        return out + [city] if city else out

    def own_houses(self) -> list[str]:
        board = self.graph.villages
        mine = map(contains, map(self.state.villages.__getitem__, board), repeat(self.colour))
        return [*compress(board, mine), *(c for c in self.graph.cities if self.state.cities[c].houses.get(self.colour, 0))]

    def moves(self) -> list[tuple[str, str]]:
        places = self.build_places()  # once, not once per house
        return [(a, b) for a in self.own_houses() for b in places if a != b]

    def fee(self, road_slug: str) -> dict[str, int]:
        """Passage fees along a road, by owner: 1 per house in each village without one of the traveller's."""
        owed: dict[str, int] = {}
        fee = self.rules.passage_fee
        for village in self.graph.roads[road_slug].villages:
            houses = self.state.villages[village]
            if self.colour not in houses:
                for owner in houses:
                    owed[owner] = owed.get(owner, 0) + fee
        return owed

    def fees(self, road: Road) -> int:
        """What travelling a road costs in all: ``fee`` summed, without listing it by owner."""
        colour, villages = self.colour, self.state.villages
        houses = sum(len(villages[v]) for v in road.villages if colour not in villages[v])
        return houses * self.rules.passage_fee

    def travels_free(self) -> bool:
        return any(n in self.rules.free_travel for n in self.me.characters)

    def open_roads(self, at: str | None = None, gold: int | None = None) -> list[str]:
        """Roads the architect can take from ``at``: every village on it holds a house, the fees are
        affordable, and a road to the start space leaves a way on (a journey ends in a city)."""
        return list(self._open_roads(at or self.me.architect, self.me.gold if gold is None else gold, self.travels_free()))

    def _open_roads(self, at: str, gold: int, free: bool) -> Iterator[str]:
        villages, start = self.state.villages, self.graph.start
        for road in self.graph.roads_at[at]:
            if not all(map(villages.__getitem__, road.villages)):
                continue
            cost = 0 if free else self.fees(road)
            if cost > gold:
                continue
            there = self.graph.other_end(road, at)
            if there == start and next(self._open_roads(there, gold - cost, free), None) is None:
                continue  # (the first road on from the start space is enough to know there is one)
            yield road.slug

    def village_house_task(self) -> Task | None:
        """The task a house in a village uses: one whose remaining houses need not all go to cities."""
        fits = [t for t in self.parts("house") if t.parts.count("house") > t.city_needed]
        return min(fits, key=lambda t: t.city_needed) if fits else None

    def city_house_task(self) -> Task | None:
        fits = self.parts("house")
        return max(fits, key=lambda t: t.city_needed) if fits else None

    def supply(self) -> int:
        return self.rules.starting.houses_per_colour - self.me.reserve - self.state.houses_on_board(self.colour)

    def free_house(self) -> tuple[bool, bool]:
        """(may build, may move) a free house with a character's ability this turn."""
        if self.state.turn.free_house_used:
            return False, False
        abilities = [self.rules.free_houses[n] for n in self.me.characters if n in self.rules.free_houses]
        return any(a.build for a in abilities), any(a.move for a in abilities)

    def legal(self) -> list[Action]:
        state, rules, me, colour = self.state, self.rules, self.me, self.colour
        out = [interned(colour, "travel", (r,)) for r in self.open_roads()]
        if me.architect == self.graph.start and state.turn.moved:
            return out  # passing through the start space: the journey goes on to a city
        parts = {part for task in state.turn.tasks for part in task.parts}  # what is left to do, once
        if "gold" in parts:
            out.append(interned(colour, "gold"))
        places = self.build_places()
        city = self.here_city()
        if "house" in parts and me.reserve and me.gold >= rules.house_cost:
            # a city takes a house of any house task; a village only of one that may still leave it there
            village_task = self.village_house_task()
            out += [interned(colour, "house", (p,)) for p in places if p == city or village_task is not None]
        if "palace" in parts and city and me.gold >= rules.palace_cost(me.characters) \
                and state.palaces_built(colour) < rules.palaces_each:
            site = state.cities[city]
            if site.inner is None and rules.facts.inner_sites_per_city:
                out.append(interned(colour, "palace", ("inner",)))
            if len(site.outer) < rules.facts.outer_sites_per_city:
                out.append(interned(colour, "palace", ("outer",)))
        may_build, may_move = self.free_house()
        moves = self.moves() if "move" in parts or may_move else []  # once for both verbs
        if "move" in parts:
            out += [interned(colour, "move", m) for m in moves]
        if "quarry" in parts and self.supply() > 0:
            out.append(interned(colour, "quarry"))
        if "governor" in parts:
            down = rules.track.move_down_spaces
            out += [interned(colour, "governor", (m,)) for i, m in enumerate(state.track) if m is not None and i >= down]
        if "swap" in parts:
            out += self.swaps()
        if may_build and me.reserve:
            out += [interned(colour, "free-house", (p,)) for p in places]
        if may_move:
            out += [interned(colour, "free-move", m) for m in moves]
        if rules.on(ADVANCED_1) and me.chits and not state.turn.chit_used:
            out += [interned(colour, "chit", (a.slug,)) for a in rules.actions.values() if a.chit_allowed]
        if not (me.architect == self.graph.start and state.turn.moved):
            out.append(interned(colour, "end"))
        return out

    def swaps(self) -> list[Action]:
        state, colour = self.state, self.colour
        if not self.rules.on(ADVANCED_2):
            return [interned(colour, "swap", (str(n),)) for n in self.rules.characters if n not in self.me.characters]
        if state.bank_characters:
            return [interned(colour, "swap", (str(n),)) for n in sorted(state.bank_characters)]
        out = [interned(colour, "swap", (str(n), str(m))) for other, p in state.players.items() if other != colour
               for n in p.characters for m in self.me.characters]
        out += [interned(colour, "entice", (other,)) for other, p in state.players.items()
                if other != colour and len(p.characters) > len(self.me.characters)]
        return out

    # --- doing it -----------------------------------------------------------------------------------

    def pay(self, gold: int) -> None:
        self.me.gold -= gold
        self.state.bank += gold

    def place_house(self, place: str) -> None:
        self.me.reserve -= 1
        if self.graph.is_city(place):
            houses = self.state.cities[place].houses
            houses[self.colour] = houses.get(self.colour, 0) + 1
        else:
            self.state.villages[place].append(self.colour)

    def take_house(self, place: str) -> None:
        self.me.reserve += 1
        if self.graph.is_city(place):
            self.state.cities[place].houses[self.colour] -= 1
            if not self.state.cities[place].houses[self.colour]:
                del self.state.cities[place].houses[self.colour]
        else:
            self.state.villages[place].remove(self.colour)

    def use(self, part: str, task: Task | None = None) -> Task:
        task = task or self.parts(part)[0]
        task.parts.remove(part)
        return task

    def play(self, action: Action) -> None:
        state, rules, me = self.state, self.rules, self.me
        verb, args = action.verb, action.args
        if verb == "travel":
            self.travel(args[0])
        elif verb == "gold":
            effect = rules.actions[self.use("gold").action].effect
            gained = effect.gold if effect.kind == "gain_gold" else 0
            me.gold += gained
            state.bank -= gained
        elif verb == "house":
            city = self.graph.is_city(args[0])
            task = self.city_house_task() if city else self.village_house_task()
            self.use("house", task)
            if city and task is not None and task.city_needed:
                task.city_needed -= 1
            self.pay(rules.house_cost)
            self.place_house(args[0])
        elif verb == "palace":
            self.use("palace")
            self.pay(rules.palace_cost(me.characters))
            garden = state.cities[me.architect]
            if args[0] == "inner":
                garden.inner = self.colour
            else:
                garden.outer.append(self.colour)
        elif verb in ("move", "free-move"):
            if verb == "move":
                self.use("move")
            else:
                state.turn.free_house_used = True
            self.take_house(args[0])
            self.place_house(args[1])
        elif verb == "free-house":
            state.turn.free_house_used = True
            self.place_house(args[0])
        elif verb == "quarry":
            task = self.use("quarry")
            effect = rules.actions[task.action].effect
            wanted = effect.count if effect.kind == "take_houses_from_bank" else 0
            taken = min(wanted, self.supply())
            me.reserve += taken
            state.turn.undone |= taken < wanted
        elif verb == "governor":
            task = self.use("governor")
            effect = rules.actions[task.action].effect
            self.move_marker(args[0], effect.spaces if effect.kind == "move_governor_down" else 0)
        elif verb in ("swap", "entice"):
            self.use("swap")
            self.swap(action)
        elif verb == "chit":
            me.chits -= 1
            state.chits_bank += 1
            state.turn.chit_used = True
            state.turn.tasks.append(tasks_of(rules, args[0]))
        elif verb == "end":
            end_turn(state, rules)

    def travel(self, road_slug: str) -> None:
        owed = self.fee(road_slug)
        for owner, gold in owed.items():
            self.state.players[owner].gold += gold
            if self.travels_free():
                self.state.bank -= gold
            else:
                self.me.gold -= gold
        self.me.architect = self.graph.other_end(self.graph.roads[road_slug], self.me.architect)
        self.state.turn.moved = True

    def move_marker(self, city: str, spaces: int) -> None:
        """Down ``spaces`` places; what it passes, markers or empty spaces, moves up one each."""
        track = self.state.track
        i = track.index(city)
        track[i - spaces:i + 1] = [city, *track[i - spaces:i]]

    def swap(self, action: Action) -> None:
        state, me = self.state, self.me
        if action.verb == "entice":
            state.pending.append(Decision("give", action.args[0], "maharaja.advanced.several-swap", {"to": self.colour}))
            return
        wanted = int(action.args[0])
        holder = state.holder(wanted)
        if self.rules.on(ADVANCED_2):
            if holder is None:
                state.bank_characters.remove(wanted)
                me.characters.append(wanted)
            else:
                given = int(action.args[1])
                state.players[holder].characters.remove(wanted)
                me.characters.remove(given)
                state.players[holder].characters.append(given)
                me.characters.append(wanted)
            return
        state.bank_characters += me.characters
        me.characters = [wanted]
        if holder is None:
            state.bank_characters.remove(wanted)
        else:
            state.players[holder].characters = []
            state.pending.append(Decision("character", holder, "maharaja.actions.character-swap"))
