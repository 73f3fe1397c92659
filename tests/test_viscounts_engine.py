"""The Viscounts engine: seeded random games at every player count keep every invariant after every
step (engine/viscounts/invariants.py: cards and workers conserved, nothing negative, markers on the
track, castle tiers within limits, the leader right), and rules the scenarios do not pin down."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import IllegalAction
from engine.playout import play
from engine.viscounts import Viscounts
from engine.viscounts.scoring import podium

GAMES_PER_COUNT = 50  # 4 player counts x 50 = 200 games


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_random_games_keep_every_invariant(players: int) -> None:
    game = Viscounts(players=players)
    ended_by_pile = 0
    for seed in range(GAMES_PER_COUNT):
        result = play(game, seed, probe_every=30 if seed % 10 == 0 else 0)
        assert not result.violations, "\n".join(result.violations)
        assert set(result.scores) == set(game.players) | ({"monk"} if players == 1 else set())  # the solo AI scores too
        assert result.winners
        ended_by_pile += 1
    assert ended_by_pile == GAMES_PER_COUNT


def test_the_same_seed_plays_the_same_game() -> None:
    game = Viscounts(players=3)
    first, again = play(game, 7), play(game, 7)
    assert (first.steps, first.scores) == (again.steps, again.scores)


def test_player_counts_come_from_the_catalog() -> None:
    with pytest.raises(ValueError, match="1 to 4 players"):
        Viscounts(players=5)


def test_podium_ties_share_their_places_rounded_down() -> None:
    assert podium({"a": 3, "b": 3, "c": 1, "d": 0}, (12, 8, 4)) == {"a": 10, "b": 10, "c": 4, "d": 0}
    assert podium({"a": 5, "b": 2, "c": 2, "d": 2}, (12, 8, 4)) == {"a": 12, "b": 4, "c": 4, "d": 4}
    assert podium({"a": 0, "b": 0}, (12, 4)) == {"a": 0, "b": 0}


def test_an_illegal_move_names_its_rule() -> None:
    game = Viscounts(players=2)
    state = game.scenario_start({"to_move": "red", "players": {"red": {"hand": ["abbot"]}}})
    with pytest.raises(IllegalAction) as caught:
        game.apply(state, "red play thief")
    assert caught.value.rule == "viscounts.play.place-card"


def test_the_end_comes_one_round_after_a_pile_runs_out() -> None:
    game = Viscounts(players=2)
    state = game.new_state()
    import random

    rng = random.Random(3)
    revealed_in = None
    while not game.is_terminal(state):
        if revealed_in is None and (state.poverty or state.prosperity):
            revealed_in = state.round
        game.apply(state, rng.choice(game.legal_actions(state)))
    assert revealed_in is not None and state.round == revealed_in + 2


def test_the_monk_plays_a_one_player_game_and_its_schemes_are_checked() -> None:
    from engine.core import InvalidState

    game = Viscounts(players=1)
    state = game.scenario_start({"to_move": "monk"})
    assert state.order == ["red", "monk"] and game.to_move(state) == "chance"
    assert state.solo is not None and len(state.solo.deck) == 8 and len(state.solo.future) == 8
    broken = state.to_dict()
    broken["solo"]["future"] = broken["solo"]["future"][1:]
    with pytest.raises(InvalidState, match="scheme cards not conserved"):
        game.from_dict(broken)


def test_per_icon_manuscripts_count_every_card_owned_and_the_building_slots() -> None:
    """viscounts.discrepancy.icon-condition-scope: icons in the deck and discard count, not only the board's."""
    from engine.viscounts.scoring import breakdown, condition_icons

    game = Viscounts(players=2)
    given = {"to_move": "red", "players": {"red": {
        "hand": ["princess"], "board": ["enforcer", None, None], "deck": ["squire", "thief"], "discard": ["antagonist"],
        "built": {"guildhall": 2}, "manuscripts": ["black-black-4-noble-icon", "black-yellow-5-criminal-icon"]}}}
    state = game.scenario_start(given)
    assert game.rules.icon_scope == "all_cards"
    assert condition_icons(game.rules, state, "red", "noble") == 2 + 1 + 1 + 1  # enforcer, princess, squire, slot
    assert condition_icons(game.rules, state, "red", "criminal") == 1 + 2  # thief, antagonist
    two_ribbons = 4
    assert breakdown(game.rules, state, "red")["manuscripts"] == two_ribbons + 5 + 3


def _plant(change: Any) -> dict[str, Any]:
    """A settled 2-player position as plain data, broken by ``change``."""
    game = Viscounts(players=2)
    data = game.scenario_start({"to_move": "red"}).to_dict()
    change(data)
    return data


def _swap_a_card(data: dict[str, Any]) -> None:
    """Same number of cards, but one copy turned into another card (a count alone would not see it)."""
    deck = data["players"]["red"]["deck"]
    deck[deck.index("thief")] = "abbot"
    deck.sort()


PLANTED = {
    "a card lost": (lambda d: d["players"]["red"]["deck"].pop(), "cards not conserved"),
    "a card copied": (lambda d: d["players"]["blue"]["hand"].append("thief"), "cards not conserved"),
    "a card turned into another": (_swap_a_card, "cards not conserved"),
    "a card in the pool twice": (lambda d: d["townsfolk_pool"].append(d["townsfolk_pool"][0]), "cards not conserved"),
    "negative silver": (lambda d: d["players"]["blue"].update(silver=-1), "blue: silver is -1"),
    "negative deeds": (lambda d: d["players"]["red"].update(deeds=-2), "red: deeds is -2"),
    "markers crossed": (lambda d: d["players"]["red"].update(corruption=5, virtue=4), "markers off the track"),
    "virtue off the track": (lambda d: d["players"]["red"].update(virtue=99), "markers off the track"),
    "a worker lost": (lambda d: d["players"]["red"].update(workers=19), "red: 19 workers in the supply"),
    "a worker in the castle from nowhere": (lambda d: d["castle"]["tier1"][2].update(blue=1), "blue: 20 workers"),
    "an unsorted deck": (lambda d: d["players"]["red"]["deck"].reverse(), "red: the draw deck is not kept sorted"),
    "a crowded section": (lambda d: (d["castle"]["tier2"][1].update(red=4), d["players"]["red"].update(workers=16)),
                          "castle tier 2 section 2 holds 4 workers"),
    "tier 3 without a leader": (lambda d: (d["castle"]["tier3"].update(red=1), d["players"]["red"].update(workers=19)),
                                "no castle leader"),
    "the wrong leader": (lambda d: (d["castle"]["tier3"].update(red=1, blue=2), d["players"]["red"].update(workers=19),
                                    d["players"]["blue"].update(workers=18), d.update(leader="red")),
                         "castle leader red has fewer"),
    "a pile below zero": (lambda d: d.update(debt_pile=-1), "a debt or deed pile below zero"),
}


@pytest.mark.parametrize("name", sorted(PLANTED))
def test_a_planted_broken_position_is_caught(name: str) -> None:
    from engine.core import InvalidState

    change, message = PLANTED[name]
    game = Viscounts(players=2)
    with pytest.raises(InvalidState, match=message):
        game.from_dict(_plant(change))


def test_an_unbroken_position_passes_the_checks() -> None:
    Viscounts(players=2).from_dict(_plant(lambda d: None))


def test_kept_counts_match_a_fresh_count_at_every_step() -> None:
    """The card and castle counts kept between checks (only what changed recounted) equal a count from
    scratch, also when the checks jump to another state and back."""
    import random

    from engine.viscounts.invariants import KeptCounts, castle_counts, zones

    game, kept = Viscounts(players=3), KeptCounts()
    total = game.rules.card_copies
    state, rng = game.new_state(), random.Random(5)
    other = game.new_state()
    while not game.is_terminal(state):
        game.apply(state, rng.choice(game.legal_actions(state)))
        assert kept.cards(state, total) == (dict(zones(state)), dict(zones(state)) == total, [])
        assert kept.castle(state, game.rules.holds) == castle_counts(state.castle, game.rules.holds)
        if rng.random() < 0.05:
            assert kept.cards(other, total) == (dict(zones(other)), dict(zones(other)) == total, [])
            assert kept.castle(other, game.rules.holds) == castle_counts(other.castle, game.rules.holds)


def test_a_card_changed_by_hand_between_checks_is_caught() -> None:
    """A state edited in place after a clean check: the kept counts see the edit (zones are compared by content)."""
    from engine.core import InvalidState

    game = Viscounts(players=2)
    state = game.scenario_start({"to_move": "red"})
    game.check(state)
    deck = state.players["red"].deck
    deck[deck.index("thief")] = "abbot"
    deck.sort()
    with pytest.raises(InvalidState, match="cards not conserved"):
        game.check(state)
    deck[deck.index("abbot")] = "thief"
    deck.sort()
    game.check(state)
    state.players["blue"].hand.append("no-such-card")
    with pytest.raises(InvalidState, match="cards not conserved: {'no-such-card': 1}"):
        game.check(state)
    state.players["blue"].hand.pop()
    game.check(state)
    deck.reverse()
    for _ in range(2):  # an order found wrong stays wrong while the deck is unchanged
        with pytest.raises(InvalidState, match="red: the draw deck is not kept sorted"):
            game.check(state)
    deck.sort()
    game.check(state)
    state.townsfolk_pool.pop()
    with pytest.raises(InvalidState, match="cards not conserved"):
        game.check(state)


def test_a_worker_moved_by_hand_between_checks_is_caught() -> None:
    """The kept castle counts compare the castle by content: a worker put in by hand after a clean check is seen."""
    from engine.core import InvalidState

    game = Viscounts(players=2)
    state = game.scenario_start({"to_move": "red"})
    game.check(state)
    state.castle.tier1[0]["red"] = 1
    with pytest.raises(InvalidState, match="red: 20 workers in the supply and 1 in the castle"):
        game.check(state)
    state.players["red"].workers = 19
    game.check(state)
    state.castle.tier1[0]["red"] = 4
    state.players["red"].workers = 16
    with pytest.raises(InvalidState, match="castle tier 1 section 1 holds 4 workers"):
        game.check(state)
