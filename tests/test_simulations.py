"""Simulated games: seeded random games of every engine, counted, cached on the files they depend
on, drawn as self-contained SVG on a page per game, and served as a Datasette table."""

from __future__ import annotations

import json
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from datasette.app import Datasette

from conftest import ROOT
from fresh_process import run_fresh
from engine.registry import GAMES
from games import REGISTRY
from kb.build import build
from outputs.simulations import page as simulated
from outputs.simulations import run, store
from outputs.simulations.store import SimulationError, current_results, inputs_of, key_of, read_results, stale_reason

# Cheap engines for the tests that play: the Duel has one player count and short games.
CHEAP = "duel"


@pytest.fixture(scope="module")
def small_results(catalog) -> store.Results:
    return store.compute(GAMES[CHEAP], CHEAP, catalog, games=4)


def _change_a_card(project) -> None:  # type: ignore[no-untyped-def]
    """Edit an entry of a kind the Duel engine reads (its cards): its results are stale after it."""
    cards = project.data / "duel-cards.yaml"
    text = cards.read_text(encoding="utf-8")
    assert "Takes the power marker, or keeps it." in text
    cards.write_text(text.replace("Takes the power marker, or keeps it.", "Takes the power marker or keeps it.", 1),
                     encoding="utf-8")


def test_the_same_seeds_give_the_same_statistics_in_one_process_or_several() -> None:
    assert run_fresh(f"""
        from pathlib import Path
        from engine.registry import GAMES
        from games import REGISTRY
        from outputs.simulations import run
        CHEAP = {CHEAP!r}
        catalog = REGISTRY.load(Path("data"), display_root=Path("."))
        run.CHUNK = 2  # several tasks, so that two processes share them
        alone = run.simulate(GAMES[CHEAP], 2, 6, catalog, jobs=1).to_dict()
        again = run.simulate(GAMES[CHEAP], 2, 6, catalog, jobs=1).to_dict()
        spread = run.simulate(GAMES[CHEAP], 2, 6, catalog, jobs=2).to_dict()
        assert alone == again == spread
        other = run.simulate(GAMES[CHEAP], 2, 6, catalog, seed=100, jobs=1).to_dict()
        assert other["steps"] != alone["steps"]  # other seeds, other games
        print("same statistics")
    """).split() == ["same", "statistics"]


def test_the_counts_add_up(small_results) -> None:
    tally = small_results.counts[2]
    assert tally["games"] == tally["ended"] == 4 and tally["violation_count"] == 0
    assert sum(tally["steps"].values()) == 4
    assert sum(tally["scores"].values()) == 4 * 2  # a final score per player per game
    assert sum(tally["sole_wins"].values()) + sum(tally["shared_wins"].values()) / 2 == 4
    steps = sum(int(n) * games for n, games in tally["steps"].items())
    assert sum(tally["rules"].values()) == steps  # every step answered a decision asked under a rule
    assert sum(tally["verbs"].values()) < steps  # chance's steps are not players' actions
    assert all(games <= 4 for games in tally["verb_games"].values())


def test_every_chart_is_well_formed_svg_with_nothing_external(small_results, catalog) -> None:
    charts = simulated.charts(small_results, catalog)
    assert {"2p-wins.svg", "2p-steps.svg", "2p-actions.svg", "2p-rules.svg", "2p-scores.svg"} <= set(charts)
    for name, (title, svg) in charts.items():
        root = ET.fromstring(svg)  # raises on malformed XML
        assert root.tag == "{http://www.w3.org/2000/svg}svg", name
        assert root.find("{http://www.w3.org/2000/svg}title").text == title
        texts = " ".join(t.text or "" for t in root.iter("{http://www.w3.org/2000/svg}text"))
        assert "random play, not strategic play" in texts, name
        for element in root.iter():
            assert element.tag.rsplit("}", 1)[-1] not in ("script", "image", "use", "foreignObject", "style"), name
            for attribute, value in element.attrib.items():
                assert "href" not in attribute and "url(" not in value, (name, attribute, value)
        assert svg.count("http") == 1  # the xmlns, nothing fetched


def test_the_page_says_what_random_play_is_and_shows_every_chart(small_results, catalog, tmp_path) -> None:
    text = simulated.write(small_results, catalog, tmp_path, "http://127.0.0.1:8001")
    assert "Random play is not strategic play" in text and "4 games at each player count" in text
    for name in (tmp_path / simulated.CHARTS).iterdir():
        assert f"({simulated.CHARTS}/{name.name})" in text


# --- the cache key ----------------------------------------------------------------------------

def _toy_engine(folder: Path, name: str) -> type:
    """An engine package of its own (folder/<name>/toy/game.py beside a shared playout.py), importable,
    reading the Duel's cards."""
    package = folder / name
    (package / "toy").mkdir(parents=True)
    for shared in ("__init__.py", "playout.py", "core.py", "registry.py"):
        (package / shared).write_text(f"# {shared}\n", encoding="utf-8")
    (package / "toy" / "__init__.py").write_text("", encoding="utf-8")
    (package / "toy" / "game.py").write_text('class Toy:\n    READS = frozenset({"cards"})\n', encoding="utf-8")
    sys.path.insert(0, str(folder))
    try:
        module = __import__(f"{name}.toy.game", fromlist=["Toy"])
    finally:
        sys.path.remove(str(folder))
    return module.Toy


def test_the_key_changes_with_an_engine_file_or_an_entry_it_reads_and_not_otherwise(project, tmp_path) -> None:
    toy = _toy_engine(tmp_path, "toyengine")
    package = tmp_path / "toyengine"

    def key() -> str:
        return key_of(inputs_of(toy, REGISTRY.load(project.data), CHEAP))

    first = key()
    assert key() == first
    names = inputs_of(toy, REGISTRY.load(project.data), CHEAP)
    assert "entries/cards" in names and not any(n.startswith("data/") for n in names)
    assert "entries/buildings" not in names  # a kind the engine does not read
    (project.data / "buildings.yaml").write_text((project.data / "buildings.yaml").read_text() + "\n# x\n")
    cards = project.data / "duel-cards.yaml"
    cards.write_text(cards.read_text() + "\n# a comment\n")  # the same entries
    (package / "registry.py").write_text("# another engine registered\n")
    (package / "toy" / "game.py").touch()  # a newer file with the same contents
    assert key() == first
    _change_a_card(project)
    changed_catalog = key()
    assert changed_catalog != first
    (package / "toy" / "game.py").write_text('class Toy:\n    READS = frozenset({"cards"})\n    speed = 2\n')
    changed_engine = key()
    assert changed_engine not in (first, changed_catalog)
    (package / "core.py").write_text("# shared code changed\n")
    assert key() not in (first, changed_catalog, changed_engine)


def test_the_real_engines_key_names_their_package_and_the_shared_engine(catalog) -> None:
    for game, factory in GAMES.items():
        names = inputs_of(factory, catalog, game)
        assert "engine/core.py" in names and "engine/playout.py" in names and "outputs/simulations/run.py" in names
        assert "engine/registry.py" not in names
        own = {n.split("/")[1] for n in names if n.count("/") == 2 and n.startswith("engine/")}
        assert len(own) == 1, (game, own)  # its own package, no other engine's


# --- reuse and rerun --------------------------------------------------------------------------

def test_results_are_reused_while_current_and_rerun_when_stale(project, catalog, monkeypatch) -> None:
    calls: list[str] = []
    real = store.compute

    def counted(factory, game, *args, **kwargs):  # type: ignore[no-untyped-def]
        calls.append(game)
        return real(factory, game, *args, **kwargs)

    monkeypatch.setattr(store, "compute", counted)
    folder = project.root / "fresh"
    engines = {CHEAP: GAMES[CHEAP], "maharaja": GAMES["maharaja"]}
    first = current_results(engines, catalog, folder, games=2)
    assert sorted(calls) == sorted(engines)
    stamps = {p.name: p.stat().st_mtime_ns for p in folder.iterdir()}
    again = current_results(engines, catalog, folder, games=2)
    assert sorted(calls) == sorted(engines), "nothing changed, yet a game was rerun"
    assert {p.name: p.stat().st_mtime_ns for p in folder.iterdir()} == stamps
    assert again == first
    _change_a_card(project)
    current_results(engines, REGISTRY.load(project.data), folder, games=3)
    assert sorted(calls) == sorted([*engines, CHEAP]), "only the game whose catalog changed is rerun"
    rerun = read_results(folder / f"{CHEAP}.json")
    assert rerun is not None and rerun.games == 3 and rerun.key != first[CHEAP].key


def test_a_rebuild_with_nothing_changed_plays_no_game(project, monkeypatch) -> None:
    catalog = REGISTRY.load(project.data)
    current_results(GAMES, catalog, project.simulations, games=2, rerun=True, fewer="replace")  # 2 games, current
    stamps = {p.name: p.stat().st_mtime_ns for p in project.simulations.iterdir()}

    def refuse(*args, **kwargs):  # type: ignore[no-untyped-def]
        raise AssertionError("a build with current results ran simulated games")

    monkeypatch.setattr(store, "compute", refuse)
    build(project)
    assert {p.name: p.stat().st_mtime_ns for p in project.simulations.iterdir()} == stamps
    for game in GAMES:
        page = project.site / game / simulated.PAGE / "index.html"
        assert page.is_file(), f"no Simulated games page for {game}"
        html = page.read_text(encoding="utf-8")
        assert "Random play is not strategic play" in html and "2 games at each player count" in html
        charts = list((project.site / game / simulated.CHARTS).glob("*.svg"))
        assert charts and all(f"{simulated.CHARTS}/{c.name}" in html for c in charts)


def test_kb_simulate_refuses_to_replace_results_with_fewer_games_unless_forced(project) -> None:
    from click.testing import CliRunner

    from kb.cli import main

    committed = project.simulations / f"{CHEAP}.json"
    before = committed.read_bytes()
    held = json.loads(before)["games"]
    out = CliRunner().invoke(main, ["simulate", CHEAP, "--games", "3", "--jobs", "1", "--root", str(project.root)])
    assert out.exit_code == 1 and "refusing to replace them with fewer" in out.output, out.output
    assert f"{held:,} games" in out.output and "--force" in out.output
    assert committed.read_bytes() == before, "a refused run changed the committed results"
    out = CliRunner().invoke(main, ["simulate", CHEAP, "--games", "3", "--jobs", "1", "--force", "--root", str(project.root)])
    assert out.exit_code == 0, out.output
    assert f"replacing {CHEAP}.json ({held:,} games per player count) with 3" in out.output
    assert json.loads(committed.read_text(encoding="utf-8"))["games"] == 3


def test_a_build_never_replaces_committed_results_with_fewer_games(project, catalog) -> None:
    from kb.build import simulation_results

    committed = project.simulations / f"{CHEAP}.json"
    before = committed.read_bytes()
    _change_a_card(project)  # the results are stale
    said: list[str] = []
    found = simulation_results(project, REGISTRY.load(project.data), {CHEAP: GAMES[CHEAP]}, 2, 1, said.append)
    assert found[CHEAP].games == 2, "the build shows the run it made, not the stale file"
    assert committed.read_bytes() == before, "a build replaced committed results with fewer games"
    assert any("keeps its" in line for line in said), said


def test_the_committed_results_are_current() -> None:
    """A clean clone (CI) shows the committed results without playing 10,000s of games: they must
    have been computed from the engine and catalog as they are."""
    catalog = REGISTRY.load(ROOT / "data")
    stale = {}
    for game, factory in sorted(GAMES.items()):
        reason = stale_reason(read_results(ROOT / "simulations" / f"{game}.json"), factory, catalog, game)
        if reason is not None:
            stale[game] = reason
    assert not stale, (f"simulations/ is missing or out of date ({stale}): run "
                       f"`.venv/bin/kb simulate {' '.join(stale)}` and commit simulations/")


# --- the site and the API of a real build -----------------------------------------------------

def test_every_engine_game_has_a_page_in_its_section(built) -> None:
    for game in GAMES:
        html = (built.site / game / simulated.PAGE / "index.html").read_text(encoding="utf-8")
        assert "<h1" in html and "Simulated games" in html
        section = (built.site / game / "index.html").read_text(encoding="utf-8")
        assert f'href="{simulated.PAGE}/"' in section  # in the game's navigation


async def test_the_datasette_tables_answer(built) -> None:
    metadata = json.loads((built.build / "metadata.json").read_text(encoding="utf-8"))
    datasette = Datasette([str(built.build / "kb.db")], immutables=[], metadata=metadata)
    for game, factory in GAMES.items():
        runs = (await datasette.client.get(f"/kb/simulation_runs.json?game={game}&_shape=array")).json()
        counts = sorted(r["players"] for r in runs)
        assert counts == list(factory().player_counts), game
        wins = (await datasette.client.get(f"/kb/simulated_wins.json?game={game}&_shape=array")).json()
        for players in counts:
            seats = [w for w in wins if w["players"] == players]
            ai = 1 if game == "viscounts" and players == 1 else 0  # the Monk plays the solo game's other seat
            assert [w["seat"] for w in seats] == [f"seat {n}" for n in range(1, players + 1 + ai)]
            assert sum(w["wins"] for w in seats) >= seats[0]["games"]  # every game has a winner
    rules = (await datasette.client.get(
        f"/kb/simulation_stats.json?game={CHEAP}&statistic=rule&_shape=array&_sort_desc=count")).json()
    assert rules and rules[0]["label"] and rules[0]["games_with"] <= rules[0]["games"]


# --- bad input ---------------------------------------------------------------------------------

def test_an_unreadable_results_file_is_named(tmp_path) -> None:
    bad = tmp_path / "caylus.json"
    bad.write_text('{"game": "caylus"}')
    with pytest.raises(SimulationError, match=r"caylus\.json: not a simulation results file"):
        read_results(bad)


def test_kb_simulate_refuses_an_unknown_game_and_a_bad_count(project) -> None:
    kb = str(Path(sys.executable).parent / "kb")
    done = subprocess.run([kb, "simulate", "--root", str(project.root), "nosuchgame"], capture_output=True, text=True)
    assert done.returncode == 1 and "no engine for nosuchgame" in done.stderr and "Traceback" not in done.stderr
    done = subprocess.run([kb, "simulate", "--root", str(project.root), CHEAP], capture_output=True, text=True,
                          env={"PATH": "/usr/bin:/bin", "KB_SIMULATION_GAMES": "many"})
    assert done.returncode == 1 and "KB_SIMULATION_GAMES='many'" in done.stderr and "Traceback" not in done.stderr


def test_kb_simulate_writes_the_results_a_build_reuses(project) -> None:
    kb = str(Path(sys.executable).parent / "kb")
    done = subprocess.run([kb, "simulate", "--root", str(project.root), CHEAP, "--games", "3", "--jobs", "1",
                           "--force"],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert f"{CHEAP}: 3 games at each of 2 players" in done.stdout
    results = read_results(project.simulations / f"{CHEAP}.json")
    assert results is not None and results.games == 3 and results.counts[2]["ended"] == 3


def test_an_engine_may_count_more_with_game_stats(catalog) -> None:
    class Counting(GAMES[CHEAP]):  # type: ignore[misc, valid-type]
        def game_stats(self, state):  # type: ignore[no-untyped-def]
            return {"years played": state.year - 1, "never": 0}

    tally = run.simulate(Counting, 2, 3, catalog).to_dict()
    assert tally["events"] == {"years played": 3 * 4}  # a Duel lasts four years; a zero is not counted
    assert tally["event_games"] == {"years played": 3}
    results = store.Results(CHEAP, "key", 3, 1, {2: tally}, {})
    assert "2p-events.svg" in simulated.charts(results, catalog)
