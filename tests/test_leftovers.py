"""The session's check for processes left behind finds one, and only ours."""

from __future__ import annotations

import os
import subprocess
import uuid

from leftovers import MARKER, leftover_processes


def test_a_process_carrying_the_marker_is_found_until_it_ends() -> None:
    token = uuid.uuid4().hex
    sleeper = subprocess.Popen(["sleep", "60"], env={**os.environ, MARKER: token})
    other = subprocess.Popen(["sleep", "60"], env={**os.environ, MARKER: uuid.uuid4().hex})
    try:
        found = leftover_processes(token)
        assert list(found) == [sleeper.pid] and found[sleeper.pid] == "sleep 60"
    finally:
        for process in (sleeper, other):
            process.kill()
            process.wait()
    assert leftover_processes(token) == {}


def test_this_session_is_marked() -> None:
    # what the session's final check relies on: every process the tests start inherits the marker
    assert os.environ.get(MARKER)
    child = subprocess.run(["sh", "-c", f'printf %s "${MARKER}"'], capture_output=True, text=True, check=True)
    assert child.stdout == os.environ[MARKER]
