"""kb serve: the site and Datasette answer on their ports, and stop together."""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from kb.project import Project
from kb.serve import needs_build


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def get(url: str, timeout: float = 30.0) -> tuple[int, bytes]:
    deadline = time.monotonic() + timeout
    while True:
        try:
            with urllib.request.urlopen(url, timeout=5) as response:
                return response.status, response.read()
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.3)


def test_serve_answers_on_both_ports(built, tmp_path: Path) -> None:
    # a copy: serving on other ports rebuilds it, and the session's build must stay as it is
    served = tmp_path / "served"
    shutil.copytree(built.root, served, symlinks=True)  # build and site stay links into the copy's .builds/
    site_port, datasette_port = free_port(), free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "kb.cli", "serve", "--root", str(served),
         "--port", str(site_port), "--datasette-port", str(datasette_port)],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
    )
    try:
        # (a build first: the fixture's build links to 8000 and 8001, not to these ports)
        status, body = get(f"http://127.0.0.1:{site_port}/caylus/buildings/", timeout=240)
        assert status == 200 and b'id="caylus.building.church"' in body
        status, body = get(f"http://127.0.0.1:{datasette_port}/kb/search.json?q=intezo&_shape=array")
        assert status == 200 and b"caylus.term.provost" in body
        # Immutable and read-only: writes are refused.
        request = urllib.request.Request(f"http://127.0.0.1:{datasette_port}/kb/buildings/-/insert", data=b"{}", method="POST")
        try:
            urllib.request.urlopen(request, timeout=5)
            raise AssertionError("a write endpoint answered")
        except urllib.error.HTTPError as refused:
            assert refused.code in (403, 404, 405)
        readme_curl(datasette_port)
        api_page_curls(Project(served), datasette_port)  # the page of the build being served
        # the links follow the ports served: kb serve rebuilt the build made for 8000/8001
        status, body = get(f"http://127.0.0.1:{site_port}/caylus/buildings/")
        assert f"http://127.0.0.1:{datasette_port}/kb/".encode() in body and b"127.0.0.1:8001" not in body
        status, body = get(f"http://127.0.0.1:{datasette_port}/kb")
        assert f"http://127.0.0.1:{site_port}/".encode() in body and b"127.0.0.1:8000" not in body
        the_api_answers_from_a_new_build_once_it_is_in_place(Project(served), site_port, datasette_port)
    finally:
        process.terminate()  # SIGTERM, as a service manager stops it
        process.wait(timeout=20)
    assert not listening(site_port) and not listening(datasette_port), "a server outlived kb serve"


def built_at(port: int) -> str:
    status, body = get(f"http://127.0.0.1:{port}/kb/meta/built_at.json?_shape=array")
    return str(json.loads(body)[0]["value"])


def the_api_answers_from_a_new_build_once_it_is_in_place(project: Project, site_port: int, datasette_port: int) -> None:
    """A build made while kb serve runs: the API answers from it once it is switched in (Datasette
    restarts on it), and never from the replaced build again; no request fails meanwhile."""
    import sqlite3
    import threading

    from kb.build import build

    old = built_at(datasette_port)
    answers: list[str] = []
    stop = threading.Event()

    def ask() -> None:
        while not stop.is_set():
            answers.append(built_at(datasette_port))  # get() raises on a refused or failed request
            time.sleep(0.2)

    asker = threading.Thread(target=ask, daemon=True)
    asker.start()
    time.sleep(1.1)  # built_at has whole seconds
    build(project, datasette_url=f"http://127.0.0.1:{datasette_port}", site_url=f"http://127.0.0.1:{site_port}")
    with sqlite3.connect(f"file:{project.build / 'kb.db'}?mode=ro", uri=True) as db:
        new = db.execute("SELECT value FROM meta WHERE key = 'built_at'").fetchone()[0]
    assert new != old
    deadline = time.monotonic() + 60
    while new not in answers and asker.is_alive() and time.monotonic() < deadline:
        time.sleep(0.1)
    time.sleep(1.0)
    stop.set()
    asker.join(timeout=30)
    assert new in answers, answers[-5:]
    first_new = answers.index(new)
    assert set(answers[:first_new]) == {old} and set(answers[first_new:]) == {new}  # no old answer after a new one
    assert built_at(datasette_port) == new


def listening(port: int) -> bool:
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) != 0:
                return False
        time.sleep(0.2)
    return True


def readme_curl(port: int) -> None:
    """The README's API examples, every curl command run as printed (only the port is this test's): a
    search, a game no game has, a row by its dotted id, the rulings changed since a day, the rulings
    about an entry, and the explorer."""
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    commands = [line for line in readme.splitlines() if line.startswith("curl ")]
    checked = set()
    for command in commands:
        result = subprocess.run(command.replace(":8001/", f":{port}/"), shell=True, capture_output=True, text=True, timeout=30)
        assert result.returncode == 0, (command, result.stderr)
        answer = json.loads(result.stdout)
        if "/-/explore.json" in command:  # the explorer: a scenario's end, a move it refuses, a new game
            if "moves=" in command:
                assert answer["ok"] is False and answer["status"] == 400 and answer["rule"] == "caylus.phase2.where", answer
                assert answer["title"] and answer["legal"], answer
                checked.add("explore refused")
            else:
                assert answer["ok"] is True and answer["legal"] and answer["position"]["tables"], answer
                checked.add("explore new" if ":new" in command else "explore")
        elif isinstance(answer, dict):  # the error of a game no game has
            assert answer["ok"] is False and answer["status"] == 400 and "game=chess" in command, (command, answer)
            assert all(game in answer["error"] for game in ("caylus", "duel", "maharaja", "viscounts")), answer
            checked.add("unknown game")
        elif "search.json" in command:
            rows = answer
            assert rows[0]["entity_id"] in {"caylus.building.quarry-neutral", "caylus.building.quarry-wood"}, rows[:2]
            assert all(row["game"] == "caylus" for row in rows)
            # the word is one of the quarry's Hungarian names: it finds the entry, and the snippet shows the
            # entry's own text, never the list of forms
            assert rows[0]["snippet"] and "kőfejtő" not in rows[0]["snippet"] and "<" not in rows[0]["snippet"]
            assert all(row["url"].endswith("#" + row["entity_id"]) and row["row_url"].startswith("/kb/") for row in rows)
            assert all(isinstance(row["marks"], list) for row in rows)
            checked.add("search")
        elif "since=" in command:  # the rulings changed on or after a day, each with when it changed
            assert answer and all(set(row) == {"id", "question", "updated"} and row["updated"] >= "2026-11-01" for row in answer)
            checked.add("since")
        elif "rulings_about" in command:  # the rulings about an entry, each with its place on the site
            assert answer and all(row["game"] == "maharaja" and row["url"].startswith("http") and
                                  isinstance(row["answer"], list) for row in answer), answer
            checked.add("rulings about")
        else:
            assert [row["id"] for row in answer] == ["caylus.building.lawyer"] and isinstance(answer[0]["sources"], list)
            checked.add("dotted row")
    assert checked == {"search", "unknown game", "dotted row", "since", "rulings about", "explore", "explore refused",
                       "explore new"} and len(commands) == 8, commands


def api_page_curls(built, port: int) -> None:
    """Every curl command of the API page, run as printed against the server (only the port is this
    test's): it answers what the page shows."""
    from outputs.pages.apipage import shown

    page = (built.build / "docs" / "api.md").read_text(encoding="utf-8").replace("127.0.0.1:8001", f"127.0.0.1:{port}")
    examples = re.findall(r"```sh\n(curl [^\n]+)\n```\n\nResponse[^\n]*:\n\n```json\n(.*?)\n```", page, re.S)
    assert len(examples) >= 15
    for command, on_page in examples:
        result = subprocess.run(command, shell=True, capture_output=True, text=True, timeout=30)
        assert result.returncode == 0, (command, result.stderr)
        assert shown(json.loads(result.stdout))[0] == json.loads(on_page), command


def test_needs_build_notices_changed_catalogs(built) -> None:
    assert not needs_build(built)
    catalog = built.data / "games.yaml"
    later = (built.build / "kb.db").stat().st_mtime + 5
    original = catalog.stat().st_mtime
    os.utime(catalog, (later, later))
    try:
        assert needs_build(built)
    finally:
        os.utime(catalog, (original, original))
