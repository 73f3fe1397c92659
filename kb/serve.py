"""``kb serve``: the static site and Datasette side by side, until interrupted."""

from __future__ import annotations

import functools
import os
import signal
import subprocess
import sys
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import TYPE_CHECKING

from kb.project import Project

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


def datasette_process(project: Project, host: str, port: int, quiet: bool = False) -> subprocess.Popen[bytes]:
    """Datasette (``kb.asgi:create_app``) under uvicorn, one process: measured faster here than several
    workers, which added a 40 ms stall to every keep-alive request (scripts/bench_api.py).
    ``--no-proxy-headers``: nothing stands in front of it, so a client's ``X-Forwarded-Proto`` or
    ``X-Forwarded-For`` is not trusted (uvicorn trusts them from loopback by default), and the links
    in an answer (the search's ``next_url``) name the scheme the server really serves. ``quiet``
    drops its log (a benchmark's hostile clients would fill it)."""
    command = [sys.executable, "-m", "uvicorn", "--factory", "kb.asgi:create_app", "--host", host, "--port", str(port),
               "--no-access-log", "--log-level", "warning", "--no-proxy-headers"]
    return subprocess.Popen(command, env={**os.environ, "KB_ROOT": str(project.root)}, preexec_fn=_die_with_parent,
                            stderr=subprocess.DEVNULL if quiet else None)


def _die_with_parent() -> None:
    """In the child, before exec: Linux sends it SIGTERM when its parent dies, however the parent
    ends (even by SIGKILL), so no Datasette outlives ``kb serve``."""
    try:
        import ctypes

        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGTERM)  # 1 = PR_SET_PDEATHSIG
    except OSError:
        pass  # not Linux: the signal handlers in serve() still stop it


def datasette_app(project: Project) -> "Datasette":
    """The same Datasette, in process (for tests and the API page)."""
    import json

    from datasette.app import Datasette

    metadata = json.loads((project.build / "metadata.json").read_text(encoding="utf-8"))
    return Datasette(immutables=[str(project.build / "kb.db")], metadata=metadata,
                     settings=dict(DATASETTE_SETTINGS), cors=DATASETTE_CORS)


class SiteHandler(SimpleHTTPRequestHandler):
    """Static files, quietly; a missing page gets the site's own 404 page (status 404), not the
    standard library's bare "Error response"; so does a folder without an index page, which the
    standard library would list."""

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - the base class's name
        pass

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


def site_server(site: Path, host: str, port: int) -> ThreadingHTTPServer:
    handler = functools.partial(SiteHandler, directory=str(site))
    return ThreadingHTTPServer((host, port), handler)


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


def _wait_until_listening(process: subprocess.Popen[bytes], host: str, port: int, seconds: float = 60.0) -> None:
    import socket
    import time

    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise ServeError(f"Datasette stopped while starting (exit {process.returncode}); see its message above")
        with socket.socket() as s:
            if s.connect_ex((host, port)) == 0:
                return
        time.sleep(0.1)
    raise ServeError(f"Datasette did not answer on {host}:{port} within {seconds:.0f} s")


def serve(project: Project, host: str = "127.0.0.1", site_port: int = 8000, datasette_port: int = 8001) -> None:
    """Serve until Ctrl-C, SIGTERM or SIGHUP, which stop both servers. Raises ServeError, with
    nothing left running, when either cannot start."""
    check_ports(host, site_port, datasette_port)

    def stop(signum: int, frame: object) -> None:
        raise KeyboardInterrupt  # SIGTERM and SIGHUP stop both servers as Ctrl-C does

    for signum in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(signum, stop)
    try:
        server = site_server(project.site, host, site_port)
    except OSError as exc:
        raise ServeError(f"cannot serve the site on {host}:{site_port}: {exc.strerror or exc}") from None
    datasette = datasette_process(project, host, datasette_port)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    try:
        _wait_until_listening(datasette, host, datasette_port)
        thread.start()
        print(f"site:      http://{host}:{site_port}/")
        print(f"datasette: http://{host}:{datasette_port}/kb")
        print("Ctrl-C stops both.", flush=True)
        datasette.wait()
        raise ServeError(f"Datasette stopped (exit {datasette.returncode}); the site is stopped too")
    except KeyboardInterrupt:
        pass
    finally:
        if thread.is_alive():
            server.shutdown()
        server.server_close()
        datasette.terminate()
        try:
            datasette.wait(timeout=10)
        except subprocess.TimeoutExpired:
            datasette.kill()
