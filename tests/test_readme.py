"""Every shell command the README shows runs as printed, in a throwaway copy of the project."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

from conftest import ROOT, copy_project

# What each command must print for it to count as working, by the command's start.
EXPECTED_OUTPUT = {
    ".venv/bin/kb validate": "ok: ",
    ".venv/bin/kb build": "built ",
    ".venv/bin/kb check": "passed, 0 failed",
    ".venv/bin/kb explain": "checked: every expectation holds",
    ".venv/bin/kb play": " 0 violation(s)",
    ".venv/bin/kb schemas": "wrote ",
    ".venv/bin/kb simulate": " games at each of ",
    ".venv/bin/python scripts/bench_playouts.py": "maharaja",
    ".venv/bin/python scripts/bench_api.py": "requests",
    ".venv/bin/python scripts/bench_explore.py": "p99",
}
# Commands run elsewhere, each by the test named.
RUN_ELSEWHERE = {
    "sh scripts/serve.sh": "it serves until stopped: tests/test_serve.py runs kb serve, stops it with SIGTERM",
    "sh scripts/test.sh": "it is this test suite: CI runs it through .ci/run",
    "curl ": "it needs the server: tests/test_serve.py runs it as printed against kb serve",
    ".venv/bin/python scripts/bench_bad_input.py": "it takes minutes: tests/test_bad_input.py runs it on two cases",
    ".venv/bin/python scripts/mutation.py": "it takes half an hour: tests/test_mutation.py runs it on a few mutants",
    ".venv/bin/python scripts/fuzz_scenarios.py": "it takes minutes: each game's tests run it on a few hundred cases (tests/fuzzer.py), tests/test_fuzz.py on 40",
}


def readme_commands() -> list[str]:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"^```sh\n(.*?)^```", readme, re.S | re.M)
    return [line for block in blocks for line in block.splitlines() if line.strip()]


def test_every_readme_command_is_either_run_here_or_named_elsewhere() -> None:
    commands = readme_commands()
    assert len(commands) >= 10
    for command in commands:
        known = [p for p in (*EXPECTED_OUTPUT, *RUN_ELSEWHERE) if command.startswith(p)]
        assert known, f"the README shows {command!r}, which no test runs"


def test_the_readmes_commands_run_as_printed(tmp_path: Path) -> None:
    project = copy_project(tmp_path / "project")
    shutil.copytree(ROOT / "scripts", project.root / "scripts")
    (project.root / ".venv").symlink_to(ROOT / ".venv")  # the environment the set-up scripts made
    ran = 0
    for command in readme_commands():
        expected = next((out for start, out in EXPECTED_OUTPUT.items() if command.startswith(start)), None)
        if expected is None:
            continue
        result = subprocess.run(command, shell=True, cwd=project.root, capture_output=True, text=True, timeout=600)
        assert result.returncode == 0, f"{command}\n{result.stdout[-2000:]}\n{result.stderr[-2000:]}"
        assert expected in result.stdout, f"{command} printed:\n{result.stdout[-2000:]}"
        ran += 1
    assert ran >= 9
    assert (project.build / "kb.db").is_file() and (project.root / "schemas").is_dir()
