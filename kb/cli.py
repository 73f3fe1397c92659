"""The ``kb`` command: thin wrappers over library functions."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any, NoReturn

import click

from catalog import CatalogError, Problem
from games import REGISTRY
from kb.cli_parts import Terminated, disk_error, engine_options, quiet_workers
from kb.project import Project


def _project(root: str | None) -> Project:
    try:
        return Project(Path(root).resolve()) if root else Project.find()
    except FileNotFoundError as exc:
        raise click.ClickException(str(exc)) from exc


def _tidy(project: Project | None = None) -> None:
    """What every command does first: remove what a killed build left (kb/staging.py), unless a build
    is running now. A command run outside a project (kb check on a file elsewhere) has nothing to tidy."""
    from kb.staging import tidy

    if project is None:
        try:
            project = Project.find()
        except FileNotFoundError:
            return
    try:
        done = tidy(project)
    except OSError as exc:
        raise click.ClickException(disk_error(exc)) from exc
    for line in done:
        click.echo(line, err=True)


def _refuse(problems: list[Problem], after: str = "") -> NoReturn:
    """Print every problem as file:line:col: path: message, then their count; exit 1."""
    for problem in problems:
        click.echo(str(problem), err=True)
    click.echo(f"{len(problems)} problem(s) found{after}", err=True)
    sys.exit(1)


root_option = click.option("--root", type=click.Path(file_okay=False), help="Project folder (default: found from here)")


class _Commands(click.Group):
    """Every command reads the catalogs (an engine loads them on first use): a broken catalog is
    reported as kb validate reports it, whichever command met it first, never as a traceback."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except CatalogError as exc:
            _refuse(exc.problems, " in the catalogs (kb validate lists them too)")


@click.group(cls=_Commands)
def main() -> None:
    """Rulebook KB: validate the catalogs, build the database and the site, serve them."""


@main.command()
@root_option
@click.option("--data", "data_dir", type=click.Path(file_okay=False), help="Catalog folder (default: <root>/data)")
def validate(root: str | None, data_dir: str | None) -> None:
    """Check every catalog and the form of every scenario file; print every problem as
    file:line:col: path: message."""
    from engine.scenario import ScenarioError, load_all, scenario_files

    project = _project(root)
    _tidy(project)
    folder = Path(data_dir).resolve() if data_dir else project.data
    problems: list[Problem] = []
    try:
        catalog = REGISTRY.load(folder, display_root=project.root if folder.is_relative_to(project.root) else None,
                                cache=project.cache)
    except CatalogError as exc:
        problems += exc.problems
    scenarios = project.root / "scenarios"
    try:  # their form only: running them is kb check
        found = load_all(scenario_files(scenarios), root=scenarios) if scenarios.is_dir() else []
    except ScenarioError as exc:
        problems += exc.problems
    if problems:
        _refuse(problems)
    click.echo(f"ok: {len(catalog.entries)} entries in {folder}, {len(found)} scenarios in {scenarios}")
    for module in REGISTRY.modules:
        if module.census:
            click.echo(f"  {module.game}: {module.census(catalog)}")


@main.command("schemas")
@root_option
def schemas(root: str | None) -> None:
    """Export JSON Schema files (schemas/) that editors use to complete and check the YAML."""
    from catalog.jsonschema import export_schemas

    project = _project(root)
    _tidy(project)
    try:
        paths = export_schemas(REGISTRY.schema, project.data, project.schemas)
    except OSError as exc:
        raise click.ClickException(disk_error(exc)) from exc
    click.echo(f"wrote {len(paths)} schema files to {project.schemas}")


@main.command("build")
@root_option
@click.option("--datasette-url", default="http://127.0.0.1:8001", show_default=True, help="Where the site links to Datasette")
@click.option("--site-url", default="http://127.0.0.1:8000", show_default=True, help="Where Datasette links to the site")
@click.option("--simulation-games", type=click.IntRange(min=1), envvar="KB_SIMULATION_GAMES",
              help="Games per player count when a game's simulated games must be rerun (its engine or catalog "
                   "changed) [default: $KB_SIMULATION_GAMES, else 10000]")
@click.option("--jobs", type=click.IntRange(min=1), default=None, help="Processes for such a rerun [default: the CPUs]")
def build_command(root: str | None, datasette_url: str, site_url: str, simulation_games: int | None = None,
                  jobs: int | None = None) -> None:
    """Validate, then write build/kb.db, build/metadata.json, the generated pages and site/; rerun the
    simulated games of a game whose engine or the catalog entries it reads changed (simulations/<game>.json)."""
    from engine.scenario import ScenarioError
    from kb.build import BuildError, build

    project = _project(root)
    try:
        click.echo("building (each stage is listed when done):", err=True)
        report = build(project, datasette_url=datasette_url, site_url=site_url, progress=lambda line: click.echo(line, err=True),
                       simulation_games=simulation_games, jobs=jobs or os.cpu_count() or 1)
    except (CatalogError, ScenarioError) as exc:
        _refuse(exc.problems, "; the previous build is unchanged")
    except BuildError as exc:
        click.echo(f"build failed: {exc}; the previous build is unchanged", err=True)
        sys.exit(1)
    except OSError as exc:  # a read-only checkout, a full disk
        click.echo(f"build failed: {disk_error(exc)}; the previous build is unchanged", err=True)
        sys.exit(1)
    total = sum(v for k, v in report.rows.items() if k != "search")
    click.echo(f"built {report.entries} entries ({total} rows) and {report.pages} generated pages in {report.seconds:.1f} s")


@main.command("serve")
@root_option
@click.option("--host", default="127.0.0.1", show_default=True)
@click.option("--port", "site_port", default=8000, show_default=True, type=click.IntRange(1, 65535), help="Port of the site")
@click.option("--datasette-port", default=8001, show_default=True, type=click.IntRange(1, 65535), help="Port of Datasette")
def serve_command(root: str | None, host: str, site_port: int, datasette_port: int) -> None:
    """Build if needed, then serve the site and Datasette (read-only) until interrupted."""
    from kb.serve import ServeError, check_ports, needs_build, serve

    project = _project(root)
    _tidy(project)
    try:  # before a build of a minute or so: the ports must be free
        check_ports(host, site_port, datasette_port)
    except ServeError as exc:
        raise click.ClickException(str(exc)) from exc
    datasette_url, site_url = f"http://{host}:{datasette_port}", f"http://{host}:{site_port}"
    if needs_build(project, datasette_url, site_url):
        ctx = click.get_current_context()
        ctx.invoke(build_command, root=str(project.root), datasette_url=datasette_url, site_url=site_url)
    try:
        serve(project, host=host, site_port=site_port, datasette_port=datasette_port)
    except ServeError as exc:
        raise click.ClickException(str(exc)) from exc


@main.command("simulate")
@root_option
@click.argument("games_to_run", nargs=-1, metavar="[GAME]...")
@click.option("--games", "count", type=click.IntRange(min=1), default=None,
              help="Games per player count [default: $KB_SIMULATION_GAMES, else 10000]")
@click.option("--jobs", type=click.IntRange(min=1), default=None, help="Processes [default: the CPUs]")
@click.option("--stale", is_flag=True, help="Only the games whose results are missing or out of date")
@click.option("--force", is_flag=True, help="Replace results that hold more games than this run plays")
def simulate_command(root: str | None, games_to_run: tuple[str, ...], count: int | None, jobs: int | None,
                     stale: bool, force: bool) -> None:
    """Play seeded random games of every engine game (or the GAMEs named) at each player count and write
    their statistics to simulations/<game>.json, which kb build shows (commit the files). Results
    holding more games than this run plays are kept, and the command stops, unless --force."""
    import signal
    import time

    from engine.registry import GAMES
    from outputs.simulations.store import SimulationError, current_results

    project = _project(root)
    _tidy(project)
    unknown = sorted(set(games_to_run) - set(GAMES))
    if unknown:
        raise click.ClickException(f"no engine for {', '.join(unknown)} (known: {', '.join(sorted(GAMES))})")
    try:
        catalog = REGISTRY.load(project.data, display_root=project.root)
    except CatalogError as exc:
        _refuse(exc.problems)
    chosen = {g: f for g, f in GAMES.items() if not games_to_run or g in games_to_run}
    writable = project.simulations if project.simulations.is_dir() else project.root
    if not os.access(writable, os.W_OK):  # found before minutes of play, not after
        raise click.ClickException(f"{writable}: cannot be written (a read-only checkout?); nothing was played")
    started = time.perf_counter()

    def stop(signum: int, frame: object) -> None:
        raise Terminated(signum)

    # SIGTERM stops the run through an exception, so that the worker processes are stopped (quietly:
    # outputs/simulations/run.py) and a results file is written whole or not at all
    previous = signal.signal(signal.SIGTERM, stop)
    quiet_workers()
    try:
        found = current_results(chosen, catalog, project.simulations, games=count,
                                jobs=jobs or os.cpu_count() or 1, rerun=not stale,
                                progress=lambda line: click.echo(f"  {line}", err=True),
                                fewer="replace" if force else "refuse")
    except Terminated as stopped:
        click.echo(f"kb simulate: stopped by {signal.Signals(stopped.signum).name}; every results file is whole "
                   "(written before the signal, or as it was)", err=True)
        sys.exit(128 + stopped.signum)
    except SimulationError as exc:
        raise click.ClickException(str(exc)) from exc
    except OSError as exc:  # a read-only checkout, a full disk
        for partial in project.simulations.glob("*.json.tmp"):  # the half-written copy (store.py)
            partial.unlink(missing_ok=True)
        raise click.ClickException(f"{disk_error(exc, project.simulations)}; the results file being written "
                                   "is unchanged") from exc
    finally:
        signal.signal(signal.SIGTERM, previous)
    for game, results in sorted(found.items()):
        click.echo(f"{game}: {results.games} games at each of {', '.join(map(str, sorted(results.counts)))} players "
                   f"in simulations/{game}.json")
    click.echo(f"done in {time.perf_counter() - started:.1f} s")


@main.command("check")
@click.argument("files", nargs=-1, type=click.Path(exists=True, dir_okay=False))
@click.option("--json", "as_json", is_flag=True, help="Print {total, passed, failed, by_game} as JSON")
def check_command(files: tuple[str, ...], as_json: bool) -> None:
    """Run every scenario of the project (or the given files); exit 1 on any failure."""
    import json

    from engine.scenario import ScenarioError, run_all, summary

    _tidy()
    try:
        results = run_all([Path(f) for f in files] or None)
    except ScenarioError as exc:
        _refuse(exc.problems)
    report = summary(results)
    if as_json:
        click.echo(json.dumps(report, indent=2))
    else:
        for r in results:
            click.echo(f"{'ok  ' if r.passed else 'FAIL'} {r.id}  ({r.file}:{r.line})")
            for failure in r.failures:
                click.echo(f"      {r.file}:{failure}")
        failed = report["total"] - report["passed"]
        click.echo(f"{report['passed']} passed, {failed} failed")
    if report["failed"]:
        sys.exit(1)


@main.command("explain")
@click.argument("file", type=click.Path(exists=True, dir_okay=False))
@click.option("--id", "scenario_id", help="Only the scenario with this id")
def explain_command(file: str, scenario_id: str | None) -> None:
    """Narrate a scenario step by step with the state changes of each step."""
    from engine.catalog import default_catalog
    from engine.scenario import ScenarioError, load, run
    from kb.explain import Explainer

    _tidy()
    try:
        scenarios = [s for s in load(Path(file)) if scenario_id in (None, s.id)]
    except ScenarioError as exc:
        _refuse(exc.problems)
    if not scenarios:
        raise click.ClickException(f"no scenario {scenario_id!r} in {file}")
    catalog = default_catalog()
    for scenario in scenarios:
        try:
            result = run(scenario)
        except ScenarioError as exc:  # its options or given make no position
            _refuse(exc.problems)
        words = Explainer(catalog, result.game, (result.start.get("players") or {}).keys())
        click.echo(f"== {scenario.id}: {result.title}")
        if scenario.raw.get("narrative"):
            click.echo(f"   {scenario.raw['narrative'].strip()}")
        for step in result.steps:
            if step.illegal:
                click.echo(f"-- {words.refused(step.action)}  (line {step.line}) {words.reason(step.illegal)}")
                continue
            click.echo(f"-- {words.action(step.played or step.action, step.decision)}  (line {step.line})")
            for line in step.log[1:]:
                click.echo(f"     {words.line(line)}")
            for path, (before, after) in step.changes.items():
                click.echo(f"     {words.change(path, before, after)}")
        for path, (claimed, actual) in result.verdicts.items():
            click.echo(f"   {words.verdict(path, claimed, actual)}")
        click.echo("   checked: every expectation holds" if result.passed else "   FAILED:")
        for failure in result.failures:
            click.echo(f"   {scenario.file}:{failure}")
        if not result.passed:
            sys.exit(1)


@main.command("explore")
@click.argument("scenario")
@click.option("--players", type=int, default=None, help="A new game (<game>:new) only: how many play")
@click.option("--seed", type=int, default=0, show_default=True, help="What chance draws")
@click.option("--moves", default="", help="Moves to play first, in notation, separated by ';'")
def explore_command(scenario: str, players: int | None, seed: int, moves: str) -> None:
    """Explore from a scenario's position (its id) or a new game (caylus:new ...): the legal moves, what
    they do, and the rule that forbids the rest. Interactive: a number or notation, back, quit."""
    from kb.explore import session
    from outputs.explore import ExploreError, line

    _tidy()
    try:
        start = line(scenario, moves, players, seed)
    except ExploreError as exc:
        raise click.ClickException(exc.message) from None
    sys.exit(session(start, input, click.echo))


@main.command("play")
@click.argument("game")
@click.option("--players", type=int, default=None, help="Number of players (default: the game's own default)")
@click.option("--games", "count", default=100, show_default=True, type=click.IntRange(min=1))
@click.option("--seed", default=1, show_default=True, help="Seed of the first game; game i uses seed+i")
@click.option("--json", "as_json", is_flag=True)
@click.option("--variant", "variants", multiple=True, help="A variant of the game's catalog (repeatable)")
@click.option("--option", "options", multiple=True, metavar="NAME=VALUE",
              help="An option the game's engine takes, such as the board to play on (repeatable)")
@click.option("--jobs", default=1, show_default=True, type=click.IntRange(min=1),
              help="Processes to spread the games over (the same seeds give the same games)")
def play_command(game: str, players: int | None, count: int, seed: int, as_json: bool,
                 variants: tuple[str, ...], options: tuple[str, ...], jobs: int) -> None:
    """Play seeded random games, checking every invariant; print games per second (a benchmark)."""
    import json
    import signal
    import time

    import engine
    from engine.playout import play_many, summary

    _tidy()
    try:
        chosen: dict[str, object] = {"players": players} if players is not None else {}
        chosen.update(engine_options(game, options))
        if variants:
            chosen["variants"] = variants
        instance = engine.game(game, **chosen)
    except (ValueError, KeyError, LookupError) as exc:  # a bad value of an option the engine takes
        raise click.ClickException(str(exc.args[0] if isinstance(exc, KeyError) and exc.args else exc)) from exc
    # SIGTERM ends the run as Ctrl-C does, through an exception, so that the workers are stopped
    previous = signal.signal(signal.SIGTERM, lambda signum, frame: sys.exit(128 + signum))
    try:
        started = time.perf_counter()
        games = play_many(instance, range(seed, seed + count), jobs)
        with click.progressbar(games, length=count, label=f"{game}, {len(instance.players)} players",
                               file=sys.stderr, show_pos=True, show_eta=True) as bar:
            playouts = list(bar)
        seconds = time.perf_counter() - started
    finally:
        signal.signal(signal.SIGTERM, previous)
    violations = [v for p in playouts for v in p.violations]
    report = {"games": count, "jobs": jobs, "seconds": round(seconds, 3), "games_per_second": round(count / seconds, 1),
              **summary(playouts, instance.players), "violations": violations}
    if as_json:
        click.echo(json.dumps(report))
    else:
        _print_play_report(report)
    if violations:
        sys.exit(1)


def _print_play_report(report: dict[str, Any]) -> None:
    click.echo(f"{report['games']} games in {report['seconds']:.1f} s: {report['games_per_second']} games/s, "
               f"{len(report['violations'])} violation(s)")
    if report["steps"]:
        steps = report["steps"]
        click.echo(f"game length: {steps['min']} to {steps['max']} steps, median {steps['median']:g}")
        click.echo(f"{'seat':<10}{'wins':>8}{'mean score':>12}   (seats in turn order; a shared win counts as a share)")
        for seat in report["seats"]:
            click.echo(f"{seat['seat']:<10}{seat['wins']:>8g}{seat['mean_score']:>12}")
    for v in report["violations"][:20]:
        click.echo(f"  {v}")


if __name__ == "__main__":
    main()
