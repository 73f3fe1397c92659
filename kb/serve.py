"""``kb serve``: the static site and Datasette side by side, until interrupted."""

from __future__ import annotations

import functools
import os
import signal
import socket
import subprocess
import sys
import threading
from http.server import SimpleHTTPRequestHandler
from pathlib import Path
from typing import TYPE_CHECKING

from kb.project import Project
from kb.siteserver import BoundedHTTPServer
from outputs.pages.feeds import ATOM_TYPE, FOLDER as FEEDS

# The environment variable naming the descriptor the Datasette child writes to once it has loaded
# the build (kb/asgi.py:create_app)
READY_FD = "KB_READY_FD"

if TYPE_CHECKING:
    from datasette.app import Datasette


def needs_build(project: Project, datasette_url: str | None = None, site_url: str | None = None) -> bool:
    """True when there is no build, or a catalog, page or config is newer than it, or its links point
    to other addresses than the ones to be served (when given)."""
    import json

    db = project.build / "kb.db"
    if not db.is_file() or not (project.site / "index.html").is_file():
        return True
    try:
        served_at = json.loads((project.build / "served-at.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        served_at = {}
    if (datasette_url and served_at.get("datasette_url") != datasette_url) or (site_url and served_at.get("site_url") != site_url):
        return True
    built = db.stat().st_mtime
    inputs = [project.mkdocs_yml, *project.data.glob("*.yaml"), *project.docs.rglob("*"), *project.simulations.glob("*.json")]
    return any(p.is_file() and p.stat().st_mtime > built for p in inputs)


# How Datasette is served: immutable and read-only (no write endpoints), a time and a row limit,
# CORS open for read-only GET. The tests build their in-process instance from the same values.
# No suggested facets: they try a query per column on every table page, which made each page not
# yet in the response cache cost 5 times as much (36 ms instead of 7).
DATASETTE_SETTINGS = {"sql_time_limit_ms": 1000, "max_returned_rows": 1000, "default_page_size": 100,
                      "suggest_facets": False}
DATASETTE_CORS = True


def datasette_process(project: Project, host: str, port: int, quiet: bool = False,
                      listener: socket.socket | None = None, ready_fd: int | None = None) -> subprocess.Popen[bytes]:
    """Datasette (``kb.asgi:create_app``) under uvicorn, one process: measured faster here than several
    workers, which added a 40 ms stall to every keep-alive request (scripts/bench_api.py).
    ``--no-proxy-headers``: nothing stands in front of it, so a client's ``X-Forwarded-Proto`` or
    ``X-Forwarded-For`` is not trusted (uvicorn trusts them from loopback by default), and the links
    in an answer (the search's ``next_url``) name the scheme the server really serves. ``quiet``
    drops its log (a benchmark's hostile clients would fill it). With ``listener`` (a listening socket
    kb serve keeps), it serves on that socket, so that clients wait in its queue, instead of being
    refused, while Datasette restarts on a new build; it writes to ``ready_fd`` once it has loaded the build."""
    where = ["--fd", str(listener.fileno())] if listener is not None else ["--host", host, "--port", str(port)]
    command = [sys.executable, "-m", "uvicorn", "--factory", "kb.asgi:create_app", *where,
               "--no-access-log", "--log-level", "warning", "--no-proxy-headers"]
    env = {**os.environ, "KB_ROOT": str(project.root), **({READY_FD: str(ready_fd)} if ready_fd is not None else {})}
    fds = [fd for fd in (listener.fileno() if listener is not None else None, ready_fd) if fd is not None]
    return subprocess.Popen(command, env=env, preexec_fn=_die_with_parent, stderr=subprocess.DEVNULL if quiet else None,
                            pass_fds=fds)


def _die_with_parent() -> None:
    """In the child, before exec: Linux sends it SIGTERM when its parent dies, however the parent
    ends (even by SIGKILL), so no Datasette outlives ``kb serve``."""
    try:
        import ctypes

        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGTERM)  # 1 = PR_SET_PDEATHSIG
    except OSError:
        pass  # not Linux: the signal handlers in serve() still stop it


def datasette_app(project: Project, build: Path | None = None) -> "Datasette":
    """The same Datasette, in process (for tests and the API page), on ``build`` (default: the
    project's build/). kb serve names the build folder itself, not the ``build`` link, so that one
    Datasette process reads one build whatever builds come after it."""
    import json

    from datasette.app import Datasette

    build = build or project.build
    metadata = json.loads((build / "metadata.json").read_text(encoding="utf-8"))
    return Datasette(immutables=[str(build / "kb.db")], metadata=metadata,
                     settings=dict(DATASETTE_SETTINGS), cors=DATASETTE_CORS)


class SiteHandler(SimpleHTTPRequestHandler):
    """Static files, quietly; a missing page gets the site's own 404 page (status 404), not the
    standard library's bare "Error response"; so does a folder without an index page, which the
    standard library would list."""

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - the base class's name
        pass

    def guess_type(self, path: str | os.PathLike[str]) -> str:
        """A feed as what it is (``application/atom+xml``), so that a browser offers it to a feed reader;
        the web manifest as ``application/manifest+json``."""
        if Path(path).parent.name == FEEDS and str(path).endswith(".xml"):
            return ATOM_TYPE
        if str(path).endswith(".webmanifest"):  # the web manifest, as browsers expect it
            return "application/manifest+json"
        return super().guess_type(path)

    def list_directory(self, path: str | os.PathLike[str]) -> None:
        self.send_error(404, "Not found")
        return None

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        page = Path(self.directory) / "404.html"
        if code != 404 or not page.is_file():
            super().send_error(code, message, explain)
            return
        body = page.read_bytes()
        self.send_response(404, message)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)


def site_server(site: Path, host: str, port: int) -> BoundedHTTPServer:
    """The site's server: a few threads, idle and slow clients timed out (kb/siteserver.py). It serves
    through the ``site`` link, so a new build's site is served as soon as the build is switched in."""
    handler = functools.partial(SiteHandler, directory=str(site))
    return BoundedHTTPServer((host, port), handler)


class ServeError(Exception):
    """The servers could not start; nothing is left running."""


def check_port(host: str, port: int, option: str) -> None:
    """Refuse a port that cannot be bound, before anything starts."""
    import socket

    try:
        with socket.socket() as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            probe.bind((host, port))
    except (OSError, OverflowError) as exc:
        reason = getattr(exc, "strerror", None) or str(exc)
        raise ServeError(f"cannot serve on {host}:{port} ({option}): {reason}") from None


def check_ports(host: str, site_port: int, datasette_port: int) -> None:
    if site_port == datasette_port:
        raise ServeError(f"the site and Datasette need two ports, both are {site_port}")
    check_port(host, site_port, "--port")
    check_port(host, datasette_port, "--datasette-port")


def build_stamp(project: Project) -> str:
    """Which build the ``build`` link leads to now: it changes when a build is switched in."""
    return os.path.realpath(project.build)


def listen(host: str, port: int) -> socket.socket:
    """Datasette's listening socket, which kb serve keeps while Datasette restarts."""
    try:
        return socket.create_server((host, port), backlog=1024)
    except (OSError, OverflowError) as exc:
        raise ServeError(f"cannot serve Datasette on {host}:{port}: {getattr(exc, 'strerror', None) or exc}") from None


class _Datasette:
    """The Datasette child of kb serve, on a listening socket kept across its restarts."""

    def __init__(self, project: Project, listener: socket.socket) -> None:
        self.project, self.listener = project, listener
        self.process: subprocess.Popen[bytes] | None = None
        self.stamp = ""

    def start(self, seconds: float = 120.0) -> None:
        """Start it on the current build; return once it has loaded the build (then it answers the
        requests waiting in the socket's queue)."""
        import select
        import time

        self.stamp = build_stamp(self.project)
        ready, signal_end = os.pipe()
        try:
            self.process = datasette_process(self.project, "", 0, listener=self.listener, ready_fd=signal_end)
        finally:
            os.close(signal_end)
        try:
            deadline = time.monotonic() + seconds
            while time.monotonic() < deadline:
                if select.select([ready], [], [], 0.2)[0] and os.read(ready, 16):
                    return
                if self.process.poll() is not None:
                    raise ServeError(f"Datasette stopped while starting (exit {self.process.returncode}); see its message above")
            raise ServeError(f"Datasette did not load the build within {seconds:.0f} s")
        finally:
            os.close(ready)

    def stop(self) -> None:
        if self.process is None:
            return
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()

    def watch(self, interval: float = 0.5) -> None:
        """Until Datasette stops (an error): restart it whenever a new build is switched in, so that
        the API never answers from a replaced build for longer than ``interval`` and a restart."""
        from kb.build import is_built

        assert self.process is not None
        while True:
            try:
                self.process.wait(timeout=interval)
            except subprocess.TimeoutExpired:
                if build_stamp(self.project) != self.stamp and is_built(self.project):
                    print("a new build is in place: Datasette restarts on it", flush=True)
                    self.stop()
                    self.start()
                continue
            raise ServeError(f"Datasette stopped (exit {self.process.returncode}); the site is stopped too")


def serve(project: Project, host: str = "127.0.0.1", site_port: int = 8000, datasette_port: int = 8001) -> None:
    """Serve until Ctrl-C, SIGTERM or SIGHUP, which stop both servers; a build switched in meanwhile is
    served at once (the site through the ``site`` link, Datasette restarted on it). Raises ServeError,
    with nothing left running, when either cannot start."""
    check_ports(host, site_port, datasette_port)

    def stop(signum: int, frame: object) -> None:
        raise KeyboardInterrupt  # SIGTERM and SIGHUP stop both servers as Ctrl-C does

    for signum in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(signum, stop)
    try:
        server = site_server(project.site, host, site_port)
    except OSError as exc:
        raise ServeError(f"cannot serve the site on {host}:{site_port}: {exc.strerror or exc}") from None
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    listener = None
    datasette: _Datasette | None = None
    try:
        listener = listen(host, datasette_port)
        datasette = _Datasette(project, listener)
        datasette.start()
        thread.start()
        print(f"site:      http://{host}:{site_port}/")
        print(f"datasette: http://{host}:{datasette_port}/kb")
        print("Ctrl-C stops both.", flush=True)
        datasette.watch()
    except KeyboardInterrupt:
        pass
    finally:
        if thread.is_alive():
            server.shutdown()
        server.server_close()
        if datasette is not None:
            datasette.stop()
        if listener is not None:
            listener.close()
