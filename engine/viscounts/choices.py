"""The legal actions of each kind of decision, and playing one. Notation (one action per line):
``chance pair 3 ada``, ``red pair 3``, ``chance castle 2``, ``chance townsfolk 1 mason``,
``chance manuscript 1 grey-grey-3``, ``chance draw abbot``; ``red play abbot``, ``red move i3``,
``red trade|build|noble|transcribe|skip``, ``red dismiss|keep``, ``red exchange 3``,
``red build workshop 2c``, ``red place 4``, ``red transcribe``, ``red hire|pass``, ``red hire 4``
(free, deck 4), ``red take gold``, ``red flip debt``, ``red discard abbot|top``, ``red destroy abbot|top``,
``red rearrange thief,abbot``, ``red skip``, ``red choose 2``, ``red climb 3``, ``red bump 1 3 blue``,
``red shift 2 3``, ``red section 3``, ``red manuscript 2``."""

from __future__ import annotations

from itertools import permutations
from collections.abc import Iterable
from typing import Any

from engine.core import CHANCE, Action, Decision
from engine.viscounts import actions as act
from engine.viscounts import castle
from engine.viscounts import effects as fx
from engine.viscounts import flow
from engine.viscounts.board import Board
from engine.viscounts.rules import RESOURCES, Rules
from engine.viscounts.state import State


_MADE: dict[tuple[object, ...], dict[object, Action]] = {}
"""Every action listed so far, by (player, verb, leading arguments) and then the last argument as given:
the same move is listed at step after step, and a frozen dataclass costs far more to build than a
lookup. Bounded: players x verbs x arguments drawn from the catalog's cards, spaces, sections and
counts (rearranged orders are not kept)."""
_ONE: dict[tuple[object, ...], Action] = {}
"""The same, for actions listed one by one: by (player, verb, *arguments as given)."""


def legal(state: State, rules: Rules, board: Board, d: Decision) -> list[Action]:
    who, kind = d.player, d.kind
    p = state.players.get(d.data.get("who", who))

    def many(verb: str, last: Iterable[object], *lead: object) -> list[Action]:
        """One action per last argument, after the same leading ones."""
        family = _MADE.get((who, verb, *lead))
        if family is None:
            family = _MADE[(who, verb, *lead)] = {}
        out = []
        for x in last:
            made = family.get(x)
            if made is None:
                made = Action(who, verb, (*(str(y) for y in lead), str(x)))
                if verb != "rearrange":
                    family[x] = made
            out.append(made)
        return out

    def a(verb: str, *args: object) -> Action:
        key = (who, verb, *args)
        made = _ONE.get(key)
        if made is None:
            made = _ONE[key] = Action(who, verb, tuple(str(x) for x in args))
        return made

    if kind == "pair":
        return [a("pair", n) for n, _ in state.pairs]
    if kind == "castle":
        return [a("castle", r) for r in range(len(rules.wedges))]
    if kind == "townsfolk":
        return many("townsfolk", sorted(set(state.townsfolk_pool)), d.data["seg"] + 1)
    if kind == "manuscript":
        pool = state.grey_pool if d.data.get("grey") else state.black_pool
        return many("manuscript", sorted(set(pool)), d.data["seg"] + 1)
    if kind == "draw":
        assert p is not None
        return many("draw", sorted(set(p.deck)))
    assert p is not None
    if kind == "play":
        return many("play", sorted(set(p.hand)))
    if kind == "move":
        card = rules.cards[p.board[0]] if p.board[0] else None
        least = card.cost if card else 1
        free = sum(e["spaces"] for e in fx.passive(rules, p, "extra_move"))
        reach = board.destinations(p.viscount, least, least + free + min(p.silver, 2 * len(board.arrows)))
        return many("move", sorted(reach))
    if kind == "action":
        return [a(x) for x in flow.start_options(rules, state, board, who)] + [a("skip")]
    if kind == "dismiss":
        return [a("dismiss"), a("keep")]
    if kind == "trade":
        return many("exchange", act.trade_times(rules, state, board, who)) + [a("skip")]
    if kind == "build":
        return [a("build", k, s) for k, s in act.build_options(rules, state, board, who)] + [a("skip")]
    if kind == "noble":
        return many("place", act.worker_options(rules, state, who)) + [a("skip")]
    if kind == "transcribe":
        return ([a("transcribe")] if act.can_transcribe(rules, state, board, who) else []) + [a("skip")]
    if kind == "hire":
        return [a("hire"), a("pass")]
    if kind == "take":
        return [a("take", r) for r in RESOURCES]
    if kind == "flip":
        return [a("flip", w) for w in ("debt", "deed") if (p.debts if w == "debt" else p.deeds)]
    if kind in ("discard", "destroy"):
        # the top of the draw deck, or with an empty deck of the discard pile shuffled into one first
        return many(kind, sorted(set(p.hand))) + ([a(kind, "top")] if p.deck or p.discard else []) + [a("skip")]
    if kind == "rearrange":
        cards = fx.board_cards(p)
        orders = sorted({o for o in permutations(cards) if list(o) != cards})
        return many("rearrange", (",".join(o) for o in orders)) + [a("skip")]
    if kind == "free-hire":
        return [a("hire", s + 1) for s, c in enumerate(state.townsfolk) if c is not None]
    if kind == "choose":
        return [a("choose", i + 1) for i in range(len(d.data["options"]))]
    if kind == "climb":
        return [a("climb", s + 1) for s in d.data["sections"]]
    if kind == "bump":
        return [a("bump", d.data["tier"], d.data["section"] + 1, o) for o in d.data["owners"]]
    if kind == "shift":
        n = len(state.castle.tier1)
        return [a("shift", s + 1, t % n + 1) for s, sec in enumerate(state.castle.tier1) if who in sec
                for t in (s - 1, s + 1)] + [a("skip")]
    if kind == "section":
        return [a("section", s + 1) for s in range(len(state.castle.tier1))]
    if kind == "free-manuscript":
        return [a("manuscript", s + 1) for s, m in enumerate(state.manuscripts)
                if m is not None and rules.manuscripts[m].cost in d.data["costs"]]
    raise ValueError(f"unknown decision {kind!r}")


def take_drawn(state: State, rules: Rules, who: str, purpose: str, card: str) -> None:
    """A card chance drew from ``who``'s deck, to its purpose: the hand, the board, the discard or out."""
    player = state.players[who]
    player.deck.remove(card)
    if purpose == "hand":
        player.hand.append(card)
    elif purpose == "play":
        play_card(state, rules, who, card)
    elif purpose == "discard":
        player.discard.append(card)
    elif purpose == "destroy":
        state.removed.append(card)
        player.silver += rules.cards[card].cost


def play_card(state: State, rules: Rules, who: str, card: str) -> None:
    """Onto the leftmost slot: a criminal raises corruption per criminal on the board; instants happen."""
    player = state.players[who]
    player.board[0] = card
    info = rules.cards[card]
    if "criminal" in info.icons:
        state.queue[:0] = [{"p": who, "e": {"kind": "gain", "what": "corruption", "count": fx.criminals(rules, player)}}]
    if info.timing == "instant":
        state.queue.extend({"p": who, "e": e} for e in info.ability)


def hire(state: State, rules: Rules, who: str, seg: int, paid: bool) -> None:
    player = state.players[who]
    card = state.townsfolk[seg]
    assert card is not None
    info = rules.cards[card]
    if paid:
        player.silver -= info.cost
    player.discard.append(card)
    state.townsfolk[seg] = None
    items = [{"p": who, "e": e} for e in (info.hire or ())] + fx.fire(rules, state, who, "after_hire")
    if state.townsfolk_left[seg]:
        items.append({"p": who, "do": "reveal-townsfolk", "seg": seg})
    state.queue[:0] = items


def apply(state: State, rules: Rules, board: Board, d: Decision, action: Action) -> None:
    who, kind, args = d.player, d.kind, action.args
    p = state.players.get(d.data.get("who", who))
    if kind == "townsfolk":
        seg, card = int(args[0]) - 1, args[1]
        state.townsfolk_pool.remove(card)
        state.townsfolk_left[seg] -= 1
        state.townsfolk[seg] = card
    elif kind == "manuscript" and who == CHANCE:
        seg, name = int(args[0]) - 1, args[1]
        (state.grey_pool if d.data.get("grey") else state.black_pool).remove(name)
        state.manuscripts_left[seg] -= 1
        state.manuscripts[seg] = name
    elif kind == "castle":
        state.castle.rotation = int(args[0])
    elif kind == "draw":
        take_drawn(state, rules, d.data["who"], d.data["purpose"], args[0])
    elif kind == "play":
        assert p is not None
        p.hand.remove(args[0])
        play_card(state, rules, who, args[0])
    elif kind == "move":
        _move(state, rules, board, who, args[0])
    elif kind == "action":
        if action.verb == "skip":
            state.stage = "hire"
            return
        state.action.kind = action.verb
        state.stage = "act"
        if flow.dismiss_cost(rules, state, board, who, action.verb) is not None:
            state.pending.append(Decision("dismiss", who, "viscounts.action.dismiss"))
    elif kind == "dismiss":
        if action.verb == "dismiss":
            _dismiss(state, rules, board, who)
    elif kind in ("trade", "build", "noble", "transcribe"):
        if action.verb == "exchange":
            act.trade(rules, state, board, who, int(args[0]))
        elif action.verb == "build":
            act.build(rules, state, board, who, args[0], args[1])
        elif action.verb == "place":
            act.noble(rules, state, board, who, int(args[0]))
        elif action.verb == "transcribe":
            act.transcribe(rules, state, board, who)
    elif kind == "hire":
        assert p is not None
        if action.verb == "hire":
            hire(state, rules, who, board.segment(p.viscount), paid=True)
    elif kind == "free-hire":
        hire(state, rules, who, int(args[0]) - 1, paid=False)
    elif kind == "take":
        assert p is not None
        setattr(p, args[0], getattr(p, args[0]) + 1)
    elif kind == "flip":
        fx.flip(rules, state, who, args[0])
    elif kind in ("discard", "destroy"):
        assert p is not None
        if action.verb == "skip":
            return
        if args[0] == "top":
            if not p.deck:  # viscounts.effects.discard, viscounts.effects.destroy: shuffle first
                fx.shuffle(rules, state, who)
            state.pending.append(fx.chance_draw(state, who, kind))
        else:
            p.hand.remove(args[0])
            if kind == "discard":
                p.discard.append(args[0])
            else:
                state.removed.append(args[0])
                p.silver += rules.cards[args[0]].cost
    elif kind == "rearrange":
        assert p is not None
        if action.verb != "skip":
            order = iter(args[0].split(","))
            p.board = [next(order) if c is not None else None for c in p.board]
    elif kind == "choose":
        state.queue[:0] = [{"p": who, "e": e} for e in d.data["options"][int(args[0]) - 1]]
    elif kind == "climb":
        castle.climb_tier1(rules, state, who, int(args[0]) - 1)
    elif kind == "bump":
        castle.bump(rules, state, int(args[0]), int(args[1]) - 1, args[2])
    elif kind == "shift":
        if action.verb != "skip":
            t1 = state.castle.tier1
            s, t = int(args[0]) - 1, int(args[1]) - 1
            t1[s][who] -= 1
            t1[t][who] = t1[t].get(who, 0) + 1
            castle._tidy(state)
            state.queue[:0] = [{"p": who, "do": "castle"}]
    elif kind == "section":
        castle.place(state, who, int(args[0]) - 1, d.data["count"])
        state.queue[:0] = [{"p": who, "do": "castle"}]
    elif kind == "free-manuscript":
        act.take_manuscript(rules, state, who, int(args[0]) - 1)
    else:
        raise ValueError(f"unknown decision {kind!r}")


def _move(state: State, rules: Rules, board: Board, who: str, to: str) -> None:
    p = state.players[who]
    card = rules.cards[p.board[0]] if p.board[0] else None
    least = card.cost if card else 1
    free = sum(e["spaces"] for e in fx.passive(rules, p, "extra_move"))
    steps = board.destinations(p.viscount, least, least + free + min(p.silver, 2 * len(board.arrows)))[to]
    p.silver -= max(0, steps - least - free)
    p.viscount = to
    for other, q in state.players.items():
        if other != who and q.viscount == to:  # viscounts.move.meeting
            state.queue.append({"p": other, "e": {"kind": "rearrange"}})


def _dismiss(state: State, rules: Rules, board: Board, who: str) -> None:
    p = state.players[who]
    seg = board.segment(p.viscount)
    cost = flow.dismiss_cost(rules, state, board, who, state.action.kind)
    card = state.townsfolk[seg]
    assert cost is not None and card is not None
    info = rules.cards[card]
    p.silver -= cost
    p.dismissed = True
    icon = rules.icon_actions[state.action.kind]
    state.action.icons += sum(1 for i in info.icons if i in (icon, "criminal"))
    state.townsfolk[seg] = None
    state.removed.append(card)
    items: list[dict[str, Any]] = [{"p": who, "e": e} for e in (info.hire or ())]
    if state.townsfolk_left[seg]:
        items.append({"p": who, "do": "reveal-townsfolk", "seg": seg})
    state.queue[:0] = items
