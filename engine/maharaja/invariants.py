"""What every Maharaja position must satisfy; checked after every step of random games and on every
scenario's starting position.

:func:`sound` answers whether a position breaks nothing, at every step, with C-level passes where
it can (the villages' houses as one list); only when it says no does :func:`invariant_problems`
walk the position again to name what is wrong. ``sound`` tests every condition
``invariant_problems`` reports (tests/test_maharaja_invariants.py plants each violation).
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import chain

from engine.maharaja.board import Graph
from engine.maharaja.rules import ADVANCED_1, Rules
from engine.maharaja.state import PHASES, State


def sound(state: State, rules: Rules, graph: Graph, gold_total: int) -> bool:
    """True when :func:`invariant_problems` has nothing to report (it may say False where a closer
    look finds nothing: then the check just takes the slow path)."""
    players = state.players
    seats = players.keys()
    villages, cities = state.villages, state.cities
    if state.phase not in PHASES or villages.keys() != graph.village_set or cities.keys() != graph.city_set:
        return False
    in_villages = list(chain.from_iterable(villages.values()))
    if max(map(len, villages.values()), default=0) > rules.village_capacity(len(players)) or not seats >= set(in_villages):
        return False
    may_build = rules.palace_colours | seats  # a player, or a colour left out (the neutral palaces)
    outer_sites = rules.facts.outer_sites_per_city
    on_board = {colour: in_villages.count(colour) for colour in seats}
    palaces = dict.fromkeys(seats, 0)
    for city in cities.values():
        outer, inner = city.outer, city.inner
        if len(outer) > outer_sites or not may_build.issuperset(outer) or (inner is not None and inner not in may_build):
            return False
        for colour in outer:
            if colour in palaces:
                palaces[colour] += 1
        if inner in palaces:
            palaces[inner] += 1
        for colour, count in city.houses.items():
            if colour not in on_board or count < 0:
                return False
            on_board[colour] += count
    places = graph.places
    houses_each, palaces_each, actions = rules.starting.houses_per_colour, rules.palaces_each, rules.actions
    gold, chits, held = state.bank, state.chits_bank, list(state.bank_characters)  # the totals, in the same pass
    for colour, player in players.items():
        if player.gold < 0 or player.reserve < 0 or player.chits < 0 or player.reserve + on_board[colour] > houses_each \
                or palaces[colour] > palaces_each or player.architect not in places:
            return False
        for action in player.disc:
            if action not in actions:
                return False
        gold += player.gold
        chits += player.chits
        held += player.characters
    if gold != gold_total or chits != (rules.starting.action_chits if rules.on(ADVANCED_1) else 0):
        return False
    if state.maharaja not in places or len(state.track) != rules.track_length or sorted(held) != rules.sorted_characters:
        return False
    if state.phase == "setup":
        return True
    # one marker per city: the markers are the cities, and as many (a board names a city once:
    # games/maharaja/kinds.py refuses a slug used twice)
    markers = set(state.track)
    markers.discard(None)
    return markers == graph.city_set and len(state.track) - state.track.count(None) == len(graph.city_set)


def invariant_problems(state: State, rules: Rules, graph: Graph, gold_total: int) -> Iterator[str]:
    if state.phase not in PHASES:
        yield f"phase: {state.phase!r} is not one of {', '.join(PHASES)}"
    gold = sum(p.gold for p in state.players.values())
    if gold + state.bank != gold_total:
        yield f"gold: players hold {gold} and the bank's balance is {state.bank}; together they must make {gold_total}"
    cap = rules.village_capacity(len(state.players))
    if state.villages.keys() != graph.village_set:
        yield "villages: not the villages of the board"
    for village, houses in state.villages.items():
        if len(houses) > cap:
            yield f"villages.{village}: {len(houses)} houses, at most {cap}"
        for colour in houses:
            if colour not in state.players:
                yield f"villages.{village}: a house of {colour!r}, who does not play"
    if state.cities.keys() != graph.city_set:
        yield "cities: not the cities of the board"
    absent = [c for c in rules.starting.colours if c not in state.players]
    for name, city in state.cities.items():
        if len(city.outer) > rules.facts.outer_sites_per_city:
            yield f"cities.{name}.outer: {len(city.outer)} palaces on {rules.facts.outer_sites_per_city} outer sites"
        for colour in [*city.outer, *([city.inner] if city.inner is not None else [])]:
            if colour not in state.players and colour not in absent:
                yield f"cities.{name}: a palace of {colour!r}, neither a player nor an absent colour"
        for colour, count in city.houses.items():
            if colour not in state.players or count < 0:
                yield f"cities.{name}.houses.{colour}: {count}"
    places = {graph.start, *graph.cities}
    on_board, palaces = state.houses_by_colour(), state.palaces_by_colour()
    for colour, player in state.players.items():
        if player.gold < 0:
            yield f"players.{colour}.gold: {player.gold} is below 0"
        if player.reserve < 0:
            yield f"players.{colour}.reserve: {player.reserve} is below 0"
        if player.reserve + on_board.get(colour, 0) > rules.starting.houses_per_colour:
            yield f"players.{colour}: {player.reserve} in the reserve and {on_board.get(colour, 0)} on the board, more than {rules.starting.houses_per_colour} houses"
        if palaces.get(colour, 0) > rules.palaces_each:
            yield f"players.{colour}: {palaces.get(colour, 0)} palaces built, only {rules.palaces_each} exist"
        if player.architect not in places:
            yield f"players.{colour}.architect: {player.architect!r} is not the start space or a city"
        if player.chits < 0:
            yield f"players.{colour}.chits: {player.chits}"
        for action in player.disc:
            if action not in rules.actions:
                yield f"players.{colour}.disc: unknown action {action!r} (actions: {', '.join(rules.actions)})"
    if state.maharaja not in places:
        yield f"maharaja: {state.maharaja!r} is not the start space or a city"
    if len(state.track) != rules.track_length:
        yield f"track: {len(state.track)} spaces, the track has {rules.track_length}"
    markers = [m for m in state.track if m is not None]
    if state.phase != "setup" and sorted(markers) != graph.sorted_cities:
        yield f"track: the markers {markers} are not one per city ({', '.join(graph.cities)})"
    held = [n for p in state.players.values() for n in p.characters] + list(state.bank_characters)
    if sorted(held) != rules.sorted_characters:
        yield f"characters: held and in the bank {sorted(held)}, in play {sorted(rules.characters)}"
    chits = sum(p.chits for p in state.players.values()) + state.chits_bank
    if chits != (rules.starting.action_chits if rules.on(ADVANCED_1) else 0):
        yield f"chits: {chits} in play"
