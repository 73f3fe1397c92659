"""Pillars of the Earth: Builders Duel, the public entry point of its engine.

``Duel()`` holds the static rules; ``new_state()`` starts a game waiting for chance (the seal
stack's order, then the cards of the offer one by one); ``legal_actions(state)`` lists the
choices of the decision on top; ``apply(state, action)`` checks and plays one, in place.
"""

from __future__ import annotations

from itertools import permutations
from typing import Any

from engine.core import (CHANCE, Action, ActionSyntaxError, Decision, DecisionGame, InvalidState, format_bundle,
                         interned, parse_bundle, to_move_index)
from engine.duel import effects, flow
from engine.duel.cards import card_in_play
from engine.duel.effects import line_type
from engine.duel.rules import GAME, Rules
from engine.duel.invariants import Invariants, invariant_problems
from engine.duel.state import Player, State
from engine.merge import merge
from catalog import Catalog

_PLAYOUT_WEIGHTS = {"build": 50.0, "use": 4.0, "play": 4.0, "done": 0.3, "concede": 0.5, "buy": 0.5, "buy-seals": 0.5}


class Duel(DecisionGame):
    """The two-player game with the chosen variants (``no-flicking``)."""

    name = GAME
    player_counts = (2,)
    notation_rule = "duel.notation"
    over_rule = "duel.end.complete-building"

    def __init__(self, players: tuple[str, ...] | list[str] | int = 2, variants: tuple[str, ...] | list[str] = (),
                 catalog: Catalog | None = None):
        self.rules = Rules.load(frozenset(variants), catalog)
        unknown = set(variants) - self.rules.known_variants
        if unknown:
            raise ValueError(f"unknown variant(s) {sorted(unknown)} (known: {', '.join(sorted(self.rules.known_variants))})")
        expected = self.rules.players
        fits = players == len(expected) if isinstance(players, int) else set(players) == set(expected) and len(players) == 2
        if not fits:
            got = players if isinstance(players, int) else ", ".join(map(str, players)) or "none"
            raise ValueError(f"the Duel is played by exactly {len(expected)} players, {' and '.join(expected)} "
                             f"({expected[0]} starts), got {got}")
        self.players = expected
        self.invariants = Invariants(self.rules)

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
        self._complete_given(data, given)
        if "order" not in given:
            data["order"] = [data["power"], next(p for p in self.players if p != data["power"])]
        state = State.from_dict(data)
        for text in state.offer:
            if text is not None:
                card_in_play(self.rules, text).effect()  # fail early on an unknown card or missing value
        if "to_move" in given and state.phase == "turns":
            state.done = state.order[:to_move_index(state.order, given["to_move"])]
        self.check(state)
        flow.advance(state, self.rules)
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
        decision = self.current(state)
        if decision is None:
            return []
        return LEGAL[decision.kind](self, state, decision)

    def why_illegal(self, state: State, decision: Decision, action: Action) -> tuple[str, str]:
        return why_illegal(self, state, decision, action)

    def _apply(self, state: State, decision: Decision, action: Action) -> None:
        APPLY[decision.kind](self, state, decision, action)
        flow.advance(state, self.rules)

    def playout_weights(self, state: State, actions: list[Action]) -> list[float]:
        """Random games lean towards building and using cards, so that they reach the end rules."""
        weight = _PLAYOUT_WEIGHTS
        return [weight.get(a.verb, 1.0) * (3.0 if a.verb in ("convert", "take") and a.args[0] != "nothing" else 1.0)
                for a in actions]

    def progress(self, state: State) -> dict[str, int]:
        """Values that never go back (checked by the playouts)."""
        rounds = (state.year - 1) * self.rules.structure.rounds_per_year + state.round
        return {"round": rounds, "sections finished": sum(len(p.finished) for p in state.players.values())}

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


# --- decisions: legal actions -------------------------------------------------------------------------


def _legal_stack(game: Duel, state: State, d: Decision) -> list[Action]:
    return [interned(CHANCE, "stack", (",".join(p),)) for p in sorted(set(permutations(game.spare_seals())))]


def _legal_deal(game: Duel, state: State, d: Decision) -> list[Action]:
    return [interned(CHANCE, "deal", (text,)) for text in sorted(set(state.draw))]


def _legal_place(game: Duel, state: State, d: Decision) -> list[Action]:
    first = state.lines.get(state.order[0]) if d.player != state.order[0] else None
    return [interned(d.player, "line", (name,)) for name in game.rules.lines if first is None or line_type(name) != line_type(first)]


def _legal_siege(game: Duel, state: State, d: Decision) -> list[Action]:
    return [interned(d.player, "pass")] + [interned(d.player, "play", (t,)) for t in sorted(set(flow.withdraw_cards(state, game.rules, d.player)))]


def _legal_flick(game: Duel, state: State, d: Decision) -> list[Action]:
    me = state.players[d.player]
    seals = sorted(set(me.seals)) + (["personal"] if me.personal_seal else [])
    cost = game.rules.high_face_cost
    # each player's opening flick is compulsory (duel.discrepancy.opening-flicks)
    out = [interned(d.player, "concede")] if state.conflict is not None and state.conflict.flicked[d.player] else []
    for seal in seals:
        if cost is None:
            out.append(interned(d.player, "flick", (seal,)))
        else:
            out.append(interned(d.player, "flick", (seal, "low")))
            if me.gold >= cost:
                out.append(interned(d.player, "flick", (seal, "high")))
    return out


def _legal_face(game: Duel, state: State, d: Decision) -> list[Action]:
    return [interned(CHANCE, "face", (str(f),)) for f in sorted(set(faces(game, d.data["seal"])))]


def _legal_keep(game: Duel, state: State, d: Decision) -> list[Action]:
    assert state.conflict is not None
    return [interned(d.player, "keep", (s,)) for s in sorted({s for s in state.conflict.flicked[d.player] if s != "personal"})]


def _legal_turn(game: Duel, state: State, d: Decision) -> list[Action]:
    rules, me = game.rules, state.players[d.player]
    out = [interned(d.player, "done")]
    held = [interned(d.player, "play", (t,)) for t in sorted(set(me.held)) if t not in flow.withdraw_cards(state, rules, d.player)]
    if me.built is not None:
        # the cards won this round come before building; a kept 1x card may be played at any point of one's turn
        return out + held + [interned(d.player, "build", (n, format_bundle(b))) for n, b in build_options(game, state, d.player)]
    for cell in sorted(state.marks.get(d.player, [])):
        if cell not in state.used and card_in_play(rules, str(state.offer[cell - 1])).usable_by(d.player):
            out.append(interned(d.player, "use", (str(cell),)))
    out += held
    out += [interned(d.player, "build", (n, format_bundle(b))) for n, b in build_options(game, state, d.player)]
    return out


def faces(game: Duel, seal: str) -> list[int]:
    if seal == "personal":
        return list(game.rules.personal_seal.faces)
    return list(game.rules.neutral_seals[seal].faces)


def build_options(game: Duel, state: State, player: str) -> list[tuple[str, dict[str, int]]]:
    rules, me = game.rules, state.players[player]
    materials = {m: me.camp.get(m, 0) for m in rules.raw_of}
    out = []
    for numeral in rules.numerals:
        if numeral in me.finished or (me.built is not None and me.built != numeral):
            continue
        room = min(rules.construction.materials_per_section - len(me.sections[numeral]),
                   len(rules.construction.cost_by_materials) - me.placed)
        for bundle in effects.bundles(materials, room, 1):
            if build_cost(game, me, sum(bundle.values())) <= me.gold:
                out.append((numeral, bundle))
    return out


def build_cost(game: Duel, me: Player, count: int) -> int:
    """Gold for placing ``count`` more materials this round: the table is by the round's total."""
    if me.build_cost_each is not None:
        return me.build_cost_each * count
    table = game.rules.build_cost
    return table(me.placed + count) - (table(me.placed) if me.placed else 0)


LEGAL = {"stack": _legal_stack, "deal": _legal_deal, "place": _legal_place, "siege": _legal_siege,
         "flick": _legal_flick, "face": _legal_face, "keep": _legal_keep, "turn": _legal_turn}
for _kind in effects.LEGAL:
    LEGAL[_kind] = lambda game, state, d: effects.legal(state, game.rules, d)


# --- decisions: playing one ---------------------------------------------------------------------------


def _apply_stack(game: Duel, state: State, d: Decision, action: Action) -> None:
    state.stack = action.args[0].split(",")


def _apply_deal(game: Duel, state: State, d: Decision, action: Action) -> None:
    state.draw.remove(action.args[0])
    state.offer[state.offer.index(None)] = action.args[0]


def _apply_place(game: Duel, state: State, d: Decision, action: Action) -> None:
    state.lines[d.player] = action.args[0]
    state.marks[d.player] = list(game.rules.lines[action.args[0]])


def _apply_siege(game: Duel, state: State, d: Decision, action: Action) -> None:
    state.window_done.append(d.player)
    if action.verb == "play":
        me = state.players[d.player]
        me.held.remove(action.args[0])
        effects.use_card(state, game.rules, d.player, card_in_play(game.rules, action.args[0]), None)


def _apply_flick(game: Duel, state: State, d: Decision, action: Action) -> None:
    conflict, me = state.conflict, state.players[d.player]
    assert conflict is not None
    if action.verb == "concede":
        flow.lose(state, game.rules, d.player)
        return
    seal = action.args[0]
    if seal == "personal":
        me.personal_seal = False
    else:
        me.seals.remove(seal)
    conflict.flicked[d.player].append(seal)
    if len(action.args) > 1:  # no-flicking variant: the lower face, or the higher one for gold
        if action.args[1] == "high":
            effects.pay_in(state, d.player, game.rules.high_face_cost or 0)
        shown = max(faces(game, seal)) if action.args[1] == "high" else min(faces(game, seal))
        conflict.totals[d.player] += shown
        flow.next_flick(state, game.rules)
    else:
        conflict.flicking = d.player
        state.pending.append(Decision("face", CHANCE, "duel.conflict.flicking", {"seal": seal}))


def _apply_face(game: Duel, state: State, d: Decision, action: Action) -> None:
    conflict = state.conflict
    assert conflict is not None and conflict.flicking is not None
    conflict.totals[conflict.flicking] += int(action.args[0])
    conflict.flicking = None
    flow.next_flick(state, game.rules)


def _apply_keep(game: Duel, state: State, d: Decision, action: Action) -> None:
    flow.keep(state, action.args[0])


def _apply_turn(game: Duel, state: State, d: Decision, action: Action) -> None:
    rules, me = game.rules, state.players[d.player]
    if action.verb == "done":
        state.done.append(d.player)
        return
    state.pending.append(d)  # the turn goes on under whatever the action asks
    if action.verb == "use":
        cell = int(action.args[0])
        state.used.append(cell)
        card = card_in_play(rules, str(state.offer[cell - 1]))
        if card.one_use:
            me.held.append(card.token)
            state.log.append(f"{d.player} keeps {card.token} for later this year")
        else:
            effects.use_card(state, rules, d.player, card, cell)
    elif action.verb == "play":
        me.held.remove(action.args[0])
        effects.use_card(state, rules, d.player, card_in_play(rules, action.args[0]), None)
    elif action.verb == "build":
        numeral, bundle = action.args[0], parse_bundle(action.args[1])
        count = sum(bundle.values())
        effects.pay_in(state, d.player, build_cost(game, me, count))
        for material, n in bundle.items():
            me.camp[material] -= n
            me.sections[numeral].extend([material] * n)
        me.built, me.placed = numeral, me.placed + count
        effects.finish_section(state, rules, d.player, numeral)


def _apply_choice(game: Duel, state: State, d: Decision, action: Action) -> None:
    effects.resolve(state, game.rules, d, action)


APPLY = {"stack": _apply_stack, "deal": _apply_deal, "place": _apply_place, "siege": _apply_siege,
         "flick": _apply_flick, "face": _apply_face, "keep": _apply_keep, "turn": _apply_turn}
for _kind in effects.LEGAL:
    APPLY[_kind] = _apply_choice


def why_illegal(game: Duel, state: State, d: Decision, action: Action) -> tuple[str, str]:
    """The rule that refuses an action, and why, for the most common mistakes."""
    if action.player != d.player:
        return d.rule, f"it is {d.player}'s decision ({d.kind}), not {action.player}'s"
    me = state.players.get(d.player)
    if d.kind == "place" and action.verb == "line" and action.args and action.args[0] in game.rules.lines:
        first = state.lines.get(state.order[0])
        return "duel.round.line-type", f"{state.order[0]} placed along a {line_type(str(first))}; {d.player} must choose another kind of line"
    if d.kind == "flick" and action.verb == "concede":
        return "duel.conflict.first", f"{d.player} must flick a seal once before giving up"
    if d.kind == "turn" and action.verb == "use" and me is not None and me.built is not None:
        return "duel.cards.execution", f"{d.player} has started building this turn; cards are used before building"
    if d.kind == "turn" and action.verb == "use" and action.args:
        cell = int(action.args[0]) if action.args[0].isdigit() else 0
        if cell in state.used:
            return "duel.cards.execution", f"the card in cell {cell} has been used this turn"
        if cell not in state.marks.get(d.player, []):
            return "duel.cards.execution", f"{d.player} has no marker on cell {cell}"
        return "duel.cards.neutral-and-personal", f"the card in cell {cell} is another player's personal card"
    if d.kind == "turn" and action.verb == "build" and me is not None and len(action.args) == 2:
        numeral = action.args[0]
        if me.built is not None and me.built != numeral:
            return "duel.building.one-section", f"{d.player} already works on section {me.built} this round"
        if numeral in me.finished:
            return "duel.building.completion", f"section {numeral} is finished"
        try:
            count = sum(parse_bundle(action.args[1]).values())
        except ActionSyntaxError:
            count = 0
        if count and me.placed + count <= len(game.rules.construction.cost_by_materials):
            cost = build_cost(game, me, count)
            if cost > me.gold:
                return "duel.building.cost", f"placing {count} material(s) costs {cost} gold and {d.player} has {me.gold}"
        return "duel.building.materials", f"{d.player} cannot place {action.args[1]} on section {numeral}"
    return d.rule, f"not a legal choice for this decision ({d.kind})"
