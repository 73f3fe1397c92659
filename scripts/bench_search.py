#!/usr/bin/env python3
"""Search quality and speed on the player query set (prints figures, asserts nothing).

Runs every query of scripts/search_queries.yaml through the API's search (Datasette's in-process
client, the canned query `search` backed by outputs/search), over all games and within the query's
game; through the site's own search script (run under Node on the site's index: the tests check it
gives the API's results); and, for comparison, through the SQL full-text path of table searches and the
``term`` query (FTS5 on the same definition's keys, every term ANDed, ranked by bm25). Also prints the site index's size and how soon after a page loads its search is ready. Prints recall@1, recall@5 and MRR per language and
channel, the misses, and the API's median and 95th-percentile latency.

    .venv/bin/python scripts/bench_search.py            # builds first if there is no build
    .venv/bin/python scripts/bench_search.py --misses   # also list every query missed at 5
"""

from __future__ import annotations

import argparse
import asyncio
import sqlite3
import statistics
import time
from collections import defaultdict
from pathlib import Path
from urllib.parse import quote

import yaml

ROOT = Path(__file__).resolve().parent.parent
QUERIES = Path(__file__).with_name("search_queries.yaml")
JUDGMENTS = Path(__file__).with_name("search_judgments.yaml")


def sql_fts(db: Path):  # type: ignore[no-untyped-def]
    """The SQL path (the ``term`` query's): the search table's FTS index, every term ANDed, by bm25."""
    from outputs.database.tables import SEARCH_RANK
    from outputs.search.fts import match_expression

    conn = sqlite3.connect(db)
    games = [game for (game,) in conn.execute("select id from games order by id")]

    def run(q: str) -> list[str]:
        sql = (f"select search.entity_id from search_fts join search on search.rowid = search_fts.rowid "
               f"where search_fts match ? order by {SEARCH_RANK} limit 50")
        return [r[0] for r in conn.execute(sql, (match_expression(q, games),))]
    return run


async def api_results(db: Path, queries: list[str], games: list[str | None]) -> tuple[list[list[str]], list[float]]:
    from datasette.app import Datasette

    ds = Datasette([str(db)], settings={"num_sql_threads": 1}, metadata=__import__("json").loads((db.parent / "metadata.json").read_text()))
    await ds.invoke_startup()
    found, times = [], []
    for q, game in zip(queries, games):
        started = time.perf_counter()
        response = await ds.client.get(f"/kb/search.json?q={quote(q)}&game={game or ''}&_shape=array")
        times.append((time.perf_counter() - started) * 1000)
        found.append([row["entity_id"] for row in response.json()])
    return found, times


def site_results(queries: list[str], games: list[str | None]) -> list[list[str]]:
    """The site's search script (site/javascripts/kb-search.js) run under Node on the site's index."""
    import json
    import subprocess

    result = subprocess.run(["node", str(ROOT / "tests" / "js" / "run_search.js"), str(ROOT / "site" / "javascripts" / "kb-search.js"),
                             str(ROOT / "site" / "search" / "index.json")], input=json.dumps([[q, g] for q, g in zip(queries, games)]),
                            capture_output=True, text=True, check=True)
    return [[hit[0] for hit in hits] for hits in json.loads(result.stdout)]


def site_ready_ms(runs: int = 5) -> list[float]:
    """Milliseconds from a page's load event until its search is ready, in headless Chromium."""
    import functools
    import threading
    from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer

    from playwright.sync_api import sync_playwright

    class Quiet(SimpleHTTPRequestHandler):
        def log_message(self, *args: object) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(ROOT / "site")))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    times = []
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
            for _ in range(runs):
                page = browser.new_page()
                page.goto(f"http://127.0.0.1:{server.server_port}/caylus/buildings/", wait_until="load")
                times.append(page.evaluate("KbSearch.whenReady().then(() => performance.now() - performance.timing.loadEventEnd"
                                           " + performance.timing.navigationStart)"))
                page.close()
            browser.close()
    finally:
        server.shutdown()
    return times


def loopback_ms(queries: list[str], db: Path) -> list[float]:
    """Milliseconds per search over HTTP on 127.0.0.1, against Datasette serving this build as
    ``kb serve`` does (a server of its own, stopped afterwards)."""
    import socket
    import urllib.request

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    from kb.project import Project
    from kb.serve import datasette_process

    server = datasette_process(Project(ROOT), "127.0.0.1", port)
    base = f"http://127.0.0.1:{port}/kb/search.json?_shape=array&q="
    try:
        # Datasette can take many seconds to start on a busy machine: wait for it, but not forever.
        deadline = time.monotonic() + 60
        while True:
            try:
                urllib.request.urlopen(base + "warm", timeout=2).read()
                break
            except OSError:
                if server.poll() is not None or time.monotonic() > deadline:
                    raise SystemExit(f"bench_search: Datasette did not answer on port {port} within 60 s")
                time.sleep(0.2)
        times = []
        for q in queries:
            started = time.perf_counter()
            urllib.request.urlopen(base + quote(q), timeout=10).read()
            times.append((time.perf_counter() - started) * 1000)
        return times
    finally:
        server.terminate()
        server.wait(timeout=10)


def rank(expected: list[str], results: list[str]) -> int | None:
    for i, found in enumerate(results, start=1):
        if found in expected:
            return i
    return None


def report(name: str, cases: list[dict], results: list[list[str]]) -> None:
    """Recall and MRR per language: against every judged answer, and against the answers the query set
    was written with (``expect`` alone)."""
    judged: dict[str, list[int | None]] = defaultdict(list)
    first: dict[str, list[int | None]] = defaultdict(list)
    for case, found in zip(cases, results):
        for lang in (case["lang"], "all"):
            judged[lang].append(rank(case["expect"] + case.get("also", []), found))
            first[lang].append(rank(case["expect"], found))
    print(f"\n{name}")
    print(f"  {'lang':5} {'queries':>7} {'recall@1':>9} {'recall@5':>9} {'MRR':>6}   expect only: {'recall@1':>8} {'recall@5':>8}")
    for lang in ("en", "hu", "pl", "all"):
        rs, original = judged.get(lang, []), first.get(lang, [])
        if not rs:
            continue
        print(f"  {lang:5} {len(rs):7} {at(rs, 1):9.1%} {at(rs, 5):9.1%} {sum(1 / r for r in rs if r) / len(rs):6.3f}"
              f"                {at(original, 1):8.1%} {at(original, 5):8.1%}")


def at(ranks: list[int | None], k: int) -> float:
    return sum(r is not None and r <= k for r in ranks) / len(ranks)


def load_cases() -> list[dict]:
    """The queries, each with the answers judged right later (search_judgments.yaml) as ``also``."""
    cases = yaml.safe_load(QUERIES.read_text(encoding="utf-8"))["queries"]
    also = {j["q"]: j["also"] for j in yaml.safe_load(JUDGMENTS.read_text(encoding="utf-8"))["judgments"]}
    unknown = set(also) - {c["q"] for c in cases}
    if unknown:
        raise SystemExit(f"bench_search: {JUDGMENTS.name} judges queries that {QUERIES.name} does not have: {sorted(unknown)[:3]}")
    return [{**c, "also": also.get(c["q"], [])} for c in cases]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--misses", action="store_true", help="list the queries missed at 5")
    args = parser.parse_args()
    db = ROOT / "build" / "kb.db"
    if not db.exists():
        from kb.build import build
        from kb.project import Project

        build(Project(ROOT))
    cases = load_cases()
    texts = [c["q"] for c in cases]
    api, times = asyncio.run(api_results(db, texts, [None] * len(texts)))
    in_game, _ = asyncio.run(api_results(db, texts, [c["game"] for c in cases]))
    fts = sql_fts(db)
    site_all = site_results(texts, [None] * len(texts))
    site_game = site_results(texts, [c["game"] for c in cases])
    report("API search, all games (outputs/search, this build)", cases, api)
    report("API search within the query's game (&game=...)", cases, in_game)
    report("Site search, all games (site/javascripts/kb-search.js under Node)", cases, site_all)
    report("Site search within the page's game", cases, site_game)
    report("SQL full-text path (term, rules_mentioning, _search: FTS5 on the same keys, every term ANDed, bm25)",
           cases, [fts(c["q"]) for c in cases])
    times.sort()
    print(f"\nAPI latency over {len(times)} queries (in-process client): median {statistics.median(times):.1f} ms, "
          f"95th percentile {times[int(len(times) * 0.95)]:.1f} ms")
    loopback = sorted(loopback_ms(texts, db))
    print(f"API latency over HTTP on loopback (datasette serve, {len(loopback)} queries): median "
          f"{statistics.median(loopback):.1f} ms, 95th percentile {loopback[int(len(loopback) * 0.95)]:.1f} ms")
    index = ROOT / "site" / "search" / "index.json"
    ready = site_ready_ms()
    print(f"site index: {index.stat().st_size / 1024:.0f} KiB; search ready after the load event: "
          f"median {statistics.median(ready):.0f} ms over {len(ready)} page loads (headless Chromium)")
    from outputs.search import index_from_database

    searched = index_from_database(db)
    words = {w for d in searched.documents for w in searched.analyzer.words(" | ".join((d.title, d.names, d.terms, d.body)))}
    split = len(searched.analyzer.compounds.parts_keys) if searched.analyzer.compounds else 0
    print(f"closed compounds: {split} of the index's {len(words)} words split into its vocabulary's words")
    if args.misses:
        print("\nmissed at 5 (API, within the query's game):")
        for c, r in zip(cases, in_game):
            found = rank(c["expect"] + c["also"], r)
            if found is None or found > 5:
                print(f"  [{c['lang']}] {c['q']!r} -> {r[:3]} (want {c['expect'] + c['also']})")


if __name__ == "__main__":
    main()
