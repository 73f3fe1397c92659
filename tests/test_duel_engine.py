"""The Builders Duel engine: the line rule, the seal conflict, building, the end, catalog-driven numbers."""

from __future__ import annotations


import pytest

from engine.core import Action, IllegalAction, InvalidState
from engine.duel import Duel

OFFER = ["a-power", "a-income/gold=4", "a-influence", "a-resource/raw=wood", "aliena", "jack",
         "a-craftsman/raw=wool/gold=1", "toledo", "a-market/gold=5/quantity=2/wool_price=3"]


def placed(first: str, second: str, **given: object) -> tuple[Duel, object]:
    game = Duel()
    state = game.scenario_start({"offer": OFFER, **given})
    game.apply(state, f"red line {first}")
    game.apply(state, f"blue line {second}")
    return game, state


def test_every_legal_pair_of_lines_shares_exactly_one_card() -> None:
    game = Duel()
    LINES = game.rules.lines  # noqa: N806 - read from the catalog's 3 x 3 grid
    assert len(LINES) == 8
    pairs = 0
    for first in LINES:
        state = game.scenario_start({"offer": OFFER})
        game.apply(state, f"red line {first}")
        for action in game.legal_actions(state):
            second = action.args[0]
            assert len(set(LINES[first]) & set(LINES[second])) == 1, (first, second)
            pairs += 1
    # rows and columns each allow 5 answers (3 of the other kind + 2 diagonals), diagonals 6
    assert pairs == 3 * 5 + 3 * 5 + 2 * 6

def test_the_second_player_may_not_copy_the_line_type() -> None:
    game = Duel()
    state = game.scenario_start({"offer": OFFER})
    game.apply(state, "red line row1")
    with pytest.raises(IllegalAction) as caught:
        game.apply(state, "blue line row3")
    assert caught.value.rule == "duel.round.line-type"


def test_conflict_tie_goes_to_the_power_holder_and_seals_move_as_the_rules_say() -> None:
    game, state = placed("row1", "col1")  # contested cell 1
    assert state.conflict.cell == 1 and game.to_move(state) == "red"
    game.apply(state, "red flick 1/4")
    game.apply(state, "chance face 4")
    game.apply(state, "blue flick 0/5")
    game.apply(state, "chance face 0")
    game.apply(state, "blue flick 2/3")
    game.apply(state, "chance face 3")
    game.apply(state, "blue flick 1/4")
    game.apply(state, "chance face 1")  # 4 against 4: red, holding power, still leads
    game.apply(state, "blue concede")
    game.apply(state, "blue keep 2/3")
    assert 1 not in state.marks["blue"] and 1 in state.marks["red"]
    assert state.players["blue"].seals == ["2/3"] and state.players["red"].seals == ["0/5", "2/3"]
    # the winner's seals go under the stack first, then the loser's other seals in the order flicked
    assert state.stack == ["1/4", "1/4", "2/3", "2/3", "1/4", "0/5", "1/4"]

def test_a_personal_seal_ends_that_players_flicking() -> None:
    game, state = placed("row1", "col1")
    game.apply(state, "red flick personal")
    game.apply(state, "chance face 2")
    game.apply(state, "blue flick 0/5")
    game.apply(state, "chance face 5")  # blue leads 5 to 2, red has flicked its personal seal: red loses
    assert state.conflict is None and 1 in state.marks["blue"] and 1 not in state.marks["red"]
    assert state.players["red"].personal_seal and state.phase == "turns"


def test_the_no_flicking_variant_counts_the_low_face_unless_two_gold_are_paid() -> None:
    game = Duel(variants=["no-flicking"])
    state = game.scenario_start({"offer": OFFER})
    game.apply(state, "red line row1")
    game.apply(state, "blue line col1")
    game.apply(state, "red flick 0/5 high")
    assert state.conflict.totals["red"] == 5 and state.players["red"].gold == 1
    game.apply(state, "blue flick 2/3 low")
    assert state.conflict.totals["blue"] == 2


EMPTY_CAMP = {"wood": 0, "stone": 0, "sand": 0}


@pytest.mark.parametrize(("materials", "cost", "reward"), [("mortar", 2, 0), ("beam+mortar", 6, 0),
                                                            ("beam+dressed-stone+mortar", 12, 10)])
def test_building_costs_follow_the_table(materials: str, cost: int, reward: int) -> None:
    """Three materials finish section II first, which also pays its 10 gold reward."""
    game = Duel()
    camp = EMPTY_CAMP | {"mortar": 1, "beam": 1, "dressed-stone": 1}
    state = game.scenario_start({"offer": OFFER, "phase": "turns", "players": {"red": {"gold": 20, "camp": camp}}})
    game.apply(state, f"red build II {materials}")
    assert state.players["red"].gold == 20 - cost + reward and state.bank == 74 - 3 - 20 + cost - reward
    assert sorted(state.players["red"].sections["II"]) == ([] if reward else sorted(materials.split("+")))

def test_one_section_per_round() -> None:
    game = Duel()
    state = game.scenario_start({"offer": OFFER, "phase": "turns",
                                 "players": {"red": {"gold": 20, "camp": EMPTY_CAMP | {"mortar": 2}}}})
    game.apply(state, "red build I mortar")
    with pytest.raises(IllegalAction) as caught:
        game.apply(state, "red build II mortar")
    assert caught.value.rule == "duel.building.one-section"
    game.apply(state, "red build I mortar")  # the same section again: 6 for two in the round, 4 more
    assert state.players["red"].gold == 20 - 6


def test_building_cost_is_read_from_the_catalog(catalog) -> None:
    """Change the cost table in the catalog and the engine follows it."""
    import dataclasses

    from catalog import Catalog

    changed = Catalog(dict(catalog.entries), catalog.schema)
    located = changed.entries["duel.construction"]
    changed.entries["duel.construction"] = dataclasses.replace(
        located, entry=located.entry.model_copy(update={"cost_by_materials": [1, 2, 3]}))
    game = Duel(catalog=changed)
    camp = EMPTY_CAMP | {"mortar": 1, "beam": 1}
    state = game.scenario_start({"offer": OFFER, "phase": "turns", "players": {"red": {"gold": 9, "camp": camp}}})
    game.apply(state, "red build I beam+mortar")
    assert state.players["red"].gold == 9 - 2


def test_completing_the_building_ends_the_game_at_once() -> None:
    game = Duel()
    state = game.scenario_start({"offer": OFFER, "phase": "turns", "to_move": "blue", "players": {"blue": {
        "gold": 10, "finished": ["I", "II"], "sections": {"III": ["cloth", "cloth"]}, "camp": EMPTY_CAMP | {"mortar": 1}}}})
    assert game.to_move(state) == "blue"
    game.apply(state, "blue build III mortar")
    assert game.is_terminal(state) and game.winners(state) == ["blue"]


def test_invariants_name_the_broken_field() -> None:
    game = Duel()
    state = game.scenario_start({"offer": OFFER})
    data = state.to_dict()
    data["players"]["red"]["gold"] = 50
    with pytest.raises(InvalidState, match="gold"):
        game.from_dict(data)


def _started() -> tuple[Duel, object]:
    game = Duel()
    return game, game.scenario_start({"offer": OFFER})


@pytest.mark.parametrize("field, breaks", [
    ("phase", lambda s: setattr(s, "phase", "lunch")),
    ("gold", lambda s: setattr(s.players["blue"], "gold", s.players["blue"].gold + 1)),
    ("players.red.gold", lambda s: (setattr(s, "bank", s.bank + s.players["red"].gold + 1), setattr(s.players["red"], "gold", -1))),
    ("offer", lambda s: s.offer.append(None)),
    ("bank", lambda s: (setattr(s, "bank", -2), setattr(s.players["red"], "gold", s.players["red"].gold + 2 + 28))),
    ("wood markers", lambda s: s.players["red"].camp.update(wood=s.players["red"].camp["wood"] + 1)),
    ("wool markers", lambda s: s.players["blue"].reserve.update(wool=s.players["blue"].reserve["wool"] - 1)),
    ("sections.I", lambda s: (s.players["red"].reserve.update(wool=0), s.players["red"].sections.update(I=["cloth"] * 4))),
    ("marks.blue", lambda s: s.marks.update(blue=[5, 5])),
    ("personal_seal", lambda s: setattr(s.players["red"], "personal_seal", False)),
    ("seals", lambda s: s.stack.pop()),
    ("seals", lambda s: s.players["blue"].seals.append("1/4")),
])
def test_every_invariant_catches_a_planted_break(field: str, breaks) -> None:  # type: ignore[no-untyped-def]
    game, state = _started()
    game.check(state)  # a sound state passes, and its players' markers are remembered as counted
    breaks(state)
    with pytest.raises(InvalidState, match=field.replace(".", r"\.")):
        game.check(state)


def test_markers_changed_in_place_after_a_check_are_counted_again() -> None:
    """The quick check skips markers equal to the ones last counted: a change to the very same dicts
    and lists must still be seen."""
    game, state = _started()
    game.check(state)
    red = state.players["red"]
    red.sections["II"].append("bell")  # a bell out of nowhere: ore markers no longer add up
    with pytest.raises(InvalidState, match="ore markers"):
        game.check(state)
    red.sections["II"].pop()
    game.check(state)
    red.boxed["sand"] = 1
    with pytest.raises(InvalidState, match="sand markers"):
        game.check(state)


def test_apply_checks_every_action_against_the_listed_ones() -> None:
    """The short way in ``Duel.apply`` takes only the very objects just listed; an equal copy or text
    goes through the shared check, and an action that was not listed is refused."""
    game, state = placed("row1", "col1")
    listed = game.legal_actions(state)
    decision = game.current(state)
    assert decision is not None and decision.kind == "flick" and decision.player == "red"  # both lines hold cell 1
    with pytest.raises(IllegalAction) as caught:
        game.apply(state, Action("red", "concede"))  # the opening flick is compulsory
    assert caught.value.rule == "duel.conflict.first" and state.log[-1] == "blue line col1"
    with pytest.raises(IllegalAction):
        game.apply(state, Action("blue", "flick", ("1/4",)))  # not blue's decision
    copy = Action(listed[0].player, listed[0].verb, listed[0].args)
    assert copy is not listed[0]
    game.apply(state, copy)
    assert state.log[-1] == str(listed[0])
    game.apply(state, game.legal_actions(state)[0])  # and the listed object itself
    assert len(state.log) >= 2


def test_seals_and_character_markers_changed_in_place_after_a_check_are_checked_again() -> None:
    game, state = _started()
    game.check(state)
    state.marks["red"] += [4, 4]  # the same list, now holding one cell twice
    with pytest.raises(InvalidState, match="marks.red"):
        game.check(state)
    state.marks["red"].clear()
    game.check(state)
    state.players["blue"].seals[1] = "0/5"  # a 1/4 turned into a third 0/5 (the box holds two)
    with pytest.raises(InvalidState, match="seals"):
        game.check(state)
