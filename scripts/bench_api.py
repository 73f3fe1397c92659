#!/usr/bin/env python3
"""Load benchmark of the JSON API (prints figures, asserts nothing).

Starts Datasette exactly as `kb serve` does, on a free loopback port, then runs N concurrent
clients for a fixed time against the search query, a canned query and a row page (as the README
shows them). With ``--hostile M`` it measures twice, each time on a fresh server: the normal
clients alone, then beside M hostile clients (in a process of their own, without pause) that use
every expensive way in: arbitrary SQL under tilde-encoded paths, recursive CTEs running to the time
limit, ``printf`` with a huge width, CSV streams, listings with a ``Cookie`` header and arguments
never asked before, downloads of the whole database, and slow readers (a download read 4 KB every
half second). It prints the normal clients' throughput alone and beside them, their p50/p99/max
per kind, what the hostile clients got, and the server's peak memory (resident, with children).

    .venv/bin/python scripts/bench_api.py --clients 16 --seconds 30
    .venv/bin/python scripts/bench_api.py --clients 16 --seconds 30 --hostile 16
"""

from __future__ import annotations

import argparse
import http.client
import multiprocessing
import os
import random
import socket
import statistics
import threading
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote, urlencode

from kb.build import build
from kb.project import Project
from kb.serve import datasette_process, needs_build


def endpoints(db_path: Path) -> dict[str, list[str]]:
    """A wide mix: a search for every name and form in the database, every resource for the canned
    query, and the row page of every building and glossary term."""
    import sqlite3

    from datasette.utils import tilde_encode

    forms = forms_of(db_path)
    conn = sqlite3.connect(db_path)
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


SLOW_READERS = 2  # of the hostile clients, unless told (--slow-readers); the others pick a side door at random each time
COOKIE = {"Cookie": "session=" + "s" * 40 + "; ds_actor=forged"}


def hostile_requests(rng: random.Random, forms: list[str]) -> tuple[str, str, dict[str, str]]:
    """One hostile request: (kind, path, headers), through one of the API's expensive ways in."""
    def sql(query: str, database: str = "kb") -> str:
        return f"/{database}.json?" + urlencode({"sql": query, "_shape": "array"})

    word = "".join(rng.choice("abcdeghiklmnoprstuz") for _ in range(rng.randint(4, 9)))
    n = rng.randrange(10**9)
    cte = f"with recursive c(x) as (select {n} union all select x + 1 from c) select count(*) from c"
    return rng.choice([
        ("tilde-sql", sql(cte, "k~62"), {}),
        ("tilde-sql", f"/k~62/r~75les.json?_where={quote(f'length(text) > {n % 50}')}&_size=max", {}),
        ("slow-sql", sql(cte), {}),
        ("slow-sql", sql(f"select count(kb_search(form || '{word}')) from name_forms"), {}),
        ("printf", sql(f"select length(printf('%.*c', 2147483647, 'x')) + {n}"), {}),
        ("csv-stream", f"/kb/rules.csv?_stream=on&_size=max&_x={n}", {}),
        ("csv-stream", f"/kb/search.csv?q={quote(rng.choice(forms))}&_stream=on&_x={n}", {}),
        ("cookie-list", f"/kb/buildings.json?_size=max&_x={n}", COOKIE),
        ("cookie-list", f"/k~62.json?_x={n}", COOKIE),
        ("cookie-list", "/kb.json", COOKIE),
        ("download", "/kb.db", {}),
        ("huge", sql(f"select hex(randomblob(900)) || {n} as blob from name_forms limit 1000"), {}),
    ])


def slow_reader(port: int, stop: float) -> tuple[str, int]:
    """A download read 4 KB every half second through a small receive buffer: (kind, status)."""
    with socket.create_connection(("127.0.0.1", port), timeout=30) as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        sock.sendall(b"GET /kb.db HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        head = b""
        try:
            while time.monotonic() < stop:
                chunk = sock.recv(4096)
                if not chunk:
                    break  # the server cut the download off
                head = head or chunk
                time.sleep(0.5)
        except OSError:
            pass
    status = int(head.split(b" ", 2)[1]) if head.startswith(b"HTTP/") else 0
    return "slow-read", status


def hostile(port: int, stop: float, clients: int, forms: list[str], out: "multiprocessing.Queue[Counter[tuple[str, int]]]",
            slow_readers: int = SLOW_READERS) -> None:
    """``clients`` threads sending hostile requests back to back until ``stop`` (the first
    ``slow_readers`` of them reading slowly); puts the count of (kind, status) on ``out``."""
    counts: Counter[tuple[str, int]] = Counter()
    lock = threading.Lock()

    def one(seed: int) -> None:
        rng = random.Random(seed)
        connection = connect(port, timeout=30)
        while time.monotonic() < stop:
            if seed < slow_readers:
                kind, status = slow_reader(port, stop)
            else:
                kind, path, headers = hostile_requests(rng, forms)
                try:
                    connection.request("GET", path, headers=headers)
                    response = connection.getresponse()
                    response.read()
                    status = response.status
                except (OSError, http.client.HTTPException):
                    status = 0
                    connection.close()
                    connection = connect(port, timeout=30)
            with lock:
                counts[(kind, status)] += 1
        connection.close()

    threads = [threading.Thread(target=one, args=(i,)) for i in range(clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    out.put(counts)


def resident_mb(pid: int) -> float:
    """Resident memory of a process and all its descendants, in MB."""
    total, pending = 0, [pid]
    while pending:
        current = pending.pop()
        try:
            status = Path(f"/proc/{current}/status").read_text()
            total += int(next(line.split()[1] for line in status.splitlines() if line.startswith("VmRSS:")))
            for task in Path(f"/proc/{current}/task").iterdir():
                pending += [int(c) for c in (task / "children").read_text().split()]
        except (OSError, StopIteration, ValueError):
            continue
    return total / 1024


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


def connect(port: int, timeout: float = 10) -> http.client.HTTPConnection:
    """A keep-alive connection with Nagle off, as browsers and HTTP clients use (else each request
    waits out the peer's delayed ACK, about 40 ms on Linux)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
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


def warm(port: int, paths: list[str], clients: int) -> None:
    """Ask for every URL once, ``clients`` at a time, so that the figures that follow are those of a
    server that has answered them before (the response cache holds them)."""
    def one(share: list[str]) -> None:
        connection = connect(port)
        for path in share:
            connection.request("GET", path)
            connection.getresponse().read()
        connection.close()

    threads = [threading.Thread(target=one, args=(paths[i::clients],)) for i in range(clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()


def sample_memory(pid: int, stop: float, samples: list[float]) -> None:
    while time.monotonic() < stop:
        samples.append(resident_mb(pid))
        time.sleep(0.2)


def forms_of(db_path: Path) -> list[str]:
    """Every name and form of an entry in the database."""
    import sqlite3

    conn = sqlite3.connect(db_path)
    try:
        return [f for (f,) in conn.execute("select distinct form from name_forms order by form")]
    finally:
        conn.close()


def percentile(values: list[float], q: float) -> float:
    return statistics.quantiles(values, n=100, method="inclusive")[q - 1] if len(values) > 1 else (values[0] if values else 0.0)


@dataclass
class Phase:
    """What one run measured: the normal clients' latencies and errors by kind, the server's memory
    samples, and what the hostile clients got."""

    results: dict[str, list[float]]
    errors: dict[str, int]
    memory: list[float]
    hostile: Counter[tuple[str, int]]


def run_phase(project: Project, args: argparse.Namespace, mix: dict[str, list[str]], plan: list[tuple[str, str]],
              hostile_clients: int) -> Phase:
    """Start a fresh server, run the normal clients (beside ``hostile_clients`` hostile ones) for
    ``args.seconds``, stop the server."""
    port = free_port()
    # beside hostile clients, without Datasette's log: it writes a line for each of their SQL errors
    server = datasette_process(project, "127.0.0.1", port, quiet=True)
    memory: list[float] = []
    hostile_counts: Counter[tuple[str, int]] = Counter()
    # the hostile clients in a process of their own: their work is not the normal clients' wait
    queue: "multiprocessing.Queue[Counter[tuple[str, int]]]" = multiprocessing.get_context("fork").Queue()
    attacker = None
    results: dict[str, list[float]] = {name: [] for name in mix}
    errors = {name: 0 for name in mix}
    try:
        wait_until_up(port)
        if args.warm:
            warm(port, sorted({path for _, path in plan}), args.clients)
        memory.append(resident_mb(server.pid))
        lock = threading.Lock()
        stop = time.monotonic() + args.seconds
        threads = [threading.Thread(target=client, args=(port, stop, plan, results, errors, lock, i * 37)) for i in range(args.clients)]
        threads.append(threading.Thread(target=sample_memory, args=(server.pid, stop, memory)))
        if hostile_clients:
            attacker = multiprocessing.get_context("fork").Process(
                target=hostile, args=(port, stop, hostile_clients, forms_of(project.build / "kb.db"), queue, args.slow_readers))
            attacker.start()
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        if attacker is not None:
            hostile_counts = queue.get(timeout=60)
            attacker.join(timeout=10)
        memory.append(resident_mb(server.pid))
    finally:
        if attacker is not None and attacker.is_alive():
            attacker.kill()
        server.terminate()
        server.wait(timeout=10)
    return Phase(results, errors, memory, hostile_counts)


def report(title: str, phase: Phase, seconds: float) -> float:
    """Print a phase's figures for the normal clients; their requests per second in all."""
    total = sum(len(v) for v in phase.results.values())
    print(title)
    print(f"  {'kind':<8} {'requests':>9} {'req/s':>8} {'p50 ms':>8} {'p99 ms':>8} {'max ms':>8} {'errors':>7}")
    for name, values in phase.results.items():
        print(f"  {name:<8} {len(values):>9} {len(values) / seconds:>8.1f} {percentile(values, 50):>8.1f} "
              f"{percentile(values, 99):>8.1f} {max(values, default=0.0):>8.1f} {phase.errors[name]:>7}")
    every = [v for values in phase.results.values() for v in values]
    print(f"  {'all':<8} {total:>9} {total / seconds:>8.1f} {percentile(every, 50):>8.1f} {percentile(every, 99):>8.1f} "
          f"{max(every, default=0.0):>8.1f} {sum(phase.errors.values()):>7}")
    print(f"  server memory (resident, with children): {phase.memory[0]:.0f} MB at the start, {max(phase.memory):.0f} MB "
          f"at most, {phase.memory[-1]:.0f} MB at the end")
    return total / seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=16)
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--no-cache", action="store_true", help="Serve without the response cache")
    parser.add_argument("--warm", action="store_true", help="Ask for every URL once before measuring")
    parser.add_argument("--hostile", type=int, default=0, metavar="M",
                        help="Measure the normal clients alone, then beside M hostile clients (every expensive way in)")
    parser.add_argument("--slow-readers", type=int, default=SLOW_READERS, metavar="S",
                        help=f"How many of the hostile clients read a download slowly (default {SLOW_READERS})")
    args = parser.parse_args()
    project = Project.find(Path(__file__).resolve().parent)
    if needs_build(project):
        build(project)
    mix = endpoints(project.build / "kb.db")
    # interleave the kinds of request: 3 searches, 2 canned queries, 1 row page
    plan = [(name, paths[i % len(paths)]) for i in range(max(len(p) for p in mix.values()))
            for name, paths in mix.items() for _ in range({"search": 3, "canned": 2, "row": 1}[name])]
    if args.no_cache:
        os.environ["KB_NO_CACHE"] = "1"
    cache = "without" if args.no_cache else "with"
    print(f"{args.clients} normal clients, {args.seconds:.0f} s per run, loopback, {cache} the response cache; "
          f"{len(set(plan))} distinct URLs{', each asked once before' if args.warm else ''}; Datasette as `kb serve` "
          f"runs it, a fresh server per run; {os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f} at the start")
    alone = report("normal clients alone:", run_phase(project, args, mix, plan, 0), args.seconds)
    if not args.hostile:
        return
    beside = run_phase(project, args, mix, plan, args.hostile)
    with_hostile = report(f"normal clients beside {args.hostile} hostile clients ({args.slow_readers} of them slow readers):",
                          beside, args.seconds)
    print(f"  the normal clients kept {with_hostile / alone:.0%} of their throughput alone; "
          f"load average {os.getloadavg()[0]:.1f} at the end")
    print(f"what the {args.hostile} hostile clients got (kind: requests (status: count); 0 = connection failed or cut):")
    for kind in sorted({k for k, _ in beside.hostile}):
        statuses = ", ".join(f"{status}: {n}" for (k, status), n in sorted(beside.hostile.items()) if k == kind)
        print(f"  {kind:<11} {sum(n for (k, _), n in beside.hostile.items() if k == kind):>6}  ({statuses})")


if __name__ == "__main__":
    main()
