"""Every command tidies what a killed build left; kb simulate --jobs stops quietly on SIGTERM; a full
or read-only disk and a bad --option are one line, not a traceback."""

from __future__ import annotations

import errno
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from kb.cli import main
from kb.project import Project
from kb.staging import BUILDS, build_lock

ROOT = Path(__file__).resolve().parent.parent
SCENARIO = "scenarios/duel/basics.yaml"


def leave_staging(project: Project) -> Path:
    """What a build killed mid-way leaves: a build folder .builds/current does not name."""
    staging = project.root / BUILDS / "b-killed"
    (staging / "build").mkdir(parents=True)
    (staging / "build" / "kb.db").write_bytes(b"half")
    return staging


def a_scenario(project: Project) -> str:
    files = sorted((project.root / "scenarios").rglob("*.yaml"))
    assert files
    return str(files[0])


COMMANDS = {
    "validate": lambda p: ["validate", "--root", str(p.root)],
    "schemas": lambda p: ["schemas", "--root", str(p.root)],
    "build": lambda p: ["build", "--root", str(p.root), "--site-url", "not-a-url"],
    "serve": lambda p: ["serve", "--root", str(p.root), "--port", "1", "--datasette-port", "1"],
    "simulate": lambda p: ["simulate", "--root", str(p.root), "no-such-game"],
    "check": lambda p: ["check", a_scenario(p)],
    "explain": lambda p: ["explain", a_scenario(p), "--id", "no-such-id"],
    "play": lambda p: ["play", "duel", "--games", "1"],
}


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_every_command_removes_a_killed_builds_staging_first(project, command: str, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    staging = leave_staging(project)
    if command == "build":  # a build that fails at once: it still tidies first
        (project.data / "broken.yaml").write_text("entries: [\n", encoding="utf-8")
    monkeypatch.chdir(project.root)
    result = CliRunner().invoke(main, COMMANDS[command](project))
    assert "Traceback" not in result.output and not isinstance(result.exception, (KeyError, AttributeError, TypeError))
    assert not staging.exists(), result.output
    assert "removed the leftover .builds/b-killed of an interrupted build" in result.output


def test_a_command_leaves_a_running_builds_staging_alone(project, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    staging = leave_staging(project)
    with build_lock(project):  # held, as a running build holds it: the command does not wait for it
        result = CliRunner().invoke(main, ["validate", "--root", str(project.root)])
    assert result.exit_code == 0, result.output
    assert staging.is_dir()


def test_a_full_disk_during_a_build_is_one_line(project, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import kb.build

    def full(*args, **kwargs):  # type: ignore[no-untyped-def]
        raise OSError(errno.ENOSPC, "No space left on device", str(project.root / ".builds" / "b-x" / "build" / "kb.db"))

    monkeypatch.setattr(kb.build, "build_database", full)
    result = CliRunner().invoke(main, ["build", "--root", str(project.root)])
    assert result.exit_code == 1
    last = result.output.strip().splitlines()[-1]
    assert last == (f"build failed: {project.root}/.builds/b-x/build/kb.db: No space left on device (the disk is full); "
                    "the previous build is unchanged")
    assert "Traceback" not in result.output
    assert [p.name for p in (project.root / BUILDS).iterdir()] == []  # its staging removed


def test_a_read_only_simulations_folder_is_refused_before_any_game(project, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    real_access = os.access
    monkeypatch.setattr(os, "access", lambda path, mode: False if Path(path) == project.simulations else real_access(path, mode))
    result = CliRunner().invoke(main, ["simulate", "--root", str(project.root), "duel", "--force", "--games", "5"])
    assert result.exit_code == 1
    assert result.output.strip().splitlines()[-1] == (f"Error: {project.simulations}: cannot be written (a read-only "
                                                      "checkout?); nothing was played")


@pytest.mark.parametrize("option, message", [
    ("catalog=x", "maharaja takes no option 'catalog' (its options: board, fewer_players)"),
    ("players=3", "maharaja takes no option 'players'; use --players for it"),
    ("board=nowhere", "no board 'nowhere' in the catalog"),
    ("fewer_players=maybe", "fewer_players is true or false, got 'maybe'"),
])
def test_play_refuses_an_option_the_engine_does_not_take_or_a_bad_value(option: str, message: str) -> None:
    result = CliRunner().invoke(main, ["play", "maharaja", "--games", "1", "--option", option])
    assert result.exit_code in (1, 2) and message in result.output, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


def children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1]) == pid:
                    found.append(int(entry.name))
            except (OSError, IndexError, ValueError):
                pass
    return found


def alive(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


@pytest.mark.parametrize("to_group", [False, True], ids=["the command", "its process group"])
def test_sigterm_stops_simulate_jobs_quietly_with_nothing_left(project, to_group: bool) -> None:  # type: ignore[no-untyped-def]
    before = (project.simulations / "maharaja.json").read_bytes()
    process = subprocess.Popen([sys.executable, "-m", "kb.cli", "simulate", "--root", str(project.root), "maharaja",
                                "--games", "100000", "--jobs", "2", "--force"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
    lines: list[str] = []
    reader = threading.Thread(target=lambda: lines.extend(process.stderr), daemon=True)  # type: ignore[arg-type]
    reader.start()
    deadline = time.monotonic() + 120
    while not any("playing" in line for line in lines) and time.monotonic() < deadline:
        time.sleep(0.1)
    time.sleep(2)  # the workers are playing
    workers = children(process.pid)
    assert len(workers) >= 2, lines
    if to_group:
        os.killpg(process.pid, signal.SIGTERM)
    else:
        process.send_signal(signal.SIGTERM)
    process.wait(timeout=30)
    reader.join(timeout=10)
    output = "".join(lines)
    assert process.returncode == 128 + signal.SIGTERM, output
    assert "Traceback" not in output and "Error" not in output, output
    after_playing = output.split("playing", 1)[1].splitlines()[1:]
    assert [line for line in after_playing if not line.startswith("  ")] == [
        "kb simulate: stopped by SIGTERM; every results file is whole (written before the signal, or as it was)"]
    deadline = time.monotonic() + 10
    while any(alive(pid) for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not any(alive(pid) for pid in workers)
    assert (project.simulations / "maharaja.json").read_bytes() == before
