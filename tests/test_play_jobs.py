"""``kb play --jobs N``: the games spread over processes are the games one process plays, and no
worker outlives the run, however it ends."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from fresh_process import run_fresh

ROOT = Path(__file__).resolve().parent.parent


def test_play_many_over_two_processes_gives_the_games_of_one() -> None:
    assert run_fresh("""
        from engine.maharaja.game import Maharaja
        from engine.playout import play, play_many
        game = Maharaja(players=3)
        seeds = range(20, 32)
        alone = [play(game, seed) for seed in seeds]
        assert list(play_many(game, seeds, jobs=2)) == alone
        assert len({(p.steps, tuple(p.scores.values())) for p in alone}) > 1  # different seeds, different games
        print("same games")
    """).split() == ["same", "games"]


def test_kb_play_reports_the_same_games_with_one_job_and_two() -> None:
    kb = Path(sys.executable).parent / "kb"
    reports = []
    for jobs in ("1", "2"):
        result = subprocess.run([str(kb), "play", "duel", "--games", "12", "--seed", "7", "--jobs", jobs, "--json"], cwd=ROOT,
                                capture_output=True, text=True, timeout=600)
        assert result.returncode == 0, result.stderr
        report = json.loads(result.stdout.strip().splitlines()[-1])
        assert report["jobs"] == int(jobs)
        reports.append({k: v for k, v in report.items() if k not in ("seconds", "games_per_second", "jobs")})
    assert reports[0] == reports[1]
    assert reports[0]["ended"] == 12 and reports[0]["violations"] == []


def test_play_many_with_two_jobs_checks_like_one() -> None:
    """A worker's violations come back as they would from this process."""
    assert run_fresh("""
        from engine.duel import Duel
        from engine.playout import play, play_many
        game = Duel()
        probed = list(play_many(game, [1, 2, 3], jobs=2, probe_every=50))
        assert probed == [play(game, seed, probe_every=50) for seed in (1, 2, 3)]
        print("same checks")
    """).split() == ["same", "checks"]


def _children(pid: int) -> set[int]:
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1]) == pid:
                    found.add(int(entry.name))
            except OSError:
                continue
    return found


def _alive(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


@pytest.mark.parametrize("how", ["SIGTERM", "Ctrl-C"])
def test_stopping_kb_play_stops_its_workers(how: str) -> None:
    kb = Path(sys.executable).parent / "kb"
    process = subprocess.Popen([str(kb), "play", "caylus", "--games", "100000", "--jobs", "2"], cwd=ROOT,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    try:
        deadline = time.monotonic() + 120
        workers: set[int] = set()
        while len(workers) < 2 and time.monotonic() < deadline and process.poll() is None:
            workers = _children(process.pid)
            time.sleep(0.1)
        assert len(workers) == 2, f"the workers did not start: {process.poll()} {workers}"
        if how == "SIGTERM":
            process.terminate()  # as a service manager or `kill` stops it
        else:
            os.killpg(process.pid, signal.SIGINT)  # a terminal's Ctrl-C reaches the whole group
        _, err = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
    assert process.returncode != 0
    assert b"Traceback" not in err, err.decode(errors="replace")[-2000:]
    deadline = time.monotonic() + 10
    while any(_alive(pid) for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not [pid for pid in workers if _alive(pid)], "workers left running"
