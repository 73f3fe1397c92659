"""The four primary actions (viscounts.action.*): what a player can afford, how the engine pays, and
what each action does. Paying is greedy in a fixed order (merchant icons given up first, then the
card abilities used once, the action's own funding resource, other resources, silver last): the
player chooses the action and its target, not which coins go."""

from __future__ import annotations

from typing import Any, Callable

from engine.viscounts import effects as fx
from engine.viscounts.board import Board
from engine.viscounts.rules import Rules
from engine.viscounts.state import Player, State

PAY_ORDER = {"merchant_icons": 0, "once": 1, "funding": 2, "ink": 3, "gold": 3, "stone": 3, "silver": 4}


def base_icons(rules: Rules, state: State, who: str, action: str) -> int:
    """Icons of the action's type on the board (criminals wild), a cleric bonus card counting as a cleric
    icon (viscounts.discrepancy.cleric-bonus-icon), plus a dismissed card's."""
    player = state.players[who]
    n = fx.icons(rules, player, rules.icon_actions[action], wild=True)
    if action == "transcribe":
        n += len(player.bonus)
    return n + (state.action.icons if state.action.kind == action else 0)


def means(rules: Rules, player: Player, action: str) -> list[tuple[str, int, int, int]]:
    """(what is paid, how many per use, icons per use, most uses) in the engine's paying order."""
    out: list[tuple[int, tuple[str, int, int, int]]] = []
    fund = rules.funding[action]
    out.append((PAY_ORDER["funding"], (fund, 1, 1, 99)))
    for sub in fx.ongoing(rules, player, "substitute"):
        if sub["action"] != action:
            continue
        rank = PAY_ORDER["once"] if sub["once"] else PAY_ORDER[sub["pay"]]
        uses = 1 if sub["once"] else 99
        out.append((rank, (sub["pay"], sub["pay_count"], sub["icon_count"], uses)))
    return [m for _, m in sorted(out, key=lambda x: x[0])]


def plan(rules: Rules, state: State, who: str, action: str, need: int) -> dict[str, int] | None:
    """What the player pays to reach ``need`` icons, or None if they cannot."""
    return planner(rules, state, who, action)(need)


def planner(rules: Rules, state: State, who: str, action: str) -> Callable[[int], dict[str, int] | None]:
    """:func:`plan` for one player and action at any number of icons: the icons the board gives, what
    the player holds and the means of paying are worked out once (the options list asks for each
    building, each placement)."""
    player = state.players[who]
    base = base_icons(rules, state, who, action)
    held: dict[str, int] | None = None
    ways: list[tuple[str, int, int, int]] | None = None

    def pay_for(need: int) -> dict[str, int] | None:
        nonlocal held, ways
        short = need - base
        spend: dict[str, int] = {}
        if short <= 0:
            return spend
        if held is None or ways is None:
            held = {"silver": player.silver, "ink": player.ink, "gold": player.gold, "stone": player.stone,
                    "merchant_icons": fx.icons(rules, player, "merchant")}
            ways = means(rules, player, action)
        for what, per, gives, most in ways:
            uses = min(most, -(-short // gives), (held[what] - spend.get(what, 0)) // per)
            if uses > 0:
                spend[what] = spend.get(what, 0) + uses * per
                short -= uses * gives
            if short <= 0:
                return {k: v for k, v in spend.items() if k != "merchant_icons"}
        return None

    return pay_for


def pay(state: State, who: str, spend: dict[str, int]) -> None:
    player = state.players[who]
    for what, n in spend.items():
        setattr(player, what, getattr(player, what) - n)
        state.action.spent[what] = state.action.spent.get(what, 0) + n


# --- what each action may do ---------------------------------------------------------------------

def trade_times(rules: Rules, state: State, board: Board, who: str) -> list[int]:
    player = state.players[who]
    need, _ = rules.exchanges[board.exchange[player.viscount]]
    most = (base_icons(rules, state, who, "trade") + player.silver) // need
    return list(range(1, most + 1))


def build_options(rules: Rules, state: State, board: Board, who: str) -> list[tuple[str, str]]:
    player = state.players[who]
    if not board.outer(player.viscount):
        return []
    spots = [s for s in board.building_side(player.viscount) if s not in state.spots]
    if not spots:
        return []
    afford = planner(rules, state, who, "build")
    types = [b for b in rules.buildings.values() if player.built.get(b.slug, 0) < len(b.points)
             and afford(b.cost) is not None]
    return [(b.slug, s) for b in types for s in spots]


def worker_options(rules: Rules, state: State, who: str) -> list[int]:
    player = state.players[who]
    if player.workers <= 0:
        return []
    afford = planner(rules, state, who, "noble")
    return [workers for icons_needed, workers in rules.placement
            if workers <= player.workers and afford(icons_needed) is not None]


def manuscript_here(rules: Rules, state: State, board: Board, who: str) -> str | None:
    player = state.players[who]
    if board.outer(player.viscount):
        return None
    return state.manuscripts[board.segment(player.viscount)]


def can_transcribe(rules: Rules, state: State, board: Board, who: str) -> bool:
    name = manuscript_here(rules, state, board, who)
    return name is not None and plan(rules, state, who, "transcribe", rules.manuscripts[name].cost) is not None


# --- doing them ----------------------------------------------------------------------------------

def trade(rules: Rules, state: State, board: Board, who: str, times: int) -> None:
    player = state.players[who]
    need, gives = rules.exchanges[board.exchange[player.viscount]]
    short = max(0, times * need - base_icons(rules, state, who, "trade"))
    pay(state, who, {"silver": short} if short else {})
    items = [{"p": who, "e": e} for _ in range(times) for e in gives]
    state.queue[:0] = items + [{"p": who, "do": "after", "when": "after_trade"}]


def build(rules: Rules, state: State, board: Board, who: str, kind: str, spot: str) -> None:
    player = state.players[who]
    spend = plan(rules, state, who, "build", rules.buildings[kind].cost)
    assert spend is not None
    pay(state, who, spend)
    player.built[kind] = player.built.get(kind, 0) + 1
    state.spots[spot] = f"{who}:{kind}"
    items: list[dict[str, Any]] = [{"p": who, "e": e} for e in board.spot_reward[spot]]
    for other in board.neighbours(spot):
        if other in state.spots:
            owner = state.spots[other].split(":")[0]
            for end in dict.fromkeys((who, owner)):
                items += [{"p": end, "e": e} for e in board.link_reward]
    state.queue[:0] = items + [{"p": who, "do": "after", "when": "after_build"}]


def noble(rules: Rules, state: State, board: Board, who: str, workers: int) -> None:
    from engine.viscounts.castle import place

    needed = next(i for i, w in rules.placement if w == workers)
    spend = plan(rules, state, who, "noble", needed)
    assert spend is not None
    pay(state, who, spend)
    place(state, who, board.segment(state.players[who].viscount), workers)
    state.queue[:0] = [{"p": who, "do": "castle"}, {"p": who, "do": "after", "when": "after_noble"}]


def transcribe(rules: Rules, state: State, board: Board, who: str) -> None:
    player = state.players[who]
    seg = board.segment(player.viscount)
    name = state.manuscripts[seg]
    assert name is not None
    spend = plan(rules, state, who, "transcribe", rules.manuscripts[name].cost)
    assert spend is not None
    pay(state, who, spend)
    take_manuscript(rules, state, who, seg)
    state.queue[:0] = [{"p": who, "do": "after", "when": "after_transcribe"}]


def take_manuscript(rules: Rules, state: State, who: str, seg: int) -> None:
    player = state.players[who]
    name = state.manuscripts[seg]
    assert name is not None
    player.manuscripts.append(name)
    state.manuscripts[seg] = None
    ribbon = rules.manuscripts[name].ribbon
    if ribbon in state.bonus_left and sum(rules.manuscripts[m].ribbon == ribbon for m in player.manuscripts) >= rules.bonus_after:
        state.bonus_left.remove(ribbon)
        player.bonus.append(ribbon)
    if state.manuscripts_left[seg] > 0:
        state.queue[:0] = [{"p": who, "do": "reveal-manuscript", "seg": seg}]
