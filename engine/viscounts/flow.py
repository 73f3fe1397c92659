"""The order of play: the six phases of a turn (viscounts.turn.phases), rounds and the end, and the
queue of effects resolved one by one until a decision is needed."""

from __future__ import annotations

from typing import Any

from engine.core import CHANCE, Decision
from engine.viscounts import actions as act
from engine.viscounts import castle
from engine.viscounts import effects as fx
from engine.viscounts import solo
from engine.viscounts.board import Board
from engine.viscounts.rules import Rules
from engine.viscounts.state import Action, State

STAGES = ("slide", "play", "move", "action", "dismiss", "act", "hire", "collide", "draw", "end")


def advance(state: State, rules: Rules, board: Board) -> None:
    """Run the game on until someone has a decision to make (or the game is over)."""
    while not state.pending and state.stage != "over":
        if state.queue:
            decision = resolve(state, rules, board, state.queue.pop(0))
        elif state.stage == "setup":
            return
        else:
            decision = stage(state, rules, board)
        if decision is not None:
            state.pending.append(decision)


def resolve(state: State, rules: Rules, board: Board, item: dict[str, Any]) -> Decision | None:
    who = item["p"]
    player = state.players[who]
    if solo.is_ai(state, who) and ("ai" in item or ("e" in item and not item.get("raw"))):
        return solo.resolve(rules, state, board, item)  # the AI's scheme lines and its reference card
    if "do" in item:
        do = item["do"]
        if do == "castle":
            return castle.settle(rules, state, who)
        if do == "after":
            fx.trigger(rules, state, who, item["when"])
        elif do == "reveal-townsfolk":
            return Decision("townsfolk", CHANCE, "viscounts.setup.townsfolk-decks", {"seg": item["seg"]})
        elif do == "reveal-manuscript":
            return Decision("manuscript", CHANCE, "viscounts.setup.manuscript-piles", {"seg": item["seg"]})
        elif do == "collision-above":
            collision_above(state, rules, who)
        elif do == "collision-below":
            collision_below(state, rules, who)
        elif do == "reset":
            player.corruption, player.virtue = 1, rules.track_end
        elif do == "draw":
            return draw_one(state, rules, who, item.get("purpose", "hand"))
        return None
    e = item["e"]
    kind = e["kind"]
    if kind == "gain":
        return fx.gain(rules, state, who, e["what"], e.get("count", 1)) if e.get("count", 1) > 0 else None
    if kind == "flip":
        can = [w for w in ("debt", "deed") if e["what"] in (w, "debt_or_deed") and (player.debts if w == "debt" else player.deeds)]
        if e.get("count", 1) > 1:
            state.queue[:0] = [{"p": who, "e": dict(e, count=e["count"] - 1)}]
        if len(can) == 1:
            fx.flip(rules, state, who, can[0])
        elif can:
            return Decision("flip", who, "viscounts.debts.flipping")
        return None
    if kind in ("discard", "destroy"):
        if e.get("count", 1) > 1:
            state.queue[:0] = [{"p": who, "e": dict(e, count=e["count"] - 1)}]
        if kind == "destroy" and fx.owned(player) <= rules.min_cards:
            return None  # viscounts.play.minimum-deck
        if player.hand or player.deck or player.discard:
            return Decision(kind, who, f"viscounts.effects.{kind}")
        return None
    if kind == "rearrange":
        return Decision("rearrange", who, "viscounts.effects.rearrange") if len(fx.board_cards(player)) > 1 else None
    if kind == "shuffle":
        if player.discard:
            fx.shuffle(rules, state, who)
        return None
    if kind == "free_hire":
        return Decision("free-hire", who, "viscounts.effects.free-hire") if any(state.townsfolk) else None
    if kind == "move_castle_worker":
        return Decision("shift", who, "viscounts.effects.castle-moves") if any(who in s for s in state.castle.tier1) else None
    if kind == "place_workers":
        return Decision("section", who, "viscounts.effects.castle-moves", {"count": e["count"]}) if player.workers else None
    if kind == "free_manuscript":
        costs = e["costs"]
        if any(m is not None and rules.manuscripts[m].cost in costs for m in state.manuscripts):
            return Decision("free-manuscript", who, "viscounts.effects.free-manuscript", {"costs": costs})
        return None
    if kind == "choice":
        return Decision("choose", who, "viscounts.effects.any-or-all", {"options": e["options"]})
    if kind in fx.PASSIVE:
        return None
    raise ValueError(f"no way to carry out the effect {kind!r}")


def draw_one(state: State, rules: Rules, who: str, purpose: str) -> Decision | None:
    """Draw (or play blind) one card: shuffle first if the deck is empty (viscounts.draw.shuffle)."""
    player = state.players[who]
    if not player.deck:
        if not player.discard:
            return None
        fx.shuffle(rules, state, who)
    if len(set(player.deck)) == 1:  # no hidden information: the one card there is
        from engine.viscounts.choices import take_drawn

        take_drawn(state, rules, who, purpose, player.deck[0])
        state.log.append(f"chance draw {player.deck[0] if player.deck else ''}".strip())
        return None
    return fx.chance_draw(state, who, purpose)


def stage(state: State, rules: Rules, board: Board) -> Decision | None:
    """Move the turn on by one phase (the queue is empty)."""
    who = state.current
    player = state.players[who]
    s = state.stage
    if s in ("slide", "ai") and solo.is_ai(state, who):
        return solo.stage(state, rules, board)
    if s == "slide":
        dropped = player.board.pop()
        player.board.insert(0, None)
        state.stage = "play"
        if dropped is not None:
            player.discard.append(dropped)
            card = rules.cards[dropped]
            if card.timing == "drop_off":
                fx.queue(state, who, list(card.ability))
        return None
    if s == "play":
        state.stage = "move"
        if not player.hand:  # viscounts.play.empty-hand
            return draw_one(state, rules, who, "play")
        return Decision("play", who, "viscounts.play.place-card")
    if s == "move":
        state.stage = "action"
        return Decision("move", who, "viscounts.move.distance")
    if s == "action":
        state.action = Action()
        return Decision("action", who, "viscounts.action.choose")
    if s == "act":
        state.stage = "hire"
        return Decision(state.action.kind, who, f"viscounts.{state.action.kind}." + {
            "trade": "exchange", "build": "choice", "noble": "workers", "transcribe": "cost"}[state.action.kind])
    if s == "hire":
        state.stage = "collide"
        top = state.townsfolk[board.segment(player.viscount)]
        if top is not None and rules.cards[top].cost <= player.silver:
            return Decision("hire", who, "viscounts.hire.one")
        return None
    if s == "collide":
        state.stage = "draw"
        if player.corruption == player.virtue:
            collide(state, rules, who)
        return None
    if s == "draw":
        if len(player.hand) < fx.hand_limit(rules, state, who) and (player.deck or player.discard):
            return draw_one(state, rules, who, "hand")
        state.stage = "end"
        return None
    if s == "end":
        end_turn(state)
        return None
    raise ValueError(f"unknown stage {s!r}")


def collide(state: State, rules: Rules, who: str) -> None:
    """viscounts.collision.order, strictly in order: slots' virtue (i), then abilities (ii), then the
    track's reward above the markers (iii) and below them (iv), each read where the markers stand when
    it is reached (virtue gained in (i) or (ii) moves them: viscounts.virtue.together), then reset."""
    items: list[dict[str, Any]] = []
    for p in state.order:
        items += fx.fire(rules, state, p, "on_collision", slots_only=True)
    for p in state.order:
        items += fx.fire(rules, state, p, "on_collision", slots_only=False)
    state.queue[:0] = items + [{"p": who, "do": "collision-above"}, {"p": who, "do": "collision-below"},
                               {"p": who, "do": "reset"}]


def collision_above(state: State, rules: Rules, who: str) -> None:
    """(iii): the active player takes what the track shows above the space their markers stand on now."""
    at = state.collision_at = state.players[who].corruption
    state.queue[:0] = [{"p": who, "e": e} for e in rules.collisions[at][0]]


def collision_below(state: State, rules: Rules, who: str) -> None:
    """(iv): every other player who qualifies takes what the track shows below the active player's markers."""
    at = state.players[who].corruption
    _, theirs, condition = rules.collisions[at]
    items: list[dict[str, Any]] = []
    for p in state.order:
        if p == who:
            continue
        has = fx.criminals(rules, state.players[p]) > 0
        if condition == "none" or (condition == "has_criminal") == has:
            items += [{"p": p, "e": e} for e in theirs]
    state.queue[:0] = items


def end_turn(state: State) -> None:
    state.players[state.current].turns += 1
    state.players[state.current].dismissed = False
    state.action = Action()
    state.turn += 1
    if state.turn == len(state.order):
        state.turn = 0
        state.round += 1
        if state.last_round is not None and state.round > state.last_round:
            state.stage = "over"
            return
    state.stage = "slide"


def start_options(rules: Rules, state: State, board: Board, who: str) -> list[str]:
    """The primary actions open to the player where their viscount stands (viscounts.action.where)."""
    player = state.players[who]
    out = []
    if board.outer(player.viscount):
        if act.trade_times(rules, state, board, who) or _dismissable(rules, state, board, who, "trade"):
            out.append("trade")
        if any(s not in state.spots for s in board.building_side(player.viscount)) and any(
                player.built.get(b, 0) < len(rules.buildings[b].points) for b in rules.buildings):
            out.append("build")
    else:
        if player.workers:
            out.append("noble")
        if act.manuscript_here(rules, state, board, who) is not None:
            out.append("transcribe")
    return out


def _dismissable(rules: Rules, state: State, board: Board, who: str, action: str) -> bool:
    return dismiss_cost(rules, state, board, who, action) is not None


def dismiss_cost(rules: Rules, state: State, board: Board, who: str, action: str) -> int | None:
    """The silver to dismiss the townsfolk beside the viscount for this action, or None if it cannot."""
    player = state.players[who]
    top = state.townsfolk[board.segment(player.viscount)]
    if top is None or player.dismissed:
        return None
    card = rules.cards[top]
    if rules.icon_actions[action] not in card.icons and "criminal" not in card.icons:
        return None
    cost = min([card.cost] + [e["silver"] for e in fx.passive(rules, player, "dismiss_cost")])
    return cost if cost <= player.silver else None
