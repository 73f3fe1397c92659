"""The site away from the network (issue 33): the offline pack works opened from disk (pages and
search, in Chromium with no network), and after one online visit the service worker serves other
pages and the search with the server stopped. Plus the pack's link rewriting and the worker's list.

Browser tests use Debian's Chromium, as tests/test_browser.py does; they fail, never skip, without it."""

from __future__ import annotations

import functools
import json
import re
import threading
import zipfile
from collections.abc import Iterator
from http.server import ThreadingHTTPServer
from pathlib import Path
from urllib.parse import unquote

import pytest
from playwright.sync_api import Browser, Page

from outputs.offline.pack import FOLDER, PACK_NAME, folder_links
from outputs.offline.worker import MANIFEST, kept_files
from test_browser import Quiet, browser  # noqa: F401  (the fixture: Chromium)


@pytest.mark.parametrize("before, after", [
    ('<a href="../rules-turn/#caylus.phase4.provost">', '<a href="../rules-turn/index.html#caylus.phase4.provost">'),
    ('<a href="./">', '<a href="./index.html">'), ('<a href="..">', '<a href="../index.html">'),
    ('<a class="md-nav__link" href="../../maharaja/">', '<a class="md-nav__link" href="../../maharaja/index.html">'),
    ('<a href="#caylus.term.provost">', '<a href="#caylus.term.provost">'),  # within the page: as it is
    ('<a href="../assets/x.css">', '<a href="../assets/x.css">'), ('<a href="https://example.org/">', '<a href="https://example.org/">'),
    ('<a href="http://127.0.0.1:8001/kb/rules">', '<a href="http://127.0.0.1:8001/kb/rules">'),
    ('<script src="../javascripts/kb-land.js">', '<script src="../javascripts/kb-land.js">'),
])
def test_a_link_to_a_folder_names_its_index_page(before: str, after: str) -> None:
    assert folder_links(before) == after


def test_the_worker_keeps_every_page_and_the_search_but_not_the_downloads(built) -> None:  # type: ignore[no-untyped-def]
    kept = kept_files(built.site)
    assert "" in kept and "caylus/rules-turn/" in kept and "search/index.json" in kept and "javascripts/kb-search.js" in kept
    assert not [k for k in kept if k.startswith("downloads/") or k.endswith(".map")]
    worker = (built.site / "sw.js").read_text(encoding="utf-8")
    files = json.loads(re.search(r"const FILES = (\[.*?\]);", worker).group(1))  # type: ignore[union-attr]
    assert files == kept
    assert all((built.site / (f + "index.html" if f.endswith("/") or not f else f)).is_file() for f in files)
    manifest = json.loads((built.site / MANIFEST).read_text(encoding="utf-8"))
    assert manifest["start_url"] == "./" and (built.site / manifest["icons"][0]["src"]).is_file()
    page = (built.site / "caylus" / "rules-turn" / "index.html").read_text(encoding="utf-8")
    assert f'<link rel="manifest" href="../../{MANIFEST}">' in page


@pytest.fixture(scope="module")
def unpacked(built, tmp_path_factory) -> Path:  # type: ignore[no-untyped-def]
    target = tmp_path_factory.mktemp("offline")
    with zipfile.ZipFile(built.site / "downloads" / PACK_NAME) as pack:
        names = pack.namelist()
        assert all(n.startswith(FOLDER + "/") for n in names)
        assert f"{FOLDER}/downloads/kb.db" in names and f"{FOLDER}/search/index.js" in names
        assert not [n for n in names if n.endswith(PACK_NAME)]
        pack.extractall(target)
    return target / FOLDER


def search_box(page: Page, query: str) -> list[str]:
    page.keyboard.press("/")
    page.locator("input.kb-search__input").type(query, delay=15)
    page.wait_for_function("q => document.querySelector('.kb-search__results').dataset.query === q", arg=query, timeout=15000)
    return page.locator(".kb-search__item a").evaluate_all("els => els.map(e => e.href)")


def test_the_offline_pack_navigates_and_searches_from_disk_with_no_network(browser: Browser, unpacked: Path) -> None:  # noqa: F811
    context = browser.new_context(offline=True)
    asked: list[str] = []
    context.on("request", lambda request: asked.append(request.url))
    page = context.new_page()
    page.goto((unpacked / "index.html").as_uri())
    page.locator(".md-tabs a:visible", has_text="Maharaja").first.click()
    page.wait_for_load_state()
    assert page.url.endswith("/maharaja/index.html"), page.url
    page.locator("a[href$='glossary/index.html']:visible").first.click()
    page.wait_for_load_state()
    assert page.url.endswith("/maharaja/glossary/index.html") and page.locator("h1").inner_text().startswith("Glossary")
    hits = search_box(page, "palotát")
    assert hits and hits[0].startswith("file://") and "/index.html" in hits[0]
    page.locator(".kb-search__item a").first.click()
    page.wait_for_load_state()
    landed = unquote(page.url)
    assert landed.startswith(unpacked.as_uri()) and "#maharaja." in landed, landed
    assert page.locator("h1").count() == 1
    assert not [u for u in asked if not u.startswith(("file://", "data:"))], asked[:5]
    context.close()


def test_after_one_visit_the_site_opens_and_searches_with_the_server_stopped(browser: Browser, built) -> None:  # type: ignore[no-untyped-def]  # noqa: F811
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(built.site)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    url = f"http://127.0.0.1:{server.server_address[1]}"
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(url + "/")
        kept = len(kept_files(built.site))
        page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=60000)
        page.wait_for_function("async n => (await (await caches.open((await caches.keys())[0])).keys()).length >= n",
                               arg=kept, timeout=60000, polling=500)
    finally:
        server.shutdown()
        server.server_close()
    for path, title in (("/caylus/rules-turn/", "The turn"), ("/viscounts/glossary/", "Glossary"), ("/duel/", None)):
        page.goto(url + path)
        assert page.locator("h1").count() == 1 and (title is None or title in page.locator("h1").inner_text()), path
    hits = search_box(page, "Aliena")  # on the Duel's page: the Duel's entries
    assert hits and "duel.card.aliena" in unquote(hits[0])
    context.close()


def test_kb_serve_sends_the_manifest_as_a_manifest() -> None:
    from kb.serve import SiteHandler

    handler = SiteHandler.__new__(SiteHandler)  # guess_type reads no request
    assert handler.guess_type("/site/manifest.webmanifest") == "application/manifest+json"
