"""Conformance: seeded random games at every player count end with scores and break no invariant."""

from __future__ import annotations

import pytest

from engine.caylus import Caylus
from engine.duel import Duel
from engine.playout import play

GAMES_PER_COUNT = 60  # 4 player counts x 60 = 240 games


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_keep_every_invariant(players: int) -> None:
    game = Caylus(players=players)
    for seed in range(GAMES_PER_COUNT):
        result = play(game, seed, probe_every=40 if seed % 10 == 0 else 0)
        assert not result.violations, "\n".join(result.violations)
        assert set(result.scores) == set(game.players)


def test_the_same_seed_plays_the_same_game() -> None:
    game = Caylus(players=3)
    assert play(game, 11).scores == play(game, 11).scores
    assert play(game, 11).steps == play(game, 11).steps


DUEL_GAMES = 200


def test_random_duel_games_keep_every_invariant() -> None:
    """Gold never negative and conserved with the finite bank; markers, seals and character markers
    conserved (engine/duel/invariants.py), checked after every step."""
    game = Duel()
    finished_sections = 0
    for seed in range(DUEL_GAMES):
        result = play(game, seed, probe_every=25 if seed % 10 == 0 else 0)
        assert not result.violations, "\n".join(result.violations)
        assert set(result.scores) == {"red", "blue"}
        finished_sections += sum(result.scores.values())
    assert finished_sections > 0  # random games do reach the building rules


def test_the_same_seed_plays_the_same_duel() -> None:
    game = Duel()
    assert (play(game, 5).steps, play(game, 5).scores) == (play(game, 5).steps, play(game, 5).scores)


def test_a_drawn_action_is_the_one_random_choices_draws() -> None:
    # the playouts' own draw must use the generator as Random.choices does: the committed simulations
    # and every seeded game depend on it
    import random

    from engine.playout import pick

    maker = random.Random(7)
    for trial in range(2000):
        actions = list(range(maker.randint(1, 12)))
        weights = None if trial % 3 == 0 else [maker.choice((0.5, 1.0, 3.0, 10.0)) for _ in actions]
        ours, theirs = random.Random(trial), random.Random(trial)
        assert pick(ours.random, actions, weights) == theirs.choices(actions, weights=weights)[0]
        assert ours.random() == theirs.random()  # the generator moved alike
