"""A game is registered, not detected: a synthetic game added purely through the registration
interface (a GameModule with its own kind, page and column, and an engine) gets its pages, anchors,
database rows and checked scenarios, and no shared file changes. A game nobody registered is refused."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest
import sqlite_utils
from bs4 import BeautifulSoup
from pydantic import Field

from catalog import CatalogError, Entry, Kind
from engine.core import Action, Decision, DecisionGame
from engine.registry import GAMES
from games import REGISTRY
from games import plugin
from games.plugin import Column, DerivedColumns, GameModule, PageContext, PageSpec
from kb.build import build
from outputs.pages.layout import Layout


class Track(Entry):
    """The synthetic game's own kind."""

    length: int = Field(ge=1, description="Spaces on the track")


def track_page(w: PageContext) -> str:
    out = ["# The track\n"]
    for track in w.catalog.typed("tracks", Track, w.game):
        out.append(w.entry_block(2, track, [("Spaces", track.length)]))
    return "\n".join(out)


SECOND = GameModule(
    game="second",
    kinds=(Kind("tracks", Track, "tracks", "Tracks of the second game"),),
    pages=(plugin.RULES, plugin.COMPONENTS, PageSpec("track", "The track", ("tracks",), track_page), plugin.GLOSSARY),
    columns=(DerivedColumns("tracks", {"length_text": Column(str, "The length in words")},
                            lambda entry, row: {"length_text": f"{getattr(entry, 'length')} spaces"}),),
)


@dataclass
class TokenState:
    tokens: dict[str, int]
    pending: list[Decision] = field(default_factory=list)
    log: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {"tokens": dict(self.tokens)}


class Tokens(DecisionGame):
    """Two players take turns moving their token one space; the first to reach space 3 wins."""

    name = "second"
    player_counts = (2,)

    def __init__(self, players: Any = 2, variants: Any = (), catalog: Any = None):
        self.players = ("red", "blue")

    def new_state(self) -> TokenState:
        return TokenState({p: 0 for p in self.players}, [Decision("move", "red", "second.rules.moving")])

    def scenario_start(self, given: dict[str, Any]) -> TokenState:
        state = self.new_state()
        state.tokens.update(given.get("tokens") or {})
        return state

    def legal_actions(self, state: TokenState) -> list[Action]:
        decision = self.current(state)
        return [Action(decision.player, "move")] if decision else []

    def _apply(self, state: TokenState, decision: Decision, action: Action) -> None:
        state.tokens[action.player] += 1
        if state.tokens[action.player] < 3:
            other = next(p for p in self.players if p != action.player)
            state.pending.append(Decision("move", other, "second.rules.moving"))

    def is_terminal(self, state: TokenState) -> bool:
        return not state.pending

    def scores(self, state: TokenState) -> dict[str, int]:
        return dict(state.tokens)

    def winners(self, state: TokenState) -> list[str]:
        return [p for p, n in state.tokens.items() if n >= 3]


def source(section: str) -> str:
    return f'sources: [{{key: T, section: "{section}"}}]\n    confidence: text'


SECOND_DATA = f"""\
games:
  - id: second
    game: second
    names: {{en: Second Game, hu: Második játék, pl: Druga gra}}
    designers: [Nobody]
    publisher: Nobody
    year: 2001
    players_min: 2
    players_max: 2
    rulebooks: [{{key: T, language: hu}}]
    {source("Box")}
sources:
  - id: second.source.t
    game: second
    key: T
    names: {{en: A made-up rulebook}}
    source_kind: rulebook
    {source("Box")}
components:
  - id: second.component.token
    game: second
    names: {{en: token, hu: zseton}}
    count: 2
    description: A round piece.
    {source("Box")}
tracks:
  - id: second.track
    game: second
    names: {{en: track, hu: sáv}}
    length: 3
    {source("Board")}
terms:
  - id: second.term.token
    game: second
    names: {{en: token, hu: zseton}}
    definition: A round piece players move.
    refers_to: second.component.token
    {source("Box")}
rules:
  - id: second.rules.moving
    game: second
    names: {{en: Moving tokens}}
    section: moving
    order: 1
    text: Players take turns; each turn a player moves a token one space, and a token on space 3 wins.
    {source("Rules")}
"""

SECOND_SCENARIO = """\
scenarios:
  - id: second.scenario.race
    game: second
    title: Red reaches space 3 first
    illustrates: [second.rules.moving]
    given: {tokens: {red: 2, blue: 2}}
    steps:
      - do: red move
    expect: {terminal: true, winners: [red], tokens.red: 3}
"""


@pytest.fixture
def second(project):
    (project.data / "zz-second.yaml").write_text(SECOND_DATA, encoding="utf-8")
    (project.root / "scenarios" / "second").mkdir()
    (project.root / "scenarios" / "second" / "race.yaml").write_text(SECOND_SCENARIO, encoding="utf-8")
    return project


def test_a_registered_game_gets_pages_anchors_rows_and_checked_scenarios(second) -> None:
    registry = REGISTRY.with_games([SECOND])
    build(second, registry=registry, engines={**GAMES, "second": Tokens})
    catalog = registry.load(second.data)
    layout = Layout(catalog, registry)
    for entry_id in ("second.component.token", "second.term.token", "second.rules.moving", "second.source.t", "second.track"):
        page = BeautifulSoup((second.site / layout.page_of(entry_id) / "index.html").read_text(encoding="utf-8"), "html.parser")
        assert page.find(id=entry_id) is not None, entry_id
    assert layout.page_of("second.track") == "second/track/"
    # only the pages it registered: no cards, no discrepancies page (and the rule map the explore panel reads)
    assert sorted(p.name for p in (second.site / "second").iterdir()) == ["components", "explore-pages.json", "glossary",
                                                                         "rules-moving", "rules-moving-walkthroughs", "track"]
    home = (second.site / "index.html").read_text(encoding="utf-8")
    assert "Second Game" in home and "second/track/" in home and "second/rules-moving/" in home
    components = (second.build / "docs" / "second" / "components.md").read_text(encoding="utf-8")
    assert "{#second.component.token}" in components and "{#caylus." not in components  # its own entries, not another game's
    # a source without a `cite` is cited by its English name, with the rulebook's section
    assert '[A made-up rulebook, section «Box»](../sources.md#second.source.t "A made-up rulebook")' in components
    glossary = (second.build / "docs" / "second" / "glossary.md").read_text(encoding="utf-8")
    assert "Every game term in English and Hungarian," in glossary  # the languages its entries have
    rules = (second.site / "second" / "rules-moving" / "index.html").read_text(encoding="utf-8")
    walkthrough = (second.site / "second" / "rules-moving-walkthroughs" / "index.html").read_text(encoding="utf-8")
    assert "Red reaches space 3 first" in rules and "Checked by the engine in this build" in walkthrough
    db = sqlite_utils.Database(second.build / "kb.db")
    assert db["games"].get("second")["name_pl"] == "Druga gra"
    assert db["tracks"].get("second.track")["length_text"] == "3 spaces"
    assert db["scenarios"].get("second.scenario.race")["passed"] == 1
    assert db["links"].count_where("from_id = 'second.rules.moving' and to_id = 'second.term.token'") == 1  # the glossary term keeps a word it shares


def test_a_game_without_a_game_module_is_refused(second) -> None:
    with pytest.raises(CatalogError) as caught:
        REGISTRY.load(second.data, display_root=second.root)
    messages = [str(p) for p in caught.value.problems]
    assert any(m.startswith("data/zz-second.yaml:") and "game 'second' has no game module" in m for m in messages), messages
    assert any("unknown kind of entry" in m and "tracks" in m for m in messages), messages


def test_an_entry_kind_without_a_page_fails_the_build(second) -> None:
    from kb.build import BuildError

    pageless = GameModule(game="second", kinds=SECOND.kinds, pages=(plugin.RULES, plugin.COMPONENTS, plugin.GLOSSARY))
    with pytest.raises(BuildError, match="second: no page of the game shows its tracks entries"):
        build(second, registry=REGISTRY.with_games([pageless]), engines={**GAMES, "second": Tokens})


def test_a_card_effect_needs_the_game_to_register_its_vocabulary(second) -> None:
    """Cards are a shared kind whose effect only a game's refinement can check; without one, refused."""
    card = """\
cards:
  - id: second.card.push
    game: second
    names: {en: Push}
    deck: A
    card_type: action
    effect: {kind: push, spaces: 2}
    sources: [{key: T, section: "Cards"}]
    confidence: text
"""
    (second.data / "zz-second-cards.yaml").write_text(card, encoding="utf-8")
    with pytest.raises(CatalogError) as caught:
        REGISTRY.with_games([SECOND]).load(second.data, display_root=second.root)
    assert [str(p) for p in caught.value.problems] == [
        "data/zz-second-cards.yaml:7:5: cards[0].effect: this game registers no card effects "
        "(its game module refines the cards kind)"]
