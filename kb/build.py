"""``kb build``: validate, then write the database, metadata, generated pages and the site.

Everything is written into a new build folder first and made the current build (one atomic switch
of a link, kb/staging.py) only when every step succeeded, so a failed or killed build leaves the
previous build/ and site/ as they were.
"""

from __future__ import annotations

import json
import logging
import os
import shutil
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import yaml

from catalog import Catalog
from games import REGISTRY, Registry
from kb.history import entry_history
from kb.project import Project
from kb.staging import build_lock, discard, new_staging, recover, switch
from outputs.buildinfo import BuildInfo
from outputs.database.build import build_database
from outputs.database.exports import write_downloads
from outputs.database.metadata import build_metadata
from outputs.database.openapi import openapi_document
from outputs.pages.apipage import api_page, player_aids
from outputs.offline import PACK_NAME, write_index_script, write_manifest, write_pack, write_worker
from outputs.pages.feeds import FOLDER as FEEDS, head_links, write_feeds
from outputs.pages.layout import OUR_RULINGS, Layout, LayoutError
from outputs.pages.site import write_pages
from outputs.pages.search_syntax import search_syntax_page
from outputs.search.site_index import site_index
from outputs.simulations.store import SimulationError, current_results

DEFAULT_DATASETTE_URL = "http://127.0.0.1:8001"
# build/served-at.json: the addresses the build's links point to (the site's to Datasette, Datasette's
# to the site); kb serve rebuilds when it serves elsewhere.
SERVED_AT = "served-at.json"
DEFAULT_SITE_URL = "http://127.0.0.1:8000"


class BuildError(Exception):
    """A build step failed; the previous build is untouched."""


@dataclass(frozen=True)
class BuildReport:
    entries: int
    rows: dict[str, int]
    pages: int
    seconds: float


def build_site(project: Project, docs_dir: Path, site_dir: Path, nav: list[Any]) -> None:
    """Run ``mkdocs build --strict`` on a prepared docs folder, with the navigation of the pages."""
    os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")
    from mkdocs.commands.build import build as mkdocs_build
    from mkdocs.config import load_config
    from mkdocs.exceptions import MkDocsException

    warnings = _WarningCollector()
    logging.getLogger("mkdocs").addHandler(warnings)
    try:
        config = load_config(str(project.mkdocs_yml), docs_dir=str(docs_dir), site_dir=str(site_dir), strict=True, nav=nav)
        mkdocs_build(config)
    except MkDocsException as exc:
        raise BuildError(f"mkdocs build --strict failed: {exc}{warnings.text()}") from exc
    except SystemExit as exc:  # mkdocs aborts strict builds this way on some paths
        raise BuildError(f"mkdocs build --strict failed (exit {exc.code}){warnings.text()}") from exc
    finally:
        logging.getLogger("mkdocs").removeHandler(warnings)


class _WarningCollector(logging.Handler):
    """Keeps mkdocs' warnings, so that a failed strict build says which page and link broke it."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(record.getMessage())

    def text(self) -> str:
        return "".join(f"\n  {m}" for m in self.messages)


def package_version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("rulebook-kb")
    except PackageNotFoundError:
        return "0+unknown"


def simulation_results(project: Project, catalog: Catalog, engines: Mapping[str, Any] | None, games: int | None,
                       jobs: int, progress: Callable[[str], None] | None) -> dict[str, Any]:
    """Every engine game's simulation results: reused while current, rerun (and saved) when stale."""
    from engine.registry import GAMES

    # a build never replaces committed results with fewer games: it shows its smaller run, the file stays
    return current_results(GAMES if engines is None else engines, catalog, project.simulations,
                           games=games, jobs=jobs, progress=progress, fewer="keep-file")


def run_scenarios(project: Project, engines: Mapping[str, Any] | None) -> list[Any]:
    """This build's run of every scenario, for the walkthroughs on the site. A malformed scenario
    file, or a scenario whose options or given make no position, raises ScenarioError with every
    problem: that is bad input, which refuses the build. A scenario whose steps fail is built and
    shown as failed, so that its author can read the walkthrough."""
    from engine.registry import GAMES
    from engine.scenario import ScenarioError, run_all, scenario_files

    folder = project.root / "scenarios"
    results = run_all(scenario_files(folder), engines=GAMES if engines is None else engines) if folder.is_dir() else []
    unplayable = [problem for result in results for problem in result.unplayable]
    if unplayable:
        raise ScenarioError(unplayable)
    return results


class _Stages:
    """Says when each stage of the build is done and how long it took (a build takes ~15 s, and
    nobody should wait that long in silence)."""

    def __init__(self, report: Callable[[str], None] | None):
        self.report = report
        self.last = time.perf_counter()

    def done(self, what: str) -> None:
        now = time.perf_counter()
        if self.report:
            self.report(f"  {what:<48} {now - self.last:5.1f} s")
        self.last = now


def build(project: Project, datasette_url: str = DEFAULT_DATASETTE_URL, site_url: str = DEFAULT_SITE_URL,
          registry: Registry = REGISTRY, engines: Mapping[str, Any] | None = None,
          progress: Callable[[str], None] | None = None, simulation_games: int | None = None,
          jobs: int = 1) -> BuildReport:
    """Validate the project's catalogs against the registered games, then build everything; the
    scenarios and the simulated games run on ``engines`` (default: engine/registry.py). Simulation
    results whose engine or the catalog entries it reads changed are rerun with ``simulation_games`` per
    player count (default: $KB_SIMULATION_GAMES, else 10,000) on ``jobs`` processes. ``progress`` gets one
    line per stage."""
    with build_lock(project):
        for line in recover(project):
            if progress:
                progress(f"  {line}")
        return _build(project, datasette_url, site_url, registry, engines, _Stages(progress), simulation_games, jobs)


def _build(project: Project, datasette_url: str, site_url: str, registry: Registry, engines: Mapping[str, Any] | None,
           stages: _Stages, simulation_games: int | None, jobs: int) -> BuildReport:
    started = time.perf_counter()
    catalog = registry.load(project.data, display_root=project.root, cache=project.cache)
    stages.done(f"catalogs read and validated ({len(catalog.entries)} entries)")
    staging = new_staging(project)
    try:
        out = staging / "build"
        out.mkdir()
        history = entry_history(catalog, project.root, time.time())
        info = replace(BuildInfo.of(project.root, package_version()), dates_from=history.method)
        stages.done(f"entry dates from the {'history' if history.method == 'git' else 'file dates'}")
        results = run_scenarios(project, engines)
        stages.done(f"scenarios run by the engines ({len(results)})")
        try:
            simulations = simulation_results(project, catalog, engines, simulation_games, jobs,
                                              lambda line: stages.report(f"  {line}") if stages.report else None)
        except SimulationError as exc:
            raise BuildError(str(exc)) from exc
        stages.done(f"simulated games ({len(simulations)} engines; rerun only if stale)")
        rows = build_database(catalog, registry, out / "kb.db", results, info, simulations,
                              page_of=Layout(catalog, registry).page_of, history=history)
        metadata = build_metadata(catalog, registry, site_url=site_url, info=info)
        (out / "metadata.json").write_text(json.dumps(metadata, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
        stages.done("database and Datasette metadata")
        docs = out / "docs"
        copy_docs(project.docs, docs)
        try:
            pages, nav = write_pages(catalog, registry, docs, datasette_url, results, simulations, history)
        except LayoutError as exc:
            raise BuildError(str(exc)) from exc
        stages.done(f"generated pages ({len(pages)})")
        try:
            (docs / "api.md").write_text(api_page(out / "kb.db", metadata, registry, info, datasette_url,
                                                  player_aids(catalog, registry)), encoding="utf-8")
        except RuntimeError as exc:
            raise BuildError(str(exc)) from exc
        openapi = openapi_document(out / "kb.db", metadata, datasette_url, info.version)
        (docs / "openapi.json").write_text(json.dumps(openapi, ensure_ascii=False) + "\n", encoding="utf-8")
        stages.done("API page (its examples run) and OpenAPI document")
        write_downloads(catalog, out / "kb.db", docs / "downloads", info)
        write_search_index(catalog, registry, out / "kb.db", docs / "search" / "index.json")
        write_index_script(docs / "search" / "index.json")
        write_search_syntax(catalog, registry, out / "kb.db", docs / "search-syntax.md")
        stages.done("downloads, search index and search syntax page")
        write_feeds(catalog, history, Layout(catalog, registry).page_of, site_url, docs / FEEDS, info.built_at)
        build_site(project, docs, staging / "site", nav)
        link_feeds(staging / "site", catalog, Layout(catalog, registry))
        stages.done("site (mkdocs build --strict)")
        settings = yaml.safe_load(project.mkdocs_yml.read_text(encoding="utf-8"))
        write_manifest(staging / "site", settings["site_name"], settings.get("site_description", ""))
        write_worker(staging / "site")
        write_pack(staging / "site", staging / "site" / "downloads" / PACK_NAME)
        stages.done("service worker and offline pack")
        (out / SERVED_AT).write_text(json.dumps({"datasette_url": datasette_url, "site_url": site_url}) + "\n", encoding="utf-8")
        switch(project, staging)
    except BaseException:
        discard(staging)
        raise
    return BuildReport(entries=len(catalog.entries), rows=rows, pages=len(pages), seconds=time.perf_counter() - started)


def copy_docs(source: Path, target: Path) -> None:
    """The hand-written pages into the build; a link is followed only to a file inside ``source``: a
    link out of it (``docs/env.txt -> /proc/self/environ``) would publish whatever it points at, and
    anything but a regular file or folder (a FIFO, a device) would hang or fill the build."""
    root = source.resolve()
    for folder, names, files in os.walk(source):
        here = Path(folder)
        (target / here.relative_to(source)).mkdir(parents=True, exist_ok=True)
        for name in [*names, *files]:
            path = here / name
            shown = f"docs/{path.relative_to(source).as_posix()}"
            real = path.resolve()
            if path.is_symlink() and not real.is_relative_to(root):
                raise BuildError(f"{shown}: a link to {os.readlink(path)}, outside the docs folder; it is not "
                                 "published (put the file itself in docs/)")
            if name in names:
                if path.is_symlink():  # a folder linked from inside docs/: walked where it really is
                    raise BuildError(f"{shown}: a link to a folder; put the folder itself in docs/")
                continue
            if not real.is_file():
                raise BuildError(f"{shown}: not a regular file (a FIFO, a device or a broken link); remove it")
            shutil.copyfile(real, target / path.relative_to(source))


def write_search_syntax(catalog: Catalog, registry: Registry, db: Path, target: Path) -> None:
    """The Search syntax page, its examples run on this build's index."""
    layout = Layout(catalog, registry)

    def link_of(entry_id: str) -> str | None:
        try:
            path = layout.page_of(entry_id)
        except KeyError:
            return None
        return f"{path.rstrip('/')}.md#{entry_id}" if path.count("/") > 1 else None

    target.write_text(search_syntax_page(db, registry, link_of), encoding="utf-8")


def write_search_index(catalog: Catalog, registry: Registry, db: Path, target: Path) -> None:
    """The site's search index: the API's documents with the page each entry is shown on."""
    layout = Layout(catalog, registry)

    def url_of(entry_id: str) -> str | None:
        try:
            return layout.page_of(entry_id)
        except KeyError:  # a kind with no page of its own (none is searched on the site)
            return None

    target.parent.mkdir(parents=True, exist_ok=True)
    data = site_index(db, url_of)
    target.write_text(json.dumps(data, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")


def link_feeds(site: Path, catalog: Catalog, layout: Layout) -> None:
    """Each rulings page's head gets the ``<link>`` to its feeds (mkdocs' theme gives a page no head of its
    own), so that a browser or a feed reader finds them from the page."""
    for game in catalog.games():
        for name in [name for name, _, kinds in layout.pages(game) if "rulings" in kinds] + [OUR_RULINGS[0]]:
            page = site / game / name / "index.html"
            if page.is_file():
                html = page.read_text(encoding="utf-8")
                page.write_text(html.replace("</head>", head_links(game, "../../") + "</head>", 1), encoding="utf-8")


def is_built(project: Project) -> bool:
    return (project.build / "kb.db").is_file() and (project.build / "metadata.json").is_file() and (project.site / "index.html").is_file()


logging.getLogger("mkdocs").setLevel(logging.WARNING)
