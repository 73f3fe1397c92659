"""Decisions: the legal actions of each kind of choice, and what playing one does.

Action notation (``<player> <verb> <arguments>``):
``red pass`` · ``red place castle`` · ``red place quarry-wood@9`` · ``red move inn`` / ``red decline``
(gate) · ``blue provost +2`` · ``red take 2food`` · ``red trade 2deniers for 3prestige`` ·
``red build farm-wood-food`` · ``red build peddler-wood paying wood+gold`` · ``red build statue@12``
(architect, on the residence of space 12) · ``blue convert quarry-neutral@4`` · ``red batch food+wood+stone``
· ``red done`` · ``red favour resources 2`` · ``red stay`` / ``red leave`` (inn).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from engine.catalog import slug
from engine.caylus import effects
from engine.caylus.rules import Rules
from engine.caylus.state import State
from engine.core import Action, ActionSyntaxError, Decision, covers, format_bundle, interned, parse_bundle

CASTLE = "castle"


# --- placing workers -----------------------------------------------------------------------------


def placement_targets(state: State, rules: Rules, player: str, by_gate: bool = False) -> list[str]:
    """Where a worker of ``player`` may go now: special buildings, the castle, road buildings."""
    out = []
    for name, role in rules.special_places:
        occupants = state.specials[name]
        if role == "claim":
            if None in occupants and player not in occupants:
                out.append(name)
        elif occupants[0] is None and not (by_gate and role == "gate"):  # a new worker enters the inn's left circle
            out.append(name)
    if len(state.castle_workers) < rules.castle.worker_spaces and player not in state.castle_workers:
        out.append(CASTLE)
    for i, space in enumerate(state.road):
        if space.building and space.worker is None and rules.buildings[space.building].accepts_workers:
            out.append(f"{space.building}@{i + 1}")
    return out


def placements(state: State, rules: Rules, player: str) -> list[Action]:
    """The place decision's actions: pass, or a worker to every free target the player can pay
    for (``placement_targets`` priced by ``placement_price``, in one pass: asked at most steps)."""
    out = [interned(player, "pass")]
    me = state.players[player]
    if me.workers <= 0:
        return out
    deniers = me.deniers
    pricing = placement_price(state, rules, player)
    usual = pricing.usual if pricing.flat is None else pricing.flat
    own = pricing.own_building if pricing.flat is None else pricing.flat
    if usual <= deniers:
        out += [interned(player, "place", (name,)) for name, role in rules.special_places
                if ((None in state.specials[name] and player not in state.specials[name]) if role == "claim"
                    else state.specials[name][0] is None)]
        if len(state.castle_workers) < rules.castle.worker_spaces and player not in state.castle_workers:
            out.append(interned(player, "place", (CASTLE,)))
    if own <= deniers or usual <= deniers:
        takes_workers = rules.takes_workers
        for i, space in enumerate(state.road):
            building = space.building
            if building in takes_workers and space.worker is None \
                    and (own if space.owner == player else usual) <= deniers:
                out.append(_place_on_road(player, building, i))
    return out


@cache
def _place_on_road(player: str, building: str, index: int) -> Action:
    """``<player> place <building>@<space>``, built once (the road has a bounded set of them)."""
    return interned(player, "place", (f"{building}@{index + 1}",))


def _not_a_placement(state: State, rules: Rules, player: str, target: str) -> str:
    """Why a worker cannot go to ``target``: taken, not on the road, or no such place at all."""
    name = target.rsplit("@", 1)[0]
    on_road = {space.building for space in state.road if space.building}
    if target == CASTLE or name in on_road or name in {slug(b.id) for b in rules.specials()}:
        return f"{target} is not free for {player}"
    if name in rules.buildings:
        return f"{target} is not on the road (no such building has been built)"
    places = [CASTLE, *(slug(b.id) for b in rules.specials()), *sorted(on_road)]
    return f"there is no building or place {target!r} (places: {', '.join(places)})"


def road_index(target: str) -> int | None:
    return int(target.rsplit("@", 1)[1]) - 1 if "@" in target else None


@dataclass(frozen=True)
class PlacementPrice:
    """What placing a worker costs one player at one decision, whatever the target: worked out once
    per decision, then asked of every target."""

    flat: int | None
    """The inn's price for its guest, which replaces every other."""
    own_building: int
    usual: int
    player: str

    def of(self, state: State, target: str) -> int:
        if self.flat is not None:
            return self.flat
        index = road_index(target)
        if index is not None and state.road[index].owner == self.player:
            return self.own_building
        return self.usual


def placement_price(state: State, rules: Rules, player: str) -> PlacementPrice:
    inn = rules.inn
    flat = inn[1] if inn is not None and state.specials[inn[0]][1] == player else None
    after_opponent = rules.placement_cost_after_opponent_passed()
    if after_opponent is not None and state.passed:
        usual = after_opponent
    else:
        scale = rules.road.passing_scale
        usual = scale[min(len(state.passed), len(scale) - 1)]
    return PlacementPrice(flat, rules.road.own_building_cost["deniers"], usual, player)


def placement_cost(state: State, rules: Rules, player: str, target: str) -> int:
    return placement_price(state, rules, player).of(state, target)


def put_worker(state: State, rules: Rules, player: str, target: str) -> None:
    """Stand a worker on a target; a building's owner scores when another player's worker arrives."""
    index = road_index(target)
    if target == CASTLE:
        state.castle_workers.append(player)
    elif index is not None:
        space = state.road[index]
        space.worker = player
        if space.owner and space.owner != player:
            effects.gain(state, space.owner, rules.road.visit_owner_reward)
    else:
        occupants = state.specials[target]
        occupants[occupants.index(None)] = player  # the lowest free circle (stables) or the left one (inn)


# --- legal actions --------------------------------------------------------------------------------


def legal(state: State, rules: Rules, decision: Decision) -> list[Action]:
    p, data = decision.player, decision.data

    def act(verb: str, *args: str) -> Action:
        return interned(p, verb, args)

    kind = decision.kind
    if kind == "place":
        return placements(state, rules, p)
    if kind == "gate":
        return [act("move", t) for t in placement_targets(state, rules, p, by_gate=True)] + [act("decline")]
    if kind == "inn":
        return [act("stay"), act("leave")]
    if kind == "take":
        return [act("take", effects.text(rules, c)) for c in data["choices"]]
    if kind == "provost":
        have = effects.wallet(state, p)  # what the player has, once for every distance
        cost = data["cost"].items()
        reach = data["max"]
        affordable = [all(have.get(res, 0) >= n * d for res, n in cost) for d in range(reach + 1)]
        low, high = rules.road.provost_min - state.provost, rules.road.provost_max - state.provost
        return [act("provost", f"{k:+d}" if k else "0") for k in range(max(-reach, low), min(reach, high) + 1)
                if affordable[abs(k)]]
    if kind == "trade":
        out = []
        have = effects.wallet(state, p)
        for option in data["options"]:
            for give in effects.concrete(rules, option["give"]):
                if covers(have, give):
                    out += [act("trade", effects.text(rules, give), "for", effects.text(rules, get))
                            for get in effects.concrete(rules, option["get"])]
        return out + [act("decline")]
    if kind == "build":
        out = []
        for name, index, payment in effects.build_options(state, rules, p, data["category"], data["site"], data["discount"]):
            out.append(act("build", *build_args(rules, name, index, payment, data)))
        return out + [act("decline")]
    if kind == "convert":
        if not effects.can_pay(state, p, data["price"]):
            return [act("decline")]
        targets = effects.convert_targets(state, rules, p, data["targets"], data["excludes"])
        return [act("convert", f"{state.road[i].building}@{i + 1}") for i in targets] + [act("decline")]
    if kind == "castle":
        return [act("batch", effects.text(rules, b)) for b in batch_options(state, rules, p)] + [act("done")]
    if kind == "favour":
        return [act("favour", row, str(column)) for row, column in effects.favour_choices(state, rules, p)]
    raise ValueError(f"unknown decision kind {kind!r}")


def build_args(rules: Rules, name: str, index: int, payment: Mapping[str, int], data: dict[str, Any]) -> list[str]:
    args = [f"{name}@{index + 1}" if data["site"] == "own_residence" else name]
    if name in rules.wildcard_costs:
        args += ["paying", effects.text(rules, payment)]
    return args


def castle_section(state: State, rules: Rules) -> str | None:
    """The section the next house goes into: the first unscored one with room (overflow included)."""
    for name, spaces in rules.section_spaces:
        if name not in state.scored and len(state.castle[name]) < spaces:
            return name
    return None


def batch_options(state: State, rules: Rules, player: str) -> list[dict[str, int]]:
    if castle_section(state, rules) is None:
        return []
    cubes = state.players[player].cubes
    return [{k: 1 for k in combo} for combo in rules.batch_kinds if all(cubes.get(k, 0) >= 1 for k in combo)]


# --- playing ------------------------------------------------------------------------------------


def apply(state: State, rules: Rules, decision: Decision, action: Action) -> None:
    p, data, kind, verb = decision.player, decision.data, decision.kind, action.verb
    player = state.players[p]
    if kind == "place":
        if verb == "pass":
            if not state.passed:
                effects.gain(state, p, rules.road.first_pass_bonus)
            state.passed.append(p)
        else:
            target = action.args[0]
            player.deniers -= placement_cost(state, rules, p, target)
            player.workers -= 1
            put_worker(state, rules, p, target)
        state.cursor = (state.turn_order.index(p) + 1) % len(state.turn_order)
    elif kind == "gate":
        gate = next(name for name, role in rules.special_places if role == "gate")
        state.specials[gate] = [None]
        if verb == "move":
            put_worker(state, rules, p, action.args[0])
        else:
            player.workers += 1
    elif kind == "inn":
        if verb == "leave":
            assert rules.inn is not None  # an inn decision comes only from the inn
            state.specials[rules.inn[0]][1] = None
            player.workers += 1
    elif kind == "take":
        bundle = parse_bundle(action.args[0])
        effects.gain(state, p, bundle)
        effects.grant_favours(state, rules, p, bundle.get("favours", 0), decision.rule)
    elif kind == "provost":
        k = int(action.args[0])
        effects.pay(state, p, {res: n * abs(k) for res, n in data["cost"].items()})
        state.provost += k
    elif kind == "trade" and verb == "trade":
        give, get = parse_bundle(action.args[0]), parse_bundle(action.args[2])
        effects.pay(state, p, give)
        effects.gain(state, p, get)
        effects.grant_favours(state, rules, p, get.get("favours", 0), decision.rule)
    elif kind == "build" and verb == "build":
        target = action.args[0]
        name, index = (target.split("@")[0], road_index(target)) if "@" in target else (target, effects.first_free_space(state))
        assert index is not None
        cost = effects.discounted(rules.buildings[name].cost or {}, data["discount"])
        payment = parse_bundle(action.args[2]) if len(action.args) > 2 else cost
        effects.do_build(state, rules, p, name, index, payment, decision.rule)
    elif kind == "convert" and verb == "convert":
        index = road_index(action.args[0])
        assert index is not None
        effects.pay(state, p, data["price"])
        if data["delayed"] and state.road[index].worker is not None:
            # paid now, converted once the building has been activated (or passed over)
            state.delayed_conversions.append({"space": index + 1, "player": p, "into": data["into"]})
        else:
            effects.do_convert(state, rules, p, index, data["into"])
    elif kind == "castle":
        if verb == "batch":
            batch = parse_bundle(action.args[0])
            section = castle_section(state, rules)
            assert section is not None
            effects.pay(state, p, batch)
            state.castle[section].append(p)
            points = next(s.prestige_per_batch for s in rules.sections if slug(s.id) == section)
            effects.gain(state, p, {"prestige": points})
            state.batches[p] = state.batches.get(p, 0) + 1
            state.pending.append(Decision("castle", p, decision.rule))
        else:
            full = castle_section(state, rules) is None
            if state.batches.get(p, 0) == 0 and not (full and rules.castle.no_penalty_when_full):
                effects.gain(state, p, {k: -n for k, n in rules.castle.no_batch_penalty.items()})
                state.log.append(f"{p} gave no batch: -{effects.text(rules, rules.castle.no_batch_penalty)}")
    elif kind == "favour":
        row, column = action.args[0], int(action.args[1])
        marker = player.markers.get(row, 0)
        player.markers[row] = max(marker, min(marker + 1, effects.open_columns(state, rules)))
        state.rows_used.setdefault(p, []).append(row)
        if data["count"] > 1 and effects.favour_choices(state, rules, p):
            state.pending.append(Decision("favour", p, decision.rule, {"count": data["count"] - 1}))
        cell = rules.favour_cells[(row, column)]
        effects.start(state, rules, p, cell.effect, "caylus.favours.table")


# --- notation -----------------------------------------------------------------------------------


BUNDLE_ARGS = {"take": (0,), "trade": (0, 2), "batch": (0,), "build": (2,)}


def canonical(state: State, rules: Rules, action: Action) -> Action:
    """Complete short forms: goods in any order (``deniers+cloth``), a road building named without
    its space, or a space number alone."""
    positions = BUNDLE_ARGS.get(action.verb, ())
    if any(i < len(action.args) for i in positions):
        args = list(action.args)
        for i in positions:
            if i < len(args):
                args[i] = effects.text(rules, parse_bundle(args[i]))
        return Action(action.player, action.verb, tuple(args))
    if action.verb not in ("place", "move", "convert") or not action.args:
        return action
    target = action.args[0]
    if "@" in target or target == CASTLE or target in state.specials:
        return action
    if target.isascii() and target.isdigit():
        index = int(target) - 1
        if not 0 <= index < len(state.road) or state.road[index].building is None:
            raise ActionSyntaxError(f"road space {target} has no building")
        return Action(action.player, action.verb, (f"{state.road[index].building}@{target}", *action.args[1:]))
    matches = [i for i, s in enumerate(state.road) if s.building and (s.building == target or s.building.startswith(target + "-"))]
    if action.verb in ("place", "move"):
        matches = [i for i in matches if state.road[i].worker is None] or matches
    if len(matches) == 1:
        i = matches[0]
        return Action(action.player, action.verb, (f"{state.road[i].building}@{i + 1}", *action.args[1:]))
    if len(matches) > 1:
        options = ", ".join(f"{state.road[i].building}@{i + 1}" for i in matches)
        raise ActionSyntaxError(f"{target!r} is ambiguous: {options}")
    return action


def why_illegal(state: State, rules: Rules, decision: Decision, action: Action) -> tuple[str, str]:
    """The rule that forbids the action and a specific reason, where one is cheap to give."""
    rule = decision.rule
    if action.player != decision.player:
        return rule, f"{decision.player} is to decide now ({decision.kind}), not {action.player}"
    p = state.players[action.player]
    if decision.kind == "place" and action.verb == "place" and action.args:
        target = action.args[0]
        if p.workers == 0:
            return "caylus.phase2.where", f"{action.player} has no worker left"
        if target == CASTLE and action.player in state.castle_workers:
            return "caylus.phase2.castle", f"{action.player} already has a worker in the castle"
        if target not in placement_targets(state, rules, action.player):
            return "caylus.phase2.where", _not_a_placement(state, rules, action.player, target)
        cost = placement_cost(state, rules, action.player, target)
        if cost > p.deniers:
            return "caylus.phase2.placement-cost", f"placing there costs {cost} deniers and {action.player} has {p.deniers}"
    if decision.kind == "provost" and action.verb == "provost" and action.args:
        try:
            k = int(action.args[0])
        except ValueError:
            return rule, "the provost moves by a whole number of spaces, like +2 or -1"
        if abs(k) > decision.data["max"]:
            return rule, f"the provost moves at most {decision.data['max']} spaces"
        if not rules.road.provost_min <= state.provost + k <= rules.road.provost_max:
            return rule, f"space {state.provost + k} is outside the provost's range {rules.road.provost_min}-{rules.road.provost_max}"
        return rule, f"moving {abs(k)} spaces costs {abs(k) * decision.data['cost'].get('deniers', 0)} deniers and {action.player} has {p.deniers}"
    if decision.kind == "favour" and action.verb == "favour" and len(action.args) == 2:
        row = action.args[0]
        if row in state.rows_used.get(action.player, []):
            return "caylus.favours.same-phase", f"{action.player} already used the {row} row in this phase"
        return "caylus.favours.columns", f"column {action.args[1]} of the {row} row is not open to {action.player} now"
    if decision.kind == "castle" and action.verb == "batch":
        return "caylus.phase6.batches", "a batch is three different cubes, one of them food, that the player has"
    verbs = sorted({a.verb for a in legal(state, rules, decision)})
    if action.verb not in verbs:
        return rule, f"a {decision.kind} decision takes {' or '.join(verbs)}"
    return rule, "not among the legal actions"


__all__ = ["apply", "canonical", "format_bundle", "legal", "why_illegal"]
