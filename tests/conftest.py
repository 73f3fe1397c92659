"""Shared fixtures: throwaway copies of the project, and one built copy per test session."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from kb.build import build
from catalog import Catalog
from games import REGISTRY
from kb.project import Project

ROOT = Path(__file__).resolve().parent.parent
# A build in a test whose catalog or engine differs from the committed results' reruns them: with a
# few games, not 10,000 (kb build and kb simulate read this too, in the test's subprocesses).
os.environ.setdefault("KB_SIMULATION_GAMES", "20")


def copy_project(target: Path) -> Project:
    """A project folder with copies of the catalogs, the docs, the scenarios and mkdocs.yml."""
    target.mkdir(parents=True, exist_ok=True)
    shutil.copytree(ROOT / "data", target / "data")
    shutil.copytree(ROOT / "docs", target / "docs")
    shutil.copytree(ROOT / "scenarios", target / "scenarios")
    if (ROOT / "simulations").is_dir():  # the committed results: a build reuses them while they are current
        shutil.copytree(ROOT / "simulations", target / "simulations")
    shutil.copy(ROOT / "mkdocs.yml", target / "mkdocs.yml")
    # a git checkout, as a clone is: the build records the commit it was built from
    env = {**os.environ, "GIT_AUTHOR_NAME": "test", "GIT_AUTHOR_EMAIL": "test@localhost",
           "GIT_COMMITTER_NAME": "test", "GIT_COMMITTER_EMAIL": "test@localhost"}
    for command in (["git", "init", "-q"], ["git", "add", "-A"], ["git", "commit", "-q", "-m", "fixture"]):
        subprocess.run(command, cwd=target, env=env, check=True, capture_output=True)
    return Project(target)


@pytest.fixture
def project(tmp_path: Path) -> Project:
    return copy_project(tmp_path / "project")


@pytest.fixture(scope="session")
def catalog() -> Catalog:
    return REGISTRY.load(ROOT / "data", display_root=ROOT)


@pytest.fixture(scope="session")
def built(tmp_path_factory: pytest.TempPathFactory) -> Project:
    """The real catalogs built once into a temporary project."""
    project = copy_project(tmp_path_factory.mktemp("built") / "project")
    build(project)
    return project


# --- no process outlives the test session -------------------------------------------------------

def pytest_sessionstart(session: pytest.Session) -> None:
    import uuid

    from leftovers import MARKER

    os.environ[MARKER] = uuid.uuid4().hex


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """Fail the run if a test left a process behind (and stop those processes)."""
    import signal
    import time

    from leftovers import MARKER, leftover_processes

    deadline = time.monotonic() + 5  # a server told to stop may need a moment
    while (left := leftover_processes(os.environ[MARKER])) and time.monotonic() < deadline:
        time.sleep(0.2)
    if left:
        reporter = session.config.pluginmanager.get_plugin("terminalreporter")
        lines = [f"  pid {pid}: {command}" for pid, command in sorted(left.items())]
        message = "processes left running by the tests (now stopped):\n" + "\n".join(lines)
        if reporter:
            reporter.write("\n")
            reporter.write_line(message, red=True)
        for pid in left:
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
