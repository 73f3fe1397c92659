"""The Viscounts drawings (issue 28): the castle, the player board and the collision track are drawn
from the catalogs onto the pages a player opens first, each with a text alternative and the "drawn
from our data" caption. A catalog value changed on a copy changes the drawing; a value nobody has
read is drawn as unknown (a dashed box with a question mark), never guessed."""

from __future__ import annotations

import html
import re
import shutil
from pathlib import Path

import pytest

from catalog import Catalog
from games import REGISTRY
from games.drawing import DRAWN_FROM_DATA, UNKNOWN_FILL
from games.plugin import PageSpec
from games.viscounts.castle_svg import castle_svg
from games.viscounts.kinds import CastleTier, CastleWedge, CollisionPosition
from games.viscounts.svg_words import sentence
from outputs.pages.layout import Layout
from outputs.pages.writer import PageWriter

ROOT = Path(__file__).resolve().parent.parent
BOARDS = "viscounts-boards.yaml"
DRAWINGS = {"castle": ["kb-castle"], "board": ["kb-player-board", "kb-collision-track"]}


def page(catalog: Catalog, name: str) -> str:
    """A Viscounts page as its renderer writes it (the Markdown the site is built from)."""
    module = REGISTRY.module("viscounts")
    writer = PageWriter(catalog, module, Layout(catalog, REGISTRY), "http://127.0.0.1:8001", results=[])
    return next(p for p in module.pages if isinstance(p, PageSpec) and p.name == name).render(writer)


def drawing(markdown: str, css_class: str) -> str:
    found = re.findall(rf'<figure class="kb-drawing {css_class}".*?</figure>', markdown, re.S)
    assert len(found) == 1, f"expected one {css_class} drawing, found {len(found)}"
    return found[0]


def alt_text(figure: str) -> str:
    match = re.search(r'<svg [^>]*role="img" aria-label="([^"]+)"', figure)
    assert match, "the drawing's SVG has no role=img with an aria-label"
    return match.group(1)


def unknown_marks(figure: str) -> list[str]:
    """The tooltips of the unknown marks (dashed grey boxes)."""
    return [html.unescape(tip) for tip in
            re.findall(rf'<rect [^>]*fill="{UNKNOWN_FILL}"[^>]*stroke-dasharray[^>]*><title>([^<]*)</title>', figure)]


@pytest.fixture(scope="module")
def changed(tmp_path_factory: pytest.TempPathFactory) -> Catalog:
    """The catalogs with a few castle, board and track values changed on a copy."""
    data = tmp_path_factory.mktemp("changed") / "data"
    shutil.copytree(ROOT / "data", data)
    path = data / BOARDS
    text = path.read_text(encoding="utf-8")
    for old, new in [
        ("tier2_reward: [{kind: gain, what: virtue, count: 2}]", "tier2_reward: [{kind: gain, what: virtue, count: 3}]"),
        ('    unread_part: "a second icon, probably moving a tier-1 worker to an adjacent section"\n', ""),
        ("    fact_confidence: {unread_part: unconfirmed}\n", ""),
        ("current_gains: [{kind: gain, what: silver, count: 4}", "current_gains: [{kind: gain, what: silver, count: 5}"),
        ("points_by_count: [6, 13, 21]", "points_by_count: [6, 13, 23]"),
        ("      - {slot: 1, icons: null}", "      - {slot: 1, icons: [cleric]}"),
    ]:
        assert text.count(old) == 1, f"the test's edit no longer matches {BOARDS}: {old!r}"
        text = text.replace(old, new)
    path.write_text(text, encoding="utf-8")
    return REGISTRY.load(data, display_root=data.parent)


@pytest.mark.parametrize("name,css_class", [(n, c) for n, classes in DRAWINGS.items() for c in classes])
def test_each_drawing_is_on_its_page_with_a_text_alternative_and_the_drawn_from_data_caption(
        catalog: Catalog, name: str, css_class: str) -> None:
    markdown = page(catalog, name)
    figure = drawing(markdown, css_class)
    alt = alt_text(figure)
    assert len(alt) > 80, f"{css_class}: the text alternative is too thin to stand for the drawing: {alt!r}"
    assert f"<title>{alt}</title>" in figure
    caption = re.search(r"<figcaption>(.*?)</figcaption>", figure, re.S)
    assert caption and DRAWN_FROM_DATA.rstrip(".") in caption.group(1)
    assert "\n\n" not in figure, "a blank line inside the figure would end Markdown's raw HTML block"
    # before the first table: where a player looks first
    assert markdown.index(figure) < markdown.index("\n|") or css_class == "kb-collision-track"


def test_the_drawings_say_in_words_what_the_catalog_says(catalog: Catalog) -> None:
    castle = drawing(page(catalog, "castle"), "kb-castle")
    for wedge in catalog.typed("castle_wedges", CastleWedge, "viscounts"):
        assert f"{wedge.letter}: {sentence(wedge.tier2_reward)}" in alt_text(castle).replace("&#x27;", "'")
    assert ">+2 virtue</text>" in castle and ">+1 gold</text>" in castle
    track = drawing(page(catalog, "board"), "kb-collision-track")
    for p in catalog.typed("collision_positions", CollisionPosition, "viscounts"):
        assert f"Position {p.position}: you {sentence(p.current_gains)}" in alt_text(track)
    assert ">+4 silver</text>" in track and ">+3 debts</text>" in track
    board = drawing(page(catalog, "board"), "kb-player-board")
    assert ">21 VP</text>" in board and ">Guildhall: costs 7 builder icons</text>" in board


def test_a_value_nobody_has_read_is_drawn_as_unknown(catalog: Catalog) -> None:
    castle = unknown_marks(drawing(page(catalog, "castle"), "kb-castle"))
    assert castle == ["wedge e: a second icon, probably moving a tier-1 worker to an adjacent section: unknown"]
    board = unknown_marks(drawing(page(catalog, "board"), "kb-player-board"))
    assert board == ["the starting icons of slot 1: unknown"]
    # a tier-2 section no wedge of the catalog stands for has an unknown reward, drawn as such
    wedges = sorted(catalog.typed("castle_wedges", CastleWedge, "viscounts"), key=lambda w: w.letter)
    four = castle_svg(catalog.typed("castle_tiers", CastleTier, "viscounts"), [w for w in wedges if w.letter != "b"])
    assert "the reward of tier-2 section 5: unknown" in unknown_marks(four)


def test_changing_the_catalog_changes_the_drawings(catalog: Catalog, changed: Catalog) -> None:
    before = {c: drawing(page(catalog, n), c) for n, classes in DRAWINGS.items() for c in classes}
    after = {c: drawing(page(changed, n), c) for n, classes in DRAWINGS.items() for c in classes}
    # the castle: wedge b's reward, and wedge e's unread part now read (no unknown mark)
    assert ">+3 virtue</text>" in after["kb-castle"] and ">+2 virtue</text>" not in after["kb-castle"]
    assert unknown_marks(after["kb-castle"]) == []
    assert "nobody has read" not in after["kb-castle"] and "nobody has read" in before["kb-castle"]
    # the collision track: position 7's silver
    assert ">+5 silver</text>" in after["kb-collision-track"] and ">+4 silver</text>" not in after["kb-collision-track"]
    assert "Position 7: you gain 5 silver" in alt_text(after["kb-collision-track"])
    # the player board: the third guildhall's points, and slot 1's icons now known
    assert ">23 VP</text>" in after["kb-player-board"] and ">21 VP</text>" not in after["kb-player-board"]
    assert unknown_marks(after["kb-player-board"]) == []
    assert ">cleric</text>" in after["kb-player-board"] and "slot 1: cleric" in alt_text(after["kb-player-board"])
    assert all(before[c] != after[c] for c in before)
