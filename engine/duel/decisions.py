"""The Duel's decisions: what each kind lists as legal, how a chosen action is played, and why an
action that is not listed is refused. ``game.py`` dispatches to these by the decision's kind."""

from __future__ import annotations

from itertools import permutations
from typing import TYPE_CHECKING

from engine.core import CHANCE, Action, ActionSyntaxError, Decision, format_bundle, interned, parse_bundle
from engine.duel import effects, flow
from engine.duel.cards import card_in_play
from engine.duel.effects import line_type
from engine.duel.rules import Rules
from engine.duel.state import Player, State

if TYPE_CHECKING:  # the game class imports this module
    from engine.duel.game import Duel


class ActionsBy(dict[str, Action]):
    """Argument -> the one action of a player and verb with that single argument, made when first asked."""

    def __init__(self, player: str, verb: str):
        super().__init__()
        self.player, self.verb = player, verb

    def __missing__(self, arg: str) -> Action:
        self[arg] = action = interned(self.player, self.verb, (arg,))
        return action


class Lookups:
    """What the listings ask for at decision after decision, worked out once per game: the deal and
    face actions, and each section's building menu for a camp's materials."""

    def __init__(self, rules: Rules):
        self.rules = rules
        self.materials = tuple(rules.raw_of)
        self.per_section = rules.construction.materials_per_section
        self.cost_table_size = len(rules.construction.cost_by_materials)
        self.deal = ActionsBy(CHANCE, "deal")
        self.face_actions: dict[str, list[Action]] = {}
        self.costs: dict[tuple[int, int | None], list[int]] = {}
        """(materials placed this round, a card's price per material) -> gold for 0, 1, 2 ... more."""
        self.line_actions: dict[tuple[str, str | None], list[Action]] = {}
        """(player, the kind of line the first player chose or None) -> where the player may place."""
        self._build_menus: dict[tuple[str, str, tuple[int, ...], int], list[tuple[Action, int]]] = {}

    def build_menu(self, player: str, numeral: str, caps: tuple[int, ...], room: int) -> list[tuple[Action, int]]:
        """(build action, materials placed) for every bundle of 1..``room`` materials within ``caps``
        (counts in the order of ``materials``). Bounded: camps hold few markers."""
        key = (player, numeral, caps, room)
        menu = self._build_menus.get(key)
        if menu is None:
            bundles = effects.bundles(dict(zip(self.materials, caps, strict=True)), room, 1)
            menu = self._build_menus[key] = [(interned(player, "build", (numeral, format_bundle(b))), sum(b.values()))
                                             for b in bundles]
        return menu


# --- decisions: legal actions -------------------------------------------------------------------------


def _legal_stack(game: Duel, state: State, d: Decision) -> list[Action]:
    return [interned(CHANCE, "stack", (",".join(p),)) for p in sorted(set(permutations(game.spare_seals())))]


def _legal_deal(game: Duel, state: State, d: Decision) -> list[Action]:
    return list(map(game.lookups.deal.__getitem__, sorted(set(state.draw))))


def _legal_place(game: Duel, state: State, d: Decision) -> list[Action]:
    first = state.lines.get(state.order[0]) if d.player != state.order[0] else None
    key = (d.player, None if first is None else line_type(first))
    known = game.lookups.line_actions.get(key)
    if known is None:
        known = game.lookups.line_actions[key] = [interned(d.player, "line", (name,)) for name in game.rules.lines
                                                  if first is None or line_type(name) != line_type(first)]
    return list(known)


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
    seal = d.data["seal"]
    known = game.lookups.face_actions.get(seal)
    if known is None:
        known = game.lookups.face_actions[seal] = [interned(CHANCE, "face", (str(f),)) for f in sorted(set(faces(game, seal)))]
    return list(known)


def _legal_keep(game: Duel, state: State, d: Decision) -> list[Action]:
    assert state.conflict is not None
    return [interned(d.player, "keep", (s,)) for s in sorted({s for s in state.conflict.flicked[d.player] if s != "personal"})]


def _legal_turn(game: Duel, state: State, d: Decision) -> list[Action]:
    rules, player = game.rules, d.player
    me = state.players[player]
    out = [interned(player, "done")]
    held = []
    if me.held:
        withdrawing = flow.withdraw_cards(state, rules, player)  # played in the Siege window, not on a turn
        held = [interned(player, "play", (t,)) for t in sorted(set(me.held)) if t not in withdrawing]
    # the cards won this round come before building; a kept 1x card may be played at any point of one's turn
    if me.built is None:
        used, offer = state.used, state.offer
        for cell in sorted(state.marks.get(player, [])):
            if cell not in used and card_in_play(rules, str(offer[cell - 1])).usable_by(player):
                out.append(interned(player, "use", (str(cell),)))
    out += held
    out += build_actions(game, state, player)
    return out


def faces(game: Duel, seal: str) -> list[int]:
    if seal == "personal":
        return list(game.rules.personal_seal.faces)
    return list(game.rules.neutral_seals[seal].faces)


def build_actions(game: Duel, state: State, player: str) -> list[Action]:
    """Every section the player may still build on this round, with every bundle of materials that
    fits on it and that the player can pay for."""
    rules, lookups, me = game.rules, game.lookups, state.players[player]
    camp = me.camp
    caps = tuple([camp.get(m, 0) for m in lookups.materials])
    if not any(caps):
        return []
    table_size, per_section, placed, built = lookups.cost_table_size, lookups.per_section, me.placed, me.built
    costs_key = (placed, me.build_cost_each)
    cost = lookups.costs.get(costs_key)
    if cost is None:  # what 0, 1, 2 ... more materials cost this round
        cost = lookups.costs[costs_key] = [0] + [build_cost(game, me, count) for count in range(1, table_size - placed + 1)]
    gold, out, finished, sections = me.gold, [], me.finished, me.sections
    for numeral in rules.numerals:
        if numeral in finished or (built is not None and built != numeral):
            continue
        room = min(per_section - len(sections[numeral]), table_size - placed)
        if room > 0:
            out += [action for action, count in lookups.build_menu(player, numeral, caps, room) if cost[count] <= gold]
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
    state.stack = [seal for seal in action.args[0].split(",") if seal]  # a catalog may leave no seal spare


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
        cell = int(action.args[0]) if action.args[0].isascii() and action.args[0].isdigit() else 0
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
