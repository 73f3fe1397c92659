"""The Caylus engine's public API: notation, checked apply, plain data, rules read from the catalog."""

from __future__ import annotations

import pytest

from engine.caylus import Caylus
from engine.core import Action, ActionSyntaxError, IllegalAction, InvalidState, format_bundle, parse_bundle


def started(count: int = 4, **given: object) -> tuple[Caylus, object]:
    game = Caylus(players=count)
    return game, game.scenario_start(dict(given))


def test_action_text_parses_back() -> None:
    for text in ("red pass", "red place quarry-wood@9", "blue provost +2", "red trade 2deniers for 3prestige",
                 "red favour resources 2", "chance tiles a,b,c"):
        assert str(Action.parse(text)) == text
    with pytest.raises(ActionSyntaxError):
        Action.parse("red")


def test_bundles_parse_back() -> None:
    assert parse_bundle("2food+wood") == {"food": 2, "wood": 1}
    assert format_bundle({"wood": 1, "food": 2}, ["food", "wood"]) == "2food+wood"
    assert parse_bundle("nothing") == {}


def test_every_legal_action_parses_back_to_itself() -> None:
    game, state = started()
    for action in game.legal_actions(state):
        assert game.parse(state, str(action)) == action


def test_standard_start_pays_turn_one_income_in_turn_order() -> None:
    game, state = started(5)
    assert state.phase == "placement" and game.to_move(state) == "red"
    # starting money 5, 6, 6, 7, 7 by turn order, plus 2 income in turn 1
    assert [state.players[c].deniers for c in state.turn_order] == [7, 8, 8, 9, 9]
    assert all(p.cubes["wood"] == 1 and p.cubes["food"] == 2 for p in state.players.values())


def test_illegal_action_names_the_rule_and_lists_legal_actions() -> None:
    game, state = started()
    with pytest.raises(IllegalAction) as caught:
        game.apply(state, "blue pass")
    assert caught.value.rule == "caylus.phase2.order"
    assert "red is to decide" in caught.value.reason
    assert Action("red", "pass") in caught.value.legal


def test_placement_too_dear_is_refused_with_the_cost() -> None:
    game, state = started(players={"red": {"deniers": 0}})
    with pytest.raises(IllegalAction) as caught:
        game.apply(state, "red place castle")
    assert caught.value.rule == "caylus.phase2.placement-cost"
    assert "costs 1 deniers and red has 0" in caught.value.reason
    assert [str(a) for a in caught.value.legal] == ["red pass"]


def test_ambiguous_short_form_is_an_error_listing_the_candidates() -> None:
    game, state = started(road={"9": {"building": "farm-wood-food", "owner": "blue"}})
    with pytest.raises(IllegalAction) as caught:
        game.apply(state, "red place farm")
    assert "ambiguous" in caught.value.reason and "farm-neutral@" in caught.value.reason


def test_state_round_trips_through_plain_data() -> None:
    game, state = started()
    game.apply(state, "red place castle")
    again = game.from_dict(state.to_dict())
    assert again.to_dict() == state.to_dict()


def test_invalid_state_names_the_field() -> None:
    game, state = started()
    data = state.to_dict()
    data["players"]["blue"]["workers"] = 7
    with pytest.raises(InvalidState, match=r"players\.blue\.workers: 7 in hand \+ 0 placed is 7, not 6"):
        game.from_dict(data)
    data = state.to_dict()
    data["players"]["red"]["deniers"] = -1
    with pytest.raises(InvalidState, match=r"players\.red\.deniers: -1 is negative"):
        game.from_dict(data)


def test_costs_come_from_the_catalog(catalog) -> None:
    """Change a tile's cost in the catalog and the engine follows it."""
    import dataclasses

    from catalog import Catalog

    changed = Catalog(dict(catalog.entries), catalog.schema)
    located = changed.entries["caylus.building.farm-wood-food"]
    cheaper = located.entry.model_copy(update={"cost": {"wood": 1}})
    changed.entries["caylus.building.farm-wood-food"] = dataclasses.replace(located, entry=cheaper)
    game = Caylus(players=2, catalog=changed)
    state = game.scenario_start({"road": {"8": {"worker": "red"}}, "phase": "activation", "provost": 8,
                                 "players": {"red": {"cubes": {"wood": 1, "food": 0}}}})
    assert "red build farm-wood-food" in [str(a) for a in game.legal_actions(state)]
    standard = Caylus(players=2).scenario_start({"road": {"8": {"worker": "red"}}, "phase": "activation", "provost": 8,
                                                 "players": {"red": {"cubes": {"wood": 1, "food": 0}}}})
    assert "red build farm-wood-food" not in [str(a) for a in Caylus(players=2).legal_actions(standard)]


def test_unknown_variant_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown variant"):
        Caylus(players=3, variants=("double-speed",))


def test_simplified_favours_give_prestige_instead_of_a_choice() -> None:
    game = Caylus(players=3, variants=("simplified-favours",))
    state = game.scenario_start({"specials": {"joust-field": ["red"]}, "phase": "special",
                                 "players": {"red": {"cubes": {"cloth": 1}}}})
    game.apply(state, "red trade deniers+cloth for favours")
    assert state.players["red"].prestige == 3
    assert game.current(state).kind != "favour"


def test_jeweller_only_with_its_option() -> None:
    assert "jeweller" not in Caylus(players=3).new_state().stock
    assert Caylus(players=3, variants=("jeweller",)).new_state().stock["jeweller"] == 1


def test_two_player_game_has_no_stables_and_starts_with_five_deniers() -> None:
    game = Caylus(players=2)
    state = game.scenario_start({})
    assert "stables" not in state.specials
    assert [state.players[c].deniers for c in state.turn_order] == [7, 7]
