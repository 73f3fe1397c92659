"""The Viscounts catalog: every townsfolk and hero card with cost, icons, timing and effects as data;
the counts kb validate checks; unknown values kept unknown; Hungarian names only where the text has them."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from catalog import Catalog, CatalogError
from games import REGISTRY
from games.viscounts.checks import townsfolk_counts
from games.viscounts.kinds import CollisionPosition, ViscountsCard
from games.viscounts.wording import steps

ROOT = Path(__file__).resolve().parent.parent
CARDS = ROOT / "data" / "viscounts-cards.yaml"
NAMED_IN_HU = {"abbot", "journeyman", "thief", "trader", "woodcutter-2", "woodcutter-3", "mason", "racketeer-1", "racketeer-2",
               "acolyte", "peddler-2-ink", "peddler-2-gold", "peddler-2-stone", "peddler-1", "overseer-3", "overseer-2",
               "benefactor", "traveller", "antagonist"}
"""Cards whose Hungarian name the HU text gives (or, inferred, a card of the same English name)."""


def cards(catalog: Catalog) -> list[ViscountsCard]:
    return catalog.typed("cards", ViscountsCard, "viscounts")


def test_the_box_holds_110_townsfolk_and_heroes(catalog: Catalog) -> None:
    assert townsfolk_counts(catalog) == {"starting": 32, "hero": 10, "neutral": 68}
    assert len(cards(catalog)) == 8 + 10 + 68


def test_kb_validate_reports_the_townsfolk_and_heroes_it_counted() -> None:
    from click.testing import CliRunner

    from kb.cli import main

    result = CliRunner().invoke(main, ["validate", "--root", str(ROOT)])
    assert result.exit_code == 0, result.output
    assert "viscounts: 110 townsfolk and heroes (32 starting, 10 hero, 68 neutral; 86 different cards)" in result.output


def test_every_card_has_cost_icons_timing_and_a_readable_effect(catalog: Catalog) -> None:
    for card in cards(catalog):
        assert 1 <= card.cost <= 3 and card.icons and card.timing, card.id
        assert bool(card.ability) == (card.timing != "none"), card.id
        if card.ability:
            assert steps(card.ability), card.id
        if card.hire_effect is not None:
            assert steps(card.hire_effect), card.id


def test_unknown_hire_effects_stay_unknown(catalog: Catalog) -> None:
    unknown = {c.id.rsplit(".", 1)[1] for c in cards(catalog) if c.hire_effect is None}
    neutral_unknown = {c.id.rsplit(".", 1)[1] for c in cards(catalog) if c.hire_effect is None and c.card_type == "neutral"}
    assert neutral_unknown == {"strongman", "traveller"}
    assert all(catalog.get(f"viscounts.card.{slug}").fact_confidence["hire_effect"] == "unconfirmed" for slug in unknown)


def test_hungarian_names_only_where_the_text_gives_them(catalog: Catalog) -> None:
    named = {c.id.rsplit(".", 1)[1] for c in cards(catalog) if c.names.hu}
    assert named == NAMED_IN_HU
    woodcutter = catalog.get("viscounts.card.woodcutter-2")
    assert woodcutter.names.hu == "Favágó" and "Favágónak" in woodcutter.names.forms.hu
    assert catalog.get("viscounts.card.woodcutter-3").fact_confidence["names.hu"] == "inferred"


def test_the_collision_example_position(catalog: Catalog) -> None:
    """The rulebook's collision: 2 debts and 3 silver for the current player, virtue for players with no criminal."""
    six = catalog.get("viscounts.collision.6")
    assert isinstance(six, CollisionPosition)
    assert steps(six.current_gains) == "Gain 3 silver and gain 2 debts"
    assert (steps(six.others_gain), six.others_condition) == ("+1 virtue", "no_criminal")


def load_edited(tmp_path: Path, old: str, new: str, edited: Path = CARDS) -> list[str]:
    data = tmp_path / "data"
    shutil.copytree(ROOT / "data", data)
    text = edited.read_text(encoding="utf-8")
    assert old in text
    (data / edited.name).write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(CatalogError) as caught:
        REGISTRY.load(data)
    return [str(p) for p in caught.value.problems]


def test_a_missing_neutral_card_is_counted(tmp_path: Path) -> None:
    """Swindler (gold) turned into a hero: one neutral card short, one hero too many, and the list's totals break."""
    old = "  - id: viscounts.card.swindler-gold\n    game: viscounts\n    names: {en: \"Swindler\"}\n    deck: neutral\n    card_type: neutral"
    errors = load_edited(tmp_path, old, old.replace("deck: neutral\n    card_type: neutral", "deck: hero\n    card_type: hero"))
    assert any("the box holds 68 neutral cards; the catalog has 67" in e for e in errors), errors
    assert any("the box holds 10 hero cards; the catalog has 11" in e for e in errors), errors
    assert any("neutral townsfolk's costs" in e for e in errors), errors


def test_the_cards_are_counted_against_the_component_list(tmp_path: Path) -> None:
    """The box's counts come from the component list (data), not from code: change it and the cards disagree."""
    game = ROOT / "data" / "viscounts-game.yaml"
    errors = load_edited(tmp_path / "a", "    count: 10\n    description: Townsfolk with a brown title bar",
                         "    count: 12\n    description: Townsfolk with a brown title bar", game)
    assert any("the box holds 12 hero cards; the catalog has 10" in e for e in errors), errors
    errors = load_edited(tmp_path / "b", "    count: 10\n    description: Townsfolk with a brown title bar",
                         "    description: Townsfolk with a brown title bar", game)
    assert any("no count in the component list for hero cards" in e for e in errors), errors


def test_an_ongoing_card_with_an_instant_step_is_refused(tmp_path: Path) -> None:
    errors = load_edited(tmp_path, "ability: [{kind: trigger, when: after_trade, then: [{kind: gain, what: silver}]}]",
                         "ability: [{kind: gain, what: silver}]")
    assert any("viscounts-cards.yaml:" in e and "cards[7].ability" in e and "triggers and substitutions" in e for e in errors), errors


def test_an_unknown_hire_effect_must_say_so(tmp_path: Path) -> None:
    """Strongman's hire effect is blank in the card list: null is allowed only when marked unconfirmed."""
    old = 'line: 403}\n    confidence: confirmed\n    fact_confidence: {hire_effect: unconfirmed}\n'
    errors = load_edited(tmp_path, old, old.replace("    fact_confidence: {hire_effect: unconfirmed}\n", ""))
    assert any("hire_effect" in e and "needs fact_confidence hire_effect: unconfirmed" in e for e in errors), errors
