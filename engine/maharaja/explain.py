"""Why an action is not legal in a turn: the rule it breaks (its catalog id) and a plain reason."""

from __future__ import annotations

from engine.core import Action
from engine.maharaja.rules import ADVANCED_1, ADVANCED_2
from engine.maharaja.turn import Turn

PARTS = {"gold": "gold", "house": "house", "palace": "palace", "move": "move", "quarry": "quarry",
         "governor": "governor", "swap": "swap", "entice": "swap"}


def why_not(turn: Turn, action: Action) -> tuple[str, str]:
    state, rules, me, verb = turn.state, turn.rules, turn.me, action.verb
    if me.architect == turn.graph.start and state.turn.moved and verb != "travel":
        return "maharaja.travel.free-action", "the architect is passing the start space: a journey ends in a city"
    part = PARTS.get(verb)
    if part and not turn.parts(part):
        marked = ", ".join(me.disc) or "nothing"
        return "maharaja.round.choose-actions", f"no {part} is left of the actions marked this round ({marked})"
    if verb == "travel":
        road = turn.graph.roads.get(action.args[0]) if action.args else None
        if road is None or me.architect not in road.ends:
            return "maharaja.travel.free-action", f"no road {' '.join(action.args)} leaves {me.architect}"
        if not all(state.villages[v] for v in road.villages):
            return "maharaja.travel.empty-village", "a village on that road holds no house"
        return "maharaja.travel.pay-house-owners", f"the passage costs {sum(turn.fee(road.slug).values())} gold, {action.player} has {me.gold}"
    if verb in ("house", "free-house", "move", "free-move"):
        target = action.args[-1] if action.args else ""
        if verb in ("house", "free-house") and not me.reserve:
            return "maharaja.building.from-reserve", "the reserve is empty (the Quarry refills it)"
        if turn.graph.is_city(target) and me.architect != target:
            return "maharaja.building.city-needs-architect", f"the architect is in {me.architect}, not in {target}"
        if target in state.villages and not turn.room(target):
            return "maharaja.building.village-capacity", f"village {target} is full"
        if verb.startswith("free"):
            return "maharaja.characters.builder", "only the Builder's holder builds or moves one free house per turn"
        if verb == "house" and me.gold < rules.house_cost:
            return "maharaja.building.costs", f"a house costs {rules.house_cost} gold"
        if verb == "house" and target in state.villages:
            return "maharaja.actions.two-houses", "at least one house of 2 Houses must go into a city"
        return "maharaja.actions.move-house", "that house cannot be moved there"
    if verb == "palace":
        if not turn.here_city():
            return "maharaja.building.city-needs-architect", "a palace is built in the city where the architect stands"
        if me.gold < rules.palace_cost(me.characters):
            return "maharaja.building.costs", f"a palace costs {rules.palace_cost(me.characters)} gold, {action.player} has {me.gold}"
        return "maharaja.building.palace-sites", "that site is taken, or no palace is left"
    if verb == "governor":
        return "maharaja.governor.move-down", "only a marker with two spaces below it can move down two"
    if verb == "chit":
        if not rules.on(ADVANCED_1):
            return "maharaja.advanced.action-chits", "action chits belong to the advanced game"
        return "maharaja.advanced.action-chits", "no chit to spend, one was spent this round, or that action cannot be bought"
    if verb == "end":
        return "maharaja.travel.free-action", "a journey ends in a city, not on the start space"
    if verb in ("swap", "entice"):
        if rules.on(ADVANCED_2):
            return "maharaja.advanced.several-swap", "from the bank while it holds cards; then exchange a card or entice a player who holds more"
        return "maharaja.actions.character-swap", "swap for a card you do not hold, from the bank or another player"
    if verb == "quarry":
        return "maharaja.actions.quarry", "no house of this colour is left in the bank"
    return "maharaja.round.turn-order", f"{verb!r} is not something a turn can do"
