"""The drawings of Caylus's road and favour table, the Duel's offer and building cards and the Maharaja
board: each is on its page, is an image with a text alternative and the "drawn from our data" caption,
and follows the catalog: a changed value changes the drawing, an unknown one is drawn as unknown."""

from __future__ import annotations

import dataclasses
import re
import xml.etree.ElementTree as ET
from typing import Any

import pytest

from catalog import Catalog
from games import REGISTRY
from games.drawing import DRAWN_FROM_DATA
from outputs.pages.layout import Layout
from outputs.pages.writer import PageWriter

SVG = "{http://www.w3.org/2000/svg}"
# page of each drawing: (game, page, the drawing's class)
DRAWINGS = [("caylus", "turn", "kb-road"), ("caylus", "favours", "kb-favours"), ("duel", "building", "kb-offer"),
            ("duel", "building", "kb-building"), ("maharaja", "board", "kb-board")]


def changed(catalog: Catalog, entry_id: str, **update: Any) -> Catalog:
    """A copy of the catalog with one entry's fields replaced (``names_en`` renames it)."""
    located = catalog.entries[entry_id]
    if "names_en" in update:
        update["names"] = located.entry.names.model_copy(update={"en": update.pop("names_en")})
    entry = located.entry.model_copy(update=update)
    return Catalog(entries={**catalog.entries, entry_id: dataclasses.replace(located, entry=entry)}, schema=catalog.schema)


def without(catalog: Catalog, entry_id: str) -> Catalog:
    return Catalog(entries={k: v for k, v in catalog.entries.items() if k != entry_id}, schema=catalog.schema)


def page(catalog: Catalog, game: str, name: str) -> str:
    """A game page's Markdown, as the site's writer renders it from this catalog."""
    module = REGISTRY.module(game)
    writer = PageWriter(catalog, module, Layout(catalog, REGISTRY), "http://127.0.0.1:8001", results=[])
    (spec,) = [p for p in module.pages if getattr(p, "name", None) == name]
    return str(spec.render(writer))


def figure_of(markup: str, css_class: str) -> str:
    """The one figure of that class in a page."""
    found = re.findall(r'<figure class="[^"]*\b' + css_class + r'\b[^"]*".*?</figure>', markup, re.S)
    assert len(found) == 1, (css_class, len(found))
    return found[0]


def svg_of(figure: str) -> ET.Element:
    """The figure's SVG, parsed: it must be well-formed XML (catalog text escaped)."""
    return ET.fromstring(re.search(r"<svg.*</svg>", figure, re.S).group(0))  # type: ignore[union-attr]


def texts(svg: ET.Element) -> list[str]:
    """Every text drawn, a wrapped label joined back into one line."""
    return [" ".join("".join(t.itertext()).split()) if not list(t) else " ".join(s.text or "" for s in t)
            for t in svg.iter(f"{SVG}text")]


def tooltips(svg: ET.Element) -> list[str]:
    return [t.text or "" for t in svg.iter(f"{SVG}title")]


def unknown_marks(svg: ET.Element) -> int:
    return sum(1 for r in svg.iter(f"{SVG}rect") if r.get("stroke-dasharray")
               and any((t.text or "").endswith(": unknown") for t in r.iter(f"{SVG}title")))


def rect_around(svg: ET.Element, x: float, y: float, tooltip_start: str) -> bool:
    """Whether the point lies in the rectangle whose tooltip starts so."""
    for r in svg.iter(f"{SVG}rect"):
        tip = r.find(f"{SVG}title")
        if tip is not None and (tip.text or "").startswith(tooltip_start):
            rx, ry, w, h = (float(r.get(k, 0)) for k in ("x", "y", "width", "height"))
            return rx <= x <= rx + w and ry <= y <= ry + h
    raise AssertionError(f"no rectangle titled {tooltip_start!r}")


@pytest.mark.parametrize(("game", "name", "css_class"), DRAWINGS)
def test_each_drawing_is_an_image_with_a_text_alternative_and_the_caption(catalog: Catalog, game: str, name: str,
                                                                          css_class: str) -> None:
    figure = figure_of(page(catalog, game, name), css_class)
    svg = svg_of(figure)
    assert svg.get("role") == "img"
    alt = svg.get("aria-label") or ""
    assert len(alt) > 40 and svg.find(f"{SVG}title") is not None and svg.find(f"{SVG}title").text == alt  # type: ignore[union-attr]
    caption = re.search(r"<figcaption>(.*)</figcaption>", figure, re.S).group(1)  # type: ignore[union-attr]
    assert caption.endswith(DRAWN_FROM_DATA) and len(caption) > len(DRAWN_FROM_DATA) + 20
    assert "\n\n" not in figure  # a blank line would end Markdown's raw HTML block
    for words in ("data/", ".yaml", "confidence", "picture_read", "Generated"):
        assert words not in figure, words


def test_the_road_follows_the_catalog(catalog: Catalog) -> None:
    svg = svg_of(figure_of(page(catalog, "caylus", "turn"), "kb-road"))
    assert "Gold mine" in texts(svg) and sum(t == "Neutral tile" for t in texts(svg)) == 6
    assert sum(1 for t in tooltips(svg) if t.startswith("space ")) == 28
    flag = next(t for t in svg.iter(f"{SVG}text") if t.text == "dungeon")
    assert rect_around(svg, float(flag.get("x", 0)), float(flag.get("y", 0)), "space 12:")

    renamed = changed(catalog, "caylus.building.gold-mine", names_en="Silver mine & co")
    moved = changed(renamed, "caylus.castle-section.dungeon", marker_space=14)
    longer = changed(moved, "caylus.road", spaces=30, neutral_spaces=[1, 2, 3], bailiff_start=3)
    svg = svg_of(figure_of(page(longer, "caylus", "turn"), "kb-road"))
    drawn = texts(svg)
    assert "Silver mine & co" in drawn and "Gold mine" not in drawn
    assert sum(t == "Neutral tile" for t in drawn) == 3
    assert sum(1 for t in tooltips(svg) if t.startswith("space ")) == 30
    flag = next(t for t in svg.iter(f"{SVG}text") if t.text == "dungeon")
    assert rect_around(svg, float(flag.get("x", 0)), float(flag.get("y", 0)), "space 14:")
    bailiff = next(c for c in svg.iter(f"{SVG}circle") if (c.findtext(f"{SVG}title") or "").startswith("the bailiff"))
    assert rect_around(svg, float(bailiff.get("cx", 0)), float(bailiff.get("cy", 0)), "space 3:")
    assert "dungeon on space 14" in (svg.get("aria-label") or "")


def test_the_favour_table_follows_the_catalog(catalog: Catalog) -> None:
    svg = svg_of(figure_of(page(catalog, "caylus", "favours"), "kb-favours"))
    drawn = texts(svg)
    assert {"Prestige", "Deniers", "Resources", "Buildings"} <= set(drawn)
    assert "trade 1 cube for 2" in drawn and "after dungeon" in drawn and unknown_marks(svg) == 0
    assert any(t.startswith("resources, column 4: Pay 1 cube") for t in tooltips(svg))

    cell = catalog.get("caylus.favour.deniers-3")
    richer = changed(catalog, "caylus.favour.deniers-3", names_en="9 deniers",
                     effect=cell.effect.model_copy(update={"choices": [{"deniers": 9}]}))  # type: ignore[attr-defined]
    svg = svg_of(figure_of(page(richer, "caylus", "favours"), "kb-favours"))
    assert "9 deniers" in texts(svg) and "5 deniers" not in texts(svg)
    assert "deniers, column 3: Take 9 deniers" in tooltips(svg)

    # a cell the catalog lacks is drawn as unknown, not left out or guessed
    svg = svg_of(figure_of(page(without(catalog, "caylus.favour.resources-5"), "caylus", "favours"), "kb-favours"))
    assert "1 gold" not in texts(svg) and unknown_marks(svg) == 1 and "?" in texts(svg)


def test_the_duel_offer_follows_the_round_structure(catalog: Catalog) -> None:
    svg = svg_of(figure_of(page(catalog, "duel", "building"), "kb-offer"))
    cards = [t for t in tooltips(svg) if "a card dealt face up" in t]
    assert len(cards) == 9 and "row 3" in texts(svg) and "a diagonal" in tooltips(svg)
    assert "deck A: 27 cards, years 1, 3" in texts(svg)

    wider = changed(catalog, "duel.rounds", grid_rows=2, grid_columns=4)
    svg = svg_of(figure_of(page(wider, "duel", "building"), "kb-offer"))
    cards = [t for t in tooltips(svg) if "a card dealt face up" in t]
    assert len(cards) == 8 and "column 4" in texts(svg) and "row 3" not in texts(svg)
    assert "a diagonal" not in tooltips(svg)  # no line of a non-square grid runs corner to corner


def test_the_duel_building_cards_draw_unknown_materials_as_unknown(catalog: Catalog) -> None:
    svg = svg_of(figure_of(page(catalog, "duel", "building"), "kb-building"))
    assert unknown_marks(svg) == 18  # 6 sections x 3 materials, all only pictured
    assert "Take 10 gold from the bank" in texts(svg) and "12 gold" in texts(svg)

    known = changed(catalog, "duel.section.blue-2", materials=["dressed-stone", "mortar", "beam"])
    costly = changed(known, "duel.construction", cost_by_materials=[3, 7, 13])
    svg = svg_of(figure_of(page(costly, "duel", "building"), "kb-building"))
    assert unknown_marks(svg) == 15 and {"dressed stone", "mortar", "beam"} <= set(texts(svg))
    assert "13 gold" in texts(svg) and "12 gold" not in texts(svg)


def test_the_maharaja_board_follows_the_catalog(catalog: Catalog) -> None:
    (board_id,) = [e.id for e in catalog.of_kind("boards", "maharaja")]
    board = catalog.get(board_id)
    city = board.cities[0]  # type: ignore[attr-defined]
    renamed = city.model_copy(update={"names": city.names.model_copy(update={"en": "Zed"})})
    moved = changed(catalog, board_id, cities=[renamed, *board.cities[1:]])  # type: ignore[attr-defined]
    before = texts(svg_of(figure_of(page(catalog, "maharaja", "board"), "kb-board")))
    after = texts(svg_of(figure_of(page(moved, "maharaja", "board"), "kb-board")))
    assert city.names.en in before and "Zed" in after and city.names.en not in after


def test_the_built_site_carries_each_drawing(built) -> None:  # type: ignore[no-untyped-def]
    for game, name, css_class in DRAWINGS:
        html = (built.site / game / name / "index.html").read_text(encoding="utf-8")
        figure = figure_of(html, css_class)
        assert 'role="img"' in figure and "aria-label=" in figure and "<figcaption>" in figure
        assert svg_of(figure).get("role") == "img", (game, name)


def test_catalog_text_in_a_drawing_stays_text(catalog: Catalog) -> None:
    hostile = '<script>alert(1)</script> "q" & x'
    figure = figure_of(page(changed(catalog, "caylus.building.gate", names_en=hostile), "caylus", "turn"), "kb-road")
    assert "<script>" not in figure
    assert " ".join(hostile.split()) in " ".join(texts(svg_of(figure)))
