"""How a Caylus scenario reads on the site: the engine's actions (``red place quarry-wood@9``) and
state keys (``players.red.cubes.gold``, ``road.9.owner``) as English sentences, with the catalog's
names for buildings, castle sections, phases and favours."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.caylus.kinds import Favour
from games.grammar import (
    article,
    listing,
    lower_first,
    parse_bundle,
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

CASTLE = "castle"
# the engine's phase names -> the slugs of the catalog's phases
PHASES = {"income": "income", "placement": "placement", "special": "special-buildings", "provost": "provost",
          "activation": "activation", "castle": "castle", "end_of_turn": "end-of-turn"}
DECISIONS = {
    "place": "place a worker or pass", "gate": "move the worker on the gate", "inn": "stay in the inn or leave it",
    "take": "choose the goods to take", "provost": "move the provost or leave it", "trade": "trade or decline",
    "build": "choose a building to build", "convert": "choose a building to turn into a residence",
    "castle": "hand in batches for the castle", "favour": "choose a royal favour",
    "tiles": "lay out the neutral tiles", "order": "draw the turn order",
}
# what ``decline`` and ``done`` mean in each kind of decision
DECLINES = {"gate": "take the worker on the gate back", "trade": "decline the trade", "build": "build nothing",
            "convert": "turn nothing into a residence"}
INN_CIRCLES = ("left", "right")


class CaylusNarration(Narration):
    decisions = DECISIONS
    score = Holding("prestige point", "prestige points")

    # --- names --------------------------------------------------------------------------------------

    def building(self, slug: str) -> str:
        return "the castle" if slug == CASTLE else f"the {lower_first(self.name('building', slug))}"

    def target(self, text: str) -> str:
        """A placement target: ``castle``, a special building, ``quarry-wood@9``, ``quarry-wood`` or ``9``."""
        if text.isascii() and text.isdigit():
            return f"the building on road space {text}"
        slug, _, space = text.partition("@")
        return f"{self.building(slug)} on space {space}" if space else self.building(slug)

    def section(self, slug: str) -> str:
        return f"the {lower_first(self.name('castle-section', slug))}"

    def phase(self, name: str) -> str:
        if name not in PHASES:
            raise Unworded(f"phase {name}")
        return lower_first(self.name("phase", PHASES[name]))

    def favour(self, row: str, column: str) -> str:
        row_id = f"caylus.favour-row.{row}"
        found = [f for f in self.catalog.typed("favours", Favour, self.game) if f.row == row_id and f.column == int(column)]
        if not found:
            raise Unworded(f"favour {row} {column}")
        return f"the royal favour “{found[0].names.en}” ({self.name('favour-row', row)} row, column {column})"

    # --- actions ------------------------------------------------------------------------------------

    def action(self, player: str, verb: str, args: tuple[str, ...], decision: str | None) -> Clause:
        who = self.player(player)
        if player == CHANCE:
            listed = args[0].split(",") if args else []
            if verb == "tiles":
                return Clause(who, f"lay out the neutral tiles in this order: {listing([self.building(t) for t in listed])}")
            if verb == "order":
                return Clause(who, f"set the turn order: {listing([self.player(p) for p in listed])}")
            raise Unworded(verb)
        return Clause(who, self.predicate(verb, args, decision))

    def predicate(self, verb: str, args: tuple[str, ...], decision: str | None) -> str:
        if verb == "pass" and not args:
            return "pass"
        if verb == "place" and len(args) == 1:
            where = "in the castle" if args[0] == CASTLE else f"on {self.target(args[0])}"
            return f"place a worker {where}"
        if verb == "move" and len(args) == 1:
            where = "into the castle" if args[0] == CASTLE else f"to {self.target(args[0])}"
            return f"move the worker from the gate {where}"
        if verb == "decline" and not args:
            return DECLINES.get(decision or "", "decline")
        if verb == "provost" and len(args) == 1:
            steps = int(args[0])
            if steps == 0:
                return "leave the provost where it is"
            return f"move the provost {abs(steps)} space{'s' if abs(steps) != 1 else ''} {'forward' if steps > 0 else 'back'}"
        if verb in ("stay", "leave") and not args:
            return "keep the worker in the inn" if verb == "stay" else "take the worker out of the inn"
        if verb == "take" and len(args) == 1:
            return f"take {self.goods(args[0])}"
        if verb == "trade" and len(args) == 3 and args[1] == "for":
            return f"pay {self.goods(args[0])} for {self.goods(args[2])}"
        if verb == "build" and args:
            return self.build(args)
        if verb == "convert" and len(args) == 1:
            return f"turn {self.target(args[0])} into a residence"
        if verb == "batch" and len(args) == 1:
            cubes = [self.name("resource", slug) for slug in parse_bundle(args[0])]
            return f"hand in a batch of {listing(cubes)} for the castle"
        if verb == "done" and not args:
            return "stop handing in batches" if decision in (None, "castle") else "finish"
        if verb == "favour" and len(args) == 2:
            return f"take {self.favour(*args)}"
        raise Unworded(f"{verb} {' '.join(args)}")

    def build(self, args: tuple[str, ...]) -> str:
        slug, _, space = args[0].partition("@")
        what = article(lower_first(self.name("building", slug)))
        where = f" on the residence of space {space}" if space else ""
        paying = f", paying {self.goods(args[2])}" if len(args) == 3 and args[1] == "paying" else ""
        if len(args) not in (1, 3) or (len(args) == 3 and not paying):
            raise Unworded(" ".join(args))
        return f"build {what}{where}{paying}"

    # --- the state ----------------------------------------------------------------------------------

    def holding(self, key: str) -> Holding | None:
        if key == "deniers":
            return self.resource("deniers")
        if key == "prestige":
            return self.resource("prestige")
        if key == "workers":
            return Holding("worker in hand", "workers in hand", in_changes=False)
        if key.startswith("cubes."):
            return self.resource(key.split(".", 1)[1])
        return None

    def column(self, key: str) -> str | None:
        if key.startswith("markers."):
            return f"{self.name('favour-row', key.split('.', 1)[1]).capitalize()} favours"
        if key.startswith("cubes."):
            return lower_first(self.name("resource", key.split(".", 1)[1])).capitalize()
        return super().column(key)

    def cell(self, key: str, value: Any) -> str:
        if key.startswith("markers."):
            return f"column {value}" if value else "—"
        return str(value or 0)

    def player_fact(self, player: str, key: str, value: Any) -> str:
        who = self.player(player)
        if key == "markers":
            moved = [self.marker(row, n) for row, n in value.items() if n]
            if not moved:
                return sentence(f"{who} has not moved any favour marker yet")
            rest = " (the others have not moved yet)" if len(moved) < len(value) else ""
            return sentence(f"{who}'s favour markers: " + listing(moved) + rest)
        if key.startswith("markers."):
            return sentence(f"{who}'s favour marker is {self.marker(key.split('.', 1)[1], value)}")
        raise Unworded(f"players.{player}.{key}")

    def marker(self, row: str, column: int) -> str:
        where = f"in column {column}" if column else "not moved yet"
        return f"{where} on the {self.name('favour-row', row)} row"

    def fact(self, path: str, value: Any) -> str:
        head, _, rest = path.partition(".")
        if path in ("provost", "bailiff"):
            return f"The {path} is on space {value}."
        if path == "turn":
            return f"It is turn {value}."
        if path == "phase":
            return sentence(f"the game is in {self.phase(value)}")
        if path == "turn_order":
            return sentence(f"the turn order is {self.players(value)}")
        if path == "passed":
            return sentence(f"{self.players(value)} {'has' if len(value) == 1 else 'have'} passed") if value else "Nobody has passed yet."
        if path == "castle_workers":
            return sentence(f"workers in the castle, in order: {self.players(value)}") if value else "Nobody has a worker in the castle."
        if head == "castle" and rest:
            return sentence(f"houses in {self.section(rest)}, in the order placed: {self.runs(value)}") if value \
                else sentence(f"no house is in {self.section(rest)} yet")
        if path == "scored":
            return sentence(f"{listing([self.section(s) for s in value])} {'has' if len(value) == 1 else 'have'} been scored") if value \
                else "No castle section has been scored yet."
        if path == "scoring":
            return sentence(f"the scoring of {self.section(value)} is under way") if value else "No castle section is being scored."
        if path == "batches":
            return sentence("batches handed in this turn: " + listing([f"{self.player(p)} {n}" for p, n in value.items()]))
        if head == "road" and rest:
            return self.road(rest, value)
        if head == "stock" and rest:
            tiles = f"{value} tile{'s' if value != 1 else ''}" if value else "no tile"
            return sentence(f"{tiles} of {self.building(rest)} {'are' if value not in (0, 1) else 'is'} left in the stock")
        if head == "specials" and rest:
            return self.special(rest, value)
        raise Unworded(path)

    def runs(self, colours: list[str]) -> str:
        """Houses in order; long runs of one colour counted (``4 Red, 1 Blue and 1 Green``)."""
        runs: list[list[Any]] = []
        for c in colours:
            if runs and runs[-1][0] == c:
                runs[-1][1] += 1
            else:
                runs.append([c, 1])
        if max(n for _, n in runs) < 3:
            return self.players(colours)
        return listing([f"{n} {self.player(c)}" for c, n in runs])

    def road(self, rest: str, value: Any) -> str:
        space, _, field = rest.partition(".")
        if not field:
            if value is None:
                return f"Road space {space} has no building."
            return sentence(f"road space {space} holds {self.space(value)}")
        if field == "building":
            return sentence(f"road space {space} holds {self.building(value)}") if value else f"Road space {space} has no building."
        if field == "owner":
            return sentence(f"{self.player(value)} owns the building on space {space}") if value else f"Nobody owns the building on space {space}."
        if field == "worker":
            return sentence(f"{self.player(value)} has a worker on space {space}") if value else f"No worker stands on space {space}."
        raise Unworded(f"road.{rest}")

    def space(self, space: Mapping[str, Any]) -> str:
        parts = [self.building(space["building"]) if space.get("building") else "no building"]
        if space.get("owner"):
            parts.append(f"owned by {self.player(space['owner'])}")
        if space.get("worker"):
            parts.append(f"with {self.player(space['worker'])}'s worker on it")
        return ", ".join(parts)

    def special(self, slug: str, occupants: list[str | None]) -> str:
        place = self.building(slug)
        if slug == "inn" and len(occupants) == len(INN_CIRCLES):
            parts = [f"{self.player(who)}'s worker is in the {side} circle" if who else f"the {side} circle is empty"
                     for side, who in zip(INN_CIRCLES, occupants)]
            return sentence(f"at {place}, {listing(parts)}")
        there = [o for o in occupants if o]
        return sentence(f"{self.players(there)} {'has a worker' if len(there) == 1 else 'have workers'} on {place}") if there \
            else sentence(f"nobody is on {place}")

    def situation(self, given: Mapping[str, Any], start: Mapping[str, Any]) -> list[Fact]:
        out: list[Fact] = []
        road = given.get("road") or {}
        if road:
            spaces = sorted(road, key=int)
            rows = []
            for number in spaces:
                space = (start.get("road") or {}).get(str(number)) or road[number] or {}
                rows.append((str(number), lower_first(self.name("building", space["building"])) if space.get("building") else "—",
                             self.player(space["owner"]) if space.get("owner") else "—",
                             self.player(space["worker"]) if space.get("worker") else "—"))
            out.append(Table("The road", ("Space", "Building", "Owner", "Worker"), tuple(rows)))
        for key in ("turn", "turn_order", "phase", "passed", "provost", "bailiff", "castle_workers", "scored"):
            if key in given:
                out.append(self.fact(key, start.get(key, given[key])))
        for key in ("specials", "castle"):
            for name in given.get(key) or {}:
                out.append(self.fact(f"{key}.{name}", (start.get(key) or given[key])[name]))
        return out
