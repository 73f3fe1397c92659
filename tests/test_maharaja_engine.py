"""The Maharaja engine: whole games on the assumed board and on a second board entered as data, boards
checked against what is known of the printed one, and refusals that name their rule."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from catalog import CatalogError
from engine.core import IllegalAction
from engine.maharaja import Maharaja
from engine.playout import play
from games import REGISTRY

ROOT = Path(__file__).resolve().parent.parent
RING = Path(__file__).resolve().parent / "data" / "maharaja-board-ring.yaml"
GAMES_PER_COUNT = 50  # 4 player counts x 50 = 200 games


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_keep_every_invariant(players: int) -> None:
    """Gold conserved between bank and players, houses and palaces per colour, one palace a site,
    village capacity, architects and the Maharaja on the board, the track a permutation of the cities
    (engine/maharaja/invariants.py), after every step; every 10th game also tries each listed action."""
    game = Maharaja(players=players)
    palaces = 0
    for seed in range(GAMES_PER_COUNT):
        result = play(game, seed, probe_every=30 if seed % 10 == 0 else 0)
        assert not result.violations, "\n".join(result.violations)
        assert set(result.scores) == set(game.players)
        palaces += sum(result.scores.values())
    assert palaces > 0  # random games do build palaces


@pytest.mark.parametrize("variants", [("advanced-1",), ("advanced-2",), ("short-game",), ("advanced-1", "advanced-2")])
def test_the_options_play_whole_games(variants: tuple[str, ...]) -> None:
    for players in (2, 5):
        game = Maharaja(players=players, variants=variants)
        for seed in range(8):
            result = play(game, seed)
            assert not result.violations, "\n".join(result.violations)


def test_the_same_seed_plays_the_same_game() -> None:
    game = Maharaja(players=3)
    first, second = play(game, 7), play(game, 7)
    assert (first.steps, first.scores) == (second.steps, second.scores)


@pytest.fixture(scope="module")
def ring_catalog(tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    data = tmp_path_factory.mktemp("ring") / "data"
    shutil.copytree(ROOT / "data", data)
    shutil.copy(RING, data / "maharaja-board-ring.yaml")
    return REGISTRY.load(data)


def test_a_second_board_plays_whole_games(ring_catalog) -> None:  # type: ignore[no-untyped-def]
    for players in (2, 4, 5):
        game = Maharaja(players=players, catalog=ring_catalog, board="maharaja.board.test-ring",
                        variants=("advanced-1",))
        assert game.graph.cities == ("x1", "x2", "x3", "x4", "x5", "x6", "x7")
        state = game.new_state()
        assert set(state.villages) == set(game.graph.villages) and len(state.villages) == 30
        for seed in range(10):
            result = play(game, seed)
            assert not result.violations, "\n".join(result.violations)


def test_the_home_city_point_counts_on_a_board_that_names_homes(ring_catalog) -> None:  # type: ignore[no-untyped-def]
    """Advanced game 1: the holder of a city's character gains a point there with nothing built, is
    ranked and paid, and so denies the only builder a monopoly (maharaja.discrepancy.home-point-presence)."""
    game = Maharaja(players=2, catalog=ring_catalog, board="maharaja.board.test-ring", variants=("advanced-1",))
    state = game.scenario_start({"maharaja": "x2", "phase": "turns", "to_move": "red",
                                 "players": {"red": {"disc": ["gold", "gold"]}, "blue": {"disc": ["gold", "gold"]}},
                                 "cities": {"x2": {"houses": {"blue": 3}}}})
    # red holds character 1, blue 2; x2 is the home of character 2, x1 of character 1
    assert game.graph.homes["x2"] == 2
    red_gold, blue_gold = state.players["red"].gold, state.players["blue"].gold
    for action in ("red gold", "red gold", "red end", "blue gold", "blue gold", "blue end"):
        game.apply(state, action)
    assert state.last_scoring == {"blue": 10 + 5, "red": 0}  # blue alone (3 houses + home point): monopoly
    # blue holds the Trader (card 2): 1 gold at the start of the turn, 4 from two Gold actions, 15 scored
    assert state.players["blue"].gold == blue_gold + 1 + 4 + 15 and state.players["red"].gold == red_gold + 4
    state = game.scenario_start({"maharaja": "x1", "phase": "turns", "to_move": "red",
                                 "players": {"red": {"disc": ["gold", "gold"]}, "blue": {"disc": ["gold", "gold"]}},
                                 "cities": {"x1": {"houses": {"blue": 3}}}})
    for action in ("red gold", "red gold", "red end", "blue gold", "blue gold", "blue end"):
        game.apply(state, action)
    assert state.last_scoring == {"blue": 10, "red": 5}  # red's home point: ranked second, no monopoly for blue


def test_the_fewer_players_rule_can_be_switched_off() -> None:
    assert Maharaja(players=3).new_state().cities["a"].outer == ["yellow", "black"]
    assert Maharaja(players=3, fewer_players="false").new_state().cities["a"].outer == []
    assert Maharaja(players=5).new_state().cities["a"].outer == []
    with pytest.raises(ValueError, match="fewer_players is true or false"):
        Maharaja(players=3, fewer_players="maybe")


def test_an_unknown_board_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match="no board 'maharaja.board.nowhere'.*maharaja.board.assumed"):
        Maharaja(board="maharaja.board.nowhere")


def board_errors(tmp_path: Path, *edits: tuple[str, str]) -> list[str]:
    data = tmp_path / "data"
    shutil.copytree(ROOT / "data", data)
    text = RING.read_text(encoding="utf-8")
    for old, new in edits:
        assert old in text
        text = text.replace(old, new)
    (data / "maharaja-board-ring.yaml").write_text(text, encoding="utf-8")
    with pytest.raises(CatalogError) as caught:
        REGISTRY.load(data)
    return [str(p) for p in caught.value.problems]


def test_a_board_with_a_village_on_two_roads_is_refused_with_its_line(tmp_path: Path) -> None:
    errors = board_errors(tmp_path, ("villages: [x3x6-1]", "villages: [x3x6-1, x1x2-1]"))
    assert any("maharaja-board-ring.yaml:" in e and "roads[15].villages[1]" in e and "already on road 'x1-x2'" in e
               for e in errors), errors


def test_a_board_that_breaks_the_known_facts_is_refused(tmp_path: Path) -> None:
    """Three villages on a road and 32 on the board: the printed board has 1 or 2 a road, 30 in all."""
    errors = board_errors(tmp_path, ("villages: [x3x6-1]", "villages: [x3x6-1, x3x6-2, x3x6-3]"),
                          ("    villages: [x1x2-1,", "    villages: [x3x6-2, x3x6-3, x1x2-1,"))
    assert any("roads[15].villages" in e and "carries 1 to 2 villages" in e for e in errors), errors
    assert any("boards[0].villages" in e and "30 villages (board facts), this one 32" in e for e in errors), errors


def test_a_road_from_a_city_to_itself_is_refused(tmp_path: Path) -> None:
    errors = board_errors(tmp_path, ("ends: [x4, x5]", "ends: [x4, x4]"))
    assert any("a road joins two different places" in e for e in errors), errors


def started(**given: object) -> tuple[Maharaja, object]:
    game = Maharaja(players=4)
    return game, game.scenario_start(dict(given))


def test_travel_through_an_empty_village_names_its_rule() -> None:
    game, state = started(phase="turns", to_move="red",
                          players={"red": {"disc": ["gold", "gold"]}}, villages={"sb1": ["blue"]})
    with pytest.raises(IllegalAction) as caught:
        game.apply(state, "red travel s-b")
    assert caught.value.rule == "maharaja.travel.empty-village"


def test_a_palace_needs_the_architect_in_the_city() -> None:
    game, state = started(phase="turns", to_move="red", players={"red": {"disc": ["palace", "gold"], "gold": 20}})
    with pytest.raises(IllegalAction) as caught:
        game.apply(state, "red palace inner")
    assert caught.value.rule == "maharaja.building.city-needs-architect"


def test_two_houses_need_one_in_a_city() -> None:
    game, state = started(phase="turns", to_move="red", players={"red": {"disc": ["two-houses", "gold"]}})
    game.apply(state, "red house ab1")
    with pytest.raises(IllegalAction) as caught:
        game.apply(state, "red house ab2")
    assert caught.value.rule == "maharaja.actions.two-houses"


def test_the_disc_may_be_written_in_either_order() -> None:
    game, state = started()
    game.apply(state, "red disc palace gold")
    assert state.players["red"].disc == ["gold", "palace"]


@pytest.mark.parametrize("players", [1, 6])
def test_player_counts_outside_the_game_are_refused(players: int) -> None:
    with pytest.raises(ValueError, match="played by 2 to 5 players"):
        Maharaja(players=players)
