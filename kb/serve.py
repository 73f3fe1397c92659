"""``kb serve``: the static site and Datasette side by side, until interrupted."""

from __future__ import annotations

import functools
import subprocess
import sys
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from kb.project import Project


def needs_build(project: Project) -> bool:
    """True when there is no build, or a catalog, page or config is newer than it."""
    db = project.build / "kb.db"
    if not db.is_file() or not (project.site / "index.html").is_file():
        return True
    built = db.stat().st_mtime
    inputs = [project.mkdocs_yml, *project.data.glob("*.yaml"), *project.docs.rglob("*")]
    return any(p.is_file() and p.stat().st_mtime > built for p in inputs)


def datasette_command(project: Project, host: str, port: int) -> list[str]:
    return [
        sys.executable, "-m", "datasette", "serve",
        "-i", str(project.build / "kb.db"),  # immutable: read-only, no write endpoints
        "--metadata", str(project.build / "metadata.json"),
        "--host", host, "--port", str(port),
        "--setting", "sql_time_limit_ms", "1000",
        "--setting", "max_returned_rows", "1000",
        "--setting", "default_page_size", "100",
    ]


class QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - the base class's name
        pass


def site_server(site: Path, host: str, port: int) -> ThreadingHTTPServer:
    handler = functools.partial(QuietHandler, directory=str(site))
    return ThreadingHTTPServer((host, port), handler)


def serve(project: Project, host: str = "127.0.0.1", site_port: int = 8000, datasette_port: int = 8001) -> None:
    datasette = subprocess.Popen(datasette_command(project, host, datasette_port))
    server = site_server(project.site, host, site_port)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    print(f"site:      http://{host}:{site_port}/")
    print(f"datasette: http://{host}:{datasette_port}/kb")
    print("Ctrl-C stops both.")
    try:
        datasette.wait()
    except KeyboardInterrupt:
        pass
    finally:
        server.shutdown()
        datasette.terminate()
        try:
            datasette.wait(timeout=10)
        except subprocess.TimeoutExpired:
            datasette.kill()
