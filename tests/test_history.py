"""Each entry's added/updated dates (issue 30): read from the repository's history at build time, with
the files' dates when there is no history; in the API (every entry table, `since=`), under rules and
rulings on the site, on the What changed page, and in the rulings' Atom feeds."""

from __future__ import annotations

import os
import re
import shutil
import sqlite3
import subprocess
import time
from datetime import datetime, timezone
from pathlib import Path
from xml.etree import ElementTree as ET

import pytest
from bs4 import BeautifulSoup

from conftest import ROOT, copy_project
from games import REGISTRY
from kb.history import entry_history
from kb.project import Project
from kb.serve import SiteHandler, datasette_app
from outputs.history import History
from outputs.pages.changes import changes_page
from outputs.pages.layout import Layout

CHANGED = "caylus.ruling.unlimited-cubes"
UNCHANGED = "caylus.ruling.unlimited-houses"
WHEN = "2031-05-06T07:08:09Z"
ATOM = "{http://www.w3.org/2005/Atom}"


def commit_at(root: Path, when: str, message: str) -> None:
    env = {**os.environ, "GIT_AUTHOR_NAME": "test", "GIT_AUTHOR_EMAIL": "test@localhost", "GIT_COMMITTER_NAME": "test",
           "GIT_COMMITTER_EMAIL": "test@localhost", "GIT_AUTHOR_DATE": when, "GIT_COMMITTER_DATE": when}
    subprocess.run(["git", "commit", "-q", "-a", "-m", message], cwd=root, env=env, check=True, capture_output=True)


def change_answer(project: Project, entry_id: str, added: str) -> None:
    """Append words to the answer of one ruling (a line inside it, not its `- id:` line)."""
    path = project.data / "rulings.yaml"
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    start = next(i for i, line in enumerate(lines) if line.strip() == f"- id: {entry_id}")
    answer = next(i for i in range(start, len(lines)) if lines[i].lstrip().startswith("answer:"))
    sentence = next(i for i in range(answer, len(lines)) if "text:" in lines[i])
    if lines[sentence].rstrip().endswith((">-", ">")):  # a folded sentence: the words go on its first line
        sentence += 1
    text = lines[sentence].rstrip("\n")
    assert text.endswith(('"', ".")), text  # the words go inside the sentence
    lines[sentence] = (text[:-1] + added + '"' if text.endswith('"') else text + added) + "\n"
    path.write_text("".join(lines), encoding="utf-8")


def history_of(project: Project) -> History:
    catalog = REGISTRY.load(project.data, display_root=project.root)
    return entry_history(catalog, project.root, time.time())


def test_a_commit_dates_the_entry_it_changes_and_no_other(project: Project) -> None:
    before = history_of(project)
    assert before.method == "git"
    change_answer(project, CHANGED, " Checked again.")
    commit_at(project.root, WHEN, "a ruling's answer, reworded")
    after = history_of(project)
    assert after.dates[CHANGED].updated == WHEN
    assert after.dates[CHANGED].added == before.dates[CHANGED].added  # its `- id:` line is as it was
    assert after.dates[UNCHANGED] == before.dates[UNCHANGED]
    assert sum(d.updated == WHEN for d in after.dates.values()) == 1
    # the What changed page lists it, under that day, as changed (not added)
    catalog = REGISTRY.load(project.data, display_root=project.root)
    page = changes_page(catalog, after, Layout(catalog, REGISTRY).page_of, ["caylus"])
    day = page.split("## 6 May 2031", 1)[1].split("\n## ", 1)[0]
    assert re.search(r'\?\?\?\+ note "Changed \(1\)"\n\n    - \*rulings\*: \[[^]]+\]\(caylus/faq\.md#' + re.escape(CHANGED) + r"\)", day), day
    assert '"Added' not in day


def test_a_line_not_committed_yet_counts_as_changed_at_the_build(project: Project) -> None:
    change_answer(project, CHANGED, " Not committed.")
    built_at = datetime(2032, 1, 2, 3, 4, 5, tzinfo=timezone.utc).timestamp()
    catalog = REGISTRY.load(project.data, display_root=project.root)
    found = entry_history(catalog, project.root, built_at)
    assert found.dates[CHANGED].updated == "2032-01-02T03:04:05Z"
    assert found.dates[UNCHANGED].updated != "2032-01-02T03:04:05Z"


def test_without_git_the_files_dates_stand_for_their_entries(tmp_path: Path) -> None:
    root = tmp_path / "exported"  # an exported tarball: the files, no history
    shutil.copytree(ROOT / "data", root / "data")
    stamp = datetime(2030, 3, 4, 5, 6, 7, tzinfo=timezone.utc).timestamp()
    os.utime(root / "data" / "rulings.yaml", (stamp, stamp))
    found = history_of(Project(root))
    assert found.method == "file-dates"
    assert found.dates[CHANGED].updated == found.dates[CHANGED].added == "2030-03-04T05:06:07Z"
    catalog = REGISTRY.load(root / "data", display_root=root)
    assert set(found.dates) == set(catalog.entries)


def test_every_entry_has_its_dates_in_the_api(built: Project) -> None:
    db = sqlite3.connect(built.build / "kb.db")
    tables = [t for (t,) in db.execute("select distinct table_name from entities")] + ["entities"]
    stamp = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ")
    for table in tables:
        rows = db.execute(f"select id, added, updated from {table}").fetchall()
        assert rows, table
        wrong = [r for r in rows if not (r[1] and r[2] and stamp.fullmatch(r[1]) and stamp.fullmatch(r[2]) and r[1] <= r[2])]
        assert not wrong, (table, wrong[:3])
    assert db.execute("select value from meta where key = 'dates_from'").fetchone() == ("git",)


async def test_since_keeps_the_rulings_changed_from_that_day(built: Project) -> None:
    datasette = datasette_app(built)
    every = (await datasette.client.get("/kb/rulings.json?_shape=array&_col=updated&_size=max")).json()
    days = sorted({row["updated"][:10] for row in every})
    newest = days[-1]
    response = await datasette.client.get(f"/kb/rulings.json?since={newest}&_shape=array&_col=updated&_size=max")
    assert response.status_code == 200, response.text
    kept = response.json()
    assert kept and len(kept) == sum(row["updated"][:10] >= newest for row in every)
    if len(days) > 1:
        assert len(kept) < len(every)
    for bad in ("last-week", "2026-02-30", "2026-11-01T00:00:00Z", ""):
        refused = await datasette.client.get(f"/kb/rulings.json?since={bad}")
        assert refused.status_code == 400, (bad, refused.text)
        assert "since" in refused.json()["error"] and "YYYY-MM-DD" in refused.json()["error"], refused.json()


def test_the_rulings_feeds_are_atom(built: Project) -> None:
    feeds = sorted((built.site / "feeds").glob("*.xml"))
    assert [f.name for f in feeds] == sorted(["rulings.xml", *(f"{g}-rulings.xml" for g in ("caylus", "duel", "maharaja", "viscounts"))])
    db = sqlite3.connect(built.build / "kb.db")
    rulings = dict(db.execute("select id, updated from rulings").fetchall())
    seen: set[str] = set()
    for path in feeds:
        feed = ET.parse(path).getroot()
        assert feed.tag == f"{ATOM}feed"
        for required in ("id", "title", "updated"):
            assert (feed.findtext(f"{ATOM}{required}") or "").strip(), (path.name, required)
        entries = feed.findall(f"{ATOM}entry")
        ids = [e.findtext(f"{ATOM}id") for e in entries]
        assert len(ids) == len(set(ids)), path.name
        for entry in entries:
            for required in ("id", "title", "updated", "summary"):
                assert (entry.findtext(f"{ATOM}{required}") or "").strip(), (path.name, required)
            link = entry.find(f"{ATOM}link")
            assert link is not None and link.get("href", "").endswith("#" + link.get("href", "").split("#")[-1])
            ruling = link.get("href", "").split("#")[-1]
            assert entry.findtext(f"{ATOM}updated") == rulings[ruling]
            datetime.fromisoformat(entry.findtext(f"{ATOM}updated", "").replace("Z", "+00:00"))
            seen.add(ruling)
        if entries:  # the feed's time is its newest entry's
            assert feed.findtext(f"{ATOM}updated") == max(e.findtext(f"{ATOM}updated", "") for e in entries)
        if path.name == "rulings.xml":
            assert len(entries) == len(rulings)
    assert seen == set(rulings)
    for name in ("faq", "our-rulings"):
        rulings_page = BeautifulSoup((built.site / "caylus" / name / "index.html").read_text(encoding="utf-8"), "html.parser")
        heads = [link["href"] for link in rulings_page.head.find_all("link", rel="alternate", type="application/atom+xml")]
        assert heads == ["../../feeds/caylus-rulings.xml", "../../feeds/rulings.xml"]
        assert rulings_page.find("a", href="../../feeds/caylus-rulings.xml")  # and the page says so


def test_rules_and_rulings_say_when_they_last_changed(built: Project) -> None:
    db = sqlite3.connect(built.build / "kb.db")
    pages = [BeautifulSoup((built.site / "caylus" / name / "index.html").read_text(encoding="utf-8"), "html.parser")
             for name in ("faq", "our-rulings")]
    for ruling, updated in db.execute("select id, updated from rulings where game = 'caylus'"):
        heading = next(found for page in pages if (found := page.find(id=ruling)))
        changed = heading.find_next(class_="kb-changed")
        assert changed is not None and changed.get_text() == f"Last changed {int(updated[8:10])} " \
            f"{datetime.fromisoformat(updated[:10]).strftime('%B')} {updated[:4]}", (ruling, changed)
    rule_pages = list((built.site / "maharaja").glob("*/index.html"))
    assert any("Last changed " in p.read_text(encoding="utf-8") for p in rule_pages)


def test_the_what_changed_page_is_in_the_navigation_and_links_its_entries(built: Project) -> None:
    page = BeautifulSoup((built.site / "what-changed" / "index.html").read_text(encoding="utf-8"), "html.parser")
    assert page.find("h1").get_text().strip().rstrip("¶") == "What changed"
    home = BeautifulSoup((built.site / "index.html").read_text(encoding="utf-8"), "html.parser")
    assert home.find("a", href="what-changed/")
    db = sqlite3.connect(built.build / "kb.db")
    newest = db.execute("select max(updated) from entities").fetchone()[0]
    newest_ids = {i for (i,) in db.execute("select id from entities where substr(updated, 1, 10) = ?", [newest[:10]])}
    linked = {a["href"].split("#", 1)[1] for a in page.select("article a[href*='#']") if "#" in a["href"]}
    games = {i for i in newest_ids if "." not in i}  # a game links to its index page, which has no anchor of its id
    assert newest_ids - games <= linked


def test_the_site_server_gives_a_feed_as_atom() -> None:
    handler = SiteHandler.__new__(SiteHandler)  # guess_type reads no request
    assert handler.guess_type("/site/feeds/caylus-rulings.xml") == "application/atom+xml"
    assert handler.guess_type("/site/caylus/faq/index.html") == "text/html"
