"""Run a piece of Python in a new interpreter, for tests that fork worker processes.

A process forked from a process with many threads can inherit a lock another thread held at the
moment of the fork, and then wait on it for ever; the test process has run hundreds of tests by then
(servers, thread pools), so a test that forks workers does it from a fresh interpreter, as `kb play`
and `kb simulate` do."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run_fresh(code: str, timeout: float = 600) -> str:
    """Run ``code`` (dedented) with the project on the path; its stdout, after it exits 0."""
    result = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], cwd=ROOT, capture_output=True, text=True,
                            timeout=timeout)
    assert result.returncode == 0, result.stderr[-3000:]
    return result.stdout
