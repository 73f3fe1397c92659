"""Legal actions are listed once per decision, and the checked ``apply`` still refuses what is not legal."""

from __future__ import annotations

from typing import Any

import pytest

from engine.caylus import Caylus
from engine.core import Action, IllegalAction
from engine.duel import Duel
from engine.maharaja.game import Maharaja
from engine.playout import play


def counting(base: type) -> tuple[Any, list[int]]:
    """An engine of ``base`` that counts how often its own listing of legal actions really runs."""
    runs = [0]

    class Counted(base):  # type: ignore[misc, valid-type]
        def legal_actions(self, state: Any) -> list[Action]:
            runs[0] += 1
            return super().legal_actions(state)  # type: ignore[no-any-return]

    return Counted, runs


@pytest.mark.parametrize("base", [Caylus, Duel, Maharaja])
def test_a_random_game_lists_the_legal_actions_of_each_decision_once(base: type) -> None:
    engine_class, runs = counting(base)
    game = engine_class()
    result = play(game, 3)
    assert not result.violations and result.scores
    # one listing per step played (the random player's; the checked apply reuses it), none more
    assert runs[0] == result.steps


def test_apply_still_refuses_an_illegal_action_after_the_legal_ones_were_listed() -> None:
    game = Caylus(players=2)
    state = game.new_state()
    while game.current(state) is not None and game.current(state).kind != "place":  # type: ignore[union-attr]
        game.apply(state, game.legal_actions(state)[0])
    decision = game.current(state)
    assert decision is not None
    listed = game.legal_actions(state)
    stranger = Action(decision.player, "place", ("nowhere-at-all",))
    assert stranger not in listed
    with pytest.raises(IllegalAction) as caught:
        game.apply(state, stranger)
    assert caught.value.rule == "caylus.phase2.where"
    assert "nowhere-at-all" in str(caught.value)


def test_the_list_follows_the_position_not_the_last_answer() -> None:
    game = Duel()
    state = game.new_state()
    first = game.legal_actions(state)
    twin = state.copy()  # the same position in another object: listed afresh, the same list
    assert game.legal_actions(twin) == first
    game.apply(state, first[0])
    after = game.legal_actions(state)
    assert after != first
    assert game.legal_actions(twin) == first  # the copy did not move
    # what the caller does with its list does not change what is legal
    after.clear()
    assert game.legal_actions(state) and game.legal_actions(state)[0] in game.legal_actions(state)
