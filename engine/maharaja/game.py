"""Maharaja, the public entry point of its engine.

``Maharaja(players=4)`` holds the static rules; ``new_state()`` starts a game waiting for chance to
stack the governor markers; ``legal_actions(state)`` lists the choices of the decision on top;
``apply(state, action)`` checks and plays one, in place. Notation, one action per line:

- setup: ``chance marker d`` (the next governor marker, bottom up), ``red character 3``,
  ``red bid 4`` / ``red pass`` (advanced game 1), ``red house ab1`` (a starting house);
- a round: ``red disc gold palace-house`` (the two arrows), then on the turn ``red travel s-b``
  (along a road), ``red gold``, ``red house b``, ``red palace inner``, ``red move ab1 b``,
  ``red quarry``, ``red governor d``, ``red swap 5``, ``red free-house ab2``, ``red free-move ab1 b``,
  ``red chit quarry``, ``red end``; ``blue character 3`` after losing a card to a swap.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cached_property
from itertools import chain, combinations_with_replacement
from typing import Any

from catalog import Catalog
from catalog.kinds import Game
from engine.core import CHANCE, Action, Decision, DecisionGame, InvalidState, interned
from engine.maharaja import flow
from engine.maharaja.board import Graph
from engine.maharaja.explain import why_not
from engine.maharaja.invariants import invariant_problems, sound
from engine.maharaja.position import position_problems, shape_problems
from engine.maharaja.rules import ADVANCED_1, DEFAULT_BOARD, GAME, READS, Rules
from engine.maharaja.state import City, Player, State
from engine.maharaja.turn import Turn
from engine.merge import merge


class Maharaja(DecisionGame):
    name = GAME
    READS = READS
    notation_rule = "maharaja.round.turn-order"
    over_rule = "maharaja.end.triggers"

    def __init__(self, players: tuple[str, ...] | list[str] | int = 4, variants: tuple[str, ...] | list[str] = (),
                 catalog: Catalog | None = None, board: str = DEFAULT_BOARD, fewer_players: bool | str = True):
        _option_types(players, variants, board, fewer_players)
        self.rules = Rules.load(frozenset(variants), catalog, board)
        # the automatic variant for 2-4 players (neutral palaces in every garden) can be switched off
        self.fewer_players = fewer_players if isinstance(fewer_players, bool) else _yes(fewer_players)
        self.graph = Graph(self.rules.board)
        game = self.rules.catalog.typed("games", Game, GAME)[0]
        self.player_counts = tuple(range(game.players_min, game.players_max + 1))
        colours = self.rules.starting.colours
        count = players if isinstance(players, int) else len(players)
        if count not in self.player_counts:
            raise ValueError(f"Maharaja is played by {self.player_counts[0]} to {self.player_counts[-1]} players, got {count}")
        chosen = tuple(colours[:count]) if isinstance(players, int) else tuple(players)
        if len(set(chosen)) != count or not set(chosen) <= set(colours):
            raise ValueError(f"players are distinct colours of {', '.join(colours)}; got {', '.join(map(str, chosen))}")
        self.players = chosen

    # --- states ---------------------------------------------------------------------------------

    def new_state(self) -> State:
        rules, graph = self.rules, self.graph
        players = {c: Player(gold=rules.starting.gold, reserve=rules.starting.houses_in_villages, architect=graph.start)
                   for c in self.players}
        cities = {c: City() for c in graph.cities}
        if self.fewer_players and len(self.players) < len(rules.starting.colours):  # maharaja.setup.fewer-players
            absent = [c for c in rules.starting.colours if c not in self.players]
            for city in cities.values():
                city.outer = list(absent)
        state = State(players=players, villages={v: [] for v in graph.villages}, cities=cities,
                      track=[None] * rules.track_length, bank=0, maharaja=graph.start,
                      bank_characters=sorted(rules.characters),
                      chits_bank=rules.starting.action_chits if rules.on(ADVANCED_1) else 0)
        flow.advance(state, rules, graph)
        return state

    def scenario_start(self, given: dict[str, Any]) -> State:
        """Round 1 after a plain setup (markers A to G from the bottom, characters by seat, no houses
        on the board, 6 in each reserve), edited by ``given``. ``to_move`` during turns starts that
        player's turn, everyone ranked before them having acted."""
        state = self.new_state()
        for city in self.graph.cities:
            self.apply(state, Action(CHANCE, "marker", (city,)))
        state.pending, state.log, state.auction = [], [], None
        for number, colour in enumerate(self.players, start=1):  # dealt, not chosen or auctioned
            state.bank_characters.remove(number)
            state.players[colour].characters = [number]
            state.players[colour].reserve = self.rules.starting.houses_to_reserve
        flow.start_round(state, self.rules)
        if given.get("pending"):
            raise ValueError("pending: the decisions waiting are worked out from the position; leave pending out of given")
        if given:
            data = merge(state.to_dict(), {k: v for k, v in given.items() if k not in ("to_move", "bank")})
            data["pending"] = []
            _refuse(shape_problems(data))
            state = State.from_dict(data)
            bank = given.get("bank")
            if "bank" in given and not (isinstance(bank, int) and not isinstance(bank, bool)):
                raise InvalidState(f"bank: should be a whole number, got {bank!r}"[:200])
            state.bank = bank if isinstance(bank, int) else self.gold_total() - sum(p.gold for p in state.players.values())
        if "to_move" in given:
            mover = given["to_move"]
            if not isinstance(mover, str) or mover not in state.players:
                raise ValueError(f"to_move: {mover!r} is not a player ({', '.join(state.players)})"[:300])
            if state.phase != "turns":
                raise ValueError(f"to_move: {mover!r} starts a turn, and turns are played in phase 'turns', not {state.phase!r}")
            if state.players[mover].acted:
                raise ValueError(f"to_move: {mover!r} has had their turn this round (players.{mover}.acted is true)")
            for colour in flow.by_rank(state):
                if colour == mover:
                    break
                state.players[colour].acted = True
        if given:
            _refuse(position_problems(state, self.rules, self.graph, self.players))
        if "to_move" in given:
            flow.begin_turn(state, self.rules, given["to_move"])
        self.check(state)
        flow.advance(state, self.rules, self.graph)
        return state

    def gold_total(self) -> int:
        """Gold the players and the bank's balance add up to: the bank starts at 0 after the deal."""
        return self.rules.starting.gold * len(self.players)

    def from_dict(self, raw: dict[str, Any]) -> State:
        _refuse(shape_problems(raw))
        state = State.from_dict(raw)
        self.check(state)
        return state

    def check(self, state: State) -> None:
        """Raise InvalidState naming the first broken invariant (looked for only when the quick
        test says there is one)."""
        if sound(state, self.rules, self.graph, self.gold_total()):
            return
        for problem in invariant_problems(state, self.rules, self.graph, self.gold_total()):
            raise InvalidState(problem)

    # --- play ------------------------------------------------------------------------------------

    def parse(self, state: State, text: str) -> Action:
        action = Action.parse(text)
        if action.verb == "disc" and all(a in self.rules.actions for a in action.args):
            order = list(self.rules.actions)
            return Action(action.player, action.verb, tuple(sorted(action.args, key=order.index)))
        return action

    def legal_actions(self, state: State) -> list[Action]:
        decision = self.current(state)
        if decision is None:
            return []
        rules, who = self.rules, decision.player
        if decision.kind == "marker":
            placed = {m for m in state.track if m is not None}
            return [Action(CHANCE, "marker", (c,)) for c in self.graph.cities if c not in placed]
        if decision.kind == "character":
            return [interned(who, "character", (str(n),)) for n in sorted(state.bank_characters)]
        if decision.kind == "bid":
            auction = state.auction
            assert auction is not None
            low = 0 if auction.high is None else auction.high + 1
            bids = [interned(who, "bid", (str(n),)) for n in range(low, state.players[who].gold + 1)]
            return bids + ([interned(who, "pass")] if auction.high is not None else [])
        if decision.kind == "village":
            cap = rules.village_capacity(len(state.players))
            return [interned(who, "house", (v,)) for v in self.graph.villages if len(state.villages[v]) < cap]
        if decision.kind == "disc":
            return list(self._disc_choices(who))  # a copy: the game keeps its own
        if decision.kind == "give":
            return [interned(who, "give", (str(n),)) for n in sorted(state.players[who].characters)]
        return Turn(state, rules, self.graph, who).legal()

    def _disc_choices(self, who: str) -> list[Action]:
        """A player's ways to set the disc's two arrows: the same every round, so listed once a game."""
        known = self._discs.get(who)
        if known is None:
            known = self._discs[who] = [interned(who, "disc", pair) for pair in combinations_with_replacement(self.rules.actions, 2)]
        return known

    @cached_property
    def _discs(self) -> dict[str, list[Action]]:
        return {}

    def why_illegal(self, state: State, decision: Decision, action: Action) -> tuple[str, str]:
        if action.player != decision.player:
            return decision.rule, f"it is {decision.player}'s decision ({decision.kind}), not {action.player}'s"
        if decision.kind == "turn":
            return why_not(Turn(state, self.rules, self.graph, decision.player), action)
        return decision.rule, f"not a legal choice for this decision ({decision.kind})"

    def _apply(self, state: State, decision: Decision, action: Action) -> None:
        player = state.players.get(action.player)
        if decision.kind == "marker":
            state.track[sum(m is not None for m in state.track)] = action.args[0]
        elif decision.kind == "character":
            assert player is not None
            number = int(action.args[0])
            state.bank_characters.remove(number)
            player.characters.append(number)
            if state.auction is not None and decision.rule == "maharaja.advanced.character-auction":
                paid = state.auction.high or 0
                player.gold -= paid
                state.bank += paid
                state.auction = None
        elif decision.kind == "bid":
            self._bid(state, action)
        elif decision.kind == "village":
            assert player is not None
            player.reserve -= 1
            state.villages[action.args[0]].append(action.player)
        elif decision.kind == "disc":
            assert player is not None
            player.disc = list(action.args)
        elif decision.kind == "give":
            assert player is not None
            number = int(action.args[0])
            player.characters.remove(number)
            state.players[decision.data["to"]].characters.append(number)
        else:
            Turn(state, self.rules, self.graph, action.player).play(action)
        flow.advance(state, self.rules, self.graph)

    def _bid(self, state: State, action: Action) -> None:
        auction = state.auction
        assert auction is not None
        if action.verb == "pass":
            at = auction.bidders.index(action.player)
            auction.bidders.remove(action.player)
            auction.next = at % len(auction.bidders)
        else:
            auction.high, auction.leader = int(action.args[0]), action.player
            auction.next = (auction.bidders.index(action.player) + 1) % len(auction.bidders)

    # --- outcome ---------------------------------------------------------------------------------

    def is_terminal(self, state: State) -> bool:
        return state.phase == "over"

    def scores(self, state: State) -> dict[str, int]:
        """Palaces built: the first thing the final ranking looks at."""
        return {p: state.palaces_built(p) for p in state.players}

    def winners(self, state: State) -> list[str]:
        return flow.ranking(state)[:1] if self.is_terminal(state) else []

    def progress(self, state: State) -> dict[str, int]:
        """Counts that never go back: houses move but never leave the board, palaces stay."""
        playing, cities = state.players.__contains__, state.cities.values()
        # the players' pieces counted by C-level passes over every piece on the board
        houses = sum(map(playing, chain.from_iterable(state.villages.values())))
        houses += sum(n for city in cities for colour, n in city.houses.items() if playing(colour))
        palaces = sum(map(playing, chain.from_iterable(city.outer for city in cities)))
        palaces += sum(map(playing, [city.inner for city in cities]))
        return {"round": state.round, "palaces": palaces, "houses on the board": houses}

    def playout_weights(self, state: State, actions: list[Action]) -> list[float]:
        """Random play that gets somewhere: travel and ending a turn early are rarer than building."""
        weights = _WEIGHTS_TASKS_LEFT if any(t.parts for t in state.turn.tasks) else _WEIGHTS_DONE
        return [weights.get(a.verb, 1.0) for a in actions]


# The random player's weights by verb (1 for the rest), with parts of the marked actions left or none.
_WEIGHTS_TASKS_LEFT = {"travel": 0.4, "end": 0.3, "free-move": 0.3, "move": 0.5}
_WEIGHTS_DONE = {**_WEIGHTS_TASKS_LEFT, "end": 4.0}


def _refuse(problems: Iterator[str]) -> None:
    """Raise InvalidState with the first problem, if any (its message begins with the field's path)."""
    for problem in problems:
        raise InvalidState(problem)


def _option_types(players: Any, variants: Any, board: Any, fewer_players: Any) -> None:
    """Options as a scenario file or the command line may pass them, refused in words when of the wrong kind."""
    if not (isinstance(players, int) and not isinstance(players, bool)) and not (
            isinstance(players, (list, tuple)) and all(isinstance(p, str) for p in players)):
        raise ValueError(f"players is a number of players or a list of colours, got {players!r}"[:200])
    if not isinstance(variants, (list, tuple)) or not all(isinstance(v, str) for v in variants):
        raise ValueError(f"variants is a list of variant names, got {variants!r}"[:200])
    if not isinstance(board, str):
        raise ValueError(f"board is a board's id, got {board!r}"[:200])
    if not isinstance(fewer_players, (bool, str)):
        raise ValueError(f"fewer_players is true or false, got {fewer_players!r}"[:200])


def _yes(text: str) -> bool:
    """An option's text as a yes or no (the command line passes options as text)."""
    if text.lower() in ("true", "yes", "on", "1"):
        return True
    if text.lower() in ("false", "no", "off", "0"):
        return False
    raise ValueError(f"fewer_players is true or false, got {text!r}")
