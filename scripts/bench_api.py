#!/usr/bin/env python3
"""Load benchmark of the JSON API (prints figures, asserts nothing).

Starts Datasette exactly as `kb serve` does, on a free loopback port, then runs N concurrent
clients for a fixed time against the search query, a canned query and a row page.

    .venv/bin/python scripts/bench_api.py --clients 16 --seconds 30
"""

from __future__ import annotations

import argparse
import os
import http.client
import socket
import statistics
import threading
import time
from pathlib import Path
from urllib.parse import quote

from kb.build import build
from kb.project import Project
from kb.serve import datasette_process, needs_build

def endpoints(db_path: Path) -> dict[str, list[str]]:
    """A wide mix: a search for every name and form in the database, every resource for the canned
    query, and the row page of every building and glossary term."""
    import sqlite3

    from datasette.utils import tilde_encode

    conn = sqlite3.connect(db_path)
    forms = [f for (f,) in conn.execute("select distinct form from name_forms order by form")]
    resources = [f for (f,) in conn.execute(
        "select form from name_forms where entity_id in (select id from resources where resource_class = 'cube')")]
    rows = [f"/kb/{table}/{tilde_encode(i)}.json?_shape=array" for table in ("buildings", "glossary")
            for (i,) in conn.execute(f"select id from {table}")]
    conn.close()
    return {
        "search": [f"/kb/search.json?q={quote(f)}&_shape=array" for f in forms],
        "canned": [f"/kb/buildings_producing.json?resource={quote(r)}&_shape=array" for r in resources],
        "row": rows,
    }


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_until_up(port: int, timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return
        except OSError:
            time.sleep(0.2)
    raise SystemExit("Datasette did not start")


def connect(port: int) -> http.client.HTTPConnection:
    """A keep-alive connection with Nagle off, as browsers and HTTP clients use (else each request
    waits out the peer's delayed ACK, about 40 ms on Linux)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    connection.connect()
    connection.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    return connection


def client(port: int, stop: float, plan: list[tuple[str, str]], results: dict[str, list[float]],
           errors: dict[str, int], lock: threading.Lock, offset: int) -> None:
    connection = connect(port)
    i = offset
    while time.monotonic() < stop:
        name, path = plan[i % len(plan)]
        i += 1
        started = time.perf_counter()
        try:
            connection.request("GET", path)
            response = connection.getresponse()
            response.read()
            ok = response.status == 200
        except (OSError, http.client.HTTPException):
            ok = False
            connection.close()
            connection = connect(port)
        elapsed = (time.perf_counter() - started) * 1000
        with lock:
            if ok:
                results[name].append(elapsed)
            else:
                errors[name] += 1
    connection.close()


def percentile(values: list[float], q: float) -> float:
    return statistics.quantiles(values, n=100, method="inclusive")[q - 1] if len(values) > 1 else (values[0] if values else 0.0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=16)
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--no-cache", action="store_true", help="Serve without the response cache")
    args = parser.parse_args()
    project = Project.find(Path(__file__).resolve().parent)
    if needs_build(project):
        build(project)
    mix = endpoints(project.build / "kb.db")
    # interleave the kinds of request: 3 searches, 2 canned queries, 1 row page
    plan = [(name, paths[i % len(paths)]) for i in range(max(len(p) for p in mix.values()))
            for name, paths in mix.items() for _ in range({"search": 3, "canned": 2, "row": 1}[name])]
    port = free_port()
    if args.no_cache:
        os.environ["KB_NO_CACHE"] = "1"
    server = datasette_process(project, "127.0.0.1", port)
    try:
        wait_until_up(port)
        results: dict[str, list[float]] = {name: [] for name in mix}
        errors = {name: 0 for name in mix}
        lock = threading.Lock()
        stop = time.monotonic() + args.seconds
        threads = [threading.Thread(target=client, args=(port, stop, plan, results, errors, lock, i * 37)) for i in range(args.clients)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    finally:
        server.terminate()
        server.wait(timeout=10)
    total = sum(len(v) for v in results.values())
    cache = "without" if args.no_cache else "with"
    print(f"{args.clients} clients, {args.seconds:.0f} s, loopback, {cache} the response cache; "
          f"{len(set(plan))} distinct URLs; Datasette as `kb serve` runs it")
    print(f"{'endpoint':<8} {'requests':>9} {'req/s':>8} {'p50 ms':>8} {'p99 ms':>8} {'errors':>7}")
    for name, values in results.items():
        print(f"{name:<8} {len(values):>9} {len(values) / args.seconds:>8.1f} {percentile(values, 50):>8.1f} "
              f"{percentile(values, 99):>8.1f} {errors[name]:>7}")
    print(f"{'all':<8} {total:>9} {total / args.seconds:>8.1f} {'':>8} {'':>8} {sum(errors.values()):>7}")


if __name__ == "__main__":
    main()
