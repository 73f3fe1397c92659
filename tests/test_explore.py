"""The explorer (issue 32): ``/-/explore.json`` answers every scenario's end position and one legal move
from it, a new game of every game, a refused move with the rule that forbids it (a rule of the catalog),
and every hostile input with a 400 and a plain message; its answers are what the OpenAPI document says;
``kb explore`` plays, refuses, takes back and quits under tmux, and quits at the end of input."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
import time
import uuid
from pathlib import Path
from urllib.parse import urlencode

import jsonschema
import pytest

from engine.catalog import default_catalog
from engine.registry import GAMES
from kb.serve import datasette_app
from outputs.database.gate import EXPLORE_PATH, is_expensive
from outputs.explore import ExploreError, explore, line
from outputs.explore.replay import REPLAYS, scenarios
from outputs.explore.request import MAX_MOVES, MAX_QUERY

ROOT = Path(__file__).resolve().parents[1]
SCENARIO = "caylus.scenario.disc-inn-one-newcomer"


@pytest.fixture(scope="module")
def datasette(built):
    """One Datasette for the module: each one starts its own pool of SQL threads."""
    return datasette_app(built)


@pytest.fixture(scope="module")
def document(built) -> dict:
    return json.loads((built.site / "openapi.json").read_text(encoding="utf-8"))


def explore_url(**given: object) -> str:
    return "/-/explore.json?" + urlencode({k: v for k, v in given.items() if v is not None})


def conforms(document: dict, body: dict, schema: str) -> None:
    """The answer is what the document says it is (its $refs resolved in the document)."""
    jsonschema.validate(body, {"$ref": f"#/components/schemas/{schema}", "components": document["components"]})


async def answer(datasette, url: str, status: int = 200) -> dict:
    response = await datasette.client.get(url)
    assert response.status_code == status, (url[:200], response.status_code, response.text[:400])
    assert response.headers["content-type"].startswith("application/json")
    body = response.json()
    assert body["ok"] is (status == 200), body
    if status != 200:
        assert "Traceback" not in body["error"] and body["error"].strip(), body
    return body


async def test_every_scenario_answers_at_its_end_and_after_one_legal_move(datasette, document) -> None:
    ids = sorted(scenarios())
    assert {i.split(".")[0] for i in ids} == set(GAMES) and len(ids) > 300
    for i, scenario in enumerate(ids):
        end = await answer(datasette, explore_url(scenario=scenario))
        assert end["scenario"] == scenario and end["moves"] == [] and end["position"]["sentences"] + end["position"]["tables"]
        if end["position"]["over"]:
            assert end["legal"] == [], scenario
            continue
        assert end["legal"], f"{scenario}: the game goes on, but nothing is legal"
        first = end["legal"][0]
        assert first["words"] and first["rule"] == end["position"]["rule"], first
        moved = await answer(datasette, explore_url(scenario=scenario, moves=first["notation"]))
        assert moved["moves"] == [first["notation"]] and moved["narration"], moved
        if i % 50 == 0:  # the document's schemas, on a sample (validating each answer doubles the test's time)
            conforms(document, end, "ExploreAnswer")
            conforms(document, moved, "ExploreAnswer")


def refused_steps() -> dict[str, tuple[str, str, str]]:
    """Per game, a scenario whose last step the engine must refuse by a rule of the catalog:
    (scenario, the step, the rule it names)."""
    catalog = default_catalog()
    found: dict[str, tuple[str, str, str]] = {}
    for scenario_id, scenario in sorted(scenarios().items()):
        steps = scenario.raw.get("steps") or []
        last = steps[-1] if steps else None
        if isinstance(last, dict) and last.get("illegal") in catalog.entries:
            found.setdefault(scenario.raw["game"], (scenario_id, last["do"], last["illegal"]))
    return found


async def test_a_refused_move_answers_400_with_the_rule_of_the_catalog_that_forbids_it(datasette, document) -> None:
    catalog = default_catalog()
    found = refused_steps()
    assert set(found) == set(GAMES), found
    for game, (scenario, step, rule) in found.items():
        body = await answer(datasette, explore_url(scenario=scenario, moves=step), 400)
        assert body["rule"] == rule and rule in catalog.entries, (game, body["rule"], rule)
        assert body["title"] == catalog.get(rule).names.en and body["reason"] and body["refused"], body
        assert body["legal"] and body["index"] == 0 and body["move"] == step and body["position"]["to_move"], body
        assert rule in body["error"] and step in body["error"], body["error"]
        conforms(document, body, "ExploreRefusal")
        # a move after a legal one: its place in the line is named
        first = body["legal"][0]["notation"]
        later = await answer(datasette, explore_url(scenario=scenario, moves=f"{first};no such move"), 400)
        assert later["index"] == 1 and later["moves"] == [first], later


async def test_a_new_game_of_every_game(datasette, document) -> None:
    for game in sorted(GAMES):
        players = GAMES[game]().players  # the default seats: ask for that many, written out
        new = await answer(datasette, explore_url(scenario=f"{game}:new", players=len(players), seed=7))
        conforms(document, new, "ExploreAnswer")
        assert new["game"] == game and new["players"] == len(players) and new["legal"] and not new["position"]["over"]
        assert new["position"]["to_move"] in players and new["position"]["tables"], new["position"]
        again = await answer(datasette, explore_url(scenario=f"{game}:new", players=len(players), seed=7))
        assert again == new  # stateless: the URL is the position
        first = new["legal"][0]["notation"]
        one = await answer(datasette, explore_url(scenario=f"{game}:new", players=len(players), seed=7, moves=first))
        assert one["moves"] == [first] and one["narration"] and one["legal"], one
        second = one["legal"][-1]["notation"]
        # two moves (a client's trailing ';' is no move), then back: the shorter URL answers as before
        two = await answer(datasette, explore_url(scenario=f"{game}:new", players=len(players), seed=7, moves=f"{first};{second};"))
        assert two["moves"] == [first, second] and two["narration"] != one["narration"], two
        assert await answer(datasette, explore_url(scenario=f"{game}:new", players=len(players), seed=7, moves=first)) == one


HOSTILE = [
    ({"scenario": "nope"}, "no scenario 'nope'"),
    ({"scenario": "chess:new"}, "no game 'chess'"),
    ({"scenario": SCENARIO, "players": "3"}, "only a new game"),
    ({"scenario": "caylus:new", "players": "99"}, "players"),
    ({"scenario": "caylus:new", "players": "1"}, "players"),
    ({"scenario": "caylus:new", "seed": "-1"}, "seed"),
    ({"scenario": SCENARIO, "moves": "red provost -3;" * (MAX_MOVES + 1)}, f"at most {MAX_MOVES}"),
    ({"scenario": SCENARIO, "moves": "x" * 500}, "at most"),
    ({"scenario": SCENARIO, "moves": "\x00\x01 ☃ <script>"}, "not legal here"),
    ({"scenario": SCENARIO, "moves": "red"}, "<player> <verb>"),
    ({"scenario": "x" * 9_990}, "not a scenario id"),
    ({"scenario": SCENARIO, "moves": ";" * 3_000}, None),  # 9,000 characters encoded, no move: the end, 200
    ({"scenario": SCENARIO, "moves": "a;" * (MAX_QUERY // 2)}, "characters long"),
    ({"scenario": SCENARIO, "other": "1"}, "unknown parameter 'other'"),
    ({}, "scenario: missing"),
]


@pytest.mark.parametrize("given, said", HOSTILE, ids=[f"hostile-{i}" for i in range(len(HOSTILE))])
async def test_hostile_input_is_a_400_with_a_plain_message(datasette, given: dict, said: str | None) -> None:
    url = "/-/explore.json?" + urlencode(given)
    if said is None:
        assert (await answer(datasette, url))["moves"] == []
        return
    body = await answer(datasette, url, 400)
    assert said in body["error"], body["error"]
    assert body["status"] == 400 and "Traceback" not in body["error"]


async def test_a_query_that_is_not_utf8_or_repeats_a_parameter_is_a_400(datasette) -> None:
    assert "cannot be read" in (await answer(datasette, f"/-/explore.json?scenario={SCENARIO}&moves=%ff%fe", 400))["error"]
    assert "given twice" in (await answer(datasette, f"/-/explore.json?scenario={SCENARIO}&scenario=x", 400))["error"]
    fields = "&".join(f"f{i}=1" for i in range(2000))
    assert (await answer(datasette, f"/-/explore.json?{fields}", 400))["status"] == 400


def test_the_explorer_waits_its_turn_at_the_gate_of_the_expensive_requests() -> None:
    """A client replaying long lines in a loop gets its share of the time, as one sending arbitrary SQL does."""
    assert is_expensive(None, EXPLORE_PATH) and EXPLORE_PATH == "/-/explore.json"


def test_a_replay_past_its_time_budget_is_a_503_and_a_prefix_is_replayed_once() -> None:
    moves = (explore(line("duel:new", seed=11))["legal"][0]["notation"],)
    REPLAYS.kept.clear()
    with pytest.raises(ExploreError) as caught:
        explore(line("duel:new", moves, seed=11), budget_s=-1)
    assert caught.value.status == 503 and "budget" in caught.value.message
    explore(line("duel:new", moves, seed=11))
    assert any(kept.moves == moves for kept in REPLAYS.kept)


# --- kb explore -------------------------------------------------------------------------------------

def kb_explore(*args: str) -> list[str]:
    return [sys.executable, "-m", "kb.cli", "explore", *args]


def test_kb_explore_quits_at_the_end_of_input_and_refuses_an_unknown_scenario() -> None:
    done = subprocess.run(kb_explore(SCENARIO), cwd=ROOT, input="1\nred fly\n", capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "Legal moves:" in done.stdout and "after 1 move(s)" in done.stdout and "Refused: " in done.stdout
    assert "Traceback" not in done.stdout + done.stderr
    unknown = subprocess.run(kb_explore("nope"), cwd=ROOT, stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=120)
    assert unknown.returncode == 1 and "no scenario 'nope'" in unknown.stdout + unknown.stderr


def test_kb_explore_under_tmux() -> None:
    """Pick a move by number, type an illegal one, go back, quit: as a player does at a terminal."""
    tmux = shutil.which("tmux")
    assert tmux, "tmux is needed for this test (apt-get install tmux)"
    socket = f"kb-explore-{uuid.uuid4().hex[:8]}"  # a server of its own, killed at the end

    def run(*args: str) -> str:
        return subprocess.run([tmux, "-L", socket, "-f", "/dev/null", *args], capture_output=True, text=True, timeout=30).stdout

    def screen() -> str:
        return run("capture-pane", "-p", "-J", "-S", "-", "-t", "explore")

    prompt = "move (number or notation)"

    def answered(count: int) -> str:
        """The screen once the program has asked for a move ``count`` times, and its latest heading."""
        for _ in range(600):
            shown = screen()
            if shown.count(prompt) >= count:
                return shown
            time.sleep(0.1)
        raise AssertionError(f"no prompt number {count}:\n{screen()}")

    def heading(shown: str) -> str:
        return [row for row in shown.splitlines() if row.startswith("== ")][-1]

    # the shell prints the program's exit status when it ends (a status tmux itself keeps only for a
    # normal exit, and under load it was once seen without it)
    command = " ".join(kb_explore("caylus:new", "--players", "3", "--seed", "1")) + "; echo kb-explore-exited-$?"
    run("new-session", "-d", "-s", "explore", "-x", "220", "-y", "50", "-c", str(ROOT), command)
    try:
        run("set-option", "-t", "explore", "remain-on-exit", "on")
        shown = answered(1)
        assert "A new game of Caylus for 3" in heading(shown) and "Legal moves:" in shown, shown
        run("send-keys", "-t", "explore", "1", "Enter")
        assert "after 1 move(s) of yours" in heading(answered(2))
        run("send-keys", "-t", "explore", "nobody dances", "Enter")
        assert "Refused: " in answered(3).split(prompt)[-2]
        run("send-keys", "-t", "explore", "back", "Enter")
        assert "after 0 move(s) of yours" in heading(answered(4))
        run("send-keys", "-t", "explore", "quit", "Enter")
        for _ in range(600):
            if "kb-explore-exited-" in screen():
                break
            time.sleep(0.1)
        ended = re.search(r"kb-explore-exited-(\d+)", screen())
        assert ended and ended.group(1) == "0", f"kb explore did not quit with status 0:\n{screen()[-600:]}"
        assert "Traceback" not in screen()
    finally:
        run("kill-server")


async def test_step_starts_the_line_after_a_step_of_the_scenario(datasette, document) -> None:
    """The site's step picker: step=0 is the scenario's starting position, step=K the position after its K-th step,
    and its steps' count is the most there is; a new game has no steps."""
    scenario = scenarios()[SCENARIO]
    steps = len(scenario.raw["steps"])
    end = await answer(datasette, explore_url(scenario=SCENARIO))
    assert (await answer(datasette, explore_url(scenario=SCENARIO, step=steps)))["position"] == end["position"]
    first = await answer(datasette, explore_url(scenario=SCENARIO, step=0))
    conforms(document, first, "ExploreAnswer")
    assert first["step"] == 0 and first["narration"] is None and first["position"] != end["position"], first["narration"]
    one = await answer(datasette, explore_url(scenario=SCENARIO, step=1))
    played = scenario.raw["steps"][0]
    assert one["step"] == 1 and one["position"] != first["position"] and one["narration"], one
    assert str(played if isinstance(played, str) else played["do"]).split()[0].capitalize() in one["narration"]
    moved = await answer(datasette, explore_url(scenario=SCENARIO, step=0, moves=first["legal"][0]["notation"]))
    assert moved["moves"] == [first["legal"][0]["notation"]] and moved["step"] == 0
    too_far = await answer(datasette, explore_url(scenario=SCENARIO, step=steps + 1), 400)
    assert f"has {steps} steps" in too_far["error"]
    assert "only a scenario" in (await answer(datasette, explore_url(scenario="caylus:new", step=0), 400))["error"]
