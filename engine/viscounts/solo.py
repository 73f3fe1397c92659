"""The solo game's AI opponent, the Monk (viscounts.solo.*): its start, its turns driven by scheme
cards, what its reference card turns effects into, its own choices and its score.

The Monk is a player named ``monk`` after the human in the turn order (the human starts, the AI has
the last turn). It holds no townsfolk; its scheme cards live in ``State.solo``. Scheme draws and
future-scheme draws are chance actions. Its effects pass through ``translate`` (the reference card),
and any decision an effect still asks of it is taken by ``pick`` (its resource priority, its flip
rule, else the first option). The scheme cards' contents, and a few readings the text leaves open, are
catalog assumptions (data/viscounts-cards.yaml, solo_cards, ``assumed_`` fields and the Monk's notes)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from engine.core import CHANCE, Action, Decision
from engine.viscounts import actions as act
from engine.viscounts import effects as fx
from engine.viscounts.board import Board
from engine.viscounts.rules import GAME, Rules
from engine.viscounts.state import Action as Doing
from engine.viscounts.state import Player, Solo, State
from games.viscounts.kinds import SoloCard

AI = "monk"
DECISIONS = ("scheme", "future")


@dataclass(frozen=True)
class SoloRules:
    strategy: str
    start: tuple[dict[str, Any], ...]
    start_building: str
    building_icons: tuple[str, ...]
    priority: tuple[tuple[str, int | None], ...]
    resource_points: int
    schemes: dict[str, tuple[tuple[str, ...], tuple[dict[str, Any], ...]]]
    """name -> (header icons, steps)"""
    starting: tuple[str, ...]
    future: tuple[str, ...]
    future_for: tuple[str, ...]

    @cached_property
    def every_scheme(self) -> tuple[str, ...]:
        """Both scheme decks as one sorted multiset (the check after every step compares with it)."""
        return tuple(sorted(self.starting + self.future))


_LOADED: dict[int, SoloRules] = {}


def solo_rules(rules: Rules) -> SoloRules:
    if id(rules) not in _LOADED:
        cards = {c.id.rsplit(".", 1)[1]: c for c in rules.catalog.typed("solo_cards", SoloCard, GAME)}
        monk, ref = cards["monk"], cards["ai-reference"]
        schemes: dict[str, tuple[tuple[str, ...], tuple[dict[str, Any], ...]]] = {}
        decks: dict[str, list[str]] = {"starting-scheme": [], "future-scheme": []}
        for deck, names in decks.items():
            for s in cards[deck].assumed_schemes:
                schemes[s.name] = (tuple(s.icons), tuple(step.model_dump() for step in s.steps))
                names += [s.name] * s.count
        assert monk.strategy is not None and monk.start_building is not None
        _LOADED[id(rules)] = SoloRules(
            monk.strategy, tuple(s.model_dump() for s in monk.start), monk.start_building, tuple(monk.building_icons),
            tuple((r.resource, r.until) for r in monk.resource_priority), monk.resource_points or 0, schemes,
            tuple(sorted(decks["starting-scheme"])), tuple(sorted(decks["future-scheme"])), tuple(ref.assumed_future_scheme_for))
    return _LOADED[id(rules)]


def is_ai(state: State, who: str) -> bool:
    return state.solo is not None and who == AI


# --- setup ---------------------------------------------------------------------------------------

def blank(rules: Rules, state: State) -> None:
    """The AI's pieces and scheme decks (viscounts.solo.ai-board, viscounts.solo.scheme-decks)."""
    sr = solo_rules(rules)
    state.players[AI] = Player(board=[], workers=rules.workers, virtue=rules.track_end)
    state.order.append(AI)
    state.solo = Solo(deck=list(sr.starting), schemes=[None] * len(rules.starting_icons), future=list(sr.future))


def start(rules: Rules, state: State, board: Board, space: int) -> None:
    """viscounts.solo.ai-start: the viscount on the other player card's space, the start pieces and a
    guildhall on the first free spot of that side of the river (its reward follows in the queue)."""
    sr = solo_rules(rules)
    monk = state.players[AI]
    monk.viscount = f"o{space}"
    spot = next(s for s in board.building_side(monk.viscount) if s not in state.spots)
    monk.built[sr.start_building] = 1
    state.spots[spot] = f"{AI}:{sr.start_building}"
    state.queue.extend({"p": AI, "e": e} for e in [*sr.start, *board.spot_reward[spot]])


# --- the turn ------------------------------------------------------------------------------------

def stage(state: State, rules: Rules, board: Board) -> Decision | None:
    """The AI's turn: slide its schemes, reveal one (chance), its lines fill the queue; then the turn
    goes on at the collision check like a player's."""
    solo = state.solo
    assert solo is not None
    if state.stage == "slide":
        dropped = solo.schemes.pop()
        solo.schemes.insert(0, None)
        if dropped is not None:
            solo.discard.append(dropped)
        state.stage = "ai"
        if not solo.deck:  # viscounts.solo.small-deck
            solo.deck, solo.discard = sorted(solo.discard), []
        if len(set(solo.deck)) == 1:
            reveal(rules, state, solo.deck[0])
            return None
        return Decision("scheme", CHANCE, "viscounts.solo.ai-turn") if solo.deck else None
    state.stage = "collide"
    return None


def reveal(rules: Rules, state: State, name: str) -> None:
    solo = state.solo
    assert solo is not None
    solo.deck.remove(name)
    solo.schemes[0] = name
    state.queue[:0] = [{"p": AI, "ai": step} for step in solo_rules(rules).schemes[name][1]]


def legal(state: State, decision: Decision) -> list[Action]:
    solo = state.solo
    assert solo is not None
    pile = solo.deck if decision.kind == "scheme" else solo.future
    return [Action(CHANCE, decision.kind, (name,)) for name in sorted(set(pile))]


def apply(state: State, rules: Rules, decision: Decision, action: Action) -> None:
    solo = state.solo
    assert solo is not None
    if decision.kind == "scheme":
        reveal(rules, state, action.args[0])
    else:
        solo.future.remove(action.args[0])
        solo.discard.append(action.args[0])


def icons(rules: Rules, state: State, icon: str) -> int:
    """Icons on the AI's board: its schemes' headers and what its building uncovered (criminals not included)."""
    solo = state.solo
    assert solo is not None
    sr = solo_rules(rules)
    n = sum(sr.schemes[s][0].count(icon) for s in solo.schemes if s is not None)
    return n + (sr.building_icons.count(icon) if state.players[AI].built else 0)


def resolve(rules: Rules, state: State, board: Board, item: dict[str, Any]) -> Decision | None:
    """One scheme line, or one effect the AI gains (through its reference card)."""
    if "e" in item:
        state.queue[:0] = translate(rules, state, item["e"])
        return None
    step = item["ai"]
    kind = step["kind"]
    if kind == "dismiss":
        dismiss(rules, state, board)
    elif kind == "move":
        move(state, board, step["spaces"])
    elif kind == "criminal_corruption":
        n = icons(rules, state, "criminal")
        state.queue[:0] = [{"p": AI, "raw": True, "e": {"kind": "gain", "what": "corruption", "count": n}}] if n else []
    elif kind == "future_scheme":
        return future(state)
    elif kind == "gain":
        state.queue[:0] = [{"p": AI, "e": {"kind": "gain", "what": step["what"], "count": step["count"]}}]
    elif kind == "flip":
        state.queue[:0] = [{"p": AI, "e": {"kind": "flip", "what": step["what"], "count": step["count"]}}]
    elif kind in ("place_workers", "strategy"):
        action = "noble" if kind == "place_workers" else solo_rules(rules).strategy
        if not primary(rules, state, board, action, step.get("workers") or 1):
            state.queue[:0] = [{"p": AI, "ai": s} for s in step.get("otherwise") or []]
    else:
        raise ValueError(f"no way to carry out the scheme line {kind!r}")
    return None


def dismiss(rules: Rules, state: State, board: Board) -> None:
    """viscounts.solo.ai-dismiss: free, out of the game, its hire effect for the AI, not its icons."""
    seg = board.segment(state.players[AI].viscount)
    card = state.townsfolk[seg]
    if card is None:
        return
    state.townsfolk[seg] = None
    state.removed.append(card)
    items: list[dict[str, Any]] = [{"p": AI, "e": e} for e in (rules.cards[card].hire or ())]
    if state.townsfolk_left[seg]:
        items.append({"p": AI, "do": "reveal-townsfolk", "seg": seg})
    state.queue[:0] = items


def move(state: State, board: Board, spaces: int) -> None:
    """viscounts.solo.ai-movement: clockwise on the outer path; a viscount met may rearrange (viscounts.solo.meeting)."""
    monk = state.players[AI]
    columns = 2 * board.segments
    monk.viscount = f"o{(int(monk.viscount[1:]) - 1 + spaces) % columns + 1}"
    for other, p in state.players.items():
        if other != AI and p.viscount == monk.viscount:
            state.queue.insert(0, {"p": other, "e": {"kind": "rearrange"}})


def future(state: State) -> Decision | None:
    """viscounts.solo.future-schemes; from an empty deck it flips a debt or deed (viscounts.solo.reference-card)."""
    solo = state.solo
    assert solo is not None
    if not solo.future:
        state.queue[:0] = [{"p": AI, "e": {"kind": "flip", "what": "debt_or_deed"}}]
        return None
    if len(set(solo.future)) == 1:
        solo.discard.append(solo.future.pop())
        return None
    return Decision("future", CHANCE, "viscounts.solo.future-schemes")


def primary(rules: Rules, state: State, board: Board, action: str, workers: int) -> bool:
    """The noble action or transcribing with the AI's icons (criminals wild) and its funding resource;
    False if it cannot (viscounts.solo.primary-strategy)."""
    monk = state.players[AI]
    state.action = Doing(action, icons(rules, state, rules.icon_actions[action]) + icons(rules, state, "criminal"))
    done = False
    if action == "noble":
        need = next((i for i, w in rules.placement if w == workers), None)
        if need is not None and monk.workers >= workers and act.plan(rules, state, AI, "noble", need) is not None:
            act.noble(rules, state, board, AI, workers)
            done = True
    elif action == "transcribe":
        name = state.manuscripts[board.segment(monk.viscount)]
        if name is not None and act.plan(rules, state, AI, "transcribe", rules.manuscripts[name].cost) is not None:
            act.transcribe(rules, state, board, AI)
            done = True
    if not done:
        state.action = Doing()
    return done


# --- the reference card and the AI's choices -----------------------------------------------------

def priority(rules: Rules, player: Player) -> str:
    """viscounts.solo.resource-priority: the first resource still below its mark."""
    ranks = solo_rules(rules).priority
    return next((r for r, until in ranks if until is None or getattr(player, r) < until), ranks[-1][0])


def flip_choice(player: Player, what: str) -> str | None:
    """viscounts.solo.flip-choice: the kind flipped fewer times, debts on a tie; None if nothing to flip."""
    can = [w for w in ("debt", "deed") if what in (w, "debt_or_deed") and (player.debts if w == "debt" else player.deeds)]
    if len(can) == 2:
        return "debt" if player.paid <= player.approved else "deed"
    return can[0] if can else None


def translate(rules: Rules, state: State, e: dict[str, Any]) -> list[dict[str, Any]]:
    """viscounts.solo.reference-card: an effect as the AI carries it out, one unit at a time."""
    monk = state.players[AI]
    kind, count = e["kind"], e.get("count", 1)
    rest = [{"p": AI, "e": dict(e, count=count - 1)}] if count > 1 else []

    def raw(*effects: dict[str, Any]) -> list[dict[str, Any]]:
        return [{"p": AI, "raw": True, "e": x} for x in effects]

    if kind == "gain" and e["what"] == "any_resource":
        return raw({"kind": "gain", "what": priority(rules, monk)}) + rest
    if kind == "gain" and e["what"] == "silver" and count == 2:
        return [{"p": AI, "e": {"kind": "gain", "what": "any_resource"}}]
    if kind == "rearrange":
        return [{"p": AI, "e": {"kind": "gain", "what": "any_resource"}}]
    if kind == "destroy":
        return [{"p": AI, "e": {"kind": "flip", "what": "debt_or_deed"}}] + rest
    if kind in ("discard", "move_castle_worker"):
        return raw({"kind": "gain", "what": "virtue"}) + rest
    if kind in solo_rules(rules).future_for:
        return [{"p": AI, "ai": {"kind": "future_scheme"}}]
    if kind == "flip":
        which = flip_choice(monk, e["what"])
        return (raw({"kind": "flip", "what": which}) if which else raw({"kind": "gain", "what": "virtue"})) + rest
    if kind == "shuffle":
        return []
    if kind == "choice":
        return [{"p": AI, "e": x} for x in e["options"][0]]
    return raw(e)


def pick(rules: Rules, state: State, decision: Decision, legal: list[Action]) -> Action:
    """A decision an effect still asks of the AI: its priority, its flip rule, else the first option."""
    monk = state.players[AI]
    if decision.kind == "take":
        return Action(AI, "take", (priority(rules, monk),))
    if decision.kind == "flip":
        which = flip_choice(monk, "debt_or_deed")
        return next(a for a in legal if a.args == (which,))
    return next((a for a in legal if a.verb != "skip"), legal[0])


# --- the end -------------------------------------------------------------------------------------

def resource_points(rules: Rules, state: State) -> int:
    """viscounts.solo.end: the AI's 1 VP for each resource left."""
    monk = state.players[AI]
    return solo_rules(rules).resource_points * (monk.ink + monk.gold + monk.stone)


def winners(scores: dict[str, int]) -> list[str]:
    """viscounts.solo.win: the human wins only with more points; a tie is the AI's."""
    human = next(p for p in scores if p != AI)
    return [human] if scores[human] > scores[AI] else [AI]


def problems(state: State, rules: Rules) -> Iterator[str]:
    """The Monk's own invariants: its 16 schemes conserved, no townsfolk, its viscount on the outer path."""
    solo = state.solo
    if solo is None:
        return
    sr = solo_rules(rules)
    held = solo.deck + solo.discard + solo.future + [s for s in solo.schemes if s is not None]
    if tuple(sorted(held)) != sr.every_scheme:
        seen, total = Counter(held), Counter(sr.every_scheme)
        yield f"monk: scheme cards not conserved: {dict((seen - total) + (total - seen))}"
    if len(solo.schemes) != len(rules.starting_icons):
        yield f"monk: {len(solo.schemes)} scheme slots, not {len(rules.starting_icons)}"
    if solo.deck != sorted(solo.deck) or solo.future != sorted(solo.future):
        yield "monk: a scheme deck is not kept sorted"
    monk = state.players.get(AI)
    if monk is None:
        yield "monk: a solo game without the AI player"
        return
    if monk.hand or monk.deck or monk.discard or any(monk.board):
        yield "monk: the AI holds townsfolk"
    if not monk.viscount.startswith("o"):
        yield f"monk: its viscount left the outer path ({monk.viscount})"
