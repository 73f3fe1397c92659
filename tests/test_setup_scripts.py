"""The set-up scripts say what they do, and install only when the lock changed."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def fake_project(tmp_path: Path) -> Path:
    """The set-up script and the files it reads, with a .venv whose pip only logs its calls."""
    (tmp_path / "scripts").mkdir()
    shutil.copy(ROOT / "scripts" / "setup-env.sh", tmp_path / "scripts")
    for name in ("requirements.lock", "pyproject.toml"):
        shutil.copy(ROOT / name, tmp_path)
    bin_dir = tmp_path / ".venv" / "bin"
    bin_dir.mkdir(parents=True)
    for tool in ("python", "pip"):
        (bin_dir / tool).write_text(f'#!/bin/sh\necho "{tool} $*" >> "$(dirname "$0")/../calls.log"\n')
        (bin_dir / tool).chmod(0o755)
    return tmp_path


def setup(project: Path, wanted: str) -> tuple[str, list[str]]:
    log = project / ".venv" / "calls.log"
    log.unlink(missing_ok=True)
    result = subprocess.run(["sh", "scripts/setup-env.sh", wanted], cwd=project, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    return result.stdout, log.read_text().splitlines() if log.exists() else []


def test_pip_runs_once_per_lock(tmp_path: Path) -> None:
    project = fake_project(tmp_path)
    out, calls = setup(project, "test")
    assert out.startswith("==> installing") and len(calls) == 1 and "-c requirements.lock -e .[test]" in calls[0]
    out, calls = setup(project, "test")
    assert "already installed" in out and calls == []
    out, calls = setup(project, "run")  # the test set includes what serving needs
    assert "already installed" in out and calls == []
    with (project / "requirements.lock").open("a") as lock:
        lock.write("# a changed pin\n")
    out, calls = setup(project, "run")
    assert out.startswith("==> installing") and calls == ["pip install -q --disable-pip-version-check -c requirements.lock -e ."]
    out, calls = setup(project, "test")  # a run install is not enough for the tests
    assert out.startswith("==> installing") and "-e .[test]" in calls[0]


def test_the_test_script_says_each_step(tmp_path: Path) -> None:
    result = subprocess.run(["sh", "scripts/test.sh", "--version"], cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stderr
    steps = [line for line in result.stdout.splitlines() if line.startswith("==> ")]
    assert steps[-1].startswith("==> running the test suite") and len(steps) >= 2, result.stdout
