"""A scenario's starting position checked before the first step: the shape of every field (so that no
value reaches the engine as the wrong type), amounts within what a game can hold, and what the flow
of a round implies (who may be acting, what the discs hold in each phase). The invariants the engine
checks after every step (engine/maharaja/invariants.py) come after these.

Every message begins with the field's path in ``given`` (``players.red.gold: ...``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any

from engine.maharaja.board import Graph
from engine.maharaja.rules import ADVANCED_1, ADVANCED_2, SHORT_GAME, Rules
from engine.maharaja.state import PHASES, State
from games.maharaja.kinds import GOLD_LIMIT

ROUND_LIMIT = 1_000
"""Not game data: a game ends after about ten rounds (the track's end space is 10); a round number
beyond this is a typo, refused rather than carried along."""

PARTS = ("house", "palace", "gold", "move", "quarry", "governor", "swap")
"""What a task may still hold (engine/maharaja/flow.py: tasks_of)."""

Shape = Callable[[Any], bool]


def _integer(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _text(value: Any) -> bool:
    return isinstance(value, str)


def _flag(value: Any) -> bool:
    return isinstance(value, bool)


def _maybe(shape: Shape) -> Shape:
    return lambda value: value is None or shape(value)


def _list_of(shape: Shape) -> Shape:
    return lambda value: isinstance(value, list) and all(map(shape, value))


def _mapping_of(shape: Shape) -> Shape:
    return lambda value: isinstance(value, dict) and all(isinstance(k, str) and shape(v) for k, v in value.items())


WORDS: dict[Shape, str] = {}


def _described(shape: Shape, words: str) -> Shape:
    WORDS[shape] = words
    return shape


WHOLE = _described(_integer, "a whole number")
TEXT = _described(_text, "text")
FLAG = _described(_flag, "true or false")
MAYBE_TEXT = _described(_maybe(_text), "text or null")
MAYBE_WHOLE = _described(_maybe(_integer), "a whole number or null")
WHOLES = _described(_list_of(_integer), "a list of whole numbers")
TEXTS = _described(_list_of(_text), "a list of text")
TRACK = _described(_list_of(_maybe(_text)), "a list of city names or nulls")
COUNTS = _described(_mapping_of(_integer), "a mapping of colours to whole numbers")
ANY_LIST = _described(lambda value: isinstance(value, list), "a list")

PLAYER = {"gold": WHOLE, "reserve": WHOLE, "characters": WHOLES, "architect": TEXT, "chits": WHOLE, "disc": TEXTS, "acted": FLAG}
CITY = {"inner": MAYBE_TEXT, "outer": TEXTS, "houses": COUNTS}
TASK = {"action": TEXT, "parts": TEXTS, "city_needed": WHOLE}
TURN = {"tasks": ANY_LIST, "free_house_used": FLAG, "chit_used": FLAG, "moved": FLAG, "undone": FLAG}
AUCTION = {"bidders": TEXTS, "high": MAYBE_WHOLE, "leader": MAYBE_TEXT, "next": WHOLE}
TOP = {"track": TRACK, "bank": WHOLE, "bank_characters": WHOLES, "chits_bank": WHOLE, "maharaja": TEXT, "round": WHOLE,
       "phase": TEXT, "acting": MAYBE_TEXT, "last_round": FLAG, "last_scoring": COUNTS, "log": TEXTS}


def _fields(data: Any, fields: Mapping[str, Shape], where: str) -> Iterator[str]:
    """Problems of one mapping of known fields (each present and of its shape)."""
    if not isinstance(data, dict):
        yield f"{where}: should be a mapping, got {_show(data)}"
        return
    for key in data:
        if key not in fields:
            yield f"{where}.{key}: no such field (known: {', '.join(fields)})"
    for key, shape in fields.items():
        if key in data and not shape(data[key]):
            yield f"{where}.{key}: should be {WORDS[shape]}, got {_show(data[key])}"


def _show(value: Any) -> str:
    return repr(value)[:80]


def shape_problems(data: dict[str, Any]) -> Iterator[str]:
    """The merged position as plain data: every field known and of its type, before any is read."""
    for key, shape in TOP.items():
        if key in data and not shape(data[key]):
            yield f"{key}: should be {WORDS[shape]}, got {_show(data[key])}"
    for group, fields in (("players", PLAYER), ("cities", CITY)):
        members = data.get(group)
        if not isinstance(members, dict):
            yield f"{group}: should be a mapping, got {_show(members)}"
            continue
        for name, value in members.items():
            yield from _fields(value, fields, f"{group}.{name}")
    villages = data.get("villages")
    if not isinstance(villages, dict):
        yield f"villages: should be a mapping of villages to lists of colours, got {_show(villages)}"
    else:
        for name, houses in villages.items():
            if not TEXTS(houses):
                yield f"villages.{name}: should be a list of colours (one per house), got {_show(houses)}"
    turn = data.get("turn")
    yield from _fields(turn, TURN, "turn")
    if isinstance(turn, dict) and isinstance(turn.get("tasks"), list):
        for i, task in enumerate(turn["tasks"]):
            yield from _fields(task, TASK, f"turn.tasks.{i}")
    auction = data.get("auction")
    if auction is not None:
        yield from _fields(auction, AUCTION, "auction")
        if isinstance(auction, dict) and "bidders" not in auction:  # the one field without a default
            yield "auction.bidders: required: the players still bidding, in turn"


def position_problems(state: State, rules: Rules, graph: Graph, players: tuple[str, ...]) -> Iterator[str]:
    """What no game reaches, beyond the invariants: strangers, absurd amounts, a round out of range,
    a phase at odds with the discs, the acting player or the auction."""
    for colour in state.players:
        if colour not in players:
            yield f"players.{colour}: not a player of this game ({', '.join(players)}; the players are set by options.players)"
    if state.phase not in PHASES:
        return  # the invariants name it
    yield from _acting_problems(state)
    setup = state.phase == "setup"
    for colour, player in state.players.items():
        if not 0 <= player.gold <= GOLD_LIMIT:
            yield f"players.{colour}.gold: {player.gold} is not an amount a player can hold (0 to {GOLD_LIMIT})"
        if player.chits < 0:
            yield f"players.{colour}.chits: {player.chits} is below 0"
        # an empty disc in the turns is allowed: tests and scenarios leave out the discs of players
        # whose turn does not matter (the engine gives them a turn with nothing marked)
        if len(player.disc) not in (0, 2):
            yield f"players.{colour}.disc: the disc has two arrows, each at one action: {len(player.disc)} given"
        elif setup and player.disc:
            yield f"players.{colour}.disc: the discs are set in a round, not during the setup"
        if setup:  # the setup ends with every player taking houses_to_reserve from the supply (flow.py)
            held, per_colour = player.reserve + state.houses_on_board(colour), rules.starting.houses_per_colour
            if held + rules.starting.houses_to_reserve > per_colour:
                yield (f"players.{colour}.reserve: {held} houses in the reserve and on the board, and the end of the setup "
                       f"gives {rules.starting.houses_to_reserve} more; a colour has {per_colour}")
        for i, action in enumerate(player.disc):  # the turn reads each arrow's action from the catalog
            if action not in rules.actions:
                yield f"players.{colour}.disc.{i}: {action!r} is not an action ({', '.join(rules.actions)})"
        if not setup and not player.characters:
            yield f"players.{colour}.characters: every player holds a character once the setup is over"
        elif not setup and len(player.characters) > 1 and not rules.on(ADVANCED_2):
            yield f"players.{colour}.characters: one character each, unless advanced game 2 is played (options.variants)"
    for name, city in state.cities.items():
        for colour, count in city.houses.items():
            if not 0 <= count <= rules.starting.houses_per_colour:
                yield f"cities.{name}.houses.{colour}: {count} houses; a colour has {rules.starting.houses_per_colour}"
    for colour, gold in state.last_scoring.items():
        if colour not in state.players or not 0 <= gold <= GOLD_LIMIT:
            yield f"last_scoring.{colour}: {gold} gold to {colour!r} is not a scoring of this game"
    if state.chits_bank < 0:
        yield f"chits_bank: {state.chits_bank} is below 0"
    if setup and state.round != 0:
        yield f"round: {state.round}; the setup comes before round 1 (round 0)"
    elif not setup and not 1 <= state.round <= ROUND_LIMIT:
        yield f"round: {state.round} is not a round of a game (1 to {ROUND_LIMIT} once the setup is over)"
    if not setup and state.maharaja not in graph.city_set:
        yield f"maharaja: {state.maharaja!r}; from round 1 on the Maharaja stands in a city ({', '.join(graph.cities)})"
    yield from _track_problems(state, graph)
    if not setup and state.phase != "over":
        yield from _last_round_problems(state, rules)
    yield from _auction_problems(state, rules)
    for i, task in enumerate(state.turn.tasks):
        if task.action not in rules.actions:
            yield f"turn.tasks.{i}.action: unknown action {task.action!r} (actions: {', '.join(rules.actions)})"
        for part in task.parts:
            if part not in PARTS:
                yield f"turn.tasks.{i}.parts: unknown part {part!r} (parts: {', '.join(PARTS)})"
        if not 0 <= task.city_needed <= task.parts.count("house"):
            yield f"turn.tasks.{i}.city_needed: {task.city_needed}, with {task.parts.count('house')} houses left to build"


def _acting_problems(state: State) -> Iterator[str]:
    acting = state.acting
    if acting is None:
        if state.turn.tasks:
            yield "turn.tasks: tasks belong to the acting player's turn, and nobody is acting (acting: null)"
        return
    if acting not in state.players:
        yield f"acting: {acting!r} is not a player ({', '.join(state.players)})"
    elif state.phase != "turns":
        yield f"acting: {acting!r} acts in the turns, not in phase {state.phase!r}"
    elif state.players[acting].acted:
        yield f"acting: {acting!r} has had their turn this round (players.{acting}.acted is true)"


def _track_problems(state: State, graph: Graph) -> Iterator[str]:
    seen: set[str] = set()
    for i, marker in enumerate(state.track):
        if marker is None:
            continue
        if marker not in graph.city_set:
            yield f"track.{i}: {marker!r} is not a city's marker ({', '.join(graph.cities)})"
        elif marker in seen:
            yield f"track.{i}: the marker of {marker!r} is on the track twice"
        seen.add(marker)
    if state.phase == "setup":
        placed = [m is not None for m in state.track]
        if placed != sorted(placed, reverse=True):
            yield "track: during the setup the markers fill the lowest spaces, one after another"


def _auction_problems(state: State, rules: Rules) -> Iterator[str]:
    auction = state.auction
    if auction is None:
        return
    if state.phase != "setup" or not rules.on(ADVANCED_1):
        yield "auction: the characters are auctioned only during the setup of advanced game 1"
        return
    bidders = auction.bidders
    for bidder in bidders:
        if bidder not in state.players or state.players[bidder].characters:
            yield f"auction.bidders: {bidder!r} is not a player still without a character"
    if len(set(bidders)) != len(bidders) or not bidders:
        yield "auction.bidders: each player without a character once"
    if not 0 <= auction.next < max(len(bidders), 1):
        yield f"auction.next: {auction.next} is not a place among the {len(bidders)} bidders"
    if (auction.high is None) != (auction.leader is None):
        yield "auction: a high bid and its bidder (leader) go together"
    elif auction.leader is not None and auction.high is not None:
        if auction.leader not in bidders:
            yield f"auction.leader: {auction.leader!r} is not a bidder"
        elif not 0 <= auction.high <= state.players[auction.leader].gold:
            yield f"auction.high: {auction.high}; a bid is 0 or more and at most the bidder's gold"


def _last_round_problems(state: State, rules: Rules) -> Iterator[str]:
    """The last round is declared at a round's start, when the visited marker lands on the end space
    (or the shorter game reaches its last round); only a round's start moves the top marker up."""
    placed = [i for i, m in enumerate(state.track) if m is not None]
    reached = bool(placed) and max(placed) >= rules.space_index(rules.track.end_space)
    short = rules.on(SHORT_GAME) and state.round >= rules.track.short_game_last_round
    if state.last_round != (reached or short):
        why = "a marker stands on the end space" if reached else "the shorter game is in its last round" if short else \
            "no marker stands on the end space"
        yield f"last_round: {str(state.last_round).lower()}, yet {why} (track, round)"
