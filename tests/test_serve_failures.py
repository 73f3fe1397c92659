"""kb serve refuses what it cannot serve before starting anything, and leaves nothing running when a
server fails; what a killed build leaves is removed by the next command (tests/test_swap.py has the
switch's every step)."""

from __future__ import annotations

import signal
import socket
import subprocess
import sys
import time

import pytest
from click.testing import CliRunner

from kb import serve as serving
from kb.build import build, is_built
from kb.cli import main


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def listening(port: int) -> bool:
    with socket.socket() as s:
        return s.connect_ex(("127.0.0.1", port)) == 0


@pytest.mark.parametrize("option", ["--port", "--datasette-port"])
def test_a_port_out_of_range_is_refused(built, option: str) -> None:
    result = CliRunner().invoke(main, ["serve", "--root", str(built.root), option, "99999"])
    assert result.exit_code == 2 and "99999 is not in the range 1<=x<=65535" in result.output


@pytest.mark.parametrize("busy", ["--port", "--datasette-port"])
def test_a_port_in_use_is_refused_before_anything_starts(built, busy: str) -> None:
    ports = {"--port": free_port(), "--datasette-port": free_port()}
    with socket.socket() as holder:
        holder.bind(("127.0.0.1", ports[busy]))
        holder.listen()
        result = subprocess.run([sys.executable, "-m", "kb.cli", "serve", "--root", str(built.root),
                                 "--port", str(ports["--port"]), "--datasette-port", str(ports["--datasette-port"])],
                                capture_output=True, text=True, timeout=60)
    assert result.returncode == 1
    assert f"cannot serve on 127.0.0.1:{ports[busy]} ({busy}): Address already in use" in result.stderr
    assert "Traceback" not in result.stderr
    other = ports["--datasette-port" if busy == "--port" else "--port"]
    assert not listening(other)


def test_the_same_port_twice_is_refused(built) -> None:
    port = str(free_port())
    result = CliRunner().invoke(main, ["serve", "--root", str(built.root), "--port", port, "--datasette-port", port])
    assert result.exit_code == 1 and "need two ports" in result.output


def test_when_datasette_fails_to_start_the_site_stops_too(built, monkeypatch: pytest.MonkeyPatch) -> None:
    def failing(project, host, port, **how):  # type: ignore[no-untyped-def]
        return subprocess.Popen([sys.executable, "-c", "import sys; sys.exit(3)"])

    monkeypatch.setattr(serving, "datasette_process", failing)
    site_port = free_port()
    with pytest.raises(serving.ServeError, match=r"Datasette stopped while starting \(exit 3\)"):
        serving.serve(built, site_port=site_port, datasette_port=free_port())
    assert not listening(site_port)
    for signum in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(signum, signal.SIG_DFL)


def test_a_killed_build_leaves_nothing_the_next_build_keeps(project) -> None:
    build(project)
    before = (project.build / "kb.db").read_bytes()
    process = subprocess.Popen([sys.executable, "-m", "kb.cli", "build", "--root", str(project.root)],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while len(builds(project)) < 2 and time.monotonic() < deadline:
        time.sleep(0.05)
    time.sleep(1.0)  # somewhere inside the build
    process.kill()
    process.wait()
    assert is_built(project) and (project.build / "kb.db").read_bytes() == before  # the previous build, whole
    left = builds(project)
    assert len(left) == 2  # the killed build's staging
    # the next command, whichever it is, removes it
    result = CliRunner().invoke(main, ["validate", "--root", str(project.root)])
    assert result.exit_code == 0, result.output
    assert "of an interrupted build" in result.output and len(builds(project)) == 1 and is_built(project)


def builds(project) -> list[str]:  # type: ignore[no-untyped-def]
    """The build folders in .builds/: the current one and what a killed build left."""
    return sorted(p.name for p in (project.root / ".builds").glob("[bm]-*"))
