"""The pipeline takes a second game without special cases: a game with only generic kinds builds,
gets its own pages, navigation and anchors, and its rows in the database."""

from __future__ import annotations

import sqlite_utils
from bs4 import BeautifulSoup

from kb.build import build
from kb.catalog import load_catalog
from kb.pages import page_of

SECOND_GAME = """\
# yaml-language-server: $schema=../schemas/zz-second.schema.json
games:
  - id: second
    game: second
    names: {en: Second Game, hu: Második játék, pl: Druga gra}
    designers: [Nobody]
    publisher: Nobody
    year: 2001
    players_min: 2
    players_max: 2
    sources: [{key: T, section: "Box"}]
    confidence: text
sources:
  - id: second.source.t
    game: second
    key: T
    names: {en: A made-up rulebook}
    source_kind: rulebook
    sources: [{key: T, section: "Box"}]
    confidence: text
components:
  - id: second.component.token
    game: second
    names: {en: token, hu: zseton, pl: żeton}
    count: 10
    description: A round piece.
    sources: [{key: T, section: "Box"}]
    confidence: text
terms:
  - id: second.term.token
    game: second
    names: {en: token, hu: zseton, pl: żeton}
    definition: A round piece players move.
    sources: [{key: T, section: "Box"}]
    confidence: text
rules:
  - id: second.duel.tokens
    game: second
    names: {en: Moving tokens}
    section: duel
    order: 1
    text: Each player moves one token a turn.
    sources: [{key: T, section: "Rules"}]
    confidence: text
"""


def test_a_second_game_with_generic_kinds_builds_with_its_own_pages(project) -> None:
    (project.data / "zz-second.yaml").write_text(SECOND_GAME, encoding="utf-8")
    build(project)
    catalog = load_catalog(project.data)
    for entry_id in ("second.component.token", "second.term.token", "second.duel.tokens", "second.source.t"):
        page = BeautifulSoup((project.site / page_of(catalog, entry_id) / "index.html").read_text(encoding="utf-8"), "html.parser")
        assert page.find(id=entry_id) is not None, entry_id
    # pages only for the kinds the game has: no buildings or castle for it
    assert not (project.site / "second" / "buildings").exists()
    assert not (project.site / "second" / "quick-reference").exists()
    home = (project.site / "index.html").read_text(encoding="utf-8")
    assert "Second Game" in home  # the navigation lists the new game
    assert "second/rules-duel/" in home and "second/glossary/" in home
    db = sqlite_utils.Database(project.build / "kb.db")
    assert db["games"].get("second")["name_pl"] == "Druga gra"
    assert [r["game"] for r in db["glossary"].rows_where("id = ?", ["second.term.token"])] == ["second"]
