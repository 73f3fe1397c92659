"""The game between decisions: setup, the round's start (the Maharaja and the governor track), whose
turn is next, the scoring of the Maharaja's city, and the end.

:func:`advance` looks at the state and pushes the next decision when none is pending, running
whatever happens by itself on the way (a round's start, a turn's start, a scoring).
"""

from __future__ import annotations

from engine.core import CHANCE, Decision
from engine.maharaja.board import Graph
from engine.maharaja.rules import ADVANCED_1, SHORT_GAME, Rules
from engine.maharaja.state import Auction, State, Task, Turn


def advance(state: State, rules: Rules, graph: Graph) -> None:
    while not state.pending and state.phase != "over":
        if state.phase == "setup":
            _setup_step(state, rules, graph)
        elif state.phase == "discs":
            waiting = [p for p in by_rank(state) if not state.players[p].disc]
            if waiting:
                state.pending.append(Decision("disc", waiting[0], "maharaja.round.choose-actions"))
            else:
                state.phase = "turns"
        elif state.phase == "turns":
            if state.acting is not None:
                state.pending.append(Decision("turn", state.acting, "maharaja.round.turn-order"))
                continue
            waiting = [p for p in by_rank(state) if not state.players[p].acted]
            if waiting:
                begin_turn(state, rules, waiting[0])
            else:
                score_city(state, rules, graph)
                if game_over(state, rules):
                    state.phase = "over"
                else:
                    start_round(state, rules)


def by_rank(state: State) -> list[str]:
    """Players in turn order: lowest character number first (each player's lowest card)."""
    return sorted(state.players, key=lambda p: state.players[p].rank)


def _setup_step(state: State, rules: Rules, graph: Graph) -> None:
    placed = sum(m is not None for m in state.track)
    if placed < len(graph.cities):
        state.pending.append(Decision("marker", CHANCE, "maharaja.setup.governors", {"placed": placed}))
        return
    seats = list(state.players)
    without = [p for p in seats if not state.players[p].characters]
    if without:
        if rules.on(ADVANCED_1) and len(without) > 1:
            _auction_step(state, without)
        else:
            state.pending.append(Decision("character", without[0], "maharaja.setup.choose-characters"))
        return
    state.auction = None
    houses = rules.starting.houses_in_villages
    on_board = state.houses_by_colour()
    placing = [p for p in by_rank(state) if on_board.get(p, 0) < houses]
    if placing:
        fewest = min(on_board.get(p, 0) for p in placing)
        first = next(p for p in placing if on_board.get(p, 0) == fewest)
        state.pending.append(Decision("village", first, "maharaja.setup.starting-houses"))
        return
    for player in state.players.values():
        player.reserve += rules.starting.houses_to_reserve
    start_round(state, rules)


def _auction_step(state: State, without: list[str]) -> None:
    """One auction among the players still without a card; its winner pays and chooses."""
    if state.auction is None:
        state.auction = Auction(bidders=list(without))
    auction = state.auction
    if auction.leader is not None and auction.bidders == [auction.leader]:
        state.pending.append(Decision("character", auction.leader, "maharaja.advanced.character-auction"))
        return
    state.pending.append(Decision("bid", auction.bidders[auction.next], "maharaja.advanced.character-auction",
                                  {"high": auction.high, "leader": auction.leader}))


def start_round(state: State, rules: Rules) -> None:
    """The Maharaja goes to the city of the lowest marker, which moves to just above the highest."""
    state.round += 1
    state.phase = "discs"
    for player in state.players.values():
        player.disc, player.acted = [], False
    lowest = next(i for i, m in enumerate(state.track) if m is not None)
    top = max(i for i, m in enumerate(state.track) if m is not None)
    city = state.track[lowest]
    assert city is not None
    state.maharaja = city
    state.track[lowest] = None
    target = min(top + 1, rules.track_length - 1)
    state.track[target] = city
    end_index = rules.space_index(rules.track.end_space)
    if target >= end_index or (rules.on(SHORT_GAME) and state.round >= rules.track.short_game_last_round):
        state.last_round = True


def tasks_of(rules: Rules, action: str) -> Task:
    effect = rules.actions[action].effect
    if effect.kind == "build":
        return Task(action, ["palace"] * effect.palaces + ["house"] * effect.houses, effect.houses_in_city_min)
    part = {"gain_gold": "gold", "move_house": "move", "take_houses_from_bank": "quarry",
            "move_governor_down": "governor", "swap_character": "swap"}[effect.kind]
    return Task(action, [part] * (effect.count if effect.kind == "move_house" else 1))


def begin_turn(state: State, rules: Rules, colour: str) -> None:
    """The turn's start: the disc is revealed; abilities that act at a turn's start fire."""
    player = state.players[colour]
    state.acting = colour
    state.turn = Turn(tasks=[tasks_of(rules, a) for a in player.disc])
    for number in player.characters:
        gold = rules.turn_gold.get(number, 0)
        player.gold += gold
        state.bank -= gold
        if rules.on(ADVANCED_1):
            chits = min(rules.turn_chits.get(number, 0), state.chits_bank)
            player.chits += chits
            state.chits_bank -= chits


def end_turn(state: State, rules: Rules) -> None:
    """Anything marked and left undone pays every other player once (maharaja.round.incomplete-action)."""
    colour = state.acting
    assert colour is not None
    if state.turn.undone or any(t.parts for t in state.turn.tasks):
        for other, player in state.players.items():
            if other != colour:
                player.gold += rules.penalty
                state.bank -= rules.penalty
    state.players[colour].acted = True
    state.acting = None
    state.turn = Turn()


def city_points(state: State, rules: Rules, graph: Graph, city: str) -> dict[str, int]:
    pts = rules.points
    here = state.cities[city]
    out: dict[str, int] = {}
    for colour, player in state.players.items():
        outer = max([pts.outer_palace, *(rules.outer_points[n] for n in player.characters if n in rules.outer_points)])
        total = (pts.architect * (player.architect == city) + pts.house * here.houses.get(colour, 0)
                 + outer * here.outer.count(colour) + pts.inner_palace * (here.inner == colour))
        if rules.on(ADVANCED_1) and graph.homes.get(city) in player.characters:
            total += pts.home_character
        out[colour] = total
    return out


def score_city(state: State, rules: Rules, graph: Graph) -> None:
    points = city_points(state, rules, graph, state.maharaja)
    table = rules.tables[len(state.players)]
    present = sorted((p for p in points if points[p] > 0), key=lambda p: (-points[p], state.players[p].rank))
    paid = {p: table.zero_points_gold for p in state.players}
    for rank, colour in enumerate(present):
        paid[colour] = table.gold_by_rank[rank]
    if len(present) == 1:
        paid[present[0]] += table.monopoly_bonus
    for colour, gold in paid.items():
        state.players[colour].gold += gold
        state.bank -= gold
    state.last_scoring = paid


def game_over(state: State, rules: Rules) -> bool:
    return state.last_round or any(state.palaces_built(p) >= rules.palaces_each for p in state.players)


def ranking(state: State) -> list[str]:
    """Most palaces built, then most gold, then the lowest character number."""
    return sorted(state.players, key=lambda p: (-state.palaces_built(p), -state.players[p].gold, state.players[p].rank))

