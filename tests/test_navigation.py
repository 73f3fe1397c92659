"""The site's navigation: one tab per game, rules first, no repeated titles; the home page lists
every game; a wrong address gets the site's 404 page."""

from __future__ import annotations

import re
import threading
import urllib.error
import urllib.request
from html.parser import HTMLParser
from pathlib import Path

from kb.serve import site_server


class Links(HTMLParser):
    """The (text, href) of the links inside elements whose class contains ``container_class``."""

    def __init__(self, container_class: str):
        super().__init__()
        self.container_class, self.depth, self.href, self.text, self.links = container_class, 0, None, "", []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        classes = (dict(attrs).get("class") or "").split()
        if self.depth:
            self.depth += 1
        elif self.container_class in classes:
            self.depth = 1
        if self.depth and tag == "a":
            self.href, self.text = dict(attrs).get("href"), ""

    def handle_endtag(self, tag: str) -> None:
        if self.depth and tag == "a" and self.href is not None:
            self.links.append((" ".join(self.text.split()), self.href))
            self.href = None
        if self.depth:
            self.depth -= 1

    def handle_data(self, data: str) -> None:
        if self.href is not None:
            self.text += data


def links_in(page: Path, container_class: str) -> list[tuple[str, str]]:
    parser = Links(container_class)
    parser.feed(page.read_text(encoding="utf-8"))
    return parser.links


def test_each_game_is_a_tab_in_name_order_then_sources_and_api(built, catalog) -> None:
    tabs = [text for text, _ in links_in(built.site / "index.html", "md-tabs__list")]
    names = sorted((catalog.get(g).names.en for g in catalog.games()), key=str.casefold)
    assert tabs == ["Home", "What changed", *names, "Sources and API", "For contributors"]


def test_a_games_pages_start_with_its_rules_and_repeat_no_title(built, catalog) -> None:
    for game in catalog.games():
        # the game's own part of the navigation, as its index page shows it: from the game's own
        # link (its index, "./") up to the next game or section ("../<elsewhere>/")
        sidebar = links_in(built.site / game / "index.html", "md-nav--primary")
        start = sidebar.index((catalog.get(game).names.en, "./"))
        own = []
        for title, href in sidebar[start + 1:]:
            if href.startswith("../"):
                break
            own.append(title)
        rules = catalog.get(game).rule_pages
        assert own[:len(rules)] == [r.title for r in rules], (game, own[:8])
        assert not [t for t in own if "scenarios" in t.lower()], (game, own)  # the formats are for contributors
        assert len(own) > len(rules) + 3, (game, own)
        repeated = {t for t in own if own.count(t) > 1} | ({catalog.get(game).names.en} & set(own))
        assert not repeated, (game, repeated)


def test_the_home_page_lists_every_game_with_a_link(built, catalog) -> None:
    home = (built.site / "index.html").read_text(encoding="utf-8")
    games = home.split('id="games"', 1)[1].split("<h2", 1)[0]
    for game in catalog.games():
        assert re.search(rf'<a href="{game}/">{re.escape(catalog.get(game).names.en)}</a>', games), game
    assert "kb: the games" not in home


def test_a_wrong_address_gets_the_sites_404_page(built) -> None:
    server = site_server(built.site, "127.0.0.1", 0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        url = f"http://127.0.0.1:{server.server_address[1]}/caylus/no-such-page/"
        try:
            urllib.request.urlopen(url, timeout=10)
            raise AssertionError("a missing page answered 200")
        except urllib.error.HTTPError as missing:
            assert missing.code == 404
            body = missing.read().decode()
        assert "Error response" not in body and "md-header" in body and "404" in body
    finally:
        server.shutdown()
        server.server_close()
