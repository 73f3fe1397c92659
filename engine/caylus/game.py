"""Caylus: the public entry point of the engine.

``Caylus(players)`` holds the static rules; ``new_state()`` starts a game waiting for chance (the
neutral tiles' order, the turn order); ``legal_actions(state)`` lists the choices of the decision on
top; ``apply(state, action)`` checks and plays one (in place, like a chess board's push).
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cached_property
from itertools import permutations
from typing import Any

from engine.catalog import default_catalog
from engine.caylus import decisions, phases, position
from engine.caylus.rules import GAME, READS, Options, Rules
from engine.caylus.state import Player, Space, State
from engine.core import (
    CHANCE,
    Action,
    Decision,
    DecisionGame,
    InvalidState,
    to_move_index,
)
from engine.merge import merge
from catalog import Catalog
from catalog.kinds import Game

PLAYER_COLOURS = ("red", "blue", "green", "orange", "black")


class Caylus(DecisionGame):
    """The game for a set of players and options."""

    name = GAME
    READS = READS
    notation_rule = "caylus.notation"
    over_rule = "caylus.end.trigger"

    def __init__(self, players: tuple[str, ...] | list[str] | int = 4, variants: tuple[str, ...] | list[str] = (),
                 catalog: Catalog | None = None):
        catalog = catalog or default_catalog()
        game = catalog.typed("games", Game, GAME)[0]
        self.player_counts = tuple(range(game.players_min, game.players_max + 1))  # games.yaml: 2 to 5
        if isinstance(players, int):
            if players not in self.player_counts:  # checked before picking colours, which would cut 7 to 5
                raise ValueError(f"Caylus is played by {self.player_counts[0]} to {self.player_counts[-1]} players, got {players}")
            players = PLAYER_COLOURS[:players]
        players = tuple(players)
        if len(players) not in self.player_counts or len(set(players)) != len(players):
            raise ValueError(f"Caylus is played by {self.player_counts[0]} to {self.player_counts[-1]} different players, "
                             f"got {', '.join(map(str, players)) or 'none'}")
        if CHANCE in players:
            raise ValueError(f"{CHANCE!r} is reserved for chance")
        known = {v.id.rsplit(".", 1)[1] for v in catalog.of_kind("variants", GAME)}
        unknown = set(variants) - known
        if unknown:
            raise ValueError(f"unknown variant(s) {sorted(unknown)} (known: {', '.join(sorted(known))})")
        self.rules = Rules.load(Options(players, frozenset(variants)), catalog)
        self.players = players

    # --- states ---------------------------------------------------------------------------------

    def new_state(self) -> State:
        """A fresh game after setup, waiting for chance to lay the neutral tiles and draw the turn order."""
        rules = self.rules
        road = [Space() for _ in range(rules.road.spaces)]
        for fixed in rules.road.fixed:
            road[fixed.space - 1] = Space(building=fixed.building.rsplit(".", 1)[1])
        stock = {slug: (b.tiles or 0) for slug, b in rules.buildings.items()
                 if b.category in ("wood", "stone", "residential", "prestige") and rules.building_in_play(b)}
        rows = [r.id.rsplit(".", 1)[1] for r in rules.favour_rows]
        players = {c: Player(deniers=0, prestige=0, cubes={k: 0 for k in rules.cube_kinds} | dict(rules.setup.starting_resources),
                             workers=rules.workers_per_player(), markers={r: 0 for r in rows}) for c in self.players}
        specials: dict[str, list[str | None]] = {b.id.rsplit(".", 1)[1]: [None] * phases.circles(b) for b in rules.specials()}
        state = State(players=players, turn_order=list(self.players), road=road, provost=rules.road.provost_start,
                      bailiff=rules.road.bailiff_start, stock=stock, specials=specials,
                      castle={s.id.rsplit(".", 1)[1]: [] for s in rules.sections})
        state.pending = [Decision("chance_order", CHANCE, "caylus.setup.starting-money"),
                         Decision("chance_tiles", CHANCE, "caylus.setup.preparation")]
        return state

    def scenario_start(self, given: dict[str, Any]) -> State:
        """The standard start (neutral tiles in catalog order, turn order as the players are listed,
        turn 1 income paid) edited by a scenario's ``given``.

        Workers in hand and tiles in stock follow from what ``given`` puts on the board unless it
        sets them; ``to_move`` picks who places next in phase 2; ``cursor`` resumes another phase.
        """
        state = self.new_state()
        self.apply(state, Action(CHANCE, "tiles", (",".join(phases.neutral_tiles(self.rules)),)))
        self.apply(state, Action(CHANCE, "order", (",".join(self.players),)))
        if not given:
            return state
        changes = {k: v for k, v in given.items() if k not in ("to_move",)}
        start = state.to_dict()
        if isinstance(changes.get("road"), dict):
            # a space the start leaves empty is empty, not a copy of its neighbour (which merge
            # would take as the model of a new key, worker and owner included)
            empty = {"building": None, "owner": None, "worker": None}
            changes["road"] = {k: empty | v if str(k) not in start["road"] and isinstance(v, dict) else v
                               for k, v in changes["road"].items()}
        data = merge(start, changes)
        data["pending"] = []
        first = State.from_dict(data, self.rules.road.spaces)
        self._refuse(position.shape_problems(first, self.rules))  # before anything counts or compares its values
        placed = phases.workers_on_board(first)
        for colour, player in data["players"].items():
            if "workers" not in (given.get("players", {}).get(colour) or {}):
                player["workers"] = self.rules.workers_per_player() - placed.get(colour, 0)
        on_road: dict[str, int] = {}
        for space in data["road"].values():
            if space.get("building"):
                on_road[space["building"]] = on_road.get(space["building"], 0) + 1
        for name in data["stock"]:
            if name not in (given.get("stock") or {}):  # what given does not set follows from the road
                data["stock"][name] = max(0, (self.rules.buildings[name].tiles or 0) - on_road.get(name, 0))
        if "to_move" in given and "cursor" in given:
            raise InvalidState("cursor: give either cursor or to_move (which sets it), not both")
        if "to_move" in given:
            data["cursor"] = to_move_index(data["turn_order"], given["to_move"])
        elif "phase" in given and "cursor" not in given:
            data["cursor"] = 0
        state = State.from_dict(data, self.rules.road.spaces)
        self.check(state)
        self._refuse(position.problems(state, self.rules, self.players))
        phases.run(state, self.rules)
        return state

    @staticmethod
    def _refuse(problems: Iterator[str]) -> None:
        """Raise InvalidState with the first problem of a position (each begins with its field)."""
        for problem in problems:
            raise InvalidState(problem)

    def from_dict(self, raw: dict[str, Any]) -> State:
        state = State.from_dict(raw, self.rules.road.spaces)
        self._refuse(position.shape_problems(state, self.rules))
        self.check(state)
        return state

    def check(self, state: State) -> None:
        """Raise InvalidState naming the first broken invariant."""
        for problem in phases.invariant_problems(state, self.rules, self.players):
            raise InvalidState(problem)

    # --- play ------------------------------------------------------------------------------------

    def legal_actions(self, state: State) -> list[Action]:
        decision = self.current(state)
        if decision is None:
            return []
        if decision.kind in ("chance_tiles", "chance_order"):
            return list(self._chance_actions[decision.kind])  # a copy: the game keeps its own
        return decisions.legal(state, self.rules, decision)

    @cached_property
    def _chance_actions(self) -> dict[str, list[Action]]:
        """Every order of the neutral tiles and of the players: the same at the start of every game
        (hundreds of actions), so listed once."""
        tiles = phases.neutral_tiles(self.rules)
        return {"chance_tiles": [Action(CHANCE, "tiles", (",".join(p),)) for p in permutations(tiles)],
                "chance_order": [Action(CHANCE, "order", (",".join(p),)) for p in permutations(self.players)]}

    def parse(self, state: State, text: str) -> Action:
        """Parse an action's text, completing short forms (``red place carpenter-fixed`` -> ``...@8``)."""
        action = Action.parse(text)
        return decisions.canonical(state, self.rules, action)

    def why_illegal(self, state: State, decision: Decision, action: Action) -> tuple[str, str]:
        return decisions.why_illegal(state, self.rules, decision, action)

    def _apply(self, state: State, decision: Decision, action: Action) -> None:
        """Play an action known to be legal, then run the game on to the next decision."""
        if decision.kind == "chance_tiles":
            tiles = action.args[0].split(",")
            for space, tile in zip(self.rules.road.neutral_spaces, tiles, strict=True):
                state.road[space - 1] = Space(building=tile)
        elif decision.kind == "chance_order":
            state.turn_order = action.args[0].split(",")
            # the setup lists money for up to 5 seats; a smaller game uses the first ones
            for colour, deniers in zip(state.turn_order, self.rules.starting_deniers(), strict=False):
                state.players[colour].deniers = deniers
            state.phase = "income"
        else:
            decisions.apply(state, self.rules, decision, action)
        phases.run(state, self.rules)

    def progress(self, state: State) -> dict[str, int]:
        """Values that never go back during a game (checked by the playouts)."""
        return {"bailiff": state.bailiff, "turn": state.turn, "sections scored": len(state.scored)}

    # --- the end ---------------------------------------------------------------------------------

    def is_terminal(self, state: State) -> bool:
        return state.phase == "over"

    def scores(self, state: State) -> dict[str, int]:
        return {c: p.prestige for c, p in state.players.items()}

    def winners(self, state: State) -> list[str]:
        if not self.is_terminal(state):
            return []
        best = max(self.scores(state).values())
        return [c for c, s in self.scores(state).items() if s == best]
