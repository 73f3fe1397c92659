"""The course of a year: deal the offer, place markers, the Siege window, the seal conflict, the
two players' turns, the end of a round and of a year. ``advance`` runs the game on until
somebody (or chance) has to decide something."""

from __future__ import annotations

from engine.core import CHANCE, Decision, InvalidState
from engine.duel.cards import card_in_play
from engine.duel.rules import Rules
from engine.duel.state import PHASES, Conflict, State


def withdraw_cards(state: State, rules: Rules, player: str) -> list[str]:
    """Held cards that make the opponent take a marker back (the Siege)."""
    out = []
    for text in state.players[player].held:
        effect = card_in_play(rules, text).card.effect
        if effect is not None and effect.kind == "opponent_withdraws_marker":
            out.append(text)
    return out


def can_flick(state: State, player: str) -> bool:
    assert state.conflict is not None
    if "personal" in state.conflict.flicked[player]:
        return False  # a personal seal ends that player's flicking
    me = state.players[player]
    return bool(me.seals) or me.personal_seal


def leader(state: State) -> str:
    """Who wins the conflict as it stands: ties go to the power holder."""
    assert state.conflict is not None
    power, other = state.power, state.opponent(state.power)
    return power if state.conflict.totals[power] >= state.conflict.totals[other] else other


def next_flick(state: State, rules: Rules) -> None:
    """The trailing player flicks or gives up; one who cannot flick any more gives up."""
    conflict = state.conflict
    assert conflict is not None
    trailing = state.opponent(leader(state))
    if can_flick(state, trailing):
        state.pending.append(Decision("flick", trailing, "duel.conflict.flicking"))
    else:
        state.log.append(f"{trailing} cannot flick any more and loses the conflict")
        lose(state, rules, trailing)


def lose(state: State, rules: Rules, loser: str) -> None:
    conflict = state.conflict
    assert conflict is not None
    conflict.loser = loser
    winner = state.opponent(loser)
    state.marks[loser].remove(conflict.cell)
    for player in state.players:
        if "personal" in conflict.flicked[player]:
            conflict.flicked[player].remove("personal")
            state.players[player].personal_seal = True
    state.stack.extend(s for s in conflict.flicked[winner] if s != "personal")
    conflict.flicked[winner] = []
    kept = sorted({s for s in conflict.flicked[loser] if s != "personal"})
    state.log.append(f"{winner} wins the conflict over cell {conflict.cell}")
    if len(kept) > 1:
        state.pending.append(Decision("keep", loser, "duel.conflict.outcome"))
    else:
        keep(state, kept[0] if kept else None)


def keep(state: State, seal: str | None) -> None:
    conflict = state.conflict
    assert conflict is not None and conflict.loser is not None
    loser = conflict.loser
    used = [s for s in conflict.flicked[loser] if s != "personal"]
    if seal is not None:
        used.remove(seal)
        state.players[loser].seals.append(seal)
    state.stack.extend(used)
    state.conflict = None
    state.phase = "turns"


def start_conflict(state: State, rules: Rules) -> None:
    players = list(state.players)
    shared = set(state.marks.get(players[0], [])) & set(state.marks.get(players[1], []))
    if not shared:
        state.phase = "turns"
        return
    state.conflict = Conflict(cell=shared.pop(), totals={p: 0 for p in players}, flicked={p: [] for p in players})
    if can_flick(state, state.power):
        state.pending.append(Decision("flick", state.power, "duel.conflict.first"))
    else:
        next_flick(state, rules)


def end_round(state: State, rules: Rules) -> None:
    structure = rules.structure
    for player in state.players.values():
        player.built, player.placed, player.build_cost_each = None, 0, None
    state.offer = [None] * rules.cells
    state.marks = {p: [] for p in state.players}
    state.lines, state.used, state.window_done, state.done, state.acting = {}, [], [], [], None
    state.round += 1
    if state.round > structure.rounds_per_year:
        for player in state.players.values():
            player.held = []  # unused delayed cards go back into their deck
        state.year += 1
        state.round = 1
        if state.year > structure.years:
            state.phase = "over"
            state.log.append("the fourth year is over")
            return
        state.draw = rules.assumed_deck(state.year)
    state.order = [state.power, state.opponent(state.power)]
    state.phase = "deal"


def advance(state: State, rules: Rules) -> None:
    """Run on to the next decision (does nothing while one is pending or the game is over)."""
    while not state.pending and state.phase != "over":
        if state.phase == "deal":
            if None in state.offer:
                state.pending.append(Decision("deal", CHANCE, "duel.round.reveal"))
            else:
                state.phase = "place"
        elif state.phase == "place":
            waiting = [p for p in state.order if p not in state.lines]
            if waiting:
                rule = "duel.round.lines" if waiting[0] == state.order[0] else "duel.round.line-type"
                state.pending.append(Decision("place", waiting[0], rule))
            else:
                state.phase = "siege"
        elif state.phase == "siege":
            for player in state.order:
                if player not in state.window_done and withdraw_cards(state, rules, player) and state.marks[state.opponent(player)]:
                    state.pending.append(Decision("siege", player, "duel.cards.one-use"))
                    break
            else:
                state.phase = "conflict"
        elif state.phase == "conflict":
            start_conflict(state, rules)
        elif state.phase == "turns":
            waiting = [p for p in state.order if p not in state.done]
            if not waiting:
                end_round(state, rules)
            else:
                if state.acting != waiting[0]:
                    state.acting, state.used = waiting[0], []
                state.pending.append(Decision("turn", waiting[0], "duel.cards.execution"))
        else:
            raise InvalidState(f"phase: {state.phase!r} is not one of {', '.join(PHASES)}")
