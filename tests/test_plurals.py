"""A number and a name agree: ``1 wood cube``, ``2 wood cubes``, ``2 deniers``, in every game's wording
of costs and effects (the plural comes from games.grammar and the catalog's listed forms)."""

from __future__ import annotations

import re

from catalog import Catalog
from games import REGISTRY
from games.grammar import count, plural, regular_plural, resource_noun, times

DISAGREEING = re.compile(r"\b(?:[02-9]|\d\d+) (?:[a-z]+ )?(?:cube|denier|point|seal|space|wedge|worker|card|material|icon)\b"
                         r"|\b1 (?:[a-z]+ )?(?:cubes|deniers|points|seals|spaces|wedges|workers|cards|materials|icons)\b")


def test_the_grammar_counts() -> None:
    assert resource_noun("wood", ["wood cube", "wood cubes"], "cube") == ("wood cube", "wood cubes")
    assert resource_noun("stone", ["stones", "stone cube", "stone cubes"], "cube") == ("stone cube", "stone cubes")
    assert resource_noun("gold", [], "cube") == ("gold cube", "gold cubes")
    assert resource_noun("cube of any kind", ["cubes of any kind"], "wildcard") == ("cube of any kind", "cubes of any kind")
    assert resource_noun("gold", ["gold coin", "gold coins"], "money") == ("gold", "gold")
    assert plural("prestige point", ["prestige points", "prestige"]) == "prestige points"
    assert plural("silver", ["silvers?"]) == "silver"
    assert [regular_plural(w) for w in ("wedge", "box", "quarry", "day")] == ["wedges", "boxes", "quarries", "days"]
    assert [count(n, "wedge") for n in (0, 1, 2)] == ["0 wedges", "1 wedge", "2 wedges"]
    assert [times(n) for n in (1, 2, 3)] == ["once", "twice", "3 times"]


def test_caylus_bundles_say_cubes(catalog: Catalog) -> None:
    words = REGISTRY.module("caylus").words(catalog)
    assert words.bundle({"wood": 2}) == "2 wood cubes"
    assert words.bundle({"wood": 1}) == "1 wood cube"
    assert words.bundle({"wood": 3, "gold": 2}) == "3 wood cubes + 2 gold cubes"
    assert words.bundle({"stone": 5, "gold": 3}) == "5 stone cubes + 3 gold cubes"
    assert words.bundle({"deniers": 1, "prestige": 2}) == "1 denier + 2 prestige points"
    assert words.bundle({"any-cube": 2}) == "2 cubes of any kind"


def test_every_effect_and_cost_agrees_with_its_number(catalog: Catalog) -> None:
    wrong, worded = [], 0
    for module in REGISTRY.modules:
        words = module.words(catalog)
        for located in catalog.entries.values():
            entry = located.entry
            if not entry.id.startswith(f"{module.game}."):
                continue
            texts = []
            if getattr(entry, "effect", None) is not None:
                try:
                    texts.append(words.effect(entry.effect))
                except TypeError:  # an effect the game words elsewhere (a card's printed text)
                    pass
            for field in ("cost", "income"):
                if isinstance(getattr(entry, field, None), dict):
                    texts.append(words.bundle(getattr(entry, field)))
            worded += len(texts)
            wrong += [f"{entry.id}: {t}" for t in texts if DISAGREEING.search(t)]
    assert worded > 50
    assert not wrong, "\n".join(wrong)


def test_the_check_sees_a_disagreeing_number() -> None:
    assert DISAGREEING.search("Produce 2 wood cube") and DISAGREEING.search("Pay 1 deniers")
    assert not DISAGREEING.search("Produce 2 wood cubes or 1 food cube, 3 different cubes")
