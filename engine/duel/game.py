"""Pillars of the Earth: Builders Duel, the public entry point of its engine.

``Duel()`` holds the static rules; ``new_state()`` starts a game waiting for chance (the seal
stack's order, then the cards of the offer one by one); ``legal_actions(state)`` lists the
choices of the decision on top; ``apply(state, action)`` checks and plays one, in place.
"""

from __future__ import annotations

from typing import Any

from engine.core import CHANCE, Action, Decision, DecisionGame, InvalidState, to_move_index
from engine.duel import flow
from engine.duel.decisions import APPLY, LEGAL, Lookups, why_illegal
from engine.duel.rules import GAME, READS, Rules
from engine.duel.invariants import Invariants, invariant_problems
from engine.duel.position import completed_problems, position_problems
from engine.duel.state import Player, State
from engine.merge import merge
from catalog import Catalog

_PLAYOUT_WEIGHTS = {"build": 50.0, "use": 4.0, "play": 4.0, "done": 0.3, "concede": 0.5, "buy": 0.5, "buy-seals": 0.5}
"""Players' verbs only: chance's moves are chosen uniformly."""


class Duel(DecisionGame):
    """The two-player game with the chosen variants (``no-flicking``)."""

    name = GAME
    READS = READS
    player_counts = (2,)
    notation_rule = "duel.notation"
    over_rule = "duel.end.complete-building"

    def __init__(self, players: tuple[str, ...] | list[str] | int = 2, variants: tuple[str, ...] | list[str] = (),
                 catalog: Catalog | None = None):
        self.rules: Rules = Rules.load(frozenset(variants), catalog)
        unknown = set(variants) - self.rules.known_variants
        if unknown:
            raise ValueError(f"unknown variant(s) {sorted(unknown)} (known: {', '.join(sorted(self.rules.known_variants))})")
        expected = self.rules.players
        if isinstance(players, str):  # one name (an option written players=red) is not a list of letters
            players = [players]
        fits = players == len(expected) if isinstance(players, int) else set(players) == set(expected) and len(players) == 2
        if not fits:
            got = players if isinstance(players, int) else ", ".join(map(str, players)) or "none"
            raise ValueError(f"the Duel is played by exactly {len(expected)} players, {' and '.join(expected)} "
                             f"({expected[0]} starts), got {got}")
        self.players = expected
        self.invariants = Invariants(self.rules)
        self.lookups = Lookups(self.rules)
        self.rounds_per_year = self.rules.structure.rounds_per_year
        self._texts: dict[int, tuple[Action, str]] = {}
        """id of a listed action -> (the action, its text for the log)."""

    # --- states ---------------------------------------------------------------------------------

    def new_state(self) -> State:
        """The game after setup, waiting for chance to stack the spare seals and deal the offer."""
        rules = self.rules
        players = {}
        for colour in self.players:
            seals = [name for name, seal in rules.neutral_seals.items() for _ in range(seal.per_player_at_start)]
            camp = {raw: r.start_in_camp for raw, r in rules.raws.items() if r.start_in_camp}
            reserve = {raw: (r.per_player or 0) - r.start_in_camp for raw, r in rules.raws.items()}
            players[colour] = Player(gold=rules.starting_gold, seals=seals, camp=camp, reserve=reserve,
                                     sections={n: [] for n in rules.numerals})
        state = State(players=players, power=self.players[0], offer=[None] * rules.cells,
                      bank=rules.bank_total - rules.starting_gold * len(players),
                      stack=[], draw=rules.assumed_deck(1), order=list(self.players),
                      marks={p: [] for p in self.players})
        state.pending = [Decision("stack", CHANCE, "duel.setup.pieces")]
        return state

    def spare_seals(self) -> list[str]:
        given = {name: seal.per_player_at_start * len(self.players) for name, seal in self.rules.neutral_seals.items()}
        return [name for name, seal in self.rules.neutral_seals.items() for _ in range(seal.count - given[name])]

    def scenario_start(self, given: dict[str, Any]) -> State:
        """The standard start (spare seals stacked in catalog order, nothing dealt) edited by ``given``.

        A complete ``offer`` of card tokens skips the deal; ``phase`` and ``to_move`` resume elsewhere
        (``phase: turns, to_move: blue``).
        """
        state = self.new_state()
        self.apply(state, Action(CHANCE, "stack", (",".join(self.spare_seals()),)))
        if not given:
            return state
        data = merge(state.to_dict(), {k: v for k, v in given.items() if k != "to_move"})
        data["pending"] = []
        if "offer" in given and None not in given["offer"] and "draw" not in given:
            draw = list(data["draw"])
            for text in given["offer"]:
                if text in draw:
                    draw.remove(text)
            data["draw"] = draw
        for problem in position_problems(data, self.rules):  # before anything reads the position
            raise InvalidState(problem)
        self._complete_given(data, given)
        for problem in completed_problems(data, self.rules):
            raise InvalidState(problem)
        if "order" not in given:
            data["order"] = [data["power"], next(p for p in self.players if p != data["power"])]
        state = State.from_dict(data)
        if "to_move" in given and state.phase == "turns":
            state.done = state.order[:to_move_index(state.order, given["to_move"])]
        self.check(state)
        flow.advance(state, self.rules)
        decision = self.current(state)
        if "to_move" in given and (decision is None or decision.player != given["to_move"]):
            deciding = f"{decision.player} decides ({decision.kind})" if decision else "nobody decides (the game is over)"
            raise InvalidState(f"to_move: {given['to_move']!r}, but in this position {deciding}"[:200])
        return state

    def _complete_given(self, data: dict[str, Any], given: dict[str, Any]) -> None:
        """What ``given`` leaves out follows from what it says: the bank holds the gold the players do
        not; markers of finished sections left play (wool first, then in catalog order); the reserve
        holds every marker that is nowhere else."""
        rules = self.rules
        for colour, player in data["players"].items():
            said = (given.get("players") or {}).get(colour) or {}
            placed = {raw: player["camp"].get(raw, 0) + player["camp"].get(rules.material_of[raw], 0)
                      + sum(s.count(rules.material_of[raw]) for s in player["sections"].values()) for raw in rules.raws}
            if "boxed" not in said and player["finished"]:
                left = rules.construction.materials_per_section * len(player["finished"])
                boxed: dict[str, int] = {}
                for raw in sorted(rules.raws, key=lambda r: r != "wool"):
                    n = min(left, (rules.raws[raw].per_player or 0) - placed[raw])
                    if n > 0:
                        boxed[raw], left = n, left - n
                player["boxed"] = boxed
            if "reserve" not in said:
                player["reserve"] = {raw: (r.per_player or 0) - placed[raw] - player["boxed"].get(raw, 0)
                                     for raw, r in rules.raws.items()}
        if "bank" not in given:
            data["bank"] = rules.bank_total - sum(p["gold"] for p in data["players"].values())

    def from_dict(self, raw: dict[str, Any]) -> State:
        state = State.from_dict(raw)
        self.check(state)
        return state

    def check(self, state: State) -> None:
        if self.invariants.holds(state):
            return
        for problem in invariant_problems(state, self.rules):
            raise InvalidState(problem)

    # --- play ------------------------------------------------------------------------------------

    def legal_actions(self, state: State) -> list[Action]:
        pending = state.pending
        if not pending:
            return []
        decision = pending[-1]
        return LEGAL[decision.kind](self, state, decision)

    def apply(self, state: State, action: Action | str) -> None:
        """The checked ``apply`` of every engine, with a short way for the usual case: the action is
        one of the very objects just listed for this decision (found by identity, where the list's
        ``in`` would compare it field by field with every action before it). Anything else, text
        included, goes through the shared check."""
        memo, pending = self._legal_memo, state.pending
        if (memo is not None and memo[0] is state and pending and memo[1] is pending[-1] and memo[2] == len(state.log)
                and id(action) in map(id, memo[3])):
            assert isinstance(action, Action)  # listed actions are actions
            self._legal_memo = None
            decision = pending.pop()
            text = self._texts.get(id(action))  # the entry holds its action: an id in it cannot be reused
            if text is None:
                text = self._texts[id(action)] = (action, str(action))
            state.log.append(text[1])
            self._apply(state, decision, action)
            return
        super().apply(state, action)

    def why_illegal(self, state: State, decision: Decision, action: Action) -> tuple[str, str]:
        return why_illegal(self, state, decision, action)

    def _apply(self, state: State, decision: Decision, action: Action) -> None:
        APPLY[decision.kind](self, state, decision, action)
        flow.advance(state, self.rules)

    def playout_weights(self, state: State, actions: list[Action]) -> list[float] | None:
        """Random games lean towards building and using cards, so that they reach the end rules.
        Chance's moves (stacking, dealing, faces) weigh the same: ``None``, a uniform choice."""
        if state.pending[-1].player == CHANCE:
            return None
        weight = _PLAYOUT_WEIGHTS
        return [weight.get(a.verb, 1.0) * (3.0 if a.verb in ("convert", "take") and a.args[0] != "nothing" else 1.0)
                for a in actions]

    def progress(self, state: State) -> dict[str, int]:
        """Values that never go back (checked by the playouts)."""
        finished = 0
        for me in state.players.values():
            finished += len(me.finished)
        return {"round": (state.year - 1) * self.rounds_per_year + state.round, "sections finished": finished}

    # --- the end ---------------------------------------------------------------------------------

    def is_terminal(self, state: State) -> bool:
        return state.phase == "over"

    def scores(self, state: State) -> dict[str, int]:
        """Finished sections (the first criterion of the ranking)."""
        return {p: len(me.finished) for p, me in state.players.items()}

    def ranking_key(self, state: State, player: str) -> tuple[int, ...]:
        me = state.players[player]
        values = {"sections_finished": len(me.finished),
                  "materials_on_buildings": sum(len(m) for m in me.sections.values()),
                  "gold": me.gold}
        return tuple(values[c] if c in values else int(c == f"player:{player}") for c in self.rules.ranking)

    def winners(self, state: State) -> list[str]:
        if not self.is_terminal(state):
            return []
        if state.winner:
            return [state.winner]
        return [max(self.players, key=lambda p: self.ranking_key(state, p))]
