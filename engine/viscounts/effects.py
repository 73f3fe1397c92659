"""Carrying out the catalog's structured effects on a position: gains, markers, debts and deeds, the
icons a board shows, ongoing triggers, and the queue of effects still to resolve. An effect that
needs a choice becomes a decision (engine/viscounts/choices.py lists and plays them)."""

from __future__ import annotations

from typing import Any

from engine.core import CHANCE, Decision
from engine.viscounts.rules import RESOURCES, Effects, Rules
from engine.viscounts.state import Player, State

OPTIONAL = {"discard", "destroy", "rearrange", "move_castle_worker"}
PASSIVE = {"extra_move", "dismiss_cost", "permanent_icon", "hand_limit", "points_per", "substitute", "trigger"}


# --- what a board shows --------------------------------------------------------------------------

def slot_abilities(rules: Rules, player: Player) -> tuple[dict[str, Any], ...]:
    """Abilities uncovered by the buildings built, in building order (worked out once per set of
    buildings built: the board's icons, moves and triggers ask at nearly every step)."""
    if not player.built:
        return ()
    key = tuple(player.built.items())
    found = rules.slot_memo.get(key)
    if found is None:
        found = rules.slot_memo[key] = tuple(e for slug, b in rules.buildings.items() for e in b.slots[:player.built.get(slug, 0)])
    return found


def board_cards(player: Player) -> list[str]:
    return [c for c in player.board if c is not None]


def criminals(rules: Rules, player: Player) -> int:
    cards = rules.cards
    return sum([cards[c].icons.count("criminal") for c in player.board if c is not None])


def icons(rules: Rules, player: Player, icon: str, wild: bool = False) -> int:
    """Icons of one type on the board: cards, uncovered starting icons, building slots (and criminals
    when ``wild``: primary actions only). One pass over the board (every option of an action asks)."""
    cards, starting = rules.cards, rules.starting_icons
    uncovered = player.turns < rules.starting_icon_turns
    n = 0
    for i, c in enumerate(player.board):
        if c is not None:
            shown = cards[c].icons
            n += shown.count(icon) + (shown.count("criminal") if wild else 0)
        elif uncovered and i < len(starting):
            n += starting[i].count(icon)
    slots = slot_abilities(rules, player)
    if slots:
        n += sum(1 for e in slots if e["kind"] == "permanent_icon" and e["icon"] == icon)
    return n


def ongoing(rules: Rules, player: Player, kind: str) -> list[dict[str, Any]]:
    """Ongoing abilities of a kind on the board's cards (the slots' come from slot_abilities)."""
    return [e for c in board_cards(player) if rules.cards[c].timing == "ongoing"
            for e in rules.cards[c].ability if e["kind"] == kind]


def passive(rules: Rules, player: Player, kind: str) -> list[dict[str, Any]]:
    slots = slot_abilities(rules, player)
    return [e for e in slots if e["kind"] == kind] if slots else []


def hand_limit(rules: Rules, state: State, who: str) -> int:
    player = state.players[who]
    changes: list[int] = [e["change"] for e in passive(rules, player, "hand_limit")]
    return rules.hand_limit + sum(changes) + (rules.leader_hand if state.leader == who else 0)


def owned(player: Player) -> int:
    return len(player.hand) + len(player.deck) + len(player.discard) + len(board_cards(player))


# --- the queue -----------------------------------------------------------------------------------

def queue(state: State, who: str, effects: Effects, front: bool = True) -> None:
    items = [{"p": who, "e": e} for e in effects]
    state.queue[:0] = items if front else []
    if not front:
        state.queue.extend(items)


def fire(rules: Rules, state: State, who: str, when: str, slots_only: bool | None = None) -> list[dict[str, Any]]:
    """Queue items for the triggers of one player on an event (``slots_only``: True only the building
    slots', False only the cards', None both)."""
    player = state.players[who]
    found = []
    if slots_only is not False:
        found += [t for t in passive(rules, player, "trigger") if t["when"] == when]
    if slots_only is not True:
        found += [t for t in ongoing(rules, player, "trigger") if t["when"] == when]
    out = []
    for t in found:
        if t.get("only_without_criminal") and criminals(rules, player):
            continue
        out += [{"p": who, "e": e} for e in t["then"]]
    return out


def trigger(rules: Rules, state: State, who: str, when: str) -> None:
    state.queue[:0] = fire(rules, state, who, when)


# --- gains ---------------------------------------------------------------------------------------

def corruption(player: Player, track_end: int) -> None:
    if player.corruption == player.virtue:
        player.corruption = player.virtue = min(track_end, player.virtue + 1)
    else:
        player.corruption += 1


def virtue(player: Player) -> None:
    if player.corruption == player.virtue:
        player.corruption = player.virtue = max(1, player.virtue - 1)
    else:
        player.virtue -= 1


def gain_debt(rules: Rules, state: State, who: str) -> None:
    state.players[who].debts += 1
    if state.debt_pile > 0:
        state.debt_pile -= 1
        if state.debt_pile == 0 and not state.poverty:
            state.poverty = True
            end_trigger(state)
    trigger(rules, state, who, "on_gain_debt")


def gain_deed(state: State, who: str) -> None:
    state.players[who].deeds += 1
    if state.deed_pile > 0:
        state.deed_pile -= 1
        if state.deed_pile == 0 and not state.prosperity:
            state.prosperity = True
            end_trigger(state)


def end_trigger(state: State) -> None:
    """viscounts.end.trigger: this round ends, then one more is played."""
    if state.last_round is None:
        state.last_round = state.round + 1


def flip(rules: Rules, state: State, who: str, what: str) -> None:
    player = state.players[who]
    if what == "debt":
        player.debts -= 1
        player.paid += 1
        state.queue[:0] = [{"p": who, "e": e} for e in [s for s in _flip_gain(rules)]] + fire(rules, state, who, "on_flip_debt")
    else:
        player.deeds -= 1
        player.approved += 1


def _flip_gain(rules: Rules) -> Effects:
    return [s.model_dump() for s in rules.debt.on_flip]


def shuffle(rules: Rules, state: State, who: str) -> None:
    """The discard pile into the draw deck, then 1 corruption with a criminal on the board, else 1 virtue."""
    player = state.players[who]
    player.deck = sorted(player.deck + player.discard)
    player.discard = []
    if criminals(rules, player):
        corruption(player, rules.track_end)
    else:
        virtue(player)


def gain(rules: Rules, state: State, who: str, what: str, count: int) -> Decision | None:
    """A simple gain; ``any_resource`` becomes a decision (one per resource)."""
    player = state.players[who]
    for n in range(count):
        if what == "silver":
            player.silver += 1
        elif what in RESOURCES:
            setattr(player, what, getattr(player, what) + 1)
        elif what == "virtue":
            virtue(player)
        elif what == "corruption":
            corruption(player, rules.track_end)
        elif what == "debt":
            gain_debt(rules, state, who)
        elif what == "deed":
            gain_deed(state, who)
        elif what == "any_resource":
            state.queue[:0] = [{"p": who, "e": {"kind": "gain", "what": "any_resource", "count": count - n - 1}}] if count - n > 1 else []
            return Decision("take", who, "viscounts.effects.gains")
        else:
            raise ValueError(f"unknown gain {what!r}")
    return None


def chance_draw(state: State, who: str, purpose: str) -> Decision:
    return Decision("draw", CHANCE, "viscounts.draw.refill", {"who": who, "purpose": purpose})
