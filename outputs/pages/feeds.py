"""Atom feeds of the rulings (RFC 4287): ``feeds/rulings.xml`` for every game and
``feeds/<game>-rulings.xml`` for one, each ruling an entry with the time it last changed, so a feed
reader shows a new or revised ruling. Written into the site's files by the build."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from xml.etree import ElementTree as ET

from catalog import Catalog
from catalog.kinds import Ruling
from outputs.history import History

FOLDER = "feeds"
ATOM = "http://www.w3.org/2005/Atom"
ALL = "rulings.xml"
ATOM_TYPE = "application/atom+xml"
"""The media type a feed is served as."""


def feed_name(game: str | None) -> str:
    return ALL if game is None else f"{game}-rulings.xml"


def rulings_feed(catalog: Catalog, history: History, page_of: Callable[[str], str], site_url: str,
                 game: str | None, fallback_time: str) -> str:
    """The feed's XML: one entry per ruling of ``game`` (every game when None), newest first.
    ``fallback_time`` dates a feed with no ruling (Atom needs an ``updated``)."""
    base = site_url.rstrip("/")
    rulings = sorted(catalog.typed("rulings", Ruling, game), key=lambda r: (_updated(history, r.id, fallback_time), r.id),
                     reverse=True)
    title = "Rulings" + (f" for {catalog.get(game).names.en}" if game else ", every game") + " (Rulebook KB)"
    ET.register_namespace("", ATOM)
    feed = ET.Element(f"{{{ATOM}}}feed")
    _add(feed, "id", f"{base}/{FOLDER}/{feed_name(game)}")
    _add(feed, "title", title)
    _add(feed, "subtitle", "New and changed answers to questions about the rules, each with the rules it concerns.")
    _add(feed, "updated", max((_updated(history, r.id, fallback_time) for r in rulings), default=fallback_time))
    ET.SubElement(feed, f"{{{ATOM}}}link", rel="self", type="application/atom+xml", href=f"{base}/{FOLDER}/{feed_name(game)}")
    ET.SubElement(feed, f"{{{ATOM}}}link", rel="alternate", type="text/html", href=f"{base}/")
    author = ET.SubElement(feed, f"{{{ATOM}}}author")
    _add(author, "name", "Rulebook KB")
    for ruling in rulings:
        address = f"{base}/{page_of(ruling.id)}#{ruling.id}"
        entry = ET.SubElement(feed, f"{{{ATOM}}}entry")
        _add(entry, "id", address)
        _add(entry, "title", ruling.question)
        _add(entry, "updated", _updated(history, ruling.id, fallback_time))
        dates = history.of(ruling.id)
        if dates is not None:
            _add(entry, "published", dates.added)
        ET.SubElement(entry, f"{{{ATOM}}}link", rel="alternate", type="text/html", href=address)
        _add(entry, "summary", ruling.answer_text)
        ET.SubElement(entry, f"{{{ATOM}}}category", term=ruling.game, label=catalog.get(ruling.game).names.en)
    ET.indent(feed)
    return '<?xml version="1.0" encoding="utf-8"?>\n' + ET.tostring(feed, encoding="unicode") + "\n"


def write_feeds(catalog: Catalog, history: History, page_of: Callable[[str], str], site_url: str, folder: Path,
                fallback_time: str) -> list[Path]:
    """Every feed into ``folder`` (the site's feeds/): all games, then one per game."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for game in [None, *catalog.games()]:
        path = folder / feed_name(game)
        path.write_text(rulings_feed(catalog, history, page_of, site_url, game, fallback_time), encoding="utf-8")
        written.append(path)
    return written


def head_links(game: str, up: str) -> str:
    """The ``<link>`` elements a rulings page's head carries so that a browser or reader finds the feeds
    (``up``: the way from the page to the site's root)."""
    return "".join(f'<link rel="alternate" type="application/atom+xml" title="{title}" href="{up}{FOLDER}/{feed_name(g)}">'
                   for g, title in ((game, "Rulings of this game"), (None, "Rulings of every game")))


def _updated(history: History, entry_id: str, fallback_time: str) -> str:
    dates = history.of(entry_id)
    return dates.updated if dates else fallback_time


def _add(parent: ET.Element, tag: str, value: str) -> ET.Element:
    element = ET.SubElement(parent, f"{{{ATOM}}}{tag}")
    element.text = value
    return element
